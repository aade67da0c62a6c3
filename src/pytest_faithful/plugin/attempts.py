"""A test run again in the same session (pytest-rerunfailures' ``--reruns``, ``flaky``): its
checks are those of its last attempt, as pytest's counts are.

A rerun plugin sets up, calls and tears down the same item again after an attempt that
failed. Every attempt's checks were kept: ``--reruns 2`` counted a test that failed three
times as three failed checks, a test that passed on its rerun as a failed check (an expected
failure, its test having passed) beside a passed one, the baseline compared every attempt,
and the JUnit testcase carried each attempt's ``faith.*`` properties, the first attempt's
status first.

A new attempt is known by its setup: the same item set up again. What the earlier attempts
recorded leaves the checks, the baseline's comparisons, the test's outcome and its JUnit
properties; what their judge calls cost stays in the run's cost, since those calls were made.
Under xdist the worker marks the setup report of the new attempt, and the controller drops
what the earlier attempts' reports brought before it merges that report's records.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING

import pytest

from pytest_faithful.plugin.cost import ESTIMATED_KEY

if TYPE_CHECKING:
    from pytest_faithful.plugin.baseline import BaselineSession
    from pytest_faithful.plugin.session import FaithSession

_SET_UP = pytest.StashKey[bool]()  # the item has been set up once in this process

REPORT_ATTRIBUTE = "pytest_faithful_attempt"
"""On a worker's setup report: this test's earlier attempts are not its result."""


class Attempts:
    def __init__(
        self,
        config: pytest.Config,
        session: FaithSession,
        baseline: Callable[[], BaselineSession | None],
    ) -> None:
        self._session = session
        self._baseline = baseline
        self._is_worker = hasattr(config, "workerinput")
        self._again: set[str] = set()  # worker: tests set up again, until their setup report

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> None:
        again = item.stash.get(_SET_UP, False)
        item.stash[_SET_UP] = True
        if not again:
            return
        from pytest_faithful.report.junit import PREFIX

        item.user_properties[:] = [
            p for p in item.user_properties if not str(p[0]).startswith(f"{PREFIX}.")
        ]
        if ESTIMATED_KEY in item.stash:
            del item.stash[ESTIMATED_KEY]
        if self._is_worker:
            self._again.add(item.nodeid)
        else:
            self.forget(item.nodeid)

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(
        self, item: pytest.Item, call: pytest.CallInfo[None]
    ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
        report = yield
        if call.when == "setup" and item.nodeid in self._again:
            self._again.discard(item.nodeid)
            setattr(report, REPORT_ATTRIBUTE, True)
        return report

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """Controller: registered after the session object, so this runs before it merges
        the records the new attempt's setup report brings."""
        if not self._is_worker and report.__dict__.pop(REPORT_ATTRIBUTE, False):
            self.forget(report.nodeid)

    def forget(self, nodeid: str) -> None:
        """Drop what the earlier attempts of ``nodeid`` recorded, keeping their spend."""
        session = self._session
        earlier = [r for r in session.records if r.nodeid == nodeid]
        earlier_metrics = [r for r in session.metric_records if r.nodeid == nodeid]
        session.records[:] = [r for r in session.records if r.nodeid != nodeid]
        session.metric_records[:] = [r for r in session.metric_records if r.nodeid != nodeid]
        session.earlier_attempts += [*earlier, *earlier_metrics]
        session.outcomes.pop(nodeid, None)
        baseline = self._baseline()
        if baseline is not None:
            baseline.records[:] = [r for r in baseline.records if r.nodeid != nodeid]
