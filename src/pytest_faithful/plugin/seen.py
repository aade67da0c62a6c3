"""What a run's test reports show: which test files ran, which tests did not pass, whether
the run could have run every check of the files it collected, and whether it collected the
whole suite.

The baseline (stale entries) and the recordings directory (unused recordings) both need it to
tell an entry no check produced from one whose check never ran. Controller only: under xdist
it sees every worker's reports.
"""

from __future__ import annotations

import glob
import os
from pathlib import Path

import pytest

from pytest_faithful.plugin.repeats import without_run


class TestsSeen:
    __test__ = False

    def __init__(self) -> None:
        self.files: set[str] = set()
        self.unfinished: set[str] = set()  # node ids of tests that did not pass
        self.deselected = False  # a plugin or option deselected collected tests
        self.uncollected: list[str] = []  # what failed to collect (--continue-on-collection-errors)

    def add(self, report: pytest.TestReport | pytest.CollectReport) -> None:
        if not isinstance(report, pytest.TestReport):
            # xdist hands the controller a worker's failed collection as a log report: the file
            # did not run, whatever its name says.
            self.collected(report)
            return
        self.files.add(report.nodeid.split("::", 1)[0])
        if not report.passed:
            # Failed, errored, skipped or xfailed in some phase: the checks it did not reach
            # are not evidence that what they would have used is stale. A run of a repeated
            # test leaves its test unfinished too: baseline entries and recordings name that.
            self.unfinished.add(report.nodeid)
            self.unfinished.add(without_run(report.nodeid))

    def deselect(self, items: list[pytest.Item]) -> None:
        if items:
            self.deselected = True

    def collected(self, report: pytest.CollectReport) -> None:
        if report.failed and report.nodeid not in self.uncollected:
            self.uncollected.append(report.nodeid)


_STOPPED = (
    pytest.ExitCode.INTERRUPTED,
    pytest.ExitCode.INTERNAL_ERROR,
    pytest.ExitCode.USAGE_ERROR,
    pytest.ExitCode.NO_TESTS_COLLECTED,
)


_NO_TEST_RUN = (
    ("collectonly", "--collect-only"),
    ("setupplan", "--setup-plan"),  # first: it sets setuponly too
    ("setuponly", "--setup-only"),
)


def runs_no_test(config: pytest.Config) -> str | None:
    """The option by which this run collects or sets tests up without running any."""
    return next((flag for name, flag in _NO_TEST_RUN if getattr(config.option, name, False)), None)


def filter_reason(config: pytest.Config, session: pytest.Session, deselected: bool) -> str | None:
    """Why this run may not have run every check of the files it collected; None if it did."""
    option = config.option
    for name, flag in (
        ("keyword", "-k"),
        ("markexpr", "-m"),
        ("deselect", "--deselect"),
        ("lf", "--lf"),
        ("stepwise", "--sw"),
        *_NO_TEST_RUN,
    ):
        if getattr(option, name, None):
            return flag
    if deselected:
        return "deselected tests"
    if any("::" in str(arg) for arg in config.args):
        return "explicit node ids"
    if session.shouldstop or session.shouldfail:
        return "the run stopped early"
    if session.exitstatus in _STOPPED:
        return f"the run ended with {pytest.ExitCode(session.exitstatus).name}"
    return None


def part_reason(config: pytest.Config, seen: TestsSeen) -> str | None:
    """Why this run may have collected only part of the suite; None if it collected all of it.

    Which test asks for a recording, or gives a ``key=``, can change without the file that
    names it changing (a test moved to another file, a second test sharing the request), so
    only a run that collected every test can tell that none uses it. The suite is what
    ``pytest`` with no arguments collects from the rootdir (its ``testpaths``, else the rootdir
    itself); a run collected all of it when the paths it was given cover each of those, it was
    not told to ignore some, and every file collected.
    """
    if seen.uncollected:
        shown = ", ".join(seen.uncollected[:3]) + (", ..." if len(seen.uncollected) > 3 else "")
        return f"collecting {shown} failed"
    ignored = [a for a in config.invocation_params.args if str(a).startswith("--ignore")]
    if ignored:
        return f"{str(ignored[0]).partition('=')[0]} left part of the suite out"
    if config.args_source is pytest.Config.ArgsSource.TESTPATHS:
        return None
    here = config.invocation_params.dir
    given = [_real(here / str(arg).split("::", 1)[0]) for arg in config.args]
    roots = _suite_roots(config)
    if all(any(root == path or path in root.parents for path in given) for root in roots):
        return None
    shown_roots = ", ".join(_shown(root, here) for root in roots)
    return (
        f"it collected {', '.join(_shown(path, here) for path in given)}, part of the suite "
        f"({shown_roots})"
    )


def _suite_roots(config: pytest.Config) -> list[Path]:
    """Where ``pytest`` run with no arguments in the rootdir collects, as pytest decides it."""
    root = config.rootpath
    found = [
        _real(root / match)
        for pattern in config.getini("testpaths")
        for match in sorted(glob.iglob(pattern, root_dir=root, recursive=True))
    ]
    return found or [_real(root)]


def _real(path: Path) -> Path:
    return Path(os.path.realpath(path))


def _shown(path: Path, here: Path) -> str:
    try:
        return Path(os.path.relpath(path, here)).as_posix()
    except ValueError:  # another drive (Windows)
        return str(path)
