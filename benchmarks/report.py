"""What every benchmark report records about its run, and how it is written.

The project's standard asks each benchmark result to say how it was made (the command), of
which code (the commit) and how busy the machine was (the load average): a number without
them cannot be reproduced or compared. Every script in ``benchmarks/`` builds its report as
``{**provenance(__file__, argv), ...its numbers...}`` and saves it with ``write_report``, so
the fields have the same names and meaning in every result file.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import platform
import shlex
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
# Results are rewritten by the runs themselves (accuracy.py appends its records there before
# the report is written), so changes there must not mark the code measured as dirty.
_NOT_CODE = ":!benchmarks/results"


def provenance(script: str, argv: Sequence[str] | None = None) -> dict[str, Any]:
    """The fields every report carries: command, commit, load, CPUs, Python, platform, time.

    ``script`` is the calling script's ``__file__``; ``argv`` its arguments as ``main`` got
    them (None: this process's). The command is spelt as run from the repository root, so it
    can be pasted there whatever directory the benchmark was started from.
    """
    args = sys.argv[1:] if argv is None else list(argv)
    return {
        "command": "python " + shlex.join([f"benchmarks/{Path(script).name}", *args]),
        "commit": commit(),
        "load_average": load_average(),
        "cpu_count": os.cpu_count(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "timestamp": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
    }


def commit() -> str | None:
    """The short commit of the repository, ``-dirty`` if tracked code differs from it.

    None when git is missing or this is no checkout: a report without its commit is still
    worth writing after a long run, so this never raises.
    """
    try:
        head = _git("rev-parse", "--short", "HEAD")
        changed = _git("status", "--porcelain", "--untracked-files=no", "--", ".", _NOT_CODE)
    except (OSError, subprocess.SubprocessError):
        return None
    if head is None or changed is None:
        return None
    return head + ("-dirty" if changed else "")


def _git(*args: str) -> str | None:
    run = subprocess.run(
        ["git", *args], cwd=REPO, capture_output=True, text=True, check=False, timeout=30
    )
    return run.stdout.strip() if run.returncode == 0 else None


def load_average() -> list[float] | None:
    """1-, 5- and 15-minute load averages: how busy the (shared) machine was.

    None where the platform has none (Windows), rather than failing the run.
    """
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


def write_report(path: Path, report: dict[str, Any]) -> None:
    """Write ``report`` as indented JSON (diffable, read by people) and say where."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {path}")
