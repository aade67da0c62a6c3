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

from pytest_faithful.text.bounds import LOWER, UPPER, bound_senses
from pytest_faithful.text.kinds import number_kinds
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.ranges import range_pairs
from pytest_faithful.text.readings import FULL_WIDTH, normalised
from pytest_faithful.text.segment import split_sentences
from pytest_faithful.text.terms import MAGNITUDES, content_terms
from pytest_faithful.text.units import (
    SMALL as _SMALL,
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
_SCALED = regex(
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
_WORD_SCALED = regex(rf"\b({_NUMBER_WORD}){SPACE}({_LARGE}|cents?)\b", re.IGNORECASE)
# Money said the way people speak it, whole units then the cents without their unit:
# "twelve euro fifty" is 12.50, "two pounds five" 2.05, "5 dollars 99" 5.99.
_SPOKEN_MONEY = regex(
    rf"(?<![\w.,])(\d+|{_NUMBER_WORD})[^\S\n]+(?:euros?|pounds?|dollars?|francs?|quid|bucks)"
    rf"[^\S\n]+(\d{{1,2}}|{_NUMBER_WORD})\b(?![^\S\n]*(?:%|percent\b|[.,:/]\d))",
    re.IGNORECASE,
)
_DECIMAL = regex(r"\d+(?:\.\d+)?")
_DIGIT = regex(r"\d")
# Whether a text may write a number with a scale word or in cents, or speak money: before the
# full reading. Three scans, each an alternative, rather than one scan of the three: the
# number words' alternative is tried at every word of a text (two thirds of the time of one
# scan, ~0.02 ms a sentence), so it is tried only where a space and a scale word follow, as
# any text it matches has them. The answer is the same: some alternative matches somewhere.
_DIGITS_SCALED = regex(r"\d[^\S\n]?(?:" + "|".join(_SCALES) + r"|cents?)\b", re.IGNORECASE)
_MONEY_WORD = regex(r"\b(?:euros?|pounds?|dollars?|francs?|quid|bucks)[^\S\n]+\w", re.IGNORECASE)
_SCALE_WORD_AFTER_SPACE = regex(rf"[^\S\n](?:{_LARGE}|cents?)\b", re.IGNORECASE)
_WORD_SCALED_AHEAD = regex(
    rf"\b(?:{_NUMBER_WORD}|hundred|thousand)[^\S\n]+(?:{_LARGE}|cents?)\b", re.IGNORECASE
)


# Asked for each number of a claim, and for the claim's amounts.
@functools.lru_cache(maxsize=1024)
def may_scale(text: str) -> bool:
    """Whether ``text`` may write a number with its scale word ("1.5 million", "$5m")."""
    if not text.isascii():
        text = text.translate(FULL_WIDTH)
    return (
        _DIGITS_SCALED.search(text) is not None
        or _MONEY_WORD.search(text) is not None
        or (
            _SCALE_WORD_AFTER_SPACE.search(text) is not None
            and _WORD_SCALED_AHEAD.search(text) is not None
        )
    )


# Beyond any amount a text states; Decimal would read a thousand digits, slowly.
_MAX_DIGITS = 30


def decimal_of(digits: str) -> Decimal | None:
    """``digits`` as a Decimal, or None for what no amount is (too many digits to read)."""
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
        if (
            term[0].isdigit()
            and _DECIMAL.fullmatch(term)
            and (value := decimal_of(term)) is not None
        ):
            found.setdefault(term, set()).add(value)
    if found and may_scale(text):
        for m in _SCALED.finditer(normalised(text)):  # full-width "$5m" is "$5m"
            scale = m[4].casefold()
            if len(scale) == 1 and not m[1]:
                continue
            digits = m[2].replace(",", "") + (m[3] or "")
            value = decimal_of(digits)
            if value is None:
                continue
            for term in content_terms(digits):
                found.setdefault(term, set()).add(value * _SCALES.get(scale, _CENT))
        _add_said_in_words(normalised(text), found)
    return MappingProxyType({term: frozenset(values) for term, values in found.items()})


_NEXT_WORD = regex(r"[^\S\n]+([^\W\d_]+)")
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
    answer rounds a passage's exact figure as a reader would. After "nearly" or "almost" the
    stated amount is below the figure. A figure of one significant digit is
    :func:`rounded_once`'s."""
    written = amounts(claim).get(term, frozenset())
    hedge = _bounds(claim).get(term)
    if len(written) == 1 and hedge in _HEDGES:
        return _hedged_rounding(next(iter(written)), stated, short=hedge == _SHORT)
    if len(written) < 2:
        return False
    own, scaled = min(written), max(written)
    places = max(_places(own), _places_written(claim).get(own, 0))
    significant = len(str(own).replace(".", "").lstrip("0")) + places - _places(own)
    if own <= 0 or significant < _ROUNDED_DIGITS:
        return False
    return _rounds_at(scaled / own * Decimal(10) ** -places, scaled, stated)


def hedged_to(term: str, claim: str, exact: Decimal) -> bool:
    """Whether ``claim`` hedges ``term`` ("roughly 120", "nearly 3,000") and ``exact`` rounds
    to it, as :func:`rounds_to` reads a hedged figure: a figure worked out, then rounded."""
    hedge = _bounds(claim).get(term)
    written = amounts(claim).get(term, frozenset())
    return (
        hedge in _HEDGES
        and len(written) == 1
        and _hedged_rounding(next(iter(written)), (exact,), short=hedge == _SHORT)
    )


def _rounds_at(step: Decimal, rounded: Decimal, stated: Collection[Decimal]) -> bool:
    """Whether a ``stated`` amount other than ``rounded`` rounds to it at ``step`` (within half
    a step), searched by bisection in the amounts in order (a tuple is taken as sorted)."""
    ordered = stated if isinstance(stated, tuple) else sorted(stated)
    low = bisect.bisect_left(ordered, rounded - step / 2)
    high = bisect.bisect_right(ordered, rounded + step / 2)
    return any(value != rounded for value in ordered[low:high])


def _hedged_rounding(own: Decimal, stated: Collection[Decimal], *, short: bool = False) -> bool:
    """Whether a number the claim hedges is a ``stated`` amount rounded at its last place ("about
    83%" for 82.6%, "about 1.5 times" for 1.49: a stated amount with more places, within half
    a unit of that place), or, a whole number, at the zeros that end it ("about 18,700" for
    18,740; never 18,900), two significant digits at
    least. ``short`` ("nearly", "almost"): the stated amount is below ``own``."""
    if short:
        stated = tuple(value for value in sorted(stated) if value < own)
    if own > 0 and _rounds_at(Decimal(10) ** -_places(own), own, stated):
        return True
    digits = str(own)
    if own <= 0 or _places(own) or not digits.endswith("0"):
        return False
    zeros = len(digits) - len(digits.rstrip("0"))
    if len(digits) - zeros < _ROUNDED_DIGITS:
        return False
    return _rounds_at(Decimal(10) ** zeros, own, stated)


def rounded_once(term: str, claim: str, passages: Sequence[str]) -> bool:
    """Whether ``claim`` hedges ``term`` ("about", "roughly", "nearly", ...) as a figure of one
    significant digit ("about $5 million", "around 40,000 visitors", "some 20 years") that is
    the passages' value of the same thing rounded to that digit ($5,016,723; 38,500 visitors;
    19 years; never 45,000 nor, for "nearly", 3.1 million). One digit fits many amounts, so the
    value is taken from those of the claim number's kind in the passages whose surrounding
    words share the most of the claim's words, one at least (scale words aside): "spent about $5
    million on scholarships" is held to the scholarships' $812,400, not to a $5,016,723
    bequest."""
    hedge = _bounds(claim).get(term)
    written = amounts(claim).get(term, frozenset())
    kinds = number_kinds(claim).get(term, frozenset())
    if hedge not in _HEDGES or not written or kinds & {"ordinal", "score", "year"}:
        return False
    own, rounded = min(written), max(written)
    digits = str(own).rstrip("0")
    if own <= 0 or _places(own) or _places_written(claim).get(own, 0) or len(digits) != 1:
        return False
    step = rounded / int(digits)
    near = frozenset(t for t in content_terms(claim) if not t[0].isdigit() and t not in _SCALES)
    best, values = 1, list[Decimal]()  # one shared word at least
    for sentence in (s.text for p in passages for s in split_sentences(p)):
        if not _DIGIT.search(sentence):
            continue
        kinds_of, stated, said = number_kinds(sentence), amounts(sentence), normalised(sentence)
        said_words = said.split()
        for i, word in enumerate(said_words):
            for other in content_terms(word):
                if other not in stated or not _same_kind(kinds, kinds_of.get(other, frozenset())):
                    continue
                shared = len(near & _near(said_words, i))
                if shared >= best:
                    values = [*stated[other]] if shared > best else [*values, *stated[other]]
                    best = shared
    return bool(values) and _one_digit(rounded, step, values, short=hedge == _SHORT)


def _near_figure(value: Decimal, figure: Decimal, *, short: bool) -> bool:
    """Whether ``value`` is what a hedged ``figure`` ("about 1,500") says: within a tenth of
    it, and, a figure of one significant digit ("about 900,000"), ``value`` rounded to that
    digit (812,400 is "about 800,000"); below it after "nearly" (``short``)."""
    if abs(value - figure) > _ABOUT_SHARE * figure or (short and value > figure):
        return False
    digits = str(int(figure)).rstrip("0") if figure == figure.to_integral_value() else ""
    if figure <= 0 or len(digits) != 1:
        return True
    return value == figure or _one_digit(figure, figure / int(digits), (value,), short=short)


# Kinds that say nothing of what is counted: a number alone, a scale word read as its unit
# ("3 million in the census"), "people" (the passages' "visitors", "staff", "residents").
_ANY_KIND = frozenset({"plain", *(f"unit:{scale}" for scale in _SCALE_WORDS)})
_ANY_COUNTED = frozenset({"unit:peopl", "unit:person"})


def _same_kind(claimed: frozenset[str], stated: frozenset[str]) -> bool:
    """Whether a passage value of the ``stated`` kinds may be the one a claim number of the
    ``claimed`` kinds rounds: the same kind, or one of them says nothing of what is counted."""
    if claimed & stated or stated <= _ANY_KIND or claimed <= _ANY_KIND:
        return not stated & {"ordinal", "score", "year"}
    return bool(claimed & _ANY_COUNTED) and any(k.startswith("unit:") for k in stated)


def _one_digit(
    rounded: Decimal, step: Decimal, stated: Collection[Decimal], *, short: bool
) -> bool:
    """Whether a ``stated`` amount other than ``rounded`` rounds to it at one significant
    digit (``rounded`` is that digit times ``step``): 38,500 to 40,000, 9,600 to 10,000, never
    9,210 to 10,000 (it rounds to 9,000) nor 45,000 to 40,000. ``short``: the amount is below
    it ("nearly 3 million" for 2,870,000, never for 3,100,000)."""
    low = rounded - (step / 20 if rounded == step else step / 2)
    high = rounded if short else rounded + step / 2
    return any(low <= value < high and value != rounded for value in stated)


_WRITTEN_NUMBER = regex(r"\d[\d,]*(?:\.(\d+))?")


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
        written = decimal_of(m[0].replace(",", ""))
        if written is not None and m[1] is not None:
            places[written] = max(places.get(written, 0), len(m[1]))
    return places


def all_amounts(text: str) -> frozenset[Decimal]:
    """Every amount ``text`` states (:func:`amounts`)."""
    return frozenset().union(*amounts(text).values())


def small_count(word: str) -> int:
    """A count in digits or a small number's word ("3", "three", "a")."""
    return int(word) if word.isdigit() else _SMALL[word.casefold()]


# A bound on a number: what a passage's value of the same kind must be for the claim to hold.
_LOWER = (
    "over|more than|above|exceeding|in excess of|upwards of|at least|no fewer than|no less than"
)
_UPPER = "under|less than|fewer than|below|up to|at most|no more than|not more than"
# "just over 42 km" says near 42 km, as "about" does, not any length past it (nor 24 km of 42).
_ABOUT = (
    "about|around|approximately|roughly|some|close to|circa|an estimated|just over|just above"
    "|slightly over|slightly more than|a little over|a little more than"
)
# A hedge that puts the value below the figure: "nearly 3 million" is not said of 3.1 million.
_SHORT_OF = (
    "nearly|almost|just under|just below|just short of|slightly under|slightly less than"
    "|a little under|a little less than"
)
_BOUND = regex(
    rf"\b(?:(?P<lower>{_LOWER})|(?P<upper>{_UPPER})|(?P<about>{_ABOUT})|(?P<short>{_SHORT_OF}))"
    r"[^\S\n]+(?:[$\u20ac\u00a3\u00a5][^\S\n]?)?(?P<number>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"(?![\d,.]*\d)",
    re.IGNORECASE,
)
_BOUND_HINT = regex(rf"\b(?:{_LOWER}|{_UPPER}|{_ABOUT}|{_SHORT_OF})\b", re.IGNORECASE)
_SHORT = "short"
_HEDGES = ("about", _SHORT)
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
        sense = next(name for name in ("lower", "upper", "about", _SHORT) if m[name])
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
    sentences = [s.text for p in passages for s in split_sentences(p)]
    sentences = [s for s in sentences if _DIGIT.search(normalised(s))]
    if sense not in _HEDGES and any(_rival(s, kinds, about, sense, limit) for s in sentences):
        return False
    return any(_meets(s, kinds, about, sense, limit) for s in sentences)


def _rival(
    text: str, kinds: frozenset[str], about: frozenset[str], sense: str, limit: Decimal
) -> bool:
    """Whether ``text`` bounds the same thing the same way at another figure: "below 200 mg/dL",
    "a maximum of 2,000 mg a day", a range's end ("from 200 to 239": at least 200, at most 239).
    The claim's bound is then a changed threshold, not a hedge on a value ("below 220 mg/dL")."""
    senses = {term: set(found) for term, found in bound_senses(text).items()}
    for low, high, _ in range_pairs(text):
        senses.setdefault(low, set()).add(LOWER)
        senses.setdefault(high, set()).add(UPPER)
    if not senses:
        return False
    written = amounts(text)
    kinds_of = number_kinds(text)
    words = normalised(text).split()
    return any(
        sense in senses.get(other, ())
        and kinds_of.get(other, frozenset()) & kinds
        and limit not in written.get(other, (limit,))
        and len(_near(words, i) & about) >= _SHARED_NEAR
        for i, word in enumerate(words)
        for other in content_terms(word)
    )


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
                if sense in _HEDGES and _near_figure(value, limit, short=sense == _SHORT):
                    return True
    return False


# A bound written as a noun: "a limit of $75 per day", "a maximum of five days", "capped at 40
# per cent". It is a bound of its own, no value: "up to $100 a day" for "a limit of $75" widens it.
_LIMIT = regex(
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
    if sense is None or (sense in _HEDGES and not hedged):
        return False
    return _bound_met(term, sense, claim, passages)
