"""What a run's judges share is made once, whichever of several threads' checks ask first."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

from pytest_faithful.cost.options import CostOptions
from pytest_faithful.judges.resources import JudgeOptions


def test_first_use_from_many_threads_makes_each_shared_object_once(tmp_path: Path) -> None:
    options = JudgeOptions(tmp_path / "cache", "once", cost=CostOptions(max_cost=1.0))
    threads = 8
    start = threading.Barrier(threads)
    made: list[object] = []
    seen: list[tuple[Any, ...]] = []
    lock = threading.Lock()

    def load() -> object:
        model = object()
        made.append(model)
        time.sleep(0.02)  # a model file loading: the others ask meanwhile
        return model

    def first_check() -> None:
        start.wait(5)
        got = (
            options.shared("model.gguf", load),
            options.runner(),
            options.meter(),
        )
        with lock:
            seen.append(got)

    workers = [threading.Thread(target=first_check) for _ in range(threads)]
    try:
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join(10)
    finally:
        options.close()
    assert len(made) == 1
    assert len(seen) == threads
    assert all(all(a is b for a, b in zip(got, seen[0], strict=True)) for got in seen)
