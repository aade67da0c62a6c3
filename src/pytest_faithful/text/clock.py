"""Times of day as a text writes them: a range of hours whose first end borrows the second's
"am" or "pm" ("2-4pm": 2 is 14:00), and a time past 1 pm said without its half of the day
("2:15" for "2:15 pm"), which a 24-hour "02:15" is not.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from pytest_faithful.text.patterns import regex
from pytest_faithful.text.words import SPACE

# A range of hours whose first end borrows the second's "am"/"pm": "2-4pm", "10 to 11 a.m.".
_HOURS_RANGE = regex(
    rf"\b(\d{{1,2}})(?:[:.]([0-5]\d))?{SPACE}(?:-|\u2013|\u2014|to|until|till|and){SPACE}"
    rf"(\d{{1,2}})(?:[:.][0-5]\d)?{SPACE}"
    r"([ap])\.?m\b"
)


def may_say_am_or_pm(text: str, start: int, end: int) -> bool:
    # What every range of hours ends with (``_HOURS_RANGE``: "am", "pm", "a.m", "p.m"), as
    # substring tests: most texts have a digit and an "m", few an "am" or "pm".
    return (
        text.find("am", start, end) >= 0
        or text.find("pm", start, end) >= 0
        or text.find("a.m", start, end) >= 0
        or text.find("p.m", start, end) >= 0
    )


def hours_ranges(text: str, start: int, end: int) -> list[tuple[int, str, str]]:
    """Each range of hours in ``text[start:end]`` whose first end has no "am"/"pm" of its own:
    where that end starts, its text, and its time of day read with the second end's
    ("2-4pm" and "between 2 and 4pm": "2" is "14:00"; "10-2pm" and "10 to 12pm" start in the
    morning)."""
    found = []
    for m in _HOURS_RANGE.finditer(text, start, end):
        first, last = int(m[1]), int(m[3])
        if not 1 <= first <= 12 or not 1 <= last <= 12:
            continue
        afternoon = m[4] == "p"
        if first != 12 and (first > last or last == 12):  # the range crosses noon or midnight
            afternoon = not afternoon
        hour = first % 12 + (12 if afternoon else 0)  # "12-2pm" starts at noon
        first_end = text[m.start(1) : m.end(2 if m[2] else 1)]  # "8", "8:30", "8.30"
        found.append((m.start(), first_end, f"{hour}:{m[2] or '00'}"))
    return found


def without_pm(term: str, text: str) -> str | None:
    """The term of a time past 1 pm with minutes ("14:15", read from "2:15 pm") as ``text``
    writes it without its half of the day ("2:15", as "2:15 in the afternoon" or a chat's
    "2:15?" says it), else None. A time written the 24-hour way ("08:25", with its leading
    zero) is the morning's."""
    hour, _, minutes = term.partition(":")
    if len(minutes) != 2 or not hour.isdigit() or not 12 < int(hour) < 24:
        return None
    bare = f"{int(hour) - 12}:{minutes}"
    return bare if re.search(rf"(?<![\d:]){bare}(?![\d:])", text) else None


# An hour said bare after the word that makes it a time ("closes at 5", "open until 7").
_AT_HOUR = regex(
    r"(?i)\b(?:at|until|till|til|before|after|by)\s+(\d{1,2})(?![\w:%]|[.,]\d|\s*[a-z])"
)


def bare_hour(term: str, text: str, stated: frozenset[str]) -> bool:
    """Whether ``term`` is an hour ``text`` says bare ("normally it closes at 5") whose time of
    day a passage states, in the morning or after noon (``stated``: its terms, "17:00" for
    "5 p.m.")."""
    if not term.isdigit() or not 1 <= int(term) <= 12:
        return False
    hour = int(term)
    times = {f"{hour}:00", f"{hour + 12}:00" if hour < 12 else "0:00"}
    return bool(times & stated) and any(m[1] == term for m in _AT_HOUR.finditer(text))


# A time of day with its day of the week, either side: "6am Tuesday", "Wednesday at 8 p.m.".
_DAY = r"(mon|tues|wednes|thurs|fri|satur|sun)day"
_DAY_TIME = regex(
    rf"(?i)\b(?:{_DAY}(?:\s+at)?\s+)?(\d{{1,2}})(?:[:.]([0-5]\d))?\s?([ap])\.?m\b\.?"
    rf"(?:\s+(?:on\s+)?{_DAY}\b)?"
)
_WEEK = ("mon", "tues", "wednes", "thurs", "fri", "satur", "sun")


def day_time_spans(sentence: str) -> list[int]:
    """The minutes from each time of day ``sentence`` says with its day of the week to the
    next, in pairs, where the two days differ: "from 6am Tuesday until 8pm Wednesday" is 2,280
    (38 hours). Same-day pairs are the plain times' (:func:`hours_ranges` and the like)."""
    if "day" not in sentence.casefold():
        return []
    read = []
    for m in _DAY_TIME.finditer(sentence):
        day = m[1] or m[5]
        if day is None:
            continue
        hour = int(m[2]) % 12 + (12 if m[4].casefold() == "p" else 0)
        read.append((_WEEK.index(day.casefold()), hour * 60 + int(m[3] or 0)))
    return [
        (end_day - start_day) % 7 * 1440 + end - start
        for (start_day, start), (end_day, end) in zip(read[::2], read[1::2], strict=False)
        if start_day != end_day
    ]


# A time of day: "8pm", "4 p.m.", "9:30am", "7.30pm", or on the 24-hour clock, "16:00".
_TIME = regex(
    r"(?i)(?<![\d:.])(\d{1,2})(?:[:.]([0-5]\d))?[^\S\n]?([ap])\.?m\.?(?![a-z])"
    r"|(?<![\d:.])([01]?\d|2[0-3]):([0-5]\d)(?!\d|:\d)"
)


def clock_times(text: str, most: int) -> list[tuple[int, bool]]:
    """Each time of day ``text`` writes, in order and as often as written (at most ``most``):
    its minutes after midnight, and whether it is written without "am" or "pm" ("1:15",
    "16:00")."""
    read = []
    for m in itertools.islice(_TIME.finditer(text), most):
        if m[1]:
            hour = int(m[1]) % 12 + (12 if m[3].lower() == "p" else 0)
            read.append((hour * 60 + int(m[2] or 0), False))
        else:
            read.append((int(m[4]) * 60 + int(m[5]), True))
    return read


# An hour said bare as a time of day: after a word that makes it one ("opens at 10", "closes
# 6"), before "o'clock", or at either end of a range of hours ("9-5", "from 9 to 5", "10 to
# 4pm"); "up to 10 days" counts days. "10.00" is a time too: the terms read it as the number 10.
_HOUR_AFTER = r"(?:at|from|until|till|til|before|after|by|opens?|closes?)"
# ... and not one that says its half of the day: "11 p.m." is 23:00's, read by the terms.
_ON_THE_HOUR = rf"(?:[.:]00)?(?![\w:%]|[.,]\d|{SPACE}[ap]\.?m(?![a-z]))"


def on_the_hour_said(term: str, passages: Sequence[str]) -> bool:
    """Whether ``term``, a time on the hour ("10:00", "17:00"), is an hour a passage says bare
    as a time of day: "opens at 10", "9-5" (17:00 read as 5), "10 o'clock". A bare 10 that
    counts something ("10 working days", "£10") states no time: a claim's "10:00am" where the
    passages' time is "9:30am" changes it."""
    hour, _, minutes = term.partition(":")
    if minutes != "00" or not hour.isdigit() or int(hour) > 23:
        return False
    hours = "|".join({hour, str(int(hour) - 12)} if int(hour) > 12 else {hour})
    said = re.compile(
        rf"(?i)\b{_HOUR_AFTER}{SPACE}(?:{hours}){_ON_THE_HOUR}"
        rf"|\d{SPACE}(?:[-\u2013\u2014]|to|until|till){SPACE}(?:{hours}){_ON_THE_HOUR}"
        rf"|(?<![\w.,:\u00a3$\u20ac])(?:{hours})(?![\w.,:]){SPACE}"
        rf"(?:o['\u2019]?{SPACE}clock|(?:[-\u2013\u2014]|to|until|till|and){SPACE}\d{{1,2}}(?![\d%]))"
    )
    return any(said.search(p) for p in passages)


# A duration the answer moves a time of day by, and which way: "30 minutes before", "2 hours
# after", "45 mins earlier".
_MOVED_BY = re.compile(
    r"(?i)\b(\d{1,3})\s*(minutes?|mins?|hours?|hrs?)\s+(before|earlier|ahead\s+of|prior\s+to|"
    r"after|later)\b"
)
# The most times a text is read for: a timetable of many is no one working.
_MOST_TIMES = 12


def time_moved(term: str, claim: str, question: str | None) -> bool:
    """Whether ``term``, a time of day ("13:00"), is another time the claim or the question
    says moved by a duration the claim says: "at least 30 minutes before departure, so be
    there by 13:00" asked about "the 13:30". The duration is the claim's own specific, held to
    the passages on its own."""
    hour, _, minutes = term.partition(":")
    if not (hour.isdigit() and minutes.isdigit()):
        return False
    target = int(hour) * 60 + int(minutes)
    moves = [
        int(m[1])
        * (60 if m[2].lower().startswith("h") else 1)
        * (1 if m[3].lower() in ("after", "later") else -1)
        for m in _MOVED_BY.finditer(claim)
    ]
    if not moves:
        return False
    times = {t for t, _ in clock_times(f"{claim}\n{question or ''}", _MOST_TIMES)}
    return any((t + move) % 1440 == target for t in times for move in moves)
