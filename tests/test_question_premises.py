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
