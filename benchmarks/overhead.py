"""Plugin overhead: a replayed assert_faithful check against a plain assert, and start-up cost.

Generates (in a temporary directory) a suite of N checks (default 1,000: 100 test functions x
10 parameter sets; three-sentence answers over three short passages, every answer different),
records its judge calls once against a loopback fake OpenAI-compatible server with no latency
(``latency_server.py``), stops the server, and then runs, interleaved and ``--repeat`` times:

* replay: ``assert_faithful(answer, contexts)`` with ``--faith-record-mode=none`` (a cache miss
  fails the check without calling anyone, and the server is gone, so every verdict is replayed);
* replay-recordings: the same, replayed from a directory of JSON recordings
  (``--faith-recordings``) recorded the same way, instead of the diskcache;
* plain: the same parametrized functions with ``assert answer.strip() and all(contexts)``.

Both run with ``-p no:cacheprovider``, no xdist, and a timer conftest. Per-check overhead is
(median replay wall - median plain wall) / N, for each store. The size of both stores is
reported too (files, bytes, disk blocks). Start-up cost is the wall time of a one-test
session with the plugin against ``-p no:faithful``, interleaved, median of ``--startup-repeat``.

    python benchmarks/overhead.py                         # ~3 min on 2 cores
    python benchmarks/overhead.py --repeat 9 --profile    # and a cProfile of one replay run
"""

from __future__ import annotations

import argparse
import json
import os
import pstats
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from latency_server import LatencyServer

from report import load_average, provenance, write_report

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
PYTEST = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:hypothesispytest"]
PLUGIN = "faithful"  # the pytest11 entry-point name in pyproject.toml
MODEL = "bench-model"
UNUSED_JUDGE = f"openai:{MODEL}@http://127.0.0.1:9/v1"  # built by the run header, never called
TARGET_MS_PER_CHECK = 1.0
TARGET_STARTUP_MS = 150.0
RAGAS_MS_PER_SAMPLE = 10.0  # what RAGAS users report per cached sample; not measured here

# -- the generated suite ----------------------------------------------------------------------

PRODUCTS = ("kettle", "desk lamp", "rain jacket", "hiking boot", "blender", "office chair")
CITIES = ("Leeds", "Lyon", "Porto", "Gdansk", "Utrecht", "Turin", "Aarhus")
FACTS = (
    "The {product} ships within {small} business days to {city}.",
    "Returns of the {product} are accepted within {days} days of delivery.",
    "The {product} carries a warranty of {years} years.",
    "Support for the {product} answers email within {hours} hours.",
    "Express delivery of the {product} costs {price} euros.",
    "The {product} weighs {small} kilograms.",
    "Orders of the {product} over {price} euros ship free of charge.",
    "The {product} is assembled in {city}.",
    "Refunds for the {product} reach the card within {small} working days.",
    "The {product} battery lasts {hours} hours on a full charge.",
    "Spare parts for the {product} are stocked for {years} years.",
    "The {product} manual is available in {small} languages.",
)
FILLERS = (
    "Opening hours may change on public holidays.",
    "Gift cards cannot be exchanged for cash.",
    "Prices include VAT where it applies.",
)
PASSAGES_PER_CASE = 3


def make_case(index: int, sentences: int) -> tuple[str, list[str]]:
    """(answer, contexts) number ``index``: ``sentences`` facts, each stated by one passage.

    The model number makes every answer (so every cache key) different, as in a real suite.
    """
    values = {
        "product": f"{PRODUCTS[index % len(PRODUCTS)]} model {1000 + index}",
        "city": CITIES[index % len(CITIES)],
        "small": 2 + index % 7,
        "days": 14 + index % 30,
        "years": 1 + index % 5,
        "hours": 12 + index % 36,
        "price": 20 + index % 80,
    }
    facts = [FACTS[(index + j) % len(FACTS)].format(**values) for j in range(sentences)]
    passages = [[FILLERS[p % len(FILLERS)]] for p in range(PASSAGES_PER_CASE)]
    for j, fact in enumerate(facts):
        passages[j % PASSAGES_PER_CASE].insert(-1, fact)
    return " ".join(facts), [" ".join(p) for p in passages]


TIMER_CONFTEST = '''
"""Sums in-process times so the benchmark can split wall time into parts."""
import json
import os
import time

import pytest

TOTALS = {"collect_s": 0.0, "protocol_s": 0.0, "call_s": 0.0, "tests": 0}


@pytest.hookimpl(wrapper=True)
def pytest_collection(session):
    started = time.perf_counter()
    try:
        return (yield)
    finally:
        TOTALS["collect_s"] += time.perf_counter() - started


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    started = time.perf_counter()
    try:
        return (yield)
    finally:
        TOTALS["protocol_s"] += time.perf_counter() - started
        TOTALS["tests"] += 1


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    started = time.perf_counter()
    try:
        return (yield)
    finally:
        TOTALS["call_s"] += time.perf_counter() - started


def pytest_sessionfinish(session):
    target = os.environ.get("BENCH_TIMINGS")
    if target:
        with open(target, "w", encoding="utf-8") as out:
            json.dump(TOTALS, out)
'''

MODULE_HEAD = """
import json
import pathlib

import pytest

CASES = json.loads((pathlib.Path(__file__).parent / "cases.json").read_text())
"""
FAITHFUL_TEST = """
@pytest.mark.parametrize(("answer", "contexts"), CASES[{start}:{stop}])
def test_check_{number:03d}({fixture}, answer, contexts):
    {call}
"""
# The check each --metric times; the question is fixed (the fake judge calls every claim
# relevant and every passage useful, so every check passes).
QUESTION = "What are the shipping, returns, warranty and support terms?"
METRIC_CALLS = {
    "faithfulness": ("assert_faithful", "assert_faithful(answer, contexts)"),
    "relevancy": ("assert_relevant", f"assert_relevant(answer, {QUESTION!r})"),
    "precision": ("assert_retrieval", f"assert_retrieval(contexts, {QUESTION!r})"),
    "recall": ("assert_retrieval", "assert_retrieval(contexts, reference=answer)"),
    "reference": ("assert_reference", "assert_reference(answer, answer)"),
}
# Judge calls per check when recorded: relevancy extracts and judges the claims; precision
# judges the passages in one call; recall extracts and verifies the reference; reference
# checks call no judge.
METRIC_CALLS_PER_CHECK = {
    "faithfulness": 2,
    "relevancy": 2,
    "precision": 1,
    "recall": 2,
    "reference": 0,
}
PLAIN_TEST = """
@pytest.mark.parametrize(("answer", "contexts"), CASES[{start}:{stop}])
def test_check_{number:03d}(answer, contexts):
    assert answer.strip() and all(c.strip() for c in contexts)
"""


def write_suite(
    folder: Path,
    cases: Sequence[tuple[str, list[str]]],
    *,
    per_function: int,
    faithful: bool,
    metric: str = "faithfulness",
) -> Path:
    """A self-contained suite (own pytest.ini, so the repository's settings play no part)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pytest.ini").write_text("[pytest]\n")
    (folder / "conftest.py").write_text(TIMER_CONFTEST)
    (folder / "cases.json").write_text(json.dumps(list(cases)))
    template = FAITHFUL_TEST if faithful else PLAIN_TEST
    fixture, call = METRIC_CALLS[metric]
    functions = [
        template.format(
            start=start, stop=start + per_function, number=number, fixture=fixture, call=call
        )
        for number, start in enumerate(range(0, len(cases), per_function))
    ]
    (folder / "test_suite.py").write_text(MODULE_HEAD + "".join(functions))
    return folder


# -- running pytest ---------------------------------------------------------------------------


def clean_env(*, api_key: bool) -> dict[str, str]:
    """The environment minus anything that would change which judge runs or what pytest does.

    ``api_key``: a dummy OPENAI_API_KEY (the fake server ignores it). Left out of the start-up
    runs, where a set key would make ``openai`` the default judge instead of ``lexical``.
    """
    dropped = ("ANTHROPIC_", "OPENAI_", "PYTEST_", "GITHUB_")
    env = {k: v for k, v in os.environ.items() if not k.startswith(dropped)}
    # The warm-up round must be able to leave bytecode behind, as on any developer machine or
    # CI runner after its first run. With PYTHONDONTWRITEBYTECODE set (some sandboxes set it)
    # and no bytecode yet, every timed replay compiled again, through pytest's assertion
    # rewriter (an entry-point plugin's modules are rewritten), the modules a check imports on
    # first use, and the per-check figure charged that one-off cost to the checks.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if api_key:
        env["OPENAI_API_KEY"] = "bench-dummy-key"
    return env


@dataclass
class Run:
    wall_s: float
    cpu_s: float  # user + sys of pytest and its children: what the run cost in CPU
    timings: dict[str, float]


def children_cpu_s() -> float:
    """CPU seconds used so far by waited-for child processes (and theirs, e.g. xdist workers).

    On a shared machine wall time includes waiting for a core; CPU time mostly does not, so
    the two together show how much of a slowdown was contention.
    """
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_pytest(folder: Path, args: Sequence[str], *, env: dict[str, str]) -> Run:
    """Run pytest in ``folder``; stop the benchmark if any test did not pass."""
    timings_file = folder / "timings.json"
    timings_file.unlink(missing_ok=True)
    cpu_before = children_cpu_s()
    started = time.perf_counter()
    done = subprocess.run(
        [*PYTEST, *args],
        cwd=folder,
        env={**env, "BENCH_TIMINGS": str(timings_file)},
        capture_output=True,
        text=True,
        check=False,
    )
    wall = time.perf_counter() - started
    cpu = children_cpu_s() - cpu_before
    if done.returncode != 0:
        tail = done.stdout[-3000:] + done.stderr[-2000:]
        sys.exit(f"pytest {shlex.join(args)} in {folder} exited {done.returncode}:\n{tail}")
    timings = json.loads(timings_file.read_text()) if timings_file.exists() else {}
    return Run(wall, cpu, timings)


@dataclass
class Series:
    """Repeated runs of one configuration."""

    runs: list[Run] = field(default_factory=list)

    def median(self, key: str = "wall_s") -> float:
        if key in ("wall_s", "cpu_s"):
            return statistics.median(getattr(r, key) for r in self.runs)
        return statistics.median(r.timings[key] for r in self.runs)

    def walls(self) -> list[float]:
        return [round(r.wall_s, 4) for r in self.runs]


def interleaved(
    configs: dict[str, tuple[Path, list[str]]], repeat: int, env: dict[str, str]
) -> dict[str, Series]:
    """Each round runs every configuration once; the order turns round by round, so a slow
    spell on this shared machine hits every configuration alike instead of one of them."""
    series = {name: Series() for name in configs}
    names = list(configs)
    for round_number in range(repeat):
        shift = round_number % len(names)
        for name in names[shift:] + names[:shift]:
            folder, args = configs[name]
            series[name].runs.append(run_pytest(folder, args, env=env))
        print(f"  round {round_number + 1}/{repeat} done", file=sys.stderr, flush=True)
    return series


# -- the measurements -------------------------------------------------------------------------


def record(
    suite: Path, store: str, checks: int, env: dict[str, str], per_check: int = 2
) -> tuple[str, int]:
    """Record every judge call of the suite once into ``store`` (the option naming it); return
    the judge spec and the call count."""
    with LatencyServer(latency_s=0.0) as server:
        judge = f"openai:{MODEL}@{server.base_url}"
        args = [f"--faith-judge={judge}", store, "--faith-record-mode=once"]
        run_pytest(suite, args, env=env)
        calls = server.calls
    # Faithfulness: two calls per check (extraction, then one verification batch of three
    # claims <= batch 8); the metrics: METRIC_CALLS_PER_CHECK.
    if calls != per_check * checks:
        sys.exit(f"recording made {calls} judge calls; expected {per_check * checks}")
    return judge, calls


def measure_checks(args: argparse.Namespace, scratch: Path, env: dict[str, str]) -> dict[str, Any]:
    cases = [make_case(i, sentences=3) for i in range(args.checks)]
    faithful = write_suite(
        scratch / "faithful", cases, per_function=10, faithful=True, metric=args.metric
    )
    plain = write_suite(scratch / "plain", cases, per_function=10, faithful=False)
    cache, recordings = scratch / "cache", scratch / "recordings"
    per_check = METRIC_CALLS_PER_CHECK[args.metric]
    judge, calls = record(faithful, f"--faith-cache-dir={cache}", args.checks, env, per_check)
    # The server's URL is not in the request key, so the judge spec of this second recording
    # (another port) replays the same keys.
    record(faithful, f"--faith-recordings={recordings}", args.checks, env, per_check)
    # The plain suite and the diskcache replay get the same options, so both sessions start
    # alike (the run header builds the judge and opens the cache in each) and the difference
    # is what the checks cost. The recordings replay differs only in the store.
    options = [f"--faith-judge={judge}", f"--faith-cache-dir={cache}", "--faith-record-mode=none"]
    from_recordings = [*options, f"--faith-recordings={recordings}"]
    configs = {
        "plain": (plain, options),
        "replay": (faithful, options),
        "replay-recordings": (faithful, from_recordings),
    }
    interleaved(configs, 1, env)  # warm-up: bytecode and the OS page cache, not timed
    series = interleaved(configs, args.repeat, env)
    profile = profile_replay(faithful, options, scratch, env) if args.profile else None
    sizes = {"diskcache": store_size(cache), "recordings": store_size(recordings)}
    return {
        "judge": judge,
        "recorded_calls": calls,
        "series": series,
        "profile": profile,
        "sizes": sizes,
    }


def store_size(directory: Path) -> dict[str, int]:
    """Files, their bytes, and the disk they take (allocated blocks), of a store's directory."""
    files = [p for p in directory.rglob("*") if p.is_file()]
    sizes = sorted(p.stat().st_size for p in files)
    return {
        "files": len(files),
        "bytes": sum(sizes),
        "disk_bytes": sum(p.stat().st_blocks * 512 for p in files),
        "median_file_bytes": sizes[len(sizes) // 2] if sizes else 0,
        "largest_file_bytes": sizes[-1] if sizes else 0,
    }


def measure_startup(
    args: argparse.Namespace, scratch: Path, env: dict[str, str]
) -> dict[str, Series]:
    folder = scratch / "startup"
    folder.mkdir()
    (folder / "pytest.ini").write_text("[pytest]\n")
    (folder / "test_one.py").write_text("def test_one():\n    assert True\n")
    configs = {
        "without plugin": (folder, ["-p", f"no:{PLUGIN}"]),
        "with plugin": (folder, []),
        # The run header builds the configured judge, so an openai judge also imports the SDK.
        "with plugin + openai judge": (folder, [f"--faith-judge={UNUSED_JUDGE}"]),
    }
    interleaved(configs, 1, env)  # warm-up
    return interleaved(configs, args.startup_repeat, env)


def profile_replay(suite: Path, replay_args: list[str], scratch: Path, env: dict[str, str]) -> str:
    """cProfile one replay run; the plugin's functions by cumulative time, as text."""
    stats_file = Path(os.environ.get("FAITH_PSTATS", scratch / "replay.pstats"))
    command = [sys.executable, "-m", "cProfile", "-o", str(stats_file), *PYTEST[1:], *replay_args]
    subprocess.run(command, cwd=suite, env=env, capture_output=True, check=True)
    report = Path(scratch / "profile.txt")
    with report.open("w") as out:
        stats = pstats.Stats(str(stats_file), stream=out)
        stats.sort_stats("cumulative").print_stats(
            r"pytest_faithful|diskcache|sqlite3|pydantic", 30
        )
        # Own time over everything the run called: where the milliseconds actually go.
        stats.sort_stats("tottime").print_stats(40)
    return report.read_text()


# -- the report -------------------------------------------------------------------------------


def check_numbers(
    series: dict[str, Series], checks: int, replayed: str = "replay"
) -> dict[str, float]:
    replay, plain = series[replayed], series["plain"]

    def per_check_ms(key: str) -> float:
        return (replay.median(key) - plain.median(key)) / checks * 1000

    # Each round runs every configuration once, so the rounds pair up: the median of the
    # rounds' own differences follows a machine whose speed drifts between rounds, which the
    # difference of the two medians does not.
    paired = statistics.median(
        r.wall_s - p.wall_s for r, p in zip(replay.runs, plain.runs, strict=True)
    )
    return {
        "replay_wall_s": replay.median(),
        "plain_wall_s": plain.median(),
        "overhead_wall_ms_per_check": per_check_ms("wall_s"),
        "overhead_wall_ms_per_check_paired": paired / checks * 1000,
        "replay_cpu_s": replay.median("cpu_s"),
        "plain_cpu_s": plain.median("cpu_s"),
        "overhead_cpu_ms_per_check": per_check_ms("cpu_s"),
        "overhead_protocol_ms_per_check": per_check_ms("protocol_s"),
        "overhead_call_ms_per_check": per_check_ms("call_s"),
        **{
            f"{name}_{key}": suite.median(key)
            for name, suite in (("plain", plain), ("replay", replay))
            for key in ("collect_s", "protocol_s", "call_s")
        },
    }


def startup_numbers(series: dict[str, Series]) -> dict[str, float]:
    base, plugin = series["without plugin"], series["with plugin"]
    judge = series["with plugin + openai judge"]
    return {
        "without_plugin_s": base.median(),
        "with_plugin_s": plugin.median(),
        "added_ms": (plugin.median() - base.median()) * 1000,
        "added_cpu_ms": (plugin.median("cpu_s") - base.median("cpu_s")) * 1000,
        "with_openai_judge_s": judge.median(),
        "added_with_openai_judge_ms": (judge.median() - base.median()) * 1000,
        "added_cpu_with_openai_judge_ms": (judge.median("cpu_s") - base.median("cpu_s")) * 1000,
    }


def verdict(value: float, target: float) -> str:
    return "PASS" if value <= target else "FAIL"


def markdown_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = [header, ["---"] * len(header), *rows]
    return "\n".join("| " + " | ".join(line) + " |" for line in lines)


def stores_table(checks: int, disk: dict[str, float], files: dict[str, float]) -> str:
    rows = [
        [
            name,
            f"{n['replay_wall_s']:.2f} s",
            f"**{n['overhead_wall_ms_per_check']:.2f} ms**",
            f"{n['overhead_cpu_ms_per_check']:.2f} ms",
            f"{n['overhead_call_ms_per_check']:.2f} ms",
        ]
        for name, n in (("diskcache (default)", disk), ("directory (--faith-recordings)", files))
    ]
    header = ["store", "replay wall", "per check, wall", "per check, CPU", "per check, call"]
    return f"{checks} checks replayed from each store, medians\n\n" + markdown_table(header, rows)


def sizes_table(sizes: dict[str, dict[str, int]]) -> str:
    rows = [
        [
            name,
            f"{s['files']:,}",
            f"{s['bytes'] / 1024:,.0f} KiB",
            f"{s['disk_bytes'] / 1024:,.0f} KiB",
            f"{s['median_file_bytes']:,} B",
        ]
        for name, s in sizes.items()
    ]
    header = ["store", "files", "bytes", "on disk (blocks)", "median file"]
    return markdown_table(header, rows)


def checks_table(checks: int, n: dict[str, float]) -> str:
    wall = n["overhead_wall_ms_per_check"]
    target = f"<= {TARGET_MS_PER_CHECK:g} ms: {verdict(wall, TARGET_MS_PER_CHECK)}"
    rows = [
        [
            "pytest wall time, process start to exit",
            f"{n['plain_wall_s']:.2f} s",
            f"{n['replay_wall_s']:.2f} s",
            f"**{wall:.2f} ms**",
            target,
        ],
        [
            "the same, paired: the median of each round's own difference",
            "",
            "",
            f"{n['overhead_wall_ms_per_check_paired']:.2f} ms",
            "",
        ],
        [
            "CPU time (user + sys) of the pytest process",
            f"{n['plain_cpu_s']:.2f} s",
            f"{n['replay_cpu_s']:.2f} s",
            f"{n['overhead_cpu_ms_per_check']:.2f} ms",
            "",
        ],
        [
            "in-process: test protocol (setup, call, teardown, reporting hooks)",
            f"{n['plain_protocol_s']:.2f} s",
            f"{n['replay_protocol_s']:.2f} s",
            f"{n['overhead_protocol_ms_per_check']:.2f} ms",
            "",
        ],
        [
            "in-process: test call only (the assert_faithful call)",
            f"{n['plain_call_s']:.2f} s",
            f"{n['replay_call_s']:.2f} s",
            f"{n['overhead_call_ms_per_check']:.2f} ms",
            "",
        ],
        ["collection", f"{n['plain_collect_s']:.2f} s", f"{n['replay_collect_s']:.2f} s", "", ""],
        [
            f"reference only, not measured: RAGAS users report ~{RAGAS_MS_PER_SAMPLE:g} ms "
            "per cached sample",
            "",
            "",
            f"~{RAGAS_MS_PER_SAMPLE:g} ms",
            "",
        ],
    ]
    header = ["measure", "plain assert", "replayed assert_faithful", "per check", "target"]
    return f"{checks} checks, medians\n\n" + markdown_table(header, rows)


def startup_table(s: dict[str, float]) -> str:
    added = s["added_ms"]
    rows = [
        [f"-p no:{PLUGIN}", f"{s['without_plugin_s']:.3f} s", "", "", ""],
        [
            "plugin loaded (no judge configured: lexical)",
            f"{s['with_plugin_s']:.3f} s",
            f"**{added:.0f} ms**",
            f"{s['added_cpu_ms']:.0f} ms",
            f"<= {TARGET_STARTUP_MS:g} ms: {verdict(added, TARGET_STARTUP_MS)}",
        ],
        [
            "plugin + --faith-judge=openai:... (the run header builds the judge)",
            f"{s['with_openai_judge_s']:.3f} s",
            f"{s['added_with_openai_judge_ms']:.0f} ms",
            f"{s['added_cpu_with_openai_judge_ms']:.0f} ms",
            "",
        ],
    ]
    header = ["one-test session", "wall (median)", "added wall", "added CPU", "target"]
    return markdown_table(header, rows)


def machine(load_at_start: list[float] | None) -> dict[str, Any]:
    """The load average at the start and at the end of a timed run.

    A run takes minutes on a shared machine, so the load when it began matters as much as the
    load at the end; the rest of the machine is in the report's shared fields (``report.py``).
    """
    return {"load_average_at_start": load_at_start, "load_average_at_end": load_average()}


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checks", type=int, default=1000, help="suite size (multiple of 10)")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs of each suite")
    parser.add_argument("--startup-repeat", type=int, default=15, help="timed start-ups of each")
    parser.add_argument("--profile", action="store_true", help="cProfile one replay run too")
    parser.add_argument(
        "--metric",
        choices=tuple(METRIC_CALLS),
        default="faithfulness",
        help="the check timed: assert_faithful, or a metric fixture. Default: %(default)s",
    )
    parser.add_argument("--no-startup", action="store_true", help="skip the start-up measurement")
    parser.add_argument("--output", type=Path, default=RESULTS / "overhead.json")
    args = parser.parse_args(argv)
    if args.checks < 10 or args.checks % 10:
        parser.error("--checks must be a positive multiple of 10")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    load_at_start = load_average()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="faith-overhead-") as folder:
        scratch = Path(folder)
        measured = measure_checks(args, scratch, clean_env(api_key=True))
        startup_series = (
            {} if args.no_startup else measure_startup(args, scratch, clean_env(api_key=False))
        )
    numbers = check_numbers(measured["series"], args.checks)
    recordings = check_numbers(measured["series"], args.checks, "replay-recordings")
    startup = startup_numbers(startup_series) if startup_series else {"added_ms": 0.0}
    print(f"\n### Per check ({args.metric})\n\n{checks_table(args.checks, numbers)}")
    print(f"\n### Per check, by store\n\n{stores_table(args.checks, numbers, recordings)}")
    print(f"\n### Store sizes\n\n{sizes_table(measured['sizes'])}")
    if startup_series:
        print(f"\n### Start-up\n\n{startup_table(startup)}")
    if measured["profile"]:
        print("\n### cProfile of one replay run (plugin, cache, pydantic; cumulative)\n")
        print(measured["profile"])
    report = {
        **provenance(__file__, argv),
        "checks": args.checks,
        "metric": args.metric,
        "repeat": args.repeat,
        "startup_repeat": args.startup_repeat,
        "judge": measured["judge"],
        "recorded_calls": measured["recorded_calls"],
        "per_check": {k: round(v, 4) for k, v in numbers.items()},
        "per_check_recordings": {k: round(v, 4) for k, v in recordings.items()},
        "store_sizes": measured["sizes"],
        "startup": {k: round(v, 4) for k, v in startup.items()},
        "targets": {
            "ms_per_replayed_check": TARGET_MS_PER_CHECK,
            "added_startup_ms": TARGET_STARTUP_MS,
            "per_check_pass": numbers["overhead_wall_ms_per_check"] <= TARGET_MS_PER_CHECK,
            "startup_pass": startup["added_ms"] <= TARGET_STARTUP_MS if startup_series else None,
        },
        "reference_not_measured": {"ragas_ms_per_cached_sample": RAGAS_MS_PER_SAMPLE},
        "raw_wall_s": {
            **{name: s.walls() for name, s in measured["series"].items()},
            **{f"startup {name}": s.walls() for name, s in startup_series.items()},
        },
        "benchmark_seconds": round(time.perf_counter() - started, 1),
        "machine": machine(load_at_start),
    }
    print()
    write_report(args.output, report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
