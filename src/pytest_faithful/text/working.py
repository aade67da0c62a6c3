"""A figure an answer works out in steps, each from figures it has already: "After the $150
excess, $1,000 remains, and the insurer pays 80% of that, so you'd get $800" for a $1,150 bill
the question gives; "£5,000 in total: 10,000 miles at 45p (£4,500) plus 2,000 miles at 25p
(£500)" for 12,000 miles.

:mod:`~pytest_faithful.text.own_operands` reads one step, from two figures the claim writes
that a passage states. A strong judge's answer chains them, and takes some operands from the
question ("my bill is $1,150"). :func:`worked_in_steps` reads the claim's figures as known
when a passage or the question states them, then, for at most three rounds, each figure the
claim writes that is the sum, difference, product or quotient of two known ones, or a percent
of one (a price in pence times a count is that percent: 45p times 10,000 is £4,500), to the
places it is written. Only figures the claim writes become known, so a lie that changes an
operand or a result is still missing; dates, years, times of day and labels are no figures.
"""

from __future__ import annotations

import itertools
from decimal import Decimal

from pytest_faithful.text.amounts import all_amounts, amounts
from pytest_faithful.text.kinds import number_kinds
from pytest_faithful.text.own_operands import NO_OPERAND, label_terms, same_amount

_MOST_NUMBERS = 10
_ROUNDS = 3
_HUNDRED = Decimal(100)


_Figure = tuple[Decimal, frozenset[str]]
"""A figure's value and what it counts (:func:`~pytest_faithful.text.kinds.number_kinds`)."""
_PLAIN = frozenset({"plain"})
_QUESTION = "question"
"""Marks a figure the question gives: what a question's number counts is read loosely."""


def worked_in_steps(
    term: str, working: str, passages: tuple[str, ...], question: str | None = None
) -> bool:
    """Whether the figure ``term`` of ``working`` (the claim, with the answer's sentence before
    it) is worked out, in at most three steps, from figures the passages or ``question`` state
    (module docstring)."""
    written = amounts(working)
    if term not in written or len(written) > _MOST_NUMBERS:
        return False
    kinds = number_kinds(working)
    if not _a_figure(kinds.get(term, frozenset())):
        return False
    stated = frozenset().union(*(all_amounts(p) for p in passages))
    known: list[_Figure] = []
    if question:
        asked = number_kinds(question)
        for t, values in amounts(question).items():
            known.append((max(values), asked.get(t, _PLAIN) | {_QUESTION}))
    pending: dict[str, _Figure] = {}
    labels = label_terms(working)
    for other, values in written.items():
        own = kinds.get(other, frozenset()) or _PLAIN
        if own & NO_OPERAND or other in labels:
            continue  # "the Q2 budget": a label's number is no figure
        # A figure at the scale written after it ("$4bn" is 4,000,000,000 only): its term may
        # also stand for a smaller number the text writes another way ("fourth").
        figure = (max(values), own)
        if figure[0] in stated:
            known.append(figure)
        else:
            pending[other] = figure
    if term not in pending:
        return False  # a label's number, or a figure the passages state: nothing worked out
    for _ in range(_ROUNDS):
        made = [t for t, figure in pending.items() if _made(figure, known)]
        if not made:
            return False
        known.extend(pending.pop(t) for t in made)
        if term not in pending:
            return True
    return False


def _a_figure(kinds: frozenset[str]) -> bool:
    """Money, a percent or a count of something: what an answer's working produces."""
    return bool(kinds) and not kinds & NO_OPERAND and kinds != _PLAIN


def _made(figure: _Figure, known: list[_Figure]) -> bool:
    """Whether ``figure`` is the sum or difference of two ``known`` figures of its kind, the
    product of one of its kind and a count (or a percent of it, or a price in pence or cents
    times a count), or the quotient of one of its kind by a count: exactly, or rounded to its
    places when it is 10 or more."""
    value, kinds = figure
    for (a, a_kinds), (b, b_kinds) in itertools.combinations(known, 2):
        if _alike(kinds, a_kinds, b_kinds) and any(
            same_amount(value, r) for r in (a + b, abs(a - b))
        ):
            return True
        for (x, x_kinds), (y, y_kinds) in (
            ((a, a_kinds), (b, b_kinds)),
            ((b, b_kinds), (a, a_kinds)),
        ):
            if not _of_kind(kinds, x_kinds) or not _counts(y_kinds):
                continue
            results = [x * y, x * y / _HUNDRED] + ([x / y] if y else [])
            if any(same_amount(value, r) for r in results):
                return True
    return False


def _alike(kinds: frozenset[str], a: frozenset[str], b: frozenset[str]) -> bool:
    """Whether figures of ``a`` and ``b`` add up to, or differ by, one of ``kinds``: all of
    one kind, where a bare figure or the question's is of any."""
    return _of_kind(kinds, a) and _of_kind(kinds, b)


def _of_kind(kinds: frozenset[str], other: frozenset[str]) -> bool:
    return bool(kinds & other) or other <= _PLAIN | {_QUESTION} or _QUESTION in other


def _counts(kinds: frozenset[str]) -> bool:
    """A count of something, a percent or a bare figure: what multiplies or divides an amount."""
    return all(k in {"plain", "percent", _QUESTION} or k.startswith("unit:") for k in kinds)
