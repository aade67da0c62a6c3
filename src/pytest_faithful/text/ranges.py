"""A range's two ends read together ("6 to 8 weeks", "2-3 weeks", "$5-$8"): one value's
bounds, worked out end by end.

A judge that is right answers "How much faster is expedited?" with "4 to 5 weeks" from a
passage's "Routine service takes 6 to 8 weeks. Expedited service takes 2 to 3 weeks", and
"8 to 10 weeks with mailing" from "6 to 8 weeks" and "2 weeks": each end of the claim's range
is the same sum or difference of the same ends of the passage's ranges (a lone number is a
range of one value). Each end read alone is a sum or a difference of any two of those four
numbers, so that "routine renewals take 4-6 weeks" (6 - 2 and 8 - 2, one of them a lower end,
the other an upper one) or "9 to 11 weeks" (6 + 3 and 8 + 3) would read as worked out:
:func:`worked_out` holds a claim's range to its ends together, and a total of a kind's numbers
(:mod:`~pytest_faithful.text.totals`) takes no range's end as an addend: "2 to 3 weeks" states
no "5 weeks". A claim's single number is no sum of a passage's range's two ends either, nor
their difference unless the range is a change after "from" (:func:`range_pairs`,
:func:`sum_or_difference`: "3 to 7 days" states no "10 days", "rose from 1,200 to 1,500"
states "300 more").
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator
from decimal import Decimal, InvalidOperation

from pytest_faithful.text.patterns import regex
from pytest_faithful.text.terms import content_terms

# Two numbers joined by a dash or "to": "6 to 8", "2-3", "$5-$8", "7,500 to 10,000". A range
# goes up ("3-2" is a score, "2024-03-03" a date: three numbers, no range).
_RANGE = regex(
    r"(?<![\d.,/:-])(\d[\d,]*(?:\.\d+)?)[ \t]*(?:-|\u2013|\u2014|to)[ \t]*[$\u20ac\u00a3]?"
    r"(\d[\d,]*(?:\.\d+)?)(?![\d/:]|[.,-]\d)",
    re.IGNORECASE,
)

Range = tuple[Decimal, Decimal]


def _value(digits: str) -> Decimal | None:
    try:
        return Decimal(digits.replace(",", ""))
    except InvalidOperation:
        return None


def _ranges(text: str) -> Iterable[tuple[Range, frozenset[str]]]:
    for m in _RANGE.finditer(text):
        low, high = _value(m[1]), _value(m[2])
        if low is not None and high is not None and low < high:
            yield (low, high), content_terms(m[1]) | content_terms(m[2])


def range_ends(text: str) -> frozenset[str]:
    """The number terms of ``text`` that are an end of one of its ranges."""
    return frozenset(term for _, terms in _ranges(text) for term in terms)


def range_of(term: str, claim: str) -> Range | None:
    """The range of ``claim`` whose end the number term ``term`` is, else None."""
    return next((ends for ends, terms in _ranges(claim) if term in terms), None)


def worked_out(ends: Range, operands: Iterable[frozenset[Decimal]], text: str) -> bool:
    """Whether the range ``ends`` is the sum or the difference, end by end, of two of
    ``text``'s ranges of ``operands`` (the values of the claim's kind it says; one not an end
    of a range is a range of one value)."""
    values = [min(operand) for operand in operands]
    said = set(values)
    ranges = [r for r, _ in _ranges(text) if r[0] in said and r[1] in said]
    in_ranges = {end for r in ranges for end in r}
    spans = ranges + [(v, v) for v in values if v not in in_ranges]
    for first, second in itertools.permutations(spans, 2):
        if (first[0] + second[0], first[1] + second[1]) == ends:
            return True
        if (first[0] - second[0], first[1] - second[1]) == ends:
            return True
    return False


# A range of one thing: "3 to 7 days", "4-6 hours", "between 70 and 100 mg/dL". After "from"
# it may be a change ("rose from 1,200 to 1,500"), whose difference is a figure of its own.
_PAIR = regex(
    r"(?P<between>\bbetween[^\S\n]+)?(?<![\d.,])(?P<low>\d[\d,]*(?:\.\d+)?)%?"
    r"(?:[^\S\n]*[-\u2013][^\S\n]*|[^\S\n]+(?(between)and|to)[^\S\n]+)"
    r"[$\u20ac\u00a3\u00a5]?(?P<high>\d[\d,]*(?:\.\d+)?)(?![\d.,]*\d)",
    re.IGNORECASE,
)
_FROM = regex(r"\bfrom[^\S\n]*$", re.IGNORECASE)


def range_pairs(text: str) -> frozenset[tuple[str, str, bool]]:
    """The two ends of each range ``text`` writes, as number terms, and whether it may be a
    change ("from 1,200 to 1,500"). A range's ends bound one value ("3 to 7 days"): their sum
    is no figure of anything, nor, unless the range is a change, their difference."""
    return frozenset(
        (low, high, _FROM.search(text, max(0, m.start() - 8), m.start()) is not None)
        for m in _PAIR.finditer(text)
        for low in content_terms(m["low"])
        for high in content_terms(m["high"])
    )


def at_one_scale(
    first: frozenset[Decimal], second: frozenset[Decimal]
) -> Iterator[tuple[Decimal, Decimal]]:
    """Two numbers' values at the same scale: as written, and with their scale words ("$40
    million and $50 million": 40 and 50, 40,000,000 and 50,000,000), never one of each."""
    yield min(first), min(second)
    if len(first) > 1 or len(second) > 1:
        yield max(first), max(second)


def sum_or_difference(
    values: frozenset[Decimal],
    operands: tuple[frozenset[Decimal], ...],
    ranges: frozenset[tuple[frozenset[frozenset[Decimal]], bool]],
) -> bool:
    """Whether one of ``values`` is the sum or the difference of two ``operands``: never the
    sum of a range's two ends ("10 days" from "3 to 7 days"), nor their difference unless the
    range may be a change ("300 more" from "rose from 1,200 to 1,500")."""
    for first, second in itertools.combinations(operands, 2):
        pair = frozenset((first, second))
        ends, change = (pair, False) in ranges, (pair, True) in ranges
        for a, b in at_one_scale(first, second):
            if (a + b in values and not (ends or change)) or (abs(a - b) in values and not ends):
                return True
    return False
