"""Contract, lease and terms-of-service answers, as a paralegal paraphrases them.

Three readings a faithful paraphrase of legal text needs, each held both ways (the faithful
answer passes under the standard and the strict rules; the answer changed the way an
unfaithful one is still fails):

- a negation in a clause of its own after a bound ("within 14 days and you don't need to give
  a reason") does not turn the bound over (text/bounds.py);
- a hyphened "non-" makes one word that states nothing of the bare word: "a non-transferable
  licence" is no "transferable" a claim's "can't transfer" denies (text/words.py
  ``joined_non``, text/polarity.py);
- "over" of a time ("over the twelve months before the claim") and "under" of an authority
  ("under this Agreement", "under Section 7.2") are no comparatives, so no opposites
  (text/senses.py); "over 18" and "under 18" still are.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from evidence_judges import quoting
from pytest_faithful import verify
from pytest_faithful.text.bounds import LOWER, UPPER, bound_senses
from pytest_faithful.text.senses import plain_senses
from pytest_faithful.text.words import joined_non

# (passage, faithful paraphrase, the same answer changed)
FAMILY = [
    # A negation in a clause of its own after the bound.
    (
        "You may cancel the order within 24 hours of purchase without giving any reason.",
        "You can cancel within 24 hours and you don't have to give a reason.",
        "You can cancel after 24 hours and you don't have to give a reason.",
    ),
    (
        "Refund requests must be made within 30 days of delivery; no reason is required.",
        "Refund requests have to be made within 30 days and they don't need a reason.",
        "Refund requests have to be made after 30 days and they don't need a reason.",
    ),
    (
        "Tenants may keep up to 2 pets in the flat; no pet deposit is required.",
        "You can keep up to 2 pets in the flat and you don't pay a pet deposit.",
        "You can keep at least 2 pets in the flat and you don't pay a pet deposit.",
    ),
    # "non-X": one word, the opposite of X.
    (
        "The Licensor grants the Licensee a non-transferable licence to use the Software.",
        "The licence to use the Software can't be transferred.",
        "The licence to use the Software can't be transferred for 2 years.",
    ),
    (
        "The booking deposit of $200 is non-refundable.",
        "The $200 booking deposit isn't refundable.",
        "The $250 booking deposit isn't refundable.",
    ),
    (
        "Flights between the two cities are non-stop and depart twice daily.",
        "The flights don't stop on the way, and there are two a day.",
        "The flights depart three times daily.",
    ),
    # "over" of a time, "under" of an authority.
    (
        "The Supplier's liability under this Agreement shall not exceed the Fees paid in the 12"
        " months preceding the claim.",
        "You can recover at most the Fees you paid over the 12 months before the claim.",
        "You can recover at most the Fees you paid over the 24 months before the claim.",
    ),
    (
        "The Lease file shows that over the past three years the Tenant paid rent late four times.",
        "Under the Lease, the Tenant paid the rent late four times in the last three years.",
        "Under the Lease, the Tenant paid the rent late five times in the last three years.",
    ),
    (
        "Under Section 4.1, rent is reviewed once a year over the term of the tenancy.",
        "Rent is reviewed once a year, under Section 4.1.",
        "Rent is reviewed once a year, under Section 5.1.",
    ),
]


@pytest.mark.parametrize(("passage", "faithful", "changed"), FAMILY)
@pytest.mark.parametrize("rules", ["standard", "strict"])
def test_a_faithful_paraphrase_passes_and_a_changed_one_fails(
    passage: str, faithful: str, changed: str, rules: str
) -> None:
    judge = quoting(passage)
    assert verify(faithful, [passage], judge=judge, rules=rules).passed, faithful
    if rules == "strict":
        assert not verify(changed, [passage], judge=judge, rules=rules).passed, changed


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        (
            "Students under 18 need a guardian's consent.",
            "Students over 18 need a guardian's consent.",
        ),
        (
            "Students over 18 need a guardian's consent.",
            "Students under 18 need a guardian's consent.",
        ),
    ],
)
def test_a_comparative_swapped_is_still_caught(claim: str, passage: str) -> None:
    assert not verify(claim, [passage], judge=quoting(passage), rules="strict").passed


_PRONOUNS = st.sampled_from(["you", "we", "they", "he", "she", "it", "there", "I"])
_NEGATED = st.sampled_from(["don't need a reason", "won't pay a fee", "is no charge", "can't"])
_BOUNDS = st.sampled_from([("within", UPPER), ("up to", UPPER), ("at least", LOWER)])


@settings(max_examples=30)
@given(_BOUNDS, st.sampled_from(["and", "or"]), _PRONOUNS, _NEGATED, st.integers(1, 999))
def test_a_negation_in_a_clause_of_its_own_keeps_the_bound(
    bound: tuple[str, str], joint: str, pronoun: str, negated: str, number: int
) -> None:
    words, sense = bound
    text = f"Refunds are paid {words} {number} days {joint} {pronoun} {negated}."
    assert bound_senses(text)[str(number)] == {sense}


_WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=3, max_size=12)


@settings(max_examples=30)
@given(_WORD, st.text(alphabet=" abc,.", max_size=20))
def test_non_is_joined_to_its_word_and_nothing_else_changes(word: str, rest: str) -> None:
    assert joined_non(f"a non-{word}{rest}") == f"a non{word}{rest}"
    assert joined_non(f"a none-{word}{rest}") == f"a none-{word}{rest}"
    assert joined_non(f"a {word}{rest}") == f"a {word}{rest}"


@settings(max_examples=30)
@given(st.integers(1, 999), _WORD)
@example(1, "article")  # "under 1 article" once read as an authority: "per 1 article"
def test_over_and_under_a_number_stay_comparatives(number: int, unit: str) -> None:
    for text in (f"over {number} {unit}", f"under {number} {unit}", f"over the age of {number}"):
        assert plain_senses(text) == text
