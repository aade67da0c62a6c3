"""An opposite swapped inside a claim that opens with a framing of its own.

"Using wearable trackers and nightly surveys, the researchers show an indirect link between
sleep quality and memory." swaps "direct" for "indirect" in the clause it shares with "Our
results indicate a direct link between sleep quality and memory."; its framing holds more words
than that clause, so the share of the whole claim the clause holds is under half. The claim's
own clause that says the word is read too, when it shares two words or more with the evidence's.
Both ways: the framed restatement passes, the framed swap is caught. And the span located for
such a claim stands in for a quote of the opposite only when it is as much about the claim's
clause that says the word.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_faithful import verify
from pytest_faithful.testing import FunctionJudge
from pytest_faithful.text.contrasts import contrast


def quoting(quote: str) -> FunctionJudge:
    return FunctionJudge(
        lambda claims, passages: [
            {"claim_index": i, "label": "SUPPORTED", "reason": "stated", "evidence": quote}
            for i in range(len(claims))
        ]
    )


@pytest.mark.parametrize(
    ("passage", "faithful", "swapped", "said", "shown"),
    [
        ("The researchers used wearable trackers and nightly surveys. Our results indicate a "
         "direct link between sleep quality and memory in older adults.",
         "Using wearable trackers and nightly surveys, the researchers show a direct link "
         "between sleep quality and memory.",
         "Using wearable trackers and nightly surveys, the researchers show an indirect link "
         "between sleep quality and memory.", "indirect", "direct"),
        ("Economists have long studied social dilemmas. Individuals face a temptation to "
         "increase their payoffs at a cost to the group.",
         "In such social dilemmas, which economists have long studied, individuals face a "
         "temptation to increase their payoffs.",
         "In such social dilemmas, which economists have long studied, individuals face a "
         "temptation to decrease their payoffs.", "decrease", "increase"),
        ("Subsidies were generous and battery prices were falling. Demand for electric cars "
         "increased sharply last year.",
         "Helped by generous subsidies and falling battery prices, demand for electric cars "
         "increased sharply.",
         "Helped by generous subsidies and falling battery prices, demand for electric cars "
         "decreased sharply.", "decreased", "increased"),
    ],
)  # fmt: skip
def test_a_framed_claim_is_read_in_its_own_clause(
    passage: str, faithful: str, swapped: str, said: str, shown: str
) -> None:
    assert contrast(faithful, passage) is None
    found = contrast(swapped, passage)
    assert found is not None
    assert (found.said, found.shown) == (said, shown)
    assert verify(faithful, [passage], judge=quoting(passage)).passed
    assert not verify(swapped, [passage], judge=quoting(passage)).passed


@pytest.mark.parametrize(
    ("evidence", "claim"),
    [
        # The evidence says both sides, each of another thing.
        ("Costs rose sharply last year, but profits fell only slightly.",
         "Even though the company's costs rose sharply during the year, profits fell only "
         "slightly."),
        ("Prices fell in the south while rising in the north.",
         "In the south, where demand has been weak for years, prices fell."),
        # One word shared with the clause of the opposite is not enough.
        ("The east gate closed at noon.",
         "Having waited for hours in the rain outside, the crowd finally opened its umbrellas."),
    ],
)  # fmt: skip
def test_a_framed_claim_meets_no_opposite_said_of_another_thing(evidence: str, claim: str) -> None:
    assert contrast(claim, evidence) is None


_FRAME = st.lists(
    st.sampled_from(["using", "wearable", "trackers", "nightly", "surveys", "lab", "report",
                     "city", "council", "residents", "valley", "monday", "according"]),
    min_size=1,
    max_size=8,
).map(" ".join)  # fmt: skip


@given(_FRAME)
def test_a_framing_never_makes_a_restatement_a_contrast(frame: str) -> None:
    evidence = "Demand for electric cars increased sharply last year."
    claim = f"{frame.capitalize()}, demand for electric cars increased sharply last year."
    assert contrast(claim, evidence) is None


@given(_FRAME)
def test_a_framing_never_hides_a_swap_in_its_clause(frame: str) -> None:
    evidence = "Demand for electric cars increased sharply last year."
    claim = f"{frame.capitalize()}, demand for electric cars decreased sharply last year."
    assert contrast(claim, evidence) is not None


@pytest.mark.parametrize(
    ("passage", "lie"),
    [
        ("Social dilemmas are situations where individuals face a temptation to increase their "
         "payoffs. Building agents that achieve good outcomes in these situations is important.",
         "How can we build agents that achieve bad outcomes in social dilemmas (situations "
         "where individuals face a temptation to increase their payoffs)?"),
        ("The plant in Ohio employs 400 workers and makes brake parts for trucks. Output at the "
         "plant increased last year.",
         "Output decreased last year at the Ohio plant, which employs 400 workers and makes "
         "brake parts for trucks."),
    ],
)  # fmt: skip
def test_a_span_about_the_claims_other_words_does_not_stand_in_for_an_opposite(
    passage: str, lie: str
) -> None:
    result = verify(lie, [passage], judge=quoting(passage))
    (verdict,) = result.claim_verdicts
    assert (result.passed, verdict.rule) == (False, "opposites")


@pytest.mark.parametrize(
    ("passage", "quote", "claim"),
    [
        ("Sales rose in March. Costs fell in March.", "Costs fell in March.",
         "Sales rose in March."),
        ("Exports of wheat increased last year. Exports of rice decreased last year.",
         "Exports of rice decreased last year.", "Exports of wheat increased last year."),
    ],
)  # fmt: skip
def test_a_span_that_says_the_claims_word_stands_in_for_a_quote_of_its_opposite(
    passage: str, quote: str, claim: str
) -> None:
    result = verify(claim, [passage], judge=quoting(quote))
    assert result.passed
    (verdict,) = result.claim_verdicts
    assert verdict.evidence != quote
