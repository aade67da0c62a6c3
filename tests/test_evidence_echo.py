"""A quote that echoes its claim is held to the claim's words, not forgiven as a copying slip.

Alignment forgives small edits in a judge's quote, because judges copy passages with slips. A
judge that copies the *claim* as its quote gets it aligned to the passage sentence it resembles,
and the forgiven edits are then exactly where the claim departs from the source.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_faithful import Label, verify
from pytest_faithful.models import Claim
from pytest_faithful.testing import FunctionJudge
from pytest_faithful.text.evidence import echoed_changes

STRICT = "strict"
"""These tests hold a rule of the strict policy; the standard one leaves it out for
model judges (benchmarks/RESULTS.md, "Verdict rules, both ways")."""


def echoing(claims: Sequence[Claim], passages: Sequence[str]) -> list[dict[str, object]]:
    """A judge that calls every claim SUPPORTED and "quotes" the claim itself."""
    return [
        {"claim_index": i, "label": "SUPPORTED", "evidence": c.text, "passage_index": 0}
        for i, c in enumerate(claims)
    ]


@pytest.mark.parametrize(
    ("claim", "passage", "departed"),
    [
        ("Refunds are allowed after 30 days.", "Refunds are prohibited after 30 days.", "allowed"),
        ("Prices increased sharply in March.", "Prices decreased sharply in March.", "increased"),
        ("Berlin hosts the summit every June.", "Paris hosts the summit every June.", "Berlin"),
        (
            "Payment is due before the goods arrive.",
            "Payment is due after the goods arrive.",
            "before",
        ),
        ("All items can be returned for cash.", "Some items can be returned for cash.", "all"),
        ("Customers will get a refund in a week.", "Customers may get a refund in a week.", "will"),
        ("Revenue was $30 billion last year.", "Revenue was $30 million last year.", "billion"),
        # An added clause is a departure too.
        (
            "The museum is open on weekends and is free for children.",
            "The museum is open on weekends.",
            "free",
        ),
    ],
    ids=[
        "antonym",
        "direction",
        "name",
        "before-after",
        "quantifier",
        "modal",
        "scale",
        "added",
    ],
)
def test_an_echo_that_departs_from_its_passage_is_no_evidence(
    claim: str, passage: str, departed: str
) -> None:
    result = verify(claim, [passage], rules=STRICT, judge=FunctionJudge(echoing))
    (verdict,) = result.claim_verdicts
    assert verdict.judge_label is Label.SUPPORTED
    assert verdict.label is Label.NOT_ENOUGH_INFO
    assert "the judge's quote is the claim itself" in verdict.reason
    assert repr(departed) in verdict.reason
    # The report still shows the passage's own words next to the claim.
    assert verdict.evidence.rstrip(".") == passage.rstrip(".")
    assert not verdict.evidence_found


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # The claim is the passage's sentence: the echo is a quote.
        ("The museum is open on weekends.", "The museum is open on weekends."),
        # Case and punctuation only.
        ("the museum is open on weekends", "The Museum is open, on weekends."),
        # The claim leaves out what the passage adds.
        ("Pama works a 3 am shift.", "Pama, a father of three, works a 3 am shift."),
        # Differences of form only.
        ("The warranty lasts three years.", "The warranty lasts 3 yrs."),
        ("Sales rose 5 percent.", "Sales rose 5%."),
        ("The visitor center opens at 9am.", "The visitor centre opens at 9 a.m."),
        (
            "Customers can reach the support team by e-mail at any time.",
            "Customers can reach the support team by email at any time.",
        ),
        ("Søren Kierkegaard wrote it.", "Soren Kierkegaard wrote it."),
    ],
    ids=["same", "case", "shorter", "number-word", "percent", "spelling", "hyphen", "diacritic"],
)
def test_an_echo_the_passage_says_still_supports(claim: str, passage: str) -> None:
    result = verify(claim, [passage], rules=STRICT, judge=FunctionJudge(echoing))
    assert [v.label for v in result.claim_verdicts] == [Label.SUPPORTED]


def test_a_quote_nearer_its_passage_than_its_claim_is_a_quote() -> None:
    """A judge's quote with a slip of its own ("the" for "a") is forgiven as before."""
    passage = "Leon Yeaman, 55, was killed by a single punch to the head."
    quote = "Leon Yeaman, 55, was killed by the single punch to the head."
    claim = "Yeaman was killed by a punch."
    assert echoed_changes(claim, quote, passage) is None


_WORDS = st.lists(
    st.sampled_from(["all", "some", "refunds", "are", "allowed", "banned", "Paris", "30", "days"]),
    max_size=12,
).map(" ".join)


@given(_WORDS, _WORDS)
def test_an_echo_of_the_passage_itself_never_departs(claim: str, passage: str) -> None:
    assert not echoed_changes(passage, passage, passage)
    changes = echoed_changes(claim, claim, passage)
    if changes:
        assert {c.casefold() for c in changes} <= set(claim.casefold().split())
