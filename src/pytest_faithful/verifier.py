"""The claim verifier: answer + contexts -> FaithfulnessResult. A plain library; no pytest here.

Flow: validate inputs, segment the answer, ask the judge for claims, ask it for one verdict per
claim, check each evidence quote against the passage it cites, score. Anything the judge gets
wrong in a way that would make the score meaningless raises JudgeError instead of scoring.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

from pydantic import ValidationError

from pytest_faithful import scoring
from pytest_faithful.errors import JudgeError
from pytest_faithful.evidence import PassageIndex, normalize
from pytest_faithful.judges.base import SingleCallJudge
from pytest_faithful.models import (
    Claim,
    ClaimVerdict,
    FaithfulnessResult,
    Label,
    Usage,
    Verdict,
)
from pytest_faithful.scoring_policy import SCORING_POLICIES, ScoringPolicy
from pytest_faithful.segment import Sentence, split_sentences

if TYPE_CHECKING:
    from pytest_faithful.judges.base import Judge

_T = TypeVar("_T")

DEFAULT_THRESHOLD = 0.8
DEFAULT_SCORING: ScoringPolicy = "strict"


def check_inputs(
    answer: object, contexts: object, question: object
) -> tuple[str, tuple[str, ...], str | None]:
    """Validate what the user passed; errors name the argument and what was wrong with it."""
    if not isinstance(answer, str):
        raise TypeError(f"answer must be a str, got {type(answer).__name__}")
    if isinstance(contexts, str):
        passages: tuple[str, ...] = (contexts,)
    elif isinstance(contexts, (bytes, bytearray)):
        raise TypeError("contexts must be a str or a sequence of str, got bytes; decode it first")
    elif isinstance(contexts, Sequence):
        for i, passage in enumerate(contexts):
            if not isinstance(passage, str):
                raise TypeError(f"contexts[{i}] must be a str, got {type(passage).__name__}")
        passages = tuple(contexts)
    else:
        raise TypeError(
            "contexts must be a str or a sequence of str (list/tuple), "
            f"got {type(contexts).__name__}"
        )
    if question is not None and not isinstance(question, str):
        raise TypeError(f"question must be a str or None, got {type(question).__name__}")
    return answer, passages, question


def check_policy(threshold: object, scoring_policy: object, allow_contradictions: object) -> None:
    if isinstance(threshold, bool) or not isinstance(threshold, (int, float)):
        raise TypeError(f"threshold must be a number in [0, 1], got {type(threshold).__name__}")
    if not 0.0 <= threshold <= 1.0:
        raise ValueError(f"threshold must be in [0, 1], got {threshold!r}")
    if scoring_policy not in SCORING_POLICIES:
        raise ValueError(
            f"scoring must be one of {', '.join(SCORING_POLICIES)}, got {scoring_policy!r}"
        )
    if not isinstance(allow_contradictions, bool):
        raise TypeError(
            f"allow_contradictions must be a bool, got {type(allow_contradictions).__name__}"
        )


def run_check(
    answer: str,
    contexts: str | Sequence[str],
    *,
    judge: Judge,
    question: str | None = None,
    threshold: float = DEFAULT_THRESHOLD,
    scoring_policy: ScoringPolicy = DEFAULT_SCORING,
    allow_contradictions: bool = False,
) -> FaithfulnessResult:
    """Verify ``answer`` against ``contexts`` with an already built judge."""
    started = time.perf_counter()
    answer, passages, question = check_inputs(answer, contexts, question)
    check_policy(threshold, scoring_policy, allow_contradictions)

    usage = Usage()
    sentences = split_sentences(answer)
    claims: tuple[Claim, ...] = ()
    has_context = any(p.strip() for p in passages)
    if sentences and has_context and isinstance(judge, SingleCallJudge) and judge.single_call:
        return _single_call_check(
            judge,
            answer,
            sentences,
            passages,
            question,
            started,
            threshold,
            scoring_policy,
            allow_contradictions,
        )
    if sentences:
        extracted = _call_judge(
            judge, "extract_claims", lambda: judge.extract_claims(sentences, question)
        )
        _check_claims(extracted.claims, answer, judge.id)
        claims, usage = extracted.claims, usage + extracted.usage

    if not claims:
        verdicts: tuple[ClaimVerdict, ...] = ()
    elif not has_context:
        verdicts = tuple(_no_context_verdict(c) for c in claims)
    else:
        judged = _call_judge(judge, "verify", lambda: judge.verify(claims, passages, question))
        usage = usage + judged.usage
        ordered = _one_verdict_per_claim(judged.verdicts, len(claims), judge.id)
        verdicts = _check_evidence(claims, ordered, passages)
    return _result(
        judge, claims, verdicts, usage, started, threshold, scoring_policy, allow_contradictions
    )


def _single_call_check(
    judge: SingleCallJudge,
    answer: str,
    sentences: Sequence[Sentence],
    passages: Sequence[str],
    question: str | None,
    started: float,
    threshold: float,
    scoring_policy: ScoringPolicy,
    allow_contradictions: bool,
) -> FaithfulnessResult:
    """Claims and verdicts from one judge step; checked exactly like the two-step path."""
    extracted, judged = _call_judge(
        judge,
        "extract_and_verify",
        lambda: judge.extract_and_verify(sentences, passages, question),
    )
    _check_claims(extracted.claims, answer, judge.id)
    claims = extracted.claims
    verdicts: tuple[ClaimVerdict, ...] = ()
    if claims:
        ordered = _one_verdict_per_claim(judged.verdicts, len(claims), judge.id)
        verdicts = _check_evidence(claims, ordered, passages)
    usage = extracted.usage + judged.usage
    return _result(
        judge, claims, verdicts, usage, started, threshold, scoring_policy, allow_contradictions
    )


def _result(
    judge: Judge,
    claims: Sequence[Claim],
    verdicts: tuple[ClaimVerdict, ...],
    usage: Usage,
    started: float,
    threshold: float,
    scoring_policy: ScoringPolicy,
    allow_contradictions: bool,
) -> FaithfulnessResult:
    labels = [v.label for v in verdicts]
    score = scoring.score(labels, scoring_policy)
    passed = scoring.passes(score, threshold, labels, allow_contradictions)
    return FaithfulnessResult(
        score=score,
        passed=passed,
        threshold=threshold,
        scoring=scoring_policy,
        allow_contradictions=allow_contradictions,
        judge_id=judge.id,
        heuristic=judge.heuristic,
        claim_verdicts=verdicts,
        vacuous=not claims,
        usage=usage,
        duration_s=time.perf_counter() - started,
        explanation=explain(
            score, passed, threshold, labels, allow_contradictions, judge.heuristic
        ),
    )


def _call_judge(judge: Judge, step: str, call: Callable[[], _T]) -> _T:
    try:
        return call()
    except JudgeError:
        raise
    except ValidationError as exc:
        raise JudgeError(
            f"judge {judge.id} returned invalid output from {step}: {exc}", judge_id=judge.id
        ) from exc


def _check_claims(claims: Sequence[Claim], answer: str, judge_id: str) -> None:
    for i, claim in enumerate(claims):
        if answer[claim.start : claim.end] != claim.sentence:
            raise JudgeError(
                f"judge {judge_id} returned claim {i} ({claim.text!r}) tied to offsets "
                f"{claim.start}:{claim.end}, which do not hold its sentence {claim.sentence!r}",
                judge_id=judge_id,
            )


def _one_verdict_per_claim(
    verdicts: Sequence[Verdict], n_claims: int, judge_id: str
) -> list[Verdict]:
    by_claim: dict[int, Verdict] = {}
    problems: list[str] = []
    for verdict in verdicts:
        i = verdict.claim_index
        if i >= n_claims:
            problems.append(f"a verdict for claim {i}, but there are only {n_claims} claims")
        elif i in by_claim:
            problems.append(f"two verdicts for claim {i}")
        else:
            by_claim[i] = verdict
    missing = [i for i in range(n_claims) if i not in by_claim]
    if missing:
        problems.append(f"no verdict for claim(s) {', '.join(map(str, missing))}")
    if problems:
        raise JudgeError(
            f"judge {judge_id} did not give one verdict per claim: {'; '.join(problems)}",
            judge_id=judge_id,
        )
    return [by_claim[i] for i in range(n_claims)]


def _check_evidence(
    claims: Sequence[Claim], verdicts: Sequence[Verdict], passages: Sequence[str]
) -> tuple[ClaimVerdict, ...]:
    index = PassageIndex(passages)
    results = []
    for claim, verdict in zip(claims, verdicts, strict=True):
        found = _evidence_found(verdict, index)
        label, reason = verdict.label, verdict.reason
        if label is Label.SUPPORTED and not found:
            label = Label.NOT_ENOUGH_INFO
            reason = f"{_missing_evidence(verdict, len(passages))} (judge said SUPPORTED: {reason})"
        results.append(
            ClaimVerdict(
                claim=claim,
                label=label,
                reason=reason,
                evidence=verdict.evidence,
                passage_index=verdict.passage_index,
                evidence_found=found,
                judge_label=verdict.label,
            )
        )
    return tuple(results)


def _evidence_found(verdict: Verdict, passages: PassageIndex) -> bool:
    i = verdict.passage_index
    if i is None or i >= len(passages):
        return False
    return passages.contains(i, verdict.evidence)


def _missing_evidence(verdict: Verdict, n_passages: int) -> str:
    i = verdict.passage_index
    if not normalize(verdict.evidence):
        return "no evidence quote given"
    if i is None:
        return "the evidence quote cites no passage"
    if i >= n_passages:
        return f"the evidence quote cites contexts[{i}], but there are only {n_passages} passages"
    return f"the evidence quote is not in contexts[{i}]"


def _no_context_verdict(claim: Claim) -> ClaimVerdict:
    return ClaimVerdict(
        claim=claim,
        label=Label.NOT_ENOUGH_INFO,
        reason="no context passages were given",
        evidence="",
        passage_index=None,
        evidence_found=False,
        judge_label=Label.NOT_ENOUGH_INFO,
    )


def explain(
    score: float,
    passed: bool,
    threshold: float,
    labels: Sequence[Label],
    allow_contradictions: bool,
    heuristic: bool,
) -> str:
    """One line a person can read in a failure message or a report row."""
    tag = " [heuristic verdicts]" if heuristic else ""
    if not labels:
        return f"passed: the answer makes no checkable claims (vacuous, score 1.00){tag}"
    total = len(labels)
    supported = labels.count(Label.SUPPORTED)
    contradicted = labels.count(Label.CONTRADICTED)
    counts = f"{supported}/{total} claims supported"
    if contradicted:
        counts += f", {contradicted} contradicted"
    comparison = (
        f"score {score:.2f} {'>=' if score >= threshold else '<'} threshold {threshold:.2f}"
    )
    if passed:
        return f"passed: {counts}; {comparison}{tag}"
    if contradicted and not allow_contradictions and score >= threshold:
        return f"failed: {counts}; contradictions are not allowed ({comparison}){tag}"
    return f"failed: {counts}; {comparison}{tag}"
