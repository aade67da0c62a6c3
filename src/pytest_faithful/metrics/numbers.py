"""Quantities in text: values, currency, percentages and units, for the reference number check.

A quantity is a value with what makes it that quantity: "$1,200" is 1200 US dollars, "15 %"
and "fifteen per cent" are the percentage 15, "2.5 million" is 2500000, "3-5 business days" is
3 days and 5 days. Two quantities match when their values are equal and they agree on what
both of them state: currency, percentage, unit ("30 days" = "30-day"; "30 days" is not
"30 hours"; a bare "30" says no unit, so it matches neither). Deterministic; no pytest, no
pydantic.
"""

from __future__ import annotations

import functools
import re
from decimal import Decimal, InvalidOperation
from typing import NamedTuple

from pytest_faithful.text.readings import clock_word_spans, clock_words_as_times

# Currency symbols and codes, as the code the quantity carries.
_CURRENCY_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR"}
_CURRENCY_CODES = ("USD", "EUR", "GBP", "JPY", "INR", "CAD", "AUD", "CHF", "CNY")
_CURRENCY_WORDS = {
    "dollar": "USD",
    "dollars": "USD",
    "euro": "EUR",
    "euros": "EUR",
    "pound": "GBP",
    "pounds": "GBP",
    "yen": "JPY",
    "rupee": "INR",
    "rupees": "INR",
}
_MAGNITUDES = {
    "thousand": Decimal(1000),
    "k": Decimal(1000),
    "million": Decimal(10**6),
    "m": Decimal(10**6),
    "mn": Decimal(10**6),
    "billion": Decimal(10**9),
    "bn": Decimal(10**9),
    "b": Decimal(10**9),
    "trillion": Decimal(10**12),
}
# Units, each spelling to one name. A word after a number that is not here is not its unit.
_UNIT_SPELLINGS = {
    "second": "second seconds sec secs",
    "minute": "minute minutes min mins",
    "hour": "hour hours hr hrs h",
    "day": "day days",
    "week": "week weeks wk wks",
    "month": "month months",
    "year": "year years yr yrs",
    "millimetre": "mm millimetre millimetres millimeter millimeters",
    "centimetre": "cm centimetre centimetres centimeter centimeters",
    "metre": "m metre metres meter meters",
    "kilometre": "km kilometre kilometres kilometer kilometers",
    "mile": "mile miles mi",
    "inch": "inch inches",
    "foot": "foot feet ft",
    "gram": "g gram grams gramme grammes",
    "kilogram": "kg kgs kilogram kilograms kilo kilos",
    "pound-mass": "lb lbs",
    "ounce": "oz ounce ounces",
    "millilitre": "ml millilitre millilitres milliliter milliliters",
    "litre": "l litre litres liter liters",
    "gallon": "gallon gallons gal",
    "kilobyte": "kb kilobyte kilobytes",
    "megabyte": "mb megabyte megabytes",
    "gigabyte": "gb gigabyte gigabytes",
    "terabyte": "tb terabyte terabytes",
    "degree": "° degree degrees",
    "item": "item items",
    "user": "user users",
    "seat": "seat seats",
    "request": "request requests",
    "time": "times",
}
UNITS = {
    spelling: name for name, spellings in _UNIT_SPELLINGS.items() for spelling in spellings.split()
}
# Number words (as the content terms read them) beyond which a count is written in digits.
_NUMBER_WORDS = {
    word: Decimal(value)
    for value, word in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
            "twenty",
        ]
    )
} | {"thirty": Decimal(30), "forty": Decimal(40), "fifty": Decimal(50), "hundred": Decimal(100)}

_SYMBOL = "|".join(re.escape(s) for s in _CURRENCY_SYMBOLS)
_CODE = "|".join(_CURRENCY_CODES)
_DIGITS = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+"
_WORDS = "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True))
_MAGNITUDE = "|".join(sorted(_MAGNITUDES, key=len, reverse=True))
_UNIT = "|".join(re.escape(u) for u in sorted(UNITS, key=len, reverse=True))
_QUANTITY = re.compile(
    rf"""
    (?<![\w.,])                                   # not inside a word or another number
    (?:(?P<symbol>{_SYMBOL})\s?|(?P<code>{_CODE})\s?)?
    (?P<sign>[-\u2212])?
    (?:(?P<digits>{_DIGITS})|(?P<word>{_WORDS})(?![\w]))
    (?:(?:st|nd|rd|th)(?![\w]))?                  # ordinals: 1st, 22nd
    (?:\s?(?P<magnitude>{_MAGNITUDE})(?![\w]))?
    (?:\s?(?P<percent>%|percent(?![\w])|per[\s-]cent(?![\w])))?
    (?:[\s-]?(?P<after_code>{_CODE})(?![\w]))?
    (?:[\s-]?(?P<currency_word>{"|".join(_CURRENCY_WORDS)})(?![\w]))?
    (?:[\s-]?(?:business\s|working\s|calendar\s)?(?P<unit>{_UNIT})(?![\w]))?
    """,
    re.IGNORECASE | re.VERBOSE,
)
# A time of day: "9am", "9:30 p.m.", "17:00" (read on text whose times said in words are
# written as times: "noon" -> "12pm").
_TIME_OF_DAY = re.compile(
    r"(?<![\w.,:])(\d{1,2})(?::([0-5]\d))?\s?(?:([ap])\.?m\b\.?)"
    r"|(?<![\w.,:])(\d{1,2}):([0-5]\d)(?![\d:])",
    re.IGNORECASE,
)
# A cheap first test: text without a digit or a number word holds no quantity.
_MAY_HOLD_NUMBER = re.compile(rf"\d|\b(?:{_WORDS}|noon|midday|midnight)\b", re.IGNORECASE)
_RANGE = re.compile(r"^\s*(?:-|\u2013|\u2014|to|or|and)\s*$", re.IGNORECASE)


class Quantity(NamedTuple):
    """A number as stated: its value and what it measures.

    ``kind`` is ``"currency"`` (``unit`` holds the currency code, or ``""`` when only "$"-less
    words like "dollars" were absent and a symbol was ambiguous), ``"percent"``, ``"unit"``
    (``unit`` names it), ``"time"`` (a time of day; the value counts minutes from midnight) or
    ``"number"`` (a bare count, year, identifier...). ``text`` is the span as written:
    ``source[start:end] == text``.
    """

    value: Decimal
    kind: str
    unit: str
    text: str
    start: int
    end: int

    def matches(self, other: Quantity) -> bool:
        """Same value, and the same currency / percentage / unit."""
        return self.value == other.value and (self.kind, self.unit) == (other.kind, other.unit)

    def describe(self) -> str:
        if self.kind == "currency":
            return f"{self.unit} {_plain(self.value)}"
        if self.kind == "percent":
            return f"{_plain(self.value)}%"
        if self.kind == "unit":
            return f"{_plain(self.value)} {self.unit}"
        if self.kind == "time":
            hours, minutes = divmod(int(self.value), 60)
            return f"{hours}:{minutes:02d}"
        return _plain(self.value)


def _plain(value: Decimal) -> str:
    return format(value.normalize(), "f")


def _value(match: re.Match[str]) -> Decimal | None:
    digits, word = match.group("digits"), match.group("word")
    try:
        value = Decimal(digits.replace(",", "")) if digits else _NUMBER_WORDS[word.lower()]
    except (InvalidOperation, KeyError):
        return None
    magnitude = match.group("magnitude")
    if magnitude:
        value *= _MAGNITUDES[magnitude.lower()]
    if match.group("sign"):
        value = -value
    return value


def _measure(match: re.Match[str]) -> tuple[str, str]:
    symbol, code = match.group("symbol"), match.group("code") or match.group("after_code")
    word = match.group("currency_word")
    if symbol or code or word:
        if code:
            return "currency", code.upper()
        if word:
            return "currency", _CURRENCY_WORDS[word.lower()]
        return "currency", _CURRENCY_SYMBOLS[symbol]
    if match.group("percent"):
        return "percent", ""
    unit = match.group("unit")
    if unit:
        return "unit", UNITS[unit.lower()] if unit.lower() in UNITS else UNITS[unit]
    return "number", ""


def _usable(match: re.Match[str]) -> bool:
    """A number word counts only with a unit, a currency or a percentage: "one of them" and
    "ten" in prose are not quantities a golden answer pins down; digits always count. A lone
    magnitude letter ("5 m") is a unit, not "million", unless money is involved."""
    if match.group("digits"):
        return True
    return bool(
        match.group("unit")
        or match.group("percent")
        or match.group("symbol")
        or match.group("code")
        or match.group("currency_word")
    )


@functools.lru_cache(maxsize=2048)
def quantities(text: str) -> tuple[Quantity, ...]:
    """Every quantity stated in ``text``, in order. A range's first number takes the unit of
    the second ("3-5 days": 3 days and 5 days). Cached: a check reads the same answer once per
    reference keyword."""
    if not _MAY_HOLD_NUMBER.search(text):
        return ()
    found = _times_of_day(text)
    taken = [(q.start, q.end) for q in found]
    for match in _QUANTITY.finditer(text):
        if not _usable(match) or any(s < match.end() and match.start() < e for s, e in taken):
            continue
        value = _value(match)
        if value is None:
            continue
        kind, unit = _measure(match)
        magnitude = match.group("magnitude")
        if magnitude and magnitude.lower() == "m" and kind != "currency":
            # "5 m" is five metres, not five million.
            value = value / _MAGNITUDES["m"]
            kind, unit = "unit", "metre"
        text_span = match.group(0).rstrip()
        found.append(
            Quantity(value, kind, unit, text_span, match.start(), match.start() + len(text_span))
        )
    found.sort(key=lambda q: q.start)
    return tuple(_ranges(text, found))


def _times_of_day(text: str) -> list[Quantity]:
    """The times of day of ``text`` ("9am", "17:30", "noon"), each as minutes from midnight."""
    said = clock_word_spans(text)
    read = clock_words_as_times(text) if said else text
    found = []
    for match in _TIME_OF_DAY.finditer(read):
        hour = int(match[1] or match[4])
        minutes = int(match[2] or match[5] or 0)
        half = (match[3] or "").lower()
        if (half and not 1 <= hour <= 12) or hour > 23:
            continue  # "13pm", "25:00": not a time of day
        if half == "p" and hour < 12:
            hour += 12
        elif half == "a" and hour == 12:
            hour = 0
        start = match.start()
        end = said.get(start, match.end())
        found.append(
            Quantity(Decimal(hour * 60 + minutes), "time", "", text[start:end], start, end)
        )
    return found


def _ranges(text: str, found: list[Quantity]) -> list[Quantity]:
    for i in range(len(found) - 1):
        first, second = found[i], found[i + 1]
        between = text[first.end : second.start]
        if first.kind != "number" or second.kind == "number" or not _RANGE.match(between):
            continue
        if second.kind == "time":
            found[i] = _hour_before(first, second)
        else:
            found[i] = first._replace(kind=second.kind, unit=second.unit)
    return found


def _hour_before(first: Quantity, second: Quantity) -> Quantity:
    """The first end of a range of hours, which borrows the second's half of the day: "2-4pm"
    is 14:00 to 16:00, "10-2pm" 10:00 to 14:00."""
    if first.value != first.value.to_integral_value() or not 1 <= first.value <= 12:
        return first
    hour = int(first.value) % 12 + (12 if second.value >= 12 * 60 else 0)
    if hour * 60 > second.value and hour >= 12:
        hour -= 12
    return first._replace(value=Decimal(hour * 60), kind="time")


def missing_quantities(reference: str, answer: str) -> tuple[list[Quantity], list[Quantity]]:
    """The reference's quantities (each distinct one once) found in the answer, and missing."""
    stated = quantities(answer)
    found: list[Quantity] = []
    missing: list[Quantity] = []
    seen: set[tuple[Decimal, str, str]] = set()
    for quantity in quantities(reference):
        key = (quantity.value, quantity.kind, quantity.unit)
        if key in seen:
            continue
        seen.add(key)
        (found if any(quantity.matches(q) for q in stated) else missing).append(quantity)
    return found, missing
