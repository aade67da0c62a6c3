"""``changed-numbers``: a claim whose number stands where its evidence gives another number is
not SUPPORTED: "Plan A costs $25 a month" quoting "Plan A costs $20 a month", where the
passages give $25 for Plan B.

``unstated-specifics`` demotes a number no passage states; a number the passages state for
something else passes it, and a judge reading the gist passes the claim. ``number-clash``
(``strict``) reads every number of the claim against the passage sentence most about it, and
fails answers that join figures of several sentences. This rule holds only the swap: the
claim's number, which the evidence does not state, in the place of a number of the evidence's
that the claim's sentence does not state, between words the two share; one that no passage
writes only where it replaces the evidence's word for word, unhedged ("including 4 reports" for
"including 3 reports", which a passage's list of four things excuses from
``unstated-specifics``) (:func:`~pytest_faithful.text.number_swaps.swapped_number`). A label's
value is read the same way: "the Band B charge" quoting "the Band D charge"
(:func:`~pytest_faithful.text.number_swaps.swapped_label`). A figure the passages' figures
happen to make is excused as worked out only where the claim says it works it out ("$300, so a
second offence would cost $600"), not said as a plain fact ("up to a maximum of £1,000" for the
evidence's £900); the asker's own figure restated with its word ("For two adults") is none. The
evidence is read as ``changed-names`` reads it
(:func:`~pytest_faithful.rules.changed_names.evidence_read`). Every judge.
"""

from __future__ import annotations

from typing import ClassVar

from pytest_faithful.rules.base import Case, RuleJudges, Ruling
from pytest_faithful.rules.changed_names import evidence_read
from pytest_faithful.text.clock_durations import between_clock_durations
from pytest_faithful.text.columns import OtherColumn, other_column_figure
from pytest_faithful.text.number_swaps import swapped_label, swapped_number
from pytest_faithful.text.own_operands import worked_in_claim
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.terms import content_terms


class ChangedNumbers:
    name: ClassVar[str] = "changed-numbers"
    judges: ClassVar[RuleJudges] = "all"
    required: ClassVar[bool] = False
    reads_wording: ClassVar[bool] = True
    summary: ClassVar[str] = "no number of the claim stands where its evidence gives another"

    def apply(self, case: Case, ruling: Ruling) -> Ruling:
        if ruling.span is None and not ruling.quoted:
            return ruling
        evidence = evidence_read(case, ruling)
        swap = swapped_number(case.claim.text, case.claim.sentence, evidence, case.passages)
        if swap is None and (label := swapped_label(case.claim.text, evidence)) is not None:
            return ruling.demoted(
                self.name,
                f"the claim states {label.claimed} where the evidence gives {label.shown}",
            )
        if swap is None and (column := _other_column(case, ruling)) is not None:
            return ruling.demoted(
                self.name,
                f"the claim states {column.figure} of {column.own}, where the evidence gives it"
                f" for {column.column}",
            )
        if swap is None or _works_out(case, swap.shown) or _worked(case, swap.claimed):
            return ruling
        if _asked(case, swap.claimed):  # "For two adults and two children aged 6 and 9:"
            return ruling
        return ruling.demoted(
            self.name,
            f"the claim states {swap.claimed} where the evidence gives {swap.shown}",
        )


def _other_column(case: Case, ruling: Ruling) -> OtherColumn | None:
    """A figure the claim gives its one named column's thing that the quoted table row gives
    only in another column (:func:`~pytest_faithful.text.columns.other_column_figure`)."""
    span = ruling.span
    if span is None or "|" not in case.passages[span.passage]:
        return None
    return other_column_figure(case.claim.text, case.passages[span.passage], span.start, span.end)


def _asked(case: Case, claimed: str) -> bool:
    """Whether the claim restates the question's number with the word after it ("For two
    adults" of "for two adults and two kids"): the asker's own figure stands in no figure's
    place of the evidence. Only so: a lie that swaps in the asker's number for the passage's
    ("children under 7 qualify" for an asker of 7) says it of another thing."""
    if case.question is None:
        return False
    question = case.question.lower()
    return any(
        f"{m[1].lower()} {m[2].lower()}" in question
        for m in _NUMBER_AND_WORD.finditer(case.claim.text)
        if m[1] == claimed
    )


_NUMBER_AND_WORD = regex(r"(?<![\w.,£$€])([\w.,£$€]+)(?=\s+([^\W\d_]+))")


def _worked(case: Case, claimed: str) -> bool:
    """Whether the claim works its number out from its own figures: "112 points, three ahead of
    Lytham Juniors on 109" puts no 3 in the place of the evidence's "2nd"."""
    terms = content_terms(claimed)
    passages = tuple(case.passages)
    return bool(terms) and all(
        worked_in_claim(t, case.claim.text, passages)
        # "11:50. That's 2 h 30 min ahead of the SAS connection (14:20)" quoting "1 h 55 min"
        or between_clock_durations(t, case.claim.text, passages, case.before)
        for t in terms
    )


def _works_out(case: Case, shown: str) -> bool:
    """Whether the answer has given the evidence's number ``shown`` in its sentence before the
    claim's, and the claim works a figure of its own out with it: "... a grant of up to
    £20,000. With the full grant, £22,000 of the £42,000 would come from the reserve" puts no
    £42,000 in the place of the £20,000 it works with."""
    given = content_terms(shown)
    if not given or not given <= content_terms(case.before):
        return False
    working = f"{case.before} {case.claim.text}"
    passages = tuple(case.passages)
    stated = frozenset().union(*map(content_terms, passages))
    return any(
        term[0].isdigit() and term not in stated and worked_in_claim(term, working, passages)
        for term in content_terms(case.claim.text)
    )
