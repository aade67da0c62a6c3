"""What a passage binds a claim's words to: the subject each clause or list item is about.

A window of sentences that holds every word of a claim may still not state it: "Our Pro plan
costs $20. The Team plan costs $45." holds every word of "The Team plan costs $20", but binds
$20 to the Pro plan. So a cover's sentences are read as segments (``segments``: clauses and
list items, with the names each is about) and a claim's words are checked where the passage
puts them:

* **Subjects.** Names in the same slot are rivals: followed by the same word ("the *Pro* plan",
  "the *Team* plan"; "*Leeds* leaves", "*York* leaves"; "the *library* opens", "the *museum*
  opens"), by the same link word ("*Pro* at $20", "*Team* at $45"; "$20 for *Pro*", "$45 for
  *Team*": only where the claim names its subject with a capital too) or labelling lines
  ("Pro: $20", "Team: $45"). Where a slot holds a name the claim states and one it does not, a
  segment about the rival only is about another subject, and a word of the claim found only in
  such segments is bound elsewhere: not found for the claim. What the claim's names are names
  of ("plan" of "the Team plan") is never bound: it is the rivals' word too.
* **Numbers.** In a sentence whose clauses give values of the kind of a number the claim
  states ("$20": money; "9am": a time of day; "platform 4": a platform), the clause most about
  the claim (the weight of the claim's other words it holds) must give the claim's value:
  "opens at 9am on Sundays" against "opens at 9am on weekdays and at 11am on Sundays".
* **Negations** are read in the segments not about a rival subject only (``about_subject``):
  "The Basic plan does not include phone support." says nothing of the Premium plan.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import NamedTuple

from pytest_faithful.judges.lexical.claims import Claim, value_kinds
from pytest_faithful.judges.lexical.passages import Unit
from pytest_faithful.judges.lexical.segments import LABEL, Name, Segment
from pytest_faithful.text.terms import _EMPTY, _Bag

# --- Subjects ----------------------------------------------------------------------------------


class Subjects(NamedTuple):
    """The segments of a cover about the claim's subject and about a rival of it."""

    ours: frozenset[int]  # indices into the segments
    theirs: Mapping[int, tuple[str, ...]]  # -> the rival names as the passage writes them


def subjects(claim: Claim, segments: Sequence[Segment]) -> Subjects:
    """Which segments name the claim's subject, and which only a rival of it (module docstring).

    A slot counts when it holds a name the claim states (a name in the claim, or any of the
    claim's words for a name the passage writes mid-sentence or as a label) and one it does
    not; names at the start of a sentence (capitalised anyway) count only in such a slot.
    """
    named = _carried(segments)
    by_slot: dict[str, list[Name]] = {}
    for carried in named:
        for name in carried:
            by_slot.setdefault(name.slot, []).append(name)
    slots = set()
    for slot, in_slot in by_slot.items():
        ours = [n for n in in_slot if n.terms & claim.terms]
        if not ours or all(n.terms & claim.terms for n in in_slot):
            continue
        if slot[0] in "<>":  # a slot a link word gives: the claim must name the subject too
            valid = any(n.terms & claim.names for n in ours)
        else:
            valid = (
                slot == LABEL
                or any(not n.initial or n.terms & claim.names for n in ours)
                or slot in claim.terms
            )
        if valid:
            slots.add(slot)
    if not slots:
        return Subjects(frozenset(), {})
    ours_at: set[int] = set()
    theirs_at: dict[int, tuple[str, ...]] = {}
    for i, names in enumerate(named):
        in_slots = [n for n in names if n.slot in slots]
        if any(n.terms & claim.terms for n in in_slots):
            ours_at.add(i)
        elif in_slots:
            theirs_at[i] = tuple(n.shown for n in in_slots)
    return Subjects(frozenset(ours_at), theirs_at)


def _carried(segments: Sequence[Segment]) -> list[tuple[Name, ...]]:
    """Each segment's names, a sentence that opens with a pronoun and names no one taking
    those of the sentence just before it ("The Team plan costs $45. It adds SSO.")."""
    named: list[tuple[Name, ...]] = []
    for i, segment in enumerate(segments):
        names = segment.names
        if not names and segment.pronoun and i and segments[i - 1].unit == segment.unit - 1:
            names = named[-1]
        named.append(names)
    return named


def bound_elsewhere(
    claim: Claim, matched: AbstractSet[str], segments: Sequence[Segment], found: Subjects
) -> tuple[frozenset[str], tuple[str, ...]]:
    """The claim's matched terms that the passage states only about a rival subject, and the
    rivals it states them about. What the claim's names are names of ("plan" of "the Team
    plan") is the rivals' too: "We offer two plans: Pro at $20, and Team at $45." """
    if not found.theirs:
        return _EMPTY, ()
    bound = set()
    rivals: set[str] = set()
    for term in matched - claim.heads - claim.conditions:
        holding = [i for i, s in enumerate(segments) if term in s.bag.terms]
        if holding and all(i in found.theirs for i in holding):
            bound.add(term)
            rivals.update(name for i in holding for name in found.theirs[i])
    return frozenset(bound), tuple(sorted(rivals))


def about_subject(segments: Sequence[Segment], found: Subjects) -> list[_Bag]:
    """The bags of the segments not about a rival subject, for the polarity check."""
    return [s.bag for i, s in enumerate(segments) if i not in found.theirs]


# --- Numbers -----------------------------------------------------------------------------------


class Misplaced(NamedTuple):
    """A number of the claim the passage gives for something else, and what it gives instead."""

    number: str
    instead: tuple[str, ...]


def misplaced_numbers(
    claim: Claim,
    segments: Sequence[Segment],
    passages: Sequence[str],
    units: Sequence[Unit],
    weights: Mapping[str, float],
) -> list[Misplaced]:
    """The claim's numbers that every sentence stating them gives for something else: in each,
    a clause giving another value of the number's kind holds more of the claim's other words
    than every clause giving the claim's value (module docstring). Sentences are not weighed
    against each other: which of two sentences a fused claim draws a figure from is the
    subjects' rule, and a name said once in one sentence does not make it the one about the
    figure ("Earnings per share were $6.86." beside "Capital One earned $3.1 billion or $6.78
    per share.")."""
    wanted_of = {
        number: claim.kinds.get(number, _EMPTY) - {"plain"} for number in sorted(claim.numbers)
    }
    if not any(wanted_of.values()):
        return []
    by_unit: dict[int, list[Segment]] = {}
    for segment in segments:
        by_unit.setdefault(segment.unit, []).append(segment)
    misplaced = []
    for number, wanted in wanted_of.items():
        if not wanted:
            continue
        instead: set[str] = set()
        stated = False
        for clauses in by_unit.values():
            if not any(number in s.bag.terms for s in clauses):
                continue
            stated = True
            others = _given_instead(claim, number, wanted, clauses, passages, units, weights)
            if not others:
                break  # a sentence gives the claim's value for what the claim speaks of
            instead |= others
        else:
            if stated:
                misplaced.append(Misplaced(number, tuple(sorted(instead))))
    return misplaced


def _given_instead(
    claim: Claim,
    number: str,
    wanted: frozenset[str],
    clauses: Sequence[Segment],
    passages: Sequence[str],
    units: Sequence[Unit],
    weights: Mapping[str, float],
) -> frozenset[str]:
    """The values the clauses of one sentence give instead of ``number`` where they speak of
    the claim's other words most, or none when a clause stating it does so as much."""
    if len(clauses) < 2:
        return _EMPTY
    other_words = claim.terms - claim.numbers
    stating = -1.0
    rival = -1.0
    instead: set[str] = set()
    for segment in clauses:
        about = _weight(segment.about & other_words, weights)
        if number in segment.bag.terms:
            stating = max(stating, about)
            continue
        text = passages[units[segment.unit].passage][segment.start : segment.end]
        others = [t for t, k in value_kinds(text).items() if k & wanted and t not in claim.numbers]
        if others:
            if about > rival:
                rival, instead = about, set(others)
            elif about == rival:
                instead.update(others)
    return frozenset(instead) if rival > stating else _EMPTY


def _weight(terms: Iterable[str], weights: Mapping[str, float]) -> float:
    return math.fsum(weights.get(t, 0.0) for t in sorted(terms))
