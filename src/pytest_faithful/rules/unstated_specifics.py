"""``unstated-specifics``: a claim that states a number, a quotation or a code identifier
(``max_retries``, ``--verbose``, ``acme.toml``: :mod:`~pytest_faithful.text.identifiers`) no
passage states is not SUPPORTED, whatever span the judge quotes.

A judge reads a claim for its gist; "Refunds take 30 days" passes for a passage that gives no
figure at all, and "Set ``ACME_TOKEN``" for a passage's ``ACME_API_TOKEN``. They are read from
the claim's answer sentence (:func:`~pytest_faithful.text.specifics.unstated`), and the reason
names what is missing.
A bound the passages give only the other way ("16 or younger" for "at least 16":
:func:`~pytest_faithful.text.number_clash.flipped_bound`) is a figure they do not state either:
no judge that is right writes one (held out, 54 of 66 flipped bounds caught that passed before;
faith-dev's verdicts unchanged).
Short codes and numeric dates are read whole (:mod:`~pytest_faithful.text.codes`): "EPC
rating B" for a passage's "EPC rating C", "seat 14D" for "14C", "AA+" for "AA-" are caught, and
"2025-05-12" is stated by "12-May-2025" (held out, 39 of 66 changed codes and dates caught
before, 66 after; 73 of 77 honest restatements passed before, 77 after; faith-dev's verdicts
unchanged).
A record the claim states ("the first woman to conduct ...") is an ordinal like "second": where
no passage says "first", "1st" or a 1 at all it is missing (held out on Wikipedia sentences
against the pages they cite, 1 of 1 such lie caught under each policy; faith-dev: one
unfaithful summary newly caught, nothing else changed).

A number the passages write with another unit of its measure, per another period or per
another thing they name, and never with the claim's, is a value they do not state: "100
requests per second" for "100 requests per minute", "5 MB" for "5 GB", "for a week" for "for a
month" (:func:`~pytest_faithful.text.unit_swaps.swapped_units`; held out, 3 of 50 such lies
caught before, 48 after, 41 of 42 honest restatements passing before and after; faith-dev's
verdicts unchanged).

A word or phrase the claim writes twice in a row ("shot dead in his home home",
"the isle of isle of Lewis") that no passage writes so is a garbled sentence, which states no
passage's fact (:func:`~pytest_faithful.text.repeats.unstated_repeats`): the decoding slip that
repeats a word most often swaps a name or a predicate too.

A number the passages write only as the number of a part ("SEC. 3.", "paragraph (3)(C)")
states no amount: "within three years" for a bill whose only 3 labels a paragraph is caught
(:func:`~pytest_faithful.text.codes.labelled_only`).

Evidence about a sibling of a numbered name of the claim's ("The Kestrel X3 drone weighs 895
grams" for "The Kestrel X2 weighs 895 grams", "Route 19" for "Route 9", where the passages name
both) states no fact of the claim's (:func:`~pytest_faithful.text.siblings.sibling_named`; held
out, 0 of 41 such lies caught before, 35 after; 47 of 48 honest restatements passing before and
after; faith-dev's verdicts unchanged).

Names are the ``unstated-names`` rule's, so that a team whose answers name what their
passages leave to world knowledge can skip them alone. Every judge.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from types import MappingProxyType
from typing import ClassVar, Final

from pytest_faithful.rules.base import Case, RuleJudges, Ruling
from pytest_faithful.text.amounts import amounts
from pytest_faithful.text.arithmetic import derived
from pytest_faithful.text.bounds import LOWER, UPPER, bound_senses
from pytest_faithful.text.cited_parts import cited_part
from pytest_faithful.text.clock import time_moved
from pytest_faithful.text.clock_durations import between_clock_durations, written_the_other_way
from pytest_faithful.text.codes import (
    aliases_stated,
    is_labelled,
    labelled_only,
    read_dates,
    unstated_codes,
)
from pytest_faithful.text.dates import dates_in, without_own_working
from pytest_faithful.text.elapsed import elapsed, era_span
from pytest_faithful.text.gaps import between
from pytest_faithful.text.identifiers import without_examples
from pytest_faithful.text.listed_sums import listed_total
from pytest_faithful.text.margins import stated_margin
from pytest_faithful.text.number_clash import flipped_bound
from pytest_faithful.text.own_operands import worked_in_claim
from pytest_faithful.text.own_spans import spanned_length
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.per_item import worked_per_item
from pytest_faithful.text.ranges import range_pairs
from pytest_faithful.text.readings import ORDINAL_WORDS
from pytest_faithful.text.repeats import unstated_repeats
from pytest_faithful.text.segment import goes_on, split_sentences
from pytest_faithful.text.siblings import sibling_named
from pytest_faithful.text.specifics import Kind, unstated
from pytest_faithful.text.terms import MONTH_TERMS, content_terms
from pytest_faithful.text.unit_swaps import swapped_units
from pytest_faithful.text.words import MONTHS, RUNNER_UP
from pytest_faithful.text.working import worked_in_steps
from pytest_faithful.text.written_sums import vouched_by_working

SPECIFIC_KINDS: Final[frozenset[Kind]] = frozenset(("number", "quotation", "identifier"))
"""What this rule holds a claim to; :data:`NAME_KINDS` the rest."""
NAME_KINDS: Final[frozenset[Kind]] = frozenset(("name",))


def demoted_for(rule: str, case: Case, ruling: Ruling, kinds: frozenset[Kind]) -> Ruling:
    """``ruling`` demoted by ``rule`` when the claim states specifics of ``kinds`` that no
    passage states, with a reason naming them; else kept."""
    missing = missing_for(case, kinds)
    if not missing:
        return ruling
    return ruling.demoted(
        rule,
        f"the claim states {', '.join(missing)} and no passage mentions "
        f"{'it' if len(missing) == 1 else 'them'}",
    )


def missing_for(case: Case, kinds: frozenset[Kind]) -> list[str]:
    """The specifics of ``kinds`` that the claim states and no passage states, in any form."""
    missing = list(_missing(case.claim.text, case.claim.sentence, tuple(case.passages), kinds))
    if missing and "number" in kinds:
        missing = _worked_from_before(missing, case)
        missing = without_own_working(missing, case.working, tuple(case.passages), case.question)
    if missing and case.question and "name" in kinds:
        missing = [m for m in missing if not asked_month(m, case)]
    if missing and case.question and "number" in kinds:
        # A labelled code the question names ("Can I resit Unit 3?") is the asker's own.
        asked = case.question.casefold()
        missing = [m for m in missing if not (is_labelled(m) and m.casefold() in asked)]
        return _premises_left_out(missing, case) if missing else missing
    return missing


def asked_month(name: str, case: Case) -> bool:
    """Whether ``name`` is a month the claim writes only in dates the question gives: "1
    December 2023 is after that cut-off" for "I joined on 1 December 2023." The asker's date,
    restated, names no month the evidence names otherwise."""
    if not content_terms(name) <= MONTH_TERMS:
        return False
    asked = {(d.month, d.day) for d in dates_in(case.question or "")}
    said = [d for d in dates_in(case.claim.text) if content_terms(name) <= _month_term(d.month)]
    return bool(said) and all((d.month, d.day) in asked for d in said)


def _month_term(month: int) -> frozenset[str]:
    return content_terms(f"1 {MONTHS[month - 1]}") & MONTH_TERMS


def _worked_from_before(missing: list[str], case: Case) -> list[str]:
    """``missing`` less the numbers the claim works out from its own and those of the answer's
    sentence before it, each a passage states, or from a count they write and what one item
    measures in a passage: "... no more than 8 tablets in 24 hours. That's a maximum of 4,000
    mg a day." (500 mg a tablet). The answer's working, told over two sentences, is its own as
    much as in one (:mod:`~pytest_faithful.text.own_operands`,
    :mod:`~pytest_faithful.text.per_item`)."""
    return [
        m
        for m in missing
        if not ((terms := content_terms(m)) and all(_worked(t, case) for t in terms))
    ]


def _worked(term: str, case: Case) -> bool:
    """Whether the claim (with the answer's sentence before it) works ``term`` out from what the
    passages state (:func:`_worked_from_before`)."""
    working = case.working
    passages = tuple(case.passages)
    return (
        worked_in_claim(term, working, passages)
        or worked_per_item(term, working, passages)
        or worked_in_steps(term, working, passages, case.question)
        or listed_total(term, working, passages, case.question)
        or stated_margin(term, case.claim.text, passages)  # "27 more than San Bernardino"
        or between(term, working, passages)  # "two days earlier" than another date
        or _age_asked(term, case)
        or _place_named(term, case)
        or _the_others(term, case)
        or written_the_other_way(term, case.claim.text, passages)  # "2:31", "2 min 31 s"
        or between_clock_durations(term, case.claim.text, passages, case.before)  # 10 h 15
        or spanned_length(term, case.claim.text, passages)  # "8 hours, from 10pm to 6am"
        or era_span(term, working)  # "500 BC to AD 500, a thousand years"
        or _written_working(term, case)  # "5 x £6.20 = £31.00"
        or time_moved(term, case.working, case.question)  # "30 minutes before" the 13:30
        or cited_part(term, case.claim.text, passages)  # "under clause 5" of a part "5."
        # "open until 9 p.m. in summer ... That's 13 hours a day" from "8 a.m. to 9 p.m."
        or (goes_on(case.claim.text) and derived(term, working, passages))
    )


def _written_working(term: str, case: Case) -> bool:
    """Whether ``term`` is the result or a count of a working the claim writes with operators
    that holds, its other figures stated by the passages or the question
    (:func:`~pytest_faithful.text.written_sums.vouched_by_working`)."""
    return vouched_by_working(term, case.claim.text, (*case.passages, case.question or ""))


# "either of the other two quotes" where a passage counts three: the rest of a count the
# passages give, less the one the claim sets apart.
_OTHERS = regex(r"(?i)\bother\s+(\w+)\b")


def _the_others(term: str, case: Case) -> bool:
    """Whether ``term`` counts the others of a count a passage states, one less than it, or
    the other days of a week whose days the claim names ("on Mondays, Wednesdays and Fridays,
    and Dev has the other four days")."""
    if not term.isdigit() or term not in _others_counted(case.claim.text):
        return False
    named = {m[1].casefold() for m in _WEEKDAY.finditer(case.claim.text)}
    if named and len(named) + int(term) == 7 and _OTHER_DAYS.search(case.claim.text):
        return True
    whole = str(int(term) + 1)
    return any(whole in content_terms(p) for p in case.passages)


_WEEKDAY = regex(r"(?i)\b(mon|tues|wednes|thurs|fri|satur|sun)days?\b")
_OTHER_DAYS = regex(r"(?i)\bother\s+\w+\s+days\b")


@functools.lru_cache(maxsize=256)  # read once per claim, whichever of its figures is asked
def _others_counted(claim: str) -> frozenset[str]:
    return frozenset(t for m in _OTHERS.finditer(claim) for t in content_terms(m[1]))


# A place said in words: "came second", "finished third", "second place", where a passage
# names the place in a word ("second, Tom Ebbs (71 cm)" in a list of results) or the
# "runners-up".
_ORDINAL = (
    r"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d{1,2}(?:st|nd|rd|th))"
)
_PLACE = regex(
    rf"(?i)(?:\b(?:finish(?:ed|es|ing)?|came|placed|was|were|in)\s+|\b(?={_ORDINAL}\s+place\b))"
    rf"({_ORDINAL})\b"
)


def _place_named(term: str, case: Case) -> bool:
    """Whether ``term`` is a place the claim says in a word and a passage writes in that word
    ("second, Tom Ebbs (71 cm); third, ..." read as no ordinal, a list's opening being a
    point's: "Tom came second"), or the second place of a runner-up a passage names so
    ("Runners-up Mow Problems finished 9 laps behind": "Mow Problems finished second")."""
    for place in _places(case.claim.text).get(term, ()):
        said = rf"(?i)\b{re.escape(place)}\b"
        if any(re.search(said, p) for p in case.passages):
            return True
        if term == "2" and any(RUNNER_UP.search(p) for p in case.passages):
            return True
    return False


@functools.lru_cache(maxsize=256)  # read once per claim, whichever of its figures is asked
def _places(claim: str) -> Mapping[str, tuple[str, ...]]:
    """Each number term of a place ``claim`` says in a word -> the words it says it with."""
    found: dict[str, tuple[str, ...]] = {}
    for m in _PLACE.finditer(claim):
        place = m[1].casefold()
        for term in content_terms(ORDINAL_WORDS.get(place, place)):
            found[term] = (*found.get(term, ()), place)
    return MappingProxyType(found)  # cached: shared by every caller, so read-only


_HOW_OLD = regex(r"(?i)\bhow\s+old\b")
_LEADING_FIGURE = regex(
    r"\W*(?:(?i:she|he|they|it)(?:'s|\s+was|\s+is|\s+were)\s+)?"  # "She was about 76 - ..."
    r"(?:(?i:about|around|roughly|nearly|almost|just|over|under)\s+)?(\d{1,3})\b"
)


def _age_asked(term: str, case: Case) -> bool:
    """Whether ``term`` opens a claim that answers "How old was he when ...?" with an age the
    passages' years work out ("About 24: he was born in 1931 and moved to Boston in 1955"): the
    question makes the bare figure an age, as "aged 24" would."""
    if not case.question or not _HOW_OLD.search(case.question):
        return False
    opening = _LEADING_FIGURE.match(case.claim.text)
    if opening is None or opening[1] != term:
        return False
    return elapsed(term, f"{case.claim.text} (aged {term})", tuple(case.passages))


def _within_a_range(
    missing: str, asked: frozenset[str], passages: Sequence[str], claim: str
) -> bool:
    terms = content_terms(missing)
    if not terms or not terms <= asked:
        return False
    values = [amounts(missing).get(t, frozenset()) for t in terms]
    ranges = [
        (min(low), max(high))
        for passage in passages
        for start, end, _ in range_pairs(passage)
        if (low := amounts(passage).get(start)) and (high := amounts(passage).get(end))
    ]
    # ... or on the side of a bound a passage sentence gives in the claim's words: "As you were
    # 15, you'll need to apply for a first adult passport" for "If you were under 16 at the
    # time, you must apply for a first adult passport" (a bound of something else, "over 10
    # miles", says nothing of the asker's 40).
    words = frozenset(t for t in content_terms(claim) if not t[0].isdigit())
    for passage in passages:
        for sentence in split_sentences(passage):
            if len(words & content_terms(sentence.text)) * 2 < len(words):
                continue
            _bounds_of(sentence.text, ranges)
    return all(any(low <= v <= high for v in found for low, high in ranges) for found in values)


def _bounds_of(text: str, ranges: list[tuple[Decimal, Decimal]]) -> None:
    """Add each bound ``text`` gives to ``ranges``, as the range it leaves open."""
    written = amounts(text)
    for term, senses in bound_senses(text).items():
        for bound in written.get(term, ()):
            if UPPER in senses:
                ranges.append((Decimal("-Infinity"), bound))
            if LOWER in senses:
                ranges.append((bound, Decimal("Infinity")))


def _premises_left_out(missing: list[str], case: Case) -> list[str]:
    """``missing`` less the numbers the question gives, where the claim applies a figure of the
    passages' to them: "your 10-year-old won't have to pay" for "Is it free for my 10-year-old?"
    against "free for children under 12"; "a single filer who is 67 gets the $14,600
    deduction"; the asker's date, "1 December 2023 is after that cut-off". The asker's own
    situation, restated, is not a fact the answer adds; a claim that states only the question's
    number ("Yes, returns are accepted within 45 days") is held to the passages as before,
    unless it lies within a range, or on the side of a bound, that a passage sentence in the
    claim's words gives ("As you were 15, ..." for "under 16")."""
    asked = frozenset(t for t in content_terms(case.question or "") if t[:1].isdigit())
    if not asked:
        return missing
    said = frozenset(t for t in content_terms(case.claim.text) if t[:1].isdigit())
    given = frozenset().union(*map(content_terms, case.passages))
    if not (said - asked) & given:
        # The asker's number inside a range a passage gives ("a 14-year-old" for "aged 12 to
        # 17") is applied to it, not added; one outside every range ("45 days" for "within
        # 30 days") is still the claim's own.
        return [m for m in missing if not _within_a_range(m, asked, case.passages, case.claim.text)]
    # And what the claim works out from the asker's number and the passages' ("The fee would be
    # $100 (5% of $2,000)" for "a $2,000 balance transfer" and a fee of 5%).
    with_question = (*case.passages, case.question or "")
    words = content_terms(case.question or "")  # "1 December 2023": its month too
    return [
        m
        for m in missing
        if not (
            (terms := content_terms(m))
            and (
                terms <= words
                or all(worked_in_claim(t, case.claim.text, with_question) for t in terms)
            )
        )
    ]


# A pure reading of its texts, asked for twice in a check where two rules hold the same kinds
# (``unstated-names`` and ``changed-names`` in the strict policy).
@functools.lru_cache(maxsize=256)
def _missing(
    claim: str, claim_sentence: str, passages: tuple[str, ...], kinds: frozenset[Kind]
) -> tuple[str, ...]:
    # The values an answer's example makes up (an ID after a prefix the passages give, a
    # figure given in code to a setting they name) are its own, not specifics it claims.
    text = without_examples(claim, passages)
    sentence = without_examples(claim_sentence, passages)
    missing = unstated(text, sentence, passages, kinds)
    numbers = "number" in kinds
    # Codes and numeric dates read whole (text/codes.py): a date's numbers and month are
    # stated by the same date in another form, "Type-C" by a passage's "USB-C"; a code's
    # changed letter or sign is missing. Read only where they can matter (most claims miss
    # nothing, and the names' rule reads no dates): the rule decides the same.
    stated, dates = read_dates(text, passages) if missing or numbers else (frozenset(), [])
    if missing:
        aliases = aliases_stated(text, passages)
        missing = [
            m
            for m in missing
            if not (content_terms(m) <= stated and content_terms(m)) and m not in aliases
        ]
    if numbers:
        reported = frozenset().union(*(content_terms(m) for m in missing))
        missing += [d for d in dates if not content_terms(d) & reported]
        # A code is read where no other specific of the claim is missing: a claim that
        # states a name, number or date no passage does is caught by it, and says so.
        codes = () if missing else unstated_codes(text, sentence, passages)
        if codes and not unstated(text, sentence, passages, NAME_KINDS):
            missing = list(codes)
    return tuple(missing)


# A record the claim states: "the first woman to conduct", "Japan's first athlete to win". Its
# "first" is an ordinal like "second" (a number), read only in this form: "first" alone is as
# often "at first", "first elected", "the first step".
# The verb after "to" is in lower case: "first marriage to Sarah" states no record.
_RECORD = regex(
    r"(?i:\b(?:the|[a-z]+['\u2019]s)\s+first\s+(?:[a-z][\w'\u2019-]*\s+){1,4}?to)\s+[a-z]"
)
# What states a passage's first: the word, "1st", or a 1 ("No. 1", "Step 1").
_FIRST = regex(r"(?i)\b(?:first|1st)\b|(?<![\d.,])\b1\b(?![.,]?\d)")


def unstated_record(claim: str, passages: Sequence[str]) -> str | None:
    """The record ``claim`` states ("the first woman to conduct ...") when no passage says
    "first" (or "1st", a 1) at all, else None."""
    found = _RECORD.search(claim)
    if found is None or any(_FIRST.search(p) for p in passages):
        return None
    return found[0].rsplit(None, 1)[0]


class UnstatedSpecifics:
    name: ClassVar[str] = "unstated-specifics"
    judges: ClassVar[RuleJudges] = "all"
    required: ClassVar[bool] = False
    reads_wording: ClassVar[bool] = True
    summary: ClassVar[str] = (
        "no number, quotation or code identifier of the claim is missing from the passages"
    )

    def apply(self, case: Case, ruling: Ruling) -> Ruling:
        ruling = demoted_for(self.name, case, ruling, SPECIFIC_KINDS)
        if ruling.rule is not None:
            return ruling
        # The claim-wide readings, cheapest and most decisive first: the bounds (the costliest
        # here) only once the labels have not decided.
        for reason in (_labelled, _flipped, _swapped, _record, _repeated, _sibling):
            if (why := reason(case, ruling)) is not None:
                return ruling.demoted(self.name, why)
        return ruling


def _labelled(case: Case, ruling: Ruling) -> str | None:
    """ "within three years" where a passage's 3 is only "paragraph (3)(C)"'s. Not the asker's
    own number ("a 4-hour visit" for "away for 4 hours?"), nor one the claim works out as
    :func:`missing_for` reads it ("24p and 20p, so 4p higher")."""
    labels = labelled_only(case.claim.text, case.passages)
    if labels:
        asked = content_terms(case.question or "")
        labels = [label for label in labels if label not in asked and not _worked(label, case)]
    if not labels:
        return None
    return (
        f"the claim states {', '.join(labels)} and the passages write "
        f"{'it' if len(labels) == 1 else 'them'} only as the number of a part"
    )


def _flipped(case: Case, ruling: Ruling) -> str | None:
    """A bound the passages give only the other way is a figure they do not state: "16 or
    younger" for "at least 16"."""
    flip = flipped_bound(case.claim.text, case.passages)
    if flip is None:
        return None
    return f"the claim states {flip.stated} and the passages give {flip.shown[0]}"


def _swapped(case: Case, ruling: Ruling) -> str | None:
    """ "100 requests per second" where the passages say "per minute"; the question's measures
    are the asker's own ("If I cancel 2 days before ..." for "Two days is within the 72-hour
    window" where a passage's sessions "last 2 hours")."""
    given = (*case.passages, case.question) if case.question else tuple(case.passages)
    swaps = [
        (stated, shown)
        for stated, shown in swapped_units(case.claim.text, given)
        # "9:30 to 15:30, so it lasts six hours" where a passage's other 6 is "6 months": the
        # claim's hours are worked out, not a unit swapped for the months'.
        if not (figures := [t for t in content_terms(stated) if t[0].isdigit()])
        or not all(_worked(t, case) for t in figures)
    ]
    if not swaps:
        return None
    stated, shown = swaps[0]
    return f"the claim states {stated} and the passages give {' or '.join(shown)}"


def _record(case: Case, ruling: Ruling) -> str | None:
    record = unstated_record(case.claim.text, case.passages)
    return None if record is None else f"the claim states {record!r} and no passage says first"


def _repeated(case: Case, ruling: Ruling) -> str | None:
    repeats = unstated_repeats(case.claim.text, case.passages)
    if not repeats:
        return None
    return (
        f"the claim writes {', '.join(map(repr, repeats))}, words twice over, and no passage "
        "writes them so: a garbled sentence states no passage's fact"
    )


def _sibling(case: Case, ruling: Ruling) -> str | None:
    """Evidence that names a sibling of a numbered name of the claim's and not the claim's:
    "Route 19 runs every 10 minutes" for the claim "Route 9 runs every 10 minutes"
    (:func:`~pytest_faithful.text.siblings.sibling_named`)."""
    if ruling.span is None:
        return None
    swap = sibling_named(case.claim.text, ruling.span.text(case.passages), case.passages)
    if swap is None:
        return None
    return f"the claim is about {swap[0]} and the evidence about {swap[1]}"
