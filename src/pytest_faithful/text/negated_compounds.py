"""Negations joined to a word, read alike in a claim and its evidence for the negation rule
(:mod:`~pytest_faithful.text.polarity`): "no-fee" and "no fee", "non-refundable" and "not
refundable", "risk-free" and "no risk", "three no-shows" and "don't show up three times"; and
negations said in other words (:func:`phrasings_read_alike`): "rather than" and "instead of",
"stops saving" and "aren't saved", "avoid seafood places" and "no seafood places".

A negation joined to one word makes an adjective of it and governs no clause ("a no-fee
podcast tool that lets users record" negates no recording). Where the other text says the same
thing apart, both are written one way, so neither reads a clash the other does not.
"""

from __future__ import annotations

import re

from pytest_faithful.text.align import has_negation
from pytest_faithful.text.patterns import Regex, regex
from pytest_faithful.text.terms import content_terms, text_bag


def compounds_read_alike(claim: str, evidence: str) -> tuple[str, str]:
    """``claim`` and ``evidence`` with each joined negation written as the other text writes
    it (module docstring)."""
    claim, evidence = _spaced_compounds(claim, evidence)
    claim, evidence = _no_as_not(claim, evidence), _no_as_not(evidence, claim)
    return _non_as_not(claim, evidence), _non_as_not(evidence, claim)


# A "no-" compound's words, to find the same compound written apart in the other text.
_COMPOUND_WORDS = regex(r"(?i)(?<![\w-])no-([^\W\d_]+(?:-[^\W\d_]+)*)")


# "non-refundable", "non-overlapping": the prefix negates its one word, whatever follows it.
_NON = regex(r"(?i)(?<![\w-])non-([^\W\d_]+)\b(?!-)")


def _non_as_not(text: str, other: str) -> str:
    """``text`` with each "non-" compound whose word only ``other`` says, apart, written "not"
    that word, its clause closed after it: "a non-refundable ticket" negates the "refundable"
    of "the ticket is refundable" and says what "is not refundable" says, and negates nothing
    more ("a non-stop flight to Denver" says nothing against "flies to Denver"). A compound
    whose word the other text does not say apart, or says in a compound too, or this text says
    apart as well ("on a non-GAAP and GAAP basis"), stays an adjective."""
    if "non-" not in text.casefold():
        return text
    said = content_terms(_NON.sub(" ", other)) - content_terms(_NON.sub(" ", text))
    said -= content_terms(" ".join(match[1] for match in _NON.finditer(other)))

    def negated(match: re.Match[str]) -> str:
        return f"not {match[1]};" if content_terms(match[1]) & said else match[0]

    return _NON.sub(negated, text)


def _spaced_compounds(claim: str, evidence: str) -> tuple[str, str]:
    """``claim`` and ``evidence`` with a compound that one writes joined ("no-money-down
    financing", "a no-fee account") written joined in the other too where it writes it apart
    ("financing with no money down", "there is no fee"): one expression, which negates
    nothing in either form."""
    claim, evidence = _free_compounds(claim, evidence)
    words = {m[1].lower() for m in _COMPOUND_WORDS.finditer(claim + "\n" + evidence)}
    if not words:
        return claim, evidence
    apart = re.compile(
        r"(?i)(?<![\w-])no\s+("
        + "|".join(r"\s+".join(map(re.escape, w.split("-"))) for w in sorted(words))
        + r")\b(?!-)"
    )

    def joined(match: re.Match[str]) -> str:
        return "no-" + "-".join(match[1].split())

    return apart.sub(joined, claim), apart.sub(joined, evidence)


# "a risk-free trial", "interest-free": one word, that says what "no risk" says.
_FREE_COMPOUND = regex(r"(?i)(?<![\w-])([^\W\d_]+)-free\b")


def _free_compounds(claim: str, evidence: str) -> tuple[str, str]:
    """``claim`` and ``evidence`` with "no X" or "without (a) X" written "X-free" where either
    writes "X-free": "a 30-day trial with no risk" says what "a 30-Day Risk-Free Trial" says,
    "without a Talvaro visa" what "visa-free", and negates nothing it states. Only those are
    rewritten: "interest-free" still says nothing against "interest is charged after 12
    months"."""
    words = {m[1].lower() for m in _FREE_COMPOUND.finditer(claim + "\n" + evidence)}
    if not words:
        return claim, evidence
    apart = re.compile(
        r"(?i)(?<![\w-])(?:no|without(?:\s+(?:a|an|any))?)\s+((?:[^\W\d_]+\s+)??)("
        + "|".join(map(re.escape, sorted(words)))
        + r")\b(?!-)"
    )
    return apart.sub(r"\1\2-free", claim), apart.sub(r"\1\2-free", evidence)


# "no-shows", "a no-deal exit": a "no-" compound whose word the other text negates apart.
_NO_WORD = regex(r"(?i)(?<![\w-])no-([^\W\d_]+)\b(?!-)")


def _no_as_not(text: str, other: str) -> str:
    """``text`` with each "no-" compound whose word ``other`` negates written "not" that word,
    its clause closed after it: "three no-shows within a month" says what "don't show up three
    times within a month" says. A compound whose word the other text does not negate stays an
    adjective."""
    if "no-" not in text.casefold():
        return text
    negated = text_bag(other).negated
    if not negated:
        return text

    def as_not(match: re.Match[str]) -> str:
        return f"not {match[1]};" if content_terms(match[1]) & negated else match[0]

    return _NO_WORD.sub(as_not, text)


# "pays the tax rather than the tenants" says what "pays the tax, not the tenants" says: what
# follows is negated. Not "instead of", which as often swaps one value for another ("5 ml
# instead of the adult 10 ml" against "a lower dose than adults: 5 ml instead of 10 ml").
RATHER_THAN = regex(r"(?i)\brather\s+than\b")
# "every 20 minutes rather than every 8" says what "every 20 minutes instead of every 8 minutes"
# says: against a text with "rather than", "instead of" is read as it.
_INSTEAD_OF = regex(r"(?i)\binstead\s+of\b")
# A contrast's negation: "at the meeting, not over chat".
_BUT_NOT = regex(r"(?i),\s+not\s+(?!only\b|just\b)")
# "stops saving new values" says what "new values aren't saved" says: an action stopped is one
# not done, as "fails to" is.
# "wants to avoid seafood places" says what "no seafood places for me" says, too.
_STOPS = regex(
    r"(?i)\b(?:(?:stop(?:s|ped)?|ceas(?:e|es|ed))\s+(?=[a-z]{2,}ing\b)"
    r"|avoid(?:s|ed|ing)?\s+(?=[a-z]))"
)


# "except on orders placed after 10 May" says what "but not to orders placed after 10 May"
# says: against a text whose contrast negates, "except" is read as that contrast. Not "except
# that" nor "except as", which open a clause or a manner.
_EXCEPT = regex(r"(?i)\bexcept\b(?!\s+(?:that|as)\b)")
_CONTRAST_NOT = regex(r"(?i)(?:,|\bbut)\s+not\s+(?!only\b|just\b)")


# "a ban on blasting at weekends" says what "no blasting at weekends" says, and "remove all
# jewellery" what "No jewellery" does: read so against a text that says it with a negation.
_BANS = regex(r"(?i)\b(?:an?\s+)?ban\s+on\b|\bremov(?:e|es|ed|ing)\s+(?:all|any)\b")
# "too big to fit" says what "did not fit" says: read so against a text with a negation.
_TOO_TO = regex(r"(?i)\btoo\s+[a-z]+\s+to\b")
_BANNING = regex(r"(?i)\bban(?:s|ned|ning)?\b|\bremov(?:e|es|ed|ing|al)\b")


def _said_as_no(text: str, other: str, said: Regex, other_says: Regex, negation: str) -> str:
    """``text`` with each match of ``said`` written ``negation`` where ``other`` says it with a
    negation and nothing ``other_says`` matches: "a ban on glass" against "No glass"."""
    if said.search(text) and not other_says.search(other) and has_negation(other):
        return said.sub(negation, text)
    return text


def _except_as_not(text: str) -> str:
    """Each "except" of ``text`` as "but not", where no negation comes before it in its
    sentence: "not flowers, except family flowers" allows the family's."""

    def as_not(match: re.Match[str]) -> str:
        start = max(text.rfind(stop, 0, match.start()) for stop in ".!?;")
        return match[0] if has_negation(text[start + 1 : match.start()]) else "but not"

    return _EXCEPT.sub(as_not, text)


def phrasings_read_alike(claim: str, evidence: str) -> tuple[str, str]:
    """``claim`` and ``evidence`` with a negation said in other words written as the other text
    says it: "instead of" as "rather than" against a text with "rather than", and as ", not"
    against a text with ", not"; a claim's "rather
    than" that picks one of the evidence's alternatives ("the PIN rather than the SSN digits"
    for "the SSN digits or your PIN") as no negation; a stopped action as one not done where
    the other text negates (never a clash of its own: "The last bus stops running at midnight"
    for "The last bus runs at midnight"); "except" as "but not" against a text that says "but
    not"."""
    if "instead" in claim or "instead" in evidence:
        if RATHER_THAN.search(claim):
            evidence = _INSTEAD_OF.sub("rather than", evidence)
        if RATHER_THAN.search(evidence):
            claim = _INSTEAD_OF.sub("rather than", claim)
        # "on Sunday instead of over chat" says what "on Sunday, not over chat" says
        if _BUT_NOT.search(evidence):
            claim = _INSTEAD_OF.sub(", not", claim)
        if _BUT_NOT.search(claim):
            evidence = _INSTEAD_OF.sub(", not", evidence)
    if "rather" in claim and _CONTRAST_NOT.search(evidence):  # "linen rather than cotton"
        claim = RATHER_THAN.sub(", not", claim)  # for "linen thread, not cotton, or ..."
    if "rather" in evidence and _CONTRAST_NOT.search(claim):
        evidence = RATHER_THAN.sub(", not", evidence)
    if (
        "rather" in claim
        and " or " in evidence
        and RATHER_THAN.search(claim)
        and not RATHER_THAN.search(evidence)
    ):
        claim = RATHER_THAN.sub("over", claim)
    if any(w in claim or w in evidence for w in ("stop", "ceas", "avoid")):
        # Only against a text that says it with a negation, not with a stop of its own: "don't
        # stop running" clashes with "stop running".
        stopped_claim = claim
        if has_negation(evidence) and not _STOPS.search(evidence):
            stopped_claim = _STOPS.sub("not ", claim)
        if has_negation(claim) and not _STOPS.search(claim):
            evidence = _STOPS.sub("not ", evidence)
        claim = stopped_claim
    if "xcept" in claim and _CONTRAST_NOT.search(evidence):
        claim = _except_as_not(claim)
    if "xcept" in evidence and _CONTRAST_NOT.search(claim):
        evidence = _except_as_not(evidence)
    # Not where both texts ban or remove ("blasting is not banned" turns the ban over).
    claim, evidence = (
        _said_as_no(claim, evidence, _BANS, _BANNING, "no"),
        _said_as_no(evidence, claim, _BANS, _BANNING, "no"),
    )
    claim, evidence = (
        _said_as_no(claim, evidence, _TOO_TO, _TOO_TO, "not"),
        _said_as_no(evidence, claim, _TOO_TO, _TOO_TO, "not"),
    )
    if ("o " in claim or "O " in claim) and _PROHIBITING.search(evidence):
        claim = _SIGN.sub(r"\1\2 not allowed", claim)  # "No glass in the pool area"
    if ("o " in evidence or "O " in evidence) and _PROHIBITING.search(claim):
        evidence = _SIGN.sub(r"\1\2 not allowed", evidence)
    return claim, evidence


# A sign's prohibition, a line with no verb: "- No glass containers in the jacuzzi area", "No
# dogs." It says what "Glass containers are prohibited ..." says, where the other text forbids.
_SIGN = regex(
    r"(?im)^([-*\u2022]?[^\S\n]*)no[^\S\n]+(?!(?:[\w'-]+[^\S\n]+){0,4}?(?:is|are|was|were|be|been"
    r"|can|will|may|must|has|have|had|do|does|did|should|shall|one|longer)\b)"
    r"((?:[^\W\d_][\w'-]*[^\S\n]+){0,4}?[^\W\d_][\w'-]*)(?=[^\S\n]+(?:in|on|at|inside|near"
    r"|during|after|before|beyond|past)\b|[^\S\n]*[.!]?[^\S\n]*$)"
)
_PROHIBITING = regex(
    r"(?i)\b(?:prohibited|forbidden|banned|(?:not|n't)[^\S\n]+(?:allowed|permitted)|must[^\S\n]+not"
    r"|may[^\S\n]+not)\b"
)


# A negation said again of another subject, its predicate left out: "Routine care isn't
# covered, and neither are flea treatments" negates "covered" of them, not the treatments.
_NEITHER_IS = regex(
    r"(?i)(\b(?:not|never|\w+n['\u2019]t)[^\S\n]+([^\W\d_]+(?:[^\S\n]+[^\W\d_]+){0,3}?))[^\S\n]*[,;]"
    r"[^\S\n]*(?:and[^\S\n]+)?(?:neither|nor)[^\S\n]+(is|are|was|were|do|does|did|can|could|will"
    r"|would|should|has|have|had)[^\S\n]+([^,.;:!?\n]+)"
)


def neither_said_out(text: str) -> str:
    """``text`` with a negation said again of another subject written out: "isn't covered,
    and neither are flea treatments" as "isn't covered, and flea treatments are not covered"."""
    return _NEITHER_IS.sub(r"\1, and \4 \3 not \2", text)


# An act kept from happening: "prevented you from travelling", "stopped them from entering",
# "kept the team from training" say "you did not travel" ("to prevent residue from hardening"
# too); and with a negation before, it happened: "did not stop you from travelling".
_VERB = r"(?:prevent(?:s|ed|ing)?|stop(?:s|ped|ping)?|kept|keeps?)"
_OBJECT = r"\s+((?:[\w'-]+\s+){1,4}?)from\b(?=\s+[a-z]{2,}ing\b)"
_PREVENTS_FROM = regex(rf"(?i)(?<!not\s)(?<!n't\s)(?<!never\s)\b{_VERB}{_OBJECT}")
_NOT_PREVENTED = regex(rf"(?i)\b(?:not|never|\w+n't)\s+{_VERB}{_OBJECT}")


# "it prevented sailing further south": the act itself kept from happening, no one named.
_PREVENTS_ACT = regex(r"(?i)(?<!not\s)(?<!n't\s)\bprevent(?:s|ed|ing)?(?=\s+[a-z]{2,}ing\b)")
# "toxins that prevent blood clotting", "stops it wasting energy": "from" left out.
_PREVENTS_DOING = regex(
    r"(?i)(?<!not\s)(?<!n't\s)\b(?:prevent(?:s|ed|ing)?|stop(?:s|ped|ping)?)\s+"
    r"((?:the\s+|its\s+|their\s+)?[a-z]+)\s+(?=[a-z]{2,}ing\b)"
)


def prevented_as_not(text: str) -> str:
    """``text`` with an act kept from happening written as a negation of it, and one a negation
    says was not kept from happening as stated (:data:`_PREVENTS_FROM`)."""
    text = _PREVENTS_FROM.sub(r"\1 not", _NOT_PREVENTED.sub(r"\1", text))
    text = _PREVENTS_DOING.sub(r"\1 not ", text)
    return _PREVENTS_ACT.sub("not", text) if "revent" in text else text
