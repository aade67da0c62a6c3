"""A count of days a claim gives between two dates it writes, both ways: the right count
passes, a wrong one is caught by ``claim-arithmetic``, and a count of days to something the
sentence gives no date for is left alone."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evidence_judges import quoting
from pytest_faithful import verify
from pytest_faithful.text.own_gaps import wrong_own_gap

# "12 days" and "16 days" are figures the passage writes: only the dates tell the lies.
LOG = (
    "The probe launched on 18 June 2025 and took its first image on 2 July 2025. Its "
    "thrusters fire for 12 days a year; the team rests for 16 days in August."
)


@pytest.mark.parametrize(
    ("honest", "lie"),
    [
        (
            "It launched on 18 June 2025 and took its first image on 2 July 2025, 14 days later.",
            "It launched on 18 June 2025 and took its first image on 2 July 2025, 12 days later.",
        ),
        (
            "It took its first image on 2 July 2025, 14 days after it launched on 18 June 2025.",
            "It took its first image on 2 July 2025, 16 days after it launched on 18 June 2025.",
        ),
    ],
)
def test_a_count_of_days_between_the_claims_own_dates_both_ways(honest: str, lie: str) -> None:
    assert verify(honest, [LOG], judge=quoting(LOG)).passed, honest
    result = verify(lie, [LOG], judge=quoting(LOG))
    assert [v.rule for v in result.claim_verdicts] == ["claim-arithmetic"]


@pytest.mark.parametrize(
    "claim",
    [
        # a count to a date the sentence does not write
        "The balance is due 7 days before the event, so by 10 May, and numbers by 9 May.",
        "The deposit is due by 17 February and the rest 14 days before the visit, by 27 February.",
        "It was ordered on 3 June and arrived 5 working days later, on 10 June.",  # working days
        "It was ordered on 3 June and arrived about 9 days later, on 10 June.",  # hedged
        "It runs from 3 to 5 June, three days later than planned.",  # both ends counted
    ],
)
def test_a_count_of_something_else_is_left_alone(claim: str) -> None:
    assert wrong_own_gap(claim) is None


@given(
    st.dates(min_value=datetime.date(2020, 1, 1), max_value=datetime.date(2030, 12, 31)),
    st.integers(min_value=2, max_value=300),
    st.integers(min_value=-5, max_value=5),
)
def test_a_count_is_read_as_the_days_between(start: datetime.date, days: int, off: int) -> None:
    end = start + datetime.timedelta(days=days)
    said = days + off
    if said <= 0:
        return
    claim = (
        f"It opened on {start.day} {start:%B %Y} and closed on {end.day} {end:%B %Y}, "
        f"{said} days later."
    )
    assert (wrong_own_gap(claim) is None) is (abs(off) <= 1)
