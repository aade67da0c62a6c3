"""A figure a claim gives one column's thing that the quoted row gives only in another column
(text/columns.py, under ``changed-numbers``), both ways: the right column passes, another
column's value is caught, and comparisons and tables of records are not read."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evidence_judges import quoting
from pytest_faithful import verify
from pytest_faithful.text.columns import other_column_figure

SCHOOLS = (
    "| | Hollins Park Academy | St Brendan's High School |\n"
    "|---|---|---|\n"
    "| Age range | 11-16 | 11-18 |\n"
    "| Pupils on roll | 1,140 | 1,480 |"
)
AGES = "| Age range | 11-16 | 11-18 |"
ROLL = "| Pupils on roll | 1,140 | 1,480 |"
TIMETABLE = "| Train | Departs | Arrives |\n|---|---|---|\n| RE 12 | 08:45 | 11:30 |"


@pytest.mark.parametrize(
    ("quote", "answer", "passes"),
    [
        (AGES, "Hollins Park Academy takes pupils aged 11-16.", True),
        (AGES, "Hollins Park Academy takes pupils aged 11-18.", False),
        (ROLL, "St Brendan's has 1,480 pupils on roll.", True),
        (ROLL, "St Brendan's has 1,140 pupils on roll.", False),
        # Both columns named, or the claim's own figure beside the other's: a comparison.
        (ROLL, "Hollins Park has 1,140 pupils, against 1,480 at St Brendan's.", True),
        (ROLL, "St Brendan's is the bigger school: 1,480 pupils against 1,140.", True),
    ],
)
def test_a_figure_of_another_column_both_ways(quote: str, answer: str, passes: bool) -> None:
    result = verify(answer, [SCHOOLS], judge=quoting(quote))
    assert result.passed is passes
    if not passes:
        assert result.claim_verdicts[0].rule == "changed-numbers"
        assert "St Brendan" in result.claim_verdicts[0].reason or "Hollins" in (
            result.claim_verdicts[0].reason
        )


def test_a_table_of_records_has_no_things_for_columns() -> None:
    # "| Train | Departs | Arrives |" names its first column: its rows are records.
    start = TIMETABLE.index("| RE 12")
    claim = "The RE 12 arrives at 08:45."
    assert other_column_figure(claim, TIMETABLE, start, len(TIMETABLE)) is None


@given(st.text(alphabet="ab1| -\n", max_size=80), st.integers(0, 80), st.integers(0, 20))
def test_any_text_is_read_without_error(text: str, start: int, size: int) -> None:
    start = min(start, len(text))
    found = other_column_figure("a 1 b", text, start, min(len(text), start + size))
    assert found is None or found.figure == "1"
