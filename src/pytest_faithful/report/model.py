"""The report of a run: built once from the check records and the run's settings, then rendered
as terminal text, JSON, HTML and Markdown. No pytest here.

Checks are kept in one canonical order, by test id (node id, then the check's index within the
test), so two runs of the same suite list them identically whatever the scheduling (serial or
pytest-xdist). Renderers that show the worst first sort their own view (``worst_first``).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Literal

from pydantic import Field

from pytest_faithful.cost.spend import Spend
from pytest_faithful.models import (
    FaithfulnessResult,
    FrozenModel,
    MetricName,
    MetricResult,
    Usage,
    VerdictCounts,
)
from pytest_faithful.report.baseline import BaselineSummary
from pytest_faithful.report.cost_summary import CostSummary
from pytest_faithful.report.not_judged import NotJudged as NotJudged
from pytest_faithful.report.not_judged import summarize_not_judged
from pytest_faithful.report.pass_rates import PassRate, in_xfail_tests, pass_rates
from pytest_faithful.report.records import CheckRecord, ErrorKind, MetricRecord, Repetition
from pytest_faithful.report.totals import Counts, Totals, is_expected, is_failed_run, totals
from pytest_faithful.vocab import ScoringPolicy

SCHEMA_VERSION: Literal[1] = 1

CheckStatus = Literal["passed", "failed", "errored", "estimated"]
BADGES: dict[str, str] = {
    "passed": "PASS",
    "failed": "FAIL",
    "errored": "ERROR",
    "estimated": "EST",
}
_RANK = {"errored": 0, "failed": 1, "estimated": 2, "passed": 3}
"""How a status is shown on a check's badge (HTML report), faithfulness and metric checks alike."""
Outcome = Literal["passed", "failed", "skipped", "xfailed", "xpassed"]


class JudgeInfo(FrozenModel):
    """A judge that gave verdicts in this run, described from its id (``kind:model/version``)."""

    id: str
    kind: str = Field(description="What comes before ':' (or before '/' when there is no ':').")
    version: str | None = Field(description="What follows the last '/' of the id.")
    prompt_version: str | None = Field(
        description="The prompt version of an LLM judge; null for a heuristic judge (no prompt)."
    )
    heuristic: bool | None = Field(
        description="True when verdicts come from a heuristic, not a model; null when every "
        "check of this judge errored."
    )

    @classmethod
    def from_id(cls, judge_id: str, heuristic: bool | None) -> JudgeInfo:
        head, slash, version = judge_id.rpartition("/")
        if not slash:
            head, version = judge_id, ""
        kind = head.split(":", 1)[0] if ":" in head else head.split("/", 1)[0]
        return cls(
            id=judge_id,
            kind=kind,
            version=version or None,
            prompt_version=None if heuristic else (version or None),
            heuristic=heuristic,
        )


class Defaults(FrozenModel):
    """The run-wide check settings (command line > ini > built-in); a marker or a call may
    override them for a check, whose own settings are in its result."""

    threshold: float
    scoring: ScoringPolicy
    allow_contradictions: bool


class RunInfo(FrozenModel):
    generator: str = Field(description="'pytest-faithful <version>'.")
    default_judge: str = Field(description="The judge a check gets when nothing selects one.")
    judges: tuple[JudgeInfo, ...] = Field(description="Judges that checked something, by id.")
    record_mode: str
    defaults: Defaults


class CheckEntry(FrozenModel):
    """One ``assert_faithful`` call."""

    test_id: str = Field(description="nodeid, plus ' #index' for a test's later checks.")
    nodeid: str
    index: int = Field(ge=0, description="0 for a test's first check, 1 for its second, ...")
    path: str | None = Field(description="The test file, relative to the rootdir ('/' separated).")
    line: int | None = Field(
        description="1-based line of the assert_faithful call in that file (of the test "
        "function when the call could not be located)."
    )
    status: CheckStatus
    test_outcome: Outcome | None = Field(
        description="How the test itself ended (a failed check in an xfail test is 'xfailed')."
    )
    judge_id: str
    question: str | None
    answer: str | None
    contexts: tuple[str, ...] | None = Field(description="The passages, in the order passed.")
    sources: tuple[str | None, ...] | None = Field(
        default=None,
        description="Each passage's source, in the order of `contexts`, when they were given "
        "as documents with one (metadata source, file_path, file_name or id; the document's id "
        "or node_id); null when no passage had one.",
    )
    error: str | None = Field(description="Why the check has no result (errored).")
    error_kind: ErrorKind | None = Field(
        default=None,
        description="Errored checks: 'judge' (the judge gave no usable verdicts), "
        "'judge_unavailable' (the judge could not answer at all), 'budget' (a live call "
        "could pass --faith-max-cost) or 'exception' (another exception escaped the judge "
        "or the verifier).",
    )
    counts: VerdictCounts | None
    result: FaithfulnessResult | None
    cost: Spend | None = Field(
        default=None, description="Its judge calls and their dollars; null when not metered."
    )
    repeat: Repetition | None = Field(
        default=None, description="A check of a repeated test: its run (null: not repeated)."
    )

    @property
    def failing(self) -> bool:
        """The check did not pass (failed or errored), whether or not its test expected it."""
        return self.status in ("failed", "errored")

    @property
    def expected(self) -> bool:
        """An expected failure: the check did not pass, and its test did not fail (a failed
        run of a repeated check is not: its pass rate decides)."""
        return is_expected(self.status, self.test_outcome, self.repeat)

    @property
    def failed_run(self) -> bool:
        """A check that failed in a run of a repeated test: its pass rate decides."""
        return is_failed_run(self.status, self.test_outcome, self.repeat)

    @property
    def contradicted(self) -> bool:
        return self.counts is not None and self.counts.contradicted > 0

    def sort_key(self) -> tuple[int, float, str, int]:
        return _sort_key(self.status, self.expected, self.result, self.nodeid, self.index)


def _sort_key(
    status: str,
    expected: bool,
    result: FaithfulnessResult | MetricResult | None,
    nodeid: str,
    index: int,
) -> tuple[int, float, str, int]:
    """Errored, failed, expected failures and estimates, passed; the lowest score first."""
    rank = 2 if expected else _RANK[status]
    score = -1.0 if result is None else result.score
    return (rank, score, nodeid, index)


class LostTest(FrozenModel):
    """A test pytest reports as failed because its pytest-xdist worker crashed running it."""

    nodeid: str
    reason: str = Field(description="pytest-xdist's message (\"worker 'gw1' crashed while ...\").")
    fixtures: tuple[str, ...] = Field(
        description="This plugin's fixtures the test requested, as its worker said when the "
        "test's setup ended (each stands as one errored check: 'worker_crashed'); empty when "
        "it requested none, or crashed in its setup."
    )
    set_up: bool = Field(
        default=True,
        description="Whether the test's setup had ended when its worker crashed; if not, "
        "which fixtures it requested is not known.",
    )
    errored: int = Field(
        default=0,
        ge=0,
        description="How many errored entries (error_kind 'worker_crashed') stand for its "
        "lost checks: one per fixture whose metric is known (assert_retrieval's is not).",
    )

    def describe(self) -> str:
        if self.fixtures:
            checks = "check" if self.errored == 1 else "checks"
            what = (
                f"its checks were lost with the worker ({', '.join(self.fixtures)}: counted as "
                f"{self.errored} errored {checks})"
            )
        elif self.set_up:
            what = "it requested none of this plugin's fixtures"
        else:
            what = "it crashed in its setup: any check it ran there was lost with the worker"
        return f"{self.nodeid} lost with a crashed xdist worker: {self.reason}; {what}"


class MetricEntry(FrozenModel):
    """One metric check: ``assert_relevant``, ``assert_reference``, or one of the (up to two)
    metrics an ``assert_retrieval`` call checked."""

    metric: MetricName
    test_id: str = Field(description="nodeid, plus ' #index' for a test's later checks.")
    nodeid: str
    index: int = Field(ge=0, description="Counts the test's calls of this metric's fixture.")
    path: str | None
    line: int | None
    status: CheckStatus
    test_outcome: Outcome | None
    judge_id: str
    question: str | None
    answer: str | None
    reference: str | None = Field(description="The golden answer, when the check had one.")
    contexts: tuple[str, ...] | None
    sources: tuple[str | None, ...] | None = Field(
        default=None,
        description="Each passage's source, in the order of `contexts`, when they were given "
        "as documents with one (metadata source, file_path, file_name or id; the document's id "
        "or node_id); null when no passage had one.",
    )
    error: str | None
    error_kind: ErrorKind | None
    result: MetricResult | None
    cost: Spend | None = Field(
        default=None, description="Its judge calls and their dollars; null when not metered."
    )

    @property
    def failing(self) -> bool:
        return self.status in ("failed", "errored")

    @property
    def expected(self) -> bool:
        """An expected failure: the check did not pass, and its test did not fail."""
        return is_expected(self.status, self.test_outcome)

    def sort_key(self) -> tuple[int, float, str, int]:
        return _sort_key(self.status, self.expected, self.result, self.nodeid, self.index)


class MetricTotals(FrozenModel):
    """A metric's checks in this run."""

    metric: MetricName
    checks: int = Field(ge=0)
    passed: int = Field(ge=0)
    failed: int = Field(ge=0, description="Failed checks in tests that failed.")
    errored: int = Field(ge=0, description="Errored checks in tests that failed.")
    xfailed: int = Field(
        default=0, ge=0, description="Checks that did not pass in tests that did not fail."
    )
    estimated: int = Field(default=0, ge=0, description="--faith-estimate: checks estimated.")
    mean_score: float | None = Field(description="Over checks with a score; null if none.")
    usage: Usage
    heuristic: bool = Field(description="True when some verdicts were heuristic.")


METRIC_ORDER: tuple[MetricName, ...] = (
    "answer_relevancy",
    "context_precision",
    "context_recall",
    "reference",
)


class FaithReport(FrozenModel):
    schema_version: Literal[1] = SCHEMA_VERSION
    run: RunInfo
    totals: Totals
    checks: tuple[CheckEntry, ...]
    baseline: BaselineSummary | None = Field(
        default=None, description="The regression baseline comparison, when one was used."
    )
    not_judged: tuple[NotJudged, ...] = Field(
        default=(), description="Per judge that was unavailable: the checks it left unjudged."
    )
    metrics: tuple[MetricEntry, ...] = Field(
        default=(),
        description="The metric checks beside faithfulness (answer relevancy, context "
        "precision and recall, reference checks), by metric, then test id.",
    )
    metric_totals: tuple[MetricTotals, ...] = Field(
        default=(), description="Per metric that ran: its checks, outcomes and cost."
    )
    cost: CostSummary | None = Field(
        default=None,
        description="What the judge calls cost in US dollars, by run and by test; null when "
        "no check was metered.",
    )
    lost_tests: tuple[LostTest, ...] = Field(
        default=(),
        description="Tests whose pytest-xdist worker crashed while running them, by node id.",
    )
    pass_rates: tuple[PassRate, ...] = Field(
        default=(),
        description="Each check of a repeated test (repeat=N): its runs' pass rate, Wilson 95% "
        "interval and verdict against its min_pass_rate; by test id.",
    )

    def worst_first(self) -> list[CheckEntry]:
        """Errored, then failed, then passed checks; lowest score first within each."""
        return sorted(self.checks, key=CheckEntry.sort_key)

    def heuristic_share(self) -> tuple[int, int]:
        """(checks whose verdicts were heuristic, checks judged); an errored check has none."""
        judged = [c.result for c in self.checks if c.result is not None]
        return sum(r.heuristic for r in judged), len(judged)

    def counts(self) -> Counts:
        """How every check ended, faithfulness and metrics together (headlines, HTML tiles)."""
        below = sum(rate.failing for rate in self.pass_rates)
        regressed = 0 if self.baseline is None else len(self.baseline.failing())
        return Counts.of(
            [*self.checks, *self.metrics],
            lost=len(self.lost_tests),
            rates_failed=below,
            regressed=regressed,
        )

    def metric_sections(self) -> list[tuple[MetricName, list[MetricEntry]]]:
        """Each metric that ran with its checks, worst first."""
        return [
            (metric, sorted(entries, key=MetricEntry.sort_key))
            for metric in METRIC_ORDER
            if (entries := [e for e in self.metrics if e.metric == metric])
        ]


def _entry(record: CheckRecord, outcome: Outcome | None) -> CheckEntry:
    status: CheckStatus = record.status  # type: ignore[assignment]
    return CheckEntry(
        test_id=record.test_id,
        nodeid=record.nodeid,
        index=record.index,
        path=record.path,
        line=record.line,
        status=status,
        test_outcome=outcome,
        judge_id=record.judge_id,
        question=record.question,
        answer=record.answer,
        contexts=record.contexts,
        sources=record.sources,
        error=record.error,
        error_kind=record.error_kind,
        counts=None if record.result is None else record.result.counts,
        result=record.result,
        cost=record.cost,
        repeat=record.repeat,
    )


def _metric_entry(record: MetricRecord, outcome: Outcome | None) -> MetricEntry:
    status: CheckStatus = record.status  # type: ignore[assignment]
    return MetricEntry(
        **{k: v for k, v in dict(record).items() if k != "estimated"},
        test_id=record.test_id,
        status=status,
        test_outcome=outcome,
    )


def _metric_totals(entries: Sequence[MetricEntry]) -> tuple[MetricTotals, ...]:
    found = []
    for metric in METRIC_ORDER:
        mine = [e for e in entries if e.metric == metric]
        if not mine:
            continue
        scored = [e.result for e in mine if e.result is not None]
        usage = Usage()
        for result in scored:
            usage = usage + result.usage
        found.append(
            MetricTotals(
                metric=metric,
                checks=len(mine),
                passed=sum(e.status == "passed" for e in mine),
                failed=sum(e.status == "failed" and not e.expected for e in mine),
                errored=sum(e.status == "errored" and not e.expected for e in mine),
                xfailed=sum(e.expected for e in mine),
                estimated=sum(e.status == "estimated" for e in mine),
                mean_score=sum(r.score for r in scored) / len(scored) if scored else None,
                usage=usage,
                heuristic=any(r.heuristic for r in scored),
            )
        )
    return tuple(found)


def _judges(records: Iterable[CheckRecord | MetricRecord]) -> tuple[JudgeInfo, ...]:
    heuristic: dict[str, bool | None] = {}
    for record in records:
        if record.error_kind == "worker_crashed":  # stands for lost checks: no judge known
            continue
        seen = heuristic.get(record.judge_id)
        if record.result is not None:
            seen = bool(seen) or record.result.heuristic
        heuristic[record.judge_id] = seen
    return tuple(JudgeInfo.from_id(jid, heuristic[jid]) for jid in sorted(heuristic))


def build_report(
    records: Sequence[CheckRecord],
    *,
    generator: str,
    default_judge: str,
    record_mode: str,
    defaults: Defaults,
    outcomes: Mapping[str, Outcome] | None = None,
    baseline: BaselineSummary | None = None,
    first_failures: Collection[tuple[str, int]] = (),
    metric_records: Sequence[MetricRecord] = (),
    cost: CostSummary | None = None,
    lost_tests: Sequence[LostTest] = (),
    expected_runs: Collection[str] = (),
) -> FaithReport:
    """The one report object every renderer reads. ``expected_runs``: the node ids of
    repeated tests' runs that were xfail tests (their pass rates are expected failures)."""
    outcomes = outcomes or {}
    ordered = sorted(in_xfail_tests(records, expected_runs), key=lambda r: (r.nodeid, r.index))
    metric_entries = tuple(
        _metric_entry(r, outcomes.get(r.nodeid))
        for r in sorted(
            metric_records, key=lambda r: (METRIC_ORDER.index(r.metric), r.nodeid, r.index)
        )
    )
    return FaithReport(
        run=RunInfo(
            generator=generator,
            default_judge=default_judge,
            judges=_judges([*ordered, *(r for r in metric_records if r.metric != "reference")]),
            record_mode=record_mode,
            defaults=defaults,
        ),
        totals=totals(ordered, outcomes),
        checks=tuple(_entry(r, outcomes.get(r.nodeid)) for r in ordered),
        baseline=baseline,
        not_judged=summarize_not_judged(ordered, first_failures),
        metrics=metric_entries,
        metric_totals=_metric_totals(metric_entries),
        cost=cost,
        lost_tests=tuple(sorted(lost_tests, key=lambda t: t.nodeid)),
        pass_rates=pass_rates(ordered),
    )


def outcome_of(outcome: str, wasxfail: bool) -> Outcome:
    """How a test ended, from its call-phase report's ``outcome`` and ``wasxfail``."""
    if wasxfail:
        return "xfailed" if outcome == "skipped" else "xpassed"
    if outcome in ("passed", "failed", "skipped"):
        return outcome  # type: ignore[return-value]
    return "failed"
