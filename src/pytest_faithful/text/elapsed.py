"""Time an answer works out from the years a passage states: stated by them.

A biography or a history gives years; an answer that combines them says how long between
them. "The band split in 2001 and reformed in 2015" states "got back together fourteen years
later"; "moved to Madrid in 1992" and "published in October 1990" state "two years later she
moved to Madrid"; "born ... 1950" and "first elected in 1997" state "entered Parliament in
1997, aged 47"; "founded in 1852" states "founded in the mid-19th century". No passage
writes 14, 2, 47 or 19, and ``unstated-specifics`` would fail the answer for the arithmetic a
careful writer does. :func:`elapsed` reads such a number as stated when it is one of these:

* a number of years ("N years later", "for N years", "his first N years"): the difference of
  two years the passages state, one of them the claim's own. The claim's own years are those
  it states itself, else those of the passage sentences that say at least half of its other
  words (the events it is about). "N years later" or "after" counts back from the claim's own
  year, "N years before" or "earlier" forward from it; any other form either way;
* a number of decades ("for four decades", "nearly six decades later"): the same, rounded to
  whole decades (41 years are four decades, 58 nearly six); of centuries, to whole centuries
  (314 years are "more than three centuries");
* an age ("aged 47", "at the age of 12", "a 25-year-old", "was 25 when", and two a birthday
  apart: "aged 30 or 31", "was 67 or 68 when", "at 6 or 7"): a claim's own year less a year of
  birth (a year in a sentence that says "born", or the first of a "(1911-1987)" span), or one
  less (the birthday not yet reached that year);
* a year ("puts the end at around 1967"): one of the claim's own years moved by a number of
  years it writes ("patented in 1926 and stayed in production for 41 years");
* a century ("the mid-19th century", "the 14th century"), or one written in its years ("the
  1800s", "the mid-1800s"): a century one of the passages' years falls in, or that they name
  in either form; "early", "mid" or "late" hold it to that third of the century (and to a
  named century with the same part or none). A passage names each of two centuries it joins
  ("the late 19th and early 20th centuries") and a part in words ("the middle of the 15th
  century" is its mid part, "the end of" its late one).

A multi-document answer reads a year with its thing: a sentence's years are also the events
of the sentence before it where that one places no event ("The Ponte Almada is a suspension
bridge ... It opened in 1966"); "three decades newer than the Tagus bridge" is from a year of
the sentences about what follows "than"; an age's event is a sentence that gives no birth
("was 46 when the film came out": the film's year, not the director's birth sentence), and
"when its author was about 41" is an age too.

:func:`relative_years` reads the years a passage gives relative to one it states ("last year"
in an article dated 2018 is 2017; "two years later" after 2002 is 2004), which the specifics
rule reads as stated.

A lie that shifts one of the years, the age or the span is caught unless it lands on another
pair of the passages' years by chance: the claim's own year is one of the two, and the
direction of "later" and "before" is kept ("the year before it was acquired" where the
passages give the year after is no such pair).
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterator, Sequence

from pytest_faithful.text.patterns import regex
from pytest_faithful.text.segment import split_sentences
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.words import NUMBER_WORDS

_YEAR = regex(r"(?<![\d,.£$€])(1[0-9]\d\d|20\d\d)(?!\d|,\d|s\b|\.\d)")
_N = r"(?P<n>\d{1,3}|[a-z]+(?:-[a-z]+)?)"
# "fourteen years later", "for 35 years", "five years before", "her first 79 years".
_SPAN = regex(
    rf"(?P<for>\bfor\s+(?:(?:about|nearly|almost|over|more\s+than|some)\s+)?)?"
    rf"\b{_N}[- ](?P<unit>years?|decades?|centur(?:y|ies))\b"
    r"(?:\s+(?P<way>later|after|before|earlier|on))?",
    re.IGNORECASE,
)
# A span's unit (its first four letters) -> its size in years and how far a span may be off it.
_ROUNDING = {"deca": (10, 4), "cent": (100, 50)}
_ABOUT = r"(?:about\s+|around\s+|roughly\s+|nearly\s+|almost\s+)?"
# "aged 47", "aged about 23", "at the age of 12", "a 25-year-old", "was 25 when", "died at 70".
_AGE = regex(
    rf"\b(?:aged\s+{_ABOUT}{_N}(?:\s+or\s+{_N.replace('<n>', '<n8>')})?"
    rf"|at\s+(?:the\s+)?age\s+(?:of\s+)?{_ABOUT}"
    rf"{_N.replace('<n>', '<n2>')}"
    rf"|(?:{_N.replace('<n>', '<n7>')}\s+or\s+)?{_N.replace('<n>', '<n3>')}[- ]years?[- ]old"
    rf"|was\s+{_ABOUT}{_N.replace('<n>', '<n4>')}(?:\s+or\s+{_N.replace('<n>', '<n9>')})?"
    r"\s+when"
    # "came to Port Ellis in 1938, at 6 or 7 (...)": two ages a birthday apart, at a clause's end
    rf"|at\s+{_ABOUT}(?P<n10>\d{{1,3}})\s+or\s+(?P<n11>\d{{1,3}})(?=\s*[(),.;:]|\s*$)"
    # "died at around 70 or 71", "lived to 88"
    rf"|(?:died(?:\s+in\s+\d{{4}})?\s+at|lived\s+to(?:\s+be)?)\s+{_ABOUT}"
    rf"{_N.replace('<n>', '<n5>')}(?:\s+or\s+{_N.replace('<n>', '<n6>')})?)\b",
    re.IGNORECASE,
)
# "when its author was about 41.", "so she was about 53.", "He was 48: born ...", "so he was
# 68 or 69 - the article ...": an age that ends its clause.
_AGE_WHEN = regex(
    rf"\b(?:when\s+(?:\w+\s+){{1,3}}|(?:so\s+)?(?:she|he))\s*was\s+{_ABOUT}{_N}"
    rf"(?:\s+or\s+{_N.replace('<n>', '<n2>')})?(?=\s*[.,;:\u2013\u2014]|\s+-\s|\s*$)",
    re.IGNORECASE,
)
# A century and its part: "the mid-19th century", "the middle of the 15th century", and each of
# two joined ("the late 19th and early 20th centuries").
_ORDINAL_CENTURY = r"(?:(?:early|mid|late)[- ]+)?\d{1,2}(?:st|nd|rd|th)"
_CENTURY = regex(
    r"\b(?:(?P<part>early|mid|late)[- ]+|(?P<phrase>beginning|start|middle|end|close)\s+of\s+"
    r"the\s+)?(?P<n>\d{1,2})(?:st|nd|rd|th)(?:[- ]centur(?:y|ies)\b|(?=\s+(?:and|or|to)\s+"
    rf"(?:the\s+)?{_ORDINAL_CENTURY}[- ]centuries\b))",
    re.IGNORECASE,
)
# A part of a century said in words, as its part: "the end of the 18th century" is its late part.
_PHRASE_PARTS = {
    "beginning": "early",
    "start": "early",
    "middle": "mid",
    "end": "late",
    "close": "late",
}


def _century_part(m: re.Match[str]) -> str | None:
    """The part of a century ``m`` (of :data:`_CENTURY`) says, in either form."""
    return m["part"] or (_PHRASE_PARTS[m["phrase"].casefold()] if m["phrase"] else None)


_THAN = regex(r"\s+(?:older|newer|younger|earlier|later)\s+than\b", re.IGNORECASE)
_BESIDE = regex(r"\s*,\s*(?:[a-z]+\s+)?")
_BORN = regex(r"\bborn\b|\bbirth\b", re.IGNORECASE)
# "(1911-1987)", and with full dates: "(23 May 1848 - 10 August 1896)".
_LIFESPAN = regex(
    r"\((?:[^()]*?\b)?(1[0-9]\d\d|20\d\d)\s*[-\u2013\u2014]\s*(?:\d{1,2}\s+[A-Z][a-z]+\s+)?"
    r"(?:1[0-9]|20)\d\d\)"
)
_UNIT_WORDS = frozenset(
    content_terms(
        "year years decade decades later after before earlier on aged age old when first last"
        " nearly almost about over more than just some century centuries early mid late"
    )
)
# Parts of a century, as years into it: "early" is its first third, "late" its last.
_PARTS = {"early": (0, 35), "mid": (30, 70), "late": (65, 100)}
# A century written in its years: "the 1800s", "the mid-1800s" (the 19th century); not the
# 2000s, most often a decade.
_IN_YEARS = regex(r"\b(?:(?P<part>early|mid|late)[- ]+)?(?P<n>1\d)00s\b", re.IGNORECASE)
_HUNDREDS = regex(r"1\d00s")


def _century_stated(
    n: int, part: str | None, passages: tuple[str, ...], *, in_years: bool = False
) -> bool:
    """Whether the passages state the ``n``th century, or the ``part`` of it ("early", "mid",
    "late") when the claim says one: by a year in it (in that part; "the 1800s" ends with
    1899, the 19th century with 1900), or by the century in either form ("the 19th century",
    "the 1800s") with the same part or none."""
    part = (part or "").casefold()
    low, high = _PARTS.get(part, (0, 100))
    high = min(high, 99) if in_years else high
    start = (n - 1) * 100
    if any(low <= y - start <= high for years, _ in _sentences(passages) for y in years):
        return True
    named = [_century_part(m) for p in passages for m in _CENTURY.finditer(p) if int(m["n"]) == n]
    named += [m["part"] for p in passages for m in _IN_YEARS.finditer(p) if int(m["n"]) + 1 == n]
    return any(not part or (said or "").casefold() == part for said in named)


@functools.lru_cache(maxsize=64)
def _sentences(passages: tuple[str, ...]) -> tuple[tuple[frozenset[int], frozenset[str]], ...]:
    """Each passage sentence's years and its words."""
    return tuple((years, terms) for years, terms, _, _ in _read(passages))


@functools.lru_cache(maxsize=64)
def _read(
    passages: tuple[str, ...],
) -> tuple[tuple[frozenset[int], frozenset[str], frozenset[str], bool], ...]:
    """Each passage sentence's years, its words, its words with those of the sentence before
    it where that one gives no year (the thing an "It opened in 1966" is about is named
    there) and whether it gives a birth."""
    read = []
    for passage in passages:
        before: frozenset[str] = frozenset()
        for sentence in (s.text for s in split_sentences(passage)):
            terms = content_terms(sentence)
            years = frozenset(int(y) for y in _YEAR.findall(sentence))
            if years:
                born = bool(_BORN.search(sentence) or _LIFESPAN.search(sentence))
                read.append((years, terms, terms | before, born))
            # A sentence that places no event names what the next is about; one that places
            # its own event in time does not lend the next its words.
            before = frozenset() if years else terms
    return tuple(read)


@functools.lru_cache(maxsize=64)
def _births(passages: tuple[str, ...]) -> frozenset[int]:
    found: set[int] = set()
    for passage in passages:
        found.update(int(m[1]) for m in _LIFESPAN.finditer(passage))
        for sentence in (s.text for s in split_sentences(passage)):
            if _BORN.search(sentence):
                found.update(int(y) for y in _YEAR.findall(sentence))
    return frozenset(found)


def _own_years(claim: str, passages: tuple[str, ...]) -> frozenset[int]:
    """The years of the events ``claim`` is about: those it states that a passage states, and
    those of the passage sentences that say the most of its other words (or half of them)."""
    said = _sentences(passages)
    every = frozenset().union(*(years for years, _ in said))
    own = {int(y) for y in _YEAR.findall(claim)} & every
    words = frozenset(t for t in content_terms(claim) if not t.isdigit()) - _UNIT_WORDS
    shared = [len(words & terms) for _, terms in said]
    most = max(shared, default=0)
    for (years, _), count in zip(said, shared, strict=True):
        if count and (count == most or 2 * count >= len(words)):
            own.update(years)
    return frozenset(own)


def _event_years(claim: str, passages: tuple[str, ...], ages: bool) -> frozenset[int]:
    """The years of the events ``claim`` is about read across a passage's sentences (module
    docstring): those of a sentence that, with the one before it, says half of the claim's
    other words, and for an age the years of the sentences that say the most of them apart
    from those giving a birth (the birth year is the other end of an age, not its event)."""
    read = _read(passages)
    words = frozenset(t for t in content_terms(claim) if not t.isdigit()) - _UNIT_WORDS
    found = {y for years, _, run, _ in read if 2 * len(words & run) >= len(words) for y in years}
    if ages:
        shared = [(len(words & terms), years) for years, terms, _, born in read if not born]
        most = max((count for count, _ in shared), default=0)
        found.update(y for count, years in shared if count and count == most for y in years)
    return frozenset(found)


def _years_of(words: str, passages: tuple[str, ...]) -> frozenset[int]:
    """The years of the passage sentences that, with a sentence naming what they are about,
    say a word of ``words`` (the thing a claim is "three decades newer than")."""
    wanted = frozenset(t for t in content_terms(words) if not t.isdigit()) - _UNIT_WORDS
    return frozenset(y for years, _, run, _ in _read(passages) if wanted & run for y in years)


def _spans(term: str, claim: str) -> Iterator[re.Match[str]]:
    return iter(_claim_readings(claim)[0].get(term, ()))


# A claim's spans, ages and centuries by the number term each is written with, read once: a
# claim of a thousand numbers asks for each of them (reading the claim again for each took
# time quadratic in their count).
@functools.lru_cache(maxsize=256)
def _claim_readings(
    claim: str,
) -> tuple[
    dict[str, list[re.Match[str]]], dict[str, list[re.Match[str]]], dict[str, list[re.Match[str]]]
]:
    spans: dict[str, list[re.Match[str]]] = {}
    for m in _SPAN.finditer(claim):
        if len(terms := content_terms(m["n"])) == 1:
            spans.setdefault(next(iter(terms)), []).append(m)
    ages: dict[str, list[re.Match[str]]] = {}
    for found in (_AGE.finditer(claim), _AGE_WHEN.finditer(claim)):
        for m in found:
            said = {t for g in m.groups() if g and len(ts := content_terms(g)) == 1 for t in ts}
            for term in sorted(said):
                ages.setdefault(term, []).append(m)
    centuries: dict[str, list[re.Match[str]]] = {}
    for m in _CENTURY.finditer(claim):
        centuries.setdefault(m["n"], []).append(m)
    return spans, ages, centuries


def elapsed(term: str, claim: str, passages: Sequence[str]) -> bool:
    """Whether the number ``term`` of ``claim`` is a span of years, an age or a century worked
    out from the years the passages state (module docstring)."""
    texts = tuple(passages)
    if _HUNDREDS.fullmatch(term):
        return any(
            _century_stated(int(term[:2]) + 1, m["part"], texts, in_years=True)
            for m in _IN_YEARS.finditer(claim)
            if m["n"] == term[:2]
        )
    if len(term) == 4 and (
        (_says_born(claim) and _born_from_age(term, claim))
        or _year_at_age(term, claim, texts)
        or _year_after_span(term, claim, texts)
    ):
        return True
    if not term.isdigit() or len(term) > 3:
        return False
    n = int(term)
    spans_by, ages_by, centuries = _claim_readings(claim)
    for m in centuries.get(term, ()):
        if _century_stated(n, _century_part(m), texts):
            return True
    every = frozenset().union(*(years for years, _ in _sentences(texts)))
    spans = list(spans_by.get(term, ()))
    ages = list(ages_by.get(term, ()))
    if not spans and not ages:
        return False
    own = _own_years(claim, texts) | _event_years(claim, texts, bool(ages))
    stated = {int(y.group()): y.end() for y in _YEAR.finditer(claim)}
    for m in spans:
        # Years exactly; decades and centuries to the nearest (41 years are four decades, 314
        # years "more than three centuries").
        step, near = _ROUNDING.get(m["unit"].casefold()[:4], (1, 0))
        way = "" if m["for"] else (m["way"] or "").casefold()
        # "three decades newer than", "four years older than": from another thing's year.
        compared = not way and _THAN.match(claim, m.end())
        for y in own:
            # The year of the event placed "N years later" (after or before another), or of
            # the one it is placed from ("in 2001 ... fourteen years later").
            # "consecrated in 1412, 64 years later": the year beside the span is its own.
            end = stated.get(y, len(claim))
            ref = end < m.start() and not _BESIDE.fullmatch(claim, end, m.start())
            if way in ("later", "on", "earlier"):
                sign = (1 if ref else -1) * (1 if way != "earlier" else -1)
                others = [sign * (o - y) for o in every]
            elif way == "after":
                others = [y - o for o in every]
            elif way == "before":
                others = [o - y for o in every]
            elif compared:  # from a year of what follows "than"
                others = [abs(o - y) for o in _years_of(claim[compared.end() :], texts)]
            else:  # how long an event lasted: between two of its own years
                others = [abs(o - y) for o in own if o != y]
            if any(abs(d - step * n) <= near for d in others if d > 0):
                return True
    if ages:
        return any(y - b in (n, n + 1) for y in own for b in _births(texts))
    return False


# A year a passage gives relative to one it states: "last year" in an article dated 2018 is
# 2017, "three years ago" 2015; "the following year" after 2002 is 2003, "two years later" 2004.
_RELATIVE_YEARS = regex(
    r"\b(?:(?P<back>last year|the (?:previous|preceding|prior) year|the year before)"
    r"|(?P<on>next year|the (?:following|next) year|the year after)|(?P<same>this year)"
    r"|(?P<n>an?|one|\d{1,2}|[a-z]+)[- ]years?\s+(?:(?P<later>later|on)|(?P<ago>ago)|earlier))\b",
    re.IGNORECASE,
)
# How far before "two years later" the year it counts from is read: its sentence and the one
# before, about.
_LATER_FROM = 300


@functools.lru_cache(maxsize=256)
def relative_years(said: str, dated: str) -> frozenset[int]:
    """The years ``said`` gives relative to a year that ``dated`` states: each year of
    ``dated`` moved a year back, on or none ("last year", "the year before", "a year earlier",
    "the following year", "this year") or a number of years back ("three years ago"); and each
    year ``said`` writes shortly before "N years later" or "earlier" moved by N. For a
    passage, ``said`` and ``dated`` are the passage; for a span of it, ``said`` is the span and
    ``dated`` its passage, whose date an article's "last year" counts from."""
    found: set[int] = set()
    offsets: set[int] = set()
    for m in _RELATIVE_YEARS.finditer(said):
        if m["n"] is None:
            offsets.add(-1 if m["back"] else 1 if m["on"] else 0)
            continue
        n = m["n"].casefold()
        count = 1 if n in ("a", "an", "one") else int(NUMBER_WORDS.get(n, n if n.isdigit() else 0))
        if count and (count == 1 or m["ago"]):
            offsets.add(count if m["later"] else -count)
        elif count:
            before = said[max(m.start() - _LATER_FROM, 0) : m.start()]
            found.update(int(y) + (count if m["later"] else -count) for y in _YEAR.findall(before))
    if offsets:
        found.update(int(y) + o for y in _YEAR.findall(dated) for o in offsets)
    return frozenset(found)


# A year of birth the claim works out: "born in about 1965: she was 38 when ... in 2003".
_BORN_ABOUT = regex(r"(?i)\bborn\s+(?:in\s+)?(?:about\s+|around\s+|roughly\s+|c\.\s*)?(\d{4})\b")


def _born_from_age(term: str, claim: str) -> bool:
    """Whether ``term`` is a year of birth the claim gives as a year it writes less an age it
    writes (or a year more, the birthday not yet come): both held to the passages on their own."""
    if not any(m[1] == term for m in _BORN_ABOUT.finditer(claim)):
        return False
    _, ages, _ = _claim_readings(claim)
    years = {int(y.group()) for y in _YEAR.finditer(claim)} - {int(term)}
    born = int(term)
    return any(age.isdigit() and y - int(age) - born in (0, 1) for age in ages for y in years)


# Read once per claim, not per figure: a scan of a long claim for each figure was quadratic.
@functools.lru_cache(maxsize=256)
def _says_born(claim: str) -> bool:
    return "born" in claim


def _year_after_span(term: str, claim: str, passages: tuple[str, ...]) -> bool:
    """Whether the year ``term`` is a year of the claim's own events (:func:`_own_years`) moved
    by a span of years the claim writes: "patented in 1926 and stayed in production for 41
    years, which puts the end at around 1967"; "first elected in 1962 and served 24 years,
    which would mean she left around 1986". Forward, back for a span "before" or "earlier";
    a passage writes the span in years."""
    if not term.isdigit():  # "22.5" is no year
        return False
    spans_by, _, _ = _claim_readings(claim)
    moves = [
        int(n) * (-1 if (m["way"] or "").casefold() in ("before", "earlier") else 1)
        for n, found in spans_by.items()
        if n.isdigit()
        for m in found
        if m["unit"].casefold().startswith("year")
    ]
    if not moves:
        return False
    # The span as a passage writes it, in years: a lie that moves both the year and the span
    # ("ended in 1961, five years before 1966" for 1962 and four) lands on no passage's span.
    given = _year_spans(passages)
    year = int(term)
    return any(
        y + move == year and abs(move) in given
        for y in _own_years(claim, passages)
        for move in moves
    )


@functools.lru_cache(maxsize=64)
def _year_spans(passages: tuple[str, ...]) -> frozenset[int]:
    """Each number of years the passages write as a span ("for 41 years", "nine more years")."""
    return frozenset(
        int(n)
        for passage in passages
        for m in _SPAN.finditer(passage)
        if m["unit"].casefold().startswith("year")
        for n in content_terms(m["n"])
        if n.isdigit()
    )


def _year_at_age(term: str, claim: str, passages: tuple[str, ...]) -> bool:
    """Whether ``term`` is the year of an age the claim writes, from a year of birth a passage
    gives beside the sentence that says what the claim does at that age (half its words):
    "at age 55, which would have been around 1925" from "was born in 1870. She began
    collecting plants at the age of 55" (or a year later, the birthday not yet come)."""
    _, ages, _ = _claim_readings(claim)
    if not ages or not term.isdigit():
        return False
    year = int(term)
    words = frozenset(t for t in content_terms(claim) if not t[0].isdigit()) - _UNIT_WORDS
    for passage in passages:
        sentences = [s.text for s in split_sentences(passage)]
        for i, sentence in enumerate(sentences):
            if not _BORN.search(sentence) or not any(
                2 * len(words & content_terms(beside)) >= len(words)
                for beside in sentences[max(0, i - 1) : i + 2]
            ):
                continue
            births = {int(y) for y in _YEAR.findall(sentence)}
            if any(a.isdigit() and year - int(a) - b in (0, 1) for a in ages for b in births):
                return True
    return False


# A year with its era: "500 BC", "246 BCE", "AD 500", "79 CE". Years before Christ count back.
_ERA_YEAR = regex(
    r"(?i)\b(?:(?P<ad>AD|CE)\s+(?P<y1>\d{1,4})"
    r"|(?:(?P<y0>\d{1,4})\s*[-\u2013]\s*)?(?P<y2>\d{1,4})\s*(?P<era>BCE|BC|AD|CE))\b"
)


def era_span(term: str, claim: str) -> bool:
    """Whether the number of years ``term`` is the span between two years the claim writes, one
    of them before Christ: "between 500 BC and AD 500, a span of roughly a thousand years";
    "began in 246 BCE, ... 36 years before he was buried in 210 BCE". A span that crosses from
    BC to AD is counted with a year zero and without."""
    if not term.isdigit():
        return False
    years = _era_years(claim)
    if not any(y < 0 for y in years):
        return False
    n = int(term)
    for a, b in itertools.combinations(years, 2):
        gap = abs(a - b)
        if n == gap or ((a < 0) != (b < 0) and n == gap - 1):
            return True
    return False


@functools.lru_cache(maxsize=256)  # read once per claim, whichever of its figures is asked
def _era_years(claim: str) -> tuple[int, ...]:
    years: list[int] = []
    if "year" not in claim.casefold():
        return ()
    for m in _ERA_YEAR.finditer(claim):
        sign = -1 if (m["era"] or "").upper() in ("BC", "BCE") else 1
        years += [sign * int(y) for y in (m["y1"], m["y0"], m["y2"]) if y]  # "210-209 BCE"
    return tuple(years)
