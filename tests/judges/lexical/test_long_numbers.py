"""The lexical judge reads any number it is given: no crash on a number of thousands of
digits."""

from __future__ import annotations

import pytest

from pytest_faithful import verify


@pytest.mark.parametrize(
    "answer",
    [
        "It is on day {}.",
        "The list has {} items: apples, pears and plums.",
        "It costs ${} per month.",
        "It opened in {}.",
    ],
)
def test_a_number_of_thousands_of_digits_is_read_not_a_crash(answer: str) -> None:
    """int() refuses 4,300 digits or more: a day of the month or a list's count was read with
    it, and the check ended in a JudgeError for the text alone."""
    long = "7" * 5000
    result = verify(answer.format(long), ["It is on day 7 of 12, for $7."], judge="lexical")
    assert not result.passed
