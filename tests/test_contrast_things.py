"""An opposite said of another thing than the claim's word is no contrast.

"On the last day of the championship, first and second in the standings were a point apart."
says nothing against "He finished first in the championship.": its "last" is of the day, a
thing the claim does not name, and the sentence says "first" too. The same opposite said of
the claim's own thing ("the last train" against "the first train"), or beside no word of the
claim's side, still is one.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evidence_judges import quoting
from pytest_faithful import Label, verify
from pytest_faithful.text.contrasts import contrast

# A word of each side of a pair, and things to say them of.
_PAIRS = [
    ("first", "last"),
    ("higher", "lower"),
    ("early", "late"),
    ("upper", "lower"),
    ("north", "south"),
    ("increased", "decreased"),
    ("minimum", "maximum"),
    ("public", "private"),
    ("heavy", "light"),
]
_THINGS = ["day", "gate", "road", "house", "season", "office", "floor", "market"]


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        (
            "In November 2015 he finished first in the championship in Bilbao.",
            "On the last day of the championship in Bilbao half a point separated the Cuban"
            " and the Argentine, first and second respectively in the standings.",
        ),
        (
            "In 2015 she finished first in the national championship.",
            "On the last day of the national championship in 2015, she held first place.",
        ),
        (
            "The bill passed the upper chamber in May 2020.",
            "In May 2020 the bill cleared the lower house of the parliament and then the upper"
            " chamber.",
        ),
        (
            "The city opened a light rail line in 2019.",
            "In 2019 the city opened the line for the heavy commuter traffic, a light rail.",
        ),
        (
            "Rents rose in the city in 2022.",
            "In 2022 the city saw the lower vacancy rate of the decade, and rents rose.",
        ),
    ],
    ids=["last-day", "last-day-first-place", "lower-house", "heavy-traffic", "lower-rate"],
)
def test_an_opposite_of_another_thing_is_no_contrast(claim: str, evidence: str) -> None:
    assert contrast(claim, evidence) is None


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        # The opposite is said of the claim's own thing.
        (
            "The first train leaves at 11 pm.",
            "The last train leaves at 11 pm; the first one departs at 5 am.",
        ),
        # The evidence says no word of the claim's side.
        (
            "In 2015 she finished last in the national championship.",
            "In the national championship in 2015 she finished in the first place.",
        ),
        # An opposite said of nothing, beside one said of another thing.
        (
            "In 2015 she finished last in the national championship.",
            "In the national championship in 2015 she finished first, on the last day.",
        ),
        # A verb's object is not read as what the verb is said of.
        (
            "Acme bought a plant in 2019.",
            "Acme sold its factory in 2019 and bought a warehouse.",
        ),
    ],
    ids=["same-thing", "no-own-word", "bare-opposite", "verb-object"],
)
def test_an_opposite_of_the_claims_thing_is_a_contrast(claim: str, evidence: str) -> None:
    assert contrast(claim, evidence) is not None


@given(st.sampled_from(_PAIRS), st.sampled_from(_THINGS), st.booleans())
def test_an_opposite_of_a_thing_the_claim_does_not_name_is_none(
    pair: tuple[str, str], thing: str, flip: bool
) -> None:
    said, other = pair[::-1] if flip else pair
    claim = f"The team finished {said} in the 2015 cup."
    on = f"On the {other} {thing} of the 2015 cup the team and its rival were"
    assert contrast(claim, f"{on} {said} and second.") is None
    # Without the claim's own word, the opposite stands.
    assert contrast(claim, f"{on} third and second.") is not None


@given(
    st.sampled_from(_PAIRS),
    st.lists(st.sampled_from(_THINGS), min_size=2, max_size=2, unique=True),
    st.booleans(),
)
def test_an_opposite_of_the_claims_own_thing_stays_a_contrast(
    pair: tuple[str, str], things: list[str], flip: bool
) -> None:
    said, other = pair[::-1] if flip else pair
    thing, another = things
    claim = f"The {said} {thing} of the team was built in 2015."
    evidence = (
        f"The {other} {thing} of the team was built in 2015, and the {said} {another} in 2016."
    )
    assert contrast(claim, evidence) is not None


def test_the_rule_keeps_the_honest_answer_and_demotes_the_swap() -> None:
    evidence = "On the last day of the 2015 cup, the Cuban and the Argentine were first and second."
    claim = "The Cuban finished first in the 2015 cup."
    honest = verify(claim, [evidence], judge=quoting(evidence))
    assert honest.passed
    assert [v.label for v in honest.claim_verdicts] == [Label.SUPPORTED]
    swapped = "In the 2015 cup the Cuban finished first, ahead of the Argentine."
    lie = verify("The Cuban finished last in the 2015 cup.", [swapped], judge=quoting(swapped))
    assert not lie.passed
    assert lie.claim_verdicts[0].rule == "opposites"


def test_a_claim_that_names_both_sides_is_no_contrast() -> None:
    # After "With", "Bronze" reads as a name, but the claim still says both of the pair.
    evidence = "Guests may bring their own drinks for the Bronze and Silver tables."
    assert contrast("With Bronze or Silver tables you can bring your own drinks.", evidence) is None
    assert contrast("On Bronze or Silver tables you may bring drinks.", evidence) is None
    assert contrast("Gold tables may bring their own drinks.", evidence) is not None
