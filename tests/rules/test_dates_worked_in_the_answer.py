"""A date the answer works out itself, from another date it or the question gives and a period
it says, is its own working, both ways (stop 63, from a blind probe's honest failures): "the
balance is due 7 days before the event, so by 5 April 2025 for a 12 April event" passes where
the passages give the event's date and the 7 days in two places; a day more or less fails."""

from __future__ import annotations

import pytest

from evidence_judges import passes
from pytest_faithful.text.dates import without_own_working

TERMS = (
    "Booking terms: the balance is due 7 days before the event. Final guest numbers must be "
    "confirmed 10 days before the event.",
    "Subject: Re: Quote for 50 guests, Sat 12 April 2025. Thanks for your note, Marcus.",
)
LEAFLET = ("Once opened, discard the bottle 6 months after first opening.",)


@pytest.mark.parametrize(
    ("answer", "passages", "question", "faithful"),
    [
        ("The balance is due 7 days before the event, so by 5 April 2025 for a 12 April event.",
         TERMS, None, True),
        ("The balance is due 7 days before the event, so by 6 April 2025 for a 12 April event.",
         TERMS, None, False),
        ("Final numbers must be confirmed 10 days before the event: for 12 April 2025 that's "
         "2 April 2025.", TERMS, None, True),
        ("The leaflet says to discard it 6 months after first opening, so by 10 July.",
         LEAFLET, "I first opened the bottle on 10 January. When should I throw it away?", True),
        ("The leaflet says to discard it 6 months after first opening, so by 12 July.",
         LEAFLET, "I first opened the bottle on 10 January. When should I throw it away?", False),
    ],
)  # fmt: skip
def test_a_date_the_answer_works_out(
    answer: str, passages: tuple[str, ...], question: str | None, faithful: bool
) -> None:
    assert passes(answer, passages, question) is faithful


def test_without_another_date_nothing_is_worked() -> None:
    claim = "The balance is due 7 days before the event, so by 5 April 2025."
    missing = ["5 April 2025"]
    terms = TERMS[:1]  # no passage gives the event's date
    assert without_own_working(missing, claim, terms, None) == missing
    assert without_own_working(missing, claim, terms, "The party is on 12 April 2025.") == []
    # A passage's date, moved by a period the claim says the way of (stop 64).
    assert without_own_working(missing, claim, TERMS, None) == []


def test_a_period_no_passage_gives_works_nothing_out() -> None:
    """ "a week later" moves a date by a week the passages never give: the date is held."""
    claim = "Abstracts are due on 17 January and full papers a week later, on 24 January."
    papers = ("The abstract deadline is 10 January and the full paper deadline is 17 January.",)
    assert without_own_working(["24 January"], claim, papers, None) == ["24 January"]
    weekly = ("Full papers are due one week after the abstracts.",)
    assert without_own_working(["24 January"], claim, weekly, None) == []


HOTEL = ("- **Flexible rate:** free cancellation until 18:00 (hotel local time) on the day before "
         "arrival.",)  # fmt: skip
PREP = ("Date: Thursday 13 March 2025\nThe day before: clear fluids only after breakfast. First "
        "dose of Moviprep: 6 pm the day before.",)  # fmt: skip
BINS = ("From Monday 3 November, general waste will be collected every three weeks instead of "
        "every two. Garden waste collections pause from 1 December.",)  # fmt: skip


@pytest.mark.parametrize(
    ("answer", "passages", "question", "faithful"),
    [
        # "the day before" is a period of one day, said the way it runs (stop 64)
        ("You can cancel free of charge until 18:00 on Thursday 13 June, the day before you "
         "arrive.", HOTEL, "I'm arriving Friday 14 June. Until when can I cancel?", True),
        ("You can cancel free of charge until 18:00 on Wednesday 12 June, the day before you "
         "arrive.", HOTEL, "I'm arriving Friday 14 June. Until when can I cancel?", False),
        # from a passage's date, by a period the claim says the way of
        ("Take the first dose at 6 pm on Wednesday 12 March (the day before).", PREP, None, True),
        ("Take the first dose at 6 pm on Tuesday 11 March (the day before).", PREP, None, False),
        # "every three weeks" runs no way from a passage's date: 1 December less three weeks is
        # no date of the claim's
        ("From Monday 10 November, general waste will be collected every three weeks.", BINS,
         None, False),
    ],
)  # fmt: skip
def test_a_day_before_or_after_a_date(
    answer: str, passages: tuple[str, ...], question: str | None, faithful: bool
) -> None:
    assert passes(answer, passages, question) is faithful


CHAT = ("Chat transcript, Northgate Bank support, 4 April 2024. Chargebacks must be raised "
        "within 120 days of the payment.",)  # fmt: skip


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("The payment was made on 2 April 2024, so 120 days later is 31 July 2024.", True),
        # runs from the chat's 4 April, not from the claim's own 2 April (stop 64, held out)
        ("The payment was made on 2 April 2024, so 120 days later is 2 August 2024.", False),
    ],
)
def test_a_period_without_its_start_runs_from_the_claims_date(answer: str, faithful: bool) -> None:
    assert passes(answer, CHAT, "When must I raise a chargeback for the 2 April payment?") is (
        faithful
    )
