"""How deeply JSON text nests, read from the text before it is parsed: one limit for every
reader of JSON that someone else wrote (golden files, provider bodies, judges' replies, cache
entries, recordings, baselines).

CPython's ``json`` refuses deep nesting with a ``RecursionError`` at a depth that depends on the
interpreter and on how deep the caller's stack already is: about 990 levels on 3.10 and 3.11,
1,500 on 3.12, 10,000 on 3.13. Between those depths every version answered differently, and a
value that parsed could still fail whatever walks it recursively later (``copy.deepcopy`` near
500 levels, ``repr``, the readers' own walks). :data:`MAX_DEPTH` is one limit below all of
those, and far above any real case file or reply (they nest a handful of levels deep).

The scan counts brackets outside strings (a string's escapes, an escaped quote included, are
skipped with it), in one pass over the text that stops once the value opened at its start
closes or the limit is passed: linear time, without building anything. Text with no more
opening brackets than the limit is not scanned at all, which is the case of nearly every reply.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pytest_faithful.text.patterns import regex

MAX_DEPTH = 256
"""The deepest nesting of arrays and objects read; one level deeper is refused."""

# A string (to its closing quote, or to the end of a text that never closes it) or a bracket.
# The string's part always matches, so the search never backtracks: linear time.
_TOKEN = regex(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)|[\[\]{}]', re.DOTALL)
_PLAIN = json.JSONDecoder()


class NestedTooDeeply(RecursionError):
    """JSON text that nests deeper than :data:`MAX_DEPTH`. A ``RecursionError``, as ``json``'s
    own refusal is, so every reader's handler and message for that one applies."""


def depth(text: str, start: int = 0, limit: int = MAX_DEPTH) -> int:
    """The deepest nesting of the JSON value at ``start`` in ``text`` (0 for a scalar),
    brackets inside strings not counted; counting stops at ``limit + 1``."""
    level = deepest = 0
    for token in _TOKEN.finditer(text, start):
        char = token.group()[0]
        if char in "[{":
            level += 1
            if level > deepest:
                deepest = level
                if deepest > limit:
                    break
        elif char in "]}":
            level -= 1
            if level <= 0:
                break  # the value closed (or the text closes what it never opened)
        elif level == 0:
            break  # the value is a string
    return deepest


def check(text: str, start: int = 0, limit: int = MAX_DEPTH) -> None:
    """NestedTooDeeply when the JSON value at ``start`` nests deeper than ``limit``."""
    if text.count("[", start) + text.count("{", start) <= limit:
        return  # too few brackets to nest that deep: nearly every text, read in C
    if depth(text, start, limit) > limit:
        raise NestedTooDeeply(f"JSON nested more than {limit} levels deep")


def loads(text: str | bytes | bytearray, decoder: json.JSONDecoder | None = None) -> Any:
    """``json.loads(text)`` (or ``decoder.decode``) for text nested at most :data:`MAX_DEPTH`
    deep; NestedTooDeeply for deeper text, on every Python version. Bytes are decoded as
    ``json.loads`` decodes them (UTF-8, -16 or -32), with its errors."""
    if not isinstance(text, str):
        text = bytes(text).decode(json.detect_encoding(text), "surrogatepass")
    check(text)
    return json.loads(text) if decoder is None else decoder.decode(text)


def raw_decode(text: str, at: int, decoder: json.JSONDecoder = _PLAIN) -> tuple[Any, int]:
    """``decoder.raw_decode(text, at)`` for a value nested at most :data:`MAX_DEPTH` deep;
    NestedTooDeeply for a deeper one."""
    check(text, at)
    return decoder.raw_decode(text, at)
