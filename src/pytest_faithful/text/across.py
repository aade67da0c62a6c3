"""A number an answer works out from two passages, one about each thing it compares: stated.

Retrieval brings one passage per thing, and a multi-document answer compares them: "Storm
Helka ... gusts of up to 140 km/h" and "Storm Ivo ... gusts of 120 km/h" state "Helka's
gusts were 20 km/h stronger than Ivo's"; "85,000 homes lost power" and "cutting electricity
to about 40,000 homes" state "the two storms together left 125,000 homes without power". No
passage writes 20 or 125,000, and :mod:`~pytest_faithful.text.arithmetic` reads only numbers
one passage says together. :func:`across` reads such a number as stated when:

* the claim compares the number ("20 km/h stronger than", "25 metres taller than", "300
  more homes than": a comparative at most three words after it, then "than") or adds
  ("together", "combined", "in total", "altogether", "between them", "difference");
* it is the sum or the difference of two numbers of its own kind (a unit: "km", "homes",
  "metres"; money; a percent; never a year, a date or a bare number), one from each of two
  passages;
* each of the two passages says a word of the claim's, and the two together say at least half
  of its other words (they are about what the claim is about);
* for a comparison ("A is N taller than B"), the first passage says a word only A's side of
  "than" says, the second one only B's side says, and A's number less B's is N (B's less A's
  for "fewer", "shorter", "lower" and the other comparatives of less): "the Harbour Spire is
  25 metres taller than the Meridian Tower" is not stated by a 187-metre Spire and a 212-metre
  Tower. Things told apart by a letter or a number after a capitalised word ("Flat A" and
  "Flat B", "Plan 2") are told apart by it: "Flat A costs £350 a month more than Flat B" is
  stated by "Flat A ... £1,450 per month" and "Flat B ... £1,100 per month", though neither
  writes "costs".

A lie that changes the figure is caught unless it lands on another such sum or difference by
chance, and one that swaps which thing is larger is caught. The passages are found
through the claim's words (an index, at most :data:`_MOST_PASSAGES` of them), so a check's
time stays linear in its text.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Mapping
from decimal import Decimal

from pytest_faithful.text.amounts import amounts
from pytest_faithful.text.kinds import number_kinds
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.ranges import at_one_scale
from pytest_faithful.text.terms import content_terms

# Kinds no sum is read in: labels of a thing, not values of it (as text/arithmetic.py).
_NO_SUM = frozenset({"time", "year", "date", "decade", "plain", "24/7", "score", "ordinal"})
_COMBINES = regex(
    r"\b(?:together|combined|in\s+total|altogether|between\s+them|difference)\b", re.IGNORECASE
)
_ARITHMETIC = frozenset(content_terms("together combined total altogether difference between"))
# "20 km/h stronger than", "25 metres taller than", "300 more homes than": the number's
# comparative, at most three words after it (not "less than two years", a bound).
_COMPARED = regex(
    r"(?<![\d,.])(?P<n>\d[\d,]*(?:\.\d+)?)\s*(?:[^\W\d_]+[\s/]+|/[^\W\d_]+\s+){0,3}?"
    r"(?P<cmp>more|less|fewer|[^\W\d_]{2,}er)\s+(?:[^\W\d_]+\s+){0,2}?than\b",
    re.IGNORECASE,
)
# The comparatives of less: "A is 20 km/h slower than B" is B's less A's.
_LESS = regex(
    r"\b(?:less|fewer|lower|smaller|shorter|weaker|cheaper|lighter|slower|narrower|thinner"
    r"|shallower|younger)\b",
    re.IGNORECASE,
)
_UNIT_AFTER = regex(r"\s+([^\W\d_]+)\s+than\b")
# A thing's label: a capitalised word and a capital letter or a short number ("Flat A", "Plan
# 2"), read as one term with a space, which no content term has.
_LABEL = regex(r"\b([A-Z][a-z]+)[^\S\n]+([A-Z]|\d{1,2})(?![\w.,:%/-]\w|[\w%])")
# Share of the claim's other words the two passages must say between them.
MIN_SHARED = 0.5
# The passages a claim is read against (pairs grow as their square), and the operands one
# passage offers of a kind.
_MOST_PASSAGES = 8
_MOST_OPERANDS = 12


class _Passage:
    """One passage's words and its values of each kind."""

    __slots__ = ("terms", "values")

    def __init__(self, text: str) -> None:
        self.terms = content_terms(text) | _labels(text)
        kinds = number_kinds(text)
        written = amounts(text)
        values: dict[str, list[frozenset[Decimal]]] = {}
        for term, term_kinds in kinds.items():
            if (stated := written.get(term)) is not None:
                for kind in term_kinds - _NO_SUM:
                    values.setdefault(kind, []).append(stated)
        self.values: Mapping[str, tuple[frozenset[Decimal], ...]] = {
            kind: tuple(found[:_MOST_OPERANDS]) for kind, found in values.items()
        }


@functools.lru_cache(maxsize=64)
def _read(passages: tuple[str, ...]) -> tuple[tuple[_Passage, ...], Mapping[str, tuple[int, ...]]]:
    """Each passage read, and the passages that say each word (read once per check)."""
    read = tuple(_Passage(text) for text in passages)
    saying: dict[str, list[int]] = {}
    for i, passage in enumerate(read):
        for word in passage.terms:
            saying.setdefault(word, []).append(i)
    return read, {word: tuple(found) for word, found in saying.items()}


def across(term: str, claim: str, passages: tuple[str, ...]) -> bool:
    """Whether the number ``term`` of ``claim`` is the sum or the difference of two numbers of
    its kind, one from each of two passages about what the claim compares (module docstring)."""
    compared = next((m for m in _COMPARED.finditer(claim) if content_terms(m["n"]) == {term}), None)
    if compared is None and not _COMBINES.search(claim):
        return False
    kinds = number_kinds(claim).get(term, frozenset()) - _NO_SUM
    if compared is not None and (unit := _UNIT_AFTER.match(claim, compared.end("cmp"))):
        kinds |= {"unit:" + word for word in content_terms(unit[1])}  # "45,000 more homes"
    values = amounts(claim).get(term, frozenset())
    if not kinds or not values:
        return False
    own = {kind.removeprefix("unit:") for kind in kinds if kind.startswith("unit:")}
    about = frozenset(t for t in content_terms(claim) if not t[0].isdigit()) - own - _ARITHMETIC
    if not about:
        return False
    sides = None if compared is None else _sides(claim, compared, about)
    read, saying = _read(passages)
    # The passages that say the claim's rarest words, at most _MOST_PASSAGES of them.
    chosen: set[int] = set()
    for word in sorted(about, key=lambda w: len(saying.get(w, ()))):
        chosen.update(saying.get(word, ())[: _MOST_PASSAGES - len(chosen)])
        if len(chosen) >= _MOST_PASSAGES:
            break
    found = sorted(chosen)
    for i, j in itertools.permutations(found, 2):
        first, second = read[i], read[j]
        if len(about & (first.terms | second.terms)) < MIN_SHARED * len(about):
            continue
        if sides is not None and not (first.terms & sides[0] and second.terms & sides[1]):
            continue
        for kind in kinds:
            for a_values, b_values in itertools.product(
                first.values.get(kind, ()), second.values.get(kind, ())
            ):
                for a, b in at_one_scale(a_values, b_values):
                    if sides is None and (a + b in values or abs(a - b) in values):
                        return True
                    if sides is not None and sides[2] * (a - b) in values:
                        return True
    return False


def _sides(
    claim: str, compared: re.Match[str], about: frozenset[str]
) -> tuple[frozenset[str], frozenset[str], int]:
    """For "A is N more than B": the words only A's side says, those only B's side says, and
    which way the difference goes (1 where A's is the larger, -1 for "fewer", "shorter" ...)."""
    before = about & content_terms(claim[: compared.start()]) | _labels(claim[: compared.start()])
    after = about & content_terms(claim[compared.end() :]) | _labels(claim[compared.end() :])
    way = -1 if _LESS.fullmatch(compared["cmp"]) else 1
    return before - after, after - before, way


def _labels(text: str) -> frozenset[str]:
    return frozenset(f"{m[1].lower()} {m[2].lower()}" for m in _LABEL.finditer(text))
