"""The clauses of an evidence sentence, as the opposites rule reads them
(:mod:`~pytest_faithful.text.contrasts`): an opposite is read in its clause, not its sentence."""

from __future__ import annotations

import re
from collections.abc import Sequence

from pytest_faithful.text.name_words import without_names
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.words import WORD

# "since" before a time is a preposition, no clause: "the highest since 1992".
_CLAUSE_BREAK = regex(
    r"\s*[;:,\u2013\u2014]\s*|\s+(?:and|but|however|although|though|whereas|while|yet|because"
    r"|since(?!\s+(?:\d|the\b|last\b|then\b|early\b|late\b|mid|(?:jan|feb|mar|apr|may|jun|jul"
    r"|aug|sep|oct|nov|dec)[a-z]*\b))|unless|except|instead|when|where|so)\s+",
    re.IGNORECASE,
)
_BOTH = regex(r"(?i)\bboth\b")


def read_words(text: str) -> frozenset[str]:
    """The words of ``text`` (names left out), as written and as content terms."""
    return words_and_terms(without_names(text))


def words_and_terms(text: str) -> frozenset[str]:
    """The words of ``text`` as written (folded) and its content terms."""
    return frozenset([w.casefold() for w in WORD.findall(text)]) | content_terms(text)


def clauses_of(sentence: str) -> list[tuple[int, str, frozenset[str]]]:
    """The clauses of ``sentence``: where each starts, its text, and its words and terms. A
    clause that goes on with the subject of the one before left out ("Males gather in a lek
    and produce booming calls to attract females") is read with that subject's word too."""
    found: list[tuple[int, str, frozenset[str]]] = []
    subject = ""  # the word the clause before is about, which a clause that goes on shares
    start, joined = 0, ""
    joints = list(_CLAUSE_BREAK.finditer(sentence))
    inside = _appositive_commas(sentence, joints)
    for n, joint in enumerate([*joints, None]):
        if joint is not None:
            # "both X and Y" is one clause: its "and" joins the two things "both" is about.
            word = joint[0].strip().casefold()
            if n in inside or (word == "and" and _BOTH.search(sentence, start, joint.start())):
                continue
        text = sentence[start : len(sentence) if joint is None else joint.start()]
        read = read_words(text)
        if subject and joined in _GOING_ON and _LEFT_OUT.match(text):
            read |= read_words(subject)
        else:
            subject = m[1] if (m := _SUBJECT.match(text)) else ""
        found.append((start, text, read))
        if joint is not None:
            start, joined = joint.end(), word
    return found


_GOING_ON = frozenset(("and", "but"))  # the clause breaks that join two predicates
# What a clause whose subject is left out starts with: a lower-case word that names no thing
# ("produce booming calls"), not a determiner, pronoun, name or figure ("and the calls").
_LEFT_OUT = regex(
    r"(?!(?:the|a|an|this|that|these|those|its|their|his|her|our|your|my|it|he|she|they|we|i"
    r"|you|there|some|many|most|all|each|every|no|both|one)\b)[a-z][a-z'-]*\b"
)
# The word a clause is about: its first word after a determiner ("The males gather": "males").
_SUBJECT = regex(
    r"\s*(?:(?i:the|a|an|these|those|its|their|his|her|our|most|many|some|all|adult|young)\s+)?"
    r"([^\W\d_][\w'-]*)"
)


# A name between two commas, with a year or a note in brackets: "Glass Orchard (2006)".
_APPOSITIVE_NAME = regex(r"[A-Z][\w'\u2019-]*(?:\s+(?:[A-Z][\w'\u2019-]*|of|the|\([^()]*\)))*")
# What starts a clause of its own after a comma: "Paris, France, but fell in Lyon".
_CLAUSE_START = regex(
    r"(?i)(?:and|or|but|however|although|though|whereas|while|yet|because|since|unless|except"
    r"|instead|when|where|so|which|who|whose)\b"
)


def _appositive_commas(sentence: str, joints: Sequence[re.Match[str]]) -> frozenset[int]:
    """The joints that are the commas around a name said of the words before it ("Their debut
    album, Glass Orchard (2006), was shortlisted"): one clause, not three, since the name is
    what the clause is about."""
    found: set[int] = set()
    for n in range(len(joints) - 1):
        one, two = joints[n], joints[n + 1]
        if (
            one[0].strip() == "," == two[0].strip()
            and _APPOSITIVE_NAME.fullmatch(sentence[one.end() : two.start()])
            and not _CLAUSE_START.match(sentence, two.end())
        ):
            found.update((n, n + 1))
    return frozenset(found)
