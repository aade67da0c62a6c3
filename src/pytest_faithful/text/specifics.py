"""The names, numbers, quotations and code identifiers a claim states that no passage states.

A SUPPORTED verdict cannot stand for a claim that names someone or something ("Moscow", "Ms.
Johnson"), states a number ("$30 billion", "3 episodes") or quotes words ("called it \u201ca
masterpiece of its age\u201d") that no passage has: whatever the judge read, the context does
not say it. Judges, small models most of all, pass such claims when the rest of the sentence
matches a passage, which is exactly how a changed name, figure or quotation hides. On the 1,000
labelled dev examples (``benchmarks/specifics.py``), 2 of 500 faithful answers state a number no
passage states, and 68 of 500 unfaithful ones; 9 faithful answers (all WiCE, adding world
knowledge) and 75 unfaithful ones a name; 1 faithful (WiCE, a registry's wording from world
knowledge) and 2 unfaithful ones a quotation.

Both sides are compared as content terms (:func:`~pytest_faithful.text.terms.content_terms`), so
"51million" is "51 million", "three" is "3", "second" is "2nd", "9am-5pm" is two times of day
and "Ross's" is "Ross". A name is a capitalised word that does not open a sentence (or opens it
and names a place by itself: :mod:`~pytest_faithful.text.name_words`), in a claim that is not
in title case or capitals (there every word is capitalised, and none is a name by its case; a
short sentence of names, "The CEO is Jane Doe.", writes its function words in lower case and is
neither), of an answer sentence that reads as English (in German every noun is capitalised;
numbers are checked in every language). A quotation is an answer's words in double
or curly quotes (:func:`_quotations`), stated when it aligns to a passage as a judge's quote
would.
Only what the answer sentence itself states counts: a judge that misspells a name while
rewording a claim has not made the answer say it. And what the sentence states counts even when
no claim carries it (:func:`left_out`): a judge that drops a figure, or rewrites it to the
passage's, has not made the answer stop saying it.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Sequence
from decimal import Decimal
from typing import Final, Literal

from pytest_faithful.text.across import across
from pytest_faithful.text.align import align_in
from pytest_faithful.text.amounts import (
    all_amounts,
    amounts,
    bound_met,
    may_scale,
    rounded_once,
    rounds_to,
)
from pytest_faithful.text.arithmetic import derived
from pytest_faithful.text.clock import bare_hour, on_the_hour_said, without_pm
from pytest_faithful.text.clock_durations import (
    between_clock_durations,
    moved_on_clock,
    written_the_other_way,
)
from pytest_faithful.text.codes import bracketed
from pytest_faithful.text.conversions import (
    converted_alone,
    converted_partners,
    stated_conversions,
)
from pytest_faithful.text.counts import counted, party_counts, self_counts
from pytest_faithful.text.dates import unstated_dates, without_worked_out_dates
from pytest_faithful.text.elapsed import elapsed, relative_years
from pytest_faithful.text.fractions import share_stated
from pytest_faithful.text.identifiers import identifier_stated, identifiers
from pytest_faithful.text.measures import (
    clock_measures,
    measured_in,
    measures,
    part_alone,
    rounded_measure,
)
from pytest_faithful.text.name_words import (
    caseless_names,
    dotted_initialisms,
    glossed,
    initialism_stated,
    name_terms,
    named_only,
    numbered_names_blanked,
    opening_name,
    reads_as_english,
    roman_stated,
)
from pytest_faithful.text.names import (
    NameForms,
    all_name_forms,
    name_phrases,
    states_name,
)
from pytest_faithful.text.own_operands import worked_in_claim
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.segment import (
    after_item_marker,
    quotes_in,
    sentence_opening,
    split_sentences,
)
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.units import unit_written
from pytest_faithful.text.words import STOPWORDS

_WORD = regex(r"[^\W\d_][\w'\u2019-]*")
# Share of capitalised words above which a text is in title case or capitals.
_TITLE_CASE = 0.5


Kind = Literal["number", "name", "quotation", "identifier"]
"""A kind of specific: the rules that hold claims to the passages' specifics each check some."""
ALL_KINDS: Final[frozenset[Kind]] = frozenset(("number", "name", "quotation", "identifier"))


def unstated(
    claim: str, sentence: str, passages: Sequence[str], kinds: frozenset[Kind] = ALL_KINDS
) -> list[str]:
    """The numbers, names, quotations and code identifiers (those of ``kinds``) of ``claim``
    that its answer ``sentence`` states and no passage does: numbers first, then names, then
    quotations in their quotation marks, then identifiers. The passages are read only for a
    claim that has some."""
    return _unstated(claim, sentence, passages, frozenset(), kinds, frozenset())


def left_out(
    sentence: str,
    claims: Sequence[str],
    passages: Sequence[str],
    kinds: frozenset[Kind] = ALL_KINDS,
) -> list[str]:
    """The numbers, names, quotations and identifiers (those of ``kinds``) ``sentence`` states
    that none of its ``claims`` carries and no passage states: what :func:`unstated` would find
    in a claim that carried them."""
    carried = frozenset().union(*(content_terms(c) for c in claims))
    codes = frozenset().union(*(_claim_identifiers(c) for c in claims))
    return _unstated(sentence, sentence, passages, carried, kinds, codes)


def _unstated(
    claim: str,
    sentence: str,
    passages: Sequence[str],
    carried: frozenset[str],
    kinds: frozenset[Kind],
    carried_codes: frozenset[str],
) -> list[str]:
    said = content_terms(sentence)
    numbers = (
        sorted(t for t in content_terms(claim) if t[0].isdigit() and t in said and t not in carried)
        if "number" in kinds
        else []
    )
    names = [
        (name, terms)
        for name in (_names(claim) if "name" in kinds and reads_as_english(sentence) else ())
        if ((terms := name_terms(name, sentence, said)) and not terms <= carried)
        or (not carried and (terms := _initialism(name, sentence)))
    ]
    claimed = content_terms(claim)
    quotations = [
        quotation
        for quotation in (_quotations(sentence) if "quotation" in kinds else ())
        if (terms := content_terms(quotation)) <= claimed and not terms <= carried
    ]
    codes = [
        code
        for code in (identifiers(sentence) if "identifier" in kinds else ())
        if (claim == sentence or _written_in(code, claim))
        and code.removesuffix("()").casefold() not in carried_codes
    ]
    dates = [
        text
        for d in (unstated_dates(claim, tuple(passages)) if "number" in kinds else ())
        if not (terms := content_terms(text := claim[d.start : d.end])) <= carried or not terms
    ]
    if not numbers and not names and not quotations and not codes and not dates:
        return []
    stated = _passage_terms(tuple(passages))
    counted = self_counts(sentence) | party_counts(sentence) if numbers else frozenset()
    missing = [
        t
        for t in numbers
        if (
            not (
                _number_stated(t, stated)
                or on_the_hour_said(t, passages)  # "10am" for a passage's "at 10"
                or _pm_stated(t, passages, stated)
                or bare_hour(t, claim, stated)
            )
            or _at_another_scale(t, claim, tuple(passages))
        )
        and t not in counted
        and not roman_stated(t, claim, passages)
    ]
    if missing:
        missing = _stated_in_no_other_form(missing, claim, tuple(passages), stated)
    found = frozenset(missing)
    rest = [t for t in numbers if t not in found and t not in counted]
    if named := frozenset(named_only(rest, claim, tuple(passages))):
        apart = numbered_names_blanked(tuple(passages))  # "CIFAR-10" states no "10x faster"
        missing.extend(_stated_in_no_other_form(sorted(named), claim, apart, _passage_terms(apart)))
    # A part of a measure in two units, written alone: no other form.
    missing.extend(t for t in rest if t not in named and part_alone(t, claim, tuple(passages)))
    phrases = name_phrases(claim) if names else {}
    for name, terms in names:
        if terms <= stated or name in missing:
            continue
        if _PLURAL_INITIALISM.fullmatch(name) and content_terms(name[:-1]) <= stated:
            continue  # "TVs" names what "a TV" does
        if initialism_stated(name, sentence, tuple(passages)) or glossed(
            name, claim, tuple(passages)
        ):
            continue
        if unit_written(name, claim, tuple(passages)):
            continue  # "20 GB" for a passage's "20 gigabytes"
        if _clipped(name, passages):
            continue  # "a 9-year-old Lab" for a passage's "Labrador"
        if not states_name(name, phrases.get(name, name), _passage_names(tuple(passages))):
            missing.append(name)
    reported = frozenset().union(*(content_terms(m) for m in missing))
    missing.extend(dict.fromkeys(d for d in dates if not content_terms(d) & reported))
    if missing:
        missing = without_worked_out_dates(missing, claim, tuple(passages))
    missing.extend(f'"{q}"' for q in quotations if not _quoted(q, tuple(passages)))
    unstated_codes = (code for code in codes if not identifier_stated(code, passages))
    missing.extend(itertools.islice(unstated_codes, _MOST_IDENTIFIERS))
    return missing


def _clipped(name: str, passages: Sequence[str]) -> bool:
    """Whether ``name`` is one capitalised word that is the clipped start of a longer name a
    passage writes: "Lab" of "Labrador", "Fed" of "Federal Reserve"."""
    if len(name) < 3 or not name.isalpha() or not (name[0].isupper() and name[1:].islower()):
        return False
    clipped = re.compile(rf"\b{name}[a-z]{{3,}}\b")
    return any(clipped.search(passage) for passage in passages)


# An initialism's plural: "TVs", "ATMs" (the stemmer keeps the "s" of a short word).
_PLURAL_INITIALISM = regex(r"[A-Z]{2,}s")
# The unstated identifiers a reason names at most: each one not stated costs a reading of the
# passages, and a reason that names this many has made its point.
_MOST_IDENTIFIERS = 10


def _written_in(identifier: str, claim: str) -> bool:
    """Whether ``claim`` writes ``identifier`` (one of its sentence's), with or without the
    brackets of a call."""
    return identifier.removesuffix("()").casefold() in _claim_identifiers(claim)


@functools.lru_cache(maxsize=256)
def _claim_identifiers(claim: str) -> frozenset[str]:
    return frozenset(i.removesuffix("()").casefold() for i in identifiers(claim))


# A suite checks many answers against the same few contexts; the union is a value of the texts.
@functools.lru_cache(maxsize=64)
def _passage_terms(passages: tuple[str, ...]) -> frozenset[str]:
    return frozenset().union(*(content_terms(p) for p in passages))


@functools.lru_cache(maxsize=64)
def _passage_names(passages: tuple[str, ...]) -> NameForms:
    forms = all_name_forms(passages)  # and those a passage without capitals names
    caseless = frozenset(n for p in passages for n in caseless_names(p))
    return forms._replace(words=forms.words | caseless) if caseless else forms


def _pm_stated(term: str, passages: Sequence[str], stated: frozenset[str]) -> bool:
    """ "2:15 pm" against a passage's "2:15" (said without its half of the day, as a chat's
    "2:15 in the afternoon" is), not its "02:15" (the 24-hour clock's)."""
    return any(without_pm(term, p) in stated for p in passages) if ":" in term else False


def _number_stated(term: str, stated: frozenset[str]) -> bool:
    if term in stated or term == "1":  # 1 is as often "a", "an", "one", "single" or "first"
        return True
    if term.endswith("0s"):  # a decade, stated by any of its years: "1990s" by "1994"
        return any(len(t) == 4 and t.isdigit() and t[:3] == term[:3] for t in stated)
    return False


@functools.lru_cache(maxsize=64)
def _passage_amounts(passages: tuple[str, ...]) -> frozenset[Decimal]:
    return frozenset().union(*(all_amounts(p) for p in passages))


@functools.lru_cache(maxsize=64)
def _sorted_amounts(passages: tuple[str, ...]) -> tuple[Decimal, ...]:
    return tuple(sorted(_passage_amounts(passages)))


def _values(term: str, claim: str) -> frozenset[Decimal]:
    """The amounts ``claim`` states with ``term``: at the scale written after it when there is
    one ("3" in "3 million parcels": 3,000,000 alone), else its own value."""
    written = amounts(claim).get(term, frozenset())  # its own value is the term's digits
    return written - {Decimal(term)} if len(written) > 1 else written


def _at_another_scale(term: str, claim: str, passages: tuple[str, ...]) -> bool:
    """Whether ``claim`` writes ``term`` with a scale word ("3 million") and no passage states
    that amount: the passages' "3 days" does not state "3 million parcels"."""
    if not may_scale(claim):
        return False
    written = amounts(claim).get(term, frozenset())
    return len(written) > 1 and not _values(term, claim) & _passage_amounts(passages)


# The most missing numbers a claim may have and still be read as worked out: a claim of more
# is a list of figures, not a sum (and trying each against every run of the passages'
# sentences would take time their product).
_MOST_WORKED_OUT = 3


def _stated_in_no_other_form(
    numbers: list[str], claim: str, passages: tuple[str, ...], stated: frozenset[str]
) -> list[str]:
    """``numbers`` less those the passages state as the same amount in another form: with or
    without a scale word (:mod:`~pytest_faithful.text.amounts`), in another unit of the same
    exact size ("1.2 g" for "1,200 mg", "48 hours" for "2 days"), a percentage said as a
    fraction ("50%" for "half", "a third" for "34%", "one in eight" for "12%"), a bound that
    a passage's value of the same kind meets ("over 1,000 people" for "1,500 people"), or a
    conversion of a measure the claim writes beside it that is not missing ("77°F" in "25°C
    (77°F)": :mod:`~pytest_faithful.text.conversions`)."""
    stated_amounts = _passage_amounts(passages)
    halved = "half" in stated and "percent" in content_terms(claim)
    measured = measures(claim)
    kept = [
        term
        for term in numbers
        if not _values(term, claim) & stated_amounts
        and not rounds_to(term, claim, _sorted_amounts(passages))
        and not rounded_once(term, claim, passages)
        and not (halved and term == "50")
        and not (term in measured and measured[term] & measured_in(passages))
        and not clock_measures(term) & measured_in(passages)  # "9:58": 9 hours 58 min
        and not rounded_measure(term, claim, passages)  # "about 8 hours" for 7 h 55 min
        and not written_the_other_way(term, claim, passages)  # "12:40", "12 minutes 40 s"
        and not bracketed(term, passages)  # "Corve Street Butchers (43)."
    ]
    if not kept:
        return kept
    missing = [
        t
        for t in kept
        if not bound_met(t, claim, passages)
        and not share_stated(t, claim, passages)
        and not _relative_year(t, passages)
        and not elapsed(t, claim, passages)  # years between the passages' years: elapsed.py
    ]
    # Worked out from the passages' numbers, or a count of what they list (text/arithmetic.py,
    # text/counts.py).
    if 0 < len(missing) <= _MOST_WORKED_OUT:
        missing = [
            t
            for t in missing
            if not derived(t, claim, passages)
            and not worked_in_claim(t, claim, passages)  # from the claim's own operands
            and not between_clock_durations(t, claim, passages)  # "by 46 seconds", 2:18:57
            and not moved_on_clock(t, claim, passages)  # "11 seconds behind 37:42": 37:53
            and not counted(t, claim, passages)
            and not across(t, claim, passages)  # one number from each of two passages
        ]
    # A measure converted beside one the passages state: "25°C (77°F)" for the passages' 25°C;
    # or beside one of the claim's that is not missing ("a difference of 10 miles (16 km)").
    if not missing:
        return missing
    excused = stated_conversions(claim, passages) | converted_alone(claim, passages)
    accounted = set(numbers) - set(missing)
    partners = converted_partners(claim)
    return [t for t in missing if t not in excused and not partners.get(t, frozenset()) & accounted]


def _relative_year(term: str, passages: tuple[str, ...]) -> bool:
    """Whether the year ``term`` is one a passage says relative to a year it states: "last
    year" in a passage that states 2018 (its date) states 2017 (text/elapsed.py)."""
    return term.isdigit() and any(int(term) in relative_years(p, p) for p in passages)


def _in_title_case(words: Sequence[re.Match[str]]) -> bool:
    """Whether a text with mostly capitalised words is in title case or capitals rather than a
    short sentence full of names ("The CEO is Jane Doe.", "The Nimbus Pro II supports WiFi 6."):
    prose writes its function words, and its other words but names, in lower case after the
    first word; titles write only function words so, and rarely all of them."""
    rest = [m[0] for m in words[1:]]
    if any(w[0].islower() and w.casefold() not in STOPWORDS for w in rest):
        return False
    function_words = [w for w in rest if w.casefold() in STOPWORDS]
    return not function_words or any(w[0].isupper() for w in function_words)


_MARKS = frozenset(("am", "unk", "lrb", "rrb", "lsb", "rsb"))


def _initialism(name: str, sentence: str) -> frozenset[str]:
    """An initialism whose letters spell a function word ("US", "WHO", "IT"), as its own term,
    where the answer sentence writes it so ("AM" is a time's, "UNK" a tokenizer's mark)."""
    word = name.casefold()
    if (
        len(name) >= 2
        and name.isupper()
        and word in STOPWORDS
        and word not in _MARKS
        and re.search(rf"\b{name}\b", sentence)
    ):
        return frozenset((name.casefold(),))
    return frozenset()


# A pure reading of its text, asked for again by several rules and steps of one check.
@functools.lru_cache(maxsize=4096)
def _names(text: str) -> tuple[str, ...]:
    if text.islower():  # no capital letter: case marks no name (text/name_words.py)
        return caseless_names(text, unlisted=True)
    words = list(_WORD.finditer(text, after_item_marker(text, 0)))  # "ii. It was": "It" opens it
    capitalised = [m for m in words if m[0][0].isupper()]
    if len(words) >= 3 and len(capitalised) > _TITLE_CASE * len(words) and _in_title_case(words):
        return ()
    first_words = set()
    labels = []  # a discourse label's own words ("TL;DR:", "Short answer:") name nothing
    for sentence in split_sentences(text):
        opening = sentence_opening(text, sentence.start)
        if opening > sentence.start:
            labels.append(range(sentence.start, opening))
        for at in {sentence.start, after_item_marker(text, sentence.start), opening}:
            if (first := _WORD.search(text, at, sentence.end)) is not None:
                first_words.add(first.start())
    if ":" in text:  # a chat turn's first word opens it: "Mei: Reminder that ..."
        first_words.update(m.end() for m in _TURN_LABEL.finditer(text))
    # "I", "I'm" are capitalised anywhere, but have no content term, so they are never listed.
    # A period written short ("Q3", "FY2023") is the period's words, which no rule holds to a
    # passage as a name ("the third quarter"). "U.S." is one name, not the letters U and S.
    dotted = dotted_initialisms(text)
    found = [
        (m.start(), _name_part(m[0]))
        for m in capitalised
        if (m.start() not in first_words or opening_name(m[0], text[m.end() : m.end() + 2]))
        and not _PERIOD.fullmatch(m[0])
        and not any(m.start() in label for label in labels)
        and not any(d.start() <= m.start() < d.end() for d in dotted)
    ]
    return tuple(name for _, name in sorted(found + [(d.start(), d[0]) for d in dotted]))


_PERIOD = regex(r"[QH][1-4]|FY\d{2}(?:\d{2})?")
_TURN_LABEL = regex(
    r"(?m)^[^\S\n]*(?:\[[^\]\n]{1,24}\][^\S\n]*)?[^\W\d_][\w'.-]*(?:[^\S\n][^\W\d_][\w'.-]*)?:[^\S\n]+"
)


def _name_part(word: str) -> str:
    """The name in a compound made of it ("Texas" in "Texas-based", "London" in
    "London-born"); the word itself when every part is capitalised ("Coca-Cola", "Mon-Fri")."""
    if "-" not in word:
        return word
    parts = word.split("-")
    named = [p for p in parts if p[:1].isupper()]
    if len(named) == len(parts) or any(p[:1].isupper() for p in parts[len(named) :]):
        return word
    return "-".join(named)


# A quotation of fewer words is most often a scare quote or a term ("so-called 'smart' fees"),
# whose words the judge and the other rules read like any others.
_QUOTATION_WORDS = 3


# A pure reading of its text, asked for again by several rules and steps of one check.
@functools.lru_cache(maxsize=4096)
def _quotations(sentence: str) -> tuple[str, ...]:
    """The words an answer ``sentence`` puts in quotation marks as someone's own: stretches of
    at least :data:`_QUOTATION_WORDS` words, most of them not capitalised ("Maiden Heaven: A
    Tribute to Iron Maiden" is a title, a name, left to the names rule)."""
    found = []
    for quotation in quotes_in(sentence, single=False):
        words = list(_WORD.finditer(quotation))
        capitalised = sum(m[0][0].isupper() for m in words)
        if (
            len(words) >= _QUOTATION_WORDS
            and len(quotation.split()) >= _QUOTATION_WORDS  # not an address: "https://acme.io/x"
            and capitalised <= _TITLE_CASE * len(words)
        ):
            found.append(quotation)
    return tuple(found)


# Each claim of a sentence, and the sentence for what its claims leave out, asks again.
@functools.lru_cache(maxsize=256)
def _quoted(quotation: str, passages: tuple[str, ...]) -> bool:
    """Whether ``quotation`` is in some passage, allowing the small edits of a quote written
    from memory: case, punctuation, an ellipsis, a word or two changed, but not its numbers,
    names or negation (:func:`~pytest_faithful.text.evidence.align`)."""
    return align_in(passages, quotation, None) is not None
