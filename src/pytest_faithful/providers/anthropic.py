"""The ``anthropic`` backend: Anthropic's messages API through the official SDK.

Structured output is a tool whose input schema is the requested output schema, with
``tool_choice`` forcing that tool; the tool input is the reply. A reply without the tool call
(a refusal, prose) passes through as text and is judged unusable by the judge's parser.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Final

from pytest_faithful.errors import JudgeError
from pytest_faithful.providers import errors, replies
from pytest_faithful.providers.base import JudgeRequest, JudgeResponse
from pytest_faithful.providers.deadline import (
    CallDeadlineExceeded,
    attempt_bound_client,
    call_bound,
    within,
)
from pytest_faithful.providers.endpoint import Endpoint
from pytest_faithful.providers.retry_after import refuse_long_waits
from pytest_faithful.providers.runner import AsyncRunner, Closer, imported

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


class _Block(replies.WireModel):
    type: str
    text: replies.Accessory[str] = None
    name: replies.Accessory[str] = None
    input: Any = None


class _Usage(replies.WireModel):
    input_tokens: replies.Accessory[int] = None
    output_tokens: replies.Accessory[int] = None
    cache_creation_input_tokens: replies.Accessory[int] = None
    cache_read_input_tokens: replies.Accessory[int] = None


class _Message(replies.WireModel):
    content: list[_Block]
    model: replies.Accessory[str] = None
    stop_reason: replies.Accessory[str] = None
    usage: replies.Accessory[_Usage] = None


def _tool_input(blocks: list[_Block]) -> Any:
    """The input of the answer tool's call; without one, of the only other tool call when the
    reply has no text (a gateway that renamed the tool): None when there is neither."""
    named = [b.input for b in blocks if b.type == "tool_use" and b.name == TOOL_NAME]
    if named:
        return named[-1]
    others = [b.input for b in blocks if b.type == "tool_use"]
    texts = [b.text for b in blocks if b.type == "text" and b.text and b.text.strip()]
    return others[0] if len(others) == 1 and not texts else None


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
        """The reply, from the runner's private loop (the calling thread waits)."""
        return self._runner.run(lambda: self._complete(request))

    async def acomplete(self, request: JudgeRequest) -> JudgeResponse:
        """The reply, awaited on the running loop, within the same concurrency limit."""
        await imported("anthropic")
        return await self._runner.limited(lambda: self._complete(request))

    def _new_client(self) -> tuple[anthropic.AsyncAnthropic, Closer]:
        import anthropic

        # Keys come only from the SDK's own variables, which it reads itself; without one
        # the SDK would go looking for profiles on disk, so fail here with the fix.
        if not (os.environ.get(KEY_VARIABLE) or os.environ.get(TOKEN_VARIABLE)):
            raise errors.missing_key(self.info)
        endpoint = self.info.endpoint
        client = anthropic.AsyncAnthropic(
            base_url=endpoint.sdk_url,
            default_headers=endpoint.headers or None,
            default_query=endpoint.query or None,
            timeout=self._timeout_s,
            max_retries=self._max_retries,
            http_client=attempt_bound_client(
                anthropic.DefaultAsyncHttpxClient,
                self._timeout_s,
                event_hooks={"response": [refuse_long_waits]},
            ),
        )
        # The SDK loads its resources' modules on their first use: here, in the worker thread
        # that makes a client for an awaited check, not on the check's loop at its first call.
        _ = client.messages.with_raw_response
        return client, client.close

    @staticmethod
    def arguments(request: JudgeRequest) -> dict[str, Any]:
        """The keyword arguments of ``messages.create`` for ``request``."""
        system = "\n\n".join(m.content for m in request.messages if m.role == "system")
        kwargs: dict[str, Any] = {
            "model": request.model,
            "max_tokens": int(request.params.get("max_tokens", 2048)),
            # A blank assistant turn (the empty reply a repair request repeats: a refusal, a
            # paused turn) is left out: the API refuses one with a 400, which would hide why
            # the reply could not be used. The request, and so its cache key, keeps it.
            "messages": [
                {"role": m.role, "content": m.content}
                for m in request.messages
                if m.role != "system" and (m.role != "assistant" or m.content.strip())
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

    async def _complete(self, request: JudgeRequest) -> JudgeResponse:
        # Failures come back from the helpers as values and are raised here, in a frame with
        # no local holding what the server sent: a traceback shown with its locals (pytest
        # --showlocals) must not show a key that an error body echoed.
        outcome = await self._exchange(request)
        if isinstance(outcome, JudgeError):
            raise outcome
        return outcome

    async def _send(self, request: JudgeRequest) -> tuple[bytes, str | None]:
        # One client per event loop: its connection pool belongs to the loop it was made on.
        client = await self._runner.loop_local(self, self._new_client)
        raw = await client.messages.with_raw_response.create(**self.arguments(request))
        return await raw.read(), raw.headers.get("content-type")

    async def _exchange(self, request: JudgeRequest) -> JudgeResponse | JudgeError:
        import anthropic

        try:
            bound = call_bound(self._timeout_s, self._max_retries)
            body, content_type = await within(bound, self._send(request))
        except anthropic.APIStatusError as exc:
            text = replies.error_text(exc.body, exc.message)
            return errors.status_error(self.info, exc.status_code, text, exc.response)
        except anthropic.APITimeoutError as exc:
            return errors.timeout_error(self.info, exc.request)
        except CallDeadlineExceeded:
            return errors.deadline_error(self.info)
        except anthropic.APIConnectionError as exc:
            return errors.connection_error(self.info, exc)
        except JudgeError as exc:
            return exc.with_traceback(None)
        except Exception as exc:
            # Whatever else the SDK or the HTTP stack raises is still a JudgeError: the check
            # is errored, not crashed.
            return errors.unexpected_error(self.info, exc)
        return self._read(body, content_type, request)

    def _read(
        self, body: bytes, content_type: str | None, request: JudgeRequest
    ) -> JudgeResponse | JudgeError:
        try:
            message = replies.parse_as(_Message, replies.read_json(body, content_type), "message")
            response = self._response(message, request)
        except replies.UnusableReply as exc:
            return errors.unusable_reply(self.info, str(exc))
        return replies.scrub(response, self.info.endpoint.secrets)

    @staticmethod
    def _response(message: _Message, request: JudgeRequest) -> JudgeResponse:
        tool_input = _tool_input(message.content)
        text = (
            replies.dumped(tool_input, "the tool input")
            if tool_input is not None
            else "".join(b.text or "" for b in message.content if b.type == "text")
        )
        stop = message.stop_reason
        usage = message.usage or _Usage()
        return JudgeResponse(
            text=text,
            model=message.model or request.model,
            input_tokens=replies.tokens(usage.input_tokens)
            + replies.tokens(usage.cache_creation_input_tokens)
            + replies.tokens(usage.cache_read_input_tokens),
            output_tokens=replies.tokens(usage.output_tokens),
            finish_reason=stop,
        )
