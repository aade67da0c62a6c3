"""A count of days, weeks, months or hours that is the gap between two dates or two times of
day the answer writes: "a fan club presale two days earlier, at 9am on Wednesday 12 March"
after "Friday 14 March"; "open until 8pm, compared with 4pm ..., so you get four extra hours";
"about two months before the race on 12 October" from 15 August; the difference of two spans of
hours it writes ("9am to 9pm, two hours longer than 10am to 8pm"); and a time of day that count
of hours before or after another it writes: "two hours before the event, so from 4pm for an
evening event starting at 6pm".

The gap is the answer's own arithmetic on figures it writes, each held to the passages as any
figure is: a changed date or time is still missing, and a gap its two dates or times do not
make ("three days earlier") is a figure of its own, which no passage states.
"""

from __future__ import annotations

import datetime
import functools
import itertools

from pytest_faithful.text.clock import clock_times
from pytest_faithful.text.dates import dates_in
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.words import MONTHS, NUMBER_WORDS

# A count of days, weeks or hours, in figures or words, with a word of comparison or none
# between ("two days earlier", "four extra hours", "3 more days").
_GAP = regex(
    rf"(?i)\b(\d{{1,3}}|{'|'.join(sorted(NUMBER_WORDS, key=len, reverse=True))})"
    r"(?P<half>[^\S\n]+and[^\S\n]+a[^\S\n]+half)?[^\S\n]+"
    r"(?:(?:extra|more|fewer|additional|further|whole|full)[^\S\n]+)?(day|week|hour|month|minute"
    r"|night)s?\b"
)
_HALF_AN_HOUR = regex(r"(?i)\bhalf[^\S\n]+an[^\S\n]+hour\b")
_FROM_TO = regex(r"(?i)\bfrom\b[^.;\n]{1,40}?\b(?:to|until|till|through)\b")
_HOUR_AND_A_HALF = regex(r"(?i)\b(?:an?|one)[^\S\n]+hour[^\S\n]+and[^\S\n]+a[^\S\n]+half\b")
_THIRTY_MINUTES = regex(r"(?i)\b(?:30|thirty)[^\S\n]*(?:minutes|mins?)\b")
_MOST = 8  # dates or times read: pairs grow as their square
_MONTH_DAYS = 30.44  # a month's average length in days
_WITHIN_A_WEEK = 7 / _MONTH_DAYS
_SAME_YEAR = 2001  # a date without a year: any year with no 29 February


def between(term: str, working: str, passages: tuple[str, ...] = ()) -> bool:
    """Whether the count ``term`` of ``working`` ("two days", "four extra hours") is the gap
    between two dates, or two times of day, that ``working`` writes; or a time half an hour off
    another it writes, where a passage says "half an hour" (or "30 minutes") too."""
    if term in _gap_terms(working) or term in _dates_a_gap_apart(working, passages):
        return True
    # The working first: most say no half hour, and the passages are read once per check.
    if not _says_half_an_hour((working,)):
        return False
    return _says_half_an_hour(passages) and term in _shifted(_times(working), 30)


@functools.lru_cache(maxsize=64)
def _says_half_an_hour(passages: tuple[str, ...]) -> bool:
    return any(_HALF_AN_HOUR.search(p) or _THIRTY_MINUTES.search(p) for p in passages)


# Read once per working: a check asks for each of its claim's missing figures in turn.
@functools.lru_cache(maxsize=64)
def _gap_terms(working: str) -> frozenset[str]:
    found: set[str] = set()
    days: set[int] | None = None
    times: list[int] | None = None
    if "half" in working and _HOUR_AND_A_HALF.search(working):
        # "leaves at 20:00 and lasts an hour and a half, so back around 21:30"
        times = _times(working)
        found.update(_shifted(times, 90))
    for m in itertools.islice(_GAP.finditer(working), _MOST):
        terms = content_terms(m[1])
        if len(terms) != 1 or not (term := next(iter(terms))).isdigit():
            continue
        count, unit = int(term), m[3].lower()
        if m["half"] and unit not in ("hour", "week", "month"):
            continue
        term = f"{count}.5" if m["half"] else term  # "seven and a half hours" is written "7.5"
        if unit == "minute":
            # "from 12:30 to 1:15, so it's 45 minutes": a clock time without "am" or "pm" is
            # read on either half of the day
            times = _times(working) if times is None else times
            if count in _minute_gaps(working):
                found.add(term)
            # "45 minutes before closing at 4:30 p.m., so by 3:45 p.m."
            found.update(_shifted(times, count))
            continue
        if unit == "hour":
            # "seven and a half hours" (8:30am to 4:00pm) is 450 minutes, written "7.5"
            minutes = count * 60 + (30 if m["half"] else 0)
            times = _times(working) if times is None else times
            if minutes in {abs(a - b) for a, b in itertools.combinations(times, 2)}:
                found.add(term)
            # "open from 9am to 9pm, which is two hours longer than ... 10am to 8pm": the
            # difference of two spans the working writes, each from one time to the next.
            spans = [(b - a) % _DAY for a, b in zip(times[::2], times[1::2], strict=False)]
            if minutes in {abs(a - b) for a, b in itertools.combinations(spans, 2)}:
                found.add(term)
            if minutes in _bare_hour_spans(working):  # "open 9 till 5:30, eight and a half hours"
                found.add(term)
            # "two hours before the event, so from 4pm for an event starting at 6pm"
            found.update(_shifted(times, minutes))
        elif unit == "month":
            # "the five months it is closed (November to March)": whole months, both ends.
            if count in _month_spans(working) or count in _month_year_gaps(working):
                found.add(term)
            # "about two months before the race on 12 October" from 15 August: months are no
            # fixed count of days, so within a week of the count's average length.
            days = _day_gaps(working) if days is None else days
            months = count + (0.5 if m["half"] else 0)  # "two and a half months"
            if any(abs(gap / _MONTH_DAYS - months) <= _WITHIN_A_WEEK for gap in days):
                found.add(term)
        elif unit == "week":
            # "from 6 July to 19 July, about two weeks": 13 nights, 14 days counted with both
            # ends; a count of weeks is said within a day.
            # "about three and a half weeks after 20 May": 14 June, 25 days on.
            days = _day_gaps(working) if days is None else days
            length = count * 7 + (3.5 if m["half"] else 0)
            if any(abs(gap - length) <= 1 for gap in days):
                found.add(term)
        else:
            days = _day_gaps(working) if days is None else days
            # "three days, from Friday 18 July to Sunday 20 July": a span counts both its ends;
            # its nights are the gap ("Thursday until Tuesday, so five nights")
            ends = unit == "day" and count - 1 in days and _FROM_TO.search(working) is not None
            if count in days or ends:
                found.add(term)
    return frozenset(found)


_MONTH_SPAN = regex(
    r"(?i)\b([a-z]+)[^\S\n]*(?:-|\u2013|\bto\b|\buntil\b|\btill\b|\bthrough\b)[^\S\n]*([a-z]+)\b"
)


def _month_spans(text: str) -> set[int]:
    """How many months each span of two month names ``text`` writes holds, both ends counted:
    "November to March" holds five."""
    spans = set()
    for m in _MONTH_SPAN.finditer(text):
        first, last = _MONTH_NAMES.get(m[1].casefold()), _MONTH_NAMES.get(m[2].casefold())
        if first is not None and last is not None:
            spans.add((last - first) % len(MONTHS) + 1)
    return spans


_MONTH_NAMES = {month: i for i, month in enumerate(MONTHS)}
_MONTH_YEAR = regex(rf"(?i)\b({'|'.join(MONTHS)})[^\S\n]+(\d{{4}})\b")


def _month_year_gaps(text: str) -> set[int]:
    """The months between two months of years ``text`` writes ("began in March 1993 and
    finished in April 1994": 13), and with both ends counted (14)."""
    written = [
        int(m[2]) * len(MONTHS) + _MONTH_NAMES[m[1].casefold()] for m in _MONTH_YEAR.finditer(text)
    ]
    gaps = {abs(b - a) for a, b in itertools.combinations(written[:_MOST], 2)}
    return gaps | {gap + 1 for gap in gaps if gap}


# A count of days, nights or weeks, "one" and "a" included: "one week before", "a fortnight"
# aside. A stay's nights are the days between its first date and its last ("arriving Monday
# 13 May for five nights", leaving on the 18th).
_COUNTED = regex(
    rf"(?i)\b(\d{{1,3}}|an?|one|{'|'.join(sorted(NUMBER_WORDS, key=len, reverse=True))})"
    r"[^\S\n]+(day|night|week)s?\b"
)


@functools.lru_cache(maxsize=64)
def _dates_a_gap_apart(working: str, passages: tuple[str, ...]) -> frozenset[str]:
    """The day terms of the dates ``working`` writes that a count of days or weeks it writes,
    and a passage writes too, puts after or before another of its dates: "due four weeks
    before the wedding, which for a 14 September wedding is 17 August"; "entries close one
    week before, on 5 August" after "Saturday 12 August". (A lie that moves both dates by a
    week it makes up, "17 January and a week later, 24 January", is held to its dates.)"""
    counts = _day_counts(working) & frozenset().union(*map(_day_counts, passages))
    if not counts:
        return frozenset()
    said = list(itertools.islice(dates_in(working), _MOST))
    years = {d.year for d in said if d.year}
    year = next(iter(years)) if len(years) == 1 else _SAME_YEAR
    found: set[str] = set()
    for a, b in itertools.permutations(said, 2):
        try:
            gap = abs((datetime.date(a.year or year, a.month, a.day)
                       - datetime.date(b.year or year, b.month, b.day)).days)  # fmt: skip
        except ValueError:
            continue
        if gap in counts:
            found.add(str(a.day))
    return frozenset(found)


@functools.lru_cache(maxsize=64)
def _day_counts(text: str) -> frozenset[int]:
    """The counts of days ``text`` writes in days, nights or weeks ("one week" is 7)."""
    counts = set()
    for m in itertools.islice(_COUNTED.finditer(text), _MOST):
        word = m[1].casefold()
        n = 1 if word in ("a", "an", "one") else int(NUMBER_WORDS.get(word, word))
        counts.add(n * (7 if m[2].casefold() == "week" else 1))
    return frozenset(counts)


def _day_gaps(text: str) -> set[int]:
    days = []
    said_dates = list(itertools.islice(dates_in(text), _MOST))
    # A date without its year is in the year of the text's other dates ("17 March 2024, two
    # weeks after the 3 March inspection").
    years = {said.year for said in said_dates if said.year}
    year = next(iter(years)) if len(years) == 1 else _SAME_YEAR
    for said in said_dates:
        try:
            days.append(datetime.date(said.year or year, said.month, said.day))
        except ValueError:
            continue  # "30 February": no day
    gaps = {abs((a - b).days) for a, b in itertools.combinations(days, 2)}
    # "open at 10:00 on Wednesday and close at 12:00 on Monday": five days on, read forward.
    weekdays = [_WEEKDAYS.index(m[1].casefold()[:3]) for m in _WEEKDAY.finditer(text)][:_MOST]
    return gaps | {(b - a) % 7 for a, b in itertools.pairwise(weekdays) if a != b}


_WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_WEEKDAY = regex(r"(?i)\b((?:mon|tues|wednes|thurs|fri|satur|sun)day)s?\b")


def _shifted(times: list[int], by: int) -> set[str]:
    """The terms of the times of day ``by`` minutes before or after one of ``times`` (minutes
    after midnight), as :func:`~pytest_faithful.text.terms.content_terms` writes a time
    ("16:00")."""
    # ... and a time after noon as a 12-hour clock writes it without "pm" ("6:30" for 18:30).
    return {
        form
        for written in times
        for at in ((written - by) % _DAY, (written + by) % _DAY)
        for form in (f"{at // 60}:{at % 60:02d}", f"{(at // 60 - 1) % 12 + 1}:{at % 60:02d}")
    }


_DAY = 24 * 60
_HALF_DAY = 12 * 60


def _minute_gaps(text: str) -> set[int]:
    """The minutes between two times of day ``text`` writes ("12:30 to 1:15"; "runs from 7:30
    to 10:00 ... arrive by 7:45, 15 minutes after it starts"), on either half of the day where
    the later one says no "am" or "pm". Any two of a few times; in a row past that."""
    gaps = set()
    times = _clock_times(text)
    pairs = (
        itertools.combinations(times, 2) if len(times) <= _FEW_TIMES else itertools.pairwise(times)
    )
    for (a, _), (b, bare) in pairs:
        gaps.add(abs(b - a))
        if bare:
            gaps.add((b - a) % _HALF_DAY)
    return gaps


_FEW_TIMES = 4


# Opening hours written with bare hours, no "am" or "pm": "9 till 5:30", "10 to 4". Not a
# range of a count ("3 to 5 days", "10 to 12 people"): no word may follow but a joining one.
_BARE_HOURS = regex(
    r"(?i)(?<![\w.,:$\u00a3\u20ac])(1[0-2]|0?[1-9])(?::([0-5]\d))?[^\S\n]*(?:till|til|until|to|-|"
    r"\u2013)[^\S\n]*(1[0-2]|0?[1-9])(?::([0-5]\d))?(?![\w:%]|[.,]\d)"
    r"(?![^\S\n]+(?!(?:on|at|in|and|or|daily|every|each|most|from|for|with|but|so|which)\b)[a-z])"
)


def _bare_hour_spans(text: str) -> set[int]:
    """The minutes each range of bare hours ``text`` writes lasts, within twelve hours."""
    spans = set()
    for m in _BARE_HOURS.finditer(text):
        start = int(m[1]) * 60 + int(m[2] or 0)
        end = int(m[3]) * 60 + int(m[4] or 0)
        spans.add((end - start) % (12 * 60))
    return spans


def _times(text: str) -> list[int]:
    """The times of day ``text`` writes, in minutes after midnight (at most :data:`_MOST`)."""
    return [minutes for minutes, _ in _clock_times(text)]


def _clock_times(text: str) -> list[tuple[int, bool]]:
    return clock_times(text, _MOST)
