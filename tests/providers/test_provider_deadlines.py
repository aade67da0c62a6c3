"""Every judge call has a deadline: a server that trickles its reply ends in a JudgeError in time.

The SDKs' own timeout bounds each read, so a server sending one byte at a time, each in time,
kept a check busy for minutes and was then scored. Through the real SDK clients against the
loopback server: each attempt ends within ``--faith-timeout`` (connect, headers, body), the
call within its attempts and the waits between them, the judge is latched as unavailable and
nothing is recorded for the call that timed out.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from fake_llm_server import FakeLLMServer, Reply
from pytest_faithful import JudgeError, UnavailableJudgeError, verify
from pytest_faithful.judges.base import Judge
from pytest_faithful.judges.llm.options import LLMOptions
from pytest_faithful.judges.registry import builtin_registry
from pytest_faithful.judges.resources import JudgeOptions
from pytest_faithful.providers import errors
from pytest_faithful.providers.deadline import (
    GRACE_S,
    CallDeadlineExceeded,
    call_bound,
    within,
)
from pytest_faithful.providers.endpoint import Endpoint
from pytest_faithful.providers.retry_after import MAX_WAIT_S

KEY = "sk-test-DEADLINE-0123456789abcdefghij"
PASSAGES = ["Returns are accepted within 30 days of delivery."]
ANSWER = "Returns are accepted within 30 days."
# Short, since each trickling test waits it out two or three times: a quarter second is still
# tens of times what the loopback server takes to answer the extraction request, and the lower
# bounds below (whole timeouts waited) hold on any machine.
TIMEOUT_S = 0.25
# Each trickled byte comes well within the per-read timeout (a tenth of it, the ratio of the
# 0.05 s pause to the 0.5 s timeout these tests had); the whole reply (a head of about 100
# bytes, a body of about 400) takes 2.5 to 10 seconds, tens of timeouts.
PAUSE_S = 0.025
# Backoff before retry k (0-based): 0.5 * 2**k seconds at most (both SDKs).
BACKOFF_S = (0.5, 1.0, 2.0)
# The extraction request (answered at once), SDK start-up and a loaded 2-core machine.
SLACK_S = 1.5
# (provider, whether OPENAI_API_KEY is set): the local-server case is an OpenAI-compatible
# server named in the spec with no key, where the placeholder key is sent.
CASES = [
    pytest.param("openai", True, id="openai"),
    pytest.param("anthropic", True, id="anthropic"),
    pytest.param("openai", False, id="local-server"),
]


@pytest.fixture(autouse=True)
def _keys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)


@pytest.fixture
def recordings(tmp_path: Path) -> Path:
    return tmp_path / "recordings"


def options_for(recordings: Path, max_retries: int) -> JudgeOptions:
    llm = LLMOptions(timeout_s=TIMEOUT_S, max_retries=max_retries)
    return JudgeOptions(recordings.parent / "cache", "once", llm, recordings_dir=recordings)


@pytest.fixture
def options(recordings: Path) -> Iterator[JudgeOptions]:
    opened = options_for(recordings, max_retries=1)
    yield opened
    opened.close()


def timed_check(judge: Judge, answer: str = ANSWER) -> tuple[JudgeError, float]:
    start = time.perf_counter()
    with pytest.raises(JudgeError) as info:
        verify(answer, PASSAGES, judge=judge, threshold=0.5)
    return info.value, time.perf_counter() - start


def build(provider: str, server: FakeLLMServer, options: JudgeOptions) -> Judge:
    base = f"{server.url}/v1" if provider == "openai" else server.url
    return builtin_registry().build(f"{provider}:judge-model@{base}", options)


@pytest.mark.parametrize(("provider", "keyed"), CASES)
@pytest.mark.parametrize("part", ["headers", "body"])
def test_a_trickling_reply_ends_in_a_judge_error_within_the_bound(
    provider: str,
    keyed: bool,
    part: str,
    server: FakeLLMServer,
    options: JudgeOptions,
    recordings: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if not keyed:
        monkeypatch.delenv("OPENAI_API_KEY")
    server.script("verify", *[Reply(trickle=part, trickle_s=PAUSE_S)] * 2)
    error, seconds = timed_check(build(provider, server, options))
    assert isinstance(error, UnavailableJudgeError)
    message = str(error)
    assert f"{provider}: no complete reply from {server.url}" in message
    assert f"within --faith-timeout={TIMEOUT_S:g}s, in each of 2 attempts (1 retries made)" in (
        message
    )
    assert "(connect, headers, body)" in message
    assert server.count == 3, "the extraction, then the verification and its one retry"
    # Both attempts ran out their deadline, and nothing more than that and one backoff.
    assert 2 * TIMEOUT_S <= seconds < 2 * TIMEOUT_S + BACKOFF_S[0] + SLACK_S
    # The extraction was recorded; the verification that timed out was not.
    assert len(list(recordings.rglob("*.json"))) == 1


@pytest.mark.parametrize(("provider", "keyed"), CASES[:2])
def test_the_retries_are_inside_the_bound(
    provider: str, keyed: bool, server: FakeLLMServer, recordings: Path
) -> None:
    assert keyed
    server.script("verify", *[Reply(trickle="body", trickle_s=PAUSE_S)] * 3)
    options = options_for(recordings, max_retries=2)
    try:
        error, seconds = timed_check(build(provider, server, options))
    finally:
        options.close()
    assert "in each of 3 attempts (2 retries made)" in str(error)
    assert server.count == 4
    assert 3 * TIMEOUT_S <= seconds < 3 * TIMEOUT_S + sum(BACKOFF_S[:2]) + SLACK_S


@pytest.mark.parametrize(("provider", "keyed"), CASES[:2])
def test_a_judge_that_timed_out_fails_fast_afterwards(
    provider: str, keyed: bool, server: FakeLLMServer, recordings: Path
) -> None:
    assert keyed
    server.fallback = Reply(trickle="headers", trickle_s=PAUSE_S)
    options = options_for(recordings, max_retries=0)
    try:
        judge = build(provider, server, options)
        first, _ = timed_check(judge)
        asked = server.count
        later, seconds = timed_check(judge, f"{ANSWER} Once more.")
    finally:
        options.close()
    assert isinstance(first, UnavailableJudgeError)
    assert isinstance(later, UnavailableJudgeError)
    assert "judge unavailable, not called again in this run" in str(later)
    assert "no complete reply" in str(later)
    assert "in its one attempt (0 retries made)" in str(first)
    assert server.count == asked, "the latched judge sends nothing"
    assert seconds < TIMEOUT_S


@pytest.mark.parametrize(("provider", "keyed"), CASES[:2])
def test_a_slow_reply_within_the_deadline_is_read(
    provider: str, keyed: bool, server: FakeLLMServer, recordings: Path
) -> None:
    # A body trickled for about a second is read whole when the deadline allows it.
    assert keyed
    server.script("verify", Reply(trickle="body", trickle_s=0.001))
    llm = LLMOptions(timeout_s=10, max_retries=0)
    options = JudgeOptions(recordings.parent / "cache", "off", llm)
    try:
        result = verify(ANSWER, PASSAGES, judge=build(provider, server, options), threshold=0.5)
    finally:
        options.close()
    assert result.score == 1.0
    assert server.count == 2


def test_the_call_bound_counts_attempts_waits_and_grace() -> None:
    assert call_bound(2.0, 1) == 2 * 2.0 + MAX_WAIT_S + GRACE_S
    assert call_bound(60.0, 0) == 60.0 + GRACE_S


def test_a_call_past_its_deadline_is_an_unavailable_judge_naming_the_bound() -> None:
    # The attempts' own deadline ends a trickling call first; this one holds the bound
    # whatever the SDK does between attempts.
    info = errors.ProviderInfo(
        provider="openai",
        api="OpenAI chat completions",
        key_variable="OPENAI_API_KEY",
        endpoint=Endpoint.resolve("http://u:pw-0123456@127.0.0.1:9/v1", "V", "d", environ={}),
        model="m",
        timeout_s=2,
        max_retries=1,
    )
    error = errors.deadline_error(info)
    assert isinstance(error, UnavailableJudgeError)
    assert str(error).startswith(
        "openai: no reply from http://<redacted>@127.0.0.1:9/v1 (base URL from the judge spec) "
        f"within the call's deadline of {2 * 2 + MAX_WAIT_S + GRACE_S:g}s (2 attempts of "
        f"--faith-timeout=2s, up to {MAX_WAIT_S:g}s between two, {GRACE_S:g}s of grace)"
    )


def test_a_call_past_its_deadline_is_cancelled() -> None:
    cancelled = []

    async def hang() -> None:
        try:
            await asyncio.sleep(30)
        except asyncio.CancelledError:
            cancelled.append(True)
            raise

    async def main() -> float:
        start = time.perf_counter()
        with pytest.raises(CallDeadlineExceeded, match=r"call's deadline of 0\.2s"):
            await within(0.2, hang())
        return time.perf_counter() - start

    assert asyncio.run(main()) < 2
    assert cancelled == [True]


def test_a_timeout_the_call_raises_itself_is_its_own() -> None:
    async def fails() -> None:
        raise TimeoutError("the call's own")

    with pytest.raises(TimeoutError, match="the call's own"):
        asyncio.run(within(5, fails()))
