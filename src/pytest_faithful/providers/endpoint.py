"""Where a provider's requests go, where that was configured, and the secrets its URL carries.

A base URL comes from the judge spec (``openai:MODEL@URL``), else from the SDK's own variable
(``OPENAI_BASE_URL``, ``ANTHROPIC_BASE_URL``), else it is the provider's API. Error messages
say which, so that the fix they suggest is the setting that was actually used. A URL may
carry ``user:password@``: it is shown redacted, and the credentials are secrets to remove
wherever they appear.
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final, Literal
from urllib.parse import unquote, urlsplit

from pytest_faithful.redaction import redact

# How a request asks an OpenAI-compatible server for JSON (``params[PARAM]``).
WireMode = str
WIRE_MODES: Final[tuple[WireMode, ...]] = ("schema", "json", "prompt")
PARAM: Final = "structured_output"

Source = Literal["spec", "environment", "default"]


@dataclass(frozen=True)
class Endpoint:
    """The base URL of one backend. ``url`` is what the SDK is given (None: its default)."""

    url: str | None = field(repr=False)
    source: Source
    variable: str
    """The SDK's base URL variable (``OPENAI_BASE_URL``), named when the URL came from it."""
    default: str
    """The provider's own API, for messages when no base URL is configured."""
    secrets: tuple[str, ...] = field(default=(), repr=False)
    """Credentials found in ``url``, removed from every message and reply like API keys."""

    @classmethod
    def resolve(
        cls,
        spec_url: str | None,
        variable: str,
        default: str,
        environ: Mapping[str, str] | None = None,
    ) -> Endpoint:
        env = os.environ if environ is None else environ
        # Resolved once and passed to the SDK explicitly, so the URL in messages is the one
        # the SDK used even if the environment changes later in the run.
        if spec_url:
            return cls(spec_url, "spec", variable, default, _url_secrets(spec_url))
        from_env = env.get(variable)
        if from_env:
            return cls(from_env, "environment", variable, default, _url_secrets(from_env))
        return cls(None, "default", variable, default)

    @property
    def shown(self) -> str:
        """The URL with any credentials redacted."""
        return redact(self.url, self.secrets) if self.url else self.default

    @property
    def is_loopback(self) -> bool:
        """Whether the URL names this machine: ``localhost``, ``127.x.x.x`` or ``::1``."""
        if self.url is None:
            return False
        try:
            host = urlsplit(self.url).hostname
        except ValueError:
            return False
        if host is None:
            return False
        if host == "localhost" or host.endswith(".localhost"):
            return True
        try:
            return ipaddress.ip_address(host).is_loopback
        except ValueError:
            return False

    @property
    def where(self) -> str:
        """The URL and where it came from, for error messages."""
        if self.source == "spec":
            return f"{self.shown} (base URL from the judge spec)"
        if self.source == "environment":
            return f"{self.shown} (base URL from {self.variable})"
        return self.shown

    @property
    def setting(self) -> str:
        """How to change the base URL that is in use."""
        if self.source == "spec":
            return "the base URL in the judge spec (--faith-judge or faith_judge)"
        if self.source == "environment":
            return (
                f"{self.variable} in the environment (the SDK reads it when the judge spec "
                "names no base URL)"
            )
        return "the network connection and any proxy settings (HTTPS_PROXY)"


def _url_secrets(url: str) -> tuple[str, ...]:
    """The password of ``url`` (or its user, when that is all it has, as in ``TOKEN@host``)."""
    try:
        parts = urlsplit(url)
        user, password = parts.username, parts.password
    except ValueError:
        return ()
    found = [password] if password else [user] if user else []
    values = {value for raw in found if raw for value in (raw, unquote(raw))}
    return tuple(sorted(values))
