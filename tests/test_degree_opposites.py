"""Degree words read as opposites: "high" and "low", "long" and "short", "mild" and "severe",
"wide" and "narrow", "ahead" and "behind", "forward" and "backward", "promoted" and "relegated".

"Attendance at the stadium was low this season." swaps one word of "Attendance at the stadium
was high this season." for its opposite; the comparatives ("higher", "shorter") were pairs
already. The same words in other senses, or said of another thing, are no contrast.
"""

from __future__ import annotations

import pytest

from pytest_faithful.text.contrasts import contrast


@pytest.mark.parametrize(
    ("evidence", "swapped", "said", "shown"),
    [
        ("Attendance at the stadium was high this season.",
         "Attendance at the stadium was low this season.", "low", "high"),
        ("Waiting times at the clinic are short.", "Waiting times at the clinic are long.",
         "long", "short"),
        ("Most patients had mild symptoms.", "Most patients had severe symptoms.",
         "severe", "mild"),
        ("Turnout in the election was low.", "Turnout in the election was high.", "high", "low"),
        ("The project is ahead of schedule.", "The project is behind schedule.", "behind", "ahead"),
        ("Near the town the river is wide.", "Near the town the river is narrow.",
         "narrow", "wide"),
        ("In May the club was promoted to the first division.",
         "In May the club was relegated to the first division.", "relegated", "promoted"),
        ("The company is looking forward to the launch.",
         "The company is looking backward to the launch.", "backward", "forward"),
    ],
)  # fmt: skip
def test_a_degree_word_swapped_is_caught(
    evidence: str, swapped: str, said: str, shown: str
) -> None:
    assert contrast(evidence, evidence) is None
    found = contrast(swapped, evidence)
    assert found is not None
    assert (found.said, found.shown) == (said, shown)


@pytest.mark.parametrize(
    ("evidence", "claim"),
    [
        ("She taught at a high school in Ohio before the price of housing there became low.",
         "She taught at a high school in Ohio."),
        ("You can stay as long as you like; the rent is low.", "The rent is low."),
        ("The tide was low in the morning and high in the evening.",
         "The tide was high in the evening."),
        ("Symptoms were mild in children and severe in the elderly.",
         "Symptoms were severe in the elderly."),
        ("The short-term loan carries a high interest rate.",
         "The short-term loan has a high interest rate."),
        ("Police believe a local gang is behind the thefts.",
         "Police believe a local gang is behind the thefts."),
        ("The team avoided being relegated and was promoted a year later.",
         "The team was promoted a year later."),
        ("The bill moved forward despite a narrow vote in committee.",
         "Despite a narrow committee vote, the bill moved forward."),
    ],
)  # fmt: skip
def test_a_degree_word_in_another_sense_or_of_another_thing_is_no_contrast(
    evidence: str, claim: str
) -> None:
    assert contrast(claim, evidence) is None


@pytest.mark.parametrize(
    ("evidence", "claim"),
    [
        ("The SoundBar 5 is priced at $499; the SoundBar 3 costs $279.",
         "The SoundBar 3 is cheaper at $279."),
        ("A day pass costs $12 and a weekly pass $40.", "The day pass is the cheaper one, at $12."),
    ],
)  # fmt: skip
def test_a_price_stated_is_no_opposite_of_cheap(evidence: str, claim: str) -> None:
    # "costly" reads as "cost", the word every price states: it is not a side of the pair.
    assert contrast(claim, evidence) is None
