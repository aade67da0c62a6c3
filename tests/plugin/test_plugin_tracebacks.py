"""A failing check shows the test's line and our message, not the plugin's frames."""

from __future__ import annotations

from fnmatch import fnmatch

import pytest

CONTEXT = "Returns are accepted within 30 days of delivery."

SUITE = f"""
import pytest
from pytest_faithful import JudgeError
from pytest_faithful.testing import FunctionJudge

C = {CONTEXT!r}

def no_verdicts(claims, passages):
    return []

def buggy(claims, passages):
    raise KeyError("custom judge bug")

def contradicts(claims, passages):
    return [{{"claim_index": i, "label": "CONTRADICTED", "evidence": passages[0][:20],
              "passage_index": 0}} for i, _ in enumerate(claims)]

def test_judge_error(assert_faithful):
    assert_faithful("Returns are accepted.", C, judge=FunctionJudge(no_verdicts))

def test_invalid_judge_output(assert_faithful):
    assert_faithful("Returns are accepted.", C,
                    judge=FunctionJudge(lambda c, p: [{{"claim_index": 0, "label": "MAYBE"}}]))

def test_custom_judge_bug(assert_faithful):
    assert_faithful("Returns are accepted.", C, judge=FunctionJudge(buggy))

def test_unfaithful(assert_faithful):
    assert_faithful("Returns take 60 days.", C, judge=FunctionJudge(contradicts))

def test_usage_error(assert_faithful):
    assert_faithful("Returns are accepted.", b"bytes")

def test_error_keeps_type_and_attributes(assert_faithful):
    with pytest.raises(JudgeError) as info:
        assert_faithful("Returns are accepted.", C, judge=FunctionJudge(no_verdicts))
    assert info.value.judge_id == "function"
    assert "did not give one verdict per claim" in str(info.value)
"""

OUR_FRAMES = ("check/run.py", "fixture.py", "testing.py", "pytest_faithful/", "pytest_faithful\\")


@pytest.fixture
def result(pytester: pytest.Pytester) -> pytest.RunResult:
    pytester.makeini("[pytest]\naddopts = -p no:hypothesispytest\n")
    pytester.makepyfile(test_it=SUITE)
    ran = pytester.runpytest("--faith-judge=lexical")
    ran.assert_outcomes(failed=5, passed=1)
    return ran


def _failure(result: pytest.RunResult, test: str) -> list[str]:
    """The lines of one test's failure section."""
    lines = result.outlines
    start = next(i for i, line in enumerate(lines) if line.strip("_ ") == test)
    end = next(
        (i for i in range(start + 1, len(lines)) if lines[i].startswith(("___", "==="))),
        len(lines),
    )
    return lines[start:end]


def test_no_plugin_frames_in_any_failure(result: pytest.RunResult) -> None:
    failures = result.stdout.str().split("= FAILURES =")[1].split("short test summary")[0]
    for frame in OUR_FRAMES:
        assert frame not in failures, f"{frame} shown in a failure"
    assert "During handling of the above exception" not in failures
    # Only a bug in the user's own judge is shown as the cause of its JudgeError.
    for test in ("test_judge_error", "test_invalid_judge_output", "test_unfaithful"):
        assert "The above exception was the direct cause" not in "\n".join(_failure(result, test))


@pytest.mark.parametrize(
    ("test", "error"),
    [
        (
            "test_judge_error",
            "E       pytest_faithful.JudgeError: judge function did not give one verdict per "
            "claim: no verdict for claim(s) 0",
        ),
        (
            "test_invalid_judge_output",
            "E       pytest_faithful.JudgeError: judge function returned invalid output *",
        ),
        ("test_usage_error", "E       TypeError: contexts must be a str or a sequence of str*"),
        (
            "test_unfaithful",
            "E       pytest_faithful.FaithfulnessError: faithfulness failed: 0/1 claims supported*",
        ),
    ],
)
def test_a_failure_is_the_test_line_and_the_message(
    result: pytest.RunResult, test: str, error: str
) -> None:
    section = _failure(result, test)
    assert len(section) <= 15, "\n".join(section)  # it was 45 lines through our frames
    assert any(line.startswith(">       assert_faithful(") for line in section)
    assert any(fnmatch(line, error) for line in section), "\n".join(section)
    assert section[-1].startswith("test_it.py:"), "the location is the test's line"


def test_a_custom_judge_bug_keeps_the_judges_own_frames(result: pytest.RunResult) -> None:
    section = "\n".join(_failure(result, "test_custom_judge_bug"))
    assert 'raise KeyError("custom judge bug")' in section
    assert "E       KeyError: 'custom judge bug'" in section
    assert "The above exception was the direct cause" in section
    assert "judge function failed in verify: KeyError: 'custom judge bug'" in section


def test_full_trace_shows_everything(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\naddopts = -p no:hypothesispytest\n")
    pytester.makepyfile(test_it=SUITE)
    ran = pytester.runpytest("--faith-judge=lexical", "--full-trace", "-k", "test_judge_error")
    ran.assert_outcomes(failed=1)
    assert "check/run.py" in ran.stdout.str()
