"""How much a team commits: the examples suite's judge calls in each store, and what git keeps.

Runs ``pytest examples`` once with an ``openai:`` judge against ``latency_server.py`` (no
latency) recording into a recordings directory (``--faith-recordings``), and once into a
diskcache (``--faith-cache-dir``), then reports for each: files, bytes, disk blocks, and the
size git stores after ``git add`` + ``git gc`` (compressed objects). The examples pin the
``lexical`` judge in their ini file; ``--faith-judge`` overrides it here, and some of the
planted-hallucination tests may then not fail as the lexical judge makes them: the exit status
is ignored, only the recordings matter.

    python benchmarks/recordings_size.py        # ~10 s
"""

from __future__ import annotations

import argparse
import os
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from latency_server import LatencyServer
from overhead import PYTEST, clean_env, machine, markdown_table, store_size

from report import load_average, provenance, write_report

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"


def run_examples(store_option: str, env: dict[str, str]) -> int:
    with LatencyServer(latency_s=0.0) as server:
        judge = f"--faith-judge=openai:bench-model@{server.base_url}"
        subprocess.run(
            [*PYTEST, "examples", judge, store_option, "--faith-record-mode=once", "-q"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            check=False,
        )
        return server.calls


def git_size(directory: Path) -> dict[str, int]:
    """The repository size of ``directory`` committed alone: packed, compressed objects."""
    env = {
        **os.environ,
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_AUTHOR_NAME": "bench",
        "GIT_AUTHOR_EMAIL": "bench@example.invalid",
        "GIT_COMMITTER_NAME": "bench",
        "GIT_COMMITTER_EMAIL": "bench@example.invalid",
    }

    def git(*args: str) -> str:
        return subprocess.run(
            ["git", *args], cwd=directory, env=env, capture_output=True, text=True, check=True
        ).stdout

    git("init", "-q")
    git("add", "-A")
    git("commit", "-q", "-m", "recordings")
    git("gc", "-q", "--aggressive")
    counted = dict(
        line.split(": ", 1) for line in git("count-objects", "-v").splitlines() if ": " in line
    )
    return {
        "git_objects": int(counted["in-pack"]),
        "git_pack_bytes": int(counted["size-pack"]) * 1024,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=RESULTS / "recordings-size.json")
    args = parser.parse_args(argv)
    load_at_start = load_average()
    env = clean_env(api_key=True)
    sizes: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="faith-recordings-size-") as folder:
        scratch = Path(folder)
        for name, option in (
            ("recordings", f"--faith-recordings={scratch / 'recordings'}"),
            ("diskcache", f"--faith-cache-dir={scratch / 'diskcache'}"),
        ):
            calls = run_examples(option, env)
            sizes[name] = {"judge_calls": calls, **store_size(scratch / name)}
            sizes[name].update(git_size(scratch / name))
    rows = [
        [
            name,
            str(s["judge_calls"]),
            f"{s['files']:,}",
            f"{s['bytes'] / 1024:,.1f} KiB",
            f"{s['disk_bytes'] / 1024:,.0f} KiB",
            f"{s['median_file_bytes']:,} B",
            f"{s['largest_file_bytes']:,} B",
            f"{s['git_pack_bytes'] / 1024:,.0f} KiB",
        ]
        for name, s in sizes.items()
    ]
    header = [
        "store",
        "judge calls",
        "files",
        "bytes",
        "on disk",
        "median file",
        "largest",
        "git pack",
    ]
    print(markdown_table(header, rows))
    report = {
        **provenance(__file__, argv),
        "sizes": sizes,
        "machine": machine(load_at_start),
    }
    print()
    write_report(args.output, report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
