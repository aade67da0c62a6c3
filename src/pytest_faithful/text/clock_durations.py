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

import functools
import itertools
import re
from collections.abc import Mapping
from decimal import Decimal
from types import MappingProxyType

from pytest_faithful.text.dates import dates_in
from pytest_faithful.text.measures import measured_in, measures
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.segment import split_sentences
from pytest_faithful.text.terms import content_terms

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


def between_clock_durations(
    term: str, claim: str, passages: tuple[str, ...], before: str = ""
) -> bool:
    """Whether the number ``term`` of ``claim``, a measure of time, is the gap between two clock
    durations ``claim`` writes, each written so by one of ``passages``; or between a reading of
    the claim and one of the answer's sentence ``before`` it (:func:`_across`)."""
    sizes = {size for measure, size in measures(claim).get(term, ()) if measure == "time"}
    if not sizes:
        return False
    stated = [
        seconds for written, seconds in clock_durations(claim) if _on_a_passage(written, passages)
    ]
    if any(abs(a - b) in sizes for a, b in itertools.combinations(stated, 2)):
        return True
    # Two readings of two numbers each, read the same way: "15:42 was 1 minute 28 seconds
    # faster than 17:10" (minutes and seconds), "from 9:15 to 10:45, 1 hour 30 minutes"; the
    # first the less where the claim says "faster", the more where it says "slower".
    two = [
        _read(m)
        for m in _TWO_PART.finditer(claim)
        if not _HALF_DAY.match(claim, m.end()) and _on_a_passage(m[0], passages)
    ]
    way = {sign for pattern, sign in ((_LESS, -1), (_MORE, 1)) if pattern.search(claim)}
    if way == {1} and _EVENTS_LATER.search(claim) and not _COMPARED.search(claim):
        # "Lena wrote at 09:12 and Marco replied at 16:40, 7 hours 28 minutes later": no "than"
        # compares two readings; the reading said second is the later event's.
        way = {-1}
    if len(way) > 1:
        return False  # "faster: ..., 22 seconds slower": which way is not said
    # Times of day in the order said, the second past midnight: "leaves at 21:50 and arrives
    # at 08:05, so the journey takes 10 hours 15 minutes"; or on a later date the claim says:
    # "collected on 11 Nov at 16:05, at the depot on 12 Nov at 18:40: 26 hours 35 minutes".
    apart = _days_apart(claim)
    if any(
        first < _DAY
        and (apart or second < first)
        and Decimal((second - first + (apart or 1) * _DAY) * 60) in sizes
        for first, second in itertools.combinations(two, 2)
    ):
        return True
    if any(
        Decimal(abs(first - second) * unit) in sizes
        and (not way or (first - second) * next(iter(way)) > 0)
        for first, second in itertools.combinations(two, 2)
        for unit in (1, 60)
    ):
        return True
    return bool(before) and _across(sizes, claim, before, passages)


def _across(sizes: set[Decimal], claim: str, before: str, passages: tuple[str, ...]) -> bool:
    """Whether a size is the gap between a reading of ``claim`` and one of the answer's sentence
    ``before`` it, each a passage's: "... won in 33:08. That's 57 seconds faster than the
    previous record of 34:05"; "a chip time of 33:51. ... his gun time as 34:02, 11 seconds
    slower"; "16:00 ... That's 2 hours 45 minutes before the 18:45 kick-off". Where the claim
    compares, the reading it compares with is the one after "than" ("ahead of", "behind"),
    else the earlier sentence's."""
    way = {sign for pattern, sign in ((_LESS, -1), (_MORE, 1)) if pattern.search(claim)}
    if len(way) > 1:
        return False
    earlier = [
        _read(m)
        for m in _TWO_PART.finditer(before)
        if not _HALF_DAY.match(before, m.end()) and _on_a_passage(m[0], passages)
    ]
    for m in _TWO_PART.finditer(claim) if earlier else ():
        if _HALF_DAY.match(claim, m.end()) or not _on_a_passage(m[0], passages):
            continue
        is_compared = any(
            c.end() == m.start() for c in _THAN_READING.finditer(claim, 0, m.start() + 1)
        )
        for other in earlier:
            # The subject less the reading it is compared with.
            gap = other - _read(m) if is_compared else _read(m) - other
            if any(Decimal(abs(gap) * unit) in sizes for unit in (1, 60)) and (
                not way or gap * next(iter(way)) > 0
            ):
                return True
    return False


# "than" (or "ahead of", "behind") and the words between it and the reading it compares:
# "than the previous record of ", "ahead of the SAS connection (".
_THAN_READING = regex(r"(?i)\b(?:than|ahead\s+of|behind|before|after)\s+(?:[^\W\d]+\s+){0,5}\(?")


# The minutes of a day: a span of times of day runs forward past midnight.
_DAY = 24 * 60
# A time of day's "am" or "pm": such times are read as spans (text/time_spans.py).
_HALF_DAY = regex(r"(?i)[^\S\n]?[ap]\.?m\b")
# Words that say the first of two readings is the less, or the more.
_LESS = regex(r"(?i)\b(?:faster|quicker|earlier|sooner|ahead|shorter)\b")
_MORE = regex(r"(?i)\b(?:slower|later|behind|longer)\b")
# "later" of events told in order, where no comparison ("than", "behind") sets one reading
# against the other.
_EVENTS_LATER = regex(r"(?i)\blater\b")
_COMPARED = regex(r"(?i)\b(?:than|slower|behind|longer)\b")


# A clock reading of two numbers ("37:42", "9:42"): minutes and seconds, or hours and minutes.
_TWO_PART = regex(r"(?<![\d:.])(\d{1,2}):([0-5]\d)(?![\d:]|\.\d)")


def _read(reading: re.Match[str]) -> int:
    """A two-number reading in its smaller unit: "37:42" is 2,262 (seconds, or minutes)."""
    return int(reading[1]) * 60 + int(reading[2])


def moved_on_clock(term: str, claim: str, passages: tuple[str, ...]) -> bool:
    """Whether ``term``, a clock reading of two numbers ("37:53"), is another reading the claim
    writes moved by a measure of time it writes: "eleven seconds behind Reid's 37:42, so he ran
    37:53", "leaves at 9:42 and takes 11 minutes, so it arrives at 9:53". Both readings are read
    the same way, as minutes and seconds or as hours and minutes; the other reading and the
    measure are each stated by a passage, so a lie that changes either is still caught."""
    if _moved_in_passage(term, claim, passages):
        return True
    own = _TWO_PART.fullmatch(term)
    if own is None:
        return False
    said = measured_in(passages)
    gaps = {
        size
        for sizes in measures(claim).values()
        for measure, size in sizes
        if measure == "time" and (measure, size) in said
    }
    if not gaps:
        return False
    target = _read(own)
    for m in _TWO_PART.finditer(claim):
        if m[0] == term or not _on_a_passage(m[0], passages):
            continue
        moved = abs(target - _read(m))
        if Decimal(moved) in gaps or Decimal(moved * 60) in gaps:  # seconds, or minutes
            return True
    return False


def _moved_in_passage(term: str, claim: str, passages: tuple[str, ...]) -> bool:
    """Whether ``term`` is of a clock duration of the claim that a passage sentence's clock
    duration moved by a measure of time it says with it makes: "the record was 2:26.51" from
    "lowered the record to 2:24.61, taking 1.9 seconds off the mark"."""
    own = [size for written, size in clock_durations(claim) if term in content_terms(written)]
    if not own:
        return False
    for passage in passages:
        for sentence in split_sentences(passage) if ":" in passage else ():
            durations = [size for _, size in clock_durations(sentence.text)]
            if not durations:
                continue
            gaps = [
                size
                for sizes in measures(sentence.text).values()
                for measure, size in sizes
                if measure == "time"
            ]
            # Which way: "taking 1.9 seconds off the mark", "1.9 s ahead of" put the other
            # reading above the sentence's; "behind", "slower" below it; neither, either.
            signs = {
                sign
                for pattern, sign in ((_BELOW_OTHER, 1), (_ABOVE_OTHER, -1))
                if pattern.search(sentence.text)
            } or {1, -1}
            if any(d + sign * g in own for d in durations for g in gaps for sign in signs):
                return True
    return False


_BELOW_OTHER = regex(r"(?i)\b(?:lowered|off|faster|quicker|ahead|improved|cut|under)\b")
_ABOVE_OTHER = regex(r"(?i)\b(?:slower|behind|outside|over|added)\b")


# Minutes and seconds, written either way: "2 min 14 s", "2 minutes 31 seconds", "8 minutes
# 55" (two digits that end the phrase), and "2:14" (not a time of day: no "am" or "pm" after it).
_IN_UNITS = regex(
    r"(?i)(?<![\d.])(\d{1,3})[^\S\n]*(?:min(?:ute)?s?|m)\.?[^\S\n]*(?:and[^\S\n]+)?"
    r"([0-5]?\d(?:\.\d{1,3})?)[^\S\n]*(?:sec(?:ond)?s?|s)\b"
    r"|(?<![\d.])(\d{1,3})[^\S\n]*min(?:ute)?s?[^\S\n]+([0-5]\d)(?=[^\S\n]*(?:[,.;:!?)]|$))"
)
_ON_A_CLOCK = regex(r"(?i)(?<![\d:.])(\d{1,3}):([0-5]\d(?:\.\d{1,3})?)(?![\d:]|[^\S\n]*[ap]\.?m\b)")


@functools.lru_cache(maxsize=256)  # read once per claim, whichever of its figures is asked
def _minutes_and_seconds(text: str) -> Mapping[tuple[int, Decimal], frozenset[str]]:
    """Each minutes-and-seconds duration ``text`` writes -> the number terms it is written with,
    by form: the words' ("2", "14") under key (2, 14), the clock's ("2:14") under (-2, 14). A
    fraction of a second is read too ("1 minute 24.6 seconds", "1:24.6"), its terms as the
    clock's are read ("1:24" and "6")."""
    found: dict[tuple[int, Decimal], frozenset[str]] = {}
    for m in _IN_UNITS.finditer(text):
        minutes, seconds = (m[1], m[2]) if m[1] else (m[3], m[4])
        found[(int(minutes), Decimal(seconds))] = frozenset(
            {str(int(minutes)), *content_terms(seconds)}
        )
    for m in _ON_A_CLOCK.finditer(text):
        found[(-int(m[1]), Decimal(m[2]))] = content_terms(m[0])
    return MappingProxyType(found)  # cached: shared by every caller, so read-only


def _on_a_passage(reading: str, passages: tuple[str, ...]) -> bool:
    """Whether a passage writes the clock reading ``reading`` ("38:12", "1:24.6"), as it is or
    as minutes and seconds ("38 minutes 12 seconds")."""
    if any(reading in p for p in passages):
        return True
    clock = _ON_A_CLOCK.fullmatch(reading)
    if clock is None:
        return False
    key = (int(clock[1]), Decimal(clock[2]))
    return any(key in _minutes_and_seconds(p) for p in passages)


def written_the_other_way(term: str, claim: str, passages: tuple[str, ...]) -> bool:
    """Whether ``term`` is written in a duration of minutes and seconds the claim writes in one
    form ("2 minutes 31 seconds") and a passage in the other ("2:31")."""
    said = _minutes_and_seconds(claim)
    if not said:
        return False
    shown = {key for p in passages for key in _minutes_and_seconds(p)}
    return any(
        term in terms and (-key[0], key[1]) in shown for key, terms in said.items() if key[0]
    )


# The most days apart two dates of a claim are read as its two readings' days.
_MOST_DAYS = 7


def _days_apart(claim: str) -> int:
    """How many days the claim's two dates are apart, when it says just two, the later second
    and within :data:`_MOST_DAYS` of the first; else 0."""
    said = list(dates_in(claim)) if any(c.isdigit() for c in claim) else []
    if len(said) != 2 or said[0].month != said[1].month:
        return 0
    apart = said[1].day - said[0].day
    return apart if 0 < apart <= _MOST_DAYS else 0
