"""Answer relevancy and context precision with the openai and anthropic judges, through the real
SDK clients against the loopback server: structured output, repair, JudgeError, the cache."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fake_llm_server import FakeLLMServer, Reply
from pytest_faithful import JudgeError
from pytest_faithful.api import verify_relevancy, verify_retrieval
from pytest_faithful.check import ClaimMemo, run_check
from pytest_faithful.judges.llm.options import LLMOptions
from pytest_faithful.judges.registry import builtin_registry
from pytest_faithful.judges.resources import JudgeOptions
from pytest_faithful.metrics.relevancy import run_relevancy

SECRET = "sk-test-SECRET-0123456789abcdefghij"
QUESTION = "How long do returns take?"
ANSWER = "Returns take 30 days. Our founder likes golf."
PASSAGES = ["Shipping to Canada costs $15.", "Returns are accepted within 30 days."]
PROVIDERS = ["openai", "anthropic"]
FAST = LLMOptions(timeout_s=0.4, max_retries=1)


@pytest.fixture(autouse=True)
def _keys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    monkeypatch.setenv("ANTHROPIC_API_KEY", SECRET)


def spec(provider: str, server: FakeLLMServer) -> str:
    base = f"{server.url}/v1" if provider == "openai" else server.url
    return f"{provider}:judge-model@{base}"


@pytest.fixture
def options(tmp_path: Path) -> Iterator[JudgeOptions]:
    opened = JudgeOptions(tmp_path / "cache", "once", FAST)
    yield opened
    opened.close()


@pytest.mark.parametrize("provider", PROVIDERS)
def test_relevancy_per_claim_with_the_metric_prompt_version(
    provider: str, server: FakeLLMServer, options: JudgeOptions
) -> None:
    judge = builtin_registry().build(spec(provider, server), options)
    result = run_relevancy(ANSWER, QUESTION, judge=judge, threshold=0.5)
    assert [item.ok for item in result.items] == [True, False]
    assert result.score == 0.5
    assert result.passed
    assert result.judge_id.endswith("/m1")
    assert not result.heuristic
    assert result.usage.judge_calls == 2 == server.count  # extraction, relevance
    assert SECRET not in result.model_dump_json()


@pytest.mark.parametrize("provider", PROVIDERS)
def test_claims_are_extracted_once_for_faithfulness_and_relevancy(
    provider: str, server: FakeLLMServer, tmp_path: Path
) -> None:
    opened = JudgeOptions(tmp_path / "cache", "off", FAST)
    try:
        judge = builtin_registry().build(spec(provider, server), opened)
        memo = ClaimMemo()
        run_check(ANSWER, PASSAGES, judge=judge, question=QUESTION, memo=memo)
        extractions = server.count - 1
        run_relevancy(ANSWER, QUESTION, judge=judge, memo=memo)
        assert extractions == 1
        assert server.count == 3, "extract, verify, relevance: no second extraction"
    finally:
        opened.close()


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_single_call_judges_claims_are_not_shared_with_relevancy(
    provider: str, server: FakeLLMServer, tmp_path: Path
) -> None:
    # The single step's claims come with its verdicts; relevancy extracts its own, so its
    # requests and result never depend on whether (or on which xdist worker) a faithfulness
    # check of the same answer ran first.
    single = LLMOptions(timeout_s=0.4, max_retries=1, single_call=True)
    opened = JudgeOptions(tmp_path / "cache", "once", single)
    alone = JudgeOptions(tmp_path / "alone", "once", single)
    try:
        judge = builtin_registry().build(spec(provider, server), opened)
        memo = ClaimMemo()
        run_check(ANSWER, PASSAGES, judge=judge, question=QUESTION, memo=memo)
        assert server.count == 1
        after = run_relevancy(ANSWER, QUESTION, judge=judge, memo=memo)
        assert server.count == 3, "its own extraction, then relevance"
        first = builtin_registry().build(spec(provider, server), alone)
        without = run_relevancy(ANSWER, QUESTION, judge=first, memo=ClaimMemo())
        assert without.items == after.items
        assert without.score == after.score
    finally:
        opened.close()
        alone.close()


@pytest.mark.parametrize("provider", PROVIDERS)
def test_precision_is_rank_aware_and_replays_from_the_cache(
    provider: str, server: FakeLLMServer, tmp_path: Path
) -> None:
    kwargs: dict[str, Any] = {"judge": spec(provider, server), "cache_dir": tmp_path / "c"}
    result = verify_retrieval(PASSAGES, QUESTION, llm=FAST, **kwargs)
    assert result.precision is not None
    assert [item.ok for item in result.precision.items] == [False, True]
    assert result.precision.score == 0.5  # the useful passage ranked second
    calls = server.count
    again = verify_retrieval(PASSAGES, QUESTION, llm=FAST, record_mode="none", **kwargs)
    assert again == result.model_copy(update={"precision": again.precision}), (
        "the same verdicts, replayed"
    )
    assert server.count == calls


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize(
    "broken",
    [
        Reply(text="not json at all"),
        Reply(transform=lambda a: {**a, "verdicts": a["verdicts"][:-1]}),
        Reply(
            transform=lambda a: {
                "verdicts": [{**v, "relevant": "maybe"} for v in a["verdicts"]],
                "noncommittal": False,
            }
        ),
    ],
    ids=["not-json", "missing-verdict", "bad-value"],
)
def test_a_bad_reply_is_repaired_once_then_a_judge_error(
    provider: str, broken: Reply, server: FakeLLMServer, tmp_path: Path
) -> None:
    server.script("relevance", broken, broken)
    with pytest.raises(JudgeError, match="no usable answer after one repair request"):
        verify_relevancy(
            ANSWER, QUESTION, judge=spec(provider, server), cache_dir=tmp_path / "c", llm=FAST
        )
    server.script("relevance", broken)
    repaired = verify_relevancy(
        ANSWER, QUESTION, judge=spec(provider, server), cache_dir=tmp_path / "d", llm=FAST
    )
    assert [item.ok for item in repaired.items] == [True, False]


def from_zero_reversed(key: str) -> Any:
    def transform(answer: dict[str, Any]) -> dict[str, Any]:
        verdicts = [{**v, key: v[key] - 1} for v in answer["verdicts"]]
        return {**answer, "verdicts": verdicts[::-1]}

    return transform


@pytest.mark.parametrize("provider", PROVIDERS)
def test_verdicts_numbered_from_zero_are_read_without_a_repair(
    provider: str, server: FakeLLMServer, tmp_path: Path
) -> None:
    """Code-trained models number items from 0, as the verify step already reads them; the
    metric steps asked again and then failed the check. Each verdict lands on the item its
    number names (listed in reverse here), not on its place in the list."""
    server.script("relevance", Reply(transform=from_zero_reversed("claim")))
    server.script("passages", Reply(transform=from_zero_reversed("passage")))
    kwargs: dict[str, Any] = {"judge": spec(provider, server), "llm": FAST}
    relevancy = verify_relevancy(ANSWER, QUESTION, cache_dir=tmp_path / "r", **kwargs)
    assert [item.ok for item in relevancy.items] == [True, False]
    retrieval = verify_retrieval(PASSAGES, QUESTION, cache_dir=tmp_path / "p", **kwargs)
    assert retrieval.precision is not None
    assert [item.ok for item in retrieval.precision.items] == [False, True]
    assert server.count == 3, "extract, relevance, passages: no repair request"


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_500_past_the_retries_is_a_judge_error(
    provider: str, server: FakeLLMServer, tmp_path: Path
) -> None:
    server.script("passages", Reply(status=500), Reply(status=500))
    with pytest.raises(JudgeError):
        verify_retrieval(
            PASSAGES, QUESTION, judge=spec(provider, server), cache_dir=tmp_path / "c", llm=FAST
        )


def numbered(key: str, number: int) -> Any:
    return lambda answer: {**answer, "verdicts": [{**answer["verdicts"][0], key: number}]}


@pytest.mark.parametrize("provider", PROVIDERS)
def test_one_item_asked_and_one_verdict_given_is_read_whatever_its_number(
    provider: str, server: FakeLLMServer, tmp_path: Path
) -> None:
    """As the verify step reads it: one claim or passage asked, one verdict given, it can only be
    for that one. The metric steps asked again (another number copied there: a JudgeError when
    the repair copied it too)."""
    server.script("relevance", Reply(transform=numbered("claim", 3)))
    server.script("passages", Reply(transform=numbered("passage", 7)))
    kwargs: dict[str, Any] = {"judge": spec(provider, server), "llm": FAST}
    relevancy = verify_relevancy(
        "Returns take 30 days.", QUESTION, cache_dir=tmp_path / "r", **kwargs
    )
    assert [item.ok for item in relevancy.items] == [True]
    retrieval = verify_retrieval(PASSAGES[1:], QUESTION, cache_dir=tmp_path / "p", **kwargs)
    assert retrieval.precision is not None
    assert [item.ok for item in retrieval.precision.items] == [True]
    assert server.count == 3, "extract, relevance, passages: no repair request"
