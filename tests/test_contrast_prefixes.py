"""The one look for prefixed opposites agrees with reading each word of the claim."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pytest_faithful.text.contrasts import _any_prefixed, _prefixed

_WORDS = st.sampled_from(
    ["able", "unable", "known", "unknown", "legal", "illegal", "in", "un", "non", "nonstop",
     "stop", "dispute", "pute", "inform", "form", "import", "port", "ir", "irregular",
     "regular", "disabled", "abled", "unit", "it", "a", "nonprofit", "profit"]
)  # fmt: skip
_TERMS = st.frozensets(st.one_of(_WORDS, st.text("abdilmnoprstu", max_size=9)), max_size=8)


@given(_TERMS, _TERMS)
def test_any_prefixed_is_any_word_prefixed(said: frozenset[str], shown: frozenset[str]) -> None:
    assert _any_prefixed(said, shown) == any(_prefixed(word, shown) for word in said)


def test_any_prefixed_reads_both_ways() -> None:
    assert _any_prefixed(frozenset({"known"}), frozenset({"unknown"}))
    assert _any_prefixed(frozenset({"unknown"}), frozenset({"known"}))
    assert not _any_prefixed(frozenset({"unit"}), frozenset({"it"}))  # too short a word
    assert not _any_prefixed(frozenset({"stable"}), frozenset({"table"}))
