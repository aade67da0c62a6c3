"""How a reply's verdict numbers name the items asked (``one_per_item``), for every step."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_faithful.judges.llm.reading import ParseProblem, one_per_item


@given(st.integers(min_value=1, max_value=12).flatmap(lambda n: st.permutations(range(n))))
def test_numbers_from_one_or_from_zero_name_each_item_once(order: list[int]) -> None:
    count = len(order)
    from_one = [n + 1 for n in order]
    assert one_per_item(from_one, count, "claim") == from_one
    assert one_per_item(order, count, "claim") == from_one


@given(st.integers(min_value=-(10**30), max_value=10**30))
def test_one_item_and_one_verdict_is_that_item_whatever_its_number(number: int) -> None:
    assert one_per_item([number], 1, "passage") == [1]


@given(
    st.integers(min_value=2, max_value=8).flatmap(
        lambda n: st.tuples(st.just(n), st.lists(st.integers(-3, n + 3), max_size=n + 2))
    )
)
def test_anything_but_one_verdict_per_item_is_a_parse_problem(case: tuple[int, list[int]]) -> None:
    count, numbers = case
    valid = sorted(numbers) in (list(range(1, count + 1)), list(range(count)))
    if valid:
        assert sorted(one_per_item(numbers, count, "claim")) == list(range(1, count + 1))
    else:
        with pytest.raises(ParseProblem, match=f"one verdict for each of claims 1..{count}"):
            one_per_item(numbers, count, "claim")
