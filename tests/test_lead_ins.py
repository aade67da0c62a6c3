"""A lead-in that counts the list under it, "Two things:", is not judged where the list has
that many items; one the list does not bear out, a total, or one that names who did what is."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evidence_judges import quoting_the_best_passage
from pytest_faithful import verify
from pytest_faithful.text.abstentions import restating_headings
from pytest_faithful.text.segment import split_sentences

CHAT = "Priya asked for two things: a refund of £30 and a call back on Monday."


def _judged(answer: str) -> list[str]:
    result = verify(answer, [CHAT], judge=quoting_the_best_passage())
    return [v.claim.text for v in result.claim_verdicts]


@pytest.mark.parametrize(
    "lead_in",
    ["Two things:", "There are two parts:", "She asked for two things:", "You have 2 options:"],
)
def test_a_count_the_list_bears_out_is_not_judged(lead_in: str) -> None:
    answer = f"{lead_in}\n- a refund of £30\n- a call back on Monday"
    assert _judged(answer) == ["- a refund of £30", "- a call back on Monday"]
    assert verify(answer, [CHAT], judge=quoting_the_best_passage()).passed


@pytest.mark.parametrize(
    "lead_in",
    [
        "Three things:",  # the list has two
        "£130 in total:",  # a total: judged, so a changed item's total is still caught
        "Priya asked Tom for two things:",  # names who asked whom
    ],
)
def test_a_lead_in_the_list_does_not_bear_out_is_judged(lead_in: str) -> None:
    answer = f"{lead_in}\n- a refund of £30\n- a call back on Monday"
    assert _judged(answer)[0] == lead_in


def test_a_lead_in_with_no_list_under_it_is_judged() -> None:
    assert _judged("Two things: a refund and a call.") != []


@given(st.integers(min_value=2, max_value=9), st.integers(min_value=2, max_value=9))
def test_a_count_is_read_as_the_lists_length(count: int, items: int) -> None:
    text = f"There are {count} steps:\n" + "\n".join(f"- step {i}" for i in range(items))
    sentences = split_sentences(text)
    framed = (sentences[0].start, sentences[0].end) in restating_headings(sentences)
    assert framed is (count == items)
