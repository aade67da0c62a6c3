"""The opposites rule's pre-tests: the one look for prefixed opposites agrees with reading each
word of the claim, and a claim and evidence passed over hold no contrast."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_faithful.text.bounds import without_bounds
from pytest_faithful.text.contrasts import contrast, may_contrast
from pytest_faithful.text.opposite_words import any_prefixed, prefixed

_WORDS = st.sampled_from(
    ["able", "unable", "known", "unknown", "legal", "illegal", "in", "un", "non", "nonstop",
     "stop", "dispute", "pute", "inform", "form", "import", "port", "ir", "irregular",
     "regular", "disabled", "abled", "unit", "it", "a", "nonprofit", "profit"]
)  # fmt: skip
_TERMS = st.frozensets(st.one_of(_WORDS, st.text("abdilmnoprstu", max_size=9)), max_size=8)


@given(_TERMS, _TERMS)
def test_any_prefixed_is_any_word_prefixed(said: frozenset[str], shown: frozenset[str]) -> None:
    assert any_prefixed(said, shown) == any(prefixed(word, shown) for word in said)


def test_any_prefixed_reads_both_ways() -> None:
    assert any_prefixed(frozenset({"known"}), frozenset({"unknown"}))
    assert any_prefixed(frozenset({"unknown"}), frozenset({"known"}))
    assert not any_prefixed(frozenset({"unit"}), frozenset({"it"}))  # too short a word
    assert not any_prefixed(frozenset({"stable"}), frozenset({"table"}))


_PIECES = st.sampled_from(
    ["Prices", "increased", "decreased", "rose", "fell", "in", "March", "the", "shop", "is",
     "open", "closed", "at", "most", "least", "5", "30", "days", "or", "more", "less", "than",
     "free", "of", "charge", "unsafe", "safe", "not", "uncommon", "rare", "within", "over",
     "under", "before", "after", "Open", "second", "per", "cent", "<b>", "</b>", "early"]
)  # fmt: skip
_TEXTS = st.lists(_PIECES, max_size=9).map(" ".join)


@given(_TEXTS, _TEXTS)
def test_a_pair_passed_over_holds_no_contrast(claim: str, evidence: str) -> None:
    """Where the pre-test finds no opposite, neither the texts nor the texts with their
    bounds' words blanked (as the opposites rule reads them) hold one."""
    if may_contrast(claim, evidence):
        return
    assert contrast(claim, evidence) is None
    assert contrast(without_bounds(claim), without_bounds(evidence)) is None


@pytest.mark.parametrize(
    ("claim", "evidence", "may"),
    [
        ("Prices increased in March.", "Prices decreased in March.", True),
        ("The ride is safe.", "The ride is unsafe.", True),
        ("Shipping is free.", "Shipping costs a fee.", True),
        ("The kettle ships within 2 days to Leeds.", "The kettle ships within 2 days", False),
        ("Returns are accepted within 30 days.", "Returns are accepted within 30 days", False),
    ],
)
def test_may_contrast(claim: str, evidence: str, may: bool) -> None:
    assert may_contrast(claim, evidence) is may
