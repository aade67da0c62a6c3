"""Retrieval, relevancy and golden-answer tests for the help desk, with planted failures.

The first tests pass on the production app: retrieval brings the passage with the answer and
ranks it high (context precision), the passages hold every fact of the golden answer (context
recall), the answer addresses the question (answer relevancy) and states the golden answer's
numbers (reference checks). Each planted failure below breaks one of them the way a real
regression would, and is marked ``xfail(strict=True, raises=MetricError)``: if a check stops
catching it, the test XPASSes and ``strict`` fails the run. Each planted test has a passing
twin above it: the same check on the fixed input.
"""

from __future__ import annotations

import pytest
from ragapp import HelpDesk

from pytest_faithful import AssertReference, AssertRelevant, AssertRetrieval, MetricError

RETURNS = "How long do I have to return an item?"
RETURNS_GOLDEN = "You can return most items within 30 days of delivery for a full refund."
REFUND = "When will I get my refund?"
REFUND_GOLDEN = "We issue the refund within 5 business days of receiving your return."
COST = "How much does shipping cost?"
COST_GOLDEN = (
    "Standard shipping costs $4.95 within the United States and is free on orders over $50."
)


def contexts_of(rag: HelpDesk, question: str) -> list[str]:
    return [chunk.text for chunk in rag.retrieve(question)]


# --- the production app passes ---------------------------------------------------------------


def test_refund_passages_are_retrieved(assert_retrieval: AssertRetrieval, rag: HelpDesk) -> None:
    # Recall only: BM25 ranks a shipping paragraph first for this question (it shares
    # "within"), which context precision would report; the facts are all there.
    result = assert_retrieval(
        contexts_of(rag, REFUND), REFUND, reference=REFUND_GOLDEN, precision=False
    )
    assert result.recall is not None
    assert result.recall.score == 1.0


@pytest.mark.retrieval(precision=0.9)
def test_shipping_cost_passage_ranks_first(
    assert_retrieval: AssertRetrieval, rag: HelpDesk
) -> None:
    result = assert_retrieval(contexts_of(rag, COST), COST, reference=COST_GOLDEN)
    assert result.precision is not None
    assert result.precision.items[0].ok  # the passage with the prices is ranked first


def test_answers_address_their_questions(assert_relevant: AssertRelevant, rag: HelpDesk) -> None:
    for question in (RETURNS, REFUND, COST, "Do you ship to Canada?"):
        answer, _ = rag.ask(question)
        assert_relevant(answer, question)


def test_answer_keeps_the_golden_numbers(assert_reference: AssertReference, rag: HelpDesk) -> None:
    answer, _ = rag.ask(RETURNS)
    result = assert_reference(answer, RETURNS_GOLDEN)
    assert [item.text for item in result.items if item.kind == "number"] == ["30 days"]


# --- planted failures, each caught -----------------------------------------------------------


@pytest.mark.xfail(
    strict=True,
    raises=MetricError,
    reason="planted: the retriever misses the passage that says '5 business days'",
)
def test_retriever_misses_the_answer(assert_retrieval: AssertRetrieval, rag: HelpDesk) -> None:
    missed = [c for c in contexts_of(rag, REFUND) if "5 business days of receiving" not in c]
    assert_retrieval(missed, REFUND, reference=REFUND_GOLDEN, precision=False)


@pytest.mark.xfail(
    strict=True,
    raises=MetricError,
    reason="planted: the retriever ranks the passage with the prices last",
)
@pytest.mark.retrieval(precision=0.9)
def test_retriever_ranks_the_answer_last(assert_retrieval: AssertRetrieval, rag: HelpDesk) -> None:
    assert_retrieval(contexts_of(rag, COST)[::-1], COST, reference=COST_GOLDEN)


@pytest.mark.xfail(
    strict=True,
    raises=MetricError,
    reason="planted: the model answers a privacy question when asked about returns",
)
def test_off_topic_answer(assert_relevant: AssertRelevant, rag: HelpDesk) -> None:
    off_topic, _ = rag.ask("Do you sell my personal data?")
    assert_relevant(off_topic, RETURNS)


@pytest.mark.xfail(
    strict=True,
    raises=MetricError,
    reason="planted: the golden answer now says 45 days; the app still says 30",
)
def test_golden_answer_number_changed(assert_reference: AssertReference, rag: HelpDesk) -> None:
    answer, _ = rag.ask(RETURNS)
    assert_reference(answer, RETURNS_GOLDEN.replace("30 days", "45 days"), keywords=False)


def test_noncommittal_answer_scores_zero(assert_relevant: AssertRelevant) -> None:
    with pytest.raises(MetricError) as caught:
        assert_relevant("I'm not sure, sorry.", RETURNS)
    assert caught.value.result.noncommittal
    assert caught.value.result.score == 0.0
