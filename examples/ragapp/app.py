"""The help-desk RAG app: retrieve paragraphs, hand them to a model, return answer + contexts."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Mapping, Sequence
from typing import Protocol

from ragapp.documents import Chunk, load_documents
from ragapp.retriever import BM25Retriever


class Model(Protocol):
    """What the app needs from an LLM: an answer to a question, given retrieved contexts."""

    def generate(self, question: str, contexts: Sequence[str]) -> str: ...


def normalize_question(question: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", question.lower()))


class UnknownQuestionError(LookupError):
    """The canned model has no answer for this question."""


class CannedModel:
    """A stand-in for an LLM: replays recorded answers to known questions, deterministically."""

    def __init__(self, answers: Mapping[str, str]) -> None:
        self._answers = {normalize_question(q): a for q, a in answers.items()}
        self.questions = tuple(answers)

    def generate(self, question: str, contexts: Sequence[str]) -> str:
        try:
            return self._answers[normalize_question(question)]
        except KeyError:
            known = "\n  ".join(self.questions)
            raise UnknownQuestionError(
                f"no canned answer for {question!r}; known questions:\n  {known}"
            ) from None


class SampledModel:
    """A stand-in for an LLM answering with temperature: one of several recorded samples per
    question, drawn with a seeded random generator (the same seed, the same samples)."""

    def __init__(self, samples: Mapping[str, Sequence[str]], seed: str | int) -> None:
        self._samples = {normalize_question(q): tuple(s) for q, s in samples.items()}
        self._random = random.Random(seed)
        self.questions = tuple(samples)

    def generate(self, question: str, contexts: Sequence[str]) -> str:
        try:
            samples = self._samples[normalize_question(question)]
        except KeyError:
            known = "\n  ".join(self.questions)
            raise UnknownQuestionError(
                f"no samples for {question!r}; known questions:\n  {known}"
            ) from None
        return self._random.choice(samples)


class HelpDesk:
    """Answers customer questions from the help-centre articles."""

    def __init__(self, model: Model, *, top_k: int = 4) -> None:
        self.model = model
        self.top_k = top_k
        self.retriever = BM25Retriever(
            [chunk for doc in load_documents() for chunk in doc.chunks()]
        )

    def retrieve(self, question: str) -> list[Chunk]:
        return self.retriever.search(question, k=self.top_k)

    def ask(self, question: str) -> tuple[str, list[str]]:
        """The model's answer and the contexts it was given (the texts of the retrieved chunks)."""
        contexts = [chunk.text for chunk in self.retrieve(question)]
        return self.model.generate(question, contexts), contexts

    async def aask(self, question: str) -> tuple[str, list[dict[str, object]]]:
        """The async entry point most RAG apps have: the answer and the retrieved chunks as
        documents (``{"text": ..., "metadata": {"source": ...}}``), as a framework returns
        them rather than as plain strings."""
        await asyncio.sleep(0)  # where a real app awaits its vector store and its model
        chunks = self.retrieve(question)
        answer = self.model.generate(question, [chunk.text for chunk in chunks])
        documents: list[dict[str, object]] = [
            {"text": c.text, "metadata": {"source": f"{c.doc_id}.md#{c.index}"}} for c in chunks
        ]
        return answer, documents
