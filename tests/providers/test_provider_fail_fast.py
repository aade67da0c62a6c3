"""A judge that is down fails fast: the first check explains, later checks fail at once.

Through the real SDK clients: an unreachable server is a closed loopback port, a rejected key
is the fake server answering 401/403. Replayed checks do not need the server and still pass.
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path

# Imported here so the in-process pytester runs find the SDKs loaded: pytester unloads modules
# first imported during a run, and re-importing them costs about a second per run.
import anthropic  # noqa: F401
import openai  # noqa: F401
import pytest

from fake_llm_server import FakeLLMServer, Reply
from pytest_faithful import JudgeError, UnavailableJudgeError, verify
from pytest_faithful.judges.base import Judge
from pytest_faithful.judges.llm.options import LLMOptions
from pytest_faithful.judges.registry import builtin_registry
from pytest_faithful.judges.resources import JudgeOptions
from pytest_faithful.models import FaithfulnessResult

KEY = "sk-test-FAILFAST-0123456789abcdefghij"
PASSAGES = ["Returns are accepted within 30 days of delivery."]
ANSWER = "Returns are accepted within 30 days."
PROVIDERS = ["openai", "anthropic"]
VARIABLES = {"openai": "OPENAI_API_KEY", "anthropic": "ANTHROPIC_API_KEY"}
LATER = "judge unavailable, not called again in this run; full explanation at the first failure"


@pytest.fixture(autouse=True)
def _keys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)


def closed_port() -> int:
    """A loopback port nothing listens on: connecting is refused at once."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


def base_url(provider: str, root: str) -> str:
    return f"{root}/v1" if provider == "openai" else root


def check(judge: Judge, answer: str = ANSWER) -> FaithfulnessResult:
    return verify(answer, PASSAGES, judge=judge, threshold=0.5)


class Checks:
    """One judge, many checks, the way a run makes them; each outcome and its duration."""

    def __init__(self, judge: Judge) -> None:
        self.judge = judge
        self.errors: list[JudgeError] = []
        self.seconds: list[float] = []

    def run(self, count: int) -> None:
        for n in range(count):
            start = time.perf_counter()
            with pytest.raises(JudgeError) as info:
                check(self.judge, f"{ANSWER} Check {n} is here.")
            self.seconds.append(time.perf_counter() - start)
            self.errors.append(info.value)

    def assert_first_explains_and_later_fail_at_once(self, *explanation: str) -> None:
        first, *later = self.errors
        assert isinstance(first, UnavailableJudgeError)
        for part in explanation:
            assert part in str(first)
        assert LATER not in str(first)
        for error in later:
            assert isinstance(error, UnavailableJudgeError)
            message = str(error)
            assert LATER in message
            assert "\n" not in message
            assert message.endswith(("...", str(first)))
        assert sum(self.seconds[1:]) < 2.0, self.seconds


@pytest.fixture
def options(tmp_path: Path) -> Iterator[JudgeOptions]:
    made = JudgeOptions(tmp_path / "cache", "once", LLMOptions(max_retries=2))
    yield made
    made.close()


@pytest.fixture
def no_retries(tmp_path: Path) -> Iterator[JudgeOptions]:
    """For tests about what the first failure says or latches, not about the SDK's retries
    (two retries wait 1 to 1.5 s for a refused connection)."""
    made = JudgeOptions(tmp_path / "cache", "once", LLMOptions(max_retries=0))
    yield made
    made.close()


@pytest.mark.parametrize("provider", PROVIDERS)
def test_unreachable_server(provider: str, options: JudgeOptions) -> None:
    url = base_url(provider, f"http://127.0.0.1:{closed_port()}")
    checks = Checks(builtin_registry().build(f"{provider}:m@{url}", options))
    checks.run(12)
    checks.assert_first_explains_and_later_fail_at_once(
        f"{provider}: cannot reach {url} (base URL from the judge spec): ConnectError",
        "2 retries included. Check the base URL in the judge spec",
    )
    assert checks.seconds[0] > 0.3, "the first check waited for the SDK's retries"


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize(
    ("status", "explanation"),
    [(401, "rejected the API key (HTTP 401"), (403, "denied access (HTTP 403")],
)
def test_rejected_key(
    provider: str, status: int, explanation: str, server: FakeLLMServer, options: JudgeOptions
) -> None:
    server.fallback = Reply(status=status, error="Incorrect API key provided")
    checks = Checks(
        builtin_registry().build(f"{provider}:m@{base_url(provider, server.url)}", options)
    )
    checks.run(12)
    checks.assert_first_explains_and_later_fail_at_once(explanation, VARIABLES[provider])
    assert server.count == 1, "one request in all: the later checks sent none"


@pytest.mark.parametrize(
    ("spec", "variable"),
    [("openai:m", "OPENAI_API_KEY"), ("anthropic:m@http://127.0.0.1:9", "ANTHROPIC_API_KEY")],
)
def test_missing_key(
    spec: str, variable: str, options: JudgeOptions, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(variable)
    checks = Checks(builtin_registry().build(spec, options))
    checks.run(12)
    checks.assert_first_explains_and_later_fail_at_once(f"no API key. Set {variable}")


@pytest.mark.parametrize("provider", PROVIDERS)
def test_base_url_from_the_environment_is_named_as_such(
    provider: str, no_retries: JudgeOptions, monkeypatch: pytest.MonkeyPatch
) -> None:
    variable = f"{provider.upper()}_BASE_URL"
    url = base_url(provider, f"http://127.0.0.1:{closed_port()}")
    monkeypatch.setenv(variable, url)
    checks = Checks(builtin_registry().build(provider, no_retries))
    checks.run(2)
    checks.assert_first_explains_and_later_fail_at_once(
        f"cannot reach {url} (base URL from {variable})",
        f"Check {variable} in the environment",
    )
    assert "base URL from the judge spec" not in str(checks.errors[0])


@pytest.mark.parametrize("provider", PROVIDERS)
def test_replayed_checks_pass_while_the_server_is_down(
    provider: str, server: FakeLLMServer, tmp_path: Path
) -> None:
    spec = f"{provider}:m@{base_url(provider, server.url)}"
    recording = JudgeOptions(tmp_path / "cache", "once", LLMOptions(max_retries=0))
    try:
        recorded = check(builtin_registry().build(spec, recording))
    finally:
        recording.close()
    server.close()  # the port is now closed: connections are refused
    options = JudgeOptions(tmp_path / "cache", "once", LLMOptions(max_retries=0))
    try:
        judge = builtin_registry().build(spec, options)
        with pytest.raises(UnavailableJudgeError, match="cannot reach"):
            check(judge, "Shipping is free.")
        assert check(judge).claim_verdicts == recorded.claim_verdicts
        with pytest.raises(UnavailableJudgeError, match=LATER):
            check(judge, "Shipping is free.")
        assert check(judge).usage.cache_hits == 2
    finally:
        options.close()


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize(
    "fault",
    [
        pytest.param(Reply(status=400, error="bad request"), id="400"),
        pytest.param(Reply(status=404, error="no such model"), id="404"),
        pytest.param(Reply(body=b"<html></html>", content_type="text/html"), id="html-200"),
        # The server answered, then broke its reply: the SDK calls it a connection error, but
        # the next request may well be answered.
        pytest.param(Reply(cut=True), id="body-cut-short"),
        pytest.param(Reply(body=b"{}", headers={"content-encoding": "gzip"}), id="not-gzip"),
    ],
)
def test_other_failures_do_not_latch(
    provider: str, fault: Reply, server: FakeLLMServer, no_retries: JudgeOptions
) -> None:
    # Without the SDK's retries: whether a failure latches is read from the failure itself
    # (two retries of a broken reply waited 1 to 1.5 s a case).
    judge = builtin_registry().build(f"{provider}:m@{base_url(provider, server.url)}", no_retries)
    broken = fault.cut or bool(fault.headers)
    server.script("extract", fault)
    with pytest.raises(JudgeError) as info:
        check(judge)
    assert not isinstance(info.value, UnavailableJudgeError)
    if broken:
        assert "broke off or could not be decoded" in str(info.value)
        assert "cannot reach" not in str(info.value)
    assert check(judge).passed, "the next check asks the server again"


def test_each_judge_has_its_own_latch(server: FakeLLMServer, no_retries: JudgeOptions) -> None:
    down = builtin_registry().build(f"openai:m@http://127.0.0.1:{closed_port()}/v1", no_retries)
    up = builtin_registry().build(f"openai:m@{server.url}/v1", no_retries)
    with pytest.raises(UnavailableJudgeError):
        check(down)
    assert check(up).passed


# -- through pytest: twelve tests, one explanation --------------------------------------------

SUITE = """
import pytest

@pytest.mark.parametrize("n", range(12))
def test_answer(assert_faithful, n):
    assert_faithful(f"Returns are accepted within 30 days. Answer {n} is grounded.",
                    ["Returns are accepted within 30 days of delivery."])
"""

# When each test ended, and how long its check took: what the run cost after the first failure.
CONFTEST = """
import json, time

def pytest_runtest_logreport(report):
    if report.when == "call":
        with open("calls.jsonl", "a") as out:
            out.write(json.dumps([report.nodeid, report.duration]) + "\\n")

def pytest_runtest_logfinish(nodeid, location):
    with open("ends.jsonl", "a") as out:
        out.write(json.dumps([nodeid, time.monotonic()]) + "\\n")
"""


def run_suite(pytester: pytest.Pytester, spec: str, *args: str) -> pytest.RunResult:
    pytester.makepyfile(SUITE)
    pytester.makeconftest(CONFTEST)
    pytester.makeini(f"[pytest]\nfaith_judge = {spec}\n")
    return pytester.runpytest("--faith-report", *args)


def assert_later_tests_fail_at_once(pytester: pytest.Pytester) -> None:
    """The eleven tests after the first retry nothing: none of their checks takes as long as
    the SDK's retries would (over 1 s per test with the default two retries).

    Their checks (call phases) are what the latch decides: about 2 ms each, so each bound
    holds with a margin of hundreds under any load a suite meets (a sum of 0.5 s failed
    twice on a machine running several suites at once). The wall clock from the end of the
    first test to the end of the last also holds pytest's formatting of eleven failure
    reports, about 0.7 s on an idle machine; its bound still excludes eleven tests' retries.
    """
    ends = [json.loads(line)[1] for line in (pytester.path / "ends.jsonl").read_text().splitlines()]
    calls = [
        json.loads(line)[1] for line in (pytester.path / "calls.jsonl").read_text().splitlines()
    ]
    assert len(ends) == len(calls) == 12
    assert max(calls[1:]) < 0.9, calls
    assert ends[-1] - ends[0] < 10.0, ends


def assert_one_explanation(result: pytest.RunResult, explanation: str) -> None:
    assert result.parseoutcomes() == {"failed": 12}, result.stdout.str()
    errors = [line for line in result.outlines if line.startswith("E   ")]
    full = [line for line in errors if explanation in line and LATER not in line]
    later = [line for line in errors if LATER in line]
    assert len(full) == 1, errors
    assert len(later) == 11, errors
    assert all("test_answer[0]" in line for line in later), "later failures point to the first"
    assert all(not line.startswith("E   ") or line in full + later for line in errors)
    result.stdout.fnmatch_lines(["*checks: 12  passed: 0  failed: 0  errored: 12*"])


@pytest.mark.parametrize("provider", PROVIDERS)
def test_twelve_tests_against_an_unreachable_server(
    provider: str, pytester: pytest.Pytester
) -> None:
    url = base_url(provider, f"http://127.0.0.1:{closed_port()}")
    result = run_suite(pytester, f"{provider}:m@{url}")
    assert_one_explanation(result, f"cannot reach {url} (base URL from the judge spec)")
    assert_later_tests_fail_at_once(pytester)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_twelve_tests_with_a_rejected_key(
    provider: str, pytester: pytest.Pytester, server: FakeLLMServer
) -> None:
    server.fallback = Reply(status=401, error="Incorrect API key provided")
    result = run_suite(pytester, f"{provider}:m@{base_url(provider, server.url)}")
    assert_one_explanation(result, "rejected the API key (HTTP 401")
    assert_later_tests_fail_at_once(pytester)
    assert server.count == 1


@pytest.mark.parametrize(
    ("spec", "variable"),
    [("openai:m", "OPENAI_API_KEY"), ("anthropic:m@http://127.0.0.1:9", "ANTHROPIC_API_KEY")],
)
def test_twelve_tests_without_a_key(
    spec: str, variable: str, pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(variable)
    result = run_suite(pytester, spec)
    assert_one_explanation(result, f"no API key. Set {variable}")
    assert_later_tests_fail_at_once(pytester)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_replayed_tests_pass_while_the_server_is_down(
    provider: str, pytester: pytest.Pytester, server: FakeLLMServer
) -> None:
    spec = f"{provider}:m@{base_url(provider, server.url)}"
    pytester.makepyfile(
        test_recorded="""
        def test_recorded(assert_faithful):
            assert_faithful("Returns are accepted within 30 days.",
                            ["Returns are accepted within 30 days of delivery."])
        """
    )
    # No retries: a refused connection carries no Retry-After, so each retry waited out the
    # SDK's backoff (0.4-0.5 s) in a test of the replay and the latch, as in the unit test above.
    pytester.makeini(f"[pytest]\nfaith_judge = {spec}\nfaith_max_retries = 0\n")
    pytester.runpytest().assert_outcomes(passed=1)
    server.close()
    # Recorded test between two that need the server: the latch set by the first does not
    # stop the replay.
    pytester.makepyfile(
        test_recorded="""
        def test_a_new(assert_faithful):
            assert_faithful("Shipping is free.", ["Shipping costs $15."])

        def test_recorded(assert_faithful):
            assert_faithful("Returns are accepted within 30 days.",
                            ["Returns are accepted within 30 days of delivery."])

        def test_b_new(assert_faithful):
            assert_faithful("Gift cards never expire.", ["Shipping costs $15."])
        """
    )
    result = pytester.runpytest()
    result.assert_outcomes(passed=1, failed=2)
    errors = [line for line in result.outlines if line.startswith("E   ")]
    assert len(errors) == 2, errors
    assert "UnavailableJudgeError: " in errors[0]
    assert "cannot reach" in errors[0]
    assert LATER in errors[1]
    assert "test_recorded.py::test_a_new" in errors[1]
