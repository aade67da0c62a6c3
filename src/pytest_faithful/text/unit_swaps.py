"""A number the passages write, said with another unit or per another period than theirs.

"100 requests per second" for a passage's "100 requests per minute", "waits 300 seconds" for
"300 milliseconds", "5 MB" for "5 GB", "for a week" for "for a month", "$20 per team" for "$20
per user", "twice a month" for "twice a week": the number is the passages', so no reading of
numbers alone misses it, and a judge reads the claim for its gist. Each number is read with
what it is said in (:func:`unit_readings`):

- a unit of a measure (:data:`~pytest_faithful.text.units.UNIT_OF`, any of its spellings:
  "ms", "msec" and "milliseconds" are one unit; "12-month", "2 months' notice");
- the period of a rate ("per minute", "a day", "/hour", "each week", "daily": the periods of
  :mod:`~pytest_faithful.text.rates`, and "per second"), counted by a number or by "once",
  "twice" ("cleaned twice a week"), or an adjective before what it prices, in the passages
  ("a monthly fee of \u00a320");
- the thing a rate is per ("$20 per user", "5 GB per account", "$4/person");
- a small count in words before a unit ("for a month", "two weeks", "one-year"), when it is
  no rate's period ("2 tablets a day" says a rate, not a day).

A claim's number is said in another unit (:func:`swapped_units`) when the passages write that
number with a unit of the same measure, a period, or a thing it is per, never the claim's, and
do not state the claim's measure at another number either ("2 days" for "48 hours", "a
week" for "7 days": :func:`~pytest_faithful.text.measures.measures`; "about 250 miles" for
"400 km": :func:`~pytest_faithful.text.conversions.converted_alone`). A number the passages
write with no unit or only with other measures' units is left to the other readings. Not a
swap: a lower bound in a smaller unit of time or data ("more than 100 years ago" for "more
than 100 centuries ago" is true); a thing the claim adds to the passages' period ("$89 a
month per printer" for "$89 per month"); a thing the passages never name, which is another
word for theirs ("per person" for "per participant"; "per team" beside a "Team plan" is
another thing).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import NamedTuple

from pytest_faithful.text.arithmetic import derived
from pytest_faithful.text.bounds import LOWER, bound_senses
from pytest_faithful.text.conversions import converted_alone
from pytest_faithful.text.elapsed import elapsed
from pytest_faithful.text.measures import measures
from pytest_faithful.text.own_operands import worked_in_claim
from pytest_faithful.text.patterns import Regex, regex
from pytest_faithful.text.rates import period_of
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.units import MEASURES, SMALL, UNIT_OF
from pytest_faithful.text.words import SPACE, SPACES

# A number, then its unit, hyphened or not, with at most one word between ("3 business days",
# "a 12-month warranty"); the unit's words as units.py's UNIT_OF spells them.
_UNIT_WORDS = "|".join(sorted(map(re.escape, UNIT_OF), key=len, reverse=True))
# Not a sum of money ("£15.00 a day" is a price per day, no 15 days), nor a rate's "a", "per"
# or "each" between ("3 tablets a day").
_MEASURED = regex(
    rf"(?<![\w.,£$€¥])(?<![£$€¥][^\S\n])(\d{{1,3}}(?:,\d{{3}})+|\d+)(\.\d+)?{SPACE}-?{SPACE}"
    rf"(?:(?!(?:a|an|per|each|every)\b)([^\W\d_]+){SPACES})?"
    rf"(?<![^\W\d_])({_UNIT_WORDS})(?![\w/])",
    re.IGNORECASE,
)
# Units finer than the measures' table goes: "300 ms", "50 µL", "200 mcg".
_FINE_UNITS = {
    **dict.fromkeys(("ms", "msec", "msecs", "millisecond", "milliseconds"), "millisecond"),
    **dict.fromkeys(("\u00b5s", "\u03bcs", "microsecond", "microseconds"), "microsecond"),
    **dict.fromkeys(("ns", "nanosecond", "nanoseconds"), "nanosecond"),
    **dict.fromkeys(
        ("\u00b5l", "\u03bcl", "microlitre", "microlitres", "microliter", "microliters"),
        "microlitre",
    ),
    **dict.fromkeys(("mcg", "\u00b5g", "\u03bcg", "microgram", "micrograms"), "microgram"),
}
_FINE_MEASURE = {"microlitre": "volume", "microgram": "mass"}
_FINE = regex(
    rf"(?<![\w.,])(\d{{1,3}}(?:,\d{{3}})+|\d+)(\.\d+)?{SPACE}-?{SPACE}"
    rf"({'|'.join(sorted(_FINE_UNITS, key=len, reverse=True))})(?![\w/])",
    re.IGNORECASE,
)
# A count of a rate, up to three words, then the period it is per or the thing it is per:
# "100 requests per minute", "2 tablets a day", "twice a week", "$20 per user each month",
# "$4/hour", "every 15 minutes" is a unit (above), not a rate.
_COUNT = r"(?<![\w.,])(?:(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?|(once|twice))"
_PERIODS = "second|minute|hour|day|week|fortnight|month|quarter|year|annum"
# A kind of period written before it, the period still: "per calendar year", "a fiscal quarter".
_KINDS_OF_PERIOD = "calendar|fiscal|financial|academic|school|business|working|tax"
_RATE = regex(
    rf"{_COUNT}(?:%|\s*percent\b|\s*[^\W\d_]+\b)?(?:(?:\s+|\s*/\s*)[^\W\d_]+){{0,3}}?"
    rf"\s*(?:\b(?:per|a|an|each|every)\s+(?:(?:{_KINDS_OF_PERIOD})\s+)?|/\s*)({_PERIODS})s?\b"
    r"(?![-\u2013])",
    re.IGNORECASE,
)
_ADVERB = regex(
    rf"{_COUNT}(?:%|\s*percent\b|\s*[^\W\d_]+\b)?(?:\s+[^\W\d_]+)?\s+"
    r"(hourly|daily|weekly|fortnightly|monthly|quarterly|yearly|annually)\b",
    re.IGNORECASE,
)
# The period as an adjective before what it prices: "a monthly fee of \u00a320", "the annual
# premium is $480".
_PERIOD_BEFORE = regex(
    r"\b(hourly|daily|weekly|fortnightly|monthly|quarterly|yearly|annual)\s+(?:[^\W\d_]+\s+){1,3}?"
    rf"(?:of|is|are|was|were|costs?|at)\s+[$\u20ac\u00a3\u00a5]?\s?{_COUNT}",
    re.IGNORECASE,
)
_ANNUM = {"annum": "year"}
_PERIOD_NAMES = frozenset(_PERIODS.split("|")) | {"nanosecond", "microsecond", "millisecond"}
# The thing a rate is per: "$20 per user", "5 GB of storage per account", "$4/person".
_PER_THING = regex(
    rf"{_COUNT}(?:%|\s*percent\b|\s*(?!per\b)[^\W\d_]+\b)?(?:\s+(?!per\b)[^\W\d_]+){{0,3}}?"
    r"\s*(?:\bper\s+|/(?=[^\W\d_]))([^\W\d_]{2,})\b",
    re.IGNORECASE,
)
# The word before "a"/"an" that makes "a month" a length of time.
_DURATION_BEFORE = regex(
    r"\b(?i:for|in|within|after|over|under|than|about|around|nearly|almost|only|just|takes?"
    r"|took|taking|lasts?|lasted|lasting|last|spent|spends?|every|once|twice)[^\S\n]+$"
)
_DURATION_AFTER = regex(r"[^\S\n]+(?i:later|earlier|ago|old|long|before|after|afterwards)\b")
# A small count in words before a unit: "for a month", "two weeks", "a one-year warranty".
# Not "a second", as often the ordinal ("a second summit").
_WORDED = regex(
    rf"\b({'|'.join(SMALL)}){SPACE}-?{SPACE}({_UNIT_WORDS})(?![\w/-])",
    re.IGNORECASE,
)


# "a second is £90", "a second vehicle": the ordinal, a word after it ("100 requests a second."
# ends its phrase).
_ARTICLE_BEFORE = regex(r"(?i)\ban?[^\S\n]+$")
_WORD_AFTER = regex(r"[^\S\n]+[^\W\d_]")


def _ordinal_second(text: str, start: int, end: int) -> bool:
    return bool(
        _ARTICLE_BEFORE.search(text, max(0, start - 4), start) and _WORD_AFTER.match(text, end)
    )


# Where a number that a reading above can start at begins: each of them opens with one after
# the same lookbehind. Matching there alone finds what ``finditer`` finds, without trying
# every position of a long passage.
_COUNT_START = regex(r"(?<![\w.,])(?:\d|(?i:once|twice))")


def _counted(pattern: Regex, text: str, starts: Sequence[int]) -> Iterator[re.Match[str]]:
    """``pattern.finditer(text)`` for a pattern whose matches start only at ``starts``."""
    end = 0
    for start in starts:
        if start >= end and (m := pattern.match(text, start)) is not None:
            yield m
            end = max(m.end(), start + 1)


class Reading(NamedTuple):
    """A number of a text (a content term) and what it is said in: ``axis`` is a measure
    ("time", "data", ...) or ``"per"``; ``unit`` the unit, or the period or thing it is per."""

    term: str
    axis: str
    unit: str


def _number(digits: str, decimals: str | None, word: str | None, pence: bool = False) -> str:
    """The number's term; a sum in pence marked so ("25p" is no "£25")."""
    if word:
        return "1" if word.casefold() == "once" else "2"
    terms = content_terms(digits.replace(",", "") + (decimals or ""))
    number = next(iter(terms), digits)
    return f"{number}p" if pence else number


# Pence right after a number: "25p/mile", "45p per mile" (not "5 people").
_PENCE_AFTER = regex(r"p(?![^\W\d_])")


def _in_pence(text: str, m: re.Match[str]) -> bool:
    """Whether the number that opens the match ``m`` is written in pence."""
    end = m.end(2) if m[2] else m.end(1)
    return m[1] is not None and _PENCE_AFTER.match(text, end) is not None


def _period_of(word: str) -> str:
    """The period an adverb or adjective names: "daily" a day, "fortnightly" a fortnight."""
    word = word.casefold()
    return "fortnight" if word == "fortnightly" else period_of(word)


@functools.lru_cache(maxsize=1024)
def unit_readings(text: str, periods_before: bool = False) -> frozenset[Reading]:
    """Each number of ``text`` with the unit, period or thing it is said in (module
    docstring); ``periods_before``: and the period an adjective before it names, read in the
    passages only ("an annual deductible of $1,500 per individual and $3,000 per family" says
    the year of both, so a claim's own "annual" gives its figure no period of its own)."""
    if (
        not any(c.isdigit() for c in text)
        and _WORDED.search(text) is None
        and "once" not in text
        and "twice" not in text
    ):
        return frozenset()
    starts = [m.start() for m in _COUNT_START.finditer(text)]
    found: set[Reading] = set()
    periods: list[tuple[int, int]] = []  # where a rate's period is written
    for m in _counted(_RATE, text, starts):
        period = m[4].casefold()
        if period == "second" and _ordinal_second(text, m.start(4), m.end(4)):
            continue  # "£60 a year and a second is £90": the ordinal, no rate per second
        number = _number(m[1], m[2], m[3], _in_pence(text, m))
        found.add(Reading(number, "per", _ANNUM.get(period, period)))
        periods.append(m.span(4))
    for m in _counted(_ADVERB, text, starts):
        found.add(Reading(_number(m[1], m[2], m[3], _in_pence(text, m)), "per", _period_of(m[4])))
    if periods_before and ("ly " in text or "annual" in text):
        for m in _PERIOD_BEFORE.finditer(text):
            found.add(Reading(_number(m[2], m[3], m[4]), "per", _period_of(m[1])))
    for m in _counted(_PER_THING, text, starts):
        thing = m[4].casefold()
        if thing == "cent" or re.fullmatch(_KINDS_OF_PERIOD, thing):
            continue  # "5 per cent"; "per calendar year" is a period (_RATE)
        # A period written short is the period: "per min", "/hr", "per annum".
        measure, period = UNIT_OF.get(thing, ("", ""))
        number = _number(m[1], m[2], m[3], _in_pence(text, m))
        if measure == "time" or thing == "annum":
            found.add(Reading(number, "per", period or "year"))
        else:
            found.update(Reading(number, "per", t) for t in content_terms(thing))
    for m in _counted(_MEASURED, text, starts):
        measure, unit = UNIT_OF[m[4].casefold()]
        found.add(Reading(_number(m[1], m[2], None), measure, unit))
    for m in _counted(_FINE, text, starts):
        unit = _FINE_UNITS[m[3].casefold()]
        found.add(Reading(_number(m[1], m[2], None), _FINE_MEASURE.get(unit, "time"), unit))
    for m in _WORDED.finditer(text):
        if any(a <= m.start(2) < b for a, b in periods):
            continue  # "2 tablets a day": the period of a rate, no day's duration
        measure, unit = UNIT_OF[m[2].casefold()]
        if m[1].casefold() in ("a", "an") and (
            unit == "second"
            or not (
                _DURATION_BEFORE.search(text, max(0, m.start() - 16), m.start())
                or _DURATION_AFTER.match(text, m.end())
            )
        ):
            # "a second summit": the ordinal as often. And "a year" is one year only as a
            # length of time ("for a year", "within a day", "a week later"): "a year isn't a
            # whole number of days" names a year, it counts none.
            continue
        found.add(Reading(str(SMALL[m[1].casefold()]), measure, unit))
    return frozenset(found)


# The units of time and of data, smallest first: "more than 100 centuries ago" states "more
# than 100 years ago", a lower bound in a smaller unit.
_ORDER = {
    (measure, unit): i
    for measure, units in (
        ("time", ["nanosecond", "microsecond", "millisecond", *MEASURES["time"]]),
        ("data", list(MEASURES["data"])),
    )
    for i, unit in enumerate(units)
}


def _weaker(reading: Reading, given: frozenset[Reading], bounds: frozenset[str]) -> bool:
    """Whether the claim's lower bound in a smaller unit than every passage's unit of the
    number is stated by them: "more than 100 years ago" for "more than 100 centuries ago"."""
    at = _ORDER.get((reading.axis, reading.unit))
    if LOWER not in bounds or at is None:
        return False
    return all(_ORDER.get((g.axis, g.unit), -1) > at for g in given)


class _Given(NamedTuple):
    """The passages' readings by (number, axis), and every content term they write."""

    readings: Mapping[tuple[str, str], frozenset[Reading]]
    terms: frozenset[str]


@functools.lru_cache(maxsize=64)
def _given(passages: tuple[str, ...]) -> _Given:
    by: dict[tuple[str, str], set[Reading]] = {}
    for passage in passages:
        for reading in unit_readings(passage, periods_before=True):
            by.setdefault((reading.term, reading.axis), set()).add(reading)
    terms = frozenset().union(*map(content_terms, passages)) if by else frozenset()
    return _Given({key: frozenset(found) for key, found in by.items()}, terms)


def _said_as(reading: Reading) -> str:
    """A reading as a reason says it: "100 per minute", "300 millisecond"."""
    if reading.axis == "per":
        return f"{reading.term} per {reading.unit}"
    return f"{reading.term} {reading.unit}"


def swapped_units(claim: str, passages: Sequence[str]) -> list[tuple[str, tuple[str, ...]]]:
    """Each number of ``claim`` the passages write with another unit, period or thing it is
    per than the claim's and never with the claim's (module docstring), as the claim says it
    ("100 per second") and as the passages do ("100 per minute")."""
    said = unit_readings(claim)
    if not said:
        return []
    given = _given(tuple(passages))
    if not given.readings:
        return []
    claimed: dict[tuple[str, str], list[Reading]] = {}
    for reading in sorted(said):
        claimed.setdefault((reading.term, reading.axis), []).append(reading)
    found: list[tuple[str, tuple[str, ...]]] = []
    for (term, axis), readings in claimed.items():
        others = given.readings.get((term, axis), frozenset())
        if not others or (axis != "per" and others & set(readings)):
            continue
        if axis == "per":
            swapped = _swapped_per(readings, others, given.terms)
            if swapped and _EACH.search(claim):
                # "Each of the 2,500 plants receives 4 litres a day": the claim names the
                # thing its number is per ("4 litres per plant per day") by "each".
                each = frozenset(t for m in _EACH.finditer(claim) for t in content_terms(m[1]))
                if any(content_terms(r.unit) & each for r in others):
                    swapped = [r for r in swapped if r.unit in each or not _also_per(r, passages)]
            if swapped:
                # "£40 heavy bag fee per flight" of a bag, for "£40 ... per bag per flight".
                named = content_terms(claim)
                swapped = [r for r in swapped if not _per_named_first(r, named, passages)]
        elif _measured_otherwise(claim, term, tuple(passages)):
            continue
        else:
            swapped = readings
        bounds = bound_senses(claim).get(term, frozenset())
        swapped = [r for r in swapped if not _weaker(r, others, bounds)]
        if swapped and (
            worked_in_claim(term, claim, tuple(passages))
            or (_in_units_given(swapped, given) and derived(term, claim, tuple(passages)))
            or elapsed(term, claim, passages)
        ):
            # "40 hours versus 30, so 10 hours less": the claim's own working states it; "£15 an
            # hour less than Studio A" (£45 and £30 per hour): the passages' figures do; "in
            # 1845, three years after the fire" of 1842, beside a passage's "three months":
            # the span of the passages' years.
            continue
        if swapped:
            found.append((_said_as(swapped[0]), tuple(map(_said_as, sorted(others)))))
    return found


def _in_units_given(readings: Sequence[Reading], given: _Given) -> bool:
    """Whether the passages write some number in the unit (or per the period) of each of
    ``readings``: a worked-out "£15 an hour" needs figures per hour, not per day."""
    units = {(r.axis, r.unit) for found in given.readings.values() for r in found}
    return all((r.axis, r.unit) in units for r in readings)


def _also_per(reading: Reading, passages: Sequence[str]) -> bool:
    """Whether a passage says ``reading``'s number per its period too, after the thing it is
    per: "4 litres of water per plant per day"."""
    said = re.compile(
        rf"\b{re.escape(reading.term)}\b[^.;\n]*?\b(?:per|a|an|each|every)\s+{re.escape(reading.unit)}\b",
        re.IGNORECASE,
    )
    return any(said.search(p) for p in passages)


def _per_named_first(reading: Reading, named: frozenset[str], passages: Sequence[str]) -> bool:
    """Whether a passage says ``reading``'s number per a thing and then per its thing, the
    claim naming the first: "£40 heavy bag fee per bag per flight" states "a bag ... for a £40
    fee per flight"; not "4 litres per plant per day" for "the field receives 4 litres a day"."""
    said = re.compile(
        rf"\b{re.escape(reading.term)}\b[^.;\n]*?\bper\s+([^\W\d_]+)\s+per\s+"
        rf"{re.escape(reading.unit)}\b",
        re.IGNORECASE,
    )
    return any(content_terms(m[1]) <= named for p in passages for m in said.finditer(p) if m[1])


# The thing "each" or "every" names: "each of the 2,500 plants", "every guest".
_EACH = regex(r"(?i)\b(?:each|every)\s+(?:of\s+the\s+(?:[\d,]+\s+)?)?([^\W\d_]+)")


def _swapped_per(
    readings: Sequence[Reading], others: frozenset[Reading], named: frozenset[str]
) -> list[Reading]:
    """The claim's periods and things a number is per that swap the passages' (``others``):
    a period for another period ("per second" for "per minute"), or for a thing where the
    claim gives none ("$150 per week" for "per module"); a thing for another thing the
    passages name ("per team" for "per user" beside "the Team plan"; a thing they never name
    is another word for theirs, "per person" for "per participant"). A thing the claim adds to
    the passages' period is no swap ("$89 a month per printer" for "$89 per month")."""
    periods = {r for r in readings if r.unit in _PERIOD_NAMES}
    things = set(readings) - periods
    given_periods = {r for r in others if r.unit in _PERIOD_NAMES}
    given_things = set(others) - given_periods
    swapped: list[Reading] = []
    if periods and not periods & given_periods and (given_periods or not things):
        swapped += sorted(periods)
    if things and given_things and not things & given_things:
        swapped += sorted(r for r in things if r.unit in named)
    return swapped


def _measured_otherwise(claim: str, term: str, passages: tuple[str, ...]) -> bool:
    """Whether the passages state the claim's measure ``term`` at another number: "2 days"
    for "48 hours", "about 250 miles" for "400 km"."""
    sizes = measures(claim).get(term, frozenset())
    if sizes and any(sizes & s for p in passages for s in measures(p).values()):
        return True
    return term in converted_alone(claim, passages)
