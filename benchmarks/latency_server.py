"""A loopback OpenAI-compatible chat-completions server with a fixed latency, for benchmarks.

It answers pytest-faithful's judge prompts (claim extraction, verification, single-call) with
valid JSON a careful judge would give: each answer sentence is one claim; a claim is SUPPORTED
with a verbatim quote when a passage contains its text, else NOT_ENOUGH_INFO. Every request
waits ``latency_s`` before its answer, on its own thread, so concurrent requests overlap the
way they do at a real provider. It counts requests and the most that were in flight at once.

    python benchmarks/latency_server.py --latency 0.3      # serve until Ctrl-C, print the URL

Only 127.0.0.1 is bound. The benchmarks start it in-process (``with LatencyServer(0.3) as s``)
and point the judge at ``openai:MODEL@{s.base_url}``.
"""

from __future__ import annotations

import argparse
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any

Json = dict[str, Any]


def _numbered(prompt: str, tag: str) -> list[str]:
    """The items of a ``[tag N] text`` list in a judge prompt, in order."""
    prefix = f"[{tag} "
    return [line.split("] ", 1)[1] for line in prompt.splitlines() if line.startswith(prefix)]


def _verdict(claim: str, passages: list[str]) -> Json:
    core = claim.strip().rstrip(".").strip()
    for number, passage in enumerate(passages, start=1):
        at = passage.lower().find(core.lower())
        if core and at >= 0:
            return {
                "label": "SUPPORTED",
                "reason": "The passage states it.",
                "evidence": passage[at : at + len(core)],  # verbatim, so the quote check holds
                "passage": number,
            }
    return {"label": "NOT_ENOUGH_INFO", "reason": "No passage says so.", "evidence": ""}


def judge_answer(prompt: str) -> Json:
    """The JSON object a careful judge returns for the first user message of a judge request.

    The metric prompts get every claim relevant and every passage useful.
    """
    if "Claims of the answer:" in prompt:  # answer relevancy
        claims = _numbered(prompt, "claim")
        return {
            "noncommittal": False,
            "verdicts": [
                {"claim": i, "relevant": True, "reason": "on topic"}
                for i in range(1, len(claims) + 1)
            ],
        }
    if "Retrieved passages, in ranked order:" in prompt:  # context precision
        passages = _numbered(prompt, "passage")
        return {
            "verdicts": [
                {"passage": i, "useful": True, "reason": "on topic"}
                for i in range(1, len(passages) + 1)
            ]
        }
    sentences = _numbered(prompt, "sentence")
    passages = _numbered(prompt, "passage")
    if sentences and passages:  # single-call: extract and verify at once
        return {
            "claims": [
                {"sentence": i, "claim": s, **_verdict(s, passages)}
                for i, s in enumerate(sentences, start=1)
            ]
        }
    if sentences:  # extraction
        return {"claims": [{"sentence": i, "claim": s} for i, s in enumerate(sentences, start=1)]}
    claims = _numbered(prompt, "claim")  # verification
    return {
        "verdicts": [{"claim": i, **_verdict(c, passages)} for i, c in enumerate(claims, start=1)]
    }


def completion(body: Json) -> Json:
    """A chat.completion object answering ``body`` (an OpenAI chat-completions request)."""
    messages = body.get("messages", [])
    prompt = next((str(m.get("content")) for m in messages if m.get("role") == "user"), "")
    text = json.dumps(judge_answer(prompt))
    prompt_tokens = sum(len(str(m.get("content", "")).split()) for m in messages)
    completion_tokens = len(text.split())
    return {
        "id": "chatcmpl-bench",
        "object": "chat.completion",
        "created": 0,
        "model": body.get("model", "bench-model"),
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": text, "refusal": None},
                "finish_reason": "stop",
            }
        ],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }


class _Server(ThreadingHTTPServer):
    # socketserver's listen backlog is 5: more clients connecting at once (checks gathered on
    # one loop open a connection each) would see their SYN dropped and retried a second later,
    # which a provider's server never makes them wait.
    request_queue_size = 128


class LatencyServer:
    """Serves on 127.0.0.1 (port chosen by the OS) from construction until :meth:`close`."""

    def __init__(self, latency_s: float = 0.0) -> None:
        self.latency_s = latency_s
        self.calls = 0
        self.in_flight = 0
        self.max_in_flight = 0
        self._lock = threading.Lock()
        self._httpd = _Server(("127.0.0.1", 0), self._handler_class())
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()

    @property
    def base_url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    def reset_counts(self) -> None:
        with self._lock:
            self.calls = self.max_in_flight = 0

    def close(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def __enter__(self) -> LatencyServer:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def answer(self, body: Json) -> Json:
        with self._lock:
            self.calls += 1
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            time.sleep(self.latency_s)  # the provider's time to first (and last) byte
            return completion(body)
        finally:
            with self._lock:
                self.in_flight -= 1

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            # HTTP/1.1 keeps the SDK's connections alive, as a real provider does; a new TCP
            # connection per request would add loopback handshakes to every measured call.
            protocol_version = "HTTP/1.1"
            # Headers and body go out in two writes; with Nagle's algorithm the second waits
            # for the client's delayed ACK, adding ~40 ms to every call on loopback.
            disable_nagle_algorithm = True

            def log_message(self, format: str, *args: Any) -> None:
                pass  # thousands of requests per benchmark; the counts are what matter

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                if not self.path.endswith("/chat/completions"):
                    self._send(404, {"error": {"message": f"no route {self.path}"}})
                    return
                self._send(200, server.answer(body))

            def _send(self, status: int, payload: Json) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        return Handler


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=0.3, help="seconds per request")
    args = parser.parse_args()
    with LatencyServer(args.latency) as server:
        print(f"judge spec: openai:bench-model@{server.base_url}  (Ctrl-C to stop)", flush=True)
        try:
            while True:
                time.sleep(1)
        except KeyboardInterrupt:
            print(f"\n{server.calls} requests, at most {server.max_in_flight} in flight")


if __name__ == "__main__":
    main()
