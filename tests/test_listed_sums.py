"""A total an answer gives beside the parts it adds up, both ways: the right total of parts a
passage states passes; a changed total, or a changed part, is caught."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evidence_judges import assert_both_ways, quoting_the_best_passage
from pytest_faithful import verify
from pytest_faithful.text.listed_sums import listed_total

SCORES = "Mara Okoye posted rounds of 71, 69, 72 and 68 at the Eastfield Open, tying for fifth."
ROUTINE = "The warm-up is 6 minutes of skipping, then 9 of stretching and 5 of jogging in place."
PRICES = "The starter is $9, the main course $24 and the dessert $8."


@pytest.mark.parametrize(
    ("passage", "honest", "lie"),
    [
        (
            SCORES,
            "Mara Okoye's total was 280 (71 + 69 + 72 + 68), good for a tie for fifth.",
            "Mara Okoye's total was 282 (71 + 69 + 72 + 68), good for a tie for fifth.",
        ),
        (
            ROUTINE,
            "The warm-up lasts 20 minutes: 6 minutes skipping, 9 stretching and 5 jogging.",
            "The warm-up lasts 25 minutes: 6 minutes skipping, 9 stretching and 5 jogging.",
        ),
        (
            ROUTINE,
            "The warm-up lasts 20 minutes: 6 minutes skipping, 9 stretching and 5 jogging.",
            "The warm-up lasts 20 minutes: 6 minutes skipping, 10 stretching and 4 jogging.",
        ),
        (
            PRICES,
            "All three courses come to $41: $9, $24 and $8.",
            "All three courses come to $43: $9, $24 and $8.",
        ),
    ],
)
def test_a_listed_total_both_ways(passage: str, honest: str, lie: str) -> None:
    assert_both_ways(honest, lie, [passage])
    result = verify(lie, [passage], judge=quoting_the_best_passage())
    assert "unstated-specifics" in {v.rule for v in result.claim_verdicts}


def test_what_adds_up_to_nothing() -> None:
    # Two parts only where the answer writes the sum; a run broken by a sentence; a year.
    assert not listed_total("15", "It costs 15 euros: 9 and 6 euros.", ["9 and 6 euros."])
    assert listed_total("15", "It costs 15 euros (9 + 6).", ["9 and 6 euros."])
    assert not listed_total("30", "It took 30 days. 10, 12 and 8 were dry.", ["10, 12 and 8"])
    assert not listed_total("4045", "4045 (2022, 2023)", ["2022 and 2023"])
    # Money is no sum of percents.
    assert not listed_total("$60", "It is $60: 20%, 25% and 15%.", ["20%, 25% and 15%"])


@given(st.lists(st.integers(min_value=2, max_value=400), min_size=3, max_size=6), st.booleans())
def test_a_total_is_read_only_when_it_adds_up(parts: list[int], right: bool) -> None:
    total = sum(parts) + (0 if right else 1)
    passage = "The stages took " + ", ".join(f"{p} minutes" for p in parts) + "."
    working = f"All stages took {total} minutes: " + ", ".join(f"{p} minutes" for p in parts) + "."
    assert listed_total(str(total), working, [passage]) is right


REPAIR = "Genuine display assembly: €189. Labour: €45. Return courier: €12."
MEALS = "Daily meal limits (tax and tip included): breakfast $20, lunch $30, dinner $55."


@pytest.mark.parametrize(
    ("passage", "honest", "lie"),
    [
        # a colon that introduces the parts, a few words after the total (stop 64)
        (REPAIR,
         "€246 in total: the genuine display assembly (€189), labour (€45) and the return "
         "courier (€12).",
         "€256 in total: the genuine display assembly (€189), labour (€45) and the return "
         "courier (€12)."),
        # or a dash
        ("Low Water, Harrow Bay: £180,000. Gulls over the Mole: £45,000. Net Sheds: £120,000.",
         "£345,000 — Low Water, Harrow Bay at £180,000, Gulls over the Mole at £45,000 and Net "
         "Sheds at £120,000.",
         "£355,000 — Low Water, Harrow Bay at £180,000, Gulls over the Mole at £45,000 and Net "
         "Sheds at £120,000."),
        # what each part is for, at length, up to the list's comma or "and" (stop 67)
        ("Oven cleaning: £85. Replacement of broken bathroom blind: £40. Loft clearance: £60.",
         "£185 in total: £85 for cleaning the oven, £40 for the broken bathroom blind and £60 "
         "for clearing the loft.",
         "£195 in total: £85 for cleaning the oven, £40 for the broken bathroom blind and £60 "
         "for clearing the loft."),
        # a total the answer opens with in words
        ("The platter includes 5 vegetarian, 2 vegan and 1 gluten-free portion.",
         "Eight: 5 vegetarian, 2 vegan and 1 gluten-free.",
         "Twelve: 5 vegetarian, 2 vegan and 1 gluten-free."),
        # the parts first, summed up with "so"
        (MEALS,
         "The limits are $20 for breakfast, $30 for lunch and $55 for dinner, so $105 a day.",
         "The limits are $20 for breakfast, $30 for lunch and $55 for dinner, so $115 a day."),
    ],
)  # fmt: skip
def test_a_total_introduced_or_summed_up_both_ways(passage: str, honest: str, lie: str) -> None:
    assert_both_ways(honest, lie, [passage])


def test_a_colon_too_far_from_the_total_introduces_nothing() -> None:
    far = "€246 was the figure quoted on the invoice that arrived by post last week, itemised: "
    assert not listed_total("246", far + "€189, €45 and €12.", [REPAIR])


def test_a_long_gap_lists_a_part_only_up_to_a_comma_or_and() -> None:
    # 20 + 2 + 10 is 32 by chance: "(2 hours a week" is no part of a list.
    passage = "SPN-110: 2 hours twice a week for 8 weeks. Travellers: 20 hours, 2 hours a week."
    claim = (
        "32 hours, compared with 20 hours for Spanish for Travellers (2 hours a week for 10 weeks)"
    )
    assert not listed_total("32", claim, [passage + " 10 weeks."])
    prices = "Unlimited plan £45. International Saver £5. Paper bill £2.50."
    gone = "£52.50 a month: the £45 plan plus the £5 Roaming Saver bolt-on, with the £2.50 fee gone"
    assert not listed_total("52.5", gone, [prices])
