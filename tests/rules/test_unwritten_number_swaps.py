"""``changed-numbers`` reads a claim's number that no passage writes where it replaces the
evidence's number word for word, both ways (stop 63, from blind probes' uncaught lies):
"including 4 reports" quoting "including 3 reports" is caught even where a passage lists four
things that ``unstated-specifics`` lets the 4 count; a rounding ("about 50,000" for "about
48,000"), a bound the evidence meets ("more than 40,000") and a unit said another way ("up to
a day" for "up to 24 hours") are not."""

from __future__ import annotations

import pytest

from evidence_judges import quoting
from pytest_faithful import verify
from pytest_faithful.text.number_swaps import NumberSwap, swapped_label, swapped_number

RECALL = (
    "Brisa is recalling about 48,000 heaters. It has received 14 reports of cords overheating, "
    "including 3 reports of minor property damage. Stop using the heater, unplug it, contact "
    "Brisa and claim a refund or a replacement."
)
DOUGH = "Make ahead: after step 1 the dough can rest in the fridge for up to 24 hours."


@pytest.mark.parametrize(
    ("claim", "passage", "caught"),
    [
        (
            "It has received 14 reports of overheating, including 4 reports of minor property "
            "damage.",
            RECALL,
            True,
        ),
        (
            "It has received 14 reports of overheating, including 3 reports of minor property "
            "damage.",
            RECALL,
            False,
        ),
        (
            "It has received 14 reports of overheating, including three reports of minor "
            "property damage.",
            RECALL,
            False,
        ),
        ("After step 1 the dough can rest in the fridge for up to 48 hours.", DOUGH, True),
        ("After step 1 the dough can rest in the fridge for up to 24 hours.", DOUGH, False),
        ("After step 1 the dough can rest in the fridge for up to a day.", DOUGH, False),
        ("After step 1 the dough can rest in the fridge for up to 1 day.", DOUGH, False),
        # Roundings and bounds the evidence's figure meets.
        ("Brisa is recalling about 50,000 heaters.", RECALL, False),
        ("Brisa is recalling nearly 50,000 heaters.", RECALL, False),
        ("Brisa is recalling more than 40,000 heaters.", RECALL, False),
    ],
)
def test_an_unwritten_number_in_the_evidences_place(claim: str, passage: str, caught: bool) -> None:
    # unstated-specifics held aside: a passage's list may let it count the number, and this
    # rule must catch the swap alone.
    judge = quoting(passage)
    result = verify(claim, [passage], judge=judge, skip_rules="unstated-specifics")
    assert ("changed-numbers" in [v.rule for v in result.claim_verdicts]) is caught
    assert result.passed is not caught
    if caught:
        assert verify(claim, [passage], judge=judge, rules="evidence").passed


def test_the_8_of_8_pm_is_no_figure_of_its_own() -> None:
    """Its term is the time 20:00: it stands in the place of no other number."""
    claim = "The campus was locked down just before 8 pm Thursday."
    evidence = "The campus was locked down just before 8pm Thursday."
    assert swapped_number(claim, claim, evidence, [evidence]) is None


def test_a_written_numbers_swap_is_read_before_an_unwritten_one() -> None:
    """The 60 is 100 less the 40, worked in the claim; the 40 is a passage's, in the place of
    the evidence's 50 (stop 63's third blind wave)."""
    evidence = "You can pay in advance instead: 50% on arrival and 50% by 6 January."
    passages = [evidence, "The first instalment is 40% of the rent."]
    claim = "You can pay in advance instead: 60% on arrival and the other 40% by 6 January."
    assert swapped_number(claim, claim, evidence, passages) == NumberSwap("40", "50")
    assert not verify(claim, passages, judge=quoting(evidence)).passed


CHARGES = "Band A homes get a reduction of one-ninth of the Band D charge. Band B pays £1,648."


@pytest.mark.parametrize(
    ("claim", "caught"),
    [
        ("Band A homes get a reduction of one-ninth of the Band B charge.", True),
        ("Band A homes get a reduction of one-ninth of the Band D charge.", False),
        ("Band A homes get a reduction of one-ninth of the Band IV charge.", True),
    ],
)
def test_a_labels_value_swapped_both_ways(claim: str, caught: bool) -> None:
    # unstated-specifics held aside: its sibling reading sees "Band D" in a whole-passage quote.
    judge = quoting(CHARGES)
    result = verify(claim, [CHARGES], judge=judge, skip_rules="unstated-specifics")
    assert result.passed is not caught
    assert (swapped_label(claim, CHARGES) is not None) is caught
    if caught:
        assert [v.rule for v in result.claim_verdicts] == ["changed-numbers"]
