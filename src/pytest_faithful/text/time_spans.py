"""The spans of time a text says between two times of day, and a length of time read off them.

"The store opens at 9 am and closes at 5 pm" says 8 hours; "open from 7pm to 8pm and from 7pm
to 8:30pm" says 60 and 90 minutes; "10 am until midnight" 14 hours (a span runs forward, past
midnight); "10 am to 8 pm on Friday, 10 am to 6 pm on Sunday" says that Sunday is 2 hours
shorter. :mod:`~pytest_faithful.text.arithmetic` reads a claim's length of time as stated when
one of these gives it, in the sentence most about what the claim is.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from decimal import Decimal

from pytest_faithful.text.clock import clock_times, day_time_spans
from pytest_faithful.text.kinds import number_kinds
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.rates import matches

_DAY = 24 * 60
_COMPARES = regex(
    r"(?i)\b(?:shorter|longer|more|less|fewer|extra|than|difference|earlier|later|sooner)\b"
)
# The most times of day a sentence is read for (pairs grow as their square).
_MOST_TIMES = 16


def time_spans(sentence: str) -> Iterator[int]:
    """The minutes from each time of day ``sentence`` says to the next, in pairs: "9 am to 5
    pm on weekdays, 10 am to 2 pm on Saturdays" is 480 and 240 (never 5 pm to 10 am), and
    720 together; a pair whose second time is the earlier is read both as their distance and
    as the span forward past midnight ("10 am ... by midnight": 840)."""
    times = [
        minutes
        for term, kinds in number_kinds(sentence).items()
        if "time" in kinds and (minutes := _minutes_of(term)) is not None
    ]
    if len(ordered := clock_times(sentence, _MOST_TIMES)) > len(times):  # "7pm to 8pm, 7pm to"
        times = [minutes for minutes, _ in ordered]
    pairs = list(zip(times[::2], times[1::2], strict=False))  # an odd one out: no pair
    for start, end in pairs:
        yield abs(end - start)
        if end < start:
            yield end - start + _DAY
    if len(pairs) > 1 and all(start < end for start, end in pairs):
        # "Saturdays from 10 am to 1 pm and Wednesday evenings from 6 to 8 pm": open 5 hours
        yield sum(end - start for start, end in pairs)
    yield from day_time_spans(sentence)  # "from 6am Tuesday until 8pm Wednesday"


def compares(claim: str) -> bool:
    """Whether ``claim`` compares two lengths of time ("two hours shorter than on Friday")."""
    return _COMPARES.search(claim) is not None


def between_times(
    values: frozenset[Decimal], unit: int, spans: tuple[int, ...], compared: bool
) -> bool:
    """Whether one of ``values``, in ``unit`` minutes, is one of ``spans``, or the difference of
    two of them where the claim ``compared`` them (:func:`compares`)."""
    lengths = set(spans)
    if len(lengths) > 1 and compared:
        lengths |= {abs(a - b) for a, b in itertools.combinations(lengths, 2)}
    return any(matches(value, Decimal(length) / unit) for value in values for length in lengths)


def _minutes_of(term: str) -> int | None:
    hour, _, minute = term.partition(":")
    if not (hour.isdecimal() and minute.isdecimal()):
        return None
    return int(hour) * 60 + int(minute)
