"""``negation``: evidence that negates what the claim states, or states what it negates.

"We do not ship to Canada." is a real sentence about "We ship to Canada."
(:func:`~pytest_faithful.text.polarity.negation_clash`). The span is read with a negation just
before it in its sentence (:func:`~pytest_faithful.text.align.negation_before`), so a quote
that leaves out the "not" governing it still says what the passage says. A bare yes is held
to the question it answers; a bare no is left to the judge, since it negates the question as
a whole, and a no set off before a statement ("No, it's off by default.") is read as the
statement alone. A comparison table's row is read in the column of the thing the claim names
(:func:`~pytest_faithful.text.columns.column_said`): "| Drain hose | No | Yes |" says no of the
first column's thing only. A quote of several sentences is read in the one most about the claim
(:func:`~pytest_faithful.text.evidence.sentence_about`), where it is the only sentence of the
quote a negating claim can take its negation from. An exemption beside a permission ("need
not attend", "can attend") negates no action. Model judges only (the lexical judge reads
negations itself, clause by clause). In the default policy since stop 49: when it joined, it
failed no more of faith-dev's faithful answers and caught 4 more lies, as the step table of
benchmarks/RESULTS.md "Stop 49" shows with the rest of that stop's changes.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import ClassVar

from pytest_faithful.rules.base import Case, RuleJudges, Ruling
from pytest_faithful.text.align import (
    NEGATION_REACH,
    Aligned,
    denials_plain,
    denying_frame_before,
    has_negation,
    negation_before,
    negations,
)
from pytest_faithful.text.bounds import same_bounds, turned_over, without_bounds
from pytest_faithful.text.columns import column_said
from pytest_faithful.text.evidence import (
    answers_no,
    answers_no_for_a_case,
    sentence_about,
    without_no_answer,
)
from pytest_faithful.text.modals import exempt_and_allowed, exempt_as_provided
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.polarity import cell_contradicted, may_negate, negation_clash
from pytest_faithful.text.replies import answer_around
from pytest_faithful.text.restrictions import contrast_implied, negation_restriction_implies
from pytest_faithful.text.segment import split_sentences
from pytest_faithful.text.tables import under_lead_in
from pytest_faithful.text.turns import dialogue


class Negation:
    name: ClassVar[str] = "negation"
    judges: ClassVar[RuleJudges] = "model"
    required: ClassVar[bool] = False
    reads_wording: ClassVar[bool] = False
    summary: ClassVar[str] = "the evidence does not negate what the claim states, nor the reverse"

    def apply(self, case: Case, ruling: Ruling) -> Ruling:
        span = ruling.span
        if span is None:
            return ruling
        passage = case.passages[span.passage]
        cell = column_said(case.subject, passage, span.start, span.end)
        if cell is not None:
            # A comparison table's row says yes of one column's thing and no of another's
            # ("| Drain hose | No | Yes |"): read whole, its "No" negates the feature for all
            # of them. It is read in the column of the one thing the claim names, or not at all.
            if _no_to_the_question(case) or cell.yes is None:
                return ruling
            subject = without_no_answer(case.subject) if case.whole_claim else case.subject
            if not cell_contradicted(subject, cell.label, cell.column, cell.yes, cell.word):
                return ruling
            yes_or_no = "yes" if cell.yes else "no"
            return ruling.demoted(
                self.name, f"the table's row {cell.label!r} says {yes_or_no} for {cell.column}"
            )
        lead_in = _negating_lead_in(passage, span)
        if (
            not may_negate(case.subject)
            and not may_negate(_read_from(passage, span))
            and lead_in is None
        ):
            # Neither the claim nor the span with what may be read before it holds anything a
            # negation is read from (most claims): no reading below finds a clash.
            return ruling
        if _no_to_the_question(case):
            return ruling  # "No." or "Not this year.": the no is the question's, read by bears-on
        # One sentence: a span of several holds negations about other things that share a word
        # with the claim (on faith-dev's lexical windows, every span held to the rule changed 24
        # outcomes, 0.733 -> 0.723; one-sentence spans 4, 0.733 -> 0.729). A span of several is
        # read in the one sentence of it most about the claim (:func:`sentence_about`).
        if "?" in passage and answer_around(passage, span.start, span.end) is not None:
            # A question and the yes or no that answers it: the reply says which way the
            # question's words hold, read by bears-on and opposites ("Will the shop be open?"
            # "Nope" for "The shop will not be open").
            return ruling
        read = _without_turns_no(passage, span, clause_read(span, case.passages, case.subject))
        if lead_in is not None and not has_negation(read):
            read = f"{lead_in} {read}"
        evidence = _sentence_read(read, case.subject)
        if evidence is None:
            return ruling
        evidence = _without_turns_opening_no(evidence)
        # "No, it's off by default.": the no answers the question; the statement is read alone.
        subject = without_no_answer(case.subject) if case.whole_claim else case.subject
        if same_bounds(case.claim.text, evidence):
            # "Do not take more than 2 tablets" says what "Take at most 2 tablets" says: a
            # negation read into a bound the claim gives the same way negates nothing. Where
            # both texts turn their bound over with a negation, what is left of a negation the
            # claim says again ("You may not fit, since pilots taller than 6 ft 4 in might not")
            # says what the evidence's did: the blanking only takes a clash away.
            both = turned_over(subject) and turned_over(evidence)
            if both and not negation_clash(subject, evidence):
                return ruling
            subject, evidence = without_bounds(subject), without_bounds(evidence)
        # "Members need not attend" negates the need, not the attending "Members can attend"
        # states: one action is permitted and exempt at once.
        if not negation_clash(subject, evidence) or exempt_and_allowed(subject, evidence):
            return ruling
        if exempt_as_provided(subject, evidence):  # "no need to bring gloves": "are provided"
            return ruling
        # "Tuesday collections aren't affected" of "Only Thursday and Friday collections are".
        if not has_negation(evidence) and negation_restriction_implies(subject, evidence):
            return ruling
        # "only offered at Kingsmead, not at Abbey Road" of a quote whose other sentence lists
        # both and says "available only at Kingsmead": the whole quote's "only" implies it.
        if not has_negation(read) and contrast_implied(subject, read):
            return ruling
        return ruling.demoted(
            self.name, "the evidence negates what the claim states, or states what it negates"
        )


def _no_to_the_question(case: Case) -> bool:
    return not case.whole_claim and (
        answers_no(case.claim.text) or answers_no_for_a_case(case.claim.text)
    )


def _read_from(passage: str, span: Aligned) -> str:
    """The text of ``passage`` that :func:`clause_read` reads a span's negations in, or more:
    the span, and before it the reach of :func:`~pytest_faithful.text.align.negation_before`
    and :func:`~pytest_faithful.text.align.denying_frame_before`. What they read before it holds
    no ".", "!", "?" or ";" (nor a newline, the denying frame's only other stop); so with no
    markup or newline about, it starts after the last of them."""
    start = max(0, span.start - NEGATION_REACH)
    around = passage[start : span.start + NEGATION_REACH // 4]
    if not any(c in around for c in "\n<&*_`"):
        start = max(start, *(passage.rfind(stop, start, span.start) + 1 for stop in ".!?;"))
    return passage[start : span.end]


def clause_read(span: Aligned, passages: Sequence[str], claim: str) -> str:
    """The text a span's negations are read in: the span, and a negation just before it in its
    sentence, so that a quote which leaves out the "not" governing it ("available for opened
    software" out of "Refunds are not available for opened software.") still says what the
    passage says; or, for a ``claim`` that negates nothing, a frame before it that denies its
    clause whole ("It is not true that", "Nobody should assume that"); each such frame is
    written "it is not true that"."""
    passage = passages[span.passage]
    opening = negation_before(passage, span.start)
    if (denied := denying_frame_before(passage, span.start)) is not None and not negations(claim):
        opening = denied  # "It is not true that" + the quote: the passage denies what it says
    read = span.text(passages) if opening is None else passage[opening : span.end]
    return denials_plain(read)


def _without_turns_no(passage: str, span: Aligned, read: str) -> str:
    """``read`` without the no that opens the dialogue turn it starts with, set off before a
    statement ("Omar: No, I'll be there at 9"): that no answers the turn before, as a claim's
    own opening no does (:func:`~pytest_faithful.text.evidence.without_no_answer`)."""
    if ":" not in read and ">" not in read:  # no turn label, the common case
        return read
    turns = dialogue(passage)
    k = bisect.bisect_right(turns.starts, span.start) - 1
    if k < 0 or turns.starts[k] != span.start or not span.start < turns.bodies[k] < span.end:
        return read
    label = passage[turns.starts[k] : turns.bodies[k]]
    if not read.startswith(label):
        return read
    body = read[len(label) :]
    return label + without_no_answer(body)


# A dialogue turn's label at a sentence's start: "Agent: ", "[16:20] sam: ".
_TURN_LABEL = regex(r"\s*(?:\[[^\]\n]{1,20}\][ \t]*)?[^\W\d_][\w.' ()-]{0,40}:[ \t]")


def _without_turns_opening_no(sentence: str) -> str:
    """``sentence`` without the no that opens its dialogue turn as an answer ("Agent: No, you
    don't need to return it" -> "Agent: you don't need to return it"), wherever in the span
    the turn starts (:func:`_without_turns_no` reads a span that opens with it)."""
    label = _TURN_LABEL.match(sentence)
    if label is None:
        return sentence
    return sentence[: label.end()] + without_no_answer(sentence[label.end() :])


def _sentence_read(read: str, claim: str) -> str | None:
    """The sentence of a span's ``read`` that its negations are held to: the span when it is one
    sentence, else the one sentence most about the claim (:func:`sentence_about`: "We offer a
    wide range of plans to fit your needs." out of a turn that opens with a greeting). A claim
    that negates may take its negation from another sentence of the span ("The company did not
    hire any designers last year." from "It hired 40 engineers last year. It did not hire any
    designers."): a span with a negation outside that sentence is then not read."""
    said = split_sentences(read)
    if len(said) == 1:
        return read
    # A question states nothing: the sentence most about the claim is one that does.
    stating = [s for s in said if not s.text.rstrip(" \t\n\"')\u201d").endswith("?")]
    about = sentence_about(stating or said, claim)
    if about is None or (
        has_negation(claim) and any(has_negation(s.text) for s in said if s is not about)
    ):
        return None
    return about.text


def _negating_lead_in(passage: str, span: Aligned) -> str | None:
    """The lead-in of the list whose item the span is, where the lead-in negates: "(b)
    consumable parts, including ... brew-group seals;" is read under "This warranty does not
    cover:", as a claim that the warranty covers them is read against it."""
    found = under_lead_in(passage, span.start, span.end)
    return found[0] if found is not None and has_negation(found[0]) else None
