"""``left-out-specifics``: a sentence whose claims leave out a number, a name or a quotation
that no passage states gets a NOT_ENOUGH_INFO verdict of its own.

The ``unstated-specifics`` rule demotes a SUPPORTED claim that carries such a number or
quotation, and ``unstated-names`` one that carries such a name; a judge that leaves it out of
every claim ("Refunds take 30 days." claimed as "Refunds are offered.", or rewritten to the
passage's "14 days") would otherwise pass the sentence with it unjudged
(:func:`~pytest_faithful.text.specifics.left_out`). Any verdict on a claim carrying it would
end NOT_ENOUGH_INFO or CONTRADICTED, so no judge request is spent: the sentence gets that
verdict itself. Sentences verified whole carry all they state. It holds a sentence to the
kinds the chosen claim rules check (names only beside ``unstated-names``), so skipping names
skips them here too; chosen without either, to every kind. Every judge.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence, Set
from typing import ClassVar

from pytest_faithful.models import Claim, ClaimVerdict, Label
from pytest_faithful.rules.base import RuleJudges
from pytest_faithful.rules.unstated_names import NAME_KINDS, UnstatedNames
from pytest_faithful.rules.unstated_specifics import SPECIFIC_KINDS, UnstatedSpecifics
from pytest_faithful.text.align import text_key
from pytest_faithful.text.identifiers import without_examples
from pytest_faithful.text.segment import Sentence
from pytest_faithful.text.specifics import ALL_KINDS, Kind, left_out

LEFT_OUT_NOTE = "[the judge's claims from this sentence leave out part of it]"
"""Starts the reason of the verdict a sentence gets for what its claims leave out."""


@dataclasses.dataclass(frozen=True)
class LeftOutSpecifics:
    name: ClassVar[str] = "left-out-specifics"
    judges: ClassVar[RuleJudges] = "all"
    required: ClassVar[bool] = False
    summary: ClassVar[str] = (
        "a sentence's claims leave out no name, number or quotation missing from the passages"
    )
    kinds: frozenset[Kind] = ALL_KINDS

    def following(self, chosen: Set[str]) -> LeftOutSpecifics:
        """This rule holding sentences to the kinds that the ``chosen`` claim rules check."""
        kinds: frozenset[Kind] = frozenset()
        if UnstatedSpecifics.name in chosen:
            kinds |= SPECIFIC_KINDS
        if UnstatedNames.name in chosen:
            kinds |= NAME_KINDS
        return dataclasses.replace(self, kinds=kinds or ALL_KINDS)

    def verdicts(
        self,
        sentences: Sequence[Sentence],
        judged: Sequence[Claim],
        stated: Sequence[Claim],
        whole: Sequence[Claim],
        passages: Sequence[str],
    ) -> tuple[ClaimVerdict, ...]:
        verified_whole = {(w.start, w.end) for w in whole}
        carried: dict[tuple[int, int], list[str]] = {}
        for claim in stated:
            carried.setdefault((claim.start, claim.end), []).append(claim.text)
        keys = {text_key(c.text) for c in judged}
        found = []
        for sentence in sentences:
            span = (sentence.start, sentence.end)
            if span in verified_whole or span not in carried:
                continue
            said = without_examples(sentence.text, passages)
            missing = left_out(said, carried[span], passages, self.kinds)
            if not missing or text_key(sentence.text) in keys:
                continue
            keys.add(text_key(sentence.text))
            found.append(
                ClaimVerdict(
                    claim=Claim(
                        text=sentence.text,
                        sentence=sentence.text,
                        start=sentence.start,
                        end=sentence.end,
                    ),
                    label=Label.NOT_ENOUGH_INFO,
                    reason=f"{LEFT_OUT_NOTE} the sentence states {', '.join(missing)} and no "
                    f"passage mentions {'it' if len(missing) == 1 else 'them'}",
                    evidence="",
                    passage_index=None,
                    evidence_found=False,
                    judge_label=Label.NOT_ENOUGH_INFO,
                    rule=self.name,
                )
            )
        return tuple(found)
