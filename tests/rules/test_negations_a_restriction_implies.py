"""A negation the evidence's "only" implies is no clash, both ways (stop 63, from a blind
probe's honest failure): "otherwise knives can't be returned" of "Knives can only be returned
if the blade guard and box are unopened" passes; "Knives can't be returned" still clashes,
and so does a negation of something the "only" clause does not say ("the bookcases are not
the originals" beside "but only about 400 books remain")."""

from __future__ import annotations

import pytest

from evidence_judges import quoting
from pytest_faithful import verify
from pytest_faithful.text.restrictions import negation_restriction_implies

KNIVES = "Knives can only be returned if the blade guard and box are unopened."
BINS = "Only Thursday and Friday collections are affected this year."
LIBRARY = (
    "The oak bookcases are original to 1724, but only about 400 of Edward's books remain in "
    "the house."
)


@pytest.mark.parametrize(
    ("claim", "evidence", "faithful"),
    [
        ("Only if the blade guard and box are unopened; otherwise knives can't be returned.",
         KNIVES, True),
        ("Knives can't be returned.", KNIVES, False),
        ("The oak bookcases are not original to 1724.", LIBRARY, False),
    ],
)  # fmt: skip
def test_a_negation_a_restriction_implies_both_ways(
    claim: str, evidence: str, faithful: bool
) -> None:
    result = verify(claim, [evidence], judge=quoting(evidence))
    assert result.passed is faithful
    if not faithful:
        assert [v.rule for v in result.claim_verdicts] == ["negation"]


@pytest.mark.parametrize(
    ("claim", "evidence", "implied"),
    [
        ("Tuesday collections aren't affected.", BINS, True),
        ("Thursday collections aren't affected.", BINS, False),
        ("The oak bookcases are not original.", LIBRARY, False),
        ("Knives can't be returned.", KNIVES, False),
        ("Otherwise knives can't be returned.", KNIVES, True),
        ("Tuesday collections aren't affected.", "Tuesday collections are affected.", False),
    ],
)
def test_what_only_restricts_to(claim: str, evidence: str, implied: bool) -> None:
    assert negation_restriction_implies(claim, evidence) is implied
