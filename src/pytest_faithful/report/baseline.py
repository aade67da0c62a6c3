"""Regression baselines: each check compared with its stored entry, and the run's summary.
No pytest here. The file and its entries are ``report/baseline_file.py``.
"""

from __future__ import annotations

import collections
from collections.abc import Iterable
from typing import Literal

from pydantic import Field

from pytest_faithful.errors import counted, shorten
from pytest_faithful.models import FaithfulnessResult, FrozenModel, Label, MetricResult
from pytest_faithful.report.baseline_file import BaselineClaim, BaselineEntry
from pytest_faithful.report.pass_rates import PassRate, percent, wilson

# Scores are ratios of small integers; anything below this is float noise, not a change.
SCORE_EPSILON = 1e-9
# Figures are shown with two decimals, or as many more as it takes for two that differ to
# read differently (a drop of 1/19 beyond a tolerance of 0.05 is not "0.05 > 0.05").
_MIN_DECIMALS = 2
_MAX_DECIMALS = 10


def _decimals(*pairs: tuple[float, float]) -> int:
    """The fewest decimals (two or more) that show each pair of different numbers differently."""
    for decimals in range(_MIN_DECIMALS, _MAX_DECIMALS):
        if all(f"{a:.{decimals}f}" != f"{b:.{decimals}f}" for a, b in pairs if a != b):
            return decimals
    return _MAX_DECIMALS


Status = Literal["regressed", "improved", "unchanged", "new"]


class ClaimChange(FrozenModel):
    """A claim whose verdict differs from the baseline (``None``: absent on that side)."""

    text: str
    before: Label | None
    after: Label | None
    rule: str | None = None
    """The verdict rule that demoted the claim in this run, if one did."""

    def __str__(self) -> str:
        claim = f"claim {shorten(self.text, 100)!r}"
        ruled = f" (rule {self.rule})" if self.rule else ""
        if self.before is None:
            return f"new {claim} {self.after}{ruled}"
        if self.after is None:
            return f"{claim} {self.before} is gone"
        return f"{claim} {self.before} -> {self.after}{ruled}"


class RateComparison(FrozenModel):
    """A repeated check against its baseline: pass rates, compared through this run's Wilson
    95% interval (a stored rate above it is a drop beyond chance: regressed)."""

    runs: int = Field(ge=1)
    passed: int = Field(ge=0)
    low: float = Field(ge=0.0, le=1.0, description="This run's Wilson 95% interval, lower end.")
    high: float = Field(ge=0.0, le=1.0, description="This run's Wilson 95% interval, upper end.")
    baseline_runs: int | None = Field(
        description="The stored runs; null when the baseline has a single check's score."
    )
    baseline_passed: int | None


class Comparison(FrozenModel):
    key: str
    status: Status
    score: float = Field(description="The check's score; a repeated check's pass rate.")
    baseline_score: float | None
    changes: tuple[ClaimChange, ...] = ()
    pass_rate: RateComparison | None = Field(
        default=None, description="A repeated check: its pass rates (score holds the rate)."
    )
    baseline_judge: str | None = Field(
        default=None,
        description="The judge that scored the baseline entry, when it is not this check's: "
        "the two scores are not one judge's. Null when it is the same judge.",
    )
    baseline_settings: str | None = Field(
        default=None,
        description="The scoring policy and verdict rules of the baseline entry that differ "
        "from this check's, as 'scoring strict -> lenient': the same verdicts score otherwise. "
        "Null when they are the same, or the entry does not store them.",
    )
    test: str | None = Field(
        default=None, description="The test id that made the check (a repeated check's test)."
    )

    @property
    def delta(self) -> float | None:
        return None if self.baseline_score is None else self.score - self.baseline_score

    def describe(self) -> str:
        if self.pass_rate is not None:
            return self._describe_rate(self.pass_rate)
        if self.baseline_score is None:
            return f"new check (score {self.score:.2f}), not in the baseline"
        if self.status == "new":
            return (
                f"score {self.score:.2f}; the baseline has a repeated check's pass rate "
                f"{percent(self.baseline_score)} (new)"
            )
        score, baseline = self.shown_scores()
        d = self._decimals()
        line = f"score {score} vs baseline {baseline} ({self.delta:+.{d}f}, {self.status})"
        return "; ".join([line, *self._judged_by(), *map(str, self.changes)])

    def _judged_by(self) -> list[str]:
        notes = []
        if self.baseline_judge is not None:
            notes.append(f"the baseline was scored by another judge ({self.baseline_judge})")
        if self.baseline_settings is not None:
            notes.append(f"the baseline was scored with other settings ({self.baseline_settings})")
        return notes

    def _decimals(self) -> int:
        if self.status == "unchanged" or self.baseline_score is None:
            return _MIN_DECIMALS
        # The change shown too: 0.885 against 0.886 is "-0.001", not "-0.00".
        return _decimals(
            (self.score, self.baseline_score), (abs(self.score - self.baseline_score), 0.0)
        )

    def shown_scores(self) -> tuple[str, str]:
        """The score and the baseline's (``-`` for none) as every report shows them: with as
        many decimals as it takes for a regressed or improved score to differ from its
        baseline's."""
        d = self._decimals()
        baseline = "-" if self.baseline_score is None else f"{self.baseline_score:.{d}f}"
        return f"{self.score:.{d}f}", baseline

    def _describe_rate(self, rate: RateComparison) -> str:
        now = (
            f"pass rate {percent(self.score)} ({rate.passed}/{rate.runs}; 95% CI "
            f"{percent(rate.low)}-{percent(rate.high)})"
        )
        if self.baseline_score is None:
            return f"new repeated check, {now}, not in the baseline"
        if rate.baseline_runs is None:
            return f"{now}; the baseline has a single run's score {self.baseline_score:.2f} (new)"
        before = f"{percent(self.baseline_score)} ({rate.baseline_passed}/{rate.baseline_runs})"
        where = {
            "regressed": "above the interval",
            "improved": "below the interval",
        }.get(self.status, "within the interval")
        line = f"{now} vs baseline {before}: {self.status}, the baseline is {where}"
        return "; ".join([line, *self._judged_by()])


def _claim_changes(
    before: Iterable[BaselineClaim], after: Iterable[BaselineClaim]
) -> tuple[ClaimChange, ...]:
    old = {c.text: c.label for c in before}
    new = {c.text: c.label for c in after}
    rules = {c.text: c.rule for c in after}
    changes = [
        ClaimChange(text=text, before=old.get(text), after=label, rule=rules[text])
        for text, label in new.items()
        if old.get(text) != label
    ]
    changes.extend(
        ClaimChange(text=text, before=label, after=None)
        for text, label in old.items()
        if text not in new
    )
    return tuple(changes)


def compare(
    key: str,
    result: FaithfulnessResult | MetricResult,
    stored: BaselineEntry | None,
    tolerance: float,
    test: str | None = None,
) -> Comparison:
    """How a check's result stands against its baseline entry (``test``: the test that made
    the check, kept for the reports' locations).

    Regressed: the score dropped by more than ``tolerance``. Improved: it rose at all.
    """
    if stored is None:
        return Comparison(key=key, status="new", score=result.score, baseline_score=None, test=test)
    if stored.runs is not None:
        # A repeated check's pass rate (a share of runs), as compare_rate takes a single score
        # for one: no score to compare with (a test whose repeat was removed failed as
        # REGRESSED when its score was below its stored rate: 0.5 against 3 of 3 runs).
        return Comparison(
            key=key, status="new", score=result.score, baseline_score=stored.score, test=test
        )
    current = BaselineEntry.from_result(result)
    drop = stored.score - result.score
    status: Status
    if drop > tolerance + SCORE_EPSILON:
        status = "regressed"
    elif -drop > SCORE_EPSILON:
        status = "improved"
    else:
        status = "unchanged"
    return Comparison(
        key=key,
        status=status,
        score=result.score,
        baseline_score=stored.score,
        changes=_claim_changes(stored.claims, current.claims),
        baseline_judge=_other_judge(stored, result.judge_id),
        baseline_settings=_other_settings(stored, current),
        test=test,
    )


def _other_judge(stored: BaselineEntry, judge: str) -> str | None:
    """The judge of a baseline entry, when it is not ``judge``."""
    return None if stored.judge == judge else stored.judge


def _other_settings(stored: BaselineEntry, current: BaselineEntry) -> str | None:
    """The scoring policy and verdict rules of a baseline entry that are not ``current``'s
    (``scoring strict -> lenient``): with them the same verdicts score otherwise. An entry
    that does not store one (written before entries did, or a metric's) is not compared."""
    changed = [
        f"{name} {before} -> {after}"
        for name, before, after in (
            ("scoring", stored.scoring, current.scoring),
            ("rules", stored.rules, current.rules),
        )
        if before is not None and after is not None and before != after
    ]
    return "; ".join(changed) or None


def compare_rate(key: str, rate: PassRate, stored: BaselineEntry | None) -> Comparison:
    """How a repeated check's pass rate stands against its baseline entry.

    Regressed: the stored rate is above this run's Wilson 95% interval (this run's runs make
    it unlikely that the rate is still what it was); improved: below it. A drop within the
    interval is unchanged: runs of a non-deterministic app vary that much by chance.
    A stored single check (the test was not repeated then) is reported as new.
    """
    if rate.rate is None or rate.runs == 0:
        raise ValueError(f"{key}: an estimated pass rate has nothing to compare")
    low, high = wilson(rate.passed, rate.runs)
    figures = {"runs": rate.runs, "passed": rate.passed, "low": low, "high": high}
    if stored is None or stored.runs is None or stored.passed is None:
        return Comparison(
            key=key,
            status="new",
            score=rate.rate,
            baseline_score=None if stored is None else stored.score,
            pass_rate=RateComparison(**figures, baseline_runs=None, baseline_passed=None),
            test=rate.test,
        )
    before = stored.passed / stored.runs
    status: Status = "unchanged"
    if before > high + SCORE_EPSILON:
        status = "regressed"
    elif before < low - SCORE_EPSILON:
        status = "improved"
    return Comparison(
        key=key,
        status=status,
        score=rate.rate,
        baseline_score=before,
        pass_rate=RateComparison(
            **figures, baseline_runs=stored.runs, baseline_passed=stored.passed
        ),
        baseline_judge=_other_judge(stored, rate.judge_id),
        baseline_settings=_other_settings(stored, BaselineEntry.from_rate(rate)),
        test=rate.test,
    )


_METRICS = ("answer_relevancy", "context_precision", "context_recall", "reference")


def regression_message(comparison: Comparison, tolerance: float) -> str:
    assert comparison.baseline_score is not None
    metric, colon, _ = comparison.key.partition(":")
    title = metric.replace("_", " ") if colon and metric in _METRICS else "faithfulness"
    drop = comparison.baseline_score - comparison.score
    d = _decimals((comparison.score, comparison.baseline_score), (drop, tolerance))
    lines = [
        f"{title} regressed: score {comparison.score:.{d}f} < baseline "
        f"{comparison.baseline_score:.{d}f} (drop {drop:.{d}f} > tolerance {tolerance:.{d}f}) "
        f"for baseline key {comparison.key!r}"
    ]
    if comparison.baseline_judge is not None:
        lines.append(
            f"  the baseline was scored by another judge ({comparison.baseline_judge}): the "
            "drop may be the judges', not the answer's (pin the judge, or rewrite the baseline "
            "with --faith-update-baseline)"
        )
    if comparison.baseline_settings is not None:
        lines.append(
            f"  the baseline was scored with other settings ({comparison.baseline_settings}): "
            "the drop may be the settings', not the answer's (keep the settings, or rewrite the "
            "baseline with --faith-update-baseline)"
        )
    lines.extend(f"  {change}" for change in comparison.changes)
    return "\n".join(lines)


class BaselineSummary(FrozenModel):
    """How a run compared with its baseline, for every report format."""

    path: str
    tolerance: float
    comparisons: tuple[Comparison, ...] = Field(description="One per check, by key.")
    stale: tuple[str, ...] = Field(description="Baseline keys no check of this run produced.")
    written: int | None = Field(description="Checks written by --faith-update-baseline.")
    not_run: tuple[str, ...] = Field(
        default=(),
        description="Baseline keys of tests that ran but did not finish (failed, errored or "
        "skipped) before reaching the check; kept by --faith-update-baseline, never stale.",
    )
    updating: bool = Field(
        default=False,
        description="The run was --faith-update-baseline: it records the new scores, and a "
        "regression does not fail it.",
    )
    missing: bool = Field(
        default=False,
        description="The baseline file did not exist when the run started: every check is new "
        "and none could regress.",
    )

    def with_status(self, status: Status) -> tuple[Comparison, ...]:
        return tuple(c for c in self.comparisons if c.status == status)

    def failing(self) -> tuple[Comparison, ...]:
        """The regressions that fail the run (none while the baseline is being updated)."""
        return () if self.updating else self.with_status("regressed")

    def mismatch_notes(self) -> list[str]:
        """Checks compared with entries another judge, or other scoring settings, scored: their
        scores are not one measure's, whether they read as unchanged, improved or regressed."""
        judges = collections.Counter(
            c.baseline_judge for c in self.comparisons if c.baseline_judge is not None
        )
        settings = collections.Counter(
            c.baseline_settings for c in self.comparisons if c.baseline_settings is not None
        )
        return [
            *(
                f"{counted(n, 'check')} compared with entries another judge scored ({judge})"
                for judge, n in sorted(judges.items())
            ),
            *(
                f"{counted(n, 'check')} compared with entries scored with other settings "
                f"({changed})"
                for changed, n in sorted(settings.items())
            ),
        ]

    def counts_line(self) -> str:
        counts = ", ".join(
            f"{len(self.with_status(s))} {s}" for s in ("regressed", "improved", "unchanged", "new")
        )
        # "not run" only when there are some, so a clean run's line is what it always was.
        not_run = f", {len(self.not_run)} not run" if self.not_run else ""
        return f"{counts}, {len(self.stale)} stale{not_run}"
