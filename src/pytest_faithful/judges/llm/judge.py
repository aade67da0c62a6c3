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
  (:func:`_evidence_passages`), each with its own number. Passages to send over the
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
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from pydantic import BaseModel

from pytest_faithful.cache.replay import CachedBackend, CachedCompletion
from pytest_faithful.errors import JudgeError, shorten
from pytest_faithful.judges.llm import metric_prompts, prompts
from pytest_faithful.judges.llm.options import LLMOptions
from pytest_faithful.judges.llm.parsing import ParseProblem, parse_output
from pytest_faithful.judges.llm.structured import ModeNegotiator
from pytest_faithful.models import (
    Claim,
    ClaimRelevance,
    ExtractedClaims,
    Label,
    PassageUse,
    PassageUses,
    Relevances,
    Usage,
    Verdict,
    Verdicts,
)
from pytest_faithful.providers.base import ChatMessage, JudgeRequest, JudgeResponse
from pytest_faithful.providers.endpoint import PARAM, WireMode
from pytest_faithful.providers.errors import StructuredOutputRejected
from pytest_faithful.text.abstentions import is_abstention, restating_headings
from pytest_faithful.text.align import align_in
from pytest_faithful.text.evidence import (
    bears_on,
    could_bear_on,
    quoted_within,
    subject_of,
)
from pytest_faithful.text.segment import Sentence
from pytest_faithful.text.terms import content_terms

_Output = TypeVar("_Output", bound=BaseModel)
_Parsed = TypeVar("_Parsed")
_Item = TypeVar("_Item")
_Result = TypeVar("_Result")

DEFAULT_PARAMS: Mapping[str, Any] = {"temperature": 0.0, "max_tokens": 2048}
TRUNCATED = frozenset({"length", "max_tokens"})
REFUSED = frozenset({"refusal", "content_filter"})


class _Truncated(Exception):
    """A reply hit the token limit; carries what the cut-off calls cost."""

    def __init__(self, finish_reason: str, usage: Usage) -> None:
        super().__init__(finish_reason)
        self.finish_reason = finish_reason
        self.usage = usage


class _Incomplete(ParseProblem):
    """A usable reply that leaves something to repair; ``partial`` is what it does give."""

    def __init__(self, problem: str, partial: object) -> None:
        super().__init__(problem)
        self.partial = partial


class LLMJudge:
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

    # -- the judge protocol -------------------------------------------------------------------

    def extract_claims(
        self, sentences: Sequence[Sentence], question: str | None
    ) -> ExtractedClaims:
        claims, usage = self._split_when_truncated(
            list(sentences),
            lambda part: self._extract(part, question),
            "answer sentence",
            leave_cut_sentence=True,
        )
        return ExtractedClaims(claims=tuple(claims), usage=usage)

    def verify(
        self, claims: Sequence[Claim], passages: Sequence[str], question: str | None
    ) -> Verdicts:
        self._check_budget(
            passages, _evidence_passages(passages, [*(c.text for c in claims), question or ""])
        )
        numbered = list(enumerate(claims))
        size = self._tuning.batch_size
        batches = [numbered[i : i + size] for i in range(0, len(numbered), size)]

        def run(batch: list[tuple[int, Claim]]) -> tuple[list[Verdict], Usage]:
            return self._split_when_truncated(
                batch, lambda part: self._verify(part, passages, question), "claim"
            )

        if len(batches) > 1:
            workers = min(len(batches), self._tuning.max_concurrency)
            with ThreadPoolExecutor(workers, thread_name_prefix="faithful-verify") as pool:
                outcomes = list(pool.map(run, batches))
        else:
            outcomes = [run(batch) for batch in batches]
        verdicts: list[Verdict] = []
        usage = Usage()
        for found, cost in outcomes:
            verdicts.extend(found)
            usage = usage + cost
        return Verdicts(verdicts=tuple(verdicts), usage=usage)

    def extract_and_verify(
        self, sentences: Sequence[Sentence], passages: Sequence[str], question: str | None
    ) -> tuple[ExtractedClaims, Verdicts]:
        """Single-call mode: claims and their verdicts from one request per answer."""
        self._check_budget(
            passages, _evidence_passages(passages, [*(s.text for s in sentences), question or ""])
        )
        pairs, usage = self._split_when_truncated(
            list(sentences),
            lambda part: self._extract_verified(part, passages, question),
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
            more = self.verify([claims[i] for i in unlabelled], passages, question)
            usage = usage + more.usage
            given.update((unlabelled[v.claim_index], v) for v in more.verdicts)
        verdicts = tuple(given[i].model_copy(update={"claim_index": i}) for i in range(len(pairs)))
        # The usage is reported once, with the claims; the verdicts cost nothing more.
        return ExtractedClaims(claims=claims, usage=usage), Verdicts(verdicts=verdicts)

    # -- the metrics beside faithfulness (judges/base.RelevanceJudge, PassageJudge) ------------

    @property
    def metric_version(self) -> str:
        """The version of the metric prompts (``metric_prompts.METRIC_PROMPT_VERSION``)."""
        return metric_prompts.METRIC_PROMPT_VERSION

    def judge_relevance(self, claims: Sequence[Claim], question: str) -> Relevances:
        """One relevant/not verdict per answer claim, and whether the answer is noncommittal."""
        messages = metric_prompts.relevance_messages(claims, question)

        def relevances_of(output: metric_prompts.RelevanceOutput) -> Relevances:
            _one_per_item([v.claim for v in output.verdicts], len(claims), "claim")
            return Relevances(
                relevances=tuple(
                    ClaimRelevance(claim_index=v.claim - 1, relevant=v.relevant, reason=v.reason)
                    for v in output.verdicts
                ),
                noncommittal=output.noncommittal,
            )

        found, usage = self._ask(
            messages, metric_prompts.RelevanceOutput, relevances_of, self.metric_version
        )
        return found.model_copy(update={"usage": usage})

    def judge_passages(
        self, passages: Sequence[str], question: str, reference: str | None
    ) -> PassageUses:
        """One useful/not verdict per retrieved passage (given the reference, if any)."""
        self._check_budget(passages)
        messages = metric_prompts.passage_messages(passages, question, reference)

        def uses_of(output: metric_prompts.PassageOutput) -> PassageUses:
            _one_per_item([v.passage for v in output.verdicts], len(passages), "passage")
            return PassageUses(
                uses=tuple(
                    PassageUse(passage_index=v.passage - 1, useful=v.useful, reason=v.reason)
                    for v in output.verdicts
                )
            )

        found, usage = self._ask(
            messages, metric_prompts.PassageOutput, uses_of, self.metric_version
        )
        return found.model_copy(update={"usage": usage})

    # -- one request per part -----------------------------------------------------------------

    def _extract(
        self, sentences: Sequence[Sentence], question: str | None
    ) -> tuple[list[Claim], Usage]:
        messages = prompts.extraction_messages(sentences, question)

        def claims_of(output: prompts.ExtractionOutput) -> list[Claim]:
            claims, problems = _claims(
                [(item.sentence, item.claim) for item in output.claims], sentences
            )
            if problems:
                raise _Incomplete(problems, claims)
            return claims

        return self._ask(messages, prompts.ExtractionOutput, claims_of)

    def _verify(
        self, part: Sequence[tuple[int, Claim]], passages: Sequence[str], question: str | None
    ) -> tuple[list[Verdict], Usage]:
        claims = [c for _, c in part]
        shown = _evidence_passages(passages, [*(c.text for c in claims), question or ""])
        messages = prompts.verification_messages(claims, passages, question, shown)

        def verdicts_of(output: prompts.VerificationOutput) -> list[Verdict]:
            # One claim asked, one verdict given: it can only be for that claim, whatever number
            # it carries (small models copy a passage's number there). Verdicts numbered 0..n-1
            # are claims 1..n counted from zero, as code-trained models do.
            alone = len(part) == 1 and len(output.verdicts) == 1
            shift = 1 if sorted(v.claim for v in output.verdicts) == list(range(len(part))) else 0
            given = [(1 if alone else v.claim + shift, v) for v in output.verdicts]
            numbers = sorted(n for n, _ in given)
            if numbers != list(range(1, len(part) + 1)):
                raise ParseProblem(
                    f"expected one verdict for each of claims 1..{len(part)}, got verdicts for "
                    f"claims {numbers}"
                )
            verdicts = [_verdict(part[n - 1][0], v, v.label, passages) for n, v in given]
            if self._tuning.quote_repair:
                unquoted = [
                    n
                    for (n, _), verdict in zip(given, verdicts, strict=True)
                    if not _quote_usable(verdict, part[n - 1][1].text, question, passages)
                ]
                if unquoted:
                    raise _Incomplete(_unquoted_problem(unquoted, "claim"), verdicts)
            return verdicts

        return self._ask(messages, prompts.VerificationOutput, verdicts_of)

    def _extract_verified(
        self, sentences: Sequence[Sentence], passages: Sequence[str], question: str | None
    ) -> tuple[list[tuple[Claim, Verdict | None]], Usage]:
        """Claims with their verdicts; None for a claim the reply gave no usable label."""
        shown = _evidence_passages(passages, [*(s.text for s in sentences), question or ""])
        messages = prompts.single_call_messages(sentences, passages, question, shown)

        def pairs_of(output: prompts.SingleCallReading) -> list[tuple[Claim, Verdict | None]]:
            # No repair for a sentence left without a claim, or a claim naming the wrong one: a
            # repair resends the passages, and would not change a verdict; the verifier verifies
            # a sentence left without a claim whole, for the same one request.
            claims, problems = _claims(
                [(item.sentence, item.claim) for item in output.claims],
                sentences,
                repairable=False,
            )
            pairs = [
                (claim, None if item.label is None else _verdict(0, item, item.label, passages))
                for claim, item in zip(claims, output.claims, strict=True)
            ]
            if self._tuning.quote_repair:
                unquoted = [
                    n
                    for n, (claim, verdict) in enumerate(pairs, 1)
                    if verdict is not None
                    and not _quote_usable(verdict, claim.text, question, passages)
                ]
                if unquoted:
                    problems = "; ".join(
                        p for p in (problems, _unquoted_problem(unquoted, "claims item")) if p
                    )
            if problems:
                raise _Incomplete(problems, pairs)
            return pairs

        return self._ask(
            messages, prompts.SingleCallReading, pairs_of, asked=prompts.SingleCallOutput
        )

    # -- asking, repairing, splitting ---------------------------------------------------------

    def _split_when_truncated(
        self,
        items: list[_Item],
        ask: Callable[[list[_Item]], tuple[list[_Result], Usage]],
        what: str,
        *,
        leave_cut_sentence: bool = False,
    ) -> tuple[list[_Result], Usage]:
        """``ask(items)``; when the reply is cut off, ask for each half instead.

        With ``leave_cut_sentence``, a single answer sentence whose reply is still cut off
        yields no claim, and the verifier verifies it whole as it does any sentence left
        without a claim: a different request, which a model that looped (a quote repeated in
        the reason until the limit) may well answer. Otherwise a single item still cut off is
        a JudgeError.
        """
        if not items:
            return [], Usage()
        try:
            return ask(items)
        except _Truncated as cut:
            if len(items) == 1 and leave_cut_sentence:
                return [], cut.usage
            if len(items) == 1:
                raise JudgeError(
                    f"judge {self.id} output for a single {what} was cut off at the token limit "
                    f"(finish reason {cut.finish_reason!r}; --faith-max-tokens is "
                    f"{self._params.get('max_tokens')}); no verdicts were scored",
                    judge_id=self.id,
                ) from None
            middle = len(items) // 2
            halves = [
                self._split_when_truncated(half, ask, what, leave_cut_sentence=leave_cut_sentence)
                for half in (items[:middle], items[middle:])
            ]
            (left, left_cost), (right, right_cost) = halves
            return left + right, cut.usage + left_cost + right_cost

    def _ask(
        self,
        messages: tuple[ChatMessage, ...],
        output_model: type[_Output],
        interpret: Callable[[_Output], _Parsed],
        prompt_version: str | None = None,
        *,
        asked: type[BaseModel] | None = None,
    ) -> tuple[_Parsed, Usage]:
        """Ask, parse and interpret; on a problem, ask once more with the problem named.

        The reply is read as ``output_model``; the request asks for ``asked``'s schema when the
        two differ (a reading more lenient than what is asked for). A reply that is usable but
        incomplete (:class:`_Incomplete`) is repaired too; when the repair does not complete
        it, the best partial answer is used.
        """
        usage = Usage()
        problem = ""
        partial: _Incomplete | None = None
        for attempt in ("first", "repair"):
            response, cost = self._send(messages, asked or output_model, prompt_version)
            usage = usage + cost
            if response.finish_reason in TRUNCATED:
                raise _Truncated(response.finish_reason or "length", usage)
            try:
                if response.finish_reason in REFUSED:
                    raise ParseProblem(
                        f"the judge refused (finish reason {response.finish_reason!r}): "
                        f"{shorten(response.text, 200)!r}"
                    )
                return interpret(parse_output(response.text, output_model)), usage
            except _Incomplete as exc:
                if attempt == "repair":
                    return exc.partial, usage  # type: ignore[return-value]
                problem, partial = str(exc), exc
            except ParseProblem as exc:
                problem = str(exc)
                if attempt == "repair" and partial is not None:
                    return partial.partial, usage  # type: ignore[return-value]
            if attempt == "first":
                messages = (
                    *messages,
                    ChatMessage(role="assistant", content=response.text),
                    prompts.repair_message(problem),
                )
        raise JudgeError(
            f"judge {self.id} gave no usable answer after one repair request: {problem}",
            judge_id=self.id,
        )

    def _request(
        self,
        messages: tuple[ChatMessage, ...],
        output_model: type[BaseModel],
        mode: str | None,
        prompt_version: str | None = None,
    ) -> JudgeRequest:
        params = dict(self._params)
        if mode is not None:
            params[PARAM] = mode
        return JudgeRequest(
            kind=self._backend.kind,
            model=self._model,
            messages=messages,
            output_schema=prompts.schema_of(output_model),
            params=params,
            prompt_version=prompt_version or self._prompt_version,
        )

    def _send(
        self,
        messages: tuple[ChatMessage, ...],
        output_model: type[BaseModel],
        prompt_version: str | None = None,
    ) -> tuple[JudgeResponse, Usage]:
        completion = self._complete(messages, output_model, prompt_version)
        response = completion.response
        return response, Usage(
            judge_calls=1,
            cache_hits=int(completion.cache_hit),
            input_tokens=response.input_tokens,
            output_tokens=response.output_tokens,
        )

    def _complete(
        self,
        messages: tuple[ChatMessage, ...],
        output_model: type[BaseModel],
        prompt_version: str | None = None,
    ) -> CachedCompletion:
        negotiator = self._structured
        if negotiator is None:
            return self._backend.complete_with_status(
                self._request(messages, output_model, None, prompt_version)
            )
        built: dict[str, JudgeRequest] = {}

        def request_for(mode: WireMode) -> JudgeRequest:
            if mode not in built:
                built[mode] = self._request(messages, output_model, mode, prompt_version)
            return built[mode]

        # A warm cache answers with whichever mode was recorded, without calling anyone; modes
        # after the recorded one are never even built.
        for mode in negotiator.candidates():
            replayed = self._backend.lookup(request_for(mode))
            if replayed is not None:
                negotiator.accepted(mode)
                return replayed
        rejected: list[str] = []
        for mode in negotiator.candidates():
            try:
                completion = self._backend.complete_with_status(request_for(mode))
            except StructuredOutputRejected as exc:
                rejected.append(f"{mode}: {exc.detail}")
                continue
            negotiator.accepted(mode)
            return completion
        hint = (
            f"structured output is pinned to {negotiator.pin!r}; try "
            "--faith-structured-output=prompt"
            if negotiator.pinned
            else "no mode worked"
        )
        raise JudgeError(
            f"judge {self.id}: {negotiator.where} refused every way of asking for JSON "
            f"({'; '.join(rejected)}); {hint}",
            judge_id=self.id,
        )

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


_SIZES_SHOWN = 5


def _evidence_passages(passages: Sequence[str], texts: Sequence[str]) -> list[int] | None:
    """The passages a quote bearing on ``texts`` (claims, or answer sentences and the
    question) could come from; None (all of them) when that is every passage, or none.

    The verifier accepts no evidence from any other passage (a quote must share a word with
    its claim, and a located span most of them), so sending one costs tokens and gives a small
    model more to misnumber, for no verdict that could stand. Long retrieved lists are mostly
    such passages.
    """
    wanted = frozenset().union(*(content_terms(text) for text in texts))
    shown = [i for i, passage in enumerate(passages) if could_bear_on(passage, wanted)]
    return shown if 0 < len(shown) < len(passages) else None


def _one_per_item(numbers: Sequence[int], count: int, what: str) -> None:
    """A ParseProblem (repaired once, then a JudgeError) unless there is one verdict for each of
    items 1..count."""
    if sorted(numbers) != list(range(1, count + 1)):
        raise ParseProblem(
            f"expected one verdict for each of {what}s 1..{count}, got verdicts for {what}s "
            f"{sorted(numbers)}"
        )


def _claims(
    items: Sequence[tuple[int, str]], sentences: Sequence[Sentence], *, repairable: bool = True
) -> tuple[list[Claim], str]:
    """The claims of a reply, and what is wrong with their coverage of the sentences ("" if
    nothing). Misplaced claims come back tied to the sentence they share words with.

    ``repairable=False`` reports no problem at all: misplaced claims are moved all the same, and
    the verifier verifies a sentence left without a claim whole
    (:func:`pytest_faithful.check.claims.uncovered`)."""
    terms = [content_terms(s.text) for s in sentences]
    claims: list[Claim] = []
    moved: list[str] = []
    for number, text in items:
        if len(sentences) == 1:
            # Small models put a passage's number where the sentence's belongs; with one
            # sentence there is only one it can come from.
            claims.append(_claim(1, text, sentences))
            continue
        claimed = content_terms(text)
        home = _home_sentence(claimed, number, terms)
        if not 1 <= home <= len(sentences):
            claims.append(_claim(number, text, sentences))  # raises: names no sentence
        elif home != number:
            why = "which shares no word with it" if 1 <= number <= len(sentences) else "of none"
            moved.append(f"claim {shorten(text.strip(), 80)!r} names sentence {number}, {why}")
            claims.append(_claim(home, text, sentences))
        else:
            claims.append(_claim(number, text, sentences))
    if not repairable:
        return claims, ""
    covered = {c.start for c in claims}
    framing = {start for start, _ in restating_headings(sentences)}
    missing = [
        n
        for n, s in enumerate(sentences, 1)
        if terms[n - 1]
        and s.start not in covered
        and s.start not in framing
        and not is_abstention(s.text)
    ]
    problems = []
    if missing:
        numbers = ", ".join(str(n) for n in missing[:10])
        what = "no claims were extracted, but" if not claims else "no claim comes from"
        problems.append(
            f"{what} sentence(s) {numbers} state something: extract their factual claims "
            "(return no claims only for greetings, questions or sentences that only decline "
            "to answer)"
        )
    if moved:
        problems.append(
            f"{'; '.join(moved[:5])}: give each claim the number of the sentence it comes from"
        )
    return claims, "; ".join(problems)


def _quote_usable(
    verdict: Verdict, claim: str, question: str | None, passages: Sequence[str]
) -> bool:
    """Whether a verdict needs no quote, or gives one the verifier will accept: its evidence, or
    a quote inside its evidence or reason, in a passage (after small edits) and bearing on the
    claim (for a bare "Yes.", on the question it answers), as the verifier decides it."""
    if verdict.label is not Label.SUPPORTED:
        return True
    subject = subject_of(claim, question)
    aligned = align_in(passages, verdict.evidence, verdict.passage_index)
    if aligned is not None and bears_on(aligned.text(passages), subject):
        return True
    cited = verdict.passage_index
    return quoted_within(passages, subject, verdict.evidence, verdict.reason, cited) is not None


def _unquoted_problem(numbers: Sequence[int], what: str) -> str:
    listed = ", ".join(str(n) for n in numbers[:10])
    return (
        f"the SUPPORTED verdict for {what}(s) {listed} gives no evidence that is in a passage: "
        'copy into "evidence" the exact words of one passage that state the claim, and give '
        "that passage's number; if no passage states it, use NOT_ENOUGH_INFO"
    )


def _home_sentence(
    claim_terms: frozenset[str], number: int, terms: Sequence[frozenset[str]]
) -> int:
    """The sentence a claim comes from: the one it names, unless that one shares none of its
    words (and has words to share) or does not exist, while another sentence shares some."""
    named = terms[number - 1] if 1 <= number <= len(terms) else None
    if not claim_terms or (named is not None and (not named or claim_terms & named)):
        return number
    overlaps = [len(claim_terms & t) for t in terms]
    best = max(overlaps)
    return overlaps.index(best) + 1 if best else number


def _claim(number: int, text: str, sentences: Sequence[Sentence]) -> Claim:
    if not 1 <= number <= len(sentences):
        raise ParseProblem(
            f"claim {text!r} names sentence {number}, but there are only {len(sentences)} sentences"
        )
    if not text.strip():
        raise ParseProblem(f"an empty claim for sentence {number}")
    s = sentences[number - 1]
    return Claim(text=text.strip(), sentence=s.text, start=s.start, end=s.end)


def _verdict(
    index: int,
    judged: prompts.JudgedClaim | prompts.ReadJudgedClaim,
    label: Label,
    passages: Sequence[str],
) -> Verdict:
    # A passage number out of range is read as none: the verifier looks for the quote in
    # every passage (small models miscount), and a quote in none is not evidence.
    cited = judged.passage
    return Verdict(
        claim_index=index,
        label=label,
        reason=judged.reason,
        evidence=judged.evidence,
        passage_index=None if cited is None or not 1 <= cited <= len(passages) else cited - 1,
    )
