"""The gap between two durations written on a clock, said in units: "won in 2:18:57, breaking
the course record of 2:19:43 by 46 seconds", "2:01:09, 3 minutes 26 seconds ahead of Lemma's
2:04:35", "a lap of 1:42.5, 0.8 seconds faster than 1:43.3".

Race results, lap times and a video's length are written as hours, minutes and seconds; a strong
judge's answer works out the margin and writes it in seconds or minutes, a number no passage
writes. :func:`between_clock_durations` reads a number as stated when it is the difference of
two clock durations the claim writes, each written so by a passage. Only the forms that are
durations far more often than times of day: hours, minutes and seconds ("2:18:57") or minutes
and seconds with a fraction ("1:42.5"); "8:45" is a time of day, whose spans
:mod:`~pytest_faithful.text.arithmetic` reads.
"""

from __future__ import annotations

import itertools
from decimal import Decimal

from pytest_faithful.text.measures import measures
from pytest_faithful.text.patterns import regex

_CLOCK = regex(
    r"(?<![\d:.])(?:(?P<h>\d{1,2}):(?P<m>[0-5]\d):(?P<s>[0-5]\d(?:\.\d{1,3})?)"
    r"|(?P<m2>\d{1,2}):(?P<s2>[0-5]\d\.\d{1,3}))(?![\d:])"
)
_SIXTY = Decimal(60)


def clock_durations(text: str) -> list[tuple[str, Decimal]]:
    """Each clock duration ``text`` writes, as written, and its length in seconds."""
    found = []
    for m in _CLOCK.finditer(text) if ":" in text else ():
        if m["h"] is not None:
            seconds = (Decimal(m["h"]) * _SIXTY + Decimal(m["m"])) * _SIXTY + Decimal(m["s"])
        else:
            seconds = Decimal(m["m2"]) * _SIXTY + Decimal(m["s2"])
        found.append((m[0], seconds))
    return found


def between_clock_durations(term: str, claim: str, passages: tuple[str, ...]) -> bool:
    """Whether the number ``term`` of ``claim``, a measure of time, is the gap between two clock
    durations ``claim`` writes, each written so by one of ``passages``."""
    sizes = {size for measure, size in measures(claim).get(term, ()) if measure == "time"}
    if not sizes:
        return False
    stated = [
        seconds
        for written, seconds in clock_durations(claim)
        if any(written in p for p in passages)
    ]
    return any(abs(a - b) in sizes for a, b in itertools.combinations(stated, 2))
