"""Does a span of evidence give another value for a number its claim states?

A judge that calls "Returns are accepted within 60 days." SUPPORTED and quotes "Returns are
accepted within 30 days." has quoted a real sentence about the claim's subject, and the
specifics rule (:mod:`pytest_faithful.text.specifics`) passes the claim if "60 days" is in some
other sentence ("Gift cards last 60 days."). What the evidence says about the claim's subject
is the check: for each number of the claim, the evidence sentence that is most about the claim
among those that state a number of the same kind (``kinds.number_kinds``: "30 days" and "60
days" are values of one thing, "9am" and "60 days" are not) must state that number, at the
claim's scale and in its unit ("$30 million" is another value for "$30 billion", "3 days" for
"3 weeks"). The lexical judge uses the same notion of "another value for the same thing" to
call a missing number a contradiction."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import NamedTuple

from pytest_faithful.text.amounts import (
    all_amounts,
    amounts,
    bound_met,
    rounded_once,
    rounds_to,
)
from pytest_faithful.text.arithmetic import derived
from pytest_faithful.text.bounds import (
    LOWER,
    UPPER,
    bound_senses,
    bounded_units,
    other_way,
    says_no,
    written_senses,
)
from pytest_faithful.text.clock import without_pm
from pytest_faithful.text.conversions import converted_alone
from pytest_faithful.text.dates import worked_out_dates
from pytest_faithful.text.kinds import number_kinds
from pytest_faithful.text.measures import measures, rounded_measure
from pytest_faithful.text.own_operands import worked_in_claim
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.records import FIELD
from pytest_faithful.text.segment import is_row, split_sentences
from pytest_faithful.text.terms import MAGNITUDES, content_terms
from pytest_faithful.text.units import UNIT_OF
from pytest_faithful.text.words import SPACE

# A number that counts nothing in particular ("3 of them") is no value of anything to compare.
_PLAIN = "plain"


class NumberClash(NamedTuple):
    """The claim's number (as a content term; "at least 16" where the evidence bounds 16 the
    other way) and the values the evidence gives instead."""

    stated: str
    shown: tuple[str, ...]
    flipped: bool = False
    """Whether the evidence gives the claim's number as a bound the other way."""


# A chat line's timestamp, where a line opens: "[16:00]", "[Tue 20:03]", "[09:12:45]".
_STAMP = regex(r"(?m)^[^\S\n]*\[(?:[A-Za-z]{3,9}\.?\s+)?\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]m)?\]")


def number_clash(claim: str, evidence: str) -> NumberClash | None:
    """The first number of ``claim`` for which ``evidence`` gives another value of the same
    kind (module docstring), or None.

    An evidence sentence that gives another value of the kind (a value the claim states too is
    none: "$6.86" is no other value for the claim's "$3.1 billion" when the claim states both)
    clashes when it shares more of the claim's words around that number than every sentence
    that states the number does, by more than ``_MARGIN``.
    """
    claim = _value_first(claim)
    said = number_kinds(claim)
    if "[" in evidence:  # "[16:00] Hannah: Let's move ..." says when a line was sent, no value
        evidence = _STAMP.sub(lambda m: " " * len(m[0]), evidence)
    # Numbers in words count too ("a three-bedroom house with two bathrooms"), read only in
    # evidence without a digit.
    if not said or not (
        any(c.isdigit() for c in evidence) or any(t[0].isdigit() for t in content_terms(evidence))
    ):
        return None
    claimed = content_terms(claim)
    numbers = frozenset(t for t in claimed if t[0].isdigit())
    claim_units = _units(claim)
    claim_measures = measures(claim)
    # A bound the other way on the claim's bounded number ("up to 16" for "at least 16") is
    # another value (text/bounds.py); read in the evidence only for a claim that bounds one.
    claim_bounds = bound_senses(claim)
    # Units are read in the evidence only for a claim that has some: this runs for every span
    # ``locate`` weighs.
    texts = [s.text for s in split_sentences(evidence)]
    sentences = [
        (
            content_terms(text),
            _fields_as_units(number_kinds(text)),
            _scales(text),
            _units(text) if claim_units else {},
            all_amounts(text),
            _sizes(text) if claim_measures else frozenset(),
            bound_senses(text) if claim_bounds else claim_bounds,
        )
        for text in texts
    ]
    claim_scales = _scales(claim)
    claim_amounts = amounts(claim)
    for term, kinds in sorted(said.items()):
        wanted = kinds - {_PLAIN}
        # Both sides as content terms ("2018-19" states 2019 there); a number the claim's
        # terms do not read as one is left to the specifics rule.
        bounded = claim_bounds.get(term, frozenset())
        if term not in numbers or not (wanted or bounded):
            continue
        words = _words_near(claim, term) - numbers
        rival: tuple[int, frozenset[str]] | None = None  # shared words, other values
        stating = -1  # shared words of the closest sentence that states the claim's number
        scale = claim_scales.get(term)
        unit = claim_units.get(term, frozenset())
        values = claim_amounts.get(term, frozenset())
        sizes = claim_measures.get(term, frozenset())
        flipped: frozenset[str] = frozenset()
        for i, (terms, stated, scales, units, written, measured_sizes, bounds) in enumerate(
            sentences
        ):
            shared = len(terms & words)
            if term not in terms and (
                values & written
                or sizes & measured_sizes
                or rounds_to(term, claim, written)
                or rounded_once(term, claim, (texts[i],))
                or without_pm(term, texts[i]) in terms
            ):
                # The claim's amount in another form: "$1,200,000" for "$1.2 million"; its
                # measure in another unit of the same size: "72 hours" for "3 days", "465
                # minutes" or "7.75 hours" for "7 hours 45 minutes", "two years" for "24 months";
                # its time without "pm": "2:15" for "2:15 pm".
                stating = max(stating, shared)
                continue
            if term in terms:
                shown = scales.get(term)
                # An evidence number without a scale word is read at the claim's ("$450" under
                # a table headed "in millions"); "$30 million" for "$30 billion", or for "$30",
                # is another value; so is "3 days" for "3 weeks".
                measured = _other_units(unit, units.get(term, frozenset()))
                if bounded and other_way(bounded, bounds.get(term, frozenset())):
                    # The same number, bounded the other way: "16 or younger" for "at least 16".
                    if rival is None or shared > rival[0]:
                        flipped = bounds[term]
                        rival = (shared, frozenset({_bound_of(flipped, term)}))
                    continue
                counted = stated.get(term, frozenset()) - {_PLAIN}
                if "year" in wanted and _a_year(term, None):
                    # The claim's year itself: "in 1868 turned the town" counts no "turns".
                    counted = frozenset()
                if _counts_another(wanted, counted, stated, numbers):
                    # "a three-bedroom house with two bathrooms" for "3 bathrooms"
                    others = frozenset(t for t, k in stated.items() if k & wanted and t != term)
                    if rival is None or shared > rival[0]:
                        rival = (shared, others)
                    continue
                if (shown is None or (scale is not None and shown & scale)) and not measured:
                    if i and _goes_on(terms, claimed, sentences[i - 1][0], numbers - {term}):
                        shared = max(shared, len(sentences[i - 1][0] & words))
                    stating = max(stating, shared)
                    continue
                others = frozenset(f"{term} {s}" for s in measured or shown or ())
                if rival is None or shared > rival[0]:
                    rival = (shared, others)
                continue
            others = frozenset(t for t, k in stated.items() if k & wanted and t not in numbers)
            if others and (rival is None or shared > rival[0]):
                rival = (shared, others)
        # A number the evidence works out ("$8 more" from its "$12" and "$20"; "June 24" from
        # "June 10" and "14 days"; "915 square feet" from "85 square metres") is no other
        # value: text/arithmetic.py, text/dates.py, text/conversions.py; nor is one the claim
        # works out from its own numbers the evidence states (text/own_operands.py); nor is a
        # bound that the evidence's value of the same thing meets ("more than 380,000 adults"
        # for its "382,535 adults": text/amounts.py), unless the evidence bounds it the other way
        # ("about 18,900" is held to its rounding: text/amounts.py's rounds_to); nor is a hedged
        # measure its measure rounds to ("about 8 hours" for "7 hours and 55 minutes":
        # text/measures.py's rounded_measure).
        if rival is None or rival[0] <= stating + _MARGIN:
            continue
        flip = bool(flipped) and rival[1] == {_bound_of(flipped, term)}
        if flip and _bound_stated(claim, term, (evidence,)):
            continue  # the evidence gives it the same way too, of the same unit
        if (
            not derived(term, claim, (evidence,))
            and not worked_in_claim(term, claim, (evidence,))  # from the claim's own operands
            and (flip or not bound_met(term, claim, (evidence,), hedged=False))
            and not _in_worked_out_date(term, claim, evidence)
            and term not in converted_alone(claim, (evidence,))
            and not rounded_measure(term, claim, (evidence,))  # "about 8 hours" for 7 h 55 min
        ):
            said_as = _bound_of(bounded, term) if flip else term
            return NumberClash(said_as, tuple(sorted(rival[1])), flip)
    return None


# A claim that is a label and its value, as an answer's list or card writes one ("**Bathrooms:**
# 3", "- Seats: 5"): the value counts what the label names, read as "3 Bathrooms".
_LABELLED = regex(
    r"[^\S\n]*(?:[-*+][^\S\n]+)?(?:\*\*|__)?(?P<label>[^\W\d_]+(?: [^\W\d_]+){0,3})"
    r"(?:\*\*|__)?:(?:\*\*|__)?[^\S\n]*(?P<value>\d[\d,.]*)[^\S\n]*\.?"
)


# The forms a value of a result is told in: a score ("3-1") and a place ("third").
_FORMS = frozenset(("score", "ordinal"))


def _value_first(claim: str) -> str:
    labelled = _LABELLED.fullmatch(claim)
    return f"{labelled['value']} {labelled['label']}" if labelled else claim


def _fields_as_units(kinds: Mapping[str, frozenset[str]]) -> Mapping[str, frozenset[str]]:
    """``kinds`` with a record's values held as counts of what their keys name: "stars": 4.5
    gives another value for the claim's "4-star rating" (``records.FIELD``)."""
    if not any(kind.startswith(FIELD) for found in kinds.values() for kind in found):
        return kinds
    unit = "unit:"
    return {
        term: frozenset(unit + k[len(FIELD) :] if k.startswith(FIELD) else k for k in found)
        for term, found in kinds.items()
    }


def _counts_another(
    wanted: frozenset[str],
    counted: frozenset[str],
    stated: Mapping[str, frozenset[str]],
    numbers: frozenset[str],
) -> bool:
    """Whether a sentence writes the claim's number as a count of another thing than the
    claim's, and another number as a count of the claim's: "a three-bedroom house with two
    bathrooms" for "3 bathrooms". Then it gives another value, not the claim's. So does one that
    writes the claim's number only in another form than a score or place the claim gives, and
    another number in that form: "moved up to second with a 3-1 win" for "won 2-1" or for
    "moved up to third"."""
    forms = wanted & _FORMS - counted
    if forms and any(k & forms and t not in numbers for t, k in stated.items()):
        return True
    if not wanted or not counted or counted & wanted:
        return False
    if not all(k.startswith("unit:") for k in counted):
        return False
    return any(k & wanted and t not in numbers for t, k in stated.items())


def _bound_of(senses: frozenset[str], term: str) -> str:
    """A bound on ``term`` as the rule's reason says it: "a lower bound of 16"."""
    return " or ".join(f"{'a lower' if s == LOWER else 'an upper'} bound of {term}" for s in senses)


def flipped_bound(claim: str, passages: Sequence[str]) -> NumberClash | None:
    """A bound of ``claim`` that the passages give only the other way, read as
    :func:`number_clash` reads the passages together: the sentence most about the claim's
    bounded number bounds it the other way ("up to 16" for "at least 16") and no sentence as
    much about it states the claim's bound or the number alone; or None."""
    said = bound_senses(claim)
    # Only where a passage bounds one of the claim's bounded numbers the other way (in one of
    # its sentences: a passage may bound it both ways): each passage's bounds (remembered) are
    # read before all its sentences' numbers, and only those that write the number at all.
    if not said or not any(
        shown[t] - said[t]
        for shown in (bound_senses(p) for p in passages if said.keys() & content_terms(p))
        for t in said.keys() & shown.keys()
    ):
        return None
    # A bound a passage sentence gives the same way on the same number of the same unit is
    # stated, whichever sentence says more of the claim's words: "at least 4 hours between
    # doses" beside "up to 4 times a day".
    if all(_bound_stated(claim, t, passages) for t in said):
        return None
    # A claim whose bounds read as written the way a passage writes them, where only a negation
    # after the passage's turns it over ("it's under 60 cm" beside "Decks lower than 60 cm do not
    # require a permit"): the negation is the negation rule's to read, not another value.
    if _written_alike(claim, said, passages):
        return None
    clash = number_clash(claim, "\n\n".join(passages))
    return clash if clash is not None and clash.flipped else None


def turned_by_negation_only(claim: str, evidence: str) -> bool:
    """Whether the claim's bounds are written as ``evidence`` writes them, a negation after the
    evidence's turning them over only where the claim holds one too ("under 20 metres, so it
    must not impede" for "of less than 20 metres ... shall not impede"): no other value."""
    said = bound_senses(claim)
    return bool(said) and _written_alike(claim, said, (evidence,))


def _written_alike(claim: str, said: Mapping[str, frozenset[str]], passages: Sequence[str]) -> bool:
    """Whether no negation turns the claim's bounds over, and a passage writes each of them the
    same way, as written, turned over by a negation only where the claim holds one elsewhere
    ("No permit is needed ... because it's under 60 cm"; not "You need a permit for a deck
    under 60 cm"); or the claim's turned over by its negation, a passage writing each as written
    with a negation of its own ("Within 14 days you won't" for "If ... within 14 days, no")."""
    as_written = written_senses(claim)
    turned = as_written != said
    negated = says_no(claim)
    shown = [(written_senses(p), bound_senses(p), says_no(p)) for p in passages]
    return all(
        any(
            bool(as_written.get(t))
            and as_written[t] <= written.get(t, frozenset())
            and (read.get(t) != written.get(t)) == (negated and not turned)
            and (says_no or not turned)
            for written, read, says_no in shown
        )
        for t in said
    )


def _bound_stated(claim: str, term: str, passages: Sequence[str]) -> bool:
    """Whether every bound ``claim`` puts on ``term`` a passage sentence gives the same way on
    the same thing (the word after the number: "at least 4 hours", not "up to 4 times"), and
    none the other way on it ("no more than 23 kg" beside "bags over 23 kg incur a fee": which
    the claim means is the sentence most about it's call)."""
    wanted = {(t, sense, unit) for t, sense, unit in bounded_units(claim) if t == term and unit}
    found = {
        bound
        for passage in passages
        if term in content_terms(passage)
        for sentence in split_sentences(passage)
        for bound in bounded_units(sentence.text)
    }
    flipped = {(t, UPPER if sense == LOWER else LOWER, unit) for t, sense, unit in wanted}
    return bool(wanted) and wanted <= found and not flipped & found


def _sizes(text: str) -> frozenset[tuple[str, Decimal]]:
    return frozenset(size for sizes in measures(text).values() for size in sizes)


def _in_worked_out_date(term: str, claim: str, evidence: str) -> bool:
    return any(
        term in content_terms(claim[d.start : d.end]) for d in worked_out_dates(claim, (evidence,))
    )


# A number's scale word ("$30 billion", "30bn", "$5m", "4.2 bln", "$1.2tn").
# Scale words as ``terms`` reads them ("bn", "mln", "tn"), and the letters that are one only
# after a currency ("$5m", "$2b", "$10k").
_SCALE_NAMES = {**MAGNITUDES, "b": "billion", "m": "million", "k": "thousand"}
_SCALE = regex(
    rf"(?<![\w.,])(\d{{1,3}}(?:,\d{{3}})+|\d+)(\.\d+)?{SPACE}"
    rf"(thousand|million|billion|trillion|{'|'.join(_SCALE_NAMES)})\b",
    re.IGNORECASE,
)
_CURRENCY = frozenset("$\u20ac\u00a3\u00a5")
# Words a sentence may add and still go on about the previous sentence's subject: time, and
# change ("In 1990 it had 30,000 residents. Today it has 45,000.").
_GOING_ON = content_terms(
    "today now currently current since later then recently this year month week new latest ago "
    "grow grew grown growing rise rose risen fall fell fallen drop increase decrease reach "
    "climb jump total stand stood become became january february march april may june july "
    "august september october november december"
)


# A number, then its unit, hyphened or not, with at most one word between ("3 business days").
_UNIT = regex(
    r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*-?\s*(?:([^\W\d_]+)\s+)?"
    rf"({'|'.join(sorted(map(re.escape, UNIT_OF), key=len, reverse=True))})(?![\w/])",
    re.IGNORECASE,
)


def _units(text: str) -> dict[str, frozenset[tuple[str, str]]]:
    """The units of ``text``'s numbers, as (measure, unit), by number term."""
    found: dict[str, set[tuple[str, str]]] = {}
    for match in _UNIT.finditer(text):
        term = match[1].replace(",", "") + (match[2] or "")
        found.setdefault(term, set()).add(UNIT_OF[match[4].casefold()])
    return {term: frozenset(units) for term, units in found.items()}


def _other_units(
    claimed: frozenset[tuple[str, str]], shown: frozenset[tuple[str, str]]
) -> frozenset[str]:
    """The units the evidence gives a number in instead of the claim's: units of a measure the
    claim's unit is of, when none is the claim's."""
    if not claimed or not shown or claimed & shown:
        return frozenset()
    measures = {measure for measure, _ in claimed}
    return frozenset(unit for measure, unit in shown if measure in measures)


def _goes_on(
    terms: frozenset[str], claimed: frozenset[str], before: frozenset[str], specific: frozenset[str]
) -> bool:
    """Whether a sentence with ``terms`` goes on about the sentence before it (``before``):
    it adds nothing but the claim's words, numbers, and time and change words ("Today it has
    45,000."), and leaves none of the claim's other figures to the sentence before ("In 1990,
    Springfield had 30,000 residents." keeps the claim "had 45,000 residents in 1990")."""
    own = terms - claimed - _GOING_ON
    if any(not t[0].isdigit() for t in own):
        return False
    return not (specific & before) - terms


def _scales(text: str) -> dict[str, frozenset[str]]:
    """The scale words of ``text``'s numbers, by number term; a number stated with none has
    none here. A lone "m", "b" or "k" is a scale only after a currency ("$5m"; "5 m" is
    metres)."""
    found: dict[str, set[str]] = {}
    for match in _SCALE.finditer(text):
        word = match[3].casefold()
        if (
            word in ("m", "b", "k")
            and text[max(0, match.start() - 1) : match.start()] not in _CURRENCY
        ):
            continue
        term = match[1].replace(",", "") + (match[2] or "")
        found.setdefault(term, set()).add(_SCALE_NAMES.get(word, word))
        # A range's first end has the scale of its second: "$3.4-$3.5 billion", "2 to 3 million",
        # "between $2 and $3 billion"; not a year's ("from 2022 to $3 billion").
        first = _RANGE_FIRST.search(text, max(0, match.start() - 40), match.start())
        if first and (first["j"] != "and" or first["b"]) and not _a_year(first["n"], first["d"]):
            found.setdefault(first["n"].replace(",", "") + (first["d"] or ""), set()).add(
                _SCALE_NAMES.get(word, word)
            )
    return {term: frozenset(words) for term, words in found.items()}


# The first end of a range before a number with a scale word: "3.4-" of "$3.4-$3.5 billion".
_RANGE_FIRST = regex(
    rf"(?:(?P<b>\bbetween){SPACE}[$\u20ac\u00a3\u00a5]?|(?<![\w.,]))(?P<n>\d{{1,3}}(?:,\d{{3}})+|\d+)"
    rf"(?P<d>\.\d+)?{SPACE}(?P<j>[-\u2013]|to\b|and\b){SPACE}[$\u20ac\u00a3\u00a5]?$"
)


def _a_year(number: str, decimals: str | None) -> bool:
    return decimals is None and len(number) == 4 and number[:2] in ("18", "19", "20")


# How many more of the claim's words the sentence that gives another value must share than
# the one that states the claim's number: a name said once ("Capital One earned $3.1 billion or
# $6.78 per share." beside "Earnings per share were $6.86.") does not make a sentence the one
# about the claim's figure.
_MARGIN = 1

# Words on either side of a number that say what it counts: "earnings per share of $6.86 in
# the quarter" is about earnings per share, whatever else the claim goes on to say.
_NEAR = 6


def _words_near(claim: str, term: str) -> frozenset[str]:
    """The content terms of the words of ``claim`` around each place that states ``term``; the
    whole claim's when no single word states it ("half past ten")."""
    words = claim.split()
    at = [i for i, word in enumerate(words) if term in content_terms(word)]
    if not at:
        return content_terms(claim)
    return frozenset().union(
        *(content_terms(" ".join(words[max(0, i - _NEAR) : i + _NEAR + 1])) for i in at)
    )


def stating_span(claim: str, passages: Sequence[str]) -> tuple[int, int, int, float] | None:
    """The passage sentence that states every number of ``claim`` and shares the most of its
    other content words, as (passage, start, end, share of the claim's terms); None if none
    does. For a judge that quoted the wrong sentence of a passage that states the claim's
    value: the sentence that does."""
    claimed = content_terms(claim)
    numbers = frozenset(t for t in claimed if t[0].isdigit())
    if not numbers:
        return None
    best: tuple[int, int, int, float] | None = None
    for p, passage in enumerate(passages):
        for sentence in split_sentences(passage):
            terms = content_terms(sentence.text)
            if not numbers <= terms or number_clash(claim, sentence.text) is not None:
                continue
            share = len(terms & claimed) / len(claimed)
            if best is None or share > best[3]:
                best = (p, sentence.start, sentence.end, share)
    return best


def another_record(claim: str, quoted: str, passage: str, start: int, end: int) -> bool:
    """Whether the row ``passage[start:end]`` that states the claim's value is another record
    than the row the judge quoted (``quoted``): both are rows of a table
    (:func:`~pytest_faithful.text.segment.is_row`) and the quoted one holds a term of the claim
    the other does not: "| 3 | Business | $45/month |" states no price of the Pro plan that
    "| 2 | Pro | $20/month |" gives for "The Pro plan costs $45 per month.", nor "IC 208 |
    08:15" a time of the "RE 12" (a record's name may be a number). In prose the sentence
    that states the value may well be about the claim's subject too; a row is about its own
    first cells."""
    if not (is_row(quoted) and is_row(passage, start, end)):
        return False
    return bool((content_terms(quoted) & content_terms(claim)) - content_terms(passage[start:end]))
