"""A word or phrase an answer writes twice in a row that no passage writes so (text/repeats.py),
caught by ``unstated-specifics``: the stutter of a summariser that lost its place."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evidence_judges import assert_both_ways
from pytest_faithful.text.repeats import unstated_repeats

# passage, a faithful summary, the same summary with a word or phrase written twice over
STUTTERS = {
    "one word": (
        "A woman was hurt when a car hit her garden wall in Ripley on Sunday night.",
        "A woman was hurt when a car hit her garden wall in Ripley.",
        "A woman was hurt when a car hit her garden garden wall in Ripley.",
    ),
    "two words": (
        "The ferry to the Isle of Arran was cancelled on Friday because of high winds.",
        "High winds cancelled the ferry to the Isle of Arran on Friday.",
        "High winds cancelled the ferry to the Isle of Isle of Arran on Friday.",
    ),
    "three words, lower case": (
        "The city council approved a new cycle lane along Station Road in March.",
        "the city council approved a new cycle lane along station road.",
        "the city council approved a new cycle lane cycle lane along station road.",
    ),
    "a name, any case": (
        "Marta Ruiz has been named head coach of the national hockey team.",
        "Marta Ruiz is the new head coach of the national hockey team.",
        "Marta Ruiz is the new head coach coach of the national hockey team.",
    ),
}


@pytest.mark.parametrize("form", STUTTERS)
@pytest.mark.parametrize("rules", [None, "strict"])
def test_a_repeat_no_passage_writes_is_caught(form: str, rules: str | None) -> None:
    passage, faithful, changed = STUTTERS[form]
    assert_both_ways(faithful, changed, [passage], rules)


@pytest.mark.parametrize(
    "claim",
    [
        "He had had enough of the delays.",  # function words
        "She said that that was the plan.",
        "The show was very very popular.",
        "Ha ha, bye bye, no no.",  # short interjections
        "Results were so-so this year.",  # a hyphenated word
        "The song is called New York, New York.",  # a list's comma
        "| Yes | Yes |",  # a table's cells
        "Ferry\nFerry",  # two lines
        "They flew to Bora Bora in May.",  # a name a passage writes twice
    ],
)
def test_english_repeats_and_those_a_passage_writes_are_not_listed(claim: str) -> None:
    assert unstated_repeats(claim, ["Flights to Bora Bora leave in May."]) == []


_WORD = st.text(alphabet="abcdefgh", min_size=1, max_size=6)


@given(st.lists(_WORD, min_size=1, max_size=12), st.integers(min_value=0, max_value=11))
def test_a_repeat_a_passage_writes_word_for_word_is_never_listed(words: list[str], at: int) -> None:
    at %= len(words)
    claim = " ".join(words[: at + 1] + words[at : at + 1] + words[at + 1 :])
    assert unstated_repeats(claim, [claim.upper()]) == []
    assert all(r.split()[0] in words for r in unstated_repeats(claim, ["nothing here"]))
