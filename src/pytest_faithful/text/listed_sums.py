"""A total an answer gives beside the parts it adds up: "Kenji Ito's total was 276 (70 + 68 + 71
+ 67)", "One cycle takes 19 seconds: 4 seconds in, 7 holding, and 8 out", "4 + 7 + 8 = 19".

:mod:`~pytest_faithful.text.own_operands` and :mod:`~pytest_faithful.text.working` read one
operation on two figures at a time, and only figures of one kind ("7 holding" counts no
seconds): a sum of three or more parts, listed the way a careful answer shows its working, is
read by neither, and a right total is failed as a number no passage writes. :func:`listed_total`
reads ``term`` as worked out when the figures written right after it (or right before it), in a
run with nothing but a few words between them (or, in a list, what each part is for, up to its
comma or "and"), add up to it exactly, and a passage (or the
question) states every one of them. Three parts at least; two only where the answer writes the
sum itself ("12 + 6"), since two-figure sums are the other readings' to judge, kind by kind.

A lie that changes the total no longer adds up, and one that changes a part leaves that part
unstated, so both are still caught. Times of day, years, dates, scores and ordinals are no
parts, and a run mixing money or percents with other kinds adds up to nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import NamedTuple

from pytest_faithful.text.amounts import all_amounts, amounts
from pytest_faithful.text.kinds import number_kinds
from pytest_faithful.text.own_operands import NO_OPERAND
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.words import NUMBER_WORDS

_FIGURE = regex(r"(?<![\w.,])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?!\d)|(?<![\w.,])\d+(?:\.\d+)?(?!\d)")
# A total an answer opens with in words: "Eight: 5 vegetarian, 2 vegan and 1 gluten-free".
_WORD_TOTAL = regex(
    r"(?i)^\W*(" + "|".join(w for w in NUMBER_WORDS if w != "zero") + r")\b(?=[^.!?;\n\d]{0,24}:)"
)
# What may stand between two parts of a run (a unit and a few words: "seconds in, 7 holding,
# and 8"), and between the total and its first part ("seconds: ", " ("): no sentence's end, no
# more than a few words.
_BETWEEN_PARTS = regex(r"[^.!?;\n\d]{1,30}")
# ... or, in a list, what each part is for, up to a comma or an "and": "£85 for cleaning the
# oven, £40 for the broken bathroom blind and £60". Not a longer gap that ends otherwise
# ("£5 bolt-on, with the £2.50 charge no longer applying" lists no part).
_LISTED_PARTS = regex(r"(?=[^.!?;\n\d]{31,48}$)[^.!?;\n\d]+?(?:,|\band)\s*(?:the\s+)?[£$€]?")
_BEFORE_PARTS = regex(r"[^.!?;\n\d]{0,24}")
# ... or a colon or a dash that introduces them, a few words either side: "€246 in total: the
# display assembly (€189), labour (€45) and the courier (€12)", "19,650 in total, according
# to the production table: 1,450 Model A, ...", "£345,000 — Low Water, Harrow Bay at ...".
_INTRODUCED = regex(r"[^.!?;:\n\d\u2014]{0,64}[:\u2014][^.!?;:\n\d\u2014]{0,40}")
# Parts listed first, then the words that sum them up: "£85, £15 and £20 ..., the first year
# comes to £120".
_SUMMED_UP = regex(
    r"[^.!?;\n\d]{0,32}\b(?:comes?\s+to|came\s+to|totals?|totalling|in\s+all|altogether"
    r"|adds?\s+up\s+to|makes?|that'?s|so)\b[^.!?;\n\d]{0,12}"
)
_PLUS = regex(r"[^.!?;\n\d]{0,15}(?:\+|\bplus\b)[^.!?;\n\d]{0,15}")
_TYPED = frozenset({"money", "percent"})
_MOST_PARTS = 12
_MOST_FIGURES = 16


class _Figure(NamedTuple):
    term: str
    value: Decimal
    start: int
    end: int
    kinds: frozenset[str]


def listed_total(
    term: str, working: str, passages: Sequence[str], question: str | None = None
) -> bool:
    """Whether the figure ``term`` of ``working`` is the sum of the figures listed beside it,
    each of which a passage or ``question`` states (module docstring)."""
    if len(amounts(working)) > _MOST_FIGURES:
        return False  # a table or a list of figures, not one total's working
    figures = _figures(working)
    stated: frozenset[Decimal] | None = None
    for at, total in enumerate(figures):
        if total.term != term or total.kinds & NO_OPERAND:
            continue
        for run in (_run(figures, at, working, 1), _run(figures, at, working, -1)):
            if not run:
                continue
            if stated is None:
                stated = frozenset().union(
                    *(all_amounts(text) for text in (*passages, question or ""))
                )
            if _adds_up(total, run, working, stated):
                return True
    return False


def _figures(working: str) -> list[_Figure]:
    kinds = number_kinds(working)
    found = []
    if (said := _WORD_TOTAL.match(working)) is not None:
        word = NUMBER_WORDS[said[1].casefold()]
        found.append(_Figure(word, Decimal(word), said.start(1), said.end(1), frozenset()))
    for m in _FIGURE.finditer(working):
        term = next(iter(content_terms(m[0])), "")
        value = Decimal(m[0].replace(",", ""))  # the pattern writes digits only
        found.append(_Figure(term, value, m.start(), m.end(), kinds.get(term, frozenset())))
    return found


def _run(figures: list[_Figure], at: int, working: str, step: int) -> list[_Figure]:
    """The figures in a run next to ``figures[at]``, after it (``step`` 1) or before it (-1),
    nearest first."""
    run: list[_Figure] = []
    last = figures[at]
    i = at + step
    while 0 <= i < len(figures) and len(run) < _MOST_PARTS:
        part = figures[i]
        left, right = (last, part) if step > 0 else (part, last)
        gap = working[left.end : right.start]
        if run:
            fits = (
                _BETWEEN_PARTS.fullmatch(gap) is not None
                or _LISTED_PARTS.fullmatch(gap) is not None
            )
        else:
            fits = (
                _BEFORE_PARTS.fullmatch(gap) is not None
                or (step > 0 and _INTRODUCED.fullmatch(gap) is not None)
                or (step < 0 and _SUMMED_UP.fullmatch(gap) is not None)
            )
        if not fits or part.kinds & NO_OPERAND:
            break
        run.append(part)
        last, i = part, i + step
    return run


def _adds_up(total: _Figure, run: list[_Figure], working: str, stated: frozenset[Decimal]) -> bool:
    total_typed = total.kinds & _TYPED
    sum_ = Decimal(0)
    for count, part in enumerate(run, start=1):
        if part.value not in stated or (part.kinds & _TYPED) - total_typed:
            return False
        if total_typed and not part.kinds & total_typed and part.kinds - {"plain"}:
            return False
        sum_ += part.value
        if sum_ > total.value:
            return False
        if sum_ == total.value and count >= 2:
            return count >= 3 or _written_as_sum(run[:count], working)
    return False


def _written_as_sum(parts: list[_Figure], working: str) -> bool:
    first, second = sorted(parts, key=lambda f: f.start)
    return _PLUS.fullmatch(working, first.end, second.start) is not None
