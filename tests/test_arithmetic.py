"""Numbers an answer works out from the passages' numbers, both ways.

A judge that is right answers "How much more is Pro?" with "$8 more a month" from "$12" and
"$20"; no passage writes 8. Such a number is stated by the numbers it is worked out from, said
together and about the same thing; a changed one is still caught, and so is one worked out
from numbers of something else.
"""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evidence_judges import assert_both_ways, quoting_the_best_passage
from pytest_faithful import verify
from pytest_faithful.text.amounts import rounds_to
from pytest_faithful.text.arithmetic import derived
from pytest_faithful.text.number_clash import number_clash

PASSAGES = [
    "The Basic plan costs $12 per month and the Pro plan costs $20 per month.",
    "The store opens at 9 am and closes at 5 pm on weekdays. On Saturdays it is open from "
    "10 am to 2 pm.",
    "The late fee is 1.5% per month on the unpaid balance.",
    "In 2022 the company had 1,200 employees; in 2023 it had 1,500 employees.",
    "Revenue was $40 million in 2022 and $50 million in 2023.",
    "Shares closed at $48 on Monday and at $42 on Tuesday.",
    "Our support line is staffed 24 hours a day.",
    "Shipping costs $5 for orders under $50. Express shipping adds $15.",
    "The city had a population of 1,234,567 in the 2020 census, up from 1,102,300 in 2010.",
    "The drug reduced symptoms in 61 of 200 patients.",
]

JUDGE = quoting_the_best_passage()

# (the faithful answer, the same answer with its worked-out number changed)
WORKED_OUT = {
    "a difference of two prices": (
        "The Pro plan costs $8 more per month than the Basic plan.",
        "The Pro plan costs $9 more per month than the Basic plan.",
    ),
    "a sum of two prices": (
        "The Basic and Pro plans together cost $32 per month.",
        "The Basic and Pro plans together cost $34 per month.",
    ),
    "a growth of a count": (
        "The company grew by 300 employees from 2022 to 2023.",
        "The company grew by 350 employees from 2022 to 2023.",
    ),
    "a rise as a percentage of where it started": (
        "The company's headcount grew 25% from 2022 to 2023.",
        "The company's headcount grew 30% from 2022 to 2023.",
    ),
    "a fall as a percentage, rounded as written": (
        "Shares fell 12.5% on Tuesday.",
        "Shares fell 14.5% on Tuesday.",
    ),
    "a difference at the passage's scale": (
        "Revenue grew by $10 million from 2022 to 2023.",
        "Revenue grew by $11 million from 2022 to 2023.",
    ),
    "the hours between two times of day": (
        "On weekdays the store is open for 8 hours.",
        "On weekdays the store is open for 9 hours.",
    ),
    "a month's rate as a year's": (
        "The late fee comes to 18% a year.",
        "The late fee comes to 16% a year.",
    ),
    "a month's price as a year's": (
        "The Basic plan costs $144 a year.",
        "The Basic plan costs $148 a year.",
    ),
    "a change of a count without a unit": (
        "The city's population grew by about 12% between 2010 and 2020.",
        "The city's population grew by about 17% between 2010 and 2020.",
    ),
    "a part of a whole as a percentage": (
        "The drug reduced symptoms in about 30% of patients.",
        "The drug reduced symptoms in about 35% of patients.",
    ),
    "a month's price over a full year": (
        "The Basic plan comes to $144 over a full year.",
        "The Basic plan comes to $148 over a full year.",
    ),
    "hours a day as hours a week": (
        "The support line is staffed 168 hours a week.",
        "The support line is staffed 158 hours a week.",
    ),
}


@pytest.mark.parametrize("rules", ["standard", "strict"])
@pytest.mark.parametrize("form", WORKED_OUT)
def test_a_worked_out_number_passes_and_a_changed_one_is_caught(form: str, rules: str) -> None:
    faithful, changed = WORKED_OUT[form]
    assert verify(faithful, PASSAGES, judge=JUDGE, rules=rules).passed, faithful
    result = verify(changed, PASSAGES, judge=JUDGE, rules=rules)
    assert not result.passed, changed


# Each worked out from numbers that are not about what the claim is about.
NOT_WORKED_OUT = {
    "two shipping fees are not the plans' difference": (
        "The Pro plan costs $10 more per month than the Basic plan."
    ),
    "a Saturday's hours are not a weekday's": "On weekdays the store is open for 4 hours.",
    "a weekday's hours are not a Saturday's": "On Saturdays the store is open for 8 hours.",
    "a fall is a share of where it started": "Shares fell 14.3% on Tuesday.",
    "years are no operands": "The company counted 4045 employees over 2022 and 2023.",
    "one value at two scales is no difference": "Revenue grew by $39,999,950 in 2023.",
}


@pytest.mark.parametrize("claim", NOT_WORKED_OUT.values(), ids=list(NOT_WORKED_OUT))
def test_numbers_of_something_else_state_no_worked_out_number(claim: str) -> None:
    result = verify(claim, PASSAGES, judge=JUDGE)
    assert not result.passed
    assert result.claim_verdicts[0].rule == "unstated-specifics"


def test_a_difference_between_sentences_in_a_row_is_worked_out_and_one_further_is_not() -> None:
    revenue = "Revenue was $50 million in 2023."
    costs = "Operating costs were $30 million in 2023."
    between = "The firm has offices in Oslo and Bergen."
    claim = "In 2023 revenue exceeded operating costs by $20 million."
    assert derived("20", claim, (f"{revenue} {costs} {between}",))
    assert not derived("20", claim, (f"{revenue} {between} {costs}",))
    assert not derived("20", claim, (revenue, costs))


prices = st.integers(min_value=2, max_value=999)


@given(prices, prices, st.integers(min_value=1, max_value=50))
def test_a_difference_of_two_prices_is_stated_and_a_near_miss_is_not(
    basic: int, pro: int, off: int
) -> None:
    passages = (
        f"The Basic plan costs ${basic} per month and the Pro plan costs ${pro} per month.",
    )
    difference = abs(pro - basic)
    claim = "The Pro plan costs ${} more per month than the Basic plan."
    if difference:
        assert derived(str(difference), claim.format(difference), passages)
    miss = difference + off
    if miss not in {basic + pro, abs(pro - basic)}:
        assert not derived(str(miss), claim.format(miss), passages)


@given(st.integers(min_value=0, max_value=22), st.integers(min_value=1, max_value=12))
def test_the_hours_between_two_times_of_day_are_stated(opens: int, hours: int) -> None:
    closes = min(opens + hours, 23)
    passages = (f"The office opens at {opens}:00 and closes at {closes}:00 on weekdays.",)
    claim = "On weekdays the office is open for {} hours."
    assert derived(str(closes - opens), claim.format(closes - opens), passages) == (closes > opens)
    assert not derived(str(closes - opens + 1), claim.format(closes - opens + 1), passages)


# A figure rounded to a scale word, as answers write a passage's exact figure.
@pytest.mark.parametrize(
    ("faithful", "changed"),
    [
        ("The city had 1.23 million residents in 2020.", "The city had 1.25 million residents."),
        ("The city had 1.2 million residents in 2020.", "The city had 1.3 million residents."),
        ("Revenue was $4.9 million.", "Revenue was $5.1 million."),
        ("Revenue was $4.87 million.", "Revenue was $4.90 million."),
    ],
)
@pytest.mark.parametrize("rules", ["standard", "strict"])
def test_a_figure_rounded_at_its_scale_passes_and_another_is_caught(
    faithful: str, changed: str, rules: str
) -> None:
    passages = [
        "The city had 1,234,567 residents in the 2020 census.",
        "Revenue was $4,870,000 in 2023.",
    ]
    assert_both_ways(faithful, changed, passages, rules)


@given(
    st.integers(min_value=10_000, max_value=9_999_999),
    st.integers(min_value=1, max_value=3),
    st.sampled_from(["about", "roughly", "around", "approximately"]),
)
def test_a_hedged_whole_number_rounds_at_its_zeros_only(exact: int, zeros: int, hedge: str) -> None:
    step = 10**zeros
    rounded = (exact + step // 2) // step * step
    stated = frozenset({Decimal(exact)})
    claim = "The company has {} {:,} employees."
    if rounded != exact and len(str(rounded).rstrip("0")) >= 2:
        assert rounds_to(str(rounded), claim.format(hedge, rounded), stated)
    off = rounded + 2 * step
    off += step if off % (10 * step) == 0 else 0  # its zeros: this step's, not the next's
    assert not rounds_to(str(off), claim.format(hedge, off), stated)
    assert not rounds_to(str(rounded), f"The company has {rounded:,} employees.", stated)


@given(
    st.integers(min_value=11, max_value=99_999),
    st.integers(min_value=1, max_value=2),
    st.sampled_from(["about", "roughly", "around", "approximately"]),
)
def test_a_hedged_number_rounds_a_stated_decimal_at_its_last_place(
    exact: int, places: int, hedge: str
) -> None:
    value = Decimal(exact).scaleb(-places)  # 82.6, 1.49
    for shown in range(places):  # "about 83%" for 82.6%; "about 1.5" for 1.49
        step = Decimal(1).scaleb(-shown)
        rounded = value.quantize(step)
        if rounded in (value, 0) or abs(value - rounded) * 2 == step or str(rounded)[-1] == "0":
            continue  # no rounding, a tie (either way is faithful), or a zero the claim adds
        claim = f"The rate was {hedge} {rounded}% in the trial."
        assert rounds_to(str(rounded), claim, frozenset({value}))
        assert not rounds_to(str(rounded), f"The rate was {rounded}% in the trial.", {value})
        off = rounded + step
        if str(off)[-1] != "0":  # "about 110" for 108.6 is a rounding at its zero
            assert not rounds_to(str(off), f"The rate was {hedge} {off}% in the trial.", {value})


@pytest.mark.parametrize("rules", ["standard", "strict"])
@pytest.mark.parametrize(
    ("faithful", "changed"),
    [
        ("The vaccine was about 83% effective.", "The vaccine was about 84% effective."),
        ("Around 11% of recipients had pain.", "Around 12% of recipients had pain."),
        (
            "Smokers were about 1.5 times as likely to quit.",
            "Smokers were about 1.6 times as likely to quit.",
        ),
        (
            "Knee scores improved by roughly 25 points.",
            "Knee scores improved by roughly 26 points.",
        ),
    ],
)
def test_a_hedged_decimal_rounding_passes_and_another_figure_is_caught(
    faithful: str, changed: str, rules: str
) -> None:
    passages = [
        "Vaccine efficacy was 82.6%. Injection-site pain was reported by 10.9% of recipients.",
        "Smokers using the app were more likely to quit (odds ratio 1.49).",
        "Knee scores improved by 25.3 points after surgery.",
    ]
    if rules == "standard":  # standard reads "about 84%" as within a tenth: the hedge is dropped
        changed = re.sub(r"(?i)\b(?:about|around|roughly) ", "", changed)
    assert_both_ways(faithful, changed, passages, rules)


@pytest.mark.parametrize("rules", ["standard", "strict"])
def test_a_hedged_rounding_passes_and_another_figure_is_caught(rules: str) -> None:
    passages = ["The company has 18,740 employees across 42 countries."]
    faithful = "The company has about 18,700 employees across 42 countries."
    assert verify(faithful, passages, judge=JUDGE, rules=rules).passed
    unhedged = "The company has 18,700 employees across 42 countries."
    assert not verify(unhedged, passages, judge=JUDGE, rules=rules).passed
    # Standard reads "about" as within a tenth (a bound); strict holds it to the rounding.
    changed = "The company has about 18,900 employees across 42 countries."
    assert not verify(changed, passages, judge=JUDGE, rules="strict").passed


def test_a_figure_of_one_significant_digit_is_no_rounding() -> None:
    result = verify(
        "The city has 1 million residents.", ["The city has 1,234,567 residents."], judge=JUDGE
    )
    assert not result.passed


@given(st.integers(min_value=1_000_000, max_value=999_999_999), st.sampled_from([1, 2]))
def test_a_figure_in_millions_rounds_to_its_written_places_only(exact: int, places: int) -> None:
    stated = frozenset({Decimal(exact)})
    millions = round(Decimal(exact) / 1_000_000, places)
    claim = "The agency spent ${} million."
    assert rounds_to(str(millions).rstrip("0").rstrip("."), claim.format(millions), stated) or (
        millions * 1_000_000 == exact
    )
    off = millions + Decimal(2) * Decimal(10) ** -places
    assert not rounds_to(str(off).rstrip("0").rstrip("."), claim.format(off), stated)


# A price times the answer's own count of what it prices, or divided by it.
@pytest.mark.parametrize(
    ("passage", "faithful", "changed"),
    [
        ("The hotel charges $180 per night.", "Four nights cost $720.", "Four nights cost $760."),
        (
            "The 10-pack of filters costs $20.",
            "In the 10-pack, each filter costs $2.",
            "In the 10-pack, each filter costs $3.",
        ),
        (
            "Shipping is $7 per parcel.",
            "Sending three parcels costs $21 in shipping.",
            "Sending three parcels costs $24 in shipping.",
        ),
    ],
)
def test_a_price_times_a_count_the_answer_gives_is_worked_out(
    passage: str, faithful: str, changed: str
) -> None:
    assert_both_ways(faithful, changed, [passage])


def test_a_count_times_a_count_is_no_price() -> None:
    passages = ("Sign up within the next two weeks to get 10% off your first three months.",)
    assert not derived("6", "Sign up within two weeks for 10% off your first six months.", passages)


LEAVE = (
    "Full-time employees accrue 1.5 days of paid leave per month. Part-time employees accrue "
    "0.75 days of paid leave per month.",
)


# A rate said as a policy, a listing or an API reference says it, at another period.
@pytest.mark.parametrize(
    ("passage", "claim", "worked_out", "changed"),
    [
        (LEAVE[0], "Full-time employees accrue {} days of paid leave a year.", "18", "20"),
        (LEAVE[0], "Part-time employees accrue {} days of paid leave a year.", "9", "10"),
        ("Monthly HOA fees are $310.", "HOA fees come to ${} a year.", "3,720", "3,620"),
        ("Annual property taxes are $5,100.", "Property taxes come to ${} a month.", "425", "435"),
        ("The fund charges an annual fee of 1.2%.", "The fund's fee is {}% a month.", "0.1", "0.2"),
        (
            "The API allows 100 requests per minute.",
            "The API allows {} requests per hour.",
            "6,000",
            "600",
        ),
    ],
)
def test_a_rate_said_with_its_words_or_its_adjective_is_worked_out_at_another_period(
    passage: str, claim: str, worked_out: str, changed: str
) -> None:
    assert derived(worked_out.replace(",", ""), claim.format(worked_out), (passage,))
    assert not derived(changed.replace(",", ""), claim.format(changed), (passage,))


def test_a_rate_is_worked_out_from_its_own_sentence_not_the_next_ones() -> None:
    # The part-time rate in the next sentence gives 9 and 18 of the other group: a swap.
    assert not derived("9", "Full-time employees accrue 9 days of paid leave a year.", LEAVE)
    assert not derived("18", "Part-time employees accrue 18 days of paid leave a year.", LEAVE)


@given(st.integers(min_value=1, max_value=5000), st.integers(min_value=1, max_value=99))
def test_a_monthly_amount_is_a_years_twelve_times_over(monthly: int, off: int) -> None:
    passages = (f"Monthly service fees are ${monthly}.",)
    claim = "Service fees come to ${} a year."
    assert derived(str(monthly * 12), claim.format(monthly * 12), passages)
    assert not derived(str(monthly * 12 + off), claim.format(monthly * 12 + off), passages)


# A difference written before what it counts: "47 more projects", not a count of "more".
@pytest.mark.parametrize(
    ("passage", "claim", "worked_out", "changed"),
    [
        (
            "The Free plan allows 3 projects. The Team plan allows 50 projects.",
            "The Team plan allows {} more projects than the Free plan.",
            "47",
            "48",
        ),
        (
            "The warehouse shipped 12,480 parcels in March and 10,920 parcels in February.",
            "The warehouse shipped {} more parcels in March than in February.",
            "1,560",
            "1,650",
        ),
        (
            "Managers get 30 days of leave and other staff get 25 days of leave.",
            "Other staff get {} fewer days of leave than managers.",
            "5",
            "6",
        ),
        (
            "The Basic plan includes 20 GB of storage and the Plus plan includes 50 GB of storage.",
            "The Plus plan includes {} extra GB of storage over the Basic plan.",
            "30",
            "35",
        ),
    ],
)
def test_a_difference_written_before_its_unit_is_worked_out(
    passage: str, claim: str, worked_out: str, changed: str
) -> None:
    assert derived(worked_out.replace(",", ""), claim.format(worked_out), (passage,))
    assert not derived(changed.replace(",", ""), claim.format(changed), (passage,))


@given(
    st.sampled_from(["the", "their", "its", "our", "your", "these"]),
    st.integers(min_value=1, max_value=199),
    st.integers(min_value=2, max_value=200),
)
def test_a_part_of_a_whole_with_its_determiner_is_a_share(
    determiner: str, part: int, whole: int
) -> None:
    if part >= whole:
        return
    passages = (f"The team won {part} of {determiner} {whole} games this season.",)
    share = round(Decimal(part) / whole * 100)
    claim = "The team won {}% of its games this season."
    assert derived(str(share), claim.format(share), passages)
    assert not derived(str(share + 2), claim.format(share + 2), passages)


@given(
    st.integers(min_value=1, max_value=999),
    st.integers(min_value=1, max_value=999),
    st.sampled_from(["percentage points", "% points", "pp"]),
)
def test_percentage_points_are_the_difference_of_two_percents_only(
    before: int, after: int, written: str
) -> None:
    old, new = Decimal(before) / 10, Decimal(after) / 10
    passages = (f"Gross margin was {new}% in 2024 and {old}% in 2023.",)
    claim = "Gross margin moved by {} " + written + " in 2024."
    if old != new:
        points = str(abs(new - old)).removesuffix(".0")
        assert derived(points, claim.format(points), passages)
    # The relative change is no number of points.
    relative = round(abs(new - old) / min(old, new) * 100)
    if relative not in {abs(new - old), old + new}:
        assert not derived(str(relative), claim.format(relative), passages)


@given(
    st.integers(min_value=0, max_value=11 * 60),
    st.integers(min_value=61, max_value=12 * 60),
    st.sampled_from(["{} hours and {} minutes", "{}h {}min", "{} hrs {} mins"]),
)
def test_hours_and_minutes_between_two_times_are_one_span(
    opens: int, span: int, written: str
) -> None:
    closes = opens + span
    passages = (
        f"The school day begins at {opens // 60}:{opens % 60:02} and ends at "
        f"{closes // 60}:{closes % 60:02}.",
    )
    hours, minutes = divmod(span, 60)
    if not minutes:
        return
    claim = "The school day lasts " + written + "."
    assert derived(str(hours), claim.format(hours, minutes), passages)
    assert derived(str(minutes), claim.format(hours, minutes), passages)
    off = (minutes + 10) % 60 or 5
    assert not derived(str(off), claim.format(hours, off), passages)


# A dose or a fee times how often it is taken or charged; a percent of an amount said with it.
@pytest.mark.parametrize(
    ("passage", "faithful", "changed"),
    [
        (
            "Take 10 mL of the syrup three times a day after meals.",
            "The daily dose of the syrup is 30 mL a day.",
            "The daily dose of the syrup is 40 mL a day.",
        ),
        (
            "Adults take 500 mg twice daily with water.",
            "Adults take 1,000 mg a day.",
            "Adults take 1,500 mg a day.",
        ),
        (
            "The contractor billed 36 hours of labour at $85 per hour.",
            "The contractor's labour came to $3,060.",
            "The contractor's labour came to $3,160.",
        ),
        (
            "A late payment fee of 2% applies to the invoice total of $1,240.",
            "The late payment fee on the invoice is $24.80.",
            "The late payment fee on the invoice is $28.40.",
        ),
        (
            "Advance single £34.50. Railcard holders save 1/3 on Advance fares.",
            "With a railcard the Advance single is £23.00.",
            "With a railcard the Advance single is £24.00.",
        ),
        (
            "Adult tickets are £12. Children travel half-price.",
            "A child ticket is £6.",
            "A child ticket is £8.",
        ),
        (
            "The Cityline bike costs £300. Members save 20% on every bike.",
            "A member pays £240 for the Cityline bike.",
            "A member pays £250 for the Cityline bike.",
        ),
        (
            "A day pass is €18. Students get a third off.",
            "Students pay €12 for a day pass.",
            "Students pay €15 for a day pass.",
        ),
    ],
)
@pytest.mark.parametrize("rules", ["standard", "strict"])
def test_an_amount_times_a_frequency_or_a_percent_of_it_is_worked_out(
    passage: str, faithful: str, changed: str, rules: str
) -> None:
    assert_both_ways(faithful, changed, [passage], rules)


def test_a_percent_of_the_next_sentences_amount_is_of_something_else() -> None:
    passages = ("The Pro plan costs $20 per month. Annual billing gives a 20% discount.",)
    assert not derived("4", "The Pro plan costs $4 more per month than before.", passages)
    one = ("The Pro plan costs $20 per month, and annual billing takes 20% off it.",)
    assert derived("4", "Annual billing takes $4 off the Pro plan per month.", one)


# A measure in another unit of the same size, quoted with another number of its kind beside it
# (strict's number-clash rule reads the quoted sentence: "3 days" beside "24 hours").
@pytest.mark.parametrize(
    ("passage", "faithful", "changed"),
    [
        (
            "Do not take more than 4 tablets in 24 hours. Do not use for more than 3 days.",
            "Do not use the tablets for more than 72 hours.",
            "Do not use the tablets for more than 75 hours.",
        ),
        (
            "Flight BA117 leaves at 08:25. The flight time is 7 hours 45 minutes.",
            "The flight time of BA117 is 7.75 hours.",
            "The flight time of BA117 is 7.9 hours.",
        ),
        (
            "Flight BA117 leaves at 08:25. The flight time is 7 hours 45 minutes.",
            "The flight time of BA117 is 465 minutes.",
            "The flight time of BA117 is 470 minutes.",
        ),
        (
            "The battery is warrantied for 24 months, and the frame for 10 years.",
            "The battery has a two-year warranty.",
            "The battery has a three-year warranty.",
        ),
        (
            "The battery is warrantied for 24 months, and the frame for 10 years.",
            "The frame is warrantied for 120 months.",
            "The frame is warrantied for 125 months.",
        ),
        (
            "The container holds 24,000 kg of cargo, and the route is 15,300 km long.",
            "The container holds 24 tonnes of cargo.",
            "The container holds 26 tonnes of cargo.",
        ),
        (
            "The trailer's payload is 1,500 kg and its own weight 900 kg.",
            "The trailer can carry a payload of 1.5 tonnes.",
            "The trailer can carry a payload of 2.5 tonnes.",
        ),
    ],
)
@pytest.mark.parametrize("rules", ["standard", "strict"])
def test_a_measure_in_another_unit_of_its_size_is_no_other_value(
    passage: str, faithful: str, changed: str, rules: str
) -> None:
    assert_both_ways(faithful, changed, [passage], rules)


@given(st.integers(min_value=1, max_value=12), st.integers(min_value=1, max_value=59))
def test_hours_and_minutes_in_minutes_clash_with_nothing_and_other_minutes_do(
    hours: int, minutes: int
) -> None:
    evidence = f"Check-in opens at 06:10. The trip takes {hours} hours {minutes} minutes."
    total = 60 * hours + minutes
    assert number_clash(f"The trip takes {total} minutes.", evidence) is None
    assert number_clash(f"The trip takes {total + 7} minutes.", evidence) is not None


# A measure in two units ("1 hour 15 minutes") is one measure: its parts state no figure alone,
# and the whole in one unit is stated.
COMPOUNDS = {
    "hours and minutes": ("takes 1 hour 15 minutes", "takes 75 minutes", "takes 60 minutes"),
    "h and min": ("takes 2 h 30 min", "takes 150 minutes", "takes 30 min"),
    "years and months": ("lasts 1 year 6 months", "lasts 18 months", "lasts 6 months"),
    "kg and g": ("weighs 1 kg 200 g", "weighs 1.2 kg", "weighs 200 g"),
    "weeks and days, with and": ("lasts 2 weeks and 3 days", "lasts 17 days", "lasts 3 days"),
    # The minutes' unit left out where nothing follows ("1 hour 15, versus 50 minutes").
    "hours and bare minutes": ("takes 1 hour 15 minutes", "takes 1 hour 15", "takes 1 hour"),
}


@pytest.mark.parametrize("rules", ["standard", "strict"])
@pytest.mark.parametrize(("stated", "whole", "part"), COMPOUNDS.values(), ids=list(COMPOUNDS))
def test_a_part_of_a_measure_in_two_units_is_no_measure_alone(
    stated: str, whole: str, part: str, rules: str
) -> None:
    passage = f"The item {stated}. It was checked on Monday."
    assert_both_ways(f"The item {whole}.", f"The item {part}.", [passage], rules)


def test_a_time_of_day_said_twice_starts_a_second_span() -> None:
    # "from 7pm to 8pm ... from 7pm to 8:30pm": the second 7pm is read again, in its place.
    passage = (
        "The beginners' class runs on Mondays from 7pm to 8pm and the improvers' class on "
        "Wednesdays from 7pm to 8:30pm.",
    )
    claim = "The improvers' class on Wednesdays lasts {} minutes."
    assert derived("90", claim.format(90), passage)
    assert not derived("100", claim.format(100), passage)
    assert not derived("30", claim.format(30), passage)  # 8pm to 8:30pm is no span it says


def test_a_span_runs_forward_past_midnight_and_two_spans_differ_by_their_difference() -> None:
    studio = ("The studio opens at 10 am and the last session must end by midnight.",)
    claim = "The studio opens at 10 am and sessions end by midnight, so {} hours a day."
    assert derived("14", claim.format(14), studio)
    assert not derived("13", claim.format(13), studio)
    market = (
        "Trading hours are 10 am to 8 pm on Friday and Saturday, and 10 am to 6 pm on Sunday.",
    )
    claim = "On Sunday trading runs 10 am to 6 pm, {} hours shorter than on Friday and Saturday."
    assert derived("2", claim.format(2), market)
    assert not derived("3", claim.format(3), market)


def test_a_number_is_worked_out_about_its_own_clause() -> None:
    passages = (
        "In our tests, the Breeze Mini was quieter than the ClearAir X: 31 dB versus 38 dB on the "
        "medium setting.",
        "However, the ClearAir X cleaned a 20 m2 room in 12 minutes, while the Breeze Mini took "
        "19 minutes.",
    )
    claim = (
        "The Breeze Mini is quieter (31 dB vs 38 dB on medium), but the ClearAir X is faster: it "
        "cleaned the room {} minutes sooner."
    )
    assert derived("7", claim.format(7), passages)
    assert not derived("8", claim.format(8), passages)


def test_a_difference_the_claim_works_out_is_no_part_number() -> None:
    # "4." numbers a part of the passage; 4p is 24p less 20p, worked out in the claim.
    passage = "Mileage rates:\n| Motorcycle | 24p |\n| Bicycle | 20p |\n4. Claims close monthly."
    answer = (
        "Motorcycles are paid 24p a mile and bicycles 20p, so the motorcycle rate is 4p higher."
    )
    assert verify(answer, [passage], judge=quoting_the_best_passage()).passed
    lie = "Motorcycles are paid 24p a mile and bicycles 20p, so the motorcycle rate is 5p higher."
    assert not verify(lie, [passage], judge=quoting_the_best_passage()).passed
