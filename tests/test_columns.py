"""A figure a claim gives one column's thing that the quoted row gives only in another column
(text/columns.py, under ``changed-numbers``), both ways: the right column passes, another
column's value is caught, and comparisons and tables of records are not read; and a yes or a
no cell read in the column of the thing a claim names (under ``negation``)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evidence_judges import quoting
from pytest_faithful import verify
from pytest_faithful.text.columns import column_said, other_column_figure

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


DEHUMIDIFIERS = (
    "| | AeroDry 12 | AeroDry 20 | AeroDry 30 |\n"
    "|---|---|---|---|\n"
    "| Tank capacity | 2.0 L | 3.5 L | 5.0 L |\n"
    "| Continuous drain hose | No | Yes | Yes |"
)
HOSE = "| Continuous drain hose | No | Yes | Yes |"
PLANS = (
    "| Feature | Off-Peak | Standard |\n"
    "|---|---|---|\n"
    "| Pool & sauna | No | Yes |\n"
    "| Checked bag | Not included | Included |"
)
POOL = "| Pool & sauna | No | Yes |"
BAG = "| Checked bag | Not included | Included |"


@pytest.mark.parametrize(
    ("table", "quote", "answer", "passes"),
    [
        # The claim's column says no: its negation holds, a yes is caught.
        (DEHUMIDIFIERS, HOSE, "The AeroDry 12 has no continuous drain hose.", True),
        (DEHUMIDIFIERS, HOSE, "The AeroDry 12 doesn't have a continuous drain hose.", True),
        (DEHUMIDIFIERS, HOSE, "The AeroDry 12 has a continuous drain hose option.", False),
        # ... and where it says yes, the other way round.
        (DEHUMIDIFIERS, HOSE, "The AeroDry 20 has a continuous drain hose.", True),
        (DEHUMIDIFIERS, HOSE, "The AeroDry 30 doesn't have a continuous drain hose.", False),
        # The thing negated rather than the feature: "isn't part of Off-Peak".
        (PLANS, POOL, "Pool and sauna access isn't part of Off-Peak.", True),
        (PLANS, POOL, "Off-Peak members can use the pool and sauna.", False),
        (PLANS, POOL, "Standard members can't use the pool and sauna.", False),
        # "Not included" says no of including it only: buying one is another matter.
        (PLANS, BAG, "On Off-Peak, a checked bag is not included.", True),
        (PLANS, BAG, "On Off-Peak, a checked bag is included.", False),
        (PLANS, BAG, "Standard includes a checked bag.", True),
    ],
)
def test_a_yes_or_no_cell_is_read_in_the_claims_column(
    table: str, quote: str, answer: str, passes: bool
) -> None:
    result = verify(answer, [table], judge=quoting(quote))
    assert result.passed is passes, result.claim_verdicts[0].reason
    if not passes:
        assert result.claim_verdicts[0].rule == "negation"
        assert "says" in result.claim_verdicts[0].reason


def test_a_row_read_whole_says_neither_of_a_claim_naming_no_one_column() -> None:
    # Yes for one, no for another: the row's "No" does not negate a claim naming two columns.
    start = DEHUMIDIFIERS.index(HOSE)
    claim = "The AeroDry 12 has none; the AeroDry 20 and AeroDry 30 do."
    said = column_said(claim, DEHUMIDIFIERS, start, start + len(HOSE))
    assert said is not None
    assert said.yes is None
    answer = "Only the AeroDry 20 and AeroDry 30 have a continuous drain hose, not the AeroDry 12."
    assert verify(answer, [DEHUMIDIFIERS], judge=quoting(HOSE)).passed is True


def test_a_table_of_records_is_not_read_for_its_cells() -> None:
    # "| Room type | Price | Breakfast |": its columns are fields, "Not included" a value.
    rooms = (
        "| Room type | Price per night | Breakfast |\n|---|---|---|\n"
        "| Dorm bed | 390 | Not included |\n| Private twin | 1,150 | Included |"
    )
    row = "| Dorm bed | 390 | Not included |"
    start = rooms.index(row)
    claim = "Breakfast costs 120 extra with the dorm bed."
    assert column_said(claim, rooms, start, start + len(row)) is None


@given(st.text(alphabet="ab1|Noyes -\n", max_size=80), st.integers(0, 80), st.integers(0, 20))
def test_any_text_is_read_for_its_cells_without_error(text: str, start: int, size: int) -> None:
    start = min(start, len(text))
    said = column_said("a no b", text, start, min(len(text), start + size))
    assert said is None or said.yes in (True, False, None)
