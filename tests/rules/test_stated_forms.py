"""Forms in which a faithful answer states what its passage states, each both ways: the faithful
answer passes with a judge that is right, and the same answer with one fact changed is still
caught. Written from blind probes' classes (stop 54), in texts of their own."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evidence_judges import quoting, quoting_the_best_passage
from pytest_faithful import verify
from pytest_faithful.models import Claim
from pytest_faithful.testing import FunctionJudge
from pytest_faithful.text.amounts import amounts
from pytest_faithful.text.clock import bare_hour, day_time_spans
from pytest_faithful.text.kinds import number_kinds
from pytest_faithful.text.number_swaps import swapped_number
from pytest_faithful.text.polarity import negation_clash
from pytest_faithful.text.replies import yes_or_no


def quoting_in(evidence: str, passage: int) -> FunctionJudge:
    """SUPPORTED on every claim, quoting ``evidence`` from passage ``passage``."""

    def verdicts(claims: Sequence[Claim], _: Sequence[str]) -> list[dict[str, object]]:
        return [
            {"claim_index": i, "label": "SUPPORTED", "evidence": evidence, "passage_index": passage}
            for i, _ in enumerate(claims)
        ]

    return FunctionJudge(verdicts)


def both_ways(
    honest: str,
    lie: str,
    passages: Sequence[str],
    question: str | None = None,
    judge: FunctionJudge | None = None,
) -> None:
    judge = judge or quoting_the_best_passage()
    assert verify(honest, list(passages), question=question, judge=judge).passed, honest
    assert not verify(lie, list(passages), question=question, judge=judge).passed, lie


LIBRARY = (
    "The Westgate library is open from 10 a.m. to 6 p.m. on weekdays. On Thursdays in term "
    "time it stays open until 8 p.m."
)


def test_a_bare_value_reply_is_held_to_its_question() -> None:
    question = "When does the library close on a Thursday in term time?"
    both_ways("8 p.m.", "9 p.m.", [LIBRARY], question)


def test_a_bare_hour_is_the_time_a_passage_gives() -> None:
    both_ways(
        "On term-time Thursdays it stays open until 8 p.m.; on other weekdays it closes at 6.",
        "On term-time Thursdays it stays open until 8 p.m.; on other weekdays it closes at 5.",
        [LIBRARY],
    )
    stated = frozenset({"18:00"})
    assert bare_hour("6", "it closes at 6.", stated)
    assert not bare_hour("6", "it sells 6 books", stated)
    assert not bare_hour("6", "it closes at 6 sharp on 6 days", frozenset({"6:30"}))


def test_two_long_figures_in_common_bear_on_a_claim() -> None:
    passage = (
        "A Roth IRA lets savers put in up to $7,000 for 2024, or $8,000 from age 50. Income "
        "limits apply."
    )
    both_ways(
        "Both accounts have the same $7,000 ceiling for 2024.",
        "Both accounts have the same $6,500 ceiling for 2024.",
        [passage],
        judge=quoting_in(passage.split(". ")[0] + ".", 0),
    )


def test_a_percent_after_sources_is_no_citation() -> None:
    assert amounts("The utility sources 45% of its power from wind.") == {
        "45": frozenset({Decimal(45)})
    }
    both_ways(
        "Northwind's tariff is 45% wind power.",
        "Northwind's tariff is 55% wind power.",
        ["Northwind sources 45% of its power from wind farms in the North Sea."],
    )


def test_an_age_the_question_asks_for() -> None:
    passage = "Born in Tromsø in 1942, Ingrid Vik moved to Oslo in 1967 to study medicine."
    question = "How old was she when she moved to Oslo?"
    both_ways(
        "About 25: she was born in 1942 and moved to Oslo in 1967.",
        "About 27: she was born in 1942 and moved to Oslo in 1967.",
        [passage],
        question,
    )
    both_ways(  # the age after its subject ("She was about 25 -")
        "She was about 25 - born in 1942, she moved to Oslo in 1967.",
        "She was about 28 - born in 1942, she moved to Oslo in 1967.",
        [passage],
        question,
    )


def test_numbers_said_with_their_time_and_their_whole() -> None:
    # "131 last year" counts no "last"; "34 of 50 points" counts points.
    assert number_kinds("131 last year")["131"] == frozenset({"plain"})
    assert number_kinds("34 of 50 points")["34"] == frozenset({"unit:point"})
    passage = "This year the prize drew 212 entries. Last year there were 187 entries."
    both_ways(
        "Yes, 212 entries came in this year against 187 last year, 25 more.",
        "Yes, 212 entries came in this year against 187 last year, 35 more.",
        [passage],
    )
    sprint = "The team has closed 18 of its 24 story points, with two days left."
    both_ways(
        "The team has closed 18 of 24 points (75%) with two days left.",
        "The team has closed 18 of 24 points (80%) with two days left.",
        [sprint],
    )


def test_a_modal_opens_a_clause_of_its_own() -> None:
    passages = [
        "Hikers should carry a head torch when walking after dusk.",
        "Rangers lend torches free of charge at the visitor centre.",
    ]
    judge = quoting_in(passages[0], 0)
    both_ways(
        "Rangers lend torches free of charge, and hikers should carry one after dusk.",
        "Rangers lend torches free of charge, and hikers should not carry one after dusk.",
        passages,
        judge=judge,
    )


def test_without_a_thing_says_what_thing_free_says() -> None:
    passage = "Residents of Aveland may enter Korvia visa-free for up to 30 days."
    both_ways(
        "Yes, for up to 30 days without a Korvian visa.",
        "Yes, for up to 90 days without a Korvian visa.",
        [passage],
        "Can Aveland residents visit Korvia?",
    )


def test_a_case_that_meets_a_bound_is_no_changed_number() -> None:
    passages = [
        "Refunds of the booking fee are made when a train arrives more than 30 minutes late.",
        "Your train on 3 May arrived 45 minutes late.",
    ]
    judge = quoting_in(passages[0], 0)
    both_ways(
        "Your train was 45 minutes late, so the booking fee is refunded.",
        "Your train was 45 minutes late, so the booking fee is refunded within 30 days.",
        passages,
        judge=judge,
    )


def test_a_case_that_breaks_a_bound_is_still_a_changed_number() -> None:
    passages = [
        "The rain barrel holds up to 200 litres.",
        "The garden tank beside it holds 900 litres, the water butt 150 litres.",
    ]
    evidence = passages[0]
    assert swapped_number("The rain barrel holds 900 litres.", "", evidence, passages)
    assert swapped_number("The rain barrel holds 150 litres.", "", evidence, passages) is None


def test_hours_across_days_of_the_week() -> None:
    sentence = "The closure runs from 9pm Friday to 5am Monday."
    assert day_time_spans(sentence) == [(3 * 24 - 16) * 60]
    assert day_time_spans("from 9am to 5pm on Friday") == []
    both_ways(
        "The road closure runs from 9pm Friday until 5am Monday (56 hours).",
        "The road closure runs from 9pm Friday until 5am Monday (58 hours).",
        ["The road closure runs from 9pm Friday to 5am Monday for resurfacing."],
    )


@given(st.integers(min_value=0, max_value=6), st.integers(min_value=1, max_value=6))
def test_a_span_across_days_counts_whole_days(first: int, apart: int) -> None:
    days = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
    sentence = f"from 7am {days[first]} to 7am {days[(first + apart) % 7]}"
    assert day_time_spans(sentence) == [apart * 24 * 60]


def test_a_question_answered_yes_in_the_next_message() -> None:
    passages = [
        "[09:12] Priya: Tom, can you book the meeting room for the client visit on Tuesday?",
        "[09:15] Tom: Sure, I'll book it this afternoon.",
    ]
    judge = quoting_in(passages[0], 0)
    honest = "Tom will book the meeting room for Tuesday's client visit this afternoon."
    assert verify(honest, passages, judge=judge).passed
    # Answered no, it asserts nothing; and a bare "Yes." is held to the whole chat.
    refused = [passages[0], "[09:15] Tom: No, I'm out all day."]
    assert not verify(honest, refused, judge=judge).passed
    asked = "Will Tom book the room?"
    assert not verify("Yes.", refused, question=asked, judge=judge).passed
    # A yes that goes on to ask something of its own is still a yes to what was asked; a yes
    # that goes on to negate is not.
    booked = "Tom will book the meeting room for the client visit on Tuesday."
    asking = [passages[0], "[09:15] Tom: Sure. Should I order lunch too? No budget for it?"]
    assert verify(booked, asking, judge=judge).passed
    hedged = [passages[0], "[09:15] Tom: Sure. Not the big room though."]
    assert not verify(booked, hedged, judge=judge).passed
    for phrase in ("Will do.", "On it!", "Sounds good."):  # a yes in a phrase
        assert verify(booked, [passages[0], f"[09:15] Tom: {phrase}"], judge=judge).passed


@pytest.mark.parametrize(
    ("claim", "evidence", "clash"),
    [
        # "yet" after a negation says when; it joins no clause.
        ("The clinic says it isn't accredited yet.", "The clinic is not yet accredited.", False),
        ("The clinic says it is accredited.", "The clinic is not yet accredited.", True),
        # "no X or Y are ..." negates the whole coordinated subject's predicate.
        (
            "Pupils don't need a packed lunch or a towel.",
            "No packed lunch or towel is needed.",
            False,
        ),
        ("Pupils need a packed lunch or a towel.", "No packed lunch or towel is needed.", True),
        # Advice against an act is its negation.
        (
            "The manual advises against charging the battery overnight.",
            "Do not charge the battery overnight.",
            False,
        ),
        (
            "The manual advises against charging the battery overnight.",
            "Charge the battery overnight.",
            True,
        ),
        # "failure to pay" is "not paying", as "fail to pay" is.
        ("If you fail to pay, a fee of $20 applies.", "Failure to pay incurs a $20 fee.", False),
        ("If you pay, a fee of $20 applies.", "Failure to pay incurs a $20 fee.", True),
        # A dash ends a reply's negation.
        (
            "Probably not — the museum closes the gallery in May.",
            "The gallery closes in May.",
            False,
        ),
        # "instead of X" says what ", not X" says.
        (
            "They agreed to vote at the AGM instead of by email.",
            "Let's vote at the AGM, not by email.",
            False,
        ),
        (
            "They agreed to vote by email instead of at the AGM.",
            "Let's vote at the AGM, not by email.",
            True,
        ),
        # The evidence's negation has the claim's negated act for its subject.
        (
            "You can't book a court before 8 am on weekdays.",
            "Court bookings may not be made before 8 am on weekdays.",
            False,
        ),
        ("Members, not guests, book the courts.", "Guests, not members, book the courts.", True),
        # "prevent ... from -ing" negates the act; "does not prevent" does not.
        ("Stir it so the sauce doesn't burn.", "Stir it to prevent the sauce from burning.", False),
        (
            "Yes, they can work for a competitor.",
            "This clause does not prevent staff from working for a competitor.",
            False,
        ),
        # "unless X has been" supposes X, as "as long as X hasn't been" does.
        (
            "It locks after 5 minutes as long as Guest mode hasn't been enabled.",
            "It locks after 5 minutes, unless Guest mode has been enabled.",
            False,
        ),
    ],
)
def test_negations_read_as_they_are_said(claim: str, evidence: str, clash: bool) -> None:
    assert negation_clash(claim, evidence) is clash


def test_statements_then_a_question_its_reply_answers() -> None:
    transcript = (
        "Transcript, Westside Pharmacy. Customer: How often do I take the ibuprofen? "
        "Pharmacist: One tablet every six hours, for five days. Customer: Can I take it with "
        "milk? Pharmacist: Yes, with or without milk is fine."
    )
    quote = (
        "Pharmacist: One tablet every six hours, for five days. Customer: Can I take it with milk?"
    )
    judge = quoting_in(quote, 0)
    honest = "The pharmacist said one tablet every six hours for five days, with or without milk."
    assert verify(honest, [transcript], judge=judge).passed
    refused = transcript.replace("Yes, with or without milk is fine.", "No, take it with water.")
    assert not verify(honest, [refused], judge=judge).passed
    assert yes_or_no("Yes, with or without milk is fine.") is True
    assert yes_or_no("Yes, but not with milk.") is None


def test_a_case_of_an_act_the_evidence_negates_too() -> None:
    evidence = (
        "Refills will ship together with your starter kit; they cannot be shipped separately."
    )
    assert not negation_clash("Refills can't be shipped on their own.", evidence)
    assert negation_clash("Refills can't be shipped with your starter kit.", evidence)


def test_a_date_without_its_year_takes_the_other_dates() -> None:
    both_ways(
        "A follow-up visit is booked for 19 May 2025, two weeks after the 5 May visit.",
        "A follow-up visit is booked for 19 May 2025, three weeks after the 5 May visit.",
        ["Follow-up visit booked for 19 May 2025. The first visit took place on 5 May."],
    )


def test_replies_and_premises_held_as_they_are_meant() -> None:
    # "Not widely." answers for a degree, held to its question.
    passage = "Semmelweis died in 1865, before his ideas were widely accepted."
    question = "Were Semmelweis's ideas accepted in his lifetime?"
    judge = quoting_in(passage, 0)
    assert verify("Not widely.", [passage], question=question, judge=judge).passed
    # The asker's number inside a range the passage gives.
    rule = "Riders aged 8 to 12 may use the blue track only with a parent."
    both_ways(
        "Yes, a 10-year-old can ride the blue track, but only with a parent.",
        "Yes, a 10-year-old can ride the blue track, and a 14-year-old too.",
        [rule],
        "Can my 10-year-old ride the blue track?",
    )


@pytest.mark.parametrize(
    ("passage", "honest", "lie"),
    [
        (
            "Volunteers break for lunch from 12:30 to 1:20 each day.",
            "Lunch runs from 12:30 to 1:20, so it's 50 minutes.",
            "Lunch runs from 12:30 to 1:20, so it's 40 minutes.",
        ),
        (
            "The strings rehearse at 7 pm, half an hour before the full orchestra.",
            "Strings start at 7 pm, 30 minutes before the full orchestra, which starts at 7:30.",
            "Strings start at 7 pm, 30 minutes before the full orchestra, which starts at 8:30.",
        ),
        (
            "Hawks 3, Eagles 2. The Eagles outshot the Hawks 41-29 but could not score a third.",
            "The Eagles outshot the Hawks 41-29, 12 more shots, yet lost 3-2.",
            "The Eagles outshot the Hawks 41-29, 14 more shots, yet lost 3-2.",
        ),
    ],
)
def test_times_and_margins_worked_out(passage: str, honest: str, lie: str) -> None:
    both_ways(honest, lie, [passage])


def test_a_chat_turns_first_word_is_no_name() -> None:
    chat = "Ava: Reminder that Leo is allergic to sesame, so no sesame snacks please."
    judge = quoting_in(chat, 0)
    honest = "Ava reminded Sam that Leo is allergic to sesame, so no sesame snacks."
    assert verify(honest, [chat], judge=judge).passed


def test_a_time_minutes_before_another() -> None:
    both_ways(
        "The gallery closes at 5:30 p.m. and last entry is 40 minutes before, so arrive by 4:50.",
        "The gallery closes at 5:30 p.m. and last entry is 40 minutes before, so arrive by 5:00.",
        ["The gallery closes at 5:30 p.m. Last entry is 40 minutes before closing."],
    )


def test_a_sentence_that_goes_on_from_the_one_before() -> None:
    # "That's 15 hours" is the working of the sentence before it: it bears on the quote read
    # with that sentence, and its figure is worked out from the passage's times.
    passage = "The leisure centre pool is open from 7 a.m. to 10 p.m. on weekdays."
    judge = quoting(passage)
    honest = "On weekdays the pool is open until 10 p.m. That's 15 hours of swimming."
    assert verify(honest, [passage], judge=judge).passed
    lie = "On weekdays the pool is open until 10 p.m. That's 14 hours of swimming."
    assert not verify(lie, [passage], judge=judge).passed
    # Without the sentence before it, the figure is held to the quote on its own.
    assert not verify("That's 15 hours of swimming.", [passage], judge=judge).passed
