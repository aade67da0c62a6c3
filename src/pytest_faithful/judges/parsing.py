"""Turning a model's raw reply into a validated output model, or saying exactly why not.

Tolerant where tolerance is safe (code fences, prose around the JSON) and strict where it is
not: a refusal, an empty reply or JSON of the wrong shape is a problem, never a verdict.
"""

from __future__ import annotations

import json
import re
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from pytest_faithful.report.failure import shorten

_Output = TypeVar("_Output", bound=BaseModel)

_FENCE = re.compile(r"```(?:json|JSON)?\s*\n?(.*?)```", re.DOTALL)
_REFUSAL = re.compile(
    r"\b(i'?m sorry|i am sorry|i apologi[sz]e|i can(?:'|no)?t (?:help|assist|comply|do)|"
    r"i cannot|i won'?t|i'?m (?:not able|unable)|i am (?:not able|unable)|as an ai)\b",
    re.IGNORECASE,
)


class ParseProblem(ValueError):
    """Why a reply could not be used; the text goes into the repair request and the error."""


def _json_candidates(text: str) -> list[str]:
    candidates = [text]
    candidates.extend(match.group(1) for match in _FENCE.finditer(text))
    return candidates


def extract_json(text: str) -> Any:
    """The first JSON object in ``text``: the whole reply, a fenced block, or embedded in prose."""
    if not text.strip():
        raise ParseProblem("the reply was empty")
    decoder = json.JSONDecoder()
    for candidate in _json_candidates(text):
        stripped = candidate.strip()
        try:
            return json.loads(stripped)
        except json.JSONDecodeError:
            pass
        for match in re.finditer(r"\{", stripped):
            try:
                value, _ = decoder.raw_decode(stripped, match.start())
            except json.JSONDecodeError:
                continue
            if isinstance(value, dict):
                return value
    if _REFUSAL.search(text) and "{" not in text:
        raise ParseProblem(f"the judge refused instead of answering: {shorten(text, 200)!r}")
    if "{" in text:
        raise ParseProblem(f"the reply holds malformed or incomplete JSON: {shorten(text, 200)!r}")
    raise ParseProblem(f"the reply holds no JSON object: {shorten(text, 200)!r}")


def parse_output(text: str, model: type[_Output]) -> _Output:
    value = extract_json(text)
    try:
        return model.model_validate(value)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or 'reply'}: {err['msg']}"
            for err in exc.errors()[:5]
        )
        raise ParseProblem(f"the JSON does not have the required shape ({problems})") from None
