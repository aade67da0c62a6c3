"""Turning a model's raw reply into a validated output model, or saying exactly why not.

Tolerant where tolerance is safe and strict where it is not:

* Read: code fences (under any language tag), prose around the JSON, an enum value written
  without quotes, Python's None, and the slips json_repair mends (trailing or missing commas,
  single quotes, a string left unclosed before the next key, missing closing brackets).
* Strict first: JSON that decodes as written (the whole reply, a fenced block, an object at
  any "{") is always preferred to JSON that had to be mended, and mending starts at a "{" (or
  the "[" that opens the reply or a fence), never in the prose before it: a lone '"' in that
  prose (an inch mark) would turn words inside the JSON's strings into quotes.
* Read past: a reasoning model's thinking (``<think>...</think>``, or only its closing tag
  where the server ate the opening one). JSON inside the thinking is a draft, not the answer;
  a reply that is all thinking (its tag never closed) is a problem.
* The last answer is the answer: a reply holding several whole answers (a draft, "Wait, claim
  2 is wrong. Corrected answer:", the correction) is read by its last one, as its thinking is
  read past. An echoed template ("<number>") is no answer: it does not decode. A last answer
  that is malformed after a readable one is a problem, not a reason to read the draft.
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
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

import json_repair
from pydantic import BaseModel, ValidationError

from pytest_faithful.errors import shorten
from pytest_faithful.judges.llm.shaping import answer_items, shaped
from pytest_faithful.redaction import restored_view
from pytest_faithful.text import nesting
from pytest_faithful.text.patterns import regex

_Output = TypeVar("_Output", bound=BaseModel)

# A fence's language tag is whatever the model wrote: json, jsonc, json5, javascript, python...
_FENCE = regex(r"```[\w+.-]*[ \t]*\n?(.*?)```", re.DOTALL)
_REFUSAL = regex(
    r"\b(i'?m sorry|i am sorry|i apologi[sz]e|i can(?:'|no)?t (?:help|assist|comply|do)|"
    r"i cannot|i won'?t|i'?m (?:not able|unable)|i am (?:not able|unable)|as an ai)\b",
    re.IGNORECASE,
)


# How many "{" positions to try when the JSON is embedded in prose: a reply with thousands of
# braces must not cost thousands of decode attempts. Mending costs more: fewer tries.
_MAX_EMBEDDED_STARTS = 64
_MAX_MENDED_STARTS = 8
_SURROGATE_ESCAPE = regex(r"\\u[dD][89a-fA-F]")


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


_PYTHON_LITERALS = {"None": "null", "True": "true", "False": "false"}
_JSON_WORDS = frozenset({"null", "true", "false"})
_BARE_WORD = regex(r"[A-Za-z_][A-Za-z_ ]*[A-Za-z_]|[A-Za-z_]")


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


def _mended(candidate: str) -> Any:
    """The object (or list, for a candidate opening with "[") json_repair reads from
    ``candidate``, which starts where the JSON does; None if it reads nothing."""
    if len(candidate) > _MAX_MENDED_CHARS or _depth(candidate) > _MAX_MENDED_DEPTH:
        return None
    try:
        value = json_repair.repair_json(candidate, return_objects=True, skip_json_loads=True)
    except Exception:  # a library bug must read as an unusable reply, not crash the judge
        return None
    if candidate.startswith("{") and isinstance(value, list) and value:
        value = value[0]  # an object followed by prose or a second object
    wanted = dict if candidate.startswith("{") else (dict, list)
    return value if isinstance(value, wanted) and value else None


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


def extract_json(text: str, model: type[BaseModel] | None = None) -> Any:
    """The JSON value ``text`` answers with: the whole reply, a fenced block, or embedded in
    prose (module docstring). With ``model``, the last whole answer to it; without, the first
    value found."""
    try:
        found = _extract_json(text, model)
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
_THINKING_CLOSED = regex(rf"</(?:{'|'.join(_THINKING_TAGS)})\s*>", re.IGNORECASE)
_THINKING_OPENED = regex(rf"\s*<(?:{'|'.join(_THINKING_TAGS)})\s*>", re.IGNORECASE)


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


def closed_before_cut(text: str) -> bool:
    """Whether a reply cut off at the token limit had already given its whole answer: one JSON
    object (or list) that decodes as written, after any thinking, followed only by whitespace
    the model went on writing until the limit (a grammar-constrained server's known loop: the
    JSON grammar allows blanks after the value). Whatever else a cut reply holds (a fence,
    prose, a second object, an object with nothing after it, as a cut tool call's input reads)
    may be an answer the limit stopped: it is never read as complete."""
    if text.rstrip() == text:
        return False
    try:
        answer = _answer_after_thinking(text).strip()
        if answer[:1] not in ("{", "[") or answer[-1:] not in ("}", "]"):
            return False
        value = nesting.loads(answer)
    except (ParseProblem, ValueError, RecursionError):
        return False
    return isinstance(value, (dict, list)) and bool(value)


@dataclass(frozen=True)
class _Found:
    """A JSON value read from a reply, and the span of the reply it was read from."""

    start: int
    end: int
    value: Any


def _extract_json(text: str, model: type[BaseModel] | None) -> Any:
    if not text.strip():
        raise ParseProblem("the reply was empty")
    if "<" in text:
        text = _answer_after_thinking(text)
        if not text.strip():
            raise ParseProblem("the reply holds only the model's thinking, no answer after it")
    try:
        return nesting.loads(text)  # the common case: the reply is the JSON
    except ValueError:  # not JSON, or a number int() refuses (over 4300 digits)
        pass
    strict = _strict_values(text)
    answers = [f for f in strict if _answers(f.value, model)]
    if answers:
        # Several whole answers: a draft, "Wait, claim 2 is wrong. Corrected answer:", the
        # correction. The last is the model's final word, as after its thinking. It is read,
        # not sent back: a repair costs a request for every such reply, and a model that
        # corrects itself each time would end in a JudgeError. Reading it passes nothing
        # silently: a last answer that covers less (only the corrected claim) still meets the
        # count and coverage checks. Items alone (JSON lines) are no answers: they never get
        # here, and the count check asks again for the rest.
        last = answers[-1]
        if any(_says_something(f.value, model) for f in _mended_values(text, strict, last.end)):
            raise ParseProblem(
                "the reply holds an answer and, after it, another in malformed JSON; give "
                "only the final answer"
            )
        return last.value
    mended = _mended_values(text, strict, 0)
    answers = [f for f in mended if _answers(f.value, model)]
    if answers:
        return answers[-1].value
    if found := sorted([*strict, *mended], key=lambda f: f.start):
        return found[0].value  # no whole answer: the outermost value, for validation to judge
    raise _no_json(text)


def _answers(value: Any, model: type[BaseModel] | None) -> bool:
    return model is not None and answer_items(value, model) is not None


def _says_something(value: Any, model: type[BaseModel] | None) -> bool:
    """Whether a mended ``value`` is an answer with at least one item: a format named in
    prose after the answer ('{"verdicts": [...]}' mends into an empty list) is not."""
    return model is not None and bool(answer_items(value, model))


def _strict_values(text: str) -> list[_Found]:
    """The values in ``text`` that decode as written, in order: each fenced list, and each
    object at a "{" outside the values before it (an item of a valid answer is not read again
    on its own; an item of a broken one is)."""
    found = _fenced_lists(text)
    decoder = json.JSONDecoder()
    at = text.find("{")
    for _ in range(_MAX_EMBEDDED_STARTS):
        if at < 0:
            break
        if inside := _enclosing(found, at):
            at = text.find("{", inside.end)
            continue
        try:
            value, end = nesting.raw_decode(text, at, decoder)
        except ValueError:  # JSONDecodeError, or a number int() refuses
            at = text.find("{", at + 1)
            continue
        found.append(_Found(at, end, value))
        at = text.find("{", end)
    return sorted(found, key=lambda f: f.start)


def _fenced_lists(text: str) -> list[_Found]:
    """Fenced blocks that hold a JSON list (a fenced object is found at its "{")."""
    found = []
    for match in _FENCE.finditer(text):
        if not match.group(1).lstrip().startswith("["):
            continue
        try:
            value = nesting.loads(match.group(1))
        except ValueError:
            continue
        found.append(_Found(match.start(1), match.end(1), value))
    return found


def _enclosing(found: list[_Found], at: int) -> _Found | None:
    return next((f for f in found if f.start <= at < f.end), None)


def _mended_values(text: str, strict: list[_Found], start: int) -> list[_Found]:
    """What mending reads at each place after ``start`` where JSON that did not decode begins;
    the last resort, so never tried where a strict value was read."""
    found = []
    for at in _broken_starts(text, strict, start):
        candidate = _bare_words_quoted(text[at:])
        try:
            value, _ = nesting.raw_decode(candidate, 0)
        except ValueError:
            value = _mended(candidate)
        if value is not None:
            found.append(_Found(at, _span_end(text, at), value))
    return found


def _broken_starts(text: str, strict: list[_Found], start: int) -> Iterator[int]:
    """Each "{" after ``start`` outside the strict values and the span of the start before it,
    and each "[" that opens the reply or a fenced block."""
    lists = [i for i in _list_starts(text) if i >= start]
    at = start
    for _ in range(_MAX_MENDED_STARTS):
        brace = text.find("{", at)
        bracket = next((i for i in lists if i >= at), -1)
        at = min(brace, bracket) if brace >= 0 and bracket >= 0 else max(brace, bracket)
        if at < 0:
            return
        if inside := _enclosing(strict, at):
            at = inside.end
            continue
        yield at
        at = _span_end(text, at)


def _list_starts(text: str) -> list[int]:
    """Where a list may open the JSON: at the reply's start, or a fenced block's. A "[" in
    prose ("[1]", "[passage 2]") is no JSON; a "{" anywhere may be."""
    blocks = [(0, text), *((m.start(1), m.group(1)) for m in _FENCE.finditer(text))]
    return [
        at + len(block) - len(block.lstrip()) for at, block in blocks if block.lstrip()[:1] == "["
    ]


def _span_end(text: str, start: int) -> int:
    """Where the JSON opened at ``start`` closes (just after its bracket), strings told apart;
    the end of ``text`` when it never does."""
    depth = 0
    in_string = False
    i = start
    while i < len(text):
        char = text[i]
        if in_string:
            if char == "\\":
                i += 1
            in_string = char != '"'
        elif char == '"':
            in_string = True
        elif char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return len(text)


def _no_json(text: str) -> ParseProblem:
    if _REFUSAL.search(text) and "{" not in text:
        return ParseProblem(f"the judge refused instead of answering: {shorten(text, 200)!r}")
    if "{" in text:
        return ParseProblem(f"the reply holds malformed or incomplete JSON: {shorten(text, 200)!r}")
    return ParseProblem(f"the reply holds no JSON object: {shorten(text, 200)!r}")


def parse_output(text: str, model: type[_Output], asked: str | None = None) -> _Output:
    """``text`` read as ``model``. ``asked``: the request's text, from which what a key's
    redaction masked in the reply is put back (:func:`~pytest_faithful.redaction.restored`)."""
    value = extract_json(text, model)
    try:
        if asked is not None:
            value = restored_view(value, asked)
        try:
            return model.model_validate(value)
        except ValidationError:
            # Replies mostly come in the shape asked for, and shaping one that does changes
            # nothing; only a reply that fails is reshaped and validated again. Shaping may
            # decode a JSON string inside the reply, whose escapes can spell lone surrogates.
            return model.model_validate(_without_surrogates(shaped(value, model)))
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
