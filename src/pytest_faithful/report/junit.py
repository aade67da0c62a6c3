"""Per-check properties for ``--junitxml``: score, threshold, verdict counts and status.

These are the only ``user_properties`` the plugin adds, because pytest's junitxml writes every
user property of a test as a ``<property>`` of its testcase: the answer, the contexts and the
claims (the full record) reach the reports another way and stay out of CI artifacts. A test's
first check uses ``faith.NAME``; its later checks ``faith.N.NAME`` (N = 1, 2, ...).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pytest_faithful.report.records import CheckRecord, MetricRecord

if TYPE_CHECKING:
    from pytest_faithful.report.pass_rates import PassRate

PREFIX = "faith"


def properties(record: CheckRecord) -> list[tuple[str, str]]:
    prefix = PREFIX if record.index == 0 else f"{PREFIX}.{record.index}"
    props = [(f"{prefix}.status", record.status), (f"{prefix}.judge", record.judge_id)]
    if record.repeat is not None:
        props += [
            (f"{prefix}.run", str(record.repeat.run)),
            (f"{prefix}.runs", str(record.repeat.runs)),
        ]
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


def pass_rate_properties(rate: PassRate) -> list[tuple[str, str]]:
    """A repeated check's pass rate, on the testcase of the run that completed its test:
    ``faith.pass_rate`` (and its Wilson 95% interval ``faith.pass_rate_low`` /
    ``faith.pass_rate_high``), ``faith.runs_passed``, ``faith.runs_judged``,
    ``faith.min_pass_rate`` and ``faith.pass_rate_status`` (passed, failed or estimated);
    ``faith.N.*`` for a test's later checks, ``faith.key.KEY.*`` for a check that gave
    ``key=`` (its runs are one check whichever call of its run each was, so its index can
    differ from run to run)."""
    if rate.key is not None:
        prefix = f"{PREFIX}.key.{rate.key}"
    else:
        prefix = PREFIX if rate.index == 0 else f"{PREFIX}.{rate.index}"
    props = [
        (f"{prefix}.pass_rate_status", rate.status),
        (f"{prefix}.runs_passed", str(rate.passed)),
        (f"{prefix}.runs_judged", str(rate.runs)),
        (f"{prefix}.min_pass_rate", f"{rate.min_pass_rate:.4f}"),
    ]
    if rate.rate is not None and rate.low is not None and rate.high is not None:
        props += [
            (f"{prefix}.pass_rate", f"{rate.rate:.4f}"),
            (f"{prefix}.pass_rate_low", f"{rate.low:.4f}"),
            (f"{prefix}.pass_rate_high", f"{rate.high:.4f}"),
        ]
    return props
