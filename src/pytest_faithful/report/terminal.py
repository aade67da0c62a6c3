"""The ``--faith-report`` terminal section: one row per check, worst first; why each failed
check failed, claim by claim; then the run's settings and totals.

Lines come with markup hints (``{"red": True}``) that pytest's terminal writer applies only when
it uses colour. How much is shown follows pytest's verbosity:

- ``-qq``: totals only;
- ``-q``: rows of the checks that did not pass, no claim lines;
- default: every row, and the unsupported claims of each failed check, long texts shortened;
- ``-v``: every claim of every check; ``-vv``: nothing shortened.
"""

from __future__ import annotations

from collections.abc import Sequence

from pytest_faithful.errors import MAX_QUOTE, shorten, visible
from pytest_faithful.models import Label
from pytest_faithful.report import costs, metric_sections
from pytest_faithful.report.failure import claim_line
from pytest_faithful.report.model import CheckEntry, FaithReport
from pytest_faithful.report.totals import outcome_tag

HEADERS = ("test", "score", "thr", "S/C/N", "status", "judge", "hits")
COST_HEADER = "cost"
"""The last column, when the run made or replayed judge calls (``FaithReport.cost``)."""
CLAIM_WIDTH = 100  # default verbosity; -v shows up to failure.MAX_QUOTE, -vv everything

Markup = dict[str, bool]
Line = tuple[str, Markup]

_STATUS_MARKUP: dict[str, Markup] = {
    "errored": {"red": True, "bold": True},
    "failed": {"red": True},
    "passed": {"green": True},
    "estimated": {"yellow": True},
}
_LABEL_MARKUP: dict[Label, Markup] = {
    Label.SUPPORTED: {"green": True},
    Label.CONTRADICTED: {"red": True},
    Label.NOT_ENOUGH_INFO: {"yellow": True},
}


def _claim_lines(check: CheckEntry, width: int | None, every: bool) -> list[Line]:
    result = check.result
    if result is None:
        return []
    verdicts = result.claim_verdicts if every else result.unsupported
    return [(claim_line(v, width), _LABEL_MARKUP[v.label]) for v in verdicts]


def _why(ordered: Sequence[CheckEntry], verbosity: int) -> list[Line]:
    """Why checks failed, claim by claim (-v: every check and every claim)."""
    width = CLAIM_WIDTH if verbosity <= 0 else (MAX_QUOTE if verbosity == 1 else None)
    lines: list[Line] = []
    for check in ordered:
        result = check.result
        if result is None:
            continue
        if result.passed and verbosity < 1:
            continue
        word = "PASS" if result.passed else "FAIL"
        lines.append(
            (f"{word} {check.test_id}: {result.explanation}", _STATUS_MARKUP[check.status])
        )
        lines.extend(_claim_lines(check, width, every=verbosity >= 1))
    return [("", {}), *lines] if lines else []


def _row(check: CheckEntry) -> tuple[str, ...]:
    result = check.result
    cost = costs.check_cost(check.cost)
    if result is None:
        status = "EST" if check.status == "estimated" else "ERROR"
        return (check.test_id, "-", "-", "-", status, check.judge_id, "-", cost)
    hits = f"{result.usage.cache_hits}/{result.usage.judge_calls}"
    status = "PASS" if result.passed else "FAIL"
    tags = [
        t
        for t in (
            "vacuous" * result.vacuous,
            outcome_tag(check.status, check.test_outcome, check.repeat),
        )
        if t
    ]
    if tags:
        status += f" ({'; '.join(tags)})"
    return (
        check.test_id,
        f"{result.score:.2f}",
        f"{result.threshold:.2f}",
        str(result.counts),
        status,
        check.judge_id,
        hits,
        cost,
    )


def _table(checks: Sequence[CheckEntry], with_cost: bool) -> list[Line]:
    width = len(HEADERS) + int(with_cost)
    rows = [(*HEADERS, COST_HEADER)[:width], *(_row(c)[:width] for c in checks)]
    widths = [max(len(row[i]) for row in rows) for i in range(width)]
    markups: list[Markup] = [{"bold": True}, *(_STATUS_MARKUP[c.status] for c in checks)]
    return [
        ("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip(), markup)
        for row, markup in zip(rows, markups, strict=True)
    ]


def totals_lines(report: FaithReport) -> list[str]:
    summary = report.totals
    mean = "-" if summary.mean_score is None else f"{summary.mean_score:.3f}"
    rate = summary.cache_hit_rate
    hit_rate = "-" if rate is None else f"{rate:.0%}"
    usage = summary.usage
    xfailed = f"xfailed: {summary.xfailed}  " if summary.xfailed else ""
    lines = [
        f"checks: {summary.checks}  passed: {summary.passed}  failed: {summary.failed}  "
        f"{xfailed}errored: {summary.errored}  mean score: {mean}  "
        f"contradictions: {summary.contradictions}",
        f"judge calls: {usage.judge_calls}  cache hits: {usage.cache_hits} ({hit_rate})  "
        f"tokens in/out: {usage.input_tokens}/{usage.output_tokens}",
        f"judges: {', '.join(summary.judges) or '-'}",
    ]
    if summary.estimated:
        lines[0] += f"  estimated: {summary.estimated}"
    if summary.failed_runs:
        lines[0] += f"  failed runs: {summary.failed_runs} (pass rates decide)"
    if report.cost is not None:
        lines.append(costs.run_line(report.cost))
        top = costs.expensive_tests(report.cost)
        if top:
            lines.append(f"most expensive tests: {', '.join(top)}")
    heuristic, judged = report.heuristic_share()
    if heuristic:
        share = "all" if heuristic == judged else f"{heuristic} of {judged}"
        checks = "checks" if judged == summary.checks else "judged checks"
        lines.append(
            "note: heuristic verdicts (lexical word overlap, not a model) were used for "
            f"{share} {checks}"
        )
    return lines


def run_notes(report: FaithReport) -> list[Line]:
    """What the run's checks add up to beyond the totals: the tests lost with a crashed
    worker, the expected failures."""
    lines: list[Line] = [
        (f"LOST {t.describe()}", _STATUS_MARKUP["errored"]) for t in report.lost_tests
    ]
    note = report.counts().expected_note()
    if note:
        lines.append((f"note: {note}", {"yellow": True}))
    return [("", {}), *lines] if lines else []


def settings_line(report: FaithReport) -> str:
    run = report.run
    defaults = run.defaults
    prompts = sorted({j.prompt_version for j in run.judges if j.prompt_version})
    contradictions = "allowed" if defaults.allow_contradictions else "not allowed"
    return (
        f"record mode: {run.record_mode}  prompt version: {', '.join(prompts) or '-'}  "
        f"defaults: threshold {defaults.threshold:.2f}, {defaults.scoring}, "
        f"contradictions {contradictions}"
    )


def _lines(report: FaithReport, verbosity: int) -> list[Line]:
    ordered = report.worst_first()
    summary = report.totals
    totals_markup: Markup = (
        {"red": True, "bold": True} if summary.failed or summary.errored else {"green": True}
    )
    footer: list[Line] = [
        ("", {}),
        *((line, totals_markup if i == 0 else {}) for i, line in enumerate(totals_lines(report))),
        (settings_line(report), {}),
    ]
    metrics = metric_sections.terminal_lines(report, verbosity)
    notes = run_notes(report)
    if verbosity <= -2:
        return [*footer[1:], *metrics, *notes]
    if not ordered:
        if report.metrics:
            return [*metrics, *notes]
        return [("no faithfulness checks ran", {}), *footer, *notes]
    shown = [c for c in ordered if c.failing] if verbosity < 0 else ordered
    lines = _table(shown, report.cost is not None) if shown else []
    if len(shown) < len(ordered):
        lines.append((f"({len(ordered) - len(shown)} passed checks not listed: -q)", {}))
    lines.extend(
        (f"ERROR {c.test_id}: {shorten(c.error or '', 200)}", _STATUS_MARKUP["errored"])
        for c in ordered
        if c.error
    )
    if verbosity >= 0:
        lines.extend(_why(ordered, verbosity))
    return [*lines, *footer, *metrics, *notes]


def render_lines(report: FaithReport, verbosity: int = 0) -> list[Line]:
    """The section's lines with markup hints, for pytest's terminal writer; a control
    character in a check's text is shown as its escape, never sent to the terminal."""
    return [
        (visible(line).replace("\r", "\\r"), markup) for line, markup in _lines(report, verbosity)
    ]
