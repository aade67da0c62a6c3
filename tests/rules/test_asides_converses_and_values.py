"""Forms a faithful answer takes that the rules failed, each both ways where a lie can take the
same form: the faithful answer passes with a judge that is right, and the answer with one fact
changed is still caught. Written from blind probes' classes (stop 60's first wave), in texts
of their own: "at no charge" beside a bound, a clause a "no" opens after a bound, a bound said
as an afterthought ("a quarter turn, no more"), an object negated with its verb left out, a
thing both texts turn down, a pronoun placed behind what the passage places ahead, a
restricting "only" written last, a value in brackets, "second place", and minutes and seconds
written without "seconds"."""

from __future__ import annotations

import pytest

from evidence_judges import passes, quoting
from pytest_faithful import verify
from pytest_faithful.text.bounds import LOWER, UPPER, bound_senses, without_bounds
from pytest_faithful.text.polarity import negation_clash
from pytest_faithful.text.speakers import said_of_another


def test_at_no_charge_is_no_negation_of_the_bound_after_it() -> None:
    """ "at no charge up to 48 hours after purchase" bounds the 48 hours from above; the "no" is
    the charge's, as "without charge" would be. "with no item over 23 kg" is still turned over.
    (Before an event, "up to 48 hours before" reads both ways: tests/test_bound_deadlines.py.)"""
    passage = "Tickets may be exchanged at no charge up to 48 hours after purchase."
    assert bound_senses(passage) == {"48": frozenset({UPPER})}
    assert bound_senses("Bags are allowed with no item over 23 kg.") == {"23": frozenset({UPPER})}
    assert passes("You can exchange them free up to 48 hours after buying.", [passage])
    assert not passes("You can exchange them free up to 24 hours after buying.", [passage])


def test_a_clause_opened_by_no_after_a_bound_keeps_its_negation() -> None:
    """ "7 days or fewer before and no refund is given": the refund's negation is a clause of its
    own, the bound's consequence, not a negation of the bound."""
    passage = (
        "Cancel 7 days or fewer before the course and no refund is given, though you may send "
        "someone in your place up to 24 hours before the start."
    )
    assert "no refund" in without_bounds(passage)
    answer = "You won't get a refund, but you can send someone in your place up to 24 hours before."
    assert passes(answer, [passage])


VALVE = ("Turn the valve a quarter turn, no more, and check the gauge every hour.",)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("Turn the valve a quarter turn and check the gauge every hour.", True),
        ("Turn the valve a quarter turn, but don't check the gauge every hour.", False),
    ],
)
def test_no_more_after_an_amount_negates_nothing_after_it(answer: str, faithful: bool) -> None:
    """ "a quarter turn, no more, and check" bounds the turn; the checking is still stated."""
    assert passes(answer, VALVE) is faithful


MOWERS = ("We don't service petrol mowers or strimmers, only electric ones.",)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("No, they only service electric mowers, not petrol mowers or strimmers.", True),
        ("Yes, they service petrol mowers and strimmers as well as electric ones.", False),
    ],
)
def test_an_object_negated_with_its_verb_left_out(answer: str, faithful: bool) -> None:
    """ "service electric mowers, not petrol mowers": the claim negates the object the passage's
    "don't service" does, and states the verb of another."""
    assert passes(answer, MOWERS, "Can they fix a petrol mower?") is faithful


def test_a_thing_both_texts_turn_down_is_no_clash() -> None:
    """ "The blue van, not the old Transit" and "the old Transit's brakes don't work" both turn
    the Transit down; "the Transit works" still clashes with the passage's negation."""
    evidence = "Priya: The blue van, not the old Transit, its brakes don't work."
    assert not negation_clash(
        "Take the blue van, since the old Transit's brakes don't work.", evidence
    )
    assert negation_clash("Take the old Transit.", "Priya: Take the blue van, not the old Transit.")


RESULTS = ("Mara Lind won the 10 km in 36:05, 14 seconds ahead of Jo Peck.",)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("She was 14 seconds behind Lind's 36:05, so she ran 36:19.", True),
        ("She was 14 seconds behind Lind's 36:05, so she ran 36:29.", False),
    ],
)
def test_a_pronoun_behind_what_the_passage_places_ahead(answer: str, faithful: bool) -> None:
    """ "She was 14 seconds behind Lind" tells "Lind ... 14 seconds ahead of Jo Peck" from the
    other side: the pronoun's side names nothing, and what it is behind is the passage's first."""
    assert passes(answer, RESULTS, "What was Jo Peck's time?") is faithful


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("He wants them seated only for songs 2 and 9.", True),
        ("He wants them seated only for songs 2 and 7.", False),
    ],
)
def test_only_written_last_restricts_as_only_written_first(answer: str, faithful: bool) -> None:
    """ "Also he wants us seated for songs 2 and 9 only": the "also" adds the statement to
    another, and the "only" restricts as the claim's does."""
    assert passes(answer, ["Also he wants us seated for songs 2 and 9 only."]) is faithful


BAKES = ("The Open class was won by Harlow Bakery (48).",)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("Harlow Bakery won the Open class with 48.", True),
        ("Harlow Bakery won the Open class with 46.", False),
    ],
)
def test_a_value_in_brackets_after_a_name_is_stated(answer: str, faithful: bool) -> None:
    """A passage's "Harlow Bakery (48)" states 48: a passage cites no sources by number (a
    part's "paragraph (4)(C)" still states no amount: test_codes)."""
    assert passes(answer, BAKES) is faithful


PRIZES = ("Runner-up (£50): 'Blue Moon' by the Scouts. Third (£25): 'Old Tom' by the Guides.",)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        (
            "The Scouts' entry finished ahead of the Guides': second place and £50 against third "
            "place and £25.",
            True,
        ),
        (
            "The Scouts' entry finished ahead of the Guides': second place and £60 against third "
            "place and £25.",
            False,
        ),
    ],
)
def test_second_place_is_the_runner_up(answer: str, faithful: bool) -> None:
    assert passes(answer, PRIZES) is faithful


LOOP = ("Kim: I did the loop in 12 minutes 40.\nSam: Nice, that's quick.",)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [("Kim did the loop in 12:40.", True), ("Kim did the loop in 12:50.", False)],
)
def test_minutes_and_seconds_without_the_word_seconds(answer: str, faithful: bool) -> None:
    assert passes(answer, LOOP) is faithful


ENGRAVING = (
    "Priya: I need it by the 21st.\nTom: If you post it to us by the 10th, that should be "
    "fine.\nPriya: Great.\nTom: We'll email you a proof of the layout, and we won't start "
    "engraving until you've approved it."
)


@pytest.mark.parametrize(
    ("quote", "claim", "swapped"),
    [
        ("If you post it to us by the 10th", "It's fine if Priya posts it by the 10th.", False),
        ("We'll email you a proof of the layout, and we won't start engraving until you've "
         "approved it.",
         "Priya has to approve the layout proof before engraving starts.", False),
        ("We'll email you a proof of the layout", "Priya will email a proof of the layout.", True),
    ],
)  # fmt: skip
def test_what_a_turn_says_of_you_is_said_of_the_one_it_speaks_to(
    quote: str, claim: str, swapped: bool
) -> None:
    """Tom's "if you post it" says of Priya what the claim says of her; a claim that gives
    Tom's own "we'll email you" to Priya still swaps the speakers."""
    start = ENGRAVING.index(quote)
    found = said_of_another(ENGRAVING, start, start + len(quote), claim)
    assert (found == ("priya", "tom")) is swapped


PENS = (
    "Customer: Could you make it wetter as well?\n"
    "Ruth: Yes, flow adjustment is included free with any grind.",
)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("No, making it wetter is included at no charge with any grind.", True),
        ("No, they can't make it wetter.", False),
    ],
)
def test_a_yes_or_no_answers_the_checks_question_not_the_dialogues(
    answer: str, faithful: bool
) -> None:
    """To "Does a flow adjustment cost extra?", the answer's "No" answers the check's question;
    the dialogue asked another ("Could you make it wetter?"), whose yes the statement after the
    "No" agrees with ("at no charge" says free, not no)."""
    assert passes(answer, PENS, "Does a flow adjustment cost extra?") is faithful


OFFER = "I've got a spare Coronation 2d with perf 12. Want to swap it for your perf 14 Machins?"


@pytest.mark.parametrize(
    ("answer", "question", "faithful"),
    [
        ("A spare Coronation 2d, perf 12, for his perf 14 Machins.", "What did Gwen offer Raj?",
         True),
        ("She offered him a spare Coronation 2d with perf 12 for his perf 14 Machins.", None, True),
        ("Gwen swapped her spare Coronation 2d with perf 12 for Raj's perf 14 Machins.", None,
         False),
    ],
)  # fmt: skip
def test_a_question_that_offers_is_the_offer_a_claim_reports(
    answer: str, question: str | None, faithful: bool
) -> None:
    """A quote that states the stamp and asks "Want to swap it for your perf 14 Machins?" is
    evidence of the offer: a claim that reports it, or answers "What did Gwen offer?", takes
    the question's words as what was offered; one that says the swap was made is still read
    as taking them from a question."""
    passages = [f"Gwen: {OFFER}\nRaj: Let me think about it."]
    result = verify(answer, passages, question=question, judge=quoting(OFFER))
    assert result.passed is faithful


def test_a_negation_in_a_condition_after_a_bound_does_not_turn_it_over() -> None:
    """ "cancel at least 24 hours ahead if you can't come": the "can't" is the condition's."""
    assert bound_senses("So cancel at least 24 hours ahead if you can't come.") == {
        "24": frozenset({LOWER})
    }
    passage = ["Please cancel at least 24 hours before your slot."]
    assert passes("Cancel at least 24 hours ahead if you can't come.", passage)
    assert not passes("Cancel at least 12 hours ahead if you can't come.", passage)


PANDAS = ("The zoo's best-known residents are a pair of red pandas, Kim and Lu, who came in 2015.",)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("The two red pandas, Kim and Lu, came in 2015.", True),
        ("The four red pandas, Kim and Lu, came in 2015.", False),
    ],
)
def test_a_pair_of_is_two(answer: str, faithful: bool) -> None:
    """ "a pair of red pandas" states two, as "a dozen" states twelve ("the pair" names no
    number: it points back)."""
    assert passes(answer, PANDAS) is faithful


VIEWING = ("Practice runs roughly 7:30 to 10:00; visitors must arrive by 7:45.",)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("Practice runs from 7:30 to 10:00. Arrive by 7:45, 15 minutes after it starts.", True),
        ("Practice runs from 7:30 to 10:00. Arrive by 7:45, 25 minutes after it starts.", False),
    ],
)
def test_minutes_between_two_times_not_written_in_a_row(answer: str, faithful: bool) -> None:
    """7:45 is 15 minutes after 7:30 though "10:00" stands between them in the answer."""
    assert passes(answer, VIEWING) is faithful


WORKS = ("Demolition began in March 1993 and finished in April 1994.",)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("It began in March 1993 and finished in April 1994, so it took about 13 months.", True),
        ("It began in March 1993 and finished in April 1994, so it took about 17 months.", False),
    ],
)
def test_months_between_two_months_of_years(answer: str, faithful: bool) -> None:
    assert passes(answer, WORKS) is faithful


@pytest.mark.parametrize(
    "passage",
    [
        "Within 14 days of the course, no refund is given.",
        "Within 14 days of the course: no refund, unless someone takes your place.",
        "No refund is given within 14 days of the course.",
    ],
)
def test_a_time_window_that_opens_its_sentence_is_the_next_clauses(passage: str) -> None:
    """ "Within 14 days, no refund is given" bounds as "No refund is given within 14 days"
    does; "Over 65s, no charge" stays a group, not a window."""
    assert bound_senses(passage) == {"14": frozenset({LOWER})}
    assert passes("You won't get a refund within 14 days of the course.", [passage])
    assert not passes("You won't get a refund within 21 days of the course.", [passage])
    assert bound_senses("Over 65s, no charge.") == {"65": frozenset({LOWER})}
