"""How an LLM judge asks: requests, the call cache, structured-output modes, one repair, and
splitting a batch whose reply was cut off. Written once as procedures over :class:`Call` and
:class:`Lookup` steps (:mod:`pytest_faithful.providers.steps`): a blocking check runs each
call through the runner's private loop, an async check awaits it on its own loop.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from pydantic import BaseModel

from pytest_faithful.cache.replay import CachedBackend, CachedCompletion
from pytest_faithful.cost.meter import NotCalled
from pytest_faithful.errors import JudgeError, shorten
from pytest_faithful.judges.llm import prompts
from pytest_faithful.judges.llm.parsing import ParseProblem, closed_before_cut, parse_output
from pytest_faithful.judges.llm.structured import ModeNegotiator
from pytest_faithful.models import Usage
from pytest_faithful.providers.base import ChatMessage, JudgeRequest, JudgeResponse
from pytest_faithful.providers.endpoint import PARAM, WireMode
from pytest_faithful.providers.errors import StructuredOutputRejected
from pytest_faithful.providers.steps import Procedure, Step
from pytest_faithful.redaction import MASK

_Output = TypeVar("_Output", bound=BaseModel)
_Parsed = TypeVar("_Parsed")
_Item = TypeVar("_Item")
_Result = TypeVar("_Result")

CONTEXT_FULL = "model_context_window_exceeded"
"""Anthropic's stop reason for a reply cut off where the request and the reply filled the
model's context window: a cut-off reply like another, but more output tokens would not help."""
TRUNCATED = frozenset({"length", "max_tokens", CONTEXT_FULL})
REFUSED = frozenset({"refusal", "content_filter"})


class Call(Step[CachedCompletion]):
    """One request through the call cache: replayed, or sent to the provider."""

    def __init__(self, backend: CachedBackend, request: JudgeRequest, derived: bool) -> None:
        self._backend, self._request, self._derived = backend, request, derived

    def run(self) -> CachedCompletion:
        return self._backend.complete_with_status(self._request, derived=self._derived)

    async def arun(self) -> CachedCompletion:
        return await self._backend.acomplete_with_status(self._request, derived=self._derived)


class Lookup(Step["CachedCompletion | None"]):
    """The recorded reply to one request, if the record mode replays it; never a call."""

    def __init__(self, backend: CachedBackend, request: JudgeRequest) -> None:
        self._backend, self._request = backend, request

    def run(self) -> CachedCompletion | None:
        return self._backend.lookup(self._request)

    async def arun(self) -> CachedCompletion | None:
        return await self._backend.alookup(self._request)


class Truncated(Exception):
    """A reply hit the token limit; carries what the cut-off calls cost."""

    def __init__(self, finish_reason: str, usage: Usage) -> None:
        super().__init__(finish_reason)
        self.finish_reason = finish_reason
        self.usage = usage


class Incomplete(ParseProblem):
    """A usable reply that leaves something to repair; ``partial`` is what it does give."""

    def __init__(self, problem: str, partial: object) -> None:
        super().__init__(problem)
        self.partial = partial


class Asking:
    """The asking half of :class:`~pytest_faithful.judges.llm.judge.LLMJudge`."""

    _backend: CachedBackend
    _model: str
    _params: Mapping[str, Any]
    _prompt_version: str
    _structured: ModeNegotiator | None

    @property
    def id(self) -> str:
        raise NotImplementedError

    async def _split_when_truncated(
        self,
        items: list[_Item],
        ask: Callable[[list[_Item]], Procedure[tuple[list[_Result], Usage]]],
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
            return await ask(items)
        except Truncated as cut:
            if len(items) == 1 and leave_cut_sentence:
                return [], cut.usage
            if len(items) == 1:
                where = (
                    "where the request and the reply filled the model's context window (finish "
                    f"reason {cut.finish_reason!r}; send fewer or shorter passages, see "
                    "--faith-max-context-chars, or use a model with a larger window)"
                    if cut.finish_reason == CONTEXT_FULL
                    else f"at the token limit (finish reason {cut.finish_reason!r}; "
                    f"--faith-max-tokens is {self._params.get('max_tokens')})"
                )
                raise JudgeError(
                    f"judge {self.id} output for a single {what} was cut off {where}; no "
                    "verdicts were scored",
                    judge_id=self.id,
                ) from None
            middle = len(items) // 2
            left, left_cost = await self._split_when_truncated(
                items[:middle], ask, what, leave_cut_sentence=leave_cut_sentence
            )
            right, right_cost = await self._split_when_truncated(
                items[middle:], ask, what, leave_cut_sentence=leave_cut_sentence
            )
            return left + right, cut.usage + left_cost + right_cost

    async def _ask(
        self,
        messages: tuple[ChatMessage, ...],
        output_model: type[_Output],
        interpret: Callable[[_Output], _Parsed],
        prompt_version: str | None = None,
        *,
        asked: type[BaseModel] | None = None,
        placeholder: Callable[[], _Parsed] | None = None,
        derived: bool = False,
    ) -> tuple[_Parsed, Usage]:
        """Ask, parse and interpret; on a problem, ask once more with the problem named.

        The reply is read as ``output_model``; the request asks for ``asked``'s schema when the
        two differ (a reading more lenient than what is asked for). A reply that is usable but
        incomplete (:class:`Incomplete`) is repaired too; when the repair does not complete
        it, the best partial answer is used.

        ``placeholder`` answers a first request that an estimate counted instead of sending
        (:class:`NotCalled`); ``derived`` says the request was built from such an answer.
        """
        usage = Usage()
        problem = ""
        partial: Incomplete | None = None
        for attempt in ("first", "repair"):
            try:
                response, cost = await self._send(
                    messages, asked or output_model, prompt_version, derived=derived
                )
            except NotCalled:
                if placeholder is None or attempt == "repair":
                    raise
                return placeholder(), usage + Usage(judge_calls=1)
            usage = usage + cost
            if response.finish_reason in TRUNCATED and not closed_before_cut(response.text):
                raise Truncated(response.finish_reason or "length", usage)
            try:
                if not response.text.strip() and response.finish_reason is not None:
                    # What the server said about it ('refusal', 'pause_turn', 'content_filter')
                    raise ParseProblem(
                        f"the reply was empty (finish reason {response.finish_reason!r})"
                    )
                if response.finish_reason in REFUSED:
                    raise ParseProblem(
                        f"the judge refused (finish reason {response.finish_reason!r}): "
                        f"{shorten(response.text, 200)!r}"
                    )
                # A key's redaction masked part of the reply: put back from the request's text.
                masked = MASK in response.text
                asked_text = "\n".join(m.content for m in messages) if masked else None
                return interpret(parse_output(response.text, output_model, asked_text)), usage
            except Incomplete as exc:
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

    async def _send(
        self,
        messages: tuple[ChatMessage, ...],
        output_model: type[BaseModel],
        prompt_version: str | None = None,
        *,
        derived: bool = False,
    ) -> tuple[JudgeResponse, Usage]:
        completion = await self._complete(messages, output_model, prompt_version, derived=derived)
        response = completion.response
        return response, Usage(
            judge_calls=1,
            cache_hits=int(completion.cache_hit),
            input_tokens=response.input_tokens,
            output_tokens=response.output_tokens,
        )

    async def _complete(
        self,
        messages: tuple[ChatMessage, ...],
        output_model: type[BaseModel],
        prompt_version: str | None = None,
        *,
        derived: bool = False,
    ) -> CachedCompletion:
        negotiator = self._structured
        if negotiator is None:
            return await Call(
                self._backend, self._request(messages, output_model, None, prompt_version), derived
            )
        built: dict[str, JudgeRequest] = {}

        def request_for(mode: WireMode) -> JudgeRequest:
            if mode not in built:
                built[mode] = self._request(messages, output_model, mode, prompt_version)
            return built[mode]

        # A warm cache answers with whichever mode was recorded, without calling anyone; modes
        # after the recorded one are never even built.
        for mode in negotiator.candidates():
            replayed = await Lookup(self._backend, request_for(mode))
            if replayed is not None:
                negotiator.accepted(mode)
                return replayed
        rejected: list[str] = []
        for mode in negotiator.candidates():
            try:
                completion = await Call(self._backend, request_for(mode), derived)
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
