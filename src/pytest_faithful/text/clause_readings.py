"""What each clause of a text says about what, for the negation rule
(:mod:`~pytest_faithful.text.polarity`): each word's object (the words after it in its clause),
the subject of a word said after a form of "be" ("classes" of "classes are included"), and the
subject of a negation whose verb phrase is left out ("if the borrower cannot.").

Clauses end where a negation's scope ends (:func:`~pytest_faithful.text.terms._negated_bag`):
at ";", ":", a bracket, a word in ``CLAUSE_WORDS``, or a comma or "and" before a new subject.
"""

from __future__ import annotations

from pytest_faithful.text.clause_words import (
    CLAUSE_PUNCTUATION,
    CLAUSE_WORDS,
    JOINTS,
    NOT_NEGATING,
    SUBJECTS,
)
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.terms import _NEG, _SCOPE_TOKEN, _term, content_terms
from pytest_faithful.text.words import WORD

# How many content terms either side of a word its object and its subject are read in: a
# clause of a long list ("Kim is taller than Jo, JoA rather than KimA, ...") is read in time
# linear in its length, and an object or a subject is near its word.
_REACH = 24


def clause_objects(
    lowered: str,
) -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]], frozenset[str]]:
    """Each content term of ``lowered`` -> the content terms after it in its clause, and ->
    those before it; and the terms said only right after a form of "be" (module docstring)."""
    found: dict[str, set[str]] = {}
    earlier: dict[str, set[str]] = {}
    not_after_be: set[str] = set()
    clause: list[str] = []

    def close() -> None:
        for k, term in enumerate(clause):
            found.setdefault(term, set()).update(clause[k + 1 : k + 1 + _REACH])
            earlier.setdefault(term, set()).update(clause[max(0, k - _REACH) : k])
        clause.clear()

    last = ""
    for token in _SCOPE_TOKEN.findall(lowered):
        if (
            token in CLAUSE_PUNCTUATION
            or token in CLAUSE_WORDS
            or (token in SUBJECTS and last in JOINTS)
        ):
            close()
        elif token != "," and token not in NOT_NEGATING:
            term = _term(token)
            if term and term != _NEG:
                clause.append(term)
                if last not in _BE:
                    not_after_be.add(term)
        last = token
    close()
    return (
        {term: frozenset(after) for term, after in found.items()},
        {term: frozenset(before) for term, before in earlier.items()},
        frozenset(earlier.keys() - not_after_be),
    )


_BE = frozenset({"is", "are", "was", "were", "be", "been", "being"})


# A negated auxiliary that ends its clause, its verb phrase left out ("if the borrower
# cannot."), and where the clause it ends starts.
_ELIDED = regex(
    r"(?i)\b(?:can(?:not|'t|\u2019t)|won(?:'t|\u2019t)"
    r"|(?:do|does|did|is|are|was|were|has|have|had|would|should|could|will|must|can)"
    r"(?:n't|n\u2019t|\s+not))\s*(?:[.;:!?)]|,\s|$)"
)
_CLAUSE_START = regex(r"(?i)[,;:(]|\b(?:if|when|unless|because|while|although|but|and|or)\b")
_SUBJECT_REACH = 80


def elided_subjects(text: str) -> frozenset[str]:
    """The content terms of the subject of each negation in ``text`` whose verb phrase is left
    out: "borrower" in "the guarantor makes the repayments if the borrower cannot."."""
    found: set[str] = set()
    for m in _ELIDED.finditer(text):
        start = max(0, m.start() - _SUBJECT_REACH)
        for joint in _CLAUSE_START.finditer(text, start, m.start()):
            start = joint.end()
        found |= content_terms(text[start : m.start()])
    return frozenset(found)


def of_another_subject(
    subject: frozenset[str] | None, nearest: str, evidence: str, claim: str
) -> bool:
    """Whether a claim's negation is said of a named subject that the evidence never names:
    the content term right before the negation (``nearest``) is a capitalised word of the
    claim after its first, and no term before it in its clause (``subject``) is a word of
    the evidence: "so Riverton won't be in the semi-final" says nothing against "Lakeside will
    play Hillcrest in the semi-final". A subject that is no name ("The contract bars
    soliciting clients") may be the evidence's in other words."""
    # Every word the evidence writes, a chat line's speaker label too ("Hannah: ...").
    if not subject or not nearest or subject & content_terms(" ".join(WORD.findall(evidence))):
        return False
    # Not the claim's first word: "Strong swimmers may choose not to ..." names no one.
    words = WORD.findall(claim)[1:]
    return any(word[0].isupper() and nearest in content_terms(word) for word in words)
