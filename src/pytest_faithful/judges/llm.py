"""A judge backed by a chat model: prompt -> request -> call cache -> backend -> validated output.

Provider specifics (SDK clients, keys, retries, structured-output flags) live in backends; this
module owns the prompts, the parsing and what counts as a usable answer. A reply that cannot be
used gets one repair request; if that fails too, the check gets a JudgeError, never a score.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from pydantic import BaseModel

from pytest_faithful.cache import CachedBackend
from pytest_faithful.calls import ChatMessage, JudgeRequest, JudgeResponse
from pytest_faithful.errors import JudgeError
from pytest_faithful.judges import prompts
from pytest_faithful.judges.parsing import ParseProblem, parse_output
from pytest_faithful.models import Claim, ExtractedClaims, Usage, Verdict, Verdicts
from pytest_faithful.segment import Sentence

_Output = TypeVar("_Output", bound=BaseModel)
_Parsed = TypeVar("_Parsed")

DEFAULT_PARAMS: Mapping[str, Any] = {"temperature": 0.0, "max_tokens": 2048}
TRUNCATED = frozenset({"length", "max_tokens"})


class LLMJudge:
    """Extracts claims and verifies them with a chat model behind a (cached) backend."""

    def __init__(
        self,
        backend: CachedBackend,
        model: str,
        *,
        params: Mapping[str, Any] | None = None,
        prompt_version: str = prompts.PROMPT_VERSION,
    ) -> None:
        self._backend = backend
        self._model = model
        self._params = dict(DEFAULT_PARAMS if params is None else params)
        self._prompt_version = prompt_version

    @property
    def id(self) -> str:
        return f"{self._backend.kind}:{self._model}/{self._prompt_version}"

    @property
    def heuristic(self) -> bool:
        return False

    def extract_claims(
        self, sentences: Sequence[Sentence], question: str | None
    ) -> ExtractedClaims:
        messages = prompts.extraction_messages(sentences, question)

        def claims_of(output: prompts.ExtractionOutput) -> tuple[Claim, ...]:
            claims = []
            for item in output.claims:
                if not 1 <= item.sentence <= len(sentences):
                    raise ParseProblem(
                        f"claim {item.claim!r} names sentence {item.sentence}, but there are "
                        f"only {len(sentences)} sentences"
                    )
                if not item.claim.strip():
                    raise ParseProblem(f"an empty claim for sentence {item.sentence}")
                s = sentences[item.sentence - 1]
                claims.append(
                    Claim(text=item.claim.strip(), sentence=s.text, start=s.start, end=s.end)
                )
            return tuple(claims)

        claims, usage = self._ask(messages, prompts.ExtractionOutput, claims_of)
        return ExtractedClaims(claims=claims, usage=usage)

    def verify(
        self, claims: Sequence[Claim], passages: Sequence[str], question: str | None
    ) -> Verdicts:
        messages = prompts.verification_messages(claims, passages, question)

        def verdicts_of(output: prompts.VerificationOutput) -> tuple[Verdict, ...]:
            numbers = sorted(v.claim for v in output.verdicts)
            if numbers != list(range(1, len(claims) + 1)):
                raise ParseProblem(
                    f"expected one verdict for each of claims 1..{len(claims)}, got verdicts for "
                    f"claims {numbers}"
                )
            verdicts = []
            for v in output.verdicts:
                if v.passage is not None and not 1 <= v.passage <= len(passages):
                    raise ParseProblem(
                        f"the verdict for claim {v.claim} cites passage {v.passage}, but there "
                        f"are only {len(passages)} passages"
                    )
                verdicts.append(
                    Verdict(
                        claim_index=v.claim - 1,
                        label=v.label,
                        reason=v.reason,
                        evidence=v.evidence,
                        passage_index=None if v.passage is None else v.passage - 1,
                    )
                )
            return tuple(verdicts)

        verdicts, usage = self._ask(messages, prompts.VerificationOutput, verdicts_of)
        return Verdicts(verdicts=verdicts, usage=usage)

    def _ask(
        self,
        messages: tuple[ChatMessage, ...],
        output_model: type[_Output],
        interpret: Callable[[_Output], _Parsed],
    ) -> tuple[_Parsed, Usage]:
        """Ask, parse and interpret; on a problem, ask once more with the problem named."""
        usage = Usage()
        problem = ""
        for attempt in ("first", "repair"):
            response, cost = self._send(messages, output_model)
            usage = usage + cost
            if response.finish_reason in TRUNCATED:
                raise JudgeError(
                    f"judge {self.id} output was cut off at the token limit "
                    f"(finish reason {response.finish_reason!r}); no verdicts were scored",
                    judge_id=self.id,
                )
            try:
                return interpret(parse_output(response.text, output_model)), usage
            except ParseProblem as exc:
                problem = str(exc)
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

    def _send(
        self, messages: tuple[ChatMessage, ...], output_model: type[BaseModel]
    ) -> tuple[JudgeResponse, Usage]:
        request = JudgeRequest(
            kind=self._backend.kind,
            model=self._model,
            messages=messages,
            output_schema=prompts.schema_of(output_model),
            params=self._params,
            prompt_version=self._prompt_version,
        )
        completion = self._backend.complete_with_status(request)
        response = completion.response
        return response, Usage(
            judge_calls=1,
            cache_hits=int(completion.cache_hit),
            input_tokens=response.input_tokens,
            output_tokens=response.output_tokens,
        )
