"""A check's verdicts turned into its result: the score, whether it passed, and one line that
says why.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from pytest_faithful import scoring
from pytest_faithful.judges.base import Judge
from pytest_faithful.models import Claim, ClaimVerdict, FaithfulnessResult, Label, Usage
from pytest_faithful.vocab import ScoringPolicy


def result_of(
    judge: Judge,
    claims: Sequence[Claim],
    verdicts: tuple[ClaimVerdict, ...],
    usage: Usage,
    started: float,
    threshold: float,
    scoring_policy: ScoringPolicy,
    allow_contradictions: bool,
    rules: str,
) -> FaithfulnessResult:
    labels = [v.label for v in verdicts]
    sentences = [(v.claim.start, v.claim.end) for v in verdicts]
    score = scoring.score(labels, scoring_policy, sentences)
    passed = scoring.passes(score, threshold, labels, allow_contradictions)
    counted = scoring.sentence_outcomes(labels, scoring_policy, sentences)
    return FaithfulnessResult(
        score=score,
        passed=passed,
        threshold=threshold,
        scoring=scoring_policy,
        allow_contradictions=allow_contradictions,
        judge_id=judge.id,
        heuristic=judge.heuristic,
        rules=rules,
        claim_verdicts=verdicts,
        vacuous=not claims,
        usage=usage,
        duration_s=time.perf_counter() - started,
        explanation=explain(
            score,
            passed,
            threshold,
            labels,
            allow_contradictions,
            judge.heuristic,
            (sum(counted), len(counted)),
        ),
    )


def explain(
    score: float,
    passed: bool,
    threshold: float,
    labels: Sequence[Label],
    allow_contradictions: bool,
    heuristic: bool,
    sentences: tuple[int, int] | None = None,
) -> str:
    """One line a person can read in a failure message or a report row; ``sentences``: how
    many sentences counted, of how many (the score's own terms), when not one claim each."""
    tag = " [heuristic verdicts]" if heuristic else ""
    if not labels:
        return f"passed: the answer makes no checkable claims (vacuous, score 1.00){tag}"
    total = len(labels)
    supported = labels.count(Label.SUPPORTED)
    contradicted = labels.count(Label.CONTRADICTED)
    counts = f"{supported}/{total} claims supported"
    if contradicted:
        counts += f", {contradicted} contradicted"
    if sentences is not None and sentences[1] != total:
        counts += f" ({sentences[0]}/{sentences[1]} sentences)"
    comparison = (
        f"score {score:.2f} {'>=' if score >= threshold else '<'} threshold {threshold:.2f}"
    )
    if passed:
        return f"passed: {counts}; {comparison}{tag}"
    if contradicted and not allow_contradictions and score >= threshold:
        return f"failed: {counts}; contradictions are not allowed ({comparison}){tag}"
    return f"failed: {counts}; {comparison}{tag}"
