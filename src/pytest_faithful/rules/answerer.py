"""``answerer``: a claim in which the answer speaks of itself ("I'm a big fan of football")
is not SUPPORTED unless a passage speaks in the first person too, or the claim only tells the
answerer's liking that the turn it replies to asked for or shared ("I love the NFL!" to "do you
like the nfl?"; :func:`~pytest_faithful.text.answerer.about_the_answerer`). Every judge.
"""

from __future__ import annotations

from typing import ClassVar

from pytest_faithful.rules.base import Case, RuleJudges, Ruling
from pytest_faithful.text.answerer import about_the_answerer


class Answerer:
    name: ClassVar[str] = "answerer"
    judges: ClassVar[RuleJudges] = "all"
    required: ClassVar[bool] = False
    reads_wording: ClassVar[bool] = False
    summary: ClassVar[str] = "the claim does not speak of the answerer where no passage does"

    def apply(self, case: Case, ruling: Ruling) -> Ruling:
        speaker = about_the_answerer(case.claim.text, case.passages, case.question)
        if speaker is None:
            return ruling
        return ruling.demoted(
            self.name,
            f"the claim speaks of the answerer ({speaker!r}) and no passage speaks in the "
            "first person",
        )
