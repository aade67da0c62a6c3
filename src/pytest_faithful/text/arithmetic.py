"""A number an answer works out from numbers a passage states together: stated by them.

A judge that is right answers "How much more is Pro?" with "$8 more a month" from a passage's
"Basic costs $12 per month and Pro $20 per month"; "open for 8 hours" from "opens at 9 am and
closes at 5 pm"; "18% a year" from "1.5% per month"; "headcount rose 25%" from "1,200
employees in 2022; 1,500 in 2023". No passage writes 8, 18 or 25, and ``unstated-specifics``
would fail a faithful answer for the arithmetic a good answer does. :func:`derived` reads such
a number as stated when it is one of these, to the precision the claim writes it:

* the sum or the difference of two numbers of the claim number's own kind (money, a percent,
  a unit: "employees", "days"; "47 more projects" is of projects) said together: in one
  passage sentence or two in a row;
* the change from one such number to another as a percentage of where it started (for a
  claim's percent; counts without a unit too): "25%" from 1,200 and 1,500; percentage points
  ("2.7 percentage points", "2.7 pp") only as the difference of two percents;
* the hours (or minutes, or both: "6 hours and 35 minutes") between two times of day said
  together: "8 hours" from "9 am" and "5 pm";
* a rate per minute, hour, day, week, month, quarter or year said per another of them, where
  the two hold a whole number of each other (x60, x24, x7, x12, x52, x365, x4): "$144 a year"
  from "$12 per month", "1.5% a month" from "18% a year", "$3,720 a year" from "monthly HOA
  fees are $310"; from the sentence most about what the claim is (full-time staff's "18 days
  of leave a year" is not the next sentence's part-time "0.75 days per month").
* a part of a whole as a percentage: "about 30% of patients" from "61 of 200 patients";
* a price times or divided by the answer's own count of what it prices, and that count: "four
  nights cost $720" from "$180 per night", "each filter costs $2" in "the 10-pack" from "$20".
* an amount times how often it is taken or charged, for a claim's rate of the same period:
  "30 mL a day" from "10 mL three times a day";
* a percent of an amount one sentence says with it: "$24.80" from "a fee of 2% ... the invoice
  total of $1,240".
* a price per unit times a quantity of that unit: "$75.60" from "420 kWh at $0.18 per kWh".
* the total, the mean or the count of every number of the kind said together, a group's total
  ("21 people" from "12 women and 9 men"), a value below a passage's upper bound said as
  within the limit (:mod:`~pytest_faithful.text.totals`).

The operands must be of the claim number's kind
(:func:`~pytest_faithful.text.kinds.number_kinds`), said together, in sentences that say at
least half of the claim's other words (about the same thing: two shipping fees do not state
the difference between two plans' prices), so that a lie that changes a figure is caught
unless it lands on such a sum by chance (measured both ways by ``benchmarks/rules.py``).
Years, times, dates and numbers without a unit are no operands of a sum: "2022 and 2023"
would excuse any 1 or 4045.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections.abc import Iterator, Mapping
from decimal import Decimal
from typing import NamedTuple

from pytest_faithful.text.amounts import amounts
from pytest_faithful.text.bounds import bound_senses
from pytest_faithful.text.kinds import number_kinds
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.products import (
    bills,
    frequencies,
    percent_changes,
    percents_of,
    shared_out,
    shares,
)
from pytest_faithful.text.ranges import (
    Range,
    at_one_scale,
    range_of,
    range_pairs,
    sum_or_difference,
    worked_out,
)
from pytest_faithful.text.rates import (
    Rate,
    at_another_period,
    closest,
    matches,
    period_words,
    rates_in,
)
from pytest_faithful.text.segment import split_sentences
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.time_spans import between_times, compares, time_spans
from pytest_faithful.text.totals import (
    Bound,
    Total,
    bounds,
    counted_total,
    inside,
    totalled,
    totals,
    within_bound,
)

# Kinds a sum or a difference is read in: a value of a thing, not a label of one (nor a side of a
# score or a place: "won 2-1" is no difference of a "3-1").
_NO_SUM = frozenset({"time", "year", "date", "decade", "plain", "24/7", "score", "ordinal"})
# ... and of a change: a count without a unit may still grow ("a population of 1,102,300 in
# 2010" to "1,234,567 in 2020": 12%), a time or a year does not.
_NO_CHANGE = _NO_SUM - {"plain"}
# Share of the claim's words (numbers aside) the sentences must say to be about what the claim
# is: a sum of two prices of shipping does not state a difference between two plans.
MIN_SHARED = 0.5
# How many sentences in a row say numbers together.
_WINDOW = 2
# A count the claim gives of what it prices ("two tickets", "a 10-pack", "30 people"): small
# whole numbers, not years.
_MOST_COUNTED = Decimal(1000)
# The most runs a word of a claim is looked up in.
_MOST_RUNS = 256
# The most operands one group offers (pairs grow as their square): a table of numbers is read
# as a table, not as the sums of all its cells.
_MOST_OPERANDS = 12
_COMPARED = regex(
    r"(?<![\d,.])(\d[\d,]*(?:\.\d+)?)\s+(?:more|fewer|less|extra|additional)\s+([^\W\d_]+)",
    re.IGNORECASE,
)
_POINTS = regex(
    r"(?<![\d,.])(\d[\d,]*(?:\.\d+)?)\s*(?:percentage[\s-]+points?\b|%\s*points?\b|pp\b)",
    re.IGNORECASE,
)
_POINT_WORDS = frozenset(content_terms("percentage points"))
_HOURS = frozenset(content_terms("hour hours hr hrs"))
# The days a time of day is said for: the claim's must be its sentence's ("open for 8 hours
# on Saturdays" is not stated by "9 am to 5 pm on weekdays").
_DAYS = frozenset(
    content_terms("monday tuesday wednesday thursday friday saturday sunday weekday weekend")
    | content_terms("mondays tuesdays wednesdays thursdays fridays saturdays sundays weekdays")
    | content_terms("weekends holiday holidays today tomorrow")
)
_ARITHMETIC = frozenset(
    content_terms("more less than total together combined altogether difference exceed")
)
_RISING = frozenset(
    content_terms("rise rose risen grow grew grown increase up gain climb jump higher more")
)
_FALLING = frozenset(
    content_terms("fall fell fallen drop decrease down decline lower less cut shrank shrink")
)
_MINUTES = frozenset(content_terms("minute minutes min mins"))
_HOURS_AND_MINUTES = regex(
    r"\b(\d{1,2})\s*(?:hours?|hrs?|h)\s*(?:and\s+)?(\d{1,2})\s*(?:minutes?|mins?|m)\b",
    re.IGNORECASE,
)


class _Said(NamedTuple):
    """What some sentences said in a row state: each kind's values; for each sentence, the
    minutes from each time of day to the next one it says (times come as "from ... to ...")
    with its words, since a time is read in its own sentence ("9 am to 5 pm on weekdays. 10
    am to 2 pm on Saturdays."); each rate's period; and their words."""

    values: Mapping[str, tuple[frozenset[Decimal], ...]]
    time_spans: tuple[tuple[tuple[int, ...], frozenset[str]], ...]
    rates: tuple[Rate, ...]
    terms: frozenset[str]
    shares: tuple[Decimal, ...]
    text: str
    frequencies: tuple[tuple[Decimal, str], ...]
    percents_of: tuple[tuple[str, Decimal], ...]
    bills: tuple[Decimal, ...]
    totals: tuple[Total, ...]
    bounds: tuple[Bound, ...]
    ranges: frozenset[tuple[frozenset[frozenset[Decimal]], bool]]


def derived(term: str, claim: str, passages: tuple[str, ...]) -> bool:
    """Whether the number ``term`` of ``claim`` is worked out from numbers the passages state
    together (module docstring)."""
    kinds = number_kinds(claim).get(term, frozenset()) | _compared(term, claim)
    # Percentage points are a difference of two percents only, never a change or a share.
    points = any(term in content_terms(m[1]) for m in _POINTS.finditer(claim))
    kinds = frozenset({"percent"}) if points else kinds
    values = amounts(claim).get(term, frozenset())
    if not values or not kinds:
        return False
    words, periods, bases = _claim_reading(claim)
    period = periods.get(term)
    ends = range_of(term, claim)  # "4-6 weeks" is worked out end by end
    # The number's own unit and period need not be there: hours are worked out from times of
    # day, a percent from two amounts, a year's price from a month's.
    own = {kind.removeprefix("unit:") for kind in kinds if kind.startswith("unit:")}
    about = words - own - (period_words(period) if period else frozenset())
    about -= _POINT_WORDS if points else frozenset()
    # "6 hours and 35 minutes" is one span of 395 minutes, read for either of its numbers.
    spans = (
        int(m[1]) * 60 + int(m[2]) for m in _HOURS_AND_MINUTES.finditer(claim) if term in m.groups()
    )
    if (total := next(spans, None)) is not None:
        values, about = frozenset({Decimal(total)}), about - _HOURS - _MINUTES
    # A count's own unit is what the passages price ("$7 per parcel" for "three parcels").
    if own and values <= _counts_beside("", claim):
        priced = words - (period_words(period) if period else frozenset())
        if any(
            _counts_a_total(term, values, claim, said)
            or counted_total(values, _others(term, claim), said.totals)
            for said in _about(priced, passages)
        ):
            return True
    if not about:
        return False
    # "A 20 kg checked bag is within the limit": below the bound of the sentence most about it.
    if (limit := inside(claim)) and term not in bound_senses(claim):
        said_bounds = tuple(b for said in _about(about - limit, passages) for b in said.bounds)
        if within_bound(values, kinds - _NO_SUM, about - limit, said_bounds):
            return True
    percent = "percent" in kinds and not points
    minutes = 1 if total is not None else _minutes_asked(kinds)
    runs = tuple(_about(about, passages))
    if clause := _clause_about(term, claim, about):  # "quieter ..., but faster: 7 minutes sooner"
        runs += tuple(said for said in _about(clause, passages) if said not in runs)
    # A rate is converted alone: from the sentence most about what the claim is, of all.
    rates = closest(about, tuple(rate for said in runs for rate in said.rates))
    if period is not None and at_another_period(values, kinds - _NO_SUM, period, rates):
        return True
    compared = minutes is not None and compares(claim)
    for said in runs:
        if minutes is not None and any(
            between_times(values, minutes, spans, compared)
            for spans, terms in said.time_spans
            if len(about & terms) >= MIN_SHARED * len(about) and about & _DAYS <= terms
        ):
            return True
        counts = _counts_beside(term, claim)
        if any(_of_kind(values, kind, period, counts, said, ends) for kind in kinds - _NO_SUM):
            return True
        if counts and shared_out(values, kinds, said.values, counts, claim):
            return True
        if totalled(values, kinds - _NO_SUM, words, said.totals):
            return True
        if percent and any(
            _change(values, operands, bases)
            for kind, operands in said.values.items()
            if kind not in {"percent"} | _NO_CHANGE
        ):
            return True
        if percent and any(matches(value, share) for value in values for share in said.shares):
            return True
    return False


# Where a claim's clauses part: "A is quieter (31 dB vs 38 dB), but B is faster: ...".
_CLAUSES = regex(r"[;:]|,?\s+but\s+|,\s+(?:while|whereas)\s+")


def _clause_about(term: str, claim: str, about: frozenset[str]) -> frozenset[str]:
    """The words ``about`` of the clause of ``claim`` that says ``term``, where the claim has
    several and that one says at least two of them: what a number is worked out about."""
    for clause in _CLAUSES.split(claim) if _CLAUSES.search(claim) else ():
        said = content_terms(clause)
        if term in said and len(words := about & said) >= 2:
            return words if words != about else frozenset()
    return frozenset()


def _of_kind(
    values: frozenset[Decimal],
    kind: str,
    period: str | None,
    counts: frozenset[Decimal],
    said: _Said,
    ends: Range | None,
) -> bool:
    """Whether one of ``values``, of ``kind``, is worked out from what ``said`` states of that
    kind: a sum or a difference (of a claim's range ``ends``, end by end: text/ranges.py), a
    price times the claim's own count, a percent of an amount, a price per unit times a
    quantity, an amount times how often per the claim's period."""
    operands = said.values.get(kind, ())
    money = kind == "money"
    return (
        (
            sum_or_difference(values, operands, said.ranges)
            if ends is None
            else worked_out(ends, operands, said.text)
        )
        or (money and _times_a_count(values, operands, counts))
        or any(k == kind and matches(v, c) for v in values for k, c in said.percents_of)
        or (money and any(matches(v, c) for v in values for c in said.bills))
        or any(
            value == amount * n
            for n, per in said.frequencies
            if per == period
            for value in values
            for stated in operands
            for amount in stated
        )
    )


@functools.lru_cache(maxsize=256)
def _claim_reading(claim: str) -> tuple[frozenset[str], Mapping[str, str], tuple[bool, bool]]:
    """Read once per claim, whichever of its numbers is asked about: its words that say what
    it is about (not its numbers, nor the words of the arithmetic: "grew", "more", "in
    total"), the period each rate of it is per, and the bases a change of it may be of."""
    said = content_terms(claim)
    words = frozenset(t for t in said if not t[0].isdigit()) - _ARITHMETIC - _RISING - _FALLING
    periods: dict[str, str] = {}
    for digits, period in rates_in(claim):
        for term in content_terms(digits):
            periods.setdefault(term, period)
    return words - {"percent"}, periods, _bases(said)


def _compared(term: str, claim: str) -> frozenset[str]:
    """The unit a difference is of, written after its comparative: "47 more projects"."""
    return frozenset(
        "unit:" + unit
        for m in _COMPARED.finditer(claim)
        if term in content_terms(m[1])
        for unit in content_terms(m[2])
    )


def _counts_beside(term: str, claim: str) -> frozenset[Decimal]:
    """The claim's other numbers that count something ("two adult tickets", "a 10-pack",
    "30 people"): what a price or a size of one is multiplied or divided by."""
    kinds = number_kinds(claim)
    return frozenset(
        value
        for other, values in amounts(claim).items()
        if other != term
        and all(kind == "plain" or kind.startswith("unit:") for kind in kinds.get(other, ()))
        for value in values
        if 1 < value <= _MOST_COUNTED and value == value.to_integral_value()
    )


def _times_a_count(
    values: frozenset[Decimal],
    operands: tuple[frozenset[Decimal], ...],
    counts: frozenset[Decimal],
) -> bool:
    """Whether one of ``values`` is an operand times or divided by one of the claim's own
    counts ("two adult tickets cost €50" from "€25 for adults"; "each filter costs $2" in a
    "10-pack" from "$20"). Prices only: "six months" is no "three months" times "two weeks"."""
    return any(
        value in (operand * count, operand / count)
        for value in values
        for stated in operands
        for operand in stated
        for count in counts
    )


def _counts_a_total(term: str, values: frozenset[Decimal], claim: str, said: _Said) -> bool:
    """Whether ``term`` is the count a total of the claim is worked out with: "four nights"
    in "Four nights cost $720" from "$180 per night" (the count is the answer's premise,
    stated by the total it gives with the passages' price)."""
    kinds = number_kinds(claim)
    written = amounts(claim)
    return any(
        _times_a_count(totals, said.values.get(kind, ()), values)
        for other, totals in written.items()
        if other != term
        for kind in kinds.get(other, frozenset()) & {"money"}
    )


def _others(term: str, claim: str) -> Iterator[tuple[frozenset[str], frozenset[Decimal]]]:
    """The claim's other numbers: their kinds and values."""
    kinds = number_kinds(claim)
    return (
        (kinds.get(other, frozenset()), values)
        for other, values in amounts(claim).items()
        if other != term
    )


def _bases(said: frozenset[str]) -> tuple[bool, bool]:
    """Which of two amounts a percentage change may be of: (the smaller, the larger). A rise
    is a share of where it started, the smaller; a fall of the larger; either, unsaid."""
    rising, falling = bool(said & _RISING), bool(said & _FALLING)
    if rising != falling:
        return rising, falling
    return True, True


def _minutes_asked(kinds: frozenset[str]) -> int | None:
    """How many minutes one of the claim number's units is, when it counts hours or minutes."""
    units = {kind.removeprefix("unit:") for kind in kinds if kind.startswith("unit:")}
    if units & _HOURS:
        return 60
    if units & _MINUTES:
        return 1
    return None


def _change(
    values: frozenset[Decimal],
    operands: tuple[frozenset[Decimal], ...],
    bases: tuple[bool, bool],
) -> bool:
    """Whether one of ``values`` is the change between two operands as a percentage of the
    base :func:`_bases` allows ("rose 25%" from 1,200 and 1,500: a share of 1,200; "fell 20%"
    from 1,500 and 1,200: of 1,500)."""
    of_smaller, of_larger = bases
    for first, second in itertools.combinations(operands, 2):
        for a, b in at_one_scale(first, second):
            low, high = min(a, b), max(a, b)
            if low <= 0 or low == high:
                continue
            changes = ([(high - low) / low * 100] if of_smaller else []) + (
                [(high - low) / high * 100] if of_larger else []
            )
            if any(matches(value, change) for value in values for change in changes):
                return True
    return False


def shared_runs(about: frozenset[str], passages: tuple[str, ...]) -> Iterator[str]:
    """The runs of sentences in a row (the texts :func:`derived` reads numbers from together)
    that say at least :data:`MIN_SHARED` of the words ``about``: what a claim about those words
    may work out a figure or a date from."""
    return (said.text for said in _about(about, passages))


def _about(about: frozenset[str], passages: tuple[str, ...]) -> Iterator[_Said]:
    """The runs of sentences that say at least :data:`MIN_SHARED` of ``about``, found through
    the words they say: such a run says one of the ``about`` words it may leave out plus one,
    so the rarest of those are looked up, each in at most :data:`_MOST_RUNS` runs (a check's
    time stays linear in its text however many of its claims work out numbers)."""
    groups, runs_saying = _groups(passages)
    needed = MIN_SHARED * len(about)
    looked_up = len(about) - math.ceil(needed) + 1
    rarest = sorted(about, key=lambda word: len(runs_saying.get(word, ())))[:looked_up]
    found = sorted({i for word in rarest for i in runs_saying.get(word, ())[:_MOST_RUNS]})
    return (groups[i] for i in found if len(about & groups[i].terms) >= needed)


@functools.lru_cache(maxsize=64)
def _groups(
    passages: tuple[str, ...],
) -> tuple[tuple[_Said, ...], Mapping[str, tuple[int, ...]]]:
    """What each run of :data:`_WINDOW` sentences of each passage states, and the runs that
    say each word, for the passages of a check (read once: every claim of the check asks)."""
    groups = tuple(_said(run) for passage in passages for run in _runs(passage))
    saying: dict[str, list[int]] = {}
    for i, group in enumerate(groups):
        for word in group.terms:
            saying.setdefault(word, []).append(i)
    return groups, {word: tuple(runs) for word, runs in saying.items()}


def _runs(passage: str) -> Iterator[tuple[str, ...]]:
    sentences = [s.text for s in split_sentences(passage)]
    if len(sentences) <= _WINDOW:
        yield tuple(sentences)
        return
    for start in range(len(sentences) - _WINDOW + 1):
        yield tuple(sentences[start : start + _WINDOW])


def _said(sentences: tuple[str, ...]) -> _Said:
    text = " ".join(sentences)
    kinds = number_kinds(text)
    written = amounts(text)
    values: dict[str, list[frozenset[Decimal]]] = {}
    for term, term_kinds in kinds.items():
        if (stated := written.get(term)) is None:
            continue
        for kind in term_kinds - {"time"}:
            values.setdefault(kind, []).append(stated)
    rates = [
        Rate(written[term], period, kinds.get(term, frozenset()), content_terms(sentence))
        for sentence in sentences
        for digits, period in rates_in(sentence)
        for term in content_terms(digits)
        if term in written
    ]
    return _Said(
        {kind: tuple(found[:_MOST_OPERANDS]) for kind, found in values.items()},
        tuple((tuple(time_spans(sentence)), content_terms(sentence)) for sentence in sentences),
        tuple(rates),
        content_terms(text),
        tuple(shares(text)),
        text,
        tuple(frequencies(text)),
        tuple(
            share
            for sentence in sentences
            for share in percents_of(sentence, _NO_SUM, _MOST_OPERANDS)
        )
        + tuple(percent_changes(sentences, _NO_SUM, _MOST_OPERANDS)),
        tuple(bills(text, kinds, written)),
        tuple(totals(sentences, kinds, written)),
        tuple(bounds(sentences)),
        frozenset(
            (frozenset((written[low], written[high])), change)
            for low, high, change in range_pairs(text)
            if low in written and high in written
        ),
    )
