"""``quote-in-passage``: a SUPPORTED verdict shows a span that is really in a passage.

The judge's quote is aligned to the passage's own text (small edits and a wrong passage number
are forgiven; another number, name or negation is not: :func:`~pytest_faithful.text.align.
align_in`). A quote the judge wrapped in other words or wrote into its reason instead is read
too, and when the judge gave no usable quote at all, the span that best covers the claim
stands in for it (its reason says so; the ``judge-quote`` rule refuses that). With no span in
any passage, the verdict is NOT_ENOUGH_INFO. A trust rule: in every policy.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from pytest_faithful.errors import shorten
from pytest_faithful.models import Claim, Verdict
from pytest_faithful.rules.base import Case, RuleJudges, Ruling
from pytest_faithful.text.align import Aligned, align_in, normalize
from pytest_faithful.text.evidence import locate, quoted_within

LOCATED_NOTE = (
    "[the judge gave no usable quote; the evidence is the passage span that best covers the claim]"
)
"""Starts the reason of a SUPPORTED claim whose evidence the verifier located."""

REASON_QUOTE_NOTE = "[the judge's quote was in its reason, not in its evidence]"
"""Starts the reason of a SUPPORTED claim whose evidence is a quote from the judge's reason."""


def judge_span(verdict: Verdict, passages: Sequence[str]) -> Aligned | None:
    """The judge's evidence quote aligned to a passage, or None."""
    if not verdict.evidence.strip():
        return None
    return align_in(passages, verdict.evidence, verdict.passage_index)


def elsewhere(case: Case, ruling: Ruling) -> Ruling | None:
    """For a SUPPORTED verdict whose evidence quote proves nothing: the ruling shown with a
    quote inside the judge's evidence or reason (:func:`~pytest_faithful.text.evidence.
    quoted_within`), else with the span that best covers the claim
    (:func:`~pytest_faithful.text.evidence.locate`); None when neither is there. A span located
    from a bare yes and its question would hold for "yes" and "no" alike: none is."""
    verdict = case.verdict
    quoted = quoted_within(
        case.passages, case.subject, verdict.evidence, verdict.reason, verdict.passage_index
    )
    if quoted is not None:
        if quoted.in_reason:
            return ruling.shown(quoted.span, REASON_QUOTE_NOTE, quoted=quoted.quote)
        return ruling.shown(quoted.span, "", quoted=verdict.evidence)
    located = locate(case.passages, case.subject) if case.whole_claim else None
    if located is None:
        return None
    return ruling.shown(located, LOCATED_NOTE, quoted=verdict.evidence).as_located()


def missing_evidence(
    verdict: Verdict, claim: Claim, passages: Sequence[str], aligned: Aligned | None
) -> str:
    """Why the judge's quote is no evidence for ``claim``."""
    i = verdict.passage_index
    if not normalize(verdict.evidence):
        return "no evidence quote given"
    if aligned is None:
        if i is None:
            return "the evidence quote cites no passage and is in none"
        if i >= len(passages):
            return (
                f"the evidence quote cites contexts[{i}], but there are only {len(passages)} "
                "passages, and it is in none of them"
            )
        return (
            f"the evidence quote is not in contexts[{i}] (nor, after small edits, in any passage)"
        )
    return (
        f"the evidence quote {shorten(verdict.evidence, 60)!r} is too short or shares no word "
        "with the claim, so it proves nothing"
    )


class QuoteInPassage:
    name: ClassVar[str] = "quote-in-passage"
    judges: ClassVar[RuleJudges] = "all"
    required: ClassVar[bool] = True
    reads_wording: ClassVar[bool] = False
    summary: ClassVar[str] = "the evidence is a span really in a passage"

    def apply(self, case: Case, ruling: Ruling) -> Ruling:
        if ruling.span is not None:
            return ruling
        other = elsewhere(case, ruling)
        if other is not None:
            return other
        return ruling.demoted(
            self.name, missing_evidence(case.verdict, case.claim, case.passages, None)
        )
