"""Is a judge's evidence quote really in the passage it cites, and can it prove anything?

Judges copy quotes with small changes (curly quotes, line breaks, case), so both sides are
normalised before the substring test; a paraphrase still fails, which is the point.

A quote found in the passage counts as evidence for a claim only when it *bears on* the claim
(:func:`bears_on`): it shares at least one word with the claim (a content word: not a stopword,
not a number, compared after the lexical judge's light stemming), and it holds at least two
content terms, or every content term of a claim that has only one. So ".", "e", "the", "30",
"passage 1" or a lone shared word of a longer claim never verify a claim, whatever the passage
says: a quote that short proves nothing a reader could check.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from pytest_faithful.terms import content_terms

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


def bears_on(quote: str, claim: str) -> bool:
    """Whether ``quote`` says enough about ``claim`` to be evidence for it (module docstring)."""
    quoted = content_terms(quote)
    claimed = content_terms(claim)
    if not any(not term[0].isdigit() for term in quoted & claimed):
        return False
    return len(quoted) >= min(2, len(claimed))
