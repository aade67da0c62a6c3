"""Test doubles that ship with the library, for your tests and ours.

``FunctionJudge`` turns a function into a judge; ``ScriptedBackend`` stands in for a model
backend behind an LLM judge (it answers from a script and counts the calls).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from pytest_faithful.models import Claim, ExtractedClaims, Usage, Verdict, Verdicts
from pytest_faithful.providers.base import JudgeRequest, JudgeResponse
from pytest_faithful.text.segment import Sentence

VerifyFunction = Callable[[Sequence[Claim], Sequence[str]], Iterable[Verdict | Mapping[str, Any]]]


class FunctionJudge:
    """A judge whose verdicts come from ``verify(claims, passages)``; claims are the sentences.

    Verdicts may be ``Verdict`` objects or plain dicts (validated like any judge output, so an
    unknown label becomes a JudgeError). ``calls`` counts ``verify`` calls.
    """

    __test__ = False

    def __init__(self, verify: VerifyFunction, *, id: str = "function", heuristic: bool = False):
        self._verify = verify
        self._id = id
        self._heuristic = heuristic
        self.calls = 0

    @property
    def id(self) -> str:
        return self._id

    @property
    def heuristic(self) -> bool:
        return self._heuristic

    def extract_claims(
        self, sentences: Sequence[Sentence], question: str | None
    ) -> ExtractedClaims:
        return ExtractedClaims(
            claims=tuple(
                Claim(text=s.text, sentence=s.text, start=s.start, end=s.end) for s in sentences
            )
        )

    def verify(
        self, claims: Sequence[Claim], passages: Sequence[str], question: str | None
    ) -> Verdicts:
        self.calls += 1
        verdicts = tuple(
            v if isinstance(v, Verdict) else Verdict.model_validate(v)
            for v in self._verify(claims, passages)
        )
        return Verdicts(verdicts=verdicts, usage=Usage(judge_calls=1))


Reply = str | JudgeResponse | Exception


class ScriptedBackend:
    """A model backend double: replies come from a list (in order) or a function of the request.

    A reply that is an exception is raised. ``requests`` holds every request received.
    """

    __test__ = False

    def __init__(
        self,
        replies: Sequence[Reply] | Callable[[JudgeRequest], Reply],
        *,
        kind: str = "scripted",
    ) -> None:
        self._replies = replies
        self._kind = kind
        self.requests: list[JudgeRequest] = []

    @property
    def kind(self) -> str:
        return self._kind

    @property
    def calls(self) -> int:
        return len(self.requests)

    def complete(self, request: JudgeRequest) -> JudgeResponse:
        self.requests.append(request)
        if callable(self._replies):
            reply = self._replies(request)
        elif len(self.requests) <= len(self._replies):
            reply = self._replies[len(self.requests) - 1]
        else:
            raise AssertionError(
                f"ScriptedBackend got request {len(self.requests)} but has no reply"
            )
        if isinstance(reply, Exception):
            raise reply
        if isinstance(reply, JudgeResponse):
            return reply
        return JudgeResponse(
            text=reply,
            model=request.model,
            input_tokens=sum(len(m.content.split()) for m in request.messages),
            output_tokens=len(reply.split()),
            finish_reason="stop",
        )
