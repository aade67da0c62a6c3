"""The checks lost with a crashed pytest-xdist worker, counted as errored where their kind is
known: a test's records travel with its reports, so a crash loses only the test it was running.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pytest_faithful.plugin.declared import FIXTURE_METRICS
from pytest_faithful.report.model import LostTest
from pytest_faithful.report.records import CheckRecord, MetricRecord


def lost_records(
    lost_tests: Mapping[str, tuple[str, tuple[str, ...], bool]],
    records: Sequence[CheckRecord],
    metric_records: Sequence[MetricRecord],
    judge: str,
) -> tuple[list[CheckRecord], list[MetricRecord], list[LostTest]]:
    """For each test lost with a crashed worker: one errored record per fixture of this
    plugin it requested whose metric is known, standing for the checks lost with it."""
    checks: list[CheckRecord] = []
    metrics: list[MetricRecord] = []
    lost = []
    for nodeid, (reason, fixtures, set_up) in lost_tests.items():
        made = len(checks) + len(metrics)
        error = (
            f"{reason}: the checks this test ran before the crash were lost with the worker "
            "(this entry stands for them)"
        )
        for fixture in fixtures:
            metric = FIXTURE_METRICS[fixture]
            if fixture == "assert_faithful":
                index = 1 + max((r.index for r in records if r.nodeid == nodeid), default=-1)
                checks.append(
                    CheckRecord(
                        nodeid=nodeid,
                        index=index,
                        error=error,
                        error_kind="worker_crashed",
                        judge_id=judge,
                    )
                )
            elif metric is not None:
                index = 1 + max(
                    (r.index for r in metric_records if (r.nodeid, r.metric) == (nodeid, metric)),
                    default=-1,
                )
                metrics.append(
                    MetricRecord(
                        metric=metric,
                        nodeid=nodeid,
                        index=index,
                        error=error,
                        error_kind="worker_crashed",
                        judge_id=judge,
                    )
                )
        errored = len(checks) + len(metrics) - made
        lost.append(
            LostTest(
                nodeid=nodeid, reason=reason, fixtures=fixtures, set_up=set_up, errored=errored
            )
        )
    return checks, metrics, lost
