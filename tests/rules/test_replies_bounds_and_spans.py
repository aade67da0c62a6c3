"""Forms a faithful answer takes that the rules failed, each both ways where a lie can take the
same form: the faithful answer passes with a judge that is right, and the answer with one fact
changed is still caught. Written from blind probes' classes (stop 58's fourth and fifth waves),
in texts of their own: bare replies read with the chat's reply, named bans and bounds by
pronoun, sums summed up, and durations, speeds and eras."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from evidence_judges import passes, quoting
from pytest_faithful import verify

SHOP_CHAT = (
    "Customer (Ana): Do you deliver on Sundays?\nShop (Raj): No, sorry.\n"
    "Customer (Ana): OK, Saturday it is then.\nShop (Raj): Great, the driver has a card reader."
)
DEPLOY_CHAT = (
    "[10:02] maya: is the release going out today?\n[10:04] jordan: yes, merging now\n"
    "[10:45] jordan: heads up, the build is broken\n[10:46] maya: ok, so not today then?\n"
    "[10:47] jordan: correct, pushing to tomorrow"
)


@pytest.mark.parametrize(
    ("answer", "question", "passages", "faithful"),
    [
        ("No.", "Do they deliver on Sundays?", [SHOP_CHAT], True),
        ("Yes.", "Do they deliver on Sundays?", [SHOP_CHAT], False),
        # The first reply is taken back later: the bare yes is not held to it alone.
        ("Yes.", "Did the release go out today?", [DEPLOY_CHAT], False),
    ],
)
def test_a_bare_reply_read_with_the_question_line_the_judge_quotes(
    answer: str, question: str, passages: list[str], faithful: bool
) -> None:
    """A judge that quotes the question line of a chat for a bare "No." is read with the
    clear reply that line got, when no later question and clear reply can take it back."""
    judge = quoting(passages[0].split("\n")[0])
    assert verify(answer, passages, question=question, judge=judge).passed is faithful


HOSEPIPE = (
    "A hosepipe ban starts on 19 August. Customers who break the ban could face fines of up "
    "to £1,000.",
)
LAKE = ("There is a ban on boats over 5 m long on the lake.",)
RECOVERY = (
    "Tom: For vans over 3.5 tonnes we'd need to send a specialist, but a Transit is under "
    "that, so the standard patrol can tow it.",
)


@pytest.mark.parametrize(
    ("answer", "passages", "faithful"),
    [
        ("Customers who break the hosepipe ban could be fined up to £1,000.", HOSEPIPE, True),
        ("Customers who break the ban could be fined at least £1,000.", HOSEPIPE, False),
        ("They could be fined up to £1,000.", HOSEPIPE, True),
        ("Boats up to 5 m long are allowed on the lake.", LAKE, True),
        ("Boats over 5 m long are allowed on the lake.", LAKE, False),
        (
            "A Transit weighs less than 3.5 tonnes, so the standard patrol can tow it.",
            RECOVERY,
            True,
        ),
    ],
)
def test_a_named_ban_turns_no_bound_and_a_pronoun_bounds_the_number_before(
    answer: str, passages: Sequence[str], faithful: bool
) -> None:
    """ "who break the ban" names a ban, it prohibits no fine; "under that" bounds the 3.5 of
    "over 3.5 tonnes" from above."""
    assert passes(answer, passages) is faithful


FEES = (
    "Junior membership is £85 a year, and there is a one-off £15 joining fee.",
    "Juniors also need a club shirt, which is £20 from the shop.",
)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        (
            "Adding the £85 membership, the £15 joining fee and the £20 club shirt, the "
            "first year comes to £120.",
            True,
        ),
        (
            "Adding the £85 membership, the £15 joining fee and the £20 club shirt, the "
            "first year comes to £110.",
            False,
        ),
        (
            "Adding the £85 membership, the £25 joining fee and the £20 club shirt, the "
            "first year comes to £130.",
            False,
        ),
    ],
)
def test_parts_listed_first_then_summed_up(answer: str, faithful: bool) -> None:
    """ "..., it comes to £120" after its three parts sums them as "£120 (85 + 15 + 20)" does."""
    assert passes(answer, FEES) is faithful


RACES = (
    "In the open class, Huw Bryn won in 2 min 14 s, ahead of Sian Lloyd (2:19) and Alun "
    "Reece (2:31).",
    "A mantis shrimp's strike reaches a speed of about 23 metres per second.",
    "The Nazca lines were made between 500 BC and AD 500. Work on the tomb began in 246 BCE; "
    "the emperor was buried in 210 BCE.",
    "Ruth: I'm happy for you to use the water butt on Mondays, Wednesdays and Fridays, and "
    "I'll take the other days.",
)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("Huw Bryn won the open class in 2:14.", True),
        ("Huw Bryn won the open class in 2:41.", False),
        ("Alun Reece finished in 2 minutes 31 seconds.", True),
        ("Alun Reece finished in 2 minutes 13 seconds.", False),
        ("A strike reaches about 23 metres per second, roughly 83 km/h.", True),
        ("A strike reaches about 23 metres per second, roughly 93 km/h.", False),
        ("The lines were made between 500 BC and AD 500, a span of about a thousand years.", True),
        ("The lines were made between 500 BC and AD 500, a span of about 800 years.", False),
        ("Work on the tomb began in 246 BCE, 36 years before the burial in 210 BCE.", True),
        ("Work on the tomb began in 246 BCE, 46 years before the burial in 210 BCE.", False),
        ("The other person has the water butt on the other four days.", False),
        ("Ruth offered Mondays, Wednesdays and Fridays and keeps the other four days.", True),
        ("Ruth offered Mondays, Wednesdays and Fridays and keeps the other three days.", False),
    ],
)
def test_durations_speeds_eras_and_the_rest_of_a_week(answer: str, faithful: bool) -> None:
    """ "2:31" is "2 minutes 31 seconds"; 23 m/s is 83 km/h; 500 BC to AD 500 spans a thousand
    years; three weekdays named leave four others."""
    assert passes(answer, RACES) is faithful


TAY = (
    "Later research identified 60 victims by name. Only 46 bodies were recovered from the estuary.",
    "The crossing took 46 minutes and the safety briefing 60 seconds.",
)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("60 victims were identified but only 46 bodies recovered, so 14 were never found.", True),
        ("60 victims were identified but only 46 bodies recovered, so 16 were never found.", False),
        ("60 victims were identified but only 40 bodies recovered, so 20 were never found.", False),
        ("The crossing took 46 minutes and the briefing 60 seconds, so 14 were lost.", False),
    ],
)
def test_the_difference_of_two_counts_of_things_given_bare(answer: str, faithful: bool) -> None:
    """ "60 victims ... 46 bodies ..., so 14": two counts of things, their difference bare; not
    a measure's units ("60 minutes", "46 minutes" are the same-kind reading's)."""
    assert passes(answer, TAY) is faithful


COACH = (
    "Ms Shaw: We'll have 47 pupils and 5 staff. Lena: Then you'll need our 57-seater; the "
    "49-seater would be too small.",
    "The twinning delegation arrives on Thursday and stays with host families until Tuesday.",
)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("52 people are travelling: 47 pupils and 5 staff.", True),
        ("54 people are travelling: 47 pupils and 5 staff.", False),
        ("The delegation stays from Thursday until Tuesday, so five nights.", True),
        ("The delegation stays from Thursday until Tuesday, so six nights.", False),
    ],
)
def test_a_total_of_two_kinds_of_people_and_nights_between_weekdays(
    answer: str, faithful: bool
) -> None:
    """ "52 people: 47 pupils and 5 staff" counts both; Thursday to Tuesday is five nights (its
    days counted with both ends would be six)."""
    assert passes(answer, COACH) is faithful
