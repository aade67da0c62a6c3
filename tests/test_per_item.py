"""A total worked out from a count the answer writes and what one item measures in a passage,
both ways: the product passes, in any unit of its measure; another total, or a count no passage
states, is caught."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_judges import quoting_the_best_passage
from pytest_faithful import verify
from pytest_faithful.text.per_item import worked_per_item

LEAFLET = [
    "Adults: take 1 to 2 tablets every 4 to 6 hours. Do not take more than 8 tablets in 24 hours.",
    "Each tablet contains 500 mg paracetamol.",
]
LUGGAGE = ["You may check 2 bags on long-haul flights.", "Each bag may weigh up to 23 kg."]


@pytest.mark.parametrize(
    ("passages", "honest", "lie"),
    [
        (
            LEAFLET,
            "You can take no more than 8 tablets in 24 hours. That's a maximum of 4,000 mg of "
            "paracetamol a day.",
            "You can take no more than 8 tablets in 24 hours. That's a maximum of 5,000 mg of "
            "paracetamol a day.",
        ),
        (
            LEAFLET,
            "No more than 8 tablets in 24 hours, which is 4 g of paracetamol.",
            "No more than 10 tablets in 24 hours, which is 5 g of paracetamol.",
        ),
        (
            LUGGAGE,
            "On long-haul flights you may check 2 bags, so up to 46 kg in all.",
            "On long-haul flights you may check 2 bags, so up to 50 kg in all.",
        ),
    ],
)
def test_a_total_from_a_count_and_each_items_measure(
    passages: list[str], honest: str, lie: str
) -> None:
    judge = quoting_the_best_passage()
    assert verify(honest, passages, judge=judge).passed
    result = verify(lie, passages, judge=judge)
    assert not result.passed
    assert "unstated-specifics" in {v.rule for v in result.claim_verdicts}


def test_a_total_needs_the_count_written_and_stated() -> None:
    # No count written beside the total: nothing to work it out from.
    assert not worked_per_item("4000", "That's a maximum of 4,000 mg a day.", tuple(LEAFLET))
    # A count no passage states works out no total.
    working = "Take up to 6 tablets, a maximum of 3,000 mg a day."
    assert not worked_per_item("3000", working, tuple(LEAFLET))
    working = "Take up to 8 tablets, a maximum of 4,000 mg a day."
    assert worked_per_item("4000", working, tuple(LEAFLET))


@given(st.integers(2, 40), st.integers(1, 900))
@settings(max_examples=150, deadline=None)
def test_any_count_times_any_dose(count: int, dose: int) -> None:
    passages = (f"Take at most {count} capsules a day.", f"Each capsule contains {dose} mg.")
    total = count * dose
    working = f"At most {count} capsules a day, so {total:,} mg."
    assert worked_per_item(str(total), working, passages)
    wrong = f"At most {count} capsules a day, so {total + 1:,} mg."
    assert not worked_per_item(str(total + 1), wrong, passages)
