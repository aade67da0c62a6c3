"""A number worked out from two passages, one about each thing a claim compares or adds
(text/across.py): stated; a changed figure or a swapped comparison is not."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_faithful.text.across import across
from pytest_faithful.text.specifics import unstated

STORMS = (
    "Storm Helka made landfall near Gdansk, bringing gusts of up to 140 km/h. Around 85,000"
    " homes lost power.",
    "Two days later Storm Ivo struck the coast near Klaipeda with gusts of 120 km/h, cutting"
    " electricity to about 40,000 homes.",
    "Full-time staff get 25 days of leave. Staff with less than two years of service get 18 days.",
    "Up to five days of leave may be carried over.",
)
TOWERS = (
    "The Meridian Tower in Rotterdam is 212 metres tall and was completed in 2012.",
    "The Harbour Spire in Antwerp, completed in 2016, rises 187 metres.",
)

FLATS = (
    "Flat A has two bedrooms and a private garden and is offered at £1,450 per month.",
    "Flat B has one bedroom and a balcony and is offered at £1,100 per month.",
)

# (passages, claim, its number, honest?): each honest form beside a lying one.
FORMS = [
    (STORMS, "The two storms together left about 125,000 homes without power.", "125000", True),
    (STORMS, "The two storms together left about 145,000 homes without power.", "145000", False),
    (STORMS, "Around 125,000 homes in total lost power in the two storms.", "125000", True),
    (STORMS, "Helka's gusts were 20 km/h stronger than Ivo's.", "20", True),
    (STORMS, "Helka's gusts were 40 km/h stronger than Ivo's.", "40", False),
    (STORMS, "Ivo's gusts were 20 km/h weaker than Helka's.", "20", True),
    (STORMS, "Ivo's gusts were 20 km/h stronger than Helka's.", "20", False),
    (STORMS, "Helka cut power to 45,000 more homes than Ivo.", "45000", True),
    (STORMS, "Helka cut power to 45,000 fewer homes than Ivo.", "45000", False),
    # "less than two years" is a bound, not a comparison of two passages' figures.
    (STORMS, "Staff with less than two years of service get 13 days of leave.", "13", False),
    (TOWERS, "The Meridian Tower is 25 metres taller than the Harbour Spire.", "25", True),
    (TOWERS, "The Harbour Spire is 25 metres taller than the Meridian Tower.", "25", False),
    (TOWERS, "The Harbour Spire is 25 metres shorter than the Meridian Tower.", "25", True),
    (TOWERS, "The Meridian Tower is 35 metres taller than the Harbour Spire.", "35", False),
    # Two things told apart by a letter: the letter tells which passage is which.
    (FLATS, "Flat A costs £350 a month more than Flat B, but it has a garden.", "350", True),
    (FLATS, "Flat A costs £350 a month less than Flat B, but it has a garden.", "350", False),
    (FLATS, "Flat B costs £350 a month more than Flat A, but it has a garden.", "350", False),
    (FLATS, "Flat B costs £350 a month less than Flat A, and has a balcony.", "350", True),
    (FLATS, "Flat A costs £450 a month more than Flat B, but it has a garden.", "450", False),
    # Years are labels, not amounts: the difference of two is elapsed.py's.
    (
        TOWERS,
        "The Harbour Spire was finished 4224 metres taller than the Meridian Tower.",
        "4224",
        False,
    ),
]


@pytest.mark.parametrize(("passages", "claim", "term", "honest"), FORMS)
def test_a_figure_from_one_passage_per_thing_is_stated_and_a_changed_one_is_not(
    passages: tuple[str, ...], claim: str, term: str, honest: bool
) -> None:
    assert across(term, claim, passages) is honest
    assert (term in unstated(claim, claim, passages, frozenset({"number"}))) is not honest


@settings(max_examples=25)
@given(b=st.integers(100, 5000), gap=st.integers(1, 900), off=st.integers(1, 50))
def test_a_difference_is_the_larger_passage_figure_less_the_smaller(
    b: int, gap: int, off: int
) -> None:
    passages = (
        f"The Vale line carries {b + gap} passengers a day.",
        f"The Ford line carries {b} passengers a day.",
    )
    more = f"The Vale line carries {gap} more passengers than the Ford line."
    fewer = f"The Ford line carries {gap} fewer passengers than the Vale line."
    swapped = f"The Ford line carries {gap} more passengers than the Vale line."
    assert across(str(gap), more, passages)
    assert across(str(gap), fewer, passages)
    assert not across(str(gap), swapped, passages)
    wrong = f"The Vale line carries {gap + off} more passengers than the Ford line."
    assert not across(str(gap + off), wrong, passages)
