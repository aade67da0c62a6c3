"""Forms a faithful answer takes that the rules failed, each both ways where a lie can take the
same form. Written from blind probes' classes (stop 61's first wave), in texts of their own: a
count the answer names with another noun than the passage's ("38 people" for "38 entrants")
as an operand of its working, a negation inside a relative clause ("a pump that won't prime
is usually ..."), a negation whose verb is left out before a comma ("I can't, my van's in for
its service"), a year before a full date ("1760 - 10 May 1849"), a measure the question
gives beside a passage's same number in another unit, and "except" and "rather than" against
a text that writes the contrast as "but not" or ", not" (stop 61's second wave)."""

from __future__ import annotations

import pytest

from evidence_judges import passes, quoting
from pytest_faithful import verify
from pytest_faithful.text.bounds import LOWER, bound_senses
from pytest_faithful.text.polarity import negation_clash
from pytest_faithful.text.senses import plain_senses
from pytest_faithful.text.siblings import sibling_named
from pytest_faithful.text.terms import content_terms, text_bag
from pytest_faithful.text.turns import dialogue
from pytest_faithful.text.working import worked_in_steps

ENTRIES = ("The quiz drew 52 teams this spring, up from 44 last autumn.",)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("52 groups took part this spring, eight more than the 44 last autumn.", True),
        ("52 groups took part this spring, 8 more than the 44 last autumn.", True),
        ("52 groups took part this spring, 10 more than the 44 last autumn.", False),
        ("52 groups took part this spring, 8 more than the 42 last autumn.", False),
    ],
)
def test_a_count_named_with_another_noun_is_an_operand(answer: str, faithful: bool) -> None:
    """The passage counts teams and the answer groups: the same 52 and 44, whose difference
    the answer works out. A wrong difference, or a changed operand, is still missing."""
    assert passes(answer, ENTRIES) is faithful


def test_a_measure_in_other_units_is_no_operand() -> None:
    """A count of things may be named another way; a measure may not: "52 km" is not the
    passage's "52 miles", so no step works from it."""
    passages = ("The ride is 52 miles this year, up from 44 miles last year.",)
    assert worked_in_steps("8", "The ride is 52 miles, 8 more than the 44 last year.", passages)
    assert not worked_in_steps("8", "The ride is 52 km, 8 more than the 44 last year.", passages)


@pytest.mark.parametrize(
    ("text", "negated", "asserted"),
    [
        # A relative clause's negation ends at the main clause's verb.
        ("A pump that won't prime is usually a worn impeller.", {"prim"}, {"impeller", "worn"}),
        ("Guests who do not check in are charged a night.", {"check"}, {"charg", "night"}),
        ("The model that doesn't have a timer has a dial.", {"timer"}, {"dial", "model"}),
        # A negation whose verb is left out ends at its comma.
        ("Priya: I can't, my van's in for its service.", set(), {"van", "servic"}),
        # ... but not before an aside, a condition it holds over, nor "never, ever".
        ("We cannot, under any terms, refund deposits.", {"refund", "deposit"}, set()),
        ("It isn't, even if the stock is organic.", {"stock", "organic"}, set()),
        ("Never, ever leave the stove lit.", {"stov", "lit"}, set()),
    ],
)
def test_where_a_negation_ends(text: str, negated: set[str], asserted: set[str]) -> None:
    bag = text_bag(text)
    assert negated <= bag.negated
    assert asserted <= bag.asserted
    assert not asserted & bag.negated


def test_the_negation_of_a_relative_clause_is_no_clash_with_the_main_clause() -> None:
    evidence = "Agent: A pump that won't prime is usually a worn impeller or a cracked seal."
    assert not negation_clash(
        "She said that's usually a worn impeller or a cracked seal.", evidence
    )
    assert negation_clash("She said a pump that primes is usually a worn impeller.", evidence)


def test_a_year_before_a_full_date_is_no_short_range() -> None:
    """ "1760 - 10 May 1849" runs from a year to a date; "2018-19" is still two years."""
    assert {"1760", "10", "1849"} <= content_terms("Hokusai (c. 1760 - 10 May 1849) was a painter.")
    assert "1710" not in content_terms("Hokusai (c. 1760 - 10 May 1849) was a painter.")
    assert {"2018", "2019"} <= content_terms("the 2018-19 season")


REFUNDS = (
    "Classes last 3 hours and cost £40.",
    "Cancel more than 48 hours before a class for a full refund; within 48 hours, no refund.",
)


def test_a_measure_the_question_gives_is_the_askers_own() -> None:
    """The passages' 3 is hours; the question's "3 days" is the asker's, so the answer that
    repeats it swaps no unit. A number the question does not give is still read."""
    question = "If I cancel 3 days before my class, do I get a refund?"
    assert passes(
        "Yes. 3 days is more than 48 hours before, so you get a full refund.", REFUNDS, question
    )
    assert not passes(
        "Yes. 3 days is more than 48 hours before, so you get a full refund.",
        REFUNDS,
        "If I cancel before my class, do I get a refund?",
    )


@pytest.mark.parametrize(
    ("claim", "clash"),
    [
        # "except" after a statement is the contrast's "but not" ...
        ("Engraving is £12 a line, except on rings ordered after 1 June.", False),
        ("Engraving is £12 a line on rings ordered after 1 June.", True),
        # ... "rather than" is the contrast's ", not" ...
        ("Use the 8 mm bit rather than the 6 mm one, or the plug splits.", False),
        ("Use the 6 mm bit rather than the 8 mm one, or the plug splits.", True),
    ],
)
def test_except_and_rather_than_read_as_the_contrast_the_evidence_writes(
    claim: str, clash: bool
) -> None:
    evidence = {
        "E": "Engraving is £12 a line, but not on rings ordered after 1 June.",
        "U": "Use the 8 mm bit, not the 6 mm one, or the plug splits.",
    }[claim[0]]
    assert negation_clash(claim, evidence) is clash


def test_an_except_after_a_negation_allows_what_it_names() -> None:
    """ "donations, not flowers, except family flowers": the family's flowers are allowed."""
    evidence = "Mia: Yes, donations to the hospice, not flowers, except family flowers."
    claim = "Only family flowers; otherwise donations to the hospice instead of flowers."
    assert not negation_clash(claim, evidence)


def test_a_role_in_words_labels_a_turn_where_its_name_speaks_again() -> None:
    """ "Site foreman (Gita): ..." opens Gita's turn where "Gita: ..." or the same label opens
    another; a heading with a bracket ("Opening hours (Winter): 9-4") opens none."""
    passage = (
        "Client (Omar): Can you start on Monday?\n"
        "Site foreman (Gita): We can. We usually need two days for the footings.\n"
        "Omar: Great.\n"
        "Gita: I'll bring the mixer.\n"
        "Opening hours (Winter): 9-4."
    )
    labels = dialogue(passage).labels
    assert labels[1] == {"site", "foreman", "gita"}
    assert len(labels) == 4  # the heading opens no turn
    assert passes("Gita said they usually need two days for the footings.", [passage])


@pytest.mark.parametrize(
    ("claim", "clash"),
    [
        ("- No glass on the terrace", False),  # "a ban on glass on the terrace"
        ("- No jewellery", False),  # "remove all jewellery"
        ("- Glass is not banned on the terrace", True),  # turns the ban over
        ("Guests needn't remove their jewellery.", True),
    ],
)
def test_a_ban_or_a_removal_says_what_a_no_says(claim: str, clash: bool) -> None:
    evidence = "There is a ban on glass on the terrace, and riders must remove all jewellery."
    assert negation_clash(claim, evidence) is clash


def test_a_negation_in_a_clause_joined_by_and_that_leaves_the_bound() -> None:
    """ "said more than 400 people had signed ... and that the club had not ruled out" bounds
    the 400 from below, as the answer's "more than 400 people signed" does."""
    passage = (
        "The chair said more than 400 people had signed the petition and that the club had "
        "not ruled out an appeal."
    )
    assert bound_senses(passage) == {"400": frozenset({LOWER})}
    assert passes("More than 400 people signed the club's petition.", [passage])
    assert not passes("Fewer than 400 people signed the club's petition.", [passage])


def test_too_big_to_says_what_a_not_says() -> None:
    """Read so only against a text with a negation: "too good to miss" says no "not"."""
    evidence = "At 22 metres the boat was too long to fit through the lock."
    assert not negation_clash("The boat did not fit through the lock.", evidence)
    assert negation_clash("The boat did not fit through the lock.", "The boat fit the lock.")


def test_a_figure_also_written_bare_is_an_operand_of_a_difference() -> None:
    """ "on its 1-10 scale ... gave the soup 4 and the stew 10": the 10 is written bare too, so
    "6 points higher" is their difference; "5 points higher" is not."""
    passages = ("Judges used a 1-10 scale: the soup got 4 and the stew 10.",)
    claim = "On the 1-10 scale the soup got 4 and the stew 10, putting the stew {} points higher."
    assert passes(claim.format(6), passages)
    assert not passes(claim.format(5), passages)


def test_between_two_hours_reads_the_first_with_the_seconds_half_of_the_day() -> None:
    """ "between 8 and 11am" is "8-11am": the 8 is 8:00, not a bare 8 no passage states."""
    assert {"8:00", "11:00"} <= content_terms("Collection is between 8 and 11am.")
    assert {"14:00", "16:00"} <= content_terms("Visits run between 2 and 4pm.")
    passage = ("Dogs may be collected 8-11am only.",)
    assert passes("You can collect your dog between 8 and 11am.", passage)
    assert not passes("You can collect your dog between 9 and 11am.", passage)


REFUND_TERMS = ("If you cancel within 14 days of the trip, no refund is given.",)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("Within 14 days of the trip you won't get a refund.", True),
        ("No refund is given within 14 days of the trip.", True),
        ("Within 21 days of the trip you won't get a refund.", False),
    ],
)
def test_a_bound_turned_over_by_the_claims_negation_is_the_conditions(
    answer: str, faithful: bool
) -> None:
    """ "Within 14 days you won't get a refund" turns its window over with its negation; "If
    you cancel within 14 days, no refund is given" writes it as written beside a negation of
    its own. The same fact, no other value; another window is still missing."""
    assert passes(answer, REFUND_TERMS) is faithful


def test_the_latest_estimate_is_the_current_one_not_a_deadline() -> None:
    """ "according to the latest estimate" says which estimate, not "at the latest": nothing
    against the passage's "at the earliest". "the latest time" keeps its pair."""
    assert "current estimate" in plain_senses("according to the latest estimate")
    assert "latest time" in plain_senses("the latest time to arrive is 9pm")
    passage = ("The new bridge is now expected to open in June at the earliest.",)
    assert passes("Not before June, according to the latest estimate.", passage)


def test_a_numbered_name_with_its_word_in_another_number_is_the_same_name() -> None:
    """ "the Paris 2024 Olympic torch" names what "the Paris 2024 Olympics" names; "Route 9"
    is still not "Route 19"."""
    passage = ("The torch of the Paris 2024 Olympics was designed by Mathieu Lehanneur.",)
    assert passes("The Paris 2024 Olympic torch was designed by Mathieu Lehanneur.", passage)
    assert sibling_named(
        "Route 9 runs every 10 minutes.",
        "Route 19 runs every 10 minutes.",
        ["Route 9 and Route 19 both run today. Route 19 runs every 10 minutes."],
    ) == ("Route 9", "Route 19")


COURIER = ("A courier can collect and return the frame for £35 each way.",)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("The courier is £35 each way, which is £70 for the round trip.", True),
        ("The courier is £35 each way, which is £75 for the round trip.", False),
        ("The courier is £35 each way, which is £70 for the week.", False),
    ],
)
def test_a_round_trip_is_two_ways(answer: str, faithful: bool) -> None:
    """ "£35 each way" twice is the round trip's £70; a wrong total, or a double with no
    round trip to make it, is still missing."""
    assert passes(answer, COURIER) is faithful


RESULTS = (
    "Open Section: 1st Hawes Ringers, 131 points; 2nd Sedbergh Bells, 126; 3rd Dent Youth, 120.",
    "Junior Section: 1st Askrigg Juniors, 104 points; 2nd Bainbridge Bells, 101.",
    "Hawes's victory was their third in a row.",
)
JUNIOR = "Junior Section: 1st Askrigg Juniors, 104 points; 2nd Bainbridge Bells, 101."


@pytest.mark.parametrize(
    ("margin", "faithful"),
    [("three", True), ("five", False)],
)
def test_a_margin_the_claim_works_out_is_no_swapped_place(margin: str, faithful: bool) -> None:
    """ "three ahead of Bainbridge Bells on 101" is 104 - 101, not a 3 the passages state
    elsewhere ("third in a row") put where the evidence's "2nd" stands; a wrong margin is
    still missing."""
    answer = f"Askrigg Juniors won the Junior Section with 104 points, {margin} ahead of "
    answer += "Bainbridge Bells on 101."
    result = verify(answer, list(RESULTS), question="Who won?", judge=quoting(JUNIOR))
    assert result.passed is faithful


TOWN = ("A storm destroyed the harbour in 1286. A painting shows the town as it was in 1610.",)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        (
            "The painting shows the town in 1610, more than three centuries after the 1286 storm.",
            True,
        ),
        ("The painting shows the town in 1610, about three centuries after the 1286 storm.", True),
        (
            "The painting shows the town in 1610, more than four centuries after the 1286 storm.",
            False,
        ),
    ],
)
def test_centuries_between_two_years_are_read_to_the_nearest(answer: str, faithful: bool) -> None:
    """324 years are "about three centuries", as 41 years are "four decades"; four are not."""
    assert passes(answer, TOWN) is faithful


LIFE = ("Ada Brennan (14 March 1861 - 2 June 1930) was an Irish botanist.",)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("She was 69: she was born in March 1861 and died in June 1930.", True),
        ("She was 72: she was born in March 1861 and died in June 1930.", False),
    ],
)
def test_an_age_from_a_lifespan_written_with_full_dates(answer: str, faithful: bool) -> None:
    """ "(14 March 1861 - 2 June 1930)" gives a birth year as "(1861-1930)" does, and "She was
    69:" is an age; another age is still missing."""
    assert passes(answer, LIFE) is faithful


TUNING = ("The call-out fee is £85, and tuning is £40 per hour on top.",)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("It's £85, with £40 an hour on top, so three hours would be £205.", True),
        ("It's £85, with £40 an hour on top, so three hours would be £225.", False),
    ],
)
def test_a_rate_on_top_of_a_fee_adds_up(answer: str, faithful: bool) -> None:
    assert passes(answer, TUNING, "What would three hours of tuning cost?") is faithful


FARES = ("Tickets cost NOK 1,450 per adult and NOK 950 per child.",)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("NOK 3,850 in total: NOK 1,450 for each adult plus NOK 950 for the child.", True),
        ("NOK 3,950 in total: NOK 1,450 for each adult plus NOK 950 for the child.", False),
    ],
)
def test_a_currency_code_is_part_of_its_amount(answer: str, faithful: bool) -> None:
    """ "NOK 1,450" is money, as "£1,450" is, so the working's total of money adds up."""
    assert "nok" not in content_terms(answer)
    assert passes(answer, FARES, "What do two adults and a child pay?") is faithful
