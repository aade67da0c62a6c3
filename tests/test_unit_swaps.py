"""A passage's number said with another unit, per another period or per another thing
(text/unit_swaps.py, read by ``unstated-specifics``): the faithful paraphrase, which spells
the unit another way or converts it, passes under the standard and the strict rules; the same
answer with the unit swapped fails, the number unchanged."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_judges import quoting
from pytest_faithful import verify
from pytest_faithful.text.unit_swaps import swapped_units, unit_readings

# (passage, faithful paraphrase, the same answer with the unit swapped)
FAMILY = [
    # A rate's period.
    (
        "The API allows up to 100 requests per minute for each key.",
        "Each key may send up to 100 requests/min.",
        "Each key may send up to 100 requests per second.",
    ),
    (
        "Adults should take 2 tablets a day with food.",
        "Adults take two tablets daily with food.",
        "Adults take 2 tablets a week with food.",
    ),
    (
        "The pool is cleaned twice a week by the council.",
        "The council cleans the pool twice weekly.",
        "The council cleans the pool twice a month.",
    ),
    # A unit of a measure.
    (
        "If the upload fails, the client waits 300 milliseconds and then tries again.",
        "After a failed upload the client waits 300 ms and retries.",
        "After a failed upload the client waits 300 seconds and retries.",
    ),
    (
        "The free plan includes 5 GB of storage for every account.",
        "Every free account gets 5 gigabytes of storage.",
        "Every free account gets 5 MB of storage.",
    ),
    (
        "The drill comes with a warranty of 12 months from the date of purchase.",
        "The drill has a 12-month warranty from purchase.",
        "The drill has a 12-week warranty from purchase.",
    ),
    (
        "The samples were incubated for 48 hours at 37 degrees Celsius.",
        "The samples were incubated for 2 days at 37 degrees Celsius.",
        "The samples were incubated for 48 minutes at 37 degrees Celsius.",
    ),
    # A count in words before a unit.
    (
        "New customers get a free trial for a month.",
        "New customers can try it free for one month.",
        "New customers get a free trial for a week.",
    ),
    # The thing a price is per, where the passages name the other thing.
    (
        "On the Team plan, the price is $20 per user each month.",
        "The Team plan costs $20 a month for each user.",
        "The Team plan costs $20 per team each month.",
    ),
    (
        "Students pay a fee of $150 per module.",
        "Each module costs students $150.",
        "Students pay a fee of $150 per week.",
    ),
]


@pytest.mark.parametrize(("passage", "faithful", "changed"), FAMILY)
@pytest.mark.parametrize("rules", ["standard", "strict"])
def test_a_unit_spelled_or_converted_passes_and_a_swapped_one_fails(
    passage: str, faithful: str, changed: str, rules: str
) -> None:
    judge = quoting(passage)
    assert verify(faithful, [passage], judge=judge, rules=rules).passed, faithful
    result = verify(changed, [passage], judge=judge, rules=rules)
    assert not result.passed, changed
    if rules == "standard":  # under strict, number-clash may read a measure's unit first
        assert result.claim_verdicts[0].rule == "unstated-specifics"


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # A lower bound in a smaller unit is true.
        ("It was practised more than 100 years ago.", "It was practised over 100 centuries ago."),
        # A thing added to the passages' period.
        ("The lease is $89 a month per printer.", "The printer lease is $89 per month."),
        # A thing the passages never name: another word for theirs.
        ("The course costs $1,200 per person.", "The course costs $1,200 per participant."),
        # "a second" is as often the ordinal.
        ("A second summit was held in 2018.", "The first summit came after a decade of talks."),
        # ... after a rate too: "£60 a year and a second is £90" counts no rate per second.
        ("A permit is £60 a year and a second is £90.",
         "Permits cost £60 a year for the first vehicle and £90 for a second vehicle."),
        # "a year" as a thing named, no length of time.
        (
            "Leap years exist because a year isn't a whole number of days.",
            "The calendar adds one day every four years to keep in step.",
        ),
        ("A week has seven days.", "The office is closed for one day each month."),
        # A kind of period before it: "per calendar year" is per year.
        ("This is capped at 5 approved referrals a year.",
         "Referral bonuses are limited to 5 approved referrals per calendar year."),
        # A number the claim works out itself, whatever unit a passage gives the same figure.
        ("Up to 30 hours versus up to 40 hours with it off, so about 10 hours less.",
         "Up to 30 hours with noise cancelling on, 40 off. A 10-minute charge gives 5 hours."),
    ],
)  # fmt: skip
def test_what_is_no_swap(claim: str, passage: str) -> None:
    assert swapped_units(claim, [passage]) == []


def test_a_difference_the_passages_work_out_is_no_swap() -> None:
    passage = (
        "Studio A costs £45 per hour. Studio B costs £30 per hour. Strobe kits cost £15 per "
        "session."
    )
    assert swapped_units("Studio B costs £15 an hour less than Studio A.", [passage]) == []
    assert swapped_units("Studio B costs £15 a day less than Studio A.", [passage])


def test_a_kind_of_period_or_a_worked_out_number_still_swaps_another_unit() -> None:
    passage = "Referral bonuses are limited to 5 approved referrals per calendar year."
    assert swapped_units("It is capped at 5 referrals a month.", [passage]) == [
        ("5 per month", ("5 per year",))
    ]
    charge = "A 10-minute charge gives about 5 hours of playback."
    assert swapped_units("A 10-hour charge gives about 5 hours of playback.", [charge])


@pytest.mark.parametrize("before", ["for", "within", "takes", "in just"])
def test_a_month_after_a_word_of_duration_is_still_one_month(before: str) -> None:
    passage = ["New customers get a free trial for a week."]
    assert swapped_units(f"New customers get a free trial {before} a month.", passage)


def test_a_month_later_is_one_month() -> None:
    passage = ["The heater leaked a week later."]
    assert swapped_units("The heater leaked a month later.", passage)


_TIME = {
    "second": ["seconds", "secs", "sec"],
    "minute": ["minutes", "mins", "min"],
    "hour": ["hours", "hrs", "hr"],
    "week": ["weeks", "wks"],
    "month": ["months"],
}
_PER = {
    "minute": ["per minute", "a minute", "/min", "every minute", "each minute"],
    "hour": ["per hour", "an hour", "/hr", "hourly"],
    "day": ["per day", "a day", "daily", "/day"],
    "week": ["per week", "a week", "weekly"],
    "year": ["per year", "a year", "per annum", "annually"],
}


@settings(max_examples=40)
@given(st.integers(2, 9999), st.sampled_from(sorted(_TIME)), st.data())
def test_a_measure_holds_in_every_spelling_and_not_in_another_unit(
    number: int, unit: str, data: st.DataObject
) -> None:
    said, other = data.draw(st.sampled_from(_TIME[unit])), data.draw(st.sampled_from(_TIME[unit]))
    swapped = data.draw(st.sampled_from(sorted(set(_TIME) - {unit})))
    passage = [f"The job runs for {number} {said} each time."]
    assert swapped_units(f"It runs for {number} {other}.", passage) == []
    assert swapped_units(f"It runs for {number} {_TIME[swapped][0]}.", passage)


@settings(max_examples=40)
@given(st.integers(2, 9999), st.sampled_from(sorted(_PER)), st.data())
def test_a_rate_is_read_per_its_period_in_every_spelling(
    number: int, period: str, data: st.DataObject
) -> None:
    written = data.draw(st.sampled_from(_PER[period]))
    readings = unit_readings(f"Members get {number} credits {written}.")
    assert {(r.term, r.unit) for r in readings if r.axis == "per"} == {(str(number), period)}


def test_each_names_the_thing_a_number_is_per() -> None:
    passages = [
        "The drip system delivers 4 litres of water per plant per day. The field holds 2,500 "
        "plants."
    ]
    assert swapped_units("Each of the 2,500 plants receives 4 litres a day.", passages) == []
    # A period the passages do not give for it is still another one ...
    assert swapped_units("Each of the 2,500 plants receives 4 litres a week.", passages)
    # ... and with no "each", a day is no plant.
    assert swapped_units("The field receives 4 litres a day.", passages)


def test_a_period_an_adjective_gives_the_passages_figure_is_its_period() -> None:
    passages = ["Partners can join the plan for a monthly fee of £35 per person."]
    assert swapped_units("A partner can be added for £35 a month each.", passages) == []
    assert swapped_units("A partner can be added for £35 a week each.", passages)
    # Read in the passages only: a claim's own "annual" adds no period to its figure, so the
    # passages' "per family" of the same figure is no other one.
    family = ["The plan has an annual deductible of $1,500 per person and $3,000 per family."]
    assert swapped_units("The family's annual deductible is $3,000.", family) == []
    assert swapped_units("The family's deductible is $3,000 a month.", family)


@pytest.mark.parametrize(
    ("claim", "passage", "swapped"),
    [
        # A price a day is no measure of days.
        (
            "Long Stay's drive-up rate is £15.00 a day.",
            "| Long Stay | 15 min shuttle | £15.00 |",
            False,
        ),
        # Pounds are not pence, at any rate.
        ("It carries a £25 monthly fee.", "| Frequent | £25 | 25p/mile after 60 miles |", False),
        ("Driving costs 25p a day.", "| Frequent | £25 | 25p/mile after 60 miles |", True),
        # A rate per two things states the second, where the claim names the first.
        (
            "A bag of 23-32 kg goes in the hold for a £40 heavy bag fee per flight.",
            "Bags of 23-32 kg are accepted for a £40 heavy bag fee per bag per flight.",
            False,
        ),
        ("The heavy fee is £40 per flight.", "A £40 heavy fee per bag per flight applies.", True),
    ],
)
def test_money_pence_and_rates_per_two_things(claim: str, passage: str, swapped: bool) -> None:
    assert bool(swapped_units(claim, [passage])) is swapped
