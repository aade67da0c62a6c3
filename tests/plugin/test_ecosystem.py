"""The plugin beside the rest of a team's pytest set-up: a check stopped from outside (a
timeout plugin, Ctrl-C), a test run again in the same session (pytest-rerunfailures)."""

from __future__ import annotations

import json
import re

import pytest

CONTEXT = "Returns are accepted within 30 days of delivery."

# Judges that stop the check the way each thing outside it does: pytest-timeout's signal
# method raises pytest's Failed where the test waits; Ctrl-C a KeyboardInterrupt (last: it ends
# the run); a cancelled task a CancelledError; sys.exit a SystemExit; pytest.skip a Skipped.
STOPPED_CHECKS = """
import asyncio, sys
import pytest
from pytest_faithful.testing import FunctionJudge

def stopping(stop):
    def verdicts(claims, passages):
        stop()
    return FunctionJudge(verdicts)

def throw(exc):
    raise exc

@pytest.mark.parametrize("stop", [
    lambda: pytest.fail("Timeout (>1.0s) from pytest-timeout."),
    lambda: throw(asyncio.CancelledError()),
    lambda: sys.exit(3),
    lambda: pytest.skip("no key here"),
    lambda: throw(KeyboardInterrupt()),
], ids=["timeout", "cancelled", "exit", "skip", "interrupt"])
def test_stopped(assert_faithful, stop):
    assert_faithful("Returns are accepted.", [{context!r}], judge=stopping(stop))
"""


def test_a_check_stopped_from_outside_is_an_errored_check_in_the_report(
    pytester: pytest.Pytester,
) -> None:
    """What stops a check before its verdict, other than an exception of the judge's, left no
    record: with pytest-timeout the report said 2 checks passed of a run whose third test
    timed out in its judge call. Every check that began is in the report; a skip is not one."""
    pytester.makepyfile(STOPPED_CHECKS.format(context=CONTEXT))
    # no_reraise_ctrlc: pytester raises the run's KeyboardInterrupt again in this test.
    # -p no:randomly: the interrupt ends the run, so it runs last.
    pytester.runpytest("-p", "no:randomly", "--faith-report=r.json", no_reraise_ctrlc=True)
    checks = json.loads((pytester.path / "r.json").read_text())["checks"]
    shown = {c["nodeid"].partition("[")[2][:-1]: (c["error_kind"], c["error"]) for c in checks}
    stopped = "stopped before its verdict"
    assert shown == {
        "timeout": ("exception", f"{stopped}: Failed: Timeout (>1.0s) from pytest-timeout."),
        "cancelled": ("exception", f"{stopped}: CancelledError"),
        "exit": ("exception", f"{stopped}: SystemExit: 3"),
        "interrupt": ("exception", f"{stopped}: KeyboardInterrupt"),
    }
    assert {c["status"] for c in checks} == {"errored"}


# pytest-rerunfailures' loop, cut down (it is not a dependency): an attempt that failed is
# reported "rerun" and the same item runs again, twice at most. `runtestprotocol` is how it,
# and flaky, run an item's phases.
RERUNS = """
from _pytest.runner import runtestprotocol

def pytest_runtest_protocol(item, nextitem):
    item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
    for attempt in range(3):
        reports = runtestprotocol(item, nextitem=nextitem, log=False)
        failed = any(r.failed for r in reports)
        for report in reports:
            if failed and attempt < 2 and report.failed:
                report.outcome = "rerun"
                item.ihook.pytest_runtest_logreport(report=report)
                break
            item.ihook.pytest_runtest_logreport(report=report)
        if not failed:
            break
    item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
    return True
"""

FLAKY = """
from pathlib import Path

def test_bad(assert_faithful):
    assert_faithful("Returns are accepted within 90 days.", [{context!r}])

def test_flaky(assert_faithful):
    answer = "Returns are accepted." if Path("attempted").exists() else "Refunds are in gold."
    Path("attempted").touch()
    assert_faithful(answer, [{context!r}])
"""


@pytest.mark.parametrize("xdist", [[], ["-n", "1"]], ids=["serial", "xdist"])
def test_a_rerun_test_s_checks_are_those_of_its_last_attempt(
    pytester: pytest.Pytester, xdist: list[str]
) -> None:
    """With --reruns 2, a test that failed three times counted three failed checks, and a
    test that passed on its rerun a failed check (an 'expected failure') beside its passed
    one; the baseline compared every attempt and the JUnit testcase carried each attempt's
    properties, the failed attempt's status first."""
    pytester.makeconftest(RERUNS)
    pytester.makepyfile(FLAKY.format(context=CONTEXT))
    result = pytester.runpytest(
        *xdist,
        "--faith-report=r.json",
        "--junitxml=j.xml",
        "--faith-baseline=b.json",
        "--faith-update-baseline",
    )
    result.assert_outcomes(passed=1, failed=1)
    assert "3 rerun" in result.outlines[-1]
    report = json.loads((pytester.path / "r.json").read_text())
    shown = [(c["nodeid"].rpartition("::")[2], c["status"]) for c in report["checks"]]
    assert shown == [("test_bad", "failed"), ("test_flaky", "passed")]
    assert (report["totals"]["checks"], report["totals"]["xfailed"]) == (2, 0)
    assert report["baseline"]["comparisons"][1]["status"] == "new"
    assert len(report["baseline"]["comparisons"]) == 2
    junit = (pytester.path / "j.xml").read_text()
    last_flaky = junit.rpartition('name="test_flaky"')[2].partition("</testcase>")[0]
    assert re.findall(r'name="faith.status" value="(\w+)"', last_flaky) == ["passed"]
