"""A margin an answer states against a figure the passage gives and the answer leaves out:
"Riverside peaked at 88 µg/m³, 27 more than San Bernardino" (the passage: "88 µg/m³ in
Riverside, compared with 61 µg/m³ in San Bernardino"); "Twelve bakers competed, two more than
earlier seasons" ("previous seasons had ten"); "3.25%, a quarter point lower than before" ("cut
its rate to 3.25% from 3.5%").

The margin is bare ("27 more"): it counts what the figure before it counts, which the other
readings of arithmetic need to know, and its second operand is in the passage only. So
:func:`stated_margin` reads ``term`` as worked out when the claim writes it right before a word
that compares ("more", "fewer", "less", "higher", "lower", "up", "down", and their like, or
"points"/"percentage points" then one of them) and a figure the claim writes before it is
one a passage sentence states together with another figure of its kind (or a bare one) that
differs from it by exactly the margin, the way the word says ("lower": the claim's figure is
the smaller one).

A lie that changes the margin, the figure it is measured from or the way round ("a quarter
point higher" for a cut) no longer differs by it, so each is still caught. Times of day,
years, dates, scores and ordinals are no operands. The figure it is measured from is one of
the few the claim writes just before the margin, read for at most four margins: a table of
comparisons is read in linear time.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from decimal import Decimal

from pytest_faithful.text.amounts import amounts
from pytest_faithful.text.kinds import number_kinds
from pytest_faithful.text.own_operands import NO_OPERAND
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.segment import split_sentences
from pytest_faithful.text.terms import content_terms

# A figure (in digits or a small number's word) then a comparing word: "27 more", "two more",
# "a quarter point lower", "0.25 percentage points lower", "£15 cheaper".
_MARGIN = regex(
    r"(?i)(?P<figure>[£$€]?\d[\d,]*(?:\.\d+)?|a\s+quarter|a\s+half|half\s+a|[a-z]+)"
    r"(?:\s+(?:percentage\s+)?points?)?\s+"
    r"(?P<way>more|fewer|less|higher|lower|greater|larger|bigger|smaller|extra|up|down|cheaper"
    r"|older|younger|longer|shorter|above|below|ahead|behind)\b"
)
# The comparing words that put the claim's figure below the other one.
_BELOW = frozenset(
    {"fewer", "less", "lower", "smaller", "down", "cheaper", "younger", "shorter", "below"}
    | {"behind"}
)
# What the margin is against: the words after its comparing word ("than San Bernardino", "of
# the Labour candidate, Sunil Patel"), to the clause's end.
_COMPARED = regex(r"[^.;:!?\n]{0,60}")
# Where a passage sentence turns from one thing's figure to another's.
_PARTS = regex(r",(?!\d)|;|\b(?:compared\s+with|against|versus|vs\.?|while|whereas)\b")
_PLAIN = frozenset({"plain"})
_NEAR = 120
_MOST_MARGINS = 4


def stated_margin(term: str, claim: str, passages: Sequence[str]) -> bool:
    """Whether ``term`` is a margin the claim states against a figure a passage sentence gives
    beside the claim's own figure before it (module docstring)."""
    written = amounts(claim)
    if term not in written:
        return False
    by_or_points, timed = _may_state(claim)
    if by_or_points and _won_by(term, claim, passages):
        return True
    if timed and _timed_margin(term, claim, passages):
        return True
    sentences: list[str] | None = None
    for values, sign, start, thing in _margins(claim)[:_MOST_MARGINS]:
        if not written[term] & values:
            continue
        if sentences is None:
            sentences = [s.text for passage in passages for s in split_sentences(passage)]
        margins = frozenset(sign * value for value in written[term])
        # The figure it is measured from is near it ("88 µg/m³ - 27 more than"), in its clause.
        for base_value, base_kinds in _figures_before(claim[max(0, start - _NEAR) : start], term):
            if any(_differs_by(s, base_value, base_kinds, margins, thing) for s in sentences):
                return True
    return False


# Read once per claim, as the readings below: a check asks about each of its figures in turn,
# and a scan of a long claim for each was quadratic.
@functools.lru_cache(maxsize=256)
def _may_state(claim: str) -> tuple[bool, bool]:
    """Whether ``claim`` may state a winning margin ("by", "points") and a timed one (":")."""
    return "by" in claim or "point" in claim, ":" in claim


# A pure reading of the claim, asked for each of its numbers.
@functools.lru_cache(maxsize=256)
def _margins(claim: str) -> tuple[tuple[frozenset[Decimal], int, int, frozenset[str]], ...]:
    """Each margin ``claim`` writes: its amounts, -1 where the comparing word puts the claim's
    figure below the other one (else 1), where it starts, and the words of what it is compared
    with ("than San Bernardino")."""
    return tuple(
        (
            frozenset().union(*amounts(m[0]).values()),
            -1 if m["way"].casefold() in _BELOW else 1,
            m.start(),
            _compared_with(claim, m.end()),
        )
        for m in _MARGIN.finditer(claim)
    )


def _compared_with(claim: str, at: int) -> frozenset[str]:
    found = _COMPARED.match(claim, at)
    said = content_terms(found[0]) if found else frozenset()
    return frozenset(t for t in said if not t[0].isdigit())


def _figures_before(before: str, term: str) -> list[tuple[Decimal, frozenset[str]]]:
    """The value and kinds of each figure ``before`` writes (not ``term``): the figure the
    margin is measured from is one of them ("Twelve bakers competed in season 3 - two more")."""
    kinds = number_kinds(before)
    return [
        (next(iter(values)), own)
        for other, values in amounts(before).items()
        if other != term
        and len(values) == 1
        and not (own := kinds.get(other, _PLAIN) or _PLAIN) & NO_OPERAND
    ]


def _differs_by(
    sentence: str,
    base: Decimal,
    base_kinds: frozenset[str],
    margins: frozenset[Decimal],
    thing: frozenset[str],
) -> bool:
    """Whether ``sentence`` states ``base`` and, for the thing compared, another figure of its
    kind that differs from it by one of ``margins``: a figure in a part of the sentence that
    names the thing ("compared with 61 µg/m³ in San Bernardino"; "Sunil Patel (Labour) 987", not
    Mark Fenwick's 1,045), or, where the claim names none ("than before"), the sentence's only
    other figure."""
    written = amounts(sentence)
    if not any(base in values for values in written.values()):
        return False
    if thing:
        parts = [part for part in _PARTS.split(sentence) if content_terms(part) & thing]
    else:
        figures = [v for values in written.values() for v in values if v != base]
        parts = [sentence] if len(figures) == 1 else []
    for part in parts:
        kinds = number_kinds(part)
        for other, values in amounts(part).items():
            own = kinds.get(other, _PLAIN) or _PLAIN
            if own & NO_OPERAND or not (own & base_kinds or own <= _PLAIN or base_kinds <= _PLAIN):
                continue
            if any(value != base and base - value in margins for value in values):
                return True
    return False


# A result's margin: "won by 8 points", "lost by two goals", "a 3-run win", "a margin of 8".
_WON_BY = regex(
    r"(?i)\b(?:won|wins?|winning|beat(?:s|en)?|lost|los(?:es|ing)|defeated|victory|defeat)\b"
    r"(?:\s+[^\W\d_]+){0,4}?\s+by\s+(?:a\s+margin\s+of\s+|just\s+|only\s+)?(?P<n>\d{1,3}|[a-z]+)\b"
    r"|\b(?P<m>\d{1,3}|[a-z]+)[- ](?:point|goal|run|shot|stroke)"
    r"\s+(?:win|victory|defeat|loss|margin)\b"
    r"|\bmargin\s+of\s+(?P<k>\d{1,3}|[a-z]+)\b"
)
_RESULT = regex(r"(?<![\d.,:])(\d{1,3})\s*[-\u2013]\s*(\d{1,3})(?![\d.,:])")


def _won_by(term: str, claim: str, passages: Sequence[str]) -> bool:
    """Whether ``term`` is a result's margin the claim states ("won by 8 points") that a score
    in a passage sentence naming what the claim names works out ("beat Kingsbridge 27-19")."""
    said = (m["n"] or m["m"] or m["k"] for m in _WON_BY.finditer(claim))
    if not any(content_terms(margin) == {term} for margin in said):  # "by four goals" too
        return False
    named = frozenset(t for t in content_terms(claim) if not t[0].isdigit())
    for passage in passages:
        for sentence in split_sentences(passage):
            if not (content_terms(sentence.text) & named):
                continue
            kinds = number_kinds(sentence.text)
            for m in _RESULT.finditer(sentence.text):
                scores = "score" in kinds.get(m[1], frozenset())
                if scores and abs(int(m[1]) - int(m[2])) == int(term):
                    return True
    return False


# A race's time: "5:41.2", "6:33.85", "24:10", "2:05:30".
_RACE_TIME = regex(r"(?<![\d:.])(?:(\d{1,2}):(?=\d\d:))?(\d{1,2}):(\d\d(?:\.\d{1,3})?)(?![\d:])")
# A gap in seconds and the way it is read: "2.7 seconds ahead", "by 1.2 seconds".
_TIME_MARGIN = regex(
    r"(?i)(?P<n>\d+(?:\.\d+)?)\s*(?:seconds?|secs?)\s+(?P<way>ahead|behind|faster|slower|quicker|clear|back)\b"
    r"|\bby\s+(?P<by>\d+(?:\.\d+)?)\s*(?:seconds?|secs?)\b"
)
_AHEAD = frozenset({"ahead", "faster", "quicker", "clear"})
# What sets a time against the next: "12:48 against last year's 13:10", "14:05 beat ... 14:19".
_SET_AGAINST = regex(r"(?i)\b(?:against|versus|vs|compared|than|beat|beating|broke)\b")


def _race_times(text: str) -> list[tuple[Decimal, int]]:
    """Each race time of ``text`` in seconds, and where it ends: "24:10" as minutes and
    seconds too, read only beside a gap the claim gives in seconds."""
    return [
        (Decimal(m[1] or 0) * 3600 + Decimal(m[2]) * 60 + Decimal(m[3]), m.end())
        for m in _RACE_TIME.finditer(text)
    ]


def _timed_margin(term: str, claim: str, passages: Sequence[str]) -> bool:
    """Whether ``term`` is a gap in seconds the claim states after one of its race times ("in
    5:41.2, finishing 2.7 seconds ahead") from another time a passage gives with it ("5:43.9"),
    the way its word says, to the precision the claim writes it."""
    for m in _TIME_MARGIN.finditer(claim):
        gap = m["n"] or m["by"]
        if gap != term:
            continue
        written = _race_times(claim)
        near_before = [(t, end) for t, end in written if m.start() - _NEAR <= end <= m.start()]
        # "By 26 seconds: he rode 49:51, against the record of 50:17": the times after it.
        near_after = [(t, end) for t, end in written if m.end() < end <= m.end() + _NEAR]
        if not near_before and not near_after:
            continue
        base, value = (near_before[-1] if near_before else near_after[0])[0], Decimal(gap)
        way = (m["way"] or "").casefold()
        slack = Decimal(5) / 10 ** (len(gap.partition(".")[2]) + 1)
        both_before = len(near_before) > 1
        pair = near_before[-2:] if both_before else (near_before + near_after)[:2]
        if len(pair) == 2:
            subject, other = _subject_first(claim, pair, both_before)
            if _between(subject, other, value, way, slack):
                return True
            base = subject  # "12:48 against last year's 13:10": the gap is from 12:48
        others = (
            {base + value}
            if way in _AHEAD
            else {base - value}
            if way
            else {base + value, base - value}
        )
        # A passage, not a sentence: a results list numbers its places ("2. Australia 6:33.85;").
        for passage in passages:
            times = [t for t, _ in _race_times(passage)]
            if any(abs(t - base) < slack for t in times) and any(
                abs(t - other) <= slack for t in times for other in others
            ):
                return True
    return False


def _subject_first(
    claim: str, pair: list[tuple[Decimal, int]], both_before: bool
) -> tuple[Decimal, Decimal]:
    """The two race times a claim writes beside a gap, its subject's first: the one before the
    gap ("in 58:14, 48 seconds ahead of Jonas Berg (59:02)"); of two before it, the one set
    against the other ("12:48 against last year's 13:10, 22 seconds quicker"), else the nearer
    ("Australia 6:33.85, while Great Britain was third in 6:35.02, about 1.2 seconds behind")."""
    (first, first_end), (second, second_end) = pair
    against = _SET_AGAINST.search(claim, first_end, second_end)
    return (first, second) if against or not both_before else (second, first)


def _between(subject: Decimal, other: Decimal, gap: Decimal, way: str, slack: Decimal) -> bool:
    """Whether ``gap`` is between two race times the claim writes, the way its word says (each
    time is held to the passages on its own)."""
    shift = other - subject if way in _AHEAD else subject - other if way else abs(subject - other)
    return abs(shift - gap) <= slack
