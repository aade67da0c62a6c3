"""A number a claim works out from two numbers it writes itself, each a passage states.

"Headcount rose by 140, from 1,100 to 1,240 employees" for a passage's "employed 1,240
people, up from 1,100": the answer shows its working, in its own words, and the working is
right. A changed result is caught, and so is a result whose operand no passage states.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from evidence_judges import assert_both_ways, quoting_the_best_passage
from pytest_faithful import verify
from pytest_faithful.text.own_operands import worked_in_claim

STAFF = "The company employed 1,240 people at year end, up from 1,100 a year earlier."
TIERS = (
    "The free tier includes 1,000 API calls per month.",
    "The Pro tier includes 50,000 API calls per month and costs $49 per month.",
)
HALVES = ("First-half revenue was $7.9 million.", "Second-half revenue was $8.4 million.")
DOSE = (
    "Adults: take one 500 mg tablet every 4 to 6 hours as needed. Do not take more than 8 "
    "tablets in 24 hours."
)
TRIAL = "The drug reduced symptoms in 60% of the 200 patients in the trial."
BUYBACK = "The company repurchased 1.2 million shares for $30 million during the year."
MARGIN = "Gross margin improved to 42% from 38% a year earlier, driven by lower shipping costs."
TRAIN = "The new train line will cut travel time from 90 minutes to 50 minutes."

# (the passages, the faithful answer, its worked-out number, that number changed)
FAMILY = {
    "difference of a change": (
        (STAFF,),
        "Headcount rose by 140 over the year, from 1,100 to 1,240 employees.",
        "140",
        "150",
    ),
    "difference across passages": (
        TIERS,
        "The Pro tier includes 50,000 calls a month versus 1,000 on the free tier, so 49,000 more.",
        "49,000",
        "48,000",
    ),
    "sum across passages": (
        HALVES,
        "Full-year revenue was $16.3 million: $7.9 million in the first half and $8.4 million "
        "in the second.",
        "16.3",
        "16.8",
    ),
    "percentage points": (
        (MARGIN,),
        "Gross margin rose 4 percentage points, from 38% to 42%, as shipping costs fell.",
        "4 percentage",
        "5 percentage",
    ),
    "amount times a count": (
        (DOSE,),
        "Adults may take up to 8 tablets of 500 mg in 24 hours, which is 4,000 mg.",
        "4,000",
        "5,000",
    ),
    "amount over a count": (
        (BUYBACK,),
        "The company spent $30 million buying back 1.2 million shares, an average of $25 per "
        "share.",
        "$25",
        "$28",
    ),
    "percent of an amount": (
        (TRIAL,),
        "The drug reduced symptoms in 60% of the trial's 200 patients, or 120 people.",
        "120",
        "130",
    ),
    "a ratio as a percent": (
        ("The dough calls for 500 grams of bread flour and 350 grams of water.",),
        "The dough is 70% hydration: 350 grams of water to 500 grams of flour.",
        "70%",
        "80%",
    ),
    "a ratio as so many times": (
        ("Sound travels at about 343 meters per second in air and 1,480 in water.",),
        "Sound moves about 1,480 meters per second in water versus 343 meters per second in "
        "air, more than four times faster.",
        "four times",
        "six times",
    ),
    "a margin between two scores": (
        ("The Lakers lost 112-104 to the Celtics on Tuesday night.",),
        "The Celtics won by 8 points, 112-104.",
        "8 points",
        "9 points",
    ),
    "a difference set apart by versus": (
        ("The Medic moves at 300 and has 150 health.", "The Heavy moves at 230."),
        "The Medic moves at 300 versus the Heavy's 230, so it is 70 units faster.",
        "70 units",
        "90 units",
    ),
    "measures in two units": (
        (TRAIN,),
        "The new line cuts the journey from an hour and a half to 50 minutes, saving 40 minutes.",
        "40",
        "45",
    ),
    "durations written short": (
        (
            "Vanquish finished in 2 hours 41 minutes.",
            "Puffin's elapsed time was 3 hours 5 minutes.",
        ),
        "Vanquish finished in 2h 41m; Puffin took 3h 5m, 24 minutes longer.",
        "24 minutes",
        "34 minutes",
    ),
    "a part of a whole as a percent": (
        ("Of the 600 homes, 150 will be affordable housing.",),
        "150 of the 600 homes, which is 25%, will be affordable.",
        "25%",
        "35%",
    ),
    "times a period holds an interval": (
        ("A replacement bus will run every 10 minutes between the two stops.",),
        "A bus runs every 10 minutes, so roughly six buses an hour.",
        "six buses",
        "eight buses",
    ),
    "so many times a bare count": (
        ("Annual members receive ten guest passes per year, while monthly members receive two.",),
        "Annual members get ten guest passes a year, five times the two that monthly members get.",
        "five times",
        "four times",
    ),
    "the amount twice another is of": (
        ("The hub houses 40,000 books, twice as many as the old library.",),
        "It has 40,000 books, twice as many as the old library, which held about 20,000.",
        "20,000",
        "80,000",
    ),
    "a rectangle's area": (
        ("Stall pitches measure 3 metres by 3 metres and cost £45 for the day.",),
        "Each pitch is 3 m by 3 m, which is 9 square metres, and costs £45.",
        "9 square",
        "12 square",
    ),
    "a count per another": (
        ("A total of 412 competitors from 38 clubs took part.",),
        "412 competitors from 38 clubs took part, roughly 11 per club.",
        "11 per",
        "14 per",
    ),
}


@pytest.mark.parametrize("rules", ["standard", "strict"])
@pytest.mark.parametrize("form", FAMILY)
def test_the_claims_own_working_passes_and_a_changed_result_is_caught(
    form: str, rules: str
) -> None:
    passages, faithful, number, changed = FAMILY[form]
    assert number in faithful
    assert_both_ways(faithful, faithful.replace(number, changed, 1), passages, rules)


def test_an_operand_no_passage_states_works_out_nothing() -> None:
    # 1,000 is no passage's: the difference of 1,000 and 1,240 is not stated by the claim.
    claim = "Headcount rose by 240 over the year, from 1,000 to 1,240 employees."
    assert not worked_in_claim("240", claim, (STAFF,))
    # A claim of two numbers has no third to work out.
    assert not worked_in_claim("140", "Headcount rose by 140 to 1,240.", (STAFF,))


def test_a_ranges_ends_add_up_to_nothing() -> None:
    # "every 4-6 hours": 10 hours is no figure of anything; 2 hours is no change.
    claim = "Take one tablet every 4-6 hours, so at most 10 hours apart, 24 hours a day."
    assert not worked_in_claim("10", claim, (DOSE,))
    claim = "Take one 500 mg tablet every 4 to 6 hours, 2 hours apart, up to 8 a day."
    assert not worked_in_claim("2", claim, (DOSE,))


def test_a_measures_parts_are_no_amounts_of_their_own() -> None:
    # "4 hours 50 minutes" is one measure: its 50 is no 10 minutes plus 40 minutes.
    passage = ("The fastest time was 2 hours 10 minutes; the slowest was 6 hours 40 minutes.",)
    claim = "From 2 hours 10 minutes to 6 hours 40 minutes is a gap of 4 hours {} minutes."
    assert worked_in_claim("30", claim.format(30), passage)
    assert not worked_in_claim("50", claim.format(50), passage)


def test_two_bare_numbers_add_up_to_a_count_not_to_money() -> None:
    passage = ("The school has 320 students in grade 9 and 290 in grade 10.",)
    claim = "Grades 9 and 10 together have {} students: 320 in grade 9 and 290 in grade 10."
    assert worked_in_claim("610", claim.format(610), passage)
    assert not worked_in_claim("610", claim.format("$610"), passage)


def test_years_and_labels_are_no_operands() -> None:
    passage = ("The plant opened in 2021 and expanded in 2023 with 12 new lines.",)
    assert not worked_in_claim("2", "It opened in 2021, expanded in 2023, in 2 years.", passage)
    # A sum of two kinds is of neither: 500 mg and 8 tablets add up to no 508.
    assert not worked_in_claim("508", "8 tablets of 500 mg, 508 in all.", (DOSE,))


@settings(max_examples=30)
@given(
    low=st.integers(100, 5000),
    gap=st.integers(1, 4000),
    off=st.integers(1, 50),
)
def test_a_difference_is_worked_out_and_a_near_miss_is_not(low: int, gap: int, off: int) -> None:
    assume(gap != low)  # a difference that is an operand is stated as written
    high = low + gap
    passage = (f"The fleet had {high:,} vehicles in 2024, up from {low:,} in 2023.",)
    claim = "The vehicle count rose by {:,} to {:,}, from {:,}."
    assert worked_in_claim(str(gap), claim.format(gap, high, low), passage), claim
    miss = gap + off
    if miss not in {low, high, low + high}:
        assert not worked_in_claim(str(miss), claim.format(miss, high, low), passage)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 500), st.integers(2, 9), st.integers(0, 99))
def test_a_ratio_is_its_whole_times_and_no_other_count(small: int, times: int, extra: int) -> None:
    large = small * times + small * extra // 100  # the ratio is in [times, times + 1)
    assume(len({large, small, times, times + 2}) == 4)  # each number a term of its own
    passages = (f"The barge carries {large:,} tonnes.", f"The boat carries {small} tonnes.")
    claim = f"The barge carries {large:,} tonnes versus {small} tonnes, {times} times as much."
    assert worked_in_claim(str(times), claim, passages)
    wrong = claim.replace(f"{times} times", f"{times + 2} times")
    assert not worked_in_claim(str(times + 2), wrong, passages)


@pytest.mark.parametrize("rules", ["standard", "strict"])
def test_working_begun_in_the_sentence_before_is_the_answer_s_own(rules: str) -> None:
    passages = (
        "The Employee's base salary is £48,000 per year, payable monthly.",
        "The Employee is eligible for an annual bonus of up to 10% of base salary.",
    )
    faithful = (
        "Your base salary is £48,000 a year, paid monthly. You may also get a bonus of up to 10% "
        "of base salary (up to £4,800)."
    )
    assert_both_ways(faithful, faithful.replace("£4,800", "£5,800"), passages, rules)


def test_a_label_s_number_is_no_operand() -> None:
    passages = ("Manager: The budget for Q2 is $40,000. Lead: We need $10,000 for servers.",)
    working = "The Q2 budget is $40,000. The manager approved $10,000, leaving $20,000."
    assert not worked_in_claim("20000", working, passages)  # not $40,000 over the 2 of "Q2"
    assert worked_in_claim("30000", working.replace("$20,000", "$30,000"), passages)


@pytest.mark.parametrize(
    ("passages", "honest", "lie"),
    [
        (  # half of a price the claim writes, the passage saying "half"
            ["An exterior wash is £8.", "Motorbikes are washed at half the exterior price."],
            "£4, since motorbikes are washed at half the £8 exterior price.",
            "£5, since motorbikes are washed at half the £8 exterior price.",
        ),
        (  # a total split between two people named
            ["Josh: £28 a night, so £112 altogether."],
            "The pitch costs £112 in total, so split between Ellie and Josh that's £56 each.",
            "The pitch costs £112 in total, so split between Ellie and Josh that's £66 each.",
        ),
        (  # a price split evenly
            ["Jo: I saw a cordless trimmer for £120.", "Sam: Let's split it evenly."],
            "If they split the £120 cordless trimmer evenly, they'll each pay £60.",
            "If they split the £120 cordless trimmer evenly, they'll each pay £40.",
        ),
        (  # a prize shared equally between two
            ["The Alder Prize is worth £40,000.", "The two winners share the prize equally."],
            "The two winners share the £40,000 prize equally, so each receives £20,000.",
            "The two winners share the £40,000 prize equally, so each receives £25,000.",
        ),
        (  # double a rate the claim writes
            ["The base rate is $18 an hour.", "Sunday hours are paid at double the base rate."],
            "On Sundays the $18 base rate is doubled, to $36 an hour.",
            "On Sundays the $18 base rate is doubled, to $38 an hour.",
        ),
    ],
)
def test_half_or_double_an_amount_the_claim_writes(
    passages: list[str], honest: str, lie: str
) -> None:
    assert_both_ways(honest, lie, passages)


def test_no_half_without_a_word_that_halves() -> None:
    passages = ["An exterior wash is £8.", "Motorbikes are washed at a reduced price."]
    assert not worked_in_claim("4", "£4 for motorbikes, against £8 for cars.", tuple(passages))
    total = ("Josh: £28 a night, so £112 altogether.",)
    three = "The pitch is £112 in total, so split between Ellie, Josh and Sam that's £56 each."
    assert not worked_in_claim("56", three, total)


def test_what_is_no_part_average_or_restatement() -> None:
    homes = ("Of the 600 homes, 150 will be affordable housing.",)
    # A part is of the whole it is said of, not of one after another word ("150 of them").
    assert not worked_in_claim("25", "150 homes of them, 600 in all, 25% of it.", homes)
    competitors = ("A total of 412 competitors from 38 clubs took part.",)
    # An average is per the count it divides by, not per what it counts.
    assert not worked_in_claim(
        "11", "412 competitors from 38 clubs, 11 per competitor.", competitors
    )
    claim = "412 competitors from 38 clubs, 11 of them juniors, and 2 per club coaching."
    assert not worked_in_claim("11", claim, competitors)
    # An interval only the claim says, or a count the claim says of no period, works out nothing.
    buses = ("A replacement bus will run every 10 minutes between the two stops.",)
    assert not worked_in_claim("4", "Every 15 minutes, so four buses an hour.", buses)
    assert not worked_in_claim("6", "Every 10 minutes, and six stops.", buses)


@pytest.mark.parametrize("rules", ["standard", "strict"])
def test_a_measure_the_question_gives_restated_in_another_unit(rules: str) -> None:
    passages = ["If your home is left unoccupied for more than 60 consecutive days, cover ends."]
    question = "We're going abroad for 10 weeks. Anything I should know?"
    judge = quoting_the_best_passage()
    honest = "Yes: 10 weeks is 70 days, more than 60 consecutive days, so your cover would end."
    result = verify(honest, passages, question=question, judge=judge, rules=rules)
    assert result.passed, result.claim_verdicts
    lie = honest.replace("70 days", "75 days")
    assert not verify(lie, passages, question=question, judge=judge, rules=rules).passed
