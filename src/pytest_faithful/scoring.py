"""Scoring policies: how claim verdicts become one score in [0, 1] and a pass/fail.

A check is scored by the answer's sentences, not by its claims: each sentence that states
something weighs the same, and it counts as supported only when every claim of it is
(``strict``; ``lenient``: when none is contradicted). A judge decides how many claims a
sentence gets, so a score over claims is the judge's to move: 198 near-copies of one
sentence's claim would lift a check whose third sentence no passage supports to 0.995. Over
sentences, claims a judge adds (copies, paraphrases, one fact split into many) never raise
the score: not another sentence's, since each sentence weighs one, and not their own, since
the worst claim of a sentence decides it.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from pytest_faithful.models import Label
from pytest_faithful.vocab import SCORING_POLICIES, ScoringPolicy


def _counts(label: Label, policy: ScoringPolicy) -> bool:
    if policy == "strict":
        return label is Label.SUPPORTED
    if policy == "lenient":
        return label is not Label.CONTRADICTED
    raise ValueError(f"scoring must be one of {SCORING_POLICIES}, got {policy!r}")


def sentence_outcomes(
    labels: Sequence[Label], policy: ScoringPolicy, sentences: Sequence[Hashable]
) -> list[bool]:
    """For each sentence (in order of first appearance), whether all its claims count."""
    outcome: dict[Hashable, bool] = {}
    for label, sentence in zip(labels, sentences, strict=True):
        outcome[sentence] = outcome.get(sentence, True) and _counts(label, policy)
    return list(outcome.values())


def score(
    labels: Sequence[Label],
    policy: ScoringPolicy,
    sentences: Sequence[Hashable] | None = None,
) -> float:
    """The share of sentences whose every claim counts: ``strict``, supported; ``lenient``, not
    contradicted. ``sentences`` names each label's sentence (its span in the answer); without
    it every claim is a sentence of its own. No claims: 1.0."""
    if not labels:
        return 1.0
    if sentences is None:
        return sum(_counts(label, policy) for label in labels) / len(labels)
    outcomes = sentence_outcomes(labels, policy, sentences)
    return sum(outcomes) / len(outcomes)


def passes(
    score_value: float, threshold: float, labels: Sequence[Label], allow_contradictions: bool
) -> bool:
    """A contradiction fails the check whatever the ratio: a high score must not hide it."""
    if not allow_contradictions and Label.CONTRADICTED in labels:
        return False
    return score_value >= threshold
