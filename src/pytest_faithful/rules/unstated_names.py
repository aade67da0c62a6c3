"""``unstated-names``: a claim that names someone or something no passage names is not
SUPPORTED, whatever span the judge quotes.

A changed name hides as a changed figure does: "Ms. Johnson approved it" passes for a passage
in which Ms. Smith did, when the rest of the sentence matches. A name is stated in another
form too: a demonym for its place, an initialism for its words
(:mod:`pytest_faithful.text.names`). Its own rule, apart from ``unstated-specifics``, because
it is where answers that add world knowledge ("Prince Harry, Duke of Sussex" where the
passages say "Prince Harry") fail: on faith-dev it took the default from 2.8% of faithful
answers failed to 4.0% (benchmarks/RESULTS.md), so it is ``strict``'s, not ``standard``'s.
Every judge; the lexical judge keeps it under ``standard`` too.
"""

from __future__ import annotations

from typing import ClassVar

from pytest_faithful.rules.base import Case, RuleJudges, Ruling
from pytest_faithful.rules.unstated_specifics import NAME_KINDS, demoted_for

__all__ = ["NAME_KINDS", "UnstatedNames"]


class UnstatedNames:
    name: ClassVar[str] = "unstated-names"
    judges: ClassVar[RuleJudges] = "all"
    required: ClassVar[bool] = False
    reads_wording: ClassVar[bool] = True
    summary: ClassVar[str] = "no name of the claim is missing from the passages"

    def apply(self, case: Case, ruling: Ruling) -> Ruling:
        return demoted_for(self.name, case, ruling, NAME_KINDS)
