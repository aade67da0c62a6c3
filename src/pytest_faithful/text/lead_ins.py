"""A line that leads into the list under it and says only how many items it has: "Two
things:", "There are three components:" over its items.

Such a lead-in states nothing its list does not: its count is the list's length, and each item
is judged as a claim of its own. A judge has no passage span to quote for it, and the number
rules find its count in no passage, so a faithful answer that introduces its list that way
failed. :func:`leads_in` reads a line ending in a colon, with one count and at most three other
content words and no name, as a lead-in where the list under it (two items or more, each on a
line of its own after a marker) has that many items; ``restating_headings`` leaves it
unjudged, like a label. One whose count the list does not make ("Three things:" over two) is
judged as any claim. Not a total ("£190 in total:"): a lie in an item that leaves every figure
of it one a passage writes elsewhere still makes a total no passage works out, and judging the
total catches it (stop 67: framing totals that add up too passed 7 more honest answers on the
blind probes and lost 4 such catches).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from pytest_faithful.text.amounts import amounts
from pytest_faithful.text.kinds import number_kinds
from pytest_faithful.text.segment import BULLET, Sentence
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.words import WORD

_MOST_WORDS = 3
_MOST_ITEMS = 12
_COUNTED = frozenset({"plain"})


def leads_in(sentences: Sequence[Sentence], at: int, framing: frozenset[str]) -> bool:
    """Whether ``sentences[at]`` leads into the list after it with a count or a total the list
    bears out (module docstring); ``framing``: the content words an answer's framing of
    itself uses, which count for none of the three."""
    text = sentences[at].text.rstrip()
    if not text.endswith(":") or at + 1 >= len(sentences):
        return False
    terms = content_terms(text) - framing
    figures = [term for term in terms if term[0].isdigit()]
    if len(figures) != 1 or len(terms) - 1 > _MOST_WORDS:
        return False
    if any(word[0].isupper() for word in WORD.findall(text)[1:]):
        return False  # "Natalie offered Frank two options:" says who did what
    items = _items(sentences, at)
    if len(items) < 2:
        return False
    figure = figures[0]
    kinds = number_kinds(text).get(figure, _COUNTED)
    values = amounts(text).get(figure, frozenset())
    if kinds - _COUNTED and not all(kind.startswith("unit:") for kind in kinds):
        return False  # a percent, a time, a year: no count of the list
    return Decimal(len(items)) in values


def _items(sentences: Sequence[Sentence], at: int) -> list[str]:
    """The list items right after ``sentences[at]``: each sentence that opens with a marker,
    up to the first that does not, at most :data:`_MOST_ITEMS`."""
    items = []
    for sentence in sentences[at + 1 : at + 1 + _MOST_ITEMS]:
        if not BULLET.match(sentence.text):
            break
        items.append(sentence.text)
    return items
