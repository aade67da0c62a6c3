"""The units of exact size a measure is written in, and how a text writes a measure with one:
"1.2 g" and "1,200 mg", "48 hours" and "2 days", "two weeks" (:mod:`~pytest_faithful.text.amounts`
reads them)."""

from __future__ import annotations

import re
from decimal import Decimal

from pytest_faithful.text.patterns import regex
from pytest_faithful.text.words import SPACE

# Units whose ratios are exact, by measure: "1.2 g" is "1,200 mg", "48 hours" is "2 days".
# Months and years against days (of varying length), tons (short or long; a metric "tonne" is
# in), and letters that are other things too ("m" for million, "s", "l") are left out.
UNIT_SIZES: dict[str, tuple[str, Decimal]] = {
    **dict.fromkeys(("second", "seconds", "sec", "secs"), ("time", Decimal(1))),
    **dict.fromkeys(("minute", "minutes", "min", "mins"), ("time", Decimal(60))),
    **dict.fromkeys(("hour", "hours", "hr", "hrs", "h"), ("time", Decimal(3600))),
    **dict.fromkeys(("day", "days"), ("time", Decimal(86400))),
    **dict.fromkeys(("week", "weeks", "wk", "wks"), ("time", Decimal(604800))),
    **dict.fromkeys(
        ("mcg", "\u00b5g", "\u03bcg", "microgram", "micrograms"), ("mass", Decimal("0.000001"))
    ),
    **dict.fromkeys(("mg", "milligram", "milligrams"), ("mass", Decimal("0.001"))),
    **dict.fromkeys(("g", "gram", "grams"), ("mass", Decimal(1))),
    **dict.fromkeys(
        ("kg", "kgs", "kilogram", "kilograms", "kilo", "kilos"), ("mass", Decimal(1000))
    ),
    # A tonne is a metric ton, 1,000 kg exactly; a "ton" is short or long, and left out.
    **dict.fromkeys(("tonne", "tonnes"), ("mass", Decimal(1_000_000))),
    **dict.fromkeys(
        ("mm", "millimetre", "millimetres", "millimeter", "millimeters"),
        ("length", Decimal("0.001")),
    ),
    **dict.fromkeys(
        ("cm", "centimetre", "centimetres", "centimeter", "centimeters"),
        ("length", Decimal("0.01")),
    ),
    **dict.fromkeys(("metre", "metres", "meter", "meters"), ("length", Decimal(1))),
    **dict.fromkeys(
        ("km", "kilometre", "kilometres", "kilometer", "kilometers"), ("length", Decimal(1000))
    ),
    **dict.fromkeys(
        ("ml", "millilitre", "millilitres", "milliliter", "milliliters"),
        ("volume", Decimal("0.001")),
    ),
    **dict.fromkeys(("litre", "litres", "liter", "liters"), ("volume", Decimal(1))),
    **dict.fromkeys(
        ("cubic metre", "cubic metres", "cubic meter", "cubic meters"), ("volume", Decimal(1000))
    ),
    # Areas in square metres: "300 hectares" is "3 square kilometres".
    **dict.fromkeys(
        ("square metre", "square metres", "square meter", "square meters", "sq m"),
        ("area", Decimal(1)),
    ),
    **dict.fromkeys(("hectare", "hectares", "ha"), ("area", Decimal(10_000))),
    **dict.fromkeys(
        ("square kilometre", "square kilometres", "square kilometer", "square kilometers", "sq km"),
        ("area", Decimal(1_000_000)),
    ),
    # The calendar's units against each other only (a month has no exact number of days):
    # "24 months" is "2 years", "a quarter" 3 months.
    **dict.fromkeys(("month", "months"), ("calendar", Decimal(1))),
    **dict.fromkeys(("year", "years", "yr", "yrs"), ("calendar", Decimal(12))),
    **dict.fromkeys(("decade", "decades"), ("calendar", Decimal(120))),
}
# Small counts in words: "a third", "one in eight", "two weeks".
SMALL = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10,
}  # fmt: skip
# A unit counted in words: "within a week" is 7 days, "an hour-long tour" 60 minutes, "two
# weeks" 14 days, "three seconds". Units written out only, and not "a second", as often the
# ordinal.
WRITTEN_OUT = [
    unit
    for unit in sorted(UNIT_SIZES, key=len, reverse=True)
    if (len(unit) > 3 or unit == "day")
    and unit not in ("mins", "secs", "hrs", "wks", "kgs", "second")
]
# A unit's word as a text writes it, in lower case; tested before the pattern, as a rare one.
WRITTEN_STEMS = (
    "second",
    "minute",
    "hour",
    "day",
    "week",
    "gram",
    "kilo",
    "tonne",
    "metre",
    "meter",
    "litre",
    "liter",
    "month",
    "year",
    "decade",
)
WORDED = regex(
    rf"\b({'|'.join(SMALL)}){SPACE}-?{SPACE}({'|'.join(WRITTEN_OUT)})(?![\w/])", re.IGNORECASE
)
MEASURED = regex(
    r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?"
    + SPACE
    + r"-?"
    + SPACE
    + r"("
    + "|".join(sorted(UNIT_SIZES, key=len, reverse=True))
    + r")(?![\w/])",
    re.IGNORECASE,
)


# Units of one measure, by the words that name them: the same digits with another unit of the
# measure are another value ("3 days" for "3 weeks", "60 miles" for "60 kilometres"), and an
# abbreviation is the unit it stands for. Letters that are units only in some texts ("m" is
# also million, "g" a grade, "l" a letter, "pounds" money) are left out.
MEASURES: dict[str, dict[str, str]] = {
    "time": {
        "second": "sec secs second seconds",
        "minute": "min mins minute minutes",
        "hour": "hr hrs hour hours",
        "day": "day days",
        "week": "wk wks week weeks",
        "month": "mo mos month months",
        "year": "yr yrs year years",
        "decade": "decade decades",
        "century": "century centuries",
    },
    "length": {
        "millimetre": "mm millimetre millimetres millimeter millimeters",
        "centimetre": "cm centimetre centimetres centimeter centimeters",
        "metre": "metre metres meter meters",
        "kilometre": "km kms kilometre kilometres kilometer kilometers",
        "inch": "inch inches",
        "foot": "ft foot feet",
        "yard": "yd yds yard yards",
        "mile": "mile miles",
    },
    "mass": {
        "milligram": "mg milligram milligrams",
        "gram": "gram grams",
        "kilogram": "kg kgs kilo kilos kilogram kilograms",
        "ounce": "oz ounce ounces",
        "pound": "lb lbs",
        "tonne": "tonne tonnes ton tons",
    },
    "data": {
        "kilobyte": "kb kilobyte kilobytes",
        "megabyte": "mb megabyte megabytes",
        "gigabyte": "gb gigabyte gigabytes",
        "terabyte": "tb terabyte terabytes",
    },
    "volume": {
        "millilitre": "ml millilitre millilitres milliliter milliliters",
        "litre": "litre litres liter liters",
        "gallon": "gallon gallons",
        "pint": "pint pints",
    },
    "speed": {"mph": "mph", "km/h": "km/h kph kmh"},
}
UNIT_OF: dict[str, tuple[str, str]] = {
    word: (measure, unit)
    for measure, units in MEASURES.items()
    for unit, words in units.items()
    for word in words.split()
}
# Each unit's words, by (measure, unit): what states a unit written in another form ("GB" for
# a text's "gigabytes").
UNIT_WORDS: dict[tuple[str, str], frozenset[str]] = {
    (measure, unit): frozenset(words.split())
    for measure, units in MEASURES.items()
    for unit, words in units.items()
}


def unit_written(word: str, claim: str, passages: tuple[str, ...]) -> bool:
    """Whether ``word``, a capitalised word of ``claim``, is a unit's abbreviation written
    after a number ("20 GB", "5-KM") and a passage writes that unit in any of its forms ("20
    gigabytes", "gb"): a unit, not a name, and stated. Another unit ("TB" for "gigabytes") is
    not; nor is the word where no number comes before it ("GB" alone is a country too)."""
    unit = UNIT_OF.get(word.casefold())
    if unit is None or not re.search(rf"\d{SPACE}-?{SPACE}{re.escape(word)}(?![\w/])", claim):
        return False
    written = _unit_words(unit)
    return any(written.search(passage) for passage in passages)


def _unit_words(unit: tuple[str, str]) -> re.Pattern[str]:
    words = sorted(map(re.escape, UNIT_WORDS[unit]), key=len, reverse=True)
    return re.compile(rf"(?<![\w/])(?:{'|'.join(words)})(?![\w/])", re.IGNORECASE)
