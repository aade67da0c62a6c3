"""A time on the hour ("10:00am", "5pm") is stated by a passage's bare hour only where the
passage says that hour as a time of day ("opens at 10", "9-5", "10 o'clock", "at 10.00"), both
ways: a lie that moves "9:30am" to "10:00am" where the passage's only bare 10 counts days is
caught (stop 63, from blind probes' uncaught lies), and an answer that writes the passage's
bare hours with "am" or "pm" still passes."""

from __future__ import annotations

import pytest

from evidence_judges import passes
from pytest_faithful.text.clock import on_the_hour_said

SUMMONS = (
    "Jury service normally lasts up to 10 working days. Your new date of attendance is Monday "
    "11 May at 9:30am at Kingsford Crown Court.",
)
SHOP = ("The shop opens at 10 and closes at 6 on Saturdays. Weekday hours are 9-5.",)


@pytest.mark.parametrize(
    ("answer", "passages", "faithful"),
    [
        ("Your new date is Monday 11 May at 9:30am at Kingsford Crown Court.", SUMMONS, True),
        ("Your new date is Monday 11 May at 10:00am at Kingsford Crown Court.", SUMMONS, False),
        ("Your new date is Monday 11 May at 10am at Kingsford Crown Court.", SUMMONS, False),
        ("On Saturdays the shop opens at 10am and closes at 6pm.", SHOP, True),
        ("On Saturdays the shop opens at 10:00 and closes at 18:00.", SHOP, True),
        ("On weekdays the shop is open from 9am to 5pm.", SHOP, True),
        ("On weekdays the shop is open from 9am to 7pm.", SHOP, False),
    ],
)
def test_a_time_on_the_hour_both_ways(
    answer: str, passages: tuple[str, ...], faithful: bool
) -> None:
    assert passes(answer, passages) is faithful


@pytest.mark.parametrize(
    ("term", "passage", "said"),
    [
        ("10:00", "The museum opens at 10 daily.", True),
        ("10:00", "Doors open at 10.00.", True),
        ("10:00", "Service starts at ten; arrive by 10 o'clock.", True),
        ("10:00", "Lessons run 10 to 4pm.", True),
        ("17:00", "Open 9-5, Monday to Friday.", True),
        ("17:00", "Open from 9 to 5.", True),
        ("17:00", "Bar open from 5 till late.", True),
        # A bare number that counts something says no time.
        ("10:00", "Delivery takes up to 10 working days.", False),
        ("10:00", "Tickets cost £10.", False),
        ("10:00", "There are 10 rooms.", False),
        # One that says its half of the day is the other half's: 11 p.m. is 23:00.
        ("11:00", "The fire started shortly after 11 p.m.", False),
        # Not on the hour: read by the terms, not here.
        ("10:30", "The museum opens at 10 daily.", False),
    ],
)
def test_which_bare_hours_a_passage_says_as_times(term: str, passage: str, said: bool) -> None:
    assert on_the_hour_said(term, [passage]) is said
