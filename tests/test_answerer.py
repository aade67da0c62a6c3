"""Claims in which the answer speaks of itself (pytest_faithful.text.answerer)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from pytest_faithful.text import answerer
from pytest_faithful.text.answerer import about_the_answerer
from pytest_faithful.text.terms import content_terms

PASSAGES = ["Football is a family of team sports that involve kicking a ball to score a goal."]


@pytest.mark.parametrize(
    ("claim", "word"),
    [
        pytest.param("Yes I'm a big fan of football.", "I'm", id="I'm"),
        pytest.param("i watched the football final again last night", "i", id="lowercase i"),
        pytest.param("My favourite sport is football.", "My", id="my"),
        pytest.param("Football reminds me of school.", "me", id="me"),
        pytest.param("I\u2019ve played football since I was five.", "I've", id="curly apostrophe"),
        pytest.param("I think I love football.", "I", id="after a frame"),
        pytest.param("To my knowledge, I love football.", "I", id="after a hedge"),
        pytest.param("As an AI assistant, I love football.", "I", id="after a role"),
        pytest.param("I checked my ticket and football is on.", "my", id="checked what is mine"),
    ],
)
def test_a_claim_in_which_the_answer_speaks_of_itself_is_found(claim: str, word: str) -> None:
    assert about_the_answerer(claim, PASSAGES) == word


@pytest.mark.parametrize(
    "claim",
    [
        pytest.param("We offer football lessons for children.", id="we: a company's voice"),
        pytest.param("I think football is a team sport.", id="a frame"),
        pytest.param("I can confirm that football is a team sport.", id="a frame with that"),
        pytest.param("I'm sure football involves kicking a ball.", id="a sure frame"),
        pytest.param("I'm sorry, I don't know the score.", id="an abstention"),
        pytest.param('The anthem "I Will Survive" was sung at the final.', id="a quoted title"),
        pytest.param("Football was suspended during World War I.", id="a numeral"),
        pytest.param("I Love Lucy was interrupted by football.", id="a title's I"),
        pytest.param("To my knowledge, football is a team sport.", id="a hedge"),
        pytest.param("Set my_team = Team() to follow football.", id="code: an assignment"),
        pytest.param("Pass `my_league` to the football API.", id="code: a span"),
        pytest.param("```\nfor i in range(3):\n    kick(my_ball)\n```", id="code: an example"),
        pytest.param("From what I can see in the documents, football is a sport.", id="read"),
        pytest.param("As far as I know, football involves a ball.", id="as far as I know"),
        pytest.param("Let me explain: football is a team sport.", id="let me explain"),
        pytest.param("I have checked the documents: football is a sport.", id="checked"),
        pytest.param("As an AI language model, I can tell you football is a sport.", id="role"),
    ],
)
def test_what_is_not_the_answer_speaking_of_itself_is_not_found(claim: str) -> None:
    assert about_the_answerer(claim, PASSAGES) is None


def test_a_passage_in_the_first_person_leaves_the_claim_to_the_judge() -> None:
    transcript = ["Sales Agent: I'm calling from BestInsuranceXYZ about my plans."]
    assert about_the_answerer("I'm calling from BestInsuranceXYZ.", transcript) is None
    assert about_the_answerer("I'm calling from BestInsuranceXYZ.", PASSAGES) == "I'm"


_WORDS = st.sampled_from(
    ["I", "i", "I'm", "my", "me", "we", "War", "think", "football", "the", '"', "Lucy", "sure"]
)
_TEXT = st.lists(_WORDS, max_size=10).map(" ".join)


@given(_TEXT, _TEXT, _TEXT)
def test_a_claim_a_passage_holds_word_for_word_is_never_held_against_it(
    claim: str, before: str, after: str
) -> None:
    assert about_the_answerer(claim, [f"{before} {claim} {after}"]) is None


@given(st.text(max_size=200), st.lists(st.text(max_size=200), max_size=3))
def test_what_is_found_is_a_first_person_word_of_the_claim(claim: str, passages: list[str]) -> None:
    found = about_the_answerer(claim, passages)
    if found is not None:
        assert found.lower() in {"i", "i'm", "i've", "i'd", "i'll", "me", "my", "mine", "myself"}
        assert found in claim.replace("\u2019", "'")


_MIXED = st.lists(
    st.one_of(
        _WORDS,
        st.sampled_from(["I\u2019ve", "MY", "Me,", "(i)", "myself.", "3me", "_i", "i\u2019d"]),
        st.text(max_size=8),
    ),
    max_size=12,
).map(" ".join)


@given(_MIXED)
def test_the_quick_test_for_a_first_person_word_lets_no_such_claim_go(claim: str) -> None:
    """A claim is let go early only when no word of it could be the answerer's; read word by
    word, none is."""
    if answerer._MAY_BE_FIRST_PERSON.search(claim) is None:
        assert answerer._first_person(claim) is None


@pytest.mark.parametrize(
    ("claim", "turn"),
    [
        pytest.param("I love the NFL!", "hey do you like the nfl?", id="asked"),
        pytest.param("Jazz is my favourite.", "Do you listen to jazz?", id="my favourite"),
        pytest.param("I absolutely love it!", "Have you tried sushi?", id="no other word"),
        pytest.param("I'm a huge fan of them too!", "I love Guns N' Roses!", id="shared"),
    ],
)
def test_a_reply_that_only_tells_the_liking_its_turn_asked_for_is_let_go(
    claim: str, turn: str
) -> None:
    assert about_the_answerer(claim, PASSAGES, turn) is None
    assert about_the_answerer(claim, PASSAGES) is not None


@pytest.mark.parametrize(
    ("claim", "turn"),
    [
        pytest.param("I watched it as a kid.", "Did you watch it as a kid?", id="no liking"),
        pytest.param(
            "I love the NFL, I went to a game last year.", "Do you like the NFL?", id="did"
        ),
        pytest.param("I'm a nurse and I love it.", "Do you like your job?", id="is"),
        pytest.param("I'm a big fan of football.", "Engineers make more in a lifetime.", id="new"),
        pytest.param("I love the NFL!", "The NFL has 32 teams.", id="a turn that asks nothing"),
    ],
)
def test_a_reply_that_tells_more_than_the_liking_asked_for_still_speaks_of_the_answerer(
    claim: str, turn: str
) -> None:
    assert about_the_answerer(claim, PASSAGES, turn) is not None


_NAMES = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=3, max_size=10)


@given(_NAMES, st.sampled_from(["do you like the {}?", "I love {}!", "have you seen {} yet?"]))
def test_a_liking_of_what_its_turn_names_is_let_go(name: str, turn: str) -> None:
    assert answerer.liking_asked(f"I love {name}!", turn.format(name))


@given(_NAMES, _NAMES, st.sampled_from(["do you like the {}?", "I love {}!"]))
def test_a_liking_that_brings_a_word_its_turn_does_not_say_is_not_let_go(
    name: str, other: str, turn: str
) -> None:
    brought = content_terms(other) - content_terms(turn.format(name)) - answerer._LIKING
    assume(brought)
    assert not answerer.liking_asked(f"I love {name} and {other}!", turn.format(name))
