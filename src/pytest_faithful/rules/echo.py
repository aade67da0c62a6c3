"""``echo``: a quote that is the claim itself, echoed with changes, is no evidence for them.

Small models "quote" the claim back, and the aligner forgives small edits, so an echo lands
on the passage sentence it resembles. What the claim changed there (another quantifier, a
modal, an order in time; :func:`~pytest_faithful.text.evidence.echoed_changes`) the passage
does not say. Model judges only (the lexical judge never echoes). A span located for an echo
is left alone: on the cost benchmark's replays, judges that echo a claim and get a span
located for it mostly echo faithful paraphrases (two-step: 2 faithful answers lost for 1
unfaithful caught).
"""

from __future__ import annotations

from typing import ClassVar

from pytest_faithful.rules.base import Case, RuleJudges, Ruling
from pytest_faithful.text.evidence import echoed_changes, sentences_around


class Echo:
    name: ClassVar[str] = "echo"
    judges: ClassVar[RuleJudges] = "model"
    required: ClassVar[bool] = False
    reads_wording: ClassVar[bool] = True
    summary: ClassVar[str] = "a quote that echoes the claim does not change what the passage says"

    def apply(self, case: Case, ruling: Ruling) -> Ruling:
        span = ruling.span
        if span is None or span.method != "fuzzy" or not ruling.quoted.strip():
            return ruling
        passage = case.passages[span.passage]
        around = sentences_around(passage, span.start, span.end)
        changed = echoed_changes(case.claim.text, ruling.quoted, span.text(case.passages), around)
        if not changed:
            return ruling
        return ruling.demoted(
            self.name,
            "the judge's quote is the claim itself, and the passage it resembles does not say "
            f"{', '.join(repr(w) for w in changed)} there",
            found=False,
        )
