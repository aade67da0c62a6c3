"""``judge-quote``: the judge must quote its evidence; a span the verifier locates for a
SUPPORTED verdict that gave no usable quote does not stand in for one.

Off in every built-in policy: a strong judge that forgets a quote is usually right, and the
located span shows the reader what supports the claim. Choose it where a judge's own quote is
the point (``rules="strict,judge-quote"``); it also keeps a quote that shows little of its
claim, or clashes with it, from being replaced by a located span.
"""

from __future__ import annotations

from typing import ClassVar

from pytest_faithful.rules.base import Case, RuleJudges, Ruling
from pytest_faithful.rules.quote_in_passage import judge_span, missing_evidence


class JudgeQuote:
    name: ClassVar[str] = "judge-quote"
    judges: ClassVar[RuleJudges] = "all"
    required: ClassVar[bool] = False
    reads_wording: ClassVar[bool] = False
    summary: ClassVar[str] = "the judge quoted its evidence (a located span does not count)"

    def apply(self, case: Case, ruling: Ruling) -> Ruling:
        if not ruling.located:
            return ruling
        verdict = case.verdict
        aligned = judge_span(verdict, case.passages)
        why = missing_evidence(verdict, case.claim, case.passages, aligned)
        # Shown as the judge gave it: the located span is not what it relied on.
        as_given = Ruling(
            ruling.label, verdict.reason, aligned, found=False, quoted=verdict.evidence
        )
        return as_given.demoted(self.name, why)
