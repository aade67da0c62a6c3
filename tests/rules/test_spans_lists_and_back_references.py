"""Forms a faithful answer takes that the rules failed, each both ways where a lie can take the
same form. Written from blind probes' classes (stop 62's first wave), in texts of their own: a
span of years the passages' years work out, beside a passage's same number of months; a time of
day followed by a colon ("opens 08:45: ..."); a list of days, each with its weekday, before their
month; where one place lies from another, told from either side, beside a name with a compass
word in it; a no set off by a full stop in a sentence the reader did not split; a refusal
turning a bound over; "less notice" after the notice a passage asks for; a speaker named with a
title and a full name; a negated list of things before a modal; a condition's "can"; and (a
lie, stop 62's second wave) a likelihood told as a certainty, "will" for "may", and a list's
item read under the lead-in that negates it, and a thing priced said to be free."""

from __future__ import annotations

import pytest

from evidence_judges import passes, quoting
from pytest_faithful import verify
from pytest_faithful.text.bounds import LOWER, UPPER, bound_senses
from pytest_faithful.text.contrasts import priced_for_free
from pytest_faithful.text.dates import unstated_dates
from pytest_faithful.text.evidence import without_no_answer
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.turns import dialogue

MILL = (
    "The old mill burned down in March 1906. Donations of £12,000 came in within four months. "
    "A new brick mill opened on the same site in 1910.",
)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("The new mill opened in 1910, four years after the fire.", True),
        ("The new mill opened in 1910, 4 years after the fire.", True),
        ("The new mill opened in 1910, six years after the fire.", False),
        ("The donations came in within four years.", False),
    ],
)
def test_a_span_of_the_passages_years_is_no_swapped_unit(answer: str, faithful: bool) -> None:
    """The passages' years work out the four years; the passage's "four months" is about the
    donations. Four years for the donations is still another unit."""
    assert passes(answer, MILL) is faithful


PROGRAMME = (
    "Saturday programme. Registration opens 08:45: please bring your printed ticket. The first "
    "talk starts at 09:30 in Hall B.",
)


def test_a_time_followed_by_a_colon_is_a_time() -> None:
    assert "8:45" in content_terms(PROGRAMME[0])
    assert "8:45" not in content_terms("The record stands at 08:45:12 after the final lap.")
    assert passes("Registration opens at 08:45.", PROGRAMME)
    assert not passes("Registration opens at 08:15.", PROGRAMME)


COLLECTIONS = ("Bulky waste collections run on Monday 3, Wednesday 12 and Friday 21 March.",)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("There is a bulky waste collection on Wednesday 12 March.", True),
        ("There is a bulky waste collection on Monday 3 March.", True),
        ("There is a bulky waste collection on Wednesday 14 March.", False),
    ],
)
def test_each_day_of_a_list_before_its_month_is_a_date(answer: str, faithful: bool) -> None:
    assert (unstated_dates(answer, COLLECTIONS) == ()) is faithful
    assert passes(answer, COLLECTIONS) is faithful


TOWN = (
    "Alderby is a market town in the district of North Wexmoor, about 12 miles (19 km) north of "
    "Castleford, on the west bank of the river.",
)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("Castleford lies about 12 miles (19 km) south of Alderby.", True),
        ("Alderby lies about 12 miles north of Castleford.", True),
        ("Alderby lies about 12 miles south of Castleford.", False),
        ("Castleford, about 12 miles south of Alderby, is the nearest city.", True),
        ("Alderby, about 12 miles south of Castleford, has a weekly market.", False),
    ],
)
def test_where_a_place_lies_is_read_from_either_side(answer: str, faithful: bool) -> None:
    """ "12 miles north of Castleford" is Castleford "12 miles south of" the town; the "North"
    of a district's name is no compass word of the sentence. (The places exchanged with the
    same word, "Castleford lies 12 miles north of Alderby", is no opposite: this rule does not
    read it, before or after.)"""
    judge = quoting(TOWN[0])
    assert verify(answer, list(TOWN), judge=judge).passed is faithful


@pytest.mark.parametrize(
    ("sentence", "statement"),
    [
        ("No. `-v` only adds a line per file.", "`-v` only adds a line per file."),
        ("Nope. It stays closed on Sundays.", "It stays closed on Sundays."),
        ("No, it is off by default.", "it is off by default."),
        # The "No." of a number stays: it answers nothing.
        ("No. 5 is the only house with a garage.", "No. 5 is the only house with a garage."),
        ("No.", "No."),
    ],
)
def test_a_no_set_off_by_a_full_stop_answers_the_question(sentence: str, statement: str) -> None:
    assert without_no_answer(sentence) == statement


def test_a_no_answer_and_its_statement_in_one_sentence() -> None:
    """The sentence reader does not end a sentence before a code span, so the no and what
    follows it are one claim; the statement after the no is what is held to the evidence."""
    passages = ["-v, --verbose    Print each file as it is copied; errors are always printed."]
    judge = quoting("Print each file as it is copied; errors are always printed.")
    answer = "No. `-v` only prints each file as it is copied; errors are always printed."
    assert verify(answer, passages, question="Does -v hide errors?", judge=judge).passed
    lie = "No. `-v` only prints each file as it is copied; errors are never printed."
    assert not verify(lie, passages, question="Does -v hide errors?", judge=judge).passed


CLOAKROOM = ("Cloakroom: £1 per item. Bags over 40 x 30 x 15 cm are not accepted.",)


def test_a_refusal_turns_a_bound_over() -> None:
    """Refusing bags larger than 40 cm bounds what is taken from above, as "over 40 cm are not
    accepted" does."""
    assert bound_senses("The cloakroom refuses bags larger than 40 x 30 x 15 cm.")["40"] == {UPPER}
    assert passes("The cloakroom refuses bags larger than 40 x 30 x 15 cm.", CLOAKROOM)
    assert passes("The cloakroom rejects bags over 40 x 30 x 15 cm.", CLOAKROOM)
    assert not passes("The cloakroom refuses bags larger than 50 x 30 x 15 cm.", CLOAKROOM)


LESSONS = (
    "Please give at least 48 hours' notice to cancel a lesson. Cancellations made with less "
    "notice are charged in full.",
)


def test_less_notice_is_a_bound_on_the_notice_just_asked_for() -> None:
    assert bound_senses(LESSONS[0])["48"] == {LOWER, UPPER}
    assert passes("Cancelling with less than 48 hours' notice means paying in full.", LESSONS)
    assert passes("A lesson cancelled with under 48 hours' notice is charged in full.", LESSONS)
    assert not passes("Cancelling with less than 24 hours' notice means paying in full.", LESSONS)


BRIEFING = (
    "Transcript: press briefing on the depot fire, 3 May.\n\n"
    "Fire Chief Dana Okoro: Good morning. By 2 a.m. we had 40 firefighters on scene.\n"
    "Reporter (Daily Post): Was anyone hurt?\n"
    "Deputy Police Chief Sam Reyes: Nobody was hurt. Mill Lane stays closed until noon.",
)


@pytest.mark.parametrize(
    ("answer", "evidence"),
    [
        ("Chief Okoro said 40 firefighters were on scene by 2 a.m.", "By 2 a.m. we had 40"),
        ("Sam Reyes said Mill Lane stays closed until noon.", "Mill Lane stays closed"),
    ],
)
def test_a_speaker_named_with_a_title_and_a_full_name(answer: str, evidence: str) -> None:
    """A title before a full name, "Fire Chief Dana Okoro:", opens a turn of its own: the first
    person of it is hers, not the "Transcript:" line's. (Her turn's words given to Sam Reyes
    pass, as before: the "Chief" of both labels makes them one speaker's to the alias
    reading.)"""
    labels = dialogue(BRIEFING[0]).labels
    assert frozenset({"fire", "chief", "dana", "okoro"}) in labels
    assert frozenset({"deputy", "police", "chief", "sam", "reyes"}) in labels
    quote = BRIEFING[0][BRIEFING[0].index(evidence) :].split("\n")[0]
    assert verify(answer, list(BRIEFING), judge=quoting(quote)).passed


SITE = ("No glass, cans or alcohol may be brought onto the site; picnics are welcome.",)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("Glass and alcohol can't be brought onto the site.", True),
        ("You must not bring alcohol onto the site.", True),
        ("Alcohol must not be brought onto the site.", True),
    ],
)
def test_a_negated_subject_of_several_things_negates_its_modal(answer: str, faithful: bool) -> None:
    """ "No glass, cans or alcohol may be brought": the "or" joins the things the "No" negates;
    no permission is given, as for "No member may vote". (A claim that gives the bringing a
    force, "Alcohol may be brought", passes here as it did before: the modal rule reads no
    force of a negated modal, and the negation rule no clash in this list.)"""
    judge = quoting(SITE[0].split(";")[0])
    assert verify(answer, list(SITE), judge=judge, rules="standard").passed is faithful


def test_a_condition_on_what_one_can_do_gives_no_permission() -> None:
    """ "unless you can show insurance" says on what the need depends, not that showing it is
    permitted where the passage says it must be shown."""
    passages = ["Tenants must show proof of insurance or buy the protection plan."]
    judge = quoting(passages[0])
    answer = "You need the protection plan unless you can show proof of insurance."
    assert verify(answer, passages, judge=judge).passed


RENTAL = (
    "If a bike is not docked within 24 hours it is treated as lost, and you may be charged a "
    "replacement fee of $1,200. Refunds may take up to 5 working days.",
)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        (
            "A bike not docked within 24 hours is treated as lost, and you may be charged $1,200.",
            True,
        ),
        ("You might be charged a $1,200 replacement fee if the bike is not docked.", True),
        ("A refund will take up to 5 working days.", True),
        (
            "A bike not docked within 24 hours is treated as lost, and you will be charged $1,200.",
            False,
        ),
        ("If the bike is not docked, you are guaranteed to be charged $1,200.", False),
    ],
)
def test_a_likelihood_told_as_a_certainty(answer: str, faithful: bool) -> None:
    """ "may be charged" is no "will be charged"; a limit, "up to 5 working days", is the
    hedge of its own sentence, which "will take up to" keeps."""
    assert passes(answer, RENTAL) is faithful


SUPPORT_CHAT = (
    "Agent (Nadia): Thanks for waiting, Ruth. I can see the outage started on Monday.\n"
    "Customer (Ruth Ellis): How long will it take?\n"
    "Agent (Nadia): I'm afraid the repair is booked for Thursday, 4pm.\n"
    "Customer (Ruth Ellis): Do I get anything back?\n"
    "Agent (Nadia): Yes. Under our service promise you get £4.75 for each full day without "
    "broadband after the first day.\n"
    "Customer (Ruth Ellis): Thanks, I'll bring my own router back to the shop.",
)


@pytest.mark.parametrize(
    ("answer", "evidence", "faithful"),
    [
        (
            "Ruth gets £4.75 for each full day without broadband after the first day.",
            "Under our service promise you get £4.75 for each full day without broadband",
            True,
        ),
        (
            "Ruth's repair is booked for Thursday, 4pm.",
            "I'm afraid the repair is booked for Thursday, 4pm.",
            True,
        ),
        (
            "Nadia will bring her own router back to the shop.",
            "I'll bring my own router back to the shop",
            False,
        ),
    ],
)
def test_what_an_agent_says_of_you_and_how_they_frame_it(
    answer: str, evidence: str, faithful: bool
) -> None:
    """The agent's "you get" is said of the customer ("gets" and "get" alike, a figure taking
    two of the words read after "you"); "I'm afraid" frames what follows and says nothing of
    the agent; the customer's own "I'll bring" given to the agent still fails."""
    assert verify(answer, list(SUPPORT_CHAT), judge=quoting(evidence)).passed is faithful


WARRANTY = (
    "3. What is covered. Repairs of the pump and the boiler for two years.\n\n"
    "4. Exclusions. This warranty does not cover:\n"
    "(a) damage caused by limescale;\n"
    "(b) consumable parts, including water filters, gaskets and grinder burrs;\n"
    "(c) commercial use in cafés.",
)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("The warranty does not cover grinder burrs, which count as consumable parts.", True),
        ("Grinder burrs are consumable parts, so they are excluded from the warranty.", True),
        ("Grinder burrs count as consumable parts, which the warranty covers.", False),
    ],
)
def test_an_item_is_read_under_a_lead_in_that_negates(answer: str, faithful: bool) -> None:
    """ "(b) consumable parts, ... grinder burrs;" is an item of what "This warranty does not
    cover:" lists (a numbered line ending with a colon leads lettered items): a claim that the
    warranty covers them is read against the lead-in's negation."""
    item = "(b) consumable parts, including water filters, gaskets and grinder burrs;"
    assert verify(answer, list(WARRANTY), judge=quoting(item)).passed is faithful


FERRY = (
    "Sailings may be cancelled at short notice in high winds. The 09:15 is often delayed on "
    "Saturdays. The lounge can be noisy when school groups travel.",
)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("Sailings can be cancelled at short notice when the wind is high.", True),
        ("On Saturdays the 09:15 is often delayed.", True),
        ("Sailings are always cancelled in high winds.", False),
        ("The 09:15 is always delayed on Saturdays.", False),
        ("The lounge is always noisy when school groups travel.", False),
    ],
)
def test_how_often_told_as_always(answer: str, faithful: bool) -> None:
    """ "may be cancelled", "is often delayed", "can be noisy" are no "always"."""
    assert passes(answer, FERRY) is faithful


CLIMBING = (
    "Adult entry £13.50. You can hire climbing shoes for £4 and chalk for £2. Under-5s climb "
    "free with a paying adult. Members get 20% off shoe hire.",
)


@pytest.mark.parametrize(
    ("answer", "evidence", "faithful"),
    [
        (
            "Under-5s climb free with a paying adult.",
            "Under-5s climb free with a paying adult.",
            True,
        ),
        ("Shoe hire costs £4.", "You can hire climbing shoes for £4 and chalk for £2.", True),
        ("Shoe hire is free.", "You can hire climbing shoes for £4 and chalk for £2.", False),
        ("Members hire shoes at no extra cost.", "Members get 20% off shoe hire.", False),
    ],
)
def test_a_thing_priced_is_not_free(answer: str, evidence: str, faithful: bool) -> None:
    """A claim that gives a thing free, where its evidence prices it and says nothing free of
    it, says another value (a located span that gives another thing free, "Under-5s climb
    free", does not stand in for the quote)."""
    judge = quoting(evidence)
    assert verify(answer, list(CLIMBING), judge=judge).passed is faithful


@pytest.mark.parametrize(
    "claim",
    [
        "The flapjacks are gluten-free.",
        "You are free to cancel at any time.",
        "The café is free from nuts.",
        "There is a free 7-day trial.",
    ],
)
def test_a_free_of_another_sense_or_said_free_is_no_price(claim: str) -> None:
    assert priced_for_free(claim, "Flapjacks cost £2.50 each.") is None
    assert priced_for_free(claim, "A free 7-day trial, then £9.99 a month.") is None
