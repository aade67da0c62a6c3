"""The metric checks (relevancy, precision, recall, reference) in every report format.

One section per metric that ran, after the faithfulness checks: the terminal (a table and, for
checks that did not pass, their items), Markdown (totals and failing rows), HTML (each check
with its items: passages useful or not, reference claims found or missing, answer claims
relevant or off-topic, reference numbers and keywords found or missing) and GitHub error
annotations. The JSON report has them as ``metrics`` and ``metric_totals``.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from pytest_faithful.errors import shorten, visible
from pytest_faithful.report.failure import METRIC_TITLES, error_label, metric_item_line
from pytest_faithful.report.model import BADGES, FaithReport, MetricEntry, MetricTotals
from pytest_faithful.report.totals import outcome_tag

Markup = dict[str, bool]
Line = tuple[str, Markup]
HEADERS = ("test", "score", "thr", "ok/items", "status", "judge")
_STATUS_MARKUP: dict[str, Markup] = {
    "errored": {"red": True, "bold": True},
    "estimated": {"yellow": True},
    "failed": {"red": True},
    "passed": {"green": True},
}
DOT = " \u00b7 "
"""Between two counts of a totals line in Markdown and HTML, which fold runs of spaces."""
_ICON = {"passed": "✅", "failed": "❌", "errored": "💥", "estimated": "🔮"}


def _counts(entry: MetricEntry) -> str:
    result = entry.result
    if result is None:
        return "-"
    return f"{len(result.items) - len(result.failing_items)}/{len(result.items)}"


def _status(entry: MetricEntry) -> str:
    if entry.status == "estimated":
        return "EST"
    if entry.result is None:
        return "ERROR"
    status = "PASS" if entry.result.passed else "FAIL"
    tags = [t for t in ("noncommittal" * entry.result.noncommittal, _tag(entry)) if t]
    return f"{status} ({'; '.join(tags)})" if tags else status


def _tag(entry: MetricEntry) -> str:
    return outcome_tag(entry.status, entry.test_outcome)


def _row(entry: MetricEntry) -> tuple[str, ...]:
    result = entry.result
    score = "-" if result is None else f"{result.score:.2f}"
    threshold = "-" if result is None else f"{result.threshold:.2f}"
    return (entry.test_id, score, threshold, _counts(entry), _status(entry), entry.judge_id)


def totals_line(totals: MetricTotals, gap: str = "  ") -> str:
    """The metric's totals on one line, ``gap`` between two counts (Markdown and HTML fold
    runs of spaces into one: "checks 1 passed 0 failed 1" there, so they pass " · ")."""
    mean = "-" if totals.mean_score is None else f"{totals.mean_score:.3f}"
    usage = totals.usage
    counts = [f"checks {totals.checks}", f"passed {totals.passed}", f"failed {totals.failed}"]
    counts += [f"xfailed {totals.xfailed}"] * bool(totals.xfailed)
    counts += [f"errored {totals.errored}", f"mean score {mean}"]
    if usage.judge_calls:
        counts += [
            f"judge calls {usage.judge_calls} (cached {usage.cache_hits})",
            f"tokens in/out {usage.input_tokens}/{usage.output_tokens}",
        ]
    counts += ["[heuristic]"] * totals.heuristic
    return f"{METRIC_TITLES[totals.metric]}: {gap.join(counts)}"


def terminal_lines(report: FaithReport, verbosity: int = 0) -> list[Line]:
    """A table per metric; then why each check that did not pass failed, item by item."""
    lines: list[Line] = []
    if verbosity <= -2:
        return [(totals_line(t), {}) for t in report.metric_totals]
    for metric, entries in report.metric_sections():
        shown = [e for e in entries if e.failing] if verbosity < 0 else entries
        lines += [("", {}), (f"-- {METRIC_TITLES[metric]} --", {"bold": True})]
        if shown:  # never a table of headers alone
            rows = [HEADERS, *(_row(e) for e in shown)]
            widths = [max(len(row[i]) for row in rows) for i in range(len(HEADERS))]
            markups: list[Markup] = [{"bold": True}, *(_STATUS_MARKUP[e.status] for e in shown)]
            lines += [
                ("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip(), markup)
                for row, markup in zip(rows, markups, strict=True)
            ]
        if len(shown) < len(entries):
            hidden = len(entries) - len(shown)
            checks = "check" if hidden == 1 else "checks"
            lines.append((f"({hidden} passed {checks} not listed: -q)", {}))
        for entry in shown:
            if entry.error:
                lines.append(
                    (
                        f"ERROR {entry.test_id}: {shorten(entry.error, 200)}",
                        _STATUS_MARKUP["errored"],
                    )
                )
            result = entry.result
            if result is None or (result.passed and verbosity < 1) or verbosity < 0:
                continue
            word = "PASS" if result.passed else "FAIL"
            lines.append(
                (f"{word} {entry.test_id}: {result.explanation}", _STATUS_MARKUP[entry.status])
            )
            width = 100 if verbosity <= 0 else None
            items = result.items if verbosity >= 1 else result.failing_items
            lines.extend(
                (
                    metric_item_line(result, item, width),
                    {"green": True} if item.ok else {"red": True},
                )
                for item in items
            )
    if report.metric_totals:
        lines.append(("", {}))
        lines.extend((totals_line(t), {}) for t in report.metric_totals)
    return lines


# --- Markdown ------------------------------------------------------------------------------------


def markdown_lines(
    report: FaithReport, md: Callable[[str], str], code: Callable[[str], str], max_rows: int = 200
) -> list[str]:
    """``md``/``code`` make user text safe for a table cell (``report/markdown.py``'s)."""
    lines: list[str] = []
    for metric, entries in report.metric_sections():
        totals = next(t for t in report.metric_totals if t.metric == metric)
        lines += ["", f"#### {md(totals_line(totals, DOT))}"]
        failing = [e for e in entries if e.failing]
        if not failing:
            continue
        lines += ["", "| | test | score | thr | ok/items | why |", "|---|---|---:|---:|---|---|"]
        for entry in failing[:max_rows]:
            _, score, threshold, counts, _, _ = _row(entry)
            lines.append(
                f"| {' '.join(filter(None, (_ICON[entry.status], _tag(entry))))} "
                f"| {code(entry.test_id)} | {score} "
                f"| {threshold} | {counts} | {_why(entry, md)} |"
            )
        if len(failing) > max_rows:
            lines.append(f"\n… and {len(failing) - max_rows} more; see the JSON or HTML.")
    return lines


def _why(entry: MetricEntry, md: Callable[[str], str]) -> str:
    if entry.result is None:
        return f"{error_label(entry.error_kind)}: " + md(shorten(entry.error or "", 120))
    failing = entry.result.failing_items
    if not failing:
        return md(entry.result.explanation)
    first = failing[0]
    more = f" (+{len(failing) - 1} more)" if len(failing) > 1 else ""
    where = f"{first.part}: " if first.part else ""
    return f"{md(where + shorten(first.text or first.reason, 100))}{more}"


# --- HTML ----------------------------------------------------------------------------------------


def _e(text: object) -> str:
    return escape(visible(str(text)), quote=True)


_ITEM_CLASS = {True: "supported", False: "contradicted"}


def _entry_html(number: int, entry: MetricEntry) -> str:
    result = entry.result
    score = "no score" if result is None else f"score {result.score:.2f} / {result.threshold:.2f}"
    tag = outcome_tag(entry.status, entry.test_outcome)
    badge = BADGES[entry.status] + (f" ({tag})" if tag else "")
    summary = (
        f'<summary><span class="badge {entry.status}">{_e(badge)}</span>'
        f'<span class="test-id">{_e(entry.test_id)}</span>'
        f'<span class="meta score">{_e(score)}</span><span class="meta">{_e(_counts(entry))}'
        f'</span><span class="meta">{_e(entry.judge_id)}</span></summary>'
    )
    body = []
    if result is not None:
        body.append(f'<p class="explanation">{_e(result.explanation)}</p>')
    if entry.error:
        body.append(f'<pre class="error">{_e(entry.error)}</pre>')
    for title, text in (
        ("Question", entry.question),
        ("Answer", entry.answer),
        ("Reference", entry.reference),
    ):
        if text:
            body.append(f"<h3>{title}</h3><p>{_e(text)}</p>")
    if result is not None and result.items:
        rows = []
        for item in result.items:
            where = (
                f"contexts[{item.passage_index}]"
                if item.kind == "passage" and item.passage_index is not None
                else (item.part or item.kind)
            )
            index = item.passage_index
            if item.kind == "passage" and index is not None and index < len(entry.sources or ()):
                # The document the passage came from, beside its place in the ranked list.
                source = (entry.sources or ())[index]
                where += f" ({source})" if source else ""
            evidence = ""
            if item.evidence:
                evidence = f'<br><q class="evidence">{_e(item.evidence)}</q>'
            rows.append(
                f'<tr class="{_ITEM_CLASS[item.ok]}"><td>{"ok" if item.ok else "XX"}</td>'
                f"<td>{_e(where)}</td><td>{_e(item.text)}</td>"
                f"<td>{_e(item.reason)}{evidence}</td></tr>"
            )
        body.append(
            '<table class="claims"><thead><tr><th></th><th>where</th><th>item</th>'
            f"<th>why</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
        )
    is_open = " open" if entry.failing else ""
    return (
        f'<details class="check {entry.status}" id="metric-{number}" '
        f'data-test="{_e(entry.test_id)}" data-status="{entry.status}" '
        f'data-failing="{int(entry.failing and not entry.expected)}" '
        f'data-xfailed="{int(entry.expected)}" data-contradicted="0"{is_open}>'
        f'{summary}<div class="body">{"".join(body)}</div></details>'
    )


def html_sections(report: FaithReport) -> str:
    """One ``<section>`` per metric that ran, each check with its items."""
    parts = []
    number = 0
    for metric, entries in report.metric_sections():
        totals = next(t for t in report.metric_totals if t.metric == metric)
        checks = []
        for entry in entries:
            number += 1
            checks.append(_entry_html(number, entry))
        parts.append(
            f'<section class="metric" id="{metric}"><h2>{_e(METRIC_TITLES[metric].capitalize())}'
            f'</h2><p class="meta">{_e(totals_line(totals, DOT))}</p>{"".join(checks)}</section>'
        )
    return "\n".join(parts)


# --- GitHub annotations --------------------------------------------------------------------------


def annotated(entry: MetricEntry) -> bool:
    return entry.failing and not entry.expected


def annotation_message(entry: MetricEntry, most: int = 10) -> str:
    if entry.result is None:
        return f"{error_label(entry.error_kind)}: {entry.error or ''}"
    lines = [f"{METRIC_TITLES[entry.metric]} {entry.result.explanation}"]
    failing = entry.result.failing_items
    lines.extend(metric_item_line(entry.result, item).strip() for item in failing[:most])
    if len(failing) > most:
        lines.append(f"... and {len(failing) - most} more")
    return "\n".join(lines)
