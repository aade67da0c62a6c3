"""What a run's test reports show: which test files ran, which tests did not pass, and whether
the run could have run every check of the files it collected.

The baseline (stale entries) and the recordings directory (unused recordings) both need it to
tell an entry no check produced from one whose check never ran. Controller only: under xdist
it sees every worker's reports.
"""

from __future__ import annotations

import pytest

from pytest_faithful.plugin.repeats import without_run


class TestsSeen:
    __test__ = False

    def __init__(self) -> None:
        self.files: set[str] = set()
        self.unfinished: set[str] = set()  # node ids of tests that did not pass
        self.deselected = False  # a plugin or option deselected collected tests

    def add(self, report: pytest.TestReport) -> None:
        self.files.add(report.nodeid.split("::", 1)[0])
        if not report.passed:
            # Failed, errored, skipped or xfailed in some phase: the checks it did not reach
            # are not evidence that what they would have used is stale. A run of a repeated
            # test leaves its test unfinished too: baseline entries and recordings name that.
            self.unfinished.add(report.nodeid)
            self.unfinished.add(without_run(report.nodeid))

    def deselect(self, items: list[pytest.Item]) -> None:
        if items:
            self.deselected = True


_STOPPED = (
    pytest.ExitCode.INTERRUPTED,
    pytest.ExitCode.INTERNAL_ERROR,
    pytest.ExitCode.USAGE_ERROR,
    pytest.ExitCode.NO_TESTS_COLLECTED,
)


def filter_reason(config: pytest.Config, session: pytest.Session, deselected: bool) -> str | None:
    """Why this run may not have run every check of the files it collected; None if it did."""
    option = config.option
    for name, flag in (
        ("keyword", "-k"),
        ("markexpr", "-m"),
        ("deselect", "--deselect"),
        ("lf", "--lf"),
        ("stepwise", "--sw"),
        ("collectonly", "--collect-only"),
        ("setuponly", "--setup-only"),
        ("setupplan", "--setup-plan"),
    ):
        if getattr(option, name, None):
            return flag
    if deselected:
        return "deselected tests"
    if any("::" in str(arg) for arg in config.args):
        return "explicit node ids"
    if session.shouldstop or session.shouldfail:
        return "the run stopped early"
    if session.exitstatus in _STOPPED:
        return f"the run ended with {pytest.ExitCode(session.exitstatus).name}"
    return None
