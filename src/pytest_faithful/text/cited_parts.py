"""A part of a document a claim cites by its number: "under clause 5", "poolside rule 6",
"According to section 6", "(clause 9(d))".

Policies, contracts, orders and rule lists number their parts at the start of a line ("5.
Cancellation by the Tenant. If the Tenant cancels ..."), and the reading of a passage blanks
such a list number (:mod:`~pytest_faithful.text.readings`), so a claim that cites the part
states a number no passage seems to. :func:`cited_part` reads the citation as stated where a
passage numbers a part so and that part, of all the passage's numbered parts, is the one most
about the claim: "Under order 4, a party who fails to comply may have their claim struck out"
cites the part that says so only when it is the fourth.
"""

from __future__ import annotations

import functools

from pytest_faithful.text.patterns import regex
from pytest_faithful.text.terms import content_terms

# A citation of a numbered part, its sub-item after it: "clause 9(d)", "rule 6", "Section 4".
_CITED = regex(
    r"(?i)\b(?:clause|section|sec\.|order|rule|condition|paragraph|para\.?|item|article|point"
    r"|step|term|part|regulation)[^\S\n]+(\d{1,3})(?:\([a-z0-9]{1,4}\))*(?![\w.,]\d)"
)
# A part a passage numbers at the start of its line, with its text to the line's end: "5.
# Cancellation by the Tenant. ...", "6) Swimmers who miss ...", "- 3. No diving ...".
_NUMBERED = regex(r"(?m)^[^\S\n]*(?:[-*][^\S\n]+)?(\d{1,3})[.)][^\S\n]+(\S.*)$")


def cited_part(term: str, claim: str, passages: tuple[str, ...]) -> bool:
    """Whether ``term``, a number ``claim`` states, is the number of a part it cites that a
    passage numbers so and that, of the passage's numbered parts, shares the most content
    words with the claim."""
    return term in _cited_parts(claim, passages)


@functools.lru_cache(maxsize=64)
def _cited_parts(claim: str, passages: tuple[str, ...]) -> frozenset[str]:
    """The numbers of the parts ``claim`` cites that :func:`cited_part` reads as stated, each
    text read once (a check asks for each number the claim states)."""
    cited = {m[1] for m in _CITED.finditer(claim)}
    if not cited:
        return frozenset()
    said = frozenset(t for t in content_terms(_CITED.sub(" ", claim)) if not t[0].isdigit())
    if not said:
        return frozenset()
    found: set[str] = set()
    for passage in passages:
        best: dict[str, int] = {}  # each number's part most about the claim
        for m in _NUMBERED.finditer(passage):
            best[m[1]] = max(best.get(m[1], 0), len(said & content_terms(m[2])))
        ranked = sorted(best.values(), reverse=True)
        for number in cited & best.keys():
            count = best[number]  # the one part most about the claim, no other as much
            if count and count == ranked[0] and (len(ranked) == 1 or ranked[1] < count):
                found.add(number)
    return frozenset(found)
