"""Which words of an answer are names where case alone does not say.

:mod:`pytest_faithful.text.specifics` reads a name as a capitalised word that does not open a
sentence, in a sentence that reads as English. Case says too little in four places, read here:
a sentence's opening word is capitalised whatever it is, but "Korean", "Texas" or an initialism
in capitals ("CEO Jane Doe said") opening it is a name all the same (:func:`opening_name`);
"U.S." is one name, not the letters U and S, and "VIII" is its letters, not a word whose stem
is "VII" (:func:`letters_of`, :func:`name_terms`); "Pro 2" is stated by a passage's "Pro II"
(:func:`roman_stated`; "Pro II" for "Pro 2" is
:func:`~pytest_faithful.text.names.name_forms`'); and a short English sentence may write none
of the function words that tell English from German, where every noun is capitalised
(:func:`reads_as_english`). Two forms are read here too: an initialism whose words the
sentence or a passage spells out (:func:`initialism_stated`), a name the sentence writes out
before a passage's initialism in brackets (:func:`glossed`), and a number a passage writes
only as a part of a name, which states no quantity (:func:`named_only`). Not tuned to any
example: the places and demonyms are :mod:`~pytest_faithful.text.names`' tables and English
morphology, the function words English's, the initials and names' numbers read off the text.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterable

from pytest_faithful.text.names import (
    DOTTED,
    ROMAN,
    name_forms,
    names_place,
    spelled_out,
    states_name,
)
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.places import CITIES, COUNTRIES, DAY_AND_MONTH_NAMES, US_STATES
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.words import STOPWORDS, WORD


def opening_name(word: str, after: str) -> bool:
    """Whether ``word``, opening a sentence and followed by ``after``, is a name by itself: a
    place, a demonym or a country's everyday name ("Dutch staff", "Texas requires"), or an
    adjective with a demonym's ending before a word in lower case ("Korean travellers",
    "Japanese banks"). Not a plural ("Physicians", "Koreans"), as often a trade as a people, nor
    a word before a capitalised one ("West Australian", "Man United", "Ms Lopez"): the part of a
    name that the rest of the sentence reads. An initialism of three capitals or more ("CEO",
    "NASA", "CET1") is a name wherever it stands: its case is its own, not the sentence's."""
    if _OPENING_INITIALISM.fullmatch(word) and word.casefold() not in STOPWORDS:
        return True
    if not (word[1:].islower() and after[:1] == " " and after[1:2].islower()):
        return False
    return names_place(word, adjective=True)


_ROMAN_NUMERAL = regex(r"[IVX]{2,}")
_OPENING_INITIALISM = regex(r"[A-Z]{3,6}\d?")


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
# company Petrobras reported record profits in 2022"), or an adverb in "-ly" ("Penguins live
# mostly in Peru.").
_ENGLISH_MARKERS = frozenset(
    "the of and to is that for with it on are this by be as at from has have not were".split()  # noqa: SIM905
    + "a they their its through before after which or but can than into every each".split()  # noqa: SIM905
    + "said while during between because been who when where how had his she he we".split()  # noqa: SIM905
    # ... and the pronouns, determiners and adverbs of a short chat turn ("Penguins live only in
    # Antarctica.", "You should try Kilimanjaro!"), none of them a German word either
    + "you your my our i me them these those there what some any only just very really".split()  # noqa: SIM905
    # ... and a biography's "born" ("Eiffel was born in Dijon.": "was" and "in" are German too)
    + ["born"]
)
_WORD = regex(r"[^\W\d_][\w'\u2019-]*")
# Letters of a past tense in "-ed" or an adverb in "-ly", at the least: not "bed", "red", "shed".
_PAST_TENSE = 5
# English's contractions: "don't", "they're", "I've", "we'll", "I'm" by their ending, and
# "it's", "that's", "who'd" by a marker before the apostrophe. Chat and dialogue write them
# for the markers themselves ("It's set in rural Oregon."); German's "geht's" has neither.
_CONTRACTION = regex(r"(?i)[a-z]+n't|[a-z]+'(?:re|ve|ll)|i'm|(?P<marker>[a-z]+)'[sd]")


# A pure reading of its text, asked for again by several rules and steps of one check.
@functools.lru_cache(maxsize=4096)
def reads_as_english(sentence: str) -> bool:
    """Whether ``sentence`` reads as English, where case marks a name."""
    return any(
        w.casefold() in _ENGLISH_MARKERS
        or (len(w) >= _PAST_TENSE and w.islower() and w.endswith(("ed", "ly")))
        or ("'" in w and _contraction(w))
        for w in _WORD.findall(sentence.replace("\u2019", "'"))
    )


def _contraction(word: str) -> bool:
    found = _CONTRACTION.fullmatch(word)
    if found is None:
        return False
    marker = found["marker"]
    return marker is None or marker.casefold() in _ENGLISH_MARKERS


def initialism_stated(name: str, sentence: str, passages: tuple[str, ...]) -> bool:
    """Whether the initialism ``name`` of an answer ``sentence`` is stated by its words: the
    sentence defines it by the words before it in brackets ("a randomized controlled trial
    (RCT)"), whose words are held to the passages as any words are; or a passage writes the
    words it stands for as one phrase, from the table of common ones ("chief executive" for
    "CEO") or spelled out in lower case (:func:`spelled_in`)."""
    if _defined_in(name, sentence):
        return True
    if (words := spelled_out(name)) is not None and _written_out(words, passages):
        return True
    return spelled_in(name, passages)


_SMALL_WORDS = frozenset({"of", "the", "and", "for", "in", "on", "to", "a", "an", "&"})


def _defined_in(name: str, sentence: str) -> bool:
    if not name.isupper() or len(name) < 2:
        return False
    at = sentence.find(f"({name})")
    if at < 0:
        return False
    words = [w for w in re.findall(r"[^\W\d_]+", sentence[:at]) if w.casefold() not in _SMALL_WORDS]
    letters = "".join(w[0] for w in words[-len(name) :]).upper()
    return len(words) >= len(name) and letters == name.upper()


# An initialism in brackets after the name it stands for ("... British Empire (KBE)"), and the
# most words before it read as the name.
_BRACKETED = regex(r"\(([A-Z][A-Za-z]{1,7})\)")
_NAME_WORD = regex(r"[A-Z][\w'\u2019-]*")
_MOST_GLOSSED = 12


def glossed(name: str, sentence: str, passages: tuple[str, ...]) -> bool:
    """Whether the capitalised word ``name`` of an answer ``sentence`` is a word of a name the
    sentence writes out before an initialism in brackets that a passage writes, the
    initialism's capitals the initials of the name's first and last words and of some of its
    words between, in order: honours and degrees skip words of their names ("Knight Commander
    of the Order of the British Empire (KBE)", "Fellow of the Royal Academy of Engineering
    (FREng)"). The name is its run of capitalised words and function words, up to the
    bracket, from the farthest word whose initial is the initialism's first."""
    for m in _BRACKETED.finditer(sentence):
        letters = [c for c in m[1] if c.isupper()]
        if len(letters) < 2 or m[1].casefold() not in _bracketable(passages):
            continue
        run: list[str] = []
        for word in reversed(sentence[: m.start()].split()[-_MOST_GLOSSED:]):
            if _NAME_WORD.fullmatch(word):
                run.append(word)
            elif word not in _SMALL_WORDS:
                break
        run.reverse()
        for start, word in enumerate(run):
            if word[0] == letters[0] and _initials_in_order(letters, run[start:]):
                if name in run[start:]:
                    return True
                break
    return False


def _initials_in_order(letters: list[str], words: list[str]) -> bool:
    """Whether ``letters`` are the initials of the first and last of ``words`` and of some of
    the words between, in order."""
    if len(words) < len(letters) or words[-1][0] != letters[-1]:
        return False
    between = iter(w[0] for w in words[1:-1])
    return all(letter in between for letter in letters[1:-1])


@functools.lru_cache(maxsize=64)
def _bracketable(passages: tuple[str, ...]) -> frozenset[str]:
    """The words of the passages that could be an initialism in brackets, casefolded."""
    return frozenset(
        w.casefold() for p in passages for w in re.findall(r"\b[A-Z][A-Za-z]{1,7}\b", p)
    )


@functools.lru_cache(maxsize=64)
def _written_out(words: str, passages: tuple[str, ...]) -> bool:
    """Whether a passage writes ``words`` as one phrase ("chief executive" for "CEO"), not
    each word somewhere ("top executives", "the chief of staff")."""
    phrase = re.compile(r"\b" + r"\s+".join(map(re.escape, words.split())) + r"\b", re.I)
    return any(phrase.search(p) for p in passages)


# An initialism in capitals, with a plural's "s" ("LLMs"); a run of words within one clause,
# with no punctuation but a hyphen between them ("fine-tuning objective").
_CAPITALS = regex(r"([A-Z]{2,6})s?")
_CLAUSE = regex(r"[^\W\d_]+(?:(?:[^\S\n]+|-)[^\W\d_]+)*")
_LETTERS = regex(r"[^\W\d_]+")


def spelled_in(name: str, passages: Iterable[str]) -> bool:
    """Whether a passage spells out the initialism ``name`` as one phrase ("question answering"
    for "QA", "large language models" for "LLMs", "state of the art" for "SOTA"): the initials
    of a run of its words within a clause, with the function words inside the run or without
    them, whose first and last words are content words. Science and technical writing define a
    term once in words and write it in capitals after; a phrase of capitalised words, a name's,
    is read by :func:`~pytest_faithful.text.names.name_forms` too."""
    m = _CAPITALS.fullmatch(name)
    return m is not None and any(m[1].casefold() in _spelled_phrases(p) for p in passages)


# A pure reading of a passage, asked for again for each initialism of each claim.
@functools.lru_cache(maxsize=256)
def _spelled_phrases(passage: str) -> frozenset[str]:
    found: set[str] = set()
    for clause in _CLAUSE.finditer(passage):
        # A word in capitals is an initialism itself, which no phrase spelled out holds.
        words = ["" if w.isupper() else w.casefold() for w in _LETTERS.findall(clause[0])]
        found.update(_initials(words))
    return frozenset(found)


_MOST_WORDS = 8  # "quality of service" is "QoS"; no longer run spells an initialism
_MOST_LETTERS = 6


def _initials(words: list[str]) -> set[str]:
    """The initials of each run of ``words`` ("" marks a word no run holds) that opens and
    closes on a content word, of two to six letters: with its function words ("sota" for
    "state of the art"), and without them where no two come in a row ("wmd" for "weapons of
    mass destruction", not "ign" for "information about all of the groovy new")."""
    found: set[str] = set()
    for start, first in enumerate(words):
        if not first or first in STOPWORDS:
            continue
        letters = content = first[0]
        spaced = True  # no two function words in a row so far
        for before, word in itertools.pairwise(words[start : start + _MOST_WORDS]):
            if not word:
                break
            letters += word[0]
            if word not in STOPWORDS:
                content += word[0]
                found.update(f for f in (letters, content if spaced else "") if len(f) > 1)
            elif before in STOPWORDS:
                spaced = False
    return {f for f in found if len(f) <= _MOST_LETTERS}


# A number written as a part of a name: after a capitalised word and a hyphen in a passage
# ("CIFAR-10", "COVID-19", "GPT-4"). A claim that writes the number so, or after a capitalised
# word and a space ("CIFAR 10", "Windows 11"), or after any word and a hyphen ("top-5"), does
# not write it as a number of its own.
# Not a bound's word: "Under-16s", "Over-65s" are people of those ages.
_NUMBERED_NAME = regex(r"\b(?!(?i:under|over)-)[A-Z]\w*-\d[\d.]*[^\W\d_]*\b")  # "Su-25s", "GPT-4o"
_NUMBERED_WORD = regex(r"\b(?:[^\W\d_]\w*-|[A-Z]\w*[^\S\n]?)\d[\d.]*[^\W\d_]*\b")


def named_only(numbers: Iterable[str], claim: str, passages: tuple[str, ...]) -> list[str]:
    """The number terms of ``numbers`` that the passages write only as a part of a name
    ("CIFAR-10", "COVID-19") where ``claim`` writes them as numbers of their own ("10x
    faster", "19 patients"): a dataset's or a model's name states no quantity. The passages'
    other forms of such a number are read in :func:`numbered_names_blanked`."""
    blanked = numbered_names_blanked(passages)
    if blanked == passages:  # most passages name nothing with a number (remembered)
        return []
    numbers = [n for n in numbers if any(n in content_terms(p) for p in passages)]
    if not numbers:
        return []
    apart = content_terms(_NUMBERED_WORD.sub(" ", claim))  # not "CIFAR 10", "top-5"
    return [n for n in numbers if n in apart and not any(n in content_terms(p) for p in blanked)]


# A pure reading of the passages, asked for again for each claim.
@functools.lru_cache(maxsize=64)
def numbered_names_blanked(passages: tuple[str, ...]) -> tuple[str, ...]:
    """The passages with each number that is a part of a name blanked with its name."""
    return tuple(_NUMBERED_NAME.sub(" ", p) for p in passages)


# An initialism in capitals, with a plural's "s": "NBA", "LLMs".
_CAPITALS_WORD = regex(r"\b[A-Z]{2,6}s?\b")


def initialisms_shared(quote: str, claim: str) -> list[str]:
    """The initialisms of either text that the other spells out: "The NBA has been around
    since 1946." shares its name with "The National Basketball Association was founded in
    1946." though no word of it."""
    return [
        m[0]
        for text, other in ((claim, quote), (quote, claim))
        for m in _CAPITALS_WORD.finditer(text)
        if states_name(m[0], m[0], name_forms(other)) or spelled_in(m[0], (other,))
    ]


# Two or more capitalised words in a row: a name ("the Irish Open", "Free Press"), and where it
# starts, whether a sentence starts there (its first word may be a word of the sentence).
_NAME_RUN = regex(r"(^|[.!?:\n]\s*)?\b[A-Z][\w'\u2019-]*(?:[^\S\n]+[A-Z][\w'\u2019-]*)+")
_LOWER_WORD = regex(r"\b[a-z]")


def without_names(text: str) -> str:
    """``text`` without the words of its names: "Open" of "the Irish Open" says nothing opened.
    Text written in title case ("Prices Rise Again") keeps its words."""
    if len(_LOWER_WORD.findall(text)) * 2 < len(WORD.findall(text)):
        return text

    def blank(m: re.Match[str]) -> str:
        run = m[0][len(m[1] or "") :]
        if m[1] is not None:  # "Sales Rose" at a sentence's start: its first word stays
            first, _, rest = run.partition(" ")
            return f"{m[1]}{first} {' ' * len(rest)}" if rest else m[0]
        return " " * len(m[0])

    return _NAME_RUN.sub(blank, text)


# A text written without capitals ("they formed in manchester in 1960 ."), as dialogue data sets
# ship their turns and knowledge, marks no name by its case; a country, a US state, a larger
# city, a month or a weekday of the tables is one whatever its case, and so is a place or
# demonym of :mod:`~pytest_faithful.text.names`' tables. Not the words English also writes as
# common ones: "may" and "march" (verbs), "us" (a pronoun), "polish" (a verb).
_NOT_CASELESS = frozenset(("may", "march", "us", "polish"))
_CASELESS = frozenset(
    (*COUNTRIES, *CITIES, *DAY_AND_MONTH_NAMES, *(s.replace("_", " ") for s in US_STATES.values()))
)
_CASELESS_RUNS = regex(
    r"\b(?:"
    + "|".join(sorted((re.escape(n) for n in _CASELESS if " " in n), key=len, reverse=True))
    + r")\b"
)
_CASELESS_WORD = regex(r"\b[a-z][a-z'\u2019-]*")


@functools.lru_cache(maxsize=4096)
def caseless_names(text: str, *, unlisted: bool = False) -> tuple[str, ...]:
    """The names a ``text`` written without capitals states, in order: the places, months and
    weekdays of the tables (a run of words for one of several: "new york"); none in a text
    with a capital letter, whose names its case marks. With ``unlisted``, also each content
    word that no English word list holds (:func:`unlisted_word`): "vettel", "marr", "montrose",
    the people, organisations and smaller places no table lists. Asked of an answer's text, not
    a passage's, whose words are what it states whatever they are."""
    if not text.islower():
        return ()
    runs = list(_CASELESS_RUNS.finditer(text))
    found = [(m.start(), m[0]) for m in runs]
    for m in _CASELESS_WORD.finditer(text):
        word = _CASELESS_POSSESSIVE.sub("", m[0].strip("'\u2019-"))
        if word in _NOT_CASELESS or any(r.start() <= m.start() < r.end() for r in runs):
            continue
        if word in _CASELESS or names_place(word) or (unlisted and unlisted_word(word)):
            found.append((m.start(), word))
    return tuple(name for _, name in sorted(found))


_CASELESS_POSSESSIVE = regex(r"['\u2019]s?$")
# The shortest word read as a name by not being English: shorter ones are chat's ("lol",
# "tbh") and initialisms' ("snp", "bbc"), which the list lacks as often as names.
_SHORTEST_UNLISTED = 4
_ONLY_LETTERS = regex(r"[a-z]+")
# British spellings the list writes the American way: "organisation", "colour", "centre",
# "programme", "catalogue", "travelled", "defence", "paediatric", "manoeuvre".
_BRITISH = (
    (re.compile(r"is(e|es|ed|ing|ation|ations|er|ers)$"), r"iz\1"),
    (re.compile(r"ys(e|es|ed|ing|er|ers)$"), r"yz\1"),
    (re.compile(r"our(s|ed|ing|ful|ite|ites|able|less)?$"), r"or\1"),
    (re.compile(r"tre(s|d)?$"), r"ter\1"),
    (re.compile(r"mme(s)?$"), r"m\1"),
    (re.compile(r"gue(s)?$"), r"g\1"),
    (re.compile(r"ll(ed|ing|er|ers)$"), r"l\1"),
    (re.compile(r"ence(s)?$"), r"ense\1"),
    (re.compile(r"ae"), "e"),
    (re.compile(r"oe"), "e"),
)


def unlisted_word(word: str, words: frozenset[str] | None = None) -> bool:
    """Whether the lower-case ``word`` is a name by not being English: a content word of four
    letters or more, of letters only, that the English word list ``words`` (by default
    :func:`english_words`) holds in none of its forms: as written, as a plural, or spelled the
    American way. A hyphened word is a compound of English words ("team-mate") far more often
    than a name, and a word with a digit a code, so neither is read."""
    if len(word) < _SHORTEST_UNLISTED or word in STOPWORDS or not _ONLY_LETTERS.fullmatch(word):
        return False
    words = english_words() if words is None else words
    if not words or word in words or (word.endswith("s") and word[:-1] in words):
        return False
    return not any(
        (american := pattern.sub(spelling, word)) != word
        and (american in words or (american.endswith("s") and american[:-1] in words))
        for pattern, spelling in _BRITISH
    )


@functools.lru_cache(maxsize=1)
def english_words() -> frozenset[str]:
    """The English words of pyspellchecker's list (some 160,000, lower case, from subtitles),
    read once, on first use (about 0.1 s): common first names and large places are among them
    ("andrew", "london"), and so are missed as names, never read as ones wrongly. Empty, and
    so no word read as a name by it, where the package is not installed."""
    try:
        from spellchecker import SpellChecker
    except ImportError:
        return frozenset()
    return frozenset(SpellChecker(language="en").word_frequency.dictionary)
