"""``changed-names``: a claim whose name stands where its evidence names someone or something
else is not SUPPORTED: "Ms. Johnson approved the budget." quoting "Ms. Smith approved the
budget.", "moved to Lyon in 2004" quoting "moved to Porto in 2004".

``unstated-names`` demotes every name no passage states, and so fails answers that add a name
from world knowledge (an apposition, a title, an honour, a degree, a name for a description):
on faith-dev, 6 faithful WiCE answers, which keep it out of the default policy. This rule holds
only the swap: the claim's unstated name in the place of a name of the evidence's that the
claim lacks, around words the two share (:func:`~pytest_faithful.text.name_swaps.swapped_name`).
The evidence is the span shown, read with the rest of its sentences, or the judge's quote where
no span is; where it shows no swap, each of its sentences alone (a claim that tells them in
another order), then a passage sentence outside it that shares two content words
or more with the rest of the claim is read too (a claim joining two facts, "..., and Eiffel was
born in Lyon in 1832", whose quote states only the first). Every judge.
On faith-dev with the gold judges (benchmarks/rules.py), the default gains 9 catches (178 to
187 of 500 lies: 2 on the tune half, 7 held out, 81 to 88 of 235) and no false alarm; on 46
invented swaps across support docs, news, biographies and product facts, it catches 43, and
passes all 46 honest twins that add or re-form names (which ``unstated-names`` fails 30 of).
Reading the sentences outside the evidence added 4 catches on faith-dev (197 to 201; held out
93 to 95 of 235) and no false alarm.

A name the passages state, but not the evidence, is held to the evidence too (stop 50): "Ana
was born in Bulgaria" quoting "Ana was born in Romania", where a later sentence has her move to
Bulgaria; a name the passages give for something else is no more the evidence's than one they
never give. There a month or a weekday stands only for another: a claim joining two facts
("Priya's draft is due Friday" quoting "Priya will draft it; Marcus will update the page")
puts the second fact's date where the first has a person. On a blind probe (67 swaps for a
value the same passages state elsewhere, 67 honest twins, 33 of them joining facts, using
descriptions or other forms) the default caught 9 lies before and 18 after and passed 66
honest twins before and after; on faith-dev 4 more lies (1 held out) and 1 faithful answer
(held out) fail: 14 / 205 of 500.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from pytest_faithful.rules.base import Case, RuleJudges, Ruling
from pytest_faithful.rules.unstated_specifics import NAME_KINDS, asked_month, missing_for
from pytest_faithful.text.evidence import sentences_around
from pytest_faithful.text.name_swaps import Swap, swapped_name
from pytest_faithful.text.segment import split_sentences
from pytest_faithful.text.specifics import unstated
from pytest_faithful.text.terms import content_terms


class ChangedNames:
    name: ClassVar[str] = "changed-names"
    judges: ClassVar[RuleJudges] = "all"
    required: ClassVar[bool] = False
    reads_wording: ClassVar[bool] = True
    summary: ClassVar[str] = "no name of the claim stands where its evidence names another"

    def apply(self, case: Case, ruling: Ruling) -> Ruling:
        if ruling.span is None and not ruling.quoted:
            return ruling
        missing = missing_for(case, NAME_KINDS)
        evidence = evidence_read(case, ruling)
        swap = None
        if missing:
            swap = swapped_name(case.claim.text, case.claim.sentence, evidence, missing)
            if swap is None:
                swap = _swapped_in_one(case, evidence, missing)
            if swap is None:
                swap = _swapped_elsewhere(case, evidence, missing)
        if swap is None:
            swap = _swapped_for_stated(case, evidence, missing)
        if swap is None:
            return ruling
        return ruling.demoted(
            self.name, f"the claim names {swap.claimed} where the evidence names {swap.shown}"
        )


# The fewest content words a passage sentence outside the evidence shares with the claim to be
# read for a swap: a claim that joins two facts ("... , and Eiffel was born in Lyon in 1832")
# may have its evidence quote only the first.
_SHARED_ELSEWHERE = 2


def _swapped_in_one(case: Case, evidence: str, missing: Sequence[str]) -> Swap | None:
    """The swap one sentence of an ``evidence`` of several shows: read whole, its words in
    another order than the claim's ("Should we invite Paul to the dinner? No, he's away until
    Monday." for "Paul is away until Friday, so he won't be invited to the dinner") align the
    shared stretch of one sentence and leave the name's place in the other unmatched."""
    said = split_sentences(evidence)
    if len(said) < 2:  # most evidence: one sentence, read whole already
        return None
    for sentence in said:
        swap = swapped_name(case.claim.text, case.claim.sentence, sentence.text, missing)
        if swap is not None:
            return swap
    return None


def _swapped_elsewhere(case: Case, evidence: str, missing: Sequence[str]) -> Swap | None:
    """The swap a passage sentence outside ``evidence`` shows, one that shares at least
    :data:`_SHARED_ELSEWHERE` content words with the claim beyond those of ``evidence`` and
    its unstated names: the part of a joined claim its quote leaves out, held to the sentence
    that states it."""
    claimed = content_terms(case.claim.text) - content_terms(evidence)
    claimed -= content_terms(" ".join(missing))  # the names no passage states share nothing
    if len(claimed) < _SHARED_ELSEWHERE:
        return None
    for passage in case.passages:
        for sentence in split_sentences(passage):
            said = sentence.text
            if said in evidence or len(claimed & content_terms(said)) < _SHARED_ELSEWHERE:
                continue
            swap = swapped_name(case.claim.text, case.claim.sentence, said, missing)
            if swap is not None:
                return swap
    return None


def _swapped_for_stated(case: Case, evidence: str, missing: Sequence[str]) -> Swap | None:
    """A name the passages state elsewhere, standing where the evidence names another:
    "Ana was born in Bulgaria" quoting "Ana was born in Romania", where a passage says she
    later moved to Bulgaria."""
    if content_terms(case.claim.text) <= content_terms(evidence):
        return None  # every word of the claim's is the evidence's: it states every name too
    stated = [
        name
        for name in unstated(case.claim.text, case.claim.sentence, [evidence], NAME_KINDS)
        if name not in missing and not asked_month(name, case)
    ]
    if not stated:
        return None
    return swapped_name(case.claim.text, case.claim.sentence, evidence, stated, calendar_alike=True)


def evidence_read(case: Case, ruling: Ruling) -> str:
    """The sentences of the span shown, whole: a quote that stops short of the name in the
    claim's name's place ("approved the budget" out of "Ms. Smith approved the budget.") is
    read with it. The judge's quote where no span is."""
    span = ruling.span
    if span is None:
        return ruling.quoted
    return sentences_around(case.passages[span.passage], span.start, span.end)
