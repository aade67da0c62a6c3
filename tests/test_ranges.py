"""A claim's range worked out from the passages' ranges is worked out end by end, both ways.

"Expedited service is 4 to 5 weeks faster" from "6 to 8 weeks" and "2 to 3 weeks" is each end
less the same end; "routine renewals take 4-6 weeks" from the same sentences is not (each of
its ends alone is a difference of two of their four numbers).
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from evidence_judges import assert_both_ways
from pytest_faithful.text.arithmetic import derived
from pytest_faithful.text.ranges import range_of

TIMES = "Routine service takes 6 to 8 weeks. Expedited service takes 2 to 3 weeks."
MAILED = "Routine service takes 6 to 8 weeks, and mailing the passport back adds 2 weeks."

# (passage, the faithful range, the same answer with its range's ends taken from different
# ends of the passage's ranges)
RANGES = {
    "difference of two ranges": (
        TIMES,
        "Expedited service is 4 to 5 weeks faster than routine service.",
        "Expedited service is 5 to 6 weeks faster than routine service.",
    ),
    "sum of two ranges": (
        TIMES,
        "Routine and expedited service together take 8 to 11 weeks.",
        "Routine and expedited service together take 9 to 11 weeks.",
    ),
    "range plus one number": (
        MAILED,
        "With mailing, routine service takes 8 to 10 weeks.",
        "With mailing, routine service takes 8 to 12 weeks.",
    ),
    "range less the other range's end": (
        TIMES,
        "Expedited service is 4 to 5 weeks faster than routine service.",
        "Routine service takes 4-6 weeks.",
    ),
}


@pytest.mark.parametrize("rules", ["standard", "strict"])
@pytest.mark.parametrize("form", RANGES)
def test_a_range_worked_out_end_by_end_passes_and_one_of_mixed_ends_is_caught(
    form: str, rules: str
) -> None:
    passage, faithful, mixed = RANGES[form]
    assert_both_ways(faithful, mixed, [passage], rules)


@given(
    st.integers(min_value=20, max_value=400),
    st.integers(min_value=1, max_value=30),
    st.integers(min_value=1, max_value=15),
    st.integers(min_value=1, max_value=15),
)
def test_each_end_less_one_end_of_another_range_is_no_range(
    low: int, width: int, other: int, other_width: int
) -> None:
    high = low + width
    passages = (
        f"Plan A takes {low} to {high} days. Plan B takes {other} to {other + other_width} days.",
    )
    faithful = (
        f"Plan A takes {low - other} to {high - other - other_width} days longer than Plan B."
    )
    mixed = f"Plan A takes {low - other} to {high - other} days longer than Plan B."
    numbers = {low, high, other, other + other_width}
    total = sum(numbers)
    # A figure no other arithmetic gives: not the total, the mean or a count of the four.
    assume(
        high - other not in numbers | {total, total / 4, 4}
        and low - other < high - other - other_width
    )
    assert range_of(str(high - other), mixed) == (low - other, high - other)
    assert derived(str(low - other), faithful, passages)
    assert derived(str(high - other - other_width), faithful, passages)
    assert not derived(str(high - other), mixed, passages)
