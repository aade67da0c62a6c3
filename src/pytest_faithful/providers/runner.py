"""One event loop per run for the providers' async SDK clients, with a shared concurrency limit.

Checks are synchronous (pytest runs them one after another), so async calls are submitted to a
loop on a background thread and waited for. The semaphore lives with that loop, so the limit
holds across every check and every thread of the process: a check that verifies several
batches at once, and any user code running checks in threads, share the same budget.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Awaitable, Callable
from typing import TypeVar

_T = TypeVar("_T")

Closer = Callable[[], Awaitable[None]]


class AsyncRunner:
    """Runs coroutines on a private loop, at most ``max_concurrency`` at a time.

    The thread starts on first use, so a run that never calls a provider starts none.
    """

    def __init__(self, max_concurrency: int) -> None:
        if max_concurrency < 1:
            raise ValueError(f"max_concurrency must be >= 1, got {max_concurrency}")
        self.max_concurrency = max_concurrency
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._semaphore: asyncio.Semaphore | None = None
        self._closers: list[Closer] = []
        self._closed = False

    def _started(self) -> tuple[asyncio.AbstractEventLoop, asyncio.Semaphore]:
        with self._lock:
            if self._closed:
                raise RuntimeError("the judge call runner is closed")
            if self._loop is None or self._semaphore is None:
                loop = asyncio.new_event_loop()
                thread = threading.Thread(
                    target=loop.run_forever, name="pytest-faithful-judge-calls", daemon=True
                )
                thread.start()
                self._loop, self._thread = loop, thread
                self._semaphore = asyncio.Semaphore(self.max_concurrency)
            return self._loop, self._semaphore

    def run(self, call: Callable[[], Awaitable[_T]]) -> _T:
        """Run ``call()`` on the loop within the concurrency limit; block until it is done."""
        loop, semaphore = self._started()

        async def limited() -> _T:
            async with semaphore:
                return await call()

        return asyncio.run_coroutine_threadsafe(limited(), loop).result()

    def on_close(self, closer: Closer) -> None:
        """Register ``closer()`` (e.g. an SDK client's ``close``) to run on the loop at close."""
        with self._lock:
            self._closers.append(closer)

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            loop, thread, closers = self._loop, self._thread, self._closers
            self._loop = self._thread = None
            self._closers = []
        if loop is None or thread is None:
            return

        async def close_all() -> None:
            for closer in closers:
                # Closing must not mask the run's outcome.
                with contextlib.suppress(Exception):
                    await closer()

        asyncio.run_coroutine_threadsafe(close_all(), loop).result(timeout=30)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout=30)
        loop.close()
