"""Per-check properties for ``--junitxml``: score, threshold, verdict counts and status.

These are the only ``user_properties`` the plugin adds, because pytest's junitxml writes every
user property of a test as a ``<property>`` of its testcase: the answer, the contexts and the
claims (the full record) reach the reports another way and stay out of CI artifacts. A test's
first check uses ``faith.NAME``; its later checks ``faith.N.NAME`` (N = 1, 2, ...).
"""

from __future__ import annotations

from pytest_faithful.report.records import CheckRecord, MetricRecord

PREFIX = "faith"


def properties(record: CheckRecord) -> list[tuple[str, str]]:
    prefix = PREFIX if record.index == 0 else f"{PREFIX}.{record.index}"
    props = [(f"{prefix}.status", record.status), (f"{prefix}.judge", record.judge_id)]
    result = record.result
    if result is not None:
        counts = result.counts
        props += [
            (f"{prefix}.score", f"{result.score:.4f}"),
            (f"{prefix}.threshold", f"{result.threshold:.4f}"),
            # One number per property, so CI tools can read them without parsing a string.
            (f"{prefix}.supported", str(counts.supported)),
            (f"{prefix}.contradicted", str(counts.contradicted)),
            (f"{prefix}.not_enough_info", str(counts.not_enough_info)),
        ]
    return props


def metric_properties(record: MetricRecord) -> list[tuple[str, str]]:
    """``faith.METRIC.NAME`` (``faith.METRIC.N.NAME`` for a test's later checks of a metric):
    status, judge, score and threshold, and how many items passed and failed."""
    base = f"{PREFIX}.{record.metric}"
    prefix = base if record.index == 0 else f"{base}.{record.index}"
    props = [(f"{prefix}.status", record.status), (f"{prefix}.judge", record.judge_id)]
    result = record.result
    if result is not None:
        failing = len(result.failing_items)
        props += [
            (f"{prefix}.score", f"{result.score:.4f}"),
            (f"{prefix}.threshold", f"{result.threshold:.4f}"),
            (f"{prefix}.ok", str(len(result.items) - failing)),
            (f"{prefix}.failing", str(failing)),
        ]
    return props
