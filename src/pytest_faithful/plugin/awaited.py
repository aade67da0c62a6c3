"""The ``.aio(...)`` checks a test made and never awaited: a failure of the test, not a pass.

``assert_faithful.aio(answer, contexts)`` returns a coroutine; without ``await`` nothing runs,
no check is recorded, and the test passed with only a ``RuntimeWarning`` (which pytest shows
in its warnings summary, if at all), whatever the answer said. Each fixture hands its
coroutines to :func:`track`; when the test's call ends, :func:`unawaited` closes those
that never started (so Python warns of none) and names them, and the plugin fails the test.
So does one the test started and left running (``asyncio.create_task(...)``, a gather it
never awaited): the test passed before its verdict came, and the loop's end cancelled it into
an errored check. One made in a fixture's setup may run on into its teardown; the teardown's
end closes and names those never started there and in it.

Light on purpose: the plugin's hook imports it for every test.
"""

from __future__ import annotations

import inspect
from collections.abc import Coroutine
from typing import Any, TypeVar

import pytest

_T = TypeVar("_T")

_MADE = pytest.StashKey[list[tuple[str, str, Coroutine[Any, Any, Any], tuple[Any, ...]]]]()
"""Per item: each ``.aio(...)`` coroutine made (fixture name, where it was called, the
coroutine, and the inner ones it holds unstarted)."""


def track(
    item: pytest.Item,
    coroutine: Coroutine[Any, Any, _T],
    fixture: str,
    where: tuple[str, int | None],
    *inner: Coroutine[Any, Any, Any],
) -> Coroutine[Any, Any, _T]:
    """``coroutine`` (a fixture's ``.aio(...)`` made at ``where``), noted so that the test
    fails if it is never awaited. ``inner``: coroutines it awaits, closed with it then."""
    path, line = where
    shown = path if line is None else f"{path}:{line}"
    item.stash.setdefault(_MADE, []).append((fixture, shown, coroutine, inner))
    return coroutine


def made(item: pytest.Item) -> int:
    """How many ``.aio(...)`` calls ``item`` has made so far."""
    return len(item.stash.get(_MADE, []))


def unawaited(item: pytest.Item, running_since: int | None = None) -> tuple[list[str], list[str]]:
    """The ``.aio(...)`` calls of ``item`` never awaited ("assert_faithful.aio(...) at
    test_x.py:7"), each closed, and those made from the ``running_since``-th on that are still
    running (left alone: a task holds each); forgets every coroutine noted so far."""
    noted = item.stash.get(_MADE, None)
    if not noted:
        return [], []
    item.stash[_MADE] = []
    never, running = [], []
    for n, (fixture, shown, coroutine, inner) in enumerate(noted):
        state = inspect.getcoroutinestate(coroutine)
        if state == inspect.CORO_CREATED:
            for awaitable in (coroutine, *inner):
                awaitable.close()
            never.append(f"{fixture}.aio(...) at {shown}")
        elif state != inspect.CORO_CLOSED and running_since is not None and n >= running_since:
            running.append(f"{fixture}.aio(...) at {shown}")
    return never, running


def message(never: list[str], running: list[str]) -> str:
    """Why the test failed: the checks that never ran, and those it did not wait for."""
    said = []
    if never:
        one = len(never) == 1
        said.append(
            f"{'; '.join(never)} {'was' if one else 'were'} never awaited, so "
            f"{'its' if one else 'their'} check{'' if one else 's'} did not run: write `await` "
            "before each `.aio(...)` (or gather them and await that)"
        )
    if running:
        one = len(running) == 1
        said.append(
            f"{'; '.join(running)} {'was' if one else 'were'} still running when the test "
            f"ended, so the test never saw {'its verdict' if one else 'their verdicts'}: await "
            "the task or gather that runs each one before the test returns"
        )
    return "; and ".join(said)
