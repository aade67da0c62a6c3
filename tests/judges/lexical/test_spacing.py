"""The lexical judge reads a text the same however it is spaced: verdicts that do not flip
with the whitespace between two words."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_faithful import verify

# (answer, passage): each pair reads two words as one ("8 pm", "per cent", "24 hours a day",
# "$5 m") or one phrase as a frame ("i think", "I'm sure").
PAIRS = [
    ("The office closes at 8 pm on Fridays.", "On Fridays the office closes at 8 pm."),
    ("Fees rose by 7 per cent last year.", "Last year fees rose by 7 per cent."),
    ("Support is available 24/7.", "Our support team is available 24 hours a day."),
    ("The shop opens 9 am to 5 pm.", "The shop is open from 9 am to 5 pm."),
    ("The deal was worth $ 5 m.", "The deal was worth $5m."),
    ("The booth is staffed round the clock.", "The booth is staffed 24 hours a day."),
    (
        "i think it was more about the miracles and the resurrection.",
        "The film is more about the miracles and the resurrection.",
    ),
    (
        "I\u2019m sure that the museum opens at 10 am.",
        "The museum opens at 10 am every day.",
    ),
]


def verdicts(answer: str, passage: str) -> list[str]:
    result = verify(answer, [passage], judge="lexical")
    return [cv.label.value for cv in result.claim_verdicts]


@pytest.mark.parametrize(("answer", "passage"), PAIRS)
@given(space=st.sampled_from(["  ", "\t", "\n", "\u00a0", " \u2009", "   \n  "]))
def test_a_verdict_does_not_change_with_the_spacing_between_words(
    answer: str, passage: str, space: str
) -> None:
    expected = verdicts(answer, passage)
    assert verdicts(answer.replace(" ", space), passage) == expected
    assert verdicts(answer, passage.replace(" ", space)) == expected
