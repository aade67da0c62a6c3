"""Is a judge's evidence quote really in the passage it cites?

Judges copy quotes with small changes (curly quotes, line breaks, case), so both sides are
normalised before the substring test; a paraphrase still fails, which is the point.
"""

from __future__ import annotations

import re
import unicodedata

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


def quote_in_passage(quote: str, passage: str) -> bool:
    needle = normalize(quote).strip(_EDGE)
    if not needle:
        return False
    return needle in normalize(passage)
