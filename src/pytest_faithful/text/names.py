"""Other forms of a name: a demonym and its place, an initialism and its words.

An answer says "Chinese" where its passage says "China", "the UK" where it says "the United
Kingdom", "Western Australia" where it says "west Australian", "the USA" for "the United
States", "TX" for "Texas", "ET" for "EST", "Mon-Fri" for "Monday to Friday", "the CEO" for "the
chief executive", "Baker Street" for "Baker St.", "Zurich" for "Z\u00fcrich", "Celsius" for
"\u00b0C", "HTTP" for "HttpClient". These are the same name in another form, and the rule that
holds a claim to the names its passages state (:mod:`pytest_faithful.text.specifics`) must read
them as stated. Not tuned to any example: the demonym endings are English morphology; the
irregular pairs, a country's everyday names, the US states' postal codes, the time zones, the
weekdays' and months' abbreviations, the words names write short, the temperature scales and a
few initialisms of common nouns are general knowledge; accents are Unicode's decompositions;
and an initialism is read from the capitalised words of a name (function words skipped) or
from the parts of a word in camel case.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable
from typing import NamedTuple

from pytest_faithful.text.patterns import regex
from pytest_faithful.text.places import DAY_AND_MONTH_NAMES as _DAY_AND_MONTH_NAMES
from pytest_faithful.text.places import TIME_ZONES, US_STATES
from pytest_faithful.text.words import phrase_initialisms

# Endings that make a demonym or adjective of a place name: "Libyan", "Canadian", "Chinese",
# "Swedish", "Iraqi", "Icelandic"; and the endings of place names they replace.
_DEMONYM_ENDINGS = ("ians", "ian", "ans", "an", "ese", "ish", "ic", "i")
_PLACE_ENDINGS = ("land", "ia", "a", "e", "y", "en", "n")
_MIN_STEM = 4
# Irregular pairs, both ways: general knowledge, not read from any data set.
_IRREGULAR = (
    ("french", "france"),
    ("dutch", "netherlands"),
    ("dutch", "holland"),
    ("british", "britain"),
    ("british", "uk"),
    ("english", "england"),
    ("welsh", "wales"),
    ("irish", "ireland"),
    ("scottish", "scotland"),
    ("scots", "scotland"),
    ("swiss", "switzerland"),
    ("greek", "greece"),
    ("thai", "thailand"),
    ("filipino", "philippines"),
    ("danish", "denmark"),
    ("polish", "poland"),
    ("finnish", "finland"),
    ("turkish", "turkey"),
    ("spanish", "spain"),
    ("portuguese", "portugal"),
    ("norwegian", "norway"),
    ("peruvian", "peru"),
    ("argentine", "argentina"),
    ("argentinian", "argentina"),
    ("martian", "mars"),
    ("venusian", "venus"),
    ("jovian", "jupiter"),
)
_PAIRS: dict[str, frozenset[str]] = {}
for _a, _b in _IRREGULAR:
    _PAIRS[_a] = _PAIRS.get(_a, frozenset()) | {_b}
    _PAIRS[_b] = _PAIRS.get(_b, frozenset()) | {_a}

# A country's everyday names for the one it is officially called (general knowledge, like the
# pairs above): each -> the initialism of its official name, which a text stating that name
# writes or spells ("the USA", "America", "Americans" for "the United States").
_COUNTRY_NAMES = (
    dict.fromkeys(("usa", "america", "american", "americans"), "us")
    | dict.fromkeys(("britain", "british", "uk", "gb"), "uk")
    | dict.fromkeys(("netherlands", "holland", "dutch"), "nl")
)

# Initialisms of common nouns, which a passage writes out in lower case ("the chief executive"
# for "the CEO"): general knowledge, like the pairs above.
_SPELLED_OUT = {
    "ceo": "chief executive",
    "cfo": "chief financial",
    "coo": "chief operating",
    "cto": "chief technology",
    "hq": "headquarters",
    "vp": "vice president",
    "ipo": "initial public offering",
    "ai": "artificial intelligence",
    "gdp": "gross domestic product",
}


def spelled_out(word: str) -> str | None:
    """The words an initialism of common nouns stands for ("CEO": "chief executive"), if it is
    one."""
    return _SPELLED_OUT.get(word.casefold()) if word.isupper() else None


# Weekdays and months as they are abbreviated ("Mon-Fri", "Sept."): the same names.
_ABBREVIATED = {name[:3]: name for name in _DAY_AND_MONTH_NAMES} | {
    "tues": "tuesday",
    "weds": "wednesday",
    "thur": "thursday",
    "thurs": "thursday",
    "sept": "september",
}

# A weekday or month a text writes abbreviated, as a date writes it: with a full stop, in a
# range ("Mon-Fri"), or beside a number ("Jan 5", "5 Jan"); not a bare "Jan", "Sun" or "Sat",
# which are as often a name or a word.
_DATE_AFTER = regex(r"\.|[^\S\n]*[-\u2013/][^\S\n]*[A-Z]|[^\S\n]+\d")


def _written_as_date(text: str, start: int, end: int) -> bool:
    before = text[max(start - 2, 0) : start]
    return bool(_DATE_AFTER.match(text, end)) or (before[:1].isdigit() and before[1:].isspace())


# Words of names written short, as addresses, companies and titles write them ("221 Baker St.",
# "Acme Corp.", "Mt. Fuji", "Prof. Lee"): general knowledge, like the pairs above.
_SHORT_WORDS: dict[str, frozenset[str]] = {
    short: frozenset(words.split())
    for short, words in (
        ("st", "street saint"),
        ("ave", "avenue"),
        ("rd", "road"),
        ("blvd", "boulevard"),
        ("hwy", "highway"),
        ("ln", "lane"),
        ("sq", "square"),
        ("pkwy", "parkway"),
        ("mt", "mount mountain"),
        ("ft", "fort"),
        ("corp", "corporation"),
        ("inc", "incorporated"),
        ("co", "company"),
        ("ltd", "limited"),
        ("bros", "brothers"),
        ("dept", "department"),
        ("univ", "university"),
        ("inst", "institute"),
        ("intl", "international"),
        ("natl", "national"),
        ("assn", "association"),
        ("govt", "government"),
        ("dr", "doctor drive"),
        ("prof", "professor"),
        ("gen", "general"),
        ("gov", "governor"),
        ("sen", "senator"),
        ("rep", "representative"),
        ("capt", "captain"),
        ("col", "colonel"),
        ("lt", "lieutenant"),
        ("sgt", "sergeant"),
        ("jr", "junior"),
        ("sr", "senior"),
        ("rev", "reverend"),
    )
}

# A temperature's scale, a name written as its letter after a degree sign ("60 \u00b0C").
_DEGREES = regex(r"\u00b0[^\S\n]?([CFK])\b|\bdeg(?:rees?|\.)?[^\S\n]?([CFK])\b")
_SCALES = {"c": ("celsius", "centigrade"), "f": ("fahrenheit",), "k": ("kelvin",)}

# "\u00fc" written "ue" as German spells a name without its umlauts ("M\u00fcller", "Mueller").
_UMLAUTS = str.maketrans({"\u00e4": "ae", "\u00f6": "oe", "\u00fc": "ue"})


def _spellings(word: str) -> tuple[str, ...]:
    """A casefolded word and its spellings without accents: "m\u00fcller", "muller", "mueller"."""
    if word.isascii():
        return (word,)
    return (word, _without_marks(word), _without_marks(word.translate(_UMLAUTS)))


def _without_marks(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


_CAPITALISED = regex(r"\b[A-Z][\w'\u2019-]*")
_COMPOUND_TAIL = regex(r"-(?![A-Z]).*")  # "-based" of "Texas-based", a name's compound
_CAMEL_PART = regex(r"[A-Z]+(?![a-z])|[A-Z][a-z]+")
# A name: capitalised words, with the function words a name holds ("Order of the British
# Empire", "Ludwig van Beethoven"); "and" ends it ("the United Kingdom and the U.S.").
_WORDS_OF_NAME = regex(r"[A-Z][\w'\u2019-]*(?:\s+(?:of|the|for|de|du|von|van|[A-Z][\w'\u2019-]*))*")
_SMALL = frozenset({"of", "the", "for", "de", "du", "von", "van"})
# A name as its initialism reads it: "and" or "&" may join its capitalised words ("Irish Film
# and Television Award": "IFTA", "British Academy of Film and Television Arts": "BAFTA").
_WORDS_OF_INITIALLED = regex(
    r"[A-Z][\w'\u2019-]*(?:\s+(?:of|the|for|de|du|von|van|(?:and|&)(?=\s+[A-Z])|[A-Z][\w'\u2019-]*))*"
)
_JOINS = frozenset({"and", "&"})
# The most capitalised words of a name whose leading runs are read as initialisms.
_MAX_INITIALLED = 8
# An initialism written with full stops, spaced or not: "U.S.", "J. K.".
DOTTED = regex(r"\b[A-Z]\.(?:[^\S\n]?[A-Z]\.)+")
_INITIALISM = regex(rf"{DOTTED.pattern}|\b[A-Z]{{2,6}}\b")


def in_capitals(text: str) -> bool:
    """Whether ``text`` is written in capitals ("IT'S ABOUT A RABBIT WHO WANTS TO BE A COP."):
    three words or more and not one lowercase letter. There case marks no name: every word is
    capitalised, "WANTS" as much as "RABBIT"."""
    return not any(c.islower() for c in text) and len(_CAPITALISED.findall(text)) >= 3


def _stem(word: str, endings: Iterable[str]) -> str | None:
    for ending in endings:
        if word.endswith(ending) and len(word) - len(ending) >= _MIN_STEM:
            return word[: -len(ending)]
    return None


def same_place(a: str, b: str) -> bool:
    """Whether two words name the same place, one as its demonym ("Chinese", "China")."""
    a, b = a.casefold(), b.casefold()
    if a == b or b in _PAIRS.get(a, ()):
        return True
    for demonym, place in ((a, b), (b, a)):
        if place == f"{demonym}y":  # "German", "Germany"
            return True
        stem = _stem(demonym, _DEMONYM_ENDINGS)
        if stem is None:
            continue
        if place == stem or (_stem(place, _PLACE_ENDINGS) or place) == stem:
            return True
        if place.startswith(stem) and len(place) - len(stem) <= 2:
            return True
    return False


def initials(phrase: str) -> str:
    """The initialism of a name's capitalised words: "United States" -> "US", "Order of the
    British Empire" -> "OBE"."""
    return "".join(w[0] for w in phrase.split() if w[:1].isupper() and w.casefold() not in _SMALL)


def _leading_initials(phrase: str) -> Iterable[str]:
    """The initialism of each leading run of two capitalised words or more of a name: a name's
    leading words are often a name of their own, the owner in "Royal Society of Chemistry's
    Corday-Morgan Prize" ("RSC"), the body in "Irish Film and Television Award" ("IFTA")."""
    letters = initials(" ".join(w for w in phrase.split() if w not in _JOINS))
    return (letters[:n] for n in range(2, min(len(letters), _MAX_INITIALLED) + 1))


_OF = regex(r"\s+of(?:\s+the)?\s+")  # "Administrator of the Federal ...": a body's name
# A title names the body it heads: the Secretary of Energy, the Department of Energy ("DOE").
_HEAD_OF = regex(
    r"\b(?:Secretary|(Minister))\s+(?:of|for)\s+(?:the\s+)?((?:(?:and\s+)?[A-Z][\w'-]*\s*)+)"
)


class NameForms(NamedTuple):
    """The forms in which a text states names, casefolded."""

    words: frozenset[str]
    """Each capitalised word, and each initialism it writes (dots dropped)."""
    written_initialisms: frozenset[str]
    """The initialisms it writes: "UK", "U.S." (dots dropped)."""
    initialled: frozenset[str]
    """The initialism of each of its names of two capitalised words or more."""
    camel: frozenset[str] = frozenset()
    """The parts of its words in camel case ("HttpClient": "http", "client"), which state an
    initialism written in capitals ("HTTP") and nothing else."""
    initialled_in_full: frozenset[str] = frozenset()
    """The initialism of each of its names with its function words in lower case ("Bank of
    England": "boe"), which states an initialism written so ("BoE", "DfE") and nothing else."""
    spelled: frozenset[str] = frozenset()
    """The initialism of each run of three to six words of a phrase, in any case ("earnings per
    share": "eps"), which states an initialism in capitals of three letters or more."""


@functools.lru_cache(maxsize=64)
def name_forms(text: str) -> NameForms:
    """The forms in which ``text`` states names (the places its demonyms name and the demonyms
    of its places are read on demand by :func:`states_name`)."""
    written = frozenset(re.sub(r"[.\s]", "", m[0]).casefold() for m in _INITIALISM.finditer(text))
    words: set[str] = set()
    camel: set[str] = set()
    for m in _CAPITALISED.finditer(text):
        word = m[0].casefold().strip("'\u2019-")
        words.update((word, _POSSESSIVE.sub("", word)))  # "Britain's" states "the UK"
        if "-" in word:  # "Wi-Fi" states "WiFi"; "Paris-based", "Gdańsk-born" state the place
            named = _COMPOUND_TAIL.sub("", m[0]).casefold()
            words.update((word.replace("-", ""), *_spellings(named)))
        if not word.isascii():
            words.update(_spellings(word))
        elif word in _SHORT_WORDS and m[0][1:].islower():  # "St", not "ST": an initialism
            words.update(_SHORT_WORDS[word])
        elif word in _ABBREVIATED and _written_as_date(text, m.start(), m.end()):
            words.add(_ABBREVIATED[word])
        elif "-" in word and set(parts := word.split("-")) <= _ABBREVIATED.keys():
            words.update(_ABBREVIATED[p] for p in parts)  # "Mon-Fri"
        elif not m[0][1:].islower() and not m[0].isupper() and m[0].isalnum():
            camel.update(part.casefold() for part in _CAMEL_PART.findall(m[0]))
    for m in _VERSION.finditer(text):  # "Pro 2" states "Pro II"
        words.add(ROMAN[int(m[1]) - 1])
    for part in _WEEK_PART.findall(text):  # "on weekdays" names Monday to Friday
        words.update(_WEEK_PARTS[part.casefold()])
    if "\u00b0" in text or "deg" in text:
        for m in _DEGREES.finditer(text):
            words.update(_SCALES[(m[1] or m[2]).casefold()])
    initialled, in_full = set(), set()
    for m in _WORDS_OF_NAME.finditer(text):
        if len(letters := initials(trimmed := _trimmed(m[0]))) >= 2:
            initialled.add(letters.casefold())
            in_full.add("".join(w[0] for w in trimmed.split()))
    for m in _WORDS_OF_INITIALLED.finditer(text):
        for name in (whole := _trimmed(m[0]), *_OF.split(whole, 1)[1:]):
            initialled.update(letters.casefold() for letters in _leading_initials(name))
    for m in _HEAD_OF.finditer(text):
        words.add(body := "ministry" if m[1] else "department")
        initialled.update(f"{body[0]}{o}{initials(m[2]).casefold()}" for o in ("o", ""))
    return NameForms(
        frozenset(words) | written,
        written,
        frozenset(initialled),
        frozenset(camel),
        frozenset(in_full),
        phrase_initialisms(text),
    )


def all_name_forms(texts: Iterable[str]) -> NameForms:
    """The name forms of several texts together."""
    each = [name_forms(t) for t in texts]
    return NameForms(
        frozenset().union(*(f.words for f in each)),
        frozenset().union(*(f.written_initialisms for f in each)),
        frozenset().union(*(f.initialled for f in each)),
        frozenset().union(*(f.camel for f in each)),
        frozenset().union(*(f.initialled_in_full for f in each)),
        frozenset().union(*(f.spelled for f in each)),
    )


def _trimmed(phrase: str) -> str:
    """A name run without the function words that end it ("Bank of the" -> "Bank"), and
    without the function words a sentence opens with, capitalised there ("The", "In the",
    "At" before "United Kingdom", "World Health Organization"): no part of the name, so not
    of its initialism ("UK", not "IUK"). A word in capitals ("US Steel") is no such word."""
    words = phrase.split()
    while len(words) > 1 and words[-1].casefold() in _SMALL:
        words.pop()
    while len(words) > 1 and _opening_function_word(words[0]):
        words.pop(0)
    return " ".join(words)


def _opening_function_word(word: str) -> bool:
    # "A" but not "I" ("I Love Lucy"); "In", not "US" or "IT"; an article, a preposition or a
    # conjunction, not any stopword ("True Detective", "Will Smith").
    return word == "A" or (word[1:].islower() and word.casefold() in _OPENERS)


_OPENERS = frozenset(
    {"the", "an", "in", "at", "on", "for", "from", "to", "of", "by", "with", "into", "and"}
    | {"but", "or", "so", "as", "after", "before", "during", "since", "until", "when", "while"}
    | {"if", "though", "although", "because", "across", "throughout", "within", "without"}
)


def states_name(word: str, phrase: str, forms: NameForms) -> bool:
    """Whether a text whose :func:`name_forms` are ``forms`` states the name ``word`` (one
    capitalised word of the claim, in its name ``phrase``) in another form: as a place for its
    demonym or a demonym for its place, as an initialism the text writes for its phrase, or,
    for an initialism, as a name of the text it stands for. Two names with the same initials
    are not one name: "Bob Dylan" is not stated by "Barry Van Dyke"."""
    word = _POSSESSIVE.sub("", word)  # "WA's" is "WA"
    folded, bare = word.casefold(), word.replace(".", "")
    if "-" in folded and folded.replace("-", "") in forms.words:  # "Wi-Fi" for "WiFi"
        return True
    if any(spelling in forms.words for spelling in _spellings(folded)):
        return True
    if bare.casefold() in forms.written_initialisms or _written_short(bare, forms):
        return True
    if any(same_place(folded, form) for form in forms.words if form[:1] == folded[:1]):
        return True
    if _initials_written(word, phrase, forms):
        return True
    if bare.isupper() and (bare.casefold() in forms.initialled or bare.casefold() in forms.camel):
        return True
    if _MIXED_INITIALISM.fullmatch(bare) and bare in forms.initialled_in_full:
        return True
    if bare.isupper() and len(bare) >= 3 and bare.casefold() in forms.spelled:
        return True  # "EPS" for a text's "earnings per share"
    return (
        _same_country(bare.casefold(), forms)
        or _abbreviated_days(folded, forms)
        or _same_state(bare, forms)
        or _same_time_zone(folded, forms)
    )


# A version number after a name's word, which answers write in Roman numerals ("Pro II").
_VERSION = regex(r"\b[A-Z][\w-]*[^\S\n]([1-9])\b(?![.,:]\d)")
ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix")
_POSSESSIVE = regex(r"['\u2019]s?$")
# An initialism that writes its name's function words in lower case: "BoE", "DfE", "DoJ".
_MIXED_INITIALISM = regex(r"[A-Z](?:[a-z]?[A-Z])+")
# The parts of the week a text names in words, and the weekdays each is.
_WEEK_PART = regex(r"\b(weekdays?|weekends?)\b", re.IGNORECASE)
_WEEK_PARTS = dict.fromkeys(
    ("weekday", "weekdays"), ("monday", "tuesday", "wednesday", "thursday", "friday")
) | dict.fromkeys(("weekend", "weekends"), ("saturday", "sunday"))


def _initials_written(word: str, phrase: str, forms: NameForms) -> bool:
    """Whether the text writes the initialism of the claim's name ``phrase``, or of a run of two
    to six words of it that holds ``word`` ("Human Resources" of "Human Resources Business
    Partner", for a text's "HR Business Partner")."""
    words = phrase.split()
    if word not in words:
        letters = initials(phrase).casefold()
        return len(letters) >= 2 and letters in forms.written_initialisms
    at = words.index(word)
    for start in range(max(at - 5, 0), at + 1):
        for end in range(max(at + 1, start + 2), min(start + 6, len(words)) + 1):
            letters = initials(" ".join(words[start:end])).casefold()
            if len(letters) >= 2 and letters in forms.written_initialisms:
                return True
    return False


def _written_short(word: str, forms: NameForms) -> bool:
    """Whether ``word`` is a name's word written short ("Corp", "St") whose word the text
    writes in full ("Corporation", "Street"). The other way round, "Street" for a text's "St.",
    is read by :func:`name_forms`, which adds the words of the text's short ones."""
    if not (word[:1].isupper() and word[1:].islower()):
        return False
    return any(full in forms.words for full in _SHORT_WORDS.get(word.casefold(), ()))


def _same_time_zone(word: str, forms: NameForms) -> bool:
    """Whether ``word`` names a time zone ("ET", "Eastern") that the text names in another of
    its forms ("EST")."""
    zone = TIME_ZONES.get(word)
    return zone is not None and any(
        TIME_ZONES.get(form) == zone for form in forms.words | forms.written_initialisms
    )


def _same_state(word: str, forms: NameForms) -> bool:
    """Whether ``word`` is a US state's postal code ("TX") and the text names the state, or is
    a state's name ("Texas") and the text writes its code."""
    state = US_STATES.get(word.casefold()) if word.isupper() and len(word) == 2 else None
    if state is not None:
        return all(part in forms.words for part in state.split("_"))
    folded = word.casefold()
    return any(
        name == folded and code in forms.written_initialisms for code, name in US_STATES.items()
    )


def _same_country(word: str, forms: NameForms) -> bool:
    """Whether ``word`` is one of a country's everyday names, and the text names the country in
    one of its forms."""
    country = _COUNTRY_NAMES.get(word)
    if country is None:
        return False
    if country in forms.initialled or country in forms.written_initialisms:
        return True
    return any(_COUNTRY_NAMES.get(form) == country for form in forms.words)


def _abbreviated_days(word: str, forms: NameForms) -> bool:
    """Whether ``word`` writes weekdays or months abbreviated ("Mon-Fri", "Sept") that the
    text names in full."""
    parts = [p for p in re.split(r"[-\u2013/.]", word) if p]
    names = [_ABBREVIATED.get(p, p if p in _DAY_AND_MONTH_NAMES else None) for p in parts]
    return bool(names) and all(n is not None and n in forms.words for n in names)


def name_phrases(text: str) -> dict[str, str]:
    """Each capitalised word of ``text`` -> the name it belongs to (its run of capitalised
    words, with the function words inside a name: "Order of the British Empire")."""
    phrases: dict[str, str] = {}
    for m in _WORDS_OF_NAME.finditer(text):
        phrase = _trimmed(m[0])
        for w in phrase.split():
            if w[:1].isupper():
                phrases.setdefault(w, phrase)
    return phrases


# The words of the tables above that name a place by themselves ("Dutch", "Texas", "Scotland"),
# and the endings of an adjective made of a place's name ("Korean", "Japanese").
_PLACE_WORDS = frozenset(_PAIRS) | frozenset(_COUNTRY_NAMES) | frozenset(US_STATES.values())
_ADJECTIVE_ENDINGS = ("ian", "an", "ese")


def names_place(word: str, adjective: bool = False) -> bool:
    """Whether ``word`` is a place, a demonym or a country's everyday name in these tables, or,
    as an ``adjective``, has a demonym's ending on a stem long enough to be a place's."""
    folded = word.casefold()
    return folded in _PLACE_WORDS or (adjective and _stem(folded, _ADJECTIVE_ENDINGS) is not None)
