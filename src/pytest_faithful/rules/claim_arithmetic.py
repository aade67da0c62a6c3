"""``claim-arithmetic``: a claim whose own working is wrong is not SUPPORTED: "26,500 GBP a
year, which is 12,750 GBP more than the 9,250 GBP a home student pays"; "5 ml three times a
day, triple the 2.5 ml dose".

A lie that changes one figure of an answer's working can leave every figure stated by the
passages, or worked out by some other pair of their figures, and every word in its evidence:
only the claim's own sum says it is wrong. The rule reads the differences and multiples a
claim writes out with all their figures
(:func:`~pytest_faithful.text.claimed_arithmetic.wrong_arithmetic`), and the working it writes
with operators, "14 + 2 x 3 = 22" (:func:`~pytest_faithful.text.written_sums.wrong_written_sum`;
in stop 62's blind probes, 47 honest workings read and all held, 4 lies newly caught); and a
comparison its own figures order the other way, "£688, which is £11 more than the model at
£699", "Lark is £14 and Heron is £9.50, so Lark is cheaper"
(:func:`~pytest_faithful.text.own_order.ordered_against_itself`; stop 65: on stops 62-64's
probes no honest answer newly failed and 45 lies were newly caught); and a length it gives
for a range of two times of day it writes, "Six hours — from 10:00pm to 6:00am"
(:func:`~pytest_faithful.text.own_spans.wrong_own_span`; stop 67), and a count of days it
gives between two dates it writes, "on 18 June and on 2 July, 12 days later"
(:func:`~pytest_faithful.text.own_gaps.wrong_own_gap`; stop 67). It reads no passage,
so it costs a judge that is right nothing unless its answer miscounts. Every judge.
"""

from __future__ import annotations

from typing import ClassVar

from pytest_faithful.rules.base import Case, RuleJudges, Ruling
from pytest_faithful.text.claimed_arithmetic import wrong_arithmetic
from pytest_faithful.text.own_gaps import wrong_own_gap
from pytest_faithful.text.own_order import ordered_against_itself
from pytest_faithful.text.own_spans import wrong_own_span


class ClaimArithmetic:
    name: ClassVar[str] = "claim-arithmetic"
    judges: ClassVar[RuleJudges] = "all"
    required: ClassVar[bool] = False
    reads_wording: ClassVar[bool] = True
    summary: ClassVar[str] = (
        "the claim's own working (a difference, a multiple, a sum, a comparison) holds"
    )

    def apply(self, case: Case, ruling: Ruling) -> Ruling:
        claim = case.claim.text
        wrong = (
            wrong_arithmetic(claim)
            or ordered_against_itself(claim)
            or wrong_own_span(claim)
            or wrong_own_gap(claim)
        )
        if wrong is None:
            return ruling
        return ruling.demoted(self.name, wrong.reason())
