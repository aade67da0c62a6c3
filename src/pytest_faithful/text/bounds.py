"""Which way a bound on a number points.

"Applicants must be at least 16" and "Applicants must be 16 or younger" state the same number,
16, as bounds that point opposite ways: a lower bound (16 is the least) and an upper bound (16
is the most). :func:`bound_senses` reads each number a text writes as a bound, the way a
careful paraphrase writes one: before the number ("over $50", "no more than 10", "no later
than 5 pm", "within 14 days", "a minimum age of 16", "must not exceed 20 mph"), after it ("16
or older", "10 books or fewer", "aged 18 and over", "5 GB at most"). The number-clash rule
(:mod:`pytest_faithful.text.number_clash`) holds a claim's bound to the evidence's bound on
the same number: the other way is another value.

A clause that negates what it says of its bounded number ("Do not take more than 2 tablets",
"Files larger than 25 MB cannot be attached", "Power banks over 160 Wh are forbidden") bounds
what is allowed the other way: :func:`bound_senses` turns a bound over when the words of its
clause hold an odd number of negations or prohibitions besides those of its bound phrase ("no
more than", "not exceed").
:func:`without_bounds` blanks a bound's words and those negations, for the rules that read
negations and opposite words once a claim's bound agrees with its evidence's
(:func:`same_bounds`): "Take at most 2 tablets" for "Do not take more than 2 tablets".
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from types import MappingProxyType

from pytest_faithful.text.markup import unmarked
from pytest_faithful.text.patterns import Regex, regex
from pytest_faithful.text.readings import normalised
from pytest_faithful.text.senses import NO_CHARGE
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.words import NEGATIONS, WORD, is_negation

LOWER = "lower"
UPPER = "upper"

# Comparatives that put a value above the number ("older than 16": more than 16) and below it.
_ABOVE = "more|greater|higher|larger|bigger|longer|older|taller|heavier|faster|later|wider"
_BELOW = "less|fewer|lower|smaller|shorter|younger|lighter|slower|earlier|sooner|narrower"
# Never begun inside a number, and a cheap look-ahead first: a number of thousands of digits is
# read in linear time.
_NUMBER = (
    r"(?:[$\u20ac\u00a3\u00a5][^\S\n]?)?(?<![\d.,])"
    r"(?P<number>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?(?::\d\d)?"
    r"(?:[^\S\n]?(?:am|pm|a\.m\.|p\.m\.)(?!\w))?)(?!\d)(?![\d,]*\d)"
)
# A bound written before its number. "by" bounds a time of day only ("by 5 pm"; "grew by 5%"
# is no bound): see ``_TIME_ONLY``.
_BEFORE = regex(
    r"\b(?:"
    rf"(?:(?P<negcmp>no|not)[^\S\n]+)?(?P<cmp>{_ABOVE}|{_BELOW})[^\S\n]+than"
    r"|(?:(?P<negexc>not|never)[^\S\n]+(?:to[^\S\n]+)?)?(?P<exceed>exceed(?:s|ing)?|surpass(?:es|ing)?)"
    r"|(?P<lower>over|above|in excess of|upwards of|at least|starting at|after|beyond)"
    r"|(?P<upper>under|below|up to|at most|within|no later than|before|until|till|by"
    r"|limited to|capped at|in the first)"
    r"|(?P<noun>minimum|maximum|max)(?:[^\S\n]+[\w'\u2019-]+){0,5}?[^\S\n]*(?:is|are|was|of|:|=)?"
    # "the over-30 cm class", "under-18 players": the bound hyphened to its number (not a
    # group named so: "the under-12s can't", whose negation is of what the group does)
    rf")(?:[^\S\n]+|(?<=over|nder|bove|elow)-(?!\d+s\b)){_NUMBER}",
    re.IGNORECASE,
)
# A bound written after its number, at most three words on: "16 years or older", "10 books or
# fewer", "aged 18 and over", "5 GB of files at most".
_AFTER = regex(
    rf"{_NUMBER}(?:[^\S\n]+[^\W\d_][\w'\u2019]*){{0,3}}?[^\S\n]+(?P<tail>"
    rf"(?:or|and)[^\S\n]+(?:(?P<above>{_ABOVE}|over|above|up|after)"
    rf"|(?P<below>{_BELOW}|under|below|before))"
    r"|(?P<most>at[^\S\n]+(?:the[^\S\n]+)?most|max(?:imum)?)"
    r"|(?P<least>at[^\S\n]+(?:the[^\S\n]+)?least|minimum)"
    r")\b",
    re.IGNORECASE,
)
# A word every bound above holds ("or" and "and" only before the word they bound with: "16 or
# older", "18 and over"): a text with none, or with no digit, is read no further.
_HINT = regex(
    r"\b(?:than|exceed\w*|surpass\w*|over|above|excess|upwards|least|most|starting|after|beyond"
    r"|under|below|up to|within|before|until|till|by|limited|capped|first|minimum|maximum|max"
    rf"|(?:or|and)[^\S\n]+(?:{_ABOVE}|{_BELOW}|up))\b",
    re.IGNORECASE,
)
# The bounds that mark a time of day only.
_TIME_ONLY = frozenset({"by"})


def _sense_before(match: re.Match[str]) -> str:
    if match["cmp"]:
        above = re.fullmatch(_ABOVE, match["cmp"], re.IGNORECASE) is not None
        return LOWER if above != bool(match["negcmp"]) else UPPER
    if match["exceed"]:
        return UPPER if match["negexc"] else LOWER
    if match["noun"]:
        return LOWER if match["noun"].casefold().startswith("min") else UPPER
    return LOWER if match["lower"] else UPPER


# A period counted back from an event ("30 days before moving out", "two weeks in advance"):
# a bound on the moment ("no later than", "no earlier than") is then the other bound on the
# period. "Give notice no later than 30 days before moving out" is at least 30 days' notice.
_COUNTED_BACK = regex(
    r"['\u2019]?[^\S\n]*(?:(?:business|working|calendar)[^\S\n]+)?"
    r"(?:minutes?|hours?|days?|weeks?|months?|years?)['\u2019]?[^\S\n]+"
    r"(?:before|prior[^\S\n]+to|in[^\S\n]+advance|ahead)\b",
    re.IGNORECASE,
)
_MOMENT = frozenset({"later", "earlier", "sooner", "no later than", "until", "till"})


def _counted_back(text: str, match: re.Match[str]) -> bool:
    """Whether the bound of ``match`` (before its number) bounds a moment, on a period its
    number counts back from an event."""
    word = (match["cmp"] or match["upper"] or "").casefold()
    return word in _MOMENT and _COUNTED_BACK.match(text, match.end()) is not None


def _either_way(text: str, match: re.Match[str]) -> bool:
    """Whether the bound of ``match`` is an "up to" on a period counted back from an event by
    "before", which reads both ways: "cancel free up to 48 hours before" ends the window 48
    hours before (at least 48 hours' notice), "book up to 30 days before" opens it then (at
    most 30 days). "Book up to 48 hours ahead" (or "in advance") opens a window only."""
    if (match["upper"] or "").casefold() != "up to":
        return False
    back = _COUNTED_BACK.match(text, match.end())
    return back is not None and back[0].casefold().endswith("before")


def _sense_after(match: re.Match[str]) -> str:
    return LOWER if match["above"] or match["least"] else UPPER


@functools.lru_cache(maxsize=1024)
def bound_senses(text: str) -> Mapping[str, frozenset[str]]:
    """Each number term ``text`` writes as a bound -> the senses of its bounds (``LOWER``: the
    number is the least, "at least 16", "over $50"; ``UPPER``: the most, "up to 10", "by 5
    pm"), turned over by a negation in their clause (module docstring)."""
    text = unmarked(text)  # "_never_ after 14 days": a negated bound
    return _read(text)[0]


def bounded_units(text: str) -> frozenset[tuple[str, str, str]]:
    """Each bound ``text`` writes as (number term, sense, the word after its number): "at
    least 4 hours" is ("4", LOWER, "hours") beside "up to 4 times", ("4", UPPER, "times")."""
    text = unmarked(text)
    if not _read(text)[0]:
        return frozenset()
    read = normalised(text)
    found: set[tuple[str, str, str]] = set()
    for pattern in (_BEFORE, _AFTER):
        for match in pattern.finditer(read):
            terms = [t for t in content_terms(match["number"]) if t[0].isdigit()]
            read_sense = _sense(read, pattern, match, terms)
            unit = _WORD_AFTER.match(read, match.end("number"))
            if read_sense is not None:
                found.update((t, read_sense[0], unit[1].casefold() if unit else "") for t in terms)
    return frozenset(found)


_WORD_AFTER = regex(r"[^\S\n]*([^\W\d_]+)")


def without_bounds(text: str) -> str:
    """``text`` (as :func:`~pytest_faithful.text.readings.normalised` reads it) with the words of
    its bounds blanked, the negations read into them included, their numbers kept: "Do not
    take more than 2 tablets" reads "Do     take           2 tablets". For the rules that read
    negations and opposite words, once a claim's bounds agree with its evidence's
    (:func:`same_bounds`): "no more than" or "at least" is then said of the number alike."""
    text = unmarked(text)
    blanks = _read(text)[1]
    if not blanks:
        return text
    chars = list(normalised(text))
    for start, end in blanks:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def same_bounds(claim: str, evidence: str) -> bool:
    """Whether ``claim`` bounds a number, and ``evidence`` bounds none of the claim's bounded
    numbers the other way: "30 or more days" and "at least 30 days", "no faster than 20 mph"
    and "20 mph" (a bound the other way is another value: the number-clash rule's)."""
    said, shown = bound_senses(claim), bound_senses(evidence)
    return bool(said) and all(said[t] == shown[t] for t in said.keys() & shown.keys())


# A bound on the number of a bound just given, by a pronoun for it: "under that".
_AGAIN = regex(
    r"(?i)\b(?:(?:(?P<lower>over|above|(?:more|greater|higher)\s+than)"
    r"|(?P<upper>under|below|(?:less|fewer|lower)\s+than))\s+(?:that|this|it)"
    # "at least 24 hours' notice ... cancellations made with less notice are charged"
    r"|(?:less|shorter)\s+notice)\b"
)
# A negation of a bound the text has just given, by a pronoun for it: "No higher than 3 metres;
# never climb above that", "up to 2 tablets, and do not go over this".
_NEGATED_AGAIN = regex(
    r"(?i)\b(?:not|never|no|cannot|[a-z]+n['\u2019]t)\s+(?:[a-z]+\s+){0,2}?"
    r"(?:above|over|beyond|exceed(?:s|ing)?|more\s+than|higher\s+than|longer\s+than)"
    r"\s+(?:that|this|it)\b"
)


def turned_over(text: str) -> bool:
    """Whether ``text`` turns a bound of its own over with a negation ("Pilots taller than 6 ft
    4 in may not fit", "never climb above that" after the bound it stands for): one whose
    sense read with its negations is not its sense as written."""
    text = unmarked(text)
    senses, _, written = _read(text)
    return senses != written or (bool(senses) and _NEGATED_AGAIN.search(text) is not None)


def written_senses(text: str) -> Mapping[str, frozenset[str]]:
    """Each number term ``text`` writes as a bound -> the senses of its bounds as written, no
    negation read: "Decks lower than 60 cm do not require a permit" bounds 60 from above."""
    return _read(unmarked(text))[2]


_Read = tuple[
    Mapping[str, frozenset[str]], tuple[tuple[int, int], ...], Mapping[str, frozenset[str]]
]


@functools.lru_cache(maxsize=1024)
def _read(text: str) -> _Read:
    """The bounds' senses by number term, the spans of the normalised text that say them
    (each bound's words, its number aside, and the negations that turn it over), and their
    senses as written."""
    if _HINT.search(text) is None or not any(c.isdigit() for c in text):
        return _NONE, (), _NONE
    read = normalised(text)
    found: dict[str, set[str]] = {}
    written: dict[str, set[str]] = {}
    blanks: list[tuple[int, int]] = []
    placed: list[tuple[int, list[str]]] = []  # where each bound is, and its numbers
    for pattern in (_BEFORE, _AFTER):
        for match in pattern.finditer(read):
            terms = [t for t in content_terms(match["number"]) if t[0].isdigit()]
            read_sense = _sense(read, pattern, match, terms)
            if read_sense is None:
                continue
            sense, negations = read_sense
            placed.append((match.start(), terms))
            either = pattern is _BEFORE and _either_way(read, match)
            for term in terms:
                found.setdefault(term, set()).add(sense)
                written.setdefault(term, set()).add(_OTHER[sense] if len(negations) % 2 else sense)
                if either:
                    found[term].add(_OTHER[sense])
                    written[term].add(_OTHER[sense])
            words = (
                match.span("tail") if pattern is _AFTER else (match.start(), match.start("number"))
            )
            blanks += [words, *negations]
    if not found:
        return _NONE, (), _NONE
    # "For vans over 3.5 tonnes we'd send a specialist, but a Transit is under that": a bound
    # on the number of the bound before it.
    for m in _AGAIN.finditer(read) if placed else ():
        before = [terms for at, terms in placed if at < m.start()]
        if before:
            sense = LOWER if m["lower"] else UPPER
            negations = _negations(read, m.start(), m.end())
            for term in before[-1]:
                found[term].add(_OTHER[sense] if len(negations) % 2 else sense)
                written[term].add(sense)
    return (
        MappingProxyType({term: frozenset(senses) for term, senses in found.items()}),
        tuple(blanks),
        MappingProxyType({term: frozenset(senses) for term, senses in written.items()}),
    )


def _sense(
    read: str, pattern: Regex, match: re.Match[str], terms: list[str]
) -> tuple[str, list[tuple[int, int]]] | None:
    """The sense of one bound ``match`` of ``pattern`` and the negations that turn it over, or
    None where it is no bound ("by 5%")."""
    word = (match.groupdict().get("upper") or "").casefold()
    if word in _TIME_ONLY and not any(":" in t for t in terms):
        return None
    sense = _sense_before(match) if pattern is _BEFORE else _sense_after(match)
    if pattern is _BEFORE and _counted_back(read, match):
        sense = _OTHER[sense]
    negations = _negations(read, match.start(), match.end())
    least = (match.groupdict().get("lower") or "").casefold() == "at least"
    if least and _HOW_LONG_NOT.search(read, max(0, match.start() - 4), match.start()):
        # "shouldn't fly for at least 18 hours" says how long not to: "must not fly within 18
        # hours", its negation the bound's words as that one's is, but turning nothing over.
        return sense, negations
    return (_OTHER[sense] if len(negations) % 2 else sense), negations


_HOW_LONG_NOT = regex(r"\bfor[^\S\n]+\Z")


_NONE: Mapping[str, frozenset[str]] = MappingProxyType({})
_OTHER = {LOWER: UPPER, UPPER: LOWER}
# Where a clause ends (a sentence's end; a subordinate clause too: "Liz can't because she is
# working until 6" negates no working hours; an "and" or "or" that opens a clause with a
# subject of its own: "You can cancel within 14 days and you don't need to give a reason"; an
# "unless", whose clause states what the negation excepts: "not eligible unless the course is
# at least 25%" bounds it from below): a
# negation past it ("from 1991 until 1998 (centre) ... did not allow it"; "Orders over $50 ship
# free; there is no fee") is not about the bound.
_CLAUSE_END = regex(
    r"[,;:()\[\]\n\u2013\u2014!?]|\.(?=\s|$)|\s-\s"
    r"|\b(?:but|because|since|although|though|while|whereas|so|unless)\b"
    r"|\b(?:and|or)\s+(?=(?:you|we|they|he|she|it|there|i|that)\b)"  # "... and that the group"
    # a clause whose subject a "no" opens: "14 days or less before and no refund is given"
    r"|\b(?:and|or)\s+(?=no\s+[^\W\d_]+\s+(?:is|are|was|were|will|can|may)\b)"
    # a predicate of its own, its subject left out: "compulsory below 16°C and are not
    # permitted above 22°C" negates no 16, "back by 6pm and asked everyone not to be late"
    # no 6pm
    r"|\b(?:and|or)\s+(?=(?:not\s+)?(?:are|is|was|were|must|may|can|cannot|should|will|has|have"
    r"|aren't|isn't|wasn't|weren't|can't|won't|mustn't|shouldn't|hasn't|haven't"
    r"|asked|told|said|added|warned|reminded|urged)(?![\w']))",
    re.IGNORECASE,
)
# A negation anywhere in a bound's clause turns it over: "Do not take more than 2 tablets",
# "Files larger than 25 MB cannot be attached", "No dogs over 10 kg are allowed", and the same
# in the passive, "This medicine should not be taken by children under 12" (four words apart:
# a reach of four words read it one way and "Children under 12 should not take this medicine"
# the other, a clash between two faithful sentences). "without" negates only its object: "not
# exceeding 1,200 mg per day without medical supervision" bounds the dose from above. A clause
# is read at most ``_REACH_CHARS`` either side (linear time).
_REACH_CHARS = 160


def _negations(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The spans of the negations of the bound at ``text[start:end]``: the words of its clause
    (its own words, "no more than", "not exceed", aside)."""
    # A bounded stretch each side: a text's many bounds each read in constant time.
    low = max(0, start - _REACH_CHARS)
    before = _CLAUSE_END.split(text[low:start])[-1]
    # A bound that ends its sentence ("open until 5 p.m. We do not ...") has no words after it.
    ends = text[end - 1 : end] == "." and text[end : end + 1].isspace()
    rest = text[end : end + _REACH_CHARS]
    after = "" if ends else _CLAUSE_END.split(rest)[0]
    fronted = not before.strip() and text[start : start + 6].casefold() == "within"
    if not ends and fronted and rest[len(after) : len(after) + 1] in (",", ":"):
        # A time window that opens its sentence, set off by a comma or a colon, is the next
        # clause's: "Within 14 days, no refund is given" says "No refund ... within 14 days".
        stop = _CLAUSE_END.search(rest, len(after) + 1)
        after = rest[: stop.start() if stop else len(rest)]
    after = _CONDITION_OPENS.split(after, maxsplit=1)[0]  # "at least 24 hours ahead if you can't"
    first = start - len(before)
    spans = [
        (first + m.start(), first + m.end())
        for m in _NEGATION_WORD.finditer(before)
        if not _compares(text, first + m.end(), start)
        and not _CONDITION_AFTER.match(text, first + m.end())
        and not _names_a_ban(text, first + m.start(), first + m.end())
        and not any(c.start() <= m.start() < c.end() for c in _NO_CHARGE.finditer(before))
    ]
    return (
        spans
        + _list_lead_negations(text, low, start)
        + [
            (end + m.start(), end + m.end())
            for m in _NEGATION_WORD.finditer(after)
            if not _OF_A_NOUN.search(after, 0, m.start())
        ]
    )


# A sentence's end, past which a list's lead-in is another sentence's.
_SENTENCE_END = regex(r"\.(?=\s)|[!?\n]")
# A colon that ends a lead-in, not one of a time ("5:30pm").
_LEAD_COLON = regex(r":(?!\d)")
# What marks a list's items: "(b)", "ii)", "; ".
_LIST_ITEM = regex(r"\((?:[a-z]|[ivx]{1,4}|\d{1,2})\)|\b(?:[a-z]|[ivx]{1,4})\)|;")


def _list_lead_negations(text: str, low: int, start: int) -> list[tuple[int, int]]:
    """The negations of the lead-in of a list the bound at ``start`` is an item of: "We will not
    cover: (a) ...; (b) flights over 120 metres" negates each item, as "Flights over 120
    metres are not covered" does (the colon ends a clause, not the list's negation)."""
    colon = max((m.start() for m in _LEAD_COLON.finditer(text, low, start)), default=-1)
    if colon < 0 or _SENTENCE_END.search(text, colon, start):
        return []
    if not _LIST_ITEM.search(text, colon, start):
        return []  # "Not normally: a player who withdraws ...": an answer, no list
    lead = max(low, *(text.rfind(mark, low, colon) + 1 for mark in (". ", "\n", "? ", "! ")))
    return [(lead + m.start(), lead + m.end()) for m in _NEGATION_WORD.finditer(text[lead:colon])]


# "Not if you're 16 or over: ...": a negation that answers no to what the condition after it
# excepts, not one of the condition's bound.
_CONDITION_AFTER = regex(r"(?i)\s+(?:if|unless|when|once)\b")
# A condition after a bound is a clause of its own, its negations none of the bound's.
_CONDITION_OPENS = regex(r"(?i)\b(?:if|when|whenever|once)\b")
# "up to 23 kg at no charge", "at least 6.5 overall with no component under 6.0": a "no" after a
# preposition negates its own noun, as "without" does, not the clause's bound before it. Before
# a bound, only the charge's ("at no charge up to 24 hours before", senses.NO_CHARGE): "with no
# rower above 72.5 kg" turns the rower's bound over.
_OF_A_NOUN = regex(r"(?i)\b(?:at|with|for|of|in|on|by|from|to)\s+$")
_NO_CHARGE = regex(f"(?i){NO_CHARGE}")


# "not as effective as the injected vaccine in adults over 50": the "not" denies a comparison
# that ends before the bound, not the bound ("not as many as 50" is the bound's own).
_NOT_AS_AS = regex(r"(?i)\s+(?:quite\s+|nearly\s+)?(?:as|so)\s+[^\W\d_]+\s+as\s+[^\W\d_]")


def _compares(text: str, after: int, bound: int) -> bool:
    """Whether the negation ending at ``after`` is a comparison's "not as ... as" that ends
    before the bound at ``bound``."""
    found = _NOT_AS_AS.match(text, after)
    return found is not None and found.end() <= bound


# "the ban" a clause only names ("Customers who break the hosepipe ban could be fined up to
# £1,000"): no prohibition of the bound, as "a ban on boats over 5 m" is.
_A_BAN = regex(r"(?i).*\b(?:the|this|that|a|an|any)\s+(?:[\w-]+\s+){0,2}bans?\Z")
_BAN_ON = regex(r"(?i)\s+(?:on|of)\b")


def _names_a_ban(text: str, start: int, end: int) -> bool:
    return (
        _A_BAN.match(text, max(0, start - 30), end) is not None and _BAN_ON.match(text, end) is None
    )


# A word that forbids what its clause says negates it as much as "not allowed" does: "power
# banks over 160 Wh are forbidden" bounds what is allowed from above, as "power banks over 160
# Wh are not allowed" and "up to 160 Wh are allowed" do.
_PROHIBITIONS = frozenset(
    {"prohibit", "prohibits", "prohibited", "forbid", "forbids", "forbidden", "ban", "bans"}
    | {"banned", "disallowed", "illegal", "unlawful"}
    # "refuses bags larger than 55 cm" is "bags over 55 cm are not accepted"
    | {"refuse", "refuses", "refused", "reject", "rejects", "rejected"}
    # "We are unable to vaccinate children under 18" is "can't vaccinate anyone under 18"
    | {"unable"}
)
# A word of :data:`~pytest_faithful.text.words.NEGATIONS` (but "without"), an "n't", a "fail
# to" ("fail to beat the market over 15 years" is "don't beat ...") or a prohibition, whole,
# found in one pass rather than word by word
# (:func:`~pytest_faithful.text.words.is_negation`).
# The negation of another bound's own phrase ("no more than two spare batteries over 100 Wh",
# its number in words) negates no other bound.
_NEGATION_WORD = regex(
    r"(?<![\w'\u2019])(?:"
    + "|".join(sorted((NEGATIONS - {"without"}) | _PROHIBITIONS, key=len, reverse=True))
    + r"|[\w'\u2019]*n['\u2019]t|fail(?:s|ed|ing)?(?=\s+to\s))(?![\w'\u2019])"
    r"(?!\s+(?:(?:more|less|fewer|greater|later|earlier|sooner|longer)\s+than|exceed))",
    re.IGNORECASE,
)


def says_no(text: str) -> bool:
    """Whether ``text`` holds a word that may turn a bound over: a negation or a prohibition
    ("Smoking is prohibited on all trails, and also within 10 metres")."""
    return any(is_negation(word) or word.lower() in _PROHIBITIONS for word in WORD.findall(text))


def other_way(claim_senses: frozenset[str], shown: frozenset[str]) -> bool:
    """Whether a bound the evidence gives a number (``shown``) points only the other way from
    the claim's bound on it (``claim_senses``): "at least 16" for "up to 16". A number the
    claim or the evidence bounds both ways ("over $50 ship free; under $50 pay $5") is none."""
    return len(claim_senses) == 1 and len(shown) == 1 and claim_senses != shown
