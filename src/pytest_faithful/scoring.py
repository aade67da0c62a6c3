"""Scoring policies: how claim verdicts become one score in [0, 1] and a pass/fail."""

from __future__ import annotations

from collections.abc import Sequence

from pytest_faithful.models import Label
from pytest_faithful.vocab import SCORING_POLICIES, ScoringPolicy


def score(labels: Sequence[Label], policy: ScoringPolicy) -> float:
    """``strict``: supported / total. ``lenient``: not contradicted / total. No claims: 1.0."""
    if not labels:
        return 1.0
    if policy == "strict":
        good = sum(1 for label in labels if label is Label.SUPPORTED)
    elif policy == "lenient":
        good = sum(1 for label in labels if label is not Label.CONTRADICTED)
    else:
        raise ValueError(f"scoring must be one of {SCORING_POLICIES}, got {policy!r}")
    return good / len(labels)


def passes(
    score_value: float, threshold: float, labels: Sequence[Label], allow_contradictions: bool
) -> bool:
    """A contradiction fails the check whatever the ratio: a high score must not hide it."""
    if not allow_contradictions and Label.CONTRADICTED in labels:
        return False
    return score_value >= threshold
