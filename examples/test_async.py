"""An async app, tested with async tests: ``await assert_faithful.aio(...)``.

anyio's pytest plugin comes with pytest-faithful (the provider SDKs depend on anyio), so these
tests need nothing more; pytest-asyncio's ``@pytest.mark.asyncio`` works the same way. The
app's ``aask`` returns its retrieved chunks as documents (dicts with their source), which
``assert_faithful`` reads as it reads LangChain's or LlamaIndex's; the HTML report shows each
passage's source beside it.
"""

from __future__ import annotations

import asyncio

import pytest
from ragapp import HelpDesk

from pytest_faithful import AssertFaithful, AssertRelevant, FaithfulnessError

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


async def test_refund_window(
    assert_faithful: AssertFaithful, assert_relevant: AssertRelevant, rag: HelpDesk
) -> None:
    question = "How long do I have to return an item?"
    answer, documents = await rag.aask(question)
    await assert_faithful.aio(answer, documents, question=question)
    await assert_relevant.aio(answer, question)


QUESTIONS = [
    "How long do I have to return an item?",
    "When will I get my refund?",
    "Do you ship to Canada?",
    "What does the warranty cover?",
]


async def test_several_questions_at_once(assert_faithful: AssertFaithful, rag: HelpDesk) -> None:
    # Checks gathered on the test's loop run at once; with a model judge their calls overlap.
    async def check(question: str) -> float:
        answer, documents = await rag.aask(question)
        result = await assert_faithful.aio(answer, documents, question=question)
        return result.score

    scores = await asyncio.gather(*(check(q) for q in QUESTIONS))
    assert len(scores) == len(QUESTIONS)


@pytest.mark.xfail(
    strict=True,
    raises=FaithfulnessError,
    reason="planted hallucination: 'within 60 days', but the returns policy says 30 days",
)
async def test_wrong_return_window(
    assert_faithful: AssertFaithful, regressed_rag: HelpDesk
) -> None:
    answer, documents = await regressed_rag.aask("How long do I have to return an item?")
    await assert_faithful.aio(answer, documents)
