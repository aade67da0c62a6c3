"""The run's spend against ``--faith-max-cost``, and the requests ``--faith-estimate`` counted
as live, shared by every process of the run.

A call reserves the most it can cost before it is made and settles at what it did cost; a
reservation that would take the run past its budget is refused. An estimate counts a request
as live the first time the run asks it, and as replayed after that (the real run would have
stored the first one's reply). Under pytest-xdist every worker uses one SQLite file the
controller made for the run (``BEGIN IMMEDIATE`` holds the file's write lock across the read
and the write), so the budget and the estimate are the run's, whichever worker asks. Without
xdist the ledger is in memory.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import sqlite3

SQLITE_TIMEOUT = 30.0
"""Seconds a worker waits for another's reservation to finish."""
ROUNDING = 1e-9
"""The share of the budget a total may pass it by and still be within it: what adding and
taking away amounts in floating point leaves over (three calls of $0.10 make
$0.30000000000000004, and must fit a budget of $0.30), and far below a cent of any budget."""


def within(total: float, budget: float) -> bool:
    """Whether ``total`` dollars are within ``budget``, up to floating point's rounding."""
    return total <= budget + budget * ROUNDING


class Ledger(Protocol):
    def reserve(self, amount: float, budget: float) -> tuple[bool, float]:
        """Reserve ``amount`` unless the spent and reserved total would pass ``budget``:
        (reserved, what was spent and reserved before)."""

    def settle(self, reserved: float, actual: float) -> None:
        """Replace a reservation of ``reserved`` by the ``actual`` cost."""

    def spent(self) -> float: ...

    def count_once(self, key: str) -> bool:
        """Note that an estimate counted the request of cache key ``key``: whether this is the
        first time in the run."""


class MemoryLedger:
    """One process's ledger."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._total = 0.0
        self._counted: set[str] = set()

    def reserve(self, amount: float, budget: float) -> tuple[bool, float]:
        with self._lock:
            before = self._total
            if not within(before + amount, budget):
                return False, before
            self._total = before + amount
            return True, before

    def settle(self, reserved: float, actual: float) -> None:
        with self._lock:
            self._total = max(0.0, self._total - reserved + actual)

    def spent(self) -> float:
        with self._lock:
            return self._total

    def count_once(self, key: str) -> bool:
        with self._lock:
            first = key not in self._counted
            self._counted.add(key)
            return first


class FileLedger:
    """A ledger in a SQLite file that every process of the run opens.

    Each process's reservations not yet settled are kept under its ``holder`` name (an xdist
    worker's id), so that what a worker killed in the middle of a call had reserved is given
    back when the controller learns that it crashed (:meth:`release`): xdist starts another
    worker and the run goes on, within its budget, not within what the dead one left of it."""

    def __init__(self, path: Path, holder: str | None = None) -> None:
        self.path = path
        self.holder = holder if holder is not None else f"pid {os.getpid()}"
        db = self._connect()
        try:
            db.execute("CREATE TABLE IF NOT EXISTS spend (id INTEGER PRIMARY KEY, usd REAL)")
            db.execute("INSERT OR IGNORE INTO spend (id, usd) VALUES (1, 0.0)")
            db.execute("CREATE TABLE IF NOT EXISTS held (holder TEXT PRIMARY KEY, usd REAL)")
            db.execute("CREATE TABLE IF NOT EXISTS counted (key TEXT PRIMARY KEY)")
        finally:
            db.close()

    def _connect(self) -> sqlite3.Connection:
        import sqlite3  # only a run with a budget or an estimate under xdist needs it

        return sqlite3.connect(self.path, timeout=SQLITE_TIMEOUT, isolation_level=None)

    def _change(self, amount: float, budget: float | None, held: float) -> tuple[bool, float]:
        """Add ``amount`` to the run's total unless it would pass ``budget``, and ``held`` to
        this holder's reservations, in one transaction."""
        db = self._connect()
        try:
            db.execute("BEGIN IMMEDIATE")
            (before,) = db.execute("SELECT usd FROM spend WHERE id = 1").fetchone()
            if budget is not None and not within(before + amount, budget):
                db.execute("ROLLBACK")
                return False, float(before)
            db.execute("UPDATE spend SET usd = ? WHERE id = 1", (max(0.0, before + amount),))
            db.execute(
                "INSERT INTO held (holder, usd) VALUES (?1, max(0.0, ?2)) "
                "ON CONFLICT(holder) DO UPDATE SET usd = max(0.0, usd + ?2)",
                (self.holder, held),
            )
            db.execute("COMMIT")
            return True, float(before)
        finally:
            db.close()

    def reserve(self, amount: float, budget: float) -> tuple[bool, float]:
        return self._change(amount, budget, amount)

    def settle(self, reserved: float, actual: float) -> None:
        self._change(actual - reserved, None, -reserved)

    def release(self, holder: str) -> float:
        """Give back what ``holder`` (a worker that crashed) still had reserved: how much."""
        db = self._connect()
        try:
            db.execute("BEGIN IMMEDIATE")
            row = db.execute("SELECT usd FROM held WHERE holder = ?", (holder,)).fetchone()
            freed = float(row[0]) if row else 0.0
            db.execute("DELETE FROM held WHERE holder = ?", (holder,))
            db.execute("UPDATE spend SET usd = max(0.0, usd - ?) WHERE id = 1", (freed,))
            db.execute("COMMIT")
            return freed
        finally:
            db.close()

    def spent(self) -> float:
        db = self._connect()
        try:
            (value,) = db.execute("SELECT usd FROM spend WHERE id = 1").fetchone()
            return float(value)
        finally:
            db.close()

    def count_once(self, key: str) -> bool:
        db = self._connect()
        try:
            inserted = db.execute("INSERT OR IGNORE INTO counted (key) VALUES (?)", (key,))
            return inserted.rowcount == 1
        finally:
            db.close()
