"""``opposites``: evidence that says the opposite of one of the claim's words.

"Prices decreased in March." bears on "Prices increased in March." and holds no negation
(:func:`~pytest_faithful.text.contrasts.contrast` reads pairs of opposites clause by clause).
A price is the opposite of "free": "Shoe hire is free" quoting "You can hire climbing shoes for
£4" (:func:`~pytest_faithful.text.contrasts.priced_for_free`; since stop 62: no faith-dev
verdict changed, 4 more of 2,048 blind probes' lies caught, none of their faithful answers
failed).
The claim is shown with a span that covers it without the opposite when a passage has one
that is as much about the claim's clause that says the word as the quote
(:func:`~pytest_faithful.text.contrasts.clause_saying`); otherwise it is NOT_ENOUGH_INFO. A
question's word that a "no" after it denies is the no's side, not an opposite ("closed" to
"Will the shop be open?" "Nope"). Every judge.
"""

from __future__ import annotations

from typing import ClassVar

from pytest_faithful.rules.base import Case, RuleJudges, Ruling
from pytest_faithful.rules.number_clash import other_span
from pytest_faithful.text.align import Aligned
from pytest_faithful.text.bounds import same_bounds, without_bounds
from pytest_faithful.text.contrasts import (
    Contrast,
    clause_saying,
    contrast,
    may_contrast,
    priced_for_free,
)
from pytest_faithful.text.replies import answer_around
from pytest_faithful.text.segment import split_sentences
from pytest_faithful.text.terms import content_terms

OPPOSITE_WORD_NOTE = (
    "[the judge's quote says the opposite of a word of the claim; the evidence is the passage "
    "span that covers the claim]"
)
"""Starts the reason of a SUPPORTED claim shown with a located span in place of a quote that
says the opposite of one of the claim's words."""


class Opposites:
    name: ClassVar[str] = "opposites"
    judges: ClassVar[RuleJudges] = "all"
    required: ClassVar[bool] = False
    reads_wording: ClassVar[bool] = True
    summary: ClassVar[str] = (
        "the evidence does not say the opposite of a word of the claim, nor price what it "
        "says is free"
    )

    def apply(self, case: Case, ruling: Ruling) -> Ruling:
        span = ruling.span
        if span is None:
            return ruling
        claim, evidence = case.claim.text, span.text(case.passages)
        if (priced := priced_for_free(claim, evidence)) is not None:
            other = other_span(case, span)
            if other is None or priced_for_free(claim, other.text(case.passages)) is not None:
                return ruling.demoted(
                    self.name,
                    f"the evidence prices at {priced.shown!r} what the claim says is "
                    f"{priced.said!r}",
                )
        if not may_contrast(claim, evidence):  # no word of the claim has an opposite there
            return ruling
        if same_bounds(claim, evidence):
            # "30 or more days" and "at least 30 days": a bound's words said the same way.
            claim, evidence = without_bounds(claim), without_bounds(evidence)
        opposite = contrast(claim, evidence)
        if (
            opposite is None
            or _denied(case, span, claim, evidence)
            or _said_in_another_sentence(claim, evidence, opposite)
        ):
            return ruling
        # The span that covers the claim without the opposite stands in for the quote when it
        # is as much about the claim's clause that says the word: a span about the claim's other
        # words says nothing of it ("Social dilemmas are situations where ..." for "agents that
        # achieve bad outcomes in social dilemmas (situations where ...)").
        other = other_span(case, span)
        if other is not None:
            said = clause_saying(claim, opposite.said)
            shown = content_terms(other.text(case.passages)) & said
            if len(shown) >= len(content_terms(evidence) & said):
                return ruling.shown(other, OPPOSITE_WORD_NOTE)
        return ruling.demoted(
            self.name,
            f"the evidence says {opposite.shown!r} where the claim says {opposite.said!r}",
        )


def _denied(case: Case, span: Aligned, claim: str, evidence: str) -> bool:
    """Whether the opposite word is a question's that the reply after it answers no
    (:func:`~pytest_faithful.text.replies.answer_around`): "Will the shop be open on Easter
    Monday?" "Nope" says the shop is closed, as the claim does; the rest of the span says no
    opposite."""
    passage = case.passages[span.passage]
    if "?" not in evidence:
        return False
    answer = answer_around(passage, span.start, span.end)
    if answer is None or answer.yes:
        return False
    return contrast(claim, evidence.replace(answer.question, " ")) is None


# The fewest words besides the claim's own word such a sentence shares with the claim: "Rosberg
# will start second" is no sentence about "Vettel will start second on the grid".
_SHARED_ELSEWHERE = 2


def _said_in_another_sentence(claim: str, evidence: str, opposite: Contrast) -> bool:
    """Whether a later sentence of a quote of several says the claim's word with no opposite of
    its own, as much about the claim as the sentence with the opposite: "... her father opens a
    small restaurant. The season ends with the restaurant closing after a fire." tells what
    came first, then what the claim says. Not an earlier sentence: a later opposite is where
    things ended up."""
    sentences = split_sentences(evidence)
    if len(sentences) < 2:
        return False
    own, other = content_terms(opposite.said), content_terms(opposite.shown)
    # About the claim's clause that says the word: "put on 96 ..., taking them to 138 before
    # Kieran Moss removed Ashworth" is about Moss where it says "removed", not the 96 "added".
    claimed = (clause_saying(claim, opposite.said) or content_terms(claim)) - own
    read = [(s.text, content_terms(s.text)) for s in sentences]
    opposing = [at for at, (_, terms) in enumerate(read) if other & terms]
    if not opposing:
        return False
    about = max(_SHARED_ELSEWHERE, *(len(read[at][1] & claimed) for at in opposing))
    return any(
        own & terms
        and not other & terms
        and len(terms & claimed) >= about
        and contrast(claim, text) is None
        for text, terms in read[opposing[-1] + 1 :]
    )
