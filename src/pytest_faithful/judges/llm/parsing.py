"""Turning a model's raw reply into a validated output model, or saying exactly why not.

Tolerant where tolerance is safe and strict where it is not:

* Read: code fences, prose around the JSON, an enum value written without quotes, Python's
  None, and the slips json_repair mends (trailing or missing commas, single quotes, a string
  left unclosed before the next key, missing closing brackets).
* Read past: a reasoning model's thinking (``<think>...</think>``, or only its closing tag
  where the server ate the opening one). JSON inside the thinking is a draft, not the answer;
  a reply that is all thinking (its tag never closed) is a problem.
* Read as meant: a shape close to the one asked for (a key's case, a key nobody asked for, the
  list without its object; :mod:`.shaping`).
* A problem, never a verdict: a refusal, an empty reply, JSON of the wrong shape.

Mending is safe because nothing read is taken on trust: the shape is validated, a label must
be one of three words, counts and coverage are checked by the judge, and evidence must be
found in a passage. Whatever the text (thousands of nested brackets, lone surrogates,
megabytes of braces), the outcome is a validated model or a :class:`ParseProblem`, never
another exception.
"""

from __future__ import annotations

import json
import re
from typing import Any, TypeVar

import json_repair
from pydantic import BaseModel, ValidationError

from pytest_faithful.errors import shorten
from pytest_faithful.judges.llm.shaping import shaped

_Output = TypeVar("_Output", bound=BaseModel)

_FENCE = re.compile(r"```(?:json|JSON)?\s*\n?(.*?)```", re.DOTALL)
_REFUSAL = re.compile(
    r"\b(i'?m sorry|i am sorry|i apologi[sz]e|i can(?:'|no)?t (?:help|assist|comply|do)|"
    r"i cannot|i won'?t|i'?m (?:not able|unable)|i am (?:not able|unable)|as an ai)\b",
    re.IGNORECASE,
)


# How many "{" positions to try when the JSON is embedded in prose: a reply with thousands of
# braces must not cost thousands of decode attempts.
_MAX_EMBEDDED_STARTS = 64
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


class ParseProblem(ValueError):
    """Why a reply could not be used; the text goes into the repair request and the error."""


def _without_surrogates(value: Any) -> Any:
    """``value`` with lone surrogates (from JSON escapes such as "\\ud800") replaced by U+FFFD:
    they cannot be written to a report file or a terminal."""
    if isinstance(value, str):
        return value.encode("utf-8", "replace").decode("utf-8") if _has_surrogate(value) else value
    if isinstance(value, dict):
        return {_without_surrogates(k): _without_surrogates(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_without_surrogates(v) for v in value]
    return value


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _json_candidates(text: str) -> list[str]:
    candidates = [text]
    candidates.extend(match.group(1) for match in _FENCE.finditer(text))
    return candidates


_PYTHON_LITERALS = {"None": "null", "True": "true", "False": "false"}
_JSON_WORDS = frozenset({"null", "true", "false"})
_BARE_WORD = re.compile(r"[A-Za-z_][A-Za-z_ ]*[A-Za-z_]|[A-Za-z_]")


def _bare_words_quoted(text: str) -> str:
    """``text`` with every unquoted word outside strings (``NOT_ENOUGH_INFO``) turned into a JSON
    string, and Python's None/True/False into null/true/false. Strings are left as they are."""
    out: list[str] = []
    i, n = 0, len(text)
    in_string = False
    while i < n:
        char = text[i]
        if in_string:
            if char == "\\":
                out.append(text[i : i + 2])
                i += 2
                continue
            in_string = char != '"'
        elif char == '"':
            in_string = True
        elif word := _BARE_WORD.match(text, i):
            found = word[0]
            if found in _JSON_WORDS or not _after_value_opener(out):
                out.append(found)  # prose around the JSON stays as it is
            else:
                out.append(_PYTHON_LITERALS.get(found) or json.dumps(found))
            i = word.end()
            continue
        out.append(char)
        i += 1
    return "".join(out)


def _after_value_opener(out: list[str]) -> bool:
    """Whether the last non-blank text written opens a JSON value (a colon, comma or "[")."""
    for piece in reversed(out):
        stripped = piece.rstrip()
        if stripped:
            return stripped[-1] in ":,["
    return False


# json_repair's parser recurses and slows down on pathological input (100k nested braces take
# seconds); a reply in our shapes is a few thousand tokens, nested four deep.
_MAX_MENDED_CHARS = 32_000
_MAX_MENDED_DEPTH = 16


def _mended(text: str) -> dict[str, Any] | None:
    """The object json_repair reads from ``text``'s first "{" on, or None."""
    start = text.find("{")
    if start < 0 or len(text) - start > _MAX_MENDED_CHARS or _depth(text) > _MAX_MENDED_DEPTH:
        return None
    try:
        value = json_repair.repair_json(text[start:], return_objects=True, skip_json_loads=True)
    except Exception:  # a library bug must read as an unusable reply, not crash the judge
        return None
    if isinstance(value, list) and value and isinstance(value[0], dict):
        value = value[0]  # an object followed by prose or a second object
    return value if isinstance(value, dict) and value else None


def _depth(text: str) -> int:
    """The deepest bracket nesting in ``text``, strings not told apart (an upper bound)."""
    depth = deepest = 0
    for char in text:
        if char in "{[":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "}]":
            depth = max(depth - 1, 0)
    return deepest


def extract_json(text: str) -> Any:
    """The first JSON object in ``text``: the whole reply, a fenced block, or embedded in prose."""
    try:
        found = _extract_json(text)
        # Lone surrogates come from "\\udXXX" escapes or the text itself; most replies have
        # neither, and walking every parsed value costs more than the rest of the parse.
        if _SURROGATE_ESCAPE.search(text) or _has_surrogate(text):
            return _without_surrogates(found)
        return found
    except RecursionError:
        raise ParseProblem("the reply's JSON is nested too deeply to read") from None


# Reasoning models (Qwen3, DeepSeek-R1 and their distillations) think aloud in these tags
# before they answer, unless the server moves the thinking out of the reply.
_THINKING_TAGS = ("think", "thinking", "reasoning")
_THINKING_CLOSED = re.compile(rf"</(?:{'|'.join(_THINKING_TAGS)})\s*>", re.IGNORECASE)
_THINKING_OPENED = re.compile(rf"\s*<(?:{'|'.join(_THINKING_TAGS)})\s*>", re.IGNORECASE)


def _answer_after_thinking(text: str) -> str:
    """What ``text`` says after its thinking: the text after the last closing tag; the whole
    text when it has no thinking."""
    ends = [closed.end() for closed in _THINKING_CLOSED.finditer(text)]
    if ends:
        return text[ends[-1] :]
    if _THINKING_OPENED.match(text):
        raise ParseProblem(
            "the reply is the model's thinking, never closed, with no answer after it "
            "(raise max_tokens, or turn thinking off)"
        )
    return text


def _extract_json(text: str) -> Any:
    if not text.strip():
        raise ParseProblem("the reply was empty")
    if "<" in text:
        text = _answer_after_thinking(text)
        if not text.strip():
            raise ParseProblem("the reply holds only the model's thinking, no answer after it")
    decoder = json.JSONDecoder()
    for candidate in _json_candidates(text):
        stripped = candidate.strip()
        try:
            return json.loads(stripped)
        except ValueError:  # JSONDecodeError, or a number int() refuses (4300+ digits)
            pass
        # Small models often drop the quotes of an enum value ("label": NOT_ENOUGH_INFO) or
        # write Python's None; valid JSON never reaches this, and strings are not touched.
        stripped = _bare_words_quoted(stripped)
        try:
            return json.loads(stripped)
        except ValueError:  # JSONDecodeError, or a number int() refuses (4300+ digits)
            pass
        for tried, match in enumerate(re.finditer(r"\{", stripped)):
            if tried == _MAX_EMBEDDED_STARTS:
                break
            try:
                value, _ = decoder.raw_decode(stripped, match.start())
            except ValueError:  # JSONDecodeError, or a number int() refuses (4300+ digits)
                if tried == 0 and (mended := _mended(stripped)) is not None:
                    # The outermost object is broken; an inner one would read, but as the
                    # wrong shape. Mend the outer one instead.
                    return mended
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
        try:
            return model.model_validate(value)
        except ValidationError:
            # Replies mostly come in the shape asked for, and shaping one that does changes
            # nothing; only a reply that fails is reshaped and validated again.
            return model.model_validate(shaped(value, model))
    except RecursionError:
        raise ParseProblem("the reply's JSON is nested too deeply to read") from None
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or 'reply'}: {err['msg']}"
            for err in exc.errors()[:5]
        )
        raise ParseProblem(f"the JSON does not have the required shape ({problems})") from None
    except (TypeError, ValueError) as exc:
        # A validator or a conversion that raises instead of reporting (pydantic passes a
        # TypeError through; int() refuses 4300 digits): still a reply that cannot be used.
        raise ParseProblem(
            f"the reply's JSON could not be read ({type(exc).__name__}: {shorten(str(exc), 120)})"
        ) from None
