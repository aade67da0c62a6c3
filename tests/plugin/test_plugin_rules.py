"""Choosing the verdict rules in pytest: call > marker > command line > ini > default, checked
where written, and a failure that names the rule that demoted a claim and how to skip it."""

from __future__ import annotations

import pytest

CONFTEST = """
import pytest
from pytest_faithful.testing import FunctionJudge

@pytest.fixture
def judge():
    # Quotes the first passage, which gives another number than the claim's (the second
    # states the claim's number of something else): changed-numbers (the default's) and
    # number-clash (strict's, which runs first) catch it.
    return FunctionJudge(lambda claims, passages: [
        {"claim_index": i, "label": "SUPPORTED", "reason": "the passage says so",
         "evidence": passages[0], "passage_index": 0} for i, _ in enumerate(claims)])
"""

TESTS = """
import pytest

PASSAGE = ["Orders ship within 5 days.", "Refunds take 10 days."]

def test_default(assert_faithful, judge):
    assert_faithful("Orders ship within 10 days.", PASSAGE, judge=judge)

@pytest.mark.faithfulness(rules="strict")
def test_marker(assert_faithful, judge):
    assert_faithful("Orders ship within 10 days.", PASSAGE, judge=judge)

@pytest.mark.faithfulness(rules="strict")
def test_call_wins(assert_faithful, judge):
    assert_faithful(
        "Orders ship within 10 days.",
        PASSAGE,
        judge=judge,
        skip_rules=["number-clash", "changed-numbers"],
    )
"""


@pytest.fixture
def suite(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_rules=TESTS)
    return pytester


def test_marker_and_call_choose_the_rules_and_the_failure_names_the_rule(
    suite: pytest.Pytester,
) -> None:
    result = suite.runpytest()
    result.assert_outcomes(passed=1, failed=2)
    result.stdout.fnmatch_lines(
        [
            "*test_default*",
            "E   *?? NOT_ENOUGH_INFO 'Orders ship within 10 days.' -- [[]rule changed-numbers[]] "
            "the claim states 10 where the evidence gives 5*",
            "E*verdict rules 'standard' held back: changed-numbers (1)",
            "*test_marker*",
            "E   *?? NOT_ENOUGH_INFO 'Orders ship within 10 days.' -- [[]rule number-clash[]] "
            "the evidence*",
            "E*verdict rules 'strict' held back: number-clash (1)",
            "E*to skip a rule that misfires on your data: assert_faithful(..., "
            "skip_rules=[[]'number-clash'[]]), "
            "@pytest.mark.faithfulness(skip_rules=[[]'number-clash'[]]) or "
            "--faith-skip-rules=number-clash",
        ]
    )


def test_the_command_line_and_the_ini_file_choose_for_every_check(
    suite: pytest.Pytester,
) -> None:
    suite.runpytest("--faith-rules=strict").assert_outcomes(passed=1, failed=2)
    suite.runpytest(
        "--faith-rules=strict", "--faith-skip-rules=number-clash,changed-numbers"
    ).assert_outcomes(passed=3)
    suite.makeini("[pytest]\nfaith_rules = evidence,number-clash\n")
    suite.runpytest().assert_outcomes(passed=1, failed=2)
    # The command line wins over the ini file; the marker over both.
    suite.runpytest("--faith-rules=evidence").assert_outcomes(passed=2, failed=1)
    suite.makeini("[pytest]\nfaith_skip_rules = changed-numbers\n")
    suite.runpytest().assert_outcomes(passed=2, failed=1)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--faith-rules=strickt"], "*--faith-rules: unknown rule 'strickt'; policies evidence*"),
        (["--faith-skip-rules=bears-on"], "*rule 'bears-on' cannot be skipped*"),
        # --faith-rules=$UNSET must not replace the ini file's policy with the default one.
        (["--faith-rules="], "*--faith-rules: '' names no rules; give a policy*"),
        (["--faith-rules= , "], "*--faith-rules: ' , ' names no rules*"),
    ],
)
def test_an_unknown_or_required_rule_on_the_command_line_is_a_usage_error(
    suite: pytest.Pytester, args: list[str], message: str
) -> None:
    result = suite.runpytest(*args)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([message])


def test_an_unknown_rule_in_a_marker_fails_its_collection_naming_where(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(
        test_bad="""
import pytest

@pytest.mark.faithfulness(skip_rules=["negatoin"])
def test_it():
    pass
"""
    )
    result = pytester.runpytest()
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(
        [
            "*invalid @pytest.mark.faithfulness on test_bad.py::test_it: "
            "skip_rules: unknown rule 'negatoin'*"
        ]
    )
