"""A number the question gives, restated by an answer that applies the passages' figure to it,
is the asker's own situation, not a figure the answer adds; a claim of the question's number
alone is held to the passages as before."""

from __future__ import annotations

import pytest

from evidence_judges import quoting
from pytest_faithful import verify
from pytest_faithful.text.specifics import unstated

PASSAGE = (
    "Children under 12 enter free. Adults pay $15. Returns are accepted within 30 days. A "
    "balance transfer fee of 5% of each transfer amount applies."
)


@pytest.mark.parametrize("rules", ["standard", "strict"])
@pytest.mark.parametrize(
    ("question", "answer", "quote"),
    [
        ("Do I have to pay for my 10-year-old?",
         "No, children under 12 enter free, so your 10-year-old won't have to pay.",
         "Children under 12 enter free."),
        ("How much would the fee be on a $2,000 balance transfer?",
         "The fee would be $100 (5% of $2,000).",
         "A balance transfer fee of 5% of each transfer amount applies."),
        ("What does a group of 3 adults pay?",
         "Adults pay $15 each, so your group of 3 pays $15 per person.",
         "Adults pay $15."),
    ],
)  # fmt: skip
def test_the_question_s_number_beside_a_figure_of_the_passages_is_stated(
    question: str, answer: str, quote: str, rules: str
) -> None:
    assert verify(answer, [PASSAGE], question=question, judge=quoting(quote), rules=rules).passed
    # Without the question, the number is one no passage states.
    result = verify(answer, [PASSAGE], judge=quoting(quote), rules=rules)
    assert not result.passed
    assert {v.rule for v in result.claim_verdicts} & {"unstated-specifics", "number-clash"}


def test_the_question_s_number_alone_is_held_to_the_passages() -> None:
    question = "Can I return it after 45 days?"
    answer = "Yes, you can return it within 45 days."
    quote = "Returns are accepted within 30 days."
    result = verify(answer, [PASSAGE], question=question, judge=quoting(quote))
    assert not result.passed
    [verdict] = result.claim_verdicts
    assert verdict.rule == "unstated-specifics"


@pytest.mark.parametrize(
    ("answer", "referring"),
    [
        ("Collision coverage is usually the pricier of the two.", True),
        ("Between the two, collision coverage costs more.", True),
        ("The two of them differ in price.", True),
        ("The two plans differ in price.", False),  # a count of plans: a figure to hold
    ],
)
def test_the_two_standing_for_things_named_before_is_no_figure(
    answer: str, referring: bool
) -> None:
    passage = "Collision coverage costs more than comprehensive coverage."
    assert ("2" in unstated(answer, answer, [passage])) is not referring


POLICY = (
    "To receive a bonus you must have joined on or before 30 September 2023. Employees who "
    "joined between 1 April and 30 September 2023 receive a pro-rated bonus.\n"
    "If you were under 16 when your last passport was issued, you must apply for a first adult "
    "passport instead.\n"
    "4. Lunch: only if you are away from your base for more than 5 hours."
)


@pytest.mark.parametrize(
    ("question", "answer", "quote"),
    [
        # the asker's date, its month too (stop 67)
        ("I joined on 1 December 2023. Am I eligible?",
         "No: you must have joined on or before 30 September 2023, and 1 December 2023 is after "
         "that cut-off.",
         "To receive a bonus you must have joined on or before 30 September 2023."),
        # the asker's number on the side of a bound the sentence it applies gives
        ("I was 15 when my last passport was issued. Can I renew it?",
         "As you were 15, you'll need to apply for a first adult passport instead.",
         "If you were under 16 when your last passport was issued, you must apply for a first "
         "adult passport instead."),
        # the asker's number, which a passage writes only as a part's number ("4.")
        ("Can I claim lunch on a visit that keeps me away for 4 hours?",
         "Lunch can only be claimed if you're away for more than 5 hours, and a 4-hour visit "
         "doesn't meet that.",
         "Lunch: only if you are away from your base for more than 5 hours."),
    ],
)  # fmt: skip
def test_the_askers_own_date_age_or_hours_restated_are_no_added_figures(
    question: str, answer: str, quote: str
) -> None:
    assert verify(answer, [POLICY], question=question, judge=quoting(quote)).passed
    result = verify(answer, [POLICY], judge=quoting(quote))
    assert not result.passed


def test_a_bound_of_another_sentence_leaves_the_askers_number_held() -> None:
    # 45 is past the only bound about returns; "over 10 miles" is about something else.
    passage = "Returns are accepted within 30 days. Delivery is free over 10 miles."
    question = "Can I return it after 45 days?"
    result = verify(
        "Yes, you can return it within 45 days.",
        [passage],
        question=question,
        judge=quoting("Returns are accepted within 30 days."),
    )
    assert [v.rule for v in result.claim_verdicts] == ["unstated-specifics"]


def test_a_month_the_question_does_not_date_is_still_a_changed_name() -> None:
    question = "I joined in the winter. Am I eligible?"
    answer = "Yes: employees who joined between 1 December and 30 September 2023 get a bonus."
    quote = "Employees who joined between 1 April and 30 September 2023 receive a pro-rated bonus."
    assert not verify(answer, [POLICY], question=question, judge=quoting(quote)).passed
