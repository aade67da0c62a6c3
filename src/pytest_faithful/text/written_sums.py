"""Sums a claim writes with operators and gets wrong: "14 + 2 x 3 = 22 coins" (14 + 6 is 20),
"£24 (2 x £6 + 3 x £3)" (£21), "10 x £22.00 = £200.00" (£220).

An answer that shows its working writes every figure of it: a lie that changes one of them
(the result, or a price it multiplies) leaves each figure one the passages state, and only the
working says it is wrong. :func:`wrong_written_sum` reads two forms, each a chain of figures
joined by ``+``, a multiplication sign, ``÷``, "plus" or "minus", or by ``-``, a minus sign,
``x`` or ``*`` between spaces ("9-5" is a range, "**Price:**" Markdown), with at most one
word after each figure (its unit: "10 litres x £2.10"):

* the chain, then ``=`` and its result: "4 x £2.40 = £9.60";
* a result, then the chain in brackets: "£108 (2 x £54)";
* a result and a few words, a colon, and the chain that ends the sentence: "€33 in total:
  €5.50 per person per night x 2 adults x 3 nights".

A figure's rate words are part of its unit: "per person per night", "a month".

Multiplication and division bind first. A result is held to the places it is written
(:func:`~pytest_faithful.text.rates.same_amount`). A chain is not read where its figures do
not add up as written: figures of two currencies, or of two units summed ("4 h + 30 min"), a
percent summed with a figure that is none, pence with pounds unless both are read ("30 x
53.20p = £15.96" is 1,596p), a result that is part of a measure in two units ("4 hours 13
minutes (52 + 48 + ...)"), or one hedged ("= about £30", "≈").
"""

from __future__ import annotations

import functools
import re
from decimal import Decimal, DivisionByZero, InvalidOperation
from typing import Final, NamedTuple

from pytest_faithful.text.patterns import regex
from pytest_faithful.text.rates import same_amount
from pytest_faithful.text.terms import content_terms

# A figure as written: a currency before it (a sign, "C$", or a code: "CHF 64"), pence or a
# percent after it.
_FIGURE: Final = (
    r"(?P<cur>\b(?-i:[A-Z]{3})\s?(?=\d)|(?:\b(?-i:[A-Z]{1,2}))?[£$€¥\u20b9]\s?)?"
    r"(?<![\w.,])(?P<num>\d{1,3}(?:,\d{3})+|\d+)(?P<dec>\.\d+)?(?![\d,.]\d)(?P<suffix>\s?%|p\b)?"
)
_TOKEN: Final = regex(
    rf"(?P<figure>{_FIGURE})"
    r"|(?P<op>[+\u00d7\u00f7]|(?<=\s)[-\u2212x*](?=\s)|\bplus\b|\bminus\b)"
    r"|(?P<word>[^\W\d_]+)"
    r"|(?P<equals>=)|(?P<open>\()|(?P<close>\))|(?P<approx>≈|~)"
    r"|(?P<other>[^\s])",
    re.IGNORECASE,
)
_OPS: Final = {
    "+": "+",
    "plus": "+",
    "-": "-",
    "\u2212": "-",
    "minus": "-",
    "\u00d7": "*",
    "x": "*",
    "*": "*",
    "÷": "/",
}
# What makes the figure before a bracket one item's: "£1.50 each (4 x £1.50)"; not "per",
# whose figure may be the bracket's total for one period: "£12.56 per day (40 x 31.4p)".
_EACH: Final = frozenset({"each", "apiece"})
_HEDGES: Final = frozenset(
    {"about", "around", "roughly", "nearly", "almost", "approximately", "approx", "some", "over"}
)
# Words that end a figure's unit word and start the working's next step.
_NOT_UNITS: Final = frozenset({"plus", "minus", "x", "and", "or", "so", "which", "is", "makes"})


class WrittenSum(NamedTuple):
    said: str
    """The working as the claim writes it."""
    made: Decimal
    """What its figures make."""


class _Figure(NamedTuple):
    value: Decimal
    currency: str
    suffix: str  # "%", "p" or ""
    unit: str  # the word after it, lower-cased, or ""
    start: int
    end: int


class _Token(NamedTuple):
    kind: str
    text: str
    start: int
    end: int
    figure: _Figure | None


def wrong_written_sum(claim: str) -> WrittenSum | None:
    """The first working of ``claim`` written with operators whose figures do not make the
    result it gives; None where each holds or none is read."""
    for working in _workings(claim):
        made = _made(working)
        if made is not None and not made[1]:
            return WrittenSum(claim[working.start : working.end], made[0])
    return None


class _Working(NamedTuple):
    """A chain of figures and operators and the result the claim gives it, read whole."""

    figures: list[_Figure]
    ops: list[str]
    result: _Figure
    start: int
    end: int
    equation: bool  # "a x b = c", not "c (a x b)"


def _workings(claim: str) -> tuple[_Working, ...]:
    """Each working ``claim`` writes in either form, in order (read once per claim)."""
    return _read_workings(claim) if _may_hold(claim) else ()


@functools.lru_cache(maxsize=256)
def _read_workings(claim: str) -> tuple[_Working, ...]:
    tokens = _tokens(claim)
    found = []
    for i, token in enumerate(tokens):
        if token.kind == "equals":
            working = _equation(tokens, i)
        elif token.kind == "open":
            working = _bracketed(tokens, i)
        elif token.text == ":":
            working = _after_colon(tokens, i)
        else:
            continue
        if working is not None:
            found.append(working)
    return tuple(found)


# Every form has an operator: substring tests before reading tokens (a pattern that looked
# for one after a figure would rescan a long run of figures from each of its digits).
_MARKS: Final = ("+", "\u00d7", "\u00f7", "=", " x ", " - ", " \u2212 ", " * ", "plus", "minus")
# The most figures a chain is read with: a longer run of operators is no one working, and
# each equals sign would read it again.
_MOST_FIGURES: Final = 12


def _may_hold(claim: str) -> bool:
    return any(mark in claim for mark in _MARKS) and any(c.isdigit() for c in claim)


def _tokens(claim: str) -> list[_Token]:
    found: list[_Token] = []
    for m in _TOKEN.finditer(claim):
        kind = m.lastgroup or "other"
        if kind in ("cur", "num", "dec", "suffix"):
            kind = "figure"
        figure = None
        if m["figure"] is not None:
            try:
                value = Decimal(m["num"].replace(",", "") + (m["dec"] or ""))
            except InvalidOperation:
                continue
            suffix = (m["suffix"] or "").strip().lower()
            figure = _Figure(value, (m["cur"] or "").strip(), suffix, "", m.start(), m.end())
            kind = "figure"
        found.append(_Token(kind, m[0], m.start(), m.end(), figure))
    return found


def _chain(tokens: list[_Token], start: int) -> tuple[list[_Figure], list[str], int] | None:
    """The chain of figures and operators from ``tokens[start]``: its figures (each with the
    unit word after it), its operators, and the index after it; None if it has no operator."""
    figures: list[_Figure] = []
    ops: list[str] = []
    i = start
    while i < len(tokens) and tokens[i].figure is not None:
        figure = tokens[i].figure
        assert figure is not None
        i += 1
        if (
            i < len(tokens)
            and tokens[i].kind == "word"
            and tokens[i].text.lower() not in _NOT_UNITS
        ):
            # The unit word and any rate after it: "adults", "per person per night", "a month".
            first = i
            i = _rate_end(tokens, i if tokens[i].text.lower() in _RATE_WORDS else i + 1)
            unit = " ".join(token.text.lower() for token in tokens[first:i])
            figure = figure._replace(unit=unit, end=tokens[i - 1].end)
        figures.append(figure)
        if i < len(tokens) and tokens[i].kind == "op" and i + 1 < len(tokens):
            if tokens[i + 1].figure is None:
                return None
            ops.append(_OPS[tokens[i].text.lower()])
            if len(ops) >= _MOST_FIGURES:
                return None
            i += 1
            continue
        break
    if not ops:
        return None
    return figures, ops, i


# Words that make a figure a rate of the word after them: "€5.50 per person per night", "£8 a
# month"; read as part of the figure's unit.
_RATE_WORDS: Final = frozenset({"per", "a", "an"})
_MOST_RATES: Final = 3


def _rate_end(tokens: list[_Token], i: int) -> int:
    """The index after the rate words ("per person per night") from ``tokens[i]``, if any."""
    for _ in range(_MOST_RATES):
        if (
            i + 1 < len(tokens)
            and tokens[i].kind == "word"
            and tokens[i].text.lower() in _RATE_WORDS
            and tokens[i + 1].kind == "word"
        ):
            i += 2
        else:
            break
    return i


def _rate_start(tokens: list[_Token], i: int) -> int:
    """Read backwards: the index of the last word before the rate words that end at
    ``tokens[i]`` ("night" of "per person per night"), if any; else ``i``."""
    for _ in range(_MOST_RATES):
        if (
            i >= 2
            and tokens[i].kind == "word"
            and tokens[i - 1].kind == "word"
            and tokens[i - 1].text.lower() in _RATE_WORDS
        ):
            i -= 2
        else:
            break
    return i


def _chain_start(tokens: list[_Token], end: int) -> int | None:
    """Where the chain that ends just before ``tokens[end]`` starts, read backwards; None if
    no figure stands there."""
    i, start = end - 1, None
    for _ in range(_MOST_FIGURES):
        i = _rate_start(tokens, i)
        if i >= 1 and tokens[i].kind == "word" and tokens[i - 1].figure is not None:
            i -= 1  # a figure's unit word
        if i < 0 or tokens[i].figure is None:
            return start
        start = i
        if i < 2 or tokens[i - 1].kind != "op":
            return start
        i -= 2
    return None


def _equation(tokens: list[_Token], at: int) -> _Working | None:
    start = _chain_start(tokens, at)
    if start is None or (start > 0 and tokens[start - 1].kind in ("op", "equals", "approx")):
        return None
    read = _chain(tokens, start)
    if read is None or read[2] != at:
        return None
    figures, ops, _ = read
    i = at + 1
    if i < len(tokens) and tokens[i].kind == "word" and tokens[i].text.lower() in _HEDGES:
        return None
    if i >= len(tokens) or (result := tokens[i].figure) is None:
        return None
    if i + 1 < len(tokens) and tokens[i + 1].kind == "op":
        return None  # "= 2 x 3 = 6": a chain of equations, read from its last
    if _compound(tokens, i):
        return None
    return _Working(figures, ops, result, figures[0].start, result.end, equation=True)


def _bracketed(tokens: list[_Token], at: int) -> _Working | None:
    read = _chain(tokens, at + 1)
    if read is None:
        return None
    figures, ops, after = read
    if after >= len(tokens) or tokens[after].kind != "close":
        return None
    i = at - 1
    if i >= 0 and tokens[i].kind == "word":
        i -= 1  # "£140 a year (...)" is read by its figure: "year" is no unit of a sum
        if i >= 0 and tokens[i].kind == "word":
            i -= 1
        if any(t.text.lower() in _EACH for t in tokens[i + 1 : at]):
            return None  # "£1.50 each (4 x £1.50)": one item's price, not the bracket's total
    if i < 0 or (result := tokens[i].figure) is None:
        return None
    if i + 1 < len(tokens) and tokens[i + 1].text == "s" and tokens[i + 1].start == result.end:
        return None  # "three HomeBank 10s (3 x 10.2 kWh)": a name's plural, no result
    if i > 0 and (tokens[i - 1].kind in ("op", "equals", "approx") or _hedge_before(tokens, i)):
        return None
    if i > 1 and tokens[i - 1].kind == "word" and tokens[i - 2].figure is not None:
        return None  # "4 hours 13 minutes (...)": a measure in two units
    return _Working(figures, ops, result, result.start, tokens[after].end, equation=False)


# The most words between a result and the colon before its working: "€33 in total:", "£252
# for the two of you:".
_MOST_RESULT_WORDS: Final = 5
# What may end a working written after a colon: its sentence's end.
_ENDS: Final = frozenset({".", ";", "!"})


def _after_colon(tokens: list[_Token], at: int) -> _Working | None:
    """A result, a few words, a colon and the working that ends the sentence: "€33 in total:
    €5.50 per person per night x 2 adults x 3 nights.", "£1,152 a year: £8 per user per
    month x 12 users x 12 months"."""
    read = _chain(tokens, at + 1)
    if read is None:
        return None
    figures, ops, after = read
    if after < len(tokens) and tokens[after].text not in _ENDS:
        return None  # the chain goes on in words: no working of the result alone
    i = at - 1
    while i >= 0 and at - i <= _MOST_RESULT_WORDS and tokens[i].kind == "word":
        i -= 1
    if i < 0 or (result := tokens[i].figure) is None or _hedge_before(tokens, i):
        return None
    if i > 0 and tokens[i - 1].kind in ("op", "equals", "approx"):
        return None
    return _Working(figures, ops, result, result.start, tokens[after - 1].end, equation=False)


def _hedge_before(tokens: list[_Token], i: int) -> bool:
    return tokens[i - 1].kind == "word" and tokens[i - 1].text.lower() in _HEDGES


def _compound(tokens: list[_Token], i: int) -> bool:
    """Whether the figure at ``tokens[i]`` is the first part of a measure in two units ("4
    hours 13 minutes")."""
    return i + 2 < len(tokens) and tokens[i + 1].kind == "word" and tokens[i + 2].figure is not None


def _made(working: _Working) -> tuple[Decimal, bool] | None:
    """What the working's figures make and whether that is its result, to the places the
    result is written; None where its figures are not read as one kind or make nothing."""
    values = _values(working.figures, working.ops, working.result)
    if values is None:
        return None
    operands, wanted = values
    made = _evaluate(operands, working.ops)
    return None if made is None else (made, same_amount(wanted, made))


def _values(
    figures: list[_Figure], ops: list[str], result: _Figure
) -> tuple[list[Decimal], Decimal] | None:
    """The operands and the result as one kind of figure, or None where they are not."""
    every = [*figures, result]
    currencies = {f.currency for f in every if f.currency}
    if len(currencies) > 1:
        return None
    pounds = bool(currencies)
    if pounds and currencies != {"£"} and any(f.suffix == "p" for f in every):
        return None
    added = [figures[0]] + [f for f, op in zip(figures[1:], ops, strict=True) if op in "+-"]
    if len({f.unit for f in added if f.unit.split(" ", 1)[0] in _RATE_WORDS}) > 1:
        return None  # "£10 per adult + £5 per child": rates of two things add to no one sum
    if len(added) > 1:
        units = {f.unit for f in added if f.unit and not f.currency}
        percents = {f.suffix == "%" for f in added}
        if len(units) > 1 or len(percents) > 1 or percents != {result.suffix == "%"}:
            return None
    # "20% x £1,200 = £240": a percent of a figure that is none is its share.
    shares = result.suffix != "%"
    operands = [_value(f, pounds, shares) for f in figures]
    return operands, _value(result, pounds, shares)


def _value(figure: _Figure, pounds: bool, shares: bool) -> Decimal:
    if figure.suffix == "p" and pounds:
        return figure.value / 100
    if figure.suffix == "%" and shares:
        return figure.value / 100
    return figure.value


def _evaluate(operands: list[Decimal], ops: list[str]) -> Decimal | None:
    """The chain's value, multiplication and division first; None on a division by zero."""
    try:
        terms = [operands[0]]
        signs: list[str] = []
        for op, value in zip(ops, operands[1:], strict=True):
            if op == "*":
                terms[-1] *= value
            elif op == "/":
                terms[-1] /= value
            else:
                signs.append(op)
                terms.append(value)
    except (DivisionByZero, InvalidOperation):
        return None
    total = terms[0]
    for sign, value in zip(signs, terms[1:], strict=True):
        total = total + value if sign == "+" else total - value
    return total


def vouched_by_working(term: str, claim: str, texts: tuple[str, ...]) -> bool:
    """Whether ``term`` is the result, or a count, of a working ``claim`` writes with operators
    that holds, and whose other figures (an amount of money, a percent, pence, a figure with
    places) are all among the ``stated`` terms: "Five day returns would cost 5 x £6.20 =
    £31.00" states the £6.20 a passage gives, and its 5 and £31.00 are its own working. A
    count is a whole number with no currency or percent: how many the answer multiplies.
    ``texts`` (the passages and the question) are read only for a working that holds."""
    return term in _vouched(claim, texts)


# Asked for each figure a claim's specifics miss: read once per claim.
@functools.lru_cache(maxsize=256)
def _vouched(claim: str, texts: tuple[str, ...]) -> frozenset[str]:
    found: set[str] = set()
    for working in _workings(claim):
        made = _made(working)
        if made is None or not made[1]:
            continue  # it does not hold, or was not read
        others = [f for f in working.figures if not _count(f)]
        if others and all(any(_term_of(f) in content_terms(t) for t in texts) for f in others):
            found.add(_term_of(working.result))
            found.update(_term_of(f) for f in working.figures if _count(f))
    return frozenset(found)


def worked_results(claim: str) -> frozenset[str]:
    """The terms of the results of the workings ``claim`` writes as equations that hold: "2 x
    CHF 64 = CHF 128" gives "128", a figure of the answer's own making."""
    return frozenset(
        _term_of(working.result)
        for working in _workings(claim)
        if working.equation and (made := _made(working)) is not None and made[1]
    )


def _count(figure: _Figure) -> bool:
    return not figure.currency and not figure.suffix and figure.value == figure.value.to_integral()


def _term_of(figure: _Figure) -> str:
    """The figure's content term: "£13.50" is "13.5", "1,288" is "1288"."""
    return format(figure.value.normalize(), "f")
