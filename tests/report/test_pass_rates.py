"""Pass rates of repeated checks: the Wilson interval, the grouping of runs, the baseline."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_faithful.models import FaithfulnessResult
from pytest_faithful.report import junit
from pytest_faithful.report.baseline import compare, compare_rate
from pytest_faithful.report.baseline_file import BaselineEntry
from pytest_faithful.report.pass_rates import (
    PassRate,
    pass_rates,
    percent,
    percents_apart,
    wilson,
)
from pytest_faithful.report.records import CheckRecord, Repetition


@pytest.mark.parametrize(
    ("passed", "runs", "low", "high"),
    [
        # Newcombe (1998), Statistics in Medicine 17:857-872, Table I, method 3 (Wilson score
        # interval without continuity correction), to the four decimals it gives.
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0000, 0.1611),
        (1, 29, 0.0061, 0.1718),
        # The interval's closed form at 0 and n successes: [0, z^2/(n+z^2)], [n/(n+z^2), 1].
        (0, 10, 0.0, 1.959963984540054**2 / (10 + 1.959963984540054**2)),
        (10, 10, 10 / (10 + 1.959963984540054**2), 1.0),
    ],
)
def test_wilson_interval_known_values(passed: int, runs: int, low: float, high: float) -> None:
    found = wilson(passed, runs)
    assert found == pytest.approx((low, high), abs=5e-5)


def test_wilson_is_symmetric_and_exact_at_the_ends() -> None:
    assert wilson(0, 5)[0] == 0.0
    assert wilson(5, 5)[1] == 1.0
    low, high = wilson(3, 5)
    mirrored = wilson(2, 5)
    assert (low, high) == pytest.approx((1 - mirrored[1], 1 - mirrored[0]))


@pytest.mark.parametrize(
    ("passed", "runs", "message"),
    [
        (1, 0, "runs must be a whole number >= 1, got 0"),
        (6, 5, r"passed must be a whole number in \[0, runs=5\], got 6"),
        (-1, 5, r"passed must be a whole number in \[0, runs=5\], got -1"),
        (True, 5, r"passed must be a whole number in \[0, runs=5\], got True"),
        (1, 2.0, "runs must be a whole number >= 1, got 2.0"),
    ],
)
def test_wilson_refuses_impossible_counts(passed: object, runs: object, message: str) -> None:
    with pytest.raises(ValueError, match=f"^{message}$"):
        wilson(passed, runs)  # type: ignore[arg-type]


@given(
    st.integers(min_value=1, max_value=10_000).flatmap(
        lambda n: st.tuples(st.integers(0, n), st.just(n))
    )
)
def test_wilson_interval_properties(counts: tuple[int, int]) -> None:
    passed, runs = counts
    low, high = wilson(passed, runs)
    rate = passed / runs
    assert 0.0 <= low <= rate <= high <= 1.0
    assert low < high  # never empty, not even at 0 or n successes
    # More runs with the same share never widen it.
    wider = wilson(passed * 2, runs * 2)
    assert wider[1] - wider[0] <= high - low + 1e-12


@given(
    st.integers(min_value=1, max_value=500).flatmap(
        lambda n: st.tuples(st.integers(0, n), st.just(n))
    )
)
def test_one_more_pass_moves_the_interval_up(counts: tuple[int, int]) -> None:
    passed, runs = counts
    if passed < runs:
        assert wilson(passed + 1, runs) > wilson(passed, runs)


@pytest.mark.parametrize(
    ("rate", "shown"),
    [
        (0.6, "60%"),
        (1.0, "100%"),
        (0.0, "0%"),
        (2 / 3, "66.7%"),
        (199 / 200, "99.5%"),
        (0.99996, "99.9%"),
        (0.00004, "0.1%"),
    ],
)
def test_percent_never_rounds_to_all_or_none(rate: float, shown: str) -> None:
    assert percent(rate) == shown


def _result(passed: bool, score: float) -> FaithfulnessResult:
    return FaithfulnessResult(
        score=score,
        passed=passed,
        threshold=0.8,
        scoring="strict",
        allow_contradictions=False,
        judge_id="rules/v1",
        heuristic=False,
        claim_verdicts=(),
        vacuous=False,
        usage={"judge_calls": 1},
        duration_s=0.1,
        explanation="",
    )


def _run(
    test: str,
    run: int,
    runs: int,
    outcome: str,
    index: int = 0,
    min_pass_rate: float = 0.6,
    key: str | None = None,
) -> CheckRecord:
    repeat = Repetition(run=run, runs=runs, test=test, min_pass_rate=min_pass_rate, key=key)
    nodeid = f"{test}[run{run}of{runs}]"
    if outcome == "errored":
        return CheckRecord(
            nodeid=nodeid, index=index, judge_id="rules/v1", error="down", repeat=repeat
        )
    if outcome == "estimated":
        return CheckRecord(
            nodeid=nodeid, index=index, judge_id="rules/v1", estimated=True, repeat=repeat
        )
    passed = outcome == "passed"
    return CheckRecord(
        nodeid=nodeid,
        index=index,
        judge_id="rules/v1",
        result=_result(passed, 1.0 if passed else 0.5),
        repeat=repeat,
    )


def test_runs_of_one_check_make_one_pass_rate() -> None:
    test = "t.py::test_x"
    records = [
        _run(test, 1, 5, "passed"),
        _run(test, 2, 5, "failed"),
        _run(test, 3, 5, "passed"),
        _run(test, 4, 5, "errored"),
        _run(test, 5, 5, "passed"),
        # The test's second check, and a test that is not repeated: apart.
        _run(test, 1, 5, "passed", index=1, min_pass_rate=1.0),
        CheckRecord(nodeid="t.py::test_y", index=0, judge_id="rules/v1", error="x"),
    ]
    first, second = pass_rates(records)
    assert (first.test_id, first.runs, first.passed, first.failed, first.errored) == (
        test,
        5,
        3,
        1,
        1,
    )
    assert first.rate == pytest.approx(0.6)
    assert (first.low, first.high) == pytest.approx(wilson(3, 5))
    assert first.mean_score == pytest.approx((1.0 + 0.5 + 1.0 + 1.0) / 4)
    assert first.status == "passed", "0.6 >= min_pass_rate 0.6: an errored run is not a pass"
    assert first.describe() == (
        "3/5 runs passed: 60% (95% CI 23.1%-88.2%), 1 errored >= min_pass_rate 60%"
    )
    assert (second.test_id, second.repeat, second.runs, second.status) == (
        f"{test} #1",
        5,
        1,
        "passed",
    )
    assert "4 of 5 not judged" in second.describe()


def test_below_the_minimum_fails_and_the_strictest_minimum_applies() -> None:
    test = "t.py::test_x[a]"
    records = [
        _run(test, 1, 2, "passed", min_pass_rate=0.5, key="k"),
        _run(test, 2, 2, "failed", min_pass_rate=0.6, key="k"),
    ]
    (rate,) = pass_rates(records)
    assert (rate.min_pass_rate, rate.status, rate.key) == (0.6, "failed", "k")
    assert rate.describe().endswith("< min_pass_rate 60%")


@settings(max_examples=60)
@given(
    counts=st.integers(1, 40).flatmap(lambda n: st.tuples(st.integers(0, n - 1), st.just(n))),
    above=st.floats(1e-8, 0.3),
)
def test_a_failed_gate_never_reads_as_its_minimum(counts: tuple[int, int], above: float) -> None:
    """The rate and its minimum as the gate's line and the tables show them: apart whenever
    the gate failed, in the order the gate read them (2 of 3 against 0.667 read '66.7% <
    min_pass_rate 66.7%'). Minimums just above the rate, where the rounding meets."""
    passed, runs = counts
    least = min(1.0, passed / runs + above)
    records = [
        _run(
            "t.py::test_x", run, runs, "passed" if run <= passed else "failed", min_pass_rate=least
        )
        for run in range(1, runs + 1)
    ]
    (rate,) = pass_rates(records)
    if rate.status == "failed":
        shown, minimum = percents_apart(passed / runs, least)
        assert float(shown.rstrip("%")) < float(minimum.rstrip("%"))
        assert f"< min_pass_rate {minimum}" in rate.describe()


@pytest.mark.parametrize("tool_runs", [(1,), (2, 4), (1, 2, 3, 4)])
def test_a_keyed_check_is_its_key_in_every_run_whichever_call_it_was(
    tool_runs: tuple[int, ...],
) -> None:
    """A check the test makes in some runs only (key 'tool') moves the index of the check
    after it (key 'answer'): the runs of each key are one check, apart from the other's."""
    test = "t.py::test_x"
    records = []
    for run in range(1, 5):
        index = 0
        if run in tool_runs:
            records.append(_run(test, run, 4, "passed", index=index, min_pass_rate=0.5, key="tool"))
            index += 1
        records.append(_run(test, run, 4, "failed", index=index, min_pass_rate=0.5, key="answer"))
        # An unkeyed check after them: its index, as always.
        records.append(_run(test, run, 4, "passed", index=index + 1, min_pass_rate=1.0))
    rates = {rate.key or rate.test_id: rate for rate in pass_rates(records)}
    answer, tool = rates["answer"], rates["tool"]
    assert (answer.runs, answer.passed, answer.status) == (4, 0, "failed")
    assert (tool.runs, tool.passed, tool.status) == (len(tool_runs), len(tool_runs), "passed")
    assert answer.test_id == f"{test} key 'answer'" != tool.test_id
    unkeyed = [rate for rate in rates.values() if rate.key is None]
    assert all(rate.status == "passed" for rate in unkeyed)
    for record in records:  # each run is a run of exactly one pass rate
        assert sum(rate.covers(record.index, record.repeat) for rate in rates.values()) == 1
    assert sum(rate.runs for rate in rates.values()) == len(records)
    prefixes = {name for rate in rates.values() for name, _ in junit.pass_rate_properties(rate)}
    assert {"faith.key.answer.pass_rate", "faith.key.tool.pass_rate"} <= prefixes
    assert len(prefixes) == 7 * len(rates), "no two checks share a JUnit property"


def test_estimated_runs_leave_no_verdict() -> None:
    test = "t.py::test_x"
    (rate,) = pass_rates([_run(test, 1, 2, "estimated"), _run(test, 2, 2, "passed")])
    assert (rate.status, rate.runs, rate.estimated, rate.rate) == ("estimated", 1, 1, 1.0)
    (none,) = pass_rates([_run(test, 1, 1, "estimated")])
    assert (none.rate, none.low, none.high) == (None, None, None)
    assert none.describe() == "0/1 runs judged (1 estimated); estimated, no verdict"


def test_a_run_beyond_its_runs_is_refused() -> None:
    with pytest.raises(ValueError, match="run 3 of 2: no such run"):
        Repetition(run=3, runs=2, test="t.py::test_x", min_pass_rate=1.0)


def _rate(passed: int, runs: int) -> PassRate:
    test = "t.py::test_x"
    records = [_run(test, i + 1, runs, "passed" if i < passed else "failed") for i in range(runs)]
    (rate,) = pass_rates(records)
    return rate


@pytest.mark.parametrize(
    ("stored", "now", "status"),
    [
        # 20/20 before, 2/4 now: the interval (15%-85%) is below 100%: a drop beyond chance.
        ((20, 20), (2, 4), "regressed"),
        # 5/5 before, 4/5 now: 100% is above 4/5's interval (37.6%-96.4%).
        ((5, 5), (4, 5), "regressed"),
        # 4/5 before, 3/5 now: 80% lies within 23.1%-88.2%: chance, unchanged.
        ((4, 5), (3, 5), "unchanged"),
        ((1, 5), (5, 5), "improved"),
        ((3, 5), (3, 5), "unchanged"),
    ],
)
def test_the_baseline_compares_pass_rates_through_the_interval(
    stored: tuple[int, int], now: tuple[int, int], status: str
) -> None:
    rate = _rate(*now)
    entry = BaselineEntry(
        score=stored[0] / stored[1],
        judge="rules/v1",
        claims=(),
        test=rate.test,
        runs=stored[1],
        passed=stored[0],
    )
    comparison = compare_rate("t.py::test_x#0", rate, entry)
    assert comparison.status == status
    assert comparison.pass_rate is not None
    assert (comparison.pass_rate.low, comparison.pass_rate.high) == pytest.approx(wilson(*now))
    assert comparison.baseline_score == pytest.approx(stored[0] / stored[1])
    assert f"vs baseline {percent(stored[0] / stored[1])} ({stored[0]}/{stored[1]})" in (
        comparison.describe()
    )
    assert comparison.baseline_judge is None
    # Scored by another judge: compared all the same, and said.
    other = compare_rate("t.py::test_x#0", rate, entry.model_copy(update={"judge": "lexical/v3"}))
    assert (other.status, other.baseline_judge) == (status, "lexical/v3")
    assert other.describe().endswith("; the baseline was scored by another judge (lexical/v3)")


def test_the_baseline_entry_of_a_pass_rate_round_trips() -> None:
    rate = _rate(3, 5)
    entry = BaselineEntry.from_rate(rate)
    assert (entry.score, entry.runs, entry.passed, entry.test, entry.claims) == (
        0.6,
        5,
        3,
        "t.py::test_x",
        (),
    )
    assert BaselineEntry.model_validate_json(entry.model_dump_json()) == entry
    assert compare_rate("k", rate, None).status == "new"
    single = BaselineEntry(score=1.0, judge="rules/v1", claims=())
    was_single = compare_rate("k", rate, single)
    assert (was_single.status, was_single.baseline_score) == ("new", 1.0)
    assert "single run's score 1.00" in was_single.describe()
    assert not math.isnan(was_single.score)
    # And the other way: a single check against a stored pass rate is new, never a drop.
    now_single = compare("k", _result(True, 0.5), entry, 0.0)
    assert (now_single.status, now_single.baseline_score) == ("new", 0.6)
    assert now_single.describe() == (
        "score 0.50; the baseline has a repeated check's pass rate 60% (new)"
    )
