"""The negation rule's pre-test: a text it passes over holds nothing any reading takes for a
negation, so the rule decides the same with it as without it, at a fraction of the cost."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_faithful import Label, verify
from pytest_faithful.models import Verdict
from pytest_faithful.testing import FunctionJudge
from pytest_faithful.text.polarity import may_negate, negation_clash
from pytest_faithful.text.words import NEGATIONS

_PIECES = st.sampled_from(
    ["The", "shop", "ships", "free", "of", "charge", "not", "no", "piano", "knot", "minor",
     "cannot", "nothing", "nothing's", "company's", "don't", "dont", "fails", "to", "open",
     "refunds", "excluded", "from", "prohibits", "it", "is", "false", "that", "non-stop",
     "Sunday", "Noon", "second", "3", "30", "days", "within", "more", "than", "at", "least",
     "OutdoorSeating:", "true", "false", "<b>not</b>", "never", "x", "ab", "annot", "Reno"]
)  # fmt: skip
_SEPARATORS = st.sampled_from([" ", " ", ", ", ". ", "; ", "-", "", "'", "\n"])
_TEXTS = st.lists(st.tuples(_PIECES, _SEPARATORS), max_size=9).map(
    lambda parts: "".join(p + s for p, s in parts)
)
_PLAIN = "The shop opens on Sundays."


@given(_TEXTS, st.integers(min_value=0, max_value=60))
def test_a_text_passed_over_clashes_with_nothing(text: str, cut: int) -> None:
    """Any part of a text the pre-test passes over that a reading may open at (a span opens
    inside a word) clashes neither way with a text that negates nothing."""
    if may_negate(text):
        return
    part = text[cut:]
    assert not may_negate(_PLAIN)
    assert not negation_clash(part, _PLAIN)
    assert not negation_clash(_PLAIN, part)
    assert not negation_clash(part, part)


@pytest.mark.parametrize("word", sorted(NEGATIONS))
def test_every_negation_word_is_read(word: str) -> None:
    assert may_negate(f"The shop is {word} open.")


@pytest.mark.parametrize(
    "text",
    [
        "Refunds don't reach the card.",
        "Orders ship free of charge.",
        "The build fails to compile.",
        "The terms prohibit reverse engineering.",
        "Pets are excluded from cover.",
        "It is a myth that bats are blind.",
        "a non-refundable ticket",
        "OutdoorSeating: false",
        "does <b>not</b> ship",
        "Die Lieferung ist nicht kostenlos.",
        "cannot",  # and its end, where a span opens inside it
        "not",
    ],
)
def test_what_reads_as_a_negation(text: str) -> None:
    assert may_negate(text)


@pytest.mark.parametrize(
    "text",
    [
        "The kettle model 1000 ships within 2 business days to Leeds.",
        "The company's store opens at 9 am on weekdays.",
        "Returns are accepted within 30 days of delivery.",
    ],
)
def test_what_holds_no_negation(text: str) -> None:
    assert not may_negate(text)


def _quoting(quote: str) -> FunctionJudge:
    return FunctionJudge(
        lambda claims, passages: [
            Verdict(claim_index=0, label=Label.SUPPORTED, reason="Stated.", evidence=quote)
        ]
    )


@pytest.mark.parametrize(
    ("claim", "passage", "quote", "passed"),
    [
        # The quote opens after the "not" that governs it: the rule still reads it.
        ("Nobody can return opened software.", "Nobody can return opened software.",
         "return opened software", True),
        ("Customers can return opened software.", "Customers cannot return opened software.",
         "return opened software", False),
        ("Refunds reach the card within 5 days.", "Refunds reach the card within 5 days.",
         "Refunds reach the card within 5 days", True),
    ],
)  # fmt: skip
def test_the_rule_reads_negations_the_pretest_lets_through(
    claim: str, passage: str, quote: str, passed: bool
) -> None:
    result = verify(claim, [passage], judge=_quoting(quote), rules=["negation"])
    assert result.passed is passed
