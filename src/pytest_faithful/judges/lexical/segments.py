"""A passage sentence cut into clauses and list items, each with the names it is about.

The lexical judge checks a claim's numbers, names and negations where the passage puts them
(``binding``), so it reads each sentence of a cover as *segments*:

* A sentence is cut at ``;``, a spaced dash, "while", "whereas", "whilst" and "but", and at
  "and" or "or" followed by a determiner or a pronoun (a new subject: "... and the Team plan
  costs $45"), by a preposition (an elliptical clause: "... at 9am on weekdays and at 11am on
  Sundays"), by another value ("$20 for the Pro plan and $45 for Team"), or, after a comma,
  by a name (", and Team at $45"). Commas alone do not cut: most separate list items
  ("charger, cable and case") or phrases of one clause ("..., for just $480/month").
* A line that a label opens ("Team: $45 per month", "Monday to Friday: 9am to 5pm", a table
  row's first cell "| Pro | $20 |") is a segment of its own, even where the sentence
  splitter reads several such lines as one sentence.
* A segment's names: runs of capitalised words, each with its *slot*: the word after it ("Pro
  plan", "York leaves"), a link word after or before it ("Pro at $20", "Team is $45", "$45
  for Team": slots ``>at``, ``>is``, ``<for``), or ``LABEL`` for a line's label; with no such
  name, the first content word when a content word follows it ("the library opens"). A
  segment with no name of its own goes on about those of the segment before it in its
  sentence, and a sentence that opens with a pronoun about those of the sentence before it
  ("It adds SSO.").
* A segment that opens with a preposition also holds the words of its sentence's opening ("the
  museum opens"), which it leaves unsaid.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from pytest_faithful.judges.lexical.passages import Unit
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.readings import normalised as _normalised
from pytest_faithful.text.terms import (
    _EMPTY,
    _NEG,
    _TOKEN,
    _Bag,
    _bag,
    _is_number,
    _lower,
    _term,
)

# The slot of a name that labels a line or list item ("Team: $45 per month").
LABEL = "#label"
# A line whose text before its first colon has at most this many words is labelled by it.
_LABEL_WORDS = 5

_CONJUNCTIONS = frozenset({"while", "whereas", "whilst", "but"})
_JOINS = frozenset({"and", "or"})
# Words that open a new clause after "and", "or" or a comma: a new subject...
_SUBJECT_OPENERS = frozenset(
    "the a an our its their his her my your this these those each every "  # noqa: SIM905
    "it they he she we there".split()
)
# ...or an elliptical one, which goes on with its sentence's subject and verb.
_PREPOSITIONS = frozenset(
    "at on in for from to by with within until till after before during between".split()  # noqa: SIM905
)
_DETERMINERS = frozenset(
    "the a an our its their his her my your this these those each every all some both".split()  # noqa: SIM905
)
# A sentence that opens with one of these goes on about the sentence before it.
_PRONOUNS = frozenset({"it", "its", "they", "their", "he", "his", "she", "her", "this", "these"})
_CURRENCIES = frozenset("$\u20ac\u00a3\u00a5")
# Words that give a name a slot though they are no content words: "Team is $45", "Pro at $20"
# (after the name), "$45 for Team" (before it, a determiner or none between).
_LINKS_AFTER = frozenset({"is", "are", "was", "were", "at", "for", "costs"})
_LINKS_BEFORE = frozenset({"for"})
_DASH = regex(r"\s[-\u2013\u2014]\s|[\u2013\u2014]")


class Name(NamedTuple):
    """A run of capitalised words and the slot it fills."""

    terms: frozenset[str]
    slot: str  # the word after it, or LABEL
    initial: bool  # at the start of its sentence or line, where any word is capitalised
    shown: str  # the passage's words, for reasons


class Segment(NamedTuple):
    """A clause or list item of one sentence of a passage."""

    unit: int  # the index of its sentence among the units
    start: int  # offsets in the passage
    end: int
    bag: _Bag  # its own words, negation scopes included
    about: frozenset[str]  # its own terms, and its sentence's opening if it leaves that unsaid
    names: tuple[Name, ...]  # its names, or those of the segment it goes on from
    pronoun: bool  # it opens its sentence with a pronoun ("It adds SSO.")


def segments_of(index: int, unit: Unit, passage: str) -> tuple[Segment, ...]:
    """The clauses and list items of one sentence (module docstring)."""
    text = passage[unit.start : unit.end]
    found = list(_TOKEN.finditer(_normalised(text)))
    if not found:
        bag = unit.bag
        return (Segment(index, unit.start, unit.end, bag, frozenset(bag.terms), (), False),)
    lowered = [m[0].lower() for m in found]
    terms = [_term(token) for token in lowered]
    labels = [_label_words(text, found, i) for i in range(len(found))]
    starts = [0]
    for i in range(1, len(found)):
        gap = text[found[i - 1].end() : found[i].start()]
        if ("\n" in gap and (labels[i] or _in_label_line(text, found, labels, i - 1))) or (
            _opens_clause(gap, found, lowered, i)
        ):
            starts.append(i)
    low = _lower(text)
    same_length = len(low) == len(text)
    segments: list[Segment] = []
    head: frozenset[str] = _EMPTY
    names: tuple[Name, ...] = ()
    for n, first in enumerate(starts):
        last = (starts[n + 1] if n + 1 < len(starts) else len(found)) - 1
        start, end = found[first].start(), found[last].end()
        if len(starts) == 1:
            bag = unit.bag  # the sentence's own words, read once already
        elif same_length:
            bag = _bag(low, start, end)
        else:
            bag = _bag(_lower(text[start:end]))
        about = frozenset(bag.terms)
        if n == 0:
            head = _opening(terms, first, last, lowered)
        elif _elliptical(lowered, first, last):
            about |= head
        own = _names(text, found, terms, first, last, first + labels[first])
        names = own or names  # no name of its own: it goes on about the one before
        pronoun = n == 0 and lowered[0] in _PRONOUNS
        segments.append(
            Segment(index, unit.start + start, unit.start + end, bag, about, names, pronoun)
        )
    return tuple(segments)


def _opens_clause(gap: str, found: Sequence[re.Match[str]], lowered: Sequence[str], i: int) -> bool:
    if ";" in gap or _DASH.search(gap):
        return True
    word = lowered[i]
    if word in _CONJUNCTIONS:
        return True
    if word in _JOINS and i + 1 < len(lowered):
        following = lowered[i + 1]
        return (
            following in _SUBJECT_OPENERS
            or following in _PREPOSITIONS
            or following[0].isdigit()  # another value: "$20 for Pro and $45 for Team"
            or following in _CURRENCIES
            or ("," in gap and found[i + 1][0][0].isupper())  # "Pro at $20, and Team at $45"
        )
    return False


def _elliptical(lowered: Sequence[str], first: int, last: int) -> bool:
    """Whether a segment opens with a preposition, after its joining word: "and at 11am"."""
    for i in range(first, last + 1):
        if lowered[i] in _JOINS or lowered[i] in _CONJUNCTIONS:
            continue
        return lowered[i] in _PREPOSITIONS
    return False


def _opening(terms: Sequence[str], first: int, last: int, lowered: Sequence[str]) -> frozenset[str]:
    """The terms of a sentence's opening: its words before the first preposition or number
    ("The museum opens" of "The museum opens at 9am on weekdays")."""
    opening = []
    for i in range(first, last + 1):
        if lowered[i] in _PREPOSITIONS or (terms[i] and _is_number(terms[i])):
            break
        if terms[i] and terms[i] != _NEG:
            opening.append(terms[i])
    return frozenset(opening)


def _label_words(text: str, found: Sequence[re.Match[str]], i: int) -> int:
    """How many words from token ``i`` label a line, when ``i`` starts one: the words before
    the line's first colon ("Monday to Friday: 9am to 5pm"), or the first cell of a table row
    ("| Pro | $20 |"); 0 when they do not."""
    # Only the gap after the token before is looked at: a word with no line break before it
    # since that token is not the first of its line (reading back to the line's start for
    # every token took time quadratic in a long line).
    gap_start = found[i - 1].end() if i else 0
    line_start = text.rfind("\n", gap_start, found[i].start()) + 1
    if not line_start and i:
        return 0  # not the line's first word
    before = text[line_start : found[i].start()]
    if before.strip(" \t-*+\u2022|"):
        return 0  # not the line's first word
    line_end = text.find("\n", found[i].start())
    line_end = len(text) if line_end < 0 else line_end
    if before.strip().startswith("|"):
        mark = text.find("|", found[i].start(), line_end)
    else:
        mark = text.find(":", found[i].start(), line_end)
    if mark < 0:
        return 0
    if any(c in text[found[i].start() : mark] for c in ".!?"):
        return 0
    words = 0
    for j in range(i, len(found)):  # not found[i:]: a copy of the rest for every token
        if found[j].end() > mark:
            break
        words += 1
    return words if 0 < words <= _LABEL_WORDS else 0


def _in_label_line(
    text: str, found: Sequence[re.Match[str]], labels: Sequence[int], i: int
) -> bool:
    """Whether token ``i`` is on a line that a label opens."""
    line_start = text.rfind("\n", 0, found[i].start()) + 1
    for j in range(i, -1, -1):
        if found[j].start() < line_start:
            return False
        if labels[j]:
            return True
    return False


def _names(
    text: str,
    found: Sequence[re.Match[str]],
    terms: Sequence[str],
    first: int,
    last: int,
    label_end: int,
) -> tuple[Name, ...]:
    """The names of one segment, each with its slot; names with no slot are left out."""
    names: list[Name] = []
    label: set[str] = set()
    label_shown: list[str] = []
    i = first
    while i <= last:
        if not _capitalised(found[i][0], terms[i]):
            i += 1
            continue
        j = i
        while (
            j + 1 <= last
            and _capitalised(found[j + 1][0], terms[j + 1])
            and not text[found[j].end() : found[j + 1].start()].strip()
        ):
            j += 1
        chunk = frozenset(terms[i : j + 1])
        shown = text[found[i].start() : found[j].end()]
        slot = ""
        if j + 1 < len(found) and not text[found[j].end() : found[j + 1].start()].strip():
            nxt = terms[j + 1]
            if nxt and nxt != _NEG and not _is_number(nxt) and not found[j + 1][0][0].isupper():
                slot = nxt
            elif found[j + 1][0] in _LINKS_AFTER:
                slot = ">" + found[j + 1][0]
        if not slot:
            before = i - 1
            while before >= first and found[before][0].lower() in _DETERMINERS:
                before -= 1
            if before >= first and found[before][0].lower() in _LINKS_BEFORE:
                slot = "<" + found[before][0].lower()
        if slot:
            names.append(Name(chunk, slot, i == 0, shown))
        elif j < label_end:
            label |= chunk
            label_shown.append(shown)
        i = j + 1
    if label:
        names.append(Name(frozenset(label), LABEL, True, " ".join(label_shown)))
    if not names:
        subject = _common_subject(text, found, terms, first, last)
        if subject is not None:
            names.append(subject)
    return tuple(names)


def _common_subject(
    text: str, found: Sequence[re.Match[str]], terms: Sequence[str], first: int, last: int
) -> Name | None:
    """A segment's first content word as its subject, when a content word follows it
    directly (its verb or head noun: "the library opens", "the museum opens")."""
    for i in range(first, last):
        term = terms[i]
        if not term or term == _NEG:
            if found[i][0].lower() not in _DETERMINERS:
                return None  # a pronoun or an auxiliary comes first: "It adds SSO."
            continue
        if _is_number(term):
            return None
        following = terms[i + 1]
        if (
            following
            and following != _NEG
            and not _is_number(following)
            and not text[found[i].end() : found[i + 1].start()].strip()
        ):
            return Name(frozenset({term}), following, True, found[i][0])
        return None
    return None


def _capitalised(token: str, term: str) -> bool:
    return token[0].isupper() and bool(term) and term != _NEG and not _is_number(term)
