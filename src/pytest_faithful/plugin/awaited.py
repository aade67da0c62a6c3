"""The ``.aio(...)`` checks a test made and never awaited: a failure of the test, not a pass.

``assert_faithful.aio(answer, contexts)`` returns a coroutine; without ``await`` nothing runs,
no check is recorded, and the test passed with only a ``RuntimeWarning`` (which pytest shows
in its warnings summary, if at all), whatever the answer said. Each fixture hands its
coroutines to :func:`track`; when the test's call ends, :func:`never_awaited` closes those
that never started (so Python warns of none) and names them, and the plugin fails the test.
A coroutine that started (awaited, gathered, or run by ``asyncio.run``) is left alone.

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


def never_awaited(item: pytest.Item) -> list[str]:
    """The ``.aio(...)`` calls of ``item`` never awaited ("assert_faithful.aio(...) at
    test_x.py:7"), each closed; forgets every coroutine noted so far."""
    made = item.stash.get(_MADE, None)
    if not made:
        return []
    item.stash[_MADE] = []
    found = []
    for fixture, shown, coroutine, inner in made:
        if inspect.getcoroutinestate(coroutine) != inspect.CORO_CREATED:
            continue
        for awaitable in (coroutine, *inner):
            awaitable.close()
        found.append(f"{fixture}.aio(...) at {shown}")
    return found


def message(found: list[str]) -> str:
    """Why the test failed: the checks that never ran."""
    checks = "; ".join(found)
    one = len(found) == 1
    return (
        f"{checks} {'was' if one else 'were'} never awaited, so {'its' if one else 'their'} "
        f"check{'' if one else 's'} did not run: write `await` before each `.aio(...)` (or "
        "gather them and await that)"
    )
