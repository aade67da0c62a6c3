"""A crashed pytest-xdist worker never takes checks out of the reports silently.

Each check's record travels to the controller with the report of the test phase that made it,
so a crash loses at most the checks of the test that was running; the reports name that test
and count one errored check for it, and every report agrees with pytest's outcome and JUnit.
Real xdist worker processes (a crash needs one), once per scheduler.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from pytest_faithful.plugin.session import REPORT_ATTRIBUTE, SESSION_KEY
from pytest_faithful.report import json_report

pytest.importorskip("xdist")

CONTEXT = "Returns are accepted within 30 days of delivery. Refunds take 5 days."

# test_a.py: the crash comes after checks of the same file (all of them on the crashing worker
# under --dist=loadfile); test_b.py runs on the other worker.
SUITE_A = f"""
import os
import pytest

C = {CONTEXT!r}

@pytest.mark.parametrize("n", range(4))
def test_pass(assert_faithful, n):
    assert_faithful("Returns are accepted within 30 days.", C)

def test_fail(assert_faithful):
    assert_faithful("Returns are accepted within 90 days.", C)

def test_relevant(assert_relevant):
    assert_relevant("Returns are accepted within 30 days.", "When are returns accepted?")

def test_z_crash(assert_faithful):
    assert_faithful("Refunds take 5 days.", C)
    os._exit(1)
"""
SUITE_B = f"""
import pytest

@pytest.mark.parametrize("n", range(3))
def test_more(assert_faithful, n):
    assert_faithful("Refunds take 5 days.", {CONTEXT!r})
"""
CRASHED = "test_a.py::test_z_crash"


def _junit(path: Path) -> dict[str, tuple[str, dict[str, str]]]:
    """nodeid-ish name -> (pytest's outcome, faith.* properties) of each testcase."""
    cases = {}
    for case in ET.parse(path).getroot().iter("testcase"):
        name = f"{case.get('classname', '').replace('.', '/')}.py::{case.get('name')}"
        failed = case.find("failure") is not None or case.find("error") is not None
        props = {p.get("name", ""): p.get("value", "") for p in case.iter("property")}
        cases[name] = ("failed" if failed else "passed", props)
    return cases


@pytest.mark.parametrize(
    "dist", [pytest.param([], id="load"), pytest.param(["--dist=loadfile"], id="loadfile")]
)
def test_a_crashed_worker_loses_only_the_checks_of_its_test(
    pytester: pytest.Pytester, dist: list[str]
) -> None:
    pytester.makeini("[pytest]\nfaith_judge = lexical\naddopts = -p no:hypothesispytest\n")
    pytester.makepyfile(test_a=SUITE_A, test_b=SUITE_B)
    result = pytester.runpytest(
        "-n",
        "2",
        "--max-worker-restart=0",
        *dist,
        "-p",
        "no:randomly",
        "--junitxml=j.xml",
        "--faith-report",
        "--faith-report=r.json",
        "--faith-report=r.md",
        "--faith-report=r.html",
        "--faith-baseline=b.json",
        "--faith-update-baseline",
    )
    output = result.stdout.str() + result.stderr.str()
    assert "INTERNALERROR" not in output
    outcomes = result.parseoutcomes()
    assert outcomes["failed"] == 2, "test_fail, and the test whose worker crashed"
    document: dict[str, Any] = json.loads(Path(pytester.path, "r.json").read_text("utf-8"))
    jsonschema.Draft202012Validator(json_report.schema()).validate(document)
    junit = _junit(Path(pytester.path, "j.xml"))
    assert junit[CRASHED][0] == "failed"
    assert len(junit) == outcomes["failed"] + outcomes.get("passed", 0)

    # Every test pytest ran has its checks in the report, with pytest's outcome and JUnit's
    # faith.status; the crashed test's checks stand as one errored entry.
    checks = {c["nodeid"]: c for c in document["checks"]}
    metrics = {m["nodeid"]: m for m in document["metrics"]}
    for name, (outcome, props) in junit.items():
        entry = checks.get(name) or metrics[name]
        assert entry["test_outcome"] == outcome, name
        if name == CRASHED:
            assert (entry["status"], entry["error_kind"]) == ("errored", "worker_crashed")
            assert not props, "xdist writes a crashed test's testcase itself"
        elif name in checks:
            assert props["faith.status"] == entry["status"], name
    assert len(checks) + len(metrics) == len(junit)
    (lost,) = document["lost_tests"]
    assert (lost["nodeid"], lost["fixtures"], lost["errored"]) == (CRASHED, ["assert_faithful"], 1)
    assert re.fullmatch(rf"worker 'gw[01]' crashed while running '{CRASHED}'", lost["reason"])
    totals = document["totals"]
    assert (totals["failed"], totals["errored"]) == (1, 1)
    assert totals["passed"] == totals["checks"] - 2

    # The baseline keeps the scores of every check that reached the controller.
    baseline = json.loads(Path(pytester.path, "b.json").read_text("utf-8"))["checks"]
    scored = {f"{n}#0" for n, c in checks.items() if c["result"]}
    scored |= {f"answer_relevancy:{n}#0" for n in metrics}
    assert set(baseline) == scored

    # The summaries say it, and none of them is green.
    headline = Path(pytester.path, "r.md").read_text("utf-8").splitlines()[0]
    assert headline.startswith("### Faithfulness: ❌ 1 failed, 1 errored, ")
    assert headline.endswith("; 1 test lost with a crashed worker")
    assert f"LOST {CRASHED} lost with a crashed xdist worker: worker 'gw" in output
    page = Path(pytester.path, "r.html").read_text("utf-8")
    assert f'<p class="note lost">{CRASHED} lost with a crashed xdist worker' in page


def _report(
    nodeid: str, when: str, outcome: str = "passed", longrepr: str | None = None, **extra: Any
) -> pytest.TestReport:
    return pytest.TestReport(nodeid, ("t.py", 0, "t"), {}, outcome, longrepr, when, **extra)  # type: ignore[arg-type]


def test_what_the_controller_counts_for_each_lost_test(pytester: pytest.Pytester) -> None:
    # As xdist calls the controller's hooks: setup reports (one saying which fixtures its test
    # requested), then a crash in each test's call or setup.
    pytester.makeini("[pytest]\nfaith_judge = lexical\n")
    session = pytester.parseconfigure().stash[SESSION_KEY]
    fixtures = {
        "t.py::both": ["assert_faithful", "assert_relevant"],
        "t.py::retrieval": ["assert_retrieval"],
    }
    for nodeid in ("t.py::both", "t.py::retrieval", "t.py::plain"):
        sent = {REPORT_ATTRIBUTE: {"fixtures": fixtures[nodeid]}} if nodeid in fixtures else {}
        report = _report(nodeid, "setup", **sent)
        session.pytest_runtest_logreport(report)
        assert not hasattr(report, REPORT_ATTRIBUTE), "taken off before other plugins read it"
    for nodeid in ("t.py::both", "t.py::retrieval", "t.py::plain", "t.py::in_setup"):
        crash = _report(
            nodeid, "???", "failed", longrepr=f"worker 'gw0' crashed while running {nodeid!r}"
        )
        session.pytest_handlecrashitem(crashitem=nodeid, report=crash)
        session.pytest_runtest_logreport(crash)
    report = session.build_report()
    described = {t.nodeid: (t.errored, t.describe().split("; ", 1)[1]) for t in report.lost_tests}
    assert described == {
        "t.py::both": (
            2,
            "its checks were lost with the worker (assert_faithful, assert_relevant: counted "
            "as 2 errored checks)",
        ),
        "t.py::retrieval": (
            0,
            "its checks were lost with the worker (assert_retrieval: counted as 0 errored checks)",
        ),
        "t.py::plain": (0, "it requested none of this plugin's fixtures"),
        "t.py::in_setup": (
            0,
            "it crashed in its setup: any check it ran there was lost with the worker",
        ),
    }
    assert [(c.test_id, c.error_kind, c.test_outcome) for c in report.checks] == [
        ("t.py::both", "worker_crashed", "failed")
    ]
    assert [(m.metric, m.status) for m in report.metrics] == [("answer_relevancy", "errored")]
    counts = report.counts()
    assert (counts.errored, counts.lost, counts.bad) == (2, 4, True)
    assert (
        counts.headline() == "2 errored, 0 passed of 2 checks; 4 tests lost with a crashed worker"
    )
