"""The plugin beside the rest of a team's pytest set-up: a check stopped from outside (a
timeout plugin, Ctrl-C), a test run again in the same session (pytest-rerunfailures)."""

from __future__ import annotations

import json

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
