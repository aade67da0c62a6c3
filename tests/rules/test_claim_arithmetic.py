"""``claim-arithmetic``, both ways: a difference or a multiple a claim writes out with all its
figures passes where they make it, and is caught where they do not, whatever the passages
state (text/claimed_arithmetic.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_judges import quoting
from pytest_faithful import verify
from pytest_faithful.text.claimed_arithmetic import wrong_arithmetic

FEES = (
    "Home students pay 9,250 GBP a year. International students on laboratory-based courses pay "
    "26,500 GBP a year, and on classroom-based courses 22,000 GBP."
)
DOSES = "Children aged 2 to 5: take 2.5 ml three times a day. Children aged 6 to 11: take 5 ml."


@pytest.mark.parametrize(
    ("passage", "honest", "lie"),
    [
        (
            FEES,
            "A laboratory course costs 26,500 GBP a year, which is 17,250 GBP more than the "
            "9,250 GBP a home student pays.",
            # 22,000 less 9,250 is 12,750: stated by another pair of the passage's figures.
            "A laboratory course costs 26,500 GBP a year, which is 12,750 GBP more than the "
            "9,250 GBP a home student pays.",
        ),
        (
            FEES,
            "Home students pay 9,250 GBP, 17,250 GBP less than the 26,500 GBP for a laboratory "
            "course.",
            "Home students pay 9,250 GBP, 17,250 GBP more than the 26,500 GBP for a laboratory "
            "course.",
        ),
        (
            DOSES,
            "Children aged 6 to 11 take 5 ml, double the 2.5 ml dose for children aged 2 to 5.",
            "Children aged 6 to 11 take 5 ml, triple the 2.5 ml dose for children aged 2 to 5.",
        ),
    ],
)
def test_the_claims_own_working_both_ways(passage: str, honest: str, lie: str) -> None:
    judge = quoting(passage)
    assert verify(honest, [passage], judge=judge).passed
    result = verify(lie, [passage], judge=judge)
    assert [v.rule for v in result.claim_verdicts] == ["claim-arithmetic"]
    assert "own working does not hold" in (result.claim_verdicts[0].reason or "")
    assert verify(lie, [passage], judge=judge, skip_rules="claim-arithmetic").passed


@pytest.mark.parametrize(
    "claim",
    [
        # A hedge says the figure is not worked to the unit.
        "It costs 26,500 GBP, about 17,000 GBP more than the 9,250 GBP.",
        "The dose is 5 ml, roughly twice the 2.4 ml dose.",
        # Figures of two kinds are no one working.
        "The course runs 30 weeks, 12 more than the 9,250 GBP fee suggests.",
        # A figure with no figure beside it to hold it to.
        "Flat A costs £350 a month more than Flat B.",
        # What a rate is per is no amount compared.
        "Bran Flakes have 9.0 g of fibre per 100 g, three times the 3.0 g in Corn Puffs.",
    ],
)
def test_what_is_no_working_to_hold_to(claim: str) -> None:
    assert wrong_arithmetic(claim) is None


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 50_000), st.integers(1, 50_000), st.integers(1, 999))
def test_any_difference_both_ways(a: int, b: int, off: int) -> None:
    bigger, smaller = max(a, b), min(a, b)
    gap = bigger - smaller
    said = f"Plan X costs ${bigger:,}, which is ${gap:,} more than the ${smaller:,} for Plan Y."
    assert wrong_arithmetic(said) is None
    wrong = said.replace(f"${gap:,} more", f"${gap + off:,} more")
    assert wrong_arithmetic(wrong) is not None
    told_less = f"Plan Y costs ${smaller:,}, ${gap:,} less than the ${bigger:,} for Plan X."
    assert wrong_arithmetic(told_less) is None
