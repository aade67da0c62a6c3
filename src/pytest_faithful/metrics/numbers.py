"""Quantities in text: values, currency, percentages and units, for the reference number check.

A quantity is a value with what makes it that quantity: "$1,200" is 1200 US dollars (and
"US$1,200"; "C$1,200" is Canadian), "15 %" and "fifteen per cent" are the percentage 15,
"twenty-five percent" 25, "2.5 million" is 2500000, "3-5 business days" is 3 days and 5 days,
"$15-20" 15 and 20 dollars, "minus 5 °C" and "-5°C" -5 degrees Celsius. Full-width forms read as
their ASCII ones, thin and no-break spaces group thousands, and any spacing between a number
and its unit is one space (:data:`pytest_faithful.text.words.SPACE`). A currency sign may follow
the value ("5 €"); "1,5" and "1.200,50" have decimal commas; "1.5M" is 1500000 where "5 m" is
five metres. A calendar date is one quantity ("March 5" = "5 March" = "03-05" of "2024-03-05"),
its year another.

Two quantities match when their values are equal and they agree on what both of them state:
currency, percentage, unit ("30 days" = "30-day"; "30 days" is not "30 hours"; a bare "30" says
no unit, so it matches neither). Deterministic; no pytest, no pydantic.
"""

from __future__ import annotations

import bisect
import functools
import re
from decimal import Decimal, InvalidOperation
from typing import NamedTuple

from pytest_faithful.text.clock_words import clock_word_spans, clock_words_as_times
from pytest_faithful.text.readings import FULL_WIDTH
from pytest_faithful.text.words import SPACE, SPACES

# Currency symbols and codes, as the code the quantity carries.
_CURRENCY_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR"}
# Every code a prefixed dollar sign reads as (below) is a code an answer may write instead.
_CURRENCY_CODES = (
    *("USD", "EUR", "GBP", "JPY", "INR", "CAD", "AUD", "CHF", "CNY", "NZD", "HKD", "SGD"),
    *("BRL", "MXN", "SEK", "NOK", "DKK", "ZAR", "KRW"),
)
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
    "degree-celsius": "°c ℃ celsius",
    "degree-fahrenheit": "°f ℉ fahrenheit",
    "item": "item items",
    "user": "user users",
    "seat": "seat seats",
    "request": "request requests",
    "time": "times",
}
UNITS = {
    spelling: name for name, spellings in _UNIT_SPELLINGS.items() for spelling in spellings.split()
}
# Numbers said in words: up to "nine hundred and ninety-nine", compounds included ("twenty-five
# percent" is 25%, not 5%); a magnitude after them scales them ("two thousand dollars").
_ONES = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_TEENS = (
    *("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen"),
    *("eighteen", "nineteen"),
)
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_NUMBER_WORDS = (
    {"zero": Decimal(0)}
    | {word: Decimal(value) for value, word in enumerate(_ONES, start=1)}
    | {word: Decimal(value) for value, word in enumerate(_TEENS, start=10)}
    | {word: Decimal(value) for value, word in zip(range(20, 100, 10), _TENS, strict=True)}
    | {"hundred": Decimal(100)}
)


def _alternatives(words: tuple[str, ...]) -> str:
    return "|".join(sorted(words, key=len, reverse=True))


_BELOW_100 = (
    rf"(?:{_alternatives(_TENS)})(?:[\s-]+(?:{_alternatives(_ONES)})(?![\w-]))?"
    rf"|{_alternatives(_TEENS)}|{_alternatives(_ONES)}|zero"
)
_SAID_NUMBER = (
    rf"(?:(?:an?|{_alternatives(_ONES)})[\s-]+)?hundred"
    rf"(?:[\s-]+(?:and[\s-]+)?(?:{_BELOW_100})(?![\w-]))?"
    rf"|{_BELOW_100}"
)
# Typographic thousands separators ("1\u202f000", "10\u00a0000"): no space between a count and
# what it counts is written so. A plain space is left alone ("3 100-page books").
_GROUPING = "\u00a0\u2009\u202f"
# Currency symbols with a country before them: "US$15", "C$20", "A$5".
_PREFIXED_DOLLARS = {
    "us": "USD",
    "u.s.": "USD",
    "c": "CAD",
    "ca": "CAD",
    "can": "CAD",
    "a": "AUD",
    "au": "AUD",
    "nz": "NZD",
    "hk": "HKD",
    "s": "SGD",
    "r": "BRL",
    "mx": "MXN",
}
_SYMBOL = "|".join(re.escape(s) for s in _CURRENCY_SYMBOLS)
_CODE = "|".join(_CURRENCY_CODES)
# Digits in the forms that say which mark is the decimal one: "1,200.50"; "1.200,50" and
# "1.200.000" (dots group thousands); "1\u202f000,5"; "1,5" and "12,50" (a comma before one or
# two digits is a decimal comma: no thousands group has fewer than three). "1.200" alone is
# 1.2, as in English.
_DIGITS = (
    rf"\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?"
    rf"|\d{{1,3}}(?:\.\d{{3}})+,\d+(?![\d,])|\d{{1,3}}(?:\.\d{{3}}){{2,}}(?![\d.])"
    rf"|\d{{1,3}}(?:[{_GROUPING}]\d{{3}})+(?:\.\d+|,\d{{1,2}}(?![\d,]))?"
    r"|\d+,\d{1,2}(?![\d,])|\d+(?:\.\d+)?|\.\d+"
)
_THOUSANDS = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")
_PREFIX = "|".join(re.escape(p) for p in sorted(_PREFIXED_DOLLARS, key=len, reverse=True))
_MAGNITUDE = "|".join(sorted(_MAGNITUDES, key=len, reverse=True))
_UNIT = "|".join(re.escape(u) for u in sorted(UNITS, key=len, reverse=True))
_QUANTITY = re.compile(
    rf"""
    (?<![\w.,])                                   # not inside a word or another number
    (?P<lead_sign>[-\u2212](?=(?:{_PREFIX})?(?:{_SYMBOL})))?    # "-$5", a refund
    (?:(?:(?P<prefix>{_PREFIX})?(?P<symbol>{_SYMBOL})|(?P<code>{_CODE})){SPACE})?
    (?P<sign>[-\u2212]|(?:minus|negative){SPACES})?
    (?:(?P<digits>{_DIGITS})|(?P<word>{_SAID_NUMBER})(?![\w]))
    (?:(?:st|nd|rd|th)(?![\w]))?                  # ordinals: 1st, 22nd
    (?:{SPACE}(?P<magnitude>{_MAGNITUDE})(?![\w]))?
    (?:{SPACE}(?P<after_symbol>{_SYMBOL})(?!{SPACE}\.?\d))?  # "5 €", "15$."; not "5 $10"
    (?:{SPACE}(?P<percent>%|percent(?![\w])|per(?:{SPACES}|-)cent(?![\w])))?
    (?:(?:{SPACES}|-)?(?P<after_code>{_CODE})(?![\w]))?
    (?:(?:{SPACES}|-)?(?P<currency_word>{"|".join(_CURRENCY_WORDS)})(?![\w]))?
    (?:(?:{SPACES}|-)?(?:(?:business|working|calendar){SPACES})?(?P<unit>{_UNIT})(?![\w]))?
    (?:(?<=°){SPACE}(?P<scale>[cf])(?![\w]))?         # "5° C", "5 degrees Celsius"
    (?:(?<=degrees){SPACES}(?P<scale_word>celsius|fahrenheit)(?![\w]))?
    """,
    re.IGNORECASE | re.VERBOSE,
)
# A time of day: "9am", "9:30 p.m.", "17:00" (read on text whose times said in words are
# written as times: "noon" -> "12pm").
_TIME_OF_DAY = re.compile(
    rf"(?<![\w.,:])(\d{{1,2}})(?::([0-5]\d))?{SPACE}(?:([ap])\.?m\b\.?)"
    r"|(?<![\w.,:])(\d{1,2}):([0-5]\d)(?![\d:])",
    re.IGNORECASE,
)
# A cheap first test: text without a digit or a number word holds no quantity.
_MAY_HOLD_NUMBER = re.compile(
    rf"\d|\b(?:{_alternatives(tuple(_NUMBER_WORDS))}|noon|midday|midnight)\b", re.IGNORECASE
)
# A calendar date: "March 5", "Mar. 5th", "5 March", "the 5th of March", "2024-03-05". Month
# names are read capitalised or in capitals only ("may" is a verb).
_MONTHS = (
    *("January", "February", "March", "April", "May", "June", "July", "August"),
    *("September", "October", "November", "December"),
)
_MONTH_NUMBERS = {
    spelled: number
    for number, name in enumerate(_MONTHS, start=1)
    for spelled in (name, name[:3], "Sept" * (name == "September"))
    if spelled
}
_MONTH = "|".join(
    sorted({*_MONTH_NUMBERS, *(m.upper() for m in _MONTH_NUMBERS)}, key=len, reverse=True)
)
_DAY = r"(?P<{}>[0-3]?\d)(?:st|nd|rd|th)?(?![\w:.,]\d|[\w:])"
_DATE = re.compile(
    rf"(?<![\w])(?P<month>{_MONTH})\.?{SPACES}(?:the{SPACES})?{_DAY.format('day')}"
    rf"|(?<![\w.,:])(?:the{SPACES})?{_DAY.format('day_first')}{SPACES}(?:of{SPACES})?"
    rf"(?P<month_after>{_MONTH})\b"
    r"|(?<![\w.,:-])(?P<year>\d{4})-(?P<month_number>[01]\d)-(?P<day_number>[0-3]\d)(?![\w-])"
)
_RANGE = re.compile(r"^\s*(?:-|\u2013|\u2014|to|or|and)\s*$", re.IGNORECASE)
_SPAN = re.compile(r"^\s*(?:-|\u2013|\u2014|to)\s*$", re.IGNORECASE)


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
        if self.kind == "date":
            month, day = divmod(int(self.value), 100)
            return f"{_MONTHS[month - 1]} {day}"
        if self.kind == "time":
            hours, minutes = divmod(int(self.value), 60)
            return f"{hours}:{minutes:02d}"
        return _plain(self.value)


def _plain(value: Decimal) -> str:
    return format(value.normalize(), "f")


def _value(match: re.Match[str]) -> Decimal | None:
    digits, word = match.group("digits"), match.group("word")
    try:
        value = _number(digits) if digits else _said(word)
    except (InvalidOperation, KeyError):
        return None
    magnitude = match.group("magnitude")
    if magnitude:
        value *= _MAGNITUDES[magnitude.lower()]
    if match.group("sign") or match.group("lead_sign"):
        value = -value
    return value


def _number(digits: str) -> Decimal:
    """The value of digits as :data:`_DIGITS` reads them: the last mark is the decimal one
    unless the number is grouped in thousands by commas ("1,200"), or by dots alone."""
    digits = re.sub(f"[{_GROUPING}]", "", digits)
    if digits.rfind(",") > digits.rfind(".") and not _THOUSANDS.fullmatch(digits):
        return Decimal(digits.replace(".", "").replace(",", "."))
    digits = digits.replace(",", "")
    return Decimal(digits.replace(".", "") if digits.count(".") > 1 else digits)


def _said(words: str) -> Decimal:
    """The value of a number said in words ("twenty-five", "three hundred and ten")."""
    value = Decimal(0)
    for word in re.split(r"[\s-]+", words.lower()):
        if word == "hundred":
            value = (value or Decimal(1)) * 100
        elif word not in ("a", "an", "and"):
            value += _NUMBER_WORDS[word]
    return value


def _measure(match: re.Match[str]) -> tuple[str, str]:
    symbol = match.group("symbol") or match.group("after_symbol")
    code = match.group("code") or match.group("after_code")
    word = match.group("currency_word")
    if symbol or code or word:
        if code:
            return "currency", code.upper()
        if word:
            return "currency", _CURRENCY_WORDS[word.lower()]
        prefix = match.group("prefix")
        if prefix and symbol == "$":
            return "currency", _PREFIXED_DOLLARS[prefix.lower()]
        return "currency", _CURRENCY_SYMBOLS[symbol]
    if match.group("percent"):
        return "percent", ""
    unit = match.group("unit")
    scale = (match.group("scale") or match.group("scale_word") or "")[:1].lower()
    if scale:
        return "unit", UNITS[f"°{scale}"]
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
        or match.group("after_symbol")
        or match.group("code")
        or match.group("currency_word")
    )


@functools.lru_cache(maxsize=2048)
def quantities(text: str) -> tuple[Quantity, ...]:
    """Every quantity stated in ``text``, in order. A range's first number takes the unit of
    the second ("3-5 days": 3 days and 5 days). Cached: a check reads the same answer once per
    reference keyword."""
    source = text
    if not text.isascii():
        text = text.translate(FULL_WIDTH)
    if not _MAY_HOLD_NUMBER.search(text):
        return ()
    found = _apart(_times_of_day(text) + _dates(text))
    starts = [q.start for q in found]  # in order, none overlapping another
    for match in _QUANTITY.finditer(text):
        # The last time of day that starts before this match ends is the only one it may overlap.
        at = bisect.bisect_left(starts, match.end()) - 1
        if not _usable(match) or (at >= 0 and found[at].end > match.start()):
            continue
        value = _value(match)
        if value is None:
            continue
        kind, unit = _measure(match)
        magnitude = match.group("magnitude")
        if magnitude == "m" and kind == "number":
            # "5 m" is five metres, not five million; "5M", "$5m" and "5m users" are millions.
            value = value / _MAGNITUDES["m"]
            kind, unit = "unit", "metre"
        end = match.start() + len(match.group(0).rstrip())
        found.append(Quantity(value, kind, unit, text[match.start() : end], match.start(), end))
    found.sort(key=lambda q: q.start)
    read = _ranges(text, found)
    if source is not text:
        read = [q._replace(text=source[q.start : q.end]) for q in read]
    return tuple(read)


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


def _apart(found: list[Quantity]) -> list[Quantity]:
    """``found`` in order, each quantity that overlaps one before it left out."""
    kept: list[Quantity] = []
    for quantity in sorted(found, key=lambda q: q.start):
        if not kept or kept[-1].end <= quantity.start:
            kept.append(quantity)
    return kept


def _dates(text: str) -> list[Quantity]:
    """The calendar dates of ``text``, each as month * 100 + day (a year written beside the
    date is a number of its own: "March 5, 2024" states March 5 and 2024, as "2024-03-05"
    does)."""
    found = []
    for match in _DATE.finditer(text):
        if match["year"]:
            month, day = int(match["month_number"]), int(match["day_number"])
            start = match.start("month_number")
            if not (1 <= month <= 12 and 1 <= day <= 31):
                continue
            year = Decimal(match["year"])
            found.append(Quantity(year, "number", "", match["year"], match.start(), start - 1))
        else:
            month = _MONTH_NUMBERS[(match["month"] or match["month_after"]).capitalize()]
            day = int(match["day"] or match["day_first"])
            start = match.start()
            if not 1 <= day <= 31:
                continue
        end = match.end()
        found.append(Quantity(Decimal(month * 100 + day), "date", "", text[start:end], start, end))
    return found


def _ranges(text: str, found: list[Quantity]) -> list[Quantity]:
    for i in range(len(found) - 1):
        first, second = found[i], found[i + 1]
        between = text[first.end : second.start]
        if "date" in (first.kind, second.kind) and "number" in (first.kind, second.kind):
            # "March 5-7": the 7th of March too; "5-7 March": the 5th.
            date, day = (first, second) if first.kind == "date" else (second, first)
            if _SPAN.match(between) and day.value in range(1, 32):
                month = int(date.value) // 100 * 100
                found[found.index(day)] = day._replace(value=day.value + month, kind="date")
            continue
        if first.kind == "currency" and second.kind == "number" and _SPAN.match(between):
            # "$15-20", "$15 to 20": the second end is money too.
            found[i + 1] = second._replace(kind=first.kind, unit=first.unit)
            continue
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
    stated = _stated(answer)
    found: list[Quantity] = []
    missing: list[Quantity] = []
    seen: set[tuple[Decimal, str, str]] = set()
    for quantity in quantities(reference):
        key = (quantity.value, quantity.kind, quantity.unit)
        if key in seen:
            continue
        seen.add(key)
        (found if key in stated else missing).append(quantity)
    return found, missing


@functools.lru_cache(maxsize=256)
def _stated(answer: str) -> frozenset[tuple[Decimal, str, str]]:
    """What :meth:`Quantity.matches` compares, of each quantity ``answer`` states: a lookup per
    reference quantity, not a scan of the answer's (a long reference against a long answer)."""
    return frozenset((q.value, q.kind, q.unit) for q in quantities(answer))
