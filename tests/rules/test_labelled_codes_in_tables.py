"""A label's value a passage gives in a table's column the label heads ("| Band |" over
"| C |") or after the label's plural ("Zones B and C") states "Band C" and "Zone B", both
ways: another value of the label is still caught (stop 63, from a blind probe's honest
failures). A labelled code the question names is the asker's own."""

from __future__ import annotations

import pytest

from evidence_judges import passes
from pytest_faithful.text.codes import unstated_codes

CHARGES = (
    "Council Tax charges 2025/26.\n\n"
    "| Band | Property value | Annual charge |\n|---|---|---|\n"
    "| A | up to £40,000 | £1,412.64 |\n| C | £52,001 to £68,000 | £1,883.52 |\n",
    "Zone A operates 8am to 8pm. Zones B and C operate 9am to 5pm Monday to Friday.",
)
RESITS = (
    "There are 3 resit windows: January, May and November. The November window is for Units 1 "
    "and 2 only.",
)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("A Band C property is charged £1,883.52 for the year.", True),
        ("A Band A property is charged £1,412.64 for the year.", True),
        ("A Band D property is charged £1,883.52 for the year.", False),
        ("Zone B restrictions apply from 9am to 5pm, Monday to Friday.", True),
        ("Zone C restrictions apply from 9am to 5pm, Monday to Friday.", True),
        ("Zone D restrictions apply from 9am to 5pm, Monday to Friday.", False),
    ],
)
def test_a_label_value_from_a_table_or_a_list_both_ways(answer: str, faithful: bool) -> None:
    assert passes(answer, CHARGES) is faithful


def test_a_table_heads_only_its_own_column() -> None:
    """The C of another column ("| Grade |" over "| C |") is no band."""
    table = "| Name | Grade |\n|---|---|\n| Ash | C |\n"
    assert unstated_codes("It is in Band C.", "It is in Band C.", [table]) == []  # no band at all
    assert unstated_codes("It is Grade C.", "It is Grade C.", [table]) == []
    assert unstated_codes("It is Grade D.", "It is Grade D.", [table]) != []


def test_a_labelled_code_the_question_names_is_the_askers() -> None:
    answer = "No. For Unit 3 you'd need to use the January window."
    assert passes(answer, RESITS, "Can I resit Unit 3 in the November window?")
    assert not passes(answer, RESITS, "Can I resit my coursework in the November window?")


def test_a_bold_runs_closing_stars_are_no_grade_sign() -> None:
    """ "**Screen A**" gives Screen A, not a grade "A*" (stop 63's third blind wave); a grade
    "A*" is still read as one."""
    programme = "**13:30 | Screen B** Little Thunder. **16:00 | Screen A** Shorts. Grade A* only."
    assert unstated_codes("It is in Screen A.", "It is in Screen A.", [programme]) == []
    assert unstated_codes("It is in Screen C.", "It is in Screen C.", [programme]) == ["C"]
    assert unstated_codes("You need grade A*.", "You need grade A*.", [programme]) == []
