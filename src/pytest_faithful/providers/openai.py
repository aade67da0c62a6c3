"""The ``openai`` backend: OpenAI's chat completions API and any server that speaks it.

Owns the SDK client (``AsyncOpenAI``, created on first call in each event loop that calls),
the key, the base URL, timeouts and retries (the SDK's own, bounded by ``max_retries``), and the
translation of one :class:`JudgeRequest` into a chat-completions call and of the reply's body
into a :class:`JudgeResponse`. The request's ``params["structured_output"]`` says how to ask
for JSON: ``schema`` (strict json_schema), ``json`` (json_object carrying the schema) or
``prompt`` (no response_format).
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
from pytest_faithful.providers.endpoint import PARAM, Endpoint
from pytest_faithful.providers.errors import StructuredOutputRejected
from pytest_faithful.providers.runner import AsyncRunner, Closer, imported
from pytest_faithful.providers.schema import strict_schema

# The SDK is imported on first call, not with the judge: a run that replays from the cache (and
# every xdist worker of one) never pays its import, about a second on 2 cores.
if TYPE_CHECKING:
    import openai

KEY_VARIABLE: Final = "OPENAI_API_KEY"
BASE_URL_VARIABLE: Final = "OPENAI_BASE_URL"
DEFAULT_BASE_URL: Final = "https://api.openai.com/v1"
# Local servers (Ollama, llama.cpp, vLLM) ignore the key but the SDK insists on one. Not a
# secret: it is in no key variable, so redaction leaves text that holds it alone.
PLACEHOLDER_KEY: Final = "not-needed"
# Words in an error body that mean "this response_format is not supported", not "bad request",
# in any case: "Unsupported JSON Schema keyword", "Grammar compilation failed" (a server that
# turns the schema into a grammar), "Structured outputs are not supported by this model".
_FORMAT_WORDS: Final = (
    "response_format",
    "json_schema",
    "json_object",
    "schema",
    "'text'",
    "grammar",
    "structured output",
    "guided",
)
_FORMAT_STATUSES: Final = frozenset({400, 422, 500, 501})


class _Part(replies.WireModel):
    type: replies.Accessory[str] = None
    text: replies.Accessory[str] = None


class _Function(replies.WireModel):
    # A JSON string in OpenAI's wire format; some servers send the object itself.
    arguments: Any = None


class _ToolCall(replies.WireModel):
    function: replies.Accessory[_Function] = None


class _Message(replies.WireModel):
    # Some compatible servers send a list of typed parts instead of one string.
    content: str | list[_Part] | None = None
    refusal: replies.Accessory[str] = None
    # What a server's reasoning parser took out of the content (vLLM, llama.cpp, LM Studio:
    # ``reasoning_content``; newer vLLM and Ollama: ``reasoning``).
    reasoning_content: replies.Accessory[str] = None
    reasoning: replies.Accessory[str] = None
    tool_calls: replies.Accessory[list[_ToolCall]] = None


class _Choice(replies.WireModel):
    message: _Message
    finish_reason: replies.Accessory[str] = None


class _Usage(replies.WireModel):
    prompt_tokens: replies.Accessory[int] = None
    completion_tokens: replies.Accessory[int] = None


class _Completion(replies.WireModel):
    choices: list[_Choice]
    model: replies.Accessory[str] = None
    usage: replies.Accessory[_Usage] = None


# Typed parts that hold the model's thinking, not its answer (Mistral's "thinking" parts).
_THINKING_PARTS: Final = ("think", "reason")


def _answer_text(message: _Message) -> str:
    """Where the answer is: the content; else (content empty) the arguments of a tool call the
    server answered with; else the reasoning field, where a server's reasoning parser puts the
    whole output when the model never closed its thinking (vLLM's and llama.cpp's
    ``deepseek``/``qwen3`` parsers). JSON read from the reasoning is validated like any
    reply; reasoning beside a content is never read."""
    content = message.content
    if isinstance(content, list):
        content = "".join(
            part.text or ""
            for part in content
            if not any(word in (part.type or "").lower() for word in _THINKING_PARTS)
        )
    if content and content.strip():
        return content
    for call in message.tool_calls or ():
        arguments = call.function.arguments if call.function is not None else None
        if isinstance(arguments, str) and arguments.strip():
            return arguments
        if isinstance(arguments, (dict, list)) and arguments:
            return replies.dumped(arguments, "the tool call's arguments")
    return message.reasoning_content or message.reasoning or content or ""


def _may_need_no_key(endpoint: Endpoint) -> bool:
    """Whether to send the placeholder key when none is set: to a server the judge spec names
    (``openai:MODEL@URL``), or one on this machine named by ``OPENAI_BASE_URL`` (Ollama,
    llama.cpp). Another host in ``OPENAI_BASE_URL`` is likely a gateway that wants a key: the
    missing one is reported before any request."""
    return endpoint.source == "spec" or (endpoint.source == "environment" and endpoint.is_loopback)


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
        """The reply, from the runner's private loop (the calling thread waits)."""
        return self._runner.run(lambda: self._complete(request))

    async def acomplete(self, request: JudgeRequest) -> JudgeResponse:
        """The reply, awaited on the running loop, within the same concurrency limit."""
        await imported("openai")
        return await self._runner.limited(lambda: self._complete(request))

    def _new_client(self) -> tuple[openai.AsyncOpenAI, Closer]:
        import openai

        key = os.environ.get(KEY_VARIABLE)
        if not key:
            if not _may_need_no_key(self.info.endpoint):
                raise errors.missing_key(self.info)
            key = PLACEHOLDER_KEY
        endpoint = self.info.endpoint
        client = openai.AsyncOpenAI(
            api_key=key,
            base_url=endpoint.sdk_url,
            default_headers=endpoint.headers or None,
            default_query=endpoint.query or None,
            timeout=self._timeout_s,
            max_retries=self._max_retries,
            http_client=attempt_bound_client(openai.DefaultAsyncHttpxClient, self._timeout_s),
        )
        # The SDK loads its resources' modules on their first use: here, in the worker thread
        # that makes a client for an awaited check, not on the check's loop at its first call.
        _ = client.chat.completions.with_raw_response
        return client, client.close

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
        raw = await client.chat.completions.with_raw_response.create(**self.arguments(request))
        return raw.content, raw.headers.get("content-type")

    async def _exchange(self, request: JudgeRequest) -> JudgeResponse | JudgeError:
        import openai

        try:
            bound = call_bound(self._timeout_s, self._max_retries)
            body, content_type = await within(bound, self._send(request))
        except openai.APIStatusError as exc:
            return self._status_failure(exc, str(request.params.get(PARAM, "prompt")))
        except openai.APITimeoutError as exc:
            return errors.timeout_error(self.info, exc.request)
        except CallDeadlineExceeded:
            return errors.deadline_error(self.info)
        except openai.APIConnectionError as exc:
            return errors.connection_error(self.info, exc)
        except JudgeError as exc:
            return exc.with_traceback(None)
        except Exception as exc:
            # Whatever else the SDK or the HTTP stack raises is still a JudgeError: the check
            # is errored, not crashed.
            return errors.unexpected_error(self.info, exc)
        return self._read(body, content_type, request)

    def _status_failure(self, exc: openai.APIStatusError, mode: str) -> JudgeError:
        text = replies.error_text(exc.body, exc.message)
        if (
            mode != "prompt"
            and exc.status_code in _FORMAT_STATUSES
            and any(word in text.lower() for word in _FORMAT_WORDS)
        ):
            return StructuredOutputRejected(mode, self.info.redact(text)[:300])
        return errors.status_error(self.info, exc.status_code, text, exc.response)

    def _read(
        self, body: bytes, content_type: str | None, request: JudgeRequest
    ) -> JudgeResponse | JudgeError:
        try:
            completion = replies.parse_as(
                _Completion, replies.read_json(body, content_type), "chat completion"
            )
            response = self._response(completion, request)
        except replies.UnusableReply as exc:
            return errors.unusable_reply(self.info, str(exc))
        return replies.scrub(response, self.info.endpoint.secrets)

    @staticmethod
    def _response(completion: _Completion, request: JudgeRequest) -> JudgeResponse:
        model = completion.model or request.model
        if not completion.choices:
            # Nothing to read (e.g. a filtered prompt): the judge's parser calls that unusable
            # and asks once more.
            return JudgeResponse(text="", model=model)
        choice = completion.choices[0]
        message = choice.message
        text, finish = _answer_text(message), choice.finish_reason
        if message.refusal:
            text, finish = message.refusal, "refusal"
        usage = completion.usage or _Usage()
        return JudgeResponse(
            text=text,
            model=model,
            input_tokens=replies.tokens(usage.prompt_tokens),
            output_tokens=replies.tokens(usage.completion_tokens),
            finish_reason=finish,
        )
