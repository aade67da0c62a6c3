"""The metric fixtures through pytester: results, MetricError, markers, records, JUnit."""

from __future__ import annotations

import pytest

REFERENCE_TESTS = """
import pytest

def test_passes(assert_reference):
    result = assert_reference("Refunds take 30 days.", "You have 30 days for a refund.",
                              keywords=False)
    assert result.passed and result.metric == "reference"

def test_number_changed(assert_reference):
    assert_reference("Refunds take 14 days.", "You have 30 days for a refund.", keywords=False)

@pytest.mark.reference(threshold=0.2)
def test_marker_threshold(assert_reference):
    result = assert_reference("Refunds.", "Refunds take thirty days at Acme.", numbers=False)
    assert result.threshold == 0.2 and result.passed

@pytest.mark.reference(treshold=0.2)
def test_marker_typo(assert_reference):
    assert_reference("a", "b")
"""


def test_assert_reference(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(REFERENCE_TESTS)
    result = pytester.runpytest("--strict-markers", "--junitxml=junit.xml")
    result.assert_outcomes(passed=2, failed=2)
    result.stdout.fnmatch_lines(
        [
            "*MetricError: reference failed: numbers: 0/1 numbers; missing: '30 days'",
            "*XX MISSING    numbers: '30 days' -- 30 day is not stated in the answer",
            "*invalid @pytest.mark.reference*treshold*allowed arguments: threshold*",
        ]
    )
    junit = (pytester.path / "junit.xml").read_text()
    assert 'name="faith.reference.status" value="failed"' in junit
    assert 'name="faith.reference.score"' in junit
