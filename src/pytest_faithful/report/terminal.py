"""The ``--faith-report`` terminal section: one row per check, worst first, then totals."""

from __future__ import annotations

from collections.abc import Sequence

from pytest_faithful.report.failure import shorten
from pytest_faithful.report.records import CheckRecord
from pytest_faithful.report.totals import Totals, totals

HEADERS = ("test", "score", "thr", "S/C/N", "status", "judge", "hits")


def _row(record: CheckRecord) -> tuple[str, ...]:
    test = record.nodeid if record.index == 0 else f"{record.nodeid} #{record.index}"
    result = record.result
    if result is None:
        return (test, "-", "-", "-", "ERROR", record.judge_id, "-")
    hits = f"{result.usage.cache_hits}/{result.usage.judge_calls}"
    status = "PASS" if result.passed else "FAIL"
    if result.vacuous:
        status += " (vacuous)"
    return (
        test,
        f"{result.score:.2f}",
        f"{result.threshold:.2f}",
        str(result.counts),
        status,
        record.judge_id,
        hits,
    )


def _table(rows: Sequence[tuple[str, ...]]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(HEADERS))]
    return [
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]


def totals_lines(summary: Totals) -> list[str]:
    mean = "-" if summary.mean_score is None else f"{summary.mean_score:.3f}"
    rate = summary.cache_hit_rate
    hit_rate = "-" if rate is None else f"{rate:.0%}"
    usage = summary.usage
    lines = [
        f"checks: {summary.checks}  passed: {summary.passed}  failed: {summary.failed}  "
        f"errored: {summary.errored}  mean score: {mean}  contradictions: {summary.contradictions}",
        f"judge calls: {usage.judge_calls}  cache hits: {usage.cache_hits} ({hit_rate})  "
        f"tokens in/out: {usage.input_tokens}/{usage.output_tokens}",
        f"judges: {', '.join(summary.judges) or '-'}",
    ]
    if summary.heuristic:
        lines.append(
            "note: heuristic verdicts (lexical word overlap, not a model) were used for some checks"
        )
    return lines


def render(records: Sequence[CheckRecord]) -> list[str]:
    ordered = sorted(records, key=CheckRecord.sort_key)
    lines = (
        _table([HEADERS, *(_row(r) for r in ordered)])
        if ordered
        else ["no faithfulness checks ran"]
    )
    errors = [r for r in ordered if r.error]
    lines.extend(f"ERROR {r.nodeid}: {shorten(r.error or '', 200)}" for r in errors)
    return [*lines, "", *totals_lines(totals(records))]
