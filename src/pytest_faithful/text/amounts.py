"""Numbers as the amounts they are: "1.5 million", "$1,500,000" and "$1.5m" are one amount.

Content terms read a number as its digits and its scale word apart ("1.5 million" is the terms
"1.5" and "million"), so the same amount written with a scale word and in digits shares no
number term. The rules that hold a claim's numbers to the passages' (what no passage states,
another value for the same thing) read amounts too: an answer that writes "$1,500,000" for the
passage's "$1.5 million" states the passage's amount.
"""

from __future__ import annotations

import functools
import re
from decimal import Decimal, InvalidOperation

from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.words import SPACE

_SCALES = {
    "thousand": 10**3,
    "k": 10**3,
    "million": 10**6,
    "mn": 10**6,
    "mln": 10**6,
    "m": 10**6,
    "billion": 10**9,
    "bn": 10**9,
    "bln": 10**9,
    "b": 10**9,
    "trillion": 10**12,
    "tn": 10**12,
    "trn": 10**12,
}
# An amount with its scale word: "1.5 million", "$2.3bn", "$15k". A bare "k", "m" or "b" is a
# scale only after a currency sign: "15m" alone is as often metres.
_SCALED = re.compile(
    r"([$\u20ac\u00a3\u00a5]"
    + SPACE
    + r")?(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?"
    + SPACE
    + r"("
    + "|".join(_SCALES)
    + r")\b",
    re.IGNORECASE,
)
_DECIMAL = re.compile(r"\d+(?:\.\d+)?")
# Beyond any amount a text states; Decimal would read a thousand digits, slowly.
_MAX_DIGITS = 30


def _value(digits: str) -> Decimal | None:
    if len(digits) > _MAX_DIGITS:
        return None
    try:
        return Decimal(digits)
    except InvalidOperation:
        return None


# A pure reading of its text, asked for again by several rules of one check.
@functools.lru_cache(maxsize=1024)
def amounts(text: str) -> dict[str, frozenset[Decimal]]:
    """Each number term of ``text`` (as :func:`~pytest_faithful.text.terms.content_terms`
    writes it) -> the amounts it states with it: its own value, and its value at the scale
    written after it ("1.5" in "1.5 million": 1.5 and 1,500,000)."""
    found: dict[str, set[Decimal]] = {}
    for term in content_terms(text):
        if _DECIMAL.fullmatch(term) and (value := _value(term)) is not None:
            found.setdefault(term, set()).add(value)
    if any(c.isdigit() for c in text):
        for m in _SCALED.finditer(text):
            scale = m[4].casefold()
            if len(scale) == 1 and not m[1]:
                continue
            digits = m[2].replace(",", "") + (m[3] or "")
            value = _value(digits)
            if value is None:
                continue
            for term in content_terms(digits):
                found.setdefault(term, set()).add(value * _SCALES[scale])
    return {term: frozenset(values) for term, values in found.items()}


def all_amounts(text: str) -> frozenset[Decimal]:
    """Every amount ``text`` states (:func:`amounts`)."""
    return frozenset().union(*amounts(text).values())
