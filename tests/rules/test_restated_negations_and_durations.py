"""Forms a faithful answer takes that the rules failed, each both ways where a lie can take the
same form: the faithful answer passes with a judge that is right, and the answer with one fact
changed is still caught. Written from blind probes' classes (stop 58), in texts of their own."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evidence_judges import passes, quoting
from pytest_faithful import verify
from pytest_faithful.text.clock_words import clock_words_as_times
from pytest_faithful.text.conversions import converted_alone
from pytest_faithful.text.polarity import negation_clash
from pytest_faithful.text.terms import content_terms


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("Lights out is at half nine on school nights.", "Lights out is at 9:30 on school nights."),
        ("Can we meet at half 6?", "Can we meet at 6:30 ?"),
        ("Half one works for me.", "1:30 works for me."),
    ],
)
def test_half_and_an_hour_is_half_past_it(text: str, read: str) -> None:
    said = clock_words_as_times(text)
    assert len(said) == len(text)  # offsets kept
    assert " ".join(said.split()) == read


@pytest.mark.parametrize(
    "text",
    [
        "Fold the sheet in half two more times.",
        "It takes half an hour.",
        "Half of the 12 seats are taken.",
        "about half six hours later",
        "We cut the price by half three times.",
    ],
)
def test_half_before_a_count_is_no_time_of_day(text: str) -> None:
    assert clock_words_as_times(text) == text


_WORDS = st.sampled_from(
    ["half", "Half", "past", "seven", "6", "12", "in", "an", "hour", "times", "of", "at", "pm", "."]
)


@given(st.lists(_WORDS, max_size=8).map(" ".join))
def test_times_in_words_keep_every_offset(text: str) -> None:
    """Evidence offsets are read on the rewritten text: every rewrite is padded to its length."""
    said = clock_words_as_times(text)
    assert len(said) == len(text)
    assert said == text or ":" in said or "12" in said


CHAT = (
    "Group chat, Monday.\nAmir: Choir practice is moving to Thursdays.\n"
    "Bea: Thursdays are fine, I can stay until 10pm.\n"
    "Amir: Great, the hall closes at half nine anyway."
)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("Amir said the hall closes at 9:30 anyway.", True),
        ("Amir said the hall closes at 10:30 anyway.", False),
        ("Amir said the hall closes at 9:00 anyway.", False),
    ],
)
def test_a_time_said_as_half_and_the_hour(answer: str, faithful: bool) -> None:
    assert passes(answer, [CHAT]) is faithful


WORKSHOP = (
    "The pottery workshop runs on Saturdays from 10:00 to 14:00 in the old dairy.",
    "Gift vouchers for the workshop stay valid for 4 months from the date of purchase.",
)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("It runs from 10:00 to 14:00, so it lasts four hours.", True),
        ("It runs from 10:00 to 14:00 on Saturdays, so it lasts 4 hours.", True),
        ("It runs from 10:00 to 14:00, so it lasts five hours.", False),
        ("Gift vouchers stay valid for 4 weeks from the date of purchase.", False),
        ("Gift vouchers stay valid for 4 years from the date of purchase.", False),
    ],
)
def test_a_duration_worked_out_is_no_unit_swapped_for_another_figure(
    answer: str, faithful: bool
) -> None:
    """The passages' other 4 is a count of months; the claim's hours are worked out from the
    times, so they are no months written as hours. A count of weeks for the months still is."""
    assert passes(answer, WORKSHOP) is faithful


def test_a_text_that_negates_the_object_it_is_read_to_state_denies_it_too() -> None:
    evidence = "The pass does not store your name, only a booking code."
    assert not negation_clash("The pass only stores a booking code, not your name.", evidence)
    assert negation_clash("The pass stores your name and a booking code.", evidence)
    # The other object of the same verb is still the claim's own: roles swapped clash.
    swapped = "Tutors, not students, choose the essay topics."
    assert negation_clash(swapped, "Students, not tutors, choose the essay topics.")


SWARMS = (
    "Swarm collectors must not enter a garden without the owner's permission, and must never "
    "climb above 2 metres on a ladder.",
    "Members who collect swarms are covered by the association's insurance.",
)
ZIP_LINE = (
    "Riders heavier than 100 kg may not fit the zip-line harness and should call the centre "
    "before booking.",
    "The zip line is open from May to September.",
)


@pytest.mark.parametrize(
    ("answer", "passages", "faithful"),
    [
        ("No higher than 2 metres; collectors must never climb above that.", SWARMS, True),
        ("Collectors must never climb above 2 metres on a ladder.", SWARMS, True),
        ("Collectors may climb above 2 metres on a ladder.", SWARMS, False),
        (
            "You may not fit the harness, since riders heavier than 100 kg might not, so you "
            "should call the centre before booking.",
            ZIP_LINE,
            True,
        ),
        ("Riders heavier than 100 kg fit the zip-line harness.", ZIP_LINE, False),
    ],
)
def test_a_bound_read_alike_takes_a_clash_away_and_never_makes_one(
    answer: str, passages: Sequence[str], faithful: bool
) -> None:
    """Blanking the words of bounds given the same way removes the clash of "do not take more
    than 2" with "at most 2". Where both texts turn their bound over with a negation, what it
    leaves of a negation the claim says again ("never climb above that", "You may not fit")
    is no clash it may make; where only the evidence does, it is (tests/rules/
    test_strict_forms.py: "over 10 kg, so it may not be left alone")."""
    assert passes(answer, passages) is faithful


RAILINGS = (
    "New parapet railings 1.4 metres high were fitted along the viaduct in March.",
    "The viaduct reopened to walkers after 18 months of work.",
)
CLIMBING_WALL = ("Children must be at least 4 ft 7 in tall to use the high wall.",)


@pytest.mark.parametrize(
    ("answer", "passages", "faithful"),
    [
        ("The railings are 1.4 metres high, about 4 ft 7 in.", RAILINGS, True),
        ("The railings are 1.4 metres high, which is roughly 4 feet 7 inches.", RAILINGS, True),
        ("The railings are 1.4 metres high, about 4 ft 11 in.", RAILINGS, False),
        ("The railings are about 5 ft 7 in high.", RAILINGS, False),
        ("Children must be at least 1.4 m tall to use the high wall.", CLIMBING_WALL, True),
        ("Children must be at least 1.6 m tall to use the high wall.", CLIMBING_WALL, False),
    ],
)
def test_a_length_in_feet_and_inches_converts_a_metric_one(
    answer: str, passages: Sequence[str], faithful: bool
) -> None:
    """ "4 ft 7 in" is one length, 55 inches (1.40 m); read as two measures, neither converts."""
    assert passes(answer, passages) is faithful


@given(st.text(alphabet="0123456789 ft'\"in.m", max_size=24))
def test_feet_and_inches_read_any_text(text: str) -> None:
    """Whatever a user writes, only figures of the text come back as converted."""
    figures = {t for m in _FIGURE.finditer(text) for t in content_terms(m[0])}
    assert converted_alone(text, ("It is 1.4 m tall.",)) <= figures


_FIGURE = re.compile(r"\d+(?:\.\d+)?")


NETS = (
    "The club will apply to the county fund for a grant of up to £5,000; the remainder will "
    "come from the club's own reserves.",
    "The lowest quote for the new practice nets was £8,000, from Pitchcare.",
)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        (
            "It will apply for a grant of up to £5,000 and pay the rest from reserves. With the "
            "full grant, £3,000 of the £8,000 would come from reserves.",
            True,
        ),
        (
            "It will apply for a grant of up to £5,000 and pay the rest from reserves. With the "
            "full grant, £4,000 of the £8,000 would come from reserves.",
            False,
        ),
        ("The club will apply to the county fund for a grant of up to £8,000.", False),
    ],
)
def test_a_figure_the_answer_gave_just_before_is_no_figure_swapped_out(
    answer: str, faithful: bool
) -> None:
    """The claim works £3,000 out with the £5,000 the answer has just given: the £8,000 in
    its sentence stands in no place of it."""
    assert passes(answer, NETS) is faithful


MOORINGS = (
    "Mooring fees: dinghy £10, yacht or motor cruiser £15, and a visitor's buoy (no berth) £8. "
    "Sea Scout boats with a registered group number pay half.",
    "Berths open at 6am; the slipway opens at 7am. The marina holds up to 12 pontoons.",
)


def test_a_swapped_figure_the_claim_works_with_is_still_caught() -> None:
    """The claim's £6 is worked out from its own £12, a figure the passages give of something
    else: the £12 stands where the evidence gives £15, which the answer never gave."""
    judge = quoting(MOORINGS[0])
    lie = "A yacht mooring is usually £12, and Sea Scout boats pay half price, so £6."
    assert not verify(lie, list(MOORINGS), judge=judge).passed
    honest = "A yacht mooring is usually £15, and Sea Scout boats pay half price, so £7.50."
    assert verify(honest, list(MOORINGS), judge=judge).passed


BIDS = ("Three bids were received: Ashby £12,000, Brook £14,500 and Carter £11,200.",)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("Carter's £11,200 was the lowest, below both of the other two bids.", True),
        ("Carter's £11,200 was the lowest of the two bids.", False),
    ],
)
def test_the_others_of_a_count_are_one_fewer(answer: str, faithful: bool) -> None:
    assert passes(answer, BIDS) is faithful


TOURS = (
    "Each tower tour lasts approximately 45 minutes and climbs 312 steps to the roof gallery.",
    "Tours run Monday to Friday from November to March, and daily in summer.",
)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("A tour takes about three-quarters of an hour.", True),
        ("A tour takes about two-thirds of an hour.", False),
        ("In winter tours run five days a week, Monday to Friday.", True),
        ("In winter tours run six days a week, Monday to Friday.", False),
        ("Weekday tours run for five months, November to March.", True),
        ("Weekday tours run for four months, November to March.", False),
    ],
)
def test_counts_a_phrase_or_a_span_of_names_states(answer: str, faithful: bool) -> None:
    """ "three-quarters of an hour" is 45 minutes as "three quarters" is; a span of months or
    weekdays holds so many of them, both ends counted."""
    assert passes(answer, TOURS) is faithful


SOLAR = (
    "The 6.3-megawatt floating array on the reservoir near Walton was switched on in March.",
    "It has 23,000 panels and covers a tenth of the water's surface.",
)


def test_a_unit_abbreviated_is_the_unit_it_stands_for() -> None:
    assert content_terms("6.3 km") == content_terms("6.3 kilometres")
    assert content_terms("a 6.3 MW array") == content_terms("a 6.3-megawatt array")
    assert content_terms("5 min") != content_terms("5 minutes")  # "min" is as often "minimum"
    assert passes("- Capacity: 6.3 MW", SOLAR)
    assert not passes("- Capacity: 6.3 GW", SOLAR)
    assert not passes("- Capacity: 8.3 MW", SOLAR)


SETLIST = ("[19:14] Dev: and we close with 'Tidewater' like always",)
HABITS = ("The band usually closes with 'Tidewater', and sometimes with 'Lowlands'.",)


@pytest.mark.parametrize(
    ("answer", "passages", "faithful"),
    [
        ("They're closing with 'Tidewater', as they usually do.", SETLIST, True),
        ("They're closing with 'Tidewater', as they typically do.", SETLIST, True),
        ("They sometimes close with 'Tidewater'.", SETLIST, False),
        ("They never close with 'Tidewater'.", SETLIST, False),
        ("The band always closes with 'Tidewater'.", HABITS, False),
    ],
)
def test_a_hedge_of_always_is_no_opposite_of_it(
    answer: str, passages: Sequence[str], faithful: bool
) -> None:
    """ "usually" for "always" says less, not the other side; "always" for "usually" says more,
    and "sometimes" or "never" for "always" say another thing."""
    assert passes(answer, passages) is faithful


PLOTS = (
    "Tenants must keep at least 75% of the plot under cultivation.",
    "Each site has 3 water troughs, filled from April to October.",
)
WORKSHOP_HOURS = (
    "The repair workshop is open 9 till 5:30 on weekdays and 10 till 4 on Saturdays.",
    "Repairs are usually ready within 3 weeks.",
)


@pytest.mark.parametrize(
    ("answer", "passages", "faithful"),
    [
        ("Tenants must keep at least three-quarters of the plot under cultivation.", PLOTS, True),
        ("Tenants must keep at least two-thirds of the plot under cultivation.", PLOTS, False),
        (
            "It's open 9 till 5:30 on weekdays, eight and a half hours, and 10 till 4 on "
            "Saturdays, six hours.",
            WORKSHOP_HOURS,
            True,
        ),
        (
            "It's open 9 till 5:30 on weekdays, nine and a half hours, and 10 till 4 on "
            "Saturdays, six hours.",
            WORKSHOP_HOURS,
            False,
        ),
    ],
)
def test_a_share_in_words_and_a_span_of_bare_hours(
    answer: str, passages: Sequence[str], faithful: bool
) -> None:
    """ "three-quarters" is the evidence's 75%, no 3 put in its place; "9 till 5:30" with no
    "am" or "pm" is eight and a half hours of opening (within twelve hours)."""
    assert passes(answer, passages) is faithful


SHOW = (
    "The next county show is on Saturday 12 August, with entries closing one week before.",
    "Late entries are not accepted.",
)
PAPERS = ("The abstract deadline is 10 January and the full paper deadline is 17 January 2025.",)


@pytest.mark.parametrize(
    ("answer", "passages", "faithful"),
    [
        ("The show is on 12 August, and entries close one week before, on 5 August.", SHOW, True),
        ("The show is on 12 August, and entries close one week before, on 6 August.", SHOW, False),
        # A week the passages never give, moving both dates: held to its dates.
        (
            "Abstracts are due on 17 January and full papers a week later, on 24 January.",
            PAPERS,
            False,
        ),
    ],
)
def test_a_date_a_passage_s_interval_away_from_another(
    answer: str, passages: Sequence[str], faithful: bool
) -> None:
    assert passes(answer, passages) is faithful
