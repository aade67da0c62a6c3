"""Numbers as the amounts they are: "1.5 million", "$1,500,000" and "$1.5m" are one amount,
"1.2 kg" is "1,200 grams", and "over 1,000 people" is said of "1,500 people" (a share said as
a fraction, "roughly a third", is :mod:`~pytest_faithful.text.fractions`'s).

Content terms read a number as its digits and its scale word apart ("1.5 million" is the terms
"1.5" and "million"), so the same amount written with a scale word and in digits shares no
number term. The rules that hold a claim's numbers to the passages' (what no passage states,
another value for the same thing) read amounts too: an answer that writes "$1,500,000" for the
passage's "$1.5 million" states the passage's amount.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Collection, Mapping, Sequence
from decimal import Decimal, InvalidOperation
from types import MappingProxyType

from pytest_faithful.text.readings import FULL_WIDTH, normalised
from pytest_faithful.text.segment import split_sentences
from pytest_faithful.text.terms import MAGNITUDES, content_terms, number_kinds
from pytest_faithful.text.units import (
    MEASURED as _MEASURED,
)
from pytest_faithful.text.units import (
    SMALL as _SMALL,
)
from pytest_faithful.text.units import (
    UNIT_SIZES as _UNIT_SIZES,
)
from pytest_faithful.text.units import (
    WORDED as _WORDED,
)
from pytest_faithful.text.units import (
    WRITTEN_STEMS as _WRITTEN_STEMS,
)
from pytest_faithful.text.words import NUMBER_WORDS, SPACE, STOPWORDS

_SCALE_WORDS = {"thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12}
# The words, their short forms as the terms read them ("bn", "mln": MAGNITUDES), and the
# letters that are one only after a currency sign.
_SCALES = {
    **_SCALE_WORDS,
    **{short: _SCALE_WORDS[word] for short, word in MAGNITUDES.items()},
    "k": 10**3,
    "m": 10**6,
    "b": 10**9,
}
# An amount with its scale word: "1.5 million", "$2.3bn", "$15k". A bare "k", "m" or "b" is a
# scale only after a currency sign: "15m" alone is as often metres.
# Cents are hundredths of the currency: "20 cents" is "$0.20".
_CENT = Decimal("0.01")
_SCALED = re.compile(
    r"([$\u20ac\u00a3\u00a5]"
    + SPACE
    + r")?(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?"
    + SPACE
    + r"("
    + "|".join(_SCALES)
    + r"|cents?)\b",
    re.IGNORECASE,
)
_NUMBER_WORD = "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
_LARGE = "|".join(scale for scale in _SCALE_WORDS if scale != "thousand")
# A number said in one word before a scale word: "fifty million", "two billion" (numbers said
# in more words, "twenty-five million", are digits in the normalised text; "fifty thousand"
# is 50000 there already).
_WORD_SCALED = re.compile(rf"\b({_NUMBER_WORD}){SPACE}({_LARGE}|cents?)\b", re.IGNORECASE)
# Money said the way people speak it, whole units then the cents without their unit:
# "twelve euro fifty" is 12.50, "two pounds five" 2.05, "5 dollars 99" 5.99.
_SPOKEN_MONEY = re.compile(
    rf"(?<![\w.,])(\d+|{_NUMBER_WORD})[^\S\n]+(?:euros?|pounds?|dollars?|francs?|quid|bucks)"
    rf"[^\S\n]+(\d{{1,2}}|{_NUMBER_WORD})\b(?![^\S\n]*(?:%|percent\b|[.,:/]\d))",
    re.IGNORECASE,
)
_DECIMAL = re.compile(r"\d+(?:\.\d+)?")
_DIGIT = re.compile(r"\d")
# Whether a text may write a number with a scale word or in cents, or speak money: one scan,
# before the full reading.
_MAY_SCALE = re.compile(
    r"\d[^\S\n]?(?:" + "|".join(_SCALES) + r"|cents?)\b"
    rf"|\b(?:{_NUMBER_WORD}|hundred|thousand)[^\S\n]+(?:{_LARGE}|cents?)\b"
    r"|\b(?:euros?|pounds?|dollars?|francs?|quid|bucks)[^\S\n]+\w",
    re.IGNORECASE,
)


# Asked for each number of a claim, and for the claim's amounts.
@functools.lru_cache(maxsize=1024)
def may_scale(text: str) -> bool:
    """Whether ``text`` may write a number with its scale word ("1.5 million", "$5m")."""
    if not text.isascii():
        text = text.translate(FULL_WIDTH)
    return _MAY_SCALE.search(text) is not None


# Beyond any amount a text states; Decimal would read a thousand digits, slowly.
_MAX_DIGITS = 30


def _value(digits: str) -> Decimal | None:
    if len(digits) > _MAX_DIGITS:
        return None
    try:
        return Decimal(digits)
    except InvalidOperation:
        return None


# A pure reading of its text, asked for again by several rules of one check.
@functools.lru_cache(maxsize=1024)
def amounts(text: str) -> Mapping[str, frozenset[Decimal]]:
    """Each number term of ``text`` (as :func:`~pytest_faithful.text.terms.content_terms`
    writes it) -> the amounts it states with it: its own value, and its value at the scale
    written after it ("1.5" in "1.5 million": 1.5 and 1,500,000)."""
    found: dict[str, set[Decimal]] = {}
    for term in content_terms(text):
        if term[0].isdigit() and _DECIMAL.fullmatch(term) and (value := _value(term)) is not None:
            found.setdefault(term, set()).add(value)
    if found and may_scale(text):
        for m in _SCALED.finditer(normalised(text)):  # full-width "$5m" is "$5m"
            scale = m[4].casefold()
            if len(scale) == 1 and not m[1]:
                continue
            digits = m[2].replace(",", "") + (m[3] or "")
            value = _value(digits)
            if value is None:
                continue
            for term in content_terms(digits):
                found.setdefault(term, set()).add(value * _SCALES.get(scale, _CENT))
        _add_said_in_words(normalised(text), found)
    return MappingProxyType({term: frozenset(values) for term, values in found.items()})


_NEXT_WORD = re.compile(r"[^\S\n]+([^\W\d_]+)")
_CENTS_FOLLOWERS = STOPWORDS | {"cents", "cent", "pence", "p", "c"}


def _said(word: str) -> str:
    return NUMBER_WORDS.get(word.casefold(), word)


def _add_said_in_words(text: str, found: dict[str, set[Decimal]]) -> None:
    """The amounts of ``text`` (normalised) said in words, under the term of their first
    number: "fifty million" (50,000,000 under "50"), "twelve euro fifty" (12.50 under "12")."""
    for m in _WORD_SCALED.finditer(text):
        units = _said(m[1])
        found.setdefault(units, set()).add(Decimal(units) * _SCALES.get(m[2].casefold(), _CENT))
    for m in _SPOKEN_MONEY.finditer(text):
        units, cents = _said(m[1]), _said(m[2])
        # The cents end the amount ("twelve euro fifty per unit", "... fifty cents"); a word
        # that follows them as a count's ("20 dollars 3 times") makes them no cents.
        follower = _NEXT_WORD.match(text, m.end())
        if follower and follower[1].casefold() not in _CENTS_FOLLOWERS:
            continue
        if units.isdigit() and cents.isdigit() and len(units) <= _MAX_DIGITS:
            found.setdefault(units, set()).add(Decimal(units) + Decimal(cents) / 100)


# The fewest significant digits a figure written with a scale word gives to be read as a
# rounding: "1.2 million" is a rounded 1,234,567; "1 million" says too little to be one.
_ROUNDED_DIGITS = 2


def rounds_to(term: str, claim: str, stated: Collection[Decimal]) -> bool:
    """Whether ``claim`` writes ``term`` with a scale word and at least two significant digits
    ("1.23 million", "$2.5bn"), or as a whole number after "about" ("about 18,700"), and one
    of the ``stated`` amounts rounds to it at the places the claim writes ("1,234,567" to "1.23
    million", never to "1.25 million"; 18,740 to "about 18,700", not to "about 18,900"): an
    answer rounds a passage's exact figure as a reader would."""
    written = amounts(claim).get(term, frozenset())
    if len(written) == 1 and _bounds(claim).get(term) == "about":
        return _hedged_rounding(next(iter(written)), stated)
    if len(written) < 2:
        return False
    own, scaled = min(written), max(written)
    places = max(_places(own), _places_written(claim).get(own, 0))
    significant = len(str(own).replace(".", "").lstrip("0")) + places - _places(own)
    if own <= 0 or significant < _ROUNDED_DIGITS:
        return False
    return _rounds_at(scaled / own * Decimal(10) ** -places, scaled, stated)


def _rounds_at(step: Decimal, rounded: Decimal, stated: Collection[Decimal]) -> bool:
    """Whether a ``stated`` amount other than ``rounded`` rounds to it at ``step`` (within half
    a step), searched by bisection in the amounts in order (a tuple is taken as sorted)."""
    ordered = stated if isinstance(stated, tuple) else sorted(stated)
    low = bisect.bisect_left(ordered, rounded - step / 2)
    high = bisect.bisect_right(ordered, rounded + step / 2)
    return any(value != rounded for value in ordered[low:high])


def _hedged_rounding(own: Decimal, stated: Collection[Decimal]) -> bool:
    """Whether a whole number the claim hedges ("about 18,700") is a ``stated`` amount rounded
    at the zeros that end it, with two significant digits at least (18,740; never 18,900)."""
    digits = str(own)
    if own <= 0 or _places(own) or not digits.endswith("0"):
        return False
    zeros = len(digits) - len(digits.rstrip("0"))
    if len(digits) - zeros < _ROUNDED_DIGITS:
        return False
    return _rounds_at(Decimal(10) ** zeros, own, stated)


_WRITTEN_NUMBER = re.compile(r"\d[\d,]*(?:\.(\d+))?")


def _places(value: Decimal) -> int:
    exponent = value.as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0


@functools.lru_cache(maxsize=1024)
def _places_written(text: str) -> Mapping[Decimal, int]:
    """Each value ``text`` writes -> the most decimal places it writes it with: "$37.0
    million" gives 37 to one place, which its term ("37") no longer shows. Read once per text,
    whichever of its numbers is asked about."""
    places: dict[Decimal, int] = {}
    for m in _WRITTEN_NUMBER.finditer(text):
        written = _value(m[0].replace(",", ""))
        if written is not None and m[1] is not None:
            places[written] = max(places.get(written, 0), len(m[1]))
    return places


def all_amounts(text: str) -> frozenset[Decimal]:
    """Every amount ``text`` states (:func:`amounts`)."""
    return frozenset().union(*amounts(text).values())


# A pure reading of its text, asked for again for each claim of a check.
@functools.lru_cache(maxsize=1024)
def measures(text: str) -> Mapping[str, frozenset[tuple[str, Decimal]]]:
    """Each number term of ``text`` written with a unit of exact size -> (measure, its size in
    the measure's base unit): "1.2 g" and "1,200 mg" are both ("mass", 1.2)."""
    found: dict[str, set[tuple[str, Decimal]]] = {}
    for m in _WORDED.finditer(text) if any(u in text for u in _WRITTEN_STEMS) else ():
        measure, size = _UNIT_SIZES[m[2].casefold()]
        count = _SMALL[m[1].casefold()]
        found.setdefault(str(count), set()).add((measure, (count * size).normalize()))
    _add_compound_durations(text, found)
    if _DIGIT.search(text) is None:
        return MappingProxyType({term: frozenset(sizes) for term, sizes in found.items()})
    for parts, measure, size in _compounds(normalised(text)):
        for m in parts:
            in_part = m[1].replace(",", "") + (m[2] or "")
            for term in content_terms(in_part):
                found.setdefault(term, set()).add((measure, size))
    return MappingProxyType({term: frozenset(sizes) for term, sizes in found.items()})


def compound_parts(text: str) -> frozenset[tuple[int, int]]:
    """Where ``text`` writes a part of a measure in two units ("1 hour 15 minutes", "1 kg 200
    g", "1 year 6 months"): each part, whose number is no measure of its own."""
    return frozenset(
        (m.start(), m.end()) for parts, _, _ in _compounds(text) if len(parts) > 1 for m in parts
    )


def part_alone(term: str, claim: str, passages: tuple[str, ...]) -> bool:
    """Whether ``claim`` writes ``term`` as a measure of its own that the passages write only
    as a part of one in two units: their "1 hour 15 minutes" states neither "1 hour" nor "15
    minutes", and "1 kg 200 g" neither "1 kg" nor "200 g"."""
    if term not in _compound_terms(passages):
        return False
    sizes = measures(claim).get(term, frozenset())
    return bool(sizes) and not sizes & _measured_in(passages)


@functools.lru_cache(maxsize=64)
def _compound_terms(passages: tuple[str, ...]) -> frozenset[str]:
    """The number terms the passages write only as parts of measures in two units."""
    parts: set[str] = set()
    alone: set[str] = set()
    for p in passages:
        spans = sorted(compound_parts(p)) if _MAY_COMPOUND.search(p) else []
        if not spans:
            alone |= content_terms(p)
            continue
        parts.update(*(content_terms(p[a:b]) for a, b in spans))
        edges = [0, *(x for span in spans for x in span), len(p)]
        alone.update(*(content_terms(p[a:b]) for a, b in zip(edges[::2], edges[1::2], strict=True)))
    return frozenset(parts - alone)


@functools.lru_cache(maxsize=64)
def _measured_in(passages: tuple[str, ...]) -> frozenset[tuple[str, Decimal]]:
    return frozenset(size for p in passages for sizes in measures(p).values() for size in sizes)


# Between the parts of one measure: "1 hour 15 minutes", "1 kg, 200 g", "1 year and 6 months".
_BETWEEN = re.compile(r"[^\S\n]*,?[^\S\n]*(?:and[^\S\n]+)?")
# A number, a word and a number after it, so: most passages write no measure in two units.
_MAY_COMPOUND = re.compile(r"\d[^\S\n]*[^\W\d_]+\.?[^\S\n]*,?[^\S\n]*(?:and[^\S\n]+)?\d")


@functools.lru_cache(maxsize=1024)
def _compounds(
    text: str,
) -> tuple[tuple[tuple[re.Match[str], ...], str, Decimal], ...]:
    """Each measure ``text`` writes with a unit of exact size, as its parts (one, or a larger
    unit then a smaller one of the same measure right after it), its measure and its whole size
    in the measure's base unit."""
    read: list[tuple[re.Match[str], str, Decimal]] = []
    for m in _MEASURED.finditer(text):
        value = _value(m[1].replace(",", "") + (m[2] or ""))
        if value is not None:
            measure, size = _UNIT_SIZES[m[3].casefold()]
            read.append((m, measure, size * value))
    found: list[tuple[tuple[re.Match[str], ...], str, Decimal]] = []
    i = 0
    while i < len(read):
        m, measure, size = read[i]
        if i + 1 < len(read):
            n, other, more = read[i + 1]
            if (
                other == measure
                and _UNIT_SIZES[n[3].casefold()][1] < _UNIT_SIZES[m[3].casefold()][1]
                and _BETWEEN.fullmatch(text, m.end(), n.start())
            ):
                found.append(((m, n), measure, (size + more).normalize()))
                i += 2
                continue
        found.append(((m,), measure, size.normalize()))
        i += 1
    return tuple(found)


# A duration in hours and minutes at once: "2 hours 45 minutes", "2 h 45 min", "an hour and a
# half", "3 and a half hours": the whole is a size of each of its numbers ("165 minutes").
_COMPOUND = re.compile(
    rf"\b(\d{{1,3}}|{'|'.join(_SMALL)})[^\S\n]*(?:hours?|hrs?|h)[^\S\n]*,?[^\S\n]*(?:and[^\S\n]+)?"
    r"(?:(\d{1,2})[^\S\n]*(?:minutes?|mins?|m)\b|(a[^\S\n]+half)\b)"
    rf"|\b(\d{{1,3}}|{'|'.join(_SMALL)})[^\S\n]+and[^\S\n]+a[^\S\n]+half[^\S\n]+hours?\b",
    re.IGNORECASE,
)


def small_count(word: str) -> int:
    """A count in digits or a small number's word ("3", "three", "a")."""
    return int(word) if word.isdigit() else _SMALL[word.casefold()]


def _add_compound_durations(text: str, found: dict[str, set[tuple[str, Decimal]]]) -> None:
    if "hour" not in text and "hr" not in text and " h" not in text:
        return
    for m in _COMPOUND.finditer(text):
        hours_word = m[1] or m[4]
        hours = small_count(hours_word)
        minutes = Decimal(m[2]) if m[2] else Decimal(30)
        size = (hours * 3600 + minutes * 60) if m[1] else (hours * 3600 + 1800)
        term = str(hours)
        found.setdefault(term, set()).add(("time", Decimal(size).normalize()))
        if m[2]:
            found.setdefault(str(int(m[2])), set()).add(("time", Decimal(size).normalize()))


# A bound on a number: what a passage's value of the same kind must be for the claim to hold.
_LOWER = (
    "over|more than|above|exceeding|in excess of|upwards of|at least|no fewer than|no less than"
)
_UPPER = "under|less than|fewer than|below|up to|at most|no more than|not more than"
_ABOUT = "about|around|approximately|roughly|nearly|almost|some|close to|circa|an estimated"
_BOUND = re.compile(
    rf"\b(?:(?P<lower>{_LOWER})|(?P<upper>{_UPPER})|(?P<about>{_ABOUT}))"
    r"[^\S\n]+(?:[$\u20ac\u00a3\u00a5][^\S\n]?)?(?P<number>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"(?![\d,.]*\d)",
    re.IGNORECASE,
)
_BOUND_HINT = re.compile(rf"\b(?:{_LOWER}|{_UPPER}|{_ABOUT})\b", re.IGNORECASE)
# "about 1,000" holds for a value within a tenth of it.
_ABOUT_SHARE = Decimal("0.1")


# A pure reading of its text, asked for once per number of a claim: read again for each, a claim
# of n numbers took time quadratic in n (4,000 numbers: 1.8 s).
@functools.lru_cache(maxsize=1024)
def _bounds(claim: str) -> Mapping[str, str]:
    """Each number term of ``claim`` written right after a bound -> the bound's sense."""
    if _BOUND_HINT.search(claim) is None:
        return _NO_BOUNDS
    found: dict[str, str] = {}
    for m in _BOUND.finditer(normalised(claim)):
        sense = next(name for name in ("lower", "upper", "about") if m[name])
        for term in content_terms(m["number"]):
            found.setdefault(term, sense)
    return MappingProxyType(found)


_NO_BOUNDS: Mapping[str, str] = MappingProxyType({})


# The words on either side of a number that say what it is of ("employs over 1,000 people"),
# and how many of them a passage's value must have around it too: the bound is met by the value
# of the same thing ("employs 1,500 people"), not by any value of its kind ("under $30 billion"
# is not met by a $3 billion buyback in the same sentence).
_NEAR = 4
_SHARED_NEAR = 2


def _near(words: Sequence[str], i: int) -> frozenset[str]:
    """The content terms (no numbers) of the words around ``words[i]``."""
    window = " ".join(words[max(0, i - _NEAR) : i + _NEAR + 1])
    return frozenset(t for t in content_terms(window) if not t[0].isdigit())


def _bound_met(term: str, sense: str, claim: str, passages: Sequence[str]) -> bool:
    """Whether a passage states the value of what ``term`` counts in ``claim`` (the same kind,
    the same words around it) and that value meets the bound (``sense``) at the claim's
    scale."""
    # A place or a side of a score is no amount a bound holds ("moved up to third").
    kinds = number_kinds(claim).get(term, frozenset()) - {"plain", "ordinal", "score"}
    limits = amounts(claim).get(term, frozenset())
    words = normalised(claim).split()  # "more than a thousand": "1000" a word of its own
    at = [i for i, w in enumerate(words) if term in content_terms(w)]
    if not kinds or not limits or not at:
        return False
    limit = max(limits)  # "over 1.5 million": the bound is 1,500,000, not 1.5
    about = frozenset().union(*(_near(words, i) for i in at))
    if any(kind.startswith("unit:") for kind in kinds):  # "over 2,000 middle-aged adults"
        after = " ".join(" ".join(words[i + 1 : i + 3]) for i in at)  # counts adults too
        kinds |= frozenset(f"unit:{t}" for t in content_terms(after) if not t[0].isdigit())
    for passage in passages:
        for sentence in split_sentences(passage):
            if _DIGIT.search(normalised(sentence.text)) and _meets(
                sentence.text, kinds, about, sense, limit
            ):
                return True
    return False


def _meets(
    text: str, kinds: frozenset[str], about: frozenset[str], sense: str, limit: Decimal
) -> bool:
    """Whether ``text`` states a value of one of ``kinds``, with the words ``about`` around it,
    that meets the bound. A bound of its own is no value: "below $30 billion" for "below $25
    billion" changes the figure given."""
    written = amounts(text)
    bounded = _bounds(text).keys() | _limits(text)
    kinds_of = number_kinds(text)
    words = normalised(text).split()
    for i, word in enumerate(words):
        for other in content_terms(word):
            if other in bounded or not kinds_of.get(other, frozenset()) & kinds:
                continue
            if len(_near(words, i) & about) < _SHARED_NEAR:
                continue
            for value in written.get(other, ()):
                if sense == "lower" and value >= limit:
                    return True
                if sense == "upper" and value <= limit:
                    return True
                if sense == "about" and abs(value - limit) <= _ABOUT_SHARE * limit:
                    return True
    return False


# A bound written as a noun: "a limit of $75 per day", "a maximum of five days", "capped at 40
# per cent". It is a bound of its own, no value: "up to $100 a day" for "a limit of $75" widens it.
_LIMIT = re.compile(
    r"(?i)\b(?:(?:maximum|minimum|limit|cap|ceiling)\s+of|capped\s+at|limited\s+to)[^\S\n]+"
    r"(?:[$\u20ac\u00a3\u00a5][^\S\n]?)?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?![\d,.]*\d)"
)


def _limits(text: str) -> frozenset[str]:
    """The number terms of ``text`` written as a limit (:data:`_LIMIT`)."""
    return frozenset().union(*(content_terms(m[1]) for m in _LIMIT.finditer(normalised(text))))


def bound_met(term: str, claim: str, passages: Sequence[str], *, hedged: bool = True) -> bool:
    """Whether ``claim`` writes the number ``term`` as a bound ("over 1,000 people", "under
    $30 billion", "about 1,500", unless not ``hedged``) that a passage sentence about the same
    thing meets with a value of the same kind, at the claim's scale ("employs 1,500 people")."""
    sense = _bounds(claim).get(term)
    if sense is None or (sense == "about" and not hedged):
        return False
    return _bound_met(term, sense, claim, passages)
