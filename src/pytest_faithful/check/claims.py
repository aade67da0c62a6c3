"""An answer's claims, as the check judges them: the judge's claims that the answer makes,
once each, and every sentence that states something no claim covers, verified whole.

* An answer sentence that only declines to answer ("I don't know."; :mod:`~pytest_faithful.
  text.abstentions`) states nothing: claims a judge ties to it are dropped, so an answer of
  abstentions is vacuous whatever the judge. A judge's ``abstentions`` attribute, if it has
  one, adds patterns to the built-in list.
* Every sentence that states something (has a content word) is judged: a sentence the judge
  left without a claim becomes a claim itself, and so does a sentence whose claims leave out a
  negation it states, or one of whose claims says the opposite of it (:func:`uncovered`).
* Identical claims count once (compared after normalising case, spacing and punctuation), so
  repeating a supported claim never raises the score; when copies got different verdicts, the
  worst one stands (:func:`worst_of_copies`).
"""

from __future__ import annotations

import dataclasses
import re
import threading
from collections.abc import Sequence

from pytest_faithful.cache.replay import Asks, noting_asks
from pytest_faithful.check.judge_calls import JudgeStep, check_offsets
from pytest_faithful.judges.base import Judge
from pytest_faithful.models import Claim, ExtractedClaims, Label, Usage, Verdict
from pytest_faithful.text.abstentions import (
    is_abstention,
    restating_headings,
    without_abstentions,
)
from pytest_faithful.text.align import negations, text_key
from pytest_faithful.text.contrasts import contrast
from pytest_faithful.text.evidence import answers_yes_or_no, claim_terms
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.polarity import negation_clash
from pytest_faithful.text.readings import only_markers
from pytest_faithful.text.segment import Sentence
from pytest_faithful.text.terms import content_terms


@dataclasses.dataclass(frozen=True)
class AnswerClaims:
    """What the verifier judges of an answer, before any passage is read."""

    claims: tuple[Claim, ...]
    """The distinct claims: the judge's, then each uncovered sentence whole."""
    filled: tuple[Claim, ...]
    """The uncovered sentences among them (:func:`_uncovered`)."""
    stated: tuple[Claim, ...]
    """Every claim of the judge's the answer makes, copies included: what each sentence's
    claims carry (:func:`_left_out`)."""


class ClaimMemo:
    """The claims a judge extracted from an answer, kept for the rest of the run (bounded).

    Keyed by judge id, answer and question: the same inputs to the same judge give the same
    claims, so faithfulness and answer relevancy on one answer decompose it once. Each entry
    keeps the recordings its extraction asked for, and a check that reuses it asks for them
    again (without reading them): a recording names the same test whichever check came first.
    """

    def __init__(self, size: int = 512) -> None:
        self._size = size
        self._kept: dict[tuple[str, str, str | None], tuple[AnswerClaims, Asks]] = {}
        self._lock = threading.Lock()  # checks in several threads share one memo

    def get(self, key: tuple[str, str, str | None]) -> AnswerClaims | None:
        with self._lock:
            kept = self._kept.get(key)
        if kept is None:
            return None
        claims, asks = kept
        asks.again()
        return claims

    def put(
        self, key: tuple[str, str, str | None], value: AnswerClaims, asks: Asks | None = None
    ) -> None:
        with self._lock:
            if key not in self._kept and len(self._kept) >= self._size:
                del self._kept[next(iter(self._kept))]
            self._kept[key] = (value, asks or Asks())


async def answer_claims(
    judge: Judge,
    answer: str,
    sentences: Sequence[Sentence],
    question: str | None,
    memo: ClaimMemo | None = None,
) -> tuple[AnswerClaims, Usage]:
    """The answer's claims and what extracting them cost (nothing when ``memo`` had them).

    A procedure (:mod:`pytest_faithful.providers.steps`): run it with ``run_sync`` or await it
    with ``run_async``."""
    key = (judge.id, answer, question)
    kept = memo.get(key) if memo is not None else None
    if kept is not None:
        return kept, Usage()
    with noting_asks() as asks:
        extracted: ExtractedClaims = await JudgeStep(
            judge, "extract_claims", (sentences, question), ExtractedClaims
        )
    check_offsets(extracted.claims, answer, judge.id)
    spans = abstaining(judge, sentences)
    stated = tuple(c for c in extracted.claims if stated_by(c, answer, question, spans))
    filled = uncovered(sentences, stated, question, spans, judge_abstentions(judge))
    claims, _ = distinct([c for c in stated if not judged_whole(c, filled)])
    found = AnswerClaims(claims=(*claims, *filled), filled=filled, stated=stated)
    if memo is not None:
        memo.put(key, found, asks)
    return found, extracted.usage


def distinct(claims: Sequence[Claim]) -> tuple[tuple[Claim, ...], list[int]]:
    """Claims with identical copies dropped, and for each given claim the index it maps to."""
    first: dict[str, int] = {}
    kept: list[Claim] = []
    copies: list[int] = []
    for claim in claims:
        key = text_key(claim.text)
        if key not in first:
            first[key] = len(kept)
            kept.append(claim)
        copies.append(first[key])
    return tuple(kept), copies


_SEVERITY = {Label.SUPPORTED: 0, Label.NOT_ENOUGH_INFO: 1, Label.CONTRADICTED: 2}


def worst_of_copies(ordered: Sequence[Verdict], copies: Sequence[int]) -> list[Verdict]:
    """One verdict per distinct claim: the worst its copies got (a copy cannot hide a doubt)."""
    chosen: dict[int, Verdict] = {}
    for verdict, target in zip(ordered, copies, strict=True):
        held = chosen.get(target)
        if held is None or _SEVERITY[verdict.label] > _SEVERITY[held.label]:
            chosen[target] = verdict
    return [chosen[i].model_copy(update={"claim_index": i}) for i in range(len(chosen))]


def abstaining(judge: Judge, sentences: Sequence[Sentence]) -> frozenset[tuple[int, int]]:
    """The spans of the sentences that state nothing to judge: those that only decline to
    answer or talk about the exchange (``abstentions.is_abstention``), and headings that name
    nothing the answer's other sentences do not state (``abstentions.restating_headings``)."""
    extra = judge_abstentions(judge)
    declining = frozenset((s.start, s.end) for s in sentences if is_abstention(s.text, extra))
    return declining | restating_headings(sentences)


def stated_by(
    claim: Claim, answer: str, question: str | None, abstaining: frozenset[tuple[int, int]]
) -> bool:
    """Whether the answer makes ``claim``; a claim it does not make is left out, and its
    sentence, if no other claim covers it, is verified whole (:func:`_uncovered`).

    Out: claims of sentences that only abstain; claims that say nothing checkable ("yes" from
    "Yeah.", "Yes, I do.", "Yes, right."; :func:`~pytest_faithful.text.evidence.claim_terms`) unless
    the question asks something they may answer; and claims that
    share no content word with the answer (the judge took them from the question), unless they
    spell out a yes or a no ("Yes." -> "Shipping to Canada costs $15.").
    """
    if (claim.start, claim.end) in abstaining:
        return False
    claimed = claim_terms(claim.text)
    if not claimed:  # a bare reply ("Yes."), not a line of sources
        return question is not None and "?" in question and not only_markers(claim.text)
    if claimed & content_terms(answer):
        return True
    return answers_yes_or_no(claim.sentence) and bool(claimed & content_terms(question or ""))


def judge_abstentions(judge: object) -> tuple[str, ...]:
    """The extra abstention patterns a judge carries (its ``abstentions`` attribute), or ()."""
    extra = getattr(judge, "abstentions", ())
    if isinstance(extra, str) or not all(isinstance(p, str) for p in extra):
        raise TypeError(
            f"judge {getattr(judge, 'id', judge)!r}: abstentions must be a sequence of regular "
            f"expression strings, got {extra!r}"
        )
    return tuple(extra)


def uncovered(
    sentences: Sequence[Sentence],
    claims: Sequence[Claim],
    question: str | None,
    abstaining: frozenset[tuple[int, int]] = frozenset(),
    extra: tuple[str, ...] = (),
) -> tuple[Claim, ...]:
    """The sentences that state something the claims do not cover, each as a claim itself.

    A claim covers the sentence it names only if it is not a copy of a claim an earlier
    sentence made (copies count once, for the first), and it shares a content word with it, or,
    for a sentence that opens with a yes or a no ("Absolutely, it does.";
    :func:`~pytest_faithful.text.evidence.answers_yes_or_no`), with the question it spells out: a
    claim tied to a sentence it says nothing about (one the judge took from the question, say)
    would leave that sentence unjudged.

    And the claims of a sentence cover it only if, together, they carry as many negations as
    it states (outside its abstentions and an opening "No,"): claims that leave a "not" out
    judge a sentence that says the opposite ("We ship to Canada." from "We do not ship to
    Canada."), or leave the clause it belongs to unjudged ("..., but he decided not to
    compete."). Such a sentence is verified whole as well as through its claims.

    Nor does a claim cover its sentence when it says the opposite of it (:func:`reverses`: "We
    do not ship to Mexico." from "We ship to Mexico.", "Costs fell." from "Costs rose."): a
    judge that rewrites a claim to what a passage says would have its true claim judged in
    place of the sentence's false one. That sentence is verified whole too.
    """
    asked = content_terms(question) if question else frozenset()
    carried: dict[tuple[int, int], int] = {}
    speaking = _speaking(claims, asked)
    reversed_ = _reversed(speaking, extra)
    for c in speaking:
        span = (c.start, c.end)
        carried[span] = carried.get(span, 0) + negations(c.text)
    said = {text_key(c.text) for c in claims}
    filled = []
    for s in sentences:
        span = (s.start, s.end)
        if span in abstaining or not claim_terms(s.text):
            continue
        if (
            span in carried
            and span not in reversed_
            and carried[span] >= _stated_negations(s.text, extra)
        ):
            continue
        claim = Claim(text=s.text, sentence=s.text, start=s.start, end=s.end)
        if text_key(claim.text) not in said:  # a repeated sentence is judged once
            said.add(text_key(claim.text))
            filled.append(claim)
    return tuple(filled)


# "No," answering a question: the claims spell out what it denies ("Shipping is not free.").
# Not "No-one ...", which is a negation of its own.
_OPENING_NO = regex(r"^\W*no(?:\s*[,.!;:\u2013\u2014]|\s+-)", re.IGNORECASE)


def _stated_negations(sentence: str, extra: tuple[str, ...]) -> int:
    if not negations(sentence):  # most sentences: nothing to set aside
        return 0
    return negations(without_abstentions(_OPENING_NO.sub(" ", sentence), extra))


def whole_notes(
    filled: Sequence[Claim],
    stated: Sequence[Claim],
    question: str | None,
    extra: tuple[str, ...] = (),
) -> dict[Claim, str]:
    """Why each sentence of ``filled`` is verified whole: no claim of ``stated`` covers it, or
    (when some speak for it) they leave out a negation it states, or one of them says the
    opposite of it (:func:`uncovered`)."""
    if not filled:
        return {}
    asked = content_terms(question) if question else frozenset()
    speaking = _speaking(stated, asked)
    carried: dict[tuple[int, int], int] = {}
    for c in speaking:
        carried[(c.start, c.end)] = carried.get((c.start, c.end), 0) + negations(c.text)
    reversed_ = _reversed(speaking, extra)
    notes = {}
    for f in filled:
        span = (f.start, f.end)
        if span not in carried:
            notes[f] = WHOLE_SENTENCE_NOTE
        elif span in reversed_ and carried[span] >= _stated_negations(f.text, extra):
            notes[f] = REVERSED_NOTE
        else:
            notes[f] = NEGATION_LEFT_OUT_NOTE
    return notes


def reverses(claim: Claim, extra: tuple[str, ...] = ()) -> bool:
    """Whether ``claim`` says the opposite of the sentence it names, read without its
    abstentions and an opening "No," (which the claims spell out): one negates what the other
    states (:func:`~pytest_faithful.text.polarity.negation_clash`), or each says a word whose
    opposite the other says (:func:`~pytest_faithful.text.contrasts.contrast`, read both ways:
    "Refunds are not available." for "Refunds are unavailable." says the same thing). A claim
    that is its sentence reverses nothing."""
    if (
        claim.text == claim.sentence
    ):  # a claim that is its sentence (the text as the judge wrote it)
        return False
    sentence = without_abstentions(_OPENING_NO.sub(" ", claim.sentence), extra)
    if negation_clash(claim.text, sentence):
        return True
    return contrast(claim.text, sentence) is not None and contrast(sentence, claim.text) is not None


def _reversed(speaking: Sequence[Claim], extra: tuple[str, ...]) -> frozenset[tuple[int, int]]:
    """The spans of the sentences one of whose claims says the opposite of it."""
    return frozenset((c.start, c.end) for c in speaking if reverses(c, extra))


def judged_whole(claim: Claim, filled: Sequence[Claim]) -> bool:
    """Whether ``claim`` says nothing of its own ("yes" from "Yes, the internet is a network.")
    and its sentence is verified whole: that verdict judges the "yes" with the rest of the
    sentence, so a second verdict on it alone would count the same words twice."""
    return not claim_terms(claim.text) and any(
        (claim.start, claim.end) == (f.start, f.end) for f in filled
    )


def _speaking(claims: Sequence[Claim], asked: frozenset[str]) -> list[Claim]:
    """The claims that speak for the sentence they name: not copies of a claim an earlier
    sentence made first (a copy is judged once, there: "Returns are accepted within 30 days."
    tied to "Gift cards for returns are accepted online." as well would leave that sentence
    unjudged), and about it (:func:`_speaks_for`)."""
    first: dict[str, tuple[int, int]] = {}
    return [
        c
        for c in claims
        if first.setdefault(text_key(c.text), (c.start, c.end)) == (c.start, c.end)
        and _speaks_for(c, asked)
    ]


def _speaks_for(claim: Claim, asked: frozenset[str]) -> bool:
    """Whether ``claim`` judges the sentence it names: it shares a content word with it (or,
    for a sentence opening with a yes or a no, with the question), and it is a statement, not
    one word of a sentence that states more ("Refunds", "card" from "Refunds go to a gift
    card.": a judge that floods a sentence with its words has every word supported and the
    sentence never judged)."""
    stated = claim_terms(claim.sentence)
    if not stated:
        return True
    claimed = claim_terms(claim.text)
    if len(claimed) == 1 and not stated <= claimed:
        return False
    if claimed & stated:
        return True
    return answers_yes_or_no(claim.sentence) and bool(claimed & asked)


WHOLE_SENTENCE_NOTE = "[the judge extracted no claim from this sentence, so it was verified whole]"
"""Starts the reason of a claim the verifier added for a sentence the judge left out."""

NEGATION_LEFT_OUT_NOTE = (
    "[the judge's claims from this sentence leave out a negation it states, so it was verified "
    "whole]"
)
"""Starts the reason of a sentence verified whole because its claims leave out a negation."""

REVERSED_NOTE = (
    "[a claim the judge extracted from this sentence says the opposite of it, so it was "
    "verified whole]"
)
"""Starts the reason of a sentence verified whole because one of its claims reverses it."""
