"""A procedure written once, run synchronously or awaited on the caller's event loop.

What a check waits for is its judge calls. The check's steps, and an LLM judge's requests,
repairs and batches, are written once, as coroutines that do no I/O themselves: where they
would wait, they ``await`` a :class:`Step`, which knows how to happen both ways (the sans-I/O
pattern of h11 and httpcore). :func:`run_sync` drives such a procedure with each step's
:meth:`Step.run`, which blocks (``verify``, ``assert_faithful``); :func:`run_async` with each
step's :meth:`Step.arun`, awaited on the running loop (``averify``,
``assert_faithful.aio``). The code between the steps is the same both ways, so the two paths
cannot drift apart: same claims, verdicts, repairs, splits, cache keys and errors.

A step's failure is thrown into the procedure where it awaited the step, so the procedure's
own ``try``/``except`` sees it exactly as it would see a function's exception.
"""

from __future__ import annotations

import contextvars
import sys
from collections.abc import Callable, Coroutine, Generator, Sequence
from typing import Any, Generic, TypeVar

_T = TypeVar("_T")

_BLOCKED: contextvars.ContextVar[object | None] = contextvars.ContextVar(
    "pytest_faithful_blocked_loop", default=None
)


def blocked_loop() -> object | None:
    """The event loop that a blocking call made now stops: the one running in this thread (a
    blocking check in a coroutine), or the one the thread that started this one stops
    (:class:`Gather`'s threads); ``None`` when none."""
    asyncio = sys.modules.get("asyncio")  # not loaded: no loop runs
    if asyncio is not None:
        try:
            running: object = asyncio.get_running_loop()
        except RuntimeError:
            pass
        else:
            return running
    return _BLOCKED.get()


Procedure = Coroutine[Any, Any, _T]
"""A coroutine that awaits only :class:`Step` objects (and other procedures)."""


class Step(Generic[_T]):
    """One thing a procedure waits for, done blocking (:meth:`run`) or awaited (:meth:`arun`)."""

    def run(self) -> _T:
        raise NotImplementedError

    async def arun(self) -> _T:
        raise NotImplementedError

    def __await__(self) -> Generator[Any, Any, _T]:
        # The driver receives the step, does it, and sends back what it gave.
        done: _T = yield self
        return done


def _not_a_step(value: object) -> TypeError:
    return TypeError(
        f"a procedure awaited {value!r}, not a Step: it would need an event loop that "
        "run_sync does not have"
    )


def run_sync(procedure: Procedure[_T]) -> _T:
    """Drive ``procedure`` to its end in this thread, each step blocking until it is done."""
    sent: Any = None
    failure: BaseException | None = None
    try:
        while True:
            try:
                step = procedure.send(sent) if failure is None else procedure.throw(failure)
            except StopIteration as done:
                return done.value  # type: ignore[no-any-return]
            if not isinstance(step, Step):
                raise _not_a_step(step)
            sent, failure = None, None
            try:
                sent = step.run()
            except BaseException as exc:  # thrown in where the procedure awaited the step
                failure = exc
            del step
    finally:
        procedure.close()
        del failure  # no cycle through the traceback


def on_asyncio() -> None:
    """Nothing on a running asyncio loop; elsewhere (trio, no loop) the RuntimeError that says
    what to do instead."""
    import asyncio

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        raise RuntimeError(
            "pytest-faithful's async checks run on an asyncio event loop (asyncio.run, "
            "pytest-asyncio, anyio's asyncio backend); under another one, run the blocking "
            "check in a worker thread (e.g. await trio.to_thread.run_sync(...))"
        ) from None


async def run_async(procedure: Procedure[_T]) -> _T:
    """Drive ``procedure`` to its end on the running loop, awaiting each step.

    The steps are asyncio's (provider SDK calls, worker threads): under another event loop
    (trio) this is a RuntimeError that says what to do instead."""
    try:
        on_asyncio()
    except RuntimeError:
        procedure.close()
        raise
    sent: Any = None
    failure: BaseException | None = None
    try:
        while True:
            try:
                step = procedure.send(sent) if failure is None else procedure.throw(failure)
            except StopIteration as done:
                return done.value  # type: ignore[no-any-return]
            if not isinstance(step, Step):
                raise _not_a_step(step)
            sent, failure = None, None
            try:
                sent = await step.arun()
            except BaseException as exc:
                failure = exc
            del step
    finally:
        procedure.close()
        del failure


class InThread(Step[_T]):
    """``call()``, a blocking piece of a procedure (building a judge: its modules imported, its
    cache opened): in the caller's thread when run blocking; awaited, in a worker thread, so
    that the caller's loop runs on meanwhile."""

    def __init__(self, call: Callable[[], _T]) -> None:
        self._call = call

    def run(self) -> _T:
        return self._call()

    async def arun(self) -> _T:
        import asyncio

        value, cancelled = await to_its_end(self._call)
        if cancelled:
            raise asyncio.CancelledError
        return value


async def to_its_end(call: Callable[[], _T]) -> tuple[_T, bool]:
    """``call()`` in a worker thread (in a copy of the caller's context), awaited to its end
    even when the awaiting task is cancelled meanwhile: its value, and whether the task was
    cancelled (the caller raises that once it has kept the value). What ``call`` made (an SDK
    client, a judge with its open cache) is never left to a thread nobody waits for."""
    import asyncio

    loop = asyncio.get_running_loop()
    doing = loop.run_in_executor(None, contextvars.copy_context().run, call)
    cancelled = False
    while True:
        try:
            value = await asyncio.shield(doing)
        except asyncio.CancelledError:
            if doing.cancelled():
                raise
            cancelled = True  # honoured once the value is kept
            continue
        except BaseException:
            if cancelled:
                raise asyncio.CancelledError from None
            raise
        return value, cancelled


class Gather(Step[list[_T]]):
    """Several procedures at once; every one runs to its end, then the first failure (in the
    order given) is raised, else their results in that order.

    Blocking: each in a thread of its own pool (at most ``workers``), in a copy of the caller's
    context (a check's spend collector and noted cache asks see every call); one procedure
    runs in the caller's thread. Awaited: each as a task on the running loop.
    """

    def __init__(
        self, procedures: Sequence[Procedure[_T]], *, workers: int, name: str = "faithful"
    ) -> None:
        self._procedures = list(procedures)
        self._workers = max(1, workers)
        self._name = name

    def run(self) -> list[_T]:
        # Imported here, as asyncio below: a check that never gathers loads neither.
        from concurrent.futures import ThreadPoolExecutor

        if len(self._procedures) <= 1:
            return [run_sync(p) for p in self._procedures]
        workers = min(self._workers, len(self._procedures))
        blocked = blocked_loop()
        with ThreadPoolExecutor(workers, thread_name_prefix=self._name) as pool:
            futures = []
            for procedure in self._procedures:
                context = contextvars.copy_context()
                context.run(_BLOCKED.set, blocked)  # this thread's loop waits for them too
                futures.append(pool.submit(context.run, run_sync, procedure))
            return [future.result() for future in futures]

    async def arun(self) -> list[_T]:
        import asyncio

        outcomes = await asyncio.gather(
            *(run_async(p) for p in self._procedures), return_exceptions=True
        )
        for outcome in outcomes:
            if isinstance(outcome, BaseException):
                raise outcome
        return outcomes  # type: ignore[return-value]
