"""The terminal report: worst first, sized by -q/-v, coloured only when pytest uses colour."""

from __future__ import annotations

import pytest

from report_suite import SUITE_OUTCOMES, make_report_suite

M = "test_suite.py::"
# Worst first: errored, failed, then the expected failure (its test is an xfail).
FAILING = [f"{M}test_error", f"{M}test_contradicted", f"{M}test_not_enough_info"]
FAILING.append(f"{M}test_expected_failure")
LONG_CLAIM = "Returns are accepted within 60 days " + "and this claim goes on " * 8 + "to the end."


@pytest.fixture
def suite(pytester: pytest.Pytester) -> pytest.Pytester:
    return make_report_suite(pytester)


def _section(suite: pytest.Pytester, *args: str, failed: int = 3) -> list[str]:
    result = suite.runpytest("--faith-report", *args)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    if "-qq" not in args:  # -qq prints no outcome line
        assert f"{failed} failed, 7 passed, 1 xfailed" in result.stdout.str()
    assert "\x1b[" not in result.stdout.str(), "no colour unless pytest uses colour"
    lines = result.outlines
    start = next(i for i, line in enumerate(lines) if "faithfulness report" in line)
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("="))
    return lines[start + 1 : end]


def _rows(section: list[str]) -> list[str]:
    return [line.split()[0] for line in section if line.startswith(M)]


def test_default_lists_every_check_worst_first_with_unsupported_claims(
    suite: pytest.Pytester,
) -> None:
    section = _section(suite)
    assert section[0].split() == ["test", "score", "thr", "S/C/N", "status", "judge", "hits"]
    rows = _rows(section)
    assert rows[:4] == FAILING
    assert len(rows) == 11
    assert (
        "  XX CONTRADICTED    'Returns are accepted within 60 days.' -- rule: contradicted; "
        "evidence contexts[0]: 'Returns are accepted within'"
    ) in section
    assert not any(line.startswith("  ok SUPPORTED") for line in section), "supported claims: -v"
    assert (
        "checks: 11  passed: 7  failed: 2  xfailed: 1  errored: 1  mean score: 0.700  "
        "contradictions: 2"
    ) in section
    assert (
        "note: 1 expected failure (xfailed), check that did not pass in tests that did not "
        "fail: 1 in xfail tests"
    ) in section
    assert any(" FAIL (xfailed) " in line for line in section if "test_expected_failure" in line)
    assert any(line.startswith("record mode: once  prompt version: v1") for line in section)


def test_quiet_lists_only_checks_that_did_not_pass(suite: pytest.Pytester) -> None:
    section = _section(suite, "-q")
    assert _rows(section) == FAILING
    assert "(7 passed checks not listed: -q)" in section
    assert not any(line.startswith("  XX ") for line in section)
    totals_only = _section(suite, "-qq")
    assert not _rows(totals_only)
    assert totals_only[0].startswith("checks: 11  passed: 7")


def test_verbose_shows_every_claim_and_long_claims_are_shortened(suite: pytest.Pytester) -> None:
    suite.makepyfile(
        test_long=f"""
        def test_long(assert_faithful):
            assert_faithful({LONG_CLAIM!r}, "Returns are accepted within 30 days.")
        """
    )
    verbose = "\n".join(_section(suite, "-v", failed=4))
    assert "  ok SUPPORTED       'Refunds take 5 days.' -- rule: supported" in verbose
    assert f"'{LONG_CLAIM[:150]}" in verbose
    assert LONG_CLAIM not in verbose, "-v cuts claims at 160 characters"
    default = "\n".join(_section(suite, failed=4))
    assert f"'{LONG_CLAIM[:90]}" in default
    assert LONG_CLAIM[:110] not in default, "the default cuts claims at 100 characters"
    assert f"'{LONG_CLAIM}'" in "\n".join(_section(suite, "-vv", failed=4))


def test_colour_only_when_pytest_uses_colour(suite: pytest.Pytester) -> None:
    result = suite.runpytest("--faith-report", "-q", "--color=yes")
    result.assert_outcomes(**SUITE_OUTCOMES)
    out = result.stdout.str()
    assert f"\x1b[31m{M}test_contradicted" in out
    assert "\x1b[1mtest " in out
    section = _section(suite, "-q", "--color=no")
    assert _rows(section) == FAILING


HEURISTIC_SUITE = """
from pytest_faithful.testing import FunctionJudge

MODEL = FunctionJudge(
    lambda claims, passages: [{"claim_index": i, "label": "SUPPORTED"} for i in range(len(claims))]
)
C = "Returns are accepted within 30 days."

def test_lexical(assert_faithful):
    assert_faithful("Returns are accepted within 30 days.", C, judge="lexical")

def test_lexical_again(assert_faithful):
    assert_faithful("Returns are accepted.", C, judge="lexical")

def test_model(assert_faithful):
    assert_faithful("Returns are accepted.", C, judge=MODEL)

def test_errored(assert_faithful):
    assert_faithful("Returns are accepted.", C, judge=FunctionJudge(lambda c, p: []))
"""


@pytest.mark.parametrize(
    ("selected", "terminal", "markdown"),
    [
        ("lexical", "all checks", "All verdicts are heuristic"),
        ("lexical or model", "2 of 3 checks", "Some verdicts are heuristic"),
        ("lexical or errored", "all judged checks", "All verdicts are heuristic"),
    ],
)
def test_the_heuristic_note_says_whether_all_checks_had_heuristic_verdicts(
    pytester: pytest.Pytester, selected: str, terminal: str, markdown: str
) -> None:
    pytester.makepyfile(test_heuristic=HEURISTIC_SUITE)
    result = pytester.runpytest(
        "--faith-report", "--faith-report=out.md", "--faith-record-mode=off", "-k", selected
    )
    note = "note: heuristic verdicts (lexical word overlap, not a model) were used for "
    assert [line for line in result.outlines if line.startswith(note)] == [note + terminal]
    assert f"> {markdown} (lexical word overlap)" in (pytester.path / "out.md").read_text()
