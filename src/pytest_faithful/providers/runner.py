"""Where provider calls run, and the one concurrency limit they all share.

Synchronous checks (``verify``, ``assert_faithful``) submit each call to a private loop on a
background thread and wait for it (:meth:`AsyncRunner.run`). Async checks (``averify``,
``assert_faithful.aio``) await each call on their own loop (:meth:`AsyncRunner.limited`),
which keeps running meanwhile. Both go through the same :class:`Limiter`, which works across
threads and event loops, so ``max_concurrency`` holds for every call of the run however it
was made: the batches of one check, checks in several threads, checks gathered on a loop.

An SDK client belongs to the loop it was made on (its connection pool does), so a backend
keeps one per loop (:meth:`AsyncRunner.loop_local`). The private loop's are closed with the
runner; another loop's when that loop shuts down (``asyncio.run``, ``asyncio.Runner``,
pytest-asyncio and anyio all close a loop's async generators first), or at :meth:`aclose`.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import contextvars
import importlib
import sys
import threading
from collections.abc import AsyncGenerator, Awaitable, Callable, Hashable
from typing import Any, TypeVar

from pytest_faithful.providers.steps import blocked_loop, to_its_end

_T = TypeVar("_T")

Closer = Callable[[], Awaitable[None]]


class Limiter:
    """At most ``limit`` holders at once, across threads and event loops (an
    ``asyncio.Semaphore`` belongs to one loop). Waiters are served first come, first served.

    It knows how many places each loop holds (a place given to a waiter counts from the moment
    it is given), so that a blocking call made on a loop's own thread can tell that it would
    wait for places only that loop can give back (:meth:`AsyncRunner.run`)."""

    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise ValueError(f"max_concurrency must be >= 1, got {limit}")
        self.limit = limit
        self._lock = threading.Lock()
        self._free = limit
        self._waiters: collections.deque[tuple[asyncio.AbstractEventLoop, asyncio.Future[None]]]
        self._waiters = collections.deque()
        # Places held by each loop; a loop holding none has no entry, so that the dict does
        # not keep every loop that ever held one (not weak keys: an event loop of another
        # library need not take weak references).
        self._held: dict[asyncio.AbstractEventLoop, int] = {}
        self.held_most = 0
        """The most holders there were at once (for tests and benchmarks)."""

    async def acquire(self) -> None:
        loop = asyncio.get_running_loop()
        with self._lock:
            if self._free > 0 and not self._waiters:
                self._free -= 1
                self._held[loop] = self._held.get(loop, 0) + 1
                self._note_held()
                return
            waiter: asyncio.Future[None] = loop.create_future()
            self._waiters.append((loop, waiter))
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self.release()  # granted, then cancelled before it could be used
            else:
                with self._lock, contextlib.suppress(ValueError):
                    self._waiters.remove((loop, waiter))
                # Popped by release() but not yet granted: _grant passes the place on.
            raise

    def release(self) -> None:
        """Give back a place held on the running loop (or, outside any, on none)."""
        try:
            loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:  # a holder closed by the garbage collector, outside its loop
            loop = None
        with self._lock:
            if loop is not None:
                held = self._held.pop(loop, 0)
                if held > 1:
                    self._held[loop] = held - 1
            self._pass_on()

    def holds(self, loop: asyncio.AbstractEventLoop) -> bool:
        """Whether ``loop`` holds a place, or waits for one."""
        with self._lock:
            return self._held.get(loop, 0) > 0 or any(w[0] is loop for w in self._waiters)

    def _pass_on(self) -> None:
        """A place is free: to the first waiter whose loop still runs, else back in the pool.
        Call with the lock held."""
        while self._waiters:
            loop, waiter = self._waiters.popleft()
            try:
                # The place goes straight to the waiter; it is counted as held already.
                loop.call_soon_threadsafe(self._grant, waiter)
            except RuntimeError:  # its loop is closed: nobody waits there any more
                continue
            self._held[loop] = self._held.get(loop, 0) + 1
            return
        self._free += 1

    def _grant(self, waiter: asyncio.Future[None]) -> None:
        if waiter.done():  # cancelled meanwhile: the place goes to the next one
            self.release()
        else:
            waiter.set_result(None)

    def _note_held(self) -> None:
        self.held_most = max(self.held_most, self.limit - self._free)

    async def __aenter__(self) -> None:
        await self.acquire()

    async def __aexit__(self, *exc: object) -> None:
        self.release()


class AsyncRunner:
    """Runs provider coroutines within one :class:`Limiter` of ``max_concurrency``: on a
    private loop for blocking callers, on the caller's loop for async ones.

    The private loop's thread starts on first use, so a run that never calls a provider (or
    only from async checks) starts none.
    """

    def __init__(self, max_concurrency: int) -> None:
        self.limiter = Limiter(max_concurrency)
        self.max_concurrency = max_concurrency
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._closers: list[Closer] = []
        self._own: dict[Hashable, Any] = {}
        self._closed = False
        # Other loops' objects (SDK clients): loop -> (key -> object), and the async generator
        # whose closing, when the loop shuts down, closes them.
        self._elsewhere: dict[asyncio.AbstractEventLoop, _LoopObjects] = {}

    def _started(self) -> asyncio.AbstractEventLoop:
        with self._lock:
            if self._closed:
                raise RuntimeError("the judge call runner is closed")
            if self._loop is None:
                loop = asyncio.new_event_loop()
                thread = threading.Thread(
                    target=loop.run_forever, name="pytest-faithful-judge-calls", daemon=True
                )
                thread.start()
                self._loop, self._thread = loop, thread
            return self._loop

    def run(self, call: Callable[[], Awaitable[_T]]) -> _T:
        """Run ``call()`` on the private loop within the limit; block until it is done.

        Called on a thread whose event loop runs (a blocking check in a coroutine), or on a
        thread that :class:`~pytest_faithful.providers.steps.Gather` started for one, it blocks
        that loop: the places its tasks hold, or are being given, cannot come back until it
        returns. Such a call takes one of them instead of waiting for it, which would be for
        ever; while it runs, those tasks are stopped with the loop."""
        loop = self._started()
        caller = blocked_loop()
        borrows = isinstance(caller, asyncio.AbstractEventLoop) and self.limiter.holds(caller)

        async def limited() -> _T:
            _on_asyncio()
            if borrows:
                return await call()
            async with self.limiter:
                return await call()

        future = asyncio.run_coroutine_threadsafe(limited(), loop)
        try:
            return future.result()
        except BaseException:
            # Stopped while it waits (pytest-timeout's signal, Ctrl-C): the call is cancelled,
            # not left running on the loop, holding its place in the limit until the run ends.
            future.cancel()
            raise

    async def limited(self, call: Callable[[], Awaitable[_T]]) -> _T:
        """Await ``call()`` on the running loop within the limit; the loop runs on meanwhile."""
        if self._closed:
            raise RuntimeError("the judge call runner is closed")
        async with self.limiter:
            return await call()

    async def loop_local(self, key: Hashable, make: Callable[[], tuple[_T, Closer]]) -> _T:
        """The object ``make()`` makes for ``key`` on the running loop, made once per loop;
        its closer runs on that loop when the loop shuts down or the runner closes."""
        loop = asyncio.get_running_loop()
        if loop is self._loop:
            with self._lock:
                found = self._own.get(key)
            if found is None:
                made, closer = make()
                with self._lock:
                    self._own[key] = made
                    self._closers.append(closer)
                return made
            return found  # type: ignore[no-any-return]
        with self._lock:
            objects = self._elsewhere.get(loop)
            if objects is None:
                objects = self._elsewhere[loop] = _LoopObjects()
        async with objects.lock:
            if key not in objects.made:
                # Made in a worker thread: an SDK client loads its TLS certificates (and, the
                # first time, its modules), which would stall the caller's loop.
                (made, closer), cancelled = await to_its_end(make)
                objects.made[key] = made
                objects.closers.append(closer)
                await objects.watch(lambda: self._forget(loop))
                if cancelled:
                    raise asyncio.CancelledError
        return objects.made[key]  # type: ignore[no-any-return]

    def _forget(self, loop: asyncio.AbstractEventLoop) -> None:
        with self._lock:
            self._elsewhere.pop(loop, None)

    def on_close(self, closer: Closer) -> None:
        """Register ``closer()`` (e.g. an SDK client's ``close``) to run on the private loop
        at close."""
        with self._lock:
            self._closers.append(closer)

    async def aclose(self) -> None:
        """Close what was made for the running loop, on it, then :meth:`close` the rest.

        Under another event loop (trio) nothing was made for it: the rest is closed, and the
        error that stopped a check there (``averify`` closes its judge's runner this way) is
        not replaced by asyncio's "no running event loop"."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.close()
            return
        with self._lock:
            objects = self._elsewhere.pop(loop, None)
        if objects is not None:
            await objects.close()
        self.close()

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            loop, thread, closers = self._loop, self._thread, self._closers
            self._loop = self._thread = None
            self._closers = []
            elsewhere, self._elsewhere = self._elsewhere, {}
        for other, objects in elsewhere.items():
            # A loop that still runs in another thread closes its own; a stopped one cannot
            # run anything any more (its clients' sockets go with it).
            if other.is_running() and not other.is_closed():
                with contextlib.suppress(Exception):
                    future = asyncio.run_coroutine_threadsafe(objects.close(), other)
                    if not _in_loop_thread(other):
                        future.result(timeout=30)
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


def _on_asyncio() -> None:
    """The running task (the private loop's, in a copy of its caller's context) says it runs
    on asyncio. Its caller's context may say another library: anyio's trio runner, and
    ``trio.to_thread`` after it, carry sniffio's ``"trio"``, which the SDKs' HTTP stack reads
    to choose its network backend; it chose trio's, which fails on this loop ("must be called
    from async context"), and every blocking check of a trio test errored."""
    sniffio = sys.modules.get("sniffio")  # not loaded: nothing could have set it
    if sniffio is not None:
        sniffio.current_async_library_cvar.set(None)  # sniffio then asks asyncio


def _in_loop_thread(loop: asyncio.AbstractEventLoop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


class _LoopObjects:
    """What a runner made for one loop other than its own, and how it is closed there."""

    def __init__(self) -> None:
        self.made: dict[Hashable, Any] = {}
        self.closers: list[Closer] = []
        self.lock = asyncio.Lock()  # one maker at a time: two tasks never make two clients
        self._watcher: AsyncGenerator[None, None] | None = None
        self._closed = False

    async def watch(self, forget: Callable[[], None]) -> None:
        """Start, once, an async generator on the running loop: the loop closes it when it
        shuts down (``loop.shutdown_asyncgens``), and its ``finally`` closes the objects."""
        if self._watcher is not None:
            return

        async def watcher() -> AsyncGenerator[None, None]:
            try:
                yield
            finally:
                forget()
                await self._close_objects()

        self._watcher = watcher()
        await self._watcher.__anext__()

    async def close(self) -> None:
        """Close the objects now (the watcher's ``finally`` does it, so it is done with)."""
        watcher, self._watcher = self._watcher, None
        if watcher is not None:
            await watcher.aclose()
        else:
            await self._close_objects()

    async def _close_objects(self) -> None:
        if self._closed:
            return
        self._closed = True
        closers, self.closers = self.closers, []
        for closer in closers:
            with contextlib.suppress(Exception):
                await closer()


async def imported(module: str) -> None:
    """Import ``module`` (an SDK, about a second on 2 cores) in a worker thread, so that the
    caller's loop does not stall on its first call; nothing when it is loaded already."""
    if module not in sys.modules:
        await asyncio.to_thread(importlib.import_module, module)


async def in_thread_undone_if_cancelled(call: Callable[[], _T], undo: Callable[[_T], None]) -> _T:
    """``call()`` in a worker thread, awaited. A thread cannot be stopped: when the awaiting
    task is cancelled meanwhile, ``call()`` still ends, and what it gave (a reservation of the
    run's budget) is undone with ``undo``, in a worker thread, so that a cancelled check leaves
    nothing behind. Whichever side learns last that both happened undoes it: the thread, or the
    cancelled task; no task of the loop's (asyncio.run cancels those that are left) needs to."""
    loop = asyncio.get_running_loop()
    lock = threading.Lock()
    given: list[_T] = []  # what call() gave, once the awaiting task may take it
    abandoned = False

    def work() -> _T:
        value = call()
        with lock:
            if not abandoned:
                given.append(value)
                return value
        undo(value)
        return value

    context = contextvars.copy_context()
    try:
        return await loop.run_in_executor(None, context.run, work)
    except asyncio.CancelledError:
        with lock:
            abandoned = True
            value_given = list(given)
        for value in value_given:  # the thread was done before the cancel reached the task
            try:
                loop.run_in_executor(None, undo, value)
            except RuntimeError:  # the loop's executor is shut down already
                undo(value)
        raise
