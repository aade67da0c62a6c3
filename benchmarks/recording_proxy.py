"""A recording reverse proxy for one OpenAI-compatible server: what each client's calls cost.

Every system under test talks to the same upstream server through this proxy, so requests and
tokens are counted the same way for all of them: tokens come from the ``usage`` object the
upstream server puts in its replies, never from a client library's own bookkeeping.

Clients tag themselves in the base URL they are given::

    http://127.0.0.1:PORT/c/<client>/<evaluation>/v1     ->  upstream /v1/...
    http://127.0.0.1:PORT/c/<client>/v1                  ->  evaluation ""
    http://127.0.0.1:PORT/v1                             ->  client "untagged"

so one proxy serves every system, and a system that builds one SDK client per example gets
per-example counts. ``GET /_exchanges`` returns everything recorded so far as JSON.

    python benchmarks/recording_proxy.py --upstream http://127.0.0.1:8080 --port 8090
"""

from __future__ import annotations

import argparse
import http.client
import json
import threading
import time
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

UNTAGGED = "untagged"
EXCHANGES_PATH = "/_exchanges"
# A llama.cpp reply on 2 CPU cores can take many minutes; the client decides when to give up.
UPSTREAM_TIMEOUT_S = 3600.0
# Headers that describe one hop, not the message; http.client sets its own.
HOP_HEADERS = frozenset(
    {"connection", "keep-alive", "transfer-encoding", "host", "content-length", "upgrade"}
)


@dataclass(frozen=True)
class Exchange:
    """One request as it passed through the proxy."""

    client: str
    evaluation: str
    method: str
    path: str  # upstream path, tag removed
    status: int  # 502 when the upstream server could not be reached
    started: float  # time.time()
    seconds: float
    prompt_tokens: int
    completion_tokens: int
    has_usage: bool  # False for a completion whose reply carried no usage object
    response_format: str | None  # "json_object", "json_schema", ... as the client asked
    finish_reason: str | None
    error: str | None  # upstream connection failure or the start of an HTTP error body

    @property
    def is_completion(self) -> bool:
        return self.path.rstrip("/").endswith("/completions")


def split_tag(path: str) -> tuple[str, str, str]:
    """``/c/ragas/ex-1/v1/chat/completions`` -> ("ragas", "ex-1", "/v1/chat/completions")."""
    parts = path.split("/")
    if len(parts) < 3 or parts[1] != "c":
        return UNTAGGED, "", path
    rest = parts[2:]
    if "v1" not in rest:
        return rest[0], "", "/" + "/".join(rest[1:])
    api = rest.index("v1")
    client = rest[0] if api > 0 else UNTAGGED
    evaluation = urllib.parse.unquote("/".join(rest[1:api]))
    return client, evaluation, "/" + "/".join(rest[api:])


class Recorder:
    """Thread-safe list of exchanges."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._exchanges: list[Exchange] = []

    def add(self, exchange: Exchange) -> None:
        with self._lock:
            self._exchanges.append(exchange)

    def exchanges(self, client: str | None = None) -> list[Exchange]:
        with self._lock:
            return [e for e in self._exchanges if client is None or e.client == client]


def usage_of(body: bytes) -> tuple[int, int, bool, str | None]:
    """Prompt tokens, completion tokens, whether a usage object was found, finish reason.

    Reads a JSON reply, or a server-sent-event stream whose chunks may carry usage (the last
    one does when the client asked for ``stream_options.include_usage``).
    """
    for payload in _json_payloads(body):
        usage = payload.get("usage")
        choices = payload.get("choices") or [{}]
        finish = choices[0].get("finish_reason") if isinstance(choices[0], dict) else None
        if isinstance(usage, dict):
            prompt = int(usage.get("prompt_tokens") or 0)
            completion = int(usage.get("completion_tokens") or 0)
            return prompt, completion, True, finish
    return 0, 0, False, None


def _json_payloads(body: bytes) -> Iterator[dict[str, Any]]:
    text = body.decode("utf-8", errors="replace")
    candidates = [text]
    if text.lstrip().startswith("data:"):  # a stream: newest chunk first, usage comes last
        candidates = [
            line[5:].strip() for line in reversed(text.splitlines()) if line.startswith("data:")
        ]
    for candidate in candidates:
        try:
            payload = json.loads(candidate)
        except ValueError:
            continue
        if isinstance(payload, dict):
            yield payload


def response_format_of(body: bytes) -> str | None:
    try:
        request = json.loads(body or b"{}")
    except ValueError:
        return None
    chosen = request.get("response_format") if isinstance(request, dict) else None
    return str(chosen.get("type")) if isinstance(chosen, dict) else None


class ProxyHandler(BaseHTTPRequestHandler):
    # Keep-alive, as the SDKs' connection pools expect; every reply carries Content-Length.
    protocol_version = "HTTP/1.1"
    server: ProxyServer

    def do_GET(self) -> None:
        if self.path == EXCHANGES_PATH:
            exchanges = [asdict(e) for e in self.server.recorder.exchanges()]
            self._reply(200, json.dumps(exchanges).encode(), "application/json")
        else:
            self._forward()

    def do_POST(self) -> None:
        self._forward()

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the recorder is the log."""

    def _forward(self) -> None:
        client, evaluation, path = split_tag(self.path)
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_HEADERS}
        started = time.time()
        clock = time.perf_counter()
        status, reply_headers, reply, error = self._call_upstream(path, body, headers)
        seconds = time.perf_counter() - clock
        prompt, completion, has_usage, finish = usage_of(reply)  # error bodies carry none
        if status >= 400 and error is None:
            error = reply[:300].decode("utf-8", errors="replace")
        self.server.recorder.add(
            Exchange(
                client=client,
                evaluation=evaluation,
                method=self.command,
                path=path,
                status=status,
                started=started,
                seconds=round(seconds, 4),
                prompt_tokens=prompt,
                completion_tokens=completion,
                has_usage=has_usage,
                response_format=response_format_of(body),
                finish_reason=finish,
                error=error,
            )
        )
        self._reply(status, reply, reply_headers.get("content-type", "application/json"))

    def _call_upstream(
        self, path: str, body: bytes, headers: dict[str, str]
    ) -> tuple[int, dict[str, str], bytes, str | None]:
        host, port = self.server.upstream
        connection = http.client.HTTPConnection(host, port, timeout=UPSTREAM_TIMEOUT_S)
        try:
            connection.request(self.command, path, body=body or None, headers=headers)
            response = connection.getresponse()
            reply = response.read()  # whole reply, streams included: counted, then passed on
            reply_headers = {k.lower(): v for k, v in response.getheaders()}
            return response.status, reply_headers, reply, None
        except OSError as exc:
            message = f"upstream unreachable: {exc!r}"
            return 502, {}, json.dumps({"error": {"message": message}}).encode(), message
        finally:
            connection.close()

    def _reply(self, status: int, body: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class ProxyServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, port: int, upstream: str, recorder: Recorder) -> None:
        super().__init__(("127.0.0.1", port), ProxyHandler)
        parsed = urllib.parse.urlsplit(upstream)
        if parsed.scheme != "http" or not parsed.hostname:
            raise ValueError(f"upstream must be http://HOST:PORT, got {upstream!r}")
        self.upstream = (parsed.hostname, parsed.port or 80)
        self.recorder = recorder

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def base_url(self, client: str, evaluation: str = "") -> str:
        """The OpenAI base URL (ending in /v1) that tags calls with client and evaluation."""
        tag = "/".join(urllib.parse.quote(p, safe="") for p in (client, evaluation) if p)
        return f"{self.url}/c/{tag}/v1"


@contextmanager
def recording_proxy(upstream: str, port: int = 0) -> Iterator[ProxyServer]:
    """A proxy serving in a background thread for the duration of the block."""
    server = ProxyServer(port, upstream, Recorder())
    thread = threading.Thread(target=server.serve_forever, name="recording-proxy", daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--upstream", required=True, help="e.g. http://127.0.0.1:8080")
    parser.add_argument("--port", type=int, default=8090)
    args = parser.parse_args(argv)
    server = ProxyServer(args.port, args.upstream, Recorder())
    print(f"recording proxy on {server.url} -> {args.upstream}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
