"""Two writings of one negation are no clash (the strict ``negation`` rule,
:mod:`pytest_faithful.text.polarity`), and a statement of the negated thing still is one.

* A passive negation with the thing for its subject says what a negated verb says: "prune
  cannot be run while a backup is in progress" and "You can't prune while a backup is running"
  (the "running" of the backup is no statement the first denies).
* A thing said to have ended says what "no longer" says: "Support for Python 3.8 was dropped in
  version 4.2" and "Python 3.8 is no longer supported as of version 4.2".
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_faithful.text.polarity import negation_clash
from pytest_faithful.text.terms import _bag, _lower

_SUBJECTS = [
    (
        "prune cannot be run while a backup is in progress.",
        "You can't prune while a backup is running.",
        "prune can be run while a backup is running.",
    ),
    (
        "A rebase must not be started while a merge is in progress.",
        "You must not rebase while a merge is running.",
        "A rebase can be started while a merge is running.",
    ),
    (
        "Deploys cannot be triggered while a build is running.",
        "You cannot deploy while a build is running.",
        "Deploys can be triggered while a build is running.",
    ),
    (
        "Exports are not allowed while the account is suspended.",
        "You cannot export while the account is suspended.",
        "Exports are allowed while the account is suspended.",
    ),
]


@pytest.mark.parametrize(("evidence", "claim", "changed"), _SUBJECTS)
def test_a_passive_negation_of_the_claims_negated_verb_is_no_clash(
    evidence: str, claim: str, changed: str
) -> None:
    assert not negation_clash(claim, evidence)
    assert not negation_clash(evidence, claim)
    assert negation_clash(changed, evidence)


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        # A contrast's "not" has no subject before it: the two still clash.
        ("Maria wants a refund, not a replacement.", "I would like a replacement, not a refund."),
        # "without" negates its object only.
        ("Files are not deleted.", "Files are deleted without warning."),
        ("You are not charged.", "You are charged without any notice."),
    ],
)
def test_a_negation_that_is_no_verbs_still_clashes(claim: str, evidence: str) -> None:
    assert negation_clash(claim, evidence)


@pytest.mark.parametrize(
    "ended", ["dropped", "removed", "discontinued", "withdrawn", "ended", "stopped"]
)
@pytest.mark.parametrize(
    ("evidence", "claim", "changed"),
    [
        (
            "Support for Python 3.8 was {} in version 4.2.",
            "Python 3.8 is no longer supported as of version 4.2.",
            "Support for Python 3.8 was added in version 4.2.",
        ),
    ],
)
def test_a_thing_said_to_have_ended_is_no_longer_so(
    ended: str, evidence: str, claim: str, changed: str
) -> None:
    assert not negation_clash(claim, evidence.format(ended))
    assert negation_clash(claim, changed)


@pytest.mark.parametrize(
    "verb", ["removes", "removed", "waives", "scraps", "eliminated", "abolished"]
)
def test_a_thing_taken_away_is_what_a_negation_says_is_not_there(verb: str) -> None:
    # "removes the fee" states no fee, as "pay no fee" does, whichever text is the claim.
    plan = f"Everyday Plus {verb} the foreign transaction fee on card purchases."
    policy = "Everyday Plus customers pay no foreign transaction fee on card purchases."
    assert not negation_clash(plan, policy)
    assert not negation_clash(policy, plan)
    assert negation_clash("Everyday Plus charges the foreign transaction fee.", policy)


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        # A passive takes nothing away, nor a verb followed by no object.
        ("The battery comes out without the key.", "The battery can be removed with the key."),
        (
            "The fee is waived whether or not the repair goes ahead.",
            "Fee waived if repair goes ahead.",
        ),
    ],
)
def test_a_verb_of_taking_away_with_no_object_takes_nothing_away(claim: str, evidence: str) -> None:
    assert negation_clash(claim, evidence)


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(["files", "the job", "backups", "it"]),
    st.sampled_from(["is", "are", "can", "must", "should", "will", "do"]),
    st.sampled_from(["not", "never"]),
    st.sampled_from(["deleted", "run", "be paused", "retry"]),
)
def test_a_negation_after_an_auxiliary_is_a_verbs(
    subject: str, auxiliary: str, negation: str, verb: str
) -> None:
    """The scope reader marks "was not", "must never", "cannot", "won't" as a verb's negation,
    and the "not" of a contrast or a "no" as none."""
    (scope,) = _bag(_lower(f"{subject} {auxiliary} {negation} {verb}.")).scopes
    assert scope.verbal
    (joined,) = _bag(_lower(f"{subject} can't {verb}.")).scopes
    assert joined.verbal
    (contrast,) = _bag(_lower(f"{subject}, {negation} {verb}.")).scopes
    assert not contrast.verbal
    (no,) = _bag(_lower(f"{subject} with no {verb}.")).scopes
    assert not no.verbal


# What one thing is not, against what another thing is: no clash. The same thing said to be so,
# or the thing a verb's object (whatever its subject), still clashes.
@pytest.mark.parametrize(
    ("evidence", "claim", "clash"),
    [
        (
            "Personal training sessions are not included and cost £35 per session.",
            "Personal training isn't part of the membership, although unlimited classes are "
            "included.",
            False,
        ),
        (
            "Personal training sessions are not included and cost £35 per session.",
            "Personal training is included.",
            True,
        ),
        (
            "Personal training sessions are not included and cost £35 per session.",
            "Personal training sessions are fully included.",
            True,
        ),
        (
            "During peak hours bicycles are not allowed on trains.",
            "Not at 8 am: that is in the peak, when only folding bikes are allowed.",
            False,
        ),
        (
            "The User may not reverse engineer, decompile, or disassemble the Software.",
            "The terms permit reverse engineering, decompiling or disassembling the Software.",
            True,
        ),
        # A negation whose verb phrase is left out negates it for its own subject only.
        (
            "With a guarantor loan, the guarantor agrees to make the repayments if the borrower "
            "cannot.",
            "If the borrower can't make the repayments, the guarantor has to pay instead.",
            False,
        ),
        (
            "With a guarantor loan, the guarantor agrees to make the repayments if the borrower "
            "cannot.",
            "If the guarantor can't make the repayments, the borrower has to pay instead.",
            True,
        ),
        # A text that states its head of one thing and negates it of another: the other thing
        # stated is denied; the first thing, or both told apart, is not.
        (
            "Third-party-only policies cover damage you cause to other people's vehicles and "
            "property, but not damage to your own car.",
            "Third-party-only cover pays for damage you cause to other people's vehicles, and it "
            "also covers damage to your own car.",
            True,
        ),
        (
            "Third-party-only policies cover damage you cause to other people's vehicles and "
            "property, but not damage to your own car.",
            "It covers damage you cause to other people's cars, not damage to your own car.",
            False,
        ),
        (
            "Third-party-only policies cover damage you cause to other people's vehicles and "
            "property, but not damage to your own car.",
            "Third-party-only cover pays for damage you cause to other people's property.",
            False,
        ),
        # "rather than" negates what follows it, as "not" does.
        (
            "For HMOs, the landlord is responsible for paying council tax, not the tenants.",
            "For an HMO, the landlord pays the council tax rather than the tenants.",
            False,
        ),
        (
            "For HMOs, the landlord is responsible for paying council tax, not the tenants.",
            "For an HMO, the tenants pay the council tax rather than the landlord.",
            True,
        ),
        # A light verb's negation ("can't get to a library") against the same object negated.
        (
            "The service brings books to residents who cannot visit a library because of illness.",
            "It is for residents who can't get to a library because of illness.",
            False,
        ),
        (
            "The service brings books to residents who cannot visit a library because of illness.",
            "It is for residents who can visit a library.",
            True,
        ),
        # A condition's negation ends with the condition, at its comma.
        (
            "If nobody is in, the courier will leave the parcel with a neighbour, but only if "
            "you have given permission in the app.",
            "If you've given permission in the app, the courier can leave it with a neighbour.",
            False,
        ),
        (
            "If nobody is in, the courier will leave the parcel with a neighbour, but only if "
            "you have given permission in the app.",
            "The courier never leaves a parcel with a neighbour.",
            True,
        ),
        # A verb phrase left out after its subject negates what "but not at" does.
        (
            "Adapted rooms are available at Maple Court and Riverside Village, but not at "
            "Hilltop Halls.",
            "Maple Court and Riverside Village both have adapted rooms, but Hilltop Halls doesn't.",
            False,
        ),
        (
            "Adapted rooms are available at Maple Court and Riverside Village, but not at "
            "Hilltop Halls.",
            "Adapted rooms are available at Hilltop Halls.",
            True,
        ),
        # "no-shows" says what "don't show up" says; "show up" still clashes with it.
        (
            "Members who book but don't show up three times within a month are suspended.",
            "Three no-shows within a month get members suspended.",
            False,
        ),
        (
            "Members who book but don't show up three times within a month are suspended.",
            "Members who book and show up three times within a month are suspended.",
            True,
        ),
        # "Risk-Free" says "no risk": one expression, which negates nothing.
        (
            "Try our 30-Day Risk-Free Trial of the Premium Plan at no cost.",
            "They offer a 30-day trial with no risk for their Premium Plan.",
            False,
        ),
        (
            "The bread is gluten-free and made with rice flour.",
            "The bread has no gluten and is made with rice flour.",
            False,
        ),
    ],
)
def test_what_another_thing_is_says_nothing_against_a_negation(
    evidence: str, claim: str, clash: bool
) -> None:
    assert negation_clash(claim, evidence) is clash


@pytest.mark.parametrize(
    ("claim", "clash"),
    [
        ("Yes, cheques are accepted.", True),
        ("Card, cash and Apple Pay are accepted.", False),
        ("Cheques are not accepted.", False),
    ],
)
def test_a_passive_states_its_subject_as_the_object_a_negation_denies(
    claim: str, clash: bool
) -> None:
    # "we do not accept cheques" beside "We accept card, cash and Apple Pay": the negation is of
    # cheques only, which "cheques are accepted" states as the thing accepted.
    evidence = "We accept card, cash and Apple Pay; we do not accept cheques."
    assert negation_clash(claim, evidence) is clash
