"""Async checks: ten gathered at once against one, and whether the event loop keeps running.

Every judge call is live (record mode ``off``) to the loopback server of ``latency_server.py``,
which answers each request after ``--latency`` seconds (default 0.3) on its own thread, so
concurrent requests overlap as at a provider. One judge is built once, with
``LLMOptions(max_concurrency=32)``, and shared by every check (its limit, its clients).

* ``one``: one ``await averify(...)`` (three-sentence answer: an extraction call, then one
  verification call), median of ``--repeats`` runs after a warm-up check.
* ``ten gathered``: ``asyncio.gather`` of ten ``averify`` calls on different answers (two calls
  each, twenty in all), median of ``--repeats`` runs. The issue's target: under 2x ``one``.
* ``ticks``: a task that sleeps 10 ms in a loop, counting its wake-ups, runs during a check;
  a loop blocked for the whole check counts none. Reported with the longest gap between two
  ticks. Also measured for the two ways an async test could call a check before ``averify``:
  the blocking ``verify`` inside the coroutine (the loop stops for the whole check), and
  ``asyncio.to_thread(verify, ...)`` (the loop runs; the calls go to the runner's own loop in
  another thread, one worker thread per check).

    python benchmarks/async_checks.py
    python benchmarks/async_checks.py --latency 0.3 --repeats 5 --output /tmp/async.json
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from latency_server import LatencyServer

from pytest_faithful import JudgeOptions, LLMOptions, averify, installed_registry, verify
from pytest_faithful.judges.base import Judge
from report import provenance, write_report

RESULTS = Path(__file__).resolve().parent / "results"
PASSAGES = [
    "Returns are accepted within 30 days of delivery.",
    "Shipping to Canada costs $15 per order.",
]


def answer(i: int) -> str:
    """A three-sentence answer, different for each check (no two requests alike)."""
    return (
        "Returns are accepted within 30 days. Shipping to Canada costs $15. "
        f"Order {i} ships on Monday."
    )


async def ticking(check: Callable[[], Awaitable[Any]]) -> dict[str, float]:
    """Run ``check()`` with a 10 ms ticker beside it: seconds, ticks, longest gap."""
    stamps: list[float] = []

    async def ticker() -> None:
        while True:
            await asyncio.sleep(0.01)
            stamps.append(time.perf_counter())

    task = asyncio.create_task(ticker())
    await asyncio.sleep(0)  # the ticker starts before the check
    started = time.perf_counter()
    await check()
    ended = time.perf_counter()
    task.cancel()
    inside = [s for s in stamps if started <= s <= ended]
    edges = [started, *inside, ended]
    gap = max(b - a for a, b in itertools.pairwise(edges))
    return {
        "seconds": round(ended - started, 3),
        "ticks": len(inside),
        "ideal_ticks": int((ended - started) / 0.01),
        "longest_gap_s": round(gap, 3),
    }


async def measure(judge: Judge, repeats: int) -> dict[str, Any]:
    await averify(answer(-1), PASSAGES, judge=judge)  # warm: SDK imported, the loop's client made
    ones, tens = [], []
    counter = 0
    for _ in range(repeats):
        counter += 1
        started = time.perf_counter()
        await averify(answer(counter), PASSAGES, judge=judge)
        ones.append(time.perf_counter() - started)
        first = counter + 1
        counter += 10
        started = time.perf_counter()
        await asyncio.gather(
            *(averify(answer(first + i), PASSAGES, judge=judge) for i in range(10))
        )
        tens.append(time.perf_counter() - started)
    one, ten = statistics.median(ones), statistics.median(tens)

    async def averified() -> None:
        await averify(answer(10_000), PASSAGES, judge=judge)

    async def blocking() -> None:
        verify(answer(10_001), PASSAGES, judge=judge)

    async def in_thread() -> None:
        await asyncio.to_thread(verify, answer(10_002), PASSAGES, judge=judge)

    async def gathered() -> None:
        await asyncio.gather(
            *(averify(answer(20_000 + i), PASSAGES, judge=judge) for i in range(10))
        )

    async def threads_gathered() -> None:
        await asyncio.gather(
            *(
                asyncio.to_thread(verify, answer(30_000 + i), PASSAGES, judge=judge)
                for i in range(10)
            )
        )

    return {
        "one_check_s": {"median": round(one, 3), "runs": [round(x, 3) for x in ones]},
        "ten_gathered_s": {"median": round(ten, 3), "runs": [round(x, 3) for x in tens]},
        "ratio": round(ten / one, 2),
        "target": "ten gathered < 2 x one",
        "passed": ten < 2 * one,
        "ticks": {
            "averify": await ticking(averified),
            "averify, ten gathered": await ticking(gathered),
            "verify in the coroutine (blocking)": await ticking(blocking),
            "asyncio.to_thread(verify)": await ticking(in_thread),
            "asyncio.to_thread(verify), ten gathered": await ticking(threads_gathered),
        },
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--latency", type=float, default=0.3)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--output", type=Path, default=RESULTS / "async_checks.json")
    args = parser.parse_args(argv)
    os.environ.setdefault("OPENAI_API_KEY", "not-needed")
    with LatencyServer(args.latency) as server:
        options = JudgeOptions(record_mode="off", llm=LLMOptions(max_concurrency=32))
        judge = installed_registry().build(f"openai:bench-model@{server.base_url}", options)
        try:
            measured = asyncio.run(measure(judge, args.repeats))
        finally:
            options.close()
        calls, most = server.calls, server.max_in_flight
    report = {
        **provenance(__file__, argv),
        "latency_s": args.latency,
        "max_concurrency": 32,
        "server_calls": calls,
        "server_max_in_flight": most,
        **measured,
    }
    write_report(args.output, report)
    print(
        f"one check {measured['one_check_s']['median']} s; ten gathered "
        f"{measured['ten_gathered_s']['median']} s ({measured['ratio']}x; target < 2x: "
        f"{'PASS' if measured['passed'] else 'FAIL'})"
    )
    for name, ticks in measured["ticks"].items():
        print(
            f"  {name}: {ticks['seconds']} s, {ticks['ticks']} ticks of {ticks['ideal_ticks']}, "
            f"longest gap {ticks['longest_gap_s']} s"
        )


if __name__ == "__main__":
    sys.exit(main())
