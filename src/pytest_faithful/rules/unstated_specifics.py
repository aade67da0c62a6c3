"""``unstated-specifics``: a claim that states a name, a number or a quotation no passage
states is not SUPPORTED, whatever span the judge quotes.

A judge reads a claim for its gist; "Refunds take 30 days" passes for a passage that gives no
figure at all. The names, numbers and quotations are read from the claim's answer sentence
(:func:`~pytest_faithful.text.specifics.unstated`), and the reason names what is missing.
Every judge.
"""

from __future__ import annotations

from typing import ClassVar

from pytest_faithful.rules.base import Case, RuleJudges, Ruling
from pytest_faithful.text.specifics import unstated


class UnstatedSpecifics:
    name: ClassVar[str] = "unstated-specifics"
    judges: ClassVar[RuleJudges] = "all"
    required: ClassVar[bool] = False
    summary: ClassVar[str] = (
        "no name, number or quotation of the claim is missing from the passages"
    )

    def apply(self, case: Case, ruling: Ruling) -> Ruling:
        missing = unstated(case.claim.text, case.claim.sentence, case.passages)
        if not missing:
            return ruling
        return ruling.demoted(
            self.name,
            f"the claim states {', '.join(missing)} and no passage mentions "
            f"{'it' if len(missing) == 1 else 'them'}",
        )
