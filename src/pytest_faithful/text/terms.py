"""Content terms: the words of a text that state something, normalised to match.

Words are lowercased, stopwords dropped and lightly stemmed (plural -s/-es, -ed, -ing, -ly,
possessive 's); numbers are normalised ("1,000" = "1000", "30%" = "30 percent"); a
negation governs the content words of its clause (a bag keeps them apart). The lexical judge
matches on these terms; the verifier, the evidence check and the LLM and local judges use
:func:`content_terms` too (which sentences state something, whether a quote bears on a claim).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from types import MappingProxyType
from typing import NamedTuple

from pytest_faithful.text.clause_words import (
    AFTERTHOUGHT_BOUNDS,
    ASIDE_NEGATIONS,
    ASIDE_WORDS,
    AUXILIARIES,
    CLAUSE_PUNCTUATION,
    CLAUSE_WORDS,
    CONDITIONS,
    CONTRASTING,
    DOES_NOT,
    FINITE,
    JOINTS,
    NOT_NEGATING,
    OBJECT_ONLY,
    OBJECT_PRONOUNS,
    OPENING_MODALS,
    RELATIVES,
    SUBJECT_WORDS,
    SUBJECTS,
    WHEN,
)
from pytest_faithful.text.clock import hours_ranges, may_say_am_or_pm
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.periods import read_periods
from pytest_faithful.text.readings import normalised, without_cited_documents
from pytest_faithful.text.records import camel_case_words
from pytest_faithful.text.words import (
    CURRENCY_WORDS,
    DAY_ABBREVIATIONS,
    MONTH_ABBREVIATIONS,
    MONTHS,
    NEGATIONS,
    NUMBER_WORDS,
    SPACE,
    SPACES,
    STOPWORDS,
    UNIT_ABBREVIATIONS,
)

# --- Tokens and terms ----------------------------------------------------------------------------

# Tokens of lowercased text: words with inner apostrophes ("don't"; an ASCII fast path first),
# numbers with inner separators ("1,000", "3.5") and "%". Hyphens and other punctuation split.
# Number readings come first, so "24/7", "9am", "9:30 p.m.", "17:00", "21st", "1990s" and "$"
# are one token each (see ``_compute_term``); ``(?i:...)`` because the lexical judge also scans
# text whose case is kept.
_READINGS = (
    rf"24{SPACE}/{SPACE}7(?![\d/])"
    rf"|\d{{1,2}}(?:[:.][0-5]\d)?{SPACE}(?i:a\.?m\b\.?|p\.?m\b\.?)"
    r"|\d{1,2}:[0-5]\d(?!\d|:\d)"  # "kick-off 10:30: ..." too, not "10:30:15"
    # A range of hours with a lone zero for no minutes, as Yelp's records write them: "11:0-22:0".
    r"|\d{1,2}:0(?=[-\u2013]\d{1,2}:\d)|(?:(?<=:\d[-\u2013])|(?<=:\d\d[-\u2013]))\d{1,2}:0(?![\d:])"
    r"|\d+(?i:st|nd|rd|th)\b"
    r"|1?\d{2}0(?i:s)\b"
    r"|[$\u20ac\u00a3]"
)
_TOKEN = regex(
    rf"(?=[\d$\u20ac\u00a3])(?:{_READINGS})"
    + r"|[a-z]+(?:'[a-z]+)*(?![^\W\d_])|[^\W\d_]+(?:'[^\W\d_]+)*|\d+(?:[.,]\d+)*|%"
)
_TIME = regex(rf"(\d{{1,2}})(?:[:.]([0-5]\d))?{SPACE}(?:(a)|(p))?")
# Currencies are part of their amount: "$15" = "15 dollars" = "USD 15" (``number_kinds`` tells
# amounts of money from other numbers).
_CURRENCY = MappingProxyType(dict.fromkeys(("$", "\u20ac", "\u00a3", *CURRENCY_WORDS), ""))
# "$1.2bn" = "$1.2 billion"; "m" and "k" are too short to be words of their own (see ``_bag``).
MAGNITUDES = MappingProxyType(
    dict.fromkeys(("bn", "bln", "mrd"), "billion")  # "Mio.", "Mrd.": German
    | dict.fromkeys(("mn", "mln", "mio"), "million")
    | dict.fromkeys(("tn", "trn"), "trillion")
)
# An amount of money with "m" for million ("$5m", "£3.2m"): "m" after other numbers is a metre.
_MONEY_MILLIONS = regex(rf"[$\u20ac\u00a3]{SPACE}\d+(?:[.,]\d+)?{SPACE}m\b")
_DIGIT = regex(r"\d")
# Phrases that say "24/7" in words; the passage's "24 hours a day" supports a claim's "24/7".
_ALL_DAY = regex(
    (
        r"\b24/7|\b24 hours a day|\b24 hours, (?:7|seven) days|\baround the clock|"
        r"\bround(?:-| )the(?:-| )clock|\b24 hours every day"
    ).replace(" ", SPACES)
)
ALL_DAY = "24/7"
"""The term of "24/7" and the phrases that say it."""
_THOUSANDS = regex(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")  # "1,234.50" is 1234.5
_ISO_DATE = regex(r"\b\d{4}-(\d\d)-\d\d(?!\d)")
# A range of years, the second short: "2018-19" (not "2018-19-05", nor "as of 2024 - 53 years").
_YEAR_RANGE = regex(
    rf"\b(1\d|20)(\d\d){SPACE}[-\u2013]{SPACE}(\d\d)(?![\d-])(?!\s*(?:%|(?:{'|'.join(MONTHS)}|"
    r"years?|yrs?|months?|weeks?|days?|hours?|minutes?|per\s*cent|percent)\b))"  # "1760 - 10 May"
)
_NEG = "#neg"  # the term of a negation word; never a content term
_EMPTY: frozenset[str] = frozenset()


def _lower(text: str) -> str:
    if "\u0130" in text:  # "İstanbul": lower() writes the dot as a mark of its own, a non-letter
        text = text.replace("\u0130", "I")
    # A document cited by its title is read before case is lost ("According to the FAQ,").
    return normalised(without_cited_documents(text).lower(), lowered=True)


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(_lower(text))


class _TermCache(dict[str, str]):
    """token -> term, computed on first use; cleared when it grows past ``_TERM_CACHE_SIZE``.

    Faster than ``functools.lru_cache`` in the hot loop (``map(_term, tokens)``).
    """

    def __missing__(self, token: str) -> str:
        if len(self) >= _TERM_CACHE_SIZE:
            self.clear()
        term = self[token] = _compute_term(token)
        return term


_TERM_CACHE_SIZE = 1 << 17


def _compute_term(token: str) -> str:
    """The match term of a lowercased token: "" for a stopword, ``_NEG`` for a negation."""
    if token[0].isdigit():
        if not token[-1].isdigit() or ":" in token or "/" in token:
            return _reading(token)
        token = token.replace(",", "" if _THOUSANDS.fullmatch(token) else ".")
        if "." in token:
            return token.rstrip("0").rstrip(".")
        return token.lstrip("0") or "0"  # "08" (a month, a day) = "8"
    if token == "%":
        return "percent"
    if token in _CURRENCY:
        return _CURRENCY[token]
    if token in MAGNITUDES:
        return MAGNITUDES[token]
    if token.endswith("n't"):
        return _NEG
    # A possessive or a pronoun's contraction: "paris's" -> "paris", "i'm" -> "i" (not "im").
    token = _SUFFIX.sub("", token).replace("'", "")
    if token in NEGATIONS:
        return _NEG
    if len(token) < 2 or token in STOPWORDS:
        return ""
    short = (
        MONTH_ABBREVIATIONS.get(token)
        or DAY_ABBREVIATIONS.get(token)
        or UNIT_ABBREVIATIONS.get(token, token)
    )
    return NUMBER_WORDS.get(token) or _stem(short)


_SUFFIX = regex(r"'(?:s|m|re|ve|ll|d)$")
_term = _TermCache().__getitem__


def _reading(token: str) -> str:
    """The term of a number token read as what it means: "24/7"; a time of day as 24-hour
    "H:MM" ("9am" = "9:00 a.m." = "9:00", "5pm" = "17:00"); an ordinal as its number ("21st");
    a decade as itself ("1990s": no year of it, and not 1990)."""
    if "/" in token:
        return ALL_DAY
    if token[-1] == "s" and token[-2] == "0":  # a decade, not its first year
        return token
    if token[-2:] in ("st", "nd", "rd", "th"):
        return token[:-2].lstrip("0") or "0"
    m = _TIME.match(token)
    if m is None:  # not reached: every reading token matches
        return token
    hour, minutes = int(m[1]), m[2] or "00"
    if m[4] and hour < 12:
        hour += 12
    elif m[3] and hour == 12:
        hour = 0
    return f"{hour}:{minutes}"


def _stem(word: str) -> str:
    """A light suffix stemmer. Both sides go through it, so it only has to be consistent.

    (A full Porter or Snowball stemmer scored 0.002 lower overall: it conflates more words
    that mean different things.)
    """
    if len(word) > 4 and word.endswith("ies"):
        word = word[:-3] + "y"
    elif len(word) > 4 and word.endswith(("sses", "xes", "zes", "ches", "shes")):
        word = word[:-2]
    elif len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if len(word) > 5 and word.endswith("ing"):
        word = word[:-3]
    elif len(word) > 5 and word.endswith("ly"):
        word = word[:-2]  # originally -> original
    elif len(word) > 4 and word.endswith("ied"):
        word = word[:-3] + "y"
    elif len(word) > 4 and word.endswith("ed"):
        word = word[:-2]
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz":
        word = word[:-1]  # stopped -> stopp -> stop
    if len(word) > 3 and word[-1] == "e":
        word = word[:-1]  # use / used / using -> us
    if len(word) > 3 and word[-1] == "y":
        word = word[:-1] + "i"  # study / studies / studied -> studi
    return word


_MONTH_TERMS = tuple(_stem(month) for month in MONTHS)
MONTH_TERMS = frozenset(_MONTH_TERMS)
"""The months' terms, "may" among them (a stopword, but a term beside a day of the month)."""
# "may" is a stopword, but not beside a day of the month: "14 May 2024", "May 14th".
_MAY_DATE = regex(
    r"\b[0-3]?\d(?:st|nd|rd|th)?[^\S\n]+may\b"
    r"|\bmay[^\S\n]+[0-3]?\d(?:st|nd|rd|th)?(?=[,.;:)]|[^\S\n]+\d{4}|[^\S\n]*$)"
)


def _is_number(term: str) -> bool:
    return term[0].isdigit()


# --- Negation ------------------------------------------------------------------------------------


class _Scope(NamedTuple):
    """What one negation governs: "the plant was not closed", "does not cover damage or wear"."""

    before: str  # the content term just before the negation, "" if none: "plant"
    head: str  # the first content term after it: "clos", "cover"
    rest: frozenset[str]  # the other content terms up to the end of its clause
    verbal: bool = False  # a verb's negation ("was not", "cannot"): "before" is its subject or verb


class _Bag(NamedTuple):
    """The checkable content of a piece of text."""

    terms: AbstractSet[str]  # stemmed content words and canonical numbers
    negated: AbstractSet[str]  # the terms some negation governs
    asserted: AbstractSet[str]  # the terms that occur at least once outside every negation
    scopes: tuple[_Scope, ...]


# Tokens for scoping negations: the tokens above, plus the punctuation that ends a clause (a
# table's cell border too: "| Never | 18% |" negates no figure of the next cell), and the
# comma, which ends one only before a new subject.
_SCOPE_TOKEN = regex(_TOKEN.pattern + r"|[;:()\[\],|\u2014]|(?<=\s)[-\u2013](?=\s)")


def _bag(text: str, start: int = 0, end: int | None = None) -> _Bag:
    """The terms of lowercased, normalised ``text[start:end]``, and what its negations govern."""
    end = len(text) if end is None else end
    terms = set(map(_term, _TOKEN.findall(text, start, end)))
    terms.discard("")
    if (
        text.find("24", start, end) >= 0 or text.find("clock", start, end) >= 0
    ) and _ALL_DAY.search(text, start, end):
        terms.add(ALL_DAY)
    digits = _DIGIT.search(text, start, end) is not None  # what each reading below reads
    if digits and text.find("-", start, end) >= 0:  # an ISO date states its month
        for m in _ISO_DATE.finditer(text, start, end):
            if 1 <= int(m[1]) <= 12:
                terms.add(_MONTH_TERMS[int(m[1]) - 1])
    if digits and text.find("may", start, end) >= 0 and _MAY_DATE.search(text, start, end):
        terms.add(_MONTH_TERMS[4])  # "14 May 2024" states its month as "2024-05-14" does
    if digits and (text.find("-", start, end) >= 0 or text.find("\u2013", start, end) >= 0):
        for m in _YEAR_RANGE.finditer(text, start, end):  # "2018-19" is 2018 to 2019
            terms.discard(m[3].lstrip("0") or "0")
            terms.add(m[1] + m[3])
    if digits:
        read_periods(text, start, end, terms)
    if digits and text.find("m", start, end) >= 0:
        if may_say_am_or_pm(text, start, end):
            for _, first, hour in hours_ranges(text, start, end):
                terms.discard(_term(first))
                terms.add(hour)
        if _MONEY_MILLIONS.search(text, start, end):
            terms.add("million")
    if _NEG not in terms:
        return _Bag(terms, _EMPTY, terms, ())
    terms.discard(_NEG)
    return _negated_bag(terms, _SCOPE_TOKEN.findall(text, start, end))


def _negated_bag(terms: set[str], tokens: Sequence[str]) -> _Bag:
    """A bag whose text has negations: each governs the content terms to the end of its clause.

    A clause ends at ``;``, ``:``, a bracket, a word in ``CLAUSE_WORDS``, a comma, "and" or
    "or" followed by a new subject ("..., and it is"), or the comma that ends a condition ("If
    nobody is in, the courier ..."). A comma alone does not end it otherwise, so
    "does not cover accidental damage, normal wear and tear, or misuse" negates the whole
    list (lexical judge 0.711 before clause covers; a scope ending at every comma 0.710).
    """
    negated: set[str] = set()
    asserted: set[str] = set()
    scopes: list[_Scope] = []
    scope: list[str] | None = None  # the content terms of the open scope
    before = previous = last = opener = ""
    verbal = False
    opened = ("", "", False)  # the before, opener and verbal of the negation just read
    # A relative clause's ("a barrel that won't fire is usually ...") ends at the main verb.
    relative = opened_relative = False
    pending = False  # a negation was just read; "only" may still cancel it
    conditional = False  # in a clause opened by "if" or "when", which a comma closes
    # Between the commas of an aside right after a negation: "shall not, for twelve months
    # after leaving, solicit any client" negates the soliciting, and states the twelve months.
    aside = False

    def close() -> None:
        nonlocal scope
        if scope:
            scopes.append(_Scope(before, scope[0], frozenset(scope[1:]), verbal))
        scope = None

    for at, token in enumerate(tokens):
        if aside:
            if token == ",":
                aside = False
            elif term := _term(token):
                asserted.add(term)
            last = token
            continue
        if pending:
            pending = False
            if token in NOT_NEGATING or (
                token in AFTERTHOUGHT_BOUNDS
                and (at + 1 == len(tokens) or tokens[at + 1] in CLAUSE_PUNCTUATION | {","})
            ):
                last = token
                continue
            close()
            before, opener, verbal = opened  # this negation's: close() read the last one's
            relative, scope = opened_relative, []
            if token == "," and verbal and opener != "never" and _left_out(tokens, at + 1):
                scope = None  # "I can't, my car's in for its MOT": the verb left out ends it
                last = token
                continue
            if opener in DOES_NOT and _left_out_verb(token):
                scope = None  # "anyone who doesn't faces a fine": "faces" is no verb of it
            if token == "," and last in ASIDE_NEGATIONS and _closes_aside(tokens, at + 1):
                aside = True
                last = token
                continue
        if (
            token in CLAUSE_PUNCTUATION
            # "none of which"; "is not yet profitable", "none has yet been approved", "were not
            # then awarded": a "yet" or "then" before the negated verb says when, joins nothing.
            or (
                token in CLAUSE_WORDS
                and not (
                    scope == []
                    and (
                        last == "of"
                        or (token in WHEN and (last in AUXILIARIES or _term(last) == _NEG))
                    )
                )
            )
            or ((_is_subject(token) or token == "that") and last in JOINTS)  # "and that crews"
            or (
                scope is not None
                and last in JOINTS
                and not (last == "or" and not verbal)  # "no money or devices are needed"
                and _opens_clause(tokens, at)
            )
            or (token == "," and conditional)
            or (token in CONTRASTING and last == "," and scope is not None)
            or (opener in OBJECT_ONLY and scope and (token == "," or token in AUXILIARIES))
            or (scope == [] and token == "," and last in OBJECT_PRONOUNS)
            or (relative and scope and token in FINITE)
        ):
            close()
            conditional = token in CONDITIONS
        elif token in CONDITIONS:
            conditional = True
        elif token != ",":
            term = _term(token)
            if term == _NEG:
                pending = True
                opened_relative = last in RELATIVES or (
                    last in AUXILIARIES and at > 1 and tokens[at - 2] in RELATIVES
                )
                opened = (
                    previous,
                    token,
                    token == "cannot" or token.endswith(("n't", "n\u2019t")) or last in AUXILIARIES,
                )
            elif term:
                if scope is None:
                    asserted.add(term)
                else:
                    scope.append(term)
                    negated.add(term)
                previous = term
        last = token
    close()
    return _Bag(terms, negated, asserted, tuple(scopes))


def _left_out(tokens: Sequence[str], at: int) -> bool:
    """Whether a negation's verb is left out before the comma ending at ``at``: no aside, nor
    a condition it holds over ("It isn't, even if the broth is gluten-free")."""
    return tokens[at : at + 1] not in (["even"], ["if"]) and not _closes_aside(tokens, at)


def _left_out_verb(word: str) -> bool:
    """Whether ``word``, right after "doesn't", is the verb of the clause after it, written
    with its "-s": after "doesn't" a verb is bare ("doesn't pay"), so "faces" is not its."""
    return len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is", "ys"))


def _closes_aside(tokens: Sequence[str], start: int) -> bool:
    """Whether a comma closes the aside that opens at ``tokens[start]``, within
    :data:`ASIDE_WORDS` words and before its clause ends: "isn't, even if the broth is
    gluten-free" holds no aside, and negates what follows."""
    for token in tokens[start : start + ASIDE_WORDS]:
        if token == ",":
            return True
        if token in CLAUSE_PUNCTUATION or _term(token) == _NEG:
            return False
    return False


def _is_subject(token: str) -> bool:
    """Whether ``token`` is a subject pronoun of :data:`SUBJECTS`, alone or contracted with its
    verb: "I can't, I'm working" opens a clause at "I'm" as "I can't, I am working" does."""
    return token in SUBJECTS or ("'" in token and token.split("'", 1)[0] in SUBJECTS)


def _opens_clause(tokens: Sequence[str], at: int) -> bool:
    """Whether the tokens from ``at`` (just after a comma or "and") open a predicate of their
    own: a verb of :data:`FINITE` or a modal within :data:`SUBJECT_WORDS` words, no
    punctuation between."""
    for token in tokens[at : at + SUBJECT_WORDS + 1]:
        if token in FINITE or token in OPENING_MODALS:
            return True
        if not token[0].isalnum() or token in JOINTS or token == "that" or _term(token) == _NEG:
            return False
    return False


# The bag of a whole text, read once: content_terms reads the terms of a claim or a quote, and
# the negation rule reads the same text's negations (text/polarity.py) in the same check. An
# immutable value of the text alone (its sets frozen), so a bounded memo is safe.
@functools.lru_cache(maxsize=4096)
def text_bag(text: str) -> _Bag:
    """The bag of ``text`` whole, lowered and normalised: its terms and what its negations
    govern (read-only)."""
    bag = _bag(_lower(text))
    terms = frozenset(bag.terms)
    if bag.asserted is bag.terms:  # no negation: every term asserted, none negated
        return _Bag(terms, _EMPTY, terms, ())
    return _Bag(terms, frozenset(bag.negated), frozenset(bag.asserted), bag.scopes)


# A check asks for the terms of the same sentences, claims and passages many times (coverage,
# abstentions, evidence, claim homes) and replayed suites repeat whole answers; the result is
# an immutable value of the text alone, so a bounded memo is safe and saves ~0.4 ms a check.
@functools.lru_cache(maxsize=4096)
def content_terms(text: str) -> frozenset[str]:
    """The normalised content words (stems, numbers) of ``text`` that this judge matches on,
    with the words of its camel-case words (a record's "GoodForKids" states "kids")."""
    terms = text_bag(text).terms
    if words := camel_case_words(text):
        terms = terms | set(map(_term, words)) - {""}
    return frozenset(terms)
