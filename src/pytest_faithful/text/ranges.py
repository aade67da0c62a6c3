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
no "5 weeks".
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from decimal import Decimal, InvalidOperation

from pytest_faithful.text.terms import content_terms

# Two numbers joined by a dash or "to": "6 to 8", "2-3", "$5-$8", "7,500 to 10,000". A range
# goes up ("3-2" is a score, "2024-03-03" a date: three numbers, no range).
_RANGE = re.compile(
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
