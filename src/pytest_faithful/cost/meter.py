"""The meter every live judge call passes: its price, the run's budget, and the estimate.

:class:`~pytest_faithful.cache.replay.CachedBackend` knows, before it calls a provider, that
the call is live (the cache cannot answer it). There it asks the meter:

* :meth:`Meter.before_call`: with ``--faith-max-cost``, reserve the most the call can cost
  (its input at ~4 characters a token, its reply at ``max_tokens``) or refuse it with
  :class:`~pytest_faithful.errors.BudgetExceededError`; with ``--faith-estimate``, note the
  call's estimated tokens and dollars and raise :class:`NotCalled` instead of calling;
* :meth:`Meter.after_call`: the call's real cost (the provider's token counts), which settles
  the reservation.

A check collects the spend of the calls made inside :func:`collecting` (the plugin's fixtures
wrap each check in it); the calls of one check may run in several threads, which carry the
context along (``contextvars.copy_context``).
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING

from pytest_faithful.cost import tokens
from pytest_faithful.cost.ledger import Ledger, MemoryLedger
from pytest_faithful.cost.prices import Price, PriceTable
from pytest_faithful.cost.spend import Spend, usd_given, usd_over
from pytest_faithful.errors import BudgetExceededError

if TYPE_CHECKING:
    from pytest_faithful.providers.base import JudgeRequest, JudgeResponse


class NotCalled(Exception):
    """``--faith-estimate``: this call would go to a provider; it was counted, not made.

    An LLM judge answers it with a placeholder reply (so that the calls that follow it are
    counted too, as estimated); anything else that meets it ends the check as estimated.
    """

    def __init__(self, request: JudgeRequest) -> None:
        super().__init__(f"not called (--faith-estimate): {request.kind}:{request.model}")
        self.request = request


class Collector:
    """The spend of one check's judge calls (thread-safe: a check's calls run concurrently)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._spend = Spend()

    def add(self, spend: Spend) -> None:
        with self._lock:
            self._spend = self._spend + spend

    def spend(self) -> Spend:
        with self._lock:
            return self._spend


_CURRENT: ContextVar[Collector | None] = ContextVar("pytest_faithful_spend", default=None)


@contextmanager
def collecting() -> Iterator[Collector]:
    """Collect the spend of the judge calls made in this block (and the threads it starts
    with a copy of its context)."""
    collector = Collector()
    token = _CURRENT.set(collector)
    try:
        yield collector
    finally:
        _CURRENT.reset(token)


def _note(spend: Spend) -> None:
    collector = _CURRENT.get()
    if collector is not None:
        collector.add(spend)


@dataclasses.dataclass(frozen=True)
class Ticket:
    """A live call about to be made: its price and what the budget reserved for it."""

    price: Price | None
    reserved: float = 0.0


class Meter:
    """Prices, the budget and the estimate of one run (one per process; the ledger is shared
    by the run's processes)."""

    def __init__(
        self,
        prices: PriceTable,
        *,
        max_cost: float | None = None,
        estimate: bool = False,
        ledger: Ledger | None = None,
    ) -> None:
        self.prices = prices
        self.max_cost = max_cost
        self.estimate = estimate
        self._ledger = ledger if ledger is not None else MemoryLedger()

    def replayed(self) -> None:
        """A call the cache answered: free."""
        _note(Spend(replayed=1))

    def before_call(
        self, request: JudgeRequest, *, derived: bool = False, replay_key: str | None = None
    ) -> Ticket:
        """Before a live call: its ticket, or NotCalled (estimate), or BudgetExceededError.

        ``derived``: the request was built from an estimated reply (an estimate only).
        ``replay_key``: the request's cache key when the record mode replays what it stores:
        in an estimate, a request the run already counted as live (in any of its xdist
        workers: the ledger's) is counted as replayed (the real run would have stored the first
        one's reply; the runs of a repeated test that give the same answer ask the same),
        though it too is answered with NotCalled.
        """
        price = self.prices.lookup(request.kind, request.model)
        if self.estimate and replay_key is not None and not self._ledger.count_once(replay_key):
            _note(Spend(replayed=1, estimated=True))
            raise NotCalled(request)
        if self.estimate:
            inputs, outputs = tokens.input_tokens(request), tokens.output_tokens(request)
            _note(self._spend(request, price, inputs, outputs, estimated=True, derived=derived))
            raise NotCalled(request)
        if self.max_cost is None:
            return Ticket(price)
        if price is None:
            raise BudgetExceededError(
                f"judge call to {request.kind}:{request.model} not made: --faith-max-cost is "
                f"{usd_given(self.max_cost)}, and no price is known for model "
                f"{request.model!r}, so what the call would cost cannot be told. Give its "
                "price in USD per million tokens in the ini file, e.g. faith_prices = "
                f"{request.model}: 0.15 0.60 "
                "(0 0 for a server of your own), or run without --faith-max-cost."
            )
        inputs, most = tokens.input_tokens(request), tokens.max_output_tokens(request)
        worst = price.cost(inputs, most)
        if worst == 0:
            # A free model (a server of your own priced 0 0) cannot take the run past its
            # budget, whatever the run has spent: it was refused once paid calls had left the
            # total above the budget (their real input tokens more than the ~4 characters a
            # token reserved).
            return Ticket(price)
        reserved, before = self._ledger.reserve(worst, self.max_cost)
        if not reserved:
            spent, could, budget = usd_over(before, worst, self.max_cost)
            raise BudgetExceededError(
                f"judge call to {request.kind}:{request.model} not made: it could cost up to "
                f"{could} (~{inputs:,} input tokens, up to {most:,} output tokens at "
                f"{price.describe()}), and this run has spent {spent} of its "
                f"--faith-max-cost budget of {budget} (calls in flight count at "
                "their most). The check has no score; raise the budget, or record the calls "
                "in runs that can spend it."
            )
        return Ticket(price, worst)

    def after_call(self, ticket: Ticket, request: JudgeRequest, response: JudgeResponse) -> None:
        """A live call made: what it cost, from the provider's token counts; a count it did
        not report (0: a request always has input, a reply with text output) estimated from
        the texts. A server that reported one count alone priced the other at $0."""
        inputs = response.input_tokens or tokens.input_tokens(request)
        outputs = response.output_tokens or tokens.text_tokens(response.text)
        spend = self._spend(request, ticket.price, inputs, outputs)
        if self.max_cost is not None and ticket.price is not None:
            self._ledger.settle(ticket.reserved, spend.usd or 0.0)
        _note(spend)

    def call_failed(self, ticket: Ticket) -> None:
        """A live call that raised: its reservation is released (a provider bills no reply)."""
        if self.max_cost is not None and ticket.price is not None:
            self._ledger.settle(ticket.reserved, 0.0)

    def spent(self) -> float:
        """What the run's processes have spent and reserved so far, against the budget."""
        return self._ledger.spent()

    def _spend(
        self,
        request: JudgeRequest,
        price: Price | None,
        inputs: int,
        outputs: int,
        *,
        estimated: bool = False,
        derived: bool = False,
    ) -> Spend:
        return Spend(
            calls=1,
            input_tokens=inputs,
            output_tokens=outputs,
            usd=None if price is None else price.cost(inputs, outputs),
            unpriced=() if price is not None else (f"{request.kind}:{request.model}",),
            estimated=estimated,
            followups=int(derived),
        )
