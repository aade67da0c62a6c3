"""A word or phrase an answer writes twice in a row that no passage writes so.

A summariser that loses its place repeats itself: "shot dead in his home home in", "a new
pension pension scheme", "the isle of isle of Lewis". A judge reads such a sentence for its
gist and finds it in the passage; the sentence as written is garbled, and what it garbles is
most often more than the repeat (the same decoding step that stutters swaps a name or a
predicate). A repeat is read where the two copies stand apart only by spaces on one line, so a
list ("New York, New York"), a table's cells ("| Yes | Yes |") and a hyphenated word
("so-so") are none. It must hold a word that states something and is four letters or more:
"that that", "had had", "very very" and a dialogue's "ha ha", "bye bye" or "no no" are English.
A name written twice ("Walla Walla", "Bora Bora") is one whenever a passage writes it so.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pytest_faithful.text.patterns import regex
from pytest_faithful.text.words import STOPWORDS

__all__ = ["unstated_repeats"]

# One to three words, then the same words again after spaces on the same line, as whole words.
# A word is letters with inner apostrophes; the lookarounds keep "so-so" and "ab abc ab abc"'s
# halves out. The backreference matches in any case ("Home home").
_TOKEN = r"[^\W\d_]+(?:['\u2019][^\W\d_]+)*"
_REPEAT = regex(
    rf"(?<![\w'\u2019-])((?:{_TOKEN}[^\S\n]+){{0,2}}{_TOKEN})[^\S\n]+\1(?![\w'\u2019-])",
    re.IGNORECASE,
)
_WORDS = regex(_TOKEN)
_MIN_LETTERS = 4


def _states_something(words: Sequence[str]) -> bool:
    return any(len(w) >= _MIN_LETTERS and w.casefold() not in STOPWORDS for w in words)


# Every repeat a passage writes, of one, two and three words, wherever it starts (a lookahead,
# so that "a b a b a" holds "b a b a" too), its copies apart by any spaces: one pass each.
_PASSAGE_REPEATS = tuple(
    re.compile(
        rf"(?<![\w'\u2019-])(?=((?:{_TOKEN}\s+){{{n}}}{_TOKEN})\s+\1(?![\w'\u2019-]))",
        re.IGNORECASE,
    )
    for n in range(3)
)


def _key(words: Sequence[str]) -> tuple[str, ...]:
    return tuple(w.casefold() for w in words)


def _written_twice(passages: Sequence[str]) -> frozenset[tuple[str, ...]]:
    return frozenset(
        _key(_WORDS.findall(m[1]))
        for p in passages
        for r in _PASSAGE_REPEATS
        for m in r.finditer(p)
    )


def unstated_repeats(claim: str, passages: Sequence[str]) -> list[str]:
    """The repeats ``claim`` writes ("home home") that no passage writes, each as written."""
    repeats = [m for m in _REPEAT.finditer(claim) if _states_something(_WORDS.findall(m[1]))]
    if not repeats:  # most claims: the passages are not read
        return []
    written = _written_twice(passages)
    return [m[0] for m in repeats if _key(_WORDS.findall(m[1])) not in written]
