"""Provider failures as JudgeErrors that say what to fix, with no credential in them.

The SDKs have already retried what is worth retrying (429, 5xx, timeouts, connection errors)
when an exception reaches here, so every failure is final. A judge that cannot answer at all
(no key, a rejected key, a server that cannot be reached) raises
:class:`UnavailableJudgeError`, which the backend's fail-fast latch remembers.

Authentication and permission errors never include the server's text: providers echo (part
of) the key there. Everything else is passed through :func:`redact` with the secrets of the
base URL, which removes those, the key variables' values (fragments included) and anything
shaped like an API key.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pytest_faithful.errors import JudgeError, UnavailableJudgeError, shorten
from pytest_faithful.providers.deadline import GRACE_S, call_bound
from pytest_faithful.providers.endpoint import Endpoint, WireMode
from pytest_faithful.providers.retry_after import MAX_WAIT_S, too_long, wait_asked
from pytest_faithful.redaction import SECRET_VARIABLES, redact

__all__ = ["SECRET_VARIABLES", "ProviderInfo", "redact"]

DETAIL_CHARS = 300
"""How much of a server's own message an error quotes."""


@dataclass(frozen=True)
class ProviderInfo:
    """What an error message needs to name: provider, key variable, where, and the limits."""

    provider: str
    api: str
    """The wire protocol, as users know it ("OpenAI chat completions")."""
    key_variable: str
    endpoint: Endpoint
    model: str
    timeout_s: float
    max_retries: int

    @property
    def where(self) -> str:
        return self.endpoint.where

    def redact(self, text: str) -> str:
        """``text`` without the key variables' values nor the base URL's credentials."""
        return redact(text, self.endpoint.secrets)

    def describe(self, exc: BaseException, width: int = 200) -> str:
        """``Type: detail`` of ``exc``, shortened and redacted."""
        exc = _innermost(exc)
        detail = shorten(self.redact(str(exc)), width).rstrip(".")
        return f"{type(exc).__name__}: {detail}" if detail else type(exc).__name__


def _innermost(exc: BaseException) -> BaseException:
    # An exception group (from the HTTP stack's task groups) says only how many errors it
    # holds; its first member says what went wrong.
    members = getattr(exc, "exceptions", None)
    while isinstance(members, tuple) and members and isinstance(members[0], BaseException):
        exc = members[0]
        members = getattr(exc, "exceptions", None)
    return exc


def missing_key(info: ProviderInfo) -> UnavailableJudgeError:
    return UnavailableJudgeError(
        f"{info.provider} judge: no API key. Set {info.key_variable} in the environment (keys "
        "are read only from there), or replay recorded calls with --faith-record-mode=none."
    )


def retries_taken(response: Any, default: int) -> int:
    """How many retries the SDK made before ``response`` (an HTTP response): both SDKs say so
    in a header of the request they sent; ``default`` when it cannot be read."""
    return retries_before(getattr(response, "request", None), default)


def retries_before(request: Any, default: int) -> int:
    """How many retries the SDK made before it sent ``request`` (an HTTP request), from the
    header both SDKs add; ``default`` when it cannot be read."""
    try:
        return int(request.headers["x-stainless-retry-count"])
    except Exception:  # no request, no header, not a number: the configured count
        return default


def status_error(
    info: ProviderInfo, status: int, server_message: str, response: Any = None
) -> JudgeError:
    """The JudgeError for an HTTP error status that the SDK did not (or no longer) retry."""
    p = info.provider
    retries = info.max_retries if response is None else retries_taken(response, info.max_retries)
    detail = shorten(info.redact(server_message), DETAIL_CHARS)
    wait = None if response is None else wait_asked(response.headers)
    if status in (429, 503) and too_long(wait):
        return JudgeError(
            f"{p} asked to wait {_seconds(wait)} before a retry (HTTP {status} from "
            f"{info.where}), more than the {MAX_WAIT_S:g}s a run waits; {retries} retries "
            f"made: {detail}"
        )
    if status == 401:
        return UnavailableJudgeError(
            f"{p} rejected the API key (HTTP 401 from {info.where}): set a valid key in "
            f"{info.key_variable}"
        )
    if status == 403:
        return UnavailableJudgeError(
            f"{p} denied access (HTTP 403 from {info.where}): the key in {info.key_variable} "
            f"may not use model {info.model!r}"
        )
    if status == 404:
        text = (
            f"{p} does not know this endpoint or model (HTTP 404 from {info.where}): check "
            f"the model {info.model!r} and {info.endpoint.setting}: {detail}"
        )
    elif status == 429:
        text = (
            f"{p} kept rate-limiting after {retries} retries (HTTP 429 from {info.where}): "
            f"lower --faith-max-concurrency or raise --faith-max-retries: {detail}"
        )
    elif status >= 500:
        text = (
            f"{p} server error after {retries} retries (HTTP {status} from {info.where}): {detail}"
        )
    else:
        text = (
            f"{p} refused the request (HTTP {status} from {info.where}): {detail}; check the "
            f"model {info.model!r} in the judge spec (--faith-judge)"
        )
    return JudgeError(text)


def _seconds(wait: float | None) -> str:
    return "an unreadable time" if wait is None or wait != wait else f"{wait:.0f}s"


def timeout_error(info: ProviderInfo, request: Any = None) -> UnavailableJudgeError:
    """The SDK's timeout after its last retry: every attempt outlived its deadline (connect,
    headers and body within --faith-timeout). A server that gives no complete reply that many
    times is treated as down, like one that cannot be reached: later checks fail at once."""
    retries = retries_before(request, info.max_retries)
    return UnavailableJudgeError(
        f"{info.provider}: no complete reply from {info.where} within --faith-timeout="
        f"{info.timeout_s:g}s, in {_each(retries + 1)} ({retries} retries made). Each "
        "attempt (connect, headers, body) must end within --faith-timeout (faith_timeout): "
        "raise it if the server is only slow, or check that it is answering"
    )


def _attempts(count: int) -> str:
    return "1 attempt" if count == 1 else f"{count} attempts"


def _each(count: int) -> str:
    return "its one attempt" if count == 1 else f"each of {count} attempts"


def deadline_error(info: ProviderInfo) -> UnavailableJudgeError:
    """The whole call, retries and the waits between them, outlived its deadline."""
    bound = call_bound(info.timeout_s, info.max_retries)
    return UnavailableJudgeError(
        f"{info.provider}: no reply from {info.where} within the call's deadline of {bound:g}s "
        f"({_attempts(info.max_retries + 1)} of --faith-timeout={info.timeout_s:g}s, up to "
        f"{MAX_WAIT_S:g}s between two, {GRACE_S:g}s of grace): raise --faith-timeout "
        "(faith_timeout) or --faith-max-retries if the server is only slow, or check that it is "
        "answering"
    )


# What the HTTP stack raises when a server accepted the connection and then broke its reply
# (a body cut short, a body that does not decode, a bad status line, a reset while reading):
# it may answer the next request. Any other connection error (refused, no such host, an
# unusable URL) means the judge is down. Read by name: the two SDKs ship different HTTP stacks.
_BROKEN_REPLY = frozenset({"RemoteProtocolError", "DecodingError", "ReadError"})


def connection_error(info: ProviderInfo, exc: BaseException) -> JudgeError:
    """The JudgeError for an SDK connection error: UnavailableJudgeError only when no
    connection could be made; a server that answered and broke its reply (a body cut short, a
    wrong encoding, a bad status line) may answer the next request, so it is not latched."""
    cause = exc.__cause__
    reason = info.describe(cause or exc)
    if cause is None or not _BROKEN_REPLY & {c.__name__ for c in type(cause).__mro__}:
        return UnavailableJudgeError(
            f"{info.provider}: cannot reach {info.where}: {reason}; {info.max_retries} retries "
            f"included. Check {info.endpoint.setting} and that the server is running"
        )
    return JudgeError(
        f"{info.provider}: the reply from {info.where} broke off or could not be decoded: "
        f"{reason}; {info.max_retries} retries included. The server answered, so later checks "
        "still ask it"
    )


def unusable_reply(info: ProviderInfo, problem: str) -> JudgeError:
    """A reply with a success status whose body is not what the API sends."""
    return JudgeError(
        f"{info.provider}: unusable reply from {info.where}: {info.redact(problem)}. A server "
        f"speaking the {info.api} API sends a JSON object there: check {info.endpoint.setting} "
        "(a proxy or login page may be answering instead)"
    )


def unexpected_error(info: ProviderInfo, exc: BaseException) -> JudgeError:
    """Anything else the SDK raised: still a JudgeError, never another exception."""
    return JudgeError(
        f"{info.provider}: the {info.provider} SDK failed on the request to {info.where}: "
        f"{info.describe(exc)}. Check {info.endpoint.setting} (a malformed URL fails this "
        "way) and the judge options"
    )


class StructuredOutputRejected(JudgeError):
    """The server refused the way a request asked for JSON (not the request's content)."""

    def __init__(self, mode: WireMode, detail: str) -> None:
        super().__init__(f"the server does not accept structured output mode {mode!r}: {detail}")
        self.mode = mode
        self.detail = detail
