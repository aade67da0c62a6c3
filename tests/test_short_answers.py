"""A short answer to a yes/no question: "No, <statement>." under the strict policy.

The no answers the question; the statement after it carries its own negations. The
``negation`` rule reads the statement alone, so an honest "No, it's off by default." is not
held against "Two-factor sign-in is turned off by default." as if it negated it, while a
statement that negates its evidence is still caught.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_judges import quoting
from pytest_faithful import verify
from pytest_faithful.text.evidence import without_no_answer

# (passage, question, honest "No, ..." answer, the same answer with its statement negated)
_NO_ANSWERS = [
    (
        "Two-factor sign-in is turned off by default.",
        "Is two-factor sign-in on by default?",
        "No, it is turned off by default.",
        "No, it is not turned off by default.",
    ),
    (
        "The help desk is closed on public holidays.",
        "Is the help desk open on public holidays?",
        "No \u2014 the help desk is closed on public holidays.",
        "No \u2014 the help desk is never closed on public holidays.",
    ),
    (
        "Sale items cannot be exchanged.",
        "Can I exchange a sale item?",
        "Nope; sale items cannot be exchanged.",
        "Nope; sale items can be exchanged.",
    ),
    (
        "We ship only to Spain and Portugal.",
        "Do you ship to France?",
        "No - we ship only to Spain and Portugal.",
        "No - we do not ship to Spain and Portugal.",
    ),
    # "Not if ...": the not answers the question, the condition is the statement's.
    (
        "Freezing is free if you provide a doctor's note for an injury.",
        "Does it cost anything to freeze my membership if I'm injured?",
        "Not if you provide a doctor's note: freezing for an injury is free.",
        "Not if you provide a doctor's note: freezing for an injury is not free.",
    ),
    # "Not under the official rules": the not answers the question for that case, and the
    # case's words are stated.
    (
        "Under the official rules, landing on Free Parking pays no money.",
        "Do you get money for landing on Free Parking?",
        "Not under the official rules: landing on Free Parking pays no money.",
        "Not under the official rules: landing on Free Parking pays money.",
    ),
    (
        "Daylight photos are sharp, but low-light shots are noticeably noisy.",
        "Is the camera good in low light?",
        "Not especially: low-light shots are noticeably noisy.",
        "Not especially: low-light shots are not noisy.",
    ),
    (
        "Runners who feel sharp pain should stop running and consult a physiotherapist.",
        "Is it OK to run with pain?",
        "Not with sharp pain: stop running and see a physiotherapist.",
        "Not with sharp pain: don't stop running.",
    ),
    (
        "The current hybrid policy of three office days a week stays in place this year.",
        "Is the hybrid policy changing?",
        "Not this year; the hybrid policy of three office days a week stays in place.",
        "Not this year; the hybrid policy of three office days a week does not stay in place.",
    ),
]


def test_a_no_for_a_case_is_held_to_its_question() -> None:
    passage = (
        "The Staten Island Ferry offers views of the Statue of Liberty, but it does not stop "
        "at Liberty Island."
    )
    question = "Can I use the Staten Island Ferry to visit the Statue of Liberty?"
    judge = quoting(passage)
    assert verify("Not to set foot there.", passage, question=question, judge=judge).passed
    # Held to its question, a quote about something else is still no evidence.
    other = "Tickets cost $25 and are sold online."
    result = verify("Not to set foot there.", other, question=question, judge=quoting(other))
    assert [v.rule for v in result.claim_verdicts] == ["bears-on"]


@pytest.mark.parametrize(
    "reply",
    [
        "Not available in Canada.",
        "Not all of the kettles ship to Canada.",
        "Not shipped to Canada.",
    ],
)
def test_a_not_before_what_it_negates_is_no_answer_for_a_case(reply: str) -> None:
    passage = "All of the kettles are available in Canada and are shipped to Canada."
    judge = quoting(passage)
    result = verify(reply, passage, question="Can I get a kettle in Canada?", judge=judge)
    assert [v.rule for v in result.claim_verdicts] == ["negation"]


@pytest.mark.parametrize(("passage", "question", "honest", "negated"), _NO_ANSWERS)
def test_a_no_before_its_statement_negates_the_question_not_the_statement(
    passage: str, question: str, honest: str, negated: str
) -> None:
    judge = quoting(passage)
    assert verify(honest, passage, question=question, rules="strict", judge=judge).passed
    result = verify(negated, passage, question=question, rules="strict", judge=judge)
    assert not result.passed
    assert [v.rule for v in result.claim_verdicts] == ["negation"]


_STATEMENT = st.lists(
    st.sampled_from(["it", "is", "not", "off", "closed", "only", "we", "ship"]),
    min_size=1,
    max_size=6,
).map(lambda words: " ".join(words) + ".")


@settings(max_examples=20, deadline=None)
@given(
    st.sampled_from(["No", "no", "NO", "Nope", "Nah"]),
    st.sampled_from([", ", "; ", ": ", " \u2014 ", "\u2014", " - ", "! "]),
    _STATEMENT,
)
def test_without_no_answer_keeps_the_statement_after_the_no(
    no: str, mark: str, statement: str
) -> None:
    assert without_no_answer(f"{no}{mark}{statement}") == statement


@pytest.mark.parametrize(
    "sentence",
    [
        "No fees apply.",
        "No one was hurt.",
        "No-fee accounts.",
        "No.",
        "Nothing, free.",
        "Not all members qualify.",  # a "not" that opens no condition is the statement's own
        "Notify us if you move.",
    ],
)
def test_a_no_that_is_no_answer_is_kept(sentence: str) -> None:
    assert without_no_answer(sentence) == sentence
