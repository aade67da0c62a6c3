"""The budget file xdist workers share: what a worker killed in the middle of its calls had
reserved is given back to the run when the controller learns that it crashed."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_faithful.cost.ledger import FileLedger, Ledger, MemoryLedger


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
