"""``speaker``: a claim about a dialogue does not say of one speaker what another said of
themselves: "Tom will bring the slides." quoting "Anna: Great, I will bring the slides." is
demoted (:func:`~pytest_faithful.text.speakers.said_of_another`). Only a quote that lies in
one turn written in the first person is read, and only when the claim names another speaker
of the dialogue first and names the turn's speaker nowhere; a turn in any person when the claim
reports the other speaker saying it ("Helen said the lease ends in September.", not "agreed"),
and a turn that answers the other speaker's question of "you" ("Mom: Did you feed the dog?"
"Tim: Yes, at 6." for "Mom fed the dog at 6."). In prose, a quote that says a named source said
it ("Mayor Carla Ruiz said the city would offer grants") is no evidence for a claim that gives it
to another source the passage names ("Laura Benton said ...") and names the quote's source
nowhere (:func:`~pytest_faithful.text.attribution.attributed_to_another`). Every judge.
"""

from __future__ import annotations

from typing import ClassVar

from pytest_faithful.rules.base import Case, RuleJudges, Ruling
from pytest_faithful.text.attribution import attributed_to_another
from pytest_faithful.text.speakers import said_of_another


class Speaker:
    name: ClassVar[str] = "speaker"
    judges: ClassVar[RuleJudges] = "all"
    required: ClassVar[bool] = False
    reads_wording: ClassVar[bool] = False
    summary: ClassVar[str] = (
        "the claim does not say of one speaker of a dialogue what another said of themselves"
    )

    def apply(self, case: Case, ruling: Ruling) -> Ruling:
        span = ruling.span
        if span is None:
            return ruling
        passage = case.passages[span.passage]
        swapped = said_of_another(passage, span.start, span.end, case.claim.text)
        if swapped is None:
            quoted = passage[span.start : span.end]
            said = attributed_to_another(passage, quoted, case.claim.text)
            if said is None:
                return ruling
            return ruling.demoted(
                self.name,
                f"the evidence says {said[1]!r} said it; the claim gives it to {said[0]!r}",
            )
        claimed, speaker = swapped
        return ruling.demoted(
            self.name,
            f"the evidence is what {speaker!r} said of themselves, in the first person; the "
            f"claim says it of {claimed!r}",
        )
