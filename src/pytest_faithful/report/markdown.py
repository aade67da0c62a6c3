"""The Markdown report: a compact summary for a pull request or ``$GITHUB_STEP_SUMMARY``.

Totals first, then one row per check that did not pass (worst first), then the passing checks
folded away. Rows are capped, each cell holds at most ``MAX_CELL`` characters of user text, and
the whole summary at most ``MAX_BYTES`` (cut at a line, with a note), so it stays below GitHub's
1 MiB step summary limit (over it, GitHub drops the whole summary); the JSON and HTML reports
always have every check.
"""

from __future__ import annotations

import re
from html import escape

from pytest_faithful.errors import shorten, visible
from pytest_faithful.report import costs, metric_sections, pass_rates
from pytest_faithful.report.failure import error_label
from pytest_faithful.report.model import CheckEntry, FaithReport
from pytest_faithful.report.totals import outcome_tag

MAX_FAILING_ROWS = 200
MAX_PASSING_ROWS = 300
MAX_CELL = 300
"""Characters of one user text (a test id, a claim, a reason) in a cell, before escaping."""
MAX_BYTES = 900 * 1024
"""The most a summary holds, in UTF-8 bytes: GitHub refuses a step summary over 1 MiB."""
_SPECIAL = re.compile(r"([\\`*_\[\]|#~])")
_ICON = {"passed": "✅", "failed": "❌", "errored": "💥", "estimated": "🔮"}


def md(text: str) -> str:
    """User text made safe for a Markdown table cell: one line, no markup, pipes escaped,
    control characters shown as escapes (``\\x1b``)."""
    flat = shorten(visible(text), MAX_CELL)
    return _SPECIAL.sub(r"\\\1", escape(flat, quote=False))


def code(text: str) -> str:
    """A test id as an inline code span (no Markdown inside; pipes still escaped for tables)."""
    flat = shorten(visible(text), MAX_CELL).replace("`", "'").replace("|", "\\|")
    return f"`{flat}`"


def _score(check: CheckEntry) -> tuple[str, str, str]:
    result = check.result
    if result is None:
        return ("-", "-", "-")
    return (f"{result.score:.2f}", f"{result.threshold:.2f}", str(result.counts))


def _why(check: CheckEntry) -> str:
    if check.result is None:
        return f"{error_label(check.error_kind)}: " + md(shorten(check.error or "", 120))
    unsupported = check.result.unsupported
    if not unsupported:
        return md(check.result.explanation)
    first = unsupported[0]
    more = f" (+{len(unsupported) - 1} more)" if len(unsupported) > 1 else ""
    ruled = f" (rule {md(first.rule)})" if first.rule else ""
    return f"**{first.label.value}**{ruled}: {md(shorten(first.claim.text, 100))}{more}"


def _status(check: CheckEntry) -> str:
    icon = _ICON[check.status]
    tag = outcome_tag(check.status, check.test_outcome, check.repeat)
    return f"{icon} {tag}" if tag else icon


def _headline(report: FaithReport) -> str:
    """Every check of the run, faithfulness and metrics: red only for what fails the run."""
    counts = report.counts()
    return f"{'❌' if counts.bad else '✅'} {counts.headline()}"


def _settings(report: FaithReport) -> str:
    run = report.run
    judges = [
        code(j.id)
        + (" (heuristic)" if j.heuristic else "")
        + (f", prompt {md(j.prompt_version)}" if j.prompt_version else "")
        for j in run.judges
    ] or [code(run.default_judge)]
    d = run.defaults
    contradictions = "allowed" if d.allow_contradictions else "not allowed"
    return (
        f"judge: {', '.join(judges)} · record mode `{run.record_mode}` · defaults: threshold "
        f"{d.threshold:.2f}, {d.scoring}, contradictions {contradictions}"
    )


def _totals_table(report: FaithReport) -> list[str]:
    t = report.totals
    mean = "-" if t.mean_score is None else f"{t.mean_score:.3f}"
    rate = "-" if t.cache_hit_rate is None else f"{t.cache_hit_rate:.0%}"
    cost = (
        ("", "", "")
        if report.cost is None
        else (" cost |", "---:|", f" {report.cost.total.dollars()} |")
    )
    return [
        "| checks | passed | failed | xfailed | errored | mean score | contradictions "
        "| judge calls | cache hit rate | tokens in/out |" + cost[0],
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|" + cost[1],
        f"| {t.checks} | {t.passed} | {t.failed} | {t.xfailed} | {t.errored} | {mean} "
        f"| {t.contradictions} | {t.usage.judge_calls} | {rate} "
        f"| {t.usage.input_tokens}/{t.usage.output_tokens} |" + cost[2],
    ]


def _baseline(report: FaithReport) -> list[str]:
    """The regression baseline delta: what a reviewer needs to accept or reject a change."""
    summary = report.baseline
    if summary is None:
        return []
    lines = ["", f"**Baseline** {code(summary.path)}: {summary.counts_line()}"]
    if summary.missing and not summary.updating:
        lines += ["", "⚠️ the baseline file does not exist: every check is new, none can regress"]
    notes = summary.mismatch_notes()
    if notes:
        lines += ["", *(f"- ⚠️ {md(note)}: not one measure's scores" for note in notes)]
    changed = [c for c in summary.comparisons if c.status in ("regressed", "improved", "new")]
    if changed or summary.stale or summary.not_run:
        lines += ["", "| baseline | key | score | baseline score | changed claims |"]
        lines.append("|---|---|---:|---:|---|")
        for c in changed:
            score, before = c.shown_scores()
            claims = "<br>".join(md(str(change)) for change in c.changes) or "-"
            if c.pass_rate is not None:  # a repeated check: its runs and interval
                claims = md(c.describe())
            lines.append(f"| {c.status} | {code(c.key)} | {score} | {before} | {claims} |")
        lines.extend(f"| stale | {code(key)} | - | - | - |" for key in summary.stale)
        lines.extend(f"| not run | {code(key)} | - | - | - |" for key in summary.not_run)
    return lines


def _cost(report: FaithReport) -> list[str]:
    """The run's cost and its most expensive tests."""
    if report.cost is None:
        return []
    lines = ["", f"**Cost** {md(costs.run_line(report.cost).removeprefix('cost: '))}"]
    top = [t for t in report.cost.tests if t.cost.calls][: costs.MOST_EXPENSIVE]
    if top:
        lines += ["", "| test | live calls | cost |", "|---|---:|---:|"]
        lines.extend(f"| {code(t.nodeid)} | {t.cost.calls} | {t.cost.dollars()} |" for t in top)
    return lines


def render(report: FaithReport) -> str:
    ordered = report.worst_first()
    failing = [c for c in ordered if c.failing]
    passing = [c for c in ordered if not c.failing]
    # A run of metric checks alone has no faithfulness totals to show: a row of zeros says nothing.
    totals = _totals_table(report) if report.checks or not report.metrics else []
    lines = [f"### Faithfulness: {_headline(report)}", "", *totals, ""]
    lines.append(_settings(report))
    heuristic, judged = report.heuristic_share()
    if heuristic:
        which = "All" if heuristic == judged else "Some"
        lines.append("")
        lines.append(f"> {which} verdicts are heuristic (lexical word overlap), not a model's.")
    for unjudged in report.not_judged:
        lines += ["", f"> **Not judged**: {md(unjudged.describe())}"]
    for lost in report.lost_tests:
        lines += ["", f"> **Lost**: {md(lost.describe())}"]
    note = report.counts().expected_note()
    if note:
        lines += ["", f"> {md(note[0].upper() + note[1:])}."]
    lines += _baseline(report)
    lines += pass_rates.markdown_lines(report.pass_rates, code)
    lines += _cost(report)
    priced = report.cost is not None

    def cost_of(check: CheckEntry) -> str:
        return f" {costs.check_cost(check.cost)} |" if priced else ""

    if failing:
        lines += [
            "",
            "| | test | score | thr | S/C/N |" + (" cost |" if priced else "") + " why |",
            "|---|---|---:|---:|---|" + ("---:|" if priced else "") + "---|",
        ]
        for check in failing[:MAX_FAILING_ROWS]:
            score, threshold, counts = _score(check)
            lines.append(
                f"| {_status(check)} | {code(check.test_id)} | {score} | {threshold} | {counts} "
                f"|{cost_of(check)} {_why(check)} |"
            )
        if len(failing) > MAX_FAILING_ROWS:
            lines.append(f"\n… and {len(failing) - MAX_FAILING_ROWS} more; see the JSON or HTML.")
    if passing:
        lines += ["", f"<details><summary>{len(passing)} passed checks</summary>", ""]
        lines += [
            "| test | score | thr | S/C/N |" + (" cost |" if priced else ""),
            "|---|---:|---:|---|" + ("---:|" if priced else ""),
        ]
        for check in passing[:MAX_PASSING_ROWS]:
            score, threshold, counts = _score(check)
            lines.append(
                f"| {code(check.test_id)} | {score} | {threshold} | {counts} |{cost_of(check)}"
            )
        if len(passing) > MAX_PASSING_ROWS:
            lines.append(f"\n… and {len(passing) - MAX_PASSING_ROWS} more.")
        lines += ["", "</details>"]
    lines += metric_sections.markdown_lines(report, md, code, MAX_FAILING_ROWS)
    return "\n".join(fitted(lines)) + "\n"


def fitted(lines: list[str], limit: int = MAX_BYTES) -> list[str]:
    """``lines`` whole when they fit in ``limit`` bytes; else the lines that fit, a folded
    section they leave open closed, and a note that the rest is in the JSON or HTML report."""
    note = [
        "",
        f"… the summary stops here: it holds at most {limit // 1024} KiB (GitHub's step "
        "summary limit is 1 MiB); see the JSON or HTML report for the rest.",
    ]
    room = limit - 256  # the closing tag and the note
    size = 0
    for n, line in enumerate(lines):
        size += len(line.encode("utf-8")) + 1
        if size > room:
            kept = lines[:n]
            still_open = sum(k.startswith("<details>") for k in kept) - kept.count("</details>")
            closing = ["", *["</details>"] * still_open] if still_open > 0 else []
            return [*kept, *closing, *note]
    return lines
