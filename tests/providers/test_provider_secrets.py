"""No fragment of a key, and no credential of a base URL, leaves the process.

Real pytest sessions (pytester) with the real SDK clients against the fake server, which echoes
the key in its error bodies and replies the way providers and proxies do. Every byte the run
writes is scanned: stdout, stderr, the JUnit XML, every report and every file of the cache.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

# Imported here so the in-process pytester runs find the SDKs loaded: pytester unloads modules
# first imported during a run, and re-importing them costs about a second per run.
import anthropic  # noqa: F401
import openai  # noqa: F401
import pytest

from fake_llm_server import FakeLLMServer, Reply
from pytest_faithful import JudgeSpec, verify
from pytest_faithful.judges.llm.options import LLMOptions
from pytest_faithful.judges.registry import builtin_registry
from pytest_faithful.judges.resources import JudgeOptions
from pytest_faithful.plugin.secrets import SecretsSeen
from pytest_faithful.redaction import FRAGMENT, basic_token, header_secrets, install_log_filter
from pytest_faithful.report.records import MetricRecord

KEY = "sk-proj-Q7mPz0Lx4Nc8Rv2Ht6Jk1Bs9Dw3Fy5Ge0AhWXYZ1234"
PASSWORD = "s3cretpass"
PROVIDERS = ["openai", "anthropic"]
VARIABLES = {"openai": "OPENAI_API_KEY", "anthropic": "ANTHROPIC_API_KEY"}
REPORTS = ("out.json", "out.html", "out.md")

# One test per fault, in the order the server's scripts are consumed; the 401 comes last
# because it makes the judge unavailable for the rest of the run.
SUITE = """
CONTEXT = ["Returns are accepted within 30 days of delivery."]

def test_1_reply_echoes_the_key(assert_faithful):
    assert_faithful("Returns are accepted within 30 days.", CONTEXT)

def test_2_html_page_echoes_the_key(assert_faithful):
    assert_faithful("Returns are accepted within 31 days.", CONTEXT)

def test_3_bad_request_echoes_the_key(assert_faithful):
    assert_faithful("Returns are accepted within 32 days.", CONTEXT)

def test_4_server_error_echoes_the_key(assert_faithful):
    assert_faithful("Returns are accepted within 33 days.", CONTEXT)

def test_5_unauthorized_echoes_the_key(assert_faithful):
    assert_faithful("Returns are accepted within 34 days.", CONTEXT)

def test_6_after_the_judge_is_unavailable(assert_faithful):
    assert_faithful("Returns are accepted within 35 days.", CONTEXT)
"""


def fragments(secret: str) -> list[str]:
    return [secret[i : i + FRAGMENT] for i in range(len(secret) - FRAGMENT + 1)]


def echo_model(whole: dict[str, Any]) -> dict[str, Any]:
    return {**whole, "model": f"gateway-{KEY[8:40]}"}


def script_key_echoes(server: FakeLLMServer, provider: str) -> None:
    claims = f'{{"claims": [{{"sentence": 1, "claim": "Returns need token ...{KEY[-12:]}."}}]}}'
    server.script(
        "extract",
        Reply(text=claims, envelope=echo_model),
        Reply(body=f"<html>Signed in as {KEY[3:27]}</html>".encode(), content_type="text/html"),
        Reply(status=400, error=f"Model not allowed for key {KEY[10:30]} (org {KEY[20:44]})"),
        *[Reply(status=500, error=f"upstream failed for key sk-...{KEY[-12:]}")] * 2,
        Reply(
            status=401,
            error=f"Incorrect API key provided: sk-proj-****{KEY[-4:]}. Also {KEY}, ...{KEY[-6:]}",
        ),
    )


INPUTS = frozenset({"tox.ini"})
"""Files the test writes for the run (the ini holds the spec): not scanned."""


def written(pytester: pytest.Pytester, result: pytest.RunResult) -> dict[str, bytes]:
    """Everything the run printed or wrote, by where it went."""
    out = {
        "stdout": result.stdout.str().encode(),
        "stderr": result.stderr.str().encode(),
    }
    for path in sorted(pytester.path.rglob("*")):
        name = str(path.relative_to(pytester.path))
        if path.is_file() and name not in INPUTS:
            out[name] = path.read_bytes()
    return out


def assert_nowhere(secrets: list[str], everything: dict[str, bytes]) -> None:
    found = [
        (where, secret)
        for where, data in everything.items()
        for secret in secrets
        if secret.encode() in data
    ]
    assert not found


def run(pytester: pytest.Pytester, spec: str, *args: str) -> pytest.RunResult:
    pytester.makeini(f"[pytest]\nfaith_judge = {spec}\nfaith_max_retries = 1\n")
    return pytester.runpytest(
        "--junitxml=junit.xml",
        "--faith-report",
        *(f"--faith-report={name}" for name in REPORTS),
        "-rA",
        "--tb=long",
        "--showlocals",
        *args,
    )


@pytest.mark.parametrize("provider", PROVIDERS)
def test_no_key_fragment_in_output_reports_junit_or_cache(
    provider: str,
    pytester: pytest.Pytester,
    server: FakeLLMServer,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(VARIABLES[provider], KEY)
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(pytester.path / "step-summary.md"))
    script_key_echoes(server, provider)
    pytester.makepyfile(SUITE)
    base = f"{server.url}/v1" if provider == "openai" else server.url
    result = run(pytester, f"{provider}:judge-model@{base}")
    result.assert_outcomes(failed=6)
    everything = written(pytester, result)
    # The run did see the echoes, and wrote what they were about:
    assert server.count == 7
    assert (pytester.path / ".faith-cache" / "cache.db").is_file()
    assert b"Returns need token ...<redacted>." in everything["out.json"]
    for name in (*REPORTS, "junit.xml", "step-summary.md"):
        assert name in everything
    result.stdout.fnmatch_lines(
        [
            "*unusable reply from*: the body (* bytes, sent as text/html) is not JSON*",
            "*refused the request (HTTP 400 from*Model not allowed for key <redacted>*",
            "*server error after 1 retries (HTTP 500 from*<redacted>*",
            f"*rejected the API key (HTTP 401 from*set a valid key in {VARIABLES[provider]}*",
            "*judge unavailable, not called again in this run*",
        ]
    )
    assert_nowhere([*fragments(KEY), f"****{KEY[-4:]}"], everything)


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize("where", ["spec", "environment"])
def test_base_url_credentials_never_appear(
    provider: str,
    where: str,
    pytester: pytest.Pytester,
    server: FakeLLMServer,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(VARIABLES[provider], KEY)
    host = server.url.removeprefix("http://")
    base = f"http://judge-user:{PASSWORD}@{host}" + ("/v1" if provider == "openai" else "")
    if where == "spec":
        spec = f"{provider}:judge-model@{base}"
    else:
        monkeypatch.setenv(f"{provider.upper()}_BASE_URL", base)
        spec = f"{provider}:judge-model"
    server.script(
        "extract",
        Reply(),
        Reply(status=400, error="no such model"),
        Reply(status=401, error="Unauthorized"),
    )
    pytester.makepyfile(SUITE.split("def test_4")[0])
    result = run(pytester, spec)
    result.assert_outcomes(passed=1, failed=2)
    shown = f"http://<redacted>@{host}"
    source = "the judge spec" if where == "spec" else f"{provider.upper()}_BASE_URL"
    result.stdout.fnmatch_lines(
        [
            f"*refused the request (HTTP 400 from {shown}* (base URL from {source})): *",
            f"*rejected the API key (HTTP 401 from {shown}* (base URL from {source})): *",
        ]
    )
    assert_nowhere([PASSWORD, *fragments(KEY)], written(pytester, result))


TOKEN = "Gw7Q2mPz0Lx4Nc8Rv2Ht6Jk1Bs9D"
CONTEXT = ["Returns are accepted within 30 days of delivery."]
FORMS = ["user-password", "token-as-user", "query", "path"]


def credential_url(form: str, host: str, root: str) -> tuple[str, list[str]]:
    """A base URL carrying a credential the way ``form`` says, and the secrets it holds."""
    if form == "user-password":
        return f"http://judge-user:{PASSWORD}@{host}{root}", [
            PASSWORD,
            basic_token("judge-user", PASSWORD),
        ]
    if form == "token-as-user":
        return f"http://{TOKEN}@{host}{root}", [TOKEN, basic_token(TOKEN, "")]
    if form == "query":
        return f"http://{host}{root}?key={TOKEN}", [TOKEN]
    return f"http://{host}/gw/{TOKEN}{root}", [TOKEN]


def credential_suite(count: int) -> str:
    """For each judge spec in the variable SPECS, a test it answers and one whose server errors
    after a retry. The specs are read from the environment: written in the test file, the
    credentials would be in its own tracebacks."""
    tests = ["import json, os, pytest", 'SPECS = json.loads(os.environ["SPECS"])']
    for i in range(count):
        # Answers of their own: a run extracts an answer's claims once.
        tests.append(
            f"""
CONTEXT_{i} = ["Returns for form {i} are accepted within 30 days of delivery."]

@pytest.mark.faithfulness(judge=SPECS[{i}])
def test_{i}_answered(assert_faithful):
    assert_faithful("Returns for form {i} are accepted within 30 days.", CONTEXT_{i})

@pytest.mark.faithfulness(judge=SPECS[{i}])
def test_{i}_server_error(assert_faithful):
    assert_faithful("Returns for form {i} are accepted within 31 days.", CONTEXT_{i})
"""
        )
    return "\n".join(tests)


@pytest.mark.usefixtures("outer_log_redaction_off")
@pytest.mark.parametrize("provider", PROVIDERS)
def test_no_credential_of_the_base_url_in_any_log(
    provider: str,
    pytester: pytest.Pytester,
    server: FakeLLMServer,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # httpx logs every request's URL at INFO, the anthropic SDK its URLs at DEBUG: at DEBUG,
    # live, to a file and in JUnit, no credential of a base URL may appear anywhere, in any
    # of the forms a base URL carries one.
    monkeypatch.setenv(VARIABLES[provider], KEY)
    host = server.url.removeprefix("http://")
    root = "/v1" if provider == "openai" else ""
    forms = [credential_url(form, host, root) for form in FORMS]
    specs = [f"{provider}:judge-model@{base}" for base, _ in forms]
    server.script("extract", *[Reply(), *[Reply(status=500, error="upstream failed")] * 2] * 4)
    monkeypatch.setenv("SPECS", json.dumps(specs))
    pytester.makepyfile(credential_suite(len(specs)))
    result = run(
        pytester,
        specs[0],
        "--faith-record-mode=off",
        "--log-level=DEBUG",
        "-o",
        "log_cli=true",
        "--log-file=run.log",
        "--log-file-level=DEBUG",
        "-o",
        "junit_logging=all",
    )
    result.assert_outcomes(passed=4, failed=4)
    # The credentials reached the server where it reads them...
    paths = [path for path, _ in server.requests]
    assert any(path.endswith(f"?key={TOKEN}") for path in paths)
    assert any(path.startswith(f"/gw/{TOKEN}/") for path in paths)
    for _, secrets in forms[:2]:
        assert f"Basic {secrets[1]}" in server.authorizations
    # ...the run logged its requests (httpx at INFO, the SDK at DEBUG)...
    everything = written(pytester, result)
    for where in ("stdout", "run.log", "junit.xml"):
        assert everything[where].count(b"HTTP Request: POST http://127.0.0.1:") >= 16
    # ...and nothing anywhere holds a credential, or a piece of one.
    assert_nowhere(
        [
            *(piece for _, secrets in forms for s in secrets for piece in fragments(s)),
            *fragments(KEY),
        ],
        everything,
    )


@pytest.mark.usefixtures("outer_log_redaction_off")
@pytest.mark.parametrize("provider", PROVIDERS)
def test_verify_callers_install_the_log_filter_themselves(
    provider: str,
    server: FakeLLMServer,
    caplog: pytest.LogCaptureFixture,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(VARIABLES[provider], KEY)
    host = server.url.removeprefix("http://")
    root = "/v1" if provider == "openai" else ""
    options = JudgeOptions(tmp_path / "cache", "off", LLMOptions(max_retries=0))
    caplog.set_level(logging.DEBUG)
    try:
        for form in ("query", "path"):
            base, _ = credential_url(form, host, root)
            judge = builtin_registry().build(f"{provider}:judge-model@{base}", options)
            with install_log_filter():
                verify("Returns are accepted within 30 days.", CONTEXT, judge=judge)
            requests = [r for r in caplog.records if r.name.startswith("httpx")]
            assert len(requests) == 2, "httpx logged the extraction and the verification"
            assert TOKEN[:FRAGMENT] not in caplog.text
            caplog.clear()
            # Without it, httpx logs the URL as the SDK sent it: what the plugin prevents.
            verify("Returns are accepted within 31 days.", CONTEXT, judge=judge)
            assert TOKEN in caplog.text
            caplog.clear()
    finally:
        options.close()


def test_header_and_usage_errors_show_specs_without_credentials(
    pytester: pytest.Pytester,
) -> None:
    pytester.makeconftest(
        """
        def pytest_faithful_register_judges(registry):
            def broken(spec, options):
                raise ValueError(f"cannot build a judge for {spec} at {spec.base_url}")
            registry.register("broken", broken)
        """
    )
    pytester.makepyfile("def test_it(): pass")
    spec = f"broken:m@http://judge-user:{PASSWORD}@127.0.0.1:9/v1"
    built = pytester.runpytest(f"--faith-judge={spec}")
    built.assert_outcomes(passed=1)
    built.stdout.fnmatch_lines(["faithful: judge: broken:m@http://<redacted>@127.0.0.1:9/v1 *"])
    refused = pytester.runpytest(f"--faith-judge=openai:@http://judge-user:{PASSWORD}@h/v1")
    assert refused.ret == pytest.ExitCode.USAGE_ERROR
    refused.stderr.fnmatch_lines(["*judge spec 'openai:@http://<redacted>@h/v1' names no model*"])
    for result in (built, refused):
        assert PASSWORD not in result.stdout.str() + result.stderr.str()


def test_a_spec_shows_its_base_url_without_credentials() -> None:
    spec = JudgeSpec.parse(f"openai:m@https://judge-user:{PASSWORD}@gateway.example/v1")
    assert spec.base_url == f"https://judge-user:{PASSWORD}@gateway.example/v1"
    assert str(spec) == "openai:m@https://<redacted>@gateway.example/v1"
    assert PASSWORD not in repr(spec)
    assert JudgeSpec.parse(str(JudgeSpec("openai", "m", "http://h/v1"))) == JudgeSpec(
        "openai", "m", "http://h/v1"
    )


def test_key_fragments_are_found_by_this_scan(tmp_path: Path) -> None:
    # The scan itself is sound: a file holding only a key's 6-character tail is caught.
    (tmp_path / "leak.txt").write_text(f"Incorrect API key provided: ...{KEY[-6:]}")
    data = {"leak.txt": (tmp_path / "leak.txt").read_bytes()}
    with pytest.raises(AssertionError):
        assert_nowhere(fragments(KEY), data)


# What the test itself checks may hold the key too: an app that leaks its key into an answer,
# or retrieves a passage holding it. The texts are built from the variable where they are
# used, so neither the test's source nor its locals (--showlocals) hold the key.
TEXTS_SUITE = """
import os

def said(template):
    key = os.environ["OPENAI_API_KEY"]
    return template.format(key=key, tail=key[-12:], middle=key[10:30])

RETURNS = "Returns {middle} take 30 days."
PASSAGES = [
    "Returns are accepted within 30 days of delivery.",
    "Config: api_key = {middle} (rotate yearly).",
]

def test_faithfulness(assert_faithful):
    assert_faithful(
        said("Returns are accepted within 30 days. The key is {key}."),
        [said(p) for p in PASSAGES],
        question=said("What does {tail} unlock?"),
    )

def test_reference(assert_reference):
    assert_reference(said("The key ends {tail} in 30 days."), said("It ends {tail} in 60 days."))

def test_relevancy(assert_relevant):
    assert_relevant(said(RETURNS), said("How long {tail} are returns?"), threshold=1.0)
"""


# A key set for each test by a fixture (read from a vault, a dotenv file): gone from the
# environment when the reports are made at the session's end.
KEY_FIXTURE = """
import os
import pytest

@pytest.fixture(autouse=True)
def app_key(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", os.environ["VAULT_KEY"])
"""


@pytest.mark.parametrize("set_by", ["environment", "fixture"])
def test_a_key_in_the_texts_a_test_checks_is_masked_in_every_output_at_the_same_length(
    set_by: str, pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    if set_by == "environment":
        monkeypatch.setenv("OPENAI_API_KEY", KEY)
    else:
        monkeypatch.delenv("OPENAI_API_KEY", raising=False)
        monkeypatch.setenv("VAULT_KEY", KEY)
        pytester.makeconftest(KEY_FIXTURE)
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(pytester.path / "step-summary.md"))
    pytester.makepyfile(TEXTS_SUITE)
    result = run(pytester, "lexical", "--faith-baseline=base.json", "--faith-update-baseline")
    result.assert_outcomes(failed=2, passed=1)
    everything = written(pytester, result)
    for name in (*REPORTS, "junit.xml", "step-summary.md", "base.json"):
        assert name in everything
    assert_nowhere(fragments(KEY), everything)
    # Masked where it was, character for character: the claims still point into the answer.
    report = json.loads(everything["out.json"])
    (check,) = report["checks"]
    assert check["answer"] == f"Returns are accepted within 30 days. The key is {'*' * len(KEY)}."
    claim = check["result"]["claim_verdicts"][-1]["claim"]
    assert check["answer"][claim["start"] : claim["end"]] == claim["sentence"]
    result.stdout.fnmatch_lines([f"*The key is {'*' * len(KEY)}.*"])


# A gateway's own credential, in the headers the SDKs read from their custom header variable
# (Cloudflare AI Gateway, Portkey, Helicone): neither sk-shaped nor in a key variable.
GATEWAY = "Vh3kR9wQ2mZx7Lp4Tn8Bc6Yd1Fs5Gj0A"
PORTKEY = "pk9Ld2QwXr5Tz8Mn3Bv6Hc1Js4Kf7Ga0"
HEADERS = f"cf-aig-authorization: Bearer {GATEWAY}\nx-portkey-api-key:{PORTKEY}\nx-env: staging"


@pytest.mark.usefixtures("outer_log_redaction_off")
@pytest.mark.parametrize("provider", PROVIDERS)
def test_no_credential_of_the_custom_header_variable_anywhere(
    provider: str, pytester: pytest.Pytester, server: FakeLLMServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(VARIABLES[provider], KEY)
    monkeypatch.setenv(f"{provider.upper()}_CUSTOM_HEADERS", HEADERS)
    echo = f"gateway {GATEWAY} (portkey {PORTKEY[:20]}, ...{PORTKEY[-8:]})"
    server.script(
        "extract",
        Reply(text=f'{{"claims": [{{"sentence": 1, "claim": "Returns need {echo}."}}]}}'),
        Reply(status=400, error=f"Model not allowed for {echo}"),
        *[Reply(status=500, error=f"upstream failed for {echo}")] * 2,
    )
    pytester.makepyfile(SUITE.split("def test_4")[0])
    base = f"{server.url}/v1" if provider == "openai" else server.url
    result = run(
        pytester,
        f"{provider}:judge-model@{base}",
        "--faith-recordings=recorded",
        "--log-level=DEBUG",
        "-o",
        "log_cli=true",
    )
    result.assert_outcomes(failed=3)
    # The SDK sent the headers, the server echoed them, and the run said what it was told...
    assert server.headers[0]["x-portkey-api-key"] == PORTKEY
    assert server.headers[0]["x-env"] == "staging"
    result.stdout.fnmatch_lines(["*HTTP 400 from*Model not allowed for gateway <redacted>*"])
    # ...with no piece of either credential anywhere.
    assert_nowhere([*fragments(GATEWAY), *fragments(PORTKEY)], written(pytester, result))


@pytest.mark.parametrize(
    ("headers", "secrets"),
    [
        ("Authorization: Bearer abc123xyz", ("abc123xyz",)),
        ("cf-aig-authorization: Bearer tok3n", ("tok3n",)),
        ("Helicone-Auth: Bearer sk-helicone-x1", ("sk-helicone-x1",)),
        ("x-portkey-api-key:plainword\r", ("plainword",)),
        ("X-Auth-Token: t0k\nCookie: session=abcdef", ("t0k", "session=abcdef")),
        ("x-request-source: Vh3kR9wQ2mZx7Lp4Tn8B", ("Vh3kR9wQ2mZx7Lp4Tn8B",)),
        # Names and values that are no credential stay visible; a line without a colon, or
        # a name with no value, says nothing.
        ("x-env: production\nx-team: search-relevance\nOpenAI-Beta: assistants=v2", ()),
        ("api-key\nx-api-key:\n", ()),
    ],
)
def test_the_credentials_of_custom_headers_are_told_by_name_or_shape(
    headers: str, secrets: tuple[str, ...]
) -> None:
    assert header_secrets(headers) == secrets


def test_a_worker_masks_what_it_sends_with_the_keys_set_after_it_started(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The controller masks the report with the keys of its environment, which the worker
    # started with; a key a fixture set later is known to the worker only.
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    seen = SecretsSeen()
    late = "Zr4Wq8Lp2Xm6Tn0Vb3Hc7Jd1"
    monkeypatch.setenv("ANTHROPIC_API_KEY", late)
    seen.note(kept=0)  # no record kept since: the environment is not read again
    assert seen.values == {KEY}
    seen.note(kept=1)  # a check's record kept while the fixture's key is set
    monkeypatch.delenv("ANTHROPIC_API_KEY")
    answer = f"Keys {KEY} and {late}."
    record = MetricRecord(
        metric="reference", nodeid=f"t.py::t[{late}]", index=0, judge_id="lexical", answer=answer
    )
    (sent,) = seen.dumped([record])
    assert sent["answer"] == f"Keys {KEY} and {'*' * len(late)}."
    assert sent["nodeid"] == record.nodeid, "the test's id names it"
    assert seen.values == {KEY, late}
