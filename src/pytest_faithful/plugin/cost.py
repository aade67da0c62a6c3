"""The cost options in pytest: parsing them, metering each check, and ``--faith-estimate``'s
test outcomes.

Each check runs inside :func:`metered`, which collects what its judge calls cost (the
``cost`` of its record). With ``--faith-estimate`` no judge is called: a check that would call
one is recorded as estimated, not passed or failed, and :class:`EstimateOutcomes` reports its
test as skipped ("estimated"), whatever the placeholder verdicts made the test do.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import pytest

from pytest_faithful.cost.options import CostOptions

if TYPE_CHECKING:
    from pytest_faithful.cost.meter import Collector

ESTIMATED_KEY = pytest.StashKey[int]()
"""How many of a test's checks were estimated (``--faith-estimate``)."""
LEDGER_INPUT = "pytest_faithful.budget_ledger"
"""Where an xdist worker finds the run's budget file, in ``workerinput``."""


def check_cost_options(
    cost: CostOptions, *, update_baseline: bool, prune_recordings: bool
) -> CostOptions:
    """``cost``, or a UsageError when the run also asks for what only real results give."""
    if cost.estimate and (update_baseline or prune_recordings):
        flag = "--faith-update-baseline" if update_baseline else "--faith-prune-recordings"
        raise pytest.UsageError(
            f"--faith-estimate calls no judge, so it cannot be used with {flag}: that needs "
            "the run's real results"
        )
    return cost


@contextmanager
def metered() -> Iterator[Collector]:
    """Collect the spend of one check's judge calls."""
    from pytest_faithful.cost.meter import collecting

    with collecting() as collector:
        yield collector


def stopped_by_estimate(exc: BaseException) -> bool:
    """Whether ``exc`` is (or wraps) an estimate's NotCalled that a judge did not answer with
    a placeholder (a local or custom judge)."""
    from pytest_faithful.cost.meter import NotCalled

    return isinstance(exc, NotCalled) or isinstance(exc.__cause__, NotCalled)


def mark_estimated(item: pytest.Item) -> None:
    item.stash[ESTIMATED_KEY] = item.stash.get(ESTIMATED_KEY, 0) + 1


class EstimateOutcomes:
    """``--faith-estimate``: a test with an estimated check is reported as skipped.

    Its checks' verdicts are placeholders, so neither its pass nor its failure (nor an
    xfail's) says anything; the skip's reason says how many checks were estimated.
    """

    @pytest.hookimpl(wrapper=True, tryfirst=True)
    def pytest_runtest_makereport(
        self, item: pytest.Item, call: pytest.CallInfo[None]
    ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
        report = yield
        estimated = item.stash.get(ESTIMATED_KEY, 0)
        if report.when == "call" and estimated:
            if hasattr(report, "wasxfail"):
                del report.wasxfail
            path, line, _ = item.reportinfo()
            checks = "check" if estimated == 1 else "checks"
            report.outcome = "skipped"
            report.longrepr = (
                str(path),
                (line or 0) + 1,
                f"Skipped: --faith-estimate: {estimated} {checks} estimated, not judged",
            )
        return report
