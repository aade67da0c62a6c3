"""A judge of your own that returns or raises the wrong things: every fault is a JudgeError
naming that judge, through ``verify`` and ``averify`` alike; never a score, never another
exception."""

from __future__ import annotations

import asyncio
import gc
import warnings
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from pytest_faithful import averify, verify
from pytest_faithful.errors import JudgeError, judge_name
from pytest_faithful.models import Claim, ExtractedClaims, Verdict, Verdicts
from pytest_faithful.plugin.fixture import _error_text
from pytest_faithful.testing import FunctionJudge
from pytest_faithful.text.segment import Sentence

ANSWER = "The refund window is 30 days. Shipping is free."
PASSAGES = ["Refunds are accepted within 30 days of purchase. Shipping is free on all orders."]
QUOTES = ("Refunds are accepted within 30 days", "Shipping is free on all orders")


class Judge:
    """Claims are the sentences; every claim SUPPORTED with its own quote from passage 0."""

    id = "mine/v1"
    heuristic = False

    def extract_claims(self, sentences: Sequence[Sentence], question: str | None) -> Any:
        return ExtractedClaims(
            claims=tuple(
                Claim(text=s.text, sentence=s.text, start=s.start, end=s.end) for s in sentences
            )
        )

    def verify(self, claims: Sequence[Claim], passages: Sequence[str], question: str | None) -> Any:
        return Verdicts(
            verdicts=tuple(
                Verdict(claim_index=i, label="SUPPORTED", evidence=QUOTES[i], passage_index=0)
                for i in range(len(claims))
            )
        )


def both(judge: object) -> list[Callable[[], object]]:
    """The check through ``verify`` and through ``averify``."""
    return [
        lambda: verify(ANSWER, PASSAGES, judge=judge),
        lambda: asyncio.run(averify(ANSWER, PASSAGES, judge=judge)),
    ]


def assert_judge_error(judge: object, *words: str) -> None:
    for check in both(judge):
        with pytest.raises(JudgeError) as caught:
            check()
        assert caught.value.judge_id == "mine/v1"
        for word in words:
            assert word in str(caught.value)


def good(i: int) -> dict[str, Any]:
    return {"claim_index": i, "label": "SUPPORTED", "evidence": QUOTES[i], "passage_index": 0}


# Values lax validation would have read as another type: True as claim 1, "1" or 1.0 as an
# index, bytes as text. Each is a judge's mistake, not a verdict.
WRONG_FIELDS = [
    pytest.param({"claim_index": True}, id="bool-claim-index"),
    pytest.param({"claim_index": 1.0}, id="float-claim-index"),
    pytest.param({"claim_index": "1"}, id="str-claim-index"),
    pytest.param({"passage_index": False}, id="bool-passage-index"),
    pytest.param({"passage_index": "0"}, id="str-passage-index"),
    pytest.param({"evidence": QUOTES[1].encode()}, id="bytes-evidence"),
    pytest.param({"reason": b"quoted"}, id="bytes-reason"),
]


@pytest.mark.parametrize("wrong", WRONG_FIELDS)
@pytest.mark.parametrize("built", ["dict", "model_construct"])
def test_a_verdict_field_of_the_wrong_type_is_a_judge_error(
    wrong: dict[str, Any], built: str
) -> None:
    def verdicts(claims: Sequence[Claim], passages: Sequence[str]) -> list[Any]:
        second = {**good(1), **wrong}
        made = second if built == "dict" else Verdict.model_construct(**second)
        return [good(0), made]

    assert_judge_error(FunctionJudge(verdicts, id="mine/v1"), "invalid output from verify")


@pytest.mark.parametrize("wrong", [{"start": True}, {"end": 29.0}, {"text": b"The refund"}])
def test_a_claim_field_of_the_wrong_type_is_a_judge_error(wrong: dict[str, Any]) -> None:
    class Claims(Judge):
        def extract_claims(self, sentences: Sequence[Sentence], question: str | None) -> Any:
            s = sentences[0]
            fields = {"text": s.text, "sentence": s.text, "start": s.start, "end": s.end}
            return ExtractedClaims.model_construct(
                claims=(Claim.model_construct(**{**fields, **wrong}),)
            )

    assert_judge_error(Claims(), "invalid output from extract_claims")


class Unreadable(Exception):
    def __str__(self) -> str:
        raise RuntimeError("no message")


def test_an_exception_whose_message_cannot_be_read_is_a_judge_error() -> None:
    class Raising(Judge):
        def verify(self, *args: object) -> Any:
            raise Unreadable

    assert_judge_error(Raising(), "Unreadable", "could not be read")
    # And in a record of the plugin, for an exception that is not the judge's.
    assert _error_text(Unreadable()).startswith("Unreadable: (its message could not be read")


@pytest.mark.parametrize("own", [None, "inner/v2"])
def test_a_judge_error_a_judge_raises_names_that_judge(own: str | None) -> None:
    class Raising(Judge):
        def verify(self, *args: object) -> Any:
            raise JudgeError("the upstream said no", judge_id=own)

    for check in both(Raising()):
        with pytest.raises(JudgeError, match="the upstream said no") as caught:
            check()
        # One without an id gets the judge's; one naming another (a wrapped judge) keeps it.
        assert caught.value.judge_id == (own or "mine/v1")


class Async(Judge):
    """Steps written as coroutines under the blocking names."""

    async def extract_claims(self, sentences: Sequence[Sentence], question: str | None) -> Any:  # type: ignore[override]
        return Judge.extract_claims(self, sentences, question)

    async def verify(
        self, claims: Sequence[Claim], passages: Sequence[str], question: str | None
    ) -> Any:  # type: ignore[override]
        return Judge.verify(self, claims, passages, question)


class PlainTwins(Judge):
    """Async twins that are plain functions."""

    def aextract_claims(self, sentences: Sequence[Sentence], question: str | None) -> Any:
        return Judge.extract_claims(self, sentences, question)

    def averify(
        self, claims: Sequence[Claim], passages: Sequence[str], question: str | None
    ) -> Any:
        return Judge.verify(self, claims, passages, question)


def test_coroutine_steps_are_awaited_by_averify_and_refused_clearly_by_verify() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "coroutine ... was never awaited" would fail here
        for judge in (Async(), PlainTwins()):
            assert asyncio.run(averify(ANSWER, PASSAGES, judge=judge)).score == 1.0
        with pytest.raises(JudgeError, match="extract_claims is async") as caught:
            verify(ANSWER, PASSAGES, judge=Async())
        assert caught.value.judge_id == "mine/v1"
        gc.collect()


class _Later:
    """An awaitable that is no coroutine: what ``await`` gives is ``value``."""

    def __init__(self, value: object) -> None:
        self._value = value

    def __await__(self) -> Any:
        yield from asyncio.sleep(0).__await__()
        return self._value


def _hiding(step: Callable[..., Any]) -> Callable[..., Any]:
    """A decorator that hides ``async def`` behind a plain function (as logging, retry or
    caching decorators that are not async-aware do)."""

    def wrapper(*args: Any) -> Any:
        return step(*args)

    return wrapper


async def _soon(value: object) -> object:
    return value


AWAITABLE_RETURNS: dict[str, Callable[[Callable[..., Any]], Callable[..., Any]]] = {
    "coroutine": lambda step: lambda *args: _soon(step(*args)),
    "decorated async def": lambda step: _hiding(lambda *args: _soon(step(*args))),
    "awaitable object": lambda step: lambda *args: _Later(step(*args)),
}


@pytest.mark.parametrize("step", ["extract_claims", "verify"])
@pytest.mark.parametrize("form", AWAITABLE_RETURNS)
def test_a_plain_step_returning_an_awaitable_is_awaited_by_averify(step: str, form: str) -> None:
    """The blocking check sends a judge whose step returns an awaitable to ``averify()``; there
    it is awaited, whichever plain function returned it."""
    judge = Judge()
    setattr(judge, step, AWAITABLE_RETURNS[form](getattr(Judge(), step)))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "coroutine ... was never awaited" would fail here
        assert asyncio.run(averify(ANSWER, PASSAGES, judge=judge)).score == 1.0
        with pytest.raises(JudgeError, match=f"{step} is async.*use averify"):
            verify(ANSWER, PASSAGES, judge=judge)
        gc.collect()


def test_an_id_holding_a_credential_is_refused_and_never_shown() -> None:
    class Keyed(Judge):
        id = "openai:sk-proj-abcdefghijklmnopqrstuvwxyz0123456789"

    for check in both(Keyed()):
        with pytest.raises(JudgeError, match="credential") as caught:
            check()
        assert "abcdefghij" not in str(caught.value)
        assert caught.value.judge_id == "Keyed"
    assert judge_name(Keyed()) == "Keyed"


@pytest.mark.parametrize("label", ["CONTRADICTED", "NOT_ENOUGH_INFO"])
def test_a_verdict_citing_a_passage_not_given_names_none(label: str) -> None:
    def verdicts(claims: Sequence[Claim], passages: Sequence[str]) -> list[Any]:
        return [{**good(0), "label": label, "evidence": "never said", "passage_index": 7}, good(1)]

    result = verify(ANSWER, PASSAGES, judge=FunctionJudge(verdicts))
    assert result.claim_verdicts[0].passage_index is None
    assert "contexts[7]" not in result.explanation
