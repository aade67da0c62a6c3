"""The call cache used from worker threads (async checks read and write it through
``asyncio.to_thread``; ``averify`` builds its judge, and so opens the cache, in one): closing
it leaves no sqlite connection open in any thread. diskcache keeps one per thread and closed
only the closing thread's; Python 3.13 reports the others as a ResourceWarning when their
thread ends, which ``-W error`` turns into a failure of whatever test is running then."""

from __future__ import annotations

import gc
import hashlib
import os
import threading
import time
import warnings
from pathlib import Path

import pytest

from pytest_faithful.cache.store import CallCache
from pytest_faithful.providers.base import JudgeResponse

PROC_FDS = Path("/proc/self/fd")


def _open_database_files(directory: Path) -> list[str]:
    found = []
    for fd in os.listdir(PROC_FDS):
        with_target = PROC_FDS / fd
        try:
            target = os.readlink(with_target)
        except OSError:
            continue
        if target.startswith(str(directory)) and "cache.db" in target:
            found.append(target)
    return found


@pytest.mark.skipif(not PROC_FDS.is_dir(), reason="counts open files through /proc/self/fd")
@pytest.mark.parametrize("opened_in", ["main", "worker"])
def test_closing_the_cache_leaves_no_connection_open_in_any_thread(
    tmp_path: Path, opened_in: str
) -> None:
    key = hashlib.sha256(b"k").hexdigest()
    response = JudgeResponse(text="x", model="m")
    opened: list[CallCache] = [] if opened_in == "worker" else [CallCache(tmp_path)]
    used = threading.Barrier(3)
    done = threading.Event()

    def worker() -> None:  # a thread that outlives the cache, as the default executor's do
        if not opened:
            opened.append(CallCache(tmp_path))
        opened[0].put(key, response)
        assert opened[0].get(key) == response
        used.wait(timeout=10)
        done.wait(timeout=10)

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        first = threading.Thread(target=worker)
        first.start()
        while not opened:
            time.sleep(0.001)
        threads = [first, threading.Thread(target=worker)]
        threads[1].start()
        used.wait(timeout=10)
        assert opened[0].get(key) == response
        opened[0].close()
        still_open = _open_database_files(tmp_path)
        done.set()
        for thread in threads:
            thread.join()
        gc.collect()  # the threads have ended: nothing of theirs is left to collect and warn
    assert still_open == [], "a thread's connection is still open after close()"
