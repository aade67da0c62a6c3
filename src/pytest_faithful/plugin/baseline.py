"""Regression baselines in pytest: the per-check comparison and the session verdict.

Every process (each xdist worker too) reads the baseline file once, so a check that regressed
fails in its own test with a message naming the changed claims. Each comparison stays in the
process that made it: a worker sends it to the controller with the report of the test phase
that made it (as the check records travel, ``plugin/session.py``), and what is left in
``config.workeroutput`` when its session ends. Only the controller summarises, reports stale
entries and writes the file.
"""

from __future__ import annotations

import collections
import re
from collections.abc import Callable, Generator, Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest

from pytest_faithful.errors import counted
from pytest_faithful.models import FaithfulnessResult, FrozenModel, MetricResult
from pytest_faithful.plugin.declared import BaselineOptions
from pytest_faithful.plugin.seen import TestsSeen, filter_reason, part_reason
from pytest_faithful.report.baseline import (
    BaselineSummary,
    Comparison,
    compare,
    compare_rate,
    regression_message,
)
from pytest_faithful.report.baseline_file import (
    Baseline,
    BaselineEntry,
    BaselineError,
    check_key,
    load_baseline,
    merged,
    stale_keys,
    write_baseline,
)
from pytest_faithful.report.records import CheckRecord

WORKER_OUTPUT_KEY = "pytest_faithful.baseline"
"""Where a worker's comparisons travel to the controller, in ``config.workeroutput``."""

REPORT_ATTRIBUTE = "pytest_faithful_baseline"
"""The ``TestReport`` attribute that carries a test phase's comparisons from a worker."""

_INDEXED_KEY = re.compile(
    r"^(?:(?:answer_relevancy|context_precision|context_recall|reference):)?(?P<nodeid>.+)#\d+$"
)


class BaselineRecord(FrozenModel):
    """What one check tells the controller about its baseline comparison."""

    comparison: Comparison
    entry: BaselineEntry
    nodeid: str


def _test_of(key: str) -> str | None:
    """The test id in a default key (``nodeid#index``); None for an explicit ``key=``."""
    match = _INDEXED_KEY.match(key)
    return match["nodeid"] if match else None


_SHOWN = 20
"""Entries of each kind but regressions the terminal summary lists by key (-v: all of them)."""


def _listed(status: str, entries: list[str], every: bool) -> list[str]:
    """The summary's lines for ``entries`` of one status, the first ``_SHOWN`` unless ``every``."""
    shown = entries if every else entries[:_SHOWN]
    lines = [f"  {status.upper()} {entry}" for entry in shown]
    if len(shown) < len(entries):
        lines.append(f"  ... and {len(entries) - len(shown)} more {status} (-v lists them all)")
    return lines


def _shared_keys(records: Iterable[BaselineRecord]) -> dict[str, list[str]]:
    """Keys that checks of more than one test gave: key -> those tests."""
    tests: dict[str, set[str]] = {}
    for record in records:
        tests.setdefault(record.comparison.key, set()).add(record.nodeid)
    return {key: sorted(ids) for key, ids in sorted(tests.items()) if len(ids) > 1}


class BaselineSession:
    def __init__(
        self,
        config: pytest.Config,
        options: BaselineOptions,
        path: Path,
        checks: Callable[[], Sequence[CheckRecord]] = list,
    ) -> None:
        self.config = config
        self._checks = checks  # the run's check records, for the repeated checks' pass rates
        self.options = options
        self.path = path  # options.path, known to be set
        try:
            self.stored: Baseline = load_baseline(path)
        except BaselineError as exc:
            raise pytest.UsageError(str(exc)) from None
        # No file: every check is new and none can regress (a gate that gates nothing).
        self.missing = not path.exists()
        self.records: list[BaselineRecord] = []
        self.seen = TestsSeen()  # test files run, tests that did not pass
        self.stale: list[str] = []
        self.not_run: list[str] = []
        self.written: int | None = None
        self.shared: dict[str, list[str]] = {}  # a key= given to checks of several tests
        # Repeated checks judged in only some of their runs: key -> (runs with a verdict,
        # repeat, runs errored).
        self.partial: dict[str, tuple[int, int, int]] = {}
        self.write_error = ""
        # An update by a run that did not run every check (why, and the entries it kept).
        self.unreached: tuple[str, int] | None = None
        self._is_worker = hasattr(config, "workerinput")
        self._worker_crashed = False
        self._sent = 0  # worker: comparisons that went out with earlier reports

    def check(self, key: str, nodeid: str, result: FaithfulnessResult | MetricResult) -> str | None:
        """Record how the check compares with the baseline; the failure message if it regressed.

        While the baseline is being updated a drop is reported, not failed: the run is
        recording the new state on purpose.
        """
        comparison = compare(key, result, self.stored.get(key), self.options.tolerance, nodeid)
        self.records.append(
            BaselineRecord(
                comparison=comparison,
                entry=BaselineEntry.from_result(result, nodeid),
                nodeid=nodeid,
            )
        )
        regressed = comparison.status == "regressed" and not self.options.update
        return regression_message(comparison, self.options.tolerance) if regressed else None

    def _unsent(self) -> list[dict[str, Any]]:
        unsent = [r.model_dump(mode="json") for r in self.records[self._sent :]]
        self._sent = len(self.records)
        return unsent

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(self) -> Generator[None, pytest.TestReport, pytest.TestReport]:
        """On a worker: the phase's comparisons go with its report (a crash loses no other)."""
        report = yield
        if self._is_worker and len(self.records) > self._sent:
            setattr(report, REPORT_ATTRIBUTE, self._unsent())
        return report

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if self._is_worker:
            return
        for data in report.__dict__.pop(REPORT_ATTRIBUTE, None) or ():
            self.records.append(BaselineRecord.model_validate(data))
        self.seen.add(report)

    @pytest.hookimpl
    def pytest_deselected(self, items: list[pytest.Item]) -> None:
        self.seen.deselect(items)

    @pytest.hookimpl
    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        self.seen.collected(report)

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: object | None) -> None:
        """Merge what a finished xdist worker still had to send (none from one that crashed)."""
        output = getattr(node, "workeroutput", None) or {}
        if error is not None or WORKER_OUTPUT_KEY not in output:
            # Its checks' records are lost: what it ran must not read as gone from the run.
            self._worker_crashed = True
        for data in output.get(WORKER_OUTPUT_KEY, ()):
            self.records.append(BaselineRecord.model_validate(data))

    def _missing(self, seen: set[str], session: pytest.Session) -> tuple[list[str], list[str]]:
        """Entries no check produced, among those this run could have produced: (stale, not run).

        Not run: the entry's test ran and did not finish (it failed before the check, errored
        or was skipped), so the entry says nothing about the check and is kept. Stale: its test
        file is gone, or its test file ran in an unfiltered run without producing it. Entries
        of files not selected are left alone. An explicit ``key=`` belongs to whichever test
        gives it now, not to the test its entry names (a check moved to another file keeps its
        key): it is stale only after an unfiltered run of the whole suite.
        """
        stale, not_run = [], []
        # Node ids on the command line, -k, -x and the like leave checks of a file unrun.
        complete = (
            filter_reason(self.config, session, self.seen.deselected) is None
            and not self._worker_crashed
        )
        whole = complete and part_reason(self.config, self.seen) is None
        for key in stale_keys(self.stored, seen):
            entry = self.stored.entries[key]
            owner = _test_of(key)
            test = entry.test or owner
            if test is not None and test in self.seen.unfinished:
                not_run.append(key)
                continue
            if owner is None and not whole:
                continue
            test_file = (test or key).split("::", 1)[0]
            gone = not (self.config.rootpath / test_file).exists()
            if gone or (test_file in self.seen.files and complete):
                stale.append(key)
        return stale, not_run

    def _compare_pass_rates(self) -> bool:
        """Compare each repeated check's pass rate (known only now, on the controller) with
        its entry; whether one regressed (which fails the run, unless updating).

        A pass rate of only some of its runs (``-k run2of5``, ``--lf``, ``-x``, runs that
        stopped before the check) is compared through its own, wider interval, but is no
        entry: an update keeps the stored one (or writes none), as it keeps a check it did
        not run. Else one run read as a pass rate of 0% or 100% would become the baseline.
        A run whose check errored is one of those not judged here (``PassRate.scored``).
        """
        from pytest_faithful.report.pass_rates import pass_rates

        regressed = False
        for whole in pass_rates(self._checks()):
            # The runs with a verdict: an errored run is none (PassRate.scored).
            rate = whole.scored()
            if rate is None or rate.rate is None:  # estimated or errored: no verdict at all
                continue
            key = check_key(rate.test, rate.index, rate.key)
            comparison = compare_rate(key, rate, self.stored.get(key))
            entry = BaselineEntry.from_rate(rate)
            if rate.runs < rate.repeat:
                self.partial[key] = (rate.runs, rate.repeat, whole.errored)
            self.records.append(
                BaselineRecord(comparison=comparison, entry=entry, nodeid=rate.test)
            )
            regressed |= comparison.status == "regressed"
        return regressed and not self.options.update

    @pytest.hookimpl(tryfirst=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if self._is_worker:
            output: dict[str, Any] = getattr(self.config, "workeroutput", {})
            output[WORKER_OUTPUT_KEY] = self._unsent()
            return
        if self._compare_pass_rates() and session.exitstatus == pytest.ExitCode.OK:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED
        seen = {r.comparison.key for r in self.records}
        self.stale, self.not_run = self._missing(seen, session)
        self.shared = _shared_keys(self.records)
        if self.shared:
            # Which of the tests' scores is the key's would depend on the order they ran in
            # (and on xdist): neither is stored nor compared as the key's.
            if session.exitstatus == pytest.ExitCode.OK:
                session.exitstatus = pytest.ExitCode.TESTS_FAILED
            if self.options.update:
                return
        if self.options.update:
            ran = {
                r.comparison.key: r.entry
                for r in self.records
                if r.comparison.key not in self.partial
            }
            keep = merged(self.stored, ran, replace=False)
            updated = Baseline(
                entries={k: v for k, v in keep.entries.items() if k not in self.stale}
            )
            try:
                write_baseline(self.path, updated)
            except OSError as exc:
                # As a report that cannot be written: said plainly, and the run fails.
                self.write_error = f"could not write the faithfulness baseline {self.path}: {exc}"
                if session.exitstatus == pytest.ExitCode.OK:
                    session.exitstatus = pytest.ExitCode.USAGE_ERROR
                return
            self.written = len(updated.entries)
            reason = filter_reason(self.config, session, self.seen.deselected)
            if reason is None and self._worker_crashed:
                reason = "an xdist worker crashed"
            if reason is not None:
                kept = set(updated.entries) - set(ran) - set(self.not_run)
                self.unreached = (reason, len(kept))
        elif (
            (self.stale or self.missing)
            and self.options.strict
            and session.exitstatus == pytest.ExitCode.OK
        ):
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    @pytest.hookimpl
    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        if self._is_worker:
            return
        for line in self.summary_lines(self.config.get_verbosity() > 0):
            terminalreporter.write_line(line)
        if not self.options.update:
            # Decided after the tests, so pytest's last line counts them itself.
            below = [
                r
                for r in self.records
                if r.comparison.pass_rate is not None and r.comparison.status == "regressed"
            ]
            if below:
                terminalreporter.stats.setdefault("below baseline", []).extend(below)

    def summary(self) -> BaselineSummary:
        return BaselineSummary(
            path=str(self.path),
            tolerance=self.options.tolerance,
            comparisons=tuple(sorted((r.comparison for r in self.records), key=lambda c: c.key)),
            stale=tuple(self.stale),
            written=self.written,
            not_run=tuple(self.not_run),
            updating=self.options.update,
            missing=self.missing,
        )

    def summary_lines(self, verbose: bool = False) -> list[str]:
        """Every regression; the first ``_SHOWN`` entries of each other kind (-v: all), so that
        a first update of 10,000 checks does not print 10,000 ``NEW`` lines."""
        summary = self.summary()
        lines = [f"faithful baseline {summary.path}: {summary.counts_line()}"]
        if self.write_error:
            lines.append(f"faithful: ERROR: {self.write_error}")
        if self.missing and not self.options.update:
            strict = " (fails the session: --faith-baseline-strict)" if self.options.strict else ""
            lines.append(
                f"  NO BASELINE: {summary.path} does not exist, so every check is new and none "
                f"can regress{strict}; write it with --faith-update-baseline and commit it"
            )
        for key, tests in self.shared.items():
            lines.append(
                f"  SHARED KEY {key!r}: given by {len(tests)} tests ({', '.join(tests)}); give "
                "each check its own key= (the run fails"
                + ("; the baseline is not written" if self.options.update else "")
                + ")"
            )
        lines += self._other_judges_lines()
        for status in ("regressed", "improved", "new"):
            lines += _listed(
                status,
                [f"{c.key}: {c.describe()}" for c in summary.with_status(status)],
                verbose or status == "regressed",
            )
        strict = " (fails the session: --faith-baseline-strict)" if self.options.strict else ""
        lines += _listed(
            "stale",
            [f"{key}: no check produced it in this run{strict}" for key in summary.stale],
            verbose,
        )
        kept = " (kept)" if self.options.update else ""
        lines += _listed(
            "not run",
            [f"{key}: its test stopped before this check scored{kept}" for key in summary.not_run],
            verbose,
        )
        for key, (judged, repeat, errored) in sorted(
            self.partial.items() if self.options.update else ()
        ):
            kept = "kept as stored" if key in self.stored.entries else "not written"
            no_verdict = f" ({errored} errored: no verdict)" if errored else ""
            lines.append(
                f"  PARTIAL {key}: {judged} of {repeat} runs judged{no_verdict}; its entry is "
                f"{kept} (a pass rate is stored from a run that judges every run)"
            )
        if summary.with_status("improved") and not self.options.update:
            lines.append("  to record the improvements: rerun with --faith-update-baseline")
        if summary.written is not None:
            lines.append(f"  wrote {counted(summary.written, 'check')} to {summary.path}")
        if self.unreached is not None:
            # -x, Ctrl-C, -k: the file is not this run's whole suite; say so, not only how many.
            reason, left = self.unreached
            lines.append(
                f"  PARTIAL UPDATE ({reason}): only the checks that ran were written; "
                f"{counted(left, 'stored check')} it did not reach kept as stored"
            )
        return lines

    def _other_judges_lines(self) -> list[str]:
        """Checks compared with entries another judge, or other scoring settings, scored: their
        scores are not one measure's, whether they read as unchanged, improved or regressed."""
        counts: dict[tuple[str, str], int] = {}
        for record in self.records:
            theirs = record.comparison.baseline_judge
            if theirs is not None:
                pair = (theirs, record.entry.judge)
                counts[pair] = counts.get(pair, 0) + 1
        fix = (
            "rewritten by this update"
            if self.options.update
            else "pin the judge, or rewrite the baseline with --faith-update-baseline"
        )
        settings = collections.Counter(
            r.comparison.baseline_settings
            for r in self.records
            if r.comparison.baseline_settings is not None
        )
        return [
            *(
                f"  OTHER JUDGE: {counted(count, 'check')} compared with entries {theirs} "
                f"scored; this run's judge is {ours} ({fix})"
                for (theirs, ours), count in sorted(counts.items())
            ),
            *(
                f"  OTHER SETTINGS: {counted(count, 'check')} compared with entries scored with "
                f"other settings ({changed}) ({fix.replace('pin the judge', 'keep the settings')})"
                for changed, count in sorted(settings.items())
            ),
        ]
