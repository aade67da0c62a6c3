"""The README's CI recipe: its workflow is valid YAML, and its record step does what it says.

GitHub Actions runs a ``run:`` script as ``bash --noprofile --norc -eo pipefail``; the record
step runs here that way, with ``pytest`` and ``git`` stand-ins that log their arguments.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from test_readme import BLOCKS


def _workflow() -> dict[Any, Any]:
    (block,) = [b for b in BLOCKS if b.lang == "yaml"]
    workflow = yaml.safe_load(block.text)
    assert isinstance(workflow, dict)
    return workflow


def _step(name: str) -> dict[str, Any]:
    steps = _workflow()["jobs"]["faithfulness"]["steps"]
    (step,) = [s for s in steps if name in s.get("name", "")]
    assert isinstance(step, dict)
    return step


def test_the_workflow_replays_pull_requests_and_records_pushes() -> None:
    workflow = _workflow()
    assert workflow[True] == ["push", "pull_request"]  # YAML 1.1 reads the key `on` as True
    replay, record = _step("replay"), _step("record")
    assert replay["if"] == "github.event_name == 'pull_request'"
    assert "--faith-record-mode=none" in replay["run"]
    assert "env" not in replay
    assert record["if"] == "github.event_name == 'push'"
    assert "--faith-record-mode=once" in record["run"]


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash, as Actions runs it")
@pytest.mark.parametrize("checks_status", [0, 1])
def test_the_record_step_commits_what_it_recorded_even_when_a_check_fails(
    tmp_path: Path, checks_status: int
) -> None:
    # It stopped at a failing pytest (bash -e), so a push whose check failed committed none of
    # its recordings, and the pull request's replay reported missing recordings instead.
    bin_dir, log = tmp_path / "bin", tmp_path / "log"
    bin_dir.mkdir()
    for tool, status in (("pytest", checks_status), ("git", 0)):
        stub = bin_dir / tool
        stub.write_text(f'#!/bin/sh\necho "{tool} $*" >> "{log}"\nexit {status}\n')
        stub.chmod(0o755)
    script = tmp_path / "step.sh"
    script.write_text(_step("record")["run"])
    done = subprocess.run(
        ["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
        env={"PATH": f"{bin_dir}:/usr/bin:/bin"},
        cwd=tmp_path,
        capture_output=True,
        check=False,
    )
    assert done.returncode == checks_status, done.stderr
    calls = [line.split()[:2] for line in log.read_text().splitlines()]
    assert calls[0] == ["pytest", "tests"]
    assert ["git", "add"] in calls
    assert calls[-1] == ["git", "push"]
