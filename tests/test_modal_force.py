"""The force a modal gives an action (text/modals.py, the ``modal-force`` rule), both ways.

A faithful paraphrase keeps the force in other words ("is allowed to" for "may", "is required
to" or "needs to" for "must") and passes; the same answer with the force changed ("must" for
"may elect to", "may" for "must", "need not" for "may not", "must" for "should") fails, under
the standard and the strict rules, quoted with the passage sentence it changes.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_judges import quoting
from pytest_faithful import verify
from pytest_faithful.text import modals
from pytest_faithful.text.modals import modal_clash

# (passage, faithful paraphrase, the same answer with the force changed)
FAMILY = [
    (
        "The landlord may elect to renew the lease for a further year.",
        "It is up to the landlord whether to renew the lease for a further year.",
        "The landlord must renew the lease for a further year.",
    ),
    (
        "Contractors must wear a hard hat on the building site.",
        "Contractors are required to wear a hard hat on the building site.",
        "Contractors may wear a hard hat on the building site.",
    ),
    (
        "Guests are allowed to bring their own towels to the spa.",
        "Guests may bring their own towels to the spa.",
        "Guests have to bring their own towels to the spa.",
    ),
    (
        "Applicants are eligible to claim a travel grant of $300.",
        "Applicants can claim a travel grant of $300.",
        "Applicants will always claim a travel grant of $300.",
    ),
    (
        "Cyclists need not register their bikes with the council.",
        "Cyclists do not have to register their bikes with the council.",
        "Cyclists must not register their bikes with the council.",
    ),
    (
        "Staff may not share their passwords with colleagues.",
        "Staff are not allowed to share their passwords with colleagues.",
        "Staff need not share their passwords with colleagues.",
    ),
    (
        "Patients should drink plenty of water after the procedure.",
        "Patients ought to drink plenty of water after the procedure.",
        "Patients must drink plenty of water after the procedure.",
    ),
    (
        "The committee shall publish its minutes within a week of each meeting.",
        "The committee has to publish its minutes within a week of each meeting.",
        "The committee can publish its minutes within a week of each meeting.",
    ),
    (
        "All invoices have to be approved by the finance director.",
        "All invoices must be approved by the finance director.",
        "All invoices may be approved by the finance director.",
    ),
    # Advice against it forbids as "should not" does.
    (
        "It is not safe to share one client across processes.",
        "One client should not be shared across processes.",
        "One client must be shared across processes.",
    ),
    (
        "It isn't advisable to store the key in the repository.",
        "You shouldn't store the key in the repository.",
        "You can store the key in the repository.",
    ),
]


@pytest.mark.parametrize(("passage", "faithful", "changed"), FAMILY)
@pytest.mark.parametrize("rules", ["standard", "strict"])
def test_the_force_kept_passes_and_the_force_changed_fails(
    passage: str, faithful: str, changed: str, rules: str
) -> None:
    assert verify(faithful, [passage], judge=quoting(passage), rules=rules).passed, faithful
    result = verify(changed, [passage], judge=quoting(passage), rules=rules)
    assert [cv.rule for cv in result.claim_verdicts] == ["modal-force"], changed


# Readings that are no clash, each a faithful answer quoted with the sentence it rewords.
@pytest.mark.parametrize(
    ("passage", "faithful"),
    [
        # A limit on how much is allowed is said with either force.
        ("Checked bags must weigh no more than 23 kg.", "A checked bag can weigh up to 23 kg."),
        ("Adults may take up to 4 tablets a day.", "Adults should take at most 4 tablets a day."),
        # An instruction's ability and need.
        ("You can turn the filter on in Settings.", "You have to turn the filter on in Settings."),
        # A modal after a negation in its clause is left to the judge.
        ("No visitor may smoke in the lobby.", "Visitors must not smoke in the lobby."),
        # Permitted and exempt hold together.
        ("Members need not attend the annual dinner.", "Members can attend the annual dinner."),
    ],
)  # fmt: skip
def test_what_one_action_can_hold_at_once_is_no_clash(passage: str, faithful: str) -> None:
    assert verify(faithful, [passage], judge=quoting(passage), rules="standard").passed


_SAME = {
    "permitted": ["may", "can", "is allowed to", "is permitted to", "is eligible to"],
    "obliged": ["must", "is required to", "shall", "is obliged to"],
    "advised": ["should", "ought to", "is advised to"],
    "forbidden": ["may not", "must not", "cannot", "is not allowed to", "is prohibited from"],
    "exempt": ["need not", "does not have to", "is not required to"],
}
_TOGETHER = [{"permitted", "exempt"}, {"advised", "exempt"}]
_SUBJECT = st.sampled_from(["tenant", "buyer", "board", "driver", "member", "auditor"])


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(sorted(_SAME)),
    st.sampled_from(sorted(_SAME)),
    st.integers(0, 4),
    st.integers(0, 4),
    st.sampled_from(["sign", "renew", "inspect", "publish", "collect"]),
    _SUBJECT,
)
def test_a_clash_is_read_between_two_forces_that_cannot_hold_together(
    said: str, shown: str, one: int, other: int, action: str, subject: str
) -> None:
    first, second = _SAME[said], _SAME[shown]
    claim = f"The {subject} {first[one % len(first)]} {action} the {subject} report."
    evidence = f"The {subject} {second[other % len(second)]} {action} the {subject} report."
    clashes = said != shown and {said, shown} not in _TOGETHER
    assert (modal_clash(claim, evidence) is not None) == clashes, (claim, evidence)
    # Another action altogether, or the same force: no clash.
    assert modal_clash(claim, evidence.replace(f" {action} ", " notarise ")) is None
    assert modal_clash(claim, claim) is None


@settings(max_examples=60)
@given(
    st.lists(
        st.sampled_from(
            [
                "you",
                "It",
                "is",
                "up",
                "to",
                "the",
                "Tenant",
                "whether",
                "MAY",
                "cannot",
                "NEEDN'T",
                "be",
                "Allowed",
                "\tup",
                "able",
                "pay",
                "ought",
                "rent",
                "\u017fhall",
                "HAS",
                "not",
            ]
        ),
        max_size=12,
    )
)
def test_every_modal_the_pattern_reads_passes_the_substring_pre_test(words: list[str]) -> None:
    text = " ".join(words)
    if modals._MODAL.search(text):
        assert modals._may_hold_modal(text)


_GRINDERS = (
    "The Encore handles drip and French press well, but it is not fine enough for true espresso. "
    "The Fellow Opus costs $195 and can grind fine enough for espresso."
)


@pytest.mark.parametrize(
    ("claim", "evidence", "clash"),
    [
        # The claim gives the action both forces, each of another thing, the second with its
        # verb phrase left out: the evidence's "can" is the Fellow Opus's, which the claim says.
        (
            "The Encore can't grind fine enough for espresso; the Fellow Opus can.",
            _GRINDERS,
            False,
        ),
        ("The Encore can't grind fine enough for espresso.", _GRINDERS, True),
        # An elided modal of a thing the evidence does not name agrees with nothing.
        ("Members must attend the meeting; guests may.", "Members may attend the meeting.", True),
        # "can only ... when" is what the rule forbids otherwise; "must" against it clashes.
        (
            "It can only be applied when the wind is below 15 km/h.",
            "Do not apply it in wind. Applications are permitted only when wind is below 15 km/h. "
            "Growers must not apply it within 14 days of harvest.",
            False,
        ),
        (
            "It must be applied when the wind is below 15 km/h.",
            "It may only be applied when wind is below 15 km/h.",
            True,
        ),
        # A likelihood is no force: "can expect" and "should expect".
        (
            "Ships should expect to wait about 4 days.",
            "Vessels can expect waiting times of 4 days.",
            False,
        ),
        # A modal of the claim's own that the evidence gives too still agrees.
        (
            "Only pets under 8 kg may travel in the cabin, so a 12 kg dog must travel in the hold.",
            "Pets under 8 kg may travel in the cabin. Larger pets must travel in the hold.",
            False,
        ),
    ],
)
def test_a_modal_with_its_verb_phrase_left_out(claim: str, evidence: str, clash: bool) -> None:
    assert (modal_clash(claim, evidence) is not None) is clash


def test_a_permission_with_but_not_forbids_the_rest() -> None:
    evidence = "Visitors may photograph the main hall, but not the manuscripts."
    assert modal_clash("Visitors aren't allowed to photograph the manuscripts.", evidence) is None
    assert (
        modal_clash("Visitors are not permitted to photograph the manuscripts.", evidence) is None
    )
    # The permission itself still clashes with a duty, and "but not only" excepts nothing.
    assert modal_clash("Visitors must photograph the main hall.", evidence) is not None
    only = "Visitors may photograph the hall, but not only the hall."
    assert modal_clash("Visitors cannot photograph the hall.", only) is not None


def test_a_permission_only_if_forbids_what_it_leaves_out() -> None:
    rule = "Power banks may be carried only if they are under 100 Wh."
    assert modal_clash("Larger power banks can't be carried.", rule) is None
    # A duty still clashes with it, and a permission with no "only" with a prohibition.
    assert modal_clash("Power banks must be carried.", rule) is not None
    plain = "Power banks may be carried in hand luggage."
    assert modal_clash("Power banks can't be carried.", plain) is not None
