"""Answer relevancy: does each claim of the answer address the question?

The answer is split into claims exactly as for faithfulness (the same judge step, the same
guarantee that every sentence stating something is judged, and with a :class:`ClaimMemo` the
same claims: an answer checked for faithfulness is not decomposed again). Claims a single-call
judge gave together with its verdicts are not shared: they differ from an extraction's, so
relevancy would then depend on whether a faithfulness check of the answer happened to run
first in the same process (test order, xdist worker), and its requests would not replay.
The judge then gives each claim a relevant / not relevant verdict with a reason.

Score: relevant claims / claims. An answer that commits to nothing scores 0 (noncommittal):
one without claims ("I don't know.", empty), or one the judge calls evasive as a whole.
Faithfulness calls such an answer vacuous (nothing unsupported); relevancy calls it what it is
for the user: no answer. Passes when the score reaches the threshold.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from pytest_faithful.check import ClaimMemo, answer_claims, call_judge, check_judge
from pytest_faithful.errors import JudgeError
from pytest_faithful.judges.base import Judge
from pytest_faithful.judges.metric_support import metric_judge_id, relevance_judge
from pytest_faithful.models import Claim, ClaimRelevance, MetricItem, MetricResult, Relevances
from pytest_faithful.text.segment import split_sentences

DEFAULT_RELEVANCY_THRESHOLD = 0.8


def run_relevancy(
    answer: str,
    question: str,
    *,
    judge: Judge,
    threshold: float = DEFAULT_RELEVANCY_THRESHOLD,
    memo: ClaimMemo | None = None,
) -> MetricResult:
    """Judge ``answer``'s claims for relevance to ``question`` (arguments already validated)."""
    started = time.perf_counter()
    judge = check_judge(judge)
    scorer = relevance_judge(judge)
    judge_id = metric_judge_id(scorer)
    sentences = split_sentences(answer)
    claims: tuple[Claim, ...] = ()
    usage = None
    if sentences:
        extracted, usage = answer_claims(judge, answer, sentences, question, memo)
        claims = extracted.claims
    if not claims:
        return _result(
            judge_id,
            scorer.heuristic,
            (),
            True,
            threshold,
            started,
            usage,
            "the answer makes no claims",
        )
    judged = call_judge(
        scorer,  # type: ignore[arg-type]
        "judge_relevance",
        lambda: scorer.judge_relevance(claims, question),
        Relevances,
    )
    ordered = _one_per_claim(judged.relevances, len(claims), judge_id)
    items = tuple(
        MetricItem(kind="claim", text=claim.text, ok=verdict.relevant, reason=verdict.reason)
        for claim, verdict in zip(claims, ordered, strict=True)
    )
    total = judged.usage if usage is None else usage + judged.usage
    return _result(
        judge_id,
        scorer.heuristic,
        items,
        judged.noncommittal,
        threshold,
        started,
        total,
        "the judge found the answer noncommittal",
    )


def _one_per_claim(
    relevances: Sequence[ClaimRelevance], n_claims: int, judge_id: str
) -> list[ClaimRelevance]:
    by_claim: dict[int, ClaimRelevance] = {}
    for relevance in relevances:
        if relevance.claim_index >= n_claims or relevance.claim_index in by_claim:
            raise JudgeError(
                f"judge {judge_id} did not give one relevance verdict per claim (claim "
                f"{relevance.claim_index} of {n_claims})",
                judge_id=judge_id,
            )
        by_claim[relevance.claim_index] = relevance
    missing = [i for i in range(n_claims) if i not in by_claim]
    if missing:
        raise JudgeError(
            f"judge {judge_id} gave no relevance verdict for claim(s) "
            f"{', '.join(map(str, missing))}",
            judge_id=judge_id,
        )
    return [by_claim[i] for i in range(n_claims)]


def _result(
    judge_id: str,
    heuristic: bool,
    items: tuple[MetricItem, ...],
    noncommittal: bool,
    threshold: float,
    started: float,
    usage: object,
    why: str,
) -> MetricResult:
    from pytest_faithful.models import Usage

    relevant = sum(item.ok for item in items)
    score = 0.0 if noncommittal or not items else relevant / len(items)
    passed = score >= threshold
    tag = " [heuristic verdicts]" if heuristic else ""
    comparison = f"score {score:.2f} {'>=' if passed else '<'} threshold {threshold:.2f}"
    verdict = "passed" if passed else "failed"
    if noncommittal:
        explanation = f"{verdict}: noncommittal answer ({why}); {comparison}{tag}"
    else:
        explanation = (
            f"{verdict}: {relevant}/{len(items)} claims relevant to the question; {comparison}{tag}"
        )
    return MetricResult(
        metric="answer_relevancy",
        score=score,
        passed=passed,
        threshold=threshold,
        judge_id=judge_id,
        heuristic=heuristic,
        items=items,
        noncommittal=noncommittal,
        usage=usage if isinstance(usage, Usage) else Usage(),
        duration_s=time.perf_counter() - started,
        explanation=explanation,
    )
