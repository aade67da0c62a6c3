"""Versioned prompts for LLM judges and the JSON shapes they ask for.

The version is part of every judge id and cache key: change any prompt text or output model
here and bump PROMPT_VERSION, so old recordings stop matching instead of silently replaying
answers to a different question.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator

from pytest_faithful.models import Claim, Label
from pytest_faithful.providers.base import ChatMessage
from pytest_faithful.text.abstentions import ABSTENTION_RULE
from pytest_faithful.text.segment import Sentence

PROMPT_VERSION = "p4"


class _Output(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def _not_a_bool(value: Any) -> Any:
    # JSON's true is not the number 1, though pydantic's lax int would read it so.
    if isinstance(value, bool):
        raise ValueError("a number is needed, not true or false")
    return value


ItemNumber = Annotated[int, BeforeValidator(_not_a_bool)]
"""The number of a sentence, claim or passage in a reply: an int, never a JSON boolean."""


class ExtractedClaim(_Output):
    sentence: ItemNumber = Field(description="Number of the answer sentence the claim comes from.")
    claim: str = Field(description="One atomic, self-contained, checkable statement.")


class ExtractionOutput(_Output):
    claims: list[ExtractedClaim]


def _label_spelling(value: Any) -> Any:
    # "supported", "Not enough info", "NOT-ENOUGH-INFO" and "Supported." mean the same label,
    # and so do the words of natural language inference ("entailment", "neutral"); anything
    # else stays as given and fails validation as an unknown label.
    if isinstance(value, str):
        spelled = "_".join(value.replace("-", " ").strip(" \t\n.,;:!\"'*`").upper().split())
        return LABEL_SYNONYMS.get(spelled, spelled)
    return value


LABEL_SYNONYMS: Mapping[str, str] = MappingProxyType(
    dict.fromkeys(("ENTAILMENT", "ENTAILED", "SUPPORTS", "SUPPORT"), "SUPPORTED")
    | dict.fromkeys(("CONTRADICTION", "CONTRADICTS", "CONTRADICTORY", "REFUTED"), "CONTRADICTED")
    | dict.fromkeys(
        (
            *("NOT_ENOUGH_INFORMATION", "NEI", "NOT_ENOUGH_EVIDENCE", "INSUFFICIENT_INFO"),
            *("INSUFFICIENT_INFORMATION", "NEUTRAL", "UNVERIFIABLE", "NOT_SUPPORTED"),
            "UNSUPPORTED",
        ),
        "NOT_ENOUGH_INFO",
    )
)
"""Other names judges give the three labels. "Not supported" is read as the weaker of the two
labels it could mean: the passages do not say it."""


_QUOTE = (
    "A verbatim quote from the passage that supports or contradicts the claim; "
    "empty for NOT_ENOUGH_INFO."
)
_PASSAGE = "Number of the passage the quote comes from, or null."
_REASON = "One short sentence: why this label."


class JudgedClaim(_Output):
    claim: ItemNumber = Field(description="Number of the claim.")
    label: Label
    # Small models often leave out the quote and passage of a NOT_ENOUGH_INFO verdict. Absent
    # means the same as "" / null, and a SUPPORTED verdict without a quote is demoted anyway.
    reason: str = Field(default="", description=_REASON)
    evidence: str = Field(default="", description=_QUOTE)
    passage: ItemNumber | None = Field(default=None, description=_PASSAGE)

    _labels = field_validator("label", mode="before")(_label_spelling)


class VerificationOutput(_Output):
    verdicts: list[JudgedClaim]


class ExtractedJudgedClaim(_Output):
    """Single-call mode: one extracted claim with its verdict."""

    sentence: ItemNumber = Field(description="Number of the answer sentence the claim comes from.")
    claim: str = Field(description="One atomic, self-contained, checkable statement.")
    label: Label
    # Small models often leave out the quote and passage of a NOT_ENOUGH_INFO verdict. Absent
    # means the same as "" / null, and a SUPPORTED verdict without a quote is demoted anyway.
    reason: str = Field(default="", description=_REASON)
    evidence: str = Field(default="", description=_QUOTE)
    passage: ItemNumber | None = Field(default=None, description=_PASSAGE)

    _labels = field_validator("label", mode="before")(_label_spelling)


class SingleCallOutput(_Output):
    claims: list[ExtractedJudgedClaim]


def _label_or_none(value: Any) -> Any:
    # Only a string can name a label. A list or object (["SUPPORTED"], {"value": ...}) is no
    # label either: read as None, so the claim goes to a verify step like any other unknown
    # label. Looking an unhashable value up in the members would raise TypeError, which
    # pydantic passes through instead of reporting it.
    spelled = _label_spelling(value)
    return spelled if isinstance(spelled, str) and spelled in Label.__members__ else None


class ReadJudgedClaim(_Output):
    """A single-call item as it is read, never asked for: a label that is none of the three
    (the template's "SUPPORTED|CONTRADICTED|NOT_ENOUGH_INFO" copied, or left out) is None, and
    the claim is verified in a verify step instead of failing the whole reply."""

    sentence: ItemNumber
    claim: str
    label: Label | None = None
    reason: str = ""
    evidence: str = ""
    passage: ItemNumber | None = None

    _labels = field_validator("label", mode="before")(_label_or_none)


class SingleCallReading(_Output):
    """How a reply to the single-call prompt is read (its schema is ``SingleCallOutput``'s)."""

    claims: list[ReadJudgedClaim]


EXTRACTION_SYSTEM = f"""\
Split the answer into factual claims, sentence by sentence.
- One checkable fact per claim ("A and B" is two), with its sentence number.
- Resolve pronouns from the question and earlier sentences.
- Keep numbers, dates, names, units and negations as stated; add nothing.
- Skip greetings, questions and talk about the conversation; a sentence may yield no claims.
- {ABSTENTION_RULE}
Reply with JSON only: {{"claims": [{{"sentence": <number>, "claim": "<text>"}}, ...]}}"""

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


SINGLE_CALL_SYSTEM = f"""\
You check an answer against numbered source passages, claim by claim. Use only the passages,
not your own knowledge.
First split the answer into atomic factual claims:
- Work sentence by sentence. Every claim names the number of the sentence it comes from.
- A claim is one checkable fact: split "A and B" into two claims.
- Make each claim self-contained: replace pronouns and vague references with what they refer to,
  using the question and the earlier sentences.
- Keep numbers, dates, names, units and negations exactly as the answer states them.
- Do not add facts the answer does not state. Skip greetings, questions and opinions about the
  conversation; a sentence may yield no claims.
- {ABSTENTION_RULE}
Then give each claim exactly one verdict:
- SUPPORTED: a passage states it or directly implies it.
- CONTRADICTED: a passage states something incompatible with it (another number, date, name,
  or the opposite).
- NOT_ENOUGH_INFO: the passages neither support nor contradict it.
For SUPPORTED and CONTRADICTED, copy the shortest decisive quote from one passage word for word
into "evidence" and give that passage's number. For NOT_ENOUGH_INFO use "" and null.
Reply with JSON only:
{{"claims": [{{"sentence": <number>, "claim": "<text>",
  "label": "SUPPORTED|CONTRADICTED|NOT_ENOUGH_INFO", "reason": "<why>", "evidence": "<quote>",
  "passage": <number or null>}}, ...]}}"""


def _numbered(items: Sequence[str], tag: str) -> str:
    return "\n".join(f"[{tag} {i}] {text}" for i, text in enumerate(items, start=1))


def _passages(passages: Sequence[str], shown: Sequence[int] | None) -> str:
    """The passages numbered from 1 as given; only those in ``shown`` (0-based) when set, each
    keeping its own number so that a citation names the same passage either way."""
    if shown is None:
        return _numbered(passages, "passage")
    return "\n".join(f"[passage {i + 1}] {passages[i]}" for i in shown)


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
    claims: Sequence[Claim],
    passages: Sequence[str],
    question: str | None,
    shown: Sequence[int] | None = None,
) -> tuple[ChatMessage, ...]:
    parts = ["Passages:\n" + _passages(passages, shown)]
    if question:
        parts.append(f"Question the answer responded to:\n{question}")
    parts.append("Claims:\n" + _numbered([c.text for c in claims], "claim"))
    return (
        ChatMessage(role="system", content=VERIFICATION_SYSTEM),
        ChatMessage(role="user", content="\n\n".join(parts)),
    )


def single_call_messages(
    sentences: Sequence[Sentence],
    passages: Sequence[str],
    question: str | None,
    shown: Sequence[int] | None = None,
) -> tuple[ChatMessage, ...]:
    parts = ["Passages:\n" + _passages(passages, shown)]
    if question:
        parts.append(f"Question the answer responded to:\n{question}")
    parts.append("Answer sentences:\n" + _numbered([s.text for s in sentences], "sentence"))
    return (
        ChatMessage(role="system", content=SINGLE_CALL_SYSTEM),
        ChatMessage(role="user", content="\n\n".join(parts)),
    )


def repair_message(problem: str) -> ChatMessage:
    return ChatMessage(
        role="user",
        content=f"Your reply could not be used: {problem}. Reply again with only the JSON object "
        "in the required shape, covering every item exactly once.",
    )


@functools.cache
def schema_of(model: type[BaseModel]) -> dict[str, Any]:
    """The output model's JSON schema, built once per model: building it takes milliseconds,
    and a replayed check asks for it on every request. Shared, so callers must not mutate it.
    """
    return model.model_json_schema()
