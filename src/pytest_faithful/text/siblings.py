"""A claim about one numbered thing whose evidence is about another of the same stem.

A passage that names the Kestrel X2 and the Kestrel X3, Route 9 and Route 19, version 3.1 and
version 3.2, the Galaxy S24+ and the S24 Ultra, gives each its own facts. A judge that calls
"The Kestrel X2 weighs 895 grams." SUPPORTED quoting "The Kestrel X3 drone weighs 895 grams."
has quoted a real sentence that bears on the claim; its name is stated elsewhere, so no
specifics or names rule sees it. :func:`sibling_named` reads the numbered names of a claim and
its evidence: a stem and its number ("Route 9", "RTX 4090", "iPhone 15", "Python 3.12",
"version 3.2" or "v3.2") or letters joined to digits ("X2", "B12", "R-300"), with a letter, a
"+" or a capitalised word after it ("Pixel 8a", "S24+", "iPhone 15 Pro"); or a capitalised
word and a capital letter ("Plan A", "Building C", since stop 50: a blind probe's "Building A"
for "Building C" passed, and strict's number-clash showed "Plan B costs $25" as the evidence for
"Plan A costs $25"). The evidence is
about a sibling when the sentence of it that shares most of the claim's other words names
another number or suffix of the claim's stem, and every sentence that names the claim's (or
writes its number) shares fewer. The claim's name in another form ("the X2" for "Kestrel X2",
"v3.2" for "Version 3.2", "Python 3" for "Python 3.12", "the S24" for "the S24 Ultra"), a claim
that names both ("the X2 is lighter than the X3"), and evidence that names no numbered name are
about it. A speaker's label ("#Person1#", "Speaker 2:") is no numbered name: a turn is as often
about the other speaker as about its own.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import NamedTuple

from pytest_faithful.text.patterns import regex
from pytest_faithful.text.segment import split_sentences
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.units import UNIT_OF
from pytest_faithful.text.words import DAY_ABBREVIATIONS, MONTH_ABBREVIATIONS, MONTHS, STOPWORDS

_NOT_STEMS = frozenset(
    (*MONTHS, *MONTH_ABBREVIATIONS, *DAY_ABBREVIATIONS, *DAY_ABBREVIATIONS.values())
)


# A numbered name: a stem and its number, the stem a word with a capital ("Route 9", "RTX 4090",
# "iPhone 15", "Apollo 11"), "version" or "v", or letters joined to the number ("X2", "B12",
# "R-300", "v3.2"); then a letter or "+" joined to it, or a capitalised word ("S24+", "Pixel 8a",
# "iPhone 15 Pro"). Not a measure ("Nearly 40 percent", "640 grams") nor a date ("July 1969").
_NUMBERED = regex(
    r"(?<![\w.+-])(?P<stem>[A-Za-z]+)(?P<gap>[^\S\n]+|-)?(?P<base>\d+(?:\.\d+)*)"
    r"(?:(?P<tail>[a-z](?![\w.]\w)|\+)|[^\S\n]+(?P<suffix>[A-Z][a-z]+|[A-Z]{2,})\b)?"
    r"(?![\w%\u00b0]|\.\d|,\d)"
)


# A lettered name: a capitalised word and a capital letter alone after it ("Plan A", "Building
# C", "Terminal B", "Vitamin D"). Not "I", which is the pronoun as often ("Then I left").
_LETTERED = regex(
    r"(?<![\w.+-])(?P<stem>[A-Z][a-z]+)[^\S\n]+(?P<base>[A-HJ-Z])(?![\w'\u2019-]|\.\w)"
)


class _Numbered(NamedTuple):
    stem: str
    base: str
    extra: str  # the letter, "+" or word after the number, if any
    text: str


def _numbered(text: str) -> frozenset[_Numbered]:
    found = set()
    for m in _NUMBERED.finditer(text):
        stem, spaced = m["stem"], m["gap"] is not None and m["gap"] != "-"
        key = stem.casefold()
        if key in ("version", "ver"):
            key = "v"
        elif spaced and (
            (key != "v" and not any(c.isupper() for c in stem))
            or key in STOPWORDS
            or key in _NOT_STEMS
        ):
            continue
        if text[m.start() - 1 : m.start()] == "#" or text[m.end() : m.end() + 1] in ("#", ":"):
            continue  # a speaker's label ("#Person1#", "Speaker 2:"): a turn is about the other
        after = text[m.end() : m.end() + 20].casefold().split()[:1]
        if after and after[0].strip(".,;:") in UNIT_OF:
            continue  # "X 40 km" is a measure
        extra = (m["tail"] or m["suffix"] or "").casefold()
        found.add(_Numbered(key, m["base"], extra, m[0]))
    for m in _LETTERED.finditer(text):
        key = m["stem"].casefold()
        if key not in STOPWORDS and key not in _NOT_STEMS:
            found.add(_Numbered(key, m["base"], "", m[0]))
    return frozenset(found)


def _same(a: _Numbered, b: _Numbered) -> bool:
    """Whether ``a`` and ``b`` may name one thing: the same stem and number ("Kestrel X2" and
    "the X2"; "Python 3" and "Python 3.12"), the same suffix or one left out ("the S24" and
    "Galaxy S24 Ultra"), or a word's other number ("London 2012 Olympic" and "Olympics")."""
    if a.stem != b.stem:
        return False
    if a.base != b.base:
        short, long = sorted((a.base, b.base), key=len)
        return long.startswith(short + ".")
    if len(a.extra) > 1 and len(b.extra) > 1:
        return a.extra.casefold().removesuffix("s") == b.extra.casefold().removesuffix("s")
    return not a.extra or not b.extra or a.extra == b.extra


@functools.lru_cache(maxsize=64)
def _passage_numbered(passages: tuple[str, ...]) -> frozenset[tuple[str, str]]:
    """The passages' numbered names as (stem, number), with each number's leading parts
    ("3" of "3.12"): an index, read once for every claim."""
    named: set[tuple[str, str]] = set()
    for text in passages:
        for n in _numbered(text):
            parts = n.base.split(".")
            named.update((n.stem, ".".join(parts[:i])) for i in range(1, len(parts) + 1))
    return frozenset(named)


def _named(mine: _Numbered, named: frozenset[tuple[str, str]]) -> bool:
    parts = mine.base.split(".")
    return any((mine.stem, ".".join(parts[:i])) in named for i in range(1, len(parts) + 1))


def sibling_named(claim: str, evidence: str, passages: Sequence[str]) -> tuple[str, str] | None:
    """A numbered name of ``claim`` that the passages name, where the sentence of ``evidence``
    most about the claim names another of the same stem and not the claim's (nor does the
    claim name that one): (the claim's, the evidence's), or None. "The Kestrel X2 weighs 895
    grams." quoting "The Kestrel X3 drone weighs 895 grams" is about the X3; "the X2 is lighter
    than the X3" names both, and evidence that names no numbered name, or the claim's in another
    form ("v3.2" for "Version 3.2"), is about it. Most about the claim: sharing more of its other
    words than every sentence that names the claim's."""
    said = _numbered(claim)
    if not said:
        return None
    quoted = _numbered(evidence)
    if not quoted:
        return None
    named = _passage_numbered(tuple(passages))
    words = content_terms(claim) - frozenset().union(*(content_terms(m.text) for m in said))
    sentences = []
    for sentence in split_sentences(evidence):
        found = _numbered(sentence.text)
        bare = sentence.text
        for f in found:
            bare = bare.replace(f.text, " ")
        numbers = frozenset(re.findall(r"\d+(?:\.\d+)*", bare))
        sentences.append((found, numbers, len(content_terms(sentence.text) & words)))
    for mine in sorted(said):
        if not _named(mine, named):
            continue
        own, rival, other = -1, -1, ""  # the most shared words of a sentence naming each
        for found, numbers, shared in sentences:
            if mine.base in numbers or any(_same(mine, f) for f in found):
                own = max(own, shared)
                continue
            others = [
                f
                for f in sorted(found)
                if f.stem == mine.stem and not any(_same(f, c) for c in said)
            ]
            if others and shared > rival:
                rival, other = shared, others[0].text
        if rival > own:
            return mine.text, other
    return None
