"""Measures: a number written with a unit of exact size, read as its size in the measure's
base unit ("1.2 g" and "1,200 mg" are one mass, "48 hours" and "2 days" one time), and a
measure in two units read as one ("1 hour 15 minutes" is 75 minutes, neither "1 hour" nor "15
minutes" alone), a fraction of a unit counted in words ("three quarters of an hour" is 45
minutes), and a hedged measure that rounds a passage's measure of its kind
(:func:`rounded_measure`: "about 8 hours" for "7 hours and 55 minutes"). Units and their sizes
are :mod:`~pytest_faithful.text.units`'.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from decimal import Decimal
from types import MappingProxyType

from pytest_faithful.text.amounts import decimal_of, small_count
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.readings import normalised
from pytest_faithful.text.segment import split_sentences
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.units import MEASURED as _MEASURED
from pytest_faithful.text.units import SMALL as _SMALL
from pytest_faithful.text.units import UNIT_SIZES as _UNIT_SIZES
from pytest_faithful.text.units import WORDED as _WORDED
from pytest_faithful.text.units import WRITTEN_OUT as _WRITTEN_OUT
from pytest_faithful.text.units import WRITTEN_STEMS as _WRITTEN_STEMS
from pytest_faithful.text.words import NUMBER_WORDS

_DIGIT = regex(r"\d")


# A pure reading of its text, asked for again for each claim of a check.
@functools.lru_cache(maxsize=1024)
def measures(text: str) -> Mapping[str, frozenset[tuple[str, Decimal]]]:
    """Each number term of ``text`` written with a unit of exact size -> (measure, its size in
    the measure's base unit): "1.2 g" and "1,200 mg" are both ("mass", 1.2)."""
    found: dict[str, set[tuple[str, Decimal]]] = {}
    for m in _WORDED.finditer(text) if any(u in text for u in _WRITTEN_STEMS) else ():
        measure, size = _UNIT_SIZES[m[2].casefold()]
        count = _SMALL[m[1].casefold()]
        found.setdefault(str(count), set()).add((measure, (count * size).normalize()))
    _add_compound_durations(text, found)
    for m in _FRACTION_OF.finditer(text) if " of " in text else ():
        count, shares = _SMALL[m[1].casefold()], _PARTS[m[2].casefold().rstrip("s")]
        measure, size = _UNIT_SIZES[m[3].casefold()]
        found.setdefault(str(count), set()).add((measure, (count * size / shares).normalize()))
    # "for twenty years", "fifteen minutes", "eleven seconds"
    if "ty " in text or "een " in text or "leven " in text or "welve " in text:
        for m in _LARGER_WORDED.finditer(text):
            count = int(NUMBER_WORDS[m[1].casefold()])
            measure, size = _UNIT_SIZES[m[2].casefold()]
            found.setdefault(str(count), set()).add((measure, count * size))
    fortnight = "ortnight" in text or "iweekly" in text or "other week" in text
    if fortnight and _FORTNIGHTLY.search(text):  # "collected fortnightly": every two weeks
        found.setdefault("fortnight", set()).add(("time", _TWO_WEEKS))
    if _DIGIT.search(text) is None:
        return MappingProxyType({term: frozenset(sizes) for term, sizes in found.items()})
    for parts, measure, size in _compounds(normalised(text)):
        for m in parts:
            in_part = m[1].replace(",", "") + (m[2] or "")
            for term in content_terms(in_part):
                found.setdefault(term, set()).add((measure, size))
    return MappingProxyType({term: frozenset(sizes) for term, sizes in found.items()})


# A period of two weeks said in one word: "fortnightly", "a fortnight", "every fortnight",
# "biweekly".
_FORTNIGHTLY = regex(
    r"(?i)\b(?:fortnightly|(?:an?|one|every|each|per)\s+fortnight|biweekly|every\s+other\s+week)\b"
)
_TWO_WEEKS = Decimal(14 * 86400)
# A count from eleven to ninety in words before a unit: "twenty years", "fifteen minutes".
_LARGER_WORDED = regex(
    rf"\b({'|'.join(w for w, v in NUMBER_WORDS.items() if 10 < int(v) < 100)})[^\S\n]*-?[^\S\n]*"
    rf"({'|'.join(_WRITTEN_OUT)})(?![\w/])",
    re.IGNORECASE,
)
# A fraction of a unit counted in words: "three quarters of an hour", "two-thirds of a mile".
_PARTS = {"half": 2, "halve": 2, "third": 3, "quarter": 4, "fifth": 5, "tenth": 10}
_FRACTION_OF = regex(
    rf"\b({'|'.join(_SMALL)})(?:[^\S\n]+|-)(halves|half|thirds?|quarters?|fifths?|tenths?)[^\S\n]+of"
    rf"[^\S\n]+(?:an?|one)[^\S\n]+({'|'.join(_WRITTEN_OUT)})(?![\w/])",
    re.IGNORECASE,
)

# A hedge just before a measure's number, and where it puts the value the passages state:
# "about 8 hours" on either side of 8 hours, "almost two hours" below, "just over 3 km" above.
_HEDGES = regex(
    r"\b(?:(?P<about>about|around|roughly|approximately|approx\.|some|close[^\S\n]+to|circa)"
    r"|(?P<below>nearly|almost|just[^\S\n]+(?:under|below|short[^\S\n]+of)"
    r"|a[^\S\n]+little[^\S\n]+(?:under|less[^\S\n]+than)"
    r"|slightly[^\S\n]+(?:under|less[^\S\n]+than))"
    r"|(?P<above>just[^\S\n]+(?:over|above)|a[^\S\n]+little[^\S\n]+(?:over|more[^\S\n]+than)"
    r"|slightly[^\S\n]+(?:over|more[^\S\n]+than)))"
    r"[^\S\n]+(?P<number>[\w.,]+)",
    re.IGNORECASE,
)
_HEDGE_HINT = regex(
    r"\b(?:about|around|roughly|approx|some|close|circa|nearly|almost|just|little|slightly)\b",
    re.IGNORECASE,
)
# A hedged measure rounds one within half a unit of the place it is written to, and within a
# tenth of it: "about 2 hours" is not said of 1 hour 45 minutes.
_ROUNDING_SHARE = Decimal("0.1")


def rounded_measure(term: str, claim: str, passages: tuple[str, ...]) -> bool:
    """Whether ``claim`` writes ``term`` as a hedged measure ("about 8 hours", "almost two
    hours", "just over 42 kilometres") that a passage's measure of its kind, in any unit, rounds
    to: within half a unit of the last place written (its zeros a place: "about 20 minutes" for
    23 minutes) and within :data:`_ROUNDING_SHARE` of it, below it after "almost" or "just
    under", above it after "just over". The answer rounds the passages' measure as a reader
    would; a measure off by more ("about 6 hours" for 7 hours 55 minutes) is a figure of its
    own. The measure is of the same thing: one the passage sentences that share the most of
    the claim's words state (one word at least), so "almost 20 years" of a successor's 6 is
    not the mayor's 19."""
    sizes = measures(claim).get(term)
    value = decimal_of(term)
    if not sizes or not value or value < 0 or _HEDGE_HINT.search(claim) is None:
        return False
    senses = {
        "about" if m["about"] else "below" if m["below"] else "above"
        for m in _HEDGES.finditer(claim)
        if term in content_terms(m["number"])
    }
    if not senses:
        return False
    whole, _, places = term.partition(".")
    zeros = 0 if places else len(whole) - len(whole.rstrip("0"))
    words = frozenset(t for t in content_terms(claim) if not t[0].isdigit())
    best, stated = 1, set[tuple[str, Decimal]]()  # one shared word at least
    for said, measured in _sentence_measures(passages):
        shared = len(words & said)
        if measured and shared >= best:
            stated = set(measured) if shared > best else stated | measured
            best = shared
    for measure, size in sizes:
        step = size / value * Decimal(10) ** (zeros - len(places))
        near = min(step / 2, size * _ROUNDING_SHARE)
        for other, passage_size in stated:
            if other != measure or abs(passage_size - size) > near:
                continue
            if (
                "about" in senses
                or ("below" in senses and passage_size < size)
                or ("above" in senses and passage_size > size)
            ):
                return True
    return False


@functools.lru_cache(maxsize=64)
def _sentence_measures(
    passages: tuple[str, ...],
) -> tuple[tuple[frozenset[str], frozenset[tuple[str, Decimal]]], ...]:
    """Each passage sentence's content terms and the measures it states."""
    return tuple(
        (content_terms(s.text), frozenset().union(*measures(s.text).values()))
        for p in passages
        for s in split_sentences(p)
    )


def compound_parts(text: str) -> frozenset[tuple[int, int]]:
    """Where ``text`` writes a part of a measure in two units ("1 hour 15 minutes", "1 kg 200
    g", "1 year 6 months"): each part, whose number is no measure of its own."""
    return frozenset(
        (m.start(), m.end()) for parts, _, _ in _compounds(text) if len(parts) > 1 for m in parts
    )


def part_alone(term: str, claim: str, passages: tuple[str, ...]) -> bool:
    """Whether ``claim`` writes ``term`` as a measure of its own that the passages write only
    as a part of one in two units: their "1 hour 15 minutes" states neither "1 hour" nor "15
    minutes", and "1 kg 200 g" neither "1 kg" nor "200 g"."""
    if term not in _compound_terms(passages):
        return False
    sizes = measures(claim).get(term, frozenset())
    return bool(sizes) and not sizes & measured_in(passages)


@functools.lru_cache(maxsize=64)
def _compound_terms(passages: tuple[str, ...]) -> frozenset[str]:
    """The number terms the passages write only as parts of measures in two units."""
    parts: set[str] = set()
    alone: set[str] = set()
    for p in passages:
        spans = sorted(compound_parts(p)) if _MAY_COMPOUND.search(p) else []
        if not spans:
            alone |= content_terms(p)
            continue
        parts.update(*(content_terms(p[a:b]) for a, b in spans))
        edges = [0, *(x for span in spans for x in span), len(p)]
        alone.update(*(content_terms(p[a:b]) for a, b in zip(edges[::2], edges[1::2], strict=True)))
    return frozenset(parts - alone)


@functools.lru_cache(maxsize=64)
def measured_in(passages: tuple[str, ...]) -> frozenset[tuple[str, Decimal]]:
    """Every (measure, size) the passages write, read once per check."""
    return frozenset(size for p in passages for sizes in measures(p).values() for size in sizes)


# Between the parts of one measure: "1 hour 15 minutes", "1 kg, 200 g", "1 year and 6 months".
_BETWEEN = regex(r"[^\S\n]*,?[^\S\n]*(?:and[^\S\n]+)?")
# A number, a word and a number after it, so: most passages write no measure in two units.
_MAY_COMPOUND = regex(r"\d[^\S\n]*[^\W\d_]+\.?[^\S\n]*,?[^\S\n]*(?:and[^\S\n]+)?\d")


@functools.lru_cache(maxsize=1024)
def _compounds(
    text: str,
) -> tuple[tuple[tuple[re.Match[str], ...], str, Decimal], ...]:
    """Each measure ``text`` writes with a unit of exact size, as its parts (one, or a larger
    unit then a smaller one of the same measure right after it), its measure and its whole size
    in the measure's base unit."""
    read: list[tuple[re.Match[str], str, Decimal]] = []
    for m in _MEASURED.finditer(text):
        value = decimal_of(m[1].replace(",", "") + (m[2] or ""))
        if value is not None:
            measure, size = _UNIT_SIZES[m[3].casefold()]
            read.append((m, measure, size * value))
    found: list[tuple[tuple[re.Match[str], ...], str, Decimal]] = []
    i = 0
    while i < len(read):
        m, measure, size = read[i]
        if i + 1 < len(read):
            n, other, more = read[i + 1]
            if (
                other == measure
                and _UNIT_SIZES[n[3].casefold()][1] < _UNIT_SIZES[m[3].casefold()][1]
                and _BETWEEN.fullmatch(text, m.end(), n.start())
            ):
                found.append(((m, n), measure, (size + more).normalize()))
                i += 2
                continue
        found.append(((m,), measure, size.normalize()))
        i += 1
    return tuple(found)


# A duration in hours and minutes at once: "2 hours 45 minutes", "2 h 45 min", "1 hour 15", "an
# hour and a half", "3 and a half hours": the whole is a size of each of its numbers ("165
# minutes").
_COMPOUND = regex(
    rf"\b(\d{{1,3}}|{'|'.join(_SMALL)})[^\S\n]*(?:hours?|hrs?|h)[^\S\n]*,?[^\S\n]*(?:and[^\S\n]+)?"
    # The minutes' unit may be left out where nothing follows the number: "1 hour 15".
    r"(?:(\d{1,2})(?:[^\S\n]*(?:minutes?|mins?|m)\b|(?![\w%-]|[.,:]\d|[^\S\n]*(?!(?:for|by|in|on|and"
    r"|or|to|than|versus|vs|compared|each|at)\b)[^\W\d_]))"
    r"|(a[^\S\n]+half)\b)"
    rf"|\b(\d{{1,3}}|{'|'.join(_SMALL)})[^\S\n]+and[^\S\n]+a[^\S\n]+half[^\S\n]+hours?\b",
    re.IGNORECASE,
)


_HOURS_BY_H = regex(r"\dh\b")  # "2h 41m"


def _add_compound_durations(text: str, found: dict[str, set[tuple[str, Decimal]]]) -> None:
    if (
        "hour" not in text
        and "hr" not in text
        and " h" not in text
        and not _HOURS_BY_H.search(text)
    ):
        return
    for m in _COMPOUND.finditer(text):
        hours_word = m[1] or m[4]
        hours = small_count(hours_word)
        minutes = Decimal(m[2]) if m[2] else Decimal(30)
        size = (hours * 3600 + minutes * 60) if m[1] else (hours * 3600 + 1800)
        term = str(hours)
        found.setdefault(term, set()).add(("time", Decimal(size).normalize()))
        if m[2]:
            found.setdefault(str(int(m[2])), set()).add(("time", Decimal(size).normalize()))


_CLOCK = regex(r"(\d{1,2}):([0-5]\d)(?::([0-5]\d))?")


def clock_measures(term: str) -> frozenset[tuple[str, Decimal]]:
    """A length of time written the clock's way ("9:58", "1:05:40") as the measures it may be:
    hours and minutes, or minutes and seconds (hours, minutes and seconds with three parts)."""
    m = _CLOCK.fullmatch(term)
    if m is None:
        return frozenset()
    a, b = int(m[1]), int(m[2])
    if m[3] is not None:
        return frozenset({("time", Decimal(a * 3600 + b * 60 + int(m[3])))})
    return frozenset({("time", Decimal(a * 3600 + b * 60)), ("time", Decimal(a * 60 + b))})
