"""A number a claim works out from how often something happens or how much a period holds.

"every 10 minutes, so roughly six buses an hour": how many times an hour holds the interval a
passage states; "for ten weeks with one 45-minute lesson a week, so about seven and a half
hours of lessons": a measure given per period times a span of that period the claim writes.
:mod:`~pytest_faithful.text.own_operands` reads a claim's number as stated when one of these
works it out from figures a passage states.
"""

from __future__ import annotations

import itertools
from decimal import Decimal

from pytest_faithful.text.amounts import amounts
from pytest_faithful.text.measures import measured_in, measures
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.rates import same_amount
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.words import NUMBER_WORDS

# How often: "every 10 minutes", and so many a period: "six buses an hour", "4 times a day".
_COUNT = rf"(\d+|{'|'.join(sorted(NUMBER_WORDS, key=len, reverse=True))})"
_EVERY = regex(rf"(?i)\bevery\s+{_COUNT}\s+(minute|hour|day|week|month|year)s?\b")
_A_PERIOD = regex(
    rf"(?i)(?<![\d,.])\b{_COUNT}\s+(?:[^\W\d_]+\s+){{0,2}}?(?:an?|per|each)\s+"
    r"(hour|day|week|month|year)\b"
)
_MINUTES = {"minute": 1, "hour": 60, "day": 1440, "week": 10080, "month": 43830, "year": 525960}


def times_a_period(term: str, claim: str, passages: tuple[str, ...]) -> bool:
    """Whether ``term`` is how many times a period holds the interval the claim writes "every"
    and a passage states: "every 10 minutes, so roughly six buses an hour"."""
    if "very" not in claim:
        return False
    counts = [m[2].casefold() for m in _A_PERIOD.finditer(claim) if content_terms(m[1]) == {term}]
    if not counts:
        return False
    said = {(content_terms(m[1]), m[2].casefold()) for p in passages for m in _EVERY.finditer(p)}
    for m in _EVERY.finditer(claim):
        every = (content_terms(m[1]), m[2].casefold())
        n = min(every[0]) if len(every[0]) == 1 else ""
        if every not in said or not n.isdecimal() or int(n) == 0:
            continue
        for period in counts:
            times = Decimal(_MINUTES[period]) / (int(n) * _MINUTES[every[1]])
            if any(same_amount(value, times) for value in amounts(claim).get(term, ())):
                return True
    return False


# A period a measure is given per: "one 45-minute lesson a week", "2 km per day".
_PER_PERIOD = regex(r"(?i)\b(?:a|an|per|each|every)\s+(minute|hour|day|week|month|year)\b")


def rate_over_a_span(term: str, claim: str, passages: tuple[str, ...]) -> bool:
    """Whether ``term`` is a measure the claim gives per period times a span of that period it
    writes: "for ten weeks with one 45-minute lesson a week, so about seven and a half hours
    of lessons"; the measure and the span each stated by a passage."""
    periods = {Decimal(_MINUTES[m[1].casefold()] * 60) for m in _PER_PERIOD.finditer(claim)}
    sizes = measures(claim)
    if not periods or term not in sizes or len(sizes) < 3:
        return False
    said = measured_in(passages)
    stated = [size for other, found in sizes.items() if other != term for size in found & said]
    for (kind, amount), (span_kind, span) in itertools.permutations(stated, 2):
        if span_kind != "time":
            continue
        for period in periods:
            count = span / period
            if count > 1 and count == int(count) and (kind, amount * count) in sizes[term]:
                return True
    return False
