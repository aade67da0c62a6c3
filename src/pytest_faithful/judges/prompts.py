"""Versioned prompts for LLM judges and the JSON shapes they ask for.

The version is part of every judge id and cache key: change any prompt text or output model
here and bump PROMPT_VERSION, so old recordings stop matching instead of silently replaying
answers to a different question.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from pytest_faithful.calls import ChatMessage
from pytest_faithful.models import Claim, Label
from pytest_faithful.segment import Sentence

PROMPT_VERSION = "p1"


class _Output(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ExtractedClaim(_Output):
    sentence: int = Field(description="Number of the answer sentence the claim comes from.")
    claim: str = Field(description="One atomic, self-contained, checkable statement.")


class ExtractionOutput(_Output):
    claims: list[ExtractedClaim]


class JudgedClaim(_Output):
    claim: int = Field(description="Number of the claim.")
    label: Label
    reason: str = Field(description="One short sentence: why this label.")
    evidence: str = Field(
        description="A verbatim quote from the passage that supports or contradicts the claim; "
        "empty for NOT_ENOUGH_INFO."
    )
    passage: int | None = Field(description="Number of the passage the quote comes from, or null.")

    @field_validator("label", mode="before")
    @classmethod
    def _label_spelling(cls, value: Any) -> Any:
        # "supported", "Not enough info" and "NOT-ENOUGH-INFO" mean the same label; anything
        # else stays as given and fails validation as an unknown label.
        if isinstance(value, str):
            return "_".join(value.replace("-", " ").upper().split())
        return value


class VerificationOutput(_Output):
    verdicts: list[JudgedClaim]


EXTRACTION_SYSTEM = """\
You split an answer into atomic factual claims so each can be checked against source passages.
Rules:
- Work sentence by sentence. Every claim names the number of the sentence it comes from.
- A claim is one checkable fact: split "A and B" into two claims.
- Make each claim self-contained: replace pronouns and vague references with what they refer to,
  using the question and the earlier sentences.
- Keep numbers, dates, names, units and negations exactly as the answer states them.
- Do not add facts the answer does not state. Skip greetings, questions, opinions about the
  conversation and statements of uncertainty; a sentence may yield no claims.
Reply with JSON only: {"claims": [{"sentence": <number>, "claim": "<text>"}, ...]}"""

VERIFICATION_SYSTEM = """\
You check claims against numbered source passages. Use only the passages, not your own knowledge.
For each claim give exactly one verdict:
- SUPPORTED: a passage states it or directly implies it.
- CONTRADICTED: a passage states something incompatible with it (another number, date, name,
  or the opposite).
- NOT_ENOUGH_INFO: the passages neither support nor contradict it.
For SUPPORTED and CONTRADICTED, copy the shortest decisive quote from one passage word for word
into "evidence" and give that passage's number. For NOT_ENOUGH_INFO use "" and null.
Give one verdict per claim, in order, each with the claim's number and a one-sentence reason.
Reply with JSON only:
{"verdicts": [{"claim": <number>, "label": "SUPPORTED|CONTRADICTED|NOT_ENOUGH_INFO",
  "reason": "<why>", "evidence": "<quote>", "passage": <number or null>}, ...]}"""


def _numbered(items: Sequence[str], tag: str) -> str:
    return "\n".join(f"[{tag} {i}] {text}" for i, text in enumerate(items, start=1))


def extraction_messages(
    sentences: Sequence[Sentence], question: str | None
) -> tuple[ChatMessage, ...]:
    parts = []
    if question:
        parts.append(f"Question:\n{question}\n")
    parts.append("Answer sentences:\n" + _numbered([s.text for s in sentences], "sentence"))
    return (
        ChatMessage(role="system", content=EXTRACTION_SYSTEM),
        ChatMessage(role="user", content="\n".join(parts)),
    )


def verification_messages(
    claims: Sequence[Claim], passages: Sequence[str], question: str | None
) -> tuple[ChatMessage, ...]:
    parts = ["Passages:\n" + _numbered(passages, "passage")]
    if question:
        parts.append(f"Question the answer responded to:\n{question}")
    parts.append("Claims:\n" + _numbered([c.text for c in claims], "claim"))
    return (
        ChatMessage(role="system", content=VERIFICATION_SYSTEM),
        ChatMessage(role="user", content="\n\n".join(parts)),
    )


def repair_message(problem: str) -> ChatMessage:
    return ChatMessage(
        role="user",
        content=f"Your reply could not be used: {problem}. Reply again with only the JSON object "
        "in the required shape, covering every item exactly once.",
    )


def schema_of(model: type[BaseModel]) -> dict[str, Any]:
    return model.model_json_schema()
