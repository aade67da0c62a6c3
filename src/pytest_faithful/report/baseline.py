"""Regression baselines: stored scores per check, compared with each run. No pytest here.

The file is JSON meant to be reviewed in pull requests: sorted keys and one check per line, so
a changed score or verdict is a one-line diff.
"""

from __future__ import annotations

import collections
import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, ValidationError

from pytest_faithful.errors import shorten
from pytest_faithful.files import write_text
from pytest_faithful.models import FaithfulnessResult, FrozenModel, Label, MetricResult
from pytest_faithful.redaction import masked_output
from pytest_faithful.report.pass_rates import PassRate, percent, wilson

BASELINE_VERSION = 1
_SURROGATE = re.compile("[\ud800-\udfff]")
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


class BaselineClaim(FrozenModel):
    text: str
    label: Label
    rule: str | None = Field(
        default=None, description="The verdict rule that demoted the claim, if one did."
    )


class BaselineEntry(FrozenModel):
    score: float = Field(ge=0.0, le=1.0)
    judge: str
    claims: tuple[BaselineClaim, ...]
    test: str | None = Field(
        default=None, description="The test id that produced it; tells stale from unselected."
    )
    runs: int | None = Field(
        default=None, ge=1, description="A repeated check: its runs judged (score: pass rate)."
    )
    passed: int | None = Field(default=None, ge=0, description="A repeated check: runs passed.")

    @classmethod
    def from_rate(cls, rate: PassRate) -> BaselineEntry:
        """A repeated check's entry: its pass rate (as ``score``), runs and runs passed."""
        assert rate.rate is not None, "an estimated pass rate is not stored"
        return cls(
            score=rate.rate,
            judge=rate.judge_id,
            claims=(),
            test=rate.test,
            runs=rate.runs,
            passed=rate.passed,
        )

    @classmethod
    def from_result(
        cls, result: FaithfulnessResult | MetricResult, test: str | None = None
    ) -> BaselineEntry:
        """A metric check (key ``METRIC:nodeid#index``) stores its score only; context recall
        also its reference claims' labels. A claim's text is kept without any run of a key's
        characters (a key the app leaked into its answer), in the file and in the comparison
        alike."""
        if isinstance(result, FaithfulnessResult):
            claims = tuple(
                BaselineClaim(text=masked_output(cv.claim.text), label=cv.label, rule=cv.rule)
                for cv in result.claim_verdicts
            )
        else:
            claims = tuple(
                BaselineClaim(text=masked_output(item.text), label=item.label)
                for item in result.items
                if item.label is not None
            )
        return cls(score=result.score, judge=result.judge_id, test=test, claims=claims)


class BaselineError(ValueError):
    """The baseline file cannot be read; the message names the file and the fix."""


class Baseline(FrozenModel):
    entries: dict[str, BaselineEntry] = Field(default_factory=dict)

    def get(self, key: str) -> BaselineEntry | None:
        return self.entries.get(key)


def checked_key(key: object) -> str | None:
    """A check's ``key=`` argument (None: not given); TypeError/ValueError naming it when it
    cannot name a baseline entry and a pass rate: blank, with a control character or a line
    break (it is shown in every report), or a lone surrogate (no file can hold it: the
    baseline's write at the end of the run would fail)."""
    if key is None:
        return None
    if not isinstance(key, str):
        raise TypeError(f"key must be a str, got {type(key).__name__}")
    if not key.strip():
        raise ValueError(f"key {key!r} is empty; give a name, or leave key out")
    if any(ord(c) < 32 or ord(c) == 127 for c in key):
        raise ValueError(f"key {key!r} holds a control character or a line break")
    try:
        key.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ValueError(
            f"key {key!r} holds a lone surrogate at position {exc.start}, which no file holds"
        ) from None
    return key


def check_key(nodeid: str, index: int, explicit: str | None) -> str:
    """An explicit ``key=`` wins; otherwise the test id and the check's index within the test."""
    return explicit if explicit is not None else f"{nodeid}#{index}"


def metric_key(metric: str, nodeid: str, index: int, explicit: str | None) -> str:
    """A metric check's baseline key: the metric, then the faithfulness-style key."""
    return f"{metric}:{check_key(nodeid, index, explicit)}"


def load_baseline(path: Path) -> Baseline:
    """The stored baseline; a missing file is an empty baseline (the first run creates it)."""
    try:
        # utf-8-sig: a byte-order mark from an editor that saved a hand edit is no damage.
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        return Baseline()
    except (OSError, UnicodeDecodeError) as exc:
        raise BaselineError(f"cannot read the faithfulness baseline {path}: {exc}") from None
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicate_keys)
        version = data.get("version") if isinstance(data, dict) else None
        if type(version) is int and version > BASELINE_VERSION:
            # Rewriting it with this version would drop what the newer one stores.
            raise BaselineError(
                f"faithfulness baseline {path} has version {version}, written by a newer "
                f"pytest-faithful; this one reads version {BASELINE_VERSION}. Upgrade "
                "pytest-faithful."
            )
        if type(version) is not int or version != BASELINE_VERSION:
            raise BaselineError(
                f"faithfulness baseline {path} has version {version!r}; this pytest-faithful "
                f"reads version {BASELINE_VERSION}. Rewrite it with --faith-update-baseline."
            )
        # A file without its checks (a hand edit renamed the key) must not read as an empty
        # baseline: every check would be new, and no regression would fail.
        unknown = sorted(set(data) - {"version", "checks"})
        if "checks" not in data or unknown:
            raise ValueError(
                "it needs exactly the keys 'version' and 'checks'"
                + (f", not {', '.join(map(repr, unknown))}" if unknown else "")
            )
        return Baseline(entries=data["checks"])
    except BaselineError:
        raise
    except RecursionError:
        raise BaselineError(
            f"faithfulness baseline {path} is not a valid baseline file (nested too deeply to "
            "read). Fix or delete it, then run with --faith-update-baseline."
        ) from None
    except (ValueError, ValidationError, AttributeError, TypeError) as exc:
        raise BaselineError(
            f"faithfulness baseline {path} is not a valid baseline file ({type(exc).__name__}: "
            f"{shorten(str(exc), 200)}). Fix or delete it, then run with --faith-update-baseline."
        ) from None


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    counts = collections.Counter(key for key, _ in pairs)
    repeated = sorted(key for key, n in counts.items() if n > 1)
    if repeated:
        raise ValueError(f"the key(s) {', '.join(map(repr, repeated))} appear more than once")
    return dict(pairs)


def dump_baseline(baseline: Baseline) -> str:
    """The file's text: UTF-8 as is, except a lone surrogate (a test file or folder whose name
    is not UTF-8 gives its node id one), which has no UTF-8 form and is written as its JSON
    escape, read back as the same string."""
    lines = [f'{{\n  "version": {BASELINE_VERSION},\n  "checks": {{']
    items = sorted(baseline.entries.items())
    for i, (key, entry) in enumerate(items):
        value = json.dumps(entry.model_dump(mode="json"), sort_keys=True, ensure_ascii=False)
        comma = "," if i < len(items) - 1 else ""
        lines.append(f"    {json.dumps(key, ensure_ascii=False)}: {value}{comma}")
    lines.append("  }\n}\n")
    return _SURROGATE.sub(lambda match: f"\\u{ord(match.group()):04x}", "\n".join(lines))


def write_baseline(path: Path, baseline: Baseline) -> None:
    """Write atomically, so an interrupted run never leaves half a baseline behind."""
    write_text(path, dump_baseline(baseline))


def merged(stored: Baseline, ran: Mapping[str, BaselineEntry], *, replace: bool) -> Baseline:
    """The baseline to write: this run's checks, plus (unless ``replace``) the ones it skipped."""
    entries = {} if replace else dict(stored.entries)
    entries.update(ran)
    return Baseline(entries=entries)


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
        if self.baseline_judge is None:
            return []
        return [f"the baseline was scored by another judge ({self.baseline_judge})"]

    def _decimals(self) -> int:
        if self.status == "unchanged" or self.baseline_score is None:
            return _MIN_DECIMALS
        return _decimals((self.score, self.baseline_score))

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
) -> Comparison:
    """How a check's result stands against its baseline entry.

    Regressed: the score dropped by more than ``tolerance``. Improved: it rose at all.
    """
    if stored is None:
        return Comparison(key=key, status="new", score=result.score, baseline_score=None)
    if stored.runs is not None:
        # A repeated check's pass rate (a share of runs), as compare_rate takes a single score
        # for one: no score to compare with (a test whose repeat was removed failed as
        # REGRESSED when its score was below its stored rate: 0.5 against 3 of 3 runs).
        return Comparison(key=key, status="new", score=result.score, baseline_score=stored.score)
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
    )


def _other_judge(stored: BaselineEntry, judge: str) -> str | None:
    """The judge of a baseline entry, when it is not ``judge``."""
    return None if stored.judge == judge else stored.judge


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

    def with_status(self, status: Status) -> tuple[Comparison, ...]:
        return tuple(c for c in self.comparisons if c.status == status)

    def counts_line(self) -> str:
        counts = ", ".join(
            f"{len(self.with_status(s))} {s}" for s in ("regressed", "improved", "unchanged", "new")
        )
        # "not run" only when there are some, so a clean run's line is what it always was.
        not_run = f", {len(self.not_run)} not run" if self.not_run else ""
        return f"{counts}, {len(self.stale)} stale{not_run}"


def stale_keys(stored: Baseline, seen: Iterable[str]) -> list[str]:
    """Baseline entries no check of this run produced (meaningful only for a full run)."""
    return sorted(set(stored.entries) - set(seen))
