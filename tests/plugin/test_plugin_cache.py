"""Record modes and the cache directory end to end: an LLM judge over a counting backend.

The conftest registers a ``scripted`` judge kind the way a provider judge plugs in: an
``LLMJudge`` over ``options.cached(backend)``. The backend answers every request correctly and
appends a line per call to a file, so calls are counted across xdist worker processes too.
Where credentials matter, the real provider judges run against the fake server instead.
"""

from __future__ import annotations

from pathlib import Path

# Imported here so the in-process pytester runs find the SDKs loaded: pytester unloads modules
# first imported during a run, and re-importing them costs about a second per run.
import anthropic  # noqa: F401
import openai  # noqa: F401
import pytest

from fake_llm_server import FakeLLMServer, Reply
from pytest_faithful.redaction import FRAGMENT
from scripted_suite import calls, make_suite


@pytest.fixture
def suite(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    return make_suite(pytester, monkeypatch)


@pytest.mark.parametrize("xdist", [[], ["-n", "2"]], ids=["serial", "xdist"])
def test_warm_rerun_makes_zero_calls_and_replays_identically(
    suite: pytest.Pytester, xdist: list[str]
) -> None:
    if xdist:
        pytest.importorskip("xdist")
    first = suite.runpytest("--faith-report", *xdist)
    first.assert_outcomes(passed=4)
    assert len(calls(suite)) == 8, "extraction + verification per check"
    assert (suite.path / ".faith-cache").is_dir()

    second = suite.runpytest("--faith-report", "--faith-record-mode=none", *xdist)
    second.assert_outcomes(passed=4)
    assert calls(suite) == []
    second.stdout.fnmatch_lines(["judge calls: 8  cache hits: 8 (100%)  tokens in/out: *"])


def test_record_mode_none_on_an_empty_cache_fails_with_key_and_how_to_record(
    suite: pytest.Pytester,
) -> None:
    result = suite.runpytest("--faith-record-mode=none", "--faith-report")
    result.assert_outcomes(failed=4)
    assert calls(suite) == []
    result.stdout.fnmatch_lines(
        [
            "E *pytest_faithful.CacheMissError: no recorded judge call for key * "
            "(kind 'scripted', model 'model-a'*",
            "*--faith-record-mode=once*",
        ]
    )
    result.stdout.fnmatch_lines(["checks: 4  passed: 0  failed: 0  errored: 4*"])


def test_changing_the_model_misses_the_cache(suite: pytest.Pytester) -> None:
    suite.runpytest().assert_outcomes(passed=4)
    assert len(calls(suite)) == 8
    suite.runpytest("--faith-judge=scripted:model-b").assert_outcomes(passed=4)
    assert calls(suite) == ["model-b"] * 8


def test_record_mode_all_calls_again_and_off_writes_nothing(suite: pytest.Pytester) -> None:
    suite.runpytest().assert_outcomes(passed=4)
    calls(suite)
    suite.runpytest("--faith-record-mode=all").assert_outcomes(passed=4)
    assert len(calls(suite)) == 8
    suite.runpytest("--faith-record-mode=off", "--faith-cache-dir=unused").assert_outcomes(passed=4)
    assert len(calls(suite)) == 8
    assert not (suite.path / "unused").exists()


def test_cache_dir_option_and_ini(suite: pytest.Pytester) -> None:
    suite.runpytest("--faith-cache-dir=cli-cache").assert_outcomes(passed=4)
    assert (suite.path / "cli-cache" / "cache.db").is_file()
    suite.makeini("[pytest]\nfaith_judge = scripted:model-a\nfaith_cache_dir = ini-cache\n")
    suite.runpytest().assert_outcomes(passed=4)
    assert (suite.path / "ini-cache" / "cache.db").is_file()
    assert not (suite.path / ".faith-cache").exists()


def test_lexical_runs_create_no_cache_directory(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        def test_it(assert_faithful):
            assert_faithful("Returns are accepted.", "Returns are accepted within 30 days.")
        """
    )
    pytester.runpytest().assert_outcomes(passed=1)
    assert not Path(pytester.path, ".faith-cache").exists()


GROUNDED = """
import pytest

@pytest.mark.parametrize("n", range(4))
def test_answers(assert_faithful, n):
    assert assert_faithful("Returns are accepted within 30 days.",
                           ["Returns are accepted within 30 days of delivery."]).passed
"""


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
def test_no_secret_reaches_the_cache_or_the_report(
    suite: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, provider: str
) -> None:
    # The real provider path: the SDK reads the key from the environment and sends it, and the
    # fake server echoes its tail in every reply's model name, as some gateways do.
    secret = "sk-test-SECRET-abcdefghijklmnop123456"
    variable = "OPENAI_API_KEY" if provider == "openai" else "ANTHROPIC_API_KEY"
    monkeypatch.setenv(variable, secret)
    server = FakeLLMServer()
    server.fallback = Reply(envelope=lambda whole: {**whole, "model": f"m-{secret[-10:]}"})
    try:
        base = f"{server.url}/v1" if provider == "openai" else server.url
        suite.makeini(f"[pytest]\nfaith_judge = {provider}:judge-model@{base}\n")
        suite.makepyfile(test_suite=GROUNDED)
        result = suite.runpytest(
            "--faith-report", "--faith-report=out.json", "--junitxml=junit.xml"
        )
        result.assert_outcomes(passed=4)
        assert server.count == 2, "two distinct requests, recorded once and replayed"
    finally:
        server.close()
    assert (suite.path / ".faith-cache" / "cache.db").is_file()
    fragments = [secret[i : i + FRAGMENT] for i in range(len(secret) - FRAGMENT + 1)]
    outputs = {"output": (result.stdout.str() + result.stderr.str()).encode()}
    outputs.update({str(p): p.read_bytes() for p in suite.path.rglob("*") if p.is_file()})
    leaks = [(where, f) for where, data in outputs.items() for f in fragments if f.encode() in data]
    assert not leaks
