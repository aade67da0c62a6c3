"""The lexical judge reads a text the same however it is spaced or cased: verdicts that do not
flip with the whitespace between two words, nor in capitals."""

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


# (answer, passage, label): answers whose words are all in the passage, or all but their
# speaker's own, read the same in capitals as in lower case.
IN_CAPITALS = [
    (
        "It's about a rabbit who wants to become a police officer.",
        "The film is about a rabbit who hopes to become a police officer.",
        "SUPPORTED",
    ),
    (
        "Coverage extends to floods and storms and it covers fires.",
        "Coverage extends to floods and storms. Fires are covered too.",
        "SUPPORTED",
    ),
    ("His home home is in Sheffield.", "His home is in Sheffield.", "NOT_ENOUGH_INFO"),
    ("Yes, I saw the film about the rabbit.", "The film is about a rabbit.", "NOT_ENOUGH_INFO"),
]


@pytest.mark.parametrize(("answer", "passage", "label"), IN_CAPITALS)
def test_an_answer_in_capitals_reads_as_one_in_lower_case(
    answer: str, passage: str, label: str
) -> None:
    """In capitals every word is capitalised: none is a name by its case ("WANTS" was a name
    the passage never states), an "I" is the speaker, a repeat is a stutter, "AND" parts
    clauses."""
    assert verdicts(answer.upper(), passage) == verdicts(answer.lower(), passage) == [label]


def full_width(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


@pytest.mark.parametrize(("answer", "passage"), PAIRS)
def test_an_answer_in_full_width_forms_reads_as_its_ascii_form(answer: str, passage: str) -> None:
    """Text typed with a CJK input method writes Latin letters, digits and signs full width
    ("\uff32\uff45\uff46\uff55\uff4e\uff44\uff53"): the same words, either side."""
    expected = verdicts(answer, passage)
    assert verdicts(full_width(answer), passage) == expected
    assert verdicts(answer, full_width(passage)) == expected


@pytest.mark.parametrize(
    "negation",
    [
        *("dont", "doesnt", "didnt", "isnt", "arent", "wasnt", "werent", "cant", "couldnt"),
        *("wont", "wouldnt", "shouldnt", "hasnt", "havent", "hadnt", "mustnt", "neednt", "aint"),
    ],
)
def test_a_contraction_written_without_its_apostrophe_still_negates(negation: str) -> None:
    """Chat answers drop the apostrophe: "Refunds arent available" was SUPPORTED by "Refunds
    are available" ("arent" one unknown word within the coverage the judge allows)."""
    passage = "Refunds are available after 30 days."
    for written in (negation, negation.upper(), negation.capitalize()):
        assert verdicts(f"Refunds {written} available after 30 days.", passage) != ["SUPPORTED"]
