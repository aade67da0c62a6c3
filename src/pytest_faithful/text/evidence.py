"""Is a judge's evidence quote really in the passage it cites, and can it prove anything?

Judges copy quotes with small changes (curly quotes, line breaks, case), so both sides are
normalised before the substring test; a paraphrase still fails, which is the point.

A quote found in the passage counts as evidence for a claim only when it *bears on* the claim
(:func:`bears_on`): it shares at least one word with the claim (a content word: not a stopword,
not a number, compared after the lexical judge's light stemming), and it holds at least two
content terms, or every content term of a claim that has only one. So ".", "e", "the", "30",
"passage 1" or a lone shared word of a longer claim never verify a claim, whatever the passage
says: a quote that short proves nothing a reader could check. A sentence that shares two long
figures with the claim ("a cap of $69,000 for 2024"), and no such word, bears on it too.
"""

from __future__ import annotations

import bisect
import difflib
import functools
from collections.abc import Sequence
from typing import NamedTuple

from pytest_faithful.text.abstentions import without_abstentions
from pytest_faithful.text.align import (
    ALIGN_WORD,
    EDGE,
    Aligned,
    align_in,
    canonical,
    fold,
    has_negation,
    joined,
    normalize,
)
from pytest_faithful.text.contrasts import contrast
from pytest_faithful.text.counts import self_counts
from pytest_faithful.text.kinds import scores
from pytest_faithful.text.name_words import initialisms_shared
from pytest_faithful.text.number_clash import number_clash
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.segment import (
    Sentence,
    is_row,
    is_table_header,
    quotes_in,
    sentence_opening,
    split_sentences,
)
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.words import WORD


class PassageIndex:
    """Passages normalised on first use, so a check with many claims normalises each once."""

    def __init__(self, passages: Sequence[str]) -> None:
        self._passages = passages
        self._normalized: dict[int, str] = {}

    def __len__(self) -> int:
        return len(self._passages)

    def contains(self, index: int, quote: str) -> bool:
        """Whether ``quote`` is in passage ``index``, verbatim or after normalising both."""
        passage = self._passages[index]
        stripped = quote.strip()
        if stripped and stripped in passage:
            return True  # the common case for extractive judges; skips normalising
        needle = normalize(quote).strip(EDGE)
        if not needle:
            return False
        if index not in self._normalized:
            self._normalized[index] = normalize(passage)
        return needle in self._normalized[index]


def could_bear_on(passage: str, terms: frozenset[str]) -> bool:
    """Whether a quote from ``passage`` could bear on a claim whose content terms are among
    ``terms``: :func:`bears_on` needs a shared word that is not a number, or two long figures
    shared by a quote of words."""
    said = content_terms(passage)
    shared = said & terms
    return any(not term[0].isdigit() for term in shared) or _figures_bear(said, shared)


# The least a quote says besides its figures for two figures it shares with a claim to bear on
# it: a sentence, not a list of numbers ("9am 1995"). Each figure past two stands for a word.
_LEAST_WORDS = 3


def _figures_bear(quoted: frozenset[str], shared: frozenset[str]) -> bool:
    """Whether two long figures in common ("a cap of $69,000 for 2024" for "the same $69,000
    limit for 2024") say what one short one ("30") cannot, in a quote of words ("Shifts run
    from 9am to 1pm or 1pm to 5pm." for "both are four hours, 9am to 1pm and 1pm to 5pm")."""
    figures = [term for term in shared if term[0].isdigit() and len(term) >= 3]
    words = [term for term in quoted if not term[0].isdigit()]
    return len(words) >= _LEAST_WORDS - max(0, len(figures) - 2) and len(figures) >= 2


# A pure reading of its text, asked for again by several rules and steps of one check.
@functools.lru_cache(maxsize=4096)
def bears_on(quote: str, claim: str) -> bool:
    """Whether ``quote`` says enough about ``claim`` to be evidence for it (module docstring).
    A question asserts nothing ("Do you ship to Canada?" from a FAQ is no evidence that you
    do)."""
    if quote.rstrip(" \t\n\"'\u201d)").endswith("?"):
        return False
    quoted = content_terms(quote)
    claimed = content_terms(claim)
    shared = [term for term in quoted & claimed if not term[0].isdigit()]
    if not shared and not (shared := initialisms_shared(quote, claim)):
        # "It ended 6-6." for "... won both triples games to draw 6-6.": the result's score
        return _figures_bear(quoted, quoted & claimed) or bool(scores(claim) & scores(quote))
    # What the claim states, not its courtesies: "... Let me know if there's anything else I can
    # help with." is no subject for a quote about helping. (A courtesy has a word or two.)
    if len(shared) <= 2 and (stated := _stated_part(claim)) != claim and content_terms(stated):
        claimed = content_terms(stated)
        if not any(not term[0].isdigit() for term in quoted & claimed):
            return False
    return len(quoted) >= min(2, len(claimed))


# A claim is read against each quote and span of its check.
@functools.lru_cache(maxsize=1024)
def _stated_part(claim: str) -> str:
    return without_abstentions(claim)


# Share of a claim's content terms below which a quote that bears on the claim still shows little
# of it: small models quote one sentence about a person for every claim about that person
# ("Leon Yeaman, 55, was killed ..." for "Mr Yeaman was in his yard making noise at 9pm").
MIN_QUOTE_SHARE = 0.25


def shows_little_of(quote: str, claim: str) -> bool:
    """Whether ``quote`` holds less than :data:`MIN_QUOTE_SHARE` of ``claim``'s content terms.

    Not a reason to doubt the verdict (measured in benchmarks/RESULTS.md, "Issue 14, session
    27": demoting such verdicts loses faithful paraphrases); the verifier shows the span that
    covers the claim instead, when one does (:func:`locate`).
    """
    claimed = content_terms(claim)
    return len(content_terms(quote) & claimed) < MIN_QUOTE_SHARE * len(claimed)


def sentence_about(said: Sequence[Sentence], claim: str) -> Sentence | None:
    """The one sentence of ``said`` (a quote's sentences) that shares more of ``claim``'s
    content terms than each other one does: what a quote of several sentences says of the claim
    itself ("We offer a wide range of plans to fit your needs." out of a turn that opens "I'm
    calling today to speak with you about our insurance products."). None when no sentence
    shares a term, or two share as many."""
    claimed = content_terms(claim)
    shares = [len(content_terms(sentence.text) & claimed) for sentence in said]
    most = max(shares, default=0)
    if not most or shares.count(most) > 1:
        return None
    return said[shares.index(most)]


# --- Aligning a quote to its passage -------------------------------------------------------------


def sentences_around(passage: str, start: int, end: int) -> str:
    """The sentences of ``passage`` that ``passage[start:end]`` touches, whole."""
    starts, ends = _sentence_bounds(passage)
    # The sentences are in order and do not overlap: those touched are the run from the first
    # that ends after ``start`` to the last that starts before ``end``, found by bisection (a
    # rule asks for each claim of a check, and a table of thousands of rows is one passage).
    first, last = bisect.bisect_right(ends, start), bisect.bisect_left(starts, end)
    if first >= last:
        return passage[start:end]
    return passage[starts[first] : ends[last - 1]]


@functools.lru_cache(maxsize=64)
def _sentence_bounds(passage: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    said = split_sentences(passage)
    return tuple(s.start for s in said), tuple(s.end for s in said)


# Stopwords that a matcher can drop but that decide what a sentence asserts: quantifiers,
# modals, comparisons and order in time or place. In an echo of the claim, one changed into
# another ("all" -> "some", "before" -> "after", "will" -> "may") is a change of meaning.
_LOGICAL_WORDS = frozenset(
    """
    all any both each every few more most no none only some such
    can could may might must shall should will would
    above after against before below between during over under until
    """.split()  # noqa: SIM905 -- a word list reads better as text
)


def _words_of(text: str) -> list[str]:
    return [fold(w) for w in ALIGN_WORD.findall(text)]


def echoed_changes(
    claim: str, quote: str, span: str, around: str | None = None
) -> list[str] | None:
    """For a quote that echoes its claim rather than the passage ``span`` it aligned to: the
    claim's words that the passage does not say, in ``around`` (the span's whole sentences;
    the span itself by default); None for a quote nearer its span than its claim.

    A judge that copies the claim as its "quote" ("Refunds are allowed after 30 days.") gets it
    aligned, by small edits, to the passage sentence it resembles ("Refunds are prohibited
    after 30 days."). The edits that alignment forgives in a quote (a judge's copying slips)
    are, in an echo of the claim, the very ways the claim departs from the source: a changed
    content word, an added one, or a changed one of ``_LOGICAL_WORDS``. Both sides are read as
    content terms, so what only differs in form is no departure ("three" and "3", "percent"
    and "%", "opens" and "open", "e-mail" and "email", "Søren" and "Soren"); words the passage
    adds are none either.
    """
    if not _nearer_claim(claim, quote, span):
        return None
    return _quoted_departures(claim, quote, span if around is None else around)


def _nearer_claim(claim: str, quote: str, span: str) -> bool:
    quoted, claimed, shown = _words_of(quote), _words_of(claim), _words_of(span)
    if not quoted or not claimed:
        return False
    near_claim = difflib.SequenceMatcher(None, quoted, claimed, autojunk=False).ratio()
    near_span = difflib.SequenceMatcher(None, quoted, shown, autojunk=False).ratio()
    return near_claim > near_span


# A word a passage breaks across a line ("depart-\nment"), which a quote writes whole.
_BROKEN_WORD = regex(r"(?<=[^\W\d_])-\s+(?=[^\W\d_])")


def _quoted_departures(claim: str, quote: str, passage: str) -> list[str]:
    """The claim's words that ``quote`` says and ``passage`` (the quoted span's sentences) does
    not: a changed or added content word, or a changed one of ``_LOGICAL_WORDS``.

    A word the quote leaves out is no departure of the quote's: an ellipsis quote ("It sold
    40,000 copies ... radio.") is shorter than its sentence and so nearer a paraphrasing claim
    ("The novel sold 40,000 copies."), but it does not say "novel"; a quote that bends the
    passage's word into the claim's ("on the south coast" for "on the north coast") does.
    """
    quoted_words = frozenset(_words_of(quote))
    quoted_terms = content_terms(canonical(quote)) | content_terms(joined(canonical(quote)))
    said = canonical(_BROKEN_WORD.sub("", passage)) + " " + canonical(passage)
    said_words = frozenset(_words_of(said))
    said_terms = content_terms(said) | content_terms(joined(said))
    # A term of several words ("half past ten", "9 a.m.") is read on the whole claim too.
    missing = content_terms(canonical(claim)) - said_terms
    departed: list[str] = []
    for token in claim.split():
        word = token.strip(EDGE)
        folded = fold(word)
        if folded in _LOGICAL_WORDS:
            if folded not in said_words and folded in quoted_words:
                departed.append(folded)
            continue
        plain = canonical(word)
        terms = content_terms(plain)
        if terms & missing & quoted_terms and not content_terms(joined(plain)) <= said_terms:
            departed.append(word)
    return departed


# Quotes of an evidence or reason text tried, longest first: a judge quotes its evidence once or
# twice, and each try aligns against every passage, so a reply full of quoted words cannot slow
# a check down.
_QUOTES_TRIED = 3


class QuotedSpan(NamedTuple):
    """A passage span that a quote inside a judge's evidence or reason aligns to."""

    span: Aligned
    quote: str
    in_reason: bool


def quoted_within(
    passages: Sequence[str], subject: str, evidence: str, reason: str, cited: int | None
) -> QuotedSpan | None:
    """For a verdict whose evidence, taken whole, proves nothing: the first quote inside its
    evidence ("Passage 2: '...'"), then inside its reason ("Passage 15 states: '...'"), that
    aligns to a passage and bears on ``subject`` (the evidence rule, applied to that quote).

    The verifier accepts such a quote as the judge's evidence, and an LLM judge asks for no
    repair when there is one, so both decide with this one function.
    """
    for text, in_reason in ((evidence, False), (reason, True)):
        for quote in quotes_in(text)[:_QUOTES_TRIED]:
            aligned = align_in(passages, quote, cited)
            if aligned is not None and bears_on(aligned.text(passages), subject):
                return QuotedSpan(aligned, quote, in_reason)
    return None


def subject_of(claim: str, question: str | None) -> str:
    """What evidence for ``claim`` must bear on: the claim, or, for a claim with no content word
    of its own ("Yes.", "Yes, I do.", "Yes, right."; :func:`claim_terms`), the claim with the
    ``question`` it answers."""
    if question is None or (
        (terms := claim_terms(claim))
        and not answers_no_for_a_case(claim)
        # A bare value ("7 p.m.", "$960.") is what the question asks, said without its words.
        and not all(term[0].isdigit() for term in terms)
    ):
        return claim
    return f"{claim} {question}"


# Words that open a sentence answering a yes/no question, whose claim may spell out the
# question ("Yes, absolutely." -> "Shipping to Canada costs $15."); "of course" too.
ANSWER_OPENERS = frozenset(
    {"yes", "yeah", "yep", "yup", "no", "nope", "nah", "sure", "absolutely", "certainly"}
    | {"definitely", "indeed", "correct", "right", "exactly", "true", "false"}
)
_OF_COURSE = ("of", "course")


# A pure reading of its text, asked for again by several rules and steps of one check.
@functools.lru_cache(maxsize=4096)
def claim_terms(text: str) -> frozenset[str]:
    """The content terms ``text`` states: none when its words only say yes or no ("Yes, right.",
    "Exactly!", "Of course.", "Short answer: yes."), which are content words elsewhere ("the
    right to vote")."""
    opening = sentence_opening(text) if ":" in text or "\u2013" in text or "\u2014" in text else 0
    words = [w.casefold() for w in WORD.findall(text, opening)]
    if words and all(w in ANSWER_OPENERS or w in _OF_COURSE for w in words):
        return frozenset()
    terms = content_terms(text)
    if (
        len(words) <= _MOST_HEDGED_WORDS
        and all(w in _HEDGED_REPLY or w in ANSWER_OPENERS for w in words)
        and terms <= _hedged_terms()  # and nothing else: "| Never | 28% |" states a share
    ):
        return frozenset()  # "Not always.", "Not necessarily, no." answer the question
    return terms


@functools.cache
def _hedged_terms() -> frozenset[str]:
    return frozenset().union(*map(content_terms, _HEDGED_REPLY | ANSWER_OPENERS))


# The words of a reply that answers a yes/no question with a degree, and nothing else.
_HEDGED_REPLY = frozenset(
    {"not", "always", "necessarily", "really", "quite", "exactly", "entirely", "usually"}
    | {"generally", "sometimes", "mostly", "often", "rarely", "never", "yet", "completely"}
    | {"probably", "possibly", "maybe", "perhaps", "likely", "unlikely", "partly", "depends", "it"}
    | {"widely", "fully", "universally", "especially", "totally", "much"}
)
_MOST_HEDGED_WORDS = 3


# The openers that answer no: the rest of ANSWER_OPENERS (and "of course") answer yes.
NO_OPENERS = frozenset({"no", "nope", "nah", "false"})


def _opening(sentence: str) -> list[str]:
    return [w.casefold() for w in WORD.findall(sentence[:40])[:2]]


def answers_yes_or_no(sentence: str) -> bool:
    """Whether ``sentence`` opens with a yes or a no (:data:`ANSWER_OPENERS`, "of course")."""
    opening = _opening(sentence)
    return bool(opening) and (opening[0] in ANSWER_OPENERS or tuple(opening) == _OF_COURSE)


def answers_no(sentence: str) -> bool:
    """Whether ``sentence`` opens with a no (:data:`NO_OPENERS`)."""
    opening = _opening(sentence)
    return bool(opening) and opening[0] in NO_OPENERS


# A no that answers the question, set off from the statement after it by a comma, semicolon,
# colon, "!", a dash or a full stop: "No, it's off by default." ("No fees apply", "No one",
# "No-fee" are none). A hedge may come first: "Generally no:", "In most cases, no;".
_NO_ANSWER = regex(
    r"\s*(?i:(?:[^\W\d_]+ly|in\s+(?:general|short|most\s+cases))\s*,?\s+)?"
    rf"(?i:{'|'.join(sorted(NO_OPENERS))}|(?<=ly\s)not)\s*(?:[,;:!\u2014\u2013]|\s-"
    r"|\.(?=\s+(?!\d)))\s*(?=\S)"  # "No. `-q` ...", read as one sentence; not "No. 5"
)


# "Not if you provide a doctor's note: ...": the not answers the question ("Does it cost
# anything?"), and the condition after it is the statement's.
_NOT_IF = regex(r"\s*(?i:not)\s+(?=(?i:if|when|unless|once|provided|as\s+long\s+as)\b)")


# "Not this year.", "Not under the official rules; Free Parking pays nothing.", "Not to the
# original payment method: ...": a not before the case it answers for, and nothing else up to
# the end of its clause, answers the question no for that case; it negates none of the case's
# words. Only a case: a preposition, a time or a degree ("Not available in Canada" negates).
_NOT_FOR = regex(
    r"\s*(?i:not)\s+(?=(?i:to|under|in|on|at|for|with|during|before|after|until|from|within|by|over"
    r"|outside|this|that|these|those|next|straight|yet|really|reliably|necessarily|entirely"
    r"|quite|exactly|usually|generally|especially|particularly|anymore|immediately|automatically"
    r"|officially|widely|fully|universally|totally|completely|much)\b"
    r"[^.,;:!?\n\u2014\u2013]{0,60}(?:[.,;:!?\n\u2014\u2013]|$))"
)


# A reply that is only a no for a case ("Not this year.", "Not to set foot there."): what it
# says is the question's, for that case, so it is held to its question as a bare "No." is.
_CASE_REPLY = regex(_NOT_FOR.pattern + r"[^.,;:!?\n]{0,60}[.!?]?\s*")


def answers_no_for_a_case(claim: str) -> bool:
    """Whether ``claim`` is only a no for a case ("Not this year.", :data:`_CASE_REPLY`)."""
    return _CASE_REPLY.fullmatch(claim) is not None


def without_no_answer(sentence: str) -> str:
    """``sentence`` without the no that opens it as an answer ("No, it's off by default." ->
    "it's off by default."; "Not if you provide a note: ..." -> "if you provide a note: ..."):
    that no negates the question, and the statement after it says what it says with its own
    negations."""
    found = _NO_ANSWER.match(sentence) or _NOT_IF.match(sentence) or _NOT_FOR.match(sentence)
    return sentence if found is None else sentence[found.end() :]


# Share of a claim's content terms the located span must hold (every number of the claim, too).
MIN_LOCATED_COVERAGE = 0.6
# Neighbouring sentences a located span may join.
_LOCATE_SENTENCES = 2


def locate(passages: Sequence[str], claim: str) -> Aligned | None:
    """The passage span (one or two neighbouring sentences) that best covers ``claim``.

    For a SUPPORTED verdict whose judge gave no usable quote: the span must hold every number of
    the claim and at least ``MIN_LOCATED_COVERAGE`` of its content terms, agree with it on
    negation, give no other value for a number of the claim (a span of two sentences may hold
    the claim's "60 days" in one about gift cards, and "30 days" in the one about returns:
    :func:`~pytest_faithful.text.number_clash.number_clash`), and bear on it (:func:`bears_on`); the
    most covering span wins, then the shortest, then the first. None when no span qualifies.
    """
    # A count the claim makes of a list it gives ("two prices: $20 and $45") is stated by
    # the list, not by a number a passage must hold.
    wanted = content_terms(claim) - self_counts(claim)
    if not wanted:
        return None
    numbers = {t for t in wanted if t[0].isdigit()}
    negated = has_negation(claim)
    best: tuple[float, int, int] | None = None
    found: Aligned | None = None
    for p, passage in enumerate(passages):
        sentences = split_sentences(passage)
        terms = [content_terms(s.text) for s in sentences]
        for i in range(len(sentences)):
            for width in range(1, _LOCATE_SENTENCES + 1):
                if i + width > len(sentences):
                    break
                if width > 1 and _two_rows(passage, sentences[i], sentences[i + width - 1]):
                    # Two rows of a table are two records: the Pro plan's name in one and the
                    # Business plan's price in the next state no price of the Pro plan.
                    break
                held = frozenset().union(*terms[i : i + width]) & wanted
                coverage = len(held) / len(wanted)
                if coverage < MIN_LOCATED_COVERAGE or not numbers <= held:
                    continue
                start, end = sentences[i].start, sentences[i + width - 1].end
                text = passage[start:end]
                key = (coverage, -(end - start), 0)
                if best is not None and key <= best:
                    continue
                if not _same_polarity(
                    sentences[i : i + width], terms[i : i + width], wanted, negated
                ):
                    continue
                if not bears_on(text, claim):
                    continue
                if numbers and number_clash(claim, text) is not None:
                    continue
                if contrast(claim, text) is not None:
                    continue
                best = key
                found = Aligned(p, start, end, coverage, "located")
    return found


def _same_polarity(
    sentences: Sequence[Sentence],
    terms: Sequence[frozenset[str]],
    wanted: frozenset[str],
    negated: bool,
) -> bool:
    """Whether a span agrees with its claim on negation. A claim that negates needs the
    negation in a sentence that holds a term of the claim: a neighbour saying "It does not
    reduce inflammation." lends no "not" to "Paracetamol is not safe." out of "Paracetamol is
    safe for most pregnant women.". A claim that does not negate needs a span without one."""
    if not negated:
        return not any(has_negation(s.text) for s in sentences)
    return any(has_negation(s.text) and t & wanted for s, t in zip(sentences, terms, strict=True))


def _two_rows(passage: str, first: Sentence, last: Sentence) -> bool:
    """Whether ``first`` and ``last`` are rows of a table, neither its header."""
    return (
        is_row(passage, first.start, first.end)
        and is_row(passage, last.start, last.end)
        and not is_table_header(first.text)
    )
