"""Where a provider's requests go, where that was configured, and the secrets its URL carries.

A base URL comes from the judge spec (``openai:MODEL@URL``), else from the SDK's own variable
(``OPENAI_BASE_URL``, ``ANTHROPIC_BASE_URL``), else it is the provider's API. Error messages
say which, so that the fix they suggest is the setting that was actually used.

A URL may carry credentials: ``user:password@`` or ``TOKEN@``, a key in the query
(``?key=...``) or in the path. The SDK never gets them inside its base URL, where the HTTP
stack and the SDKs would log them: the user info becomes an ``Authorization: Basic`` header
(what the HTTP stack made of it before), the query goes to the SDK as default query
parameters (a base URL with a query breaks the SDKs' URLs: the path lands after it). A key in
the path stays where the server reads it. All of them are secrets, removed wherever they
appear (:func:`pytest_faithful.redaction.url_secrets`), log records included.
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final, Literal
from urllib.parse import parse_qsl, urlsplit, urlunsplit

from pytest_faithful.redaction import basic_token, redact, url_secrets

# How a request asks an OpenAI-compatible server for JSON (``params[PARAM]``).
WireMode = str
WIRE_MODES: Final[tuple[WireMode, ...]] = ("schema", "json", "prompt")
PARAM: Final = "structured_output"

Source = Literal["spec", "environment", "default"]


@dataclass(frozen=True)
class Endpoint:
    """The base URL of one backend as configured (None: the SDK's default). The SDK is given
    :attr:`sdk_url`, :attr:`headers` and :attr:`query`."""

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
            return cls(spec_url, "spec", variable, default, url_secrets(spec_url))
        from_env = env.get(variable)
        if from_env:
            return cls(from_env, "environment", variable, default, url_secrets(from_env))
        return cls(None, "default", variable, default)

    @property
    def sdk_url(self) -> str | None:
        """The base URL for the SDK: no user info, no query, no fragment. A URL that cannot be
        read is passed on as it is, for the SDK to refuse (its error is redacted)."""
        if self.url is None:
            return None
        try:
            parts = urlsplit(self.url)
            host = parts.netloc.rpartition("@")[2]
        except ValueError:
            return self.url
        return urlunsplit((parts.scheme, host, parts.path, "", ""))

    @property
    def headers(self) -> dict[str, str]:
        """``Authorization: Basic`` for a URL's user info (``user:password@``; ``TOKEN@`` is a
        user with an empty password), as the HTTP stack sent it when it was in the URL."""
        try:
            parts = urlsplit(self.url or "")
            user, password = parts.username, parts.password
        except ValueError:
            return {}
        if user is None and password is None:
            return {}
        return {"Authorization": f"Basic {basic_token(user or '', password or '')}"}

    @property
    def query(self) -> dict[str, str]:
        """The URL's query parameters, sent with every request."""
        try:
            return dict(parse_qsl(urlsplit(self.url or "").query, keep_blank_values=True))
        except ValueError:
            return {}

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
