"""Whether a span of evidence says the opposite of its claim: one negates what the other states.

A negation governs its clause (:func:`~pytest_faithful.text.terms` reads the scopes: "does
not cover accidental damage, normal wear and tear"). It says the opposite of the other text
only about what it negates: the first content word after it (the *head*: "cover", "ship",
"hero") and, when the negation has an object ("ship *to Canada*", "using *the voice
recognition feature*"), that object. So "We do not ship to Canada." clashes with "We ship to
Canada."; but "by not using the voice recognition feature" says nothing against "using
cheaper alternatives" (another object of the same verb), nor "£85 was not an excessively high
penalty" against "was fined £85" (the negation is of "excessively high"), nor a negation that
runs on past a comma into words both texts share ("We're no heroes, just tourists,' an officer
said"). A text that also states what it negates ("X is not free; X is free for members")
clashes with nothing about it. (The old reading, "a term either side negates that the other
states", failed 46 of 500 faithful dev answers and caught 123: benchmarks/RESULTS.md.)
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import NamedTuple

from pytest_faithful.text import clause_readings as clauses
from pytest_faithful.text.comparisons import not_as_told_the_other_way
from pytest_faithful.text.conditions import (
    CONDITIONED,
    EXCEPTED,
    ONLY_IF,
    conditioned,
    denies_a_condition,
    may_condition,
    without_conditions,
)
from pytest_faithful.text.contrasts import opposite_terms
from pytest_faithful.text.markup import unmarked
from pytest_faithful.text.negated_compounds import (
    compounds_read_alike,
    phrasings_read_alike,
)
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.plain_negations import blanked, plain
from pytest_faithful.text.records import YesOrNo, yes_or_no_keys
from pytest_faithful.text.terms import (
    _NEG,
    MONTH_TERMS,
    _Bag,
    _lower,
    _Scope,
    _term,
    content_terms,
    text_bag,
)
from pytest_faithful.text.words import MONTHS, NEGATIONS


class _Reading(NamedTuple):
    scopes: tuple[_Scope, ...]
    """What each negation of the text governs."""
    asserted: frozenset[str]
    """The terms the text states at least once outside every negation."""
    after: Mapping[str, frozenset[str]]
    """Each term -> the content terms after it in its clause (its object)."""
    elided: frozenset[str]
    """The subjects of negations whose verb phrase is left out ("the borrower" of "the
    guarantor makes the repayments if the borrower cannot.")."""
    before: Mapping[str, frozenset[str]]
    """Each term -> the content terms before it in its clause."""
    after_be: frozenset[str]
    """The terms said only right after a form of "be" ("classes are included"): the words
    before them in their clause are their subject."""
    negated: frozenset[str]
    """The terms some negation of the text governs."""
    taken_away: frozenset[str]
    """The terms of what a verb of taking away is followed by ("removes the fee")."""


def negation_clash(claim: str, evidence: str) -> bool:
    """Whether ``evidence`` negates what ``claim`` states, or states what it negates (a
    record's key set to a no negates its words, one set to a yes states them:
    :func:`~pytest_faithful.text.records.yes_or_no_keys`).

    What a condition says is not stated, so a clash needs one side read outside its conditions
    (:func:`~pytest_faithful.text.conditions.without_conditions`): "pass, as long as none of
    them is serious" says what "fail if you make ... any serious fault" says."""
    if not _clash(claim, evidence):
        return False
    if not (may_condition(claim) and may_condition(evidence)):  # or "unless X, which you didn't"
        # "likely to lead to damp if it isn't repaired" of "should be repaired": every
        # negation is in the claim's condition, which states none of them ("If you pay, a fee
        # applies" still clashes with "Failure to pay incurs a fee").
        stated = without_conditions(claim) if may_condition(claim) else claim
        if stated != claim and _negations_only_in(claim, stated, evidence):
            return _clash(stated, evidence)
        return not denies_a_condition(evidence) or _clash(claim, without_conditions(evidence))
    return _clash(without_conditions(claim), evidence) or _clash(
        claim, without_conditions(evidence)
    )


def cell_contradicted(claim: str, label: str, column: str, yes: bool, word: str = "") -> bool:
    """Whether ``claim`` says the opposite of a comparison table's cell that says ``yes`` or no
    of the row's feature (``label``) for the ``column``'s thing
    (:func:`~pytest_faithful.text.columns.column_said`): it negates the feature's words or the
    thing's ("pool and sauna access isn't part of Off-Peak") where the cell says yes, or states
    the feature negating neither where it says no. A claim that does not state half the
    feature's words says nothing of it, nor, of a cell that says no only of the ``word`` it
    negates ("Not included"), one that does not say that word."""
    said = text_bag(plain(unmarked(claim)))
    feature = content_terms(label) - {_NEG}
    if not feature or 2 * len(feature & said.terms) < len(feature):
        return False
    said_word = content_terms(word)
    if not said_word <= said.terms:
        return False
    return bool((feature | content_terms(column) | said_word) & said.negated) == yes


def _negations_only_in(claim: str, stated: str, evidence: str) -> bool:
    """Whether the claim's negations are all in what its ``stated`` part leaves out, and the
    evidence has none."""
    return not (text_bag(plain(stated)).scopes or text_bag(plain(evidence)).scopes) and bool(
        text_bag(plain(claim)).scopes
    )


def _clash(claim: str, evidence: str) -> bool:
    written = evidence  # as it names things: the readings below blank a speaker's "Hannah: Yes"
    claim, evidence = phrasings_read_alike(claim, evidence)
    claim, evidence = unmarked(claim), unmarked(evidence)  # "does <b>not</b> ship": "not ship"
    if "-" in claim or "-" in evidence:
        claim, evidence = compounds_read_alike(claim, evidence)
    if " as " in claim or " as " in evidence:  # "not as fast as" told the other way round
        claim = not_as_told_the_other_way(claim, evidence)
        evidence = not_as_told_the_other_way(evidence, claim)
    if ("unless" in claim or "without" in claim) and CONDITIONED.search(claim):
        # The claim's condition in the evidence's words: "non-refundable, except as required by
        # law" makes the requirement "not refundable unless the law requires it" makes.
        claim, evidence = (
            CONDITIONED.sub(conditioned, claim),
            EXCEPTED.sub(conditioned, evidence),
        )
    elif "only" in claim and ONLY_IF.search(claim) and EXCEPTED.search(evidence):
        # "only liable if caused by negligence" is "not liable except where caused by" it
        claim, evidence = ONLY_IF.sub(blanked, claim), EXCEPTED.sub(conditioned, evidence)
    claim, evidence = plain(claim), plain(evidence)
    said = text_bag(claim)
    if keys := yes_or_no_keys(evidence):
        none_said = _NONE_SAID.search(claim) is not None  # "lists the fee as none"
        if any(_says_otherwise(said, key) for key in keys if key.yes or not none_said):
            return True
        evidence = _without(evidence, keys)  # a key's words are said yes or no, not stated
    shown = text_bag(evidence)
    if not said.scopes and not shown.scopes:  # most pairs: nothing more to read
        return False
    claimed, quoted = _read(claim), _read(evidence)
    # An exception ("capped at 40%, except where ...") states its words outside the rule.
    excepting = _EXCEPTION.search(evidence) is not None
    return any(_denies(scope, quoted, claimed) for scope in quoted.scopes) or any(
        (
            _denies(scope, claimed, quoted)
            or (not excepting and _states_most_of(scope, claimed, quoted))
        )
        and not clauses.of_another_subject(
            claimed.before.get(scope.head), scope.before, written, claim
        )
        for scope in claimed.scopes
    )


# What any reading in :func:`negation_clash` can take for a negation: a negation word or its
# end (a span may open inside one); a word `plain_negations.plain` writes "not" ("fails to"),
# a "non-" compound, a denying frame's word ("untrue"); or a character a reading turns into
# one: an apostrophe ("don't"), a record's ":" or "=", markup, or any non-ASCII character.
_NEGATION_ENDINGS = tuple(sorted(w for w in NEGATIONS if w.isascii()))
_NEGATING_WORDS = (
    "non-", "free", "fail", "refus", "declin", "neglect", "unable", "impossible", "prohibit",
    "forbid", "exclud", "exempt", "bar", "preclud", "untrue", "false", "incorrect", "myth",
    "against", "prevent",
)  # fmt: skip
_NEGATING_CHARACTERS = frozenset("':=<>&*_`~")
# The endings a term drops with their apostrophe ("nothing's" reads "nothing"; terms._SUFFIX).
_ENDING = regex(r"(?i)'(?:s|m|re|ve|ll|d)(?![a-z])")
_LETTERS = regex(r"[a-z]+")


def may_negate(text: str) -> bool:
    """Whether :func:`negation_clash` may read a negation in ``text`` or in any part of it:
    False only for text with nothing that reads as one, where it finds no clash (most spans
    and claims: a pre-test before the rule reads anything)."""
    if not text.isascii():
        return True
    if "'" in text:
        text = _ENDING.sub("", text)
    if not _NEGATING_CHARACTERS.isdisjoint(text):
        return True
    lowered = text.lower()
    return any(word in lowered for word in _NEGATING_WORDS) or any(
        run.endswith(_NEGATION_ENDINGS) for run in _LETTERS.findall(lowered)
    )


_EXCEPTION = regex(r"(?i)\b(?:except|excepting|unless|excluding|save\s+where|other\s+than)\b")


def _says_otherwise(said: _Bag, key: YesOrNo) -> bool:
    """Whether a claim that states a record's key (the key as one word, or its last word and
    half its words or more) negates it where the record says yes, or states it where the record
    says no."""
    # Each word as the claim says it: "HasTV" in "has no TVs" (stems keep a short plural).
    words = frozenset(
        plural if (plural := _term(part + "s")) in said.terms else _term(part) for part in key.parts
    ) - {"", _NEG}
    if (whole := _term(key.key.lower())) in said.terms:
        stated = words | {whole}
    elif words and _said(key.parts[-1], said) and 2 * len(words & said.terms) >= len(words):
        stated = words & said.terms
    else:
        return False
    return bool(stated & said.negated) == key.yes


# A claim that gives a thing the value none, as a record does: "lists the fee as none".
_NONE_SAID = regex(
    r"(?i)\b(?:as|is|are|was|were|of|:)[^\S\n]+[\"'\u201c\u2018]?(?:none|nil|[£$€]0(?:\.00)?(?!\.?\d))"
)


def _said(word: str, said: _Bag) -> bool:
    return _term(word) in said.terms or _term(word + "s") in said.terms


def _without(text: str, keys: list[YesOrNo]) -> str:
    """``text`` with each key and its value blanked, in one pass (a record of many keys)."""
    pieces, at = [], 0
    for key in keys:  # in order, never overlapping: read by one pattern
        pieces += [text[at : key.start], " " * (key.end - key.start)]
        at = key.end
    return "".join([*pieces, text[at:]])


# Share of what a claim negates that the evidence must state, un-negated, when it does not
# state its head: "It is not looking ahead to filing ..." against "Moderna plans filings".
_MOST = 2 / 3


# Verbs that say a thing came to an end, as stems: "dropped", "removed", "discontinued".
_ENDED = frozenset(
    _term(word)
    for word in (
        "dropped", "removed", "discontinued", "ended", "stopped", "ceased", "withdrawn",
        "retired", "eliminated", "abolished", "scrapped",
    )
)  # fmt: skip


# A verb that takes away the thing it is followed by, and the words of that thing: "removes
# the foreign transaction fee", "waived the £15 fee", "scrapped its late fees". Only verbs
# of taking away ("ends the agreement with no further charges" takes no charge away), in the
# active ("can be removed with the key" takes no key away), with an object ("waived if the
# repair goes ahead" takes no repair away).
_TAKES_AWAY = regex(
    r"(?i)(?<!\bbe )(?<!\bis )(?<!\bare )(?<!\bwas )(?<!\bwere )(?<!\bbeen )(?<!\bbeing )"
    r"\b(?:remov(?:e|es|ed|ing)|waiv(?:e|es|ed|ing)|scrap(?:s|ped|ping)?"
    r"|abolish(?:es|ed|ing)?|eliminat(?:e|es|ed|ing))\s+"
    r"(?!(?:with|without|from|by|if|when|unless|whether|for|in|on|at|after|before|to|as)\b)"
    r"((?:[\w£$€.,-]+\s+){0,3}[\w-]+)"
)
_CLAUSE_BREAK = regex(r"[,;:.!?]\s")


def _taken_away(text: str) -> frozenset[str]:
    """The content terms of what ``text``'s verbs of taking away are followed by, in their
    clause (:data:`_TAKES_AWAY`)."""
    lowered = text.lower()
    if not any(stem in lowered for stem in ("remov", "waiv", "scrap", "abolish", "eliminat")):
        return frozenset()
    return frozenset(
        term
        for m in _TAKES_AWAY.finditer(text)
        for term in content_terms(_CLAUSE_BREAK.split(m[1] + " ")[0])
    )


def _states_most_of(scope: _Scope, negating: _Reading, stating: _Reading) -> bool:
    """Whether the stating text (the evidence) states, with no negation of its own, most of
    what the claim's negation governs beyond its head."""
    if stating.scopes or len(scope.rest) < 3:
        return False
    # The evidence states the opposite of what the claim negates: "Remote work isn't required
    # for London office staff." says what "Remote work is optional for them" says.
    if opposite_terms(scope.head) & stating.asserted:
        return False
    stated = scope.rest & stating.asserted
    # The evidence says what the claim negates came to an end: "Support for Python 3.8 was
    # dropped in version 4.2" says what "Python 3.8 is no longer supported as of version 4.2"
    # says: what the evidence states of it is followed, in its clause, by a verb of ending,
    # or comes after one that takes it away ("removes the fee").
    if stated & stating.taken_away or any(
        stating.after.get(term, frozenset()) & _ENDED for term in stated
    ):
        return False
    return len(stated) >= _MOST * len(scope.rest) and not stated & negating.asserted


def _denies(scope: _Scope, negating: _Reading, stating: _Reading) -> bool:
    """Whether ``scope`` of the ``negating`` text negates what the ``stating`` text states:
    its head, with the head's object when both name one."""
    heads = _alike(scope.head)
    found = heads & stating.asserted
    if not found:
        return False
    # "removes the foreign transaction fee" says what "pay no foreign transaction fee" does:
    # the stating text takes the thing away.
    if found & stating.taken_away:
        return False
    # Both negate it: "no firing records survive", "though no records of the firings survive".
    for s in stating.scopes:
        also = _alike(s.head) | s.rest
        covered = heads & also and len((heads | scope.rest) & also) >= _MOST * (1 + len(s.rest))
        # Not "but does on holidays"; a date or a figure of the claim's negated thing the stating
        # text gives elsewhere is no such contrast: "no lessons in half term week, 17-23
        # February" against "run to 30 March 2025, with no lessons during half term week".
        if covered and not _words_only((scope.rest - also) & stating.asserted):
            return False
    # "can't be shipped on their own" against "will ship together ...; cannot be shipped
    # separately": the stating text negates the head too, and states none of its object
    # ("We ship to Canada and Mexico but not to Cuba" does: against "no Mexico" it clashes).
    if (
        len(scope.rest) <= 1
        and not scope.rest & stating.asserted
        and any(s.head in heads for s in stating.scopes)
    ):
        return False
    # "can't offer one before move 20" against "Draw offers may not be made before move 20":
    # the stating negation's subject is the head, and it negates the claim's object too.
    if any(
        s.before in heads and s.head not in negating.asserted and ({s.head} | s.rest) & scope.rest
        for s in stating.scopes
    ):
        return False
    # "but not for after-school sessions" against "sessions don't need one": a verb negated of
    # a phrase negated without one, of nothing else this states ("aren't allowed on rowing").
    negated_of = {s.before for s in stating.scopes if s.verbal and not s.rest & negating.asserted}
    if not scope.verbal and negated_of & ({scope.head} | scope.rest):
        return False
    # "only fix casks, not plastic ones" against "We don't fix plastic ones": verb left out.
    left_out_verb = frozenset().union(*({s.head} | s.rest for s in stating.scopes if not s.verbal))
    elsewhere = stating.after.get(scope.head, scope.rest) - scope.rest  # "fix casks"
    if scope.verbal and scope.rest and scope.rest <= left_out_verb and elsewhere:
        return False
    if heads & negating.asserted:
        return _denies_the_object(scope, negating, stating, found)
    # "residents who can't get to a library" against "residents who cannot visit a library":
    # a negation of a light verb ("get to", "go to") reads its object as its head; the other
    # text negates that object too, so both say one thing of it.
    if not scope.rest and heads & frozenset().union(*(s.rest for s in stating.scopes)):
        return False
    # "Do not let the clamps touch" negates what "the clamps must not touch" does: the stating
    # text negates a word of the scope, with the head as its subject.
    if any(s.before in heads and s.head in scope.rest for s in stating.scopes):
        return False
    # "prune cannot be run while a backup is in progress" negates the pruning that "You can't
    # prune" does: one text's negation has for its subject what the other's negates, so both
    # negate one thing (and the "run" of "a backup is running" is no statement it denies); so
    # do "Carus, not the Novello copies" and "the Novello copies don't match".
    if any(
        (s.head == scope.before and scope.verbal)
        or (s.before in heads and s.verbal and not scope.rest)
        or (s.verbal and not scope.verbal and s.before in scope.rest and not s.rest - scope.rest)
        for s in stating.scopes
    ):
        return False
    # A verb phrase left out negates it for its subject: "... if the borrower cannot." what "the
    # borrower can't make the repayments" does; "but Hilltop Halls doesn't." "but not at Hilltop".
    elided = (scope.verbal and scope.before in stating.elided) or scope.head in stating.elided
    if elided or _of_other_subjects(scope, negating, stating, found):
        return False
    stated_object = frozenset().union(*(stating.after.get(head, frozenset()) for head in found))
    # "work against bacterial infections, not viral ones" against "do not work against viral
    # infections": the stating text negates what tells the object apart; both deny one thing.
    kept = stated_object - stating.negated
    told_apart = scope.rest - kept
    if (
        scope.rest & kept
        and 2 * len(told_apart & stating.negated) >= len(told_apart)
        and any(s.head in told_apart for s in stating.scopes)
    ):
        return False
    # "covers manufacturing defects but does not cover accidental damage" states the covering
    # of defects and negates that of damage, as "does not cover accidental damage" does: the
    # object of the stating text's own negation of the head is no object it states.
    negated = frozenset().union(*(s.rest for s in stating.scopes if s.head in heads))
    # "18% said they never use it" negates the using of what its pronoun stands for, as "18%
    # never use public transport" does: a negation of the head that names no object of its own
    # is no statement of the head's other object ("use public transport weekly") against it.
    if any(s.head in heads and not s.rest for s in stating.scopes):
        return False
    if scope.rest & negated:
        return bool(scope.rest & (stated_object - negated))
    # "stores a number, not your address" against "does not store your address": the stating
    # text negates the very object it is read to state, so both deny it.
    kept = stated_object - ({s.head for s in stating.scopes} - stating.asserted)
    return not scope.rest or not stated_object or bool(scope.rest & kept)


def _denies_the_object(
    scope: _Scope, negating: _Reading, stating: _Reading, found: frozenset[str]
) -> bool:
    """For a text that states its negation's head of one thing and negates it of another
    ("covers damage you cause to others, but not damage to your own car"): whether the stating
    text states the head of the negated thing ("also covers damage to your own car"): every word
    of the negated object, none the negating text states, its object of the head, unnegated."""
    if not scope.rest or scope.rest & negating.asserted:
        return False
    # A head said right after "be" has its object before it: "cheques are accepted" states the
    # accepting of cheques that "we do not accept cheques" negates.
    stated_object = frozenset().union(
        *(stating.after.get(head, frozenset()) for head in found),
        *(stating.before.get(head, frozenset()) for head in found & stating.after_be),
    )
    return scope.rest <= stated_object - stating.negated


def _of_other_subjects(
    scope: _Scope, negating: _Reading, stating: _Reading, found: frozenset[str]
) -> bool:
    """Whether the stating text states the negated head only of other things: "classes are
    included" says nothing against "personal training sessions are not included" (a verb's
    negation, whose clause names its subject before it; not "discussed the lack of"). Each
    statement of the head must follow a form of "be", with words before it in its clause, none
    of them a word of the negation's clause before it ("Personal training is included" is about
    the same thing). Not a verb's object: "The terms permit reverse engineering" states against
    "The User may not reverse engineer", whatever its subject."""
    if not scope.before or not scope.verbal:
        return False
    subject = negating.before.get(scope.before, frozenset()) | {scope.before}
    if not found <= stating.after_be:
        return False
    befores = [stating.before.get(head, frozenset()) for head in found]
    return all(befores) and not any(subject & b for b in befores)


def _words_only(terms: frozenset[str]) -> frozenset[str]:
    """``terms`` less its numbers and months: what a date or a figure says."""
    return frozenset(t for t in terms if not t[:1].isdigit() and t not in _month_terms())


@functools.cache
def _month_terms() -> frozenset[str]:
    return frozenset(term for month in MONTHS if (term := _term(month))) | MONTH_TERMS


# Words that say one thing: "not allowed" negates "permitted".
_SAME = (frozenset({"allow", "permit", "permissibl"}),)
_ABLE = "abl"


def _alike(head: str) -> frozenset[str]:
    """``head`` and the terms that say what it says: a word of :data:`_SAME`, and the word with
    or without "-able" ("cannot be returned" negates "returnable")."""
    found = {head, head + _ABLE}
    if head.endswith(_ABLE) and len(head) > len(_ABLE) + 3:
        found.add(head[: -len(_ABLE)])
    for same in _SAME:
        if head in same:
            found |= same
    return frozenset(found)


@functools.lru_cache(maxsize=4096)
def _read(text: str) -> _Reading:
    bag = text_bag(text)
    after, before, after_be = clauses.clause_objects(_lower(text))
    return _Reading(
        bag.scopes,
        frozenset(bag.asserted),
        after,
        clauses.elided_subjects(text),
        before,
        after_be,
        frozenset(bag.negated),
        _taken_away(text),
    )
