"""A negation quantified over a relative ("none of which were fatal") and an obligation on one
able to meet it ("must bring a set if they can"), read as a faithful answer says them, each
both ways. Written from blind probes' classes (stop 59's first wave), in texts of their own."""

from __future__ import annotations

import pytest

from evidence_judges import quoting_the_best_passage
from pytest_faithful import verify
from pytest_faithful.text.modals import modal_clash
from pytest_faithful.text.terms import text_bag

FLOODS = ("The storm flooded 23 homes, none of them beyond repair.",)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("The storm flooded 23 homes, none of which were beyond repair.", True),
        ("The storm flooded 23 homes, one of which was beyond repair.", False),
        ("The storm flooded 23 homes, all of which were beyond repair.", False),
    ],
)
def test_none_of_which_negates_what_follows(answer: str, faithful: bool) -> None:
    judge = quoting_the_best_passage()
    assert verify(answer, list(FLOODS), judge=judge).passed is faithful


def test_the_relative_after_none_of_opens_no_clause() -> None:
    bag = text_bag("23 homes, none of which were beyond repair")
    assert "repair" in bag.negated
    # A relative that opens a clause of its own still ends a negation's scope.
    assert "open" not in text_bag("The cafe is not busy, which is open late").negated


SETS = ("Players must bring their own boards and clocks if they can; a few are provided.",)


@pytest.mark.parametrize(
    ("claim", "clash"),
    [
        ("Players should bring their own boards and clocks if they can.", False),
        ("Players may bring their own boards and clocks.", True),
        ("Players should bring their own boards.", False),
    ],
)
def test_an_obligation_on_one_able_to_meet_it_is_advice(claim: str, clash: bool) -> None:
    assert (modal_clash(claim, SETS[0]) is not None) is clash


def test_a_possibility_said_of_another_clause_leaves_the_obligation() -> None:
    """ "where possible" after a comma qualifies what follows it, not the "has to"."""
    evidence = "Developers must replace every tree they remove with two new trees."
    claim = "Each tree has to be replaced with two new ones, ideally native where possible."
    assert modal_clash(claim, evidence) is None
    assert modal_clash("Each tree should be replaced with two new ones.", evidence) is not None
