"""A count of days a claim gives between two dates it writes, and gets wrong: "It launched on
18 June 2025 and took its first image on 2 July 2025 — 12 days later" (14), "3.4.1 came out
24 days after 3.4.0 (12 March to 2 April 2024)" (21).

A lie that changes the count keeps every figure of the answer one the passages write, or one
that some pair of their dates makes, so only the claim's own two dates say it is wrong.
:func:`wrong_own_gap` reads a sentence that writes exactly two dates and one count of days
tied to them: said "later", "earlier", "apart" or "between", or "before" or "after" where a
date follows before the clause ends ("14 days before the quote expires on 17 June"). Not a
count "before the event" whose date the sentence does not write ("7 days before the event, so
by 10 May, and numbers by 9 May"), nor working or business days, nor a hedged count ("about 50
days"). The dates' years are the sentence's own, else one year for both; a count one day either
way is read as holding (counting both ends: "from 3 to 5 June, three days").
"""

from __future__ import annotations

import datetime
import re
from typing import NamedTuple

from pytest_faithful.text.dates import SaidDate, dates_in
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.segment import split_sentences
from pytest_faithful.text.words import NUMBER_WORDS

_COUNT = r"\d{1,3}|" + "|".join(NUMBER_WORDS)
_GAP = regex(
    rf"(?i)(?<![\w.,])(?P<hedge>(?:about|around|roughly|nearly|almost|over|under|some|just)\s+)?"
    rf"(?P<n>{_COUNT})[ -](?:calendar\s+|full\s+|clear\s+)?days?\b\s*"
    r"(?P<way>later|earlier|apart|between|afterwards|after|before)?"
)
_OTHER_DAYS = regex(r"(?i)\b(?:business|working|school|week)\s*days?\b")
_CLAUSE_END = regex(r"[,;:.!?\n]|\s(?:so|and|but|which)\s")
_SLACK = 1


class OwnGap(NamedTuple):
    said: str
    """The count as the claim writes it."""
    days: int
    """The days between the claim's two dates."""

    def reason(self) -> str:
        return f"the claim's own working does not hold: its two dates are {self.days} days apart"


def wrong_own_gap(claim: str) -> OwnGap | None:
    """The first count of days ``claim`` gives between two dates it writes that they are not
    apart (module docstring); None where each holds or none is read."""
    if "day" not in claim:
        return None
    for sentence in split_sentences(claim):
        text = sentence.text
        gaps = list(_GAP.finditer(text))
        if len(gaps) != 1 or gaps[0]["hedge"] or not gaps[0]["way"]:
            continue
        if _OTHER_DAYS.search(text):
            continue
        dates = list(dates_in(text))
        if len(dates) != 2:
            continue
        gap = gaps[0]
        if gap["way"].casefold() in ("before", "after") and not _date_follows(text, gap, dates):
            continue  # "7 days before the event": a date the sentence does not write
        apart = _apart(dates)
        count = gap["n"].casefold()
        said = int(NUMBER_WORDS.get(count, count))
        if apart is not None and abs(apart - said) > _SLACK:
            return OwnGap(gap[0].strip(), apart)
    return None


def _date_follows(text: str, gap: re.Match[str], dates: list[SaidDate]) -> bool:
    """Whether one of ``dates`` follows the count in its clause."""
    stop = _CLAUSE_END.search(text, gap.end())
    limit = stop.start() if stop else len(text)
    return any(gap.end() <= date.start < limit for date in dates)


def _apart(dates: list[SaidDate]) -> int | None:
    first, second = dates
    default = first.year or second.year or 2001  # a year with no 29 February, for both
    try:
        a = datetime.date(first.year or default, first.month, first.day)
        b = datetime.date(second.year or default, second.month, second.day)
    except ValueError:
        return None
    return abs((b - a).days)
