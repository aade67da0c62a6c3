"""Figures a faithful answer works out or counts in forms of its own, both ways: the right figure
passes with a judge that is right; a changed one is still caught."""

from __future__ import annotations

import pytest

from evidence_judges import assert_both_ways, quoting_the_best_passage
from pytest_faithful import verify
from pytest_faithful.text.counts import party_counts
from pytest_faithful.text.gaps import between
from pytest_faithful.text.kinds import number_kinds


@pytest.mark.parametrize(
    ("passage", "honest", "lie"),
    [
        (  # half hours between two times of day the answer writes
            "The museum trip bus leaves at 9:00am and is back at approximately 2:30pm.",
            "About five and a half hours: the bus leaves at 9:00am and is back around 2:30pm.",
            "About six and a half hours: the bus leaves at 9:00am and is back around 2:30pm.",
        ),
        (  # a time 30 minutes off another, where the passage says "30 minutes"
            "The pool closes at 9 p.m. on Fridays. The sauna closes 30 minutes before the pool.",
            "On Fridays the pool closes at 9 p.m. and the sauna half an hour earlier, at 8:30 p.m.",
            "On Fridays the pool closes at 9 p.m. and the sauna half an hour earlier, at 8 p.m.",
        ),
        (  # a price in pence less a percent discount
            "Daytime charging costs 50p per kWh. Residents with a permit get a 20% discount.",
            "40p per kWh: the 50p daytime rate less the 20% permit discount.",
            "45p per kWh: the 50p daytime rate less the 20% permit discount.",
        ),
        (  # pounds and pence in one working
            "Printing costs 10p per black-and-white page and 25p per colour page.",
            "It comes to £3.50: £2.50 for 10 colour pages at 25p each, plus £1.00 for 10 "
            "black-and-white pages at 10p each.",
            "It comes to £3.75: £2.50 for 10 colour pages at 25p each, plus £1.00 for 10 "
            "black-and-white pages at 10p each.",
        ),
        (  # "both" counts two beside a price per item
            "Wheel truing: $30 per wheel.",
            "Truing both wheels would be $60, since it's $30 per wheel.",
            "Truing both wheels would be $70, since it's $30 per wheel.",
        ),
        (  # ... and doubles nothing else
            "Annual rent is £40 for a full plot and £20 for a half plot, payable by 1 May.",
            "A full plot costs £40 a year and a half plot £20, both payable by 1 May.",
            "A full plot costs £44 a year and a half plot £22, both payable by 1 May.",
        ),
        (  # "212 aboard" counts people, as the difference does
            "Of the 180 people aboard the ferry, 162 were rescued by lifeboats.",
            "18 people died: of the 180 aboard, 162 were rescued by lifeboats.",
            "28 people died: of the 180 aboard, 162 were rescued by lifeboats.",
        ),
        (  # "the two met" stands for the two people named
            "Ines Moreau said she met the cellist Paul Aubry in Lyon, where he introduced her "
            "to her producer.",
            "Paul Aubry introduced Moreau to her producer after the two met in Lyon.",
            "Paul Aubry introduced Moreau to her producer after the two met in Lyon in 2019.",
        ),
        (  # a bare figure set against a counted one counts what it counts ...
            "From May the shuttle will carry 1,200 passengers a day instead of 900.",
            "The shuttle will carry 1,200 passengers a day from May, 300 more than now.",
            "The shuttle will carry 1,200 passengers a day from May, 400 more than now.",
        ),
        (  # ... and a figure that acts ("227 finished") counts the runners it follows
            "A field of 240 runners started the half marathon and 227 finished.",
            "13 runners did not finish: 240 started the race and 227 finished.",
            "17 runners did not finish: 240 started the race and 227 finished.",
        ),
        (  # ... and so does one "up from" it
            "The orchard now has 85 trees, up from 60 when the trust bought it.",
            "There are 85 trees now, which is 25 more than when the trust bought it.",
            "There are 85 trees now, which is 35 more than when the trust bought it.",
        ),
        (  # a standing's bare figure after its holder counts what the leader's does
            "In the Laser class, Tom Reid won with 12 points, ahead of Sophie Marsh on 15 and "
            "Ali Khan on 21.",
            "Tom Reid won the Laser class with 12 points, three points clear of Sophie Marsh.",
            "Tom Reid won the Laser class with 12 points, five points clear of Sophie Marsh.",
        ),
        (  # a bare figure set against a counted one by "versus"
            "The beginners' class runs from 7pm to 8pm and the improvers' class from 7pm to "
            "8:30pm.",
            "The improvers' class runs for 90 minutes versus 60 for the beginners' class.",
            "The improvers' class runs for 90 minutes versus 50 for the beginners' class.",
        ),
    ],
)
def test_worked_forms_both_ways(passage: str, honest: str, lie: str) -> None:
    assert_both_ways(honest, lie, [passage])


def test_what_each_form_reads() -> None:
    assert between("5.5", "five and a half hours, from 9:00am to 2:30pm")
    assert not between("6.5", "six and a half hours, from 9:00am to 2:30pm")
    assert number_kinds("the 180 aboard")["180"] == frozenset({"plain"})
    assert party_counts("after the two met in Lyon") == frozenset({"2"})
    assert party_counts("the two tickets cost £40") == frozenset()
    assert number_kinds("3,000 words instead of 2,500")["2500"] == frozenset({"unit:word"})
    assert number_kinds("3,000 words, which is 500 more than before")["500"] == {"unit:word"}
    # Not across a sentence, nor a figure that is no margin or no figure set against it.
    assert number_kinds("It has 40 staff. Then 12 more than that.")["12"] == {"plain"}
    assert number_kinds("40 staff and 12 volunteers")["12"] == {"unit:volunteer"}
    assert number_kinds("40 staff, on 3 floors")["3"] == {"unit:floor"}
    assert number_kinds("240 runners started and 227 finished.")["227"] == {"unit:runner"}
    assert number_kinds("In 1990 it opened.")["1990"] == {"year"}
    assert number_kinds("90 minutes versus 60")["60"] == {"unit:minut"}
    assert number_kinds("12 points, ahead of Sophie Marsh on 15")["15"] == {"unit:point"}
    # A figure with a unit of its own, or a date, is not the standing's.
    assert number_kinds("12 points on 3 occasions")["3"] == {"unit:occasion"}
    assert number_kinds("12 points. It opens on 15 May.")["15"] == {"date"}
    assert number_kinds("12 points. Then on 15, it closed.")["15"] == {"plain"}


def test_a_storey_the_question_gives_is_its_premise() -> None:
    # "third-floor" is a rank, as "third floor" is ("second-hand" is not): the asker's own.
    passages = ["The porters cannot carry items above the second floor."]
    asked = "Will the porters take the piano up to my third-floor flat?"
    judge = quoting_the_best_passage()
    honest = "No: they carry nothing above the second floor, so not up to the third floor."
    assert verify(honest, passages, question=asked, judge=judge).passed
    lie = "No: they carry nothing above the fourth floor, so not up to the third floor."
    assert not verify(lie, passages, question=asked, judge=judge).passed
