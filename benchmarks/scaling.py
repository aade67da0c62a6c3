"""Scaling: wall time of real (uncached) judge calls at a fixed 300 ms latency, serial vs parallel.

A loopback fake OpenAI-compatible server (``latency_server.py``) answers every request after
``--latency`` seconds on its own thread, so concurrent requests overlap as at a provider. Every
configuration runs with ``--faith-record-mode=off``: no cache, every judge call goes to the
server, which counts them.

pytest runs the checks of one process one after another; within one check, pytest-faithful
sends the verification batches concurrently (up to ``--faith-max-concurrency``), after the one
extraction call. So two workloads:

* ``short`` (``--checks``, default 200): three-sentence answers; two calls per check
  (extraction, one verification batch). Serial (``--faith-max-concurrency=1``) against
  pytest-xdist ``-n 2/4/8`` (each worker also at concurrency 1): parallelism across checks.
* ``wide`` (``--wide-checks``, default 40): eight-sentence answers (``--wide-claims``) with
  ``--faith-batch-size=1``, so one extraction then eight one-claim verification calls per
  check. Serial against ``--faith-max-concurrency=8`` (``--wide-concurrency``) in one process:
  parallelism within a check. The extraction must come first, so the best possible is 2 rounds
  instead of 9 per check (4.5x); at the default concurrency of 4 no answer can reach 4x.

    python benchmarks/scaling.py                     # ~7 min on 2 cores (mostly waiting)
    python benchmarks/scaling.py --checks 80 --wide-checks 16 --output /tmp/scaling.json
"""

from __future__ import annotations

import argparse
import math
import shlex
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from latency_server import LatencyServer
from overhead import (
    MODEL,
    PYTEST,
    RESULTS,
    children_cpu_s,
    clean_env,
    machine,
    make_case,
    markdown_table,
    write_suite,
)

from report import load_average, provenance, write_report

TARGET_XDIST_8 = 6.0
TARGET_IN_PROCESS = 4.0
SHORT_SENTENCES = 3  # claims per answer; <= the default batch size 8, so one verify call


@dataclass(frozen=True)
class Workload:
    name: str
    checks: int
    sentences: int
    options: tuple[str, ...]
    calls_per_check: int


@dataclass(frozen=True)
class Config:
    name: str
    workload: Workload
    options: tuple[str, ...]
    workers: int = 1  # pytest-xdist processes (1: no xdist)
    concurrency: int = 1  # judge calls in flight per process

    @property
    def parallelism(self) -> int:
        return self.workers * self.concurrency

    def best_possible_s(self, latency: float) -> float:
        """Wall time if every call took exactly ``latency`` and nothing else took any time,
        respecting what must wait: a check's extraction before its verifications, and each
        process's checks one after another."""
        checks_per_process = math.ceil(self.workload.checks / self.workers)
        verify_calls = self.workload.calls_per_check - 1
        rounds = 1 + math.ceil(verify_calls / self.concurrency)
        return checks_per_process * rounds * latency


@dataclass
class Outcome:
    config: Config
    wall_s: float
    cpu_s: float  # user + sys of pytest and its xdist workers
    calls: int
    max_in_flight: int


def workloads(args: argparse.Namespace) -> tuple[Workload, Workload]:
    short = Workload("short", args.checks, SHORT_SENTENCES, (), calls_per_check=2)
    wide = Workload(
        "wide",
        args.wide_checks,
        args.wide_claims,
        ("--faith-batch-size=1",),
        calls_per_check=1 + args.wide_claims,
    )
    return short, wide


def configs(short: Workload, wide: Workload, wide_concurrency: int) -> list[Config]:
    serial = ("--faith-max-concurrency=1",)
    return [
        Config("serial", short, serial),
        *(Config(f"-n {n}", short, (*serial, "-n", str(n)), workers=n) for n in (2, 4, 8)),
        Config("wide serial", wide, serial),
        Config(
            f"wide, in-process concurrency {wide_concurrency}",
            wide,
            (f"--faith-max-concurrency={wide_concurrency}",),
            concurrency=wide_concurrency,
        ),
    ]


def suite_for(workload: Workload, scratch: Path) -> Path:
    cases = [make_case(i, sentences=workload.sentences) for i in range(workload.checks)]
    return write_suite(scratch / workload.name, cases, per_function=10, faithful=True)


def run_config(config: Config, suite: Path, server: LatencyServer) -> Outcome:
    """One timed pytest run; stop the benchmark if any check did not pass."""
    options = [
        "-q",
        f"--faith-judge=openai:{MODEL}@{server.base_url}",
        "--faith-record-mode=off",  # no cache: every check calls the server
        *config.workload.options,
        *config.options,
    ]
    server.reset_counts()
    cpu_before = children_cpu_s()
    started = time.perf_counter()
    done = subprocess.run(
        [*PYTEST, *options],
        cwd=suite,
        env=clean_env(api_key=True),
        capture_output=True,
        text=True,
        check=False,
    )
    wall = time.perf_counter() - started
    cpu = children_cpu_s() - cpu_before
    if done.returncode != 0:
        tail = done.stdout[-3000:] + done.stderr[-2000:]
        sys.exit(f"{config.name}: pytest {shlex.join(options)} exited {done.returncode}:\n{tail}")
    expected = config.workload.checks * config.workload.calls_per_check
    if server.calls != expected:
        sys.exit(f"{config.name}: the server saw {server.calls} calls; expected {expected}")
    print(f"  {config.name}: {wall:.1f} s", file=sys.stderr, flush=True)
    return Outcome(config, wall, cpu, server.calls, server.max_in_flight)


def serial_walls(outcomes: Sequence[Outcome]) -> dict[str, float]:
    """The serial wall time of each workload: what every speed-up is measured against."""
    return {o.config.workload.name: o.wall_s for o in outcomes if o.config.parallelism == 1}


def rows(outcomes: Sequence[Outcome], latency: float) -> list[dict[str, Any]]:
    serial = serial_walls(outcomes)
    table = []
    for o in outcomes:
        ideal = o.calls * latency / o.config.parallelism
        best = o.config.best_possible_s(latency)
        table.append(
            {
                "config": o.config.name,
                "workload": o.config.workload.name,
                "checks": o.config.workload.checks,
                "options": " ".join([*o.config.workload.options, *o.config.options]),
                "parallelism": o.config.parallelism,
                "wall_s": round(o.wall_s, 2),
                "cpu_s": round(o.cpu_s, 2),
                "judge_calls": o.calls,
                "max_in_flight": o.max_in_flight,
                "ideal_s": round(ideal, 2),
                "best_possible_s": round(best, 2),
                "speedup_vs_serial": round(serial[o.config.workload.name] / o.wall_s, 2),
                "efficiency_vs_ideal": round(ideal / o.wall_s, 3),
                "efficiency_vs_best_possible": round(best / o.wall_s, 3),
            }
        )
    return table


def targets(table: Sequence[dict[str, Any]]) -> dict[str, Any]:
    by_name = {row["config"]: row for row in table}
    xdist = by_name["-n 8"]["speedup_vs_serial"]
    in_process = next(r for r in table if "in-process" in r["config"])["speedup_vs_serial"]
    return {
        "xdist_8_speedup": xdist,
        "xdist_8_target": TARGET_XDIST_8,
        "xdist_8_pass": xdist >= TARGET_XDIST_8,
        "in_process_speedup": in_process,
        "in_process_target": TARGET_IN_PROCESS,
        "in_process_pass": in_process >= TARGET_IN_PROCESS,
    }


def render(table: Sequence[dict[str, Any]], goals: dict[str, Any], latency: float) -> str:
    header = [
        "configuration",
        "checks",
        "parallelism",
        "wall",
        "CPU (user + sys)",
        "judge calls",
        "max in flight",
        f"ideal (calls x {latency:g} s / par.)",
        "best possible",
        "speed-up vs serial",
        "efficiency vs ideal",
    ]
    body = [
        [
            f"`{r['config']}`" if r["config"].startswith("-n") else r["config"],
            str(r["checks"]),
            str(r["parallelism"]),
            f"{r['wall_s']:.1f} s",
            f"{r['cpu_s']:.1f} s",
            f"{r['judge_calls']:,}",
            str(r["max_in_flight"]),
            f"{r['ideal_s']:.1f} s",
            f"{r['best_possible_s']:.1f} s",
            f"{r['speedup_vs_serial']:.2f}x",
            f"{r['efficiency_vs_ideal']:.0%}",
        ]
        for r in table
    ]

    def verdict(ok: bool) -> str:
        return "PASS" if ok else "FAIL"

    lines = [
        markdown_table(header, body),
        "",
        f"- `-n 8` speed-up {goals['xdist_8_speedup']:.2f}x, target >= {TARGET_XDIST_8:g}x: "
        f"{verdict(goals['xdist_8_pass'])}",
        f"- in-process concurrency speed-up {goals['in_process_speedup']:.2f}x, target >= "
        f"{TARGET_IN_PROCESS:g}x: {verdict(goals['in_process_pass'])}",
    ]
    return "\n".join(lines)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checks", type=int, default=200, help="short workload (x10)")
    parser.add_argument("--wide-checks", type=int, default=40, help="wide workload (x10)")
    parser.add_argument(
        "--wide-claims", type=int, default=8, help="claims per wide answer (one call each)"
    )
    parser.add_argument(
        "--wide-concurrency", type=int, default=8, help="--faith-max-concurrency of the wide run"
    )
    parser.add_argument("--latency", type=float, default=0.3, help="seconds per judge call")
    parser.add_argument("--output", type=Path, default=RESULTS / "scaling.json")
    args = parser.parse_args(argv)
    for name in ("checks", "wide_checks"):
        value = getattr(args, name)
        if value < 10 or value % 10:
            parser.error(f"--{name.replace('_', '-')} must be a positive multiple of 10")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    load_at_start = load_average()
    started = time.perf_counter()
    short, wide = workloads(args)
    with tempfile.TemporaryDirectory(prefix="faith-scaling-") as folder:
        suites = {w.name: suite_for(w, Path(folder)) for w in (short, wide)}
        with LatencyServer(latency_s=args.latency) as server:
            outcomes = [
                run_config(c, suites[c.workload.name], server)
                for c in configs(short, wide, args.wide_concurrency)
            ]
    table = rows(outcomes, args.latency)
    goals = targets(table)
    print(f"\n### Scaling ({args.latency:g} s per judge call)\n")
    print(render(table, goals, args.latency))
    report = {
        **provenance(__file__, argv),
        "latency_s": args.latency,
        "results": table,
        "targets": goals,
        "benchmark_seconds": round(time.perf_counter() - started, 1),
        "machine": machine(load_at_start),
    }
    print()
    write_report(args.output, report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
