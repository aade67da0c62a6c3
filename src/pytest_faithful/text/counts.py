"""How many things a passage lists: an answer's count of them is stated by the list.

"Support is available through three channels." from "You can reach support by phone, email or
live chat."; "The Pro plan includes four features." from a bulleted list of four under "The Pro
plan includes:". No passage writes three or four, and ``unstated-specifics`` failed the faithful
answer for counting what the passage lists. :func:`counted` reads a claim's count from 2 to 20
as stated when a passage lists that many items where it says at least half of the claim's
other words (as :mod:`~pytest_faithful.text.arithmetic` reads sentences together):

* the parts of a sentence's list, joined by commas and a last "and" or "or" ("Visa,
  Mastercard, PayPal and Apple Pay": four);
* the items of a bulleted or numbered list, about what the line that leads into it says (less
  the words of two or more items the claim names: "five features, among them single sign-on
  and audit logs");
* the days of a range of weekdays ("open six days a week" from "open Tuesday to Sunday",
  "Mon-Fri": five), though days are otherwise measured, not counted.

A count the list does not make is caught as before: "four channels" for three.

:func:`self_counts` reads the other side: a count an answer makes of a list it gives itself
("three services: A, B and C"), stated by that list.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import NamedTuple

from pytest_faithful.text.arithmetic import MIN_SHARED, shared_runs
from pytest_faithful.text.kinds import number_kinds
from pytest_faithful.text.measures import measures
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.segment import BULLET, split_sentences
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.words import NUMBER_WORDS

_FEWEST, _MOST = 2, 20
# A list's last item comes after "and" or "or", with or without a comma before it.
_LIST_END = regex(r",?\s+(?:and|or)\s+", re.IGNORECASE)
# Where one item of a sentence's list ends: a comma (not a number's "1,500"), "and", "or".
_ITEM_BREAK = regex(r"\s*,(?!\d)\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+", re.IGNORECASE)
# A count of things: a number on its own, then a plural within three words ("three
# channels", "5 payment methods"); not "a four-year term", "Q4", "the fourth quarter".
_COUNT = regex(
    rf"(?<![\w.,-])(\d{{1,2}}|{'|'.join(w for w in NUMBER_WORDS if w != 'zero')})"
    r"\s+(?:[^\W\d_]+\s+){0,2}?[^\W\d_]{2,}s\b",
    re.IGNORECASE,
)
# Where a list's last item ends, when the sentence goes on.
_AFTER_LIST = regex(r"[,;:(\u2013\u2014]|\s-\s")
# A line of a bulleted or numbered list, and how far it is indented.
_ITEM_LINE = regex(r"^([ \t]*)(?:[-*+\u2022]|\d{1,2}[.)])[ \t]+\S")
# The bullet or number that opens a list's item ("- ", "2. "), read by the verdicts too.
# A range of weekdays: "Monday to Friday", "Tue-Sun", "Monday through Saturday".
_WEEKDAY = {day: i for i, day in enumerate(("mon", "tue", "wed", "thu", "fri", "sat", "sun"))}
_DAY_NAME = r"(mon|tue|wed|thu|fri|sat|sun)(?:(?:day|sday|nesday|rsday|urday)s?|s|\.)?"
_DAY_RANGE = regex(
    rf"\b{_DAY_NAME}\s*(?:to|through|thru|until|till|-|\u2013|\u2014)\s*\b{_DAY_NAME}\b",
    re.IGNORECASE,
)
_DAY_WORDS = frozenset(content_terms("day days week weekly a"))
# The words of counting itself ("a total of", "in all") need not be the passages'.
_COUNTING = frozenset(content_terms("total all altogether different separate main key kinds types"))


class _Listed(NamedTuple):
    """A bulleted list: the words of the line that leads into it (what the list is of: "The Pro
    plan includes:"; an item's words are one item's), and each item's."""

    terms: frozenset[str]
    each: tuple[frozenset[str], ...]


def counted(term: str, claim: str, passages: tuple[str, ...]) -> bool:
    """Whether the number ``term`` of ``claim`` counts the items a passage lists about what the
    claim is about (module docstring)."""
    if not term.isdecimal() or len(term) > 2 or not _FEWEST <= int(term) <= _MOST:
        return False
    kinds = number_kinds(claim).get(term, frozenset())
    if kinds - {"plain"} and not any(kind.startswith("unit:") for kind in kinds):
        return False  # money, a percent, a time: no count
    count = int(term)
    if count not in _counts_in(claim):
        return False
    if "unit:day" in kinds and _in_day_ranges(count, claim, passages):
        return True
    # Days, years, kilograms are measured, not listed.
    if term in measures(claim):
        return False
    # What is counted ("channels") need not be the passage's word for it; where it is
    # ("Ingredients: flour, sugar and eggs"), the list is of it.
    own = frozenset(kind.removeprefix("unit:") for kind in kinds if kind.startswith("unit:"))
    about = frozenset(t for t in content_terms(claim) if not t[0].isdigit()) - own - _COUNTING
    for words in (about, own):
        if words and any(count in _sentence_lists(run) for run in shared_runs(words, passages)):
            return True
    return any(
        len(listed.each) == count
        and any(
            words and len(words & listed.terms) >= MIN_SHARED * len(words)
            for words in (_unnamed(about, listed), own)
        )
        for listed in _bulleted(passages)
    )


def _unnamed(about: frozenset[str], listed: _Listed) -> frozenset[str]:
    """``about`` less the words of the items it names whole: "five features, among them single
    sign-on and audit logs" is about what the list's lead says, and names two of its items."""
    named = [item for item in listed.each if item and item <= about]
    return about.difference(*named) if len(named) >= _FEWEST else about


def _in_day_ranges(count: int, claim: str, passages: tuple[str, ...]) -> bool:
    """Whether ``count`` days are a range of weekdays a passage says where it is about what the
    claim is: "six days a week" from "open Tuesday to Sunday"."""
    about = frozenset(t for t in content_terms(claim) if not t[0].isdigit()) - _DAY_WORDS
    return bool(about) and any(
        (_WEEKDAY[m[2][:3].casefold()] - _WEEKDAY[m[1][:3].casefold()]) % 7 + 1 == count
        for run in shared_runs(about, passages)
        for m in _DAY_RANGE.finditer(run)
    )


@functools.lru_cache(maxsize=256)
def _counts_in(claim: str) -> frozenset[int]:
    return frozenset(
        int(NUMBER_WORDS.get(m[1].casefold(), m[1]))
        for m in _COUNT.finditer(claim)
        if _BOUND_BEFORE.search(claim, max(0, m.start() - _BOUND_REACH), m.start()) is None
    )


# A number after a bound ("at most three batteries", "no more than two blocks") limits how
# many, it counts no list.
_BOUND_BEFORE = regex(
    r"\b(?:at most|at least|(?:no|not) (?:more|fewer|less) than|more than|fewer than|less than"
    r"|up to|over|under|maximum of|minimum of|a max(?:imum)?|a min(?:imum)?)\s+$",
    re.IGNORECASE,
)
_BOUND_REACH = 20


def _sentence_lists(text: str) -> frozenset[int]:
    """How many items each list of a sentence of ``text`` has: the parts up to the last one's
    end, the first comma, semicolon or dash after its "and" or "or" ("Oslo, Bergen and Bodø,
    with 40 concerts": three)."""
    counts = set()
    for sentence in split_sentences(text):
        ends = list(_LIST_END.finditer(sentence.text))
        if not ends:
            continue
        last = _AFTER_LIST.search(sentence.text, ends[-1].end())
        listed = sentence.text[: last.start() if last is not None else None]
        counts.add(len([part for part in _ITEM_BREAK.split(listed) if part.strip()]))
    return frozenset(counts)


@functools.lru_cache(maxsize=64)
def _bulleted(passages: tuple[str, ...]) -> tuple[_Listed, ...]:
    return tuple(listed for passage in passages for listed in _lists_of(passage))


def _lists_of(passage: str) -> Iterator[_Listed]:
    """The bulleted and numbered lists of ``passage``: items at one indent in a row (a nested
    item is part of the one above it), with the line before them."""
    lead = ""
    items: list[str] = []
    indent: str | None = None
    for line in [*passage.splitlines(), ""]:
        m = _ITEM_LINE.match(line)
        if m is not None and (indent is None or m[1] == indent):
            indent = m[1]
            items.append(line)
            continue
        if m is not None or (items and line[:1] in (" ", "\t") and line.strip()):
            items[-1] += " " + line.strip()  # a nested item or a wrapped line
            continue
        if items:
            each = tuple(content_terms(BULLET.sub("", item, count=1)) for item in items)
            yield _Listed(content_terms(lead), each)
            items, indent = [], None
        if line.strip():
            lead = line


# A count the sentence makes of a list it gives: "three services: A, B and C", "two prices,
# $20 and $45". Up to twelve: larger lists are rarely counted by eye.
_LISTED_COUNT = regex(
    r"\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[2-9]|1[0-2])\b"
    r"([^:;.!?\u2014]{0,60})(?::|\u2014|\s-\s|,?\s+(?:including|namely|such as|are|were|is))\s+"
    r"((?:[^.;!?]|(?<=\d)\.(?=\d))+)",  # "vault with 13.700 and floor with 13.400"
    re.IGNORECASE,
)
# Not the comma of a number ("1,500 employees and $2 million": two items).
_LISTED_ITEM = regex(r"\s*(?:,\s*(?:and|or)\s+|,(?!\d)|(?<!\d),|\s+and\s+|\s+or\s+|;)\s*")
_WHOLE_LISTED_ITEM, _LISTED_END = (
    regex(r"\s*(?:,\s+(?:and|or)\s+|;)\s*"),
    regex(r"\s*(?:\u2014|\s-\s)"),
)


# "The two" standing for things named before it, as a pronoun does: "the pricier of the two",
# "the two of them", "between the two", "both of the three": no figure, only how many.
_REFERRING = regex(
    r"\b(?:(?:of|between|among)\s+the\s+(two|three)(?=\s*(?:[,.;:!?)]|$|\s+(?:is|are|was|were|"
    r"has|have|had|can|could|will|would|do|does|did)\b))|the\s+(two|three)\s+of\s+"
    r"(?:them|us|you|these|those))",
    re.IGNORECASE,
)


def self_counts(sentence: str) -> frozenset[str]:
    """The number terms of ``sentence`` that count a list it gives right after them ("three
    services: A, B and C"): the answer's own arithmetic, stated by the list, which a passage
    that lists the same things need not state; or that stand for things named before them
    ("the pricier of the two")."""
    found = {term for m in _REFERRING.finditer(sentence) for term in content_terms(m[1] or m[2])}
    for m in _LISTED_COUNT.finditer(sentence):
        listed = _LISTED_END.split(m[3].strip(), 1)[0]  # "three colours — A, B and C — with ..."
        items = [i for i in _LISTED_ITEM.split(listed) if i.strip()]
        # Or items with commas of their own: "Two: the 1903 prize, shared with X and Y, and ...".
        whole = [i for i in _WHOLE_LISTED_ITEM.split(listed) if i.strip()]
        term = next(iter(content_terms(m[1])), None)
        # No list is as long as a number of five digits, and int() refuses 4,300 or more.
        if (term is not None and term.isdecimal() and len(term) < 5) and (
            int(term) in (len(items), _counted(items))
            or (len(whole) > 1 and int(term) == len(whole))
        ):
            found.add(term)
    return frozenset(found)


def _counted(items: list[str]) -> int:
    """How many things ``items`` list, each one or the count of things it opens with: "seven
    members: a chair, a secretary, a treasurer and four ordinary members" (not "$2 million"
    of "three figures", an amount)."""
    total = 0
    for item in items:
        first = next(iter(content_terms(" ".join(item.split()[:1]))), "")
        kinds = number_kinds(item).get(first, frozenset())
        things = bool(kinds) and all(kind.startswith("unit:") for kind in kinds)
        total += int(first) if things and first.isdecimal() and len(first) < 4 else 1
    return total


# "the two met", "the three of them", "both": a count of the parties the sentence has named,
# standing for them, as a pronoun does ("after the two met at a festival"); "the other three
# split the difference", the rest of them.
_PARTIES = regex(
    r"(?i)\bthe\s+(?:other\s+)?(two|three|four|five)\s+(?=of\s+(?:them|us|you)\b|(?:met|are|were|have|had"
    r"|will|would|agreed|spoke|talked|shared|married|divorced|split|parted|never|later|then"
    r"|both|together|now|still|also|often|soon|eventually|each|meet|live|work|play|remain"
    r"|became|become|went|began|can|could|may|must|should|do|did)\b|[a-z]{3,}ed\b)"
)


def party_counts(sentence: str) -> frozenset[str]:
    """The numbers ``sentence`` writes as "the two" (or three, four, five) standing for parties
    it names, before a verb: no count of anything a passage must state."""
    if "the " not in sentence.casefold():
        return frozenset()
    return frozenset(t for m in _PARTIES.finditer(sentence) for t in content_terms(m[1]))
