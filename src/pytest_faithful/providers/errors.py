"""Provider failures as JudgeErrors that say what to fix, with no credential in them.

The SDKs have already retried what is worth retrying (429, 5xx, timeouts, connection errors)
when an exception reaches here, so every failure is final. Authentication and permission errors
never include the server's text: providers echo (part of) the key there. Everything else is
passed through :func:`redact`, which removes the values of the key variables and anything
shaped like an API key.
"""

from __future__ import annotations

from dataclasses import dataclass

from pytest_faithful.errors import JudgeError
from pytest_faithful.redaction import SECRET_VARIABLES, redact
from pytest_faithful.report.failure import shorten

__all__ = ["SECRET_VARIABLES", "ProviderInfo", "redact"]


@dataclass(frozen=True)
class ProviderInfo:
    """What an error message needs to name: provider, key variable, where, and the limits."""

    provider: str
    key_variable: str
    base_url: str | None
    model: str
    timeout_s: float
    max_retries: int

    @property
    def where(self) -> str:
        return self.base_url or f"the {self.provider} API"


def missing_key(info: ProviderInfo) -> JudgeError:
    return JudgeError(
        f"{info.provider} judge: no API key. Set {info.key_variable} in the environment (keys "
        "are read only from there), or replay recorded calls with --faith-record-mode=none."
    )


def status_error(info: ProviderInfo, status: int, server_message: str) -> JudgeError:
    """The JudgeError for an HTTP error status that the SDK did not (or no longer) retry."""
    p, retries = info.provider, info.max_retries
    detail = shorten(redact(server_message), 300)
    if status == 401:
        text = (
            f"{p} rejected the API key (HTTP 401 from {info.where}): set a valid key in "
            f"{info.key_variable}"
        )
    elif status == 403:
        text = (
            f"{p} denied access (HTTP 403 from {info.where}): the key in {info.key_variable} "
            f"may not use model {info.model!r}"
        )
    elif status == 404:
        text = (
            f"{p} does not know this endpoint or model (HTTP 404 from {info.where}): check "
            f"the model {info.model!r} and the base URL in the judge spec: {detail}"
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


def timeout_error(info: ProviderInfo) -> JudgeError:
    return JudgeError(
        f"{info.provider}: no answer from {info.where} within {info.timeout_s:g}s, "
        f"{info.max_retries} retries included: raise --faith-timeout or --faith-max-retries"
    )


def connection_error(info: ProviderInfo, cause: BaseException) -> JudgeError:
    reason = redact(str(cause.__cause__ or cause))
    return JudgeError(
        f"{info.provider}: cannot reach {info.where} ({shorten(reason, 200)}), "
        f"{info.max_retries} retries included: check the base URL in the judge spec and "
        "that the server is running"
    )
