"""A loopback HTTP server speaking OpenAI chat completions and Anthropic messages, with faults.

The real ``openai`` and ``anthropic`` clients talk to it. By default it answers like a careful
judge: each answer sentence is one claim, SUPPORTED with a verbatim quote when a passage holds
its text, else NOT_ENOUGH_INFO. Tests script faults per step (``extract``, ``verify``,
``single``; a repair request counts as its step) with :class:`Reply` objects, consumed in order;
``fallback`` answers every request no script does (a server that is always broken).
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Transform = Callable[[dict[str, Any]], Any]


@dataclass
class Reply:
    """One scripted answer. Unset fields mean: behave normally."""

    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    error: str = "scripted failure"  # the error message of a non-200 reply
    text: str | None = None  # the model's output text, instead of the careful answer
    transform: Transform | None = None  # applied to the careful answer's JSON object
    truncated: bool = False  # finish_reason "length" / stop_reason "max_tokens"
    refusal: str | None = None  # OpenAI's message.refusal
    delay: float = 0.0  # seconds before answering (timeouts)
    body: bytes | None = None  # sent as is, with `status` and `content_type`: broken bodies
    content_type: str = "application/json"
    envelope: Transform | None = None  # applied to the provider's whole reply object
    cut: bool = False  # send half the body (its full length announced), then close
    trickle: str | None = None  # "headers" or "body": that part sent one byte at a time
    trickle_s: float = 0.05  # seconds between two trickled bytes


def _numbered(text: str, tag: str) -> list[str]:
    return [line.split("] ", 1)[1] for line in text.splitlines() if line.startswith(f"[{tag} ")]


def _verdict(claim: str, passages: list[str]) -> dict[str, Any]:
    core = claim.strip().rstrip(".").strip()
    for i, passage in enumerate(passages, start=1):
        at = passage.lower().find(core.lower())
        if core and at >= 0:
            return {
                "label": "SUPPORTED",
                "reason": "The passage states it.",
                "evidence": passage[at : at + len(core)],
                "passage": i,
            }
    return {
        "label": "NOT_ENOUGH_INFO",
        "reason": "No passage says so.",
        "evidence": "",
        "passage": None,
    }


def _words(text: str) -> set[str]:
    return {w.strip(".,?!;:'\"").lower() for w in text.split() if len(w.strip(".,?!;:")) > 3}


def _question(prompt: str) -> str:
    first = prompt.splitlines()[0] if prompt else ""
    return first.removeprefix("Question: ")


def careful_answer(prompt: str) -> tuple[str, dict[str, Any]]:
    """(step, JSON object) a careful judge would give for the first user message ``prompt``.

    The metric prompts: a claim is relevant, a passage useful, when it shares a word of four
    letters or more with the question.
    """
    asked = _words(_question(prompt))
    if "Claims of the answer:" in prompt:
        return "relevance", {
            "noncommittal": False,
            "verdicts": [
                {"claim": i, "relevant": bool(_words(c) & asked), "reason": "word overlap"}
                for i, c in enumerate(_numbered(prompt, "claim"), start=1)
            ],
        }
    if "Retrieved passages, in ranked order:" in prompt:
        return "passages", {
            "verdicts": [
                {"passage": i, "useful": bool(_words(p) & asked), "reason": "word overlap"}
                for i, p in enumerate(_numbered(prompt, "passage"), start=1)
            ]
        }
    sentences = _numbered(prompt, "sentence")
    passages = _numbered(prompt, "passage")
    if sentences and passages:
        return "single", {
            "claims": [
                {"sentence": i, "claim": s, **_verdict(s, passages)}
                for i, s in enumerate(sentences, start=1)
            ]
        }
    if sentences:
        return "extract", {
            "claims": [{"sentence": i, "claim": s} for i, s in enumerate(sentences, start=1)]
        }
    claims = _numbered(prompt, "claim")
    return "verify", {
        "verdicts": [{"claim": i, **_verdict(c, passages)} for i, c in enumerate(claims, start=1)]
    }


class _Server(ThreadingHTTPServer):
    # socketserver listens with a backlog of 5: async tests gather more checks than that, each
    # opening a connection at once, and a dropped SYN is retried only a second later.
    request_queue_size = 64


class FakeLLMServer:
    """Serves on 127.0.0.1 (port chosen by the OS) until :meth:`close`."""

    def __init__(self, *, reject_formats: frozenset[str] = frozenset()) -> None:
        self.reject_formats = reject_formats  # "json_schema" / "json_object": refused like
        # llama-cpp-python's server refuses json_schema
        self.requests: list[tuple[str, dict[str, Any]]] = []
        self.authorizations: list[str | None] = []  # each request's Authorization header
        self.headers: list[dict[str, str]] = []  # each request's headers, names in lower case
        self.in_flight = 0
        self.max_in_flight = 0
        self.fallback: Reply | None = None
        self._scripts: dict[str, deque[Reply]] = {}
        self._lock = threading.Lock()
        self._httpd = _Server(("127.0.0.1", 0), self._handler())
        self._httpd.daemon_threads = True
        self._httpd.block_on_close = False
        # serve_forever sees close()'s shutdown only between two polls, so each test's teardown
        # waited out one (at 0.02 s, about 6 s over the suite's few hundred server tests). A
        # wake-up every 5 ms costs microseconds of CPU while the server lives.
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.005}, daemon=True
        )
        self._thread.start()

    @property
    def url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}"

    @property
    def count(self) -> int:
        return len(self.requests)

    def script(self, step: str, *replies: Reply) -> None:
        with self._lock:
            self._scripts.setdefault(step, deque()).extend(replies)

    def bodies(self) -> list[dict[str, Any]]:
        return [body for _, body in self.requests]

    def close(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    # -- request handling ---------------------------------------------------------------------

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                try:
                    with server._lock:
                        server.authorizations.append(self.headers.get("authorization"))
                        server.headers.append({k.lower(): v for k, v in self.headers.items()})
                    length = int(self.headers.get("content-length") or 0)
                    body = json.loads(self.rfile.read(length) or b"{}")
                    status, headers, payload = server._answer(self.path, body)
                    data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
                    cut = headers.pop(_CUT, None) is not None
                    trickle = headers.pop(_TRICKLE, None)
                    if trickle is not None:
                        self._trickle(status, headers, data, trickle)
                        return
                    self.send_response(status)
                    for name, value in {"content-type": "application/json", **headers}.items():
                        self.send_header(name, value)
                    self.send_header("content-length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data[: len(data) // 2] if cut else data)
                    self.close_connection = cut
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test)

            def _trickle(self, status: int, headers: dict[str, str], data: bytes, how: str) -> None:
                """A slow server: the head or the body one byte at a time, each one in time
                for any per-read timeout, the whole far too late."""
                part, _, pause = how.partition(":")
                fields = {"content-type": "application/json", **headers}
                fields["content-length"] = str(len(data))
                head = f"HTTP/1.1 {status} {self.responses[status][0]}\r\n" + "".join(
                    f"{name}: {value}\r\n" for name, value in fields.items()
                )
                slow, fast = (head.encode() + b"\r\n", data)
                if part == "body":
                    self.wfile.write(slow)
                    slow, fast = data, b""
                for i in range(len(slow)):
                    self.wfile.write(slow[i : i + 1])
                    self.wfile.flush()
                    time.sleep(float(pause))
                self.wfile.write(fast)
                self.close_connection = True

        return Handler

    def _answer(self, path: str, body: dict[str, Any]) -> tuple[int, dict[str, str], Any]:
        provider = "anthropic" if path.partition("?")[0].endswith("/messages") else "openai"
        with self._lock:
            self.requests.append((path, body))
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            return self._respond(provider, body)
        finally:
            with self._lock:
                self.in_flight -= 1

    def _respond(self, provider: str, body: dict[str, Any]) -> tuple[int, dict[str, str], Any]:
        messages = body.get("messages", [])
        first_user = next(m["content"] for m in messages if m["role"] == "user")
        step, answer = careful_answer(first_user)
        with self._lock:
            queue = self._scripts.get(step)
            reply = queue.popleft() if queue else self.fallback or Reply()
        if reply.delay:
            time.sleep(reply.delay)
        if provider == "anthropic" and (blank := _blank_turn(messages)) is not None:
            # As Anthropic's API does: a blank turn other than a final assistant one is refused.
            return 400, {}, _error(provider, f"messages.{blank}: {_BLANK_TURN}")
        fmt = (body.get("response_format") or {}).get("type")
        if fmt in self.reject_formats:
            # llama-cpp-python's server: HTTP 500 naming the response_format it takes.
            return (
                500,
                {"retry-after-ms": "1"},
                _error(provider, "response_format: Input should be 'text' or 'json_object'"),
            )
        headers = dict(reply.headers)
        if reply.cut:
            headers[_CUT] = "yes"
        if reply.trickle is not None:
            headers[_TRICKLE] = f"{reply.trickle}:{reply.trickle_s}"
        if reply.body is not None or reply.status != 200:
            if (reply.status >= 500 or reply.status == 429) and not _ASKS_A_WAIT & {
                name.lower() for name in headers
            }:
                # The SDKs honour a server's asked-for wait, so through the wire a retried
                # 429/5xx still takes the SDK's real retry path without its 0.5-8 s backoff.
                # A reply that names its own wait (a test of Retry-After) is sent as scripted:
                # retry-after-ms would take precedence over its retry-after.
                headers["retry-after-ms"] = "1"
            if reply.body is not None:
                headers["content-type"] = reply.content_type
                return reply.status, headers, reply.body
            return reply.status, headers, _error(provider, reply.error)
        if reply.transform is not None:
            answer = reply.transform(answer)
        if reply.text is not None:
            text = reply.text
        else:
            text = answer if isinstance(answer, str) else json.dumps(answer)
        prompt_tokens = sum(len(str(m["content"]).split()) for m in messages)
        if provider == "openai":
            whole = _openai(body, text, reply, prompt_tokens)
        else:
            whole = _anthropic(body, text, reply, prompt_tokens)
        return 200, headers, reply.envelope(whole) if reply.envelope is not None else whole


_CUT = "x-fake-cut"  # tells the handler to cut the body; never sent
_TRICKLE = "x-fake-trickle"  # tells the handler to trickle "headers" or "body"; never sent
_ASKS_A_WAIT = frozenset({"retry-after", "retry-after-ms"})


_BLANK_TURN = (
    "all messages must have non-empty content except for the optional final assistant message"
)


def _blank_turn(messages: list[dict[str, Any]]) -> int | None:
    """The index of the first message Anthropic's API refuses as empty, if any."""
    for i, message in enumerate(messages):
        content = message.get("content")
        final_assistant = i == len(messages) - 1 and message.get("role") == "assistant"
        if isinstance(content, str) and not content.strip() and not final_assistant:
            return i
    return None


def _error(provider: str, message: str) -> dict[str, Any]:
    if provider == "openai":
        return {"error": {"message": message, "type": "invalid_request_error", "code": None}}
    return {"type": "error", "error": {"type": "api_error", "message": message}}


def _openai(body: dict[str, Any], text: str, reply: Reply, prompt_tokens: int) -> Any:
    finish = "length" if reply.truncated else "stop"
    if reply.truncated:
        text = text[: len(text) // 2]
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": 0,
        "model": body.get("model", "fake"),
        "choices": [
            {
                "index": 0,
                "message": {
                    "role": "assistant",
                    "content": None if reply.refusal else text,
                    "refusal": reply.refusal,
                },
                "finish_reason": finish,
            }
        ],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": len(text.split()),
            "total_tokens": prompt_tokens + len(text.split()),
        },
    }


def _anthropic(body: dict[str, Any], text: str, reply: Reply, prompt_tokens: int) -> Any:
    tools = body.get("tools") or []
    block: dict[str, Any] = {"type": "text", "text": text}
    stop = "end_turn"
    if reply.truncated:
        block, stop = {"type": "text", "text": text[: len(text) // 2]}, "max_tokens"
    elif tools and re.fullmatch(r"\s*\{.*\}\s*", text, re.DOTALL):
        try:
            block = {
                "type": "tool_use",
                "id": "toolu_fake",
                "name": tools[0]["name"],
                "input": json.loads(text),
            }
            stop = "tool_use"
        except ValueError:  # JSONDecodeError, or a number json will not convert (4300+ digits)
            pass  # malformed JSON goes back as text, as from a model that skipped the tool
    return {
        "id": "msg_fake",
        "type": "message",
        "role": "assistant",
        "model": body.get("model", "fake"),
        "content": [block],
        "stop_reason": stop,
        "stop_sequence": None,
        "usage": {"input_tokens": prompt_tokens, "output_tokens": len(text.split())},
    }
