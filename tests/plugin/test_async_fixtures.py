"""Every assertion fixture awaited with ``.aio(...)`` in async tests, under pytest-asyncio (strict
and auto mode) and anyio's pytest plugin: the same checks, records, failures and reports as
the blocking calls, with an LLM judge's requests on the test's own loop."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from typing import Any

# Loaded in the outer process: pytester unloads what an in-process run imports first.
import anyio  # noqa: F401
import openai  # noqa: F401
import pytest
import pytest_asyncio  # noqa: F401

from fake_llm_server import FakeLLMServer, Reply

C = ["Returns are accepted within 30 days of delivery.", "Shipping to Canada costs $15 per order."]

# The same tests under each plugin; MARK is the plugin's marker line ("" in auto mode).
SUITE = """
import asyncio
import pytest
from pytest_faithful import FaithfulnessError, MetricError

C = {contexts!r}

{fixture}

{mark}
async def test_faithful(assert_faithful):
    result = await assert_faithful.aio("Returns are accepted within 30 days.", C)
    assert result.passed

{mark}
async def test_gathered(assert_faithful):
    results = await asyncio.gather(
        *(assert_faithful.aio(f"Returns are accepted within 30 days. Item {{i}}.", C,
                              threshold=0.4) for i in range(4))
    )
    assert [r.score for r in results] == [0.5] * 4

{mark}
async def test_mixed(assert_faithful):
    assert_faithful("Shipping to Canada costs $15.", C)
    await assert_faithful.aio("Returns are accepted within 30 days.", C)

{mark}
async def test_unfaithful(assert_faithful):
    await assert_faithful.aio("Returns take 90 days.", C)

{mark}
async def test_metrics(assert_relevant, assert_retrieval, assert_reference):
    answer = "Returns are accepted within 30 days."
    await assert_relevant.aio(answer, "How long is the return window for returns?")
    retrieval = await assert_retrieval.aio(C, "How long are returns accepted?", reference=answer)
    assert retrieval.passed
    await assert_reference.aio(answer, "Returns: 30 days.")

{mark}
async def test_unfaithful_metric(assert_reference):
    with pytest.raises(MetricError):
        await assert_reference.aio("Returns take 90 days.", "Returns are accepted for 30 days.")

{mark}
async def test_loop_runs_during_a_check(assert_faithful):
    ticks = 0
    async def ticker():
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1
    task = asyncio.create_task(ticker())
    await assert_faithful.aio("Shipping to Canada costs $15. Returns are accepted.", C)
    task.cancel()
    assert ticks >= 10, ticks
"""

PLUGINS = {
    "asyncio-strict": ("@pytest.mark.asyncio", "", []),
    "asyncio-auto": ("", "", ["-o", "asyncio_mode=auto"]),
    "anyio": (
        "@pytest.mark.anyio",
        '@pytest.fixture\ndef anyio_backend():\n    return "asyncio"\n',
        # The suite's inner runs leave anyio's plugin out (tests/conftest.py): back in here.
        # pytest-asyncio is loaded too (strict mode): it leaves anyio's tests alone.
        ["-p", "anyio"],
    ),
}


# The requests of the suite's two tests that need a slow server: the gathered checks ("Item
# 0" to "Item 3"), whose requests must be at the server together, and the check the loop keeps
# ticking through ("...costs $15. Returns are accepted."). A claim of it, "Shipping to Canada
# costs $15.", is test_mixed's blocking check too.
SLOW_REQUESTS = re.compile(r"Item \d|Canada costs \$15\.")


class _SlowWhereItCounts(FakeLLMServer):
    """Answers the requests of :data:`SLOW_REQUESTS` after 0.1 s, the others at once.

    0.1 s is long enough for gathered checks' requests to be at the server together, and for
    ten of the ticker's 0.01 s sleeps during each of the check's two calls. The suite makes
    about 18 calls in a row: slowing every one of them was most of each run's time (~2 s).
    """

    def _respond(self, provider: str, body: dict[str, Any]) -> tuple[int, dict[str, str], Any]:
        if SLOW_REQUESTS.search(json.dumps(body)):
            time.sleep(0.1)
        return super()._respond(provider, body)


@pytest.fixture
def server() -> Iterator[FakeLLMServer]:
    fake = _SlowWhereItCounts()
    yield fake
    fake.close()


def write_suite(
    pytester: pytest.Pytester, server: FakeLLMServer, plugin: str
) -> tuple[list[str], str]:
    mark, fixture, args = PLUGINS[plugin]
    source = SUITE.format(contexts=C, mark=mark, fixture=fixture)
    pytester.makepyfile(test_async=source)
    pytester.makeini(
        "[pytest]\n"
        f"faith_judge = openai:judge-model@{server.url}/v1\n"
        "faith_record_mode = off\nfaith_timeout = 5\nfaith_max_concurrency = 8\n"
        + "asyncio_default_fixture_loop_scope = function\n"
        # An SDK client left open when a test's loop closes would warn: an error here.
        + "filterwarnings = error\n"
    )
    return args, pytester.path.joinpath("test_async.py").read_text(encoding="utf-8")


def line_of(source: str, text: str) -> int:
    """The 1-based line of the first line of ``source`` that holds ``text``."""
    return next(n for n, line in enumerate(source.splitlines(), 1) if text in line)


def checks(pytester: pytest.Pytester) -> dict[str, dict[str, Any]]:
    document = json.loads((pytester.path / "faith.json").read_text(encoding="utf-8"))
    found = {c["test_id"].split("::")[-1]: c for c in document["checks"]}
    found.update({f"{m['metric']} {m['test_id'].split('::')[-1]}": m for m in document["metrics"]})
    return found


@pytest.mark.parametrize("plugin", list(PLUGINS))
def test_every_fixture_awaited_under_each_plugin(
    pytester: pytest.Pytester,
    server: FakeLLMServer,
    plugin: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-0123456789abcdefghij")
    args, source = write_suite(pytester, server, plugin)
    result = pytester.runpytest(*args, "--faith-report=faith.json", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=6, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*test_unfaithful*",
            "E       pytest_faithful.FaithfulnessError: faithfulness failed: 0/1 claims supported*",
        ]
    )
    found = checks(pytester)
    # Each check recorded as a blocking one is, with the line of its call (a gathered check's
    # too: the line of the gather).
    assert found["test_faithful"]["status"] == "passed"
    assert found["test_faithful"]["line"] == line_of(source, "result = await assert_faithful")
    gathered = [found["test_gathered" + ("" if i == 0 else f" #{i}")] for i in range(4)]
    assert {c["line"] for c in gathered} == {line_of(source, "*(assert_faithful.aio(")}
    assert [c["index"] for c in gathered] == [0, 1, 2, 3]
    assert [found["test_mixed"]["answer"], found["test_mixed #1"]["answer"]] == [
        "Shipping to Canada costs $15.",
        "Returns are accepted within 30 days.",
    ]
    assert found["test_unfaithful"]["status"] == "failed"
    for metric in ("answer_relevancy", "context_precision", "context_recall", "reference"):
        assert found[f"{metric} test_metrics"]["status"] == "passed", metric
    assert found["reference test_unfaithful_metric"]["status"] == "failed"
    # Checks gathered in one test overlapped at the server.
    assert server.max_in_flight >= 4


def test_a_judge_error_awaited_is_recorded_and_raised_as_blocking(
    pytester: pytest.Pytester, server: FakeLLMServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-0123456789abcdefghij")
    server.fallback = Reply(status=401, error="Incorrect API key provided")
    pytester.makepyfile(
        test_errors="""
        import pytest

        C = ["Returns are accepted within 30 days."]

        @pytest.mark.asyncio
        async def test_first(assert_faithful):
            await assert_faithful.aio("Returns are accepted within 30 days.", C)

        @pytest.mark.asyncio
        async def test_second(assert_faithful):
            await assert_faithful.aio("Returns are accepted within 30 days.", C)

        def test_blocking(assert_faithful):
            assert_faithful("Returns are accepted within 30 days.", C)
        """
    )
    pytester.makeini(
        f"[pytest]\nfaith_judge = openai:m@{server.url}/v1\nfaith_record_mode = off\n"
        "asyncio_default_fixture_loop_scope = function\n"
    )
    result = pytester.runpytest("--faith-report=faith.json", "-p", "no:cacheprovider")
    result.assert_outcomes(failed=3)
    result.stdout.fnmatch_lines(["*UnavailableJudgeError: openai rejected the API key (HTTP 401*"])
    found = checks(pytester)
    assert [found[t]["error_kind"] for t in ("test_first", "test_second", "test_blocking")] == [
        "judge_unavailable"
    ] * 3
    assert "not called again in this run" in found["test_second"]["error"]
    assert server.count == 1, "the latch holds across loops and the blocking path"


def test_under_trio_awaited_checks_say_so_and_blocking_checks_work(
    pytester: pytest.Pytester, server: FakeLLMServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """anyio's trio backend: ``.aio`` and ``averify`` are a RuntimeError that says what to do
    (not a hang, nor asyncio's "no running event loop" from closing a judge ``averify`` built),
    and the blocking call works, in the test and in ``trio.to_thread``. Both carry anyio's
    "this is trio" into the judge call, where the SDK's HTTP stack chose trio's network
    backend on the runner's asyncio loop: every blocking check errored ("must be called from
    async context")."""
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-0123456789abcdefghij")
    server.fallback = Reply()
    pytester.makepyfile(
        test_trio=f"""
        import functools
        import pytest
        import trio
        from pytest_faithful import averify, averify_relevancy

        C = {C!r}
        GOOD = "Returns are accepted within 30 days."
        JUDGE = "openai:m@{server.url}/v1"

        @pytest.fixture
        def anyio_backend():
            return "trio"

        @pytest.mark.anyio
        async def test_awaited(assert_faithful):
            with pytest.raises(RuntimeError, match="asyncio event loop .* worker thread"):
                await assert_faithful.aio(GOOD, C)
            for check in (averify(GOOD, C, judge=JUDGE), averify_relevancy(GOOD, "?", judge=JUDGE)):
                with pytest.raises(RuntimeError, match="asyncio event loop .* worker thread"):
                    await check

        @pytest.mark.anyio
        async def test_blocking(assert_faithful, assert_relevant):
            assert assert_faithful(GOOD, C).passed
            check = functools.partial(assert_faithful, GOOD + " Shipping is free.", C, threshold=0)
            assert (await trio.to_thread.run_sync(check)).score == 0.5
            await trio.to_thread.run_sync(assert_relevant, GOOD, "How long are returns accepted?")
        """
    )
    pytester.makeini(
        f"[pytest]\nfaith_judge = openai:m@{server.url}/v1\nfaith_record_mode = off\n"
        "asyncio_default_fixture_loop_scope = function\nfilterwarnings = error\n"
    )
    result = pytester.runpytest("-p", "no:cacheprovider", "-p", "anyio")
    result.assert_outcomes(passed=2)


def test_an_awaited_check_builds_its_judge_off_the_loop(pytester: pytest.Pytester) -> None:
    """A judge is built on first use: its modules imported, its cache opened, its prices read
    (~0.15 s on 2 cores, the test's loop stalled meanwhile). Awaited, that is in a worker
    thread, for every fixture; blocking, in the test's thread."""
    pytester.makeconftest(
        """
        import threading
        from pytest_faithful.judges.registry import builtin_registry

        BUILT = {}

        def pytest_faithful_register_judges(registry):
            def factory(spec, options):
                BUILT[spec.model] = threading.current_thread()
                return builtin_registry().build("lexical", options)
            registry.register("threads", factory)
        """
    )
    pytester.makepyfile(
        test_threads=f"""
        import threading
        import pytest
        from conftest import BUILT

        C = {C!r}
        GOOD = "Returns are accepted within 30 days."

        @pytest.mark.asyncio
        async def test_awaited(assert_faithful, assert_relevant, assert_retrieval):
            await assert_faithful.aio(GOOD, C, judge="threads:a")
            await assert_relevant.aio(GOOD, "How long are returns accepted?", judge="threads:b")
            await assert_retrieval.aio(C, "How long are returns accepted?", judge="threads:c")
            assert threading.current_thread() not in [BUILT[m] for m in "abc"]

        def test_blocking(assert_faithful):
            assert_faithful(GOOD, C, judge="threads:d")
            assert BUILT["d"] is threading.current_thread()
        """
    )
    pytester.makeini("[pytest]\nasyncio_default_fixture_loop_scope = function\n")
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=2)


ESTIMATED_SUITE = """
import asyncio
import pytest

C = ["Returns are accepted within 30 days of delivery."]

@pytest.mark.asyncio
async def test_awaited(assert_faithful, assert_relevant):
    await assert_faithful.aio("Returns are accepted within 30 days.", C)
    await assert_relevant.aio("Returns are accepted within 30 days.", "How long for returns?")

def test_blocking(assert_faithful):
    assert_faithful("Shipping is free.", C)
"""


def test_estimates_and_budgets_hold_for_awaited_checks(
    pytester: pytest.Pytester, server: FakeLLMServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-0123456789abcdefghij")
    pytester.makepyfile(test_cost=ESTIMATED_SUITE)
    pytester.makeini(
        f"[pytest]\nfaith_judge = openai:gpt-4o-mini@{server.url}/v1\nfaith_record_mode = off\n"
        "asyncio_default_fixture_loop_scope = function\n"
    )
    estimate = pytester.runpytest("--faith-estimate", "-rs", "-p", "no:cacheprovider")
    estimate.assert_outcomes(skipped=2)
    estimate.stdout.fnmatch_lines(
        [
            "*--faith-estimate: no judge was called): 3 checks, 3 would call a judge",
            "*6 would go to a provider: 3 named exactly, 3 following a live call*",
            "*test_cost.py:*: --faith-estimate: 2 checks estimated, not judged",
        ]
    )
    assert server.count == 0, "an estimate calls nothing, awaited or not"
    # A budget no call fits: each check errors naming it, awaited as blocking.
    spent = pytester.runpytest(
        "--faith-max-cost=0.0000001", "--faith-report=faith.json", "-p", "no:cacheprovider"
    )
    spent.assert_outcomes(failed=2)
    found = checks(pytester)
    assert {found[t]["error_kind"] for t in ("test_awaited", "test_blocking")} == {"budget"}
    assert "--faith-max-cost" in found["test_awaited"]["error"]
    assert server.count == 0


def test_an_aio_check_never_awaited_fails_its_test(pytester: pytest.Pytester) -> None:
    """Without ``await`` an ``.aio(...)`` check never runs: the test fails, naming the call,
    instead of passing with a RuntimeWarning whatever the answer said."""
    pytester.makeini(
        "[pytest]\nfaith_judge = lexical\nasyncio_default_fixture_loop_scope = function\n"
        "filterwarnings = error\n"
    )
    pytester.makepyfile(
        test_forgot=f"""
        import asyncio
        import pytest
        import pytest_asyncio

        C = {C!r}
        BAD = "Returns are accepted within 90 days."
        GOOD = "Returns are accepted within 30 days."

        @pytest.mark.asyncio
        async def test_forgot(assert_faithful):
            assert_faithful.aio(BAD, C)

        def test_every_fixture(assert_faithful, assert_relevant, assert_reference,
                               assert_retrieval):
            assert_faithful.aio(BAD, C)
            assert_relevant.aio(BAD, "How long?")
            assert_reference.aio(BAD, "30 days")
            assert_retrieval.aio(C, "How long?")

        @pytest.mark.asyncio
        async def test_awaited(assert_faithful):
            await asyncio.gather(assert_faithful.aio(GOOD, C), assert_faithful.aio(GOOD, C))

        def test_run_by_asyncio(assert_faithful):
            asyncio.run(assert_faithful.aio(GOOD, C))

        @pytest.mark.asyncio
        async def test_own_error_first(assert_faithful):
            assert_faithful.aio(BAD, C)
            raise RuntimeError("app down")

        @pytest.mark.asyncio
        async def test_left_running(assert_faithful):
            asyncio.create_task(assert_faithful.aio(BAD, C))
            asyncio.ensure_future(assert_faithful.aio(BAD, C))
            await asyncio.sleep(0)

        @pytest_asyncio.fixture
        async def in_background(assert_faithful):
            task = asyncio.create_task(assert_faithful.aio(GOOD, C))
            yield
            await task

        @pytest_asyncio.fixture
        async def forgets_at_teardown(assert_faithful):
            yield
            assert_faithful.aio(BAD, C)

        @pytest.mark.asyncio
        async def test_fixtures(in_background, forgets_at_teardown):
            pass
        """
    )
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=3, failed=4, errors=1)
    result.stdout.fnmatch_lines(
        [
            # A fixture may await in its teardown a check it started in its setup.
            "*ERROR at teardown of test_fixtures*",
            "*assert_faithful.aio(...) at test_forgot.py:47 was never awaited*",
            "*assert_faithful.aio(...) at test_forgot.py:11 was never awaited, so its check did"
            " not run: write `await` before each `.aio(...)`*",
            "*assert_faithful.aio(...) at test_forgot.py:15; assert_relevant.aio(...) at "
            "test_forgot.py:16; assert_reference.aio(...) at test_forgot.py:17; "
            "assert_retrieval.aio(...) at test_forgot.py:18 were never awaited, so their checks*",
            "E       RuntimeError: app down",
            "*assert_faithful.aio(...) at test_forgot.py:34; assert_faithful.aio(...) at "
            "test_forgot.py:35 were still running when the test ended, so the test never saw "
            "their verdicts: await the task or gather that runs each one*",
        ]
    )
    result.stdout.no_fnmatch_line("*RuntimeWarning*")
