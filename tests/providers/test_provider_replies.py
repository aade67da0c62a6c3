"""Broken reply bodies through the real SDK clients: each one is a JudgeError, never a crash.

The SDKs parse leniently (an HTML page with status 200 comes back as a string) or raise their
own exceptions (json's JSONDecodeError, RecursionError); the backends read the raw body
themselves. Every message names the provider, the base URL and the cause.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fake_llm_server import FakeLLMServer, Reply
from pytest_faithful import JudgeError, UnavailableJudgeError, verify
from pytest_faithful.judges.llm.options import LLMOptions
from pytest_faithful.judges.registry import builtin_registry
from pytest_faithful.judges.resources import JudgeOptions
from pytest_faithful.models import FaithfulnessResult
from pytest_faithful.redaction import FRAGMENT

KEY = "sk-test-REPLIES-0123456789abcdefghijWXYZ1234"
PASSAGES = ["Returns are accepted within 30 days of delivery."]
ANSWER = "Returns are accepted within 30 days."
PROVIDERS = ["openai", "anthropic"]


@pytest.fixture(autouse=True)
def _keys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)


def base_url(provider: str, server: FakeLLMServer) -> str:
    return f"{server.url}/v1" if provider == "openai" else server.url


def check(
    provider: str, server: FakeLLMServer, tmp_path: Path, mode: str = "off"
) -> FaithfulnessResult:
    options = JudgeOptions(tmp_path / "cache", mode, LLMOptions(timeout_s=2, max_retries=1))
    try:
        judge = builtin_registry().build(f"{provider}:m@{base_url(provider, server)}", options)
        return verify(ANSWER, PASSAGES, judge=judge, threshold=0.5)
    finally:
        options.close()


def fragments(secret: str) -> set[str]:
    return {secret[i : i + FRAGMENT] for i in range(len(secret) - FRAGMENT + 1)}


def drop_choice_message(whole: dict[str, Any]) -> dict[str, Any]:
    if "choices" in whole:
        return {**whole, "choices": [{"index": 0, "finish_reason": "stop"}]}
    return {**whole, "content": [{"text": "no type"}]}


def wrong_types(whole: dict[str, Any]) -> dict[str, Any]:
    return {**whole, "choices": "many"} if "choices" in whole else {**whole, "content": 5}


BOMB = b"[" * 3000 + b"]" * 3000
OBJECT_BOMB = b'{"a":' * 3000 + b"1" + b"}" * 3000
HTML = b"<!doctype html><html><head><title>Sign in</title></head><body>Log in</body></html>"

FAULTS = [
    pytest.param(
        Reply(body=HTML, content_type="text/html"), r"not JSON .*'<!doctype html>", id="html-200"
    ),
    pytest.param(
        Reply(body=b'{"choices": [oops'),
        r"sent as application/json\) is not JSON \(JSONDecodeError",
        id="non-json-as-json",
    ),
    pytest.param(Reply(body=b""), r"\(0 bytes, .*\) is not JSON", id="empty-body"),
    pytest.param(Reply(body=BOMB), r"nests JSON too deeply to read \(RecursionError\)", id="bomb"),
    pytest.param(
        Reply(body=OBJECT_BOMB), r"nests JSON too deeply .*RecursionError", id="object-bomb"
    ),
    pytest.param(
        Reply(body=b'{"id": "\xff\xfe\x80 broken"}'),
        r"is not UTF-8 text \(UnicodeDecodeError at byte 8\)",
        id="undecodable",
    ),
    pytest.param(
        Reply(body=b'{"usage": {"input_tokens": ' + b"1" * 5000 + b"}}"),
        r"holds JSON that cannot be read \(ValueError: Exceeds the limit",
        id="huge-integer",
    ),
    pytest.param(Reply(body=b"[1, 2]"), r"the body is a JSON array, not a", id="json-array"),
    pytest.param(Reply(envelope=lambda whole: {}), r"Field required", id="missing-fields"),
    pytest.param(Reply(envelope=drop_choice_message), r"Field required", id="missing-nested-field"),
    pytest.param(Reply(envelope=wrong_types), r"should be a valid list", id="wrong-types"),
    pytest.param(
        Reply(body=b'{"error": {"message": "upstream model overloaded"}}'),
        r"Field required.*holds an error: 'upstream model overloaded'",
        id="error-object-with-200",
    ),
]


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize(("fault", "cause"), FAULTS)
def test_unusable_reply_is_a_judge_error_naming_provider_url_and_cause(
    provider: str, fault: Reply, cause: str, server: FakeLLMServer, tmp_path: Path
) -> None:
    server.script("extract", fault)
    with pytest.raises(JudgeError, match=cause) as info:
        check(provider, server, tmp_path)
    message = str(info.value)
    assert type(info.value) is JudgeError, "a broken reply is not an unavailable judge"
    assert message.startswith(f"{provider}: unusable reply from {base_url(provider, server)} ")
    assert "(base URL from the judge spec)" in message
    assert "\n" not in message
    assert info.value.__cause__ is None
    # The SDK error (with the body) is not chained: it is no cause, and no context shown.
    assert info.value.__context__ is None or info.value.__suppress_context__
    assert server.count == 1, "a success status is not retried, and nothing was repaired"


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_nested_but_readable_tool_input_or_content_is_still_read(
    provider: str, server: FakeLLMServer, tmp_path: Path
) -> None:
    # Deep, but within what json reads: the reply is used, not refused.
    nested: Any = "x"
    for _ in range(200):
        nested = [nested]

    def deep(whole: dict[str, Any]) -> dict[str, Any]:
        return {**whole, "extra": nested}

    server.script("extract", Reply(envelope=deep))
    assert check(provider, server, tmp_path).passed


@pytest.mark.parametrize("provider", PROVIDERS)
def test_error_bodies_that_cannot_be_read_are_still_status_errors(
    provider: str, server: FakeLLMServer, tmp_path: Path
) -> None:
    server.script(
        "extract",
        Reply(status=400, body=BOMB),
        Reply(status=502, body=b"\xff\xfe\x80", content_type="text/html"),
    )
    with pytest.raises(JudgeError, match=r"refused the request \(HTTP 400 from "):
        check(provider, server, tmp_path)
    server.script("extract", *[Reply(status=502, body=b"\xff\xfe\x80")] * 2)
    with pytest.raises(JudgeError, match=r"server error after 1 retries \(HTTP 502 from "):
        check(provider, server, tmp_path)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_reply_echoing_the_key_is_recorded_without_it(
    provider: str, server: FakeLLMServer, tmp_path: Path
) -> None:
    # A proxy (or a model fed the key) echoes it back with status 200: the backend removes
    # the fragments before the reply reaches the cache, the verdicts and the reports.
    claims = {"claims": [{"sentence": 1, "claim": f"Returns use token ...{KEY[-12:]}."}]}

    def echo_model(whole: dict[str, Any]) -> dict[str, Any]:
        return {**whole, "model": f"proxy-for-{KEY[5:30]}"}

    server.script("extract", Reply(text=json.dumps(claims), envelope=echo_model))
    result = check(provider, server, tmp_path, mode="once")
    assert result.claim_verdicts[0].claim.text == "Returns use token ...<redacted>."
    stored = b"".join(p.read_bytes() for p in (tmp_path / "cache").rglob("*") if p.is_file())
    assert b"Returns use token" in stored, "the reply was recorded"
    for fragment in fragments(KEY):
        assert fragment.encode() not in stored


def test_ordinary_replies_are_not_redacted(server: FakeLLMServer, tmp_path: Path) -> None:
    # Key-shaped words and URLs with credentials in a passage reach the verdicts unchanged:
    # only fragments of a real secret make the backend redact a reply.
    passage = "The key-performance metric is listed at https://demo:demo@example.com/kpis."
    options = JudgeOptions(tmp_path / "cache", "off", LLMOptions(max_retries=0))
    try:
        judge = builtin_registry().build(f"openai:m@{server.url}/v1", options)
        result = verify(passage, [passage], judge=judge)
    finally:
        options.close()
    assert result.passed
    assert result.claim_verdicts[0].evidence == passage.rstrip(".")


@pytest.mark.parametrize("provider", PROVIDERS)
def test_broken_replies_do_not_latch_the_judge(
    provider: str, server: FakeLLMServer, tmp_path: Path
) -> None:
    server.script("extract", Reply(body=HTML, content_type="text/html"))
    options = JudgeOptions(tmp_path / "cache", "off", LLMOptions(max_retries=0))
    try:
        judge = builtin_registry().build(f"{provider}:m@{base_url(provider, server)}", options)
        with pytest.raises(JudgeError) as info:
            verify(ANSWER, PASSAGES, judge=judge)
        assert not isinstance(info.value, UnavailableJudgeError)
        assert verify(ANSWER, PASSAGES, judge=judge).passed, "the next reply is read again"
    finally:
        options.close()


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize(
    ("url", "cause"),
    [
        ("http://[::1", "InvalidURL: Invalid port"),
        ("http://127.0.0.1:99999/v1", "OverflowError: connect(): port must be 0-65535"),
    ],
    ids=["unparsable", "port-out-of-range"],
)
def test_malformed_base_urls_are_judge_errors_naming_the_cause(
    provider: str, url: str, cause: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Neither is an error the SDKs translate (the second escapes the openai SDK as an
    # exception group from the HTTP stack): both still end as JudgeErrors with the cause. In
    # a judge spec they are refused as it is read (tests/judges/test_registry.py); the SDK's
    # own variable reaches the request.
    variable = f"{provider.upper()}_BASE_URL"
    monkeypatch.setenv(variable, url)
    options = JudgeOptions(tmp_path, "off", LLMOptions(max_retries=0))
    try:
        judge = builtin_registry().build(f"{provider}:m", options)
        with pytest.raises(JudgeError) as info:
            verify(ANSWER, PASSAGES, judge=judge)
    finally:
        options.close()
    message = str(info.value)
    assert f"{url} (base URL from {variable})" in message
    assert cause in message
    assert f"Check {variable} in the environment" in message


def context_full(whole: dict[str, Any]) -> dict[str, Any]:
    return {**whole, "stop_reason": "model_context_window_exceeded"}


def test_a_reply_cut_off_by_the_context_window_says_so(
    server: FakeLLMServer, tmp_path: Path
) -> None:
    """Anthropic's stop reason model_context_window_exceeded was recorded as "max_tokens", and
    a single claim still cut off was reported as cut off at the token limit, with
    --faith-max-tokens as the fix; more output tokens do not make a full window larger."""
    server.script("verify", *[Reply(envelope=context_full)] * 3)
    with pytest.raises(JudgeError) as info:
        check("anthropic", server, tmp_path)
    message = str(info.value)
    assert "single claim was cut off where the request and the reply filled" in message
    assert "'model_context_window_exceeded'" in message
    assert "--faith-max-context-chars" in message
    assert "--faith-max-tokens" not in message
    assert server.count == 2, "extract, verify: a cut-off reply is never repaired"
