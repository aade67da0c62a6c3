"""A negation quantified over a relative ("none of which were fatal"), the reach of "without"
and of a spaced dash, a "doesn't" whose verb is left out, and an obligation on one able to
meet it ("must bring a set if they can"), read as a faithful answer says them, each both ways.
Written from blind probes' classes (stop 59's first two waves), in texts of their own."""

from __future__ import annotations

import pytest

from evidence_judges import quoting_the_best_passage
from pytest_faithful import verify
from pytest_faithful.text.modals import modal_clash
from pytest_faithful.text.polarity import negation_clash
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


@pytest.mark.parametrize(
    ("text", "negated"),
    [
        # "without" negates its object: not past a comma, nor the clause's own verb.
        ("Camels can go for days without drinking water, getting moisture from plants.",
         {"drink", "water"}),
        ("Limping without bearing weight can be a sign of a fracture.", {"bear", "weight"}),
        # A spaced dash ends the scope, as an em dash does.
        ("Not really - they can go for days without drinking.", {"drink"}),
        # "doesn't" with its verb left out: the verb after it is the next clause's.
        ("Anyone who doesn't gets a £50 fine.", set()),
        ("He doesn't pay rent.", {"pay", "rent"}),
        ("The cover doesn't process claims for wear.", {"process", "claim", "wear"}),
    ],
)  # fmt: skip
def test_how_far_a_negation_reaches(text: str, negated: set[str]) -> None:
    assert set(text_bag(text).negated) == negated


CAMELS = (
    "Camels can go for days without drinking water, getting moisture from the plants they eat.",
)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("Not much - they can survive for weeks without drinking because they get moisture "
         "from the plants they eat.", True),
        ("They can survive for weeks without getting moisture from the plants they eat.", False),
    ],
)  # fmt: skip
def test_a_faithful_answer_with_without(answer: str, faithful: bool) -> None:
    judge = quoting_the_best_passage()
    assert verify(answer, list(CAMELS), judge=judge).passed is faithful


@pytest.mark.parametrize(
    ("claim", "evidence", "clash"),
    [
        # "prevent X doing" and "stop X doing" say what "stop X from doing" says.
        ("The venom stops the blood from clotting.", "The venom prevents blood clotting.", False),
        ("The lid stops it wasting heat.", "The lid prevents it wasting heat.", False),
        ("The venom makes the blood clot.", "The venom prevents blood clotting.", True),
    ],
)
def test_an_act_kept_from_happening_without_from(claim: str, evidence: str, clash: bool) -> None:
    assert negation_clash(claim, evidence) is clash
