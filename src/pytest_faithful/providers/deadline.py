"""Deadlines for judge calls: each attempt, and the call with its retries.

The SDKs' ``timeout`` is the HTTP client's: it bounds each connect, each write and each read on
its own, so a server that sends its headers or body one byte at a time, each byte in time,
keeps an attempt going for as long as it likes. Two deadlines bound a call instead:

* **Each attempt** ends within ``timeout_s``, from asking for a connection to the last byte of
  the body. The SDK is given an HTTP client of its own default class whose ``send`` (the HTTP
  client's public method, which the SDK calls once per attempt) runs under that deadline and
  raises the HTTP library's ``TimeoutException`` when it passes: the SDK retries it like any
  timeout, and after its last retry raises ``APITimeoutError``.
* **The call**, retries and the waits between them included, ends within :func:`call_bound`:
  each attempt, the longest wait before a retry a run accepts (:data:`MAX_WAIT_S`: a
  ``Retry-After`` past it is not waited for) between two, and :data:`GRACE_S` for the SDK's
  own work. The SDKs' backoff is shorter (0.5 s doubling, at most 8 s): this asyncio deadline
  around the SDK's call holds the bound whatever the SDK does between attempts, and the grace
  lets an attempt's own deadline, the precise message, come first.
"""

from __future__ import annotations

import asyncio
import importlib
from collections.abc import Awaitable
from typing import Any, Final, TypeVar, cast

from pytest_faithful.providers.retry_after import MAX_WAIT_S

_T = TypeVar("_T")
OPTION: Final = "--faith-timeout"
GRACE_S: Final = 1.0
"""What a call's deadline allows beyond its attempts and waits, for the SDK's own work."""


def call_bound(timeout_s: float, max_retries: int) -> float:
    """The longest a judge call may take: every attempt, the longest wait between two, and
    :data:`GRACE_S`."""
    return (max_retries + 1) * timeout_s + max_retries * MAX_WAIT_S + GRACE_S


class CallDeadlineExceeded(Exception):
    """A whole judge call, retries included, outlived :func:`call_bound`."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"no reply within the call's deadline of {seconds:g}s")
        self.seconds = seconds


async def within(seconds: float, call: Awaitable[_T]) -> _T:
    """``await call``, cancelled when it takes longer than ``seconds``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    try:
        return await asyncio.wait_for(call, seconds)
    except asyncio.TimeoutError:
        # A TimeoutError the call raised itself, before the deadline, is the call's own.
        if loop.time() < deadline:
            raise
        raise CallDeadlineExceeded(seconds) from None


def attempt_bound_client(default_client: type[Any], timeout_s: float, **kwargs: Any) -> Any:
    """An instance of the SDK's ``default_client`` (its ``DefaultAsyncHttpxClient``: its
    connection limits, redirects and proxies from the environment) whose every request, body
    included, ends within ``timeout_s``. ``kwargs`` go to the client's constructor."""
    return _bounded(default_client)(attempt_s=timeout_s, **kwargs)


def _bounded(default_client: type[Any]) -> type[Any]:
    # The HTTP library the SDK uses (httpx, httpx2) is the one that defines its client's send:
    # its TimeoutException is what the SDK retries and reports as APITimeoutError.
    http = importlib.import_module(default_client.send.__module__.partition(".")[0])

    class AttemptBound(default_client):  # type: ignore[misc]
        """The SDK's HTTP client, with a deadline on every request it sends."""

        def __init__(self, *, attempt_s: float, **kwargs: Any) -> None:
            super().__init__(**kwargs)
            self._attempt_s = attempt_s

        async def send(self, request: Any, *, stream: bool = False, **kwargs: Any) -> Any:
            parent = cast(Any, super())

            async def attempt() -> Any:
                response = await parent.send(request, stream=True, **kwargs)
                if stream:
                    # Judge calls never stream: a caller that does reads the body itself,
                    # with the per-read timeout only.
                    return response
                try:
                    await response.aread()
                except BaseException:
                    await response.aclose()
                    raise
                return response

            try:
                return await within(self._attempt_s, attempt())
            except CallDeadlineExceeded:
                raise http.TimeoutException(
                    f"no complete reply within {self._attempt_s:g}s ({OPTION})", request=request
                ) from None

    AttemptBound.__name__ = AttemptBound.__qualname__ = f"AttemptBound{default_client.__name__}"
    return AttemptBound
