"""The ledger file xdist workers share: what a worker killed in the middle of its calls had
reserved is given back to the run when the controller learns that it crashed, and an estimate
counts a request live once in the run, whichever worker asks it."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_faithful.cost.ledger import FileLedger, Ledger, MemoryLedger, within
from pytest_faithful.cost.meter import Meter, NotCalled, collecting
from pytest_faithful.cost.prices import Price, packaged_table
from pytest_faithful.cost.spend import usd_given, usd_over
from pytest_faithful.errors import BudgetExceededError
from pytest_faithful.providers.base import ChatMessage, JudgeRequest, JudgeResponse


@pytest.mark.parametrize("in_flight", [0, 1, 3])
def test_a_crashed_workers_reservations_are_released_and_only_its_own(
    tmp_path: Path, in_flight: int
) -> None:
    path = tmp_path / "ledger.sqlite3"
    controller = FileLedger(path)
    crashed, other = FileLedger(path, "gw1"), FileLedger(path, "gw0")
    assert crashed.reserve(0.25, 1.0)[0]
    crashed.settle(0.25, 0.1)  # a call it made: $0.10 spent, for good
    for _ in range(in_flight):  # calls it was making when it was killed
        assert crashed.reserve(0.2, 1.0)[0]
    assert other.reserve(0.15, 1.0)[0]  # another worker's call, in flight
    assert controller.spent() == pytest.approx(0.1 + 0.2 * in_flight + 0.15)

    assert controller.release("gw1") == pytest.approx(0.2 * in_flight)
    assert controller.spent() == pytest.approx(0.25)
    assert controller.release("gw1") == 0.0  # released once
    # The worker xdist starts in its place (the same id) begins with nothing held.
    replacement = FileLedger(path, "gw1")
    assert replacement.reserve(0.75, 1.0) == (True, pytest.approx(0.25))
    assert replacement.reserve(0.01, 1.0)[0] is False
    other.settle(0.15, 0.05)
    assert controller.spent() == pytest.approx(0.9)


# Amounts as a price table makes them: whole multiples of a millionth of a dollar.
AMOUNTS = st.lists(
    st.integers(1, 5_000_000).map(lambda n: Decimal(n) / 1_000_000), min_size=1, max_size=12
)


def _fills_its_budget_exactly(ledger: Ledger, amounts: list[Decimal]) -> None:
    """Reservations that add up to the budget fit it; a millionth of a dollar more does not."""
    budget = float(sum(amounts))
    for amount in amounts:
        ok, _ = ledger.reserve(float(amount), budget)
        assert ok, f"{amount} within the budget {budget} refused ({ledger.spent()!r} held)"
    assert ledger.reserve(1e-6, budget)[0] is False
    # Settled at what they cost, in any order: the same total, so the same room.
    for amount in reversed(amounts):
        ledger.settle(float(amount), float(amount))
    assert ledger.reserve(1e-6, budget)[0] is False
    ledger.settle(float(amounts[0]), 0.0)
    assert ledger.reserve(float(amounts[0]), budget)[0]


@settings(max_examples=40, deadline=None)
@given(amounts=AMOUNTS)
def test_reservations_that_add_up_to_the_budget_fit_it(amounts: list[Decimal]) -> None:
    """Three calls of $0.10 fit a budget of $0.30, though 0.1 + 0.1 + 0.1 > 0.3 in floating
    point (they were refused at the third)."""
    _fills_its_budget_exactly(MemoryLedger(), amounts)


def test_the_budget_file_adds_up_as_the_memory_ledger_does(tmp_path: Path) -> None:
    ledger = FileLedger(tmp_path / "ledger.sqlite3", "gw0")
    assert [ledger.reserve(0.1, 0.3)[0] for _ in range(3)] == [True, True, True]
    assert ledger.reserve(1e-6, 0.3)[0] is False


def _request(text: str) -> JudgeRequest:
    return JudgeRequest(
        kind="openai",
        model="gpt-4o-mini",
        messages=(ChatMessage(role="user", content=text),),
        prompt_version="p1",
    )


@settings(max_examples=25, deadline=None)
@given(asks=st.lists(st.tuples(st.integers(0, 2), st.sampled_from("abc")), max_size=12))
def test_an_estimate_counts_a_request_live_once_whichever_worker_asks_it(
    tmp_path_factory: pytest.TempPathFactory, asks: list[tuple[int, str]]
) -> None:
    """Three xdist workers' meters, one ledger file: a request another worker counted is
    replayed in the real run (the store is shared), so the estimate counts it replayed, as a
    serial estimate does (each worker counted it live: -n 2 estimated more than the run made)."""
    path = tmp_path_factory.mktemp("ledger") / "ledger.sqlite3"
    FileLedger(path)  # the controller's
    meters = [
        Meter(packaged_table(), estimate=True, ledger=FileLedger(path, f"gw{n}")) for n in range(3)
    ]
    serial = Meter(packaged_table(), estimate=True)
    counted = []
    for meter in (None, serial):
        with collecting() as spend:
            for worker, text in asks:
                with pytest.raises(NotCalled):
                    (meter or meters[worker]).before_call(_request(text), replay_key=text)
        counted.append(spend.spend())
    distinct = len({text for _, text in asks})
    for total in counted:
        assert (total.calls, total.replayed) == (distinct, len(asks) - distinct)


@pytest.mark.parametrize("ledger", ["memory", "file"])
def test_a_free_call_is_never_refused_by_the_budget(tmp_path: Path, ledger: str) -> None:
    """A paid call can cost more than it reserved (its input is reserved at ~4 characters a
    token, and a tokenizer may count more), leaving the run above its budget: paid calls are
    refused from then on, but a call that costs nothing cannot pass any budget (a model
    priced 0 0 was refused, 'it could cost up to $0')."""
    table = packaged_table().with_overrides([("my-vllm", Price(0.0, 0.0))])
    kept = MemoryLedger() if ledger == "memory" else FileLedger(tmp_path / "l.sqlite3", "gw0")
    meter = Meter(table, max_cost=0.01, ledger=kept)
    paid = _request("Refunds take 5 days.")
    ticket = meter.before_call(paid)
    meter.after_call(ticket, paid, JudgeResponse(text="{}", model="m", input_tokens=99_999))
    assert meter.spent() > 0.01
    with pytest.raises(BudgetExceededError):
        meter.before_call(paid)
    free = paid.model_copy(update={"model": "my-vllm"})
    ticket = meter.before_call(free)
    meter.after_call(ticket, free, JudgeResponse(text="{}", model="my-vllm", input_tokens=9))
    assert meter.spent() == pytest.approx(99_999 * 0.15 / 1e6 + 1 * 0.6 / 1e6)


def _dollars(shown: str) -> Decimal:
    return Decimal(shown.removeprefix("$").replace(",", ""))


# Budgets as a user writes them (0.00025, 5, 12.5) and amounts as prices make them.
GIVEN = st.decimals(min_value="0.000001", max_value="5000", places=6).map(float)
SPENT = st.integers(0, 5_000_000_000).map(lambda n: n / 1_000_000)


@settings(max_examples=60, deadline=None)
@given(spent=SPENT, cost=SPENT, budget=GIVEN)
def test_a_refused_call_reads_as_over_the_budget(spent: float, cost: float, budget: float) -> None:
    """The refusal's figures add up as the ledger's did: rounded alike to four decimals,
    $0.0002 spent and up to $0.0001 more read as fitting a budget of $0.0003 (given as
    0.00025); and the budget is shown as given, in the message and the report's cost line."""
    assert _dollars(usd_given(budget)) == Decimal(str(budget))
    if within(spent + cost, budget):
        return
    shown_spent, shown_cost, shown_budget = map(_dollars, usd_over(spent, cost, budget))
    assert shown_spent + shown_cost > shown_budget
    assert shown_budget == Decimal(str(budget))
