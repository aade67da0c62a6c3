"""The anthropic and openai judges through the real SDK clients, against a loopback server.

Every case ends in a correct result or a JudgeError; none ends in a score made from a failure.
"""

from __future__ import annotations

import dataclasses
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fake_llm_server import FakeLLMServer, Reply
from pytest_faithful import JudgeError, Label, UnavailableJudgeError, verify
from pytest_faithful.judges.base import Judge
from pytest_faithful.judges.llm.options import LLMOptions
from pytest_faithful.judges.registry import builtin_registry
from pytest_faithful.judges.resources import JudgeOptions
from pytest_faithful.models import FaithfulnessResult
from pytest_faithful.providers.endpoint import Endpoint
from pytest_faithful.providers.openai import PLACEHOLDER_KEY

SECRET = "sk-test-SECRET-0123456789abcdefghij"
PASSAGES = [
    "Returns are accepted within 30 days of delivery.",
    "Shipping to Canada costs $15 per order.",
]
ANSWER = (
    "Returns are accepted within 30 days. Shipping to Canada costs $15. Gift cards never expire."
)
EXPECTED = [Label.SUPPORTED, Label.SUPPORTED, Label.NOT_ENOUGH_INFO]
PROVIDERS = ["openai", "anthropic"]
# The tests that count requests must not see a retry a loaded machine causes (a reply slower
# than a short timeout is asked again): they wait as long as a run would. Only the timeout
# tests use the short one, with replies that stay late well past it.
PATIENT = LLMOptions(timeout_s=10.0, max_retries=1)
FAST = LLMOptions(timeout_s=0.4, max_retries=1)


@pytest.fixture(autouse=True)
def _keys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    monkeypatch.setenv("ANTHROPIC_API_KEY", SECRET)


def spec(provider: str, server: FakeLLMServer, model: str = "judge-model") -> str:
    base = f"{server.url}/v1" if provider == "openai" else server.url
    return f"{provider}:{model}@{base}"


class Run:
    """Judges built the way the plugin builds them, sharing one JudgeOptions."""

    def __init__(self, options: JudgeOptions) -> None:
        self.options = options
        self.registry = builtin_registry()

    def judge(self, text: str) -> Judge:
        return self.registry.build(text, self.options)

    def check(self, text: str, answer: str = ANSWER, **kwargs: Any) -> FaithfulnessResult:
        passages = kwargs.pop("contexts", PASSAGES)
        return verify(answer, passages, judge=self.judge(text), threshold=0.5, **kwargs)


@pytest.fixture
def run(tmp_path: Path) -> Iterator[Run]:
    options = JudgeOptions(tmp_path / "cache", "off", PATIENT)
    yield Run(options)
    options.close()


@pytest.fixture
def hasty(tmp_path: Path) -> Iterator[Run]:
    """Judges that give up on a reply after 0.4 s: for the tests of timeouts."""
    options = JudgeOptions(tmp_path / "cache", "off", FAST)
    yield Run(options)
    options.close()


@pytest.fixture
def repairing(tmp_path: Path) -> Iterator[Run]:
    """Judges that ask once more for a quote (``quote_repair``, off by default)."""
    options = JudgeOptions(
        tmp_path / "cache", "off", dataclasses.replace(PATIENT, quote_repair=True)
    )
    yield Run(options)
    options.close()


def labels(result: FaithfulnessResult) -> list[Label]:
    return [cv.label for cv in result.claim_verdicts]


def drop_last(answer: dict[str, Any]) -> dict[str, Any]:
    return {"verdicts": answer["verdicts"][:-1]}


def add_one(answer: dict[str, Any]) -> dict[str, Any]:
    extra = {**answer["verdicts"][0], "claim": len(answer["verdicts"]) + 1}
    return {"verdicts": [*answer["verdicts"], extra]}


def duplicate_first(answer: dict[str, Any]) -> dict[str, Any]:
    first = answer["verdicts"][0]
    return {"verdicts": [first, first, *answer["verdicts"][2:]]}


def unknown_label(answer: dict[str, Any]) -> dict[str, Any]:
    return {"verdicts": [{**v, "label": "MOSTLY_TRUE"} for v in answer["verdicts"]]}


def invented_quote(answer: dict[str, Any]) -> dict[str, Any]:
    first = {**answer["verdicts"][0], "evidence": "Returns are accepted for 90 days"}
    return {"verdicts": [first, *answer["verdicts"][1:]]}


# -- success and transport faults ------------------------------------------------------------


@pytest.mark.parametrize("provider", PROVIDERS)
def test_success(provider: str, server: FakeLLMServer, run: Run) -> None:
    result = run.check(spec(provider, server))
    assert labels(result) == EXPECTED
    assert result.claim_verdicts[0].evidence_found
    assert result.judge_id == f"{provider}:judge-model/p4"
    assert result.usage.judge_calls == 2 == server.count
    assert result.usage.input_tokens > 0
    assert result.usage.output_tokens > 0


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize(
    "fault",
    [
        pytest.param(Reply(status=429, headers={"retry-after": "0.01"}), id="429-retry-after"),
        pytest.param(Reply(status=500), id="500"),
        pytest.param(Reply(status=503), id="503"),
        pytest.param(Reply(delay=1.0), id="timeout"),
    ],
)
def test_retried_by_the_sdk_then_success(
    provider: str, fault: Reply, server: FakeLLMServer, hasty: Run
) -> None:
    server.script("verify", fault)
    result = hasty.check(spec(provider, server))
    assert labels(result) == EXPECTED
    assert server.count == 3, "extraction, the failed verification, its retry"
    assert result.usage.judge_calls == 2, "a retry is part of one judge call"


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize(
    ("headers", "asked"),
    [
        ({"retry-after-ms": "86400000"}, "86400s"),
        ({"retry-after-ms": "-", "retry-after": "86400"}, "86400s"),
        ({"retry-after-ms": "-", "retry-after": "Thu, 01 Jan 2099 00:00:00 GMT"}, "s before"),
    ],
    ids=["ms", "seconds", "http-date"],
)
@pytest.mark.parametrize("status", [429, 503])
def test_a_server_asking_to_wait_for_hours_is_not_waited_for(
    provider: str,
    status: int,
    headers: dict[str, str],
    asked: str,
    server: FakeLLMServer,
    run: Run,
) -> None:
    # The anthropic SDK would sleep as long as it is asked; a run must end instead.
    server.script("verify", Reply(status=status, headers=headers))
    started = time.perf_counter()
    with pytest.raises(JudgeError) as info:
        run.check(spec(provider, server))
    assert time.perf_counter() - started < 10
    message = str(info.value)
    assert f"{provider} asked to wait" in message
    assert asked in message
    assert f"(HTTP {status} from" in message
    assert "more than the 120s a run waits; 0 retries made" in message
    assert server.count == 2, "extraction and the one verification request: no retry"


@pytest.mark.parametrize("provider", PROVIDERS)
def test_the_retries_named_are_the_retries_made(
    provider: str, server: FakeLLMServer, run: Run
) -> None:
    server.script("verify", Reply(status=429), Reply(status=429))
    with pytest.raises(JudgeError, match=rf"{provider} kept rate-limiting after 1 retries"):
        run.check(spec(provider, server))


@pytest.mark.parametrize("provider", PROVIDERS)
def test_timeouts_past_the_retries_are_a_judge_error(
    provider: str, server: FakeLLMServer, hasty: Run
) -> None:
    server.script("verify", Reply(delay=1.0), Reply(delay=1.0))
    with pytest.raises(
        UnavailableJudgeError,
        match=r"no complete reply .* within --faith-timeout=0.4s, in each of 2 attempts "
        r"\(1 retries made\)",
    ):
        hasty.check(spec(provider, server))


@pytest.mark.parametrize("provider", PROVIDERS)
def test_500_past_the_retries_is_a_judge_error(
    provider: str, server: FakeLLMServer, run: Run
) -> None:
    server.script("extract", Reply(status=500), Reply(status=500))
    with pytest.raises(JudgeError, match=rf"{provider} server error after 1 retries \(HTTP 500"):
        run.check(spec(provider, server))
    assert server.count == 2


@pytest.mark.parametrize("provider", PROVIDERS)
def test_401_fails_at_once_naming_the_setting_without_the_key(
    provider: str, server: FakeLLMServer, run: Run
) -> None:
    # Providers echo (part of) the key in 401 bodies; none of it may reach the message.
    server.script("extract", Reply(status=401, error=f"Incorrect API key provided: {SECRET}"))
    with pytest.raises(UnavailableJudgeError) as info:
        run.check(spec(provider, server))
    message = str(info.value)
    variable = "OPENAI_API_KEY" if provider == "openai" else "ANTHROPIC_API_KEY"
    assert f"{provider} rejected the API key (HTTP 401" in message
    assert variable in message
    assert SECRET not in message
    assert SECRET[:12] not in message
    assert info.value.__cause__ is None
    # The SDK error (with the body) is not chained: it is no cause, and no context shown.
    assert info.value.__context__ is None or info.value.__suppress_context__
    assert server.count == 1, "authentication errors are not retried"


@pytest.mark.parametrize("provider", PROVIDERS)
def test_bad_request_fails_at_once(provider: str, server: FakeLLMServer, run: Run) -> None:
    server.script("extract", Reply(status=400, error="model 'judge-model' does not exist"))
    with pytest.raises(JudgeError, match=r"refused the request \(HTTP 400.*does not exist"):
        run.check(spec(provider, server))
    assert server.count == 1


@pytest.mark.parametrize("provider", PROVIDERS)
def test_missing_key_says_which_variable_to_set(
    provider: str, monkeypatch: pytest.MonkeyPatch, run: Run
) -> None:
    variable = "OPENAI_API_KEY" if provider == "openai" else "ANTHROPIC_API_KEY"
    monkeypatch.delenv(variable)
    with pytest.raises(UnavailableJudgeError, match=f"no API key. Set {variable}"):
        run.check(provider)


@pytest.mark.parametrize("where", ["spec", "OPENAI_BASE_URL", "localhost"])
def test_a_local_openai_server_needs_no_key(
    where: str, server: FakeLLMServer, monkeypatch: pytest.MonkeyPatch, run: Run
) -> None:
    # Ollama, llama.cpp and vLLM ignore the key, but the SDK insists on one: a placeholder
    # goes, never a real secret, and the reply is not redacted as if it were one.
    monkeypatch.delenv("OPENAI_API_KEY")
    if where == "spec":
        judge = spec("openai", server)
    else:
        url = f"{server.url}/v1"
        if where == "localhost":
            url = url.replace("127.0.0.1", "localhost")
        monkeypatch.setenv("OPENAI_BASE_URL", url)
        judge = "openai:judge-model"
    result = run.check(judge, answer="Returns are accepted within 30 days of delivery.")
    assert labels(result) == [Label.SUPPORTED]
    assert result.claim_verdicts[0].evidence_found
    assert server.authorizations == [f"Bearer {PLACEHOLDER_KEY}"] * server.count


def test_a_remote_openai_base_url_still_needs_a_key(
    monkeypatch: pytest.MonkeyPatch, run: Run
) -> None:
    # A gateway named in OPENAI_BASE_URL most likely wants a key: say which one to set.
    monkeypatch.delenv("OPENAI_API_KEY")
    monkeypatch.setenv("OPENAI_BASE_URL", "https://gateway.example.com/v1")
    with pytest.raises(UnavailableJudgeError, match=r"no API key\. Set OPENAI_API_KEY"):
        run.check("openai:judge-model")


@pytest.mark.parametrize(
    ("url", "loopback"),
    [
        ("http://localhost:11434/v1", True),
        ("http://127.0.0.1:8080/v1", True),
        ("http://127.1.2.3/v1", True),
        ("http://[::1]:8000/v1", True),
        ("http://user:pass@localhost/v1", True),
        ("https://api.openai.com/v1", False),
        ("http://192.168.1.5:11434/v1", False),
        ("http://localhost.example.com/v1", False),
        ("http://[::1/v1", False),
    ],
)
def test_which_base_urls_are_this_machine(url: str, loopback: bool) -> None:
    endpoint = Endpoint.resolve(None, "OPENAI_BASE_URL", "", {"OPENAI_BASE_URL": url})
    assert endpoint.is_loopback is loopback


def test_unreachable_server_is_an_unavailable_judge(tmp_path: Path) -> None:
    # Without the SDK's retry: a refused connection carries no Retry-After, so the one retry
    # waited out the SDK's backoff (0.4-0.5 s) for a message that does not depend on it. The
    # retries against an unreachable server: test_provider_fail_fast.py's test_unreachable_server.
    options = JudgeOptions(tmp_path / "cache", "off", dataclasses.replace(PATIENT, max_retries=0))
    try:
        with pytest.raises(UnavailableJudgeError, match=r"cannot reach http://127.0.0.1:9/v1"):
            Run(options).check("openai:m@http://127.0.0.1:9/v1")
    finally:
        options.close()


# -- what the model says ---------------------------------------------------------------------


BAD_REPLIES = [
    pytest.param(Reply(text="{{{{{ oops"), "malformed", id="malformed"),
    pytest.param(
        Reply(text='{"verdicts": [{"claim": 1, "label": "SUPP'), "required shape", id="cut-off"
    ),
    pytest.param(
        Reply(text="I'm sorry, but I can't help with that."), "refused", id="refusal-text"
    ),
    pytest.param(Reply(transform=drop_last), "one verdict for each of claims 1..3", id="fewer"),
    pytest.param(Reply(transform=add_one), "one verdict for each of claims 1..3", id="more"),
    pytest.param(Reply(transform=duplicate_first), r"claims \[1, 1, 3\]", id="duplicated"),
    pytest.param(Reply(transform=unknown_label), "required shape", id="unknown-label"),
]


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize(("bad", "problem"), BAD_REPLIES)
def test_bad_reply_twice_is_a_judge_error(
    provider: str, bad: Reply, problem: str, server: FakeLLMServer, run: Run
) -> None:
    server.script("verify", bad, bad)
    with pytest.raises(JudgeError, match=problem):
        run.check(spec(provider, server))
    assert server.count == 3, "extraction, verification, one repair"


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize(("bad", "problem"), BAD_REPLIES)
def test_bad_reply_then_repaired(
    provider: str, bad: Reply, problem: str, server: FakeLLMServer, run: Run
) -> None:
    server.script("verify", bad)
    result = run.check(spec(provider, server))
    assert labels(result) == EXPECTED
    repair = server.bodies()[-1]["messages"]
    assert "could not be used" in repair[-1]["content"]


def test_openai_refusal_field_is_never_a_verdict(server: FakeLLMServer, run: Run) -> None:
    refusal = Reply(refusal="I can't assist with that request.")
    server.script("verify", refusal, refusal)
    with pytest.raises(JudgeError, match="refused"):
        run.check(spec("openai", server))


@pytest.mark.parametrize("provider", PROVIDERS)
def test_json_in_code_fences(provider: str, server: FakeLLMServer, run: Run) -> None:
    def fenced(answer: dict[str, Any]) -> str:
        return f"Here you go:\n```json\n{json.dumps(answer)}\n```"

    server.script("extract", Reply(transform=fenced))
    server.script("verify", Reply(transform=fenced))
    result = run.check(spec(provider, server))
    assert labels(result) == EXPECTED
    assert server.count == 2


@pytest.mark.parametrize("provider", PROVIDERS)
def test_evidence_quote_not_in_the_passage_is_not_supported(
    provider: str, server: FakeLLMServer, repairing: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = repairing
    server.script("verify", Reply(transform=invented_quote), Reply(transform=invented_quote))
    # The judge-quote rule: no located span stands in for the quote the judge invented.
    result = run.check(spec(provider, server), rules="standard,judge-quote")
    first = result.claim_verdicts[0]
    assert (first.label, first.judge_label) == (Label.NOT_ENOUGH_INFO, Label.SUPPORTED)
    assert not first.evidence_found
    assert "not in contexts[0]" in first.reason
    # The judge was asked once more for a quote (quote_repair), and invented one again.
    assert "gives no evidence that is in a passage" in json.dumps(server.bodies())


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_repair_request_asks_for_the_missing_quote(
    provider: str, server: FakeLLMServer, repairing: Run
) -> None:
    run = repairing
    server.script("verify", Reply(transform=invented_quote))
    result = run.check(spec(provider, server))
    assert labels(result) == EXPECTED
    first = result.claim_verdicts[0]
    assert first.evidence_found
    assert first.alignment is not None
    assert first.alignment.method != "located"
    assert result.usage.judge_calls == 3  # extraction, verification, its repair


@pytest.mark.parametrize("provider", PROVIDERS)
def test_truncated_batch_is_split_and_retried(
    provider: str, server: FakeLLMServer, run: Run
) -> None:
    server.script("verify", Reply(truncated=True))
    result = run.check(spec(provider, server))
    assert labels(result) == EXPECTED
    verify_requests = [b for b in server.bodies() if "[claim 1]" in b["messages"][-1]["content"]]
    claims_per_request = [b["messages"][-1]["content"].count("[claim ") for b in verify_requests]
    assert claims_per_request == [3, 1, 2]
    assert result.usage.judge_calls == 4


@pytest.mark.parametrize("provider", PROVIDERS)
def test_truncated_single_claim_is_a_judge_error(
    provider: str, server: FakeLLMServer, run: Run
) -> None:
    server.script("verify", Reply(truncated=True))
    with pytest.raises(JudgeError, match="single claim was cut off at the token limit"):
        run.check(spec(provider, server), answer="Returns are accepted within 30 days.")


@pytest.mark.parametrize("provider", PROVIDERS)
def test_truncated_extraction_is_split_by_sentence(
    provider: str, server: FakeLLMServer, run: Run
) -> None:
    server.script("extract", Reply(truncated=True))
    result = run.check(spec(provider, server))
    assert labels(result) == EXPECTED
    assert result.claim_verdicts[0].claim.text == "Returns are accepted within 30 days."


# -- structured output -----------------------------------------------------------------------


def test_openai_asks_for_a_strict_json_schema(server: FakeLLMServer, run: Run) -> None:
    run.check(spec("openai", server))
    body = server.bodies()[0]
    fmt = body["response_format"]
    assert fmt["type"] == "json_schema"
    assert fmt["json_schema"]["strict"] is True
    schema = fmt["json_schema"]["schema"]
    assert schema["additionalProperties"] is False
    assert schema["required"] == ["claims"]
    assert body["temperature"] == 0.0
    assert body["max_tokens"] == 2048, "compatible servers get max_tokens"


def test_anthropic_forces_tool_use_with_the_schema(server: FakeLLMServer, run: Run) -> None:
    run.check(spec("anthropic", server))
    body = server.bodies()[1]
    (tool,) = body["tools"]
    assert body["tool_choice"] == {"type": "tool", "name": tool["name"]}
    assert "verdicts" in tool["input_schema"]["properties"]
    assert body["system"].startswith("You check claims")
    assert [m["role"] for m in body["messages"]] == ["user"]


@pytest.mark.parametrize(
    ("rejected", "expected"),
    [
        (frozenset({"json_schema"}), "json_object"),
        (frozenset({"json_schema", "json_object"}), None),
    ],
    ids=["to-json-object", "to-prompt"],
)
def test_openai_compatible_server_degrades_and_remembers(
    tmp_path: Path, rejected: frozenset[str], expected: str | None
) -> None:
    server = FakeLLMServer(reject_formats=rejected)
    options = JudgeOptions(tmp_path, "off", PATIENT)
    try:
        run = Run(options)
        assert labels(run.check(spec("openai", server))) == EXPECTED
        tried = [(b.get("response_format") or {}).get("type") for b in server.bodies()]
        first_check = len(tried)
        assert labels(run.check(spec("openai", server, "other-model"))) == EXPECTED
        tried = [(b.get("response_format") or {}).get("type") for b in server.bodies()]
    finally:
        options.close()
        server.close()
    assert tried[first_check:] == [expected, expected], "the second check goes straight there"
    assert tried[0] == "json_schema"
    if expected == "json_object":
        assert "schema" in server.bodies()[-1]["response_format"]


def test_pinned_mode_is_the_only_one_tried(tmp_path: Path) -> None:
    server = FakeLLMServer(reject_formats=frozenset({"json_schema"}))
    options = JudgeOptions(tmp_path, "off", LLMOptions(structured_output="schema", max_retries=0))
    try:
        with pytest.raises(JudgeError, match=r"pinned to 'schema'.*structured-output=prompt"):
            Run(options).check(spec("openai", server))
    finally:
        options.close()
        server.close()
    assert server.count == 1


def test_pinned_prompt_sends_no_response_format(server: FakeLLMServer, tmp_path: Path) -> None:
    options = JudgeOptions(tmp_path, "off", LLMOptions(structured_output="prompt"))
    try:
        assert labels(Run(options).check(spec("openai", server))) == EXPECTED
    finally:
        options.close()
    assert all("response_format" not in body for body in server.bodies())


# -- cache, usage, concurrency, modes, budgets -----------------------------------------------


@pytest.mark.parametrize("provider", PROVIDERS)
def test_warm_cache_sends_zero_requests_and_reports_recorded_tokens(
    provider: str, server: FakeLLMServer, tmp_path: Path
) -> None:
    results = []
    for mode in ("once", "none"):
        options = JudgeOptions(tmp_path / "cache", mode, PATIENT)
        try:
            results.append(Run(options).check(spec(provider, server)))
        finally:
            options.close()
    recorded, replayed = results
    assert server.count == 2
    assert replayed.claim_verdicts == recorded.claim_verdicts
    assert replayed.usage.cache_hits == 2
    assert replayed.usage.input_tokens == recorded.usage.input_tokens > 0
    assert replayed.usage.output_tokens == recorded.usage.output_tokens > 0


def test_warm_cache_replays_a_degraded_mode_without_asking_again(tmp_path: Path) -> None:
    server = FakeLLMServer(reject_formats=frozenset({"json_schema"}))
    try:
        for mode in ("once", "none"):
            options = JudgeOptions(tmp_path / "cache", mode, PATIENT)
            try:
                assert labels(Run(options).check(spec("openai", server))) == EXPECTED
            finally:
                options.close()
            if mode == "once":
                recorded = server.count
    finally:
        server.close()
    assert server.count == recorded, "a fresh run with a warm cache asked nothing"


def test_structured_output_mode_is_part_of_the_cache_key(
    server: FakeLLMServer, tmp_path: Path
) -> None:
    for pin in ("schema", "prompt"):
        options = JudgeOptions(tmp_path / "cache", "once", LLMOptions(structured_output=pin))
        try:
            Run(options).check(spec("openai", server))
        finally:
            options.close()
    assert server.count == 4, "a recording made in one mode is not replayed for another"


def test_batches_of_one_check_run_concurrently_within_the_limit(
    server: FakeLLMServer, tmp_path: Path
) -> None:
    server.script("verify", *[Reply(delay=0.2) for _ in range(4)])
    options = JudgeOptions(tmp_path, "off", LLMOptions(batch_size=1, max_concurrency=2))
    try:
        answer = f"{ANSWER} Stores open at nine."
        result = Run(options).check(spec("openai", server), answer=answer)
    finally:
        options.close()
    assert len(result.claim_verdicts) == 4
    assert server.count == 5
    assert server.max_in_flight == 2


def test_the_limit_is_shared_by_all_checks_of_a_process(
    server: FakeLLMServer, tmp_path: Path
) -> None:
    server.script("extract", *[Reply(delay=0.1) for _ in range(4)])
    options = JudgeOptions(tmp_path, "off", LLMOptions(max_concurrency=1))
    run = Run(options)
    judge = run.judge(spec("openai", server))
    errors: list[BaseException] = []

    def check() -> None:
        try:
            verify(ANSWER, PASSAGES, judge=judge, threshold=0.5)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    try:
        threads = [threading.Thread(target=check) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        options.close()
    assert not errors
    assert server.count == 8
    assert server.max_in_flight == 1


@pytest.mark.parametrize("provider", PROVIDERS)
def test_single_call_mode_makes_one_request(
    provider: str, server: FakeLLMServer, tmp_path: Path
) -> None:
    options = JudgeOptions(tmp_path, "off", LLMOptions(single_call=True))
    try:
        result = Run(options).check(spec(provider, server))
    finally:
        options.close()
    assert labels(result) == EXPECTED
    assert result.judge_id == f"{provider}:judge-model/p4/single-call"
    assert server.count == 1 == result.usage.judge_calls
    assert "Answer sentences:" in server.bodies()[0]["messages"][-1]["content"]


def test_single_call_truncation_is_split_by_sentence(server: FakeLLMServer, tmp_path: Path) -> None:
    server.script("single", Reply(truncated=True))
    options = JudgeOptions(tmp_path, "off", LLMOptions(single_call=True))
    try:
        result = Run(options).check(spec("openai", server))
    finally:
        options.close()
    assert labels(result) == EXPECTED
    assert server.count == 3


@pytest.mark.parametrize("provider", PROVIDERS)
def test_passages_over_the_budget_are_refused_not_cut(
    provider: str, server: FakeLLMServer, tmp_path: Path
) -> None:
    options = JudgeOptions(tmp_path, "off", LLMOptions(max_context_chars=60))
    try:
        with pytest.raises(JudgeError, match=r"hold 87 characters .* over the budget of 60"):
            Run(options).check(spec(provider, server))
    finally:
        options.close()
    assert server.count == 1, "only the extraction was asked"


def test_verify_outside_pytest_takes_llm_options_and_records_in_its_cache_dir(
    server: FakeLLMServer, tmp_path: Path
) -> None:
    cache_dir = tmp_path / "verify-cache"
    first = verify(
        ANSWER,
        PASSAGES,
        judge=spec("openai", server),
        threshold=0.5,
        cache_dir=cache_dir,
        llm=LLMOptions(single_call=True, max_retries=0),
    )
    assert first.judge_id == "openai:judge-model/p4/single-call"
    assert server.count == 1
    assert (cache_dir / "cache.db").is_file()
    again = verify(
        ANSWER,
        PASSAGES,
        judge=spec("openai", server),
        threshold=0.5,
        cache_dir=cache_dir,
        record_mode="none",
        llm=LLMOptions(single_call=True, max_retries=0),
    )
    assert server.count == 1, "replayed from the cache"
    assert again.claim_verdicts == first.claim_verdicts
