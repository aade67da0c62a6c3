"""``modal-force``: evidence that gives the claim's action another modal force.

"The Company may elect to pay you in lieu of notice." bears on "The Company must pay you in
lieu of notice." and holds no negation and no opposite word
(:func:`~pytest_faithful.text.modals.modal_clash` reads what each permits, obliges, advises,
forbids or exempts from). Nor does it tell as a certainty what the evidence says only may
happen: "You will be charged a $1,200 fee" for "you may be charged"
(:func:`~pytest_faithful.text.modals.hedge_dropped`; since stop 62: no faith-dev verdict
changed, 9 more of 1,024 blind probes' lies caught and none of their faithful answers failed,
benchmarks/RESULTS.md). A claim that a passage span covers without the clash is left to the
other rules with the judge's quote as it is (a negation it holds is still read); otherwise it
is NOT_ENOUGH_INFO. Every judge.
"""

from __future__ import annotations

from typing import ClassVar

from pytest_faithful.rules.base import Case, RuleJudges, Ruling
from pytest_faithful.rules.number_clash import other_span
from pytest_faithful.text.modals import ModalClash, hedge_dropped, modal_clash


class ModalForce:
    name: ClassVar[str] = "modal-force"
    judges: ClassVar[RuleJudges] = "all"
    required: ClassVar[bool] = False
    reads_wording: ClassVar[bool] = False
    summary: ClassVar[str] = (
        "the evidence does not permit what the claim obliges, nor oblige what it permits, nor "
        "say only may happen what the claim says will"
    )

    def apply(self, case: Case, ruling: Ruling) -> Ruling:
        span = ruling.span
        if span is None:
            return ruling
        clash = _clash(case.claim.text, span.text(case.passages))
        if clash is None:
            return ruling
        other = other_span(case, span)
        if other is not None and _clash(case.claim.text, other.text(case.passages)) is None:
            # A passage says it without the clash: the judge's quote is left to the other rules,
            # which read it as it is (a negation it holds is still read).
            return ruling
        return ruling.demoted(
            self.name,
            f"the evidence says {clash.shown!r} {clash.action!r} where the claim says "
            f"{clash.said!r} {clash.action!r}",
        )


def _clash(claim: str, evidence: str) -> ModalClash | None:
    """Another force for the claim's action, or a likelihood told as a certainty."""
    return modal_clash(claim, evidence) or hedge_dropped(claim, evidence)
