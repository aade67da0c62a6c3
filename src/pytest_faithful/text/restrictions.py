"""What a claim's "only" restricts, and whether the evidence states it.

"Only" against the evidence's "any" catches a restriction a passage never made ("only for
unopened items" against "returns of any item"). But a faithful answer writes "only" of a
condition the passage states in its own words: "hot desk access is for weekdays only" of "any
unreserved desk ... on weekdays", "Only if you declared it" of "unless it has been declared".
There the "any" is of something else (the desk, the claim) and the restriction is the
passage's. The other way round, a claim's "any" phrase may keep the restriction of the
evidence's "only" in its own words ("Any member who has belonged for six months" of "Only
members of six months' standing"); a phrase that drops it ("any session" of "only during
Little Bouncers sessions") is still the opposite.
"""

from __future__ import annotations

from pytest_faithful.text.patterns import regex
from pytest_faithful.text.terms import content_terms

# "any" after a negation, or a condition's "before", "if", "without": none, or each, not the
# free choice that "only" opposes ("only for unopened items" against "for any item"). Within
# 200 characters of it, so that a sentence of many negations is read in linear time.
_ANY_LICENSED = regex(
    r"(?i)\b(?:not|no|never|without|before|if|unless|whether|\w+n't)\b"
    r"(?:(?!\b(?:but|however|although|though|while|yet)\b)[^;:.]){0,200}\bany\b"
)
# "only", the word right before it, and the words after it up to a break.
_ONLY = regex(
    r"(?i)(?:\b([^\W\d_]+)\s+)?\b(?:only|solely|exclusively)\b([^,;:.!?\n\u2014\u2013()]*)"
)
# "only if ...": a condition, which a sentence states in its own condition words.
_CONDITION = regex(r"(?i)^\s*(?:if|when|where|unless|provided|as\s+long\s+as)\b")
_OWN_CONDITION = regex(r"(?i)\b(?:if|when|where|unless|provided|as\s+long\s+as)\b")


def restricts_stated(claim: str, sentence: str) -> bool:
    """Whether every "only" of ``claim`` restricts what ``sentence`` states: every content word
    of the phrase after it ("only on weekdays"; not "only the desks by the window" of "any
    desk"), the word before it where none follows ("weekdays only"), or a condition ("only if
    you declared it") half of whose words the sentence's own condition says."""
    shown = content_terms(sentence)
    found = False
    for m in _ONLY.finditer(claim):
        after = content_terms(m[2])
        if _CONDITION.match(m[2]):
            if not _OWN_CONDITION.search(sentence) or 2 * len(after & shown) < len(after):
                return False
        elif not (restricted := after or content_terms(m[1] or "")) or not restricted <= shown:
            return False
        found = True
    return found


def no_free_choice(sentence: str, claim: str, word: str, shows_any: bool) -> bool:
    """Whether an "any" against an "only" is no free choice the "only" opposes. Where the
    sentence ``shows_any`` against the claim's "only": it follows a negation or a condition's
    word ("shall not solicit any client": none; "before taking up any": each), or the claim's
    "only" restricts what the sentence states itself (:func:`restricts_stated`). Where the
    claim's ``word`` is the "any", the other way round: "Any member who has belonged for six
    months can stand" of "Only members of six months' standing may stand"."""
    if word == "any":
        return _restriction_kept(claim, sentence)
    if not shows_any:
        return False
    return bool(_ANY_LICENSED.search(sentence)) or restricts_stated(claim, sentence)


# "any" and the words after it up to a break: what it ranges over.
_ANY_PHRASE = regex(r"(?i)\bany\b([^,;:.!?\n\u2014\u2013()]*)")
# The words before a postponed "only": "from its registered squad only".
_BEFORE = 3
# The fewest words of a restriction that may leave one out in the claim's words.
_LONG = 4


def _restriction_kept(claim: str, sentence: str) -> bool:
    """Whether every "only" of ``sentence`` restricts what an "any" of ``claim`` ranges over,
    in words the claim's phrase keeps: "Any member who has belonged to the society for at
    least six months" of "Only members of at least six months' standing"; not "any session"
    of "only during Little Bouncers sessions", nor "any squad" of "its registered squad only"."""
    ranges = [content_terms(m[1]) for m in _ANY_PHRASE.finditer(claim)]
    found = False
    for m in _ONLY.finditer(sentence):
        after = content_terms(m[2])
        before = sentence[: m.start(2)].split()[-_BEFORE - 1 : -1]
        restricted = after or content_terms(" ".join(before))
        # A long restriction may keep its words but one: "of a year's standing" is "who has
        # belonged for a year".
        slack = 1 if len(restricted) >= _LONG else 0
        if not restricted or not any(len(restricted - terms) <= slack for terms in ranges):
            return False
        found = True
    return found


# A claim's word that sets what it negates against the evidence's restriction: "Only if it is
# unopened; otherwise it can't be returned."
_COMPLEMENT = regex(r"(?i)\b(?:otherwise|other\s+than|any\s+other|else|except)\b")
# How many words after "only" name what it restricts to: "Only Thursday and Friday".
_RESTRICTED_WORDS = 3
_WORD = regex(r"[^\W_]+")


def negation_restriction_implies(claim: str, evidence: str) -> bool:
    """Whether the evidence's "only" implies the negation ``claim`` says of something else:
    "Tuesday collections aren't affected" of "Only Thursday and Friday collections are
    affected", "otherwise knives can't be returned" of "Knives can only be returned if the box
    is unopened". What "only" restricts to (its next words) is not in the claim unless the
    claim sets its negation against it ("otherwise"): "Thursday collections aren't affected"
    still clashes."""
    if "only" not in evidence.casefold():
        return False
    if contrast_implied(claim, evidence):
        return True
    negated = frozenset().union(*(content_terms(m[1]) for m in _NEGATED.finditer(claim)))
    restricted: set[str] = set()
    for m in _ONLY.finditer(evidence):
        # The clause "only" restricts must say what the claim negates ("affected"): one about
        # something else ("but only 400 books remain") implies nothing of it.
        if "only" in m[0].casefold() and negated & content_terms(m[2]):
            restricted |= content_terms(" ".join(_WORD.findall(m[2])[:_RESTRICTED_WORDS]))
    if not restricted:
        return False
    if _COMPLEMENT.search(claim):
        return True
    return not restricted & content_terms(claim)


# A negation and the words it negates: "aren't affected", "can't be returned".
_NEGATED = regex(r"(?i)\b(?:not|never|cannot|\w+n't)((?:\s+[^\W\d_]+){1,3})")


# A claim's own "only" and the contrast after it: "only offered at Kingsmead Hospital, not at
# Abbey Road Clinic", "only on weekdays and not at weekends".
_ONLY_NOT = regex(
    r"(?i)\bonly\b([^,;:.!?\n\u2014\u2013()]{1,80}?),?\s+(?:and\s+|but\s+)?not\s+"
    r"((?:[^\W\d_]+\s+){0,2}[^\W\d_]+)"
)


def contrast_implied(claim: str, evidence: str) -> bool:
    """Whether a contrast after the claim's "only" ("only at Kingsmead Hospital, not at Abbey
    Road Clinic") is what the evidence's "only" implies: the evidence restricts to all the
    claim restricts to ("available only at Kingsmead Hospital"), and not to the name the claim
    negates."""
    onlys = [m[2] for m in _ONLY.finditer(evidence) if "only" in m[0].casefold()]
    first = frozenset().union(
        *(content_terms(" ".join(_WORD.findall(o)[:_RESTRICTED_WORDS])) for o in onlys)
    )
    whole = frozenset().union(*map(content_terms, onlys))  # "only at X and Abbey Road" does
    for m in _ONLY_NOT.finditer(claim):
        own = content_terms(" ".join(_WORD.findall(m[1])[-_RESTRICTED_WORDS:]))
        # A name set against a name: "not at weekends" is no alternative "only" excludes.
        named = any(word[0].isupper() for word in _WORD.findall(m[2]))
        if named and own and own <= first and not content_terms(m[2]) & whole:
            return True
    return False
