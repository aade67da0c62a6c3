"""A length of time a claim gives for a span between two times of day it writes, and gets
wrong: "Six hours — the planned interruption was from 10:00pm to 6:00am" (8 hours), "open from
9:00 to 17:00, so 7 hours" (8), "runs from 8pm to 3am - 5 hours each night" (7).

A lie that changes the length keeps every figure of the answer one the passages write ("6" of
"6:00am", or of any other figure), so no reading of the passages' numbers tells it; the claim's
own two times do. :func:`wrong_own_span` reads a sentence that writes exactly two times of day
as one range ("from A to B", "A until B", "A-B", "between A and B") and one length tied to it:
right after it ("..., so 7 hours", "(8.5 hours)", "- 5 hours each night") or right before it
("lasts 16 hours, from A to B"; or opening the sentence: "Six hours — the interruption was from
A to B"). The span runs forward, past midnight; a time written without "am" or "pm" may be
either ("7:30-9:30 pm"). Not where the length is hedged ("about 8 hours") or is of something
else that its next words name ("a week", "later", "of work", "window", "excluding lunch"): a
week's hours or a break are other sums.
"""

from __future__ import annotations

import functools
import re
from typing import NamedTuple

from pytest_faithful.text.clock import clock_times
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.segment import split_sentences
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.words import NUMBER_WORDS

_TIME = (
    r"(?:\d{1,2}(?:[:.][0-5]\d)?[^\S\n]?[ap]\.?m\.?(?![a-z])|\d{1,2}:[0-5]\d(?![\d:])"
    r"|noon|midday|midnight)"
)
_RANGE = (
    rf"(?:(?:from|between)[^\S\n]+)?(?P<a>{_TIME})[^\S\n]*"
    rf"(?:to|until|till|and|[-\u2013\u2014])[^\S\n]*(?P<b>{_TIME})"
)
_COUNT = r"\d{1,2}(?:\.\d+|\u00bd)?|" + "|".join(NUMBER_WORDS) + r"|an?"
_LENGTH = (
    rf"(?P<length>(?<![\w.,])(?P<h>{_COUNT})[^\S\n]*-?[^\S\n]*(?:hours?|hrs?|h)\b"
    r"(?:[^\S\n]*(?:and[^\S\n]+)?(?P<m>\d{1,2})[^\S\n]*(?:minutes?|mins?|m)\b)?"
    r"|(?<![\w.,])(?P<mm>\d{1,3})[^\S\n]*-?[^\S\n]*(?:minutes?|mins?)\b)"
)
_HEDGE = (
    r"(?:about|around|roughly|nearly|almost|approximately|over|under|up\s+to|just"
    r"|at\s+(?:least|most)|more\s+than|less\s+than|~)"
)
# Words after a length that make it the length of something else than the range.
_OTHER = (
    r"(?![^\S\n]*(?:later|earlier|before|after|ahead|behind|early|late|longer|shorter|more"
    r"|less|extra|left|remaining|of\b|window|slot|notice|break|lunch|a\s+week|per\s+week|weekly"
    r"|a\s+month|per\s+month|a\s+year|excluding|including|not\s+counting|plus|minus|[+x\u00d7]"
    r"|each\s+way|in\s+total|in\s+all|altogether))"
)
_AFTER = regex(
    rf"(?i){_RANGE}[^\S\n]*[,;:(\u2014\u2013-]?[^\S\n]*(?:(?:(?:so|which|that)\b[^\d\n.;?!]{{0,30}}?"
    r"\b(?:is|are|lasts?|takes?|runs?|comes\s+to|makes?)|that'?s|making|lasting|i\.e\.|or|so)"
    rf"[^\S\n]+)?(?P<hedge>{_HEDGE}[^\S\n]+)?(?:{_LENGTH}){_OTHER}"
)
# "every 10 minutes, from 06:30 to 20:00" is how often, not how long.
_NOT_HOW_OFTEN = r"(?<!\bevery\s)(?<!\beach\s)(?<!\bper\s)(?<!\bwithin\s)"
_BEFORE = regex(
    rf"(?i)(?P<hedge>{_HEDGE}[^\S\n]+)?{_NOT_HOW_OFTEN}(?:{_LENGTH}){_OTHER}[^\S\n]*"
    rf"[,:(\u2014\u2013-][^\S\n]*{_RANGE}"
)
_OPENING = regex(
    rf"(?i)^\W*(?P<hedge>{_HEDGE}[^\S\n]+)?(?:{_LENGTH}){_OTHER}[^\S\n]*[\u2014\u2013:-]"
    rf"[^\d\n.;?!]{{0,60}}?{_RANGE}"
)
_NAMED = {"noon": 720, "midday": 720, "midnight": 0}
_NAMED_TIME = regex(r"(?i)\b(?:noon|midday|midnight)\b")
_MAY_HOLD_TIME = regex(r"(?i)\d[^\S\n]?[ap]\.?m|\b(?:noon|midday|midnight)\b")
_DAY = 24 * 60


class OwnSpan(NamedTuple):
    said: str
    """The range and its length as the claim writes them."""
    minutes: int
    """What the range spans, in minutes (the shortest of its readings)."""

    def reason(self) -> str:
        hours, minutes = divmod(self.minutes, 60)
        made = f"{hours} h {minutes} min" if minutes else f"{hours} hours"
        return f"the claim's own working does not hold: {self.said!r} spans {made}"


def wrong_own_span(claim: str) -> OwnSpan | None:
    """The first range of two times of day ``claim`` gives a length for that it does not span
    (module docstring); None where each holds or none is read."""
    for said in _ranges(claim):
        if said.length not in said.spans:
            return OwnSpan(said.text, min(said.spans))
    return None


def spanned_length(term: str, claim: str, passages: tuple[str, ...]) -> bool:
    """Whether ``term`` is a figure of the length ``claim`` gives for its own range of two
    times of day, which the range spans and whose two times a passage writes: "8 hours" of
    "The water is off for 8 hours, from 10:00pm to 6:00am" with "Time: 10:00pm to 6:00am". A
    lie that changes the length is :func:`wrong_own_span`'s; one that changes a time leaves
    that time unstated."""
    for said in _ranges(claim):
        if said.length not in said.spans or term not in content_terms(said.length_text):
            continue
        written = {minutes for text in passages for minutes, _ in clock_times(text, 64)}
        written |= {_NAMED[t.casefold()] for text in passages for t in _NAMED_TIME.findall(text)}
        if _readings(said.first) & written and _readings(said.last) & written:
            return True
    return False


class _Said(NamedTuple):
    text: str
    first: str
    last: str
    length_text: str
    length: int
    spans: frozenset[int]


# Asked for each figure a claim's specifics miss: read once per claim.
@functools.lru_cache(maxsize=256)
def _ranges(claim: str) -> tuple[_Said, ...]:
    """Each range of two times of day ``claim`` ties a length to (module docstring)."""
    if ":" not in claim and _MAY_HOLD_TIME.search(claim) is None:
        return ()
    found = []
    for sentence in split_sentences(claim):
        text = sentence.text
        if len(clock_times(text, 4)) + len(_NAMED_TIME.findall(text)) != 2:
            continue  # one range: a second gives the length to whichever it is
        for pattern in (_AFTER, _BEFORE, _OPENING):
            m = pattern.search(text)
            if m is None or m["hedge"]:
                continue
            length = _length(m)
            spans = _spans(m["a"], m["b"])
            if length is None or not spans:
                continue
            found.append(_Said(m[0].strip(), m["a"], m["b"], m["length"], length, spans))
            break
    return tuple(found)


def _length(m: re.Match[str]) -> int | None:
    if m["mm"]:
        return int(m["mm"])
    hours = m["h"].casefold()
    if hours in ("a", "an"):
        count = 1.0
    elif hours in NUMBER_WORDS:
        count = float(NUMBER_WORDS[hours])
    else:
        count = float(hours.replace("\u00bd", ".5"))
    minutes = count * 60 + (int(m["m"]) if m["m"] else 0)
    return int(minutes) if minutes == int(minutes) and minutes > 0 else None


def _spans(a: str, b: str) -> frozenset[int]:
    """Each length in minutes from ``a`` forward to ``b``, under each reading of the two."""
    firsts, lasts = _readings(a), _readings(b)
    return frozenset((last - first) % _DAY or _DAY for first in firsts for last in lasts)


def _readings(time: str) -> frozenset[int]:
    """The minutes after midnight ``time`` may be: as written, or, without "am" or "pm" on the
    12-hour clock, either half of the day (the other time's "pm" may be both's)."""
    named = _NAMED.get(time.casefold())
    if named is not None:
        return frozenset({named})
    read = clock_times(time, 1)
    if not read:
        return frozenset()
    minutes, bare = read[0]
    if bare and minutes < 13 * 60 and not time.startswith("0"):
        return frozenset({minutes, (minutes + 12 * 60) % _DAY})
    return frozenset({minutes})
