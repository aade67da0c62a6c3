"""Cache keys: the sha256 hex digest of a request (:meth:`JudgeRequest.cache_key`), nothing else."""

from __future__ import annotations

from typing import Final

_HEX_DIGITS: Final = frozenset("0123456789abcdef")


def is_key(text: object) -> bool:
    """Whether ``text`` has the shape of a request hash: 64 lower-case hex digits."""
    return isinstance(text, str) and len(text) == 64 and _HEX_DIGITS.issuperset(text)


def check_key(key: str) -> None:
    """Refuse anything but a request hash (a programming error, never data from disk)."""
    # The key is not echoed: whatever was passed by mistake might be a secret.
    if not is_key(key):
        raise ValueError("cache keys are sha256 hex digests from JudgeRequest.cache_key()")
