"""Reading a provider's HTTP body: JSON, the API's shape, and no secret recorded from it.

The SDKs parse replies leniently: an HTML page sent with status 200 comes back as a string, a
body that is not JSON raises ``json``'s own errors, a few thousand nested brackets a
``RecursionError``, and missing fields come back as ``None`` attributes. Backends therefore take
the raw body (the SDKs' ``with_raw_response``) and read it here, into small models of only the
fields they use; whatever is wrong becomes an :class:`UnusableReply` that says what, briefly.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError, ValidatorFunctionWrapHandler
from pydantic.functional_validators import WrapValidator

from pytest_faithful.errors import shorten
from pytest_faithful.providers.base import JudgeResponse
from pytest_faithful.redaction import FRAGMENT, echoes_secret, redact, secret_values
from pytest_faithful.text import nesting

PREVIEW_BYTES = 120
"""How much of an unreadable body a message quotes (after redaction)."""

_Model = TypeVar("_Model", bound=BaseModel)
_Value = TypeVar("_Value")


class WireModel(BaseModel):
    """Part of a provider's reply. Fields the backends do not read are ignored, not refused:
    providers and compatible servers add fields all the time."""

    model_config = ConfigDict(frozen=True, extra="ignore")


def _or_none(value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
    try:
        return handler(value)
    except ValidationError:
        return None


Accessory = Annotated[_Value | None, WrapValidator(_or_none)]
"""A field beside the answer (token counts, the model's name, a stop reason, the usage object):
read as None when a server writes it in another type (a count of 12.5, ``"usage": []``), so
that the answer is not lost over it."""


class UnusableReply(Exception):
    """The body of a success reply is not the API's JSON; the message says how, briefly."""


def preview(body: bytes) -> str:
    return shorten(body[:PREVIEW_BYTES].decode("utf-8", "backslashreplace"), 80)


def read_json(body: bytes, content_type: str | None) -> Any:
    """The JSON value of ``body``; UnusableReply when it is not JSON or cannot be read."""
    sent_as = f"sent as {content_type.split(';')[0].strip()}" if content_type else "untyped"
    try:
        return nesting.loads(body)
    except UnicodeDecodeError as exc:
        raise UnusableReply(
            f"the body ({len(body)} bytes, {sent_as}) is not UTF-8 text (UnicodeDecodeError at "
            f"byte {exc.start}); it starts {preview(body)!r}"
        ) from None
    except json.JSONDecodeError as exc:
        raise UnusableReply(
            f"the body ({len(body)} bytes, {sent_as}) is not JSON (JSONDecodeError: {exc.msg} "
            f"at character {exc.pos}); it starts {preview(body)!r}"
        ) from None
    except RecursionError:
        raise UnusableReply(
            f"the body ({len(body)} bytes, {sent_as}) nests JSON too deeply to read "
            f"(RecursionError); it starts {preview(body)!r}"
        ) from None
    except ValueError as exc:  # a number Python will not read (an integer of 4,301+ digits)
        raise UnusableReply(
            f"the body ({len(body)} bytes, {sent_as}) holds JSON that cannot be read "
            f"({type(exc).__name__}: {shorten(str(exc), 80)}); it starts {preview(body)!r}"
        ) from None


def parse_as(model: type[_Model], data: Any, what: str) -> _Model:
    """``data`` validated as ``model``; UnusableReply naming the first problem otherwise."""
    if not isinstance(data, dict):
        raise UnusableReply(f"the body is a JSON {_json_type(data)}, not a {what} object")
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        # Without the offending input: it may be anything the server sent, a key included.
        problems = exc.errors(include_url=False, include_input=False, include_context=False)
        first = problems[0]
        where = ".".join(str(part) for part in first["loc"]) or "the body"
        more = f" (and {len(problems) - 1} more problems)" if len(problems) > 1 else ""
        message = f"the body is not a {what}: {where}: {first['msg']}{more}"
    except RecursionError:
        message = f"the body is not a {what}: it nests too deeply to read (RecursionError)"
    said = error_text(data.get("error"), "") if "error" in data else ""
    if said:
        message += f"; it holds an error: {shorten(said, 200)!r}"
    raise UnusableReply(message)


def dumped(value: Any, what: str) -> str:
    """``value`` (an object the server sent as JSON) written back as JSON text."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (ValueError, RecursionError) as exc:
        raise UnusableReply(f"{what} cannot be written as JSON ({type(exc).__name__})") from None


def error_text(body: object, fallback: str) -> str:
    """The server's own message in an error body (``{"error": {"message": ...}}`` and kin)."""
    try:
        if isinstance(body, dict):
            inner = body.get("error", body)
            if isinstance(inner, dict) and isinstance(inner.get("message"), str):
                return str(inner["message"])
            return str(body)
        if body is None:
            return fallback
        return str(body)
    except RecursionError:
        return "(an error body nested too deeply to show)"


def tokens(value: int | None) -> int:
    """A token count as recorded: missing or negative counts (some servers send -1) are 0."""
    return max(0, value or 0)


def scrub(response: JudgeResponse, secrets: Iterable[str] = ()) -> JudgeResponse:
    """``response`` without any secret it echoes, so that it is never recorded with one.

    A reply is only changed when it holds a FRAGMENT-long piece of a secret at least that long
    (a key variable's value or ``secrets``): then everything :func:`redact` removes goes.
    Ordinary replies are left alone, because redaction would also change text that merely
    looks like a credential (``key-performance``) and break the evidence quotes copied from
    the passages. Shorter secrets cannot be told from ordinary words in a reply.
    """
    extra = tuple(secrets)
    if not any(len(value) >= FRAGMENT for value in secret_values(extra)):
        return response
    changed: dict[str, str] = {}
    for name in ("text", "model", "finish_reason"):
        text = getattr(response, name)
        if text and echoes_secret(text, extra):
            changed[name] = redact(text, extra)
    return response.model_copy(update=changed) if changed else response


def _json_type(data: Any) -> str:
    if isinstance(data, list):
        return "array"
    if isinstance(data, str):
        return "string"
    if isinstance(data, bool):
        return "boolean"
    if data is None:
        return "null"
    return "number"
