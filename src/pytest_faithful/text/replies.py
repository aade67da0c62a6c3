"""A yes or a no that a reply turn of a dialogue gives the question before it.

"Noah: Will the shop be open on Easter Monday?" "Ava: Nope" says the shop will not be open: a
short reply means something only with the turn it answers, and a bare "Nope" or "Sure!" says
which way. :func:`answer_around` reads, for a span of a dialogue, the yes/no question turn it
holds or touches and the reply after it; :func:`says_no_to` whether a claim takes the side of
a no (it negates, refuses, or says the opposite of a word of the question).

Only clear answers are read: a reply that opens with a yes or a no and says nothing after it
that could carry its own meaning ("No, I'll be there at 9" corrects the time, it does not turn
the invitation down; "Sure, but I can't stay" negates something else); a question asked in the
negative ("Aren't you coming?") or about minding ("Do you mind if I smoke?" "No.") is read by
none, as its yes and no are the other way round.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import NamedTuple

from pytest_faithful.text.align import Aligned, has_negation
from pytest_faithful.text.contrasts import contrast
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.senses import NO_CHARGE
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.turns import dialogue
from pytest_faithful.text.words import WORD

_YES = frozenset(
    {"yes", "yeah", "yep", "yup", "yea", "sure", "ok", "okay", "absolutely", "certainly"}
    | {"definitely", "gladly"}
)
# A yes said with a negation's words: "No problem", "Can't wait!", "Wouldn't miss it"; or in
# a phrase: "Will do.", "On it", "Sounds good"; or a confirmation set off by itself: "Right, so
# the new one is cheaper.", "That's correct.", "Exactly." (not "right now", "right away").
_YES_IDIOM = regex(
    r"(?i)\b(?:no[ \t]+(?:problem|worries|prob)|can(?:no|'|\u2019)t[ \t]+wait"
    rf"|{NO_CHARGE}"
    r"|would(?:n't|n\u2019t|[ \t]+not)[ \t]+miss[ \t]+it|why[ \t]+not\b"
    r"|(?:will|can)[ \t]+do\b|on[ \t]+it\b|sounds[ \t]+(?:good|great|fine|perfect)\b"
    r"|(?:that(?:'s|\u2019s|[ \t]+is)[ \t]+)?(?:right|correct|exactly|precisely)"
    r"(?=[ \t]*[,.!;\u2014]|$))"
)
# "Not really", "Not yet", "Not today": a no in two words ("not sure" is no answer).
_NOT_SO = frozenset(["really", "yet", "today", "tonight", "now", "anymore"])
# After a bare "no", what sets it off as the answer: "No.", "No, sorry", "No!" ("No idea",
# "No problem", "No worries" answer nothing either way).
_NO_ANSWER = regex(r"(?i:no)\b[ \t]*(?:[,;:.!\u2014\u2013]|$)")
# What a no may say after it and still be a bare no: "No, sorry.", "Nope, afraid not".
_COURTESIES = frozenset(["sorri", "thank", "unfortunat", "afraid", "mate", "man", "dude", "lol"])
# The opening of a question that asks for something other than a yes or a no.
_WH = frozenset(["what", "when", "where", "who", "whom", "whose", "why", "how", "which"])
# A question whose no agrees: "Do you mind if I smoke?", "Would you object ...?".
_INVERTED = regex(r"(?i)\b(?:mind|object)\b")
# A claim that turns something down: "declines", "refuses", "turned down".
_REFUSING = regex(r"(?i)\b(?:refus|declin|reject|turn(?:s|ed|ing)?[ \t]+down\b)")


# "with or without", "whether or not": both cases, no negation.
_EITHER_WAY = regex(r"(?i)\bwith[ \t]+or[ \t]+without\b|\bwhether[ \t]+or[ \t]+not\b")


_ASKED_AFTER = regex(r"(?<=[.!?])[^\S\n]+[^.!?\n]*\?")


def without_asking_after(said: str) -> str:
    """A reply turn without the questions it goes on to ask: "Sure." of "Sure. And tell them no
    need to dress up?"."""
    return _ASKED_AFTER.sub("", said) if "?" in said else said


def yes_or_no(said: str) -> bool | None:
    """Whether a reply turn's words answer yes (True) or no (False), or neither (None): a yes
    ("Sure!", "Yep", "Of course, the more the merrier", "No problem", "Can't wait!") with no
    negation after it; a no
    ("Nope", "No, sorry.", "Not really", "No, I'm not coming") with nothing after it but
    courtesies or words that negate too. A question the reply goes on to ask is a turn of its
    own: "Sure. And tell them no need to dress up?" says yes."""
    said = without_asking_after(said)
    idiom = _YES_IDIOM.match(said.lstrip(" \t\"'*"))
    if idiom is not None:
        return None if has_negation(said.lstrip(" \t\"'*")[idiom.end() :]) else True
    found = list(WORD.finditer(said, 0, 80))[:2]
    words = [w[0].casefold() for w in found]
    if not words:
        return None
    if words[0] in _YES or words == ["of", "course"]:
        opener = found[-1] if words[0] == "of" else found[0]
        rest = _EITHER_WAY.sub(" ", said[opener.end() :])  # "Yes, with or without food"
        return None if has_negation(rest) else True
    bare = said.lstrip(" \t\"'*")
    if words[0] in ("nope", "nah") or (words[0] == "no" and _NO_ANSWER.match(bare)):
        rest = said[found[0].end() :]
    elif words[0] == "not" and len(words) > 1 and words[1] in _NOT_SO:
        rest = said[found[1].end() :]
    else:
        return None
    return False if not content_terms(rest) - _COURTESIES or has_negation(rest) else None


class Answer(NamedTuple):
    """A yes/no question turn of a dialogue and the reply turn after it."""

    question: str
    reply: str
    yes: bool
    asker: frozenset[str] = frozenset()
    """The words of the question's speaker's label (:class:`~pytest_faithful.text.turns.
    Dialogue`), whom its "I" and "my" name."""
    replier: frozenset[str] = frozenset()
    """The words of the reply's speaker's label, whom the question's "you" names."""


def _said(passage: str, k: int, bodies: tuple[int, ...], starts: tuple[int, ...]) -> str:
    end = starts[k + 1] if k + 1 < len(starts) else len(passage)
    return passage[bodies[k] : end].strip()


def _yes_no_question(said: str) -> bool:
    """Whether a turn's words end in a question that asks for a yes or a no, asked in the
    positive: "You coming to school tomorrow?", "7?" (not "What time?", "Aren't you coming?")."""
    if not said.rstrip("\"')\u201d ").endswith("?"):
        return False
    asked = said[max(said.rfind(".", 0, len(said) - 1), said.rfind("!"), -1) + 1 :]
    words = [w.casefold() for w in WORD.findall(asked)]
    return (
        bool(words)
        and words[0] not in _WH
        and not has_negation(asked)
        and _INVERTED.search(asked) is None
    )


def answer_around(passage: str, start: int, end: int) -> Answer | None:
    """The yes/no question and its clear reply (:func:`yes_or_no`) that ``passage[start:end]``
    holds or touches: the span is the reply turn, holds the reply and the question before it,
    or ends in the question, with the reply the turn after it. The reply is by another speaker
    than the question. None when ``passage`` is no dialogue or no such pair is there."""
    read = dialogue(passage)
    starts, bodies = read.starts, read.bodies
    if len(starts) < 2:
        return None
    first = bisect.bisect_right(starts, start) - 1
    last = bisect.bisect_right(starts, max(start, end - 1)) - 1
    if last < 0:
        return None
    # The reply turns the span holds, last first, then the one after a question it ends in.
    replies = [*range(last, max(first, 1) - 1, -1)]
    if last + 1 < len(starts):
        replies.insert(0, last + 1)
    for k in replies:
        if read.labels[k] == read.labels[k - 1]:
            continue
        question = _said(passage, k - 1, bodies, starts)
        if not _yes_no_question(question):
            continue
        yes = yes_or_no(reply := _said(passage, k, bodies, starts))
        if yes is not None:
            return Answer(question, reply, yes, read.labels[k - 1], read.labels[k])
    return None


def replied_alike(passages: Sequence[str], span: Aligned, reply: str) -> bool:
    """Whether the yes/no question ``span`` holds or touches has a clear reply
    (:func:`answer_around`) the same way as the bare ``reply`` ("No." to "Do you deliver on
    Sundays?" answered "No, sorry.")."""
    passage, start, end = passages[span.passage], span.start, span.end
    said = yes_or_no(reply)
    answer = answer_around(passage, start, end) if said is not None else None
    if answer is None or answer.yes is not said:
        return False
    # Only the last word: a later question answered clearly may take the reply back ("yes,
    # deploy at 11" ... "so not today then?" "correct").
    read = dialogue(passage)
    after = bisect.bisect_right(read.starts, max(start, end - 1)) + 1
    return not any(
        _said(passage, k - 1, read.bodies, read.starts).rstrip().endswith("?")
        and yes_or_no(_said(passage, k, read.bodies, read.starts)) is not None
        for k in range(after, len(read.starts))
    )


# A yes or a no that opens a claim as an answer: "No, making it wetter is included ...".
_OPENING_ANSWER = regex(r"(?i)\s*(?:yes|yeah|yep|no|nope)\b\s*[,;:.!\u2014\u2013-]\s*(?=\S)")


def answering_another(claim: str, question: str | None, asked: str) -> str:
    """``claim`` without the yes or no that opens it, when it answers ``question`` (the check's)
    and not ``asked``, a dialogue's question about something else, sharing no word with it
    ("Does a flow adjustment cost extra?", "Could you make it wetter as well?"); else ``claim``."""
    opening = _OPENING_ANSWER.match(claim)
    words = content_terms(asked)
    # A question of one word of its own asks about what came before it ("Can she do that by
    # phone?"): no other question's.
    if opening is None or not question or len(words) < 2 or content_terms(question) & words:
        return claim
    return claim[opening.end() :]


def says_no_to(
    claim: str,
    question: str,
    asker: frozenset[str] = frozenset(),
    replier: frozenset[str] = frozenset(),
) -> bool:
    """Whether ``claim`` takes the side of a no to ``question``: it negates something, turns
    something down ("Ruby refuses ..."), or says the opposite of a word of the question ("The
    shop is closed" to "Will the shop be open?"). A yes said with a negation's words ("Tim has
    no problem covering ...", "Dave can't wait to come", "at no charge") negates nothing. A
    word that tells one fact from either side ("borrow"/"lend") is read with the speakers the
    question's "I" and "you" are (``asker``, ``replier``): "Emma lends Sam her bike" is the yes
    to Sam's "Can I borrow your bike?", not its opposite."""
    claim = _YES_IDIOM.sub(" ", claim)  # "Tim has no problem covering ...": no negation
    # The side is the main clause's: "Omar is taking him, because Nadia can't" says yes.
    claim = claim[: reason.start()] if (reason := _REASON.search(claim, 1)) else claim
    return (
        has_negation(claim)
        or _REFUSING.search(claim) is not None
        or contrast(claim, _speakers_named(question, asker, replier)) is not None
    )


# A clause that gives a reason, not the answer: "..., because she's working late".
_REASON = regex(r"(?i)\b(?:because|since|as\s+(?:she|he|they|i|we)\b|so\s+that)\b")


# The question's own speaker and the one it asks, by their pronouns.
_FIRST = regex(r"(?i)\b(?:I|me|my|mine|myself)\b(?:['\u2019](?:m|ll|d|ve))?")
_SECOND = regex(r"(?i)\b(?:you|your|yours|yourself)\b(?:['\u2019](?:re|ll|d|ve))?")


def _speakers_named(question: str, asker: frozenset[str], replier: frozenset[str]) -> str:
    """``question`` with its "I", "my" as the asker's name and its "you", "your" as the
    replier's (each a speaker's label words), where a label names them."""
    if asker:
        question = _FIRST.sub(" ".join(sorted(asker)), question)
    if replier:
        question = _SECOND.sub(" ".join(sorted(replier)), question)
    return question


# A tag that asks for agreement with the statement before it: "..., surely?", "..., right?",
# "..., isn't it?", "..., don't you think?".
_TAG = regex(
    r"(?i),[ \t]*(?:surely|right|yeah|eh|innit|correct|don't[ \t]+you[ \t]+think|"
    r"(?:is|are|was|were|do|does|did|have|has|can|will|would|should)n't[ \t]+"
    r"(?:it|they|he|she|we|you|i|there|that))[ \t]*\?[ \t\"'\u201d)]*$"
)


def tag_stated(quote: str) -> str | None:
    """What ``quote`` states when it is a statement asked back with a tag ("Tom: Coming down
    scree is worse than going up it, surely?" states that it is worse, as its speaker sees
    it); else None."""
    m = _TAG.search(quote)
    return None if m is None else quote[: m.start()] + "."
