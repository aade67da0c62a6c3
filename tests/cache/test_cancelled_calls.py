"""An awaited judge call cancelled at each point where it waits leaves the run's budget as the
calls made left it: a reservation is released (or settled) whatever the cancel interrupted."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from pytest_faithful.cache.replay import CachedBackend
from pytest_faithful.cost.ledger import FileLedger, Ledger, MemoryLedger
from pytest_faithful.cost.meter import Meter
from pytest_faithful.cost.prices import packaged_table
from pytest_faithful.providers.base import ChatMessage, JudgeRequest, JudgeResponse

REQUEST = JudgeRequest(
    kind="openai",
    model="gpt-4o-mini",
    messages=[ChatMessage(role="user", content="Is the sky blue?")],
    params={"max_tokens": 200},
    prompt_version="p1",
)
REPLY = JudgeResponse(text="yes", model="gpt-4o-mini", input_tokens=10, output_tokens=1)


class Gated:
    """A ledger (and backend) that stops at one point, the ``where`` of the test, until the
    call's task has been cancelled there."""

    def __init__(self, ledger: Ledger, where: str) -> None:
        self._ledger = ledger
        self.where = where
        self.reached = threading.Event()
        self.cancelled = threading.Event()

    def _stop(self, point: str) -> None:
        if point == self.where:
            self.reached.set()
            assert self.cancelled.wait(5)

    # -- the ledger, in the meter's worker threads
    def reserve(self, amount: float, budget: float) -> tuple[bool, float]:
        done = self._ledger.reserve(amount, budget)
        self._stop("reserving")  # reserved: the task is cancelled before it hears so
        return done

    def settle(self, reserved: float, actual: float) -> None:
        self._ledger.settle(reserved, actual)
        if actual:
            self._stop("settling")

    def spent(self) -> float:
        return self._ledger.spent()

    def count_once(self, key: str) -> bool:
        return self._ledger.count_once(key)

    # -- the backend, on the loop
    kind = "openai"

    def complete(self, request: JudgeRequest) -> JudgeResponse:
        raise AssertionError("awaited calls only")

    async def acomplete(self, request: JudgeRequest) -> JudgeResponse:
        if self.where == "calling":
            self.reached.set()
            await asyncio.sleep(5)
        return REPLY


def _ledger(kind: str, tmp_path: Path) -> Ledger:
    return MemoryLedger() if kind == "memory" else FileLedger(tmp_path / "budget.sqlite")


@pytest.mark.parametrize("ledger", ["memory", "file"])
@pytest.mark.parametrize("where", ["reserving", "calling", "settling"])
def test_a_call_cancelled_where_it_waits_leaves_the_budget_as_the_calls_made_left_it(
    where: str, ledger: str, tmp_path: Path
) -> None:
    gated = Gated(_ledger(ledger, tmp_path), where)
    meter = Meter(packaged_table(), max_cost=1.0, ledger=gated)
    backend = CachedBackend(gated, None, "off", meter=meter)

    async def cancelled() -> None:
        task = asyncio.create_task(backend.acomplete(REQUEST))
        assert await asyncio.to_thread(gated.reached.wait, 5)
        task.cancel()
        gated.cancelled.set()
        with pytest.raises(asyncio.CancelledError):
            await task

    # asyncio.run returns once its worker threads are done.
    asyncio.run(cancelled())
    made = meter.prices.lookup("openai", "gpt-4o-mini")
    assert made is not None
    cost = made.cost(REPLY.input_tokens, REPLY.output_tokens) if where == "settling" else 0.0
    assert meter.spent() == pytest.approx(cost, abs=1e-12)
