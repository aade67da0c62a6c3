"""Measures: a number written with a unit of exact size, read as its size in the measure's
base unit ("1.2 g" and "1,200 mg" are one mass, "48 hours" and "2 days" one time), and a
measure in two units read as one ("1 hour 15 minutes" is 75 minutes, neither "1 hour" nor "15
minutes" alone). Units and their sizes are :mod:`~pytest_faithful.text.units`'.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from decimal import Decimal
from types import MappingProxyType

from pytest_faithful.text.amounts import decimal_of, small_count
from pytest_faithful.text.readings import normalised
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.units import MEASURED as _MEASURED
from pytest_faithful.text.units import SMALL as _SMALL
from pytest_faithful.text.units import UNIT_SIZES as _UNIT_SIZES
from pytest_faithful.text.units import WORDED as _WORDED
from pytest_faithful.text.units import WRITTEN_STEMS as _WRITTEN_STEMS

_DIGIT = re.compile(r"\d")


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
    if _DIGIT.search(text) is None:
        return MappingProxyType({term: frozenset(sizes) for term, sizes in found.items()})
    for parts, measure, size in _compounds(normalised(text)):
        for m in parts:
            in_part = m[1].replace(",", "") + (m[2] or "")
            for term in content_terms(in_part):
                found.setdefault(term, set()).add((measure, size))
    return MappingProxyType({term: frozenset(sizes) for term, sizes in found.items()})


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
    return bool(sizes) and not sizes & _measured_in(passages)


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
def _measured_in(passages: tuple[str, ...]) -> frozenset[tuple[str, Decimal]]:
    return frozenset(size for p in passages for sizes in measures(p).values() for size in sizes)


# Between the parts of one measure: "1 hour 15 minutes", "1 kg, 200 g", "1 year and 6 months".
_BETWEEN = re.compile(r"[^\S\n]*,?[^\S\n]*(?:and[^\S\n]+)?")
# A number, a word and a number after it, so: most passages write no measure in two units.
_MAY_COMPOUND = re.compile(r"\d[^\S\n]*[^\W\d_]+\.?[^\S\n]*,?[^\S\n]*(?:and[^\S\n]+)?\d")


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


# A duration in hours and minutes at once: "2 hours 45 minutes", "2 h 45 min", "an hour and a
# half", "3 and a half hours": the whole is a size of each of its numbers ("165 minutes").
_COMPOUND = re.compile(
    rf"\b(\d{{1,3}}|{'|'.join(_SMALL)})[^\S\n]*(?:hours?|hrs?|h)[^\S\n]*,?[^\S\n]*(?:and[^\S\n]+)?"
    r"(?:(\d{1,2})[^\S\n]*(?:minutes?|mins?|m)\b|(a[^\S\n]+half)\b)"
    rf"|\b(\d{{1,3}}|{'|'.join(_SMALL)})[^\S\n]+and[^\S\n]+a[^\S\n]+half[^\S\n]+hours?\b",
    re.IGNORECASE,
)


def _add_compound_durations(text: str, found: dict[str, set[tuple[str, Decimal]]]) -> None:
    if "hour" not in text and "hr" not in text and " h" not in text:
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
