"""A tiny help-centre RAG app for Larkfield, a fictional online home-goods shop.

No third-party dependencies and no network: BM25 retrieval over the articles in ``docs/`` and a
canned model that replays recorded answers (``answers.py``), so the example tests are
deterministic.
"""

from __future__ import annotations

from ragapp.answers import GROUNDED, REGRESSED
from ragapp.app import CannedModel, HelpDesk, Model, UnknownQuestionError
from ragapp.documents import Chunk, Document, load_documents
from ragapp.retriever import BM25Retriever


def build_helpdesk(model: str = "grounded") -> HelpDesk:
    """The app with the production model (``"grounded"``) or the regressed one (``"regressed"``)."""
    answers = {"grounded": GROUNDED, "regressed": REGRESSED}
    if model not in answers:
        raise ValueError(f"model must be one of {', '.join(answers)}, got {model!r}")
    return HelpDesk(CannedModel(answers[model]))


__all__ = [
    "GROUNDED",
    "REGRESSED",
    "BM25Retriever",
    "CannedModel",
    "Chunk",
    "Document",
    "HelpDesk",
    "Model",
    "UnknownQuestionError",
    "build_helpdesk",
    "load_documents",
]
