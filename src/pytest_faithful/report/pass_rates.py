"""Pass rates of repeated checks: the share of a check's runs that passed, with its Wilson 95%
interval, and whether it met the check's ``min_pass_rate``. No pytest here.

A test repeated N times (``repeat=N``) runs as N pytest items; the checks of one key in
those runs (a check's ``key=``), or else of one index (the test's first ``assert_faithful``
call without a key, its second, ...), make one :class:`PassRate`. The gate is the point
estimate: ``passed / runs >= min_pass_rate``. The interval says how much that share could
move between two runs of the suite; the baseline compares pass rates with it
(``report/baseline.py``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Literal

from pydantic import Field, NonNegativeInt, PositiveInt

from pytest_faithful.models import FrozenModel
from pytest_faithful.report.records import CheckRecord, Repetition

Z_95 = 1.959963984540054
"""The standard normal quantile of 0.975: a two-sided 95% interval."""
RATE_EPSILON = 1e-9
"""Rates are ratios of small integers; anything below this is float noise."""

GateStatus = Literal["passed", "failed", "estimated"]


def wilson(passed: int, runs: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (``passed`` successes in ``runs``).

    E. B. Wilson, "Probable inference, the law of succession, and statistical inference",
    JASA 22 (1927) 209-212; method 3 of R. G. Newcombe, "Two-sided confidence intervals for
    the single proportion", Statistics in Medicine 17 (1998) 857-872. With p = passed / runs,
    n = runs::

        centre = (p + z^2 / 2n) / (1 + z^2 / n)
        half   = z / (1 + z^2 / n) * sqrt(p (1 - p) / n + z^2 / 4n^2)

    Unlike the normal approximation (p +- z sqrt(p(1-p)/n)) it stays within [0, 1] and is not
    empty at 0 or n successes, which is where a small number of runs usually lands.
    """
    if isinstance(runs, bool) or not isinstance(runs, int) or runs < 1:
        raise ValueError(f"runs must be a whole number >= 1, got {runs!r}")
    if isinstance(passed, bool) or not isinstance(passed, int) or not 0 <= passed <= runs:
        raise ValueError(f"passed must be a whole number in [0, runs={runs}], got {passed!r}")
    p = passed / runs
    z2 = z * z
    scale = 1 + z2 / runs
    centre = (p + z2 / (2 * runs)) / scale
    half = z / scale * math.sqrt(p * (1 - p) / runs + z2 / (4 * runs * runs))
    # At 0 and n successes the bound is exactly 0 (1); float rounding must not move it past p.
    low = 0.0 if passed == 0 else max(0.0, min(p, centre - half))
    high = 1.0 if passed == runs else min(1.0, max(p, centre + half))
    return low, high


def percent(rate: float) -> str:
    """A rate as the reports show it: '60%' when it is a whole percent, else '66.7%'; never
    '100%' (or '0%') for a rate that is not quite 1 (or 0), so 199/200 cannot read as all."""
    hundred = rate * 100
    if abs(hundred - round(hundred)) < 1e-6:
        return f"{round(hundred)}%"
    shown = f"{hundred:.1f}"
    if shown == "100.0":
        shown = "99.9"
    elif shown == "0.0":
        shown = "0.1"
    return f"{shown}%"


def percents_apart(rate: float, least: float) -> tuple[str, str]:
    """A rate and its minimum as the reports show them side by side: :func:`percent`, with
    as many more decimals as it takes for two that differ to read apart (2 of 3 against a
    min_pass_rate of 0.667 read '66.7% < min_pass_rate 66.7%')."""
    shown = percent(rate), percent(least)
    if abs(rate - least) <= RATE_EPSILON or _read(shown[0]) != _read(shown[1]):
        return shown  # '50%' and '50.0%' read alike: shown with more decimals below
    for decimals in range(2, 10):
        apart = f"{rate * 100:.{decimals}f}%", f"{least * 100:.{decimals}f}%"
        if apart[0] != apart[1]:
            return apart
    return shown


def _read(shown: str) -> float:
    return float(shown.removesuffix("%"))


class PassRate(FrozenModel):
    """One repeated check: how many of its runs passed, and whether that met its minimum."""

    test_id: str = Field(
        description="The test id without the run's part, plus ' #index' for a test's later "
        "checks, or \" key 'KEY'\" for a check that gave key=."
    )
    test: str = Field(description="The test id without the run's part ([run2of5]).")
    index: NonNegativeInt = Field(
        description="Which check of the test: 0 for its first, ...; a check with a key: its "
        "first index in any run."
    )
    key: str | None = Field(
        description="The key= the check gave (its baseline key), if any: the runs of one key "
        "are one check, whichever call of its run each was."
    )
    judge_id: str
    scoring: str | None = Field(
        default=None,
        description="The scoring policy its runs were scored with (null: no run has a score).",
    )
    rules: str | None = Field(
        default=None,
        description="The verdict rules its runs ran (null: no run has a score).",
    )
    repeat: PositiveInt = Field(description="How many times the test was to run (repeat=N).")
    runs: NonNegativeInt = Field(
        description="Runs whose check was judged (passed, failed or errored); fewer than "
        "repeat when runs were deselected, stopped before the check, or estimated."
    )
    passed: NonNegativeInt
    failed: NonNegativeInt
    errored: NonNegativeInt = Field(description="Runs whose check errored: counted as not passed.")
    estimated: NonNegativeInt = Field(default=0, description="--faith-estimate: runs estimated.")
    rate: float | None = Field(
        ge=0.0, le=1.0, description="passed / runs; null when no run was judged."
    )
    low: float | None = Field(ge=0.0, le=1.0, description="Wilson 95% interval, lower end.")
    high: float | None = Field(ge=0.0, le=1.0, description="Wilson 95% interval, upper end.")
    min_pass_rate: float = Field(ge=0.0, le=1.0)
    mean_score: float | None = Field(description="Mean score of the runs with a score.")
    status: GateStatus = Field(
        description="passed: rate >= min_pass_rate; failed: below it (the run fails, unless "
        "expected); estimated: --faith-estimate left runs unjudged, so there is no verdict."
    )
    expected: bool = Field(
        default=False,
        description="Every run was in an xfail test: a failed pass rate is an expected "
        "failure, which does not fail the run.",
    )

    def covers(self, index: int, repeat: Repetition | None) -> bool:
        """Whether the check of ``index`` in a test's run ``repeat`` is one of this check's
        runs (``repeat`` None: not a run at all)."""
        if repeat is None:
            return False
        return check_of(index, repeat) == (
            self.test,
            self.key,
            0 if self.key is not None else self.index,
        )

    @property
    def failing(self) -> bool:
        """Below its minimum, and not expected to be: it fails the run."""
        return self.status == "failed" and not self.expected

    @property
    def badge(self) -> str:
        if self.expected and self.status != "estimated":
            return "XFAIL" if self.status == "failed" else "XPASS"
        return {"failed": "FAIL", "passed": "PASS", "estimated": "EST"}[self.status]

    def scored(self) -> PassRate | None:
        """This pass rate over the runs whose check has a verdict (passed or failed), for the
        baseline; None when no run has one (all estimated, or all errored).

        The gate counts an errored run as not passed (no verdict never helps a check meet its
        minimum), but an error (the judge down, the budget spent, a timeout) says nothing of
        the app's faithfulness: as a stored or compared rate it would read as a drop (one timed
        out run of five: REGRESSED against 5/5; every run refused by the budget: 0% stored).
        Its runs count as not judged there, as a check that errored is never a score."""
        judged = self.passed + self.failed
        if self.errored == 0 or self.rate is None:
            return self
        if judged == 0:
            return None
        low, high = wilson(self.passed, judged)
        rate = self.passed / judged
        return self.model_copy(
            update={
                "runs": judged,
                "errored": 0,
                "rate": rate,
                "low": low,
                "high": high,
                "status": _gate(rate, self.min_pass_rate, self.estimated),
            }
        )

    def figures(self) -> str:
        """'3/5 runs passed: 60% (95% CI 23%-88%)'; the runs not judged when there are any."""
        missing = self.repeat - self.runs
        if self.rate is None or self.low is None or self.high is None:
            return f"0/{self.repeat} runs judged ({self.estimated} estimated)"
        runs = "run" if self.runs == 1 else "runs"
        text = (
            f"{self.passed}/{self.runs} {runs} passed: {percent(self.rate)} "
            f"(95% CI {percent(self.low)}-{percent(self.high)})"
        )
        notes = []
        if self.errored:
            notes.append(f"{self.errored} errored")
        if missing > 0:
            notes.append(f"{missing} of {self.repeat} not judged")
        return text + (f", {', '.join(notes)}" if notes else "")

    def describe(self) -> str:
        """The gate's line: figures, then how they compare with the minimum."""
        if self.status == "estimated":
            return f"{self.figures()}; estimated, no verdict"
        sign = ">=" if self.status == "passed" else "<"
        least = percent(self.min_pass_rate)
        if self.rate is not None:
            rate, least = percents_apart(self.rate, self.min_pass_rate)
            if rate != percent(self.rate):  # the figures' rate reads as the minimum
                least = f"{least} (the rate: {rate})"
        return f"{self.figures()} {sign} min_pass_rate {least}"


def _gate(rate: float | None, min_pass_rate: float, estimated: int) -> GateStatus:
    if estimated or rate is None:
        return "estimated"
    return "passed" if rate >= min_pass_rate - RATE_EPSILON else "failed"


def check_of(index: int, repeat: Repetition) -> tuple[str, str | None, int]:
    """Which repeated check the check of ``index`` in the run ``repeat`` is: its test, and
    its key, or else its index.

    A key names one check whatever the order of its run's calls (a call made in some runs
    only moves the index of the calls after it); a check without a key is its index (0 in
    what this returns for a keyed check, so that every run of one key is one check)."""
    key = repeat.key
    return (repeat.test, key, 0 if key is not None else index)


def in_xfail_tests(
    records: Iterable[CheckRecord], xfail_runs: Collection[str]
) -> list[CheckRecord]:
    """``records``, those of the runs in ``xfail_runs`` (node ids of runs that were xfail
    tests, as their reports said) marked so (``Repetition.xfail``)."""
    return [
        r.model_copy(update={"repeat": r.repeat.model_copy(update={"xfail": True})})
        if r.repeat is not None and r.nodeid in xfail_runs
        else r
        for r in records
    ]


def pass_rates(records: Iterable[CheckRecord]) -> tuple[PassRate, ...]:
    """The pass rate of every repeated check in ``records``, by test id.

    Records of one test id (without the run's part) and one check index are the runs of one
    check. An errored run counts as not passed; an estimated one is not judged. The strictest
    ``min_pass_rate`` its runs gave applies (they are the same call, so normally one). A check
    whose runs were all xfail tests (:func:`in_xfail_tests`) is expected.
    """
    groups: dict[tuple[str, str | None, int], list[tuple[CheckRecord, Repetition]]] = {}
    for record in records:
        if record.repeat is not None:
            groups.setdefault(check_of(record.index, record.repeat), []).append(
                (record, record.repeat)
            )
    found = []
    for (test, key, _), runs in sorted(groups.items(), key=_group_order):
        index = min(record.index for record, _ in runs)
        statuses = [record.status for record, _ in runs]
        passed, failed = statuses.count("passed"), statuses.count("failed")
        errored, estimated = statuses.count("errored"), statuses.count("estimated")
        judged = passed + failed + errored
        low, high = wilson(passed, judged) if judged else (None, None)
        results = [record.result for record, _ in runs if record.result is not None]
        scores = [result.score for result in results]
        rate = passed / judged if judged else None
        min_pass_rate = max(repetition.min_pass_rate for _, repetition in runs)
        if key is not None:
            test_id = f"{test} key {key!r}"
        else:
            test_id = test if index == 0 else f"{test} #{index}"
        found.append(
            PassRate(
                test_id=test_id,
                test=test,
                index=index,
                key=key,
                judge_id=min(record.judge_id for record, _ in runs),
                # What a pass rate depends on besides verdicts, as a single check's score
                # (the baseline says when they changed); the runs are one call, so normally one.
                scoring=min((r.scoring for r in results), default=None),
                rules=min((r.rules for r in results), default=None),
                repeat=max(repetition.runs for _, repetition in runs),
                runs=judged,
                passed=passed,
                failed=failed,
                errored=errored,
                estimated=estimated,
                rate=rate,
                low=low,
                high=high,
                min_pass_rate=min_pass_rate,
                mean_score=sum(scores) / len(scores) if scores else None,
                status=_gate(rate, min_pass_rate, estimated),
                expected=all(repetition.xfail for _, repetition in runs),
            )
        )
    return tuple(found)


def _group_order(
    group: tuple[tuple[str, str | None, int], list[tuple[CheckRecord, Repetition]]],
) -> tuple[str, int, str]:
    """A test's checks in the order of their first calls (a key by its first index)."""
    (test, key, _), runs = group
    return (test, min(record.index for record, _ in runs), key or "")


def summary_line(rates: Iterable[PassRate]) -> str:
    """'faithful pass rates: 3 repeated checks, 1 below its min_pass_rate (the run fails)'."""
    rates = list(rates)
    failed = sum(r.failing for r in rates)
    passed = sum(r.status == "passed" for r in rates)
    expected = sum(r.status == "failed" and r.expected for r in rates)
    estimated = sum(r.status == "estimated" for r in rates)
    parts = []
    if failed:
        parts.append(
            f"{failed} below {'its' if failed == 1 else 'their'} min_pass_rate (the run fails)"
        )
    if passed == len(rates):
        parts.append("all at or above their min_pass_rate")
    elif passed:
        parts.append(f"{passed} at or above {'its' if passed == 1 else 'their'} min_pass_rate")
    if expected:
        parts.append(f"{expected} below it as expected (xfail)")
    if estimated:
        parts.append(f"{estimated} estimated")
    checks = "check" if len(rates) == 1 else "checks"
    return ", ".join([f"faithful pass rates: {len(rates)} repeated {checks}", *parts])


def lines(rates: Iterable[PassRate]) -> list[tuple[str, str]]:
    """One line per repeated check, failing ones first: (status, line)."""
    ranked = sorted(rates, key=_rank)
    return [(_shown(r), f"  {r.badge} {r.test_id}: {r.describe()}") for r in ranked]


def _shown(rate: PassRate) -> str:
    """How a rate is coloured: failed (red), estimated or expected (yellow), passed (green)."""
    if rate.expected and rate.status != "passed":
        return "estimated"
    return "failed" if rate.failing else rate.status


def _rank(rate: PassRate) -> tuple[int, str, int]:
    order = {"failed": 0, "estimated": 1, "passed": 2}
    return (order[_shown(rate)], rate.test, rate.index)


def _cells(rate: PassRate) -> tuple[str, str, str, str, str]:
    """(runs passed, rate, 95% interval, minimum, mean score) as the report tables show them."""
    least = percent(rate.min_pass_rate)
    if rate.rate is None or rate.low is None or rate.high is None:
        shown = ("-", "-")
    else:
        exact, least = percents_apart(rate.rate, rate.min_pass_rate)
        shown = (exact, f"{percent(rate.low)}-{percent(rate.high)}")
    runs = f"{rate.passed}/{rate.runs}" + (
        f" (of {rate.repeat})" if rate.runs != rate.repeat else ""
    )
    mean = "-" if rate.mean_score is None else f"{rate.mean_score:.2f}"
    return (runs, *shown, least, mean)


_ICON = {"passed": "✅", "failed": "❌", "estimated": "🔮"}
_HEADERS = ("runs passed", "pass rate", "95% CI (Wilson)", "min", "mean score")


def markdown_lines(rates: Sequence[PassRate], code: Callable[[str], str]) -> list[str]:
    """The Markdown report's table of pass rates (``code`` makes a test id a code span)."""
    if not rates:
        return []
    lines = ["", f"**Pass rates** {summary_line(rates).removeprefix('faithful pass rates: ')}"]
    lines += ["", "| | test | " + " | ".join(_HEADERS) + " |", "|---|---|---:|---:|---|---:|---:|"]
    for rate in sorted(rates, key=_rank):
        icon = _ICON[_shown(rate)] + (f" {rate.badge.lower()}" if rate.expected else "")
        lines.append(f"| {icon} | {code(rate.test_id)} | " + " | ".join(_cells(rate)) + " |")
    return lines


def html_section(rates: Sequence[PassRate], escape: Callable[[object], str]) -> str:
    """The HTML report's table of pass rates, failing ones first."""
    if not rates:
        return ""
    rows = "".join(
        f'<tr class="{_shown(rate)}"><td>{rate.badge}</td>'
        f"<td><code>{escape(rate.test_id)}</code></td>"
        + "".join(f"<td>{escape(cell)}</td>" for cell in _cells(rate))
        + "</tr>"
        for rate in sorted(rates, key=_rank)
    )
    headers = "".join(f"<th>{escape(h)}</th>" for h in ("", "test", *_HEADERS))
    return (
        f'<section id="pass-rates"><p class="run">{escape(summary_line(rates))}</p>'
        f"<table><thead><tr>{headers}</tr></thead><tbody>{rows}</tbody></table></section>"
    )
