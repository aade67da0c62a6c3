"""The run's claim memo, shared by checks in several threads, stays whole and within its size."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator

import pytest

from pytest_faithful.check.claims import AnswerClaims, ClaimMemo


@pytest.fixture
def switching_often() -> Iterator[None]:
    # Threads switch every microsecond: a race between two steps of one update shows at once.
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


@pytest.mark.usefixtures("switching_often")
def test_many_threads_putting_and_getting_at_once_never_fail_and_stay_within_the_size() -> None:
    memo = ClaimMemo(size=8)
    claims = AnswerClaims(claims=(), filled=(), stated=())
    failures: list[BaseException] = []

    def checks(thread: int) -> None:
        try:
            for n in range(3000):
                memo.put(("judge", f"answer {thread}-{n}", None), claims)
                memo.get(("judge", f"answer {thread}-{n - 1}", None))
        except BaseException as exc:  # pragma: no cover - what the test is about
            failures.append(exc)

    threads = [threading.Thread(target=checks, args=(t,)) for t in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert failures == []
    kept = [
        (t, n)
        for t in range(4)
        for n in range(3000)
        if memo.get(("judge", f"answer {t}-{n}", None)) is not None
    ]
    assert len(kept) == 8
