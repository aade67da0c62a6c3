"""A recordings directory in pytest: which test records, which recordings no check used.

Every process (each xdist worker too) names the running test to its judges' store, so a
recording says which test made it and a miss says how to record it. Each process collects
the keys its checks asked for or recorded, and which tests asked; a worker sends them to the
controller in ``config.workeroutput``. The controller makes each recording the run wrote name
the smallest id of the tests that asked for it, whichever wrote it last. Only the controller
decides which recordings are unused, reports them and, with ``--faith-prune-recordings``,
deletes them, as the baseline finds stale entries (:mod:`pytest_faithful.plugin.baseline`):
never after a filtered run, nor after one that collected only part of the suite (a recording
names one test that asked for it, while any test may ask for the same call: a test of a file
the run did not collect, or one moved there since it recorded), never a recording of a test
that did not finish, never one of a test file this run did not collect, never a file that
cannot be read (it is listed, for someone to mend or delete), and never one that a judge this
run did not use recorded (or that does not say which judge recorded it): a run under another
judge, such as the default lexical one when no key is set, asks for none of them, and that is
no sign that they are stale. Such a run says so at the top and in the summary, and a
replay-only one fails.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from pytest_faithful.cache.usage import RecordingsUse, records_for
from pytest_faithful.errors import counted
from pytest_faithful.plugin.declared import RecordingOptions
from pytest_faithful.plugin.repeats import without_run
from pytest_faithful.plugin.seen import TestsSeen, filter_reason, part_reason

if TYPE_CHECKING:
    from pytest_faithful.cache.recordings import RecordingStore
    from pytest_faithful.judges.resources import JudgeOptions

WORKER_OUTPUT_KEY = "pytest_faithful.recordings"
"""Where a worker's :class:`RecordingsUse` travels to the controller, as plain data in
``config.workeroutput``."""

_SHOWN: int = 20
"""Unused recordings listed by name in the summary (all of them with -v)."""


class RecordingsSession:
    def __init__(
        self,
        config: pytest.Config,
        options: RecordingOptions,
        directory: Path,
        judges: JudgeOptions,
        run_judges: Callable[[], list[str]],
        default_judge: Callable[[], str | None],
    ) -> None:
        self.config = config
        # The ids of the judges this run's checks used (every worker's, once merged), and the
        # id of the judge a check that names none uses (None when it cannot be built).
        self._run_judges = run_judges
        self._default_judge = default_judge
        self.options = options
        self.directory = directory  # options.directory, known to be set
        self.judges = judges  # the process's judge resources, which own the store
        self.use = RecordingsUse()  # this process's at the end, and the workers' merged in
        self.seen = TestsSeen()  # test files run, tests that did not pass
        self.lost_worker = False
        self.skipped_reason: str | None = None  # why unused recordings were not looked for
        self.total = 0
        self.unused: list[tuple[str, str | None]] = []  # (key, test that recorded it)
        # Files no check asked for that a judge this run did not use made, by that judge
        # ("kind:model", or None when a file does not say): kept, whatever the run.
        self.others: dict[str | None, int] = {}
        self.run_judges: list[str] = []  # the ids of the judges this run's checks used
        self.replayed_nothing = False  # a replay-only run that read none of its recordings
        self.unreadable: dict[str, str] = {}  # key -> why its file cannot be read
        self.pruned = 0
        self.problems: list[str] = []  # entries of the directory that are not recordings
        self._is_worker = hasattr(config, "workerinput")

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> Generator[None, object, object]:
        self.judges.set_current_test(item.nodeid)
        try:
            return (yield)
        finally:
            self.judges.set_current_test(None)

    @pytest.hookimpl
    def pytest_deselected(self, items: list[pytest.Item]) -> None:
        self.seen.deselect(items)

    @pytest.hookimpl
    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        self.seen.collected(report)

    @pytest.hookimpl
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if self._is_worker:
            return
        self.seen.add(report)

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: object | None) -> None:
        """Merge what a finished worker used; a crashed worker's use is lost, so nothing is
        pruned after it."""
        if error is not None:
            self.lost_worker = True
        output = getattr(node, "workeroutput", None) or {}
        if WORKER_OUTPUT_KEY not in output and error is None:
            self.lost_worker = True
        self.use.merge(RecordingsUse.from_data(output.get(WORKER_OUTPUT_KEY)))

    @pytest.hookimpl(tryfirst=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        self.use.merge(self.judges.recordings_use())
        if self._is_worker:
            output: dict[str, Any] = getattr(self.config, "workeroutput", {})
            output[WORKER_OUTPUT_KEY] = self.use.to_data()
            return
        from pytest_faithful.cache.recordings import RecordingStore

        store = RecordingStore(self.directory)
        keys = store.stored_keys(self.problems)
        self.total = len(keys)
        self.run_judges = self._run_judges()
        # Files a check asked for but could not read (and did not record again), whatever
        # the run's filters: the reason is the one the check got, with its request at hand.
        listed = set(keys)
        self.unreadable = {k: why for k, why in self.use.refused.items() if k in listed}
        self._name_tests(store, [key for key in keys if key in self.use.written])
        not_asked = self._check_readable(store, [key for key in keys if key not in self.use.used])
        theirs = [(key, test) for key, test, made_by in not_asked if made_by in self.use.recorders]
        for _, _, made_by in not_asked:
            if made_by not in self.use.recorders:
                self.others[made_by] = self.others.get(made_by, 0) + 1
        self.replayed_nothing = (
            self.judges.record_mode == "none"
            and bool(self.run_judges)
            and not self.use.used
            and bool(self.others)
        )
        if self.replayed_nothing and session.exitstatus == pytest.ExitCode.OK:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED
        reason = filter_reason(self.config, session, self.seen.deselected) or part_reason(
            self.config, self.seen
        )
        if self.judges.record_mode == "off":
            reason = "record mode off reads no recordings"
        elif self.lost_worker:
            reason = "a worker ended without reporting what it used"
        self.skipped_reason = reason
        if reason is not None:
            return
        self.unused = [(key, test) for key, test in theirs if self._could_have_used(test)]
        if self.options.prune:
            self.pruned = sum(store.remove(key) for key, _ in self.unused)

    def _name_tests(self, store: RecordingStore, written: list[str]) -> None:
        """Make each recording this run wrote name the smallest id of the tests that asked for
        it, so that recording the same replies again gives the same bytes whichever test,
        worker or order wrote it last. Only what this run wrote: a replay never writes."""
        from pytest_faithful.cache.recordings import RecordingRefused

        for key in written:
            test = self.use.askers.get(key)
            if test is None:
                continue
            # A repeated test's runs name their test, whatever its number of runs.
            test = without_run(test)
            try:
                store.name_test(key, test)
            except RecordingRefused as exc:
                self.problems.append(f"cannot name {test} in {key[:2]}/{key}.json: {exc}")

    def _check_readable(
        self, store: RecordingStore, keys: list[str]
    ) -> list[tuple[str, str | None, str | None]]:
        """``(key, test, judge that recorded it)`` for each readable file of ``keys``; the
        others go to ``unreadable`` with the reason, never to be pruned."""
        from pytest_faithful.cache.recordings import RecordingRefused

        readable: list[tuple[str, str | None, str | None]] = []
        for key in keys:
            try:
                readable.append((key, *store.origin(key)))
            except RecordingRefused as exc:
                self.unreadable[key] = str(exc)
        return readable

    def _could_have_used(self, test: str | None) -> bool:
        """Whether a check of this run would have used a readable recording made by ``test``
        (with a judge this run used)."""
        if test is None:  # made outside pytest: tests of the whole suite must have run
            return bool(self.seen.files)
        if test in self.seen.unfinished:
            return False  # it stopped before its checks, or was skipped here
        test_file = test.split("::", 1)[0]
        return test_file in self.seen.files or not (self.config.rootpath / test_file).exists()

    @pytest.hookimpl
    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        if self._is_worker:
            return
        for line in self.summary_lines(self.config.get_verbosity() > 0):
            terminalreporter.write_line(line)

    def summary_lines(self, verbose: bool = False) -> list[str]:
        head = f"faithful recordings {self.directory}: {counted(self.total, 'file')}"
        problems = [f"  {problem} (left alone)" for problem in self.problems]
        problems += [
            f"  UNREADABLE {key[:2]}/{key}.json: {reason} (never pruned: mend it, or delete "
            "it and record it again)"
            for key, reason in sorted(self.unreadable.items())
        ]
        problems += self._other_judges_lines()
        if self.skipped_reason is not None:
            lines = [f"{head}; unused ones not looked for: {self.skipped_reason}", *problems]
            if self.options.prune:
                lines.append(
                    "  not pruned: only a run of the whole suite that finishes can tell which "
                    "recordings no check uses"
                )
            return lines
        counts = f"{len(self.use.used)} used by this run, {len(self.unused)} unused"
        if self.unreadable:
            counts += f", {len(self.unreadable)} unreadable"
        kept = sum(self.others.values())
        if kept:
            counts += f", {kept} kept as other judges' recordings"
        lines = [f"{head}, {counts}", *problems]
        shown = self.unused if verbose else self.unused[:_SHOWN]
        verb = "PRUNED" if self.pruned else "UNUSED"
        for key, test in shown:
            origin = f" (recorded by {test})" if test else ""
            lines.append(f"  {verb} {key[:2]}/{key}.json{origin}")
        if len(shown) < len(self.unused):
            lines.append(f"  ... and {len(self.unused) - len(shown)} more (-v lists them all)")
        if self.unused and not self.options.prune:
            lines.append("  to delete them: rerun the whole suite with --faith-prune-recordings")
        if self.options.prune:
            lines.append(f"  pruned {counted(self.pruned, 'unused recording')}")
        return lines

    def _other_judges_lines(self) -> list[str]:
        """The files no check asked for that judges this run did not use recorded (kept), and
        why a replay-only run that replayed none of them failed."""
        used = ", ".join(self.run_judges) or "no judge"
        lines = []
        for made_by, count in sorted(self.others.items(), key=lambda item: (-item[1], str(item))):
            if made_by is None:
                lines.append(
                    f"  KEPT {count} that do not say which judge recorded them (exported from "
                    "a diskcache): never pruned; delete them by hand if they are stale"
                )
            else:
                lines.append(
                    f"  KEPT {count} recorded by {made_by}; this run uses {used}: never pruned "
                    "by a run that does not use that judge"
                )
        if self.replayed_nothing:
            named = [made_by for made_by in self.others if made_by is not None]
            pin = f" (--faith-judge={named[0]}, or faith_judge in the ini file)" if named else ""
            lines.append(
                f"  FAILED: record mode none replayed none of these recordings: this run uses "
                f"{used}, which recorded none of them. Pin the judge that recorded them{pin}."
            )
        return lines

    @pytest.hookimpl
    def pytest_report_header(self) -> list[str]:
        """Say before any test runs when the run's judge recorded none of the recordings."""
        if self._is_worker:
            return []
        if self.judges.record_mode == "off":
            return []
        from pytest_faithful.cache.recordings import RecordingStore

        # Read until a file the run's judge recorded: every one only when none is (a replay of
        # 20,000 recordings read them all before its first test, 7 s, to print nothing).
        made_by: dict[str, int] = {}
        judge_id: str | None = None
        for recorder in RecordingStore(self.directory).recorders():
            judge_id = judge_id or self._default_judge()
            if judge_id is None or records_for(judge_id, recorder):
                return []
            made_by[recorder] = made_by.get(recorder, 0) + 1
        if not made_by:
            return []
        shown = ", ".join(
            f"{recorder} ({counted(count, 'file')})"
            for recorder, count in sorted(made_by.items(), key=lambda item: (-item[1], item[0]))
        )
        return [
            f"faithful: WARNING: the recordings in {self.directory} were recorded by {shown}; "
            f"this run uses {judge_id}, so none of them will be replayed (pin the judge with "
            "--faith-judge or faith_judge)"
        ]
