"""A count of days or hours that is the gap between two dates or times of day the answer
writes (text/gaps.py), both ways: the gap its figures make passes, another is caught."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_judges import quoting
from pytest_faithful import verify
from pytest_faithful.text.gaps import between

SALE = (
    "General sale opens at 10am on Friday 14 March. A fan club presale starts at 9am on "
    "Wednesday 12 March."
)
HOURS = (
    "The centre is open 8am to 8pm from April to September, and 8am to 4pm from October to March."
)


@pytest.mark.parametrize(
    ("passage", "honest", "lie"),
    [
        (
            SALE,
            "General sale opens on Friday 14 March, and the presale two days earlier, on "
            "Wednesday 12 March.",
            "General sale opens on Friday 14 March, and the presale three days earlier, on "
            "Wednesday 12 March.",
        ),
        (
            HOURS,
            "In summer it stays open until 8pm, compared with 4pm in winter, so you get four "
            "extra hours in the evening.",
            "In summer it stays open until 8pm, compared with 4pm in winter, so you get five "
            "extra hours in the evening.",
        ),
        # A time half an hour off another the answer writes.
        (
            "Starting next week, the library will open at 7:30 a.m., half an hour earlier than "
            "before.",
            "The library will open at 7:30 a.m., half an hour earlier than its old 8:00 a.m. "
            "opening.",
            "The library will open at 7:30 a.m., half an hour earlier than its old 9:00 a.m. "
            "opening.",
        ),
        # A count of months, within a week of its average length.
        (
            "Registration for the marathon closes on 15 August. The race is on 12 October.",
            "Registration closes on 15 August, about two months before the race on 12 October.",
            "Registration closes on 15 August, about three months before the race on 12 October.",
        ),
        # A count of weeks from two dates, within a day: 13 nights is about two weeks.
        (
            "The summer school runs from Monday 4 August to Sunday 17 August.",
            "It runs from 4 August to 17 August, about two weeks.",
            "It runs from 4 August to 17 August, about three weeks.",
        ),
        # A span of days from one date to another, counted with both ends.
        (
            "The folk festival runs from Friday 8 August to Sunday 10 August.",
            "Three days, from Friday 8 August to Sunday 10 August.",
            "Four days, from Friday 8 August to Sunday 10 August.",
        ),
        # A time an hour and a half after another the answer writes.
        (
            "The harbour tour departs at 14:15 and lasts 90 minutes.",
            "It departs at 14:15 and takes an hour and a half, so it is back at about 15:45.",
            "It departs at 14:15 and takes an hour and a half, so it is back at about 16:15.",
        ),
        # The difference of two spans the answer writes.
        (
            "Hours are 10am to 8pm on weekdays and 9am to 9pm on weekends.",
            "On weekends it's open from 9am to 9pm, two hours longer than the weekday hours of "
            "10am to 8pm.",
            "On weekends it's open from 9am to 9pm, three hours longer than the weekday hours "
            "of 10am to 8pm.",
        ),
    ],
)
def test_a_gap_the_answer_works_out_both_ways(passage: str, honest: str, lie: str) -> None:
    judge = quoting(passage)
    assert verify(honest, [passage], judge=judge).passed
    result = verify(lie, [passage], judge=judge)
    assert [v.rule for v in result.claim_verdicts] == ["unstated-specifics"]


@settings(max_examples=60, deadline=None)
@given(st.dates(datetime.date(2001, 1, 1), datetime.date(2001, 12, 31)), st.integers(1, 40))
def test_any_two_dates(day: datetime.date, gap: int) -> None:
    later = day + datetime.timedelta(days=gap)
    said = f"It opens on {later:%d %B}, {gap} days after the {day:%d %B} preview."
    assert between(str(gap), said) is (later.year == day.year)
    assert not between(str(gap + 1), said.replace(f"{gap} days", f"{gap + 1} days"))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 23), st.integers(1, 12))
def test_any_two_times_of_day(start: int, gap: int) -> None:
    end = (start + gap) % 24
    said = f"It opens at {start:02d}:00 and closes at {end:02d}:00, {gap} hours later."
    made = abs(end - start) == gap
    assert between(str(gap), said) is made


VENUE = (
    "Evening events run from 6pm to 1am. Set-up by external suppliers can begin two hours "
    "before the event starts."
)


def test_a_time_a_count_of_hours_before_another_both_ways() -> None:
    judge = quoting(VENUE)
    honest = "Set-up can start two hours before the event, so from 4pm for an event at 6pm."
    assert verify(honest, [VENUE], judge=judge).passed
    lie = "Set-up can start two hours before the event, so from 3pm for an event at 6pm."
    result = verify(lie, [VENUE], judge=judge)
    assert [v.rule for v in result.claim_verdicts] == ["unstated-specifics"]


def test_half_an_hour_off_only_where_a_passage_says_half_an_hour() -> None:
    # The answer's own "half an hour before" on a time the passages give otherwise is no working:
    # they say be there by 7:30, not half an hour before the 7:45 train.
    passage = "[Jess] train leaves Paddington at 7:45, get there by 7:30 pls"
    judge = quoting(passage)
    assert verify(
        "By 7:30, a quarter of an hour before the 7:45 train.", [passage], judge=judge
    ).passed
    lie = verify("By 7:15, half an hour before the 7:45 train leaves.", [passage], judge=judge)
    assert [v.rule for v in lie.claim_verdicts] == ["unstated-specifics"]
