"""Totals, means, groups' totals and bounds met, both ways.

"The three fees add up to $25" from "$12", "$8" and "$5"; "21 people" from "12 women and 9
men"; "133 kg on average" from 120, 80 and 200 kg; "a 20 kg checked bag is within the limit"
from "no more than 23 kg". A changed number is caught, and so is a value past the bound.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_judges import assert_both_ways
from pytest_faithful.text.arithmetic import derived

FEES = (
    "The setup fee is $12. The monthly service fee is $8, and a one-time activation fee of $5 "
    "applies."
)
PALLETS = "Pallet A weighs 120 kg, pallet B weighs 80 kg and pallet C weighs 200 kg."
CREW = "The crew has 5 women, 4 men and 3 children."
BAGS = (
    "Each passenger may bring one checked bag of no more than 23 kg. Cabin bags must weigh "
    "under 7 kg."
)

# (the passage, the faithful answer, the same answer with its worked-out number changed)
FAMILY = {
    "total of a run": (FEES, "The setup, service and activation fees come to $25 in total.", "26"),
    "count of a total": (FEES, "The three fees add up to $25.", "27"),
    "total of a sentence": (PALLETS, "The three pallets weigh 400 kg together.", "410"),
    "mean": (PALLETS, "The pallets weigh 133 kg on average.", "134"),
    "people": (CREW, "The crew has 12 people.", "13"),
    "adults": (CREW, "The crew has 9 adults.", "8"),
    "children": (
        "The workshop has 18 boys and 12 girls enrolled.",
        "30 children are enrolled in the workshop.",
        "31",
    ),
    "below a bound": (BAGS, "A 20 kg checked bag is within the limit.", "24"),
    "below the closest bound": (BAGS, "A 5 kg cabin bag is under the limit.", "8"),
}


@pytest.mark.parametrize("rules", ["standard", "strict"])
@pytest.mark.parametrize("form", FAMILY)
def test_a_total_passes_and_a_changed_one_is_caught(form: str, rules: str) -> None:
    passage, faithful, changed = FAMILY[form]
    number = next(t for t in faithful.replace("$", " ").split() if t[:1].isdigit())
    assert_both_ways(faithful, faithful.replace(number, changed, 1), [passage], rules)


def test_a_bound_is_met_by_the_claim_not_set_by_it() -> None:
    # "Bags up to 20 kg are allowed" sets a bound of its own: the passage's is 23.
    assert not derived("20", "Bags up to 20 kg are allowed.", (BAGS,))
    # The cabin bags' bound is the closest to a cabin bag, not the checked bag's.
    assert not derived("20", "A 20 kg cabin bag is within the limit.", (BAGS,))
    # Figures said apart are no total: each a sentence of another passage.
    assert not derived(
        "400", "The three pallets weigh 400 kg together.", tuple(PALLETS.split(", "))
    )
    # A total of another kind's numbers is none of this kind's.
    assert not derived("16", "The three pallets weigh 16 kg together.", (FEES,))


@settings(max_examples=25)
@given(
    st.lists(st.integers(min_value=1, max_value=999), min_size=3, max_size=6, unique=True),
    st.integers(1, 50),
)
def test_the_total_of_every_figure_is_stated_and_a_near_miss_is_not(
    figures: list[int], off: int
) -> None:
    passage = (", ".join(f"invoice {'ABCDEF'[i]} was ${f}" for i, f in enumerate(figures)) + ".",)
    claim = "The invoices total ${} together."
    total = sum(figures)
    assert derived(str(total), claim.format(total), passage)
    miss = total + off
    pairs = {a + b for a in figures for b in figures} | {
        abs(a - b) for a in figures for b in figures
    }
    if miss not in pairs:
        assert not derived(str(miss), claim.format(miss), passage)
