"""The condition clauses of a text: what it says only of a case it supposes.

"You will fail if you make more than 15 driving faults or any serious fault" states that you
will fail; that you make a serious fault it only supposes. A condition opens at "if" ("only
if"; not "even if"), "unless" ("switches to standby ..., unless Eco mode has been disabled"
supposes the disabling, as "as long as Eco mode hasn't been disabled" does), "as long as", "so
long as", or "provided"/"providing" with "that" or a subject after it ("provided the goods are
unused"; not "the meals provided"), and runs to the next comma, semicolon, colon, sentence end,
dash or line break ("If nobody is in, the courier will leave it": the courier's leaving is
stated).
"""

from __future__ import annotations

import re

from pytest_faithful.text.patterns import regex

_CONDITION = regex(
    r"(?i)(?<!\beven\s)\b(?:only\s+)?(?:if|unless|(?:as|so)\s+long\s+as"
    r"|provid(?:ed|ing)(?=\s+(?:that|you|they|we|he|she|it|the|your|their|a|an)\b))\b"
    r"[^,;:.!?\n\u2014\u2013]*"
)
_MARKS = ("if", "unless", "long as", "provid")


def may_condition(text: str) -> bool:
    """Whether ``text`` may hold a condition clause: a pre-test, as a substring look."""
    lowered = text.lower()
    return any(mark in lowered for mark in _MARKS)


def _blank(match: re.Match[str]) -> str:
    return " " * len(match[0])


def without_conditions(text: str) -> str:
    """``text`` with each condition clause blanked (its length kept, so offsets hold)."""
    return _CONDITION.sub(_blank, text)
