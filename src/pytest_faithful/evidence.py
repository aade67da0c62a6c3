"""Is a judge's evidence quote really in the passage it cites?

Judges copy quotes with small changes (curly quotes, line breaks, case), so both sides are
normalised before the substring test; a paraphrase still fails, which is the point.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

_WHITESPACE = re.compile(r"\s+")
_PUNCTUATION_VARIANTS = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u2013": "-",
        "\u2014": "-",
        "\u2212": "-",
        "\u00a0": " ",
    }
)
# Quotes often shed their edge punctuation ("... in 2019." quoted as "in 2019").
_EDGE = " \"'.,;:!?()[]"


def normalize(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).translate(_PUNCTUATION_VARIANTS)
    return _WHITESPACE.sub(" ", text).strip().casefold()


class PassageIndex:
    """Passages normalised on first use, so a check with many claims normalises each once."""

    def __init__(self, passages: Sequence[str]) -> None:
        self._passages = passages
        self._normalized: dict[int, str] = {}

    def __len__(self) -> int:
        return len(self._passages)

    def contains(self, index: int, quote: str) -> bool:
        """Whether ``quote`` is in passage ``index``, verbatim or after normalising both."""
        passage = self._passages[index]
        stripped = quote.strip()
        if stripped and stripped in passage:
            return True  # the common case for extractive judges; skips normalising
        needle = normalize(quote).strip(_EDGE)
        if not needle:
            return False
        if index not in self._normalized:
            self._normalized[index] = normalize(passage)
        return needle in self._normalized[index]


def quote_in_passage(quote: str, passage: str) -> bool:
    return PassageIndex([passage]).contains(0, quote)
