"""One faithfulness check, step by step: answer + contexts -> FaithfulnessResult.

Validate the inputs, split the answer into sentences, ask the judge for claims and for one
verdict per claim (in one request when it can), hold each verdict to the chosen verdict rules,
score. Guarantees that hold whatever the judge does (a model, a heuristic or a user's own
object) are kept by the modules this one calls: :mod:`.claims` (every sentence that states
something is judged, once), :mod:`.verdicts` and :mod:`pytest_faithful.rules` (evidence proves
something or it is not evidence), :mod:`.judge_calls` (one failure type out of a judge).

The steps are written once (:func:`check_steps`, a procedure over judge steps; see
:mod:`pytest_faithful.providers.steps`): :func:`run_check` runs them blocking, :func:`arun_check`
awaits them on the caller's loop.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from pytest_faithful.check.claims import (
    AnswerClaims,
    ClaimMemo,
    abstaining,
    answer_claims,
    distinct,
    judge_abstentions,
    judged_whole,
    stated_by,
    uncovered,
    whole_notes,
    worst_of_copies,
)
from pytest_faithful.check.inputs import Contexts, check_inputs, check_judge, check_policy
from pytest_faithful.check.judge_calls import (
    JudgeStep,
    check_offsets,
    one_verdict_per_claim,
    revalidated,
    wrong_type,
)
from pytest_faithful.check.result import result_of
from pytest_faithful.check.verdicts import no_context_verdict, ruled
from pytest_faithful.judges.base import Judge, SingleCallJudge, is_single_call_judge
from pytest_faithful.models import (
    Claim,
    ClaimVerdict,
    ExtractedClaims,
    FaithfulnessResult,
    Usage,
    Verdict,
    Verdicts,
)
from pytest_faithful.providers.steps import run_async, run_sync
from pytest_faithful.rules import RuleSet, choose
from pytest_faithful.text.segment import Sentence, split_sentences
from pytest_faithful.vocab import DEFAULT_SCORING, DEFAULT_THRESHOLD, ScoringPolicy


def run_check(
    answer: str,
    contexts: Contexts,
    *,
    judge: Judge,
    question: str | None = None,
    threshold: float = DEFAULT_THRESHOLD,
    scoring_policy: ScoringPolicy = DEFAULT_SCORING,
    allow_contradictions: bool = False,
    rules: RuleSet | None = None,
    memo: ClaimMemo | None = None,
) -> FaithfulnessResult:
    """Verify ``answer`` against ``contexts`` with an already built judge, holding its verdicts
    to ``rules`` (the default policy when None).

    ``memo`` keeps the claims extracted from each answer, so a later check of the same answer
    (answer relevancy) does not ask the judge to decompose it again.
    """
    return run_sync(
        check_steps(
            answer,
            contexts,
            judge=judge,
            question=question,
            threshold=threshold,
            scoring_policy=scoring_policy,
            allow_contradictions=allow_contradictions,
            rules=rules,
            memo=memo,
        )
    )


async def arun_check(
    answer: str,
    contexts: Contexts,
    *,
    judge: Judge,
    question: str | None = None,
    threshold: float = DEFAULT_THRESHOLD,
    scoring_policy: ScoringPolicy = DEFAULT_SCORING,
    allow_contradictions: bool = False,
    rules: RuleSet | None = None,
    memo: ClaimMemo | None = None,
) -> FaithfulnessResult:
    """:func:`run_check` awaited on the running loop: the judge's async steps on the loop (an
    LLM judge's requests are the SDK's coroutines), a judge without them in a worker thread."""
    return await run_async(
        check_steps(
            answer,
            contexts,
            judge=judge,
            question=question,
            threshold=threshold,
            scoring_policy=scoring_policy,
            allow_contradictions=allow_contradictions,
            rules=rules,
            memo=memo,
        )
    )


async def check_steps(
    answer: str,
    contexts: Contexts,
    *,
    judge: Judge,
    question: str | None = None,
    threshold: float = DEFAULT_THRESHOLD,
    scoring_policy: ScoringPolicy = DEFAULT_SCORING,
    allow_contradictions: bool = False,
    rules: RuleSet | None = None,
    memo: ClaimMemo | None = None,
) -> FaithfulnessResult:
    """The check, once, as a procedure (:mod:`pytest_faithful.providers.steps`)."""
    started = time.perf_counter()
    answer, passages, question = check_inputs(answer, contexts, question)
    check_policy(threshold, scoring_policy, allow_contradictions)
    judge = check_judge(judge)
    rules = choose() if rules is None else rules

    sentences = split_sentences(answer)
    has_context = any(p.strip() for p in passages)
    if sentences and has_context and is_single_call_judge(judge) and judge.single_call:
        claims, verdicts, usage = await _single_call_check(
            judge, answer, sentences, passages, question, rules
        )
    else:
        claims, verdicts, usage = await _two_step_check(
            judge, answer, sentences, passages, question, has_context, rules, memo
        )
    return result_of(
        judge,
        claims,
        verdicts,
        usage,
        started,
        threshold,
        scoring_policy,
        allow_contradictions,
        rules.label,
    )


_Checked = tuple[tuple[Claim, ...], tuple[ClaimVerdict, ...], Usage]


async def _two_step_check(
    judge: Judge,
    answer: str,
    sentences: Sequence[Sentence],
    passages: Sequence[str],
    question: str | None,
    has_context: bool,
    rules: RuleSet,
    memo: ClaimMemo | None = None,
) -> _Checked:
    if not sentences:
        return (), (), Usage()
    extracted, usage = await answer_claims(judge, answer, sentences, question, memo)
    claims = extracted.claims
    if not claims:
        return (), (), usage
    if not has_context:
        return claims, tuple(no_context_verdict(c) for c in claims), usage
    judged: Verdicts = await JudgeStep(judge, "verify", (claims, passages, question), Verdicts)
    ordered = one_verdict_per_claim(judged.verdicts, len(claims), judge.id)
    return _ruled(
        judge, sentences, extracted, ordered, passages, question, rules, usage + judged.usage
    )


def _ruled(
    judge: Judge,
    sentences: Sequence[Sentence],
    extracted: AnswerClaims,
    ordered: Sequence[Verdict],
    passages: Sequence[str],
    question: str | None,
    rules: RuleSet,
    usage: Usage,
) -> _Checked:
    """The claims' verdicts held to the claim rules, then the sentence rules' verdicts."""
    claims, filled, stated = extracted.claims, extracted.filled, extracted.stated
    notes = whole_notes(filled, stated, question, judge_abstentions(judge))
    verdicts = ruled(
        claims,
        ordered,
        passages,
        question,
        notes,
        judge.heuristic,
        rules,
        tuple(s.text for s in sentences),
    )
    added: tuple[ClaimVerdict, ...] = ()
    for rule in rules.sentence_rules(judge.heuristic):
        added += rule.verdicts(
            sentences, (*claims, *(v.claim for v in added)), stated, filled, passages
        )
    return (*claims, *(v.claim for v in added)), (*verdicts, *added), usage


async def _single_call_check(
    judge: SingleCallJudge,
    answer: str,
    sentences: Sequence[Sentence],
    passages: Sequence[str],
    question: str | None,
    rules: RuleSet,
) -> _Checked:
    """Claims and verdicts from one judge step; checked exactly like the two-step path.

    Sentences the step left without a claim are verified with one more ``verify`` step.
    """
    extracted, judged = await JudgeStep[tuple[ExtractedClaims, Verdicts]](
        judge, "extract_and_verify", (sentences, passages, question), tuple
    )
    for value, kind in ((extracted, ExtractedClaims), (judged, Verdicts)):
        if not isinstance(value, kind):
            raise wrong_type(judge, "extract_and_verify", value, kind)
    extracted = revalidated(judge, "extract_and_verify", extracted)
    judged = revalidated(judge, "extract_and_verify", judged)
    check_offsets(extracted.claims, answer, judge.id)
    usage = extracted.usage + judged.usage
    spans = abstaining(judge, sentences)
    stated = [
        (i, c) for i, c in enumerate(extracted.claims) if stated_by(c, answer, question, spans)
    ]
    filled = uncovered(sentences, [c for _, c in stated], question, spans, judge_abstentions(judge))
    stated = [(i, c) for i, c in stated if not judged_whole(c, filled)]
    claims, copies = distinct([c for _, c in stated])
    verdicts: list[Verdict] = []
    if extracted.claims:
        ordered = one_verdict_per_claim(judged.verdicts, len(extracted.claims), judge.id)
        verdicts = worst_of_copies([ordered[i] for i, _ in stated], copies)
    if filled:
        more: Verdicts = await JudgeStep(judge, "verify", (filled, passages, question), Verdicts)
        usage = usage + more.usage
        offset = len(claims)
        verdicts.extend(
            v.model_copy(update={"claim_index": v.claim_index + offset})
            for v in one_verdict_per_claim(more.verdicts, len(filled), judge.id)
        )
        claims = (*claims, *filled)
    said = tuple(c for _, c in stated)
    found = AnswerClaims(claims=claims, filled=filled, stated=said)
    return _ruled(judge, sentences, found, verdicts, passages, question, rules, usage)
