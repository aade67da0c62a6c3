"""Reply shapes that OpenAI-compatible servers (vLLM, llama.cpp, Ollama, LM Studio) and Anthropic
send today, through the real SDK clients, blocking and awaited, two-step and single-call.

Where the answer is really in the reply, it is read and the check needs no repair request; where
it is not, the JudgeError says what the server said.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fake_llm_server import FakeLLMServer, Reply
from pytest_faithful import JudgeError, Label, averify, verify
from pytest_faithful.judges.llm.options import LLMOptions
from pytest_faithful.judges.registry import builtin_registry
from pytest_faithful.judges.resources import JudgeOptions
from pytest_faithful.models import FaithfulnessResult
from pytest_faithful.providers import replies

PASSAGES = [
    "Returns are accepted within 30 days of delivery.",
    "Shipping to Canada costs $15 per order.",
]
ANSWER = "Returns are accepted within 30 days of delivery. Shipping to Canada costs $15 per order."
Envelope = Callable[[dict[str, Any]], Any]


@pytest.fixture(autouse=True)
def _keys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-0123456789abcdefghij")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test-0123456789abcdefghij")


def check(
    provider: str, server: FakeLLMServer, tmp_path: Path, *, single: bool, aio: bool
) -> FaithfulnessResult:
    base = f"{server.url}/v1" if provider == "openai" else server.url
    options = JudgeOptions(
        tmp_path / "cache", "off", LLMOptions(timeout_s=10, max_retries=0, single_call=single)
    )
    try:
        judge = builtin_registry().build(f"{provider}:judge-model@{base}", options)
        if aio:
            return asyncio.run(averify(ANSWER, PASSAGES, judge=judge, threshold=0.5))
        return verify(ANSWER, PASSAGES, judge=judge, threshold=0.5)
    finally:
        options.close()


def message(change: Callable[[dict[str, Any]], dict[str, Any]]) -> Envelope:
    """An OpenAI reply whose message is ``change(message)``."""

    def envelope(whole: dict[str, Any]) -> Any:
        choice = whole["choices"][0]
        return {**whole, "choices": [{**choice, "message": change(choice["message"])}]}

    return envelope


def contradicting_draft(content: str) -> str:
    draft = content.replace('"SUPPORTED"', '"CONTRADICTED"')
    return f"Draft: {draft} Wait, check the passages again."


# Each mode once across the family: two-step and single-call, blocking and awaited.
MODES = [(False, False), (True, True), (False, True), (True, False)]

ANSWER_PLACES = {
    # A reasoning parser took the whole output (the model never closed its thinking).
    "reasoning_content, content null": lambda m: {
        **m,
        "content": None,
        "reasoning_content": m["content"],
    },
    "reasoning, content blank": lambda m: {**m, "content": "\n\n", "reasoning": m["content"]},
    # The answer as a tool call's arguments: a JSON string, or the object itself.
    "tool call arguments": lambda m: {
        **m,
        "content": None,
        "tool_calls": [{"id": "c", "type": "function", "function": {"arguments": m["content"]}}],
    },
    "tool call arguments object": lambda m: {
        **m,
        "content": "",
        "tool_calls": [{"type": "function", "function": {"arguments": json.loads(m["content"])}}],
    },
    # Typed parts: a text part of another type name, thinking parts left out.
    "content parts": lambda m: {
        **m,
        "content": [
            {"type": "thinking", "thinking": [{"type": "text", "text": "{}"}]},
            {"type": "reasoning", "text": contradicting_draft(m["content"])},
            {"type": "output_text", "text": m["content"]},
        ],
    },
    # Reasoning beside a content is never read, draft JSON and all.
    "reasoning beside content": lambda m: {
        **m,
        "reasoning_content": contradicting_draft(m["content"]),
    },
}


@pytest.mark.parametrize(
    ("place", "modes"),
    [(place, MODES[i % len(MODES)]) for i, place in enumerate(ANSWER_PLACES)],
    ids=list(ANSWER_PLACES),
)
def test_openai_answers_are_read_where_the_server_put_them(
    place: str, modes: tuple[bool, bool], server: FakeLLMServer, tmp_path: Path
) -> None:
    """Before: "the reply was empty" after a repair request that could only fail the same way
    (every reply had the shape): a JudgeError though the answer was there."""
    single, aio = modes
    server.fallback = Reply(envelope=message(ANSWER_PLACES[place]))
    result = check("openai", server, tmp_path, single=single, aio=aio)
    assert [cv.label for cv in result.claim_verdicts] == [Label.SUPPORTED] * 2
    assert server.count == (1 if single else 2), "no repair request"


def wrong_types(provider: str) -> Envelope:
    """Every field beside the answer written in a type the API does not give it."""

    def envelope(whole: dict[str, Any]) -> Any:
        if provider == "openai":
            choice = {**whole["choices"][0], "finish_reason": {"type": "stop"}}
            usage = {"prompt_tokens": 12.5, "completion_tokens": "many"}
            return {**whole, "model": ["m"], "usage": usage, "choices": [choice]}
        return {**whole, "model": 7, "stop_reason": ["end_turn"], "usage": [1, 2]}

    return envelope


@pytest.mark.parametrize(
    ("provider", "single", "aio"), [("openai", False, True), ("anthropic", True, False)]
)
def test_fields_beside_the_answer_in_another_type_do_not_lose_it(
    provider: str, single: bool, aio: bool, server: FakeLLMServer, tmp_path: Path
) -> None:
    """Before: a fractional token count (or any such field) made the whole reply unusable."""
    server.fallback = Reply(envelope=wrong_types(provider))
    result = check(provider, server, tmp_path, single=single, aio=aio)
    assert [cv.label for cv in result.claim_verdicts] == [Label.SUPPORTED] * 2
    assert result.usage.input_tokens == 0, "a count that is no count is not counted"


def blanks_until_the_limit(whole: dict[str, Any]) -> Any:
    choice = whole["choices"][0]
    content = choice["message"]["content"] + "\n" * 200
    return message(lambda m: {**m, "content": content})(
        {**whole, "choices": [{**choice, "finish_reason": "length"}]}
    )


@pytest.mark.parametrize(("single", "aio"), [(False, False), (True, True)])
def test_a_whole_answer_then_blanks_until_the_token_limit_is_read(
    single: bool, aio: bool, server: FakeLLMServer, tmp_path: Path
) -> None:
    """Before: read as cut off, split down to single claims, then a JudgeError telling the user
    to raise --faith-max-tokens, which would not have helped."""
    server.fallback = Reply(envelope=blanks_until_the_limit)
    result = check("openai", server, tmp_path, single=single, aio=aio)
    assert [cv.label for cv in result.claim_verdicts] == [Label.SUPPORTED] * 2
    assert server.count == (1 if single else 2)


def anthropic_empty(stop_reason: str) -> Envelope:
    thinking = {"type": "thinking", "thinking": "Hmm.", "signature": "s"}
    return lambda whole: {**whole, "content": [thinking], "stop_reason": stop_reason}


@pytest.mark.parametrize(
    ("stop_reason", "single", "aio"),
    [("refusal", False, False), ("pause_turn", True, True), ("end_turn", False, True)],
)
def test_an_empty_anthropic_reply_is_a_judge_error_naming_its_stop_reason(
    stop_reason: str, single: bool, aio: bool, server: FakeLLMServer, tmp_path: Path
) -> None:
    """Before: the repair request repeated the empty reply as an assistant turn, which the API
    refuses (HTTP 400, as the fake server now does): the JudgeError named a bad request."""
    server.fallback = Reply(envelope=anthropic_empty(stop_reason))
    with pytest.raises(JudgeError, match=f"empty \\(finish reason '{stop_reason}'\\)") as caught:
        check("anthropic", server, tmp_path, single=single, aio=aio)
    assert "400" not in str(caught.value)
    assert server.count == 2, "the request and one repair request"
    assert [m["role"] for m in server.bodies()[-1]["messages"]] == ["user", "user"]


def test_an_anthropic_tool_call_under_another_name_is_the_answer(
    server: FakeLLMServer, tmp_path: Path
) -> None:
    """A gateway that renames the forced tool: its one call is the answer, not "empty"."""

    def renamed(whole: dict[str, Any]) -> Any:
        return {**whole, "content": [{**whole["content"][0], "name": "json_output"}]}

    server.fallback = Reply(envelope=renamed)
    result = check("anthropic", server, tmp_path, single=False, aio=True)
    assert [cv.label for cv in result.claim_verdicts] == [Label.SUPPORTED] * 2
    assert server.count == 2


class _Beside(replies.WireModel):
    answer: str
    count: replies.Accessory[int] = None
    name: replies.Accessory[str] = None


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=8,
)


@settings(max_examples=50)
@given(_JSON, _JSON)
def test_a_field_beside_the_answer_is_read_or_none_never_a_failure(count: Any, name: Any) -> None:
    read = replies.parse_as(_Beside, {"answer": "x", "count": count, "name": name}, "reply")
    assert read.answer == "x"
    assert read.count is None or isinstance(read.count, int)
    assert read.name is None or isinstance(read.name, str)


@pytest.mark.parametrize(
    "said",
    [
        "Unsupported JSON Schema keyword: minItems",
        "Grammar compilation failed: unsupported keyword 'minItems'",
        "Structured outputs are not supported by this model",
    ],
)
def test_a_400_refusing_the_schema_in_other_words_falls_back_to_another_mode(
    said: str, server: FakeLLMServer, tmp_path: Path
) -> None:
    """Before: a bad request, failed at once with "check the model in the judge spec"."""
    body = {"object": "error", "message": said, "type": "BadRequestError", "code": 400}
    server.script("extract", Reply(status=400, body=json.dumps(body).encode()))
    result = check("openai", server, tmp_path, single=False, aio=False)
    assert [cv.label for cv in result.claim_verdicts] == [Label.SUPPORTED] * 2
    formats = [(b.get("response_format") or {}).get("type") for b in server.bodies()]
    assert formats == ["json_schema", "json_object", "json_object"]
