"""What two numbers a passage says together make: a product, or a share.

"10 mL three times a day" is 30 mL a day, "a fee of 2% on the $1,240 total" is $24.80, "420
kWh at $0.18 per kWh" is $75.60, "61 of 200 patients" is 30.5%.
:mod:`~pytest_faithful.text.arithmetic` reads a claim's number as stated when it is one of
these, to the places it is written.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from decimal import Decimal

from pytest_faithful.text.amounts import amounts
from pytest_faithful.text.kinds import number_kinds
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.rates import period_of
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.words import NUMBER_WORDS

# A part of a whole, both counted: "61 of 200 patients", "3 out of 4", "won 14 of their 20
# games" ("one in eight", in words, is text/amounts.py's). Not a percent of something ("12 of
# 40%"), not a year.
_SHARE = regex(
    r"(?<![\d.,])(\d[\d,]*(?:\.\d+)?)\s+(?:out\s+of|of|in)\s+"
    r"(?:(?:the|all|every|their|its|our|your|his|her|these|those)\s+)?"
    r"(\d[\d,]*(?:\.\d+)?)(?![\d.,]*\d)(?!\s*(?:%|percent\b))(?<!\b1[89]\d\d)(?<!\b20\d\d)",
    re.IGNORECASE,
)
# How often: "three times a day", "2 times per week", "twice daily".
_FREQUENCY = regex(
    r"\b(twice|thrice|(?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+times)\s+"
    r"(?:(?:a|per|each|every)\s+(day|week|month|year)\b|(daily|weekly|monthly|yearly)\b)",
    re.IGNORECASE,
)
_ONCE = {"twice": "2", "thrice": "3"}
# A price per unit: "$0.18 per kWh", "€2.50/kg", "$4 a gallon".
_UNIT_PRICE = regex(
    r"[$\u20ac\u00a3]\s?(\d[\d,]*(?:\.\d+)?)\s*(?:per\s+|an?\s+|/\s*)([^\W\d_]+)",
    re.IGNORECASE,
)


def bills(
    text: str, kinds: Mapping[str, frozenset[str]], written: Mapping[str, frozenset[Decimal]]
) -> Iterator[Decimal]:
    """A price per unit times a quantity of that unit said with it: "420 kWh at a rate of
    $0.18 per kWh" is $75.60."""
    for m in _UNIT_PRICE.finditer(text):
        unit = next(iter(content_terms(m[2])), None)
        price = _number(m[1])
        if unit is None or price is None:
            continue
        for term, term_kinds in kinds.items():
            if f"unit:{unit}" in term_kinds:
                for quantity in written.get(term, ()):
                    yield price * quantity


def percents_of(sentence: str, skip: frozenset[str], most: int) -> Iterator[tuple[str, Decimal]]:
    """Each percent of an amount one sentence says with it, and the amount's kind: "a 2% fee
    on the $1,240 total" is $24.80 (in one sentence: a percent of the next sentence's amount
    is most often of something else). Not of a kind in ``skip``; of its first ``most`` numbers."""
    kinds = number_kinds(sentence)
    written = amounts(sentence)
    percents = [v for t, k in kinds.items() if "percent" in k for v in written.get(t, ())]
    if not percents:
        return
    for term, term_kinds in list(kinds.items())[:most]:
        for kind in term_kinds - skip - {"percent"}:
            for amount in written.get(term, ()):
                for percent in percents:
                    yield kind, amount * percent / 100


_PERCENT = r"(\d+(?:\.\d+)?)\s*(?:%|per\s*cent\b|percent\b)"
# A percent said as a cut of what it is of ("a 25% discount on rent", "20% off", "reduced by
# 10%") or as an addition to it ("a 15% surcharge", "raised by 8%"). Its words come next to
# it, so "25% of members pay more" is neither.
_CUT = regex(
    rf"(?i){_PERCENT}\s+(?:discount|reduction|off|cheaper|less|lower|saving)\b"
    rf"|\b(?:discount|reduction|saving)\s+of\s+{_PERCENT}"
    rf"|\bsav(?:e|es|ing)\s+{_PERCENT}(?!\s+of\b)"
    rf"|\b(?:reduced|cut|lowered|discounted)\s+by\s+{_PERCENT}"
)
_RISE = regex(
    rf"(?i){_PERCENT}\s+(?:surcharge|increase|rise|uplift|loading|higher|extra|premium)\b"
    rf"|\b(?:surcharge|increase|rise|uplift|loading)\s+of\s+{_PERCENT}"
    rf"|\b(?:increased|raised|put\s+up)\s+by\s+{_PERCENT}"
)
_ONE = Decimal(1)
# A cut said as a fraction ("Railcard holders save 1/3", "a third off", "half price"): the
# same cut as its percent, "save 1/3" on a £34.50 fare leaving £23.00.
_SHARE_OF = {
    "half": "1/2", "a half": "1/2", "one half": "1/2", "a third": "1/3", "one third": "1/3",
    "two thirds": "2/3", "a quarter": "1/4", "one quarter": "1/4", "three quarters": "3/4",
    "a fifth": "1/5", "one fifth": "1/5", "a tenth": "1/10", "one tenth": "1/10",
}  # fmt: skip
_FRACTION = r"(\d/\d{1,2}|" + "|".join(w.replace(" ", r"[\s-]") for w in _SHARE_OF) + ")"
_FRACTION_CUT = regex(
    rf"(?i)\bsav(?:e|es|ing)\s+{_FRACTION}\b(?!\s+of\b)|\b{_FRACTION}\s+off\b"
    r"|\b(half)[\s-]price\b"
)


# A percent with a word or two before what it cuts or adds: "the 50% bank holiday surcharge".
_NAMED_CUT = regex(rf"(?i){_PERCENT}\s+(?:[^\W\d_]+\s+){{1,2}}(?:discount|reduction|saving)\b")
_NAMED_RISE = regex(rf"(?i){_PERCENT}\s+(?:[^\W\d_]+\s+){{1,2}}(?:surcharge|increase|uplift)\b")


def change_signs(text: str) -> frozenset[int]:
    """-1 where ``text`` says a percent cut ("a 25% discount"), 1 where it says a rise ("with
    the 50% bank holiday surcharge")."""
    return frozenset(
        sign
        for patterns, sign in (((_CUT, _NAMED_CUT), -1), ((_RISE, _NAMED_RISE), 1))
        if any(pattern.search(text) for pattern in patterns)
    )


def percent_changes(
    sentences: tuple[str, ...], skip: frozenset[str], most: int
) -> Iterator[tuple[str, Decimal]]:
    """Each amount of a run of sentences after a cut or a rise by a percent one of them says:
    "The annual rent is \u00a380. Tenants over 65 receive a 25% discount on rent." is \u00a360 a
    year for them (what a careful answer works out; a discount is often said in the sentence
    after the price). Not the cut itself, which is a percent of the amount said beside it only
    (:func:`percents_of`): "$4 more" is no 20% of the sentence before's $20. Not of a kind in
    ``skip``; of the run's first ``most`` numbers."""
    factors = [
        _ONE + sign * percent / 100
        for sentence in sentences
        for pattern, sign in ((_CUT, -1), (_RISE, 1))
        for m in pattern.finditer(sentence)
        if (percent := _number(next(g for g in m.groups() if g))) is not None and percent < 100
    ]
    factors += [
        _ONE - share
        for sentence in sentences
        for m in _FRACTION_CUT.finditer(sentence)
        if (share := _fraction(next(g for g in m.groups() if g))) is not None
    ]
    if not factors:
        return
    text = " ".join(sentences)
    written = amounts(text)
    for term, term_kinds in list(number_kinds(text).items())[:most]:
        for kind in term_kinds - skip - {"percent"}:
            for amount in written.get(term, ()):
                for factor in factors:
                    yield kind, amount * factor


def frequencies(text: str) -> Iterator[tuple[Decimal, str]]:
    """How often ``text`` says something happens, per period: "three times a day" is 3 a
    day, "twice daily" 2 (what a dose or a fee is multiplied by)."""
    for m in _FREQUENCY.finditer(text):
        word = m[1].casefold().split()[0]
        count = _ONCE.get(word) or NUMBER_WORDS.get(word) or word
        period = period_of(m[2] or m[3])
        if count.isdecimal() and int(count) > 1:
            yield Decimal(count), period


def shares(text: str) -> Iterator[Decimal]:
    """Each count of a whole ``text`` gives as a percentage of it: "61 of 200 patients" is
    30.5, "3 out of 4" 75."""
    for m in _SHARE.finditer(text):
        part, whole = _number(m[1]), _number(m[2])
        if part is not None and whole is not None and 0 < part < whole:
            yield part / whole * 100


def _fraction(written: str) -> Decimal | None:
    """The share a fraction of :data:`_FRACTION_CUT` is, below a whole: "a third", "1/3"."""
    said = " ".join(written.casefold().replace("-", " ").split())
    top, _, bottom = _SHARE_OF.get(said, said).partition("/")
    if not (top.isdecimal() and bottom.isdecimal()) or not 0 < int(top) < int(bottom):
        return None
    return Decimal(top) / Decimal(bottom)


def _number(digits: str) -> Decimal | None:
    try:
        return Decimal(digits.replace(",", ""))
    except ArithmeticError:
        return None


# A share of a total that each of a count gets: "each of the 320 volunteers", "on average".
_EACH_OF = regex(r"(?i)\b(?:each|apiece|on\s+average|an\s+average\s+of|per\s+(?:person|head))\b")


def shared_out(
    values: frozenset[Decimal],
    kinds: frozenset[str],
    stated: Mapping[str, tuple[frozenset[Decimal], ...]],
    counts: frozenset[Decimal],
    claim: str,
) -> bool:
    """Whether one of ``values``, a count of something (``kinds``), is what each of one of the
    claim's ``counts`` gets of a total the passages state of that kind (``stated``): "On
    average, each of the 320 volunteers gave 45 hours" from "320 volunteers contributed a total
    of 14,400 hours". Only where the claim says each gets it ("each", "on average")."""
    if _EACH_OF.search(claim) is None:
        return False
    return any(
        value == operand / count
        for kind in kinds
        if kind.startswith("unit:")
        for total in stated.get(kind, ())
        for operand in total
        for count in counts
        for value in values
    )
