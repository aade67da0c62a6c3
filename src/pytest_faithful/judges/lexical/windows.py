"""Where a claim's words are in the passages: windows of neighbouring sentences, and covers.

A window is up to ``WINDOW_SENTENCES`` neighbouring sentences of one document; a cover is one
window, or one window per clause of the claim, all in one document. Each claim term weighs its
IDF over the sentences of the contexts (names and numbers ``NAME_NUMBER_WEIGHT`` times more).

The constants were measured with ``benchmarks/accuracy.py`` on faith-dev (1,000 examples,
threshold 1.0); alternatives tried are in the comments, "v1" marking those measured on
lexical/v1. Differences of 0.001-0.002 are one or two examples: noise.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import NamedTuple

from pytest_faithful.judges.lexical.claims import ONE_TERM, Claim
from pytest_faithful.judges.lexical.passages import Unit
from pytest_faithful.text.terms import _EMPTY, _is_number, _lower

# Neighbouring sentences of one document a window may span: summaries and answers often fuse
# two or three adjacent source sentences into one claim; wider windows collect stray words and
# quote long evidence. (2: 0.715, 4: 0.723; v1: 1: 0.681, 6: 0.690.)
WINDOW_SENTENCES = 3
# Names and numbers weigh this many times a plain word of the same rarity, both when picking
# the best window and in the coverage, so the chosen window is about the same entities.
# (v1: 1: 0.694 against 0.698, 3: 0.695.)
NAME_NUMBER_WEIGHT = 2.0


class Window(NamedTuple):
    first: int  # unit indices, inclusive; both share terms with the claim
    last: int
    matched: frozenset[str]
    coverage: float


class Cover(NamedTuple):
    """The windows that cover a claim: one, or one per clause, all in one document."""

    windows: tuple[Window, ...]
    matched: frozenset[str]
    coverage: float


def hits_and_weights(
    units: Sequence[Unit], passages: Sequence[str], claim: Claim
) -> tuple[dict[int, frozenset[str]], dict[str, float]]:
    """Units that share terms with the claim; each claim term's IDF weight over all units.

    A term in few sentences of the contexts (or in none) is informative; one in many ("said",
    the topic word) matches anywhere and proves little.
    """
    hits: dict[int, frozenset[str]] = {}
    df = dict.fromkeys(claim.terms, 0)
    one = (
        re.compile(rf"\b(?:a|an|one|single)\s+{re.escape(claim.one)}\b")
        if claim.one.isalpha()
        else None
    )
    for i, unit in enumerate(units):
        shared = claim.terms & unit.bag.terms
        if (
            one
            and ONE_TERM not in shared
            and one.search(_lower(passages[unit.passage][unit.start : unit.end]))
        ):
            shared = shared | {ONE_TERM}  # "1 year" said as "a year" or "one year"
        if shared:
            hits[i] = shared
            for term in shared:
                df[term] += 1
    n = len(units)
    weights = {}
    for term, count in df.items():
        weight = 1.0 + math.log((n + 1) / (count + 1))
        if term in claim.names or _is_number(term):
            weight *= NAME_NUMBER_WEIGHT
        weights[term] = weight
    return hits, weights


def weight_of(terms: AbstractSet[str], weights: Mapping[str, float]) -> float:
    return math.fsum(map(weights.__getitem__, terms))


def best_window(
    units: Sequence[Unit], hits: Mapping[int, frozenset[str]], weights: Mapping[str, float]
) -> Window | None:
    """The window of up to WINDOW_SENTENCES sentences of one document with the most weight.

    Only windows that start at a sentence sharing words with the claim are tried: any other
    window is covered by the one starting at its first such sentence.
    """
    total = math.fsum(weights.values())
    best: Window | None = None
    best_key = (-1.0, 0)
    for first in sorted(hits):
        doc = units[first].doc
        matched = set(hits[first])
        last = first
        for i in range(first + 1, min(first + WINDOW_SENTENCES, len(units))):
            if units[i].doc != doc:
                break
            shared = hits.get(i)
            if shared:
                matched |= shared
                last = i
        coverage = weight_of(matched, weights) / total
        key = (coverage, first - last)  # more coverage, then fewer sentences, then earlier
        if key > best_key:
            best_key = key
            best = Window(first, last, frozenset(matched), coverage)
    return best


def clause_cover(
    units: Sequence[Unit],
    hits: Mapping[int, frozenset[str]],
    weights: Mapping[str, float],
    clauses: Sequence[frozenset[str]],
    to_beat: float,
) -> Cover | None:
    """The best cover of the claim clause by clause inside one document, if it beats ``to_beat``.

    Each clause gets the best window for its own terms; the windows of one document together
    cover what they match. Documents are tried in order; the first of equal covers wins.
    """
    by_doc: dict[int, dict[int, frozenset[str]]] = {}
    for i in sorted(hits):
        by_doc.setdefault(units[i].doc, {})[i] = hits[i]
    total = math.fsum(weights.values())
    best: Cover | None = None
    for doc_hits in by_doc.values():
        if weight_of(frozenset().union(*doc_hits.values()), weights) / total <= to_beat:
            continue  # even all of this document's words would not do better
        spans: dict[tuple[int, int], frozenset[str]] = {}
        for clause in clauses:
            window = best_window(
                units, {i: h & clause for i, h in doc_hits.items() if h & clause}, weights
            )
            if window is not None:
                span = (window.first, window.last)
                spans[span] = spans.get(span, _EMPTY) | window.matched
        matched = frozenset().union(*spans.values())
        coverage = weight_of(matched, weights) / total
        if coverage > to_beat:
            windows = tuple(
                Window(
                    first, last, spans[first, last], weight_of(spans[first, last], weights) / total
                )
                for first, last in sorted(spans)
            )
            best, to_beat = Cover(windows, matched, coverage), coverage
    return best
