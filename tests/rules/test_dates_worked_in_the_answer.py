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
    assert without_own_working(missing, claim, TERMS, None) == missing
    assert without_own_working(missing, claim, TERMS, "The party is on 12 April 2025.") == []


def test_a_period_no_passage_gives_works_nothing_out() -> None:
    """ "a week later" moves a date by a week the passages never give: the date is held."""
    claim = "Abstracts are due on 17 January and full papers a week later, on 24 January."
    papers = ("The abstract deadline is 10 January and the full paper deadline is 17 January.",)
    assert without_own_working(["24 January"], claim, papers, None) == ["24 January"]
    weekly = ("Full papers are due one week after the abstracts.",)
    assert without_own_working(["24 January"], claim, weekly, None) == []
