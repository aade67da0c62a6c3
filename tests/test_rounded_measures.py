"""A hedged measure that rounds a passage's measure of its kind, in any unit: "about 8 hours"
for "7 hours and 55 minutes", "almost two hours" for 118 minutes, "just over 3 km" for 3,100
metres (text/measures.py's rounded_measure); and a fraction of a unit counted in words, "three
quarters of an hour" for 45 minutes. Off by more than its rounding, the wrong side of "almost"
or "just over", or unhedged, it is still a figure of its own."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evidence_judges import assert_both_ways
from pytest_faithful.text.measures import measures, rounded_measure


@pytest.mark.parametrize("rules", ["standard", "strict"])
@pytest.mark.parametrize(
    ("passage", "faithful", "changed"),
    [
        (
            "The flight takes 7 hours and 55 minutes.",
            "The flight takes about 8 hours.",
            "The flight takes about 6 hours.",
        ),
        (
            "The meeting lasted 118 minutes.",
            "The meeting lasted almost two hours.",
            "The meeting lasted almost three hours.",
        ),
        (
            "The walk is 3,100 metres long.",
            "The walk is just over 3 kilometres long.",
            "The walk is just over 4 kilometres long.",
        ),
        (
            "The recipe takes 45 minutes to prepare.",
            "The recipe takes three quarters of an hour to prepare.",
            "The recipe takes two thirds of an hour to prepare.",
        ),
        (  # a count past ten in words, in another unit
            "She edited the journal for three decades before retiring.",
            "She edited the journal for about thirty years.",
            "She edited the journal for about forty years.",
        ),
        (  # two weeks said in one word
            "Recycling is collected fortnightly on Tuesdays.",
            "Recycling is collected every two weeks, on Tuesdays.",
            "Recycling is collected every three weeks, on Tuesdays.",
        ),
        (
            "Boil the eggs for a quarter of an hour.",
            "Boil the eggs for fifteen minutes.",
            "Boil the eggs for twelve minutes.",
        ),
    ],
)
def test_a_hedged_measure_in_another_unit_passes_and_a_changed_one_is_caught(
    passage: str, faithful: str, changed: str, rules: str
) -> None:
    assert_both_ways(faithful, changed, [passage], rules)


def test_the_hedge_says_which_side_and_none_says_exact() -> None:
    passages = ("The meeting lasted 118 minutes.", "The tour lasted 125 minutes.")
    assert rounded_measure("2", "The meeting lasted almost two hours.", passages[:1])
    assert not rounded_measure("2", "The tour lasted almost two hours.", passages[1:])
    assert rounded_measure("2", "The tour lasted just over two hours.", passages[1:])
    assert not rounded_measure("2", "The meeting lasted just over two hours.", passages[:1])
    assert not rounded_measure("2", "The meeting lasted two hours.", passages[:1])
    # Within half an hour of 2 hours, but more than a tenth of it: no rounding.
    assert not rounded_measure("2", "It lasted about 2 hours.", ("It lasted 100 minutes.",))
    # Another kind of measure is no rounding of it.
    assert not rounded_measure("2", "It weighs about 2 kg.", ("It lasted 118 minutes.",))


@given(st.integers(min_value=1, max_value=8), st.integers(min_value=0, max_value=59))
def test_about_n_hours_holds_where_the_minutes_round_to_it(hours: int, minutes: int) -> None:
    passages = (f"The drive takes {hours} hours and {minutes} minutes.",)
    total = Decimal(hours * 60 + minutes) / 60
    for claimed in {hours, hours + 1}:
        near = abs(total - claimed) <= min(Decimal("0.5"), Decimal(claimed) / 10)
        assert rounded_measure(
            str(claimed), f"The drive takes about {claimed} hours.", passages
        ) is (near)


@given(st.sampled_from(["a", "one", "two", "three"]), st.sampled_from(["half", "third", "quarter"]))
def test_a_fraction_of_a_unit_in_words_is_its_size(count: str, part: str) -> None:
    parts = {"half": 2, "third": 3, "quarter": 4}[part]
    number = {"a": 1, "one": 1, "two": 2, "three": 3}[count]
    plural = part if number == 1 else ("halves" if part == "half" else f"{part}s")
    found = measures(f"It takes {count} {plural} of an hour.")
    assert ("time", (Decimal(3600) * number / parts).normalize()) in found[str(number)]


@pytest.mark.parametrize("rules", ["standard", "strict"])
def test_a_length_of_time_written_the_clock_s_way_is_the_one_said_in_units(rules: str) -> None:
    passages = ["The 100 km race was won by Hannah Okafor in 9 hours 42 minutes, a course record."]
    assert_both_ways("1. Hannah Okafor - 9:42", "1. Hannah Okafor - 9:24", passages, rules)
    laps = ["Her fastest lap took 4 minutes 12 seconds."]
    assert_both_ways("Her fastest lap: 4:12.", "Her fastest lap: 4:21.", laps, rules)
