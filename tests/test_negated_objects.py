"""A passage that states a verb of one object and negates it of another.

"The warranty covers manufacturing defects but does not cover accidental damage." negates the
covering of damage, as "The warranty does not cover accidental damage such as drops." does;
it states the covering of defects, which "does not cover manufacturing defects" negates.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_judges import assert_both_ways
from pytest_faithful.text.polarity import negation_clash

# (the passage, a claim negating what it negates, the claim negating what it states)
_SPLIT = [
    (
        "The warranty covers manufacturing defects for two years but does not cover "
        "accidental damage.",
        "The warranty does not cover accidental damage such as drops.",
        "The warranty does not cover manufacturing defects.",
    ),
    (
        "The plan includes dental checkups, but it does not include orthodontic treatment.",
        "The plan does not include orthodontic treatment for children.",
        "The plan does not include dental checkups.",
    ),
    (
        "We ship to Canada and Mexico but do not ship to Cuba or Iran.",
        "We do not ship to Iran.",
        "We do not ship to Mexico.",
    ),
]


@pytest.mark.parametrize(("passage", "faithful", "changed"), _SPLIT)
def test_a_negation_of_what_the_passage_negates_is_no_clash(
    passage: str, faithful: str, changed: str
) -> None:
    assert negation_clash(faithful, passage) is False
    assert negation_clash(changed, passage) is True
    assert_both_ways(faithful, changed, [passage], rules="strict")


def test_a_date_given_elsewhere_is_no_contrast_to_a_shared_negation() -> None:
    """Both negate the lessons of half term; the passage gives its dates in brackets, and the
    year only with the term's end: no "but does on ..." contrast."""
    passage = (
        "Lessons run for 10 weeks from 5 January to 29 March 2026, with no lessons during "
        "half term week (16-22 February)."
    )
    assert not negation_clash(
        "There are no lessons in half term week, 16-22 February 2026.", passage
    )
    assert negation_clash("There are no lessons from 5 January.", passage)


def test_a_shared_word_of_both_objects_is_read_by_the_other() -> None:
    # "accidental" is of both objects; "damage" only of the covered one.
    passage = "The policy covers accidental damage but does not cover accidental flooding."
    assert negation_clash("The policy does not cover accidental damage.", passage) is True
    assert negation_clash("The policy does not cover accidental flooding.", passage) is False


_NOUNS = ["engines", "brakes", "tyres", "mirrors", "seats", "lights", "doors", "wheels"]


@settings(max_examples=40)
@given(st.lists(st.sampled_from(_NOUNS), min_size=2, max_size=2, unique=True))
def test_the_stated_object_clashes_and_the_negated_one_does_not(nouns: list[str]) -> None:
    stated, negated = nouns
    passage = f"The service repairs {stated} but does not repair {negated}."
    assert negation_clash(f"The service does not repair {negated}.", passage) is False
    assert negation_clash(f"The service does not repair {stated}.", passage) is True


# A passage's own negation of the verb whose object is a pronoun ("never use it"): the claim
# that negates the verb of the named thing says what that clause says, not the opposite of the
# other clause's statement.
_PRONOUNS = ["it", "them", "this", "those"]


@settings(max_examples=40)
@given(
    st.sampled_from(_PRONOUNS),
    st.sampled_from(["never", "do not", "don't"]),
    st.sampled_from(_NOUNS),
)
def test_a_negation_of_the_verb_of_a_pronoun_is_no_clash(
    pronoun: str, negation: str, noun: str
) -> None:
    passage = f"62% said they use {noun} weekly, and 18% said they {negation} use {pronoun}."
    assert negation_clash(f"18% {negation} use {noun}.", passage) is False
    # Where the passage negates no use, the claim's negation still clashes.
    stated = f"62% said they use {noun} weekly, and 18% said they use {pronoun} daily."
    assert negation_clash(f"18% {negation} use {noun}.", stated) is True


# A table's cell border ends a clause: a cell's negation governs no word of the next cell.
@pytest.mark.parametrize("cell", ["Never", "Not at all", "No answer"])
def test_a_negation_in_a_table_cell_stops_at_its_border(cell: str) -> None:
    passage = "62% said they use public transport weekly, and 18% said they never use it."
    assert negation_clash(f"| {cell} | 18% |", passage) is False
    assert negation_clash("| Windows | not supported |", "Windows is supported.") is True


@pytest.mark.parametrize("rules", ["standard", "strict"])
def test_a_table_row_of_a_negated_answer_passes_and_a_changed_share_is_caught(rules: str) -> None:
    passage = "62% said they use public transport weekly, and 18% said they never use it."
    head = "| Use | Share |\n|---|---|\n| Weekly | 62% |\n"
    assert_both_ways(head + "| Never | 18% |", head + "| Never | 28% |", [passage], rules=rules)
