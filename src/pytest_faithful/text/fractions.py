"""Shares said as fractions: "a third" of patients is about 33% of them, "one in eight" is
12.5%, and their numbers are the fraction's, not figures of their own.

An answer that writes "roughly a third" for a passage's "34%", or "25%" for its "one in four",
states the passage's share; :func:`share_stated` reads it for the specifics rules.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from decimal import Decimal

from pytest_faithful.text.amounts import amounts, small_count
from pytest_faithful.text.kinds import number_kinds
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.readings import FULL_WIDTH
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.units import SMALL as _SMALL

# A share said as a fraction: "a third", "two thirds", "one in eight", "3 out of 4". Its
# numbers are the fraction's, not figures of their own: "a third" of patients is 33% of them.
_PARTS = {
    "half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fourth": 4,
    "fourths": 4, "fifth": 5, "fifths": 5, "sixth": 6, "sixths": 6, "tenth": 10, "tenths": 10,
}  # fmt: skip
_COUNT = r"(\d{1,3}|" + "|".join(_SMALL) + r")"
_FRACTION = regex(
    rf"\b(?:(?P<hedge>about|around|roughly|nearly|almost|approximately|some|close to|over|more "
    rf"than|under|less than|just over|just under)[^\S\n]+)?(?:(?P<n>{_COUNT})[^\S\n]+(?:in|out of)"
    rf"[^\S\n]+(?P<m>{_COUNT})|(?P<k>{_COUNT})[^\S\n]*-?[^\S\n]*(?P<part>"
    + "|".join(_PARTS)
    + r"))\b",
    re.IGNORECASE,
)
_PERCENT_SLACK = Decimal(1)  # "a third" is 33%, 33.3% or 34%: a point either way
_HEDGE_SHARE = Decimal("0.1")  # "roughly a third" holds for 30-37%


# A pure reading of its text, asked for each number of a claim.
@functools.lru_cache(maxsize=1024)
def shares(text: str) -> tuple[tuple[frozenset[str], Decimal, bool], ...]:
    """Each share ``text`` says as a fraction: the number terms it is written with, its value
    as a percentage, and whether a hedge ("roughly", "over") loosens it."""
    found: list[tuple[frozenset[str], Decimal, bool]] = []
    if not text.isascii():
        text = text.translate(FULL_WIDTH)
    # The words as written: the readings make "third" an ordinal ("3rd"), not a part.
    for m in _FRACTION.finditer(text):
        if m["part"]:
            n, d = small_count(m["k"]), _PARTS[m["part"].casefold()]
        else:
            n, d = small_count(m["n"]), small_count(m["m"])
        if not 0 < n <= d:
            continue
        terms = content_terms(m[0])
        value = Decimal(100 * n) / Decimal(d)
        found.append((frozenset(t for t in terms if t[0].isdigit()), value, m["hedge"] is not None))
    return tuple(found)


def share_stated(term: str, claim: str, passages: Sequence[str]) -> bool:
    """Whether ``term`` is a number of a share ``claim`` says as a fraction whose percentage a
    passage states ("a third" for "34%", "one in eight" for "12.5%"), or a percentage of the
    claim that a passage says as such a fraction ("25%" for "one in four"); or of a fraction
    of a unit that is the simple fraction nearest a passage's amount in that unit ("about a
    third of a mile" for "0.3 miles")."""
    said = [(value, hedged) for terms, value, hedged in shares(claim) if term in terms]
    if said:
        written = _percentages(passages) + _own_ratios(claim, passages)
        if any(_close(value, p, hedged) for value, hedged in said for p in written):
            return True
        return any(
            unit_amount == value / 100
            for terms, value, unit in _unit_fractions(claim)
            if term in terms
            for unit_amount in _nearest_fractions(passages, unit)
        )
    if "percent" not in number_kinds(claim).get(term, frozenset()):
        return False
    values = amounts(claim).get(term, frozenset())
    return any(
        _close(value, v, hedged)
        for passage in passages
        for _, value, hedged in shares(passage)
        for v in values
    )


def _own_ratios(claim: str, passages: Sequence[str]) -> list[Decimal]:
    """The ratio of each two amounts the claim writes and a passage states, the smaller of the
    larger, as a percentage: "268 of the 412 opposed, about two-thirds"."""
    stated = frozenset().union(*(v for p in passages for v in amounts(p).values()))
    values = sorted({v for vs in amounts(claim).values() for v in vs & stated if v > 0})
    return [a / b * 100 for i, b in enumerate(values) for a in values[:i]][:_MOST_RATIOS]


# The most ratios read: a claim of many figures is a table, not a share.
_MOST_RATIOS = 28


def _percentages(passages: Sequence[str]) -> list[Decimal]:
    found: list[Decimal] = []
    for passage in passages:
        written = amounts(passage)
        for term, kinds in number_kinds(passage).items():
            if "percent" in kinds:
                found.extend(written.get(term, ()))
    return found


def _close(share: Decimal, percent: Decimal, hedged: bool) -> bool:
    slack = _HEDGE_SHARE * share if hedged else _PERCENT_SLACK
    return abs(share - percent) <= max(slack, _PERCENT_SLACK)


# What a fraction is of, when it is a unit's: "a third of a mile", "half an hour".
_OF_A_UNIT = regex(r"[^\S\n]+(?:of[^\S\n]+)?an?[^\S\n]+([a-z]+)", re.IGNORECASE)
# The simple fractions a writer rounds an amount below one unit to: halves to sixths (0.3 of
# a mile is "about a third", not three tenths).
_SIMPLE = sorted({Decimal(n) / Decimal(d) for d in range(2, 7) for n in range(1, d)})


def _unit_fractions(text: str) -> list[tuple[frozenset[str], Decimal, str]]:
    """Each fraction ``text`` says of a unit: its number terms, its value as a percentage, and
    the unit's term."""
    found: list[tuple[frozenset[str], Decimal, str]] = []
    for m in _FRACTION.finditer(text):
        if not m["part"] or (of := _OF_A_UNIT.match(text, m.end())) is None:
            continue
        n, d = small_count(m["k"]), _PARTS[m["part"].casefold()]
        unit = next(iter(content_terms(of[1])), "")
        if 0 < n < d and unit:
            terms = frozenset(t for t in content_terms(m[0]) if t[0].isdigit())
            found.append((terms, Decimal(100 * n) / Decimal(d), unit))
    return found


def _nearest_fractions(passages: Sequence[str], unit: str) -> list[Decimal]:
    """For each amount below one that a passage says in ``unit`` ("0.3 miles"), the simple
    fraction nearest it (a third)."""
    found: list[Decimal] = []
    for passage in passages:
        written = amounts(passage)
        for term, kinds in number_kinds(passage).items():
            if f"unit:{unit}" in kinds:
                found.extend(_nearest(v) for v in written.get(term, ()) if 0 < v < 1)
    return found


def _nearest(amount: Decimal) -> Decimal:
    return min(_SIMPLE, key=lambda f: abs(f - amount))
