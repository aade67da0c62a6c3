"""A number a claim works out from two others it writes itself, each of which a passage states.

A strong judge's answer shows its arithmetic: "Headcount rose by 140, from 1,100 to 1,240",
"full-year revenue was $16.3 million: $7.9 million in the first half and $8.4 million in the
second", "up to 8 tablets a day, which is 4,000 mg" (500 mg tablets), "60% of the 200 patients,
or 120 people", "$30 million for 1.2 million shares, an average of $25 per share", "from an
hour and a half to 50 minutes, saving 40 minutes". No passage writes 140, 16.3, 4,000, 120, 25
or 40, and :mod:`~pytest_faithful.text.arithmetic` finds them only where a passage says the
operands together in words the claim shares; an answer that paraphrases ("headcount" for
"employed", "people" for "patients") or takes them from two passages is failed for arithmetic
it got right. Here the operands are the claim's own: the claim is its own working, and
:func:`worked_in_claim` reads a number as stated when it is

* the sum or the difference of two of the claim's numbers of one kind (or, for a bare result,
  one of them bare; of two bare numbers, a count: "610 students: 320 in grade 9 and 290 in
  grade 10"): never the sum of a range's two ends ("4-6 hours"), nor their difference
  unless the range is a change ("from 1,100 to 1,240"); percentage points from two percents;
  or of two measures of one kind in any of their units ("an hour and a half" and "50
  minutes");
* one of the claim's amounts times, or divided by, another that counts something ("500 mg"
  times "8 tablets"; "$30 million" over "1.2 million shares");
* a percent of one of the claim's amounts ("60%" of "200 patients": "120 people");
* the margin between two scores the claim writes, in points, goals or runs ("won by 8 points,
  112-104");
* the ratio of two of the claim's amounts of one kind, as a percent ("70% hydration: 350 grams
  of water to 500 grams of flour") or as so many times ("1,480 m/s versus 343 m/s, more than
  four times faster": the whole times or the nearest);

where each operand is an amount (or a measure) a passage states as written: an operand no
passage states is not stated by the arithmetic (and is failed on its own), so a lie that
changes an operand or the result is still caught, unless it lands exactly on such a result.
Times of day, years, dates, scores and ordinals are no operands: "2022 and 2023" work out no 1.
Sums and differences are exact; a product or quotient of 10 or more may be rounded to the
places the claim writes it ("about 33%").
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from decimal import Decimal

from pytest_faithful.text.amounts import all_amounts, amounts
from pytest_faithful.text.kinds import number_kinds
from pytest_faithful.text.measures import compound_parts, measured_in, measures
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.per_period import rate_over_a_span, times_a_period
from pytest_faithful.text.products import change_signs
from pytest_faithful.text.ranges import range_pairs, sum_or_difference
from pytest_faithful.text.rates import same_amount
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.units import UNIT_OF

# Kinds that are labels or positions, not amounts: no operand of arithmetic, nor its result.
NO_OPERAND = frozenset({"time", "year", "date", "decade", "24/7", "score", "ordinal"})
# The units a difference of two percents is said in ("4 percentage points", "4 pp", "4% points").
_POINT_UNITS = frozenset({"unit:percentag", "unit:point", "unit:pp"})
# The most numbers a claim may write and be read as its own working: a claim of more is a
# table or a list of figures, and pairs grow as their square.
_MOST_NUMBERS = 8
_HUNDRED = Decimal(100)
_PLAIN = frozenset({"plain"})
# The kinds of a count of times one amount is another ("four times faster", "3x").
_TIMES = frozenset({"unit:tim", "unit:x"})


def worked_in_claim(term: str, claim: str, passages: tuple[str, ...]) -> bool:
    """Whether the number ``term`` of ``claim`` is worked out from two other numbers ``claim``
    writes, each stated by one of ``passages`` (module docstring)."""
    written = amounts(claim)
    if term not in written or len(written) > _MOST_NUMBERS:
        return False
    return (
        _from_amounts(term, claim, passages)
        or _measured(term, claim, passages)
        or _restated(term, claim, passages)
        or times_a_period(term, claim, passages)
        or rate_over_a_span(term, claim, passages)
        or _area(term, claim)
        or _margin(term, claim, passages)
        or _halved_or_doubled(term, claim, passages)
        or _complement(term, claim, passages)
    )


# A word that halves an amount or shares it between two ("half the £8 price", "split the
# prize equally with Dan"), and one that doubles it ("double the base rate", "twice").
_HALF = regex(
    r"(?i)\bhal(?:f|ves|ved|ving)\b|\b(?:split|shared?|divided)\b[^.;]*\b(?:equally|evenly)\b"
    # "split between Ellie and Josh", "shared between the two of them"
    r"|\b(?:split|shared?|divided)\s+(?:it\s+|that\s+)?between\s+(?:the\s+two|both|[^\W\d_]+\s+and\s+"
    r"[^\W\d_]+)\b"
)
_DOUBLE = regex(r"(?i)\bdouble[ds]?\b|\btwice\b")
# A share said as a fraction in words: "about a third of its 97 km, around 32 km", "his equal
# fifth of the £780 hire, £156" (the claim's own: a passage's "third" is mostly a place).
_PART = regex(r"(?i)\b(third|quarter|fifth|sixth|eighth|tenth)s?\s+of\b")
_PARTS = {"third": 3, "quarter": 4, "fifth": 5, "sixth": 6, "eighth": 8, "tenth": 10}
# "twice as many as", "twice as long as", "double the width of": the amount before is twice
# the one the claim writes after.
_TWICE_AS = regex(
    r"(?i)\b(?:twice|double)\s+(?:as\s+(?:many|much|[^\W\d_]+\s+as)"
    r"|the\s+(?:number|amount|[^\W\d_]+\s+of))\b"
)


def _written_after(term: str, claim: str, at: int) -> bool:
    """Whether the number ``term`` is written in ``claim`` after ``at`` and not before it."""
    return term in content_terms(claim[at:]) and term not in content_terms(claim[:at])


def _halved_or_doubled(term: str, claim: str, passages: tuple[str, ...]) -> bool:
    """Whether ``term`` is half (or double, or a third ...) another amount of its kind the claim
    writes and a passage states, where the claim or a passage says so: "£4, since motorbikes
    are washed at half the £8 price" (the passage: "at half the standard price"); "each gets
    $25,000" of "the $50,000 prize, split equally"."""
    texts = (claim, *passages)
    halves = any(_HALF.search(text) for text in texts)
    doubles = any(_DOUBLE.search(text) for text in texts)
    parts = (
        [Decimal(_PARTS[m[1].casefold()]) for m in _PART.finditer(claim)] if "of" in claim else []
    )
    if not (halves or doubles or parts):
        return False
    written, kinds = amounts(claim), number_kinds(claim)
    own = kinds.get(term, frozenset()) - {"plain"}
    factors = ([Decimal(2)] if halves else []) + ([Decimal("0.5")] if doubles else []) + parts
    if (times := _TWICE_AS.search(claim)) and _written_after(term, claim, times.end()):
        # "40,000 books, twice as many as the old library, ... the old one held about 20,000":
        # the amount after is half the one before, bare or of its kind.
        factors = [Decimal(2)]
        own = own or frozenset(k for o in kinds.values() for k in o if k.startswith("unit:"))
    if not own or own & NO_OPERAND:
        return False
    stated = frozenset().union(*(all_amounts(p) for p in passages))
    return any(  # to the places the figure is written: "around 32 km" of 97 km / 3
        same_amount(value, other_value / factor)
        for other, values in written.items()
        if other != term and kinds.get(other, frozenset()) & own and _as_written(values) & stated
        for other_value in values
        for value in written[term]
        for factor in factors
    )


# What is left of a whole: "the remaining 75 percent", "the rest", "the balance".
_REMAINING = regex(r"(?i)\b(?:remaining|remainder|rest|balance|other)\b")


def _complement(term: str, claim: str, passages: tuple[str, ...]) -> bool:
    """Whether the percent ``term`` is what is left of a whole after another percent the claim
    writes and a passage states: "a 25 percent deposit, with the remaining 75 percent paid on
    completion"."""
    kinds = number_kinds(claim)
    if "percent" not in kinds.get(term, frozenset()) or not _REMAINING.search(claim):
        return False
    written = amounts(claim)
    stated = frozenset().union(*(all_amounts(p) for p in passages))
    return any(
        _HUNDRED - value in written[term]
        for other, values in written.items()
        if other != term and "percent" in kinds.get(other, frozenset())
        for value in values & stated
    )


# What a margin between two scores is counted in: "won by 8 points, 112-104".
_MARGINS = frozenset(
    {"unit:point", "unit:goal", "unit:run", "unit:stroke", "unit:shot", "unit:vote", "unit:seat"}
)


def _margin(term: str, claim: str, passages: tuple[str, ...]) -> bool:
    """Whether ``term`` counts the margin between two scores the claim writes, each stated by a
    passage ("won by 8 points, 112-104"): scores are no operands of other arithmetic."""
    kinds = number_kinds(claim)
    own = kinds.get(term, frozenset())
    if not own or not own <= _MARGINS:
        return False
    written = amounts(claim)
    stated = frozenset().union(*(all_amounts(p) for p in passages))
    scores = [
        min(values)
        for other, values in written.items()
        if other != term and "score" in kinds.get(other, frozenset()) and values & stated
    ]
    return any(abs(a - b) in written[term] for a, b in itertools.combinations(scores, 2))


def _from_amounts(term: str, claim: str, passages: tuple[str, ...]) -> bool:
    """Whether ``term`` is a sum, difference, product or quotient of two of the claim's
    other amounts, or a percent of one: each operand as written a passage states."""
    written = amounts(claim)
    if len(written) < 3:
        return False  # cheap where it does not apply: a claim of one or two numbers
    kinds = number_kinds(claim)
    own = kinds.get(term, frozenset({"plain"})) or frozenset({"plain"})
    if own & NO_OPERAND:
        return False
    stated = frozenset().union(*(all_amounts(p) for p in passages))
    parts = _parts(claim) | label_terms(claim)
    if term in parts:
        return False  # "4 hours 50 minutes" is one measure: _measured reads it
    wholes = _wholes(claim, kinds) if " of " in claim else {}
    elided = _elided_units(claim, kinds)
    operands = {
        other: (values, wholes.get(other) or elided.get(other) or kinds.get(other) or _PLAIN)
        for other, values in written.items()
        if other != term
        and other not in parts
        and not kinds.get(other, frozenset()) & NO_OPERAND
        and _as_written(values) & stated
    }
    values = written[term]
    ranges = frozenset(
        (frozenset((written[low], written[high])), change)
        for low, high, change in range_pairs(claim)
        if low in written and high in written
    )
    per = _per(term, claim) if own == _PLAIN else frozenset()
    signs = change_signs(claim) if "%" in claim or "percent" in claim else frozenset()
    for (first, a_kinds), (second, b_kinds) in itertools.combinations(operands.values(), 2):
        if _summable(own, a_kinds, b_kinds) and sum_or_difference(values, (first, second), ranges):
            return True
        if per and _averaged(values, per, (first, a_kinds), (second, b_kinds)):
            return True
        if _multiplied(values, own, (first, a_kinds), (second, b_kinds), signs):
            return True
        if _multiplied(values, own, (second, b_kinds), (first, a_kinds), signs):
            return True
        if _ratio(values, own, (first, a_kinds), (second, b_kinds)):
            return True
    return False


# A number written in digits, and one that ends its clause bare: "... and City had 37.".
_DIGITS = regex(r"(?<![\w.,])\d[\d,]*(?:\.\d+)?")
_BARE_AT_END = regex(r"(?<![\w.,$\u00a3\u20ac])\d[\d,]*(?:\.\d+)?(?=[^\S\n]*(?:[.;,)!?]|$))")


def _elided_units(claim: str, kinds: Mapping[str, frozenset[str]]) -> dict[str, frozenset[str]]:
    """Each bare number ending its clause -> the unit of the number with one before it, which
    it leaves out: "Ashford Vale had 7 points and Harbour City had 37" (37 points); never a
    percent or money, which a bare number does not leave out."""
    found: dict[str, frozenset[str]] = {}
    last: frozenset[str] = frozenset()
    for m in _DIGITS.finditer(claim):
        for term in content_terms(m[0]):
            of = kinds.get(term, frozenset())
            if any(kind.startswith("unit:") for kind in of):
                last = of
            elif of == _PLAIN and last and _BARE_AT_END.match(claim, m.start()):
                found[term] = last
    return found


# A part of a whole the claim counts: "150 of the 600 homes" (150 homes).
_PART_OF = regex(
    r"(?i)(?<![\d,.])(\d[\d,]*(?:\.\d+)?)\s+(?:out\s+)?of\s+(?:the|its|their|his|her|our|your|all)"
    r"\s+(\d[\d,]*(?:\.\d+)?)(?![\d,.]\d)"
)


def _wholes(claim: str, kinds: Mapping[str, frozenset[str]]) -> dict[str, frozenset[str]]:
    """Each bare part of a counted whole the claim writes -> the whole's kinds: "150 of the
    600 homes" counts homes. Read here only, for the claim's own working: a passage's part and
    whole would work out their complement ("51%" from "33 of the 67")."""
    found: dict[str, frozenset[str]] = {}
    for m in _PART_OF.finditer(claim):
        part, whole = content_terms(m[1]), content_terms(m[2])
        if len(part) == 1 and len(whole) == 1:
            (p,), (w,) = part, whole
            whole_kinds = kinds.get(w, frozenset())
            if kinds.get(p) == _PLAIN and whole_kinds != _PLAIN and _counts(whole_kinds):
                found[p] = whole_kinds
    return found


def _per(term: str, claim: str) -> frozenset[str]:
    """The kinds of what a bare ``term`` is per ("roughly 11 per club": ``unit:club``)."""
    return frozenset(
        "unit:" + unit
        for m in _PER.finditer(claim)
        if content_terms(m[1]) == {term}
        for unit in content_terms(m[2])
    )


_PER = regex(r"(?i)(?<![\d,.])(\d[\d,]*(?:\.\d+)?)\s+(?:per|for\s+each|each|a)\s+([^\W\d_]+)")


def _averaged(
    values: frozenset[Decimal],
    per: frozenset[str],
    a: tuple[frozenset[Decimal], frozenset[str]],
    b: tuple[frozenset[Decimal], frozenset[str]],
) -> bool:
    """Whether one of ``values`` is one count of the claim over another, the one it is ``per``:
    "412 competitors from 38 clubs ... roughly 11 per club" (10.8)."""
    for (amounts_, amount_kinds), (counts, count_kinds) in ((a, b), (b, a)):
        if per & count_kinds and _counts(amount_kinds) and not per & amount_kinds:
            quotients = (x / y for x, y in _pairs(amounts_, counts) if y > 1)
            if any(same_amount(value, q) for q in quotients for value in values):
                return True
    return False


def _ratio(
    values: frozenset[Decimal],
    own: frozenset[str],
    a: tuple[frozenset[Decimal], frozenset[str]],
    b: tuple[frozenset[Decimal], frozenset[str]],
) -> bool:
    """Whether one of ``values`` is the ratio of two amounts of one kind: as a percent ("70%
    hydration: 350 grams of water to 500 grams of flour", rounded to its places when 10 or
    more), or as so many times the other ("1,480 m/s versus 343 m/s, more than four times
    faster": the whole times, or the nearest)."""
    (firsts, a_kinds), (seconds, b_kinds) = a, b
    # "ten guest passes, five times the two that monthly members get": a bare one counts too.
    bare = own & _TIMES and _PLAIN in (a_kinds, b_kinds) and _counts(a_kinds | b_kinds)
    if "percent" in a_kinds or not (a_kinds & b_kinds or a_kinds == b_kinds or bare):
        return False
    pairs = [(x, y) for x, y in _pairs(firsts, seconds) if x > 0 and y > 0]
    if "percent" in own:
        return any(
            same_amount(value, r * _HUNDRED)
            for x, y in pairs
            for r in (x / y, y / x)
            for value in values
        )
    if own & _TIMES:
        ratios = [max(x, y) / min(x, y) for x, y in pairs]
        return any(
            value in (r.to_integral_value(rounding="ROUND_FLOOR"), r.to_integral_value())
            for r in ratios
            for value in values
            if value > 1
        )
    return False


# A number written onto the letters before it is a label's: "Q2", "FY23", "X300".
_LABELLED = regex(r"(?<=[^\W\d_])\d+(?![\d.,]\d)")


def label_terms(claim: str) -> frozenset[str]:
    """The number terms ``claim`` writes as part of a label ("the Q2 budget", "the X300"): no
    amount, so no operand ("$40,000" over the "2" of "Q2" is no "$20,000")."""
    return frozenset(t for m in _LABELLED.finditer(claim) for t in content_terms(m[0]))


def _parts(claim: str) -> frozenset[str]:
    """The number terms ``claim`` writes as parts of a measure in two units ("2 hours 10
    minutes"): no amount of their own, so no operand nor result of a sum of amounts ("50" is
    no "10 minutes" plus "40 minutes" in "4 hours 50 minutes")."""
    return frozenset(
        term
        for start, end in compound_parts(claim)
        for term in content_terms(claim[start:end])
        if term[0].isdigit()
    )


def _as_written(values: frozenset[Decimal]) -> frozenset[Decimal]:
    """A number's amounts at the scale written after it when there is one ("3 million": only
    3,000,000), else its own value: what a passage must state for it to be stated."""
    return frozenset({max(values)}) if len(values) > 1 else values


def _summable(own: frozenset[str], a: frozenset[str], b: frozenset[str]) -> bool:
    """Whether two numbers of kinds ``a`` and ``b`` add up to, or differ by, one of kind
    ``own``: the operands of one kind, the result of that kind, bare, or percentage points of
    two percents; or one operand bare and the result bare too ("so 49,000 more")."""
    plain = frozenset({"plain"})
    # "610 students: 320 in grade 9 and 290 in grade 10"; a figure also written bare is bare
    # ("25 and Ramanujan 100" on a "0-100 scale")
    if plain <= a and plain <= b and (a in (plain, b) or b == plain):
        return own == plain or _counts(own)
    if a == plain or b == plain:
        return own == plain  # "49,000 more" from "50,000 calls versus 1,000"
    if not a & b:  # "60 victims ... 46 bodies ..., so 14 were never found": counts of things
        # (and "52 people: 47 pupils and 5 staff", the total a count of things too)
        return (own == plain or of_things(own)) and of_things(a) and of_things(b)
    return own == plain or bool(own & a & b) or ("percent" in a & b and own <= _POINT_UNITS)


def of_things(kinds: frozenset[str]) -> bool:
    """Whether ``kinds`` count things, not a measure's units ("46 bodies", not "46 minutes")."""
    return all(k.startswith("unit:") and k[5:] not in _MEASURE_TERMS for k in kinds)


_MEASURE_TERMS = frozenset(t for word in UNIT_OF for t in content_terms(word))


def _counts(kinds: frozenset[str]) -> bool:
    return all(kind == "plain" or kind.startswith("unit:") for kind in kinds)


def _multiplied(
    values: frozenset[Decimal],
    own: frozenset[str],
    amount: tuple[frozenset[Decimal], frozenset[str]],
    factor: tuple[frozenset[Decimal], frozenset[str]],
    signs: frozenset[int] = frozenset(),
) -> bool:
    """Whether one of ``values`` is ``amount`` times or over ``factor``, a count of something
    (the result of the amount's kind: "500 mg" x "8 tablets" = "4,000 mg"), or a percent
    ``factor`` of ``amount`` (the result bare, a count, or money of money)."""
    amounts_, amount_kinds = amount
    factors, factor_kinds = factor
    if "percent" in factor_kinds and "percent" not in amount_kinds:
        if not ((_counts(own) and _counts(amount_kinds)) or own & amount_kinds):
            return False
        # Or the amount after a cut or a rise by it the claim says: "£14, so with the 50%
        # surcharge it would cost £21".
        results = (
            a * (_HUNDRED + sign * f) / _HUNDRED if sign else a * f / _HUNDRED
            for a, f in _pairs(amounts_, factors)
            for sign in (0, *signs)
        )
    elif _counts(factor_kinds) and own & amount_kinds and "percent" not in own:
        results = (r for a, f in _pairs(amounts_, factors) if f > 1 for r in (a * f, a / f))
    else:
        return False
    return any(same_amount(value, result) for result in results for value in values)


def _pairs(
    first: frozenset[Decimal], second: frozenset[Decimal]
) -> Iterator[tuple[Decimal, Decimal]]:
    """The two numbers' values at one scale: as written, and with their scale words ("$30
    million" over "1.2 million shares" is 25 either way), never one of each."""
    yield min(first), min(second)
    if len(first) > 1 or len(second) > 1:
        yield max(first), max(second)


# A rectangle's sides and its area: "3 m x 3 m (9 square metres)", "4 by 5 metres, 20 m²".
_SIDES = regex(
    r"(?i)(?<![\d.,])(\d+(?:\.\d+)?)[^\S\n]*(?:m|metres?|meters?|ft|feet|cm)?[^\S\n]*(?:x|\u00d7|by)"
    r"[^\S\n]*(\d+(?:\.\d+)?)[^\S\n]*(?:m|metres?|meters?|ft|feet|cm)\b"
)
_AREA = regex(
    r"(?i)(?<![\d.,])(\d+(?:\.\d+)?)[^\S\n]*(?:square[^\S\n]+(?:metres?|meters?|feet|foot|m|ft|cm)"
    r"|m\u00b2|m2\b|sq\.?[^\S\n]*(?:m|ft)\b)"
)


def _area(term: str, claim: str) -> bool:
    """Whether ``term`` is the area of a rectangle whose sides the claim writes before it (each
    side held to the passages on its own): "3 m x 3 m (9 square metres)"."""
    if "quare" not in claim and "m\u00b2" not in claim and "m2" not in claim and "sq" not in claim:
        return False
    for area in _AREA.finditer(claim):
        if content_terms(area[1]) != {term}:
            continue
        for sides in _SIDES.finditer(claim, 0, area.start()):
            if Decimal(sides[1]) * Decimal(sides[2]) == Decimal(area[1]):
                return True
    return False


def _restated(term: str, claim: str, passages: tuple[str, ...]) -> bool:
    """Whether ``term`` is a measure the claim also writes in another unit, which a passage
    (or the question) states: "We're away for 10 weeks" ... "10 weeks is 70 days"."""
    sizes = measures(claim)
    if len(sizes) < 2 or not (own := sizes.get(term)):
        return False
    said = measured_in(passages)
    return any(own & found & said for other, found in sizes.items() if other != term)


def _measured(term: str, claim: str, passages: tuple[str, ...]) -> bool:
    """Whether ``term`` is a measure the sum or difference of two other measures of its kind
    the claim writes, each in any unit, each one a passage states: "saving 40 minutes" from
    "from an hour and a half to 50 minutes" and a passage's "90 minutes". A range's two ends
    ("every 4-6 hours") add up to nothing, and differ by something only as a change."""
    sizes = measures(claim)
    if term not in sizes or len(sizes) < 3:
        return False
    said = measured_in(passages)
    ranges = {frozenset((low, high)): change for low, high, change in range_pairs(claim)}
    others = [(other, found & said) for other, found in sizes.items() if other != term]
    for (a, first), (b, second) in itertools.combinations(others, 2):
        if first == second:
            continue  # two parts of one measure, "2 hours 10 minutes", or one measure twice
        change = ranges.get(frozenset((a, b)))
        for (kind, x), (other_kind, y) in itertools.product(first, second):
            if kind != other_kind:
                continue
            if (change is None and (kind, x + y) in sizes[term]) or (
                change is not False and (kind, abs(x - y)) in sizes[term]
            ):
                return True
    return False
