"""A text's negations written plainly, for the negation rule's reading
(:func:`~pytest_faithful.text.polarity.negation_clash`): the negations that negate nothing
blanked (a bound, "no later than Friday"; a compound, "no-fee"; a counter-case "otherwise"),
and the negations written in other words written "not": "fails to", "excluded from",
"prohibits", "advises against".
"""

from __future__ import annotations

import re

from pytest_faithful.text.conditions import OTHERWISE, as_requirements
from pytest_faithful.text.negated_compounds import (
    RATHER_THAN,
    neither_said_out,
    prevented_as_not,
)
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.words import STOPWORDS, joined_non

# "no-fee", "no-risk", "non-stop": a negation joined to one word makes an adjective of it; it
# governs no clause ("a no-fee podcast tool that lets users record" negates no recording).
_COMPOUND = regex(r"(?i)(?<![\w-])(?:no|non)-(?=[^\W\d_])")


def blanked(match: re.Match[str]) -> str:
    """A match written as as many spaces (offsets kept)."""
    return " " * len(match[0])


# A negation that states a bound or an exclusion, not the opposite of what follows it: "no
# later than Friday" (by Friday), "no more than 100 ml" (100 ml or less), "doesn't open until
# 10 am" (opens at 10 am), "nothing other than analytics" and "do not use any charger other
# than the supplied one" (only). Its words are read without the negation.
_BOUND = regex(
    r"(?i)\b(?:no|not)\s+(?=(?:more|less|fewer|later|earlier|sooner|longer|shorter|greater"
    r"|higher|lower|older|younger|bigger|larger|smaller)\s+than\b)"
    r"|\b(?:not|never|\w+n['\u2019]t|cannot|nothing|none|no)\b(?=(?:\s+[^\W\d_]+){0,4}"
    r"\s+(?:until|till|other\s+than)\b)"
    # "reached the final without dropping a frame before losing it" drops one at the final
    r"|\bwithout\b(?=(?:\s+[^\W\d_]+){1,4}\s+before\b)"
)
# "free of charge" is what "at no charge" says; "for a charge" still clashes with both.
_FREE_OF = regex(r"(?i)\bfree\s+of\s+(?=charge|cost)")
# "costs nothing" says "free": its "nothing" negates nothing after it ("costs nothing on
# Sundays" does not negate Sundays).
_COSTS_NOTHING = regex(r"(?i)\bcost(?:s|ed)?\s+nothing\b")
# A negation written as a verb: "fails to compile" is "does not compile", "refuses to retreat"
# "will not retreat" ("failure to appear" "not appearing"), so a text with one clashes with
# nothing the other form says. Only before a verb: "declined to 118%" says how much. An
# adjective says it too: "is impossible to reverse", "was unable to attend".
_FAILS_TO = regex(
    r"(?i)\b(?:fail(?:s|ed|ing|ure)?|refus(?:e|es|ed|ing)|declin(?:e|es|ed|ing)"
    r"|neglect(?:s|ed|ing)?|unable|impossible)\s+to(?=\s+([^\W\d_]+))"
)


# What was to happen is not said to have: "was supposed to arrive by 2pm" states no arriving.
_WAS_TO = regex(
    r"(?i)\b(?:was|were)\s+(?:supposed|meant|due|expected|scheduled)\s+to\s+([^\W\d_]+)"
)
# Advice against an act negates it: "advises against harvesting" says "Do not harvest".
_ADVISES_AGAINST = regex(
    r"(?i)\b((?:advis|recommend|warn|caution|counsel)\w*)\s+against\b(?=\s+[a-z]{2,}ing\b)"
)


def _as_not(match: re.Match[str]) -> str:
    return match[0] if match[1].casefold() in STOPWORDS else "not"


# A prohibition is a negation of what it forbids: "The terms prohibit reverse engineering"
# says what "The User may not reverse engineer" says; "bars soliciting clients" what "shall
# not solicit clients" says. The verb before what it forbids, and the participle after a form
# of "be" (not before "from": :data:`_EXCLUDED_FROM`). "ban" is as often a noun: left out.
_PROHIBITS = regex(
    r"(?i)\b(?:prohibit|forbid)s?\b(?=\s+[^\W\d_])"
    r"|\bbars?\b(?=\s+(?:[a-z]+\s+from\s+)?[a-z]{2,}ing\b)"
)
_PROHIBITED = regex(
    r"(?i)\b(is|are|was|were|be|been|being)\s+(?:strictly\s+)?(?:prohibited|forbidden|banned)\b"
    r"(?!\s+from\b)"
)


# An exclusion written as a participle: "is excluded from cover" is "is not covered", "are
# exempt from the fee" "do not pay the fee", so a text with one clashes with nothing the other
# form says, and "is covered" still clashes with both.
_EXCLUDED_FROM = regex(
    r"(?i)\b(?:excluded|exempt(?:ed)?|barred|prohibited|precluded)\s+from\b(?=\s+[^\W\d_])"
)


def plain(text: str) -> str:
    """``text`` with the negations that negate nothing blanked (:data:`_COMPOUND`,
    :data:`_BOUND`, a condition's counter-case "otherwise"; those a condition governs read as
    requirements: :func:`~pytest_faithful.text.conditions.as_requirements`), "free of charge"
    written "at no charge", "fails to", "refuses to", "declines to" or "neglects to" before a
    verb, or "excluded from" (:data:`_EXCLUDED_FROM`), written "not", and a prohibition
    ("prohibits", "is forbidden") written "do not allow", "is not allowed" (:data:`_PROHIBITS`)."""
    # "non-transferable" is one word, the opposite of "transferable", which it does not state.
    text = _COMPOUND.sub(blanked, joined_non(text))
    if "therwise" in text or "else" in text:
        text = OTHERWISE.sub(blanked, text)
    if "ithout" in text or "unless" in text:
        text = as_requirements(text)
    if "from" in text:
        text = _EXCLUDED_FROM.sub("not", text)
    if "than" in text or "til" in text or "before" in text:
        text = _BOUND.sub(blanked, text)
    if "nothing" in text:
        text = _COSTS_NOTHING.sub("free", text)
    if "to" in text:
        text = _FAILS_TO.sub(_as_not, text)
    if "against" in text:
        text = _ADVISES_AGAINST.sub(r"\1 not", text)
    if "prevent" in text or "stop" in text or "kep" in text or "keep" in text:
        text = prevented_as_not(text)  # "prevented you from travelling": "you not travelling"
    if any(stem in text for stem in ("rohibit", "orbid", " bar", "Bar", " banned")):
        text = _PROHIBITED.sub(r"\1 not allowed", _PROHIBITS.sub("do not allow", text))
    if "d to " in text or "nt to " in text:  # "supposed to", "due to", "meant to"
        text = _WAS_TO.sub(lambda m: m[0][: m.start(1) - m.start()] + " " * len(m[1]), text)
    if "rather" in text:
        text = RATHER_THAN.sub("and not", text)
    if "either" in text or "nor " in text:  # "isn't covered, and neither are X": X isn't either
        text = neither_said_out(text)
    return _FREE_OF.sub("at no ", text) if "free" in text else text
