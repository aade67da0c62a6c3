"""The ``--faith-report`` terminal section: one row per check, worst first; why each failed
check failed, claim by claim; then totals."""

from __future__ import annotations

from collections.abc import Sequence

from pytest_faithful.report.failure import claim_line, shorten
from pytest_faithful.report.records import CheckRecord
from pytest_faithful.report.totals import Totals, totals

HEADERS = ("test", "score", "thr", "S/C/N", "status", "judge", "hits")


def _test_id(record: CheckRecord) -> str:
    return record.nodeid if record.index == 0 else f"{record.nodeid} #{record.index}"


def _failed_claims(ordered: Sequence[CheckRecord]) -> list[str]:
    """Why each failed check failed: its claims that are not supported, one per line."""
    lines = []
    for record in ordered:
        if record.result is None or record.result.passed:
            continue
        lines.append(f"FAIL {_test_id(record)}: {record.result.explanation}")
        lines.extend(claim_line(v) for v in record.result.unsupported)
    return ["", *lines] if lines else []


def _row(record: CheckRecord) -> tuple[str, ...]:
    test = _test_id(record)
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
    lines.extend(f"ERROR {_test_id(r)}: {shorten(r.error or '', 200)}" for r in errors)
    lines.extend(_failed_claims(ordered))
    return [*lines, "", *totals_lines(totals(records))]
