"""Who said what in a dialogue a passage holds: the turn a quote lies in, the exchange a short
reply belongs to, the speakers a claim names, and a claim that gives one speaker's words to
another (:func:`said_of_another`, the ``speaker`` rule's reading). Turns are read by
:mod:`~pytest_faithful.text.turns`; a news article's attributions by
:mod:`~pytest_faithful.text.attribution`.
"""

from __future__ import annotations

import bisect
from typing import NamedTuple

from pytest_faithful.text.attribution import reported_source
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.turns import FLAT_BREAK as _FLAT_BREAK
from pytest_faithful.text.turns import dialogue, speaker_named
from pytest_faithful.text.words import STOPWORDS

_NAME_WORD = regex(r"[^\W\d_][\w'-]*")
_POSSESSIVE = regex(r"'s?$")
# What str.splitlines breaks a line at: each turn of a dialogue opens a line of its own
# (:func:`~pytest_faithful.text.turns.dialogue`), so a passage with none holds no two turns.
_LINE_BREAK = regex("[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")


def exchange_around(passage: str, start: int, end: int) -> tuple[int, int] | None:
    """For a span inside one turn of a dialogue: the turn before it and the turn itself, the
    exchange that a short reply ("7?", "Sure!") means something in. None when ``passage`` is
    not a dialogue (fewer than two turns) or the span is not inside one turn."""
    turns = dialogue(passage).starts
    if len(turns) < 2:
        return None
    k = bisect.bisect_right(turns, start) - 1
    if k < 0:
        return None
    turn_end = turns[k + 1] if k + 1 < len(turns) else len(passage)
    if end > turn_end:
        return None
    opening = turns[k - 1] if k else turns[k]
    return opening, len(passage[:turn_end].rstrip())


def words_said(passage: str, start: int, end: int) -> str:
    """``passage[start:end]`` without the labels of the dialogue's turns in it: what was said
    ("You coming to school tomorrow? I am!"), which a speaker's name is not."""
    read = dialogue(passage)
    ends = (*read.starts[1:], len(passage))
    said = [
        passage[max(start, body) : min(end, turn_end)]
        for body, turn_end in zip(read.bodies, ends, strict=True)
        if body < end and start < turn_end
    ]
    return " ".join(said) if said else passage[start:end]


class Turn(NamedTuple):
    """One turn of a dialogue: the words that name its speaker ("elizabeth", "liz" for
    "Elizabeth (Liz):", lower case) and what the speaker says, without the label."""

    speaker: frozenset[str]
    said: str


def turn_of(passage: str, start: int, end: int) -> Turn | None:
    """The turn of a dialogue (two turns or more, :func:`~pytest_faithful.text.turns.dialogue`)
    that ``passage[start:end]`` lies in, else None."""
    if _LINE_BREAK.search(passage) is None and _FLAT_BREAK not in passage:
        return None  # one line, not flattened: no two turns, known without reading for them
    read = dialogue(passage)
    if len(read.starts) < 2:
        return None
    k = bisect.bisect_right(read.starts, start) - 1
    if k < 0:
        return None
    turn_end = read.starts[k + 1] if k + 1 < len(read.starts) else len(passage)
    if end > turn_end:
        return None
    return Turn(read.labels[k], passage[max(start, read.bodies[k]) : end])


def speakers_named(passage: str, claim: str) -> list[str]:
    """The speakers of the dialogue ``passage`` that ``claim``'s capitalised words name, in
    order, each as its label's word (lower case): "Jon" names "Jonathan:"
    (:func:`~pytest_faithful.text.turns.speaker_named`)."""
    read = dialogue(passage)
    if not read.speakers:
        return []
    named = (
        speaker_named(read, _POSSESSIVE.sub("", word))  # "Lucy's" names "Lucy:"
        for word in _NAME_WORD.findall(claim)
        if word[0].isupper()
    )
    return [word for word in named if word is not None]


def first_speaker_named(passage: str, claim: str) -> str | None:
    """The first speaker of the dialogue ``passage`` that ``claim`` names (lower case), else
    None: who a claim about the dialogue speaks of first ("Tom asks Anna ...")."""
    named = speakers_named(passage, claim)
    return named[0] if named else None


# The first person in a turn: the speaker speaks of themselves (or of a group they are in).
_YOU = regex(r"\b(?i:you|your)\b")
_FIRST_PERSON = regex(
    r"\b(?:I|I'm|I'll|I've|I'd|(?i:me|my|mine|myself|we|we'll|we're|we've|us|our|ours))\b"
)
# How a speaker frames what they say, which says nothing of them: "I'm afraid the spring window
# closed", "I can see the payment went through".
_STANCE = regex(
    r"(?i)\bI(?:['\u2019]m|\s+am)\s+(?:afraid|sorry\s+to\s+say)\b"
    r"|\bI\s+(?:can\s+see|think|believe|understand)\b"
)
# ... as the one who acts, or owns: not "me" or "us" alone. And a claim's pronoun for the one
# done to.
_SUBJECT_FIRST = regex(
    r"\b(?:I|I'm|I'll|I've|I'd|(?i:my|mine|myself|we|we'll|we're|we've|our|ours|let's))\b"
)
_DONE_TO = regex(r"\b(?i:her|him|them)\b")


def _reports(passage: str, claim: str, first: str, said: str) -> bool:
    """``claim`` reports ``first`` (a speaker) saying something ("Helen said ...", "According
    to Helen, ..."): then a turn is said by its speaker in any person. Not a report of agreeing
    or replying (what was agreed to is another's), nor a statement quoting a question."""
    source = reported_source(claim)
    if source is None or source.agreeing:
        return False
    if not source.asking and said.rstrip().endswith("?"):
        return False
    return speakers_named(passage, source.name)[:1] == [first]


# The asker's own thing in a question ("Have you seen my keys?"), and a claim's owner by name
# ("Greg's keys").
_MINE = regex(r"\b(?i:my|our)\b")
# A question whose asker is the one to act: "Do you want me to bring wine?", "Shall I call?".
_ASKER_ACTS = regex(
    r"\b(?i:want|like|need)[ \t]+me[ \t]+to\b|\b(?:[Ss]hall|[Ss]hould|[Cc]an|[Mm]ay)[ \t]+I\b"
)
_OWNER = regex(r"([^\W\d_][\w-]*)['\u2019]s\b")


def _answers(passage: str, start: int, claim: str) -> bool:
    """The turn at ``start`` answers a question another speaker asked of "you" in the turn
    before it ("Mom: Did you feed the dog?" "Tim: Yes, at 6."): it speaks of themselves. Not
    of what the question calls the asker's, which ``claim`` calls theirs by name: "Greg: Have
    you seen my keys?" "Hal: On the kitchen table." for "Greg's keys are on the table". Nor
    when the question has the asker act: "Adam: Do you want me to bring wine?" "Eve: Yes
    please, red wine." is about what Adam brings."""
    read = dialogue(passage)
    k = bisect.bisect_right(read.starts, start) - 1
    if k < 1 or read.labels[k - 1] == read.labels[k]:
        return False
    asked = passage[read.bodies[k - 1] : read.starts[k]].strip()
    if not asked.endswith("?") or _YOU.search(asked) is None or _ASKER_ACTS.search(asked):
        return False
    if _MINE.search(asked):
        owners = {speaker_named(read, word) for word in _OWNER.findall(claim) if word[0].isupper()}
        return not owners & read.labels[k - 1]
    return True


_THIRD_PERSON = frozenset(["he", "she", "they", "him", "her", "them", "his", "their"])


def _pronoun_first(passage: str, claim: str) -> bool:
    """Whether ``claim`` speaks of someone by a pronoun before it names a speaker ("He orders
    Bernardo to ..."): whom, an earlier sentence says, not the speaker the claim names first."""
    read = dialogue(passage)
    for word in _NAME_WORD.findall(claim):
        if word.lower() in _THIRD_PERSON:
            return True
        if word[0].isupper() and speaker_named(read, word) is not None:
            return False
    return False


def said_of_another(passage: str, start: int, end: int, claim: str) -> tuple[str, str] | None:
    """When ``passage[start:end]`` lies in one turn of a dialogue whose speaker speaks in the
    first person ("Anna: Great, I will bring the slides."), and ``claim`` says it of another
    speaker of the dialogue ("Tom will bring the slides"): the speaker the claim names first
    and the turn's speaker, else None. None too when the claim names the turn's speaker
    anywhere, the turn names the claim's (a speaker addressed: "Karen, can you ..."), or the
    claim has a pronoun before any speaker's name (:func:`_pronoun_first`)."""
    turn = turn_of(passage, start, end)
    if turn is None or _pronoun_first(passage, claim):
        return None
    named = speakers_named(passage, claim)
    if not named or not (
        _in_the_first_person(turn.said, passage[start:end], claim)
        or _reports(passage, claim, named[0], turn.said)
        or _answers(passage, start, claim)
    ):
        return None
    # The speaker under every label of theirs: "Elizabeth (Liz):" and later "Liz:".
    aliases = dialogue(passage).aliases
    speaker = turn.speaker.union(*(aliases[word] for word in turn.speaker))
    if named[0] in speaker:
        return None
    first = named[0]
    words = {_POSSESSIVE.sub("", word).lower() for word in _NAME_WORD.findall(claim)}
    if (set(named) | words) & speaker or first in {
        w.lower() for w in _NAME_WORD.findall(turn.said)
    }:
        return None
    # A turn whose speaker is only the one done to ("Please email it to me.", "Call us back.")
    # asks another to act: a claim that has them done to ("Tom will email her") swaps nobody,
    # unless it gives the asking itself to another ("Bernardo orders him to go").
    if (
        not _SUBJECT_FIRST.search(turn.said)
        and _DONE_TO.search(claim)
        and not _reports(passage, claim, first, turn.said)
    ):
        return None
    if _said_of_you(turn.said, claim, first):
        return None
    return first, " ".join(sorted(turn.speaker))


# Where a turn's sentence goes on to another clause: "Your GP approved it on 6 March, but we
# were out of stock" says of the pharmacy only what follows its "but".
_CLAUSE_BREAK = regex(r"(?i)[;:]|,?\s+(?:but|and|so|because|although|though|while|whereas)\s+")


def _in_the_first_person(said: str, quoted: str, claim: str) -> bool:
    """Whether the turn speaks in the first person where the quote says what the claim does:
    in the clause of the quote that shares most of the claim's words (where the quote spans
    clauses), else anywhere in the turn ("Anna: Great, I will bring the slides." quoted from
    "will bring")."""
    said, quoted = _STANCE.sub("", said), _STANCE.sub("", quoted)
    clauses = [c for c in _CLAUSE_BREAK.split(quoted) if c and c.strip()]
    if len(clauses) > 1:
        claimed = frozenset(t for t in content_terms(claim) if not t[0].isdigit())
        shares = [len(content_terms(c) & claimed) for c in clauses]
        if max(shares) and shares.count(max(shares)) == 1:
            return _FIRST_PERSON.search(clauses[shares.index(max(shares))]) is not None
    return _FIRST_PERSON.search(said) is not None


# A turn's "you" and the words after it: what the speaker says of the one they speak to.
# Ten words: a figure takes two ("you get £8.50 for each full day the fault continues").
_OF_YOU = regex(r"(?i)\byou(?:['\u2019](?:ve|re|ll|d))?\b((?:\W+[\w'\u2019-]+){1,10})")
_PREDICATE_TERMS = 3


def _said_of_you(said: str, claim: str, name: str) -> bool:
    """Whether the claim says of ``name`` what the turn says of "you" ("If the mistake was in a
    proof you approved, we can't refund the fee" for "If the error was in a proof Priya
    approved, ..."): the first content words after the name in the claim each follow a "you"
    of the turn. "Tom will bring the slides" is not what "you bring the laptop" says of Tom."""
    at = next((m.end() for m in _NAME_WORD.finditer(claim) if m[0].lower() == name), None)
    if at is None:
        return False
    # "Tom gets": "gets" reads "get", which after "you" is a stopword ("you get £3 credit").
    after = [
        t
        for w in _NAME_WORD.findall(claim, at)
        for t in sorted(content_terms(w))
        if t not in STOPWORDS
    ]
    told = frozenset().union(*(content_terms(m[1]) for m in _OF_YOU.finditer(said)))
    return bool(after) and set(after[:_PREDICATE_TERMS]) <= told
