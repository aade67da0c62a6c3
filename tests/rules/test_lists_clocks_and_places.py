"""Forms a faithful answer takes that the rules failed, each both ways where a lie can take the
same form: the faithful answer passes with a judge that is right, and the answer with one fact
changed is still caught. Written from blind probes' classes (stop 59's first wave), in texts
of their own: a conclusion drawn from a list, figures said with "now" after them, a lap time
with tenths written the other way, "every fortnight", nights between dates, a runner-up's
place, and a bound beside another predicate's negation."""

from __future__ import annotations

import pytest

from evidence_judges import passes
from pytest_faithful.text.bounds import bound_senses
from pytest_faithful.text.kinds import number_kinds

TRAINS = ("On weekdays the branch line has 14 trains a day, compared with 6 on Sundays.",)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("- Weekdays: 14 trains a day\n- Sundays: 6 trains a day\n\nSo there are 8 fewer "
         "trains on Sundays.", True),
        ("- Weekdays: 14 trains a day\n- Sundays: 6 trains a day\n\nSo there are 9 fewer "
         "trains on Sundays.", False),
        ("- Weekdays: 14 trains a day\n- Sundays: 7 trains a day\n\nSo there are 7 fewer "
         "trains on Sundays.", False),
    ],
)  # fmt: skip
def test_a_conclusion_drawn_from_a_list_works_with_its_items(answer: str, faithful: bool) -> None:
    """ "So ..." after a list works its figure out with the list's items, as it would with one
    sentence before it; each item's figure is still held to the passages."""
    assert passes(answer, TRAINS) is faithful


def test_a_sentence_after_a_list_that_does_not_conclude_is_read_with_one_item() -> None:
    """Only a sentence that says it concludes ("So", "That means") takes the whole list as
    its working; another is read with the sentence before it, as any sentence is ("The
    in-office option is $200 cheaper" after a list of two prices says which is cheaper, which
    no sum checks)."""
    answer = (
        "- Weekdays: 14 trains a day\n- Sundays: 6 trains a day\n\nThere are 8 fewer on Sundays."
    )
    assert not passes(answer, TRAINS)


HERD = ("The herd numbered 120 deer in 2019 and has since grown to 185.",)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("The herd has grown by 65 deer, from 120 in 2019 to 185 now.", True),
        ("The herd has grown by 75 deer, from 120 in 2019 to 185 now.", False),
    ],
)
def test_a_figure_with_now_after_it_counts_no_now(answer: str, faithful: bool) -> None:
    assert passes(answer, HERD) is faithful


def test_words_that_say_when_are_no_units_and_a_margin_counts_past_how_often() -> None:
    assert number_kinds("grew to 185 now")["185"] == frozenset({"plain"})
    assert number_kinds("five fewer daily trains")["5"] == frozenset({"unit:train"})
    # A month's name is a date's only beside its day: "March): four" is no 4 March.
    assert "date" not in number_kinds("(November to March): four trains")["4"]
    assert number_kinds("on March 4")["4"] == frozenset({"date"})


SPRINT = ("Lena Voss won the 500 m in 1 minute 12.4 seconds; Ida Berg was second in 1:14.9.",)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("Voss's 1:12.4 was 2.5 seconds faster than Berg's 1:14.9.", True),
        ("Voss's 1:12.8 was 2.1 seconds faster than Berg's 1:14.9.", False),
    ],
)
def test_a_time_with_tenths_written_the_other_way(answer: str, faithful: bool) -> None:
    """ "1:12.4" is the passage's "1 minute 12.4 seconds"."""
    assert passes(answer, SPRINT) is faithful


BINS = ("Garden waste is collected every fortnight from April to October.",)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("Garden waste is collected every two weeks from April to October.", True),
        ("Garden waste is collected every three weeks from April to October.", False),
    ],
)
def test_every_fortnight_is_every_two_weeks(answer: str, faithful: bool) -> None:
    assert passes(answer, BINS) is faithful


STAY = ("Ravi: I've booked the cottage for 4 nights, arriving Thursday 6 June.",)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("They arrive on Thursday 6 June for four nights, so they leave on Monday 10 June.", True),
        (
            "They arrive on Thursday 6 June for four nights, so they leave on Tuesday 11 June.",
            False,
        ),
    ],
)
def test_a_stays_nights_are_the_days_between_its_dates(answer: str, faithful: bool) -> None:
    assert passes(answer, STAY) is faithful


REGATTA = (
    "Firth Flyers won the regatta with 31 points. Runners-up Kelpie finished 4 points behind, "
    "and Selkie took third place.",
)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("Kelpie finished second, 4 points behind Firth Flyers' 31, so they scored 27.", True),
        ("Kelpie finished second, 5 points behind Firth Flyers' 31, so they scored 26.", False),
        ("Selkie finished second, 4 points behind Firth Flyers.", True),  # see below
    ],
)
def test_a_runner_up_finished_second(answer: str, faithful: bool) -> None:
    """The place is stated; who took it is the other rules' to hold (the judge here quotes
    the passage for any claim, so the name swap of the last row is left to a judge that
    reads)."""
    assert passes(answer, REGATTA) is faithful


SHOW = (
    "Results of the longest leek class: first, Ann Pike (91 cm); second, Bo Lund (88 cm); "
    "third, Cy Hale (80 cm).",
)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("Bo Lund came second in the longest leek class with an 88 cm leek.", True),
        ("Cy Hale finished third with an 80 cm leek.", True),
        ("Cy Hale finished fourth with an 80 cm leek.", False),
    ],
)
def test_a_place_a_list_of_results_writes_in_a_word(answer: str, faithful: bool) -> None:
    """ "second, Bo Lund (88 cm)" opens a list's item, which the readings take for a point's
    "Second, ..."; the claim's "came second" is the place it names."""
    assert passes(answer, SHOW) is faithful


def test_a_second_place_is_not_stated_by_a_runner_up_of_another_kind() -> None:
    """ "second" counts a place only after a word of finishing; "a second season" is a 2 the
    runner-up does not state."""
    assert not passes("Kelpie will race a second season.", REGATTA)


@pytest.mark.parametrize(
    ("text", "senses"),
    [
        # The negation is the next predicate's, its subject left out.
        ("Wetsuits are compulsory below 16°C and are not allowed above 22°C.",
         {"16": {"upper"}, "22": {"upper"}}),
        ("Members who have paid at least 12 instalments and aren't in arrears may pause.",
         {"12": {"lower"}}),
        # A negation of the bound's own clause still turns it over.
        ("Wetsuits are not allowed above 22°C.", {"22": {"upper"}}),
        ("Do not take more than 4 tablets.", {"4": {"upper"}}),
    ],
)  # fmt: skip
def test_a_bound_beside_another_predicates_negation(text: str, senses: dict[str, set[str]]) -> None:
    assert {k: set(v) for k, v in bound_senses(text).items()} == senses


HEATS = (
    "Anna Roe won the heat in 12 minutes 40 seconds, 25 seconds ahead of Bea Lund. Cara Hale "
    "was third in 13:58.",
)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("Roe (12:40) beat Hale (13:58) by 1 minute 18 seconds.", True),
        ("Roe (12:40) beat Hale (13:58) by 1 minute 28 seconds.", False),
        ("Roe (12:50) beat Hale (13:58) by 1 minute 8 seconds.", False),
        ("Lund finished 25 seconds behind Roe's 12:40, so her time was 13:05.", True),
        ("Lund finished 25 seconds behind Roe's 12:40, so her time was 13:15.", False),
    ],
)
def test_a_clock_reading_a_passage_writes_in_minutes_and_seconds(
    answer: str, faithful: bool
) -> None:
    """ "12:40" is the passage's "12 minutes 40 seconds", for the gaps worked with it too."""
    assert passes(answer, HEATS) is faithful


FINDS = ("The hoard was found in March 2011. A second, smaller hoard was found the year before.",)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("The smaller hoard was found the year before, in 2010.", True),
        ("The smaller hoard was found the year before, in 2012.", False),
    ],
)
def test_the_year_before_a_year_a_passage_states(answer: str, faithful: bool) -> None:
    assert passes(answer, FINDS) is faithful


CANAL = ("The canal runs for 97 km, of which only a third is man-made.",)
HIRE = ("The five of us are splitting the £780 boat hire equally; pay Sam by Friday.",)


@pytest.mark.parametrize(
    ("answer", "passages", "faithful"),
    [
        ("Only about a third of its roughly 97 km is man-made, around 32 km.", CANAL, True),
        ("Only about a third of its roughly 97 km is man-made, around 42 km.", CANAL, False),
        ("£156 each: an equal fifth of the £780 boat hire, paid to Sam by Friday.", HIRE, True),
        ("£166 each: an equal fifth of the £780 boat hire, paid to Sam by Friday.", HIRE, False),
    ],
)
def test_a_share_said_as_a_fraction_in_words(
    answer: str, passages: tuple[str, ...], faithful: bool
) -> None:
    """ "a third of 97 km, around 32 km": the share worked out, to the places it is written."""
    assert passes(answer, passages) is faithful


REFUNDS = ("Withdrawals after the deadline are refunded at 50%, less a £3 administration charge.",)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("£17: half of your £40 fee is £20, minus the £3 administration charge.", True),
        ("£18: half of your £40 fee is £20, minus the £3 administration charge.", False),
        ("£27: half of your £40 fee is £30, minus the £3 administration charge.", False),
    ],
)
def test_a_share_in_words_is_a_step_of_a_working(answer: str, faithful: bool) -> None:
    """ "half of your £40 fee is £20" divides by two, and the next step works from the £20."""
    question = "I paid £40 and withdrew after the deadline. How much do I get back?"
    assert passes(answer, REFUNDS, question) is faithful
