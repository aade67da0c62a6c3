"""The budget file xdist workers share: what a worker killed in the middle of its calls had
reserved is given back to the run when the controller learns that it crashed."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_faithful.cost.ledger import FileLedger


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
