"""A date an answer works out from a date and a period a passage says together: stated by them.

A support answer gives the deadline a policy implies: "You can return it until April 2, 2024."
from "Your order was delivered on 2024-03-03. Returns are accepted within 30 days of delivery."
No passage writes April or 2, and ``unstated-names`` and ``unstated-specifics`` failed the
faithful answer for the arithmetic a good answer does. :func:`worked_out_dates` reads the dates
of a claim that are one of the passages' dates plus or minus one of their periods (days, weeks,
months or years), where both are said together (in one sentence or two in a row that say at
least half of the claim's other words, as for :mod:`~pytest_faithful.text.arithmetic`). A day
either way is the same deadline ("within 30 days" ends on the 30th day after or the day
before, as a policy counts). Business or working days skip weekends ("within 10 business
days" of a Tuesday ends two Tuesdays later), and a range of days gives each end ("5 to 7 days",
"5-7 working days"). A changed date is caught as before.

Dates are read as "March 3, 2024", "Mar 3rd", "3 March 2024", "the 3rd of March" and ISO
"2024-03-03", and a range of days in one month as its first and last ("14-16 October 2025",
"October 14-16, 2025"); "3/4/2024" is left alone (day first or month first is the writer's
country's). A claim's date without a year is the same day of any year.
"""

from __future__ import annotations

import datetime
import functools
import re
from collections.abc import Iterator, Mapping
from typing import NamedTuple

from pytest_faithful.text.arithmetic import shared_runs
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.terms import MONTH_TERMS, content_terms
from pytest_faithful.text.words import MONTH_ABBREVIATIONS, MONTHS, NUMBER_WORDS

_MONTH_OF: Mapping[str, int] = {
    **{month: i for i, month in enumerate(MONTHS, 1)},
    **{short: MONTHS.index(month) + 1 for short, month in MONTH_ABBREVIATIONS.items()},
}
_MONTH = "|".join(sorted(_MONTH_OF, key=len, reverse=True))
# The first day of a range of days in one month: "14-16 October 2025", "October 14-16, 2025".
_TO = r"\s*(?:-|\u2013|to)\s*"
_DATE = regex(
    r"\b(?:(?P<iy>\d{4})-(?P<im>\d{2})-(?P<id>\d{2})"
    rf"|(?P<m1>{_MONTH})\.?\s+(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?\b"
    rf"(?:{_TO}(?P<e1>\d{{1,2}})(?:st|nd|rd|th)?\b)?(?:,?\s+(?P<y1>\d{{4}}))?"
    rf"|(?:the\s+)?(?:(?P<s2>\d{{1,2}})(?:st|nd|rd|th)?{_TO})?"
    rf"(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m2>{_MONTH})\b\.?"
    r"(?:,?\s+(?P<y2>\d{4}))?)",
    re.IGNORECASE,
)
_NUMBER = rf"\d{{1,3}}|{'|'.join(NUMBER_WORDS)}|a|an|one"
# "30 days", "30 calendar days", "10 business days", and each end of "5 to 7 days".
_PERIOD = regex(
    rf"\b(?:(?P<first>\d{{1,3}}|{'|'.join(NUMBER_WORDS)}|one)\s*(?:-|\u2013|to|or)\s*)?"
    rf"(?P<count>{_NUMBER})[\s-]+"
    rf"(?:(?!(?:{'|'.join(NUMBER_WORDS)}|one)\b)(?P<kind>[^\W\d]+)[\s-]+)?"
    r"(?P<unit>days?|weeks?|months?|years?)\b",
    re.IGNORECASE,
)
# Which way a period runs from the date it is said of: "3 weeks before the conference",
# "within 30 days of delivery", "14 days after", "from the invoice date".
_DIRECTION = regex(
    r"\s+(?:(?P<before>before|prior\s+to|ahead\s+of|earlier\s+than)"
    r"|(?P<after>after|of|from|following|later))\b",
    re.IGNORECASE,
)
# Days counted on weekdays only: "within 10 business days" of a Tuesday ends a Tuesday later.
_WEEKDAYS_ONLY = frozenset({"business", "working", "work"})
# A deadline counted either way: "within 30 days of March 3" ends on April 2 or April 1.
_SLACK_DAYS = 1


class SaidDate(NamedTuple):
    """A date as a text says it: its year when it gives one, and where it stands."""

    year: int | None
    month: int
    day: int
    start: int
    end: int
    edge: int = 0  # of a range of days: -1 its first day, 1 its last, 0 a day alone


def dates_in(text: str) -> Iterator[SaidDate]:
    """The dates ``text`` says, in order (module docstring)."""
    for m in _DATE.finditer(text):
        if m["iy"]:
            year, month, day = int(m["iy"]), int(m["im"]), int(m["id"])
        elif m["m1"]:
            month, day = _MONTH_OF[m["m1"].casefold()], int(m["d1"])
            year = int(m["y1"]) if m["y1"] else 0
        else:
            day, month = int(m["d2"]), _MONTH_OF[m["m2"].casefold()]
            year = int(m["y2"]) if m["y2"] else 0
        first = m["s2"] or m["e1"]
        ends: tuple[tuple[int, int], ...]
        if m["e1"]:  # "October 14-16": the day read is the first, the other the last
            ends = ((day, -1), (int(m["e1"]), 1))
        elif first:  # "14-16 October": the day read is the last
            ends = ((int(first), -1), (day, 1))
        else:
            ends = ((day, 0),)
        for each, edge in ends:
            if _real(year or 2000, month, each):
                yield SaidDate(year or None, month, each, m.start(), m.end(), edge)


def _real(year: int, month: int, day: int) -> bool:
    try:
        datetime.date(year, month, day)
    except ValueError:
        return False
    return True


def worked_out_dates(claim: str, passages: tuple[str, ...]) -> tuple[SaidDate, ...]:
    """The dates of ``claim`` that a passage's date and period said together work out (module
    docstring)."""
    said = tuple(dates_in(claim))
    if not said:
        return ()
    about = frozenset(t for t in content_terms(claim) if not t[0].isdigit()) - _DATE_WORDS
    if not about:
        return ()
    runs = tuple(shared_runs(about, passages))
    near = _days_near(about, passages)
    return tuple(
        date
        for date in said
        if (date.year or 0, date.month, date.day) in near
        or any(_reaches(run, date) for run in runs)
    )


# A claim's own words for a date and a deadline: not what the passages must share.
_DATE_WORDS = frozenset(
    content_terms(" ".join(_MONTH_OF))
    | MONTH_TERMS
    | content_terms("until by before after on deadline last day date latest no later than")
)


def _reaches(run: str, date: SaidDate) -> bool:
    """Whether the dates and periods ``run`` says together reach ``date`` (any year, when it
    gives none)."""
    days, month_days = _reached(run)
    if date.year is None:
        return (date.month, date.day) in month_days
    return _real(date.year, date.month, date.day) and (
        datetime.date(date.year, date.month, date.day) in days
    )


# Read once per run of sentences, whichever of a check's claims and dates asks.
@functools.lru_cache(maxsize=256)
def _reached(run: str) -> tuple[frozenset[datetime.date], frozenset[tuple[int, int]]]:
    dates = tuple(d for d in dates_in(run) if d.year is not None)
    days = _reachable(dates, tuple(_periods(run)))
    return days, frozenset((d.month, d.day) for d in days)


def _reachable(
    dates: tuple[SaidDate, ...], periods: tuple[tuple[int, str, int], ...]
) -> frozenset[datetime.date]:
    days = set()
    for said in dates:
        assert said.year is not None
        start = datetime.date(said.year, said.month, said.day)
        for count, unit, direction in periods:
            # A period before counts back from a range's first day, one after on from its last.
            for sign in (direction,) if direction else (1, -1):
                if said.edge and said.edge != sign:
                    continue
                reached = _moved(start, sign * count, unit)
                if reached is None:
                    continue
                for slack in range(-_SLACK_DAYS, _SLACK_DAYS + 1):
                    days.add(reached + datetime.timedelta(days=slack))
    return frozenset(days)


def _moved(start: datetime.date, count: int, unit: str) -> datetime.date | None:
    try:
        if unit == "weekday":
            return _weekdays_moved(start, count)
        if unit == "day":
            return start + datetime.timedelta(days=count)
        if unit == "week":
            return start + datetime.timedelta(weeks=count)
        months = count * (12 if unit == "year" else 1)
        year, month = divmod(start.month - 1 + months, 12)
        day = min(start.day, 28) if start.day > 28 else start.day
        return start.replace(year=start.year + year, month=month + 1, day=day)
    except (OverflowError, ValueError):
        return None


def _weekdays_moved(start: datetime.date, count: int) -> datetime.date:
    # Any seven days in a row hold five weekdays; the last few are counted one by one, so the
    # count ends on a weekday.
    step = datetime.timedelta(days=1 if count > 0 else -1)
    weeks = (abs(count) - 1) // 5
    day, rest = start + 7 * weeks * step, abs(count) - 5 * weeks
    while rest:
        day += step
        rest -= day.weekday() < 5
    return day


# A day's period said without its count: "the day before arrival", "the night before", "the
# next day", "the following morning".
_ONE_DAY = regex(
    r"\bthe\s+(?:(?:day|night|evening|morning|afternoon)\s+(?P<before>before|prior)"
    r"|(?:day|night|evening|morning|afternoon)\s+after|(?P<previous>previous|preceding)\s+day"
    r"|(?:next|following)\s+(?:day|night|evening|morning|afternoon))\b",
    re.IGNORECASE,
)


def _periods(text: str, one_day: bool = False) -> Iterator[tuple[int, str, int]]:
    """Each period ``text`` says: its count, its unit and which way it runs from its date (1
    after, -1 before, 0 unsaid); with ``one_day``, "the day before" and its kind too (read only
    where the claim says the period itself: a passage's "6 pm the day before" beside its date
    would otherwise work out every day either side of it)."""
    if one_day and "the" in text:
        for m in _ONE_DAY.finditer(text):
            yield 1, "day", -1 if m["before"] or m["previous"] else 1
    for m in _PERIOD.finditer(text):
        unit = m["unit"].casefold().rstrip("s")
        if unit == "day" and (m["kind"] or "").casefold() in _WEEKDAYS_ONLY:
            unit = "weekday"
        after = _DIRECTION.match(text, m.end())
        direction = 0 if after is None else (-1 if after["before"] else 1)
        for word in (m["count"], m["first"]):
            word = (word or "0").casefold()
            count = 1 if word in ("a", "an", "one") else int(NUMBER_WORDS.get(word, word))
            if count:
                yield count, unit, direction


def unstated_dates(claim: str, passages: tuple[str, ...]) -> tuple[SaidDate, ...]:
    """The dates of ``claim`` (its month written with a capital: "May 11", "11th May", "the
    11th of May") whose day of that month no passage says: "11 May" where a passage has "11
    June" and "20 May" apart. A passage says a day of a month in any of :func:`dates_in`'s
    forms, or as a number within a few words of the month in one sentence ("11 and 12 May",
    "May 11 or 12"). The year is left to the check of each number."""
    if not _CAPITAL_MONTH.search(claim):  # most claims: no month named
        return ()
    said = [d for d in dates_in(claim) if _capitalised_month(claim, d)]
    if not said:
        return ()
    days = _days_said(passages)
    worked_out = {(d.start, d.end) for d in worked_out_dates(claim, passages)}
    return tuple(
        d for d in said if (d.month, d.day) not in days and (d.start, d.end) not in worked_out
    )


# A day the passages name by its relation to one of their dates: "Wednesday evening" in an
# article dated Thursday, March 2; "yesterday", "tomorrow". A claim's date is worked out from
# them when the sentences about the claim name its weekday and a passage's date is within a week
# of it, or call it yesterday or tomorrow and it is a day either side of a passage's date.
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_RELATIVE_DAY = regex(
    rf"\b(?:yesterday|tomorrow|last night|({'|'.join(_WEEKDAYS)}))"
    rf"(?!,?\s+(?:the\s+)?\d|,?\s+(?:{_MONTH})\b)",
    re.IGNORECASE,
)
_WEEK = 7
_ABOUT = 3  # words of the claim a sentence naming its day says


@functools.lru_cache(maxsize=64)
def _days_near(about: frozenset[str], passages: tuple[str, ...]) -> frozenset[tuple[int, int, int]]:
    """The (year, month, day) that the passages' sentences about a claim (three of its words
    ``about`` or more) name by their relation to one of the passages' dates
    (:data:`_RELATIVE_DAY`), and (0, month, day) for each as well."""
    weekdays: set[int] = set()
    next_to = False
    for text in passages:
        for m in _RELATIVE_DAY.finditer(text):
            sentence = _sentence_around(text, m.start(), m.end())
            if len(content_terms(sentence) & about) < min(_ABOUT, len(about)):
                continue
            if m[1]:
                weekdays.add(_WEEKDAYS.index(m[1].casefold()))
            else:
                next_to = True
    if not weekdays and not next_to:
        return frozenset()
    found: set[tuple[int, int, int]] = set()
    for d in (d for text in passages for d in dates_in(text) if d.year is not None):
        try:
            day = datetime.date(d.year, d.month, d.day)  # type: ignore[arg-type]
        except ValueError:  # "February 30, 2020"
            continue
        for shift in range(-_WEEK, _WEEK + 1):
            near = day + datetime.timedelta(days=shift)
            if near.weekday() in weekdays or (next_to and abs(shift) == 1):
                found.update(((near.year, near.month, near.day), (0, near.month, near.day)))
    return frozenset(found)


# A sentence's end, and how far from a word its sentence is read at most (linear time).
_SENTENCE_END = regex(r"[.!?](?:\s|$)|\n")
_REACH = 300


def _sentence_around(text: str, start: int, end: int) -> str:
    """The sentence of ``text`` that holds ``text[start:end]`` (at most :data:`_REACH`
    characters either side)."""
    first = max(0, start - _REACH)
    for m in _SENTENCE_END.finditer(text, first, start):
        first = m.end()
    stop = _SENTENCE_END.search(text, end, end + _REACH)
    return text[first : stop.start() if stop else min(len(text), end + _REACH)]


def _capitalised_month(text: str, date: SaidDate) -> bool:
    month = _MONTH_WORD.search(text, date.start, date.end)
    return month is not None and month[0][0].isupper()


_MONTH_WORD = regex(rf"\b(?:{_MONTH})\b", re.IGNORECASE)
# A month's name with a capital ("May", "MAY"): what :func:`unstated_dates` reads a date by.
_CAPITAL_MONTH = regex(
    r"\b(?:J[aAuU][nNlL]|F[eE][bB]|M[aA][rRyY]|A[pP][rR]|A[uU][gG]|S[eE][pP]|O[cC][tT]|N[oO][vV]|D[eE][cC])"
)
# A day number near a month in one sentence: "11 and 12 May", "May 11 or 12", "11th-13th June".
_NEAR = 20
_DAY_NUMBER = regex(r"(?<![\d.,:/$])\b(\d{1,2})(?:st|nd|rd|th)?\b(?![.,:/]\d)")


@functools.lru_cache(maxsize=64)
def _days_said(passages: tuple[str, ...]) -> frozenset[tuple[int, int]]:
    """Each (month, day) the passages say (:func:`unstated_dates`), read once per context."""
    found = {(d.month, d.day) for p in passages for d in dates_in(p)}
    for text in passages:
        for m in _MONTH_WORD.finditer(text):
            month = _MONTH_OF[m[0].casefold()]
            before = re.split(r"[.;!?\n]\s", text[max(0, m.start() - _NEAR) : m.start()])[-1]
            after = re.split(r"[.;!?\n]\s", text[m.end() : m.end() + _NEAR])[0]
            for near in (before, after):
                for day in _DAY_NUMBER.finditer(near):
                    found.add((month, int(day[1])))
            # "Monday 23, Tuesday 24 and Tuesday 31 December": a list of days before their
            # month, each named with its weekday, runs past the words read above.
            listed = _LISTED_DAYS.search(text, max(0, m.start() - _LISTED), m.start())
            for day in _DAY_NUMBER.finditer(listed[0] if listed else ""):
                found.add((month, int(day[1])))
        found |= _ordinal_days(text)
    return frozenset(found)


# A day of the month said alone, as an ordinal: "send me £10 each by the 18th", "We have
# Thursday the 13th or Tuesday the 18th".
_ORDINAL_DAY = regex(r"(?i)(?<![\d.,:/$£€])\b(\d{1,2})(?:st|nd|rd|th)\b")


def _ordinal_days(text: str) -> set[tuple[int, int]]:
    """The days a text says as an ordinal alone, each in the months of the dates it writes
    before it: a chat headed "Tuesday 4 June" that asks for money "by the 18th" says 18 June,
    and a call dated "Monday 10 March" that offers "Thursday the 13th" says 13 March. A month
    named only after the day is not read into it."""
    ordinals = [(m.start(), int(m[1])) for m in _ORDINAL_DAY.finditer(text)]
    if not ordinals:
        return set()
    dated = [(d.start, d.month) for d in dates_in(text)]
    return {
        (month, day)
        for at, day in ordinals
        if 1 <= day <= 31
        for start, month in dated
        if start < at
    }


_LISTED = 120  # characters of a list of days before its month
_DAY = r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day\s+)?\d{1,2}(?:st|nd|rd|th)?"
_LISTED_DAYS = regex(rf"(?i){_DAY}(?:(?:\s*,\s*|\s+)(?:(?:and|or|&)\s+)?{_DAY})*\s+$")


def days_said(passages: tuple[str, ...]) -> frozenset[tuple[int, int]]:
    """Each (month, day) the passages say, in any form :func:`unstated_dates` reads."""
    return _days_said(passages)


def without_worked_out_dates(
    missing: list[str], claim: str, passages: tuple[str, ...]
) -> list[str]:
    """``missing`` less the days, months and years of the claim's dates that a passage's date
    and period work out ("until April 2" from "delivered on 2024-03-03" and "within 30 days":
    :func:`worked_out_dates`)."""
    dates = worked_out_dates(claim, passages)
    if not dates:
        return missing
    said = frozenset().union(*(content_terms(claim[d.start : d.end]) for d in dates))
    return [m for m in missing if not content_terms(m) <= said]


# A period's way said with nothing after it that names what it runs from: "120 days later",
# "(the day before)".
_UNANCHORED = regex(r"(?i)\b(?:later|earlier)\b|\b(?:before|after)[^\S\n]*(?:[).,;:!?]|$)")


def without_own_working(
    missing: list[str], claim: str, passages: tuple[str, ...], question: str | None
) -> list[str]:
    """``missing`` less the days of the claim's dates that another date of the claim's or the
    question's, moved by a period the claim says and a passage or the question gives, works
    out: "the balance is due 7 days before the event, so by 5 April 2025 for a 12 April event";
    "discard it 6 months after opening, so by 10 July" asked "I opened it on 10 January". The
    other date is the claim's own specific, held to the passages on its own; a passage's date
    is moved only by a period the claim gives a way: "12 March (the day before)" of a passage's
    "Thursday 13 March"."""
    said = tuple(dates_in(claim))
    given = _periods_given((*passages, question or "")) if said else frozenset()
    periods = tuple(p for p in _periods(claim, one_day=True) if _in_days(p) in given)
    if not periods:
        return missing
    starts = (*said, *(dates_in(question) if question else ()))
    # A passage's date only by a period the claim says which way it runs ("the day before",
    # "7 days before"): "every three weeks" from a passage's 1 December is no date of the claim.
    directed = tuple(p for p in periods if p[2])
    given_dates = tuple(d for text in passages for d in dates_in(text)) if directed else ()
    unanchored = given_dates and _UNANCHORED.search(claim) is not None
    worked = [
        date
        for date in said
        if any(_moves_to(other, date, periods) for other in starts if other != date)
        # Not where a period the claim says without what it runs from ("later", "the day
        # before)") follows a date of the claim's own: "made on 2 April 2024, so 120 days later
        # is 2 August 2024" runs from its 2 April, not from a passage's 4 April.
        or (
            not (unanchored and any(other.end <= date.start for other in said))
            and any(_moves_to(other, date, directed) for other in given_dates)
        )
    ]
    if not worked:
        return missing
    terms = frozenset().union(*(content_terms(claim[d.start : d.end]) for d in worked))
    return [m for m in missing if not content_terms(m) <= terms]


def _moves_to(start: SaidDate, date: SaidDate, periods: tuple[tuple[int, str, int], ...]) -> bool:
    """Whether ``start`` moved by one of ``periods`` reaches ``date``: on the day, and in the
    year where both say one (a date without a year is read in the other's, or in 2001). No day
    either way: the answer counts the days itself ("5 days before 26 April" is 21 April)."""
    if (start.month, start.day) == (date.month, date.day):
        return False
    year = start.year or date.year or 2001
    if not _real(year, start.month, start.day):
        return False
    first = datetime.date(year, start.month, start.day)
    days = {
        reached
        for count, unit, direction in periods
        for sign in ((direction,) if direction else (1, -1))
        if (reached := _moved(first, sign * count, unit)) is not None
    }
    if start.year and date.year:
        return _real(date.year, date.month, date.day) and (
            datetime.date(date.year, date.month, date.day) in days
        )
    return (date.month, date.day) in {(d.month, d.day) for d in days}


def _in_days(period: tuple[int, str, int]) -> tuple[int, str]:
    """A period's count and unit, a week as seven days: "a week later" is "7 days after"."""
    count, unit, _ = period
    return (count * 7, "day") if unit == "week" else (count, unit)


@functools.lru_cache(maxsize=64)
def _periods_given(texts: tuple[str, ...]) -> frozenset[tuple[int, str]]:
    return frozenset(_in_days(p) for text in texts for p in _periods(text, one_day=True))
