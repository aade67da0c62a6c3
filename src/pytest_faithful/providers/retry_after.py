"""How long a server may ask a test run to wait before a retry.

A 429 or 503 may carry ``Retry-After`` (seconds or an HTTP date) or ``retry-after-ms``. The
openai SDK does not retry when the wait asked for is over two minutes; the anthropic SDK sleeps
for whatever it is asked, up to 49 days, with no deadline of its own, so one check of a run
would hang. :func:`refuse_long_waits` gives the anthropic client the openai SDK's rule through
the HTTP client's public response hook: such a response carries ``x-should-retry: false``, which
both SDKs obey, and the check ends in a JudgeError that says what the server asked.
"""

from __future__ import annotations

import email.utils
import math
import time
from collections.abc import Mapping
from typing import Final, Protocol

MAX_WAIT_S: Final = 120.0
"""The longest wait before a retry that a run accepts (the openai SDK's bound)."""


class _Response(Protocol):
    @property
    def headers(self) -> Mapping[str, str]: ...


def wait_asked(headers: Mapping[str, str]) -> float | None:
    """The seconds a response asks to wait before a retry, or None when it does not say."""
    milliseconds = headers.get("retry-after-ms")
    if milliseconds is not None:
        try:
            return float(milliseconds) / 1000
        except ValueError:
            pass
    seconds = headers.get("retry-after")
    if seconds is None:
        return None
    try:
        return float(seconds)
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(seconds)
    except (TypeError, ValueError):
        return None
    return when.timestamp() - time.time()


def too_long(wait: float | None) -> bool:
    return wait is not None and (math.isnan(wait) or wait > MAX_WAIT_S)


async def refuse_long_waits(response: _Response) -> None:
    """An HTTP client response hook: no retry after a wait longer than :data:`MAX_WAIT_S`."""
    if too_long(wait_asked(response.headers)):
        response.headers["x-should-retry"] = "false"  # type: ignore[index]
