"""Repeated checks through pytest: runs as items, each run's outcome, the pass-rate gate, the
reports and the baseline, serial and under pytest-xdist."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_faithful.plugin.repeats import run_id, split_run, without_run
from report_suite import RULES_CONFTEST

XDIST = [pytest.param([], id="serial"), pytest.param(["-n", "2"], id="xdist")]

# The rules judge: a claim with "60" in it is CONTRADICTED, any other SUPPORTED. The app
# answers run 2 and run 3 of each test wrongly, whichever process runs them.
SUITE = """
import pytest

CONTEXT = "Refunds take 30 days. Shipping is free."

def answer(request):
    wrong = request.node.name.endswith(("run2of5]", "run3of5]"))
    return "Refunds take 60 days." if wrong else "Refunds take 30 days."

@pytest.mark.faithfulness(repeat=5, min_pass_rate=0.6)
def test_sampled(assert_faithful, request):
    assert_faithful(answer(request), CONTEXT)

@pytest.mark.faithfulness(repeat=5)
def test_strict(assert_faithful, request):
    assert_faithful(answer(request), CONTEXT)
    assert_faithful("Shipping is free.", CONTEXT, min_pass_rate=1.0)

def test_once(assert_faithful):
    assert_faithful("Refunds take 30 days.", CONTEXT)

def test_no_check():
    pass
"""


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makeconftest(RULES_CONFTEST)
    pytester.makeini("[pytest]\nfaith_judge = rules\naddopts = -p no:hypothesispytest\n")
    pytester.makepyfile(test_rag=SUITE)
    return pytester


def _json(pytester: pytest.Pytester, name: str = "out.json") -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(Path(pytester.path, name).read_text(encoding="utf-8"))
    return loaded


# -- run ids ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("nodeid", "test", "run", "runs"),
    [
        ("t.py::test_x[run2of5]", "t.py::test_x", 2, 5),
        ("t.py::test_x[a-run10of12]", "t.py::test_x[a]", 10, 12),
        ("t.py::TestK::test_x[run1of3-b]", "t.py::TestK::test_x[b]", 1, 3),
        ("t.py::test_x[a-run3of3-b]", "t.py::test_x[a-b]", 3, 3),
        ("dir/t.py::test_x[my-run4of4]", "dir/t.py::test_x[my]", 4, 4),
        ("t.py::test_x[a::b-[c]-run2of2]", "t.py::test_x[a::b-[c]]", 2, 2),
    ],
)
def test_a_run_id_names_its_test(nodeid: str, test: str, run: int, runs: int) -> None:
    found = split_run(nodeid)
    assert found is not None
    assert (found.test, found.run, found.runs) == (test, run, runs)
    assert without_run(nodeid) == test


@pytest.mark.parametrize(
    "nodeid",
    [
        "t.py::test_x",
        "t.py::test_x[run6of5]",  # no such run
        "t.py::test_x[run0of5]",
        "t.py::test_x[rerun2of5]",
        "t.py::test_run2of5",  # not inside the brackets
        "t.py::test_x[a-run2of5x]",
    ],
)
def test_other_ids_are_not_runs(nodeid: str) -> None:
    assert split_run(nodeid) is None
    assert without_run(nodeid) == nodeid


_ID = st.text(
    st.characters(codec="ascii", exclude_categories=("Cc",)), min_size=1, max_size=8
).filter(lambda text: "run" not in text)  # not itself a run's id


@given(
    st.lists(_ID, max_size=3),
    st.integers(1, 50).flatmap(lambda n: st.tuples(st.integers(1, n), st.just(n))),
)
def test_the_run_id_comes_off_whatever_ids_go_before_it(
    ids: list[str], counts: tuple[int, int]
) -> None:
    run, runs = counts
    base = "tests/t.py::test_x" + (f"[{'-'.join(ids)}]" if ids else "")
    nodeid = f"tests/t.py::test_x[{'-'.join([*ids, run_id(run, runs)])}]"
    found = split_run(nodeid)
    assert found is not None
    assert (found.test, found.run, found.runs) == (base, run, runs)


# -- collection -------------------------------------------------------------------------------


def test_a_repeated_test_is_collected_as_its_runs(project: pytest.Pytester) -> None:
    project.makepyfile(
        test_more="""
import pytest

@pytest.mark.faithfulness(repeat=2)
@pytest.mark.parametrize("case", ["a", "b"])
def test_param(assert_faithful, case):
    pass

@pytest.fixture
def checked(assert_faithful):
    return assert_faithful

@pytest.mark.faithfulness(repeat=2)
def test_through_a_fixture(checked):
    pass

@pytest.mark.faithfulness(repeat=3)
def test_without_the_fixture():
    pass
"""
    )
    result = project.runpytest("--collect-only", "-q", "test_more.py")
    ids = [line for line in result.stdout.lines if "::" in line]
    assert ids == [
        "test_more.py::test_param[a-run1of2]",
        "test_more.py::test_param[a-run2of2]",
        "test_more.py::test_param[b-run1of2]",
        "test_more.py::test_param[b-run2of2]",
        "test_more.py::test_through_a_fixture[run1of2]",
        "test_more.py::test_through_a_fixture[run2of2]",
        # Nothing to gate: a test that checks nothing is never repeated.
        "test_more.py::test_without_the_fixture",
    ]


UNITTEST_SUITE = """
import unittest
import pytest

CONTEXT = "Refunds take 30 days. Shipping is free."

@pytest.fixture
def checker(request, assert_faithful):
    request.instance.check = assert_faithful

{marker}
@pytest.mark.usefixtures("checker")
class TestUnit(unittest.TestCase):
    def test_unit(self):
        self.check("Refunds take 30 days.", CONTEXT)

class TestUnitWithoutChecks(unittest.TestCase):
    def test_no_check(self):
        pass

{marker}
class TestPlain:
    def test_plain(self, assert_faithful):
        assert_faithful("Refunds take 30 days.", CONTEXT)
"""


@pytest.mark.parametrize(
    ("marker", "args"),
    [("@pytest.mark.faithfulness(repeat=2)", []), ("", ["--faith-repeat=2"])],
    ids=["marker", "command-line"],
)
def test_a_unittest_test_that_cannot_be_repeated_errors_instead_of_running_once(
    project: pytest.Pytester, marker: str, args: list[str]
) -> None:
    """pytest never parametrizes a unittest.TestCase test: asked to repeat one that checks
    (through a fixture), it ran once with no pass rate and no word said."""
    project.makepyfile(test_rag=UNITTEST_SUITE.format(marker=marker))
    result = project.runpytest(*args)
    # A TestCase that requests no assert_faithful runs as usual; the plain class is repeated.
    result.assert_outcomes(passed=3, errors=1)
    result.stdout.fnmatch_lines(
        [
            "*ERROR at setup of TestUnit.test_unit*",
            "pytest-faithful: repeat=2 cannot repeat test_rag.py::TestUnit::test_unit: pytest "
            "does not parametrize a unittest.TestCase test, so its runs cannot be collected*",
            "  PASS test_rag.py::TestPlain::test_plain: 2/2 runs passed*",
        ],
        consecutive=False,
    )


@pytest.mark.parametrize(
    ("args", "ini", "marker", "runs"),
    [
        ([], "", "", 1),
        ([], "faith_repeat = 3", "", 3),
        (["--faith-repeat=2"], "faith_repeat = 3", "", 2),
        (["--faith-repeat=2"], "faith_repeat = 3", "(repeat=4)", 4),
        (["--faith-repeat=2"], "", "(repeat=1)", 1),
    ],
)
def test_repeat_resolves_marker_over_command_line_over_ini(
    pytester: pytest.Pytester, args: list[str], ini: str, marker: str, runs: int
) -> None:
    pytester.makeini(f"[pytest]\nfaith_judge = lexical\n{ini}\n")
    mark = f"@pytest.mark.faithfulness{marker}\n" if marker else ""
    pytester.makepyfile(
        f"import pytest\n\n{mark}def test_x(assert_faithful):\n    pass\n",
    )
    result = pytester.runpytest("--collect-only", "-q", *args)
    collected = [line for line in result.stdout.lines if "::" in line]
    assert len(collected) == runs
    if runs > 1:
        assert collected[-1].endswith(f"[run{runs}of{runs}]")


@pytest.mark.parametrize(
    ("marker", "problem"),
    [
        ("repeat=0", "repeat: Input should be greater than or equal to 1"),
        ("repeat='3'", "repeat: Value error, a whole number is needed, got str '3'"),
        ("repeat=True", "repeat: Value error, a whole number is needed, got bool True"),
        # Every run is collected up front: a huge repeat would exhaust memory collecting.
        ("repeat=10_001", "repeat: Input should be less than or equal to 10000"),
        ("min_pass_rate=1.5", "min_pass_rate: Input should be less than or equal to 1"),
    ],
)
def test_a_wrong_marker_is_a_collection_error(
    pytester: pytest.Pytester, marker: str, problem: str
) -> None:
    pytester.makeini("[pytest]\nfaith_judge = lexical\n")
    pytester.makepyfile(
        f"import pytest\n\n@pytest.mark.faithfulness({marker})\n"
        "def test_x(assert_faithful):\n    pass\n"
    )
    result = pytester.runpytest()
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(
        [f"*invalid @pytest.mark.faithfulness on test_*.py::test_x*{problem}*"]
    )


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("--faith-repeat=0", "--faith-repeat: '0' is less than 1"),
        ("--faith-repeat=10001", "--faith-repeat: '10001' is more than 10000"),
        ("--faith-min-pass-rate=2", "--faith-min-pass-rate: '2' is not in [[]0, 1[]]"),
    ],
)
def test_a_wrong_option_is_a_usage_error(
    pytester: pytest.Pytester, option: str, message: str
) -> None:
    result = pytester.runpytest(option)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"*{message}*"])


def test_a_call_sets_min_pass_rate_but_cannot_repeat(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\nfaith_judge = lexical\n")
    pytester.makepyfile(
        """
import pytest

def test_bad_rate(assert_faithful):
    message = r"^min_pass_rate must be a number in \\[0, 1\\], got 1.5$"
    with pytest.raises(ValueError, match=message):
        assert_faithful("Refunds take 30 days.", "Refunds take 30 days.", min_pass_rate=1.5)

def test_no_repeat_in_a_call(assert_faithful):
    with pytest.raises(TypeError, match="unexpected keyword argument 'repeat'"):
        assert_faithful("Refunds take 30 days.", "Refunds take 30 days.", repeat=3)
"""
    )
    pytester.runpytest().assert_outcomes(passed=2)


# -- the gate ---------------------------------------------------------------------------------


@pytest.mark.parametrize("workers", XDIST)
def test_failed_runs_are_xfail_and_the_pass_rate_decides(
    project: pytest.Pytester, workers: list[str]
) -> None:
    if workers:
        pytest.importorskip("xdist")
    result = project.runpytest("-rx", "--faith-report=out.json", *workers)
    # test_sampled: 3 of 5 runs pass, min 60%: passes; test_strict: 3 of 5, min 100% (the
    # default with repeat): fails the session, though no test failed.
    result.assert_outcomes(passed=8, xfailed=4)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(
        [
            "*= faithfulness pass rates =*",
            "faithful pass rates: 3 repeated checks, 1 below its min_pass_rate (the run fails), "
            "2 at or above their min_pass_rate",
            "  FAIL test_rag.py::test_strict: 3/5 runs passed: 60% (95% CI 23.1%-88.2%) "
            "< min_pass_rate 100%",
            "  PASS test_rag.py::test_sampled: 3/5 runs passed: 60% (95% CI 23.1%-88.2%) "
            ">= min_pass_rate 60%",
            # The second check of test_strict: its runs 2 and 3 stopped at the first check.
            "  PASS test_rag.py::test_strict #1: 3/3 runs passed: 100% (95% CI 43.9%-100%), "
            "2 of 5 not judged >= min_pass_rate 100%",
            "*= 8 passed, 4 xfailed, 1 below min_pass_rate in *",
        ]
    )
    result.stdout.fnmatch_lines(
        [
            "XFAIL test_rag.py::test_sampled[[]run2of5[]] - pytest-faithful: run 2 of 5 of a "
            "repeated check: faithfulness failed: 0/1 claims supported, 1 contradicted; score "
            "0.00 < threshold 0.80; counted in its pass rate (min_pass_rate 0.6)"
        ]
    )
    document = _json(project)
    rates = {r["test_id"]: r for r in document["pass_rates"]}
    assert sorted(rates) == [
        "test_rag.py::test_sampled",
        "test_rag.py::test_strict",
        "test_rag.py::test_strict #1",
    ]
    strict = rates["test_rag.py::test_strict"]
    assert (strict["runs"], strict["passed"], strict["failed"], strict["status"]) == (
        5,
        3,
        2,
        "failed",
    )
    assert (strict["low"], strict["high"]) == pytest.approx((0.2307, 0.8824), abs=1e-4)
    runs = [c for c in document["checks"] if c["nodeid"].startswith("test_rag.py::test_sampled")]
    assert [(c["repeat"]["run"], c["status"], c["test_outcome"]) for c in runs] == [
        (1, "passed", "passed"),
        (2, "failed", "xfailed"),
        (3, "failed", "xfailed"),
        (4, "passed", "passed"),
        (5, "passed", "passed"),
    ]
    assert document["totals"]["failed"] == 0
    assert document["totals"]["failed_runs"] == 4
    assert document["totals"]["xfailed"] == 0, "a failed run is not an expected failure"


def test_meeting_every_minimum_exits_zero(project: pytest.Pytester) -> None:
    result = project.runpytest("-k", "sampled or once")
    result.assert_outcomes(passed=4, xfailed=2)
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines(
        ["faithful pass rates: 1 repeated check, all at or above their min_pass_rate"]
    )
    assert "below min_pass_rate" not in result.stdout.str()


def test_the_command_line_minimum_applies_below_marker_and_call(
    project: pytest.Pytester,
) -> None:
    # test_strict's marker sets no minimum: the command line's 0.5 lets its first check
    # pass; its second check's call says 1.0 and keeps it.
    result = project.runpytest("--faith-min-pass-rate=0.5", "-k", "strict")
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines(
        ["  PASS test_rag.py::test_strict: 3/5 runs passed: * >= min_pass_rate 50%"]
    )


def test_a_failed_run_does_not_stop_x(project: pytest.Pytester) -> None:
    result = project.runpytest("-x", "-k", "sampled")
    result.assert_outcomes(passed=3, xfailed=2)


def test_what_else_fails_a_run_fails_it(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(RULES_CONFTEST)
    pytester.makeini("[pytest]\nfaith_judge = rules\n")
    pytester.makepyfile(
        """
import pytest
from pytest_faithful import FaithfulnessError
from pytest_faithful.testing import FunctionJudge

CONTEXT = "Refunds take 30 days."

def broken(claims, passages):
    raise RuntimeError("the judge has a bug")

@pytest.mark.faithfulness(repeat=2, min_pass_rate=0.0)
def test_errored(assert_faithful, request):
    judge = FunctionJudge(broken) if request.node.name.endswith("run1of2]") else None
    assert_faithful("Refunds take 30 days.", CONTEXT, judge=judge)

@pytest.mark.faithfulness(repeat=2, min_pass_rate=0.0)
def test_own_assert(assert_faithful):
    result = assert_faithful("Refunds take 30 days.", CONTEXT)
    assert result.score > 2, "the test's own assertion"

@pytest.mark.faithfulness(repeat=2, min_pass_rate=0.0)
def test_caught(assert_faithful):
    with pytest.raises(FaithfulnessError):
        assert_faithful("Refunds take 60 days.", CONTEXT)
"""
    )
    result = pytester.runpytest("--faith-report=out.json")
    # An errored check is no sample: its run fails (and counts as not passed); the test's own
    # failure fails its run; a failure the test expects passes it.
    result.assert_outcomes(passed=3, failed=3)
    result.stdout.fnmatch_lines(
        [
            "  PASS test_*.py::test_caught: 0/2 runs passed: 0% * >= min_pass_rate 0%",
            "  PASS test_*.py::test_errored: 1/2 runs passed: 50% *, 1 errored >= min_pass_rate 0%",
        ]
    )
    totals = _json(pytester)["totals"]
    assert (totals["errored"], totals["failed_runs"], totals["failed"]) == (1, 2, 0)


def test_a_repeated_xfail_test_expects_its_pass_rate_to_fail(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(RULES_CONFTEST)
    pytester.makeini("[pytest]\nfaith_judge = rules\nxfail_strict = true\n")
    pytester.makepyfile(
        """
import pytest
from pytest_faithful import FaithfulnessError

@pytest.mark.xfail(strict=True, raises=FaithfulnessError, reason="planted: 60 days")
@pytest.mark.faithfulness(repeat=3)
def test_planted(assert_faithful):
    assert_faithful("Refunds take 60 days.", "Refunds take 30 days.")
"""
    )
    result = pytester.runpytest("--faith-report=out.json")
    # Each run fails as the test's own marker expects; so does the pass rate: a green run.
    result.assert_outcomes(xfailed=3)
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines(
        [
            "faithful pass rates: 1 repeated check, 1 below it as expected (xfail)",
            "  XFAIL test_*.py::test_planted: 0/3 runs passed: 0% * < min_pass_rate 100%",
        ]
    )
    document = _json(pytester)
    (rate,) = document["pass_rates"]
    assert (rate["status"], rate["expected"]) == ("failed", True)
    # Its runs' failed checks are expected failures, as pytest counts them, not failed runs.
    totals = document["totals"]
    assert (totals["xfailed"], totals["failed_runs"], totals["failed"]) == (3, 0, 0)
    assert [c["repeat"]["xfail"] for c in document["checks"]] == [True, True, True]


# -- reports ----------------------------------------------------------------------------------


def test_every_report_shows_the_pass_rates(project: pytest.Pytester) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    from pytest_faithful.report import json_report

    result = project.runpytest(
        "--faith-report",
        "--faith-report=out.json",
        "--faith-report=out.md",
        "--faith-report=out.html",
        "--junitxml=junit.xml",
        "-k",
        "sampled or once",
    )
    assert result.ret == pytest.ExitCode.OK
    jsonschema.Draft202012Validator(json_report.schema()).validate(_json(project))
    # Terminal: each run's row says which run it is; the totals count the failed runs apart.
    result.stdout.fnmatch_lines(
        [
            "test_rag.py::test_sampled[[]run2of5[]] *FAIL (run 2 of 5)*",
            "checks: 6  passed: 4  failed: 0  errored: 0  *failed runs: 2 (pass rates decide)",
        ]
    )
    markdown = Path(project.path, "out.md").read_text(encoding="utf-8")
    assert "### Faithfulness: ✅ 4 passed, 2 failed runs of 6 checks" in markdown
    assert "| ✅ | `test_rag.py::test_sampled` | 3/5 | 60% | 23.1%-88.2% | 60% | 0.60 |" in markdown
    html = Path(project.path, "out.html").read_text(encoding="utf-8")
    assert '<section id="pass-rates">' in html
    assert "<td><code>test_rag.py::test_sampled</code></td><td>3/5</td><td>60%</td>" in html
    assert 'data-total="failed runs"><dt>failed runs</dt><dd>2</dd>' in html
    # A failed run is neither failing nor an expected failure in the page's filters.
    assert html.count('data-failing="1"') == 0
    # JUnit: each run says which it is; the run that completed the test carries the rate.
    cases = {
        case.get("name"): {p.get("name"): p.get("value") for p in case.iter("property")}
        for case in ET.parse(Path(project.path, "junit.xml")).iter("testcase")
    }
    assert cases["test_sampled[run2of5]"]["faith.run"] == "2"
    assert cases["test_sampled[run2of5]"]["faith.runs"] == "5"
    assert "faith.pass_rate" not in cases["test_sampled[run4of5]"]
    last = cases["test_sampled[run5of5]"]
    assert (last["faith.pass_rate"], last["faith.pass_rate_low"], last["faith.pass_rate_high"]) == (
        "0.6000",
        "0.2307",
        "0.8824",
    )
    assert (last["faith.runs_passed"], last["faith.runs_judged"]) == ("3", "5")
    assert (last["faith.min_pass_rate"], last["faith.pass_rate_status"]) == ("0.6000", "passed")


def test_github_annotates_the_failed_pass_rate_not_the_failed_runs(
    project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("GITHUB_WORKSPACE", str(project.path))
    result = project.runpytest()
    errors = [line for line in result.outlines if line.startswith("::error ")]
    source = Path(project.path, "test_rag.py").read_text(encoding="utf-8").splitlines()
    line = 1 + next(
        i
        for i, text in enumerate(source)
        if "assert_faithful(answer(request)" in text and "test_strict" in source[i - 1]
    )
    assert errors == [
        f"::error file=test_rag.py,line={line},title=faithfulness pass rate failed%3A "
        "test_rag.py%3A%3Atest_strict::pass rate 3/5 runs passed: 60%25 (95%25 CI "
        "23.1%25-88.2%25) < min_pass_rate 100%25"
    ]


def test_junit_pass_rates_under_xdist_and_quiet_lines(project: pytest.Pytester) -> None:
    pytest.importorskip("xdist")
    result = project.runpytest("-n", "2", "-q", "--junitxml=junit.xml", "-k", "strict")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    out = result.stdout.str()
    assert "FAIL test_rag.py::test_strict:" in out
    assert "PASS test_rag.py::test_strict #1" not in out, "-q lists only what failed"
    carried = [
        {p.get("name"): p.get("value") for p in case.iter("property")}
        for case in ET.parse(Path(project.path, "junit.xml")).iter("testcase")
    ]
    # Whichever run completed the test carries both checks' rates, once.
    with_rates = [props for props in carried if "faith.pass_rate" in props]
    assert len(with_rates) == 1
    assert with_rates[0]["faith.pass_rate_status"] == "failed"
    assert with_rates[0]["faith.1.pass_rate_status"] == "passed"


# -- the baseline -----------------------------------------------------------------------------


def test_the_baseline_stores_and_compares_pass_rates(
    project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    project.runpytest("--faith-baseline=base.json", "--faith-update-baseline", "-k", "sampled")
    stored = json.loads(Path(project.path, "base.json").read_text(encoding="utf-8"))["checks"]
    # With the settings its runs passed under, as a single check's entry has them.
    assert stored["test_rag.py::test_sampled#0"] == {
        "claims": [],
        "judge": "rules/v1",
        "passed": 3,
        "rules": "standard",
        "runs": 5,
        "score": 0.6,
        "scoring": "strict",
        "test": "test_rag.py::test_sampled",
    }
    same = project.runpytest("--faith-baseline=base.json", "-k", "sampled")
    assert same.ret == pytest.ExitCode.OK
    same.stdout.fnmatch_lines(["faithful baseline *: 0 regressed, 0 improved, 1 unchanged, *"])
    # A stored 20 of 20: this run's 3 of 5 (23.1%-88.2%) is a drop beyond chance.
    # Scored by another judge, too.
    stored["test_rag.py::test_sampled#0"].update(passed=20, runs=20, score=1.0, judge="lexical/v3")
    Path(project.path, "base.json").write_text(
        json.dumps({"version": 1, "checks": stored}), encoding="utf-8"
    )
    # Under other settings (the same runs pass: a contradiction fails either way): the
    # comparison says both, in the summary and in the CI annotation at the check's call.
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    dropped = project.runpytest(
        "--faith-baseline=base.json", "-k", "sampled", "--faith-scoring=lenient"
    )
    assert dropped.ret == pytest.ExitCode.TESTS_FAILED
    described = (
        "pass rate 60% (3/5; 95% CI 23.1%-88.2%) vs baseline 100% (20/20): regressed, the "
        "baseline is above the interval; the baseline was scored by another judge "
        "(lexical/v3); the baseline was scored with other settings (scoring strict -> lenient)"
    )
    dropped.stdout.fnmatch_lines(
        [
            "  OTHER JUDGE: 1 check compared with entries lexical/v3 scored; this run's judge "
            "is rules/v1 *",
            "  OTHER SETTINGS: 1 check compared with entries scored with other settings "
            "(scoring strict -> lenient) *",
            f"  REGRESSED test_rag.py::test_sampled#0: {described}",
            "::error file=test_rag.py,line=*,title=baseline regressed%3A test_rag.py%3A%3A"
            f"test_sampled#0::{described.replace('%', '%25')}",
            "*= 3 passed, 7 deselected, 2 xfailed, 1 below baseline in *",
        ]
    )
    # Every run's record is kept; none of them is compared with the baseline on its own.
    assert "faithfulness regressed" not in dropped.stdout.str()


@pytest.mark.parametrize(
    ("selected", "judged"),
    [("sampled and run1of5", 1), ("sampled and (run2of5 or run3of5)", 2)],
    ids=["one-run-passed", "the-failed-runs"],
)
def test_an_update_that_judged_some_runs_keeps_the_pass_rate_it_had(
    project: pytest.Pytester, selected: str, judged: int
) -> None:
    """A pass rate of only some runs (here -k; --lf, -x and runs that stopped before the
    check leave the same) is compared, never stored: it read 100% or 0% and replaced 3/5."""
    project.runpytest("--faith-baseline=base.json", "--faith-update-baseline", "-k", "sampled")
    path = Path(project.path, "base.json")
    before = path.read_text(encoding="utf-8")
    result = project.runpytest(
        "--faith-baseline=base.json", "--faith-update-baseline", "-k", selected
    )
    assert path.read_text(encoding="utf-8") == before
    result.stdout.fnmatch_lines(
        [
            f"  PARTIAL test_rag.py::test_sampled#0: {judged} of 5 runs judged; its entry is kept "
            "as stored (a pass rate is stored from a run that judges every run)"
        ]
    )
    path.unlink()
    project.runpytest("--faith-baseline=base.json", "--faith-update-baseline", "-k", selected)
    assert "test_sampled" not in path.read_text(encoding="utf-8")


def test_runs_that_never_checked_leave_the_entry_alone(project: pytest.Pytester) -> None:
    project.runpytest("--faith-baseline=base.json", "--faith-update-baseline", "-k", "sampled")
    project.makepyfile(
        test_rag=SUITE.replace(
            "def test_sampled(assert_faithful, request):\n",
            "def test_sampled(assert_faithful, request):\n    raise RuntimeError('app down')\n",
        )
    )
    result = project.runpytest("--faith-baseline=base.json", "-k", "sampled")
    result.assert_outcomes(failed=5)
    result.stdout.fnmatch_lines(
        ["  NOT RUN test_rag.py::test_sampled#0: its test stopped before this check scored"]
    )


ERRORING = """
import pytest
from pytest_faithful.testing import FunctionJudge

def broken(claims, passages):
    raise RuntimeError("the judge is down")

@pytest.mark.faithfulness(repeat=3)
def test_sampled(assert_faithful, request):
    down = request.node.name.endswith({errored!r})
    judge = FunctionJudge(broken) if down else None
    assert_faithful("Refunds take 30 days.", "Refunds take 30 days.", judge=judge)
"""


@pytest.mark.parametrize(
    ("errored", "said"),
    [
        (("run1of3]",), "  PARTIAL test_*.py::test_sampled#0: 2 of 3 runs judged (1 errored: *"),
        (("of3]",), "  NOT RUN test_*.py::test_sampled#0: *(kept)"),
    ],
    ids=["some-runs-errored", "every-run-errored"],
)
def test_errored_runs_are_no_pass_rate_for_the_baseline(
    pytester: pytest.Pytester, errored: tuple[str, ...], said: str
) -> None:
    """An errored check is no score (the judge down, the budget spent): the gate counts its
    run as not passed, but the baseline neither stores it as a failure (every run refused by
    the budget wrote a pass rate of 0%) nor compares it as one (one errored run of three read
    as REGRESSED against 3/3)."""
    pytester.makeconftest(RULES_CONFTEST)
    pytester.makeini("[pytest]\nfaith_judge = rules\naddopts = -p no:hypothesispytest\n")
    pytester.makepyfile(ERRORING.format(errored=()))
    pytester.runpytest("--faith-baseline=base.json", "--faith-update-baseline")
    path = Path(pytester.path, "base.json")
    before = path.read_text(encoding="utf-8")
    assert '"passed": 3, "rules": "standard", "runs": 3' in before
    pytester.makepyfile(ERRORING.format(errored=errored))
    result = pytester.runpytest("--faith-baseline=base.json", "--faith-update-baseline")
    assert result.ret == pytest.ExitCode.TESTS_FAILED  # the errored runs still fail
    assert path.read_text(encoding="utf-8") == before
    result.stdout.fnmatch_lines([said])
    assert "REGRESSED" not in result.stdout.str()
    path.unlink()
    pytester.runpytest("--faith-baseline=base.json", "--faith-update-baseline")
    assert "test_sampled" not in path.read_text(encoding="utf-8")


def test_a_test_whose_repeat_was_removed_is_new_against_its_pass_rate(
    pytester: pytest.Pytester,
) -> None:
    """A stored pass rate (a share of runs) is no score (a share of claims): a test whose
    repeat was removed failed as REGRESSED, its score 0.50 against its stored 2 of 2 runs
    (the other way round, tests/report/test_pass_rates.py)."""
    pytester.makeconftest(RULES_CONFTEST)
    pytester.makeini("[pytest]\nfaith_judge = rules\naddopts = -p no:hypothesispytest\n")
    suite = (
        "import pytest\n\n@pytest.mark.faithfulness({}threshold=0.5)\n"
        "def test_k(assert_faithful):\n"
        "    assert_faithful('Refunds take 30 days. Maybe it rains.', 'Refunds take 30 days.')\n"
    )
    pytester.makepyfile(suite.format("repeat=2, "))
    pytester.runpytest("--faith-baseline=base.json", "--faith-update-baseline")
    pytester.makepyfile(suite.format(""))
    result = pytester.runpytest("--faith-baseline=base.json")
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines(
        [
            "*: 0 regressed, 0 improved, 0 unchanged, 1 new, 0 stale",
            "  NEW test_*.py::test_k#0: score 0.50; the baseline has a repeated check's pass "
            "rate 100% (new)",
        ]
    )
