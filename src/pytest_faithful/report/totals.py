"""Totals over all checks of a run, shared by every report format."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

from pydantic import BaseModel, ConfigDict, Field, computed_field

from pytest_faithful.errors import counted
from pytest_faithful.models import Usage
from pytest_faithful.report.records import CheckRecord, Repetition


def is_failed_run(status: str, test_outcome: str | None, repeat: Repetition | None) -> bool:
    """Whether a check failed in a run of a repeated test that did not fail by it (the run is
    reported XFAIL): a sample of its pass rate, which decides; not a failure by itself. In a
    run that was an xfail test (the test's own marker), it is an expected failure instead."""
    if repeat is None or repeat.xfail:
        return False
    return status == "failed" and test_outcome not in (None, "failed")


def is_expected(status: str, test_outcome: str | None, repeat: Repetition | None = None) -> bool:
    """Whether a check that did not pass is an expected failure: its test did not fail (an
    xfail test, or one that expected the failure, as with ``pytest.raises``). pytest does not
    count it against the run, and neither do the reports' totals. A failed run of a repeated
    check is not one: its pass rate decides (:func:`is_failed_run`)."""
    if is_failed_run(status, test_outcome, repeat):
        return False
    return status in ("failed", "errored") and test_outcome not in (None, "failed")


def outcome_tag(status: str, test_outcome: str | None, repeat: Repetition | None = None) -> str:
    """How a check's test ended, when the reports show it beside the check's own status:
    "xfailed" or "xpassed", and "test passed" / "test skipped" for an expected failure; "run 2
    of 5" first for a check of a repeated test."""
    run = "" if repeat is None else f"run {repeat.run} of {repeat.runs}"
    tag = ""
    if is_failed_run(status, test_outcome, repeat):
        pass  # its run is XFAIL only because its pass rate decides
    elif test_outcome in ("xfailed", "xpassed"):
        tag = test_outcome
    elif is_expected(status, test_outcome, repeat):
        tag = f"test {test_outcome}"
    return "; ".join(t for t in (run, tag) if t)


class _Ended(Protocol):
    @property
    def status(self) -> str: ...

    @property
    def test_outcome(self) -> str | None: ...


def _repeat(entry: object) -> Repetition | None:
    """A faithfulness check's run, if its test is repeated (metric checks have none)."""
    repeat = getattr(entry, "repeat", None)
    return repeat if isinstance(repeat, Repetition) else None


@dataclasses.dataclass(frozen=True)
class Counts:
    """How the checks of a run ended, faithfulness and metrics together: what a headline says.

    ``failed`` and ``errored`` count what fails the run; ``xfailed`` the checks that did not
    pass in tests that did not fail, and ``expected_in`` how those tests ended;
    ``failed_runs`` the failed checks of repeated tests' runs (their pass rates decide) and
    ``rates_failed`` the repeated checks below their ``min_pass_rate`` (which fail the run);
    ``regressed`` the checks below their regression baseline (which fail the run too, whether
    or not they passed their threshold).
    """

    checks: int = 0
    passed: int = 0
    failed: int = 0
    errored: int = 0
    xfailed: int = 0
    expected_in: tuple[tuple[str, int], ...] = ()
    lost: int = 0  # tests whose xdist worker crashed while running them
    failed_runs: int = 0
    rates_failed: int = 0
    regressed: int = 0

    @classmethod
    def of(
        cls,
        entries: Iterable[_Ended],
        lost: int = 0,
        rates_failed: int = 0,
        regressed: int = 0,
    ) -> Counts:
        ended = list(entries)
        runs = [is_failed_run(e.status, e.test_outcome, _repeat(e)) for e in ended]
        expected = Counter(
            e.test_outcome or "" for e in ended if is_expected(e.status, e.test_outcome, _repeat(e))
        )
        unexpected = Counter(
            e.status
            for e, run in zip(ended, runs, strict=True)
            if not run and not is_expected(e.status, e.test_outcome, _repeat(e))
        )
        return cls(
            checks=len(ended),
            passed=unexpected["passed"],
            failed=unexpected["failed"],
            errored=unexpected["errored"],
            xfailed=sum(expected.values()),
            expected_in=tuple(sorted(expected.items())),
            lost=lost,
            failed_runs=sum(runs),
            rates_failed=rates_failed,
            regressed=regressed,
        )

    @property
    def bad(self) -> bool:
        return bool(self.failed or self.errored or self.lost or self.rates_failed or self.regressed)

    def headline(self) -> str:
        """'2 failed, 1 errored, 7 passed, 1 xfailed of 11 checks', or 'all 26 checks passed';
        with repeated tests, their failed runs and the pass rates below their minimum."""
        lost = f"; {counted(self.lost, 'test')} lost with a crashed worker" if self.lost else ""
        if self.rates_failed:
            lost += f"; {counted(self.rates_failed, 'pass rate')} below min_pass_rate"
        if self.regressed:
            lost += f"; {counted(self.regressed, 'check')} regressed below the baseline"
        if not (self.failed or self.errored or self.xfailed or self.failed_runs):
            return f"all {counted(self.checks, 'check')} passed{lost}"
        parts = [
            f"{count} {word}"
            for count, word in (
                (self.failed, "failed"),
                (self.errored, "errored"),
                (self.passed, "passed"),
                (self.xfailed, "xfailed"),
            )
            if count or word == "passed"
        ]
        if self.failed_runs:
            parts.append(counted(self.failed_runs, "failed run"))
        return f"{', '.join(parts)} of {counted(self.checks, 'check')}{lost}"

    def expected_note(self) -> str | None:
        """What the xfailed checks are, for a report's summary; None when there are none."""
        if not self.xfailed:
            return None
        where = dict(self.expected_in)
        parts = []
        if where.get("xfailed"):
            parts.append(f"{where['xfailed']} in xfail tests")
        caught = where.get("passed", 0) + where.get("xpassed", 0)
        if caught:
            parts.append(f"{caught} in tests that passed (they expected the failure)")
        if where.get("skipped"):
            parts.append(f"{where['skipped']} in skipped tests")
        checks = "check" if self.xfailed == 1 else "checks"
        return (
            f"{self.xfailed} expected {'failure' if self.xfailed == 1 else 'failures'} (xfailed), "
            f"{checks} that did not pass in tests that did not fail: {', '.join(parts)}"
        )


class Totals(BaseModel):
    model_config = ConfigDict(frozen=True)

    checks: int
    passed: int
    failed: int = Field(description="Checks that failed in a test that failed (or outside one).")
    errored: int = Field(description="Checks with no result in a test that failed.")
    xfailed: int = Field(
        default=0,
        description="Expected failures: checks that failed or errored in a test that did not "
        "fail (an xfail test, or one that expected the failure, e.g. with pytest.raises). Not "
        "counted in failed or errored.",
    )
    estimated: int = 0
    failed_runs: int = Field(
        default=0,
        description="Checks that failed in runs of repeated tests (each run reported XFAIL): "
        "samples of their pass rates (pass_rates), which decide. Not counted in failed.",
    )
    mean_score: float | None
    contradictions: int
    usage: Usage
    judges: tuple[str, ...]
    heuristic: bool

    @computed_field  # type: ignore[prop-decorator]
    @property
    def cache_hit_rate(self) -> float | None:
        """Cache hits / judge calls; null when no judge call was made."""
        calls = self.usage.judge_calls
        return None if calls == 0 else self.usage.cache_hits / calls


def totals(records: Sequence[CheckRecord], outcomes: Mapping[str, str] | None = None) -> Totals:
    """Totals over ``records``; ``outcomes`` (nodeid -> how its test ended) tell the expected
    failures from the failures."""
    outcomes = outcomes or {}
    results = [r.result for r in records if r.result is not None]
    usage = Usage()
    for result in results:
        usage = usage + result.usage
    expected = [is_expected(r.status, outcomes.get(r.nodeid), r.repeat) for r in records]
    runs = [is_failed_run(r.status, outcomes.get(r.nodeid), r.repeat) for r in records]
    return Totals(
        checks=len(records),
        passed=sum(r.status == "passed" for r in records),
        failed=sum(
            r.status == "failed" and not (x or run)
            for r, x, run in zip(records, expected, runs, strict=True)
        ),
        errored=sum(
            r.status == "errored" and not x for r, x in zip(records, expected, strict=True)
        ),
        xfailed=sum(expected),
        estimated=sum(r.status == "estimated" for r in records),
        failed_runs=sum(runs),
        mean_score=sum(r.score for r in results) / len(results) if results else None,
        contradictions=sum(r.counts.contradicted for r in results),
        usage=usage,
        # A worker_crashed entry stands for lost checks: which judge they had is not known.
        judges=tuple(sorted({r.judge_id for r in records if r.error_kind != "worker_crashed"})),
        heuristic=any(r.heuristic for r in results),
    )
