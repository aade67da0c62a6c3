"""Which words of an answer are names where case alone does not say.

:mod:`pytest_faithful.text.specifics` reads a name as a capitalised word that does not open a
sentence, in a sentence that reads as English. Case says too little in four places, read here:
a sentence's opening word is capitalised whatever it is, but "Korean" or "Texas" opening it is a
name all the same (:func:`opening_name`); "U.S." is one name, not the letters U and S, and
"VIII" is its letters, not a word whose stem is "VII" (:func:`letters_of`, :func:`name_terms`);
"Pro 2" is stated by a passage's "Pro II" (:func:`roman_stated`; "Pro II" for "Pro 2" is
:func:`~pytest_faithful.text.names.name_forms`'); and a short English sentence may write none
of the function words that tell English from German, where every noun is capitalised
(:func:`reads_as_english`). Not tuned to any example: the places and demonyms are
:mod:`~pytest_faithful.text.names`' tables and English morphology, the function words English's.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from pytest_faithful.text.names import DOTTED, ROMAN, names_place
from pytest_faithful.text.terms import content_terms


def opening_name(word: str, after: str) -> bool:
    """Whether ``word``, opening a sentence and followed by ``after``, is a name by itself: a
    place, a demonym or a country's everyday name ("Dutch staff", "Texas requires"), or an
    adjective with a demonym's ending before a word in lower case ("Korean travellers",
    "Japanese banks"). Not a plural ("Physicians", "Koreans"), as often a trade as a people, nor
    a word before a capitalised one ("West Australian", "Man United", "Ms Lopez"): the part of a
    name that the rest of the sentence reads."""
    if not (word[1:].islower() and after[:1] == " " and after[1:2].islower()):
        return False
    return names_place(word, adjective=True)


_ROMAN_NUMERAL = re.compile(r"[IVX]{2,}")


def dotted_initialisms(text: str) -> list[re.Match[str]]:
    """The initialisms ``text`` writes with full stops ("U.S.", "E.U."): each one name."""
    return list(DOTTED.finditer(text))


def letters_of(name: str) -> str | None:
    """The term of a name that is its letters, not a word to stem: an initialism written with
    full stops ("U.S.": "us") or a Roman numeral ("VIII": "viii", whose stem is "vii")."""
    if DOTTED.fullmatch(name) or _ROMAN_NUMERAL.fullmatch(name):
        return re.sub(r"[.\s]", "", name).casefold()
    return None


def name_terms(name: str, sentence: str, said: frozenset[str]) -> frozenset[str]:
    """The terms of ``name`` where its answer ``sentence``, whose terms are ``said``, states
    them (none where it does not): a name that is its letters has them as its one term."""
    if (letters := letters_of(name)) is not None:
        return frozenset((letters,)) if name in sentence else frozenset()
    terms = content_terms(name)
    return terms if terms <= said else frozenset()


def roman_stated(number: str, claim: str, passages: Iterable[str]) -> bool:
    """Whether ``number`` follows a name's word in ``claim`` ("Pro 2") that a passage writes
    with the number in Roman numerals ("Pro II")."""
    if not number.isdigit() or not 1 <= int(number) <= len(ROMAN):
        return False
    numeral = ROMAN[int(number) - 1].upper()
    words = re.findall(rf"\b([A-Z][\w-]*)[^\S\n]{number}\b(?![.,:]\d)", claim)
    texts = list(passages) if words else []
    return any(re.search(rf"\b{re.escape(w)}[^\S\n]+{numeral}\b", p) for w in words for p in texts)


# Words that nearly every English sentence has and German ones never do: case marks a name only
# in a language that does not capitalise every noun, and English is the one this rule knows. A
# short sentence may have none of the commonest ("Acme said U.K. sales grew 12%"): there one of
# the other function words German never writes says it, or a past tense in "-ed" ("Brazilian oil
# company Petrobras reported record profits in 2022").
_ENGLISH_MARKERS = frozenset(
    "the of and to is that for with it on are this by be as at from has have not were".split()  # noqa: SIM905
    + "a they their its through before after which or but can than into every each".split()  # noqa: SIM905
    + "said while during between because been who when where how had his she he we".split()  # noqa: SIM905
)
_WORD = re.compile(r"[^\W\d_][\w'\u2019-]*")
_PAST_TENSE = 5  # letters of a past tense in "-ed", at the least: not "bed", "red", "shed"
# English's contractions: "don't", "they're", "I've", "we'll", "I'm" by their ending, and
# "it's", "that's", "who'd" by a marker before the apostrophe. Chat and dialogue write them
# for the markers themselves ("It's set in rural Oregon."); German's "geht's" has neither.
_CONTRACTION = re.compile(r"(?i)[a-z]+n't|[a-z]+'(?:re|ve|ll)|i'm|(?P<marker>[a-z]+)'[sd]")


# A pure reading of its text, asked for again by several rules and steps of one check.
@functools.lru_cache(maxsize=4096)
def reads_as_english(sentence: str) -> bool:
    """Whether ``sentence`` reads as English, where case marks a name."""
    return any(
        w.casefold() in _ENGLISH_MARKERS
        or (len(w) >= _PAST_TENSE and w.islower() and w.endswith("ed"))
        or ("'" in w and _contraction(w))
        for w in _WORD.findall(sentence.replace("\u2019", "'"))
    )


def _contraction(word: str) -> bool:
    found = _CONTRACTION.fullmatch(word)
    if found is None:
        return False
    marker = found["marker"]
    return marker is None or marker.casefold() in _ENGLISH_MARKERS
