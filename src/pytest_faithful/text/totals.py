"""What all the numbers of a kind a passage says together make: a total, a mean, a bound met.

"$12 + $8 + $5 = $25", "the three fees add up to $25" from "The setup fee is $12. The monthly
service fee is $8, and a one-time activation fee of $5 applies."; "The team has 21 people" from
"12 women and 9 men"; "30 children" from "18 boys and 12 girls"; "the average score was 80" from
"70, 80 and 90"; "A 20 kg checked bag is within the limit" from "one checked bag of no more than
23 kg". :mod:`~pytest_faithful.text.arithmetic` reads a claim's number as stated when it is,
from sentences about what the claim is (as it reads a sum of two):

* the total of every number of the claim number's kind one sentence says, or two in a row say
  (three or more; two are a sum :mod:`~pytest_faithful.text.arithmetic` reads already), and
  the count of them, for the count the claim gives with that total ("the three fees");
* the total of every number a sentence (or two in a row) says of the groups the claim's word
  gathers: people (women, men, boys, girls, children, adults, kids), children (boys, girls),
  adults (women, men);
* the mean of every number of the kind a sentence (or two in a row) says, for a claim that says
  "average" or "mean", to the places it is written ("133 kg on average" from 120, 80 and 200);
* a number below a passage's upper bound of its kind ("no more than 23 kg", "under 7 kg", "at
  most 500 people"), for a claim that says its number is within or under the limit (or the
  capacity, the maximum), allowed or permitted, and bounds nothing itself; of the sentences with
  such a bound, those that say most of the claim's words decide ("A 20 kg cabin bag is within
  the limit" is the cabin bags' "under 7 kg", not the checked bag's "no more than 23 kg").

The two ends of a range ("2 to 3 weeks") are one value's bounds, no two addends
(:mod:`~pytest_faithful.text.ranges`). A number a total does not make is caught as before:
"$26 in total", "22 people", "a 25 kg bag is within the limit". Each of these is one pass over
a run's numbers: linear in the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from decimal import Decimal
from typing import NamedTuple

from pytest_faithful.text.bounds import UPPER, bound_senses
from pytest_faithful.text.kinds import number_kinds
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.ranges import range_ends, range_pairs
from pytest_faithful.text.rates import matches
from pytest_faithful.text.terms import content_terms

# Kinds no total is read in (as for a sum of two: a year, a time or a bare number is a label).
_NO_TOTAL = frozenset({"time", "year", "date", "decade", "plain", "24/7"})


def _units(words: str) -> frozenset[str]:
    return frozenset(kind for w in words.split() for kind in number_kinds(f"2 {w}").get("2", ()))


_CHILDREN = _units("boy boys girl girls son sons daughter daughters")
_ADULTS = _units("woman women man men")
_PEOPLE = _ADULTS | _CHILDREN | _units("child children kid kids adult adults")
# A claim's unit -> the units a passage's numbers of its members are said in.
_GROUPS: Mapping[str, frozenset[str]] = {
    **dict.fromkeys(_units("children child kids kid"), _CHILDREN),
    **dict.fromkeys(_units("adults adult"), _ADULTS),
    **dict.fromkeys(_units("people persons individuals members participants"), _PEOPLE),
}
_MEAN = frozenset(content_terms("average mean avg"))
# A claim that says its number is inside a limit: "within the limit", "under the truck's
# limit", "within the hall's capacity", "is allowed".
_INSIDE = regex(
    r"\b(?:(?P<at>within|under|below|inside)\s+(?:the\s+)?(?:[\w'\u2019-]+\s+){0,2}?"
    r"(?P<limit>limits?|caps?|capacity|maximum|max|allowance)|allowed|permitted|acceptable)\b",
    re.IGNORECASE,
)


class Total(NamedTuple):
    """Every number of ``kind`` some sentences say: their total at the scale written and with
    scale words ("$40 million": 40 and 40,000,000), and how many they are."""

    kind: str
    written: Decimal
    scaled: Decimal
    many: int


class Bound(NamedTuple):
    """An upper bound a sentence says on a number of ``kinds``, with the sentence's words."""

    values: frozenset[Decimal]
    kinds: frozenset[str]
    terms: frozenset[str]


def totals(
    sentences: tuple[str, ...],
    kinds: Mapping[str, frozenset[str]],
    written: Mapping[str, frozenset[Decimal]],
) -> Iterator[Total]:
    """The totals of each kind (and each group of kinds) of each sentence and of them all
    (``kinds`` and ``written`` read the sentences together)."""
    # A range's two ends are one value's bounds, no addends: "2 to 3 weeks" totals no 5 weeks.
    joined = " ".join(sentences)
    ends = range_ends(joined) | {end for pair in range_pairs(joined) for end in pair[:2]}
    if len(sentences) > 1:
        for sentence in sentences:
            yield from _totals_of(number_kinds(sentence), written, ends)
    yield from _totals_of(kinds, written, ends)


def _totals_of(
    kinds: Mapping[str, frozenset[str]],
    written: Mapping[str, frozenset[Decimal]],
    ends: frozenset[str],
) -> Iterator[Total]:
    by_kind: dict[str, list[frozenset[Decimal]]] = {}
    for term, term_kinds in kinds.items():
        if term not in ends and (stated := written.get(term)) is not None:
            for kind in term_kinds - _NO_TOTAL:
                by_kind.setdefault(kind, []).append(stated)
    for kind, found in by_kind.items():
        if len(found) > 1:
            yield Total(
                kind, sum(map(min, found), Decimal(0)), sum(map(max, found), Decimal(0)), len(found)
            )
    for group, members in _GROUPS.items():
        found = [stated for kind in members & by_kind.keys() for stated in by_kind[kind]]
        if len(found) > 1 and group not in by_kind:
            yield Total(
                group,
                sum(map(min, found), Decimal(0)),
                sum(map(max, found), Decimal(0)),
                len(found),
            )


def bounds(sentences: tuple[str, ...]) -> Iterator[Bound]:
    """The upper bounds each of ``sentences`` says, with the kinds of their numbers."""
    for sentence in sentences:
        senses = bound_senses(sentence)
        if not any(UPPER in s for s in senses.values()):
            continue
        kinds = number_kinds(sentence)
        terms = content_terms(sentence)
        for term, sense in senses.items():
            if UPPER in sense and (number := _value(term)) is not None:
                yield Bound(frozenset({number}), kinds.get(term, frozenset()), terms)


def _value(term: str) -> Decimal | None:
    try:
        return Decimal(term)
    except ArithmeticError:
        return None


def totalled(
    values: frozenset[Decimal],
    kinds: frozenset[str],
    claim_words: frozenset[str],
    found: tuple[Total, ...],
) -> bool:
    """Whether one of ``values``, of one of ``kinds``, is a total of ``found`` of its kind, or
    (for a claim whose words say "average" or "mean") their mean."""
    mean = bool(claim_words & _MEAN)
    for total in found:
        if total.kind not in kinds:
            continue
        if mean:
            exact = (total.written / total.many, total.scaled / total.many)
            if any(matches(value, e) for value in values for e in exact):
                return True
        elif total.many > 1 and (total.written in values or total.scaled in values):
            return True
    return False


def counted_total(
    values: frozenset[Decimal],
    others: Iterator[tuple[frozenset[str], frozenset[Decimal]]],
    found: tuple[Total, ...],
) -> bool:
    """Whether one of ``values`` counts the numbers whose total another number of the claim
    (each of ``others``: its kinds and values) is: "three" in "the three fees add up to $25"."""
    return any(
        Decimal(total.many) in values and (total.written in totals_ or total.scaled in totals_)
        for other_kinds, totals_ in others
        for total in found
        if total.kind in other_kinds
    )


def inside(claim: str) -> frozenset[str]:
    """The words of ``claim`` that say its number is inside a limit ("within the limit",
    "allowed"), or none."""
    return frozenset(
        t
        for m in _INSIDE.finditer(claim)
        for t in content_terms(" ".join(m.group("at", "limit")) if m["at"] else m[0])
    )


def within_bound(
    values: frozenset[Decimal],
    kinds: frozenset[str],
    about: frozenset[str],
    found: tuple[Bound, ...],
) -> bool:
    """Whether ``values`` lie below the upper bounds of their kind of the sentences that say
    most of ``about`` (at least half of it)."""
    fitting = [b for b in found if b.kinds & kinds and 2 * len(about & b.terms) >= len(about)]
    if not fitting or not values:
        return False
    most = max(len(about & b.terms) for b in fitting)
    return all(
        0 < value < min(b.values)
        for b in fitting
        if len(about & b.terms) == most
        for value in values
    )
