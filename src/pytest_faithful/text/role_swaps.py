"""A claim's relation that its evidence states with the two parties exchanged: a swap.

"Acme acquired Bolt in 2021." quoting "Bolt acquired Acme in 2021.": the relations of
:func:`~pytest_faithful.text.roles.relations`, the claim's read against the evidence's
sentences, and held only where no passage also states the claim's relation its own way round
("Arsenal beat Chelsea 2-1, and Chelsea beat Arsenal 3-0"). Read only where the claim names
two parties the evidence names too; each passage's relations are read once, however many
claims are held to it.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import NamedTuple

from pytest_faithful.text.roles import Relation, party_words, relations

_MOST_PARTIES = 64


class Swap(NamedTuple):
    """A relation of the claim's and the evidence's relation with its parties exchanged."""

    claimed: Relation
    shown: Relation

    def reason(self) -> str:
        verb = "makes" if self.claimed.kind == "noun" else "has"
        return (
            f"the claim {verb} {self.claimed.said()} where the evidence {verb} {self.shown.said()}"
        )


def swapped_roles(claim: str, evidence: str, passages: Sequence[str]) -> Swap | None:
    """A relation of ``claim``'s that ``evidence`` states with its two parties exchanged,
    and that no sentence of ``passages`` states the claim's way; None if none is."""
    folded = evidence.casefold()
    # A claim of more parties is a list, not a relation: each is looked for in the whole
    # evidence, so the look stops at a bounded number (linear time).
    parties = party_words(claim)[:_MOST_PARTIES]
    named = {words for words in parties if any(w in folded for w in words)}
    if len(named) < 2:
        return None
    claimed = list(relations(claim))
    if not claimed:
        return None
    shown = list(relations(evidence))
    for relation in claimed:
        for other in shown:
            if relation.reversed_in(other) and not _stated(relation, passages):
                return Swap(relation, other)
    return None


def _stated(relation: Relation, passages: Sequence[str]) -> bool:
    """Whether a passage states ``relation`` its own way round."""
    return any(
        relation.same_as(other)
        for passage in passages
        for other in _stated_in(passage).get((relation.kind, relation.key), ())
    )


@functools.lru_cache(maxsize=64)
def _stated_in(passage: str) -> dict[tuple[str, tuple[str, ...]], list[Relation]]:
    """The relations ``passage`` states (read loose), by their kind and key: read once per
    passage, however many claims are held to it."""
    found: dict[tuple[str, tuple[str, ...]], list[Relation]] = {}
    for relation in relations(passage, loose=True):
        found.setdefault((relation.kind, relation.key), []).append(relation)
    return found
