"""Repeated checks in pytest: a test run N times, its checks gated on their pass rate.

**Runs are items.** As the tests are collected, a test that requests ``assert_faithful``
(as an argument or through a fixture) and whose ``repeat`` (marker > command line > ini > 1)
is above 1 is parametrized with its runs, the way pytest-repeat does it: ``test[run1of5]``
to ``test[run5of5]``, the run's id last (``test[refund-run2of5]`` beside other parameters).
So pytest-xdist spreads a test's runs over its workers like any parametrized test, ``-k`` and
node ids select runs, and each run has its own report, JUnit testcase and records.

**A run is a sample, the pass rate the verdict.** A check that fails in a run raises, as any
check does (the rest of that run's body is not run), and its run is reported the way pytest
reports an expected failure (``XFAIL``, with the check's summary as the reason): not a
failure of the suite, and never what stops ``-x``. Whatever else fails a run (the test's own
assertion, an exception of the app, a check that errored: no verdict is no sample) fails it
as usual. When the session ends, the controller (the only process that sees every run) puts
the runs of each check together (the test id without the run's part, and the check's index in
the test), and a check whose share of passed runs is below its ``min_pass_rate`` fails the
session (exit status 1), as the baseline gate does; the terminal says which, after the tests.
"""

from __future__ import annotations

import dataclasses
import re
import unittest
from collections.abc import Callable, Collection, Generator, Sequence
from typing import TYPE_CHECKING, Any

import pytest

from pytest_faithful.plugin.declared import MARKER

if TYPE_CHECKING:
    from pytest_faithful.judges.registry import JudgeRegistry
    from pytest_faithful.plugin.declared import RunOptions
    from pytest_faithful.report.pass_rates import PassRate
    from pytest_faithful.report.records import CheckRecord, Repetition

FIXTURE = "assert_faithful"
RUN_PARAM = "faith_run"
"""The parameter a repeated test is parametrized with (its value: (run, runs)); not an
argument of the test, so the test function never sees it."""
GATED_REASON = "pytest-faithful: "
"""How the reason of a run reported as XFAIL by this plugin begins (the pass rate decides)."""

STATS_KEY = "below min_pass_rate"
"""The word pytest's summary line counts the repeated checks below their minimum with."""

_RUN_ID = re.compile(r"(?P<sep>[\[-])run(?P<run>[1-9][0-9]*)of(?P<runs>[1-9][0-9]*)(?=[\]-])")

EXPECTED_RUNS = pytest.StashKey[Collection[str]]()
"""Controller: the node ids of runs that were xfail tests (the test's own xfail marker)."""

_GATED = pytest.StashKey[list[tuple[BaseException, str]]]()
"""Per item: the exceptions of its checks that failed in a run, and each one's XFAIL reason."""


def run_id(run: int, runs: int) -> str:
    return f"run{run}of{runs}"


@dataclasses.dataclass(frozen=True)
class Run:
    """One run of a repeated test."""

    run: int
    runs: int
    test: str  # the test id without the run's part: the same for every run


def split_run(nodeid: str) -> Run | None:
    """The run a node id names (its last ``runXofN`` part inside the brackets), or None."""
    # The file ends at the first "::", and class and function names hold no "[": the first
    # "[" after it opens the ids (which may hold "::" and "[" themselves).
    start = nodeid.find("::")
    bracket = nodeid.find("[", start + 2) if start >= 0 else -1
    if bracket < 0 or not nodeid.endswith("]"):
        return None
    found = None
    for match in _RUN_ID.finditer(nodeid, bracket):
        found = match
    if found is None or int(found["run"]) > int(found["runs"]):
        return None
    start, end = found.span()
    if found["sep"] == "[":
        # The run's id opens the brackets: it is followed by "]" (alone) or "-" (more ids).
        test = nodeid[:start] if nodeid[end] == "]" else nodeid[: start + 1] + nodeid[end + 1 :]
    else:
        test = nodeid[:start] + nodeid[end:]
    return Run(int(found["run"]), int(found["runs"]), test)


def without_run(nodeid: str) -> str:
    """The test a node id belongs to: without a run's part, if it has one."""
    run = split_run(nodeid)
    return nodeid if run is None else run.test


def run_of(item: pytest.Item) -> Run | None:
    """The run ``item`` is, when its test is repeated."""
    callspec = getattr(item, "callspec", None)
    if callspec is None or RUN_PARAM not in callspec.params:
        return None
    return split_run(item.nodeid)


def repetition(item: pytest.Item, min_pass_rate: float, key: str | None) -> Repetition | None:
    """What a check's record says of its run (None: its test is not repeated)."""
    run = run_of(item)
    if run is None:
        return None
    from pytest_faithful.report.records import Repetition

    return Repetition(
        run=run.run, runs=run.runs, test=run.test, min_pass_rate=min_pass_rate, key=key
    )


def gate(item: pytest.Item, error: BaseException, repeat: Repetition, summary: str) -> None:
    """A check failed in a run: should ``error`` end the run, the run is an XFAIL whose
    reason says so (``summary``: the check's first line); its pass rate decides."""
    reason = (
        f"{GATED_REASON}run {repeat.run} of {repeat.runs} of a repeated check: {summary}; "
        f"counted in its pass rate (min_pass_rate {repeat.min_pass_rate:g})"
    )
    item.stash.setdefault(_GATED, []).append((error, reason))


def check_min_pass_rate(value: object) -> None:
    """A call's ``min_pass_rate``: a number in [0, 1] (ValueError naming it)."""
    from pytest_faithful.fields import UNIT

    UNIT.check("min_pass_rate", value)


class Repeats:
    """The plugin object: the runs at collection; each run's outcome; the gate at the end."""

    def __init__(
        self,
        config: pytest.Config,
        registry: JudgeRegistry,
        options: RunOptions,
        records: Callable[[], Sequence[CheckRecord]],
    ) -> None:
        self.config = config
        self.registry = registry
        self.options = options
        self._records = records  # the session's check records (on the controller: all)
        self.rates: tuple[PassRate, ...] = ()
        self._is_worker = hasattr(config, "workerinput")
        self._ended: dict[str, set[int]] = {}  # controller: test -> runs whose teardown came
        self.expected: set[str] = set()
        config.stash[EXPECTED_RUNS] = self.expected

    def _repeat(self, definition: pytest.Item) -> int:
        from pytest_faithful.plugin.markers import marker_layer
        from pytest_faithful.plugin.settings import resolve

        try:
            markers = marker_layer(definition, MARKER, self.registry)
        except (TypeError, ValueError):
            return 1  # the marker's mistake is reported as the tests are collected
        options = self.options
        return resolve(markers, options.cli_layer, options.ini_layer).repeat

    @pytest.hookimpl(trylast=True)
    def pytest_generate_tests(self, metafunc: pytest.Metafunc) -> None:
        """Parametrize a repeated test with its runs, last, so the run's id ends the test id."""
        if FIXTURE not in metafunc.fixturenames or RUN_PARAM in metafunc.fixturenames:
            return
        runs = self._repeat(metafunc.definition)
        if runs < 2:
            return
        metafunc.fixturenames.append(RUN_PARAM)
        metafunc.parametrize(
            RUN_PARAM,
            [(run, runs) for run in range(1, runs + 1)],
            ids=[run_id(run, runs) for run in range(1, runs + 1)],
        )

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> None:
        """A test that requests ``assert_faithful``, is to be repeated, and was collected once:
        pytest never parametrizes a ``unittest.TestCase`` test (its fixtures come through
        ``usefixtures`` or an autouse fixture), so its runs could not be collected. It errors
        rather than running once, with no pass rate, as if its repeat had been met."""
        cls = getattr(item, "cls", None)  # every other test was parametrized as collected
        if cls is None or not issubclass(cls, unittest.TestCase):
            return
        if FIXTURE not in getattr(item, "fixturenames", ()) or run_of(item) is not None:
            return
        runs = self._repeat(item)
        if runs > 1:
            pytest.fail(
                f"pytest-faithful: repeat={runs} cannot repeat {item.nodeid}: pytest does not "
                "parametrize a unittest.TestCase test, so its runs cannot be collected and it "
                "would run once. Write it as a pytest test (a function, or a class that is not "
                "a TestCase), or mark it @pytest.mark.faithfulness(repeat=1).",
                pytrace=False,
            )

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(
        self, item: pytest.Item, call: pytest.CallInfo[None]
    ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
        """A run that ended on a check that failed: reported as an expected failure."""
        report = yield
        gated = item.stash.get(_GATED, None)
        if not gated or call.when != "call" or not report.failed or call.excinfo is None:
            return report
        raised = call.excinfo.value
        for error, reason in gated:
            if error is raised:
                report.outcome = "skipped"
                report.wasxfail = reason
                break
        return report

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """Controller: the run that completes a repeated test carries its checks' pass rates
        in its JUnit properties (``faith.pass_rate``, ...). Registered before the session
        object, so its records are in when this runs."""
        if self._is_worker:
            return
        run = split_run(report.nodeid)
        if run is None:
            return
        reason = getattr(report, "wasxfail", None)
        if isinstance(reason, str) and not reason.startswith(GATED_REASON):
            self.expected.add(report.nodeid)  # XFAIL or XPASS by the test's own marker
        if report.when != "teardown":
            return
        ended = self._ended.setdefault(run.test, set())
        ended.add(run.run)
        if len(ended) != run.runs:
            return
        from pytest_faithful.report import junit
        from pytest_faithful.report.pass_rates import in_xfail_tests, pass_rates

        mine = [r for r in self._records() if r.repeat is not None and r.repeat.test == run.test]
        for rate in pass_rates(in_xfail_tests(mine, self.expected)):
            report.user_properties.extend(junit.pass_rate_properties(rate))

    @pytest.hookimpl(tryfirst=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        """Controller: decide every repeated check's gate once; one below its minimum fails
        the session."""
        if self._is_worker:
            return
        records = self._records()
        if not any(r.repeat is not None for r in records):
            return
        from pytest_faithful.report.pass_rates import in_xfail_tests, pass_rates

        self.rates = pass_rates(in_xfail_tests(records, self.expected))
        failed = any(rate.failing for rate in self.rates)
        if failed and session.exitstatus == pytest.ExitCode.OK:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    @pytest.hookimpl
    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        """Every repeated check's pass rate, failing ones first, with or without a report."""
        if self._is_worker or not self.rates:
            return
        from pytest_faithful.errors import visible
        from pytest_faithful.report.pass_rates import lines, summary_line

        below = [rate for rate in self.rates if rate.failing]
        failed = bool(below)
        if failed:
            # pytest's last line counts them too ("2 passed, 1 xfailed, 1 below min_pass_rate"):
            # its own counts alone would not say why the run failed.
            terminalreporter.stats.setdefault(STATS_KEY, []).extend(below)
        terminalreporter.write_sep("=", "faithfulness pass rates", red=failed, bold=failed)
        terminalreporter.write_line(summary_line(self.rates), red=failed, bold=failed)
        quiet = self.config.get_verbosity() < 0
        for status, line in lines(self.rates):
            if quiet and status == "passed":
                continue
            markup: dict[str, Any] = {
                "failed": {"red": True},
                "passed": {"green": True},
                "estimated": {"yellow": True},
            }[status]
            terminalreporter.write_line(visible(line), **markup)
