"""A judge backed by a chat model: prompt -> request -> call cache -> backend -> validated output.

Provider specifics (SDK clients, keys, retries, structured-output flags) live in backends; this
module owns the prompts, the parsing and what counts as a usable answer:

* A reply that cannot be used gets one repair request; if that fails too, the check gets a
  JudgeError, never a score.
* A reply cut off at the token limit is never parsed: its batch (claims, or answer sentences)
  is split in two and each half asked again. A single claim that still does not fit is a
  JudgeError; a single answer sentence yields no claim, and the verifier verifies it whole.
* Verification goes in batches of ``batch_size`` claims so each reply fits its token limit;
  batches of one check are sent concurrently (the process-wide limit is the backend's).
* A request carries only the passages that could hold evidence for its claims
  (:func:`~.reading.evidence_passages`), each with its own number. Passages to send over the
  ``max_context_chars`` budget are refused, never cut.
* Every answer sentence that has content words (the lexical judge's test, so both judges agree
  on what a vacuous answer is) must yield a claim, and every claim must come from the sentence
  it names. A reply that leaves sentences out, or ties a claim to a sentence that shares none of
  its words while another does, gets a repair request naming them. If the repaired reply is
  still incomplete it is used as it is: misplaced claims are tied to the sentence they share
  words with, and the verifier verifies each uncovered sentence whole. A weak model that drops
  a factual sentence never makes the check score only what remains.
* Single-call: a claim the reply gives no usable label (the template's label list copied, or
  none) is verified in a verify step, not sent back for a repair.
* ``--faith-estimate``: a request the cache cannot answer is counted, not sent (the backend
  raises :class:`~pytest_faithful.cost.meter.NotCalled`); its step goes on with a placeholder
  reply (each content sentence one claim; every verdict NOT_ENOUGH_INFO), so the requests
  that would follow are counted too, as estimates built from it (``derived``).

Each step is written once, as a procedure (:mod:`pytest_faithful.providers.steps`): the
blocking methods (``extract_claims``, ``verify``, ...) run it in the calling thread, their async
twins (``aextract_claims``, ``averify``, ...) await it on the caller's loop, where its batches
are tasks and its requests the provider SDK's coroutines. :mod:`.asking` sends, repairs and
splits; :mod:`.reading` reads what the replies mean.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pytest_faithful.cache.replay import CachedBackend
from pytest_faithful.errors import JudgeError
from pytest_faithful.judges.llm import metric_prompts, prompts
from pytest_faithful.judges.llm.asking import Asking, Incomplete
from pytest_faithful.judges.llm.options import LLMOptions
from pytest_faithful.judges.llm.reading import (
    ESTIMATED,
    estimated_verdict,
    evidence_passages,
    one_per_item,
    quote_usable,
    reply_claims,
    stated,
    unquoted_problem,
    verdict_of,
)
from pytest_faithful.judges.llm.structured import ModeNegotiator
from pytest_faithful.models import (
    Claim,
    ClaimRelevance,
    ExtractedClaims,
    PassageUse,
    PassageUses,
    Relevances,
    Usage,
    Verdict,
    Verdicts,
)
from pytest_faithful.providers.steps import Gather, run_async, run_sync
from pytest_faithful.text.segment import Sentence
from pytest_faithful.text.terms import content_terms

DEFAULT_PARAMS: Mapping[str, Any] = {"temperature": 0.0, "max_tokens": 2048}
_SIZES_SHOWN = 5

_Shown = tuple[int, list[int] | None]
"""How many items a step's whole list holds, and the passages shown for all of them
(:func:`evidence_passages`): read once per step, for the budget, and reused by a request that
asks about the whole list (a part of it is read again: it may show fewer passages)."""


class LLMJudge(Asking):
    """Extracts claims and verifies them with a chat model behind a (cached) backend."""

    def __init__(
        self,
        backend: CachedBackend,
        model: str,
        *,
        params: Mapping[str, Any] | None = None,
        prompt_version: str = prompts.PROMPT_VERSION,
        tuning: LLMOptions | None = None,
        structured: ModeNegotiator | None = None,
    ) -> None:
        self._backend = backend
        self._model = model
        self._params = dict(DEFAULT_PARAMS if params is None else params)
        self._prompt_version = prompt_version
        self._tuning = tuning or LLMOptions()
        self._structured = structured
        # Claims an estimate made up (placeholder replies): a request that carries one is
        # itself an estimate that follows another.
        self._estimated_claims: set[Claim] = set()

    @property
    def id(self) -> str:
        base = f"{self._backend.kind}:{self._model}/{self._prompt_version}"
        return f"{base}/single-call" if self.single_call else base

    @property
    def heuristic(self) -> bool:
        return False

    @property
    def single_call(self) -> bool:
        """True when claims are extracted and verified in one request per answer."""
        return self._tuning.single_call

    # -- the judge protocol, blocking and awaited --------------------------------------------

    def extract_claims(
        self, sentences: Sequence[Sentence], question: str | None
    ) -> ExtractedClaims:
        return run_sync(self._extract_claims(sentences, question))

    async def aextract_claims(
        self, sentences: Sequence[Sentence], question: str | None
    ) -> ExtractedClaims:
        return await run_async(self._extract_claims(sentences, question))

    def verify(
        self, claims: Sequence[Claim], passages: Sequence[str], question: str | None
    ) -> Verdicts:
        return run_sync(self._verify_claims(claims, passages, question))

    async def averify(
        self, claims: Sequence[Claim], passages: Sequence[str], question: str | None
    ) -> Verdicts:
        return await run_async(self._verify_claims(claims, passages, question))

    def extract_and_verify(
        self, sentences: Sequence[Sentence], passages: Sequence[str], question: str | None
    ) -> tuple[ExtractedClaims, Verdicts]:
        """Single-call mode: claims and their verdicts from one request per answer."""
        return run_sync(self._extract_and_verify(sentences, passages, question))

    async def aextract_and_verify(
        self, sentences: Sequence[Sentence], passages: Sequence[str], question: str | None
    ) -> tuple[ExtractedClaims, Verdicts]:
        return await run_async(self._extract_and_verify(sentences, passages, question))

    # -- the metrics beside faithfulness (judges/base.RelevanceJudge, PassageJudge) ------------

    @property
    def metric_version(self) -> str:
        """The version of the metric prompts (``metric_prompts.METRIC_PROMPT_VERSION``)."""
        return metric_prompts.METRIC_PROMPT_VERSION

    def judge_relevance(self, claims: Sequence[Claim], question: str) -> Relevances:
        """One relevant/not verdict per answer claim, and whether the answer is noncommittal."""
        return run_sync(self._judge_relevance(claims, question))

    async def ajudge_relevance(self, claims: Sequence[Claim], question: str) -> Relevances:
        return await run_async(self._judge_relevance(claims, question))

    def judge_passages(
        self, passages: Sequence[str], question: str, reference: str | None
    ) -> PassageUses:
        """One useful/not verdict per retrieved passage (given the reference, if any)."""
        return run_sync(self._judge_passages(passages, question, reference))

    async def ajudge_passages(
        self, passages: Sequence[str], question: str, reference: str | None
    ) -> PassageUses:
        return await run_async(self._judge_passages(passages, question, reference))

    # -- each step, once ----------------------------------------------------------------------

    async def _extract_claims(
        self, sentences: Sequence[Sentence], question: str | None
    ) -> ExtractedClaims:
        claims, usage = await self._split_when_truncated(
            list(sentences),
            lambda part: self._extract(part, question),
            "answer sentence",
            leave_cut_sentence=True,
        )
        return ExtractedClaims(claims=tuple(claims), usage=usage)

    async def _verify_claims(
        self, claims: Sequence[Claim], passages: Sequence[str], question: str | None
    ) -> Verdicts:
        shown = evidence_passages(passages, [*(c.text for c in claims), question or ""])
        self._check_budget(passages, shown)
        numbered = list(enumerate(claims))
        size = self._tuning.batch_size
        batches = [numbered[i : i + size] for i in range(0, len(numbered), size)]
        # The batches of one check go at once: threads when blocking (each in a copy of this
        # context: the check's spend collector and noted cache asks see its calls), tasks on
        # the caller's loop when awaited; the run's limit on calls in flight holds either way.
        outcomes = await Gather(
            [
                self._split_when_truncated(
                    batch,
                    lambda part: self._verify(part, passages, question, (len(claims), shown)),
                    "claim",
                )
                for batch in batches
            ],
            workers=self._tuning.max_concurrency,
            name="faithful-verify",
        )
        verdicts: list[Verdict] = []
        usage = Usage()
        for found, cost in outcomes:
            verdicts.extend(found)
            usage = usage + cost
        return Verdicts(verdicts=tuple(verdicts), usage=usage)

    async def _extract_and_verify(
        self, sentences: Sequence[Sentence], passages: Sequence[str], question: str | None
    ) -> tuple[ExtractedClaims, Verdicts]:
        shown = evidence_passages(passages, [*(s.text for s in sentences), question or ""])
        self._check_budget(passages, shown)
        pairs, usage = await self._split_when_truncated(
            list(sentences),
            lambda part: self._extract_verified(part, passages, question, (len(sentences), shown)),
            "answer sentence",
            leave_cut_sentence=True,
        )
        claims = tuple(claim for claim, _ in pairs)
        unlabelled = [i for i, (_, verdict) in enumerate(pairs) if verdict is None]
        given = {i: verdict for i, (_, verdict) in enumerate(pairs) if verdict is not None}
        if unlabelled:
            # Claims the reply gave no usable label go to a verify step, as sentences it left
            # without a claim do: a repair would resend the passages and the whole reply, and
            # small models copy the template's label list again when asked again.
            more = await self._verify_claims([claims[i] for i in unlabelled], passages, question)
            usage = usage + more.usage
            given.update((unlabelled[v.claim_index], v) for v in more.verdicts)
        verdicts = tuple(given[i].model_copy(update={"claim_index": i}) for i in range(len(pairs)))
        # The usage is reported once, with the claims; the verdicts cost nothing more.
        return ExtractedClaims(claims=claims, usage=usage), Verdicts(verdicts=verdicts)

    async def _judge_relevance(self, claims: Sequence[Claim], question: str) -> Relevances:
        messages = metric_prompts.relevance_messages(claims, question)

        def relevances_of(output: metric_prompts.RelevanceOutput) -> Relevances:
            named = one_per_item([v.claim for v in output.verdicts], len(claims), "claim")
            return Relevances(
                relevances=tuple(
                    ClaimRelevance(claim_index=n - 1, relevant=v.relevant, reason=v.reason)
                    for n, v in zip(named, output.verdicts, strict=True)
                ),
                noncommittal=output.noncommittal,
            )

        found, usage = await self._ask(
            messages,
            metric_prompts.RelevanceOutput,
            relevances_of,
            self.metric_version,
            placeholder=lambda: Relevances(
                relevances=tuple(
                    ClaimRelevance(claim_index=i, relevant=False, reason=ESTIMATED)
                    for i in range(len(claims))
                )
            ),
            derived=self._derived(claims),
        )
        return found.model_copy(update={"usage": usage})

    async def _judge_passages(
        self, passages: Sequence[str], question: str, reference: str | None
    ) -> PassageUses:
        self._check_budget(passages)
        messages = metric_prompts.passage_messages(passages, question, reference)

        def uses_of(output: metric_prompts.PassageOutput) -> PassageUses:
            named = one_per_item([v.passage for v in output.verdicts], len(passages), "passage")
            return PassageUses(
                uses=tuple(
                    PassageUse(passage_index=n - 1, useful=v.useful, reason=v.reason)
                    for n, v in zip(named, output.verdicts, strict=True)
                )
            )

        found, usage = await self._ask(
            messages,
            metric_prompts.PassageOutput,
            uses_of,
            self.metric_version,
            placeholder=lambda: PassageUses(
                uses=tuple(
                    PassageUse(passage_index=i, useful=False, reason=ESTIMATED)
                    for i in range(len(passages))
                )
            ),
        )
        return found.model_copy(update={"usage": usage})

    # -- one request per part -----------------------------------------------------------------

    async def _extract(
        self, sentences: Sequence[Sentence], question: str | None
    ) -> tuple[list[Claim], Usage]:
        messages = prompts.extraction_messages(sentences, question)

        def claims_of(output: prompts.ExtractionOutput) -> list[Claim]:
            claims, problems = reply_claims(
                [(item.sentence, item.claim) for item in stated(output.claims)], sentences
            )
            if problems:
                raise Incomplete(problems, claims)
            return claims

        return await self._ask(
            messages,
            prompts.ExtractionOutput,
            claims_of,
            placeholder=lambda: self._placeholder_claims(sentences),
        )

    async def _verify(
        self,
        part: Sequence[tuple[int, Claim]],
        passages: Sequence[str],
        question: str | None,
        whole: _Shown | None = None,
    ) -> tuple[list[Verdict], Usage]:
        claims = [c for _, c in part]
        shown = (
            whole[1]
            if whole is not None and whole[0] == len(part)  # every claim: the same texts
            else evidence_passages(passages, [*(c.text for c in claims), question or ""])
        )
        messages = prompts.verification_messages(claims, passages, question, shown)

        def verdicts_of(output: prompts.VerificationOutput) -> list[Verdict]:
            # One claim asked, one verdict given: it is that claim's, whatever number it carries;
            # verdicts numbered 0..n-1 are claims 1..n counted from zero (one_per_item).
            named = one_per_item([v.claim for v in output.verdicts], len(part), "claim")
            given = list(zip(named, output.verdicts, strict=True))
            verdicts = [verdict_of(part[n - 1][0], v, v.label, passages) for n, v in given]
            if self._tuning.quote_repair:
                unquoted = [
                    n
                    for (n, _), verdict in zip(given, verdicts, strict=True)
                    if not quote_usable(verdict, part[n - 1][1].text, question, passages)
                ]
                if unquoted:
                    raise Incomplete(unquoted_problem(unquoted, "claim"), verdicts)
            return verdicts

        return await self._ask(
            messages,
            prompts.VerificationOutput,
            verdicts_of,
            placeholder=lambda: [estimated_verdict(i) for i, _ in part],
            derived=self._derived(claims),
        )

    async def _extract_verified(
        self,
        sentences: Sequence[Sentence],
        passages: Sequence[str],
        question: str | None,
        whole: _Shown | None = None,
    ) -> tuple[list[tuple[Claim, Verdict | None]], Usage]:
        """Claims with their verdicts; None for a claim the reply gave no usable label."""
        shown = (
            whole[1]
            if whole is not None and whole[0] == len(sentences)  # every sentence: the same texts
            else evidence_passages(passages, [*(s.text for s in sentences), question or ""])
        )
        messages = prompts.single_call_messages(sentences, passages, question, shown)

        def pairs_of(output: prompts.SingleCallReading) -> list[tuple[Claim, Verdict | None]]:
            # No repair for a sentence left without a claim, or a claim naming the wrong one: a
            # repair resends the passages, and would not change a verdict; the verifier verifies
            # a sentence left without a claim whole, for the same one request.
            items = stated(output.claims)
            claims, problems = reply_claims(
                [(item.sentence, item.claim) for item in items], sentences, repairable=False
            )
            pairs = [
                (claim, None if item.label is None else verdict_of(0, item, item.label, passages))
                for claim, item in zip(claims, items, strict=True)
            ]
            if self._tuning.quote_repair:
                unquoted = [
                    n
                    for n, (claim, verdict) in enumerate(pairs, 1)
                    if verdict is not None
                    and not quote_usable(verdict, claim.text, question, passages)
                ]
                if unquoted:
                    problems = "; ".join(
                        p for p in (problems, unquoted_problem(unquoted, "claims item")) if p
                    )
            if problems:
                raise Incomplete(problems, pairs)
            return pairs

        return await self._ask(
            messages,
            prompts.SingleCallReading,
            pairs_of,
            asked=prompts.SingleCallOutput,
            placeholder=lambda: [
                (claim, estimated_verdict(0)) for claim in self._placeholder_claims(sentences)
            ],
        )

    # -- --faith-estimate: placeholder replies --------------------------------------------------

    def _placeholder_claims(self, sentences: Sequence[Sentence]) -> list[Claim]:
        """One claim per sentence that states something: what an extraction that was not
        made stands in for, remembered so that requests carrying them count as derived."""
        claims = [
            Claim(text=s.text.strip(), sentence=s.text, start=s.start, end=s.end)
            for s in sentences
            if content_terms(s.text) and s.text.strip()
        ]
        self._estimated_claims.update(claims)
        return claims

    def _derived(self, claims: Sequence[Claim]) -> bool:
        return any(claim in self._estimated_claims for claim in claims)

    def _check_budget(self, passages: Sequence[str], shown: Sequence[int] | None = None) -> None:
        """A JudgeError when the passages a request would carry (``shown``, default all) are
        over the budget. Requests of one check carry subsets of ``shown``, so checking it once,
        before any call, is enough."""
        sent = range(len(passages)) if shown is None else shown
        total = sum(len(passages[i]) for i in sent)
        budget = self._tuning.max_context_chars
        if total > budget:
            # The largest few, which are what to shorten: a thousand passages are not a line.
            largest = sorted(sent, key=lambda i: -len(passages[i]))[:_SIZES_SHOWN]
            sizes = ", ".join(f"contexts[{i}]: {len(passages[i])}" for i in largest) + (
                f", and {len(sent) - len(largest)} more" if len(sent) > len(largest) else ""
            )
            which = (
                "the passages"
                if shown is None
                else f"the passages that could hold evidence ({len(sent)} of {len(passages)})"
            )
            raise JudgeError(
                f"judge {self.id}: {which} hold {total} characters ({sizes}), over the "
                f"budget of {budget} per request. Passages are never cut: raise "
                "--faith-max-context-chars (faith_max_context_chars) if the model's context "
                "window allows it, or pass fewer or shorter contexts.",
                judge_id=self.id,
            )
