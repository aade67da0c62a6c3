"""A tiny help-centre RAG app for Larkfield, a fictional online home-goods shop.

No third-party dependencies and no network: BM25 retrieval over the articles in ``docs/`` and a
canned model that replays recorded answers (``answers.py``), so the example tests are
deterministic.
"""

from __future__ import annotations

from ragapp.answers import GROUNDED, REGRESSED, SAMPLED, SAMPLED_REGRESSED
from ragapp.app import CannedModel, HelpDesk, Model, SampledModel, UnknownQuestionError
from ragapp.documents import Chunk, Document, load_documents
from ragapp.retriever import BM25Retriever


def build_helpdesk(model: str = "grounded", *, seed: str | int | None = None) -> HelpDesk:
    """The app with the production model (``"grounded"``) or the regressed one (``"regressed"``);
    ``"sampled"`` and ``"sampled-regressed"`` answer with temperature, drawing their samples
    with ``seed``."""
    answers = {"grounded": GROUNDED, "regressed": REGRESSED}
    samples = {"sampled": SAMPLED, "sampled-regressed": SAMPLED_REGRESSED}
    if model in samples:
        if seed is None:
            raise ValueError(f"the {model!r} model draws its samples with a seed; give seed=")
        return HelpDesk(SampledModel(samples[model], seed))
    if model not in answers:
        known = ", ".join([*answers, *samples])
        raise ValueError(f"model must be one of {known}, got {model!r}")
    return HelpDesk(CannedModel(answers[model]))


__all__ = [
    "GROUNDED",
    "REGRESSED",
    "SAMPLED",
    "SAMPLED_REGRESSED",
    "BM25Retriever",
    "CannedModel",
    "Chunk",
    "Document",
    "HelpDesk",
    "Model",
    "SampledModel",
    "UnknownQuestionError",
    "build_helpdesk",
    "load_documents",
]
