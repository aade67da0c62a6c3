"""A numbered part a claim cites, both ways (stop 64, from blind probes' honest failures):
"Under order 5, ..." passes where a passage numbers its orders "5. Any party who fails to
comply ...", since the reading of a passage blanks a list's numbers; citing a part whose
text is not the one most about the claim ("Under order 4, ...") still fails."""

from __future__ import annotations

import pytest

from evidence_judges import passes
from pytest_faithful.text.cited_parts import cited_part

ORDERS = (
    "CASE MANAGEMENT ORDERS\n\n1. By 30 June 2025 the parties shall send each other a list of "
    "all documents.\n2. By 28 July 2025 the Respondent shall prepare an indexed hearing bundle."
    "\n3. By 1 September 2025 the parties shall exchange written witness statements.\n4. The "
    "Claimant shall send the Respondent a schedule of loss by 16 June 2025.\n5. Any party who "
    "fails to comply with these orders may have their claim or response struck out."
)
TENANCY = (
    "8. Access. The Landlord may enter the Property on giving at least 24 hours' written "
    "notice.\n9. Tenant's obligations. The Tenant shall: (a) keep the Property clean; (d) have "
    "the carpets professionally cleaned at the end of the tenancy only if they were "
    "professionally cleaned at the start, as recorded in the inventory.\n10. Smoking is not "
    "permitted."
)


@pytest.mark.parametrize(
    ("answer", "passage", "faithful"),
    [
        ("Under order 5, a party who fails to comply may have their claim or response struck "
         "out.", ORDERS, True),
        ("Under order 4, a party who fails to comply may have their claim or response struck "
         "out.", ORDERS, False),
        ("Under order 7, a party who fails to comply may have their claim or response struck "
         "out.", ORDERS, False),
        ("Only if the carpets were professionally cleaned at the start of the tenancy, as "
         "recorded in the inventory (clause 9(d)).", TENANCY, True),
        ("Only if the carpets were professionally cleaned at the start of the tenancy, as "
         "recorded in the inventory (clause 8(d)).", TENANCY, False),
    ],
)  # fmt: skip
def test_a_cited_part_both_ways(answer: str, passage: str, faithful: bool) -> None:
    assert passes(answer, [passage]) is faithful


def test_only_a_citation_states_the_part() -> None:
    """A bare 5 is no citation: "5 parties" counts, and the list number states no count."""
    claim = "5 parties who fail to comply may have their claim struck out."
    assert not cited_part("5", claim, (ORDERS,))
    assert cited_part("5", "Order 5: a party who fails to comply may be struck out.", (ORDERS,))


def test_two_parts_as_much_about_the_claim_state_neither() -> None:
    twins = "1. Parking is free for members.\n2. Parking is free for members on Sundays."
    assert not cited_part("1", "Rule 1 says parking is free for members.", (twins,))
