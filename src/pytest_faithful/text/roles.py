"""Who did what to whom: two parties a claim and its evidence state the other way round.

"Acme acquired Bolt in 2021." quoting "Bolt acquired Acme in 2021.", "Kim emailed Jo the
report" for "Jo emailed Kim the report", "the lender pays the borrower" for "the borrower pays
the lender": every word and name of the claim is in the evidence, so no reading of unstated
words sees it, and a judge reading for gist misses it. :func:`relations` reads each
sentence's relations between two *parties* (names in capitals, and the role nouns of
:data:`~pytest_faithful.text.role_words.ROLE_NOUNS`, "the buyer", "the tenant"), and
:func:`~pytest_faithful.text.role_swaps.swapped_roles` finds one of the claim's that the
evidence states with its two parties exchanged:

- a verb between them, its subject first: "Bolt acquired Acme", "Dunmore supplies steel to
  Kettering", "the court ordered Kessler to pay Brandt" (Kessler pays Brandt); its words before
  the second party (an object, a preposition) are part of the relation, "supplies steel to";
- a passive, read by its agent: "Acme was acquired by Bolt" states "Bolt acquired Acme";
- a relation noun: "Jo is Kim's manager", "Kim's manager, Jo", "Jo, the manager of Kim";
- an act as a noun: "Bolt's acquisition of Acme", "the acquisition of Acme by Bolt";
- a dialogue turn's "I", "me" and "my" as its speaker (:mod:`~pytest_faithful.text.turns`):
  "Liam: Yes, Sam paid me." states "Sam paid Liam".

What is never a swap: a verb or noun whose parties stand the same either way ("met",
"married", "played", "drew with", "a cousin of": :data:`~.role_words.SYMMETRIC_VERBS`), two
parties joined by "and", "with", "between" or a list, a clause break between them, a negated
verb, a passive with no agent ("Kessler was ordered to pay"), a relation the passages also
state the claim's way round ("Arsenal beat Chelsea 2-1, and Chelsea beat Arsenal 3-0"), and
any two forms the reading cannot tell apart. A party is the same in both texts by its words
(one name's words within the other's: "Baker" for "Tom Baker", titles aside). Linear in the
text's length: each party is read with the few words after it, and a text is read only where
two parties of the claim's are both in the evidence.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator, Sequence
from typing import Final, NamedTuple

from pytest_faithful.text.patterns import regex
from pytest_faithful.text.role_words import (
    AUXILIARIES,
    BE,
    CLAUSE_BREAKS,
    CLAUSE_VERBS,
    DETERMINERS,
    FIRST_PERSON,
    FUNCTION_WORDS,
    INNER_MARKS,
    JOINS,
    NOT_SUBJECT_BEFORE,
    PARTICIPLES,
    ROLE_NOUNS,
    SYMMETRIC_NOUNS,
    SYMMETRIC_PHRASES,
    SYMMETRIC_PLACES,
    SYMMETRIC_VERBS,
    TITLE_DOTS,
    TITLES,
    WEEKDAYS,
    present_form,
    verb_stem,
)
from pytest_faithful.text.segment import split_sentences
from pytest_faithful.text.turns import Dialogue, dialogue
from pytest_faithful.text.words import MONTHS, NEGATIONS, NUMBER_WORDS, STOPWORDS

# A token: a number (with its thousands and decimal marks, a score's "2-1"), a word (with an
# apostrophe, a hyphen or a dot inside: "O'Brien", "U.S"), or one mark of punctuation.
_TOKEN: Final = regex(r"\d+(?:[.,:\-\u2013]\d+)*|[^\W_]+(?:[-'\u2019.][^\W_]+)*|[^\w\s]")
_POSSESSIVE: Final = regex(r"['\u2019]s$")
# The most tokens between two parties read as one relation: a verb with its auxiliaries and a
# short object ("must deliver the goods to"); more is another clause as often.
_MOST_BETWEEN: Final = 6
# The most words of an object between a passive's participle and its "by" ("was paid a
# cleaning fee by").
_MOST_RETAINED: Final = 4
_NOT_NAMES: Final = STOPWORDS | NEGATIONS | frozenset(MONTHS) | WEEKDAYS | frozenset(NUMBER_WORDS)
_FUNCTION: Final = FUNCTION_WORDS | NEGATIONS
_CONTRACTION: Final = regex(r"['\u2019](?:ll|re|ve|d|m|t)$")
_FIRST_PERSON_WORD: Final = regex(r"\b(?:I|[Mm]e|[Mm]y)\b")
_OF: Final = "of"
_BY: Final = "by"


class Party(NamedTuple):
    """One party of a relation: its words (a name's, titles aside; a role noun's stem), as
    written, and the noun its possessive heads ("agent" of "the seller's agent"), if any."""

    words: frozenset[str]
    text: str
    owned: str = ""
    phrase: str = ""
    """The words its possessive heads as written, up to two ("legal costs"), for a reason."""

    def named_as(self, other: Party) -> bool:
        """Whether ``other`` names this party: one's words within the other's ("Baker" and
        "Tom Baker")."""
        return self.words <= other.words or other.words <= self.words

    def said(self, whole: bool = False) -> str:
        """The party in words, with the noun its possessive heads; ``whole``: with the words
        after that noun too, where the party ends its relation ("the defendant's legal
        costs")."""
        if not self.owned:
            return self.text
        return f"{self.text}'s {self.phrase if whole and self.phrase else self.owned}"


class Relation(NamedTuple):
    """A relation a sentence states between two parties: a verb's agent and object, a relation
    noun's owner and holder ("Kim" and "Jo" of "Jo is Kim's manager"), an act's agent and
    object ("Bolt's acquisition of Acme")."""

    kind: str
    """``"verb"``, ``"noun"`` (a relation noun) or ``"act"`` (an act named by a noun)."""
    key: tuple[str, ...]
    """The verb's (or noun's) stem and the words between it and the second party."""
    first: Party
    """The verb's subject (a passive's agent), the relation noun's owner, the act's agent."""
    second: Party
    words: str
    """The verb or noun, with the words after it, as written, for a reason."""

    def reversed_in(self, other: Relation) -> bool:
        """Whether ``other`` is this relation with its two parties exchanged, its form kept
        ("the seller's agent contacted the buyer" for "the buyer's agent contacted the
        seller")."""
        return (
            self._form(other)
            and self.first.named_as(other.second)
            and self.second.named_as(other.first)
        )

    def same_as(self, other: Relation) -> bool:
        return (
            self._form(other)
            and self.first.named_as(other.first)
            and self.second.named_as(other.second)
        )

    def _form(self, other: Relation) -> bool:
        return (
            self.kind == other.kind
            and self.key == other.key
            and self.first.owned == other.first.owned
            and self.second.owned == other.second.owned
        )

    def said(self) -> str:
        """The relation in words: "Acme acquire Bolt", "Kim Jo's manager"."""
        if self.kind == "noun":
            return f"{self.second.said()} {self.first.said()}'s {self.words}"
        if self.kind == "act":
            return f"{self.first.said()}'s {self.words} of {self.second.said()}"
        return f"{self.first.said()} {self.words} {self.second.said(whole=True)}"


class _Token(NamedTuple):
    text: str
    low: str
    possessive: bool
    start: int
    end: int


def _tokens(sentence: str) -> list[_Token]:
    out: list[_Token] = []
    for m in _TOKEN.finditer(sentence):
        text = m[0]
        if text in "'\u2019" and out and out[-1].low.endswith("s") and m.start() == out[-1].end:
            out[-1] = out[-1]._replace(possessive=True, end=m.end())  # "the sellers' agent"
            continue
        if text == "." and out and out[-1].low in TITLE_DOTS:
            continue  # "Mr. Park"
        possessive = bool(_POSSESSIVE.search(text)) and len(text) > 2
        if possessive:
            text = text[:-2]
        out.append(_Token(text, text.casefold(), possessive, m.start(), m.end()))
    return out


_SYMMETRIC: Final = frozenset(verb_stem(w) for w in SYMMETRIC_VERBS)
_SYMMETRIC_NOUNS: Final = frozenset(verb_stem(w) for w in SYMMETRIC_NOUNS)
_CLAUSE_VERBS: Final = frozenset(verb_stem(w) for w in CLAUSE_VERBS)
_ROLES: Final = frozenset(ROLE_NOUNS)


def _role(low: str) -> str | None:
    """The role noun ``low`` names, in the singular, if it names one."""
    if low in _ROLES:
        return low
    if low.endswith("s") and low[:-1] in _ROLES:
        return low[:-1]
    return None


def _is_name_word(token: _Token) -> bool:
    text = token.text
    return (
        text[:1].isupper()
        and token.low not in _NOT_NAMES
        and not _CONTRACTION.search(token.low)
        and text != "I"
    )


class _Span(NamedTuple):
    """A party where a sentence writes it: its tokens ``[start, end)``, and ``opens``, the
    token its determiner opens it at."""

    start: int
    end: int
    opens: int
    party: Party


def _parties(tokens: Sequence[_Token]) -> list[_Span]:
    spans: list[_Span] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        end = i + 1
        if _is_name_word(token) and _role(token.low) is None:
            while end < len(tokens) and not tokens[end - 1].possessive:
                if not _is_name_word(tokens[end]):
                    break
                end += 1
            run = tokens[i:end]
            words = frozenset(t.low for t in run if t.low not in TITLES) or frozenset(
                t.low for t in run
            )
            text = " ".join(t.text for t in run)
        elif (role := _role(token.low)) is not None:
            words, text = frozenset((role,)), token.text
        else:
            i += 1
            continue
        opens = i - 1 if i and tokens[i - 1].low in DETERMINERS else i
        if opens < i:
            text = f"{tokens[opens].low} {text}"
        owned = phrase = ""
        if tokens[end - 1].possessive and end < len(tokens) and _content(tokens[end]):
            owned, phrase = tokens[end].low, _phrase(tokens, end)
        spans.append(_Span(i, end, opens, Party(words, text, owned, phrase)))
        i = end
    return spans


def _phrase(tokens: Sequence[_Token], at: int) -> str:
    """The noun a possessive heads at ``at``, with one more content word that ends its phrase
    ("legal costs."), as written."""
    ends = at + 2 >= len(tokens) or not _content(tokens[at + 2])
    if at + 1 < len(tokens) and _content(tokens[at + 1]) and ends:
        return f"{tokens[at].text} {tokens[at + 1].text}"
    return tokens[at].text


def _content(token: _Token) -> bool:
    """A lower-case word that is no function word: a verb or a noun, as this reading goes."""
    low = token.low
    return token.text[:1].islower() and low.replace("-", "").isalpha() and low not in _FUNCTION


def _participle(low: str) -> bool:
    return low in PARTICIPLES or (len(low) > 3 and low.endswith(("ed", "en")))


def _plain(tokens: Sequence[_Token]) -> bool:
    """Whether ``tokens`` stay in one clause: words, numbers and amounts, no break, no
    negation, no second verb phrase."""
    return all(
        (t.low[:1].isalnum() or t.low in INNER_MARKS)
        and t.low not in CLAUSE_BREAKS
        and t.low not in NEGATIONS
        and t.low not in BE
        for t in tokens
    )


def _written(tokens: Sequence[_Token]) -> str:
    """``tokens`` as the text writes them: a space only where the text has one ("$5")."""
    out = ""
    for n, token in enumerate(tokens):
        gap = " " if n and token.start > tokens[n - 1].end else ""
        out += gap + token.text + ("'s" if token.possessive else "")
    return out


def _rest_key(tokens: Sequence[_Token]) -> tuple[str, ...]:
    return tuple(verb_stem(t.low) for t in tokens if t.low not in DETERMINERS)


def _relation(tokens: Sequence[_Token], a: _Span, b: _Span, loose: bool) -> Relation | None:
    """What ``tokens`` state between the parties ``a`` and ``b`` (``a`` first), if a relation
    this reading knows; ``loose``: a party after "and" read as a subject too."""
    between = tokens[a.end : b.opens]
    lows = [t.low for t in between]
    first, second = a.party, b.party
    if lows == [_BY]:
        return _act_by(tokens, a, first, second)
    if not between or len(between) > _MOST_BETWEEN or any(low in NEGATIONS for low in lows):
        return None
    noun = _noun_relation(lows, first, second, tokens, b)
    if noun is not None:
        return noun
    if lows[:2] in ([",", "who"], [",", "which"]) and not first.owned:
        # "Bolt, which acquired Acme in 2021,": the relative clause's subject is the party.
        return _verb_relation(between[2:], lows[2:], first, second)
    if not _subject_place(tokens, a.opens, loose):
        return None
    if first.owned:
        between, lows = between[1:], lows[1:]  # "the seller's agent contacted"
    return _verb_relation(between, lows, first, second)


def _subject_place(tokens: Sequence[_Token], at: int, loose: bool) -> bool:
    """Whether a party that opens at ``at`` can be its verb's subject: not a preposition's
    object ("by the seller", "to Jo") nor a list's item ("Kim and Jo"); "and" after a comma
    opens a clause ("Arsenal won, and Chelsea beat Leeds"), and read ``loose``, any "and"
    ("Kim emailed Jo and Jo emailed Kim")."""
    before = tokens[at - 1].low if at else ""
    if before in JOINS:
        return loose or (at >= 2 and tokens[at - 2].low in {",", ";"})
    return before not in NOT_SUBJECT_BEFORE


def _noun_relation(
    lows: Sequence[str], first: Party, second: Party, tokens: Sequence[_Token], b: _Span
) -> Relation | None:
    """A relation noun: "Kim's manager, Jo", "Kim's manager is Jo", "Jo is Kim's manager",
    "Jo, the manager of Kim", "Gresham is a subsidiary of Pellham"; an act: "Bolt's
    acquisition of Acme"."""
    if first.owned:
        owner, rest = first._replace(owned="", phrase=""), lows[1:]
        if not rest or rest == [","] or (len(rest) == 1 and rest[0] in BE):
            return _noun(first.owned, owner, second)
        if rest == [_OF]:
            if verb_stem(first.owned) in _SYMMETRIC_NOUNS:
                return None
            return Relation("act", (verb_stem(first.owned),), owner, second, first.owned)
        return None
    if second.owned and (lows == [","] or (len(lows) == 1 and lows[0] in BE)):
        after = b.end + 1
        if lows == [","] and after < len(tokens) and tokens[after].low not in {",", "."}:
            return None  # "Jo, Kim's manager approved": no apposition read
        return _noun(second.owned, second._replace(owned="", phrase=""), first)
    if lows[-1:] == [_OF] and len(lows) >= 3 and (lows[0] in BE or lows[0] == ","):
        words = [w for w in lows[1:-1] if w not in DETERMINERS]
        if 1 <= len(words) <= 2 and all(w.isalpha() and w not in _NOT_NAMES for w in words):
            return _noun(" ".join(words), second, first)
    return None


def _noun(noun: str, owner: Party, holder: Party) -> Relation | None:
    stems = tuple(verb_stem(w) for w in noun.split())
    if stems[-1] in _SYMMETRIC_NOUNS or not owner.words.isdisjoint(holder.words):
        return None
    return Relation("noun", stems, owner, holder, noun)


def _act_by(tokens: Sequence[_Token], a: _Span, first: Party, second: Party) -> Relation | None:
    """An act's agent after its object: "the acquisition of Acme by Bolt"."""
    if a.opens < 2 or tokens[a.opens - 1].low != _OF or first.owned:
        return None
    act = tokens[a.opens - 2]
    stem = verb_stem(act.low)
    if not _content(act) or stem in _SYMMETRIC_NOUNS:
        return None
    return Relation("act", (stem,), second, first, act.low)


def _verb_relation(
    between: Sequence[_Token], lows: Sequence[str], first: Party, second: Party
) -> Relation | None:
    n = 0
    while n < len(lows) and (lows[n] in AUXILIARIES or _adverb(lows[n])):
        n += 1
    if n == len(lows):
        return None
    if lows[n] in BE:
        return _passive(between[n + 1 :], lows[n + 1 :], first, second)
    verb = between[n]
    if not _content(verb) or verb.low in CLAUSE_BREAKS:
        return None
    rest = between[n + 1 :]
    if not _plain(rest) or any(t.low in SYMMETRIC_PLACES for t in rest):
        return None
    stem = verb_stem(verb.low)
    if stem in _SYMMETRIC or (rest and (present_form(verb.low), rest[0].low) in SYMMETRIC_PHRASES):
        return None
    if stem in _CLAUSE_VERBS:
        return None
    if [t.low for t in rest] == [_BY] and _participle(verb.low):
        # "Acme, acquired by Bolt", a headline's "Acme acquired by Bolt": a passive.
        return Relation("verb", (stem,), second, first, present_form(verb.low))
    words = f"{present_form(verb.low)} {_written(rest)}".strip()
    return Relation("verb", (stem, *_rest_key(rest)), first, second, words)


def _passive(
    between: Sequence[_Token], lows: Sequence[str], first: Party, second: Party
) -> Relation | None:
    """A passive: in "was acquired by", "were beaten 2-1 by", "is paid a cleaning fee by", the
    agent after "by" did it to the party before "was". None with no agent next to it."""
    n = 0
    while n < len(lows) and _adverb(lows[n]):
        n += 1
    if n == len(lows) or not _participle(lows[n]) or lows[-1] != _BY:
        return None
    retained = between[n + 1 : -1]
    if len(retained) > _MOST_RETAINED or not _plain(retained):
        return None
    stem = verb_stem(lows[n])
    if stem in _SYMMETRIC:
        return None
    return Relation("verb", (stem,), second, first, present_form(lows[n]))


def _adverb(low: str) -> bool:
    return len(low) > 4 and low.endswith("ly") and low.isalpha()


def relations(text: str, *, loose: bool = False) -> Iterator[Relation]:
    """The relations ``text``'s sentences state between two parties, a dialogue turn's "I"
    and "me" its speaker; ``loose``: with each party after "and" read as a subject too, to
    find a relation stated at all."""
    turns = dialogue(text) if _FIRST_PERSON_WORD.search(text) else None
    for sentence in split_sentences(text):
        tokens = _tokens(sentence.text)
        spans = _parties(tokens)
        if turns is not None and turns.starts:
            spans = sorted(spans + _speakers(tokens, text, sentence.start, turns))
        for n, a in enumerate(spans):
            for b in spans[n + 1 :]:
                if b.opens - a.end > _MOST_BETWEEN + 1:
                    break
                if a.party.words & b.party.words:
                    continue
                found = _relation(tokens, a, b, loose)
                if found is not None:
                    yield found


def _speakers(tokens: Sequence[_Token], text: str, at: int, turns: Dialogue) -> list[_Span]:
    """A dialogue turn's "I", "me" and "my" as the parties they name: the turn's speaker
    ("Liam: Sam paid me" states "Sam paid Liam")."""
    spans: list[_Span] = []
    for n, token in enumerate(tokens):
        if token.low.split("'")[0].split("\u2019")[0] not in FIRST_PERSON:
            continue
        turn = bisect.bisect_right(turns.bodies, at + token.start) - 1
        if turn < 0 or not turns.labels[turn]:
            continue
        label = text[turns.starts[turn] : turns.bodies[turn]].strip(" \t*#<>[]:")
        owned = ""
        if token.low == "my" and n + 1 < len(tokens) and _content(tokens[n + 1]):
            owned = tokens[n + 1].low
        spans.append(_Span(n, n + 1, n, Party(turns.labels[turn], label, owned, owned)))
    return spans


def party_words(text: str) -> list[frozenset[str]]:
    """The parties ``text`` names, as their words."""
    return [span.party.words for s in split_sentences(text) for span in _parties(_tokens(s.text))]
