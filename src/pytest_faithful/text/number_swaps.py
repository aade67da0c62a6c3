"""A number of a claim's that stands where its evidence has another number: a changed figure.

"Plan A costs $25 a month" quoting "Plan A costs $20 a month", where the passages give $25 for
Plan B: the claim's figure is one the passages state, so no rule that looks for figures no
passage states sees it, but not the evidence's, and it stands in the evidence's figure's place.
:func:`swapped_number` aligns the claim's words to the evidence's (difflib's matching blocks on
case-folded words, a number one word: "1,250", "4.5", "$25") and reads each replaced stretch of
at most :data:`_MOST_WORDS` words a side: a swap is a number of the claim's that the evidence
does not state (or states fewer times than the claim writes it, one word for one in the
evidence's number's place: "the 12-month pass ... in 12 monthly instalments" quoting "12-month
pass ... in 8 monthly instalments"), where the evidence has a number that the claim's answer
sentence does not state, between words the two share on both sides (a number at the end of
either text has nothing after it to place it, and is read by the shared words before it alone
only when both texts end there). A reworded claim that states none of the evidence's figures
places its own by what it measures instead: the word after it, a currency before it or a
percent ("valid for 10 minutes" for "expire after 30 minutes").

An answer that joins two facts ("Refunds take up to 5 days, while exchanges take up to 10")
quoting the first ("Refunds take up to 5 days") is no swap: the evidence's number is the
claim's too, and the claim's other number stands where the evidence has none. A figure the
answer works out ("$5 more than Plan A") states the evidence's number or stands beside it, not
in its place. A claim's number that no passage writes is read as well ("including 4 reports"
quoting "including 3 reports", where unstated-specifics counts four things a passage lists),
but only one word for the evidence's one, with no hedge or bound before it ("about 50,000" is
48,000 rounded). Linear in the evidence's length for a claim of bounded length (the matcher's
work is the claim's words times their places in the evidence), and read only for a claim
with a number that its evidence does not state, or writes fewer times.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections import Counter
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from typing import Final, NamedTuple

from pytest_faithful.text.amounts import all_amounts, amounts
from pytest_faithful.text.arithmetic import derived
from pytest_faithful.text.codes import LABEL_WORDS
from pytest_faithful.text.dates import worked_out_dates
from pytest_faithful.text.fractions import share_stated
from pytest_faithful.text.kinds import number_kinds
from pytest_faithful.text.measures import measured_in, measures
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.words import STOPWORDS
from pytest_faithful.text.written_sums import worked_results

# A number is one word ("1,250", "4.5", "10:15"), and so is a word with digits in it, a
# speaker's tag or a model's name ("Person1", "X300"), which states no figure.
_WORD: Final = regex(r"[^\W_]+(?:[.,:'\u2019][^\W_]+)*")
# The most words a replaced stretch has on either side: a number and a word around it ("25
# euros" for "20 dollars" is a unit swap, not read here; "3 p.m." is three words).
_MOST_WORDS: Final = 3
# The most numbers no passage writes that a claim's swap is looked for among.
_MOST_UNWRITTEN: Final = 3
# A claim of more words is a paragraph, not one fact: not aligned (see name_swaps).
_MOST_CLAIM_WORDS: Final = 120


class NumberSwap(NamedTuple):
    """The claim's number and the evidence's number in its place, as each text writes it."""

    claimed: str
    shown: str


@functools.lru_cache(maxsize=1024)
def _numbers(text: str) -> frozenset[str]:
    """The figures ``text`` writes, each a word of its own (not "X300"'s or "Person1"'s)."""
    return frozenset(n for w in _WORD.findall(text) if (n := _number_of(w)) is not None)


def _repeated(claim: str, evidence: str) -> frozenset[str]:
    """The numbers ``claim`` writes as words of their own more often than ``evidence`` does,
    where the evidence writes them too."""
    both = _numbers(claim) & _numbers(evidence)
    if not both:
        return frozenset()
    # Only a number the (short) claim writes twice or more can be; the evidence, perhaps a
    # whole passage, is counted only then.
    ours = Counter(n for w in _WORD.findall(claim) if (n := _number_of(w)) in both)
    twice = {n for n, count in ours.items() if count > 1}
    if not twice:
        return frozenset()
    theirs = Counter(n for w in _WORD.findall(evidence) if (n := _number_of(w)) in twice)
    return frozenset(n for n in twice if ours[n] > theirs[n])


def _opens(number: str, claim: str) -> bool:
    """Whether ``number`` opens a range of hours whose end says "am" or "pm": "7 to 9pm"."""
    return re.search(rf"(?<![\d.,]){number}{_OPENS_RANGE}", claim) is not None


_OPENS_RANGE = r"[^\S\n]*(?:to|-|\u2013|until|till)[^\S\n]*\d{1,2}(?:[:.]\d\d)?[^\S\n]*[ap]\.?m"


def _hours(number: str) -> frozenset[str]:
    """The times of day a bare hour may be: "7" is 7:00 or 19:00."""
    if not number.isdecimal() or not 0 < int(number) <= 12:
        return frozenset()
    return frozenset({f"{int(number)}:00", f"{int(number) + 12}:00"})


def _other_amounts(numbers: frozenset[str], text: str, other: str) -> frozenset[str]:
    """The ``numbers`` of ``text`` whose amounts (their scale's too) ``other`` does not state."""
    stated = all_amounts(other)
    written = amounts(text)
    return frozenset(n for n in numbers if not written.get(n, frozenset()) & stated)


def _number_of(word: str) -> str | None:
    """The number term a word states ("1,250" -> "1250", "two" -> "2"), if it states one: a
    word of letters and digits ("X300") names something."""
    if not (word[:1].isdigit() or word.isalpha()):
        return None
    found = [t for t in content_terms(word) if t[:1].isdigit()]
    return found[0] if len(found) == 1 else None


# What says a claim works a figure out: a passage's figure it arrives at by arithmetic is
# then its working's ("$300, so a second offence would cost $600", "£14 more per person",
# "grew by $10 million"). A figure said as a plain fact ("up to a maximum of £1,000" for the
# evidence's "£900") that a passage writes for something else, and that the passages' figures
# happen to make, is a swap.
_WORKING: Final = regex(
    r"(?i)\b(?:so|thus|that(?:'s|\s+is|\s+means|\s+makes|\s+gives|\s+comes\s+to)"
    r"|which\s+(?:is|makes|means|comes\s+to)|in\s+total|totals?|totalling|altogether|combined"
    r"|(?:more|less|cheaper|dearer|higher|lower|longer|shorter)\s+(?:than|per|a|each)"
    r"|per\s+(?:person|head|adult|child)|made\s+up\s+of|comes?\s+to|works?\s+out|twice"
    r"|double|half|difference|(?:grew|grown|rose|risen|fell|fallen|dropped|increased|decreased"
    r"|climbed|declined|gained|lost|cut|reduced|raised|up|down)\s+by)\b"
    r"|[=\u00d7\u00f7+]|\d\s*[x*]\s*[£$€\d]"
)


def swapped_number(
    claim: str, sentence: str, evidence: str, passages: Sequence[str]
) -> NumberSwap | None:
    """The first number of ``claim`` that ``evidence`` does not state, standing where the
    evidence has a number that the claim's answer ``sentence`` does not state, between words
    the two share; None if none does. A number no passage writes stands there only word for
    word and unhedged: ``unstated-specifics`` reads it with the roundings and conversions that
    state it."""
    claimed = _numbers(claim) - _numbers(evidence)
    # A number the claim writes more often than the evidence does: one of its places is the
    # evidence's, another may be a swap ("the 12-month PPC ... in 12 monthly instalments"
    # quoting "12-month PPC ... in 10 monthly instalments").
    repeated = _repeated(claim, evidence)
    # A number no passage writes ("4 reports" for the evidence's "3 reports") is read only
    # word for word in the evidence's number's place, and only where it is a figure of the
    # claim's own terms (not the "8" of "8 pm", whose term is 20:00): unstated-specifics
    # excuses it where a passage's list counts four things or a bound it reads meets it. Not
    # a time of day ("opens at 10am" for "opens at 10" is the same hour: text/clock.py), a
    # year ("last year" in a dated article), or the day of a date the passages work out (a
    # dateline's "March 2" and "Wednesday": March 1).
    # At most a few, in a claim of one fact's length: a list of figures no passage writes is
    # unstated-specifics' (and each would be read against the whole claim).
    written = frozenset().union(*map(_numbers, passages))
    unwritten = claimed - written
    if len(unwritten) > _MOST_UNWRITTEN or len(_WORD.findall(claim)) > _MOST_CLAIM_WORDS:
        unwritten = frozenset()
    if unwritten:
        terms, kinds = content_terms(claim), number_kinds(claim)
        unwritten = frozenset(
            n
            for n in unwritten
            if n in terms and ":" not in n and "year" not in kinds.get(n, frozenset())
        )
    if unwritten:  # "2 x CHF 64 = CHF 128": a working's result stands in no figure's place
        unwritten -= worked_results(claim)
    if any("date" in kinds.get(n, frozenset()) for n in unwritten):
        worked = worked_out_dates(claim, tuple(passages))
        unwritten -= {str(d.day) for d in worked}
    claimed = (claimed & written) | unwritten
    if claimed:  # "7 to 9pm": the 7 is the evidence's 7pm, read as a time with its range
        times = {t for t in content_terms(claim) if ":" in t} & _numbers(evidence)
        claimed = frozenset(n for n in claimed if not (_hours(n) & times and _opens(n, claim)))
    if not (claimed or repeated) or not evidence:
        return None
    shown = _numbers(evidence) - _numbers(sentence)
    if not shown:
        return None
    # An amount written at another scale is the same amount: "2.4 million" for "2,400,000";
    # and a figure worked out from the passages' is theirs ("grew by $10 million" from "$40
    # million in 2022 and $50 million in 2023"), whichever passage also gives it.
    claimed = _other_amounts(claimed, claim, evidence)
    if claimed:
        # and a share said as a fraction is the evidence's percent ("three-quarters" for 75%)
        claimed = frozenset(
            t
            for t in claimed
            if not (
                (t not in written or _WORKING.search(claim) is not None)
                and derived(t, claim, tuple(passages))
            )
            and not share_stated(t, claim, (evidence,))
        )
    if claimed:  # the same measure in another unit: "two weeks' notice" for "14 days' notice"
        sizes = measured_in((evidence,))
        claimed = frozenset(t for t in claimed if not measures(claim).get(t, frozenset()) & sizes)
    shown = _other_amounts(shown, evidence, sentence)
    if not (claimed or repeated) or not shown:
        return None
    claim_words = [m[0] for m in _WORD.finditer(claim)]
    if len(claim_words) > _MOST_CLAIM_WORDS:
        return None
    evidence_words = [m[0] for m in _WORD.finditer(evidence)]
    a = [w.casefold() for w in claim_words]
    b = [w.casefold() for w in evidence_words]
    codes = difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
    # A swap of a number a passage writes first: a rule that excuses the figure it reports (one
    # the claim works out itself) must still see the swap of a written one ("60% ... and the
    # other 40%" quoting "50% ... and 50%": the 60 is 100 less the 40, the 40 a passage's).
    unwritten_swap = None
    for n, (tag, i1, i2, j1, j2) in enumerate(codes):
        if tag != "replace" or i2 - i1 > _MOST_WORDS or j2 - j1 > _MOST_WORDS:
            continue
        ours = [
            w
            for w in claim_words[i1:i2]
            if (
                _number_of(w) in claimed
                and (_number_of(w) not in unwritten or _in_place(a, i1, i2, j2 - j1))
            )
            or (_number_of(w) in repeated and _in_place(a, i1, i2, j2 - j1))
        ]
        theirs = [
            w
            for j, w in enumerate(evidence_words[j1:j2], start=j1)
            if _number_of(w) in shown and not _met(b, j, a, i1, ours)
        ]
        if ours and theirs and _placed(codes, n, a):
            swap = NumberSwap(ours[0], theirs[0])
            if _number_of(ours[0]) not in unwritten:
                return swap
            unwritten_swap = unwritten_swap or swap
    # A reworded sentence places its number by what it counts: "valid for 10 minutes" for
    # "expire after 30 minutes", "15%" for "0.75%", "a 14-inch screen" for "a 16-inch display".
    # Only where the claim states none of the evidence's numbers: one that does joins a fact of
    # the evidence's to another ("Total sales were $5.2M, the South's $2.3M the most" quoting
    # the regions' figures).
    claimed -= unwritten
    if shown != _numbers(evidence) or not claimed:
        return unwritten_swap
    # A bound of the evidence's ("more than 30 minutes") is met by a case, not swapped.
    shown = frozenset(t for t in shown if not _only_bounds(t, b, a, claimed))
    given = _measured(evidence, shown)
    for said, measure in _measured(claim, claimed).items():
        for other, what in given.items():
            if what == measure:
                return NumberSwap(said, other)
    return unwritten_swap


# Words after which a figure is rounded or bounded: "about 50,000" for 48,000 and "more than
# 40,000" for 48,000 are no changed figure. A bound both texts share ("up to 48 hours" for
# "up to 24 hours") is read as a figure: the words before it are the same on both sides.
_LOOSE: Final = frozenset(
    {"about", "around", "roughly", "nearly", "almost", "approximately", "approx", "some"}
    | {"circa", "over", "under", "than", "least", "most", "just", "below", "above"}
)


def _in_place(a: Sequence[str], i1: int, i2: int, replaced: int) -> bool:
    """Whether the claim's word ``a[i1]``, a number no passage writes, replaces the evidence's
    number alone, one word for one, and says it exactly: no hedge or bound before it."""
    return i2 - i1 == 1 and replaced == 1 and (i1 == 0 or a[i1 - 1] not in _LOOSE)


def _only_bounds(number: str, b: Sequence[str], a: Sequence[str], claimed: frozenset[str]) -> bool:
    """Whether every place the evidence's words ``b`` write ``number`` is a bound that each of
    the ``claimed`` numbers meets, and the claim's words ``a`` write no bound."""
    places = [j for j, word in enumerate(b) if _number_of(word) == number]
    return (
        bool(places)
        and all(_meets(b, j, claimed) for j in places)
        and not any(_bound_at(a, i) for i, word in enumerate(a) if _number_of(word))
    )


# A number and what follows it: a unit or a counted thing's word, "%", or a currency before it.
_MEASURED: Final = regex(
    r"(?P<cur>[$\u20ac\u00a3])?\s?(?<!\w)(?P<num>\d+(?:[.,]\d+)*)(?:\s?(?P<pct>%)|[\s-]+(?P<word>[^\W\d_]+))?"
)


def _measured(text: str, numbers: frozenset[str]) -> dict[str, str]:
    """Each number of ``text`` among ``numbers``, as written, -> what it measures."""
    found: dict[str, str] = {}
    for m in _MEASURED.finditer(text):
        term = _number_of(m["num"])
        if term not in numbers:
            continue
        if m["cur"] or m["pct"]:
            found.setdefault(m[0].strip(), m["cur"] or "%")
        elif m["word"] and m["word"].casefold() not in STOPWORDS:
            found.setdefault(m[0].strip(), next(iter(content_terms(m["word"])), ""))
    return {k: v for k, v in found.items() if v}


_Code = tuple[str, int, int, int, int]

# Words that make the number after them a bound, and which way: "delayed more than three
# hours" is met by a case, "AX219 was delayed four hours", which states no other figure in its
# place; "up to 1,500 eggs" is not met by "20,000 eggs". Read on the aligned words, numbers in
# words included, which text/bounds.py (figures in digits only) does not read.
_UPPER: Final = frozenset({"under", "below", "within"})
_LOWER: Final = frozenset({"over", "above", "exceeding", "beyond"})
_UPPER_THAN: Final = frozenset({"less", "fewer", "shorter", "lower", "smaller"})
_LOWER_THAN: Final = frozenset({"more", "longer", "greater", "higher", "larger"})


def _met(b: Sequence[str], j: int, a: Sequence[str], i: int, ours: Sequence[str]) -> bool:
    """Whether the evidence's number at ``b[j]`` is a bound that the claim's numbers ``ours``
    meet, the claim's own at ``a[i]`` being no bound."""
    return _bound_at(a, i) is None and _meets(b, j, frozenset(filter(None, map(_number_of, ours))))


def _meets(b: Sequence[str], j: int, claimed: frozenset[str]) -> bool:
    way = _bound_at(b, j)
    bound = _value(b[j])
    if way is None or bound is None or not claimed:
        return False
    values = [v for v in map(_value, claimed) if v is not None]
    if not values:
        return False
    if way == "upper":
        return all(v <= bound for v in values)
    return all(v >= bound for v in values)


def _value(word: str) -> Decimal | None:
    number = _number_of(word)
    try:
        return Decimal(number.replace(",", "")) if number else None
    except InvalidOperation:
        return None


def _bound_at(words: Sequence[str], at: int) -> str | None:
    """Which way the number at ``words[at]`` is bounded ("upper", "lower"), or None: "more
    than three", "at least 3", "up to 5", "over 3"."""
    last = words[at - 1] if at >= 1 else ""
    before = words[at - 2] if at >= 2 else ""
    if last == "than":
        return "upper" if before in _UPPER_THAN else "lower" if before in _LOWER_THAN else None
    if last == "to" and before == "up":
        return "upper"
    if last in ("least", "most") and before == "at":
        return "lower" if last == "least" else "upper"
    return "upper" if last in _UPPER else "lower" if last in _LOWER else None


def _placed(codes: Sequence[_Code], n: int, a: Sequence[str]) -> bool:
    """Whether the stretch ``codes[n]`` has shared content words right before it and right
    after it, or before it where it ends both texts."""
    before = n > 0 and _content(codes[n - 1], a)
    if n + 1 == len(codes):
        return before
    return before and _content(codes[n + 1], a)


def _content(code: _Code, a: Sequence[str]) -> bool:
    tag, i1, i2, _, _ = code
    return tag == "equal" and any(
        (w not in STOPWORDS and w.isalpha()) or w in _UNIT_LETTERS for w in a[i1:i2]
    )


# A unit written as one letter, which the stopwords hold ("m" of "I'm"): after a figure both
# texts give, it is what the figure measures ("the first 200 m" for "first 400 m").
_UNIT_LETTERS: Final = frozenset({"m", "g", "l"})


# A label and its value as a capital or a Roman numeral, with the word after it: "Band B
# charge", "Tier II members".
_LABELLED: Final = regex(
    rf"\b(?i:({'|'.join(LABEL_WORDS)}))\s+([A-Z]|[IVX]{{1,4}})\b(?![.\-+])\s+([^\W\d_]+)"
)


def swapped_label(claim: str, evidence: str) -> NumberSwap | None:
    """The claim's value of a label where the evidence gives the same label another value
    before the same word: "one-ninth of the Band B charge" quoting "... of the Band D
    charge". None if none, or where the evidence also gives the claim's."""
    if not any(w in claim.casefold() for w in LABEL_WORDS):
        return None
    given: dict[tuple[str, str], set[str]] = {}
    for m in _LABELLED.finditer(evidence):
        given.setdefault((m[1].casefold(), m[3].casefold()), set()).add(m[2])
    for m in _LABELLED.finditer(claim):
        others = given.get((m[1].casefold(), m[3].casefold()), set())
        if others and m[2] not in others:
            return NumberSwap(f"{m[1]} {m[2]}", f"{m[1]} {sorted(others)[0]}")
    return None
