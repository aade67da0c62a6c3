"""Short codes and numeric dates a claim states that no passage does.

The number and name readings (:mod:`~pytest_faithful.text.specifics`) read a code by its parts:
"14C" is the number 14, "EPC rating C" has no name in "C", "AA-" is the name "AA", "Tier 3" is
the number 3 wherever a passage says a 3. A changed letter, sign or label's number passed under
``standard``: "EPC rating of B" for a passage's "EPC rating C", "seat 14D" for "14C", "AA+" for
"AA-", "blood type O+" for "O-", "Level 2" where a passage says "Level 3" and "Tier 2". A code is
read whole here, and is stated when a passage writes the same code in any standard form:

- a grade, a rating or a size, one to three capitals with a sign ("B+", "AA-", "A*", "O-"; "O
  negative" is "O-") or one capital alone ("Class A", "Band D", "sizes M and L"), not the word
  "A" or "I", not an initial ("J. Smith") and not a capital an "&" joins to another ("A&E",
  "R&D", one name): stated by the same letters with the same sign;
- a code of letters and digits, or of a word and a capital ("14C", "BA117", "RX200-EU", "IP68",
  "USB-C"; "USB Type-C" is "USB-C"): stated by the same letters and digits, in any case, written
  with or without a space or hyphen between its parts ("BA 117", "RX-200"); a number with a unit
  or scale ("128GB", "5M users") is a number's;
- a label's number ("Tier 2", "Level 3", "Band 4"): where a passage writes the label with a
  number, stated only by the label with this number, in digits or Roman ("Tier II").

A date with a year in numbers ("12/05/2025", "12.05.2025", "2025-05-12", "12-May-2025") is
stated by the same day in any form ("12 May 2025"). "12/05/2025" is 12 May or 5 December (day
first or month first is the writer's country's): either reading states a date written with its
month by name or in ISO, and a numeric date states one only in the same order (a day and month
swapped are caught). :func:`read_dates` also gives the number terms of a stated date, which the
number reading need not find apart ("5" in "2025-05-12" for "12-May-2025").

A number a passage writes only as the number of a part ("SEC. 2.", "Section 62(a)(2)(D)",
"paragraph (3)(C)", a list item's "(1)") labels the part and counts nothing; :func:`labelled_only`
gives a claim's numbers that the passages write only so.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import NamedTuple

from pytest_faithful.text.dates import dates_in, days_said, worked_out_dates
from pytest_faithful.text.names import in_capitals
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.words import MONTH_ABBREVIATIONS, MONTHS

_MONTH_OF = {
    **{month: i for i, month in enumerate(MONTHS, 1)},
    **{short: MONTHS.index(month) + 1 for short, month in MONTH_ABBREVIATIONS.items()},
}
_MONTH = "|".join(sorted(_MONTH_OF, key=len, reverse=True))
_NUMERIC_DATE = regex(r"(?<![\w./-])(\d{1,2})([./-])(\d{1,2})\2(\d{4})(?![\w.]?\d)")
_DASHED_DATE = regex(rf"(?<![\w-])(\d{{1,2}})-({_MONTH})-(\d{{4}})\b", re.IGNORECASE)
_Day = tuple[int, int, int]


class _Date(NamedTuple):
    readings: frozenset[_Day]  # (year, month, day)
    order: tuple[int, int, int] | None  # a numeric date that reads both ways, as written
    start: int
    end: int


def _real(year: int, month: int, day: int) -> bool:
    return 1 <= month <= 12 and 1 <= day <= (29 if month == 2 else 30 + ((month + month // 8) % 2))


def _dates(text: str) -> Iterator[_Date]:
    for d in dates_in(text):
        if d.year is not None:
            yield _Date(frozenset(((d.year, d.month, d.day),)), None, d.start, d.end)
    for m in _DASHED_DATE.finditer(text):
        day, month, year = int(m[1]), _MONTH_OF[m[2].casefold()], int(m[3])
        if _real(year, month, day):
            yield _Date(frozenset(((year, month, day),)), None, m.start(), m.end())
    for m in _NUMERIC_DATE.finditer(text):
        a, b, year = int(m[1]), int(m[3]), int(m[4])
        readings = frozenset((year, mo, d) for d, mo in ((a, b), (b, a)) if _real(year, mo, d))
        if readings:
            both = len(readings) == 2
            yield _Date(readings, (a, b, year) if both else None, m.start(), m.end())


@functools.lru_cache(maxsize=64)
def _passage_dates(
    passages: tuple[str, ...],
) -> tuple[frozenset[_Day], frozenset[_Day], frozenset[_Day]]:
    """Every reading of the passages' dates, those of dates that read one way only, and the
    numeric dates that read both ways as written."""
    every: set[_Day] = set()
    one_way: set[_Day] = set()
    orders: set[_Day] = set()
    for text in passages:
        for d in _dates(text):
            every |= d.readings
            if d.order is None:
                one_way |= d.readings
            else:
                orders.add(d.order)
    return frozenset(every), frozenset(one_way), frozenset(orders)


def read_dates(claim: str, passages: Sequence[str]) -> tuple[frozenset[str], list[str]]:
    """The number terms of ``claim``'s dates with a year that the passages state, in any form,
    and the text of those they do not (a date worked out from a passage's date and period is
    stated: :func:`~pytest_faithful.text.dates.worked_out_dates`)."""
    if not re.search(r"\d{4}", claim):
        return frozenset(), []
    stated, missing = _read_dates(claim, tuple(passages))
    return stated, list(missing)


# Both specifics rules read a claim's dates against the same passages.
@functools.lru_cache(maxsize=256)
def _read_dates(claim: str, passages: tuple[str, ...]) -> tuple[frozenset[str], tuple[str, ...]]:
    said = list(_dates(claim))
    if not said:
        return frozenset(), ()
    texts = passages
    every, one_way, orders = _passage_dates(texts)
    month_days = days_said(texts)
    years = frozenset(t for p in texts for t in content_terms(p) if len(t) == 4 and t.isdigit())
    stated: set[str] = set()
    missing: list[tuple[_Date, str]] = []
    for d in said:
        if d.order is not None:
            ok = d.order in orders or bool(d.readings & one_way)
        else:
            ok = bool(d.readings & every) or any(
                (m, day) in month_days and str(y) in years for y, m, day in d.readings
            )
        text = claim[d.start : d.end]
        if ok:
            stated |= content_terms(text)
        else:
            missing.append((d, text))
    if missing:  # worked out from a passage's date and period (read once, not per date)
        worked = worked_out_dates(claim, texts)
        missing = [
            (d, t)
            for d, t in missing
            if not any(w.start < d.end and d.start < w.end for w in worked)
        ]
    return frozenset(stated), tuple(dict.fromkeys(t for _, t in missing))


# A grade or rating: capitals with a sign, or one capital alone. "O negative" is "O-".
_BLOOD = regex(r"\b(AB|A|B|O)[\s-]*(?:Rh[\s-]*)?(?:(pos)(?:itive)?|neg(?:ative)?)\b", re.IGNORECASE)
_USB = regex(r"\b(USB)[\s-]+Type[\s-]*([A-C])\b", re.IGNORECASE)
_GRADE = regex(
    r"(?<![\w+*/.&'\u2019\u2212\u00b0-])([A-Z]{1,3})(?:([+*\u2212-])(?![\w-]))?"
    r"(?![\w'\u2019+*/&\u2212-])"
)
# A star before another is Markdown's bold closing ("**Screen A**"), no A*.
_PASSAGE_GRADE = regex(r"(?<![A-Za-z0-9])([A-Z]{1,3})((?:[+\u2212-]|\*(?!\*))?)(?![A-Za-z0-9])")
# A code: parts joined by hyphens, with a capital and a digit, or a part that is one capital.
_COMPOUND = regex(r"(?<![\w.-])[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*(?![\w-]|\.\w)")
_PIECES = regex(r"[A-Za-z0-9]+(?:\u00b0)?")
# A number with a unit or scale ("128GB", "5M", "10am"), a period written short ("Q3", "FY2023").
_UNIT = regex(
    r"\d+(?:\.\d+)?(?:K|GB|MB|KB|TB|GHZ|MHZ|HZ|MP|KWH|KW|MM|CM|KM|KG|MG|ML|AM|PM|W|V|L|X)",
    re.IGNORECASE,
)
_SCALE = regex(r"\d+(?:\.\d+)?(?:M|B|BN|T)")
_PERIOD = regex(r"[QH][1-4]|FY\d{2}(?:\d{2})?")
LABEL_WORDS = (
    *("tier", "level", "band", "grade", "class", "group", "zone", "coach", "platform", "gate"),
    *("clinic", "stage", "phase", "category", "division", "league", "terminal", "floor"),
    *("ward", "bay", "block", "unit", "euro"),
)
_VALUE = r"(\d{1,3}|[IVX]{1,5}|[A-Z][+*\u2212-]?)(?![\w.,]\w|[\w+*\u2212-])"
_LABEL = regex(rf"\b((?i:{'|'.join(LABEL_WORDS)}|key stage))\s+{_VALUE}")
_PLURAL = {
    w[:-1] + "ies"
    if w[-1] == "y" and w[-2] not in "aeiou"
    else w + "es"
    if w[-1] in "sh"
    else w + "s": w
    for w in LABEL_WORDS
}
# A label's values listed after its plural: "Zones B and C", "Bands A, B or C".
_LISTED = regex(
    rf"\b(?i:({'|'.join(_PLURAL)}))\s+((?:[A-Z]|\d{{1,3}})(?:\s*,\s*(?:[A-Z]|\d{{1,3}}))*"
    r",?\s+(?:and|or|&)\s+(?:[A-Z]|\d{1,3}))(?![\w.,]\w|[\w+*\u2212-])"
)
_LISTED_VALUE = regex(r"[A-Z]|\d{1,3}")
_ROMAN = {"I": 1, "V": 5, "X": 10}


def _normal(text: str) -> str:
    text = _USB.sub(r"\1-\2", text)
    return _BLOOD.sub(lambda m: m[1].upper() + ("+" if m[2] else "-"), text)


def _compact(code: str) -> str:
    return re.sub(r"[\s\u00b0-]", "", code).casefold()


def _number(value: str) -> str:
    """A label's value: a number in digits (Roman numerals read), or a grade as written."""
    if value.isdigit():
        return str(int(value))
    if not re.fullmatch("[IVX]+", value):
        return value.replace("\u2212", "-")
    total = 0
    for i, letter in enumerate(value.upper()):
        n = _ROMAN[letter]
        following = value.upper()[i + 1 : i + 2]
        total += -n if following and _ROMAN[following] > n else n
    return str(total)


# What follows the word "A" opening a phrase, an initial or a label, and an amount's scale.
_WORD_AFTER = regex(r"\s+[\w$\u00a3\u20ac\"'(]")
_INITIAL_OR_LABEL = regex(r"\.\s*[A-Z]|\s*:")
_LOWER_AFTER = regex(r"\s+[a-z]")
_NEAR = 40


def _article(text: str, start: int, end: int) -> bool:
    """Whether the capital at ``text[start:end]`` is the word "A" opening a phrase or "I"."""
    word = text[start:end]
    if word == "I":
        return True
    before = text[max(0, start - _NEAR) : start].rstrip()
    return (
        word == "A"
        and (not before or not before[-1].isalnum())
        and _WORD_AFTER.match(text, end) is not None
    )


def _grades(text: str) -> Iterator[str]:
    for m in _GRADE.finditer(text):
        sign = (m[2] or "").replace("\u2212", "-")
        if len(m[1]) > 1 and not sign:
            continue  # "EPC", "NHS": a name's
        if not sign and _INITIAL_OR_LABEL.match(text, m.end()):
            continue  # an initial ("J. Smith", "U.S.") or a label ("Q: ...", "A: ...")
        if not _article(text, m.start(), m.end()):
            yield m[1] + sign


# A word a code is joined to that says what is done with it, not part of it: "FAT32-formatted",
# "ISO9001-certified", "USB3-only" (a lowercase word of three letters or more).
_MODIFIER = regex(r"-[a-z]{3,}(?:-[a-z]+)*$")


# An age group written as one word: "Under-18s", "Over-65s", "U-21".
_AGE_GROUP = regex(r"(?i)(?:under|over|u)-\d{1,2}s?")


def _codes(text: str) -> Iterator[str]:
    for m in _COMPOUND.finditer(text):
        code = _MODIFIER.sub("", m[0])
        parts = code.split("-")
        if not any(c.isupper() for c in code) or _PERIOD.fullmatch(code):
            continue
        if _PERIOD.fullmatch(parts[0]) and all(_PERIOD.fullmatch(p) or p.isdigit() for p in parts):
            continue  # a range of periods, "FY2020-FY2024", "Q1-Q3": the numbers' reading
        digits = any(c.isdigit() for c in code)
        if not digits and not any(len(p) == 1 and p.isupper() for p in parts[1:]):
            continue
        if _UNIT.fullmatch(code) or (_SCALE.fullmatch(code) and _scale_at(text, m)):
            continue
        if digits and not any(c.isalpha() for c in code):
            continue
        if _AGE_GROUP.fullmatch(code):
            continue  # "Under-18s", "Over-65s": people under 18, over 65 (the numbers' reading)
        yield code


def _scale_at(text: str, m: re.Match[str]) -> bool:
    """Whether ``m`` is an amount with its scale ("$5M", "5M users"), not a code ("seat 14B")."""
    return text[m.start() - 1 : m.start()] in ("$", "\u00a3", "\u20ac") or bool(
        _LOWER_AFTER.match(text, m.end())
    )


# A reference to a source in brackets: "[KB-1042]", "[Doc A]".
_CITATION = regex(r"\[[^\]\n]{1,40}\]")


def _blanked(text: str) -> str:
    """``text`` with its dates (read by :func:`read_dates`) and citations blanked."""
    spans = [(d.start, d.end) for d in _dates(text)]
    spans += [m.span() for m in _CITATION.finditer(text)]
    if not spans:
        return text
    parts, at = [], 0
    for start, end in sorted(spans):
        start = max(start, at)
        parts += [text[at:start], " " * max(0, end - start)]
        at = max(at, end)
    return "".join([*parts, text[at:]])


@functools.lru_cache(maxsize=64)
def _passage_codes(
    passages: tuple[str, ...],
) -> tuple[frozenset[str], frozenset[str], Mapping[str, frozenset[str]]]:
    """The grades the passages write, every run of up to four parts of their words joined
    ("BA 117" as "ba117"), and each label's numbers."""
    grades: set[str] = set()
    runs: set[str] = set()
    labels: dict[str, set[str]] = {}
    for raw in passages:
        text = _normal(raw)
        for m in _PASSAGE_GRADE.finditer(text):
            if not _article(text, m.start(1), m.end(1)):
                grades.add(m[1] + m[2].replace("\u2212", "-"))
        pieces = list(_PIECES.finditer(text))
        for i, piece in enumerate(pieces):
            run = _compact(piece[0])
            runs.add(run)
            after = pieces[i + 1][0] if i + 1 < len(pieces) else ""
            if run.isalpha() and piece[0][0].isupper() and after[:1].isdigit():
                runs.add(run[0] + _compact(after))  # "Terminal 5" written "T5"
            for j in range(i + 1, min(i + 4, len(pieces))):
                gap = text[pieces[j - 1].end() : pieces[j].start()]
                if gap not in (" ", "-", "/", "- ", " - "):
                    break
                run += _compact(pieces[j][0])
                runs.add(run)
        for m in _LABEL.finditer(text):
            labels.setdefault(m[1].casefold(), set()).add(_number(m[2]))
        for m in _LISTED.finditer(text):
            said = labels.setdefault(_PLURAL[m[1].casefold()], set())
            said.update(_number(v) for v in _LISTED_VALUE.findall(m[2]))
        for label, value in _table_labels(text):
            labels.setdefault(label, set()).add(_number(value))
    return frozenset(grades), frozenset(runs), {k: frozenset(v) for k, v in labels.items()}


def is_labelled(code: str) -> bool:
    """Whether ``code`` is a label and its value, "Unit 3", "Band C", as a whole."""
    return _LABEL.fullmatch(code) is not None


def _table_labels(text: str) -> Iterator[tuple[str, str]]:
    """Each label and value a Markdown table gives in a column it heads: "| Band |", "| C |"."""
    if "|" not in text:
        return
    column: dict[int, str] = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if "|" in line else []
        if not cells:
            column = {}
        elif all(set(c) <= set("-: ") for c in cells):
            continue  # the header's rule
        elif not column:
            column = {
                i: _PLURAL.get(c.casefold(), c.casefold())
                for i, c in enumerate(cells)
                if c.casefold() in LABEL_WORDS or c.casefold() in _PLURAL
            } or {-1: ""}  # a header with no label: its rows are read as no label's
        else:
            for i, label in column.items():
                if 0 <= i < len(cells) and re.fullmatch(_VALUE, cells[i]):
                    yield label, cells[i]


def aliases_stated(claim: str, passages: Sequence[str]) -> frozenset[str]:
    """The words of ``claim`` that write a code in another standard form the passages state:
    "Type-C" in "USB Type-C" for a passage's "USB-C", "III" in "Band III" for "band 3"."""
    found = list(_USB.finditer(claim))
    romans = [m for m in _LABEL.finditer(claim) if re.fullmatch("[IVX]+", m[2])]
    if not found and not romans:
        return frozenset()
    _, runs, labels = _passage_codes(tuple(passages))
    words = {
        word
        for m in found
        if _compact(m[1] + m[2]) in runs
        for word in re.findall(r"[A-Za-z][\w-]*", claim[m.end(1) : m.end()])
    }
    words.update(m[2] for m in romans if _number(m[2]) in labels.get(m[1].casefold(), ()))
    return frozenset(words)


@functools.lru_cache(maxsize=64)
def _passage_terms(passages: tuple[str, ...]) -> frozenset[str]:
    return frozenset().union(*(content_terms(p) for p in passages))


# What a grade, a code or a label's value needs (a capital alone or with a sign, a capital next
# to a digit, a label word, a blood group or USB type in words): most claims have none.
_MAY_HOLD_CODE = regex(
    r"(?<![\w'\u2019])[A-Z]{1,3}(?:[+*\u2212-]|(?![\w'\u2019]))|\d[A-Z]|[A-Z]\d|-[A-Z](?![a-z])"
    r"|(?i:\b(?:usb|pos|neg|tier|level|band|grade|class|group|zone|coach|platform|gate|clinic"
    r"|stage|phase|category|division|league|terminal|floor|ward|bay|block|unit|euro)\b)"
)


def unstated_codes(claim: str, sentence: str, passages: Sequence[str]) -> list[str]:
    """The codes of ``claim`` that its answer ``sentence`` writes and no passage states in any
    standard form (module docstring)."""
    if not _MAY_HOLD_CODE.search(claim) or in_capitals(sentence):
        return []
    text, said_in = _blanked(_normal(claim)), _blanked(_normal(sentence))
    grades = [g for g in _grades(text) if claim == sentence or g in set(_grades(said_in))]
    written = frozenset(map(_compact, _codes(said_in)))
    codes = [c for c in _codes(text) if claim == sentence or _compact(c) in written]
    labelled = [(m[0], m[1].casefold(), _number(m[2])) for m in _LABEL.finditer(text)]
    if not grades and not codes and not labelled:
        return []
    stated_grades, runs, labels = _passage_codes(tuple(passages))
    # A code whose letters or numbers a passage does not state at all is the names' and
    # numbers' readings' to report; here, one whose parts are all stated apart.
    terms = _passage_terms(tuple(passages))
    missing = [g for g in grades if g not in stated_grades and content_terms(g) <= terms]
    missing += [
        c
        for c in codes
        if _compact(c) not in runs
        and content_terms(c) <= terms
        and not (c[-1:] == "s" and c[-2:-1].isdigit() and _compact(c[:-1]) in runs)  # "M605s"
    ]
    # A label's value in Roman ("Level II") is no term the passages state apart.
    missing += [w for w, label, n in labelled if label in labels and n not in labels[label]]
    return list(dict.fromkeys(missing))


# The number of a part of a text, which labels the part and counts nothing: a section's ("SEC.
# 2.", "Section 62(a)(2)(D)", "paragraph (3)(C)", "\u00a7 5"), a list item's "(1)", a citation's
# "636(m)". Statutes and contracts number every part, so a claim's "within one year" would be
# stated by "SECTION 1." and its "three years" by "(3)(C)".
_ITEM = r"\((?:\d{1,3}|[A-Za-z]{1,4})\)"  # "(3)", "(C)", "(iv)"
_PART = regex(
    r"(?:(?:\b(?:SECTION|SEC\.|(?i:section|sec\.|subsection|paragraph|subparagraph|clause))"
    rf"|\u00a7+)[^\S\n]*\d+|\b\d+(?={_ITEM}))(?:{_ITEM})*|(?<![\w)])(?:{_ITEM})+"
)


def labelled_only(claim: str, passages: Sequence[str]) -> list[str]:
    """The numbers ``claim`` states, other than as a part's number itself ("Section 2"), that
    the passages write only as the number of a part ("SEC. 2.", "(3)(C)"): no amount they
    state."""
    labels = _labelled_only(tuple(passages))
    if not labels:
        return []
    return sorted(t for t in content_terms(_PART.sub(" ", claim)) if t in labels)


# A bracketed number right after a name is the person's age or a count, no part's number:
# "Tom Reilly (32) passed his grading", "Leeds City AC (58)".
_AFTER_NAME = regex(
    r"\b(?!(?:Section|Subsection|Paragraph|Clause|Article|Part|Item|Rule|Schedule|Chapter"
    r"|Regulation|Annex|Appendix|Step|Note)\b)[A-Z][\w'-]*[^\S\n]$"
)


# And one after any word that ends its phrase: a score or a count given in passing, "a pork and
# leek sausage (46), which also won", where a list item's "(1)" opens what follows it.
_AFTER_WORD = regex("(?i)" + _AFTER_NAME.pattern)
_ENDS_PHRASE = regex(r"[^\S\n]*(?:[,.;:!?]|$)")


def _a_value(passage: str, m: re.Match[str]) -> bool:
    """Whether the bracketed number ``m`` is a value written in passing, not a part's label."""
    before = max(0, m.start() - 40)
    if _AFTER_NAME.search(passage, before, m.start()):
        return True
    return bool(
        m[0].count("(") == 1
        and _AFTER_WORD.search(passage, before, m.start())
        and _ENDS_PHRASE.match(passage, m.end())
    )


# A figure in brackets, "won by Corve Street Butchers (43).": the reading of a text blanks it
# as the number of a source an answer cites (readings._NUMBERED_SOURCE), but a passage cites
# none, and states it (where it is no part's number: :func:`_a_value`).
_BRACKETED = regex(r"\((\d{1,3})\)")


def bracketed(term: str, passages: Sequence[str]) -> bool:
    """Whether a passage writes the number ``term`` alone in brackets, as a value."""
    return any(
        m[1] == term and _a_value(p, m)
        for p in passages
        if "(" in p
        for m in _BRACKETED.finditer(p)
    )


@functools.lru_cache(maxsize=64)
def _labelled_only(passages: tuple[str, ...]) -> frozenset[str]:
    found = [
        (p, m)
        for p in passages
        for m in _PART.finditer(p)
        if not (m[0].startswith("(") and _a_value(p, m))
    ]
    parts = " ".join(m[0] for _, m in found)
    if not any(c.isdigit() for c in parts):
        return frozenset()
    labelled = [p for p, _ in found]
    amounts = frozenset().union(*(content_terms(_PART.sub(" ", p)) for p in labelled))
    amounts |= frozenset().union(*(content_terms(p) for p in passages if p not in labelled))
    return frozenset(t for t in content_terms(parts) if t[0].isdigit() and t not in amounts)
