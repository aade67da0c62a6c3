"""``changed-names``: a claim whose name stands where its evidence names someone or something
else is not SUPPORTED: "Ms. Johnson approved the budget." quoting "Ms. Smith approved the
budget.", "moved to Lyon in 2004" quoting "moved to Porto in 2004".

``unstated-names`` demotes every name no passage states, and so fails answers that add a name
from world knowledge (an apposition, a title, an honour, a degree, a name for a description):
on faith-dev, 6 faithful WiCE answers, which keep it out of the default policy. This rule holds
only the swap: the claim's unstated name in the place of a name of the evidence's that the
claim lacks, around words the two share (:func:`~pytest_faithful.text.name_swaps.swapped_name`).
The evidence is the span shown, read with the rest of its sentences, or the judge's quote where
no span is. Every judge.
On faith-dev with the gold judges (benchmarks/rules.py), the default gains 9 catches (178 to
187 of 500 lies: 2 on the tune half, 7 held out, 81 to 88 of 235) and no false alarm; on 46
invented swaps across support docs, news, biographies and product facts, it catches 43, and
passes all 46 honest twins that add or re-form names (which ``unstated-names`` fails 30 of).
"""

from __future__ import annotations

from typing import ClassVar

from pytest_faithful.rules.base import Case, RuleJudges, Ruling
from pytest_faithful.rules.unstated_specifics import NAME_KINDS, missing_for
from pytest_faithful.text.evidence import sentences_around
from pytest_faithful.text.name_swaps import swapped_name


class ChangedNames:
    name: ClassVar[str] = "changed-names"
    judges: ClassVar[RuleJudges] = "all"
    required: ClassVar[bool] = False
    summary: ClassVar[str] = "no name of the claim stands where its evidence names another"

    def apply(self, case: Case, ruling: Ruling) -> Ruling:
        if ruling.span is None and not ruling.quoted:
            return ruling
        missing = missing_for(case, NAME_KINDS)
        if not missing:
            return ruling
        swap = swapped_name(
            case.claim.text, case.claim.sentence, evidence_read(case, ruling), missing
        )
        if swap is None:
            return ruling
        return ruling.demoted(
            self.name, f"the claim names {swap.claimed} where the evidence names {swap.shown}"
        )


def evidence_read(case: Case, ruling: Ruling) -> str:
    """The sentences of the span shown, whole: a quote that stops short of the name in the
    claim's name's place ("approved the budget" out of "Ms. Smith approved the budget.") is
    read with it. The judge's quote where no span is."""
    span = ruling.span
    if span is None:
        return ruling.quoted
    return sentences_around(case.passages[span.passage], span.start, span.end)
