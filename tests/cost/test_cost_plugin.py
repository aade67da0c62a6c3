"""Dollars, the budget and the estimate, through the real SDK clients and the loopback server."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

# Loaded here so the in-process pytester runs find the SDKs loaded (see test_provider_plugin).
import anthropic  # noqa: F401
import openai  # noqa: F401
import pytest

from fake_llm_server import FakeLLMServer, Reply
from pytest_faithful.cost.meter import NotCalled, collecting
from pytest_faithful.cost.options import CostOptions
from pytest_faithful.cost.prices import Price, packaged_table
from pytest_faithful.judges.resources import JudgeOptions
from pytest_faithful.plugin.cost import LEDGER_INPUT
from pytest_faithful.plugin.session import SESSION_KEY
from pytest_faithful.providers.base import ChatMessage, JudgeRequest

SECRET = "sk-test-SECRET-cost-0123456789abcdef"
MAX_TOKENS = 60  # what a budget reserves for a reply (the loopback's replies are shorter)

SUITE = """
import pytest

CONTEXT = ["Returns are accepted within 30 days of delivery.", "Shipping costs $15."]
ANSWERS = [
    "Returns are accepted within 30 days.",
    "Shipping costs $15. Returns are accepted within 30 days.",
    "Shipping costs $15.",
    "Returns are accepted within 30 days of delivery. Shipping costs $15.",
]

@pytest.mark.parametrize("n", range(4))
def test_answer(assert_faithful, n):
    assert_faithful(ANSWERS[n], CONTEXT)
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
    model = "gpt-4o-mini" if provider == "openai" else "claude-haiku-4-5"
    monkeypatch.setenv("OPENAI_API_KEY" if provider == "openai" else "ANTHROPIC_API_KEY", SECRET)
    base = f"{server.url}/v1" if provider == "openai" else server.url
    pytester.makepyfile(SUITE)
    pytester.makeini(
        f"[pytest]\nfaith_judge = {provider}:{model}@{base}\nfaith_timeout = 5\n"
        f"faith_max_retries = 0\nfaith_max_tokens = {MAX_TOKENS}\n"
    )
    return pytester


def _price(pytester: pytest.Pytester) -> Price:
    ini = Path(pytester.path, "tox.ini").read_text(encoding="utf-8")
    model = "gpt-4o-mini" if "gpt-4o-mini" in ini else "claude-haiku-4-5"
    price = packaged_table().lookup("openai", model)
    assert price is not None
    return price


def _half_a_run(pytester: pytest.Pytester) -> float:
    """A budget that lets some of the suite's calls through, not all: the most one call
    reserves (its input as an estimate counts it, and MAX_TOKENS of output) plus a third of
    what the whole suite spends (measured by running it once, calling for every check)."""
    pytester.runpytest("--faith-report=out.json", "--faith-estimate")
    estimate = _report(pytester)["cost"]["total"]
    largest_input = 1.2 * estimate["input_tokens"] / estimate["calls"]
    pytester.runpytest("--faith-report=out.json", "--faith-record-mode=off")
    whole = _report(pytester)["cost"]["total"]["usd"]
    return float(_price(pytester).cost(round(largest_input), MAX_TOKENS) + whole / 3)


def _report(pytester: pytest.Pytester, name: str = "out.json") -> dict:  # type: ignore[type-arg]
    return json.loads(Path(pytester.path, name).read_text(encoding="utf-8"))


def test_every_report_shows_dollars_per_check_test_and_run(
    suite: pytest.Pytester, server: FakeLLMServer
) -> None:
    result = suite.runpytest(
        "--faith-report",
        "--faith-report=out.json",
        "--faith-report=out.md",
        "--faith-report=out.html",
    )
    result.assert_outcomes(passed=4)
    document = _report(suite)
    price = packaged_table().lookup(
        "openai" if "gpt" in document["run"]["default_judge"] else "anthropic",
        document["run"]["default_judge"].split(":", 1)[1].split("/", 1)[0],
    )
    assert price is not None
    spent = 0.0
    for check in document["checks"]:
        cost = check["cost"]
        usage = check["result"]["usage"]
        # Live calls priced from the provider's own token counts.
        assert cost["calls"] == usage["judge_calls"] == 2
        assert (cost["input_tokens"], cost["output_tokens"]) == (
            usage["input_tokens"],
            usage["output_tokens"],
        )
        assert cost["usd"] == pytest.approx(price.cost(cost["input_tokens"], cost["output_tokens"]))
        spent += cost["usd"]
    run = document["cost"]
    assert run["total"]["calls"] == server.count == 8
    assert run["total"]["usd"] == pytest.approx(spent)
    assert len(run["tests"]) == 4
    assert run["prices_as_of"] == packaged_table().as_of
    out = result.stdout.str()
    assert "cost: $0.0" in out
    assert "8 live judge calls (made)" in out
    assert "most expensive tests:" in out
    markdown = Path(suite.path, "out.md").read_text(encoding="utf-8")
    assert "**Cost**" in markdown
    assert "| cost |" in markdown
    html = Path(suite.path, "out.html").read_text(encoding="utf-8")
    assert 'id="cost"' in html
    assert "cost $0.0" in html
    # A warm rerun replays everything: $0, not unknown.
    again = suite.runpytest("--faith-report=out.json", "--faith-record-mode=none")
    again.assert_outcomes(passed=4)
    warm = _report(suite)["cost"]["total"]
    assert (warm["calls"], warm["replayed"], warm["usd"]) == (0, 8, 0.0)


def _usage_with_only(kept: str) -> Callable[[dict[str, Any]], Any]:
    """A reply envelope whose usage reports the input count alone, or the output count."""

    def envelope(whole: dict[str, Any]) -> Any:
        usage = whole["usage"]
        inputs = {"prompt_tokens", "input_tokens"}
        whole["usage"] = {k: v for k, v in usage.items() if (k in inputs) == (kept == "input")}
        return whole

    return envelope


@pytest.mark.parametrize("kept", ["input", "output"])
def test_a_count_the_provider_left_out_is_estimated_not_free(
    suite: pytest.Pytester, server: FakeLLMServer, kept: str
) -> None:
    """A server that reports one token count alone: the other is estimated from the texts,
    as both are when it reports none; it was priced at $0 (and settled so in the budget)."""
    server.fallback = Reply(envelope=_usage_with_only(kept))
    suite.runpytest(
        "--faith-report=out.json", "--faith-record-mode=off", "--faith-max-cost=1", "-k", "0]"
    ).assert_outcomes(passed=1)
    (check,) = _report(suite)["checks"]
    cost, usage = check["cost"], check["result"]["usage"]
    reported, left_out = ("input", "output") if kept == "input" else ("output", "input")
    assert cost[f"{reported}_tokens"] == usage[f"{reported}_tokens"] > 0
    assert usage[f"{left_out}_tokens"] == 0
    assert cost[f"{left_out}_tokens"] > 0
    price = _price(suite)
    assert cost["usd"] == pytest.approx(price.cost(cost["input_tokens"], cost["output_tokens"]))


def test_a_model_without_a_price_is_unknown_never_zero(
    pytester: pytest.Pytester, server: FakeLLMServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    pytester.makepyfile(SUITE)
    pytester.makeini(f"[pytest]\nfaith_judge = openai:my-llama@{server.url}/v1\n")
    result = pytester.runpytest("--faith-report", "--faith-report=out.json")
    result.assert_outcomes(passed=4)
    document = _report(pytester)
    assert document["cost"]["total"]["usd"] is None
    assert document["cost"]["total"]["unpriced"] == ["openai:my-llama"]
    assert {c["cost"]["usd"] for c in document["checks"]} == {None}
    result.stdout.fnmatch_lines(["cost: unknown  8 live judge calls*no price for openai:my-llama*"])
    # A price given in the ini file makes it known.
    pytester.makeini(
        f"[pytest]\nfaith_judge = openai:my-llama@{server.url}/v1\n"
        "faith_prices =\n    my-llama: 1 2\n    other: 0 0\n"
    )
    priced = pytester.runpytest("--faith-report=out.json", "--faith-record-mode=off")
    priced.assert_outcomes(passed=4)
    total = _report(pytester)["cost"]["total"]
    assert total["usd"] == pytest.approx(
        (total["input_tokens"] * 1 + total["output_tokens"] * 2) / 1e6
    )


def test_budget_errors_the_check_whose_next_call_could_pass_it(
    suite: pytest.Pytester, server: FakeLLMServer
) -> None:
    budget = _half_a_run(suite)
    calls = server.count
    result = suite.runpytest(
        f"--faith-max-cost={budget}", "--faith-report=out.json", "--faith-record-mode=off"
    )
    document = _report(suite)
    over = [c for c in document["checks"] if c["error_kind"] == "budget"]
    passed = [c for c in document["checks"] if c["status"] == "passed"]
    assert over, document["checks"]
    assert passed
    assert all(c["result"] is None for c in over)  # no score, no partial score
    error = over[0]["error"]
    assert "not made: it could cost up to $" in error
    assert "of its --faith-max-cost budget of $" in error
    assert "this run has spent $" in error
    spent = document["cost"]["total"]["usd"]
    assert spent <= budget
    assert server.count - calls == document["cost"]["total"]["calls"]
    result.assert_outcomes(passed=len(passed), failed=len(over))
    assert SECRET not in result.stdout.str()


def test_budget_with_an_unpriced_model_refuses_and_says_how_to_price_it(
    pytester: pytest.Pytester, server: FakeLLMServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    pytester.makepyfile(SUITE)
    pytester.makeini(f"[pytest]\nfaith_judge = openai:my-llama@{server.url}/v1\n")
    result = pytester.runpytest("--faith-max-cost=1")
    result.assert_outcomes(failed=4)
    result.stdout.fnmatch_lines(["*BudgetExceededError*no price is known for model 'my-llama'*"])
    assert server.count == 0


# One provider: the budget the workers share is the ledger's, whichever provider prices a call
# (each provider's pricing has its own tests above); a run of two workers costs ~3 s.
@pytest.mark.parametrize("suite", ["openai"], indirect=True)
def test_budget_is_shared_by_xdist_workers(suite: pytest.Pytester, server: FakeLLMServer) -> None:
    pytest.importorskip("xdist")
    budget = _half_a_run(suite)
    result = suite.runpytest(
        "-n",
        "2",
        f"--faith-max-cost={budget}",
        "--faith-report=out.json",
        "--faith-record-mode=off",
    )
    document = _report(suite)
    # Alone, each worker's share of the checks would fit; together they pass the budget.
    assert any(c["error_kind"] == "budget" for c in document["checks"])
    assert document["cost"]["total"]["usd"] <= budget
    assert result.ret == 1


def test_estimate_calls_nothing_and_counts_what_would_be_called(
    suite: pytest.Pytester, server: FakeLLMServer
) -> None:
    # Warm the cache with one test's calls: the estimate replays them, exact and free.
    suite.runpytest("-k", "test_answer[0]").assert_outcomes(passed=1)
    before = server.count
    result = suite.runpytest("--faith-estimate", "--faith-report=out.json", "-rs")
    assert server.count == before  # nothing called
    result.assert_outcomes(passed=1, skipped=3)
    document = _report(suite)
    statuses = [c["status"] for c in document["checks"]]
    assert statuses.count("estimated") == 3
    assert statuses.count("passed") == 1
    total = document["cost"]["total"]
    # Each estimated check: one extraction named exactly, one verification that follows it.
    assert (total["calls"], total["followups"], total["replayed"]) == (6, 3, 2)
    assert total["estimated"] is True
    assert total["usd"] > 0
    out = result.stdout.str()
    assert "faithfulness estimate" in out
    result.stdout.fnmatch_lines(
        [
            "*judge calls: 2 replayed from the cache (free); 6 would go to a provider: "
            "3 named exactly, 3 following a live call*",
            "*cost: ~$0.0*",
        ]
    )
    result.stdout.fnmatch_lines(["*SKIPPED*--faith-estimate: 1 check estimated, not judged*"])


def test_xdist_workers_share_one_ledger_for_an_estimate(pytester: pytest.Pytester) -> None:
    """The controller gives every worker the run's ledger file, as for a budget: what an
    estimate counted is the run's (each worker counted its own, and -n 2 estimated more calls
    than the real run made; tests/cost/test_ledger.py has the counting)."""
    # (without the unraisable-exception plugin: its collections at unconfigure take 0.2 s)
    config = pytester.parseconfigure("--faith-estimate", "-p", "no:unraisableexception")
    session = config.stash[SESSION_KEY]
    nodes = [SimpleNamespace(workerinput={"workerid": f"gw{n}"}) for n in range(2)]
    for node in nodes:
        session.pytest_configure_node(node)
    paths = {node.workerinput[LEDGER_INPUT] for node in nodes}
    assert len(paths) == 1
    # Each worker's meter counts in it: a request one counted live, the other counts replayed.
    workers = [
        JudgeOptions(
            cost=CostOptions(estimate=True),
            ledger_path=Path(node.workerinput[LEDGER_INPUT]),
            ledger_holder=node.workerinput["workerid"],
        )
        for node in nodes
    ]
    request = JudgeRequest(
        kind="openai",
        model="gpt-4o-mini",
        messages=(ChatMessage(role="user", content="Refunds take 5 days."),),
        prompt_version="p1",
    )
    with collecting() as spend:
        for worker in workers:
            meter = worker.meter()
            assert meter is not None
            with pytest.raises(NotCalled):
                meter.before_call(request, replay_key="k")
    assert (spend.spend().calls, spend.spend().replayed) == (1, 1)


def test_estimate_refuses_what_needs_real_results(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("def test_it(): pass")
    result = pytester.runpytest(
        "--faith-estimate", "--faith-baseline=b.json", "--faith-update-baseline"
    )
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--faith-estimate calls no judge*--faith-update-baseline*"])


def test_an_estimate_judges_a_check_that_calls_no_provider(pytester: pytest.Pytester) -> None:
    """README, --faith-estimate: only a check that would call a provider is estimated; one
    that calls none (the lexical judge here) gets its verdict, and a failing one fails its
    test as in a real run."""
    pytester.makepyfile(
        """
        POLICY = ["You can return most items within 30 days of delivery."]

        def test_grounded(assert_faithful):
            assert_faithful("You can return items within 30 days of delivery.", POLICY)

        def test_wrong_number(assert_faithful):
            assert_faithful("You can return items within 60 days of delivery.", POLICY)
        """
    )
    result = pytester.runpytest("--faith-estimate", "--faith-judge=lexical")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*FaithfulnessError: faithfulness failed*1 contradicted*"])


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--faith-max-cost=0"], "*--faith-max-cost*'0' is not > 0*"),
        (["--faith-max-cost=lots"], "*--faith-max-cost*'lots' is not an amount in US dollars*"),
        (["--faith-prices=gpt-4o-mini 0.1 0.2"], "*is not MODEL: INPUT OUTPUT*"),
        (["--faith-prices=gpt-4o-mini: 0.1"], "*give two prices after the colon*"),
    ],
)
def test_bad_cost_options_are_usage_errors(
    pytester: pytest.Pytester, args: list[str], expected: str
) -> None:
    pytester.makepyfile("def test_it(): pass")
    result = pytester.runpytest(*args)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([expected])
