"""``claim-arithmetic`` reads working written with operators, both ways: "14 + 2 x 3 = 22 coins"
and "£24 (2 x £6 + 3 x £3)" are caught, the same working with its right result passes, and
figures that do not add up as written are not read (text/written_sums.py)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_judges import passes, quoting
from pytest_faithful import verify
from pytest_faithful.text.written_sums import wrong_written_sum

TIMES = "\u00d7"  # the multiplication sign answers write
MINUS = "\u2212"
PRICES = (
    "Adult tickets are £6 and child tickets £3. A family ticket for 2 adults and up to 3 "
    "children is £15."
)


@pytest.mark.parametrize(
    ("honest", "lie", "made"),
    [
        (
            f"Tickets for 2 adults and 3 children would be £21 (2 {TIMES} £6 + 3 {TIMES} £3).",
            f"Tickets for 2 adults and 3 children would be £24 (2 {TIMES} £6 + 3 {TIMES} £3).",
            Decimal(21),
        ),
        (
            f"Two adults and three children cost 2 {TIMES} £6 + 3 {TIMES} £3 = £21.",
            f"Two adults and three children cost 2 {TIMES} £6 + 3 {TIMES} £3 = £24.",
            Decimal(21),
        ),
        (
            "Three adults cost 3 x £6 = £18.",
            "Three adults cost 3 x £6 = £15.",
            Decimal(18),
        ),
        (
            "A family saves £6: £21 - £15 = £6.",
            "A family saves £9: £21 - £15 = £9.",
            Decimal(6),
        ),
        # A result, a colon and the working that ends the sentence, a price per two things.
        (
            f"£36 for the family: £6 per adult per visit {TIMES} 2 adults {TIMES} 3 visits.",
            f"£30 for the family: £6 per adult per visit {TIMES} 2 adults {TIMES} 3 visits.",
            Decimal(36),
        ),
    ],
)
def test_working_with_operators_both_ways(honest: str, lie: str, made: Decimal) -> None:
    judge = quoting(PRICES)
    assert verify(honest, [PRICES], judge=judge).passed
    result = verify(lie, [PRICES], judge=judge)
    assert [v.rule for v in result.claim_verdicts] == ["claim-arithmetic"]
    found = wrong_written_sum(lie)
    assert found is not None
    assert found.made == made
    assert verify(lie, [PRICES], judge=judge, skip_rules="claim-arithmetic").passed


@pytest.mark.parametrize(
    "claim",
    [
        # Pence with pounds: 31 x 53.20p is £16.492, written to its places.
        f"It's 31 {TIMES} 53.20p = £16.49 for the billing period.",
        f"That's £12.56 per day (40 {TIMES} 31.4p).",
        # A percent of a figure that is none is its share.
        f"You pay 20% {TIMES} £1,200 = £240.",
        # Multiplication first.
        f"Your total is 14 + 2 {TIMES} 3 = 20 coins.",
        "It comes to $140 a year ($120 + $20).",
        "The temperature is 3,695.15 K (3,422 + 273.15).",
        # Rounded to the places the result is written.
        "The room is 6.1 m x 4.8 m = 29.3 m².",
        "Each share is 100 ÷ 3 = 33.3 points.",
    ],
)
def test_working_that_holds_is_not_caught(claim: str) -> None:
    assert wrong_written_sum(claim) is None


@pytest.mark.parametrize(
    "claim",
    [
        # A measure in two units: the figure before the bracket is its minutes alone.
        "Season 2 runs 4 hours 13 minutes (52 + 48 + 50 + 47 + 56 minutes).",
        # A hedged result is no working to hold to.
        "The room is 6.1 m x 4.8 m = about 35 m².",
        "It is 6.1 m x 4.8 m ≈ 30 m².",
        # Figures of two units or two currencies summed.
        "It weighs 2 kg + 500 g = 2.5 kg.",
        "The total is $10 + €5 = 16.",
        # Ranges, dimensions, Markdown and statistics are no working.
        "Opening hours are 9-5 = eight hours.",
        "The bag may measure 45 x 36 x 20 cm.",
        f"**Price:** 10 {TIMES} £22.00",
        "Recall improved by 6.3 points (95% CI 2.1 to 10.5; p = 0.004).",
        # One item's price before the bracket, not the bracket's total.
        f"£6 in all: copies cost £1.50 each (4 {TIMES} £1.50).",
        # A division by zero makes nothing.
        "It costs 1,200 ÷ 0 = 100 a month.",
        # Rates of two things are no one sum.
        "The total is £10 per adult + £5 per child = £25 for the three of you.",
        # After a colon, a chain that the sentence goes on from is no working of the result.
        f"It's £25 in total: 2 {TIMES} £10, and £5 for delivery.",
    ],
)
def test_what_is_no_working_to_read(claim: str) -> None:
    assert wrong_written_sum(claim) is None


@settings(max_examples=80, deadline=None)
@given(
    st.integers(1, 99),
    st.decimals(min_value=Decimal("0.01"), max_value=Decimal(999), places=2),
    st.integers(1, 5_000),
    st.integers(1, 999),
)
def test_any_written_working_both_ways(count: int, price: Decimal, fee: int, off: int) -> None:
    total = count * price + fee
    said = f"It comes to {count} {TIMES} £{price:,.2f} + £{fee:,} = £{total:,.2f}."
    assert wrong_written_sum(said) is None
    wrong = said.replace(f"= £{total:,.2f}", f"= £{total + off:,.2f}")
    found = wrong_written_sum(wrong)
    assert found is not None
    assert found.made == total
    bracketed = f"It comes to £{total:,.2f} ({count} {TIMES} £{price:,.2f} + £{fee:,})."
    assert wrong_written_sum(bracketed) is None
    after_colon = f"£{total:,.2f} in total: {count} {TIMES} £{price:,.2f} a month + £{fee:,}."
    assert wrong_written_sum(after_colon) is None
    found = wrong_written_sum(after_colon.replace(f"£{total:,.2f}", f"£{total + off:,.2f}", 1))
    assert found is not None
    assert found.made == total


@settings(max_examples=200, deadline=None)
@given(
    st.text(alphabet=st.sampled_from(f"0123456789 .,£$%p=()+-{MINUS}{TIMES}x*÷abc\n"), max_size=60)
)
def test_any_text_is_read_without_error(text: str) -> None:
    found = wrong_written_sum(text)
    assert found is None or found.said in text


FARES = "Day return, Kelbrook to Marlow Cross: £6.20. Weekly pass: £19.50, valid 7 days."


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        # The 5 and the £31.00 are the answer's own working from the £6.20 a passage gives.
        (f"Five day returns would cost 5 {TIMES} £6.20 = £31.00, more than the £19.50 pass.", True),
        (f"Five day returns would cost £31.00 (5 {TIMES} £6.20), more than the £19.50 pass.", True),
        # A fare no passage gives vouches for nothing; a result the working does not make is
        # claim-arithmetic's.
        (
            f"Five day returns would cost 5 {TIMES} £6.50 = £32.50, more than the £19.50 pass.",
            False,
        ),
        (
            f"Five day returns would cost 5 {TIMES} £6.20 = £32.00, more than the £19.50 pass.",
            False,
        ),
    ],
)
def test_a_working_that_holds_vouches_for_its_result_and_counts(
    answer: str, faithful: bool
) -> None:
    assert passes(answer, [FARES]) is faithful


TIMETABLE = (
    "| Depart | Arrive |\n|---|---|\n| 10:00 | 10:45 |\n| 13:30 | 14:15 |\n\n"
    "Vehicles must check in at least 30 minutes before departure."
)


@pytest.mark.parametrize(
    ("answer", "question", "faithful"),
    [
        # Stop 63's fourth blind wave (held out): two honest answers the stop's first readings
        # failed. A time moved by the duration the claim says from the question's time.
        ("Vehicles must check in at least 30 minutes before departure, so be there by 13:00.",
         "When do I need to be there for the 13:30?", True),
        ("Vehicles must check in at least 30 minutes before departure, so be there by 12:45.",
         "When do I need to be there for the 13:30?", False),
    ],
)  # fmt: skip
def test_a_time_the_answer_moves_both_ways(answer: str, question: str, faithful: bool) -> None:
    assert passes(answer, [TIMETABLE], question) is faithful


def test_a_workings_result_is_no_changed_figure() -> None:
    """ "CHF 128", the result of "2 x CHF 64", stands in the place of the row's CHF 32 by word
    alignment alone; a currency's code reads as its sign."""
    row = "| Return, Tessbach - Alder Peak | CHF 64 | CHF 32 |"
    claim = f"- 2 adult returns: 2 {TIMES} CHF 64 = CHF 128"
    assert verify(claim, [row], judge=quoting(row)).passed
    assert wrong_written_sum(f"2 {TIMES} CHF 64 = CHF 120") is not None
    assert wrong_written_sum(f"Pay 2 {TIMES} 5 = 11") is not None  # "Pay" is no currency


NIGHT_TRAIN = (
    "Departs Carvel Central 21:50, arrives Port Essen 08:05 the next morning.",
    "Tickets can be changed up to 15 days before travel.",
)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        (
            "It leaves at 21:50 and arrives at 08:05, so the journey takes 10 hours 15 minutes.",
            True,
        ),
        (
            "It leaves at 21:50 and arrives at 08:05, so the journey takes 10 hours 45 minutes.",
            False,
        ),
    ],
)
def test_a_span_past_midnight_in_hours_and_minutes_both_ways(answer: str, faithful: bool) -> None:
    """The times in the order said, the second past midnight; the 15 minutes are that span's,
    not the passage's 15 days said in another unit."""
    assert passes(answer, NIGHT_TRAIN) is faithful


def test_a_names_plural_before_brackets_is_no_result() -> None:
    """ "three HomeBank 10s (3 x 10.2 kWh)": the working's result is the 30.6 kWh said before
    it, not the 10 of a product's name (stop 64)."""
    claim = f"The maximum is 30.6 kWh, using three HomeBank 10s (3 {TIMES} 10.2 kWh)."
    assert wrong_written_sum(claim) is None
    assert wrong_written_sum(f"It is 32 kWh (3 {TIMES} 10.2 kWh).") is not None
