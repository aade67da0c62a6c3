"""What a run's test reports show: which test files ran, which tests did not pass.

The baseline (stale entries) and the recordings directory (unused recordings) both need it to
tell an entry no check produced from one whose check never ran. Controller only: under xdist
it sees every worker's reports.
"""

from __future__ import annotations

import pytest


class TestsSeen:
    __test__ = False

    def __init__(self) -> None:
        self.files: set[str] = set()
        self.unfinished: set[str] = set()  # node ids of tests that did not pass

    def add(self, report: pytest.TestReport) -> None:
        self.files.add(report.nodeid.split("::", 1)[0])
        if not report.passed:
            # Failed, errored, skipped or xfailed in some phase: the checks it did not reach
            # are not evidence that what they would have used is stale.
            self.unfinished.add(report.nodeid)
