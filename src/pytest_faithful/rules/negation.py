"""``negation``: evidence that negates what the claim states, or states what it negates.

"We do not ship to Canada." is a real sentence about "We ship to Canada."
(:func:`~pytest_faithful.text.polarity.negation_clash`). The span is read with a negation just
before it in its sentence (:func:`~pytest_faithful.text.align.negation_before`), so a quote
that leaves out the "not" governing it still says what the passage says. A bare yes is held
to the question it answers; a bare no is left to the judge, since it negates the question as
a whole, and a no set off before a statement ("No, it's off by default.") is read as the
statement alone. Model judges only (the lexical judge reads negations itself, clause by clause).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from pytest_faithful.rules.base import Case, RuleJudges, Ruling
from pytest_faithful.text.align import (
    Aligned,
    denials_plain,
    denying_frame_before,
    negation_before,
    negations,
)
from pytest_faithful.text.bounds import same_bounds, without_bounds
from pytest_faithful.text.evidence import answers_no, without_no_answer
from pytest_faithful.text.polarity import negation_clash
from pytest_faithful.text.segment import split_sentences


class Negation:
    name: ClassVar[str] = "negation"
    judges: ClassVar[RuleJudges] = "model"
    required: ClassVar[bool] = False
    summary: ClassVar[str] = "the evidence does not negate what the claim states, nor the reverse"

    def apply(self, case: Case, ruling: Ruling) -> Ruling:
        span = ruling.span
        if span is None:
            return ruling
        if not case.whole_claim and answers_no(case.claim.text):
            return ruling
        evidence = clause_read(span, case.passages, case.subject)
        # One sentence: a span of several holds negations about other things that share a word
        # with the claim (on faith-dev's lexical windows, every span held to the rule changed 24
        # outcomes, 0.733 -> 0.723; one-sentence spans 4, 0.733 -> 0.729).
        if len(split_sentences(evidence)) > 1:
            return ruling
        # "No, it's off by default.": the no answers the question; the statement is read alone.
        subject = without_no_answer(case.subject) if case.whole_claim else case.subject
        if same_bounds(case.claim.text, evidence):
            # "Do not take more than 2 tablets" says what "Take at most 2 tablets" says: a
            # negation read into a bound the claim gives the same way negates nothing.
            subject, evidence = without_bounds(subject), without_bounds(evidence)
        if not negation_clash(subject, evidence):
            return ruling
        return ruling.demoted(
            self.name, "the evidence negates what the claim states, or states what it negates"
        )


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
