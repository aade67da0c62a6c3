"""The per-run session object: judges built once, results gathered, the summary written.

Registered as a plugin in ``pytest_configure`` and kept in ``config.stash``; there is no module
state. The fixture hands each check's record to the session of its own process. Under xdist
every worker has one (for its judges and its records) and sends its records to the controller
as plain JSON data with the report of the test phase that made them (an attribute of the
``TestReport``, which xdist serializes whole); the controller takes them off the report in
``pytest_runtest_logreport``. So a worker that crashes loses at most the checks of the test it
was running: xdist reports that test as failed ("worker 'gw0' crashed while running ..."),
and the reports name it and count one errored check for each of this plugin's fixtures it
requested (its setup report says which). Records made outside any test phase still travel in
``config.workeroutput`` when the worker's session ends. The reports sort records by test id,
so they are the same whether or not the run was distributed.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import tempfile
import threading
from collections.abc import Generator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from pytest_faithful.cache.invocation import Invocation
from pytest_faithful.errors import judge_name, visible
from pytest_faithful.judges.registry import JudgeRegistry
from pytest_faithful.judges.resources import JudgeOptions
from pytest_faithful.plugin.cost import LEDGER_INPUT
from pytest_faithful.plugin.declared import FIXTURE_METRICS, MARKER, METRIC_MARKERS
from pytest_faithful.plugin.options import asking_options
from pytest_faithful.plugin.repeats import EXPECTED_RUNS
from pytest_faithful.plugin.secrets import SecretsSeen
from pytest_faithful.plugin.seen import runs_no_test
from pytest_faithful.redaction import redact
from pytest_faithful.report import github

# Judges, records and report writers load when a check runs or a report is built: a run that
# checks nothing does not import pydantic.
if TYPE_CHECKING:
    from pytest_faithful.check import ClaimMemo
    from pytest_faithful.judges.base import Judge
    from pytest_faithful.plugin.baseline import BaselineSession
    from pytest_faithful.plugin.declared import RunOptions
    from pytest_faithful.plugin.recordings import RecordingsSession
    from pytest_faithful.report.model import FaithReport, LostTest
    from pytest_faithful.report.records import CheckRecord, MetricRecord

WORKER_OUTPUT_KEY = "pytest_faithful.checks"
"""Where a worker's check records travel to the controller, in ``config.workeroutput``."""

REPORT_ATTRIBUTE = "pytest_faithful_checks"
"""The ``TestReport`` attribute that carries a test phase's records from a worker."""

OPTIONS_INPUT = "pytest_faithful.asking_options"
"""Where a worker finds the options the run was given that decide its judge calls."""


class FaithSession:
    def __init__(self, config: pytest.Config, registry: JudgeRegistry, options: RunOptions) -> None:
        self.config = config
        self.registry = registry
        self.options = options
        # The judge of a check that names none, decided once per run (the environment's keys
        # are read at start-up, so every check and the header agree).
        self.default_judge = registry.choose(None)
        self.records: list[CheckRecord] = []
        self.metric_records: list[MetricRecord] = []
        self.earlier_attempts: list[CheckRecord | MetricRecord] = []  # plugin/attempts.py
        # An answer's claims, extracted once a process for faithfulness and relevancy alike.
        self._claim_memo: ClaimMemo | None = None
        # (nodeid, index) of the first check in each process that found a judge unavailable:
        # the one whose error explains why; the judge failed its later checks at once.
        self.first_failures: set[tuple[str, int]] = set()
        self._unavailable: set[str] = set()  # judge ids this process found unavailable
        self._judges: dict[str, Judge] = {}
        self._judges_lock = threading.Lock()  # a test's checks may run in several threads
        self._is_worker = hasattr(config, "workerinput")
        # The run's budget file, shared by xdist workers: made by the controller for its
        # first worker; a worker reads its path from workerinput.
        self._ledger_dir: Path | None = None
        worker = getattr(config, "workerinput", {})
        ledger = worker.get(LEDGER_INPUT)
        self._invocation = Invocation(
            config.invocation_params.dir,
            config.rootpath,
            tuple(worker.get(OPTIONS_INPUT, asking_options(config.invocation_params.args))),
        )
        self._judge_options = JudgeOptions(
            options.cache_dir,
            options.record_mode,
            options.llm,
            options.local,
            recordings_dir=options.recordings.directory,
            invocation=self._invocation,
            cost=options.cost,
            ledger_path=Path(ledger) if ledger else None,
            ledger_holder=worker.get("workerid"),
        )
        # The metrics' thresholds from the command line (first) or the ini file.
        self.metric_thresholds: dict[str, Any] = dataclasses.asdict(options.metrics)
        # nodeid -> (outcome, wasxfail) of its call phase: how the test ended, for the reports.
        # Kept raw, so that a run without checks never imports the report model (pydantic).
        self.outcomes: dict[str, tuple[str, bool]] = {}
        self._sent = (0, 0)  # worker: how many records went out with earlier reports
        self.secrets = SecretsSeen()  # the keys the checks ran with, for the end's reports
        # Controller: this plugin's fixtures each running test requested (from its setup
        # report), and the tests whose worker crashed while running them, with xdist's message.
        self._requested: dict[str, tuple[str, ...]] = {}
        self._set_up: set[str] = set()  # tests whose setup report came, until their teardown's
        self.lost: dict[str, tuple[str, tuple[str, ...], bool]] = {}
        self.report: FaithReport | None = None  # built once, on the controller, at session end
        self.report_problems: list[str] = []
        self.reports_written: list[str] = []  # what the terminal says it wrote

    def judge_for(self, spec: str | None) -> Judge:
        key = spec or self.default_judge
        with self._judges_lock:
            judge = self._judges.get(key)
            if judge is None:
                judge = self._judges[key] = self.registry.build(key, self._judge_options)
        return judge

    def close(self) -> None:
        self._judge_options.close()
        # Let go of the records now, not at exit: pytest collects garbage at unconfigure and
        # Python at exit, each pass walking every record (after 1,000 checks, ~0.1 s).
        self.records.clear()
        self.metric_records.clear()
        self.earlier_attempts.clear()
        self.outcomes.clear()
        self._claim_memo = None
        self.report = None
        if self._ledger_dir is not None:
            shutil.rmtree(self._ledger_dir, ignore_errors=True)

    @pytest.hookimpl(optionalhook=True)
    def pytest_configure_node(self, node: Any) -> None:
        """xdist: give each worker the options the run was given that decide its judge calls
        (a worker's own command line is empty), for the command a missed recording prints,
        and the run's ledger file (``--faith-max-cost``, ``--faith-estimate``), so that the budget
        and the estimate are the run's, whichever worker asks."""
        node.workerinput[OPTIONS_INPUT] = list(self._invocation.options)
        if self.options.cost.max_cost is None and not self.options.cost.estimate:
            return
        if self._ledger_dir is None:
            from pytest_faithful.cost.ledger import FileLedger

            self._ledger_dir = Path(tempfile.mkdtemp(prefix="faith-budget-"))
            FileLedger(self._ledger_dir / "ledger.sqlite3")
        node.workerinput[LEDGER_INPUT] = str(self._ledger_dir / "ledger.sqlite3")

    @property
    def judge_options(self) -> JudgeOptions:
        """What this process's judges share: the call store, the runner, loaded models."""
        return self._judge_options

    def judges_used(self) -> list[str]:
        """The ids of the judges whose checks ran in this process (and, on the controller,
        in every worker that reported)."""
        used = {r.judge_id for r in self.records}
        used |= {r.judge_id for r in self.metric_records if r.judge_id}
        return sorted(used)

    def default_judge_id(self) -> str | None:
        """The id of the judge a check that names none uses; None if it cannot be built
        (the header says why)."""
        try:
            return judge_name(self.judge_for(self.configured_judge() or self.default_judge))
        except Exception:
            return None

    def configured_judge(self) -> str | None:
        """The judge spec set on the command line or in the ini file, if any."""
        spec = self.options.cli_layer.get("judge") or self.options.ini_layer.get("judge")
        return str(spec) if spec else None

    @pytest.hookimpl
    def pytest_report_header(self) -> list[str]:
        spec = self.configured_judge() or self.default_judge
        origin = "" if self.configured_judge() else " (default: no judge configured)"
        try:
            judge = self.judge_for(spec)
        except Exception as exc:  # the header must not crash the run; the checks will report it
            # The spec and the error may hold a base URL with credentials in it.
            described = redact(f"judge: {spec} (cannot be built: {exc})")
        else:
            from pytest_faithful.report.failure import judge_line

            described = judge_line(judge_name(judge), judge.heuristic)
        recordings = self.options.recordings.directory
        if self.options.record_mode == "off":
            store = "no cache: judge calls are neither replayed nor recorded"
        elif recordings is not None:
            store = f"recordings {recordings}"
        else:
            store = f"cache {self.options.cache_dir}"
        return [
            f"faithful: {described}{origin}",
            f"faithful: record mode {self.options.record_mode}; {store}",
        ]

    @pytest.hookimpl(wrapper=True)
    def pytest_make_collect_report(
        self, collector: pytest.Collector
    ) -> Generator[None, pytest.CollectReport, pytest.CollectReport]:
        """Check the plugin's markers on the tests a collector found: an invalid one fails
        the collector (listing every problem), whether or not its test uses the fixture."""
        report = yield
        if not report.passed:
            return report
        marked = [
            node
            for node in report.result
            if isinstance(node, pytest.Item)
            and any(node.get_closest_marker(name) for name in (MARKER, *METRIC_MARKERS))
        ]
        if not marked:
            return report
        from pytest_faithful.plugin.markers import collection_problems

        problems = collection_problems(marked, self.registry)
        if not problems:
            return report
        return pytest.CollectReport(
            report.nodeid, "failed", "\n".join(problems), [], sections=report.sections
        )

    def add(self, record: CheckRecord) -> None:
        """Keep a check's record; the fixture calls this in the process that ran the check."""
        self.records.append(record)
        if record.error_kind == "judge_unavailable" and record.judge_id not in self._unavailable:
            self._unavailable.add(record.judge_id)
            self.first_failures.add((record.nodeid, record.index))

    def memo(self) -> ClaimMemo:
        """The run's claim memo (made on first use: it needs the verifier, and pydantic)."""
        if self._claim_memo is None:
            from pytest_faithful.check import ClaimMemo

            self._claim_memo = ClaimMemo()
        return self._claim_memo

    def add_metric(self, record: MetricRecord) -> None:
        """Keep a metric check's record (relevancy, precision, recall, reference)."""
        self.metric_records.append(record)
        if record.error_kind == "judge_unavailable" and record.judge_id not in self._unavailable:
            self._unavailable.add(record.judge_id)

    def _unsent(self) -> bool:
        """Whether this worker made records that have not gone out with a report yet."""
        return (len(self.records), len(self.metric_records)) != self._sent

    def _payload(self) -> dict[str, Any]:
        """The records made since the last report, as plain JSON data; marks them sent."""
        checks, metrics = self._sent
        records, metric_records = self.records[checks:], self.metric_records[metrics:]
        self._sent = (len(self.records), len(self.metric_records))
        return {
            "records": self.secrets.dumped(records),
            "metric_records": self.secrets.dumped(metric_records),
            "first_failures": sorted({(r.nodeid, r.index) for r in records} & self.first_failures),
        }

    def _merge(self, sent: dict[str, Any]) -> None:
        from pytest_faithful.report.records import CheckRecord, MetricRecord

        self.records.extend(CheckRecord.model_validate(data) for data in sent["records"])
        self.metric_records.extend(
            MetricRecord.model_validate(data) for data in sent.get("metric_records", ())
        )
        self.first_failures.update((nodeid, index) for nodeid, index in sent["first_failures"])

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(
        self, item: pytest.Item, call: pytest.CallInfo[None]
    ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
        """On a worker: the phase's records go with its report; the setup report also says
        which of this plugin's fixtures the test requested, in case its worker crashes."""
        report = yield
        self.secrets.note(len(self.records) + len(self.metric_records))  # a fixture's key too
        if not self._is_worker:
            return report
        payload = self._payload() if self._unsent() else {}
        if call.when == "setup":
            used = getattr(item, "fixturenames", ())  # a pytest.Function's; other items: none
            requested = [name for name in FIXTURE_METRICS if name in used]
            if requested:
                payload["fixtures"] = requested
        if payload:
            setattr(report, REPORT_ATTRIBUTE, payload)
        return report

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if self._is_worker:
            return
        # Taken off the report before other plugins read it (a report log would copy the
        # answers and contexts into its file).
        sent = report.__dict__.pop(REPORT_ATTRIBUTE, None)
        if sent:
            if sent.get("records") is not None:
                self._merge(sent)
            if sent.get("fixtures"):
                self._requested[report.nodeid] = tuple(sent["fixtures"])
        if report.when == "setup":
            self._set_up.add(report.nodeid)
        elif report.when == "teardown":
            self._requested.pop(report.nodeid, None)
            self._set_up.discard(report.nodeid)
        if report.when == "call":
            ended = (report.outcome, hasattr(report, "wasxfail"))
            # A test's subtests (pytest's ``subtests`` fixture) report their call phase under
            # the test's id before the test's own report, which still says passed when it
            # reaches this hook: pytest fails that test only as it prints it ("contains 1
            # failed subtest"). A failed call is not undone by a later passed one.
            if report.passed and self.outcomes.get(report.nodeid) == ("failed", False):
                ended = ("failed", False)
            self.outcomes[report.nodeid] = ended
        elif report.failed:
            # An error in setup or teardown (a check in a fixture that failed there) ends the
            # test as pytest shows it, an error, whatever its call did.
            self.outcomes[report.nodeid] = ("failed", False)

    @pytest.hookimpl(optionalhook=True)
    def pytest_handlecrashitem(self, crashitem: str, report: pytest.TestReport) -> None:
        """xdist: a worker crashed while running ``crashitem`` (pytest reports it failed)."""
        set_up = crashitem in self._set_up
        self._set_up.discard(crashitem)
        self.lost[crashitem] = (str(report.longrepr), self._requested.pop(crashitem, ()), set_up)

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: object | None) -> None:
        """Merge what a finished xdist worker still had to send (records made outside a test
        phase; the others came with their reports). A worker that crashed sends nothing."""
        output = getattr(node, "workeroutput", None) or {}
        sent = output.get(WORKER_OUTPUT_KEY)
        if sent:
            self._merge(sent)
        if error is not None and self._ledger_dir is not None:
            # Killed in the middle of a call, it never settled its reservations: the run's
            # budget gets them back (xdist starts another worker and the run goes on).
            from pytest_faithful.cost.ledger import FileLedger

            FileLedger(self._ledger_dir / "ledger.sqlite3").release(node.workerinput["workerid"])

    def _lost_records(self) -> tuple[list[CheckRecord], list[MetricRecord], list[LostTest]]:
        from pytest_faithful.plugin.lost import lost_records

        return lost_records(self.lost, self.records, self.metric_records, self._default_judge_id())

    def _default_judge_id(self) -> str:
        """The id of the judge a check gets when nothing selects one (its spec when it
        cannot be built: the header and the checks say why)."""
        spec = self.configured_judge() or self.default_judge
        try:
            return judge_name(self.judge_for(spec))
        except Exception:
            return redact(spec)  # a spec's base URL may carry credentials

    def build_report(self) -> FaithReport:
        """The run's report, as every renderer, the step summary and the annotations read it:
        without any run of a key's characters in the texts the tests checked."""
        from pytest_faithful.cost.prices import packaged_table
        from pytest_faithful.plugin.settings import resolve
        from pytest_faithful.report import outputs
        from pytest_faithful.report.cost_summary import summarize_cost
        from pytest_faithful.report.model import Defaults, build_report, outcome_of
        from pytest_faithful.report.records import without_secrets

        default_judge = self._default_judge_id()
        settings = resolve(self.options.cli_layer, self.options.ini_layer)
        baseline = self.config.stash.get(BASELINE_KEY, None)
        lost_checks, lost_metrics, lost_tests = self._lost_records()
        report = build_report(
            [*self.records, *lost_checks],
            generator=outputs.generator(),
            default_judge=default_judge,
            record_mode=self.options.record_mode,
            defaults=Defaults(
                threshold=settings.threshold,
                scoring=settings.scoring,
                allow_contradictions=settings.allow_contradictions,
            ),
            outcomes={nodeid: outcome_of(*ended) for nodeid, ended in self.outcomes.items()},
            baseline=baseline.summary() if baseline is not None else None,
            first_failures=self.first_failures,
            metric_records=[*self.metric_records, *lost_metrics],
            lost_tests=lost_tests,
            expected_runs=self.config.stash.get(EXPECTED_RUNS, ()),
            cost=summarize_cost(
                [*self.records, *self.metric_records, *self.earlier_attempts],
                prices_as_of=packaged_table().as_of,
                max_cost=self.options.cost.max_cost,
                estimate=self.options.cost.estimate,
            ),
        )
        return without_secrets(report, self.secrets.values)

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        """Build the report once and write the files (controller only). A file that cannot be
        written is reported in the summary and makes an otherwise green run exit 4.

        A worker sends its records instead, as plain JSON data that execnet can carry.
        """
        if self._is_worker:
            if self._unsent():
                output: dict[str, Any] = getattr(self.config, "workeroutput", {})
                output[WORKER_OUTPUT_KEY] = self._payload()
            return
        summary_file = os.environ.get("GITHUB_STEP_SUMMARY")
        wanted = (
            self.options.reports
            or self.options.cost.estimate
            or github.running_on_actions(os.environ)
        )
        checked = bool(self.records or self.metric_records or self.lost)
        if not (wanted or (summary_file and checked)):
            return
        idle = runs_no_test(self.config)
        if idle is not None and not checked:
            # An empty "no checks ran" report would replace the last real one.
            self.reports_written = [f"no report written: {idle} runs no check"]
            return
        from pytest_faithful.report import markdown, outputs

        self.report = self.build_report()
        written, self.report_problems = outputs.write_reports(
            self.report, self.options.report_files
        )
        self.reports_written = [f"wrote {path}" for path in written]
        if summary_file and checked:
            try:
                github.append_step_summary(markdown.render(self.report), Path(summary_file))
            except OSError as exc:
                self.report_problems.append(f"$GITHUB_STEP_SUMMARY {summary_file}: {exc}")
            else:
                self.reports_written.append(
                    f"appended the Markdown summary to $GITHUB_STEP_SUMMARY ({summary_file})"
                )
        if self.report_problems and session.exitstatus == pytest.ExitCode.OK:
            session.exitstatus = pytest.ExitCode.USAGE_ERROR

    @pytest.hookimpl
    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        if self._is_worker:
            return
        if self.report is not None and self.options.terminal_report:
            from pytest_faithful.report import terminal

            terminalreporter.write_sep("=", "faithfulness report")
            for line, markup in terminal.render_lines(self.report, self.config.get_verbosity()):
                terminalreporter.write_line(line, **markup)
        self._write_not_judged(terminalreporter)
        if self.report is None:
            for done in self.reports_written:  # why none was written, if one was asked for
                terminalreporter.write_line(visible(f"faithful: {done}"))
            return
        if self.options.cost.estimate:
            from pytest_faithful.report.costs import estimate_lines

            terminalreporter.write_sep("=", "faithfulness estimate")
            for line in estimate_lines(self.report):
                terminalreporter.write_line(line, yellow=True)
        if self.config.get_verbosity() > -2:
            for done in self.reports_written:
                terminalreporter.write_line(visible(f"faithful: {done}"))
        for problem in self.report_problems:
            terminalreporter.write_line(
                visible(f"faithful: ERROR: could not write report {problem}"), red=True, bold=True
            )
        if github.running_on_actions(os.environ):
            workspace = os.environ.get("GITHUB_WORKSPACE")
            for line in github.error_annotations(
                self.report, self.config.rootpath, Path(workspace) if workspace else None
            ):
                terminalreporter.write_line(line)

    def _write_not_judged(self, terminalreporter: pytest.TerminalReporter) -> None:
        """One line per unavailable judge, with or without --faith-report: a run whose judge
        could not answer must say so plainly, not only as a list of errored tests."""
        if not any(r.error_kind == "judge_unavailable" for r in self.records):
            return  # before the import: a quiet run loads no report module (test_startup)
        from pytest_faithful.report.not_judged import not_judged_lines

        reported = None if self.report is None else self.report.not_judged
        for line in not_judged_lines(reported, self.records, self.first_failures):
            terminalreporter.write_line(visible(f"faithful: {line}"), red=True, bold=True)


SESSION_KEY = pytest.StashKey[FaithSession]()
# The baseline gate, set in ``pytest_configure`` only when a baseline file is configured.
BASELINE_KEY: pytest.StashKey[BaselineSession] = pytest.StashKey()
# The recordings directory's session, set in ``pytest_configure`` only when one is configured.
RECORDINGS_KEY: pytest.StashKey[RecordingsSession] = pytest.StashKey()
