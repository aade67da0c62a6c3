"""Provider judges through the plugin: options, warm reruns, and no key anywhere it writes."""

from __future__ import annotations

from collections.abc import Iterator

# Imported here so the in-process pytester runs find the SDKs loaded: pytester unloads modules
# first imported during a run, and re-importing them costs about a second per run.
import anthropic  # noqa: F401
import openai  # noqa: F401
import pytest

from fake_llm_server import FakeLLMServer, Reply

SECRET = "sk-test-SECRET-plugin-0123456789abcdef"

SUITE = """
import pytest

CONTEXT = ["Returns are accepted within 30 days of delivery.", "Shipping costs $15."]

@pytest.mark.parametrize("n", range(3))
def test_answers(assert_faithful, n):
    result = assert_faithful(f"Returns are accepted within 30 days. Shipping costs $15.", CONTEXT)
    assert result.usage.input_tokens > 0
"""


@pytest.fixture
def server() -> Iterator[FakeLLMServer]:
    fake = FakeLLMServer()
    yield fake
    fake.close()


@pytest.fixture(params=["openai", "anthropic"])
def suite(
    request: pytest.FixtureRequest,
    pytester: pytest.Pytester,
    server: FakeLLMServer,
    monkeypatch: pytest.MonkeyPatch,
) -> pytest.Pytester:
    provider = request.param
    monkeypatch.setenv("OPENAI_API_KEY" if provider == "openai" else "ANTHROPIC_API_KEY", SECRET)
    base = f"{server.url}/v1" if provider == "openai" else server.url
    pytester.makepyfile(SUITE)
    pytester.makeini(
        f"[pytest]\nfaith_judge = {provider}:judge-model@{base}\nfaith_timeout = 5\n"
        "faith_max_retries = 1\n"
    )
    return pytester


def assert_no_secret(pytester: pytest.Pytester, result: pytest.RunResult) -> None:
    assert SECRET not in result.stdout.str() + result.stderr.str()
    for path in pytester.path.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            assert SECRET.encode() not in data, path
            assert SECRET[:14].encode() not in data, path


def test_warm_rerun_sends_zero_requests_and_reports_recorded_tokens(
    suite: pytest.Pytester, server: FakeLLMServer
) -> None:
    first = suite.runpytest("--faith-report", "--junitxml=junit.xml")
    first.assert_outcomes(passed=3)
    first.stdout.fnmatch_lines(["faithful: judge: *:judge-model/p4"])
    recorded = server.count
    assert recorded == 2, "the three checks ask the same questions: recorded once, replayed"
    second = suite.runpytest("--faith-report", "--faith-record-mode=none")
    second.assert_outcomes(passed=3)
    assert server.count == recorded
    # The same answer is decomposed once per run (the session's claim memo): one extraction and
    # three verifications, all replayed.
    second.stdout.fnmatch_lines(["*judge calls: 4  cache hits: 4 (100%)  tokens in/out: *"])
    assert "tokens in/out: 0/0" not in second.stdout.str()
    assert (suite.path / ".faith-cache" / "cache.db").is_file()
    assert_no_secret(suite, first)
    assert_no_secret(suite, second)


def test_auth_error_names_the_setting_and_never_the_key(
    suite: pytest.Pytester, server: FakeLLMServer
) -> None:
    server.fallback = Reply(status=401, error=f"Incorrect API key provided: {SECRET}")
    result = suite.runpytest("--faith-report", "--junitxml=junit.xml", "-rA")
    result.assert_outcomes(failed=3)
    result.stdout.fnmatch_lines(
        [
            "*rejected the API key (HTTP 401*_API_KEY*",
            "*judge unavailable, not called again in this run; full explanation at the first "
            "failure, *test_answers[[]0[]]*",
        ]
    )
    assert server.count == 1, "the judge is unavailable after the first 401: no more calls"
    assert_no_secret(suite, result)


def test_llm_options_reach_the_judge(pytester: pytest.Pytester, server: FakeLLMServer) -> None:
    pytester.makepyfile(SUITE)
    pytester.makeini(
        f"[pytest]\nfaith_judge = openai:m@{server.url}/v1\nfaith_single_call = true\n"
        "faith_structured_output = prompt\nfaith_max_tokens = 300\n"
    )
    result = pytester.runpytest("--faith-max-concurrency=2", "--faith-record-mode=off")
    result.assert_outcomes(passed=3)
    result.stdout.fnmatch_lines(["faithful: judge: openai:m/p4/single-call"])
    assert server.count == 3
    body = server.bodies()[0]
    assert "response_format" not in body
    assert body["max_tokens"] == 300


@pytest.mark.parametrize(
    ("args", "ini", "message"),
    [
        (
            ["--faith-max-concurrency=0"],
            "",
            "*argument --faith-max-concurrency: '0' is less than 1*",
        ),
        (
            ["--faith-structured-output=xml"],
            "",
            "*argument --faith-structured-output: unknown structured output mode 'xml'*",
        ),
        ([], "faith_timeout = soon", "*ini option faith_timeout: 'soon' is not a number*"),
        ([], "faith_batch_size = 0", "*ini option faith_batch_size: '0' is less than 1*"),
    ],
)
def test_bad_llm_options_are_usage_errors(
    pytester: pytest.Pytester, args: list[str], ini: str, message: str
) -> None:
    pytester.makepyfile("def test_it(): pass")
    pytester.makeini(f"[pytest]\n{ini}\n")
    result = pytester.runpytest(*args)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([message])
