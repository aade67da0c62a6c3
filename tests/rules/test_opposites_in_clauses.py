"""Opposite words the opposites rule read against a faithful answer, each both ways where a
lie can take the same form. Written from blind probes' classes (stop 59's first wave), in texts
of their own: a thing placed against a threshold, a clause that goes on with its subject left
out, the clause that names the claim's name, and a bound hyphened to its number."""

from __future__ import annotations

import pytest

from evidence_judges import passes
from pytest_faithful.text.bounds import bound_senses
from pytest_faithful.text.contrast_clauses import clauses_of
from pytest_faithful.text.contrasts import contrast
from pytest_faithful.text.senses import plain_senses

POSTAGE = ("Postage is £4.50, or free on orders over £75.",)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("The order comes to £62, which is under the £75 free-postage threshold, so postage "
         "is £4.50.", True),
        ("That's below the £75 limit, so there is £4.50 postage.", True),
        # The condition itself turned over is still the opposite of the passage's.
        ("Orders under £75 get free postage.", False),
    ],
)  # fmt: skip
def test_a_thing_placed_against_a_threshold(answer: str, faithful: bool) -> None:
    """ "is under the £75 threshold" places the order, not the threshold's condition: the
    passage's "free on orders over £75" says nothing against it."""
    assert passes(answer, POSTAGE, "My order comes to £62. What is the postage?") is faithful


def test_only_a_thing_said_to_be_under_a_threshold_is_read_so() -> None:
    assert "against" in plain_senses("the order is under the £75 free-postage threshold")
    assert "against" not in plain_senses("orders under the £75 threshold ship free")
    assert "against" not in plain_senses("the order is under £75")


DEER = ("Stags gather on the rutting ground and make low roars at dawn.",)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("Stags gather on the rutting ground and make low roars at dawn.", True),
        ("Stags gather on the rutting ground and make high roars at dawn.", False),
    ],
)
def test_a_clause_that_goes_on_shares_the_subject_before_it(answer: str, faithful: bool) -> None:
    assert passes(answer, DEER) is faithful


def test_the_subject_left_out_is_read_into_the_clause_that_goes_on() -> None:
    sentence = "Males gather in a lek and produce booming calls to attract females."
    (_, _, first), (_, _, second) = clauses_of(sentence)
    assert "males" in first
    assert {"males", "females"} <= second
    claim = "Males gather in a lek and make booming calls."
    assert contrast(claim, sentence) is None
    # A clause with a subject of its own keeps to it: the rise of January is no rise of March.
    assert contrast("Prices rose in March.", "Prices rose in January and fell in March.")


CLASSES = (
    "The under-40 kg class was won by Mira Holt, and the over-40 kg class by Jonas Feld, "
    "who lifted 180 kg.",
)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("Jonas Feld won the over 40 kg class, lifting 180 kg.", True),
        ("Mira Holt won the under 40 kg class.", True),
    ],
)
def test_the_clause_that_names_the_claims_name_is_the_one_about_it(
    answer: str, faithful: bool
) -> None:
    assert passes(answer, CLASSES) is faithful


def test_a_bound_hyphened_to_its_number() -> None:
    assert bound_senses("the over-40 kg class") == {"40": frozenset({"lower"})}
    assert bound_senses("under-18 players") == {"18": frozenset({"upper"})}
    # A group named so is no bound: "the under-12s can't" negates what the group does.
    assert bound_senses("the under-12s can't take a single kayak") == {}


@pytest.mark.parametrize(
    ("claim", "evidence", "opposed"),
    [
        # "runners" are no runner-up: the pair's word is read whole.
        ("The Harriers won the relay.", "The Harriers won the relay with their four runners.",
         False),
        ("The Harriers won the relay.", "The Harriers were runners-up in the relay.", True),
        ("Kim won the cup.", "Kim was runner-up in the cup.", True),
        # A price's "each" is no quantifier against a claim's "only".
        ("The lower rate only applies to 100 or more.",
         "They are £0.45 each, or £0.38 each for 100 or more.", False),
        ("Only members may use the gym.", "Each member may use the gym.", True),
        # A rate's "each" and a thing's "only" are neither (stop 64): "£15 for each day", "5%
        # off each child's fee", "each request costs £3", "each year"; "room-only", "only child".
        ("The tenancy only provides a reduction after 3 days without heating.",
         "The landlord will reduce your rent by £15 for each day beyond the third.", False),
        ("The sibling discount only applies to individual lessons.",
         "Families receive 5% off each child's individual lesson fee.", False),
        ("Only the fourth request would be charged.", "After that each request costs £3.", False),
        ("Only the 5-year fix goes up to 90%.", "You can overpay up to 10% each year.", False),
        ("Adults pay AED 120 each for the buffet.",
         "Guests on room-only rates can add the buffet at AED 120 per adult.", False),
        ("The welcome discount applies to each order.",
         "The welcome discount applies only to the first order.", True),
    ],
)  # fmt: skip
def test_words_of_a_pair_read_whole(claim: str, evidence: str, opposed: bool) -> None:
    assert (contrast(claim, evidence) is not None) is opposed


@pytest.mark.parametrize(
    ("claim", "evidence", "opposed"),
    [
        # "the most" is a superlative: no quantifier against "all", still against "fewest".
        ("Rock was the most common throw (38% of rounds).",
         "Rock made up 38 percent of all rounds.", False),
        ("The cup goes to the crew with the most penalty points.",
         "The cup goes to the crew with the fewest penalty points.", True),
        ("The Duo plan is the most expensive of the three.",
         "The Solo plan is the cheapest at $10, then the Duo plan at $13 and the Trio at $17.",
         True),
        ("Most members voted for the plan.", "All members voted for the plan.", True),
    ],
)  # fmt: skip
def test_the_most_is_a_superlative(claim: str, evidence: str, opposed: bool) -> None:
    found = contrast(claim, evidence)
    assert (found is not None) is opposed
    if found is not None:
        assert found.said.casefold() != "utmost"  # reported in the claim's own words


def test_a_bound_beside_a_reported_request_is_not_turned_over() -> None:
    senses = bound_senses("Priya needs to be back by 6pm and asked everyone not to be late.")
    assert senses == {"18:00": frozenset({"upper"})}
