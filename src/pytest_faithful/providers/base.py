"""One request to a model backend and its response: the unit the call cache stores.

A request holds everything that decides the answer (kind, model, messages, output schema,
sampling parameters, prompt version) and nothing else: no API keys, base URLs, timeouts or
clocks. Its canonical JSON hashed with sha256 is the cache key.
"""

from __future__ import annotations

import functools
import hashlib
import json
from typing import Any, Literal, Protocol

from pydantic import Field, NonNegativeInt
from pydantic_core import PydanticSerializationError, to_json

from pytest_faithful.models import FrozenModel

JsonValue = Any


class ChatMessage(FrozenModel):
    role: Literal["system", "user", "assistant"]
    content: str


class JudgeRequest(FrozenModel):
    kind: str = Field(description="Backend kind, e.g. 'openai' or 'anthropic'.")
    model: str
    messages: tuple[ChatMessage, ...]
    output_schema: dict[str, JsonValue] | None = None
    params: dict[str, JsonValue] = Field(
        default_factory=dict, description="Sampling parameters: temperature, max_tokens, ..."
    )
    prompt_version: str

    def canonical_json(self) -> str:
        """``model_dump(mode="json")`` as JSON with sorted keys, compact, not ASCII-escaped.

        Written out field by field (the names below are in sorted order) because a replayed
        check hashes two requests, and a judge's requests share their longest parts, the system
        prompt and the output schema: those are encoded once per process, not per request.
        ``tests/providers/test_request_key.py`` holds this to the plain ``json.dumps`` form.
        """
        messages = ",".join(
            f'{{"content":{_string_json(m.content)},"role":{_string_json(m.role)}}}'
            for m in self.messages
        )
        return (
            f'{{"kind":{_string_json(self.kind)},"messages":[{messages}],'
            f'"model":{_string_json(self.model)},'
            f'"output_schema":{self._field_json("output_schema")},'
            f'"params":{self._field_json("params")},'
            f'"prompt_version":{_string_json(self.prompt_version)}}}'
        )

    def _field_json(self, name: str) -> str:
        """The canonical JSON of one field, as ``model_dump`` makes it JSON-ready.

        Remembered by the field's content (pydantic-core writes it unsorted ~5x faster than
        ``json.dumps`` sorts it), never by identity: a dict changed after one request must not
        replay under its old key.
        """
        try:
            content = (name, to_json(getattr(self, name)))
        except PydanticSerializationError:  # e.g. a lone surrogate: no memo, the plain way
            return self._dumped(name)
        encoded = _FIELD_JSON.get(content)
        if encoded is None:
            if len(_FIELD_JSON) >= _FIELD_JSON_SIZE:
                _FIELD_JSON.clear()
            encoded = _FIELD_JSON[content] = self._dumped(name)
        return encoded

    def _dumped(self, name: str) -> str:
        include: set[str] = {name}
        return _canonical(self.model_dump(mode="json", include=include)[name])

    def cache_key(self) -> str:
        return hashlib.sha256(self.canonical_json().encode("utf-8")).hexdigest()


def _canonical(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


# A string is its own memo key: its hash is kept on the object, so a judge's system prompt,
# the same object in every request, is found in ~0.1 us instead of encoded in ~5 us.
@functools.lru_cache(maxsize=256)
def _string_json(text: str) -> str:
    return _canonical(text)


# Output schemas and sampling parameters by content: a handful per judge.
_FIELD_JSON: dict[tuple[str, bytes], str] = {}
_FIELD_JSON_SIZE = 64


class JudgeResponse(FrozenModel):
    text: str
    model: str = Field(description="The model name the provider echoed.")
    input_tokens: NonNegativeInt = 0
    output_tokens: NonNegativeInt = 0
    finish_reason: str | None = None


class Backend(Protocol):
    """Sends one request to a model and returns its raw response.

    Implementations own the SDK client, credentials, base URL, timeouts and retries. One may
    also have ``async def acomplete(request)``, the same awaited on the caller's event loop
    (:func:`complete_async` uses it).
    """

    @property
    def kind(self) -> str: ...

    def complete(self, request: JudgeRequest) -> JudgeResponse: ...


async def complete_async(backend: Backend, request: JudgeRequest) -> JudgeResponse:
    """``backend``'s reply awaited: its ``acomplete`` (on the running loop) where it has one,
    else its blocking ``complete`` in a worker thread (the loop runs on meanwhile)."""
    import asyncio

    acomplete = getattr(backend, "acomplete", None)
    if acomplete is not None:
        response: JudgeResponse = await acomplete(request)
        return response
    return await asyncio.to_thread(backend.complete, request)
