"""The force a modal gives an action: evidence that permits what the claim obliges, or the reverse.

"The Company may elect to pay you in lieu of notice." is a real sentence about the claim "The
Company must pay you in lieu of notice.": it shares every word but the modal, and holds no
negation and no opposite word, so no other rule stops a judge that calls the claim SUPPORTED
with it. :func:`modal_clash` reads the force each text gives an action, the first content word
after its modal phrase (a "to be" or "have been" and an "elect to", "choose to", "opt to" or
"decide to" passed over: "has to be approved" is said of "approved", "may elect to pay" of
"pay"), and finds an action of the claim's that the evidence gives another force and never the
claim's.

The forces:

- *permitted*: "may", "can", "is allowed/permitted/authorized/eligible/entitled/free to",
  "has the right/option to", "is able to", "it is up to ... whether to";
- *obliged*: "must", "shall", "has/have/had to", "need(s) to", "is required/obliged/obligated/
  compelled/mandated to", "will always";
- *advised*: "should", "ought to", "is recommended/advised/encouraged to";
- *forbidden*: "may not", "must not", "shall not", "should not", "cannot", "can't", "is not
  allowed/permitted/eligible/entitled to", "is prohibited/forbidden/barred from", and advice
  against it: "is not safe/advisable/wise to", "is unsafe/inadvisable/unwise to";
- *exempt*: "need not", "does not have to", "does not need to", "is not required/obliged to".

Each clashes with each other but two pairs that one action can hold at once: what one is
permitted to do one may also be exempt from ("may work" and "need not work"), and what one is
advised to do one may be exempt from ("should update" and "need not update"). A modal phrase
after a negation in its clause ("No member may vote", "nobody has to") is read as none: which
force it gives is left to the judge. "Might", "could" and "would" are read as none either:
they hedge how likely a thing is more often than they permit it. An obligation on one able to
meet it ("must bring a set if they can", "wherever possible") is advice: *advised*.
"""

from __future__ import annotations

import bisect
import re
from typing import Final, Literal, NamedTuple

from pytest_faithful.text.patterns import Regex, regex
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.words import WORD, is_negation

Force = Literal["permitted", "obliged", "advised", "forbidden", "exempt"]

_BE = r"(?:is|are|was|were|be|being|been|am|'s|'re)"
# Longest phrases first: "may not" is forbidden before "may" is permitted.
_FORCES: Final[tuple[tuple[Force, str], ...]] = (
    (
        "forbidden",
        rf"(?:may|must|shall|should|can)\s+not|mustn't|shan't|shouldn't|can't|cannot"
        rf"|{_BE}\s+(?:not|never)\s+(?:allowed|permitted|authori[sz]ed|eligible|entitled)\s+to"
        rf"|{_BE}n't\s+(?:allowed|permitted|authori[sz]ed|eligible|entitled)\s+to"
        rf"|{_BE}\s+(?:prohibited|forbidden|barred|banned)\s+(?:from|to)"
        # Advice against it: "it is not safe to share across processes", "is unwise to".
        rf"|{_BE}\s+(?:not|never)\s+(?:safe|advisable|wise)\s+to|{_BE}n't\s+(?:safe|advisable|wise)\s+to"
        rf"|{_BE}\s+(?:unsafe|inadvisable|unwise)\s+to",
    ),
    (
        "exempt",
        rf"need\s+not|needn't|(?:do|does|did)\s*(?:\s+not|n't)\s+(?:have|need)\s+to"
        rf"|{_BE}\s+not\s+(?:required|obliged|obligated|compelled)\s+to"
        rf"|{_BE}n't\s+(?:required|obliged|obligated|compelled)\s+to",
    ),
    (
        "obliged",
        rf"must|shall|(?:has|have|had)\s+to|needs?\s+to|will\s+always"
        rf"|{_BE}\s+(?:required|obliged|obligated|compelled|mandated)\s+to",
    ),
    ("advised", rf"should|ought\s+to|{_BE}\s+(?:recommended|advised|encouraged)\s+to"),
    (
        "permitted",
        rf"may|can|{_BE}\s+(?:allowed|permitted|authori[sz]ed|eligible|entitled|free|welcome)\s+to"
        rf"|(?:has|have)\s+the\s+(?:right|option)\s+to|{_BE}\s+able\s+to"
        rf"|it\s+{_BE}\s+up\s+to\s+(?:[\w'\u2019-]+\s+){{1,5}}?(?:whether|if)\s+(?:or\s+not\s+)?to",
    ),
)
_MODAL = regex(
    r"(?i)\b(?:" + "|".join(f"(?P<{force}>{phrase})" for force, phrase in _FORCES) + r")\b"
    # What comes between the modal and its action: adverbs, a chosen action, a passive's "be".
    r"(?P<between>(?:\s+(?:also|only|still|always|then|now|first|each|both|either|simply"
    r"|elect|choose|opt|decide|to|be|have|been|get|whether))*)"
    r"\s+(?P<action>[^\W\d_][\w'\u2019-]*)"
)
# Where a clause ends: a negation before a modal is read in its clause only.
_CLAUSE_BREAK = regex(
    r"[;:,.!?\u2013\u2014]|\b(?:and|but|or|while|whereas|although|though|because|unless|if"
    r"|when|which|who|that)\b",
    re.IGNORECASE,
)
# An upper limit on the action's amount, after the modal in its clause.
_LIMIT = regex(
    r"(?i)\b(?:up\s+to|(?:no|not)\s+more\s+than|at\s+(?:the\s+)?most|(?:a\s+)?maximum|not\s+exceed"
    r"|or\s+(?:less|fewer|under))\b"
)
# Phrases of ability and of practical need: "you can enable it" and "you have to enable it".
_ABILITY = frozenset({"can"})
_NEED = regex(r"(?i)(?:has|have|had)\s+to|needs?\s+to")
# Forces one action can hold at once.
_TOGETHER: Final = frozenset({frozenset({"permitted", "exempt"}), frozenset({"advised", "exempt"})})


# Verbs a modal gives a likelihood, not a force: "can expect waits of 4 days", "should expect".
_EXPECTING = frozenset(content_terms("expect anticipate experience"))


class ModalClash(NamedTuple):
    """The claim's modal phrase and the evidence's, for one action."""

    said: str
    shown: str
    action: str


class _Modal(NamedTuple):
    force: Force
    phrase: str
    action: frozenset[str]
    word: str
    limited: bool  # its clause sets an upper limit on the action
    only: bool = False  # "can only be applied when": a permission only in one case


# A word each modal phrase of _MODAL holds, tested as a substring first: most sentences hold
# none, and the pattern costs ten times more than these tests.
_MODAL_HINTS = (
    "may", "must", "shall", "shan", "should", "can", "need", "has", "have", "had", "will",
    "ought", "allowed", "permitted", "authori", "eligible", "entitled", "prohibited",
    "forbidden", "barred", "banned", "required", "obliged", "obligated", "compelled",
    "mandated", "recommended", "advised", "encouraged", "free", "welcome", "able", "safe",
    "advisable", "wise",
)  # fmt: skip
_UP = regex(r"\sup")  # "it is up to you whether to"


def _may_hold_modal(text: str) -> bool:
    folded = text.casefold()
    return any(hint in folded for hint in _MODAL_HINTS) or _UP.search(folded) is not None


# A relative pronoun right before a modal: "who can", "that may".
_RELATIVE = regex(r"(?i)\b(?:who|whom|that|which)[ \t]+$")
# A condition's subject right before a modal: "if you can", "unless the tenant can".
_IF_ONE = regex(r"(?i)\b(?:if|unless)[ \t]+(?:the[ \t]+)?[\w'-]+[ \t]+$")
_IF_ONE_REACH = 30


def _modals(text: str) -> list[_Modal]:
    """Each modal phrase of ``text`` that gives an action a force, unless negated before it in
    its clause. Each reading is found once in the text and looked up by where it is: linear
    time, however many modals it writes."""
    found: list[_Modal] = []
    if not _may_hold_modal(text):
        return found
    matches = list(_MODAL.finditer(text))
    if not matches:
        return found
    breaks = [(b.start(), b.end()) for b in _CLAUSE_BREAK.finditer(text)]
    starts, ends = [b[0] for b in breaks], [b[1] for b in breaks]
    negated = [w.start() for w in WORD.finditer(text) if is_negation(w[0].casefold())]
    limits = [m.start() for m in _LIMIT.finditer(text)]
    for match in matches:
        force = next(f for f, _ in _FORCES if match[f] is not None)
        action = content_terms(match["action"])
        if not action or action & _EXPECTING:
            continue  # "can expect", "should expect": how likely, not what is permitted
        if force == "permitted" and (
            _RELATIVE.search(text, max(0, match.start() - 8), match.start())
            or _IF_ONE.search(text, max(0, match.start() - _IF_ONE_REACH), match.start())
        ):
            # "anyone who can show photo ID": whom, by what they are able to do; "unless you
            # can show insurance": a condition, on what one is able to do
            continue
        # The clause the modal is in: from the last break before it to the first after it.
        before = bisect.bisect_right(ends, match.start())
        opening = ends[before - 1] if before else 0
        if bisect.bisect_left(negated, match.start()) > bisect.bisect_left(negated, opening):
            continue  # "No member may vote": a negation before it in its clause
        if _NEGATED_SUBJECTS.search(text, max(0, match.start() - _SUBJECTS_REACH), match.start()):
            continue  # "No glass or alcohol may be brought": its "or" joins the things negated
        after = bisect.bisect_left(starts, match.end())
        closing = starts[after] if after < len(starts) else len(text)
        limited = bisect.bisect_left(limits, closing) > bisect.bisect_left(limits, match.start())
        phrase = " ".join(match[force].split())
        if force == "obliged" and _IF_ABLE.match(text, match.end(), match.end() + _IF_REACH):
            force = "advised"  # "must bring their own clocks if they can": what they should
        only = "only" in match["between"].casefold().split()
        found.append(_Modal(force, phrase, action, match["action"], limited, only))
    return found


# A negated subject of things joined by "or", "and" or "nor", opening its sentence or item
# right before the modal (which the clause breaks above read as two clauses): not "There is
# no charge, and guests may".
_NEGATED_SUBJECTS = regex(
    r"(?im)(?:^[ \t]*(?:[-*\u2022][ \t]+)?|[;:.!?][ \t]+)(?:no|neither)[ \t]+"
    r"(?:[\w'-]+,?[ \t]+){0,5}?(?:or|and|nor)[ \t]+(?:[\w'-]+[ \t]+){0,3}$"
)
_SUBJECTS_REACH = 80


# An obligation on one able to meet it ("must bring sets if they can", "wherever possible"),
# in the modal's own clause (not "has to be replaced, ideally native species where possible"):
# advice, which "should" says as well.
_IF_ABLE = regex(
    r"(?i)[^,;:.!?\n]*?\b(?:if|where|wherever)\s+(?:(?:they|you|he|she|we|i)\s+(?:can|are\s+able"
    r"|is\s+able)|possible|practicable|practical|able)\b"
)
_IF_REACH = 120


def _clash(one: _Modal, other: _Modal) -> bool:
    if one.limited or other.limited or one.force == other.force:
        return False
    if one.only and one.force == "permitted" and other.force in ("forbidden", "obliged"):
        return False  # the claim's "can only ... when" is what the rule forbids otherwise
    if other.only and other.force == "permitted" and one.force == "forbidden":
        return False  # "may be sent only if installed": the claim's "can't" is the otherwise
    if {one.phrase.casefold(), other.phrase.casefold()} & _ABILITY and any(
        _NEED.fullmatch(m.phrase) for m in (one, other)
    ):
        return False  # "you can enable it" and "you have to enable it"
    return frozenset({one.force, other.force}) not in _TOGETHER


def modal_clash(claim: str, evidence: str) -> ModalClash | None:
    """The first action of ``claim`` that ``evidence`` gives a modal force clashing with the
    claim's, and never the claim's own (module docstring); or None."""
    said = _modals(claim)
    if not said:
        return None
    # Indexed by action term, one modal of each form: no reading of every evidence modal for
    # every claim modal.
    shown: dict[str, dict[tuple[Force, str, bool], _Modal]] = {}
    excepted = "but not" in evidence and _BUT_NOT.search(evidence) is not None
    restricted = "only" in evidence and _ONLY_IF.search(evidence) is not None
    for m in _modals(evidence):
        if restricted and m.force == "permitted":
            m = m._replace(only=True)  # "may be sent only if installed"
        # "Parents may watch the final class, but not other lessons": not permitted otherwise.
        also = [m._replace(force="forbidden")] if excepted and m.force == "permitted" else []
        for modal in (m, *also):
            for term in modal.action:
                key = (modal.force, modal.phrase.casefold(), modal.limited)
                shown.setdefault(term, {}).setdefault(key, modal)
    # The forces the claim gives each action, its verb phrases left out included: "can't grind
    # fine enough; the Fellow Opus can." gives grinding both, each of another thing.
    # An elided one counts where the evidence names what it is said of: "guests may." gives
    # "Members may attend" no agreement.
    given: dict[str, set[Force]] = {}
    named = content_terms(evidence)
    elided = [modal for modal, subject in _elided(claim, said) if subject & named]
    for modal in said + elided:
        for term in modal.action:
            given.setdefault(term, set()).add(modal.force)
    for modal in said:
        same = [
            m
            for term in sorted(modal.action)
            for m in shown.get(term, {}).values()
            if m.force == modal.force or m.force not in given.get(term, ())
        ]
        if not same or any(not _clash(modal, m) for m in same):
            continue
        return ModalClash(modal.phrase, same[0].phrase, modal.word)
    return None


def hedge_dropped(claim: str, evidence: str) -> ModalClash | None:
    """The first action ``claim`` says will (or always) happen that ``evidence`` says only may,
    might or could happen, or happens often, usually or sometimes, and never says will
    ("Flights will be cancelled in high winds" where they "may be cancelled", "is always
    delayed" where it "is often delayed"): a likelihood told as a certainty; or None. Not where
    the claim hedges it too, nor where a limit follows either ("may take up to 5 days": the
    limit is the hedge)."""
    lowered = claim.casefold()
    if "will" not in lowered and "guaranteed" not in lowered and "always" not in lowered:
        return None
    hedged = _actions(_HEDGED, evidence)
    if not hedged:
        return None
    kept = _actions(_CERTAIN, evidence).keys() | _actions(_HEDGED, claim).keys()
    for term, (phrase, action) in _actions(_CERTAIN, claim).items():
        if term in hedged and term not in kept:
            return ModalClash(phrase, hedged[term][0], action)
    return None


# A certainty, "will", "is guaranteed to", "always", and how likely, "may", "might", "could",
# each with its action, read as a modal's is above.
_CERTAIN = regex(
    r"(?i)\b(?P<phrase>will|(?:is|are)\s+guaranteed\s+to|(?:(?:is|are|was|were)\s+)?always)"
    r"(?:\s+(?:always|definitely|certainly|automatically|also|still|then))*"
    r"(?:\s+(?:be|have))?\s+(?P<action>[^\W\d_][\w'\u2019-]*)"
)
# and how often: "are often delayed", "usually runs late", "can be noisy"
_HEDGED = regex(
    r"(?i)\b(?P<phrase>may|might|could|can(?=\s+be\b)|often|usually|sometimes|occasionally"
    r"|typically|generally|normally)(?:\s+(?:also|still|then|sometimes|occasionally))*"
    r"(?:\s+(?:be|have))?\s+(?P<action>[^\W\d_][\w'\u2019-]*)"
)
_LIMIT_REACH = 40


def _actions(pattern: Regex, text: str) -> dict[str, tuple[str, str]]:
    """Each content term of an action ``pattern`` finds in ``text`` -> its phrase and action,
    unless a limit follows it in its clause."""
    found: dict[str, tuple[str, str]] = {}
    for m in pattern.finditer(text):
        after = _CLAUSE_BREAK.split(text[m.end() : m.end() + _LIMIT_REACH], maxsplit=1)[0]
        if _LIMIT.search(after) or _LIMIT.search(m[0]):
            continue
        for term in content_terms(m["action"]):
            found.setdefault(term, (" ".join(m["phrase"].split()), m["action"]))
    return found


_ONLY_IF = regex(r"(?i)\bonly\s+(?:if|when|where|for|to|on|in|after|before|under|over)\b")
_BUT_NOT = regex(r"(?i),?\s+but\s+not\s+(?!only\b|just\b)")


# A modal whose verb phrase is left out, at the end of its clause: "the Fellow Opus can.",
# "..., but members may", "guests can't".
_ELIDED = regex(
    r"(?i)\b(?:(?P<forbidden>can't|cannot|can\s+not|may\s+not|mustn't|must\s+not)"
    r"|(?P<permitted>can|may)|(?P<obliged>must))(?=\s*(?:[.;,!?)]|$))"
)


def _elided(text: str, said: list[_Modal]) -> list[tuple[_Modal, frozenset[str]]]:
    """Each modal of ``text`` whose verb phrase is left out, given the action of the modal
    before it (``said``, in order), and the content terms of its clause before it (what it is
    said of)."""
    found: list[tuple[_Modal, frozenset[str]]] = []
    if not said:
        return found
    for m in _ELIDED.finditer(text):
        before = [modal for modal in said if text.find(modal.word) < m.start()]
        if not before:
            continue
        opening = max((b.end() for b in _CLAUSE_BREAK.finditer(text, 0, m.start())), default=0)
        force: Force = (
            "forbidden" if m["forbidden"] else "permitted" if m["permitted"] else "obliged"
        )
        modal = _Modal(force, m[0], before[-1].action, before[-1].word, False)
        found.append((modal, content_terms(text[opening : m.start()])))
    return found


def exempt_and_allowed(claim: str, evidence: str) -> bool:
    """Whether one text exempts from an action ("Members need not attend") that the other
    permits or advises ("Members can attend", "should attend"): forces one action holds at once
    (:data:`_TOGETHER`), so the exemption's "not" negates the need, not the action; read by the
    negation rule, which would otherwise read "need not attend" as negating "attend"."""
    said = _modals(claim)
    if not said:
        return False
    shown: dict[str, set[Force]] = {}
    for m in _modals(evidence):
        for term in m.action:
            shown.setdefault(term, set()).add(m.force)
    return any(
        "exempt" in (modal.force, force) and frozenset({modal.force, force}) in _TOGETHER
        for modal in said
        for term in modal.action
        for force in shown.get(term, ())
    )


# Said of a thing one is given, so need not bring or buy: "overalls and gloves are provided".
_PROVIDED = regex(
    r"(?i)\b(?:provided|supplied|included|lent|loaned|issued|handed\s+out|available\s+(?:free"
    r"|to\s+borrow|on\s+loan)|provides?|supplies|includes?|lends?)\b"
)
# The actions one is exempt from for a thing that is provided.
_OBTAINING = frozenset(content_terms("bring buy purchase pack supply provide own hire rent carry"))
# Where the things the action is of end: "bring overalls or gloves, because ...".
_THINGS_END = regex(r"(?i)[,;:.!?\n()]|\b(?:because|since|as|but|so|if|unless|when)\b")


def exempt_as_provided(claim: str, evidence: str) -> bool:
    """Whether ``claim`` exempts from bringing or buying things ("You don't need to bring
    overalls or gloves") that a clause of ``evidence`` says are provided ("overalls and gloves
    are provided by the farm"): the exemption's "not" negates the need the provision takes
    away, not the things. Every thing the claim names is in that clause, so "bring your own
    gloves; overalls are provided" exempts from no gloves."""
    lowered = claim.casefold()
    for modal in _modals(claim):
        if modal.force != "exempt" or not modal.action & _OBTAINING:
            continue
        at = lowered.find(modal.word.casefold())
        rest = claim[at + len(modal.word) :] if at >= 0 else ""
        end = _THINGS_END.search(rest)
        things = content_terms(rest[: end.start() if end else len(rest)])
        if things and any(
            _PROVIDED.search(clause) and things <= content_terms(clause)
            for clause in re.split(r"[;.!?\n]", evidence)
        ):
            return True
    return False
