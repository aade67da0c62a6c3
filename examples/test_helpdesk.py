"""Faithfulness tests for the help desk's answers, written as a user of pytest-faithful would.

Each test asks the app a question and checks that the answer says only what the retrieved
help-centre paragraphs support. The judge, the threshold and the scoring policy come from
``pytest.ini``; markers and keyword arguments override them per class, test or call.
"""

from __future__ import annotations

import re

import pytest
from ragapp import GROUNDED, HelpDesk

from pytest_faithful import AssertFaithful, Label


def test_refund_window(assert_faithful: AssertFaithful, rag: HelpDesk) -> None:
    answer, contexts = rag.ask("How long do I have to return an item?")
    assert_faithful(answer, contexts)


@pytest.mark.faithfulness(threshold=1.0)
def test_refund_timing(assert_faithful: AssertFaithful, rag: HelpDesk) -> None:
    # Money and dates: every claim must be supported, not just 80% of them.
    question = "When will I get my refund?"
    answer, contexts = rag.ask(question)
    assert_faithful(answer, contexts, question=question)


@pytest.mark.faithfulness(threshold=1.0)
class TestShipping:
    """Shipping answers quote countries, prices and delivery times: no unsupported claim at all."""

    def test_ships_to_canada(self, assert_faithful: AssertFaithful, rag: HelpDesk) -> None:
        question = "Do you ship to Canada?"
        result = assert_faithful(*rag.ask(question), question=question)
        assert result.score == 1.0

    def test_does_not_ship_to_australia(
        self, assert_faithful: AssertFaithful, rag: HelpDesk
    ) -> None:
        # A correct "no" is as faithful as a correct "yes": the negation agrees with the article.
        question = "Do you ship to Australia?"
        answer, contexts = rag.ask(question)
        assert answer.startswith("No")
        assert_faithful(answer, contexts, question=question)

    def test_shipping_cost(self, assert_faithful: AssertFaithful, rag: HelpDesk) -> None:
        answer, contexts = rag.ask("How much does shipping cost?")
        assert_faithful(answer, contexts)


def test_result_can_be_inspected(assert_faithful: AssertFaithful, rag: HelpDesk) -> None:
    question = "What does the warranty cover?"
    answer, contexts = rag.ask(question)

    result = assert_faithful(answer, contexts, question=question)

    assert result.passed
    assert result.score == 1.0
    assert result.heuristic  # the lexical judge is a word-overlap heuristic, and says so
    assert result.judge_id.startswith("lexical")
    assert result.counts.supported == len(result.claim_verdicts) >= 3
    for verdict in result.claim_verdicts:
        claim = verdict.claim
        assert answer[claim.start : claim.end] == claim.sentence  # claims point into the answer
        assert verdict.label is Label.SUPPORTED
        assert verdict.passage_index is not None
        assert verdict.evidence_found
        assert verdict.evidence in contexts[verdict.passage_index]  # quoted verbatim
    # Each claim quotes the paragraph it rests on, e.g. the two about accidental damage:
    accidental = [v for v in result.claim_verdicts if "accidental damage" in v.claim.text]
    assert accidental
    assert all("accidental damage" in v.evidence for v in accidental)


def test_answer_drawing_on_two_articles(assert_faithful: AssertFaithful, rag: HelpDesk) -> None:
    question = "My blender is faulty. Can I return it or is it covered by the warranty?"
    chunks = rag.retrieve(question)
    answer, contexts = rag.ask(question)

    result = assert_faithful(answer, contexts, question=question)

    cited = {
        chunks[v.passage_index].doc_id for v in result.claim_verdicts if v.passage_index is not None
    }
    assert cited == {"returns", "warranty"}  # both articles back some of the claims


_FILLER = frozenset(
    {"a", "an", "are", "by", "can", "do", "does", "have", "how", "i", "is", "it", "much", "my"}
    | {"or", "the", "to", "what", "when", "will", "you"}
)


def _test_id(question: str) -> str:
    """A short test id: "How long do I have to return an item?" -> "long-return-item"."""
    words = [w for w in re.findall(r"[a-z0-9]+", question.lower()) if w not in _FILLER]
    return "-".join(words[:3])


@pytest.mark.parametrize("question", [pytest.param(q, id=_test_id(q)) for q in GROUNDED])
def test_golden_set(assert_faithful: AssertFaithful, rag: HelpDesk, question: str) -> None:
    """The golden question set: rerun after every prompt, model or retriever change."""
    answer, contexts = rag.ask(question)
    assert_faithful(answer, contexts, question=question)
