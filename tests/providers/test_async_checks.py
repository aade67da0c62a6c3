"""The async API (``averify`` and its metric twins) through the real SDK clients, against the
loopback server: the same results as the blocking API, judge calls awaited on the caller's
loop within one limit, and the cache, the fail-fast latch and deadlines as in blocking code."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Awaitable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest
import sniffio

from fake_llm_server import FakeLLMServer, Reply
from pytest_faithful import (
    JudgeError,
    Label,
    LLMOptions,
    UnavailableJudgeError,
    averify,
    averify_reference,
    averify_relevancy,
    averify_retrieval,
    verify,
    verify_reference,
    verify_relevancy,
    verify_retrieval,
)
from pytest_faithful.judges.base import Judge
from pytest_faithful.judges.registry import builtin_registry
from pytest_faithful.judges.resources import JudgeOptions
from pytest_faithful.models import (
    Claim,
    ExtractedClaims,
    FaithfulnessResult,
    Verdict,
    Verdicts,
)
from pytest_faithful.testing import FunctionJudge
from pytest_faithful.text.segment import Sentence

_T = TypeVar("_T")

PASSAGES = [
    "Returns are accepted within 30 days of delivery.",
    "Shipping to Canada costs $15 per order.",
]
ANSWER = (
    "Returns are accepted within 30 days. Shipping to Canada costs $15. Gift cards never expire."
)
QUESTION = "What is the return window?"
PROVIDERS = ["openai", "anthropic"]


@pytest.fixture(autouse=True)
def _keys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-0123456789abcdefghij")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test-0123456789abcdefghij")


def spec(provider: str, server: FakeLLMServer) -> str:
    base = f"{server.url}/v1" if provider == "openai" else server.url
    return f"{provider}:judge-model@{base}"


def run(call: Awaitable[_T]) -> _T:
    async def main() -> _T:
        return await call

    return asyncio.run(main())


def same(result: FaithfulnessResult) -> dict[str, Any]:
    """A result without its duration, which differs between any two runs."""
    return result.model_dump(exclude={"duration_s"})


@pytest.fixture
def options(tmp_path: Path) -> Iterator[JudgeOptions]:
    made = JudgeOptions(tmp_path / "cache", "off", LLMOptions(timeout_s=2, max_retries=1))
    yield made
    made.close()


@pytest.mark.parametrize("provider", PROVIDERS)
def test_averify_gives_what_verify_gives(
    provider: str, server: FakeLLMServer, options: JudgeOptions
) -> None:
    judge = builtin_registry().build(spec(provider, server), options)
    blocking = verify(ANSWER, PASSAGES, judge=judge, question=QUESTION, threshold=0.5)
    awaited = run(averify(ANSWER, PASSAGES, judge=judge, question=QUESTION, threshold=0.5))
    assert same(awaited) == same(blocking)
    assert [cv.label for cv in awaited.claim_verdicts] == [
        Label.SUPPORTED,
        Label.SUPPORTED,
        Label.NOT_ENOUGH_INFO,
    ]
    assert awaited.usage.judge_calls == 2
    assert server.count == 4
    # The same requests went out both ways (same prompts, same cache keys).
    first, second = server.bodies()[:2], server.bodies()[2:]
    assert first == second


@pytest.mark.parametrize("library", ["trio", "curio"])
@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_blocking_check_whose_caller_says_another_async_library_runs_on_asyncio(
    provider: str, library: str, server: FakeLLMServer, options: JudgeOptions
) -> None:
    """anyio's trio runner (and ``trio.to_thread`` in it) sets sniffio's context variable; the
    runner's tasks run in a copy of the caller's context, so the SDK's HTTP stack read it and
    chose that library's network backend on the runner's asyncio loop: every call failed."""
    judge = builtin_registry().build(spec(provider, server), options)
    said = sniffio.current_async_library_cvar.set(library)
    try:
        result = verify(ANSWER, PASSAGES, judge=judge, threshold=0.5)
    finally:
        sniffio.current_async_library_cvar.reset(said)
    assert result.score == pytest.approx(2 / 3)
    assert server.count == 2


@pytest.mark.parametrize("provider", PROVIDERS)
def test_averify_with_a_spec_string_builds_and_closes_its_own_judge(
    provider: str, server: FakeLLMServer, tmp_path: Path
) -> None:
    result = run(
        averify(
            ANSWER, PASSAGES, judge=spec(provider, server), cache_dir=tmp_path, record_mode="off"
        )
    )
    assert result.judge_id == f"{provider}:judge-model/p4"
    assert server.count == 2


def test_a_recording_made_blocking_replays_awaited_and_back(
    server: FakeLLMServer, tmp_path: Path
) -> None:
    kwargs: dict[str, Any] = {"judge": spec("openai", server), "recordings_dir": tmp_path}
    recorded = verify(ANSWER, PASSAGES, **kwargs)
    assert server.count == 2
    replayed = run(averify(ANSWER, PASSAGES, record_mode="none", **kwargs))
    assert server.count == 2, "every call replayed"
    assert replayed.usage.cache_hits == 2
    assert [cv.model_dump() for cv in replayed.claim_verdicts] == [
        cv.model_dump() for cv in recorded.claim_verdicts
    ]
    # Recorded awaited, replayed blocking.
    other = "Returns are accepted within 30 days."
    run(averify(other, PASSAGES, **kwargs))
    assert server.count == 4
    assert verify(other, PASSAGES, record_mode="none", **kwargs).usage.cache_hits == 2


def test_a_miss_in_record_mode_none_is_the_same_error_awaited(
    server: FakeLLMServer, tmp_path: Path
) -> None:
    kwargs: dict[str, Any] = {"judge": spec("openai", server), "record_mode": "none"}
    with pytest.raises(JudgeError) as blocking:
        verify(ANSWER, PASSAGES, cache_dir=tmp_path, **kwargs)
    with pytest.raises(JudgeError) as awaited:
        run(averify(ANSWER, PASSAGES, cache_dir=tmp_path, **kwargs))
    assert str(awaited.value) == str(blocking.value)
    assert "record mode 'none'" in str(awaited.value)
    assert server.count == 0


def test_gathered_checks_overlap_within_the_judges_limit(
    server: FakeLLMServer, tmp_path: Path
) -> None:
    server.fallback = Reply(delay=0.2)
    options = JudgeOptions(tmp_path, "off", LLMOptions(max_concurrency=3, timeout_s=5))
    judge = builtin_registry().build(spec("openai", server), options)

    async def gathered() -> list[FaithfulnessResult]:
        return await asyncio.gather(
            *(averify(f"{ANSWER} Item {i} ships.", PASSAGES, judge=judge) for i in range(6))
        )

    try:
        results = run(gathered())
    finally:
        options.close()
    assert len(results) == 6
    assert server.count == 12
    assert server.max_in_flight == 3, "the judge's max_concurrency, never more"


def test_ten_gathered_checks_take_about_as_long_as_one(
    server: FakeLLMServer, tmp_path: Path
) -> None:
    """The issue's measure, on the test server: ten checks gathered at once, each two calls of
    300 ms, finish in under twice one check's time (benchmarks/async_checks.py measures it)."""
    options = JudgeOptions(tmp_path, "off", LLMOptions(max_concurrency=32, timeout_s=5))
    judge = builtin_registry().build(spec("openai", server), options)

    async def timed() -> tuple[float, float]:
        await averify(ANSWER, PASSAGES, judge=judge)  # warm: the SDK imported, a client made
        # Slow from here on: the warm-up's calls are timed by nothing.
        server.fallback = Reply(delay=0.3)
        started = time.perf_counter()
        await averify(ANSWER, PASSAGES, judge=judge)
        one = time.perf_counter() - started
        started = time.perf_counter()
        await asyncio.gather(
            *(averify(f"{ANSWER} Item {i}.", PASSAGES, judge=judge) for i in range(10))
        )
        return one, time.perf_counter() - started

    try:
        one, ten = run(timed())
    finally:
        options.close()
    assert one >= 0.6
    assert ten < 2 * one, (one, ten)


def test_the_loop_keeps_running_during_a_check(server: FakeLLMServer, tmp_path: Path) -> None:
    options = JudgeOptions(tmp_path, "off", LLMOptions(timeout_s=5))
    judge = builtin_registry().build(spec("openai", server), options)

    async def ticking() -> tuple[int, float]:
        await averify(ANSWER, PASSAGES, judge=judge)  # warm
        server.fallback = Reply(delay=0.3)  # slow for the ticked check only
        ticks = 0

        async def ticker() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        task = asyncio.create_task(ticker())
        started = time.perf_counter()
        await averify(ANSWER, PASSAGES, judge=judge)
        took = time.perf_counter() - started
        task.cancel()
        return ticks, took

    try:
        ticks, took = run(ticking())
    finally:
        options.close()
    # A blocked loop ticks 0 times; a free one about once per 10 ms (fewer on a busy machine).
    assert ticks >= took / 0.01 / 3, (ticks, took)


def test_the_fail_fast_latch_is_shared_by_blocking_and_awaited_checks(
    server: FakeLLMServer, options: JudgeOptions
) -> None:
    server.fallback = Reply(status=401, error="Incorrect API key provided")
    judge = builtin_registry().build(spec("openai", server), options)
    with pytest.raises(UnavailableJudgeError, match=r"rejected the API key \(HTTP 401"):
        run(averify(ANSWER, PASSAGES, judge=judge))
    started = time.perf_counter()
    with pytest.raises(UnavailableJudgeError, match="not called again in this run"):
        run(averify(ANSWER, PASSAGES, judge=judge))
    with pytest.raises(UnavailableJudgeError, match="not called again in this run"):
        verify(ANSWER, PASSAGES, judge=judge)
    assert time.perf_counter() - started < 0.5
    assert server.count == 1


def test_an_attempts_deadline_holds_awaited(server: FakeLLMServer, tmp_path: Path) -> None:
    server.fallback = Reply(delay=1.0)
    options = JudgeOptions(tmp_path, "off", LLMOptions(timeout_s=0.3, max_retries=0))
    # Two judges: a timeout makes a judge unavailable, and its latch would answer the second.
    first, second = (builtin_registry().build(spec("openai", server), options) for _ in "12")
    try:
        with pytest.raises(JudgeError) as blocking:
            verify(ANSWER, PASSAGES, judge=first)
        started = time.perf_counter()
        with pytest.raises(JudgeError) as awaited:
            run(averify(ANSWER, PASSAGES, judge=second))
        assert time.perf_counter() - started < 1.0
    finally:
        options.close()
    assert str(awaited.value) == str(blocking.value)
    assert "0.3" in str(awaited.value)


def test_a_cancelled_check_gives_its_place_back(server: FakeLLMServer, tmp_path: Path) -> None:
    server.fallback = Reply(delay=0.5)
    options = JudgeOptions(tmp_path, "off", LLMOptions(max_concurrency=1, timeout_s=5))
    judge = builtin_registry().build(spec("openai", server), options)

    async def cancel_then_check() -> FaithfulnessResult:
        slow = asyncio.create_task(averify(ANSWER, PASSAGES, judge=judge))
        await asyncio.sleep(0.1)
        slow.cancel()
        with pytest.raises(asyncio.CancelledError):
            await slow
        # The cancelled call was the one to hold the place while the server was slow; the
        # next one need not wait (the server's thread still sleeps out the cancelled one's).
        server.fallback = Reply()
        # With one place in all, a check now runs only if the cancelled one gave it back.
        return await asyncio.wait_for(averify(ANSWER, PASSAGES, judge=judge), 5)

    try:
        assert run(cancel_then_check()).usage.judge_calls == 2
    finally:
        options.close()


@pytest.mark.parametrize("provider", PROVIDERS)
def test_the_metric_twins_give_what_the_blocking_metrics_give(
    provider: str, server: FakeLLMServer, options: JudgeOptions
) -> None:
    judge = builtin_registry().build(spec(provider, server), options)
    relevancy = verify_relevancy(ANSWER, QUESTION, judge=judge, threshold=0.3)
    assert run(averify_relevancy(ANSWER, QUESTION, judge=judge, threshold=0.3)).model_dump(
        exclude={"duration_s"}
    ) == relevancy.model_dump(exclude={"duration_s"})
    retrieval = verify_retrieval(PASSAGES, QUESTION, reference=ANSWER, judge=judge)
    awaited = run(averify_retrieval(PASSAGES, QUESTION, reference=ANSWER, judge=judge))
    for name in ("precision", "recall"):
        got, want = getattr(awaited, name), getattr(retrieval, name)
        assert got.model_dump(exclude={"duration_s"}) == want.model_dump(exclude={"duration_s"})
    reference = "Returns are accepted within 30 days."
    awaited_reference = run(averify_reference(ANSWER, reference, completeness=True))
    assert awaited_reference.model_dump(exclude={"duration_s"}) == verify_reference(
        ANSWER, reference, completeness=True
    ).model_dump(exclude={"duration_s"})


def test_a_judge_without_async_steps_runs_in_a_worker_thread() -> None:
    threads: list[str] = []

    def supported(claims: Sequence[Claim], passages: Sequence[str]) -> list[Verdict]:
        threads.append(threading.current_thread().name)
        return [
            Verdict(claim_index=i, label=Label.SUPPORTED, evidence=c.text, passage_index=0)
            for i, c in enumerate(claims)
        ]

    judge = FunctionJudge(supported)
    answer = "Returns are accepted within 30 days of delivery."
    result = run(averify(answer, [answer], judge=judge))
    assert result.passed
    assert threads
    assert threads[0] != threading.main_thread().name
    lexical = run(averify(answer, PASSAGES, judge="lexical"))
    assert same(lexical) == same(verify(answer, PASSAGES, judge="lexical"))


class AsyncStepsJudge:
    """A judge of one's own with async twins: they are awaited on the caller's loop."""

    id = "async-steps/v1"
    heuristic = False

    def __init__(self, fail: bool = False) -> None:
        self.fail = fail
        self.loops: list[asyncio.AbstractEventLoop] = []

    def extract_claims(self, sentences: Sequence[Sentence], question: str | None) -> Any:
        raise AssertionError("the async API awaits aextract_claims")

    def verify(self, claims: Sequence[Claim], passages: Sequence[str], question: str | None) -> Any:
        raise AssertionError("the async API awaits averify")

    async def aextract_claims(
        self, sentences: Sequence[Sentence], question: str | None
    ) -> ExtractedClaims:
        self.loops.append(asyncio.get_running_loop())
        return ExtractedClaims(
            claims=tuple(
                Claim(text=s.text, sentence=s.text, start=s.start, end=s.end) for s in sentences
            )
        )

    async def averify(
        self, claims: Sequence[Claim], passages: Sequence[str], question: str | None
    ) -> Verdicts:
        self.loops.append(asyncio.get_running_loop())
        if self.fail:
            raise ConnectionError("the judge's own client failed")
        return Verdicts(
            verdicts=tuple(
                Verdict(claim_index=i, label=Label.NOT_ENOUGH_INFO) for i in range(len(claims))
            )
        )


def test_a_judges_async_twins_are_awaited_on_the_callers_loop() -> None:
    judge = AsyncStepsJudge()

    async def check() -> tuple[FaithfulnessResult, asyncio.AbstractEventLoop]:
        result = await averify("Gift cards never expire.", PASSAGES, judge=judge)
        return result, asyncio.get_running_loop()

    result, loop = run(check())
    assert judge.loops == [loop, loop]
    assert [cv.label for cv in result.claim_verdicts] == [Label.NOT_ENOUGH_INFO]


def test_a_fault_in_an_async_twin_is_a_judge_error_named_as_the_blocking_step() -> None:
    judge: Judge = AsyncStepsJudge(fail=True)  # type: ignore[assignment]
    with pytest.raises(JudgeError, match="judge async-steps/v1 failed in verify: ConnectionError"):
        run(averify("Gift cards never expire.", PASSAGES, judge=judge))
