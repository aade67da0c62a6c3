"""The three verdict labels, importable without pydantic (the run header and reports use them)."""

from __future__ import annotations

from enum import Enum


class Label(str, Enum):
    """What the contexts say about one claim."""

    SUPPORTED = "SUPPORTED"
    CONTRADICTED = "CONTRADICTED"
    NOT_ENOUGH_INFO = "NOT_ENOUGH_INFO"

    def __str__(self) -> str:
        return self.value
