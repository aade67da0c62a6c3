"""``speaker``: a claim about a dialogue does not say of one speaker what another said of
themselves: "Tom will bring the slides." quoting "Anna: Great, I will bring the slides." is
demoted (:func:`~pytest_faithful.text.evidence.said_of_another`). Only a quote that lies in
one turn written in the first person is read, and only when the claim names another speaker
of the dialogue first and names the turn's speaker nowhere. Every judge.
"""

from __future__ import annotations

from typing import ClassVar

from pytest_faithful.rules.base import Case, RuleJudges, Ruling
from pytest_faithful.text.evidence import said_of_another


class Speaker:
    name: ClassVar[str] = "speaker"
    judges: ClassVar[RuleJudges] = "all"
    required: ClassVar[bool] = False
    summary: ClassVar[str] = (
        "the claim does not say of one speaker of a dialogue what another said of themselves"
    )

    def apply(self, case: Case, ruling: Ruling) -> Ruling:
        span = ruling.span
        if span is None:
            return ruling
        swapped = said_of_another(
            case.passages[span.passage], span.start, span.end, case.claim.text
        )
        if swapped is None:
            return ruling
        claimed, speaker = swapped
        return ruling.demoted(
            self.name,
            f"the evidence is what {speaker!r} said of themselves, in the first person; the "
            f"claim says it of {claimed!r}",
        )
