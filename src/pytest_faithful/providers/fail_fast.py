"""Fail fast: once a judge proved unavailable, later calls fail at once, pointing to the first.

A judge with no key, a rejected key or a server that cannot be reached fails every request the
same way, after the SDK's retries: without this, each check of a run would wait for them and
print the same long explanation. :class:`FailFast` wraps one provider backend and sits below the
call cache (``CachedBackend(FailFast(backend), ...)``), so a check whose calls are all replayed
never reaches it and still passes while the server is down.
"""

from __future__ import annotations

import os
import threading
from typing import Final

from pytest_faithful.errors import UnavailableJudgeError, shorten
from pytest_faithful.providers.base import Backend, JudgeRequest, JudgeResponse, complete_async

# pytest sets this variable to the running test's node id; reading it lets the short message
# name the test that holds the full explanation without this layer importing pytest.
CURRENT_TEST_VARIABLE: Final = "PYTEST_CURRENT_TEST"
SUMMARY_CHARS: Final = 120


class FailFast:
    """A :class:`Backend` that stops calling ``backend`` after its first UnavailableJudgeError.

    Every later request raises a one-line UnavailableJudgeError at once: no retries, no new
    connection. The state belongs to this object (one per judge), never to the process.
    """

    def __init__(self, backend: Backend) -> None:
        self._backend = backend
        self._lock = threading.Lock()
        self._first: UnavailableJudgeError | None = None
        self._first_at: str | None = None

    @property
    def kind(self) -> str:
        return self._backend.kind

    @property
    def unavailable(self) -> UnavailableJudgeError | None:
        """The failure that made this judge unavailable, if one did."""
        with self._lock:
            return self._first

    def complete(self, request: JudgeRequest) -> JudgeResponse:
        self._check()
        try:
            return self._backend.complete(request)
        except UnavailableJudgeError as exc:
            self._latch(exc)
            raise

    async def acomplete(self, request: JudgeRequest) -> JudgeResponse:
        """:meth:`complete` awaited: the same latch, shared by sync and async calls."""
        self._check()
        try:
            return await complete_async(self._backend, request)
        except UnavailableJudgeError as exc:
            self._latch(exc)
            raise

    def _check(self) -> None:
        with self._lock:
            first, first_at = self._first, self._first_at
        if first is not None:
            raise UnavailableJudgeError(self._pointer(first, first_at))

    def _latch(self, exc: UnavailableJudgeError) -> None:
        with self._lock:
            if self._first is None:
                self._first, self._first_at = exc, _current_test()

    def _pointer(self, first: UnavailableJudgeError, first_at: str | None) -> str:
        # Where to look comes before the summary, so that it survives when a report shortens
        # the line.
        where = f"at the first failure, {first_at}" if first_at else "at the first failure above"
        return (
            f"{self.kind} judge unavailable, not called again in this run; full explanation "
            f"{where}: {shorten(str(first), SUMMARY_CHARS)}"
        )


def _current_test() -> str | None:
    value = os.environ.get(CURRENT_TEST_VARIABLE)
    if not value:
        return None
    # The value ends with the phase, e.g. "tests/test_a.py::test_one (call)".
    node, _, _phase = value.rpartition(" (")
    return node or value
