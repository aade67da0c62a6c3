"""A hedged figure of one significant digit, as people say large numbers: "about $5 million"
for $5,016,723, "around 40,000 visitors" for 38,500, "nearly 3 million" for 2,870,000, "some 20
years" for 19 (text/amounts.py's rounded_once). Off by more than its rounding, the wrong side
of "nearly", unhedged, or another thing's figure, it is still caught."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evidence_judges import assert_both_ways
from pytest_faithful.text.amounts import rounded_once

PASSAGES = [
    "The Harlow Foundation received a bequest of $5,016,723 from a local farmer in 2019. "
    "The foundation spent $812,400 on scholarships that year.",
    "The festival drew 38,500 visitors over three days. The region's population reached "
    "2,870,000 in the 2021 census.",
    "Maria Okafor served as the town's mayor for 19 years. Her successor held the post for "
    "6 years.",
]


@pytest.mark.parametrize("rules", ["standard", "strict"])
@pytest.mark.parametrize(
    ("faithful", "changed"),
    [
        (  # off by more than its rounding
            "The Harlow Foundation received a bequest of about $5 million from a local farmer.",
            "The Harlow Foundation received a bequest of about $6 million from a local farmer.",
        ),
        (  # stated as exact
            "The Harlow Foundation received a bequest of roughly $5 million from a local farmer.",
            "The Harlow Foundation received a bequest of $5 million from a local farmer.",
        ),
        (  # within a tenth of $900,000, but $812,400 is "about $800,000"
            "The foundation spent about $800,000 on scholarships that year.",
            "The foundation spent about $900,000 on scholarships that year.",
        ),
        (  # another thing's figure: the bequest, not the scholarships
            "The foundation spent about $800,000 on scholarships that year.",
            "The foundation spent about $5 million on scholarships that year.",
        ),
        (
            "The festival drew around 40,000 visitors over three days.",
            "The festival drew around 50,000 visitors over three days.",
        ),
        (  # "nearly" is below the figure; "over" is above it
            "The region's population reached nearly 3 million in the 2021 census.",
            "The region's population reached over 3 million in the 2021 census.",
        ),
        (
            "Maria Okafor served as the town's mayor for some 20 years.",
            "Maria Okafor served as the town's mayor for some 30 years.",
        ),
        (  # the successor's figure is 6, not 19
            "Okafor was the town's mayor for almost 20 years.",
            "Her successor held the post for almost 20 years.",
        ),
    ],
)
def test_a_hedged_one_digit_rounding_passes_and_a_near_miss_is_caught(
    faithful: str, changed: str, rules: str
) -> None:
    assert_both_ways(faithful, changed, PASSAGES, rules)


@given(
    st.integers(min_value=11, max_value=99_999_999),
    st.sampled_from(["about", "roughly", "around", "some", "nearly", "almost"]),
)
def test_a_one_digit_hedge_is_the_stated_value_rounded_to_its_first_digit(
    exact: int, hedge: str
) -> None:
    step = 10 ** (len(str(exact)) - 1)
    rounded = (exact + step // 2) // step * step  # half up: 38,500 -> 40,000; 9,600 -> 10,000
    passage = [f"The festival drew {exact:,} visitors over three days."]
    claim = "The festival drew {} {:,} visitors over three days."
    short = hedge in ("nearly", "almost")
    if rounded != exact:
        assert rounded_once(str(rounded), claim.format(hedge, rounded), passage) == (
            not short or exact < rounded
        )
    shown = 10 ** (len(str(rounded)) - 1)
    for off in (rounded + shown, rounded - shown):  # the next one-digit figure either side
        if off > 0 and off != exact:
            assert not rounded_once(str(off), claim.format(hedge, off), passage)
    assert not rounded_once(str(rounded), f"The festival drew {rounded:,} visitors.", passage)
