"""The Markdown report, the GitHub step summary it goes to, and GitHub error annotations."""

from __future__ import annotations

from pathlib import Path

import pytest

from report_suite import SUITE_OUTCOMES, make_report_suite

M = "test_suite.py::"


@pytest.fixture
def suite(pytester: pytest.Pytester) -> pytest.Pytester:
    return make_report_suite(pytester)


def _line_of(pytester: pytest.Pytester, name: str) -> int:
    """The line of the test's first assert_faithful call (the line after its def)."""
    source = Path(pytester.path, "test_suite.py").read_text().splitlines()
    line = source.index(f"def {name}(assert_faithful):") + 2
    assert source[line - 1].lstrip().startswith("assert_faithful(")
    return line


def test_markdown_table_failing_rows_worst_first_passing_folded(suite: pytest.Pytester) -> None:
    suite.runpytest("--faith-report=out.md").assert_outcomes(**SUITE_OUTCOMES)
    lines = Path(suite.path, "out.md").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "### Faithfulness: ❌ 2 failed, 1 errored, 7 passed, 1 xfailed of 11 checks"
    assert "| 11 | 7 | 2 | 1 | 1 | 0.700 | 2 | 9 | 0% | 0/0 |" in lines
    assert (
        "> 1 expected failure (xfailed), check that did not pass in tests that did not fail: "
        "1 in xfail tests."
    ) in lines
    assert any(line.startswith("judge: `function`, `rules/v1`") for line in lines)
    failing = lines[lines.index("| | test | score | thr | S/C/N | why |") + 2 :]
    failing = failing[: failing.index("")]
    assert failing == [
        f"| 💥 | `{M}test_error` | - | - | - | judge error: judge function did not give one "
        "verdict per claim: no verdict for claim(s) 0 |",
        f"| ❌ | `{M}test_contradicted` | 0.50 | 0.80 | 1S/1C/0N "
        "| **CONTRADICTED**: Returns are accepted within 60 days. |",
        f"| ❌ | `{M}test_not_enough_info` | 0.50 | 0.80 | 1S/0C/1N "
        "| **NOT_ENOUGH_INFO**: Maybe refunds are instant. |",
        f"| ❌ xfailed | `{M}test_expected_failure` | 0.00 | 0.80 | 0S/1C/0N "
        "| **CONTRADICTED**: Refunds take 60 days. |",
    ]
    assert "<details><summary>7 passed checks</summary>" in lines
    assert f"| `{M}test_pass[0]` | 1.00 | 0.80 | 1S/0C/0N |" in lines
    assert lines[-1] == "</details>"


def test_step_summary_is_appended_when_the_variable_is_set(
    suite: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    summary = Path(suite.path, "step-summary.md")
    summary.write_text("## Earlier step\n", encoding="utf-8")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    suite.runpytest("--faith-report=out.md").assert_outcomes(**SUITE_OUTCOMES)
    markdown = Path(suite.path, "out.md").read_text(encoding="utf-8")
    assert summary.read_text(encoding="utf-8") == "## Earlier step\n" + markdown
    # Without --faith-report too; and a run with no checks adds nothing.
    summary.write_text("", encoding="utf-8")
    suite.runpytest().assert_outcomes(**SUITE_OUTCOMES)
    assert summary.read_text(encoding="utf-8") == markdown
    suite.runpytest("-k", "test_no_check").assert_outcomes(passed=1)
    assert summary.read_text(encoding="utf-8") == markdown


def test_error_annotations_for_failing_checks_under_github_actions(
    suite: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("GITHUB_WORKSPACE", str(suite.path.parent))
    result = suite.runpytest()
    result.assert_outcomes(**SUITE_OUTCOMES)
    folder = suite.path.name
    errors = [line for line in result.outlines if line.startswith("::error ")]
    # Worst first; not the xfailed test's check (an expected failure is not an error of the run).
    assert [line.split("::")[1] for line in errors] == [
        f"error file={folder}/test_suite.py,line={_line_of(suite, name)},"
        f"title=faithfulness {status}%3A {M.replace(':', '%3A')}{name}"
        for name, status in [
            ("test_error", "errored"),
            ("test_contradicted", "failed"),
            ("test_not_enough_info", "failed"),
        ]
    ]
    assert errors[1].split("::", 2)[2] == (
        "faithfulness failed: 1/2 claims supported, 1 contradicted; score 0.50 < threshold 0.80"
        "%0AXX CONTRADICTED    'Returns are accepted within 60 days.' -- rule: contradicted; "
        "evidence contexts[0]: 'Returns are accepted within'"
    )


def test_no_annotations_outside_github_actions(suite: pytest.Pytester) -> None:
    result = suite.runpytest("--faith-report")
    result.assert_outcomes(**SUITE_OUTCOMES)
    assert not [line for line in result.outlines if line.startswith("::")]


def test_a_run_of_metric_checks_alone_shows_no_faithfulness_table(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(
        """
        def test_reference(assert_reference):
            text = "Returns are accepted within 30 days."
            assert_reference(text, text)
        """
    )
    pytester.runpytest("--faith-report=out.md").assert_outcomes(passed=1)
    markdown = Path(pytester.path, "out.md").read_text("utf-8")
    assert "| checks | passed | failed |" not in markdown, "a row of zeros says nothing"
    assert "reference" in markdown
