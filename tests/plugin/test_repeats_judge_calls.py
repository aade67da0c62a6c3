"""Repeated checks and the judge calls they make: runs that give the same answer pay once,
recordings name the test (not a run), and --faith-estimate counts what the real run makes.
Through the real OpenAI client and the loopback server."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

# Loaded here so the in-process pytester runs find the SDK loaded (see test_provider_plugin).
import openai  # noqa: F401
import pytest

from fake_llm_server import FakeLLMServer

SUITE = """
import pytest

CONTEXT = ["Returns are accepted within 30 days of delivery.", "Shipping costs $15."]

@pytest.mark.faithfulness(repeat={runs})
def test_same(assert_faithful):
    assert_faithful("Returns are accepted within 30 days. Shipping costs $15.", CONTEXT)
"""


@pytest.fixture
def server() -> Iterator[FakeLLMServer]:
    fake = FakeLLMServer()
    yield fake
    fake.close()


@pytest.fixture
def project(
    pytester: pytest.Pytester, server: FakeLLMServer, monkeypatch: pytest.MonkeyPatch
) -> pytest.Pytester:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-repeats-0123456789abcdef")
    pytester.makeini(
        f"[pytest]\nfaith_judge = openai:gpt-4o-mini@{server.url}/v1\nfaith_max_retries = 0\n"
        "faith_recordings = recordings\naddopts = -p no:hypothesispytest\n"
    )
    pytester.makepyfile(test_calls=SUITE.format(runs=3))
    return pytester


def _checks(pytester: pytest.Pytester) -> list[dict[str, Any]]:
    document = json.loads(Path(pytester.path, "out.json").read_text(encoding="utf-8"))
    checks: list[dict[str, Any]] = document["checks"]
    return checks


def _recordings(pytester: pytest.Pytester) -> dict[str, str]:
    return {
        path.name: path.read_text(encoding="utf-8")
        for path in sorted(Path(pytester.path, "recordings").rglob("*.json"))
    }


def test_runs_with_the_same_answer_pay_once(
    project: pytest.Pytester, server: FakeLLMServer
) -> None:
    project.runpytest("--faith-report=out.json").assert_outcomes(passed=3)
    # One extraction and one verification, for three runs: the claims of an answer are
    # extracted once a run (the claim memo), its verification replays from the recordings.
    assert server.count == 2
    costs = [(c["test_id"], c["cost"]["calls"], c["cost"]["replayed"]) for c in _checks(project)]
    assert costs == [
        ("test_calls.py::test_same[run1of3]", 2, 0),
        ("test_calls.py::test_same[run2of3]", 0, 1),
        ("test_calls.py::test_same[run3of3]", 0, 1),
    ]
    recorded = _recordings(project)
    assert len(recorded) == 2
    for text in recorded.values():
        # The recording names the test, not the run that happened to make it.
        assert json.loads(text)["test"] == "test_calls.py::test_same"
    # Another number of runs replays all: nothing is called.
    project.makepyfile(test_calls=SUITE.format(runs=5))
    project.runpytest("--faith-record-mode=none").assert_outcomes(passed=5)
    assert server.count == 2
    # Recorded again by five runs (under other node ids): not a byte changes.
    project.runpytest("--faith-record-mode=all").assert_outcomes(passed=5)
    assert server.count > 2
    assert _recordings(project) == recorded


def test_the_estimate_counts_what_the_real_run_makes(
    project: pytest.Pytester, server: FakeLLMServer
) -> None:
    estimate = project.runpytest("--faith-report=out.json", "--faith-estimate")
    estimate.assert_outcomes(skipped=3)
    assert server.count == 0
    estimate.stdout.fnmatch_lines(
        [
            "  judge calls: 2 replayed from the cache (free); 2 would go to a provider: 1 named "
            "exactly, 1 following a live call (their requests estimated too)",
            "  EST test_calls.py::test_same: 0/3 runs judged (3 estimated); estimated, no verdict",
        ]
    )
    assert [c["status"] for c in _checks(project)] == ["estimated"] * 3
    real = project.runpytest("--faith-report=out.json")
    real.assert_outcomes(passed=3)
    spent = [c["cost"] for c in _checks(project)]
    assert (sum(s["calls"] for s in spent), sum(s["replayed"] for s in spent)) == (2, 2)
    assert server.count == 2


def test_runs_on_two_workers_give_the_serial_pass_rate(
    project: pytest.Pytester, server: FakeLLMServer
) -> None:
    pytest.importorskip("xdist")
    result = project.runpytest("-n", "2", "--faith-report=out.json")
    result.assert_outcomes(passed=3)
    result.stdout.fnmatch_lines(
        ["  PASS test_calls.py::test_same: 3/3 runs passed: 100% (95% CI 43.9%-100%) *"]
    )
    # Each worker extracts the answer's claims once; a verification one worker recorded,
    # the other replays, unless both asked at the same moment.
    assert 2 <= server.count <= 4
