"""A passage's measure an answer writes in another unit, without the measure beside it, both
ways: "about 7.5 miles" for 12 km is stated; "about 9 miles" is not."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evidence_judges import assert_both_ways, quoting_the_best_passage
from pytest_faithful import verify
from pytest_faithful.text.conversions import converted_alone

JUDGE = quoting_the_best_passage()

# (passage, the faithful answer, the same with its converted figure changed)
CONVERTED = {
    "km as miles": (
        "The trail is 12 km long.",
        "The trail is about 7.5 miles long.",
        "The trail is about 9 miles long.",
    ),
    "metres as feet, the zeros no places": (
        "The trail climbs 800 metres.",
        "The trail climbs about 2,600 feet.",
        "The trail climbs about 3,600 feet.",
    ),
    "a range of degrees": (
        "Store the vaccine at 2-8°C.",
        "Store the vaccine between 36 and 46°F.",
        "Store the vaccine between 36 and 56°F.",
    ),
    "litres as gallons": (
        "The tank holds 50 litres of fuel.",
        "The tank holds about 13 gallons of fuel.",
        "The tank holds about 20 gallons of fuel.",
    ),
    "square metres as square feet": (
        "The apartment has 85 square metres of floor space.",
        "The apartment has about 915 square feet of floor space.",
        "The apartment has about 1,015 square feet of floor space.",
    ),
}


@pytest.mark.parametrize("rules", ["standard", "strict"])
@pytest.mark.parametrize("form", CONVERTED)
def test_a_measure_in_another_unit_passes_and_a_changed_one_is_caught(
    form: str, rules: str
) -> None:
    passage, faithful, changed = CONVERTED[form]
    assert_both_ways(faithful, changed, [passage], rules)


def test_a_measure_of_another_kind_or_the_same_unit_converts_nothing() -> None:
    passages = ("The trail is 12 km long and the bag weighs 5 kg.",)
    assert not converted_alone("The trail is 12 lb.", passages)
    assert not converted_alone("The trail is 13 km long.", passages)


@given(st.integers(min_value=2, max_value=5000))
def test_kilometres_as_miles_round_at_the_places_written(kilometres: int) -> None:
    passages = (f"The route is {kilometres} km long.",)
    miles = Decimal(kilometres) * 1000 / Decimal("1609.344")
    written = f"{miles:.1f}"
    assert converted_alone(f"The route is {written} miles long.", passages)
    off = f"{miles * Decimal('1.1'):.1f}"
    assert not converted_alone(f"The route is {off} miles long.", passages)


@given(st.integers(min_value=-90, max_value=-20))
def test_a_measure_below_zero_written_with_a_minus_sign_is_read(celsius: int) -> None:
    # The typographic minus (U+2212) is a minus, not a text no number is read from.
    passages = (f"It fell to \u2212{-celsius} °C.",)
    fahrenheit = Decimal(celsius) * 9 / 5 + 32
    written = f"{fahrenheit:.1f}".replace("-", "\u2212")
    assert converted_alone(f"It fell to {written} °F.", passages)
    assert not converted_alone(f"It fell to {written} °F.", ("It fell to 5 °C.",))


@pytest.mark.parametrize(
    ("passage", "faithful", "changed"),
    [
        (
            "The guided tour lasts 2 hours 45 minutes.",
            "The tour takes 165 minutes.",
            "The tour takes 175 minutes.",
        ),
        (
            "The exam lasts an hour and a half.",
            "The exam lasts 90 minutes.",
            "The exam lasts 80 minutes.",
        ),
        (
            "The hike takes four and a half hours.",
            "The hike takes 270 minutes.",
            "The hike takes 240 minutes.",
        ),
    ],
)
def test_a_duration_in_hours_and_minutes_is_its_whole_in_minutes(
    passage: str, faithful: str, changed: str
) -> None:
    assert_both_ways(faithful, changed, [passage])


def test_a_temperatures_zeros_are_a_rounding_only_where_the_answer_hedges() -> None:
    passages = ["Store the tablets below 25°C.", "Bake the loaf at 200°C."]
    assert verify("Bake the loaf at about 400°F.", passages, judge=JUDGE).passed
    assert verify("Store the tablets below 77°F.", passages, judge=JUDGE).passed
    assert not verify("Store the tablets below 80°F.", passages, judge=JUDGE).passed


# A temperature written with its conversion beside it, to the places the answer writes: the
# pair is stated where one side is the passage's measure to those places, not where both are
# a new figure half a degree off ("37.5°C (99.5°F)" for 38°C, 100.4°F and 37°C, 98.6°F).
BESIDE = {
    "Celsius first, whole": ("A fever is 38°C or higher.", "A fever is 38°C (100°F) or higher."),
    "Fahrenheit first, a place": (
        "A fever is 100.4°F or higher.",
        "A fever is 100.4°F (38°C) or higher.",
    ),
    "the passage's pair": (
        "A normal temperature is 37°C (98.6°F).",
        "A normal temperature is 98.6°F (37°C).",
    ),
}


@pytest.mark.parametrize("rules", ["standard", "strict"])
@pytest.mark.parametrize("form", BESIDE)
def test_a_temperature_and_its_conversion_pass_and_a_new_pair_is_caught(
    form: str, rules: str
) -> None:
    passage, faithful = BESIDE[form]
    changed = faithful.replace("38°C (100°F)", "37.5°C (99.5°F)")
    changed = changed.replace("100.4°F (38°C)", "99.5°F (37.5°C)")
    changed = changed.replace("98.6°F (37°C)", "99.5°F (37.5°C)")
    assert_both_ways(faithful, changed, [passage], rules)


@given(st.integers(min_value=-20, max_value=60), st.sampled_from([-3, -2, -1, 1, 2, 3]))
def test_a_pair_a_few_tenths_off_the_passage_s_degrees_is_not_stated(
    celsius: int, tenths: int
) -> None:
    passage = f"Keep the room at {celsius}°C."
    stated = Decimal(celsius) + Decimal(tenths) / 10
    fahrenheit = stated * 9 / 5 + 32
    claim = f"Keep the room at {stated}°C ({fahrenheit:.2f}°F)."
    assert verify(f"Keep the room at {celsius}°C.", [passage], judge=JUDGE).passed
    assert not verify(claim, [passage], judge=JUDGE).passed, claim


@pytest.mark.parametrize(
    ("converted", "honest"),
    [("about 8 km", True), ("about 13 km", False)],
)
def test_a_conversion_of_a_figure_the_claim_works_out(converted: str, honest: bool) -> None:
    # 5 miles is the claim's own difference; its conversion stands or falls with it.
    passages = ["The northern loop is 17 miles long.", "The southern loop is 12 miles long."]
    claim = f"The loops are 17 miles and 12 miles long, a difference of 5 miles ({converted})."
    assert verify(claim, passages, judge=quoting_the_best_passage()).passed is honest
    lie = "The loops are 17 miles and 12 miles long, a difference of 6 miles (about 10 km)."
    assert not verify(lie, passages, judge=quoting_the_best_passage()).passed
