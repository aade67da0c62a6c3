"""The lexical judge's verdict on a claim and the windows that cover it, with its reason.

SUPPORTED needs enough coverage (``MIN_COVERAGE``) of words found where the passage says them
of the claim's subject (``binding``), and no problem: every number, name and key word found,
none of them said only of a rival subject, no number the claim's sentence gives for something
else, no clash of polarity in the segments about the subject, no piece the passage never
words (``claims.ADDED_PIECE_MIN_TERMS``), no garbled text. A missing or misplaced number for
which the windows give another value of its kind, or a clash of polarity, is CONTRADICTED when
the windows cover the claim's other words well (``CONTRADICTION_COVERAGE``); anything else is
NOT_ENOUGH_INFO.

The constants were measured with ``benchmarks/accuracy.py`` on faith-dev (1,000 examples,
threshold 1.0); alternatives tried are in the comments, "v1" marking those measured on
lexical/v1.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import NamedTuple

from pytest_faithful.judges.lexical.binding import (
    about_subject,
    bound_elsewhere,
    misplaced_numbers,
    subjects,
)
from pytest_faithful.judges.lexical.claims import Claim
from pytest_faithful.judges.lexical.passages import Unit
from pytest_faithful.judges.lexical.segments import Segment
from pytest_faithful.judges.lexical.windows import Cover, Window, weight_of
from pytest_faithful.text.kinds import number_kinds
from pytest_faithful.text.terms import _EMPTY, _Bag, _is_number
from pytest_faithful.vocab import Label

# Share of the claim's content-word weight the windows must hold for SUPPORTED. Below 1.0 so a
# long claim survives a word the stopword list misses or an inflection the stemmer does not
# undo; names and numbers are checked on their own and are never optional.
# (0.65: 0.718, 0.75: 0.712; v1: 0.6: 0.692, 0.8: 0.679.)
MIN_COVERAGE = 0.7
# A number or polarity mismatch is called a contradiction only when the windows cover the
# claim's other words this well: then it is the same statement with a different figure.
# (At threshold 1.0 this only decides CONTRADICTED against NOT_ENOUGH_INFO, not pass/fail.)
CONTRADICTION_COVERAGE = 0.8
# A passage's "A ... not B" clashes with a claim that has B at most this many content words
# after A, un-negated ("the plant was not closed" against "the Oslo plant was closed").
NEGATION_PAIR_GAP = 2


def _polarity_clash(claim: Claim, matched: AbstractSet[str], inside: Sequence[_Bag]) -> str:
    """Why the claim and the windows differ in polarity, or "" when they agree.

    * The claim negates words that the windows state but never negate: "the museum is not
      open on Mondays" against "the museum is open on Mondays".
    * The windows negate a word right after one the claim states next to it, without a
      negation: "the plant was not closed" against "the plant was closed".
    * The windows negate a clause whose first word and another word the claim states without
      a negation, where the windows never state that other word un-negated: "it does not cover
      accidental damage" against "the warranty also covers accidental damage"; "we do not ship
      to Australia" against "we ship to Australia".

    A "not" elsewhere in the windows, about something else, is no clash.
    """
    claim_negated = claim.bag.negated & matched
    if claim_negated and not any(claim_negated & bag.negated for bag in inside):
        return "negated in the claim but not in the passage"
    stated = claim.terms - claim.bag.negated
    asserted: set[str] = set()
    for bag in inside:
        asserted |= bag.asserted
    for bag in inside:
        for scope in bag.scopes:
            gap = claim.order.get(scope.head, -1) - claim.order.get(scope.before, 99)
            if 0 < gap <= NEGATION_PAIR_GAP and scope.head not in claim.bag.negated:
                return "negated in the passage but not in the claim"
            if scope.head in stated and (scope.rest & stated) - asserted:
                return "negated in the passage but not in the claim"
    return ""


def _listing(terms: AbstractSet[str], claim: Claim, most: int = 6) -> str:
    """The claim's own words for some of its terms, for a reason."""
    words = sorted(claim.words.get(t, t) for t in terms)
    more = f" and {len(words) - most} more" if len(words) > most else ""
    return ", ".join(words[:most]) + more


def _where(units: Sequence[Unit], window: Window) -> str:
    first, last = units[window.first].passage, units[window.last].passage
    return f"contexts[{first}]" if first == last else f"contexts[{first}..{last}]"


def _quoted(
    units: Sequence[Unit],
    window: Window,
    hits: Mapping[int, frozenset[str]],
    weights: Mapping[str, float],
) -> tuple[int, Sequence[Unit]]:
    """The passage to quote for a window, and its sentences in the window.

    A window inside one passage quotes all of it. A window across the passages of a sentence
    list quotes the one passage whose sentences hold the most of the claim's weight (the
    earliest on a tie): the verifier checks a quote against one passage.
    """
    inside = units[window.first : window.last + 1]
    if inside[0].passage == inside[-1].passage:
        return inside[0].passage, inside
    held: dict[int, set[str]] = {}
    for i in range(window.first, window.last + 1):
        held.setdefault(units[i].passage, set()).update(hits.get(i, _EMPTY))
    passage = max(sorted(held), key=lambda p: (weight_of(held[p], weights), -p))
    return passage, [u for u in inside if u.passage == passage]


def _added_piece(
    facts: Claim, cover: Cover, units: Sequence[Unit], hits: Mapping[int, frozenset[str]]
) -> frozenset[str]:
    """The terms of the first piece of the claim (``Claim.pieces``) of which its documents
    hold no word anywhere: ", billed annually", ", no questions asked". Words the windows miss
    but the document has elsewhere are a paraphrase's or a wider summary's, not added."""
    if not facts.pieces:
        return _EMPTY
    docs = {units[w.first].doc for w in cover.windows}
    held = frozenset().union(*(h for i, h in hits.items() if units[i].doc in docs))
    for piece in facts.pieces:
        if not piece & held:
            return piece
    return _EMPTY


class Assessment(NamedTuple):
    label: Label
    reason: str
    passage: int  # the passage quoted, and the span of the quote
    start: int
    end: int


def _other_values(
    facts: Claim, missing: AbstractSet[str], inside: Sequence[Unit], passages: Sequence[str]
) -> list[str]:
    """The numbers of the windows that state another value for what a missing number of the
    claim counts (same kind: ``kinds.number_kinds``): "30 days" for the claim's "60 days",
    not "9am" for its "24/7". Only these make a missing number a contradiction."""
    wanted = frozenset().union(*(facts.kinds.get(t, _EMPTY) for t in missing))
    found: set[str] = set()
    for unit in inside:
        for term, kinds in number_kinds(passages[unit.passage][unit.start : unit.end]).items():
            if term not in facts.numbers and kinds & wanted:
                found.add(term)
    return sorted(found)


def assess(
    facts: Claim,
    cover: Cover,
    units: Sequence[Unit],
    hits: Mapping[int, frozenset[str]],
    weights: Mapping[str, float],
    passages: Sequence[str],
    segments_of_unit: Callable[[int], Sequence[Segment]],
) -> Assessment:
    """The label of a claim covered by ``cover``, why, and what to quote."""
    inside = [u for w in cover.windows for u in units[w.first : w.last + 1]]
    covered = sorted({i for w in cover.windows for i in range(w.first, w.last + 1)})
    segments = [s for i in covered for s in segments_of_unit(i)]
    found = subjects(facts, segments)
    bound, rivals = bound_elsewhere(facts, cover.matched, segments, found)
    matched = cover.matched - bound
    coverage = weight_of(matched, weights) / math.fsum(weights.values())
    missing = facts.terms - matched - bound
    missing_numbers = facts.numbers - matched - bound
    missing_names = facts.names - matched - bound
    missing_key_words = facts.key_words - matched - bound
    polarity = _polarity_clash(facts, matched, about_subject(segments, found))
    misplaced = misplaced_numbers(facts, segments, passages, units, weights)

    # The evidence: the window that holds the most weight (the first of equals).
    shown = max(cover.windows, key=lambda w: (weight_of(w.matched, weights), -w.first))
    passage, quoted = _quoted(units, shown, hits, weights)
    where = " + ".join(_where(units, w) for w in cover.windows)
    notes = ["clause by clause"] if len(cover.windows) > 1 else []
    if any(units[w.first].passage != units[w.last].passage for w in cover.windows):
        notes.append("one sentence list")
    if notes:
        where += f" ({'; '.join(notes)}; quoted: contexts[{passage}])"
    reason = f"{len(matched)}/{len(facts.terms)} content words found in {where}"
    if missing:
        reason += f" (missing: {_listing(missing, facts)})"
    problems = []
    if bound:
        problems.append(
            f"{_listing(bound, facts)} said only of {', '.join(rivals[:4])}, not of the claim's "
            "subject"
        )
    for number, instead in misplaced:
        problems.append(
            f"number {facts.words.get(number, number)} is given for something else: where the "
            f"passage speaks of the claim's other words it says {', '.join(instead[:4])}"
        )
    if missing_numbers:
        problems.append(f"number {_listing(missing_numbers, facts)} not found")
    if missing_names:
        problems.append(f"name {_listing(missing_names, facts)} not found")
    if missing_key_words:
        problems.append(f"key word {_listing(missing_key_words, facts)} not found")
    if polarity:
        problems.append(polarity)
    if facts.stutter:
        problems.append(f"the claim repeats {facts.stutter!r} (garbled text)")

    added = _added_piece(facts, cover, units, hits)
    if added:
        problems.append(f"the claim adds {_listing(added, facts)}, which the passage never says")
    if coverage >= MIN_COVERAGE and not problems:
        label = Label.SUPPORTED
    else:
        label = Label.NOT_ENOUGH_INFO
        plain = [t for t in facts.terms if not _is_number(t)]
        plain_total = math.fsum(weights[t] for t in plain)
        plain_found = math.fsum(weights[t] for t in plain if t in matched)
        word_coverage = plain_found / plain_total if plain_total else 1.0
        other_numbers: list[str] = []
        if missing_numbers or bound & facts.numbers:
            unfound = missing_numbers | (bound & facts.numbers)
            other_numbers = _other_values(facts, unfound, inside, passages)
        if word_coverage >= CONTRADICTION_COVERAGE and (polarity or other_numbers or misplaced):
            label = Label.CONTRADICTED
            if other_numbers:
                listed = ", ".join(other_numbers[:4]) + (", ..." if len(other_numbers) > 4 else "")
                problems.append(f"the passage says {listed}")
        elif coverage < MIN_COVERAGE:
            problems.append(f"weighted coverage {coverage:.2f} < {MIN_COVERAGE:.2f}")
    if problems:
        reason += "; " + "; ".join(problems)
    return Assessment(label, reason, passage, quoted[0].start, quoted[-1].end)
