"""The ``anthropic`` backend: Anthropic's messages API through the official SDK.

Structured output is a tool whose input schema is the requested output schema, with
``tool_choice`` forcing that tool; the tool input is the reply. A reply without the tool call
(a refusal, prose) passes through as text and is judged unusable by the judge's parser.
"""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any, Final

from pytest_faithful.calls import JudgeRequest, JudgeResponse
from pytest_faithful.providers import errors
from pytest_faithful.providers.endpoint import Endpoint
from pytest_faithful.providers.runner import AsyncRunner

# The SDK is imported on first call, not with the judge: a run that replays from the cache (and
# every xdist worker of one) never pays its import, about a second on 2 cores.
if TYPE_CHECKING:
    import anthropic

KEY_VARIABLE: Final = "ANTHROPIC_API_KEY"
TOKEN_VARIABLE: Final = "ANTHROPIC_AUTH_TOKEN"
BASE_URL_VARIABLE: Final = "ANTHROPIC_BASE_URL"
DEFAULT_BASE_URL: Final = "https://api.anthropic.com"
TOOL_NAME: Final = "submit_answer"
# Stop reasons that mean the reply was cut short: never parsed as a complete answer.
_TRUNCATED: Final = frozenset({"max_tokens", "model_context_window_exceeded"})


class AnthropicBackend:
    """Sends judge requests to Anthropic (or a gateway at ``base_url``)."""

    def __init__(
        self,
        *,
        base_url: str | None,
        runner: AsyncRunner,
        timeout_s: float,
        max_retries: int,
        model: str,
    ) -> None:
        self._runner = runner
        self._timeout_s = timeout_s
        self._max_retries = max_retries
        self._client: anthropic.AsyncAnthropic | None = None
        self.info = errors.ProviderInfo(
            provider="anthropic",
            api="Anthropic messages",
            key_variable=KEY_VARIABLE,
            endpoint=Endpoint.resolve(base_url, BASE_URL_VARIABLE, DEFAULT_BASE_URL),
            model=model,
            timeout_s=timeout_s,
            max_retries=max_retries,
        )

    @property
    def kind(self) -> str:
        return "anthropic"

    def complete(self, request: JudgeRequest) -> JudgeResponse:
        return self._runner.run(lambda: self.acomplete(request))

    def _get_client(self) -> anthropic.AsyncAnthropic:
        import anthropic

        if self._client is None:
            # Keys come only from the SDK's own variables, which it reads itself; without one
            # the SDK would go looking for profiles on disk, so fail here with the fix.
            if not (os.environ.get(KEY_VARIABLE) or os.environ.get(TOKEN_VARIABLE)):
                raise errors.missing_key(self.info)
            self._client = anthropic.AsyncAnthropic(
                base_url=self.info.endpoint.url,
                timeout=self._timeout_s,
                max_retries=self._max_retries,
            )
            self._runner.on_close(self._client.close)
        return self._client

    @staticmethod
    def arguments(request: JudgeRequest) -> dict[str, Any]:
        """The keyword arguments of ``messages.create`` for ``request``."""
        system = "\n\n".join(m.content for m in request.messages if m.role == "system")
        kwargs: dict[str, Any] = {
            "model": request.model,
            "max_tokens": int(request.params.get("max_tokens", 2048)),
            "messages": [
                {"role": m.role, "content": m.content}
                for m in request.messages
                if m.role != "system"
            ],
        }
        if system:
            kwargs["system"] = system
        if request.output_schema is not None:
            kwargs["tools"] = [
                {
                    "name": TOOL_NAME,
                    "description": "Submit the answer in the required JSON shape.",
                    "input_schema": request.output_schema,
                }
            ]
            kwargs["tool_choice"] = {"type": "tool", "name": TOOL_NAME}
        return kwargs

    async def acomplete(self, request: JudgeRequest) -> JudgeResponse:
        import anthropic

        client = self._get_client()
        try:
            message = await client.messages.create(**self.arguments(request))
        except anthropic.APIStatusError as exc:
            text = exc.api_message or str(exc.body or exc.message)
            raise errors.status_error(self.info, exc.status_code, text) from None
        except anthropic.APITimeoutError:
            raise errors.timeout_error(self.info) from None
        except anthropic.APIConnectionError as exc:
            raise errors.connection_error(self.info, exc) from None
        tool_input: Any = None
        texts: list[str] = []
        for block in message.content:
            if block.type == "tool_use" and block.name == TOOL_NAME:
                tool_input = block.input
            elif block.type == "text":
                texts.append(block.text)
        text = (
            json.dumps(tool_input, ensure_ascii=False) if tool_input is not None else "".join(texts)
        )
        stop = message.stop_reason
        usage = message.usage
        return JudgeResponse(
            text=text,
            model=str(message.model or request.model),
            input_tokens=(
                usage.input_tokens
                + (usage.cache_creation_input_tokens or 0)
                + (usage.cache_read_input_tokens or 0)
            ),
            output_tokens=usage.output_tokens,
            finish_reason="max_tokens" if stop in _TRUNCATED else stop,
        )
