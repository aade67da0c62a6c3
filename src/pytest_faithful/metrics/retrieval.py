"""Context precision and context recall: did retrieval bring the right passages, ranked well?

* Context recall: the reference answer's claims verified against the contexts — the
  faithfulness pipeline on (reference, contexts), with its evidence checks. Score: the share of
  reference claims the contexts support (strict). Each claim is an item with its verdict, the
  quote and the passage it comes from.
* Context precision: the judge marks each retrieved passage useful or not for the question
  (given the reference, when there is one), with a reason. Score: average precision over the
  ranked list, as RAGAS computes it: the mean, over the useful passages, of the precision at
  each one's rank (sum_k precision@k * useful_k / useful passages). A useful passage ranked
  last scores lower than the same passage ranked first; no useful passage scores 0.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from pytest_faithful.check import ClaimMemo, call_judge, check_judge, run_check
from pytest_faithful.errors import JudgeError
from pytest_faithful.judges.base import Judge
from pytest_faithful.judges.metric_support import metric_judge_id, passage_judge
from pytest_faithful.metrics.inputs import RetrievalMetric, RetrievalPlan
from pytest_faithful.models import (
    FrozenModel,
    Label,
    MetricItem,
    MetricResult,
    PassageUse,
    PassageUses,
    Usage,
)

DEFAULT_RETRIEVAL_THRESHOLD = 0.8


class RetrievalResult(FrozenModel):
    """What ``assert_retrieval``/``verify_retrieval`` return: either metric may be absent."""

    precision: MetricResult | None
    recall: MetricResult | None

    @property
    def passed(self) -> bool:
        return all(r.passed for r in (self.precision, self.recall) if r is not None)


def average_precision(useful: Sequence[bool]) -> float:
    """Average precision of a ranked list of useful/not flags (0 when none is useful)."""
    hits = 0
    total = 0.0
    for rank, ok in enumerate(useful, start=1):
        if ok:
            hits += 1
            total += hits / rank
    return total / hits if hits else 0.0


def run_precision(
    passages: Sequence[str],
    question: str,
    *,
    judge: Judge,
    reference: str | None = None,
    threshold: float = DEFAULT_RETRIEVAL_THRESHOLD,
) -> MetricResult:
    started = time.perf_counter()
    scorer = passage_judge(check_judge(judge))
    judge_id = metric_judge_id(scorer)
    if passages:
        judged = call_judge(
            scorer,  # type: ignore[arg-type]
            "judge_passages",
            lambda: scorer.judge_passages(passages, question, reference),
            PassageUses,
        )
        uses = _one_per_passage(judged.uses, len(passages), judge_id)
        usage = judged.usage
    else:
        uses, usage = [], Usage()
    items = tuple(
        MetricItem(
            kind="passage", text=passages[i], ok=use.useful, reason=use.reason, passage_index=i
        )
        for i, use in enumerate(uses)
    )
    score = average_precision([use.useful for use in uses])
    passed = score >= threshold
    useful = [str(i) for i, use in enumerate(uses) if use.useful]
    where = f" (contexts[{', '.join(useful)}])" if useful else ""
    tag = " [heuristic verdicts]" if scorer.heuristic else ""
    explanation = (
        f"{'passed' if passed else 'failed'}: {len(useful)}/{len(uses)} passages useful{where}; "
        f"average precision {score:.2f} {'>=' if passed else '<'} threshold {threshold:.2f}{tag}"
    )
    if not passages:
        explanation = f"failed: no passages were retrieved; score 0.00{tag}"
    return MetricResult(
        metric="context_precision",
        score=score,
        passed=passed and bool(passages),
        threshold=threshold,
        judge_id=judge_id,
        heuristic=scorer.heuristic,
        items=items,
        usage=usage,
        duration_s=time.perf_counter() - started,
        explanation=explanation,
    )


def _one_per_passage(uses: Sequence[PassageUse], count: int, judge_id: str) -> list[PassageUse]:
    by_index = {use.passage_index: use for use in uses}
    if len(by_index) != len(uses) or sorted(by_index) != list(range(count)):
        raise JudgeError(
            f"judge {judge_id} did not give one verdict per passage (got passages "
            f"{sorted(use.passage_index for use in uses)} for {count})",
            judge_id=judge_id,
        )
    return [by_index[i] for i in range(count)]


def run_recall(
    passages: Sequence[str],
    reference: str,
    *,
    judge: Judge,
    question: str | None = None,
    threshold: float = DEFAULT_RETRIEVAL_THRESHOLD,
    memo: ClaimMemo | None = None,
) -> MetricResult:
    started = time.perf_counter()
    checked = run_check(
        reference, list(passages), judge=judge, question=question, threshold=threshold, memo=memo
    )
    items = tuple(
        MetricItem(
            kind="claim",
            text=cv.claim.text,
            ok=cv.label is Label.SUPPORTED,
            reason=cv.reason,
            passage_index=cv.passage_index,
            label=cv.label,
            evidence=cv.evidence,
            evidence_found=cv.evidence_found,
        )
        for cv in checked.claim_verdicts
    )
    found = sum(item.ok for item in items)
    score = found / len(items) if items else 1.0
    passed = score >= threshold
    tag = " [heuristic verdicts]" if checked.heuristic else ""
    explanation = (
        f"{'passed' if passed else 'failed'}: {found}/{len(items)} reference claims found in "
        f"the contexts; score {score:.2f} {'>=' if passed else '<'} threshold "
        f"{threshold:.2f}{tag}"
    )
    return MetricResult(
        metric="context_recall",
        score=score,
        passed=passed,
        threshold=threshold,
        judge_id=checked.judge_id,
        heuristic=checked.heuristic,
        items=items,
        usage=checked.usage,
        duration_s=time.perf_counter() - started,
        explanation=explanation,
    )


def run_planned(
    metric: RetrievalMetric, plan: RetrievalPlan, judge: Judge, memo: ClaimMemo | None = None
) -> MetricResult:
    """One metric of a retrieval plan (``metric`` in ``plan.metrics``)."""
    if metric == "context_precision":
        assert plan.question is not None
        assert plan.precision is not None
        return run_precision(
            plan.passages,
            plan.question,
            judge=judge,
            reference=plan.reference,
            threshold=plan.precision,
        )
    assert plan.reference is not None
    assert plan.recall is not None
    return run_recall(
        plan.passages,
        plan.reference,
        judge=judge,
        question=plan.question,
        threshold=plan.recall,
        memo=memo,
    )


def run_retrieval(
    plan: RetrievalPlan, judge: Judge, memo: ClaimMemo | None = None
) -> RetrievalResult:
    """Precision and recall as the plan asks (arguments already validated)."""
    results = {metric: run_planned(metric, plan, judge, memo) for metric in plan.metrics}
    return RetrievalResult(
        precision=results.get("context_precision"), recall=results.get("context_recall")
    )
