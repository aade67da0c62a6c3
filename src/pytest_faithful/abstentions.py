"""Abstentions: answer sentences that decline to answer, and so state nothing to check.

"I don't know.", "I'm sorry, I don't have that information.", "I'm not sure." or "The
passages do not say." make no claim: an answer made only of them is vacuous (score 1.0), in
every judge, because the verifier drops claims tied to them (see ``verifier.py``). A sentence
that abstains *and* states something ("I'm not sure, but the store opens at 9am.") is not an
abstention: it is judged like any other.

The rule: a sentence is an abstention when it contains at least one phrase of
:data:`ABSTENTIONS` and, once every such phrase is taken out, nothing with a content word
(:func:`~pytest_faithful.terms.content_terms`) is left. A phrase that declines to say something
about the sources ("the passages do not mention *the refund window*", "there is no information
*about shipping*", "I cannot answer *that based on the context*") takes the rest of its clause
with it, up to a comma, ``;``, ``:``, a sentence end or a word that opens another clause
("but", "however", ...), unless that rest holds a number (a figure a reader could check). A
personal one does not: "I don't know *how much those flags weigh*" keeps its topic and is
judged. (Measured on faith-dev with the lexical judge: letting "I don't know" / "I'm not sure"
take their clause made one more BEGIN answer vacuous that its annotators call not
attributable, 0.730 -> 0.729 overall.)

Extending the list: :data:`ABSTENTIONS` is a tuple of regular expressions (matched on the
lowercased sentence with straight apostrophes, at word boundaries). A judge object may carry
an ``abstentions`` attribute with more patterns (``LexicalJudge(abstentions=(...))``, or a
custom judge's attribute); the verifier adds them to the built-in ones for that judge's checks.
The LLM judges' extraction prompts describe the same thing (:data:`ABSTENTION_RULE`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from pytest_faithful.terms import content_terms

_NOT = r"(?:do not|don't|dont|does not|doesn't|did not|didn't)"
_CANT = (
    r"(?:can't|cannot|can not|couldn't|could not|am unable to|'m unable to|am not able to"
    r"|'m not able to)"
)
_I_AM = r"(?:i am|i'm|im)"
_CONTEXT = (
    r"(?:the |this |that |these |those |your |my )?(?:provided |given |available |retrieved )?"
    r"(?:context|contexts|passage|passages|document|documents|docs|text|texts|source|sources|"
    r"information|info|data|material|materials|excerpt|excerpts)"
)
_SAY = (
    r"(?:say|mention|specify|specifie|state|contain|include|provide|cover|addresse|answer|tell"
    r"|give|indicate|discusse)s?"
)
_INFO = (
    r"(?:information|info|data|details|detail|answer|answers|knowledge|idea|clue|record|records)"
)
# A phrase that declines to say something may take the rest of its clause: no number, no
# clause boundary, no word that opens another clause.
_REST = (
    r"(?:\s+(?:(?!\b(?:but|however|although|though|yet|whereas|while|because|since|and)\b)"
    r"[^,;:.!?\d])*)?(?=[\s,;:.!?]|$)"
)

ABSTENTIONS: tuple[str, ...] = (
    # not knowing
    rf"\bi {_NOT} (?:really |actually )?know\b",
    r"\b(?:i have |there is |there's |i've got )?no (?:idea|clue)\b",
    rf"\b{_I_AM} (?:not|un)(?: really| quite| entirely| completely)? ?(?:sure|certain)\b",
    rf"\b{_I_AM} uncertain\b",
    rf"\bi {_CANT} (?:say|tell|answer|determine|confirm|verify|find|know|help|provide|give|"
    rf"share|access){_REST}",
    rf"\bit(?: is|'s) (?:unclear|not clear|unknown|not known|impossible to (?:say|tell|know))"
    rf"{_REST}",
    rf"\b(?:this|that|it) (?:cannot|can't|can not) be (?:determined|answered|confirmed|verified)"
    rf"{_REST}",
    # not having the information
    rf"\bi {_NOT} have (?:that |this |the |any |enough |such |specific |more |further "
    rf"|the specific |access to (?:that |this |the |any )?)?{_INFO}{_REST}",
    rf"\bi {_NOT} have access to{_REST}",
    rf"\bi have no (?:specific |further |more |such )?{_INFO}{_REST}",
    rf"\bthere (?:is|are|'s) (?:no|not enough|insufficient) (?:specific |relevant )?{_INFO}"
    rf"{_REST}",
    rf"\b(?:that|this) (?:information |info )?(?:is|'s) not (?:available|provided|mentioned|"
    rf"specified|given|stated|included)(?: in {_CONTEXT})?{_REST}",
    rf"\b{_CONTEXT} (?:do|does|did) not {_SAY}{_REST}",
    rf"\b{_CONTEXT} (?:don't|doesn't|didn't) {_SAY}{_REST}",
    rf"\b(?:is |are |was |were )?not (?:mentioned|specified|stated|provided|given|covered|"
    rf"addressed|included|available) in {_CONTEXT}{_REST}",
    # apologies and hedges that come with an abstention
    rf"\b{_I_AM} (?:sorry|afraid)\b",
    r"\b(?:sorry|unfortunately|apologies|regrettably)\b",
    r"\bi (?:apologize|apologise)\b",
)
"""The usual English ways to decline to answer, as regular expressions (module docstring)."""

ABSTENTION_RULE = (
    'A sentence that only declines to answer ("I don\'t know.", "I\'m not sure.", "The '
    'passages do not say.") yields no claim; one that declines and also states something yields '
    "claims for what it states."
)
"""How the LLM judges' prompts describe an abstention: the same rule as :func:`is_abstention`."""


@functools.lru_cache(maxsize=64)
def _compiled(extra: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in (*ABSTENTIONS, *extra)))


def _lowered(text: str) -> str:
    return text.lower().replace("\u2019", "'").replace("\u2018", "'")


def is_abstention(text: str, extra: Iterable[str] = ()) -> bool:
    """Whether ``text`` (one sentence) only declines to answer (module docstring).

    ``extra``: more patterns, added to :data:`ABSTENTIONS` for this call.
    """
    return _abstains(text, tuple(extra))


# A pure function of its text, asked for every answer sentence of every check (and again by
# relevancy); replayed suites repeat the same answers.
@functools.lru_cache(maxsize=4096)
def _abstains(text: str, extra: tuple[str, ...]) -> bool:
    rest, found = _compiled(extra).subn(" ", _lowered(text))
    return bool(found) and not content_terms(rest)


def without_abstentions(text: str, extra: Iterable[str] = ()) -> str:
    """``text`` with its abstention phrases taken out: what it states besides declining, in its
    own case where lowering keeps every offset (it does for all but a few letters, "İ")."""
    lowered = _lowered(text)
    source = text if len(lowered) == len(text) else lowered
    kept, at = [], 0
    for found in _compiled(tuple(extra)).finditer(lowered):
        kept.append(source[at : found.start()])
        at = found.end()
    kept.append(source[at:])
    return " ".join(kept)


def states_something(text: str, extra: Iterable[str] = ()) -> bool:
    """Whether ``text`` (one sentence) has content words and is not an abstention."""
    return bool(content_terms(text)) and not is_abstention(text, extra)
