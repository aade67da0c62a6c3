"""Arithmetic a claim writes out and gets wrong: "26,500 GBP a year, which is 12,750 GBP more
than the 9,250 GBP a home student pays" (26,500 less 9,250 is 17,250); "5 ml three times a
day, triple the 2.5 ml dose" (triple 2.5 ml is 7.5 ml).

A lie that changes one figure of an answer's working leaves the others standing, and the
changed one may still be stated, or worked out, by some other pair of the passages' figures:
every word and every figure of the claim is then in its evidence, and only the claim's own
sum says it is wrong. :func:`wrong_arithmetic` reads two forms, each with all three of its
figures written in one sentence, right after each other:

* a difference: "A, (which is) N more than (the) B" and the comparatives of less ("lower",
  "cheaper", "fewer"): N must be A less B (B less A for the comparatives of less), to the
  places N is written;
* a multiple: "A, (which is) double / twice / triple / N times (the) B", and "half (the) B":
  A must be that multiple of B.

A hedged figure ("about 12,750 more", "roughly three times") is no working to hold to; nor is
a figure of another kind (a difference of money read against a count).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal
from typing import NamedTuple

from pytest_faithful.text.amounts import amounts
from pytest_faithful.text.kinds import number_kinds
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.rates import same_amount
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.words import FIGURE_HEDGES, NUMBER_WORDS
from pytest_faithful.text.written_sums import wrong_written_sum

# A figure as written: a currency before it or a unit after it, read by the term it gives.
_FIGURE = r"(?:[£$€¥]\s?)?\d[\d,]*(?:\.\d+)?(?![\d,.]\d)"
# What may follow a figure before the joint: its unit and a few words ("GBP a year", "ml three
# times a day"), no clause mark and no other figure (the figure nearest the joint is A).
_TAIL = r"[^,;:.()\[\]\n\d]{0,40}?"
_JOINT = r"\s*[,(]\s*(?:which\s+is\s+|which's\s+|that\s+is\s+|that's\s+|i\.e\.\s+)?"
# The comparatives a difference is told by, and those of less.
_MORE = "more|higher|greater|larger|bigger|longer|heavier|older|costlier|pricier"
_LESS = "less|lower|fewer|smaller|shorter|lighter|younger|cheaper"
_DIFFERENCE = regex(
    rf"(?P<a>{_FIGURE}){_TAIL}{_JOINT}(?P<n>{_FIGURE})(?:\s*(?:%|[^\W\d_]+)){{0,2}}?\s+"
    rf"(?P<cmp>{_MORE}|{_LESS})\s+than\s+(?:the\s+|a\s+|an\s+)?(?P<b>{_FIGURE})",
    re.IGNORECASE,
)
_LESS_WORDS = frozenset(_LESS.split("|"))
_NUMBER_WORD = "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
_MULTIPLE = regex(
    rf"(?P<a>{_FIGURE}){_TAIL}{_JOINT}"
    rf"(?P<k>double|twice|triple|treble|half|(?P<times>\d+|{_NUMBER_WORD})\s+times)"
    rf"\s+(?:as\s+much\s+as\s+|that\s+of\s+)?(?:the\s+|a\s+|an\s+)?(?P<b>{_FIGURE})",
    re.IGNORECASE,
)
_FACTORS = {
    "double": Decimal(2),
    "twice": Decimal(2),
    "triple": Decimal(3),
    "treble": Decimal(3),
    "half": Decimal("0.5"),
}
_HEDGE = regex(rf"(?i)\b(?:{'|'.join(FIGURE_HEDGES)})\s*$")


class WrongSum(NamedTuple):
    said: str
    """The working as the claim writes it."""
    made: Decimal
    """What its figures make."""

    def reason(self) -> str:
        return f"the claim's own working does not hold: {self.said!r} makes {self.made:,f}"


def wrong_arithmetic(claim: str) -> WrongSum | None:
    """The first working of ``claim`` (a difference or a multiple of figures it writes) whose
    figures do not make what it says; None where each holds or none is read."""
    if (written := wrong_written_sum(claim)) is not None:
        return WrongSum(written.said, written.made)
    if "than" not in claim and "times" not in claim and not _MULTIPLE_WORD.search(claim):
        return None
    kinds = number_kinds(claim)
    for m in _DIFFERENCE.finditer(claim):
        a, n, b = (_value(m[g], claim) for g in ("a", "n", "b"))
        if a is None or n is None or b is None or _hedged(claim, m.start("n")):
            continue
        if not _one_kind(kinds, m["a"], m["n"], m["b"]) or _PER.search(claim, 0, m.start("a")):
            continue
        made = b - a if m["cmp"].lower() in _LESS_WORDS else a - b
        if not same_amount(n, made):
            return WrongSum(m[0], made)
    for m in _MULTIPLE.finditer(claim):
        a, b = _value(m["a"], claim), _value(m["b"], claim)
        if a is None or b is None or _hedged(claim, m.start("k")):
            continue
        if not _one_kind(kinds, m["a"], m["b"]) or _PER.search(claim, 0, m.start("a")):
            continue
        times = m["times"]
        factor = (
            Decimal(NUMBER_WORDS.get(times.lower(), times)) if times else _FACTORS[m["k"].lower()]
        )
        made = b * factor
        if not same_amount(a, made):
            return WrongSum(m[0], made)
    return None


# A figure after "per" is what a rate is per, no amount compared: "9.0 g per 100 g, three times
# the 3.0 g".
_PER = regex(r"(?i)\bper\s+\Z")
_MULTIPLE_WORD = regex(r"(?i)\b(?:double|twice|triple|treble|half)\b")


def _term(written: str) -> str | None:
    terms = [t for t in content_terms(written) if t[:1].isdigit()]
    return terms[0] if len(terms) == 1 else None


def _value(written: str, claim: str) -> Decimal | None:
    term = _term(written)
    values = amounts(claim).get(term) if term else None
    return max(values) if values else None


def _one_kind(kinds: Mapping[str, frozenset[str]], *written: str) -> bool:
    """Whether the figures count one thing: each a bare figure or of a kind they all share."""
    found = [kinds.get(term, frozenset()) if (term := _term(w)) else frozenset() for w in written]
    counted = [k - {"plain"} for k in found if k - {"plain"}]
    return not counted or bool(frozenset.intersection(*counted))


def _hedged(claim: str, at: int) -> bool:
    return _HEDGE.search(claim, max(0, at - 20), at) is not None
