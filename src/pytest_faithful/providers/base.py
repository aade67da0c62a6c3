"""One request to a model backend and its response: the unit the call cache stores.

A request holds everything that decides the answer (kind, model, messages, output schema,
sampling parameters, prompt version) and nothing else: no API keys, base URLs, timeouts or
clocks. Its canonical JSON hashed with sha256 is the cache key.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Literal, Protocol

from pydantic import Field, NonNegativeInt

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
        return json.dumps(
            self.model_dump(mode="json"), sort_keys=True, separators=(",", ":"), ensure_ascii=False
        )

    def cache_key(self) -> str:
        return hashlib.sha256(self.canonical_json().encode("utf-8")).hexdigest()


class JudgeResponse(FrozenModel):
    text: str
    model: str = Field(description="The model name the provider echoed.")
    input_tokens: NonNegativeInt = 0
    output_tokens: NonNegativeInt = 0
    finish_reason: str | None = None


class Backend(Protocol):
    """Sends one request to a model and returns its raw response.

    Implementations own the SDK client, credentials, base URL, timeouts and retries.
    """

    @property
    def kind(self) -> str: ...

    def complete(self, request: JudgeRequest) -> JudgeResponse: ...
