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


# A negation with its condition in its clause: "shall not sublet without the Landlord's
# consent", "cannot be returned unless unused" say when the thing is done, not that it never
# is: read as the requirement they make. A flat "can sublet without consent" still negates.
CONDITIONED = regex(
    # A list of actions the negation governs: "shall not paint, wallpaper or drill ... without".
    r"(?i)\b(?:not|never|no|cannot|\w+n['\u2019]t)((?:[^\S\n]+[\w'\u2019]+(?:-[\w'\u2019]+)*"
    r"(?:,(?=[^\S\n]+[\w'\u2019]+(?:,|[^\S\n]+(?:or|and)\b)))?){0,10}?)"
    r"[^\S\n]+(without|unless)\b"
)
# ... and with its condition said first: "Without the add-on, accidental damage isn't covered".
_WITHOUT_FIRST = regex(
    # At the clause's start: "If you miss sessions without notice, you won't ..." is no such.
    r"(?im)(?:^|(?<=[.;:!?\u2014]\s)|(?<=[;:\u2014]))[^\S\n]*\b(without)\b[^,;.\n]{1,60},[^\S\n]*"
    r"(?:[\w'\u2019-]+[^\S\n]+){0,8}?"
    r"(not|never|cannot|\w+n['\u2019]t)\b"
)
# A negation's exception, read as its condition where the claim states one (above); after the
# word a "non-" compound negates, its ";" (:mod:`~pytest_faithful.text.negated_compounds`).
EXCEPTED = regex(
    r"(?i)\b(?:not|never|no|cannot|\w+n['\u2019]t)((?:[^\S\n]+[\w'\u2019-]+){0,8}?)"
    r"[;,]*[^\S\n]+(except|unless|without)\b"
)
# An "only" that restricts what follows to a condition: "only liable if caused by negligence".
# After a determiner it is an adjective, "the only exception is when you leave", which
# restricts no statement to a condition.
ONLY_IF = regex(
    r"(?i)(?<!\bthe\s)(?<!\ban\s)(?<!\bits\s)(?<!\bour\s)(?<!\bmy\s)(?<!\bhis\s)(?<!\bher\s)"
    r"(?<!\byour\s)(?<!\btheir\s)"
    r"\bonly\b(?=(?:[^\S\n]+[\w'\u2019-]+){0,8}?[^\S\n]+(?:if|when|where)\b)"
)


def conditioned(match: re.Match[str]) -> str:
    """A match of :data:`CONDITIONED` or :data:`EXCEPTED` without its negation (nor a
    "without"), its length kept."""
    negation = match[0][: match.start(1) - match.start()]
    joint = match[0][match.end(1) - match.start() : match.start(2) - match.start()]
    condition = " " * len(match[2]) if match[2].casefold() == "without" else match[2]
    return " " * len(negation) + match[1] + joint + condition


def _without_first(match: re.Match[str]) -> str:
    at = match.start()
    kept = match[0][match.end(1) - at : match.start(2) - at]
    return match[0][: match.start(1) - at] + " " * len(match[1]) + kept + " " * len(match[2])


def as_requirements(text: str) -> str:
    """``text`` with each negation that its condition governs read as the requirement it makes
    (:data:`CONDITIONED`): "shall not sublet without consent" as "shall sublet consent", and a
    condition said first the same way ("Without the add-on, damage isn't covered")."""
    text = CONDITIONED.sub(conditioned, text)
    return _WITHOUT_FIRST.sub(_without_first, text) if "ithout" in text else text


# A condition the text itself says does not hold: "needs to sign unless you added a safe-place
# instruction, which you didn't" (the signing is stated; the instruction is denied).
_DENIED = regex(
    r"(?i)\b(?:unless|if)\b[^,;:.!?\n]*,\s*(?:which|but|and)\s+(?:you|they|he|she|it|we|i)\s+"
    r"(?:didn't|did\s+not|don't|do\s+not|haven't|have\s+not|hasn't|has\s+not|wasn't|was\s+not"
    r"|isn't|is\s+not|weren't|aren't)\b"
)


def denies_a_condition(text: str) -> bool:
    """Whether ``text`` says of one of its conditions that it does not hold."""
    return _DENIED.search(text) is not None


# The counter-case of a condition: "..., otherwise you will not be reimbursed" restates "only
# if ..." and states nothing of its own; nor does "The policy won't pay otherwise.".
OTHERWISE = regex(
    r"(?i)(?:(?<=[,;])|(?<=^)|(?<=[.!?]\s))(?:\s*(?:otherwise|or\s+else)\b[^.;:!?\n]*"
    r"|[^.;:!?\n,]*\botherwise(?=\s*(?:[.;!?]|$)))"
)
