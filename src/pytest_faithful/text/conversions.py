"""A measure an answer converts beside itself: "25°C (77°F)", "50 kg (about 110 lb)", "5 km / 3
miles", "56 x 45 x 25 cm (22 x 18 x 10 in)".

Answers write a passage's measure in the reader's units too, metric beside imperial and the
other way round. The converted number is the answer's own arithmetic on the measure beside it,
not a figure of its own: it is stated when a passage states the measure it converts, as a
measure of its kind in any unit (a passage's "25 °C", not a 25 of something else). The measure
itself is held to the passages as any number is, so a changed measure is still caught; and a
conversion that is not one ("25°C (90°F)") is a figure of its own, and no passage states it.

A measure written in another unit on its own (:func:`converted_alone`) is stated when a
passage's measure of its kind, converted, rounds to it at the places it is written ("about
7.5 miles" for 12 km; "2,600 feet" for 800 m, whose zeros are no places; never by more than
:data:`_SLACK` of it).

A pair is two measures of one kind written side by side: the second in brackets, after a slash,
or after "or" (each with "about", "approx.", "~", "≈" allowed), in either order. Each converts
the other when their sizes agree within :data:`_SLACK` (a conversion rounded as people round
it: "5 km (3 miles)" is 3.1 miles) or, for temperatures, within a degree.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Iterator, Mapping, Sequence
from decimal import Decimal, InvalidOperation
from types import MappingProxyType

from pytest_faithful.text.patterns import regex
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.words import NUMBER_WORDS

# Each unit's kind and its size in the kind's base unit (metre, gram, litre, m², km/h); the US
# and imperial gallons both, and degrees by their own scale below.
_SIZES: dict[str, tuple[str, Decimal]] = {
    **dict.fromkeys(("mm", "millimetre", "millimetres", "millimeter", "millimeters"),
                    ("length", Decimal("0.001"))),
    **dict.fromkeys(("cm", "centimetre", "centimetres", "centimeter", "centimeters"),
                    ("length", Decimal("0.01"))),
    **dict.fromkeys(("m", "metre", "metres", "meter", "meters"), ("length", Decimal(1))),
    **dict.fromkeys(("km", "kilometre", "kilometres", "kilometer", "kilometers"),
                    ("length", Decimal(1000))),
    **dict.fromkeys(("in", "inch", "inches"), ("length", Decimal("0.0254"))),
    **dict.fromkeys(("ft", "foot", "feet"), ("length", Decimal("0.3048"))),
    **dict.fromkeys(("yd", "yard", "yards"), ("length", Decimal("0.9144"))),
    **dict.fromkeys(("mi", "mile", "miles"), ("length", Decimal("1609.344"))),
    **dict.fromkeys(("mg", "milligram", "milligrams"), ("mass", Decimal("0.001"))),
    **dict.fromkeys(("g", "gram", "grams"), ("mass", Decimal(1))),
    **dict.fromkeys(("kg", "kgs", "kilogram", "kilograms", "kilo", "kilos"),
                    ("mass", Decimal(1000))),
    **dict.fromkeys(("oz", "ounce", "ounces"), ("mass", Decimal("28.349523125"))),
    **dict.fromkeys(("lb", "lbs", "pound", "pounds"), ("mass", Decimal("453.59237"))),
    **dict.fromkeys(("stone",), ("mass", Decimal("6350.29318"))),
    **dict.fromkeys(("ml", "millilitre", "millilitres", "milliliter", "milliliters"),
                    ("volume", Decimal("0.001"))),
    **dict.fromkeys(("l", "litre", "litres", "liter", "liters"), ("volume", Decimal(1))),
    **dict.fromkeys(("fl oz", "fluid ounce", "fluid ounces"), ("volume", Decimal("0.0295735"))),
    **dict.fromkeys(("cup", "cups"), ("volume", Decimal("0.2365882365"))),
    **dict.fromkeys(("gal", "gallon", "gallons"), ("volume", Decimal("3.785411784"))),
    **dict.fromkeys(("km/h", "kph", "kmh"), ("speed", Decimal(1))),
    **dict.fromkeys(("mph", "miles per hour"), ("speed", Decimal("1.609344"))),
    **dict.fromkeys(("kilometres per hour", "kilometers per hour"), ("speed", Decimal(1))),
    **dict.fromkeys(("m/s", "metres per second", "meters per second"), ("speed", Decimal("3.6"))),
    **dict.fromkeys(("m2", "m\u00b2", "sq m", "square metres", "square meters"),
                    ("area", Decimal(1))),
    **dict.fromkeys(("sq ft", "ft2", "ft\u00b2", "square feet"), ("area", Decimal("0.09290304"))),
    **dict.fromkeys(("acre", "acres"), ("area", Decimal("4046.8564224"))),
    **dict.fromkeys(("ha", "hectare", "hectares"), ("area", Decimal(10000))),
}  # fmt: skip
_US_GALLON = Decimal("3.785411784")
_IMPERIAL_GALLON = Decimal("4.54609")
_DEGREES = {"c": "celsius", "celsius": "celsius", "f": "fahrenheit", "fahrenheit": "fahrenheit"}

# A temperature may be below zero: "-5°C (23°F)".
_NUMBER = r"((?<![\w.,])[-\u2212]?(?:\d{1,3}(?:,\d{3})+|\d+))(\.\d+)?"
_UNIT = (
    r"(\u00b0\s?[CF]\b|degrees?\s+(?:celsius|fahrenheit|[CF]\b)"
    r"|(?:"
    + "|".join(re.escape(u) for u in sorted(_SIZES, key=len, reverse=True))
    + r")(?![\w/\u00b2]))"
)
_MEASURE = rf"{_NUMBER}\s?-?\s?{_UNIT}"
_HEDGE_WORDS = r"about|around|roughly|approx\.?|approximately|nearly|almost|some"
_HEDGE = rf"(?:(?:{_HEDGE_WORDS}|~|\u2248)\s?)?"
# Two measures side by side: "X (Y)", "X / Y", "X, or Y", "X or about Y".
_PAIR = regex(
    rf"{_MEASURE}\s*(?:\(\s*{_HEDGE}|/\s*{_HEDGE}|,?\s+or\s+{_HEDGE}){_MEASURE}",
    re.IGNORECASE,
)
# Two sizes of two or three dimensions: "56 x 45 x 25 cm (about 22 x 18 x 10 in)".
_DIMENSION = r"((?<![\w.,])\d+(?:\.\d+)?)"
_TIMES = r"\s*(?:x|\u00d7|by)\s*"
_SIZE = rf"{_DIMENSION}{_TIMES}{_DIMENSION}(?:{_TIMES}{_DIMENSION})?\s?{_UNIT}"
_SIZE_PAIR = regex(rf"{_SIZE}\s*\(\s*{_HEDGE}{_SIZE}\s*\)", re.IGNORECASE)
# A cheap test first: a pair has a bracket, a slash or "or" between a digit and a digit.
_MAYBE = regex(r"\d[^\d\n]{0,40}?(?:\(|/|\bor\b)[^\d\n]{0,20}?\d")
# How far a conversion may be from the exact one: people round it ("5 km (3 miles)").
_SLACK = Decimal("0.05")
# How far a passage's measure may be from the answer's in another unit and still be it (the
# unit tables' own rounding: "3.785411784" litres to the gallon).
_EXACT = Decimal("0.005")


_Reading = tuple[str, str, frozenset[Decimal]]  # kind, unit, the sizes it may mean


def stated_conversions(claim: str, passages: Sequence[str]) -> frozenset[str]:
    """The number terms of ``claim`` that convert a measure written beside them which a
    passage states as a measure of its kind: "77" of "25°C (77°F)" when a passage says 25°C
    (in any unit of temperature), not when a passage merely has a 25 somewhere."""
    pairs = _converted(claim)
    if not pairs:
        return frozenset()
    stated = _passage_readings(tuple(passages))
    return frozenset(
        term
        for term, partners in pairs.items()
        if any(_in(r, stated, degrees) for r, degrees in partners)
    )


def converted_partners(text: str) -> Mapping[str, frozenset[str]]:
    """Each number term of ``text`` that converts a measure written beside it -> the number
    terms of that measure: "16" -> {"10"} of "10 miles (about 16 km)"."""
    if not _MAYBE.search(text):
        return _NONE_PARTNERS
    found: dict[str, frozenset[str]] = {}
    for one, _, other, _ in _agreeing_pairs(text):
        for term in content_terms(one):
            found[term] = found.get(term, frozenset()) | content_terms(other)
        for term in content_terms(other):
            found[term] = found.get(term, frozenset()) | content_terms(one)
    return found


_NONE_PARTNERS: Mapping[str, frozenset[str]] = MappingProxyType({})


def converted_alone(claim: str, passages: Sequence[str]) -> frozenset[str]:
    """The number terms of ``claim`` written as a measure in another unit than a passage's
    measure of its kind, and that measure converted and rounded to the places the claim
    writes ("about 7.5 miles" for the passages' 12 km, 7.46 miles; "2,600 feet" for 800 m,
    2,625 feet, its zeros not places; "36 to 46°F" for 2-8°C): the answer's conversion of a
    passage's measure, written without it."""
    measures = _measures_in(claim)
    if not measures:
        return frozenset()
    stated = _stated_sizes(tuple(passages))
    lengths = stated.get("length", ((), ()))
    return frozenset(
        term
        for digits, reading, hedged in measures
        if _rounds_to(digits, reading, stated.get(reading[0], ((), ())), hedged)
        for term in content_terms(digits)
    ) | frozenset(
        term
        for m in _FEET_AND_INCHES.finditer(claim)
        if _rounds_to(str(_inches(m)), _length(m), lengths, _hedged_at(claim, m.start()))
        for term in content_terms(f"{m[1]} {m[2]}")
    )


# A height in feet and inches, read as one length in inches: "4 ft 7 in", "6 feet 2 inches",
# "5'11\"" (1.4 m is "about 4 ft 7 in": 4 ft alone is no conversion of it).
_FEET_AND_INCHES = regex(
    r"(?i)(?<![\w.,])(\d{1,2})\s?(?:ft|feet|foot|'|\u2032)\s?(\d{1,2}(?:\.\d+)?)"
    r"\s?(?:in\b|inch(?:es)?\b|\"|\u2033|\u201d)"
)


def _inches(m: re.Match[str]) -> Decimal:
    return int(m[1]) * 12 + Decimal(m[2])


def _length(m: re.Match[str]) -> _Reading:
    return "length", "in", frozenset({_inches(m) * _SIZES["in"][1]})


# "about", "around", "~" just before a measure: the answer says it rounds.
_HEDGED = regex(rf"(?:\b(?:{_HEDGE_WORDS})|~|\u2248)\s*$", re.IGNORECASE)


def _rounds_to(
    digits: str,
    reading: _Reading,
    stated: tuple[tuple[Decimal, ...], tuple[str, ...]],
    hedged: bool,
) -> bool:
    """Whether the claim's measure (``digits`` in ``reading``'s unit) is a measure of its kind
    the passages state (``stated``: their sizes in order, and each one's unit) in another unit,
    rounded at the places ``digits`` shows: its decimals, or the zeros that end a whole number
    ("2,600"), never by more than :data:`_SLACK` of it."""
    kind, unit, sizes = reading
    value = abs(Decimal(digits.replace(",", "").replace("\u2212", "-")))  # U+2212: "\u221289.2 °C"
    if not value:
        return False
    whole, _, places = digits.replace(",", "").lstrip("-\u2212").partition(".")
    zeros = len(whole) - len(whole.rstrip("0"))
    # A temperature's zeros are a rounding only where the answer says so ("about 400°F" for
    # 200°C): "below 80°F" for a passage's 25°C (77°F) is another limit.
    if kind == "temperature" and not hedged:
        zeros = 0
    step = Decimal(1).scaleb(-len(places) if places else zeros)
    slack = min(step / 2, value * _SLACK)  # in the claim's unit
    ordered, units = stated
    for size in sizes:
        if kind == "temperature":
            near = slack * (Decimal(5) / 9 if unit == "fahrenheit" else 1)
        else:
            near = slack * abs(size) / value
        low = bisect.bisect_left(ordered, size - near)
        high = bisect.bisect_right(ordered, size + near)
        if any(other != unit for other in units[low:high]):
            return True
    return False


@functools.lru_cache(maxsize=64)
def _stated_sizes(
    passages: tuple[str, ...],
) -> Mapping[str, tuple[tuple[Decimal, ...], tuple[str, ...]]]:
    """The passages' measures by kind: their sizes in order, with each one's unit (read once
    per check, searched by bisection: a claim of many measures against passages of many)."""
    by_kind: dict[str, list[tuple[Decimal, str]]] = {}
    for kind, unit, sizes in _passage_readings(passages):
        by_kind.setdefault(kind, []).extend((size, unit) for size in sizes)
    ordered = {kind: sorted(found) for kind, found in by_kind.items()}
    return MappingProxyType(
        {
            kind: (tuple(s for s, _ in found), tuple(u for _, u in found))
            for kind, found in ordered.items()
        }
    )


# A measure of the claim's, and a range's first end that takes the unit of its second: "36 to
# 46°F", "2-8 °C".
_RANGE_FIRST = regex(rf"{_NUMBER}\s*(?:-|\u2013|to|and)\s*(?={_MEASURE})", re.IGNORECASE)


@functools.lru_cache(maxsize=1024)
def _measures_in(text: str) -> tuple[tuple[str, _Reading, bool], ...]:
    """Each measure ``text`` writes: its digits, its reading, and whether a hedge comes just
    before it ("about 400°F")."""
    found = []
    for m in _MEASURE_IN_TEXT.finditer(text):
        reading = _reading(m[1], m[2], m[3])
        if reading is not None:
            found.append((f"{m[1]}{m[2] or ''}", reading, _hedged_at(text, m.start())))
    for m in _RANGE_FIRST.finditer(text):
        unit = _MEASURE_IN_TEXT.match(text, m.end())
        if unit is not None and (reading := _reading(m[1], m[2], unit[3])) is not None:
            found.append((f"{m[1]}{m[2] or ''}", reading, _hedged_at(text, m.start())))
    return tuple(found)


def _hedged_at(text: str, at: int) -> bool:
    return _HEDGED.search(text, max(0, at - 16), at) is not None


def _agreeing_pairs(text: str) -> Iterator[tuple[str, _Reading, str, _Reading]]:
    """Each two measures side by side (:data:`_PAIR`) that convert each other: each one's
    number as written, and its reading."""
    for m in _PAIR.finditer(text):
        first, second = _reading(m[1], m[2], m[3]), _reading(m[4], m[5], m[6])
        if first is not None and second is not None and _agree(first, second):
            yield f"{m[1]}{m[2] or ''}", first, f"{m[4]}{m[5] or ''}", second


@functools.lru_cache(maxsize=1024)
def _converted(text: str) -> Mapping[str, tuple[tuple[_Reading, Decimal], ...]]:
    """Each number term of ``text`` that converts a measure written beside it -> the measures
    it converts (module docstring), each with the degrees a temperature of it may be off: half
    a unit of the last place it is written to ("37.5°C": 0.05°C; "72°F": 0.5°F)."""
    if not _MAYBE.search(text):
        return _NONE
    found: dict[str, list[tuple[_Reading, Decimal]]] = {}

    def pair(one: str, first: _Reading, other: str, second: _Reading) -> None:
        for term in content_terms(one):
            found.setdefault(term, []).append((second, _half_place(other, second)))
        for term in content_terms(other):
            found.setdefault(term, []).append((first, _half_place(one, first)))

    for one, first, other, second in _agreeing_pairs(text):
        pair(one, first, other, second)
    for m in _SIZE_PAIR.finditer(text) if "x" in text or "\u00d7" in text or "by" in text else ():
        sides = ([d for d in m.groups()[:3] if d], [d for d in m.groups()[4:7] if d])
        if len(sides[0]) != len(sides[1]):
            continue
        agreed = []
        for a, b in zip(*sides, strict=True):
            x, y = _reading(a, None, m[4]), _reading(b, None, m[8])
            if x is None or y is None or not _agree(x, y):
                break
            agreed.append((a, x, b, y))
        else:
            for a, x, b, y in agreed:
                pair(a, x, b, y)
    return MappingProxyType({term: tuple(partners) for term, partners in found.items()})


_NONE: Mapping[str, tuple[tuple[_Reading, Decimal], ...]] = MappingProxyType({})


def _half_place(digits: str, reading: _Reading) -> Decimal:
    """Half a unit of the last place ``digits`` are written to, in degrees Celsius for a
    temperature of ``reading``'s scale: how far the measure it converts may be from the
    passage's and still be it written to those places."""
    half = Decimal(5).scaleb(-len(digits.partition(".")[2]) - 1)
    return half * 5 / 9 if reading[1] == "fahrenheit" else half


_MEASURE_IN_TEXT = regex(_MEASURE, re.IGNORECASE)
_SIZE_IN_TEXT = regex(_SIZE, re.IGNORECASE)


# A count in words before a unit: "nine miles away" states 9 miles.
_WORDED = regex(rf"(?i)\b({'|'.join(sorted(NUMBER_WORDS, key=len, reverse=True))})(?=[ -][^\W\d_])")


def _in_digits(passage: str) -> str:
    return _WORDED.sub(lambda m: NUMBER_WORDS[m[1].casefold()], passage)


@functools.lru_cache(maxsize=64)
def _passage_readings(passages: tuple[str, ...]) -> tuple[_Reading, ...]:
    """The measures the passages state, each end of a range ("2-8 °C") and each dimension of a
    size ("56 x 45 x 25 cm") too."""
    found = [reading for passage in passages for _, reading, _ in _measures_in(_in_digits(passage))]
    found.extend(_length(m) for passage in passages for m in _FEET_AND_INCHES.finditer(passage))
    found.extend(
        reading
        for passage in passages
        for m in _SIZE_IN_TEXT.finditer(passage)
        for dimension in m.groups()[:3]
        if dimension and (reading := _reading(dimension, None, m[4])) is not None
    )
    return tuple(found)


def _in(reading: _Reading, stated: Sequence[_Reading], degrees: Decimal) -> bool:
    """Whether ``stated`` has ``reading``'s measure: its kind and size, in any unit (a
    temperature within ``degrees``)."""
    kind, _, sizes = reading
    return any(
        other_kind == kind and _near(kind, sizes, other_sizes, _EXACT, degrees)
        for other_kind, _, other_sizes in stated
    )


def _reading(whole: str, fraction: str | None, unit: str) -> _Reading | None:
    try:
        value = Decimal(whole.replace(",", "").replace("\u2212", "-") + (fraction or ""))
    except InvalidOperation:
        return None
    unit = " ".join(unit.casefold().split())
    if unit.startswith(("\u00b0", "degree")):
        scale = _DEGREES[unit.split()[-1].removeprefix("\u00b0")]
        celsius = value if scale == "celsius" else (value - 32) * 5 / 9
        return "temperature", scale, frozenset({celsius})
    kind, size = _SIZES[unit]
    sizes = {value * size}
    if kind == "volume" and size == _US_GALLON:  # or the imperial one, whichever was meant
        sizes.add(value * _IMPERIAL_GALLON)
    return kind, unit, frozenset(sizes)


def _agree(first: _Reading, second: _Reading) -> bool:
    (kind, unit, sizes), (other_kind, other_unit, other_sizes) = first, second
    return kind == other_kind and unit != other_unit and _near(kind, sizes, other_sizes, _SLACK, 1)


def _near(
    kind: str,
    sizes: frozenset[Decimal],
    others: frozenset[Decimal],
    share: Decimal,
    degrees: Decimal | int,
) -> bool:
    """Whether a size of each agrees: temperatures within ``degrees``, the rest within
    ``share`` of the larger."""
    if kind == "temperature":
        return any(abs(a - b) <= degrees for a in sizes for b in others)
    return any(
        a == b if a == 0 or b == 0 else abs(a - b) <= share * max(abs(a), abs(b))
        for a in sizes
        for b in others
    )
