"""GitHub Actions: ``::error`` annotations for failing checks, and the step summary file.

Workflow-command escaping follows GitHub's runner: ``%``, CR and LF in the message; also ``:``
and ``,`` in properties.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from pytest_faithful.errors import visible

# The session asks ``running_on_actions`` at the end of every run, so this module imports
# nothing heavy until a report is rendered.
if TYPE_CHECKING:
    from pytest_faithful.report.model import CheckEntry, FaithReport

MAX_CLAIM_LINES = 5


def _data(text: str) -> str:
    return visible(text).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _prop(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


def running_on_actions(environ: Mapping[str, str]) -> bool:
    return environ.get("GITHUB_ACTIONS") == "true"


def repo_path(path: str, rootdir: Path, workspace: Path | None) -> str:
    """A rootdir-relative test path made relative to the checkout, as GitHub wants it."""
    if workspace is not None:
        try:
            return (rootdir / path).resolve().relative_to(workspace.resolve()).as_posix()
        except ValueError:
            pass
    return PurePosixPath(path).as_posix()


def _annotated(check: CheckEntry) -> bool:
    # A failing check in a test that still passed (pytest.raises) or was an expected failure
    # (xfail) is not an error of the run, nor is a failed run of a repeated check (its pass
    # rate is annotated if it fails).
    return check.failing and not (check.expected or check.failed_run)


def _message(check: CheckEntry) -> str:
    from pytest_faithful.report.failure import claim_line, error_label

    if check.result is None:
        return f"{error_label(check.error_kind)}: {check.error or ''}"
    lines = [f"faithfulness {check.result.explanation}"]
    unsupported = check.result.unsupported
    lines.extend(claim_line(v).strip() for v in unsupported[:MAX_CLAIM_LINES])
    if len(unsupported) > MAX_CLAIM_LINES:
        lines.append(f"... and {len(unsupported) - MAX_CLAIM_LINES} more claims")
    return "\n".join(lines)


def _location(
    path: str | None, line: int | None, title: str, rootdir: Path, workspace: Path | None
) -> str:
    props = []
    if path is not None:
        props.append(f"file={_prop(repo_path(path, rootdir, workspace))}")
        if line is not None:
            props.append(f"line={line}")
    props.append(f"title={_prop(title)}")
    return ",".join(props)


def error_annotations(report: FaithReport, rootdir: Path, workspace: Path | None) -> list[str]:
    """One ``::error`` line per failing check of a failed test, worst first."""
    lines = []
    for check in report.worst_first():
        if not _annotated(check):
            continue
        title = f"faithfulness {check.status}: {check.test_id}"
        props = _location(check.path, check.line, title, rootdir, workspace)
        lines.append(f"::error {props}::{_data(_message(check))}")
    from pytest_faithful.report import metric_sections

    for _, entries in report.metric_sections():
        for entry in entries:
            if not metric_sections.annotated(entry):
                continue
            title = f"{entry.metric.replace('_', ' ')} {entry.status}: {entry.test_id}"
            props = _location(entry.path, entry.line, title, rootdir, workspace)
            message = metric_sections.annotation_message(entry)
            lines.append(f"::error {props}::{_data(message)}")
    for rate in report.pass_rates:
        if not rate.failing:
            continue
        # At the check's call, as its runs made it.
        runs = [c for c in report.checks if rate.covers(c.index, c.repeat)]
        where = next((c for c in runs if c.path is not None), None)
        title = f"faithfulness pass rate failed: {rate.test_id}"
        props = _location(
            where.path if where else None, where.line if where else None, title, rootdir, workspace
        )
        lines.append(f"::error {props}::{_data(f'pass rate {rate.describe()}')}")
    return lines + _regressions(report, rootdir, workspace)


def _regressions(report: FaithReport, rootdir: Path, workspace: Path | None) -> list[str]:
    """One ``::error`` line per check below its baseline, at its call: a regression fails
    the run even when the check passed its threshold (and no annotation above names it)."""
    if report.baseline is None:
        return []
    from pytest_faithful.report.baseline import regression_message

    lines = []
    for comparison in report.baseline.failing():
        where = _site(report, comparison.key, comparison.test)
        if comparison.pass_rate is not None:
            message = comparison.describe()  # "pass rate 40% (2/5; ...) vs baseline ..."
        else:
            message = regression_message(comparison, report.baseline.tolerance)
        title = f"baseline regressed: {comparison.key}"
        props = _location(
            where[0] if where else None, where[1] if where else None, title, rootdir, workspace
        )
        lines.append(f"::error {props}::{_data(message)}")
    return lines


def _site(report: FaithReport, key: str, test: str | None) -> tuple[str, int | None] | None:
    """Where a baseline key's check was called: its test's check of the key's index (a
    default key ends in ``#index``), else that test's first check with a place."""
    metric, colon, rest = key.partition(":")
    metrics = [e for e in report.metrics if e.metric == metric] if colon else []
    entries = [(e.nodeid, e.index, e.path, e.line) for e in metrics or report.checks]
    if not metrics:
        entries += [
            (c.repeat.test, c.index, c.path, c.line) for c in report.checks if c.repeat is not None
        ]
    mine = [e for e in entries if e[0] == test and e[2] is not None]
    index = (rest if metrics else key).rpartition("#")[2]
    chosen = [e for e in mine if str(e[1]) == index] or mine
    return (chosen[0][2], chosen[0][3]) if chosen and chosen[0][2] is not None else None


def append_step_summary(markdown: str, path: Path) -> None:
    with path.open("a", encoding="utf-8") as summary:
        summary.write(markdown if markdown.endswith("\n") else markdown + "\n")
