"""Opposite words that a sentence's form takes back: "either one" is each one, not the
"either ... or" that "both" opposes; "After A, B" is "B after A", the converse of "A before B".
Each both ways: the faithful reading passes, the lie is caught."""

from __future__ import annotations

import pytest

from pytest_faithful.text.contrasts import contrast

REST = "Let it rest for 5 minutes before slicing against the grain."
BOTH = "Both should be cooked for about 18 minutes, adding warm stock a ladle at a time."


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        ("After letting it rest for 5 minutes, slice it against the grain.", REST),
        ("Slice it against the grain after letting it rest for 5 minutes.", REST),
        ("Before slicing it against the grain, let it rest for 5 minutes.", REST),
        ("Either one takes about 18 minutes, with warm stock added a ladle at a time.", BOTH),
        ("Either of the two rooms can be booked for the party.",
         "Both rooms can be booked for the party."),
    ],
)  # fmt: skip
def test_the_same_fact_in_the_converse_or_distributive_form_is_no_contrast(
    claim: str, evidence: str
) -> None:
    assert contrast(claim, evidence) is None


@pytest.mark.parametrize(
    ("claim", "evidence", "said"),
    [
        ("After slicing it against the grain, let it rest for 5 minutes.", REST, "After"),
        ("Let it rest for 5 minutes after slicing against the grain.", REST, "after"),
        ("You can pay either by card or in cash.", "You can pay both by card and in cash.",
         "either"),
        ("Either of them must sign the form.", "Both of them must sign the form.", "Either"),
    ],
)  # fmt: skip
def test_the_events_in_the_other_order_or_one_of_two_is_a_contrast(
    claim: str, evidence: str, said: str
) -> None:
    found = contrast(claim, evidence)
    assert found is not None
    assert found.said == said


@pytest.mark.parametrize(
    ("claim", "evidence", "contrasted"),
    [
        # "any" after a negation or a condition's "before": none, or each
        ("You only need written consent before taking up other paid work.",
         "You must obtain written consent before taking up any other paid work.", False),
        ("For 6 months it only bars you from soliciting clients you dealt with.",
         "You shall not, for 6 months, solicit any client you dealt with.", False),
        # the free choice "only" opposes
        ("Refunds are available only for unopened items.",
         "Refunds are available for any item.", True),
    ],
)  # fmt: skip
def test_any_after_a_negation_or_a_condition_is_no_opposite_of_only(
    claim: str, evidence: str, contrasted: bool
) -> None:
    assert (contrast(claim, evidence) is not None) is contrasted
