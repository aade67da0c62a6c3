"""A rate a text says per a period, and the same rate said per another period.

"$12 per month" is "$144 a year", "18% a year" is "1.5% a month", "24 hours a day" is "168
hours a week": two periods that hold a whole number of each other (x60, x24, x7, x12, x52,
x365, x4, x3) turn one rate into the other exactly. :mod:`~pytest_faithful.text.arithmetic`
reads a claim's rate as stated by a passage's rate of the same kind at another period.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from decimal import Decimal
from typing import NamedTuple

from pytest_faithful.text.patterns import regex
from pytest_faithful.text.terms import content_terms

# The words of a rate's period -> the period.
_PERIOD_WORDS = "minute|hour hourly|day daily|week weekly|month monthly|quarter quarterly|year"
_PERIODS: Mapping[str, str] = {
    word: words.split()[0]
    for words in f"{_PERIOD_WORDS} yearly annual annually annum".split("|")
    for word in words.split()
}
# How many of the first period the second holds, where it is a whole number.
_HOLDS: Mapping[tuple[str, str], int] = {
    ("minute", "hour"): 60,
    ("hour", "day"): 24,
    ("day", "week"): 7,
    ("week", "year"): 52,
    ("day", "year"): 365,
    ("month", "year"): 12,
    ("month", "quarter"): 3,
    ("quarter", "year"): 4,
}
# A number, then up to three words, then the period it is a rate of: "$12 per month", "1.5% a
# month", "18 percent per annum", "$5/day", "18 days of paid leave a year", "£240 over a full
# year"; or the period as an adverb: "$12 monthly"; or as the adjective of what the number is
# ("monthly HOA fees are $310", "an annual fee of 0.45%").
_RATE = regex(
    r"(?<![\d,.])(\d[\d,]*(?:\.\d+)?)\s*(?:%|percent\b|[^\W\d_]+\b)?(?:\s+[^\W\d_]+){0,3}?"
    r"\s*(?:\b(?:per|a|an|each|every)\s+(?:(?:full|whole|entire|calendar)\s+)?|/\s*)"
    r"(minute|hour|day|week|month|quarter|year|annum)s?\b"
    r"|(?<![\d,.])(\d[\d,]*(?:\.\d+)?)\s*(?:%|percent\b)?(?:\s+[^\W\d_]+)?\s+"
    r"(hourly|daily|weekly|monthly|quarterly|yearly|annually)\b"
    r"|\b(hourly|daily|weekly|monthly|quarterly|yearly|annual)\s+(?:[^\W\d_]+\s+){1,3}?"
    r"(?:is|are|was|were|of|at|costs?|totals?|comes?\s+to)\s+(?:about\s+)?[$\u20ac\u00a3]?"
    r"(\d[\d,]*(?:\.\d+)?)",
    re.IGNORECASE,
)


def period_of(word: str) -> str:
    """The period a word of one names: "daily" is "day", "annum" is "year"."""
    return _PERIODS[word.casefold()]


def period_words(period: str) -> frozenset[str]:
    """The content terms of every word for ``period`` ("day": "day", "daily")."""
    return frozenset().union(*(content_terms(w) for w, p in _PERIODS.items() if p == period))


class Rate(NamedTuple):
    """A rate a sentence says: its values, period, kinds and its sentence's words."""

    values: frozenset[Decimal]
    period: str
    kinds: frozenset[str]
    terms: frozenset[str]


def matches(value: Decimal, exact: Decimal) -> bool:
    """Whether ``value`` is ``exact`` written to the places ``value`` shows ("66.7" and "67"
    are 66.666...)."""
    exponent = value.as_tuple().exponent
    places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    return abs(value - exact) <= Decimal(5) / Decimal(10) ** (places + 1)


# The least a rounded product or quotient may be: below it, rounding excuses too much.
_LEAST_ROUNDED = Decimal(10)


def same_amount(value: Decimal, result: Decimal) -> bool:
    """``value`` is ``result``: exactly, or rounded to its places when it is not small."""
    return value == result or (value >= _LEAST_ROUNDED and matches(value, result))


def at_another_period(
    values: frozenset[Decimal],
    kinds: frozenset[str],
    period: str,
    rates: tuple[Rate, ...],
) -> bool:
    """Whether one of ``values``, a rate per ``period`` of one of ``kinds``, is one of
    ``rates`` of such a kind said per another period, to the places it is written."""
    for stated, stated_period, stated_kinds, _ in rates:
        if not kinds & stated_kinds:
            continue
        if (held := _HOLDS.get((stated_period, period))) is not None:
            exact = {value * held for value in stated}
        elif (held := _HOLDS.get((period, stated_period))) is not None:
            exact = {value / held for value in stated}
        else:
            continue
        if any(matches(value, e) for value in values for e in exact):
            return True
    return False


def closest(about: frozenset[str], rates: tuple[Rate, ...]) -> tuple[Rate, ...]:
    """The rates of the sentences that say the most of ``about``: the rates of another
    sentence are of something else (full-time staff's days of leave a year are not the next
    sentence's part-time days a month)."""
    most = max((len(about & rate.terms) for rate in rates), default=0)
    return tuple(rate for rate in rates if len(about & rate.terms) == most)


def rates_in(text: str) -> Iterator[tuple[str, str]]:
    """Each rate ``text`` says: its number's digits and the period it is per."""
    for m in _RATE.finditer(text):
        digits, word = (m[1], m[2]) if m[1] else (m[3], m[4]) if m[3] else (m[6], m[5])
        yield digits, period_of(word)
