"""``compared-values``: a comparison whose two things the evidence's figures order the other way
is not SUPPORTED: "The regional train is faster than the express bus" quoting "The express bus
... in about 35 minutes, whereas the regional train takes 48 minutes".

Every word of such a claim may be in its evidence, and no rule of words sees it: only the
figures say which way round it is. The rule reads the claim's comparison and the figure of one
kind the evidence ties to each thing compared, and only where it ties one to each beyond doubt
(:func:`~pytest_faithful.text.compared_values.ordered_otherwise`); "faster" and "slower" are read
by the measure, a time or a speed. The evidence is read as ``changed-names`` reads it
(:func:`~pytest_faithful.rules.changed_names.evidence_read`). Every judge.
"""

from __future__ import annotations

from typing import ClassVar

from pytest_faithful.rules.base import Case, RuleJudges, Ruling
from pytest_faithful.rules.changed_names import evidence_read
from pytest_faithful.text.compared_values import ordered_otherwise


class ComparedValues:
    name: ClassVar[str] = "compared-values"
    judges: ClassVar[RuleJudges] = "all"
    required: ClassVar[bool] = False
    reads_wording: ClassVar[bool] = True
    summary: ClassVar[str] = "the evidence's figures do not order the things compared the other way"

    def apply(self, case: Case, ruling: Ruling) -> Ruling:
        if ruling.span is None and not ruling.quoted:
            return ruling
        ordered = ordered_otherwise(case.claim.text, evidence_read(case, ruling))
        if ordered is None:
            return ruling
        return ruling.demoted(self.name, ordered.reason())
