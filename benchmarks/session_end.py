"""The end of a session at scale: what pytest-faithful's reports cost against what pytest's own
summary costs, for a replayed suite of N checks of which one in ten fails.

Generates (in a temporary directory) N ``assert_faithful`` checks (``overhead.py``'s cases, 100
checks per module; every tenth answer adds a sentence no passage states, so its check fails),
records their judge calls once into ``--faith-recordings`` against a loopback fake
OpenAI-compatible server (``latency_server.py``), and replays them with
``--faith-record-mode=none``, the JSON, HTML, Markdown and terminal reports, ``--junitxml`` and
``GITHUB_STEP_SUMMARY`` set. A conftest times ``pytest_sessionfinish`` (which runs pytest's
terminal summary too) and ``pytest_terminal_summary``, and cProfiles the session's end, so the
plugin's share (``session.py``'s hooks) and pytest's own (``_get_teardown_reports``) show apart.

    python benchmarks/session_end.py --checks 2000 6000      # ~6 min on 2 cores

At c74bd5d (2 loaded cores, cProfile on): the plugin's ``pytest_sessionfinish`` 4.9 s at 2,000
checks and 15.1 s at 6,000 (linear); pytest's ``_get_teardown_reports`` 0.6 s and 9.3 s
(quadratic: for each failed test it scans every passed setup and teardown report of the run).
"""

from __future__ import annotations

import argparse
import json
import pstats
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from latency_server import LatencyServer
from overhead import FAITHFUL_TEST, MODEL, MODULE_HEAD, clean_env, make_case

PYTEST = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:randomly"]
PER_MODULE = 100  # checks per test module: pytest reads a failed test's whole module
WATCHED = {  # (file ending, function) -> the name shown
    ("pytest_faithful/plugin/session.py", "pytest_sessionfinish"): "plugin sessionfinish",
    ("pytest_faithful/plugin/session.py", "pytest_terminal_summary"): "plugin terminal summary",
    ("_pytest/terminal.py", "pytest_terminal_summary"): "pytest terminal summary",
    ("_pytest/terminal.py", "_get_teardown_reports"): "pytest _get_teardown_reports",
    ("_pytest/junitxml.py", "pytest_sessionfinish"): "pytest junitxml sessionfinish",
}
END_CONFTEST = """
import cProfile
import json
import os
import time

import pytest

_END = {}


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_sessionfinish(session):
    started = time.perf_counter()
    profile = cProfile.Profile()
    profile.enable()
    try:
        return (yield)
    finally:
        profile.disable()
        _END["sessionfinish_s"] = time.perf_counter() - started
        profile.dump_stats(os.environ["END_PSTATS"])
        with open(os.environ["END_TIMINGS"], "w", encoding="utf-8") as out:
            json.dump(_END, out)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_terminal_summary(terminalreporter):
    started = time.perf_counter()
    try:
        return (yield)
    finally:
        _END["terminal_summary_s"] = time.perf_counter() - started
"""


def write_suite(folder: Path, checks: int) -> None:
    cases = []
    for index in range(checks):
        answer, contexts = make_case(index, sentences=3)
        if index % 10 == 7:
            answer += " The warranty also covers accidental damage worldwide."
        cases.append((answer, contexts))
    folder.mkdir(parents=True)
    (folder / "pytest.ini").write_text("[pytest]\n")
    (folder / "conftest.py").write_text(END_CONFTEST)
    (folder / "cases.json").write_text(json.dumps(cases))
    for module, first in enumerate(range(0, checks, PER_MODULE)):
        functions = [
            FAITHFUL_TEST.format(
                start=start,
                stop=min(start + 10, checks),
                number=start // 10,
                fixture="assert_faithful",
                call="assert_faithful(answer, contexts)",
            )
            for start in range(first, min(first + PER_MODULE, checks), 10)
        ]
        (folder / f"test_m{module:03d}.py").write_text(MODULE_HEAD + "".join(functions))


def measure(checks: int, scratch: Path) -> dict[str, float]:
    suite, recordings, out = scratch / "suite", scratch / "recordings", scratch / "out"
    write_suite(suite, checks)
    out.mkdir()
    env = clean_env(api_key=True)
    with LatencyServer(latency_s=0.0) as server:
        judge = f"openai:{MODEL}@{server.base_url}"
        args = [f"--faith-judge={judge}", f"--faith-recordings={recordings}", "-q"]
        env_record = {**env, "END_PSTATS": str(out / "record.pstats")}
        env_record["END_TIMINGS"] = str(out / "record.json")
        subprocess.run(
            [*PYTEST, *args, "--faith-record-mode=once"],
            cwd=suite,
            env=env_record,
            capture_output=True,
            check=False,
        )
    reports = [f"--faith-report={out}/report.{ext}" for ext in ("json", "html", "md")]
    replay = [
        *args,
        "--faith-record-mode=none",
        *reports,
        "--faith-report=terminal",
        f"--junitxml={out}/junit.xml",
    ]
    env_replay = {
        **env,
        "GITHUB_STEP_SUMMARY": str(out / "summary.md"),
        "END_PSTATS": str(out / "end.pstats"),
        "END_TIMINGS": str(out / "end.json"),
    }
    started = time.perf_counter()
    done = subprocess.run(
        [*PYTEST, *replay], cwd=suite, env=env_replay, capture_output=True, text=True, check=False
    )
    wall = time.perf_counter() - started
    print(done.stdout.splitlines()[-1] if done.stdout else done.stderr[-2000:], flush=True)
    found: dict[str, float] = {"replay_wall_s": wall}
    found.update(json.loads((out / "end.json").read_text()))
    stats = pstats.Stats(str(out / "end.pstats")).stats  # type: ignore[attr-defined]
    for (path, _, function), (_, _, _, cumulative, _) in stats.items():
        for (ending, name), shown in WATCHED.items():
            if path.endswith(ending) and function == name:
                found[shown] = found.get(shown, 0.0) + cumulative
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--checks", type=int, nargs="+", default=[2000, 6000])
    args = parser.parse_args(argv)
    results = {}
    for checks in args.checks:
        with tempfile.TemporaryDirectory(prefix="faith-end-") as scratch:
            results[checks] = measure(checks, Path(scratch))
    names = sorted({name for found in results.values() for name in found})
    print(f"{'seconds':32}" + "".join(f"{n:>10,}" for n in results))
    for name in names:
        print(f"{name:32}" + "".join(f"{results[n].get(name, 0.0):10.2f}" for n in results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
