"""A figure an answer works out in steps from the passages' and the question's figures, both
ways: the right working passes, a wrong step or a changed operand is caught, and a label's
number or a figure of another kind is no operand."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from evidence_judges import quoting
from pytest_faithful import verify
from pytest_faithful.text.working import worked_in_steps

INSURANCE = (
    "Under the pet insurance plan, the insurer pays 80% of eligible vet bills after the annual "
    "excess of $150."
)
MILEAGE = (
    "The mileage allowance for business travel in your own car is 45p per mile for the first "
    "10,000 miles in a tax year and 25p per mile after that."
)


@pytest.mark.parametrize(
    ("passage", "question", "honest", "lie"),
    [
        (
            INSURANCE,
            "My eligible vet bill is $1,150 and I have paid no excess this year. What do I get?",
            "After the $150 excess, $1,000 remains, and the insurer pays 80% of that, so you'd "
            "get $800.",
            "After the $150 excess, $1,000 remains, and the insurer pays 80% of that, so you'd "
            "get $900.",
        ),
        (
            MILEAGE,
            "How much can I claim for 12,000 business miles?",
            "£5,000 in total: 10,000 miles at 45p (£4,500) plus 2,000 miles at 25p (£500).",
            "£5,500 in total: 10,000 miles at 45p (£4,500) plus 2,000 miles at 25p (£500).",
        ),
    ],
)
def test_working_in_steps_both_ways(passage: str, question: str, honest: str, lie: str) -> None:
    judge = quoting(passage)
    assert verify(honest, [passage], question=question, judge=judge).passed
    result = verify(lie, [passage], question=question, judge=judge)
    assert [v.rule for v in result.claim_verdicts] == ["unstated-specifics"]


def test_what_is_no_operand() -> None:
    plans = (
        "Flex costs £39.99 a month with one month's notice. Standard costs £29.99 a month on a "
        "12-month contract.",
    )
    claim = (
        "Flex costs £10 a month more than Standard (£39.99 versus £29.99), and you can cancel it "
        "with two months' notice."
    )
    assert worked_in_steps("10", claim, plans)
    # 2 months is 12 months less £10 only if a sum of money were a number of months.
    assert not worked_in_steps("2", claim, plans)
    # "the Q2 budget": a label's number works out nothing, and is worked out by nothing.
    budget = ("The budget for Q2 is $40,000, of which $10,000 goes to servers.",)
    said = "The Q2 budget is $40,000: $10,000 for servers, leaving $20,000 for contractors."
    assert not worked_in_steps("20000", said, budget)
    assert worked_in_steps("30000", said.replace("$20,000", "$30,000"), budget)


@given(st.integers(2, 400), st.integers(2, 99), st.integers(100, 2_000))
@settings(max_examples=150, deadline=None)
def test_any_two_steps(count: int, percent: int, excess: int) -> None:
    bill = count * 100 + excess
    passages = (f"We pay {percent}% of each bill after an excess of ${excess}.",)
    question = f"My bill is ${bill:,}. How much do I get?"
    left = bill - excess
    paid = left * percent / 100
    # A result the passage or the question states is no figure worked out: not this case.
    assume(paid not in {excess, percent, bill, left})
    working = f"After the ${excess} excess, ${left:,} remains; {percent}% of it is ${paid:,.2f}."
    term = f"{paid:.2f}".rstrip("0").rstrip(".")
    assert worked_in_steps(term, working, passages, question)
    # A wrong result to the cent, as a lie writes it: no rounding of another step meets it.
    off = paid * 3 + 0.37
    wrong = working.replace(f"${paid:,.2f}", f"${off:,.2f}")
    wrong_term = f"{off:.2f}".rstrip("0").rstrip(".")
    assert not worked_in_steps(wrong_term, wrong, passages, question)


PLANS = (
    "Fibre 500 costs £35 a month for the first 18 months.",
    "There is a one-off setup fee of £30.",
    "After the minimum term, the price reverts to £48 a month.",
)


@pytest.mark.parametrize(
    ("claim", "term", "worked"),
    [
        ("£450 in the first year: the £30 setup fee plus 12 months at £35.", "12", True),
        ("£450 in the first year: the £30 setup fee plus 12 months at £35.", "450", True),
        # A year has twelve months, not eleven; a total one payment short is no total.
        ("£415 in the first year: the £30 setup fee plus 11 months at £35.", "11", False),
        ("£415 in the first year: the £30 setup fee plus 11 months at £35.", "415", False),
        ("£460 in the first year: the £30 setup fee plus 12 months at £35.", "460", False),
        # Without a word that adds, a figure one unwritten step away is not read as a total.
        (
            "It comes to £450 with 12 months at £35 over the first year and the £30 fee.",
            "450",
            False,
        ),
        # A period the working does not name is no count of it.
        ("£450: the £30 setup fee plus 12 months at £35.", "12", False),
    ],
)
def test_a_named_period_and_a_total_of_a_product(claim: str, term: str, worked: bool) -> None:
    assert worked_in_steps(term, claim, PLANS) is worked


@given(st.integers(1, 400), st.integers(2, 36), st.integers(100, 9_999), st.integers(1, 99))
@settings(max_examples=150, deadline=None)
def test_a_fee_plus_payments(fee: int, count: int, pence: int, off: int) -> None:
    price = pence / 100
    passages = (f"A joining fee of £{fee} applies.", f"It costs £{price:.2f} per month.")
    total = fee + count * price
    assume(total not in {fee, price, count} and count not in {fee, price})
    working = (
        f"£{total:,.2f} in total: the £{fee} fee plus {count} monthly payments of £{price:.2f}."
    )
    term = f"{total:.2f}".rstrip("0").rstrip(".")
    assert worked_in_steps(term, working, passages, f"What do I pay over {count} months?")
    wrong_total = total + off + 0.37
    # Another reading of the same three figures ("£99 twice plus £97.63") is no lie to catch.
    readings = {round(x * y + z, 2) for x, y, z in itertools.permutations((fee, count, price))}
    readings |= {
        round(abs(x * y - z), 2) for x, y, z in itertools.permutations((fee, count, price))
    }
    # ... nor the figure multiplied added again ("the £15 fee plus 2 payments of £15").
    readings |= {round(x * y + x, 2) for x, y in itertools.permutations((fee, count, price), 2)}
    # A total written with a trailing zero ("£74.60") is read to its one written place.
    assume(all(abs(reading - wrong_total) >= 0.05 for reading in readings))
    wrong = working.replace(f"£{total:,.2f}", f"£{wrong_total:,.2f}")
    wrong_term = f"{wrong_total:.2f}".rstrip("0").rstrip(".")
    assert not worked_in_steps(wrong_term, wrong, passages, f"What do I pay over {count} months?")


DISCOUNT = (
    "Annual billing gives a 20% discount compared with paying monthly. Annual plans are refunded "
    "pro rata only within the first 30 days.",
)
NO_CLAIMS = ("A no-claims discount of 10% is earned for each claim-free year, up to 60%.",)


@pytest.mark.parametrize(
    ("passages", "claim", "term", "worked"),
    [
        # A percent taken off, and a month's price for the year the working names.
        (
            DISCOUNT,
            "With 20% off, a 50 USD plan costs 40 USD a month, or 480 USD for the year.",
            "40",
            True,
        ),
        (
            DISCOUNT,
            "With 20% off, a 50 USD plan costs 40 USD a month, or 480 USD for the year.",
            "480",
            True,
        ),
        (
            DISCOUNT,
            "With 20% off, a 50 USD plan costs 40 USD a month, or 490 USD for the year.",
            "490",
            False,
        ),
        # "30%" is no operand that only "within 30 days" states.
        (
            DISCOUNT,
            "With 30% off, a 50 USD plan costs 35 USD a month, or 420 USD for the year.",
            "35",
            False,
        ),
        # A count that is the ratio of two figures of one kind.
        (
            NO_CLAIMS,
            "At 10% per claim-free year, it takes 6 years to reach the 60% maximum.",
            "6",
            True,
        ),
        (
            NO_CLAIMS,
            "At 10% per claim-free year, it takes 5 years to reach the 60% maximum.",
            "5",
            False,
        ),
    ],
)
def test_a_percent_off_and_a_ratio(
    passages: tuple[str, ...], claim: str, term: str, worked: bool
) -> None:
    question = "What would I pay on a 50 USD plan?" if passages is DISCOUNT else None
    assert worked_in_steps(term, claim, passages, question) is worked


def test_a_sum_in_pence_is_a_sum_of_money() -> None:
    passages = ("Tracked 24 costs £4.20.", "Tracked 48 costs £3.40.")
    assert worked_in_steps("80", "Tracked 48 is 80p cheaper (£3.40 vs £4.20).", passages)
    assert not worked_in_steps("70", "Tracked 48 is 70p cheaper (£3.40 vs £4.20).", passages)
    # "10 p.m." is no sum in pence.
    assert not worked_in_steps("10", "It closes at 10 p.m., £0.80 after the £4.20 rate.", passages)


def test_counts_of_things_each_its_own() -> None:
    bikes = ("The Beryl bike scheme in Norwich has 700 bikes, of which 150 are e-bikes.",)
    said = "There are 550 pedal bikes: 700 bikes in total minus 150 e-bikes."
    assert worked_in_steps("550", said, bikes)
    assert not worked_in_steps("500", said.replace("550", "500"), bikes)
    # Without a word that adds or takes away, counts of different things are not combined.
    assert not worked_in_steps("550", "There are 550 pedal bikes and 700 bikes.", bikes)


def test_a_figure_worked_out_from_the_passages_is_an_operand_of_the_next_step() -> None:
    rents = (
        "Rent is £185 per week for an en-suite room and £152 per week for a standard room.",
        "Contracts run for 42 weeks.",
    )
    said = "An en-suite is £33 a week more, which adds up to £1,386 over the 42-week contract."
    assert worked_in_steps("1386", said, rents)
    assert not worked_in_steps("1400", said.replace("1,386", "1,400"), rents)
    # The first step's figure changed: nothing works it out, so nothing builds on it.
    changed = said.replace("£33", "£35").replace("1,386", "1,470")
    assert not worked_in_steps("1470", changed, rents)


_TRANSFER = (
    "Manchester United sold winger Diego Alves to Benfica for 25 million pounds.",
    "United had signed Alves from Porto three years ago for 40 million pounds.",
)
_ELECTION = (
    "The opposition Labour Alliance won 142 of the parliament's 300 seats, short of the 151 "
    "needed for a majority.",
)
_TRIAL = ("Glucorin reduced HbA1c by 1.4 percentage points compared with 0.3 points for placebo.",)


@pytest.mark.parametrize(
    ("passages", "claim", "term", "worked"),
    [
        # A figure with only a scale or a comparing word after it counts what the one before
        # it counts: pounds, three times over.
        (
            _TRANSFER,
            "United sold Alves for 25 million pounds, 15 million less than the 40 million they "
            "paid Porto.",
            "15",
            True,
        ),
        (
            _TRANSFER,
            "United sold Alves for 25 million pounds, 25 million less than the 40 million they "
            "paid Porto.",
            "25",
            False,
        ),
        (
            _TRANSFER,
            "United sold Alves for 25 million pounds, 16 million less than the 40 million they "
            "paid Porto.",
            "16",
            False,
        ),
        # "nine short of the 151 needed": seats, as the 300 before them.
        (_ELECTION, "The Alliance won 142 of 300 seats, nine short of the 151 needed.", "9", True),
        (
            _ELECTION,
            "The Alliance won 142 of 300 seats, eight short of the 151 needed.",
            "8",
            False,
        ),
        # "percentage points" counts points.
        (
            _TRIAL,
            "Glucorin lowered HbA1c by 1.4 points versus 0.3 for placebo, a difference of 1.1 "
            "points.",
            "1.1",
            True,
        ),
        (
            _TRIAL,
            "Glucorin lowered HbA1c by 1.4 points versus 0.3 for placebo, a difference of 1.2 "
            "points.",
            "1.2",
            False,
        ),
    ],
)
def test_a_figure_counts_what_the_one_before_it_counts(
    passages: tuple[str, ...], claim: str, term: str, worked: bool
) -> None:
    assert worked_in_steps(term, claim, passages) is worked


@given(
    st.integers(min_value=2, max_value=900),
    st.integers(min_value=1, max_value=900),
    st.sampled_from(["less", "more"]),
)
@settings(max_examples=40, deadline=None)
def test_an_elided_difference_both_ways(low: int, gap: int, word: str) -> None:
    high = low + gap
    assume(gap not in (low, high))  # a figure the passages state is worked out by no one
    passages = (
        f"The club paid {high} million pounds for him.",
        f"He was sold for {low} million pounds.",
    )
    first, second = (low, high) if word == "less" else (high, low)
    claim = f"He went for {first} million pounds, {gap} million {word} than the {second} million."
    assert worked_in_steps(str(gap), claim, passages)
    wrong = gap + 1
    assume(wrong not in (low, high))
    claim = f"He went for {first} million pounds, {wrong} million {word} than the {second} million."
    assert not worked_in_steps(str(wrong), claim, passages)


_VOTES = (
    "Candidate Joanna Pike received 18,402 votes in the district, while her opponent, Samuel "
    "Ortega, received 18,310. Because the margin was less than 0.5%, a recount is automatic.",
)
_PIZZA = (
    "Our Margherita pizza (12 inch) is 980 calories. Calorie information is for the whole pizza; "
    "each pizza is cut into 8 slices.",
)


@pytest.mark.parametrize(
    ("passages", "answer", "passes"),
    [
        # A bare figure after the verb a counted one follows counts votes too.
        (_VOTES, "Pike led Ortega by only 92 votes, a margin under 0.5%.", True),
        (_VOTES, "Pike led Ortega by only 192 votes, a margin under 0.5%.", False),
        # A figure worked out, then rounded as the answer hedges it.
        (_PIZZA, "Roughly 120 calories: the whole pizza is 980 calories, cut into 8 slices.", True),
        (
            _PIZZA,
            "Roughly 150 calories: the whole pizza is 980 calories, cut into 8 slices.",
            False,
        ),
        (
            _PIZZA,
            "Exactly 120 calories: the whole pizza is 980 calories, cut into 8 slices.",
            False,
        ),
    ],
)
def test_parallel_counts_and_hedged_results(
    passages: tuple[str, ...], answer: str, passes: bool
) -> None:
    judge = quoting(*passages)
    assert verify(answer, list(passages), judge=judge).passed is passes


def test_a_bare_figure_reads_the_unit_of_its_parallel_only_at_its_clauses_end() -> None:
    from pytest_faithful.text.kinds import number_kinds

    assert number_kinds(_VOTES[0])["18310"] == {"unit:vot"}
    working = "£5,000 in total: 2,000 miles at 25p, plus 5p a mile for each passenger."
    assert number_kinds(working)["5"] == {"plain"}


@pytest.mark.parametrize(
    ("answer", "passes"),
    [
        ("On average, each of the 320 volunteers gave 45 hours last year.", True),
        ("On average, each of the 320 volunteers gave 50 hours last year.", False),
        # Without "each" or "on average" the figure is no share of the total.
        ("The 320 volunteers gave 45 hours last year.", False),
    ],
)
def test_what_each_of_a_count_gets_of_a_total(answer: str, passes: bool) -> None:
    passage = "Last year 320 volunteers contributed a total of 14,400 hours to the programme."
    assert verify(answer, [passage], judge=quoting(passage)).passed is passes


_FARES = "Fares: Kelby to Marston single £4.20; return £7.50 (same day only)."
_RANGE = "Since 2019, about 40% of the salamander's known range has been protected."


@pytest.mark.parametrize(
    ("passage", "answer", "passes"),
    [
        # A difference of pounds written in pence, one operand worked out before it.
        (_FARES, "Two singles cost £8.40 (2 x £4.20) and a return £7.50, so you save 90p.", True),
        (_FARES, "Two singles cost £8.40 (2 x £4.20) and a return £7.50, so you save 80p.", False),
        # The rest of a whole: 100% less a percent the claim writes, where it says so.
        (_RANGE, "About 40% of the range is protected, which leaves roughly 60% outside.", True),
        (_RANGE, "About 40% of the range is protected, which leaves roughly 55% outside.", False),
        (_RANGE, "About 40% of the range is protected and 60% is forest.", False),
    ],
)
def test_pence_of_a_pound_working_and_the_rest_of_a_whole(
    passage: str, answer: str, passes: bool
) -> None:
    assert verify(answer, [passage], judge=quoting(passage)).passed is passes
