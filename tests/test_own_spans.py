"""A length a claim gives for a range of two times of day it writes, both ways: the right length
passes, a wrong one is caught by ``claim-arithmetic`` even where every figure of the answer is
one the passages write, and a length of something else is left alone."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evidence_judges import quoting
from pytest_faithful import verify
from pytest_faithful.text.own_spans import wrong_own_span

# Its "6 hours" and "7 hours" make every length below one the passage writes.
NOTICE = (
    "Planned supply interruption. Time: 10:00pm to 6:00am. Customer Service is open from 9:00 "
    "to 17:00 on Saturdays. The out-of-hours line runs from 8pm to 3am. Street parking is "
    "limited to 6 hours; the help desk answers within 7 hours."
)


@pytest.mark.parametrize(
    ("honest", "lie"),
    [
        (
            "Eight hours — the planned interruption was from 10:00pm to 6:00am.",
            "Six hours — the planned interruption was from 10:00pm to 6:00am.",
        ),
        (
            "On Saturdays Customer Service is open from 9:00 to 17:00, so 8 hours.",
            "On Saturdays Customer Service is open from 9:00 to 17:00, so 7 hours.",
        ),
        (
            "The out-of-hours line runs from 8pm to 3am \u2013 7 hours each night.",
            "The out-of-hours line runs from 8pm to 3am \u2013 6 hours each night.",
        ),
        (
            "The water is off for 8 hours, from 10:00pm to 6:00am.",
            "The water is off for 7 hours, from 10:00pm to 6:00am.",
        ),
    ],
)
def test_a_length_of_the_claims_own_range_both_ways(honest: str, lie: str) -> None:
    assert verify(honest, [NOTICE], judge=quoting(NOTICE)).passed, honest
    result = verify(lie, [NOTICE], judge=quoting(NOTICE))
    assert not result.passed, lie
    assert [v.rule for v in result.claim_verdicts] == ["claim-arithmetic"]
    assert "spans" in result.claim_verdicts[0].reason


@pytest.mark.parametrize(
    "claim",
    [
        "Rehearsals are on Tuesdays, 7:30\u20139:30 pm, so each one lasts two hours.",  # pm of both
        "Art & Craft runs from 3:15 to 4:30pm, so each session is 1 hour 15 minutes.",
        "The session runs 10am to 12pm, which is 2 hours.",
        "Open noon to 6pm, 6 hours.",
        "It ran from 23:30 until 01:10, so 1 hour 40 minutes.",  # past midnight
    ],
)
def test_a_right_length_holds(claim: str) -> None:
    assert wrong_own_span(claim) is None


@pytest.mark.parametrize(
    "claim",
    [
        "Buses run every 10 minutes, from 06:30 to 20:00.",  # how often
        "You'd work Monday to Friday, 7:30 to 15:30, which is 37.5 hours a week.",  # a week's
        "Delivery is between 08:00 and 20:00, and you get a 1-hour window.",  # another thing
        "The shop is open 9am to 5pm, so about 7 hours.",  # hedged
        "Open 9am to 5pm, so 7 hours of work after lunch.",  # of something else
        "Classes run 9:00-10:00 and 11:00-12:00, 2 hours in all.",  # two ranges
        "It runs from 20:00 on Saturday to 02:00 on Sunday, so five hours.",  # days between
    ],
)
def test_a_length_of_something_else_is_left_alone(claim: str) -> None:
    assert wrong_own_span(claim) is None


@given(
    st.integers(min_value=0, max_value=23),
    st.integers(min_value=0, max_value=3).map(lambda q: q * 15),
    st.integers(min_value=1, max_value=14 * 60),
    st.integers(min_value=-90, max_value=90),
)
def test_a_length_is_read_as_the_range_spans(start: int, minute: int, span: int, off: int) -> None:
    end = (start * 60 + minute + span) % (24 * 60)
    hours, minutes = divmod(span + off, 60)
    if span + off <= 0:
        return
    said = f"{hours} hours {minutes} minutes" if minutes else f"{hours} hours"
    claim = f"It ran from {start:02d}:{minute:02d} to {end // 60:02d}:{end % 60:02d}, so {said}."
    assert (wrong_own_span(claim) is None) is (off == 0)


@given(st.text(max_size=120))
def test_any_text_reads_without_error(text: str) -> None:
    found = wrong_own_span(text)
    assert found is None or found.minutes > 0
