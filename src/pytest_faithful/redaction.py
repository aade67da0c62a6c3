"""Removing credentials from any text that may leave the process.

Providers and proxies echo keys, or their tails, in error bodies; a base URL can carry
``user:password@``. Every message of a :class:`~pytest_faithful.errors.JudgeError` passes
through :func:`redact`, and so does anything else that reaches output, reports or the cache.

What is removed:

* every run of :data:`FRAGMENT` or more characters that also occurs in the value of a key
  variable (:data:`SECRET_VARIABLES`) or in an extra secret the caller names, so a key's tail
  echoed as ``...a1b2c3d4`` is gone as well as the whole key (shorter secrets are removed
  whole);
* tokens shaped like API keys (``sk-...``, ``sk-ant-...``, ``key-...``), masked ones too, with
  the tail a provider shows (``sk-proj-****abcd``, ``sk-...abcd``: a tail shorter than a
  fragment is still part of the key);
* the user and password part of a URL (``https://user:pass@host`` -> ``https://<redacted>@host``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from typing import Final

SECRET_VARIABLES: Final = ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN")
FRAGMENT: Final = 6
"""The shortest run of a secret's characters that is removed wherever it appears. Six
characters of a random key are one in 62**6 (5.7e10): a text holds one by chance about never,
and a proxy that echoes "...a1b2c3" has leaked that much."""
MASK: Final = "<redacted>"

_KEY_SHAPED = re.compile(
    r"\b(?:sk|key|sess|org)-(?:[A-Za-z0-9_\-]{6,}|[A-Za-z0-9_\-]*(?:\*+|\.{3}|\u2026)[A-Za-z0-9_\-]*)"
)
_URL_CREDENTIALS = re.compile(r"(?P<scheme>\b[A-Za-z][A-Za-z0-9+.\-]*://)[^\s/@?#]+@")
# Short secrets (test keys, tokens of local servers) are removed whole; shorter than this they
# would match ordinary words.
_MIN_WHOLE: Final = 4


def secret_values(extra: Iterable[str] = ()) -> list[str]:
    """The secrets to remove: the key variables' values and ``extra``, longest first."""
    values = {os.environ.get(name, "") for name in SECRET_VARIABLES}
    values.update(extra)
    return sorted((v for v in values if len(v) >= _MIN_WHOLE), key=len, reverse=True)


def _fragment_spans(text: str, secrets: Iterable[str]) -> list[tuple[int, int]]:
    """Spans of ``text`` covered by some FRAGMENT-long run of a secret's characters."""
    grams: set[str] = set()
    for secret in secrets:
        if len(secret) >= FRAGMENT:
            grams.update(secret[i : i + FRAGMENT] for i in range(len(secret) - FRAGMENT + 1))
    if not grams:
        return []
    spans: list[tuple[int, int]] = []
    for i in range(len(text) - FRAGMENT + 1):
        if text[i : i + FRAGMENT] in grams:
            end = i + FRAGMENT
            if spans and i <= spans[-1][1]:
                spans[-1] = (spans[-1][0], end)
            else:
                spans.append((i, end))
    return spans


def redact(text: str, secrets: Iterable[str] = ()) -> str:
    """``text`` with no secret, secret fragment, key-shaped token or URL credential in it."""
    values = secret_values(secrets)
    for value in values:
        if len(value) < FRAGMENT:
            text = text.replace(value, MASK)
    spans = _fragment_spans(text, values)
    if spans:
        pieces: list[str] = []
        last = 0
        for start, end in spans:
            pieces.extend((text[last:start], MASK))
            last = end
        pieces.append(text[last:])
        text = "".join(pieces)
    text = _KEY_SHAPED.sub(MASK, text)
    return _URL_CREDENTIALS.sub(lambda m: f"{m['scheme']}{MASK}@", text)


def echoes_secret(text: str, secrets: Iterable[str] = ()) -> bool:
    """Whether ``text`` holds a FRAGMENT-long run of a secret at least that long (the key
    variables' values and ``secrets``): the test for rewriting a reply before it is recorded."""
    return bool(_fragment_spans(text, secret_values(secrets)))
