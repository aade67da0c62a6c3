"""Every report counts the same checks the same way, and agrees with pytest: a check that did
not pass in a test that did not fail (an xfail test, a ``pytest.raises``) is an expected
failure, never a failure of a green run; the terminal names the files it wrote."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

# Two faithfulness checks that pass, one that fails in a strict xfail test, one that fails
# inside pytest.raises; a relevancy check that passes, a reference check that fails in an
# xfail test. pytest: 4 passed, 2 xfailed (a green run).
PLANTED = """
import pytest
from pytest_faithful import FaithfulnessError, MetricError

C = "Returns are accepted within 30 days of delivery."

@pytest.mark.parametrize("n", range(2))
def test_pass(assert_faithful, n):
    assert_faithful("Returns are accepted within 30 days.", C)

@pytest.mark.xfail(strict=True, raises=FaithfulnessError, reason="planted")
def test_planted(assert_faithful):
    assert_faithful("Returns are accepted within 90 days.", C)

def test_caught(assert_faithful):
    with pytest.raises(FaithfulnessError):
        assert_faithful("Returns are accepted within 90 days.", C)

def test_relevant(assert_relevant):
    assert_relevant("Returns are accepted within 30 days.", "When are returns accepted?")

@pytest.mark.xfail(strict=True, raises=MetricError, reason="planted")
def test_reference_planted(assert_reference):
    assert_reference("You have 14 days.", "You have 30 days.", keywords=False)
"""


@pytest.fixture
def planted(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makeini("[pytest]\nfaith_judge = lexical\naddopts = -p no:hypothesispytest\n")
    pytester.makepyfile(test_planted=PLANTED)
    return pytester


def test_planted_failures_are_xfailed_in_every_report(planted: pytest.Pytester) -> None:
    result = planted.runpytest(
        "--faith-report", "--faith-report=r.json", "--faith-report=r.html", "--faith-report=r.md"
    )
    result.assert_outcomes(passed=4, xfailed=2)
    assert result.ret == pytest.ExitCode.OK
    out = result.stdout.str()

    # Terminal: the faithfulness totals, each metric's, and what the xfailed checks are.
    assert "checks: 4  passed: 2  failed: 0  xfailed: 2  errored: 0" in out
    assert "reference: checks 1  passed 0  failed 0  xfailed 1  errored 0" in out
    assert (
        "note: 3 expected failures (xfailed), checks that did not pass in tests that did not "
        "fail: 2 in xfail tests, 1 in tests that passed (they expected the failure)"
    ) in out
    assert re.search(r"test_planted\.py::test_planted +0\.\d\d .* FAIL \(xfailed\)", out)
    assert re.search(r"test_planted\.py::test_caught +0\.\d\d .* FAIL \(test passed\)", out)
    for name in ("r.json", "r.html", "r.md"):
        assert f"faithful: wrote {Path(planted.path, name)}" in result.outlines

    # JSON: the same totals.
    document = json.loads(Path(planted.path, "r.json").read_text(encoding="utf-8"))
    totals = document["totals"]
    assert (totals["checks"], totals["passed"], totals["failed"], totals["xfailed"]) == (4, 2, 0, 2)
    assert [
        (t["metric"], t["passed"], t["failed"], t["xfailed"]) for t in document["metric_totals"]
    ] == [
        ("answer_relevancy", 1, 0, 0),
        ("reference", 0, 0, 1),
    ]

    # HTML: the tiles, the filters and the title count every check on the page (6).
    page = Path(planted.path, "r.html").read_text(encoding="utf-8")
    tiles = dict(re.findall(r'data-total="([^"]+)"><dt>[^<]*</dt><dd>([^<]*)</dd>', page))
    assert {k: tiles[k] for k in ("checks", "passed", "failed", "xfailed", "errored")} == {
        "checks": "6",
        "passed": "3",
        "failed": "0",
        "xfailed": "3",
        "errored": "0",
    }
    filters = re.findall(r"> ((?:All|Failing|Expected failures) \(\d+\))</label>", page)
    assert filters == ["All (6)", "Failing (0)", "Expected failures (3)"]
    assert page.count('<details class="check') == 6
    assert "<title>Faithfulness report: 3 passed, 3 xfailed of 6 checks</title>" in page

    # Markdown: green, and says why three checks did not pass.
    summary = Path(planted.path, "r.md").read_text(encoding="utf-8").splitlines()
    assert summary[0] == "### Faithfulness: ✅ 3 passed, 3 xfailed of 6 checks"
    assert "| 4 | 2 | 0 | 2 | 0 | 0.500 | 2 | 0 | - | 0/0 |" in summary


def test_a_real_failure_is_red_everywhere(planted: pytest.Pytester) -> None:
    planted.makepyfile(
        test_real="""
        def test_real(assert_relevant):
            assert_relevant("Our CEO loves golf.", "When are returns accepted?")
        """
    )
    result = planted.runpytest("--faith-report=r.md", "--faith-report=r.html")
    result.assert_outcomes(passed=4, xfailed=2, failed=1)
    summary = Path(planted.path, "r.md").read_text(encoding="utf-8").splitlines()
    assert summary[0] == "### Faithfulness: ❌ 1 failed, 3 passed, 3 xfailed of 7 checks"
    page = Path(planted.path, "r.html").read_text(encoding="utf-8")
    assert "> Failing (1)</label>" in page


def test_quiet_prints_no_table_of_headers_alone(planted: pytest.Pytester) -> None:
    result = planted.runpytest("--faith-report", "-q")
    section = result.stdout.str().split("faithfulness report", 1)[1]
    relevancy = section.split("-- answer relevancy --", 1)[1].split("--", 1)[0]
    assert "(1 passed check not listed: -q)" in relevancy
    assert "score" not in relevancy, "no header row without a row under it"


def test_files_written_are_named_unless_very_quiet(planted: pytest.Pytester) -> None:
    result = planted.runpytest("--faith-report=out/r.json", "-qq")
    assert "faithful: wrote" not in result.stdout.str()
    assert Path(planted.path, "out", "r.json").is_file()
