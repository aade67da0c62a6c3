"""A comparison the evidence's figures order the other way: "The regional train is faster than
the express bus" where the evidence gives the bus 35 minutes and the train 48.

A judge reading for gist passes a comparison whose two things, and even its comparative, the
evidence names; only the figures say which way round it is. :func:`ordered_otherwise` reads the
claim's comparison (:mod:`~pytest_faithful.text.comparisons`), finds in the evidence one figure
of one kind for each thing compared, and says whether the figures order the two things against
the comparative: "larger", "more", "higher", "more expensive" up; "smaller", "less", "fewer",
"cheaper" down; "faster", "slower" by the measure, a time (less is faster) or a speed.

A figure is a thing's only where the evidence ties it to it beyond doubt: a figure after the
thing's name, before any other thing's name and in its clause ("the regional train takes 48
minutes"), or right before "for", "in", "of" or "by" and the name ("11.7 seconds for the Python
version", "24 pupils in 2015"). The two figures are of one kind (a time, money, a count of one
thing), and each thing has one figure of it. Anything less is not read: a comparison the
figures do not settle is the judge's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from decimal import Decimal
from typing import NamedTuple

from pytest_faithful.text.amounts import amounts
from pytest_faithful.text.comparisons import Comparison, comparisons
from pytest_faithful.text.kinds import number_kinds
from pytest_faithful.text.measures import measures
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.words import WORD

_UP = frozenset(
    "more greater higher larger bigger longer taller older heavier wider deeper thicker "  # noqa: SIM905
    "stronger richer wealthier costlier pricier warmer hotter louder busier".split()
)
_DOWN = frozenset(
    "less fewer lower smaller shorter younger lighter narrower thinner weaker poorer cheaper "  # noqa: SIM905
    "colder cooler quieter".split()
)
_FAST = frozenset({"faster", "quicker", "more quickli", "more rapidli"})
_SLOW = frozenset({"slower", "more slowli", "less quickli"})
_TIME_UNITS = ("second", "sec", "minut", "min", "hour", "hr", "day", "week", "month", "year")
_SPEED_UNITS = ("km/h", "kph", "mph", "knot")
# A number as the evidence writes it, with its currency; and one that ends where a name's lead
# begins.
_NUMBER = regex(r"[$\u20ac\u00a3]?\d[\d,]*(?:\.\d+)?%?")
_NUMBER_AT_END = regex(r"[$\u20ac\u00a3]?\d[\d,]*(?:\.\d+)?%?\s*$")
# What ends a thing's stretch of the evidence: a clause's mark, or a word that opens another
# clause or sets another thing against it.
_STRETCH_END = regex(
    r"[;:()]|\.(?:\s|$)|\b(?:whereas|while|but|although|though|because|against|compared|than)\b"
)
# What may stand between a figure and the name it is for: a unit's words and a preposition ("24
# pupils in 2015", "$61,000 earned by"; not "of": "a 100 g serving of lentils").
_LEAD = regex(r"(?i)\s*(?:[^\W\d_]+\s+){0,2}?(?:for|in|by|among)\s+(?:the\s+)?$")
_REACH = 60
_THAN_BEFORE = regex(r"(?i)\bthan\s+(?:[^\W\d_]+\s+){0,2}$")


class Ordered(NamedTuple):
    """The claim's comparison, and the evidence's figures for its two things."""

    said: str
    first: str
    second: str

    def reason(self) -> str:
        return (
            f"the claim says {self.said!r}, and the evidence's figures order the two the other "
            f"way ({self.first} against {self.second})"
        )


def ordered_otherwise(claim: str, evidence: str) -> Ordered | None:
    """The claim's comparison whose two things the evidence's figures order against its
    comparative (module docstring), or None."""
    if not any(c.isdigit() for c in evidence):
        return None
    for comparison in comparisons(claim):
        direction = _direction(comparison.degree)
        if direction is None or (anchors := _anchors(claim, comparison)) is None:
            continue
        between = content_terms(claim[comparison.at : comparison.than])
        if any(t[:1].isdigit() and t != anchors[0] for t in between):
            continue  # "costs $5 more than": its figures are the number rules' to read
        found = _figures(evidence, *anchors)
        if found is None:
            continue
        (kind, first, first_text), (_, second, second_text) = found
        up = direction if isinstance(direction, int) else _speed(direction, kind)
        if up is not None and first != second and (first > second) != (up > 0):
            return Ordered(comparison.said, first_text, second_text)
    return None


def _direction(degree: str) -> int | str | None:
    """+1 where the comparative says the first thing's figure is the larger, -1 the smaller;
    "fast" or "slow" where that turns on the measure; None where it is none of these."""
    if degree in _FAST:
        return "fast"
    if degree in _SLOW:
        return "slow"
    word = degree.split()[0]
    if word in _UP:
        return 1
    if word in _DOWN:
        return -1
    return None


def _speed(direction: str, kind: str) -> int | None:
    """Which way "faster" or "slower" orders figures of ``kind``: a time is less for the faster,
    a speed more; else None."""
    unit = kind.removeprefix("unit:")
    faster = 1 if unit.startswith(_SPEED_UNITS) else -1 if _is_time(kind) else None
    if faster is None:
        return None
    return faster if direction == "fast" else -faster


def _is_time(kind: str) -> bool:
    return kind == "measure:time" or kind.removeprefix("unit:").startswith(_TIME_UNITS)


def _anchors(claim: str, comparison: Comparison) -> tuple[str, str] | None:
    """The term that names each thing compared: the first of its side's terms the other side
    does not say, a word before a number ("the regional train"; "in 2019" where the side
    names only a year)."""
    one = comparison.subject - comparison.second
    other = comparison.second - comparison.first
    begin = max(0, claim.rfind(". ", 0, comparison.at) + 1)
    end = claim.find(". ", comparison.than)
    second = _first_term(claim[comparison.than + 4 : None if end < 0 else end], other - one)
    if second is not None and second[:1].isdigit():
        # One thing at two times: "larger in 2015 than in 2023" compares 2015 with 2023.
        between = content_terms(claim[comparison.at : comparison.than])
        times = sorted(t for t in between - other if t[:1].isdigit())
        if len(times) == 1:
            return times[0], second
    first = _first_term(claim[begin : comparison.at], one - other)
    return None if first is None or second is None else (first, second)


def _first_term(text: str, terms: frozenset[str]) -> str | None:
    found = [t for w in WORD.finditer(text) for t in sorted(content_terms(w[0])) if t in terms]
    numbers = [t for n in _NUMBER.finditer(text) for t in content_terms(n[0]) if t in terms]
    return found[0] if found else numbers[0] if numbers else None


_Figure = tuple[str, Decimal, str]


def _figures(evidence: str, first: str, second: str) -> tuple[_Figure, _Figure] | None:
    """The figures of one kind the evidence ties to the things ``first`` and ``second`` name,
    one each, or None."""
    mine, theirs = _mentions(evidence, first), _mentions(evidence, second)
    if not mine or not theirs:
        return None
    read = _Read(number_kinds(evidence), measures(evidence), amounts(evidence))
    # A year's figure is the one before it ("24 pupils in 2015"); what follows a year belongs
    # to the next ("in 2015 to 28 pupils in 2023").
    ours = list(_tied(evidence, mine, theirs, read, after=not first[:1].isdigit()))
    others = list(_tied(evidence, theirs, mine, read, after=not second[:1].isdigit()))
    kinds = {k for k, _, _ in ours} & {k for k, _, _ in others}
    if len(kinds) != 1:
        return None
    (kind,) = kinds
    a = {(v, t) for k, v, t in ours if k == kind}
    b = {(v, t) for k, v, t in others if k == kind}
    if len({v for v, _ in a}) != 1 or len({v for v, _ in b}) != 1 or a == b:
        return None
    (x, x_text), (y, y_text) = min(a), min(b)
    return (kind, x, x_text), (kind, y, y_text)


def _mentions(evidence: str, term: str) -> list[tuple[int, int]]:
    """Where the evidence names ``term``: a word of its own (not the end of "semi-detached")."""
    pattern = _NUMBER if term[:1].isdigit() else WORD
    return [
        (m.start(), m.end())
        for m in pattern.finditer(evidence)
        if term in content_terms(m[0]) and evidence[m.start() - 1 : m.start()] not in {"-", "/"}
    ]


class _Read(NamedTuple):
    kinds: Mapping[str, frozenset[str]]
    sizes: Mapping[str, frozenset[tuple[str, Decimal]]]
    values: Mapping[str, frozenset[Decimal]]


def _tied(
    evidence: str,
    mentions: list[tuple[int, int]],
    others: list[tuple[int, int]],
    read: _Read,
    *,
    after: bool = True,
) -> Iterator[_Figure]:
    """The figures the evidence ties to a thing mentioned at ``mentions``: those after a
    mention in its stretch, before another thing's mention, and the one right before a lead
    to a mention (module docstring)."""
    for start, end in mentions:
        # What a thing compared with is followed by is the comparison's, not its: "took longer
        # to sell than flats, spending a median of 63 days" gives flats no 63.
        compared = not after or _THAN_BEFORE.search(evidence, max(0, start - _REACH), start)
        stop = min([s for s, _ in others if s > end] + [_stretch_end(evidence, end)])
        for number in () if compared else _NUMBER.finditer(evidence, end, stop):
            if (figure := _figure(number, read)) is not None:
                yield figure
        lead = _LEAD.search(evidence, max(0, start - _REACH), start)
        if lead is not None and lead.start() < start:
            ending = _NUMBER_AT_END.search(evidence, max(0, lead.start() - _REACH), lead.start())
            if ending is not None and (figure := _figure(ending, read)) is not None:
                yield figure


def _stretch_end(evidence: str, end: int) -> int:
    found = _STRETCH_END.search(evidence, end, end + 4 * _REACH)
    return min(len(evidence), end + 4 * _REACH) if found is None else found.start()


def _figure(number: re.Match[str], read: _Read) -> _Figure | None:
    """A figure's kind (its measure, or what it counts), value and words; None for a year, a
    date, a time of day or a figure of no kind."""
    terms = [t for t in content_terms(number[0]) if t[:1].isdigit()]
    if len(terms) != 1:
        return None
    (term,) = terms
    kinds = read.kinds.get(term, frozenset())
    if not kinds or kinds & {"year", "date", "ordinal", "score", "time", "decade"}:
        return None
    # A minus sign before the figure, not a range's dash: "kept at -20°C".
    sign = -1 if _MINUS.search(number.string, max(0, number.start() - 2), number.end()) else 1
    sizes = read.sizes.get(term, frozenset())
    if len(sizes) == 1:
        ((measure, size),) = sizes
        return f"measure:{measure}", sign * size, number[0].strip()
    values = read.values.get(term, frozenset())
    if len(kinds) != 1 or len(values) != 1:
        return None
    return next(iter(kinds)), sign * next(iter(values)), number[0].strip()


_MINUS = regex(r"(?<![\w.,])[-\u2212][^\S\n]?\d")
