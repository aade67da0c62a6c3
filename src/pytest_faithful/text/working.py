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

These readings go beyond one operation on two known figures:

* a period the working names in words, counted in a smaller unit: "12 months" where it says
  "the first year", "7 days" for "a week". A year has twelve months whatever the passages say,
  so the count is the answer's, not a fact it adds; and such a count is an operand the working
  need not write ("40 USD a month, or 480 USD for the year");
* a percent taken off ("20% off, so a 50 USD plan costs 40 USD") and a count that is the ratio
  of two figures of one kind ("at 10% a year, six years to reach the 60% maximum");
* a total of a figure and a product whose value is never written, where the working says it
  adds or takes away ("plus", "in total", "less"): "£379.88 in total: the £20 joining fee plus
  12 monthly payments of £29.99".
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable, Mapping
from decimal import Decimal

from pytest_faithful.text.amounts import all_amounts, amounts, hedged_to
from pytest_faithful.text.arithmetic import derived
from pytest_faithful.text.kinds import number_kinds
from pytest_faithful.text.listed_sums import listed_total
from pytest_faithful.text.own_operands import NO_OPERAND, label_terms, of_things
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.rates import same_amount
from pytest_faithful.text.terms import content_terms

_MOST_NUMBERS = 10
_ROUNDS = 3
_HUNDRED = Decimal(100)


_Figure = tuple[Decimal, frozenset[str]]
"""A figure's value and what it counts (:func:`~pytest_faithful.text.kinds.number_kinds`)."""
_PLAIN = frozenset({"plain"})
_MONEY = frozenset({"money"})
_QUESTION = "question"
"""Marks a figure the question gives: what a question's number counts is read loosely."""

# A period named by a word, not a number ("the first year", "a week", "annual"), and the counts
# of smaller units it holds. Only whole, fixed sizes: a month is no fixed count of days or weeks.
_NAMED_PERIOD = regex(
    r"\b(?:(?:a|an|one|the|per|each|every|first|next|last|this|that)\s+"
    r"(?P<period>year|week|fortnight|day|hour|quarter)|(?P<annual>annual(?:ly)?|yearly))\b",
    re.IGNORECASE,
)
_HELD: dict[str, tuple[tuple[str, int], ...]] = {
    "year": (("unit:month", 12), ("unit:week", 52), ("unit:day", 365)),
    "quarter": (("unit:month", 3),),
    "fortnight": (("unit:week", 2), ("unit:day", 14)),
    "week": (("unit:day", 7),),
    "day": (("unit:hour", 24),),
    "hour": (("unit:minut", 60),),
}
_HELD_UNITS = frozenset(unit for held in _HELD.values() for unit, _ in held)
# "both" counts two: an operand of a product only (its kind is a count of no unit of the
# passages'), never of a sum ("$47" is no "$45" and both).
_BOTH = regex(r"(?i)\bboth\b")
# ... and only beside a price per item: "£24, both payable by 31 March" doubles nothing.
_PER_ITEM = regex(r"(?i)\d[^\s,;]*\s+(?:per|each|apiece)\b")
_BOTH_COUNT = frozenset({"unit:both"})
# A price each way and a round trip: two ways ("£35 each way, £70 for the round trip").
_EACH_WAY = regex(r"(?i)\beach\s+way\b")
_ROUND_TRIP = regex(r"(?i)\b(?:round|return)[\s-]+trip|\bboth\s+ways\b|\bthere\s+and\s+back\b")
# A share said in words, a count the working divides by: "half of your £25 fee is £12.50",
# "a third of the £90 bill".
_SHARE = regex(r"(?i)\b(?:(half)|(?:a|one)\s+(third|quarter|fifth))\s+of\b")
_SHARE_COUNTS = {"half": 2, "third": 3, "quarter": 4, "fifth": 5}
_SHARE_COUNT = frozenset({"unit:share"})
# Words that take the rest of a whole: a percent 100 less another ("40% of its range is
# protected, which leaves 60% outside it", "the remaining 35%").
_REST = regex(r"(?i)\b(?:leav(?:e|es|ing)|left|remain(?:s|ing|der)?|rest|other|outside)\b")
_PERCENT = frozenset({"percent"})
# Words by which a working adds or takes away: only there is a total of a product read whose
# value the working never writes (each unwritten step makes a chance match likelier).
_ADDS = regex(
    r"\b(?:plus|in\s+total|total|altogether|together|including|on\s+top(?:\s+of)?|less|minus"
    r"|after|deducting)\b|\+",
    re.IGNORECASE,
)


def worked_in_steps(
    term: str, working: str, passages: tuple[str, ...], question: str | None = None
) -> bool:
    """Whether the figure ``term`` of ``working`` (the claim, with the answer's sentence before
    it) is worked out, in at most three steps, from figures the passages or ``question`` state
    (module docstring)."""
    written = amounts(working)
    if term not in written or len(written) > _MOST_NUMBERS:
        return False
    kinds = _with_elided_units(number_kinds(working))
    pence = _in_pence(working)
    if term in pence and _pence_between(term, written, kinds, passages):
        return True  # "80p cheaper (£3.40 vs £4.20)"
    if not _a_figure(kinds.get(term, frozenset())) and term not in pence:
        return False
    stated = _stated_kinds(passages)
    known: list[_Figure] = []
    if question:
        asked = number_kinds(question)
        for t, values in amounts(question).items():
            known.append((max(values), asked.get(t, _PLAIN) | {_QUESTION}))
    pending: dict[str, _Figure] = {}
    twins: set[frozenset[int]] = set()  # one figure known in two forms: never its own operand
    # Whether the working writes pounds too ("£2.50: £2.00 ... plus 50p").
    in_pounds_too = any("money" in kinds.get(t, frozenset()) for t in written if t not in pence)
    labels = label_terms(working)
    for other, values in written.items():
        own = kinds.get(other, frozenset()) or _PLAIN
        if own & NO_OPERAND or other in labels:
            continue  # "the Q2 budget": a label's number is no figure
        # A figure at the scale written after it ("$4bn" is 4,000,000,000 only): its term may
        # also stand for a smaller number the text writes another way ("fourth").
        figure = (max(values), own)
        # "50p" is also £0.50 to a working in pounds ("£2.50: £2.00 ... plus 50p"), and a rate
        # as written ("25p for every £1").
        in_pounds = (figure[0] / _HUNDRED, _MONEY) if other in pence else None
        if _stated_as(figure, stated):
            known.append(figure)
            if in_pounds:
                known.append(in_pounds)
                if own <= _PLAIN:  # not also a count ("10 pages at 10p each" writes two tens)
                    twins.add(frozenset((len(known) - 2, len(known) - 1)))
        else:
            # A figure to work out in pence is read in pounds only in a working of pence: "5p a
            # mile" beside "£500" and "10,000 miles" is no quotient of theirs.
            pending[other] = in_pounds if in_pounds and not in_pounds_too else figure
    named = {
        "year" if m["annual"] else m["period"].lower() for m in _NAMED_PERIOD.finditer(working)
    }
    known.extend((Decimal(count), frozenset({unit})) for p in named for unit, count in _HELD[p])
    if _BOTH.search(working) and _PER_ITEM.search(working):
        known.append((Decimal(2), _BOTH_COUNT))  # "both brakes would be $90, at $45 per brake"
    if "way" in working and _EACH_WAY.search(working) and _ROUND_TRIP.search(working):
        known.append((Decimal(2), _BOTH_COUNT))
    for m in _SHARE.finditer(working) if " of " in working else ():
        known.append((Decimal(_SHARE_COUNTS[(m[1] or m[2]).casefold()]), _SHARE_COUNT))
    if "percent" in kinds.get(term, frozenset()) and _REST.search(working):
        known.append((_HUNDRED, _PERCENT))  # "40% of its range is protected, leaving 60%"
    for other, figure in list(pending.items()):
        if _period_count(figure, working):
            known.append(pending.pop(other))
            if other == term:
                return True
        elif other != term and (
            derived(other, working, passages) or listed_total(other, working, passages, question)
        ):
            # "£33 a week more than a standard room" from a passage's £185 and £152: worked out
            # before, so an operand of the next step ("£1,386 over the 42-week contract").
            known.append(pending.pop(other))
    if term not in pending:
        return False  # a label's number, or a figure the passages state: nothing worked out
    adds = _ADDS.search(working) is not None
    for _ in range(_ROUNDS):
        made = [
            t
            for t, figure in pending.items()
            if _made(
                figure,
                known,
                adds=adds,
                rate_of=_rate_period(figure, working),
                twins=frozenset(twins),
                rounded=functools.partial(hedged_to, t, working),
            )
        ]
        known.extend(pending.pop(t) for t in made)
        if term not in pending:
            return True
        if term in pence and in_pounds_too and _pence_of_pounds(pending[term], known):
            return True  # "£8.40 (2 x £4.20) ... a return is £7.50, so it saves you 90p"
        if not made:
            return False
    return False


def _pence_of_pounds(figure: _Figure, known: list[_Figure]) -> bool:
    """Whether ``figure``, a sum in pence, is the sum or difference of two sums of money in
    pounds the working knows. Only that: a sum in pence beside pounds is also a rate ("5p a
    mile" beside "£500"), no product or quotient of theirs."""
    return _added_or_taken(figure[0] / _HUNDRED, [a for a, kinds in known if "money" in kinds])


def _added_or_taken(value: Decimal, money: list[Decimal]) -> bool:
    """Whether ``value`` is the sum or the difference of two of the sums of ``money``."""
    return any(
        same_amount(value, r)
        for a, b in itertools.combinations(money[:_MOST_NUMBERS], 2)
        for r in (a + b, abs(a - b))
    )


# What a word after a figure may be that counts nothing of its own: a scale, a word that sets it
# against another figure, or one that says what it is for ("15 million less", "nine short of
# the 151 needed"). Such a figure counts what the figure before it counts.
_ELIDING = frozenset(
    {"thousand", "million", "billion", "trillion", "less", "fewer", "short", "extra", "higher"}
    | {"lower", "behind", "ahead", "need", "requir", "remain", "left"}
)


def _with_elided_units(kinds: Mapping[str, frozenset[str]]) -> Mapping[str, frozenset[str]]:
    """``kinds`` (in the order the working writes its figures) with each figure whose unit is a
    word of :data:`_ELIDING` given the kinds of the figure before it: "25 million pounds, 15
    million less than the 40 million" counts pounds three times."""
    if not any(k[5:] in _ELIDING for found in kinds.values() for k in found):
        return kinds
    read: dict[str, frozenset[str]] = {}
    last: frozenset[str] | None = None
    for term, found in kinds.items():
        units = {k[5:] for k in found if k.startswith("unit:")}
        if units and units <= _ELIDING and found <= {f"unit:{u}" for u in units}:
            read[term] = found if last is None else last
        else:
            read[term] = found
            if _a_figure(found):
                last = found
    return read


# A rate per period: "10% per claim-free year", "£50 a month", "each week".
_RATE = regex(r"(?i)\b(?:per|a|an|each|every)\s+(?:[\w-]+\s+)?(year|month|week|day)\b")


def _rate_period(figure: _Figure, working: str) -> bool:
    """Whether ``figure`` counts a period the working states a rate per: the six years of
    "at 10% per claim-free year, six years to reach 60%"; not the hours of a dose's "every 2
    to 4 hours" beside "200-400 mg"."""
    counted = any(k.startswith("unit:") for k in figure[1])  # "six claim-free years"
    return counted and _RATE.search(working) is not None


def _stated_kinds(passages: tuple[str, ...]) -> dict[Decimal, set[str]]:
    """Each value the passages write -> what it counts there (``plain`` where a value is
    written at another scale or in words, :func:`~pytest_faithful.text.amounts.all_amounts`)."""
    found: dict[Decimal, set[str]] = {}
    for passage in passages:
        kinds, written = _with_elided_units(number_kinds(passage)), amounts(passage)
        for value in all_amounts(passage):
            found.setdefault(value, set())
        for term, values in written.items():
            for value in values:
                found.setdefault(value, set()).update(kinds.get(term, _PLAIN))
    return found


# A sum written in pence or cents: "80p", "45 pence", "99 cents" (not "10 p.m.").
_PENCE = regex(r"(?i)(?<![\w.,])(\d+(?:\.\d+)?)[^\S\n]?(?:p(?!\w|\.\w)|pence\b|cents?\b)")


def _pence_between(
    term: str,
    written: Mapping[str, frozenset[Decimal]],
    kinds: Mapping[str, frozenset[str]],
    passages: tuple[str, ...],
) -> bool:
    """Whether the sum ``term`` written in pence is the difference or the sum of two sums of
    money the working writes, each a passage states: "80p cheaper (£3.40 vs £4.20)". Only
    that: a sum in pence is also a rate ("25p for every £1"), which the steps read as a
    percent."""
    stated = frozenset().union(*(all_amounts(p) for p in passages))
    money = [
        max(values)
        for other, values in written.items()
        if other != term and "money" in kinds.get(other, frozenset()) and values & stated
    ]
    return _added_or_taken(max(written[term]) / _HUNDRED, money)


def _in_pence(text: str) -> frozenset[str]:
    """The terms of ``text``'s figures written in pence or cents."""
    if "p" not in text and "cent" not in text:
        return frozenset()
    return frozenset(t for m in _PENCE.finditer(text) for t in content_terms(m[1]))


def _stated_as(figure: _Figure, stated: dict[Decimal, set[str]]) -> bool:
    """Whether a passage states ``figure``'s value as a figure of its kind: a "30%" is no
    operand that only "within 30 days" states. A bare figure either side, or a value the
    passage writes only in another form, is of any kind; a count of things is one the passage
    counts under another noun ("38 people" for its "38 entrants"), not a measure's units."""
    value, kinds = figure
    if value not in stated:
        return False
    there = stated[value]
    return (
        not there
        or bool(there & kinds)
        or there <= _PLAIN
        or kinds <= _PLAIN
        or (of_things(kinds) and any(of_things(frozenset((kind,))) for kind in there))
    )


def _a_figure(kinds: frozenset[str]) -> bool:
    """Money, a percent or a count of something: what an answer's working produces."""
    return bool(kinds) and not kinds & NO_OPERAND and kinds != _PLAIN


def _period_count(figure: _Figure, working: str) -> bool:
    value, kinds = figure
    if not kinds & _HELD_UNITS:
        return False
    for m in _NAMED_PERIOD.finditer(working):
        period = "year" if m["annual"] else m["period"].lower()
        if any(unit in kinds and value == count for unit, count in _HELD[period]):
            return True
    return False


def _made(
    figure: _Figure,
    known: list[_Figure],
    *,
    adds: bool = False,
    rate_of: bool = False,
    rounded: Callable[[Decimal], bool] | None = None,
    twins: frozenset[frozenset[int]] = frozenset(),
) -> bool:
    """Whether ``figure`` is the sum or difference of two ``known`` figures of its kind, the
    product of one of its kind and a count (or a percent of it, or a price in pence or cents
    times a count), or the quotient of one of its kind by a count: exactly, or rounded to its
    places when it is 10 or more. Where the working ``adds``, also a known figure of its kind
    plus or less such a product, whose value is not written; where ``figure`` counts the period
    of a rate the working states (``rate_of``), the ratio of two known figures of one kind.
    ``rounded``: whether a result rounds to the figure as the working hedges it ("roughly 120
    calories" for 980 over 8 slices). ``twins``: pairs of ``known`` that are one figure in two
    forms ("25p" as 25 and as £0.25), never operands of one step together."""
    value, kinds = figure

    def agrees(value: Decimal, result: Decimal) -> bool:
        return same_amount(value, result) or (rounded is not None and rounded(result))

    products: list[tuple[Decimal, int, int]] = []
    for (i, (a, a_kinds)), (j, (b, b_kinds)) in itertools.combinations(enumerate(known), 2):
        if frozenset((i, j)) in twins:
            continue
        if (
            _alike(kinds, a_kinds, b_kinds) or (adds and _counts_of_things(kinds, a_kinds, b_kinds))
        ) and any(agrees(value, r) for r in (a + b, abs(a - b))):
            return True
        for (x, x_kinds, at), (y, y_kinds, count) in (
            ((a, a_kinds, i), (b, b_kinds, j)),
            ((b, b_kinds, j), (a, a_kinds, i)),
        ):
            if not _of_kind(kinds, x_kinds) or not _counts(y_kinds):
                continue
            results = [x * y, x * y / _HUNDRED] + ([x / y] if y else [])
            if "percent" in y_kinds:  # "20% off"
                results.append(x * (_HUNDRED - y) / _HUNDRED)
            if any(agrees(value, r) for r in results):
                return True
            if adds:  # a hundredth only of pence or a percent: £500 times 2,000 is no £10,000
                products.append((x * y, count, at))
                if "money" not in x_kinds:
                    products.append((x * y / _HUNDRED, count, at))
    if rate_of:  # "six years" to reach 60% at 10% a year
        for (a, a_kinds), (b, b_kinds) in itertools.permutations(known, 2):
            if b and a_kinds & b_kinds - {_QUESTION} and agrees(value, a / b):
                return True
    # The figure added may be the one multiplied: "the £15 fee plus 2 payments of £15".
    for product, count, at in products:
        for k, (c, c_kinds) in enumerate(known):
            if (
                k != count
                and not {frozenset((k, count)), frozenset((k, at))} & twins
                and _of_kind(kinds, c_kinds)
                and any(agrees(value, r) for r in (product + c, abs(product - c)))
            ):
                return True
    return False


def _alike(kinds: frozenset[str], a: frozenset[str], b: frozenset[str]) -> bool:
    """Whether figures of ``a`` and ``b`` add up to, or differ by, one of ``kinds``: all of
    one kind, where a bare figure or the question's is of any."""
    return _of_kind(kinds, a) and _of_kind(kinds, b)


def _counts_of_things(*kinds: frozenset[str]) -> bool:
    """Whether the figures all count things, each its own ("550 pedal bikes: 700 bikes in total
    minus 150 e-bikes"), the first a count and the others counts or bare: read only where the
    working adds or takes away in words."""
    first, *rest = kinds
    return _unit(first) and all(_unit(k) or k <= _PLAIN for k in rest)


def _unit(kinds: frozenset[str]) -> bool:
    return any(k.startswith("unit:") for k in kinds)


def _of_kind(kinds: frozenset[str], other: frozenset[str]) -> bool:
    return bool(kinds & other) or other <= _PLAIN | {_QUESTION} or _QUESTION in other


def _counts(kinds: frozenset[str]) -> bool:
    """A count of something, a percent or a bare figure: what multiplies or divides an amount."""
    return all(k in {"plain", "percent", _QUESTION} or k.startswith("unit:") for k in kinds)
