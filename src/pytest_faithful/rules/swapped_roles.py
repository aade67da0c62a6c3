"""``swapped-roles``: a claim that has two parties the other way round from its evidence is not
SUPPORTED: "Acme acquired Bolt in 2021." quoting "Bolt acquired Acme in 2021.", "The lender
pays the borrower interest." quoting "The borrower pays the lender interest.", "Chelsea beat
Arsenal 2-1." quoting "Arsenal beat Chelsea 2-1."

Every word and name of such a claim is in its evidence, so neither the specifics nor the names
rules see it, and a judge reading for gist passes it. This rule reads who did what to whom in
the claim and in the sentences of the span shown (or the judge's quote where no span is), with
:func:`~pytest_faithful.text.role_swaps.swapped_roles`: the same verb, relation noun or act,
its two parties exchanged, a passive read by its agent ("Bolt was acquired by Acme" is "Acme
acquired Bolt"), and never a verb whose parties stand the same either way ("met", "married",
"drew with") nor a relation a passage also states the claim's way. A comparison is such a
relation: "Lyon is larger than Paris" quoting "Paris is larger than Lyon", the same degree with
the things compared exchanged (:func:`~pytest_faithful.text.comparisons.exchanged_comparison`;
told by the opposite degree, "Paris is smaller than Lyon", it is the same fact). Every judge.
"""

from __future__ import annotations

from typing import ClassVar

from pytest_faithful.rules.base import Case, RuleJudges, Ruling
from pytest_faithful.rules.changed_names import evidence_read
from pytest_faithful.text.comparisons import exchanged_comparison
from pytest_faithful.text.role_swaps import swapped_roles


class SwappedRoles:
    name: ClassVar[str] = "swapped-roles"
    judges: ClassVar[RuleJudges] = "all"
    required: ClassVar[bool] = False
    reads_wording: ClassVar[bool] = True
    summary: ClassVar[str] = "the claim does not exchange who did what to whom in its evidence"

    def apply(self, case: Case, ruling: Ruling) -> Ruling:
        if ruling.span is None and not ruling.quoted:
            return ruling
        evidence = evidence_read(case, ruling)
        swap = swapped_roles(case.claim.text, evidence, case.passages) or exchanged_comparison(
            case.claim.text, evidence, case.passages
        )
        if swap is None:
            return ruling
        return ruling.demoted(self.name, swap.reason())
