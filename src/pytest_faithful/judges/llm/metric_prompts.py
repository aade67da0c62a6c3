"""Versioned prompts for the metrics beside faithfulness: answer relevancy, context precision.

Like ``prompts.py`` (faithfulness): METRIC_PROMPT_VERSION is part of every metric request's
cache key; change any prompt text or output model here and bump it, so old recordings stop
matching instead of replaying answers to a different question. Context recall needs no prompt
of its own: it is the faithfulness pipeline on (reference, contexts).
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from pytest_faithful.judges.llm.prompts import ItemNumber
from pytest_faithful.models import Claim
from pytest_faithful.providers.base import ChatMessage

METRIC_PROMPT_VERSION = "m1"


class _Output(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class JudgedRelevance(_Output):
    claim: ItemNumber = Field(description="Number of the claim.")
    relevant: bool = Field(description="True when the claim helps answer the question.")
    reason: str = Field(default="", description="One short sentence: why.")


class RelevanceOutput(_Output):
    noncommittal: bool = Field(
        description="True when the answer as a whole evades, hedges or declines to answer."
    )
    verdicts: list[JudgedRelevance]


class JudgedPassage(_Output):
    passage: ItemNumber = Field(description="Number of the passage.")
    useful: bool = Field(description="True when the passage helps answer the question.")
    reason: str = Field(default="", description="One short sentence: why.")


class PassageOutput(_Output):
    verdicts: list[JudgedPassage]


RELEVANCE_SYSTEM = """\
You judge whether the claims of an answer address the question that was asked. Do not judge
whether they are true.
For each claim give one verdict:
- relevant true: the claim answers the question or gives information the question asks for.
- relevant false: the claim is about something else (off-topic, filler, another subject).
Also say whether the answer as a whole is noncommittal: it evades, declines, or says it does not
know instead of answering ("I'm not sure", "I cannot help with that", "it depends").
Give one verdict per claim, in order, each with the claim's number and a one-sentence reason.
Reply with JSON only:
{"noncommittal": <true|false>,
 "verdicts": [{"claim": <number>, "relevant": <true|false>, "reason": "<why>"}, ...]}"""

PASSAGE_SYSTEM = """\
You judge which retrieved passages are useful for answering a question. A passage is useful when
it states information needed for the answer; a reference answer, when given, shows what the
answer should say. A passage on another subject, or on the subject but without the needed
information, is not useful.
Give one verdict per passage, in order, each with the passage's number and a one-sentence reason.
Reply with JSON only:
{"verdicts": [{"passage": <number>, "useful": <true|false>, "reason": "<why>"}, ...]}"""


def _numbered(items: Sequence[str], tag: str) -> str:
    return "\n".join(f"[{tag} {i}] {text}" for i, text in enumerate(items, start=1))


def relevance_messages(claims: Sequence[Claim], question: str) -> tuple[ChatMessage, ...]:
    user = f"Question: {question}\n\nClaims of the answer:\n" + _numbered(
        [c.text for c in claims], "claim"
    )
    return (
        ChatMessage(role="system", content=RELEVANCE_SYSTEM),
        ChatMessage(role="user", content=user),
    )


def passage_messages(
    passages: Sequence[str], question: str, reference: str | None
) -> tuple[ChatMessage, ...]:
    user = f"Question: {question}\n"
    if reference is not None:
        user += f"\nReference answer: {reference}\n"
    user += "\nRetrieved passages, in ranked order:\n" + _numbered(passages, "passage")
    return (
        ChatMessage(role="system", content=PASSAGE_SYSTEM),
        ChatMessage(role="user", content=user),
    )
