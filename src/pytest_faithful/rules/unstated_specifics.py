"""``unstated-specifics``: a claim that states a number, a quotation or a code identifier
(``max_retries``, ``--verbose``, ``acme.toml``: :mod:`~pytest_faithful.text.identifiers`) no
passage states is not SUPPORTED, whatever span the judge quotes.

A judge reads a claim for its gist; "Refunds take 30 days" passes for a passage that gives no
figure at all, and "Set ``ACME_TOKEN``" for a passage's ``ACME_API_TOKEN``. They are read from
the claim's answer sentence (:func:`~pytest_faithful.text.specifics.unstated`), and the reason
names what is missing.
A bound the passages give only the other way ("16 or younger" for "at least 16":
:func:`~pytest_faithful.text.number_clash.flipped_bound`) is a figure they do not state either:
no judge that is right writes one (held out, 54 of 66 flipped bounds caught that passed before;
faith-dev's verdicts unchanged).
Names are the ``unstated-names`` rule's, so that a team whose answers name what their
passages leave to world knowledge can skip them alone. Every judge.
"""

from __future__ import annotations

from typing import ClassVar, Final

from pytest_faithful.rules.base import Case, RuleJudges, Ruling
from pytest_faithful.text.number_clash import flipped_bound
from pytest_faithful.text.specifics import Kind, unstated

SPECIFIC_KINDS: Final[frozenset[Kind]] = frozenset(("number", "quotation", "identifier"))
"""What this rule holds a claim to; :data:`~pytest_faithful.rules.unstated_names.NAME_KINDS`
the rest."""


def demoted_for(rule: str, case: Case, ruling: Ruling, kinds: frozenset[Kind]) -> Ruling:
    """``ruling`` demoted by ``rule`` when the claim states specifics of ``kinds`` that no
    passage states, with a reason naming them; else kept."""
    missing = unstated(case.claim.text, case.claim.sentence, case.passages, kinds)
    if not missing:
        return ruling
    return ruling.demoted(
        rule,
        f"the claim states {', '.join(missing)} and no passage mentions "
        f"{'it' if len(missing) == 1 else 'them'}",
    )


class UnstatedSpecifics:
    name: ClassVar[str] = "unstated-specifics"
    judges: ClassVar[RuleJudges] = "all"
    required: ClassVar[bool] = False
    summary: ClassVar[str] = (
        "no number, quotation or code identifier of the claim is missing from the passages"
    )

    def apply(self, case: Case, ruling: Ruling) -> Ruling:
        ruling = demoted_for(self.name, case, ruling, SPECIFIC_KINDS)
        if ruling.rule is not None:
            return ruling
        # A bound the passages give only the other way is a figure they do not state:
        # "16 or younger" for "at least 16".
        flip = flipped_bound(case.claim.text, case.passages)
        if flip is None:
            return ruling
        return ruling.demoted(
            self.name, f"the claim states {flip.stated} and the passages give {flip.shown[0]}"
        )
