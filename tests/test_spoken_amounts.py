"""Amounts as transcripts say them, both ways.

A meeting's transcript says its money and counts in words: "fifty million euros", "twelve euro
fifty", "thirteen euro twenty, which is seventy cents over". A summary that writes them in digits
("50 million", "12.50 euros", "13.20 euros, 70 cents over") states the passage's amounts; one
that changes the figure, the scale or the cents does not.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_faithful.text import amounts
from pytest_faithful.text.number_clash import number_clash
from pytest_faithful.text.specifics import unstated
from pytest_faithful.text.words import NUMBER_WORDS

_SAID = sorted(word for word, value in NUMBER_WORDS.items() if int(value) > 1)


@settings(max_examples=40)
@given(st.sampled_from(_SAID), st.sampled_from(["million", "billion"]), st.booleans())
def test_a_number_said_in_words_with_its_scale_is_the_same_amount_in_digits(
    word: str, scale: str, capital: bool
) -> None:
    said = word.capitalize() if capital else word
    passage = [f"Marketing: {said} {scale} euros is what we are aiming for in profit."]
    value = NUMBER_WORDS[word]
    claim = f"Marketing aims for a profit of {value} {scale} euros."
    assert unstated(claim, claim, passage) == []
    other = "billion" if scale == "million" else "million"
    claim = f"Marketing aims for a profit of {value} {other} euros."
    assert unstated(claim, claim, passage) == [value]


PRICE = [
    "Project Manager: The prototype comes out at thirteen euro twenty, which is seventy cents "
    "over budget. We sell it for twelve euros fifty per unit, or 2 dollars 5 in the shop."
]


@pytest.mark.parametrize(
    ("claim", "missing"),
    [
        ("The prototype costs 13.20 euros.", []),
        ("The prototype costs €13.20, 70 cents over budget.", []),
        ("It sells for €12.50 a unit.", []),
        ("It sells for $2.05 in the shop.", []),
        ("The prototype costs 13.30 euros.", ["13.3"]),
        ("It sells for €12.05 a unit.", ["12.05"]),
        ("It sells for $2.50 in the shop.", ["2.5"]),
    ],
)
def test_money_said_with_its_cents_after_the_unit(claim: str, missing: list[str]) -> None:
    assert unstated(claim, claim, PRICE) == missing


def test_a_count_after_an_amount_is_no_cents() -> None:
    passage = ["Anna: I paid 20 dollars 3 times last week."]
    claim = "Anna paid $20.03."
    assert unstated(claim, claim, passage) == ["20.03"]


@pytest.mark.parametrize(
    ("claim", "clashes"),
    [
        ("The prototype costs 13.20 Euro, 70 cents over budget.", False),
        ("The prototype costs 13.20 Euro, 90 cents over budget.", True),
    ],
)
def test_a_currency_before_a_comma_is_the_amount_before_its(claim: str, clashes: bool) -> None:
    evidence = "It comes out at thirteen Euro twenty, which is seventy cents over budget."
    assert (number_clash(claim, evidence) is not None) is clashes


# The one scan may_scale made before it was split into its alternatives (text/amounts.py): the
# split is only faster, and must answer the same for every text.
_ONE_SCAN = re.compile(
    r"\d[^\S\n]?(?:" + "|".join(amounts._SCALES) + r"|cents?)\b"
    rf"|\b(?:{amounts._NUMBER_WORD}|hundred|thousand)[^\S\n]+(?:{amounts._LARGE}|cents?)\b"
    r"|\b(?:euros?|pounds?|dollars?|francs?|quid|bucks)[^\S\n]+\w",
    re.IGNORECASE,
)
# Words and marks each alternative reads, and letters that match others in any case.
_MARKS = (
    "3",
    "1,500",
    "$",
    "\u20ac",
    " ",
    "  ",
    "\n",
    ".",
    "-",
    "x",
    "MILLION",
    "\u017f",
    "\u212a",
)
_PIECES = st.sampled_from(
    [*sorted(NUMBER_WORDS), *amounts._SCALES, "hundred", "cent", "cents", "euro", "Pounds", *_MARKS]
)


@settings(max_examples=100, deadline=None)
@given(st.lists(_PIECES, max_size=8).map("".join))
def test_may_scale_answers_as_its_one_scan_did(text: str) -> None:
    assert amounts.may_scale.__wrapped__(text) is (_ONE_SCAN.search(text) is not None)
