"""A procedure written once runs the same blocking and awaited; the limit holds across loops."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import threading
import time
from typing import Any

import pytest

from pytest_faithful.providers.runner import AsyncRunner, Limiter
from pytest_faithful.providers.steps import Gather, Procedure, Step, run_async, run_sync


class Ask(Step[str]):
    """A step that answers with its word, or raises; notes the thread it ran in."""

    def __init__(self, word: str, seen: list[tuple[str, str]]) -> None:
        self.word, self.seen = word, seen

    def _answer(self, how: str) -> str:
        self.seen.append((how, threading.current_thread().name))
        if self.word == "boom":
            raise ValueError("boom")
        return self.word.upper()

    def run(self) -> str:
        return self._answer("run")

    async def arun(self) -> str:
        await asyncio.sleep(0)
        return self._answer("arun")


async def procedure(words: list[str], seen: list[tuple[str, str]]) -> list[str]:
    """Awaits steps, catches a failure where it awaited it, and nests another procedure."""
    out = []
    for word in words:
        try:
            out.append(await Ask(word, seen))
        except ValueError as exc:
            out.append(f"caught {exc}")
    out.append(await inner(seen))
    return out


async def inner(seen: list[tuple[str, str]]) -> str:
    return await Ask("inner", seen) + "!"


def test_the_same_procedure_gives_the_same_result_both_ways() -> None:
    blocking: list[tuple[str, str]] = []
    awaited: list[tuple[str, str]] = []
    words = ["a", "boom", "b"]
    assert run_sync(procedure(words, blocking)) == ["A", "caught boom", "B", "INNER!"]
    assert asyncio.run(run_async(procedure(words, awaited))) == run_sync(procedure(words, []))
    assert {how for how, _ in blocking} == {"run"}
    assert {how for how, _ in awaited} == {"arun"}


def test_a_failure_not_caught_leaves_the_procedure_as_it_would_a_function() -> None:
    async def uncaught() -> str:
        return await Ask("boom", [])

    with pytest.raises(ValueError, match="boom"):
        run_sync(uncaught())
    with pytest.raises(ValueError, match="boom"):
        asyncio.run(run_async(uncaught()))


def test_awaiting_anything_but_a_step_is_a_clear_error() -> None:
    async def sleeps() -> None:
        await asyncio.sleep(0)  # yields to an event loop, which run_sync is not

    with pytest.raises(TypeError, match="not a Step"):
        run_sync(sleeps())


def test_gather_runs_every_procedure_then_raises_the_first_failure_in_order() -> None:
    finished: list[str] = []

    async def one(word: str, pause: float) -> str:
        result = await Ask(word, [])
        await Sleep(pause)
        finished.append(word)
        return result

    def procedures() -> list[Procedure[str]]:
        return [one("a", 0.05), one("boom", 0.0), one("c", 0.02)]

    async def gathered() -> list[str]:
        return await Gather(procedures(), workers=4)

    async def all_good() -> list[str]:
        return await Gather([one("x", 0.02), one("y", 0.0)], workers=4)

    for run in (run_sync, lambda p: asyncio.run(run_async(p))):
        finished.clear()
        with pytest.raises(ValueError, match="boom"):
            run(gathered())
        assert sorted(finished) == ["a", "c"]  # the others ran to their end
        assert run(all_good()) == ["X", "Y"]  # in the order given, not of finishing


class Sleep(Step[None]):
    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def run(self) -> None:
        time.sleep(self.seconds)

    async def arun(self) -> None:
        await asyncio.sleep(self.seconds)


def test_gathered_procedures_overlap_both_ways() -> None:
    async def nap() -> None:
        await Sleep(0.2)

    async def naps() -> list[None]:
        return await Gather([nap() for _ in range(5)], workers=5)

    for run in (run_sync, lambda p: asyncio.run(run_async(p))):
        started = time.perf_counter()
        run(naps())
        assert time.perf_counter() - started < 0.6  # five 0.2 s naps at once, not 1.0 s


def test_the_limit_holds_across_threads_and_loops() -> None:
    limiter = Limiter(2)
    inside = 0
    most = 0
    lock = threading.Lock()

    async def hold() -> None:
        nonlocal inside, most
        async with limiter:
            with lock:
                inside += 1
                most = max(most, inside)
            await asyncio.sleep(0.02)
            with lock:
                inside -= 1

    def loop_of_holders() -> None:
        async def many() -> None:
            await asyncio.gather(*(hold() for _ in range(6)))

        asyncio.run(many())

    threads = [threading.Thread(target=loop_of_holders) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert most == 2
    assert limiter.held_most == 2


def test_a_waiter_cancelled_passes_its_place_on() -> None:
    async def scenario() -> list[str]:
        limiter = Limiter(1)
        order: list[str] = []
        await limiter.acquire()

        async def wait(name: str) -> None:
            async with limiter:
                order.append(name)

        first = asyncio.create_task(wait("cancelled"))
        second = asyncio.create_task(wait("second"))
        await asyncio.sleep(0.01)
        first.cancel()
        limiter.release()
        await asyncio.wait_for(second, 1)
        assert first.cancelled()
        # The place is free again: nobody holds it.
        await asyncio.wait_for(limiter.acquire(), 1)
        return order

    assert asyncio.run(scenario()) == ["second"]


def test_the_runner_shares_its_limit_between_its_loop_and_the_callers() -> None:
    runner = AsyncRunner(2)
    inside = 0
    most = 0
    lock = threading.Lock()

    async def call() -> int:
        nonlocal inside, most
        with lock:
            inside += 1
            most = max(most, inside)
        await asyncio.sleep(0.05)
        with lock:
            inside -= 1
        return 1

    def blocking_calls() -> None:
        for _ in range(3):
            runner.run(call)

    async def awaited_calls() -> list[int]:
        return await asyncio.gather(*(runner.limited(call) for _ in range(4)))

    try:
        threads = [threading.Thread(target=blocking_calls) for _ in range(2)]
        for thread in threads:
            thread.start()
        assert asyncio.run(awaited_calls()) == [1, 1, 1, 1]
        for thread in threads:
            thread.join(timeout=30)
    finally:
        runner.close()
    assert most == 2


@pytest.mark.parametrize("through", ["its thread", "gathered threads"])
@pytest.mark.parametrize("its_loop", ["holds the place", "is being given the place"])
def test_a_blocking_call_on_a_loop_whose_tasks_hold_the_places_does_not_wait_for_ever(
    its_loop: str, through: str
) -> None:
    # A blocking check in a coroutine stops its loop: the places that loop's tasks hold, or
    # are being given, cannot come back until the blocking call returns, whether it calls in
    # the loop's thread or gathers its batches in threads of its own.
    runner = AsyncRunner(1)
    go = threading.Event()
    order: list[str] = []

    async def held(name: str) -> None:
        await asyncio.to_thread(go.wait, 10)
        order.append(name)

    async def quick() -> None:
        order.append("blocking")

    class Blocking(Step[None]):
        def run(self) -> None:
            runner.run(quick)

    async def batch() -> None:
        await Blocking()

    async def scenario() -> None:
        if its_loop == "holds the place":
            task = asyncio.create_task(runner.limited(lambda: held("task")))
        else:
            elsewhere = threading.Thread(target=runner.run, args=(lambda: held("elsewhere"),))
            elsewhere.start()
            while runner.limiter.held_most < 1:  # the other thread holds the one place
                await asyncio.sleep(0.001)
            task = asyncio.create_task(runner.limited(lambda: held("task")))
        while not runner.limiter.holds(asyncio.get_running_loop()):
            await asyncio.sleep(0.001)
        threading.Timer(0.02, go.set).start()  # the other thread's place is given back
        if through == "its thread":  # blocks this loop
            runner.run(quick)
        else:
            Gather([batch(), batch()], workers=2).run()
        await task

    finished = threading.Thread(target=asyncio.run, args=(scenario(),), daemon=True)
    try:
        finished.start()
        finished.join(timeout=10)
        assert not finished.is_alive(), "the blocking call waited for its own loop's place"
    finally:
        go.set()
        runner.close()
    elsewhere = ["elsewhere"] if its_loop == "is being given the place" else []
    blocking = ["blocking"] * (1 if through == "its thread" else 2)
    assert sorted(order) == sorted([*blocking, "task", *elsewhere])
    assert order[-1] == "task"  # the loop's task went on once the blocking call returned


def test_a_loops_objects_are_made_once_and_closed_when_the_loop_shuts_down() -> None:
    runner = AsyncRunner(4)
    made: list[int] = []
    closed: list[int] = []

    def make() -> tuple[Any, Any]:
        made.append(1)
        number = len(made)

        async def close() -> None:
            closed.append(number)

        return number, close

    async def use() -> list[int]:
        return await asyncio.gather(*(runner.loop_local("client", make) for _ in range(5)))

    try:
        assert asyncio.run(use()) == [1] * 5  # one per loop, however many asked at once
        assert closed == [1]  # asyncio.run shut the loop down: its client was closed on it
        assert asyncio.run(use()) == [2] * 5  # a new loop gets its own
        assert closed == [1, 2]
    finally:
        runner.close()


@pytest.mark.parametrize("cancelled", ["while it is made", "and again while it is made"])
def test_an_object_made_for_a_cancelled_call_is_kept_and_closed_with_its_loop(
    cancelled: str,
) -> None:
    runner = AsyncRunner(4)
    making, go = threading.Event(), threading.Event()
    made: list[int] = []
    closed: list[int] = []

    def make() -> tuple[Any, Any]:
        making.set()
        assert go.wait(5)  # an SDK client loading its certificates
        made.append(len(made) + 1)
        number = made[-1]

        async def close() -> None:
            closed.append(number)

        return number, close

    async def use() -> int:
        call = asyncio.create_task(runner.loop_local("client", make))
        assert await asyncio.to_thread(making.wait, 5)
        for _ in range(1 if cancelled == "while it is made" else 2):
            call.cancel()
            await asyncio.sleep(0)
        go.set()
        with pytest.raises(asyncio.CancelledError):
            await call
        assert closed == []
        # Kept for the loop: the next call uses it, and nothing was made and dropped.
        return await runner.loop_local("client", make)

    try:
        assert asyncio.run(use()) == 1
        assert made == closed == [1]  # closed when asyncio.run shut the loop down
    finally:
        runner.close()


def test_aclose_closes_the_running_loops_objects_on_it() -> None:
    runner = AsyncRunner(4)
    closed_on: list[object] = []

    def make() -> tuple[Any, Any]:
        async def close() -> None:
            closed_on.append(asyncio.get_running_loop())

        return object(), close

    async def use() -> object:
        await runner.loop_local("client", make)
        await runner.aclose()
        assert closed_on == [asyncio.get_running_loop()]
        with pytest.raises(RuntimeError, match="closed"):
            await runner.limited(lambda: asyncio.sleep(0))
        return closed_on[0]

    asyncio.run(use())
    assert len(closed_on) == 1  # not closed a second time when the loop shut down


def test_awaited_outside_asyncio_is_an_error_that_says_what_to_do() -> None:
    async def nothing() -> int:
        return 1

    driven = run_async(nothing())
    with pytest.raises(RuntimeError, match=r"asyncio event loop .* worker thread"):
        driven.send(None)  # as another event loop (trio) would drive it
    driven.close()


def test_a_blocking_call_stopped_by_a_signal_is_cancelled_and_gives_its_place_back() -> None:
    """pytest-timeout's signal method raises in the test's thread while it waits for a judge
    call: the call went on running on the private loop, holding its place in the limit (and
    reported 'Task was destroyed but it is pending!' at exit). It is cancelled now."""

    class Stopped(Exception):
        pass

    def stop(signum: int, frame: object) -> None:
        raise Stopped

    cancelled = threading.Event()

    caller = threading.get_ident()

    async def hangs() -> int:
        # The signal comes once the caller waits for the call, as a timeout's does.
        while sys._current_frames()[caller].f_code.co_name != "wait":
            await asyncio.sleep(0)
        os.kill(os.getpid(), signal.SIGALRM)  # from the loop's thread: the waiting thread gets it
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            cancelled.set()
            raise
        return 0

    async def answers() -> int:
        return 1

    previous = signal.signal(signal.SIGALRM, stop)
    runner = AsyncRunner(1)
    try:
        with pytest.raises(Stopped):
            runner.run(hangs)
        assert cancelled.wait(5)
        assert runner.run(answers) == 1  # the only place in the limit came back
    finally:
        runner.close()
        signal.signal(signal.SIGALRM, previous)
