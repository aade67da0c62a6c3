"""What each number of a text counts: a time, money, a percent, a date, an age, a year, a count
of the word after it, a score. Two numbers of one kind are values of one thing ("60 days"
against "30 days"), which the number rules and the lexical judge compare.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from pytest_faithful.text.clock import hours_ranges, may_say_am_or_pm
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.records import FIELD, FIELD_END, KEY_GAP
from pytest_faithful.text.terms import _CURRENCY, _NEG, _TOKEN, ALL_DAY, _lower, _term
from pytest_faithful.text.words import MONTH_ABBREVIATIONS, MONTHS

_YEAR = regex(r"1\d{3}|20\d\d")
# What ends a table's cell between a number and the next word: a pipe, a tab, a tag, CSV's comma.
_CELL_GAP = regex(r",|.*[|\t<].*", re.DOTALL)
# ... and what ends a clause or a sentence there: "in 1896, though ..." counts no "though", and
# "in 1896. Visitors ..." no visitors (brackets do not: "thirty (30) days" counts days).
_CLAUSE_GAP = regex(r".*[,;.!?]\s.*", re.DOTALL)
_PERCENT_TOKENS = frozenset({"%", "percent", "pct"})
_YEAR_OPENERS = frozenset(("in", "since", "until", "during"))
_PAST = regex(r"[a-z]{3,}ed")
# What may stand between a currency and the amount after it: spaces ("EUR 70"), or nothing
# ("$70"); "13.20 euro, 70 cents" gives the euro to 13.20, not to 70.
# Words after a number that set it against another, counting nothing: "300 versus 230" (not
# "v", which is as often a volt: "a 12 v battery").
_COMPARING = frozenset({"versus", "vs"})
_CURRENCY_GAP = regex(r"[^\S\n]*")


# Irregular plurals, whose stems are not the singular's: "three feet longer than a 38-foot".
_SINGULAR = {"feet": "foot", "teeth": "tooth", "men": "man", "women": "woman", "children": "child"}


# A pure reading of its text, asked for again for each number of each claim of a check (the
# passages' kinds, by the specifics and number rules); read-only, so the memo can be shared.
@functools.lru_cache(maxsize=1024)
def number_kinds(text: str) -> Mapping[str, frozenset[str]]:
    """What each number of ``text`` counts: its term -> the kinds it is used as.

    A kind is ``time`` (a time of day), ``24/7``, ``money`` (after or before a currency),
    ``percent``, ``decade``, ``date`` (a day next to a month: "3 March", "the 3rd of May"), ``age``
    ("a 67-year-old", "aged 67"), ``unit:<term>`` (the word after it: "30 days" -> ``unit:day``),
    ``year`` (four digits, 1000-2099, with no unit), ``ordinal`` (a place with no unit: "finished
    3rd", "moved up to second"), ``score`` (both sides of a result: "won 3-1", "a 1-1 draw", "6-4")
    or ``plain``. The two ends of a range share their kinds ("3-5 days", "between 10 and 20%", "$10
    to 20"). Two numbers of one kind are values of one thing: "60 days" against "30 days", not
    "9am"; an age not "6 years".
    """
    lowered = _lower(text)
    found = list(_TOKEN.finditer(lowered))
    tokens = [m[0] for m in found]
    terms = list(map(_term, tokens))
    # Where a range of hours starts -> its first end's time of day.
    hours = (
        {at: hour for at, _, hour in hours_ranges(lowered, 0, len(lowered))}
        if may_say_am_or_pm(lowered, 0, len(lowered))
        else {}
    )
    read: list[tuple[int, str, set[str]]] = []  # token index, term, kinds of each number
    # Only the numbers are read (a comprehension finds them: most tokens are words).
    for i in [i for i, term in enumerate(terms) if term and term[0].isdigit()]:
        term, token = terms[i], tokens[i]
        before = tokens[i - 1] if i else ""
        after = tokens[i + 1] if i + 1 < len(tokens) else ""
        acts = _acts(tokens, i)
        if (
            acts
            or after in _COMPARING
            or after in _NO_UNITS
            or (after in _DEICTIC and _period_after(tokens, i + 2))
        ):
            # "300 versus the Heavy's 230": the word sets two numbers apart; "131 last year"
            # counts no "last": the words say when
            after = ""
        if after and (
            _CELL_GAP.fullmatch(gap := lowered[found[i].end() : found[i + 1].start()])
            or _CLAUSE_GAP.fullmatch(gap)
            or FIELD_END.fullmatch(gap)
        ):
            after = ""  # "| 2 | Pro |" counts no "pro": the next cell is no unit of it
        if found[i].start() in hours:
            term, kind = hours[found[i].start()], "time"
        elif term == ALL_DAY:
            kind = ALL_DAY
        elif ":" in term:
            kind = "time"
        elif (
            before in _CURRENCY
            and _CURRENCY_GAP.fullmatch(lowered, found[i - 1].end(), found[i].start())
        ) or after in _CURRENCY:
            kind = "money"
        elif after in _PERCENT_TOKENS:
            kind = "percent"
        elif term.endswith("s"):
            kind = "decade"
        elif _is_day(term) and (
            (
                before in _MONTH_NAMES
                and _DATE_GAP.fullmatch(lowered, found[i - 1].end(), found[i].start())
            )
            or after in _MONTH_NAMES
            or (after == "of" and i + 2 < len(tokens) and tokens[i + 2] in _MONTH_NAMES)
        ):
            kind = "date"
        elif before == "aged" or (after in _AGE_UNITS and tokens[i + 2 : i + 3] == ["old"]):
            kind = "age"
        elif before in ("fiscal", "calendar") and _YEAR.fullmatch(token):  # "fiscal 2023 sales"
            kind = "year"
        elif before in _YEAR_OPENERS and _YEAR.fullmatch(token) and _PAST.fullmatch(after):
            kind = "year"  # "in 1868 turned the town": a verb after it, no unit
        elif after in _MARGIN_WORDS and (counted := _counted_after_margin(tokens, terms, i + 2)):
            kind = f"unit:{_SINGULAR.get(counted, counted)}"  # "17 more shots" counts shots
        elif after and (unit := terms[i + 1]) and not unit[0].isdigit() and unit != _NEG:
            if unit in _SCALE_TERMS and i + 2 < len(tokens):
                # "2.5 million parcels" counts parcels, as "2,500,000 parcels" does, and
                # "1.4 percentage points" points.
                counted = terms[i + 2]
                if counted and not counted[0].isdigit() and counted != _NEG:
                    unit = counted
            kind = f"unit:{_SINGULAR.get(unit, unit)}"
        elif _YEAR.fullmatch(term) and "," not in token:  # "1,200" is a count, never a year
            kind = "year"
        else:
            kind = "ordinal" if _ORDINAL.fullmatch(token) else "plain"
        kinds_of = {kind}
        if (
            not after
            and not acts
            and kind in ("plain", "year")
            and (key := terms[i - 1] if i else "")
            and not key[0].isdigit()
            and KEY_GAP.fullmatch(lowered, found[i - 1].end(), found[i].start())
        ):
            kinds_of = {f"{FIELD}{key}"} | (kinds_of - {"plain"})  # "stars": 4.5 counts stars
        read.append((i, term, kinds_of))
    for (i, _, first), (j, _, last) in itertools.pairwise(read):
        if _RANGE_JOINT.fullmatch(lowered, found[i].end(), found[j].start()):
            shared = (first | last) - {"plain"}
            # A year and a number of days are not one range, whatever joins them.
            if shared and not ({"time", "year", "date"} & (first ^ last)):
                for end in (first, last):
                    end.clear()
                    end.update(shared)
        if _SCORE.fullmatch(lowered, found[i].start(), found[j].end()) and _is_score(
            lowered, tokens[i], tokens[j], found[i].start(), found[j].end()
        ):
            first.clear()
            last.clear()
            first.add("score")
            last.add("score")
    # A bare figure that ends its clause after the word a counted one follows counts what it
    # counts: "received 18,402 votes, while Ortega received 18,310." (not "plus 5p a mile").
    units_after: dict[str, set[str]] = {}
    for i, _, of_term in read:
        verb = terms[i - 1] if i else ""
        if not verb or verb[0].isdigit():
            continue
        ending = lowered[found[i].end() : found[i].end() + 1]
        if of_term == {"plain"} and verb in units_after and ending in ("", ".", ",", ";", "!", "?"):
            of_term.clear()
            of_term.update(units_after[verb])
        elif len(of_term) == 1 and next(iter(of_term)).startswith("unit:"):
            units_after.setdefault(verb, set(of_term))
    # A bare figure set against a counted one counts what it counts: "3,000 words instead of
    # 2,500"; so do a bare margin after a counted figure of its sentence ("3,000 words, which
    # is 500 more than before") and a figure that acts ("412 athletes started and 398
    # finished").
    for (i, _, first), (j, _, last) in itertools.pairwise(read):
        between = (found[i].end(), found[j].start())
        if (
            last == {"plain"}
            and _counted(first)
            and not _SENTENCE_END.search(lowered, *between)
            and (
                _SET_AGAINST.fullmatch(lowered, *between)
                or tokens[j + 1 : j + 3] in _MARGIN_THAN
                or _acts(tokens, j)
            )
        ):
            last.clear()
            last.update(first)
    # A part of a counted whole counts what the whole counts: "34 of 50 points", "3 of 12 staff".
    for (i, _, part), (j, _, whole) in itertools.pairwise(read):
        if part == {"plain"} and j == i + 2 and tokens[i + 1] == "of" and _counted(whole):
            part.clear()
            part.update(whole)
    kinds: dict[str, set[str]] = {}
    for _, term, of_term in read:
        kinds.setdefault(term, set()).update(of_term)
    return MappingProxyType({term: frozenset(found) for term, found in kinds.items()})


_MONTH_NAMES = frozenset((*MONTHS, *MONTH_ABBREVIATIONS))
_DEICTIC = frozenset(("last", "this", "next"))
# What follows a verb, not a noun an adjective in -ed counts: "412 started the race and 398
# finished." count no "started" (but "200 licensed drivers" counts drivers).
_AFTER_A_VERB = frozenset(("", "the", "a", "an", "and", "in", "on", "at", "by", "it"))
_MARGIN_WORDS = frozenset(("more", "fewer", "less"))
# Words between a margin and what it counts: "five fewer daily crossings".
_HOW_OFTEN = frozenset(("daily", "weekly", "monthly", "yearly", "annual", "extra", "additional"))
# Between a month's name and the day after it: "March 4", "Mar. 4" (not "March): four").
_DATE_GAP = regex(r"[^\S\n]*\.?[^\S\n]*")


def _counted_after_margin(tokens: Sequence[str], terms: Sequence[str], at: int) -> str:
    """The term of what a margin counts, the word at ``at`` or after one that says how often:
    "17 more shots", "five fewer daily crossings"; "" where no word there counts."""
    if at < len(tokens) and tokens[at] in _HOW_OFTEN:
        at += 1
    counted = terms[at] if at < len(terms) else ""
    return counted if counted and not counted[0].isdigit() and counted != _NEG else ""


# Words after a number that say where or how it was counted, not what: "212 aboard".
# Words after a number that say when or how, never what it counts: "to 450 now".
_NO_UNITS = frozenset(
    ("aboard", "onboard", "overall", "altogether", "combined", "apiece", "now", "today",
     "tonight", "currently", "then", "yesterday", "tomorrow", "instead", "respectively")
)  # fmt: skip
_PERIODS = frozenset(
    ("year", "month", "week", "season", "quarter", "term", "time", "round", "night", "weekend")
)


def _acts(tokens: list[str], at: int) -> bool:
    """Whether the figure at ``at`` is the subject of a verb in the past: "398 finished."."""
    after = tokens[at + 1] if at + 1 < len(tokens) else ""
    then = tokens[at + 2] if at + 2 < len(tokens) else ""
    return _PAST.fullmatch(after) is not None and then in _AFTER_A_VERB


def _period_after(tokens: list[str], at: int) -> bool:
    return at < len(tokens) and tokens[at] in _PERIODS


_AGE_UNITS = frozenset(("year", "years", "month", "months", "week", "weeks", "day", "days"))
_SCALE_TERMS = frozenset(("thousand", "million", "billion", "trillion", _term("percentage")))
# What joins the two ends of a range: "3-5", "3 to 5", "between 3 and 5", "3 or 4", "3 - 5".
_RANGE_JOINT = regex(r"\s*(?:-|\u2013|\u2014|to|and|or|until|till|through)\s*")


_ORDINAL = regex(r"\d+(?:st|nd|rd|th)")
_SET_AGAINST = regex(
    r",?\s+(?:[^\W\d_]+,?\s+){0,3}?(?:instead\s+of|rather\s+than|up\s+from|down\s+from"
    r"|compared\s+(?:with|to)|versus|vs\.?|against)\s+(?:the\s+)?(?:previous\s+|old\s+|original\s+)?"
    # A standing's figure after its holder: "12 points, ahead of Sophie Marsh on 15".
    r"|,?\s+(?:[^\W\d_]+,?\s+){0,5}?on\s+"
)
_SENTENCE_END = regex(r"[.!?;]\s")
_MARGIN_THAN = (["more", "than"], ["fewer", "than"], ["less", "than"])
# A result: two whole numbers joined by a dash, the winner's first or a draw ("3-1", "1-1", "6-4";
# a range counts up: "3-5 days"), not one link of a longer chain ("1-2-3", "555-1234-99").
_SCORE = regex(r"\d{1,3}[-\u2013]\d{1,3}")


def _is_score(lowered: str, first: str, last: str, start: int, end: int) -> bool:
    before, after = lowered[start - 1 : start], lowered[end : end + 2]
    return (
        int(first) >= int(last)
        and not re.match(r"[-\u2013.,/:$\u20ac\u00a3\w]", before)
        and not re.match(r"[-\u2013/:%]|[.,]\d|\w", after)
    )


def _counted(kinds: set[str]) -> bool:
    return len(kinds) == 1 and next(iter(kinds)).startswith("unit:")


def _is_day(term: str) -> bool:
    return len(term) <= 2 and term.isdecimal() and 1 <= int(term) <= 31


def scores(text: str) -> frozenset[str]:
    """The results ``text`` writes as scores, as written: "6-6", "18-12" ("won 3-1")."""
    if "-" not in text and "\u2013" not in text:
        return frozenset()
    kinds = number_kinds(text)
    written = (m[0].replace("\u2013", "-") for m in _SCORE.finditer(text))
    return frozenset(s for s in written if "score" in kinds.get(s.partition("-")[0], frozenset()))
