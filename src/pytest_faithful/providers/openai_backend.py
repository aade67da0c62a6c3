"""The ``openai`` backend: OpenAI's chat completions API and any server that speaks it.

Owns the SDK client (``AsyncOpenAI``, created on first call inside the run's event loop),
the key, the base URL, timeouts and retries (the SDK's own, bounded by ``max_retries``), and the
translation of one :class:`JudgeRequest` into a chat-completions call. The request's
``params["structured_output"]`` says how to ask for JSON: ``schema`` (strict json_schema),
``json`` (json_object carrying the schema) or ``prompt`` (no response_format).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Final

from pytest_faithful.calls import JudgeRequest, JudgeResponse
from pytest_faithful.judges.structured import PARAM, StructuredOutputRejected
from pytest_faithful.providers import errors
from pytest_faithful.providers.endpoint import Endpoint
from pytest_faithful.providers.runner import AsyncRunner
from pytest_faithful.providers.schema import strict_schema

# The SDK is imported on first call, not with the judge: a run that replays from the cache (and
# every xdist worker of one) never pays its import, about a second on 2 cores.
if TYPE_CHECKING:
    import openai

KEY_VARIABLE: Final = "OPENAI_API_KEY"
BASE_URL_VARIABLE: Final = "OPENAI_BASE_URL"
DEFAULT_BASE_URL: Final = "https://api.openai.com/v1"
# Local servers (Ollama, llama.cpp, vLLM) ignore the key but the SDK insists on one.
PLACEHOLDER_KEY: Final = "not-needed"
# Words in an error body that mean "this response_format is not supported", not "bad request".
_FORMAT_WORDS: Final = ("response_format", "json_schema", "json_object", "schema", "'text'")
_FORMAT_STATUSES: Final = frozenset({400, 422, 500, 501})


class OpenAIBackend:
    """Sends judge requests to ``base_url`` (None: OpenAI itself) with the run's runner."""

    def __init__(
        self,
        *,
        base_url: str | None,
        runner: AsyncRunner,
        timeout_s: float,
        max_retries: int,
        model: str,
    ) -> None:
        self._base_url = base_url
        self._runner = runner
        self._timeout_s = timeout_s
        self._max_retries = max_retries
        self._client: openai.AsyncOpenAI | None = None
        self.info = errors.ProviderInfo(
            provider="openai",
            api="OpenAI chat completions",
            key_variable=KEY_VARIABLE,
            endpoint=Endpoint.resolve(base_url, BASE_URL_VARIABLE, DEFAULT_BASE_URL),
            model=model,
            timeout_s=timeout_s,
            max_retries=max_retries,
        )

    @property
    def kind(self) -> str:
        return "openai"

    @property
    def where(self) -> str:
        """Which server this is, for remembering its structured-output support (redacted: it
        appears in messages)."""
        return self.info.endpoint.shown

    def complete(self, request: JudgeRequest) -> JudgeResponse:
        return self._runner.run(lambda: self.acomplete(request))

    def _get_client(self) -> openai.AsyncOpenAI:
        import openai

        if self._client is None:
            key = os.environ.get(KEY_VARIABLE)
            if not key:
                if self._base_url is None:
                    raise errors.missing_key(self.info)
                key = PLACEHOLDER_KEY
            self._client = openai.AsyncOpenAI(
                api_key=key,
                base_url=self.info.endpoint.url,
                timeout=self._timeout_s,
                max_retries=self._max_retries,
            )
            self._runner.on_close(self._client.close)
        return self._client

    def arguments(self, request: JudgeRequest) -> dict[str, Any]:
        """The keyword arguments of ``chat.completions.create`` for ``request``."""
        params = dict(request.params)
        mode = params.pop(PARAM, "prompt")
        max_tokens = params.pop("max_tokens", None)
        kwargs: dict[str, Any] = {
            "model": request.model,
            "messages": [{"role": m.role, "content": m.content} for m in request.messages],
            **params,
        }
        if max_tokens is not None:
            # OpenAI's newer models accept only max_completion_tokens; compatible servers
            # mostly know only max_tokens.
            kwargs["max_completion_tokens" if self._base_url is None else "max_tokens"] = max_tokens
        schema = request.output_schema
        if schema is not None and mode == "schema":
            kwargs["response_format"] = {
                "type": "json_schema",
                "json_schema": {
                    "name": str(schema.get("title", "output")),
                    "schema": strict_schema(schema),
                    "strict": True,
                },
            }
        elif schema is not None and mode == "json":
            kwargs["response_format"] = {"type": "json_object", "schema": schema}
        return kwargs

    async def acomplete(self, request: JudgeRequest) -> JudgeResponse:
        import openai

        client = self._get_client()
        mode = str(request.params.get(PARAM, "prompt"))
        try:
            completion = await client.chat.completions.create(**self.arguments(request))
        except openai.APIStatusError as exc:
            body = _error_text(exc)
            if (
                mode != "prompt"
                and exc.status_code in _FORMAT_STATUSES
                and any(word in body for word in _FORMAT_WORDS)
            ):
                raise StructuredOutputRejected(mode, self.info.redact(body)[:300]) from None
            raise errors.status_error(self.info, exc.status_code, body) from None
        except openai.APITimeoutError:
            raise errors.timeout_error(self.info) from None
        except openai.APIConnectionError as exc:
            raise errors.connection_error(self.info, exc) from None
        if not completion.choices:
            return JudgeResponse(text="", model=completion.model or request.model)
        choice = completion.choices[0]
        message = choice.message
        text = message.content or ""
        finish = choice.finish_reason
        if message.refusal:
            text, finish = message.refusal, "refusal"
        usage = completion.usage
        return JudgeResponse(
            text=text,
            model=completion.model or request.model,
            input_tokens=usage.prompt_tokens if usage else 0,
            output_tokens=usage.completion_tokens if usage else 0,
            finish_reason=finish,
        )


def _error_text(exc: openai.APIStatusError) -> str:
    body = exc.body
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and isinstance(inner.get("message"), str):
            return str(inner["message"])
        return str(body)
    return str(body) if body is not None else exc.message
