"""``number-clash``: evidence that gives another value for one of the claim's numbers.

"Returns are accepted within 30 days." is a real sentence about "Returns are accepted within
60 days." (:func:`~pytest_faithful.text.number_clash.number_clash` reads which number of the
evidence is about what the claim's number is about). The claim is shown with the span that
states its value when a passage has one (a judge may quote the sentence before the one it
read); otherwise it is NOT_ENOUGH_INFO. Model judges only: the lexical judge reads numbers
itself, window by window (held to this rule as well, its windows of several sentences lose
0.007 on the dev data).
"""

from __future__ import annotations

from typing import ClassVar

from pytest_faithful.rules.base import Case, RuleJudges, Ruling
from pytest_faithful.text.align import Aligned
from pytest_faithful.text.evidence import locate
from pytest_faithful.text.number_clash import NumberClash as Clash
from pytest_faithful.text.number_clash import (
    another_record,
    number_clash,
    stating_span,
    turned_by_negation_only,
)
from pytest_faithful.text.tables import under_header
from pytest_faithful.text.terms import content_terms

OTHER_VALUE_NOTE = (
    "[the judge's quote gives another value for a number of the claim; the evidence is the "
    "passage span that states the claim's]"
)
"""Starts the reason of a SUPPORTED claim shown with a located span in place of a quote that
gives another value for one of the claim's numbers."""


class NumberClash:
    name: ClassVar[str] = "number-clash"
    judges: ClassVar[RuleJudges] = "model"
    required: ClassVar[bool] = False
    reads_wording: ClassVar[bool] = True
    summary: ClassVar[str] = "the evidence gives no other value for one of the claim's numbers"

    def apply(self, case: Case, ruling: Ruling) -> Ruling:
        span = ruling.span
        if span is None:
            return ruling
        claim, passages = case.claim.text, case.passages
        # A row is read under its table's header: "Canada | 26" counts medals under "Medals".
        read = under_header(passages[span.passage], span.start, span.end)
        quoted = span.text(passages)
        shown = quoted if read is None else read
        clash = number_clash(claim, shown)
        if clash is None or (clash.flipped and turned_by_negation_only(claim, shown)):
            return ruling
        other = other_span(case, span)
        # Small models quote a sentence about the claim's subject that gives another of its
        # figures ("revenue of $5.1bn" for "guided for sales of $5bn"). If the passages give
        # the claim's value as much about it as any other value, the judge quoted the wrong
        # sentence: the claim stands, shown with the sentence that states its value. On 60
        # fresh dev examples the rule without this lost 2 faithful answers and caught none.
        if (
            other is None
            and span.method != "located"
            and number_clash(claim, "\n\n".join(passages)) is None
        ):
            stated = stating_span(claim, passages)
            if stated is None:
                # A row read under its header says what its cells are; no span states
                # the claim's value as being about what the claim says.
                return ruling if read is None else ruling.demoted(self.name, _clash_reason(clash))
            p, start, end, share = stated
            if another_record(claim, quoted, passages[p], start, end) or _less_about(
                claim, passages[p][start:end], quoted
            ):
                return ruling.demoted(self.name, _clash_reason(clash))
            other = Aligned(p, start, end, share, "located")
        if other is not None:
            return ruling.shown(other, OTHER_VALUE_NOTE)
        return ruling.demoted(self.name, _clash_reason(clash))


def _less_about(claim: str, stating: str, quoted: str) -> bool:
    """Whether the span that states the claim's value says fewer of the claim's words (its
    numbers aside) than the quote that gives another: "Biscuit, 3, is playful" is about
    another pet than "Pepper, a 6-year-old tabby cat, is shy" for "Pepper is a shy 3-year-old
    tabby cat"."""
    words = frozenset(t for t in content_terms(claim) if not t[0].isdigit())
    return len(words & content_terms(stating)) < len(words & content_terms(quoted))


def _clash_reason(clash: Clash) -> str:
    return f"the evidence gives {' or '.join(clash.shown)} where the claim states {clash.stated}"


def other_span(case: Case, span: Aligned) -> Aligned | None:
    """For a quote that gives another value for a number of the claim or says the opposite of
    one of its words: the span that covers the claim without either (a judge may quote the
    sentence before the one it read), or None. A located span is never replaced:
    :func:`~pytest_faithful.text.evidence.locate` already passed over every span that does
    either."""
    if span.method == "located" or not case.locating:
        return None
    return locate(case.passages, case.claim.text)
