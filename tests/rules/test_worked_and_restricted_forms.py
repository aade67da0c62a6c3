"""Forms a faithful answer takes that the rules failed, each both ways where a lie can take the
same form: the faithful answer passes with a judge that is right, and the answer with one fact
changed is still caught. Written from blind probes' classes (stop 57), in texts of their own."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evidence_judges import passes, quoting
from pytest_faithful import verify
from pytest_faithful.text.arithmetic import derived
from pytest_faithful.text.bounds import LOWER, UPPER, bound_senses
from pytest_faithful.text.clock_durations import moved_on_clock
from pytest_faithful.text.codes import labelled_only
from pytest_faithful.text.conditions import denies_a_condition
from pytest_faithful.text.contrasts import contrast
from pytest_faithful.text.counts import party_counts, self_counts
from pytest_faithful.text.evidence import bears_on, without_no_answer
from pytest_faithful.text.kinds import number_kinds
from pytest_faithful.text.modals import exempt_as_provided
from pytest_faithful.text.own_operands import worked_in_claim
from pytest_faithful.text.polarity import negation_clash
from pytest_faithful.text.replies import tag_stated, yes_or_no
from pytest_faithful.text.restrictions import restricts_stated
from pytest_faithful.text.roles import relations
from pytest_faithful.text.senses import plain_senses

GYM = (
    "A monthly membership at Riverside Gym costs £40. Students receive a 15% discount on "
    "membership. Towels are provided at reception; bring your own padlock for the lockers."
)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("A student pays £34 a month with the 15% discount.", True),
        ("A student pays £36 a month with the 15% discount.", False),
        ("A student pays £46 a month with the 15% discount.", False),  # a rise, not a cut
    ],
)
def test_an_amount_after_a_discount_the_next_sentence_gives(answer: str, faithful: bool) -> None:
    assert passes(answer, [GYM]) is faithful


def test_a_rise_by_a_percent_and_a_cut_read_each_their_own_way() -> None:
    passages = ("Standard parking is $12 a day. Weekend parking carries a 25% surcharge.",)
    assert derived("15", "Weekend parking costs $15 a day.", passages)
    assert not derived("9", "Weekend parking costs $9 a day.", passages)
    cut = ("A return ticket is €30. Rail card holders get a third off, a 30% reduction.",)
    assert derived("21", "With a rail card the return ticket is €21.", cut)
    # The cut itself is a percent of the amount said beside it only (text/products.py).
    assert not derived("9", "The return ticket costs €9 more than before.", cut)


RACE = (
    "The 10 km road race was won by Ayo Bello in 31:07, twenty seconds ahead of Kit Rowe. "
    "The bus leaves the finish at 12:40 and takes 25 minutes to reach the station."
)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("Rowe finished twenty seconds behind Bello's 31:07, in 31:27.", True),
        ("Rowe finished twenty seconds behind Bello's 31:07, in 31:37.", False),
        ("The bus leaves at 12:40 and takes 25 minutes, so it reaches the station at 13:05.", True),
        (
            "The bus leaves at 12:40 and takes 25 minutes, so it reaches the station at 13:15.",
            False,
        ),
    ],
)
def test_a_clock_reading_moved_by_a_stated_measure(answer: str, faithful: bool) -> None:
    assert passes(answer, [RACE]) is faithful


def test_a_clock_reading_needs_its_operands_stated() -> None:
    claim = "Rowe finished forty seconds behind Bello's 31:07, in 31:47."
    assert not moved_on_clock("31:47", claim, (RACE,))  # no passage says forty seconds
    other = "Rowe finished twenty seconds behind 31:10, in 31:30."
    assert not moved_on_clock("31:30", other, (RACE,))  # no passage says 31:10
    assert moved_on_clock("31:27", "twenty seconds behind 31:07, in 31:27", (RACE,))


@pytest.mark.parametrize(
    ("claim", "sentence", "stated"),
    [
        ("Hot desks are for weekdays only.", "Members may use any free desk on weekdays.", True),
        ("Only on weekdays.", "Members may use any free desk on weekdays.", True),
        ("Refunds are given only for unused tickets.", "Refunds are given for any ticket.", False),
        ("Only members may enter.", "Any visitor may enter the gallery.", False),
        ("Desks by the window only.", "Members may use any free desk.", False),
        ("Only if you booked.", "Any guest may stay if they booked.", True),
        ("Only if you booked.", "Any guest may stay after booking.", False),  # no condition
        ("Only if you hired a guide.", "Any guest may stay if they pay.", False),
        ("Refunds are given for any ticket.", "Refunds are given for any ticket.", False),
    ],
)
def test_only_restricts_what_the_sentence_states(claim: str, sentence: str, stated: bool) -> None:
    assert restricts_stated(claim, sentence) is stated


def test_only_against_any_of_something_else() -> None:
    sentence = "Members may use any free desk between 9 am and 5 pm on weekdays."
    assert contrast("Desk access is for weekdays only, 9 am to 5 pm.", sentence) is None
    assert contrast("Members may use only the desks by the window.", sentence) is not None
    assert contrast("Members may only use reserved desks.", sentence) is not None
    excluded = (
        "Not covered: any claim from an illness unless it was declared to and accepted by us."
    )
    assert contrast("Only if you declared the illness and it was accepted.", excluded) is None


SHED = "Workshop users must wear safety glasses; aprons and ear defenders are provided by the shed."


@pytest.mark.parametrize(
    ("claim", "exempt"),
    [
        ("You don't need to bring aprons or ear defenders.", True),
        ("There's no need to buy an apron, since the shed provides them.", False),  # no modal
        ("You needn't bring ear defenders, because the shed provides them.", True),
        ("You don't need to bring safety glasses.", False),  # required, and not provided
        ("You don't need to bring aprons or safety glasses.", False),  # one of them is not
        ("You don't need to wear ear defenders.", False),  # a provision exempts from no wearing
    ],
)
def test_an_exemption_from_bringing_what_is_provided(claim: str, exempt: bool) -> None:
    assert exempt_as_provided(claim, SHED) is exempt


def test_a_lie_exempting_from_what_must_be_brought_is_caught() -> None:
    passages = ["Members must bring their own padlock.", "Towels are provided at reception."]
    assert passes("You don't need to bring a towel, since towels are provided.", passages)
    assert not passes("You don't need to bring a padlock.", passages)


@pytest.mark.parametrize(
    ("text", "denied"),
    [
        ("The parcel needs a signature unless you chose a safe place, which you didn't.", True),
        ("Entry is free if you booked online, but they did not.", True),
        ("The parcel needs a signature unless you chose a safe place.", False),
        ("If it rains, the match is off, which they didn't expect.", False),  # the comma ends it
        ("Refunds are given if you cancel, you don't need a reason.", False),
    ],
)
def test_a_condition_the_text_itself_denies(text: str, denied: bool) -> None:
    assert denies_a_condition(text) is denied


def test_a_claim_negating_the_condition_the_evidence_denies() -> None:
    evidence = "The parcel needs a signature unless you chose a safe place, which you didn't."
    assert not negation_clash(
        "Since no safe place was chosen, the parcel needs a signature.", evidence
    )
    assert negation_clash("The parcel does not need a signature.", evidence)


def test_a_phrase_negated_with_its_verb_left_out_and_a_verb_negated_of_it() -> None:
    evidence = "Helpers need a permit for the main hall, but not for garden sessions."
    assert not negation_clash("Garden sessions don't need one.", evidence)
    assert negation_clash("Helpers don't need a permit for the main hall.", evidence)
    # A verb negated of what the other text's verb is negated of: no phrase left without a verb.
    assert negation_clash(
        "Staff park in the yard; the yard isn't locked.", "Staff do not park in the yard."
    )
    # Two phrases negated each other's way round still clash ("X, not Y" against "Y, not X").
    assert negation_clash(
        "The tenant, not the landlord, pays for repairs.",
        "The landlord, not the tenant, pays for repairs.",
    )


def test_a_verb_of_saying_has_no_party_for_its_object() -> None:
    assert not any(r.key == ("say",) for r in relations("The tenant said their landlord refused."))
    assert any(r.key[0] == "tell" for r in relations("The tenant told their landlord."))
    passage = "Tenant: My landlord says I can't keep a cat. Can you ask her?\nAgent (Jo): I will."
    assert passes("The tenant said their landlord doesn't allow them to keep a cat.", [passage])


@given(
    st.integers(min_value=0, max_value=59),
    st.integers(min_value=0, max_value=59),
    st.integers(min_value=1, max_value=40),
)
def test_a_moved_clock_reading_is_read_both_ways_round(
    minutes: int, seconds: int, gap: int
) -> None:
    start = minutes * 60 + seconds
    end = start + gap
    if end >= 60 * 60:
        return
    first, second = f"{minutes}:{seconds:02d}", f"{end // 60}:{end % 60:02d}"
    passage = f"She ran {first}, {gap} seconds ahead of him."
    claim = f"He ran {second}, {gap} seconds behind her {first}."
    assert moved_on_clock(second, claim, (passage,))
    wrong = f"{(end + 1) // 60}:{(end + 1) % 60:02d}"
    assert not moved_on_clock(wrong, claim.replace(second, wrong), (passage,))


@given(st.text(max_size=200))
def test_reading_restrictions_and_denied_conditions_never_fails(text: str) -> None:
    restricts_stated(text, text)
    denies_a_condition(text)
    exempt_as_provided(text, text)


def test_shared_times_stand_for_words_of_a_quote() -> None:
    claim = "Both are two hours long: 9am to 11am and 2pm to 4pm."
    assert bears_on("Classes run from 9am to 11am or 2pm to 4pm.", claim)
    assert not bears_on("9am to 11am, 2pm to 4pm", claim)  # figures and no words
    assert not bears_on("Doors open at 9am and 2pm.", claim)  # two short shared figures


def test_the_hours_of_every_span_a_sentence_says_together() -> None:
    passage = (
        "The repair café opens on Sundays from 11 am to 2 pm and Tuesday evenings from 7 to 9 pm."
    )
    assert passes("It's open five hours a week in all.", [passage])
    assert not passes("It's open six hours a week in all.", [passage])
    assert not passes("It's open four hours a week in all.", [passage])


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("You can't renew the permit until the fine is paid.", True),
        ("You can renew the permit while the fine is unpaid.", False),
    ],
)
def test_a_state_awaited_until_is_no_statement_of_it(answer: str, faithful: bool) -> None:
    passage = "Drivers with an unpaid fine cannot renew their permit until it is cleared."
    assert passes(answer, [passage]) is faithful


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("She coached in Oslo for six years before moving to Bergen.", True),
        ("She moved to Bergen before coaching in Oslo for six years.", False),
    ],
)
def test_before_against_an_opening_after_told_the_other_way(answer: str, faithful: bool) -> None:
    passage = "After six years coaching in Oslo, she moved to Bergen in 2011."
    assert passes(answer, [passage]) is faithful


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("He joined the orchestra in 1998, aged about 24.", True),
        ("He joined the orchestra in 1998, at the age of around 24.", True),
        ("He joined the orchestra in 1998, aged about 30.", False),
    ],
)
def test_an_age_said_about_from_a_year_of_birth(answer: str, faithful: bool) -> None:
    passages = ["Ivo Brandt was born in Graz in 1974. He joined the orchestra in 1998."]
    assert passes(answer, passages) is faithful


@pytest.mark.parametrize(
    ("reply", "answer"),
    [
        ("Right, so the new one is cheaper.", True),
        ("That's correct.", True),
        ("Exactly.", True),
        ("Right now I can't say.", None),
        ("Right, but not on Sundays.", None),
        ("Alright, let me check.", None),
    ],
)
def test_a_confirmation_set_off_by_itself_answers_yes(reply: str, answer: bool | None) -> None:
    assert yes_or_no(reply) is answer


def test_a_statement_before_a_tag_question_confirmed() -> None:
    chat = "Mia: The new gym plan is £30 a month.\nOli: The old one was £36, right?\nMia: Right."
    quote = "Mia: The new gym plan is £30 a month.\nOli: The old one was £36, right?"
    honest = "The new gym plan is £30 a month against the old £36."
    assert verify(honest, [chat], judge=quoting(quote)).passed
    denied = chat.replace("Mia: Right.", "Mia: No, it was £33.")
    assert not verify(honest, [denied], judge=quoting(quote)).passed


def test_a_negated_phrase_against_a_negated_verb_of_what_the_evidence_states() -> None:
    evidence = "Cats are welcome on rowing boats but not on motor boats."
    claim = "Cats are welcome on motor boats, but they aren't allowed on rowing boats."
    assert negation_clash(claim, evidence)


@pytest.mark.parametrize(
    ("quote", "stated"),
    [
        (
            "Ana: Going up is harder than coming down, surely?",
            "Ana: Going up is harder than coming down.",
        ),
        ("The old rate was £36, right?", "The old rate was £36."),
        ("It opens at 9, doesn't it?", "It opens at 9."),
        ("Can we bring dogs?", None),
        ("Is it open right now?", None),
    ],
)
def test_a_statement_asked_back_with_a_tag(quote: str, stated: str | None) -> None:
    assert tag_stated(quote) == stated


def test_a_tag_question_is_evidence_for_what_its_speaker_thinks() -> None:
    chat = (
        "Ana: Plan for Sunday: up the north gully, along the ridge, down the west path.\n"
        "Bo: How long?\nAna: Six hours or so.\nCy: Fine, but the gully is loose gravel.\n"
        "Ana: Then we go up the west path and come down the gully.\n"
        "Bo: Coming down gravel is worse than going up it, surely?\nCy: Not with poles."
    )
    judge = quoting("Bo: Coming down gravel is worse than going up it, surely?")
    claim = "Bo thought coming down gravel would be worse than going up it."
    assert verify(claim, [chat], judge=judge).passed
    assert not verify("Cy will bring the stove.", [chat], judge=judge).passed
    denied = chat.replace("Not with poles.", "No, going up is worse.")
    assert not verify(claim, [denied], judge=judge).passed


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        (
            "Bikes five years old or more are valued at cost",
            "Bikes five years old are valued at cost",
        ),
        ("Riders 18 or over may hire", "Riders 18 may hire"),
        ("more or less the same", "more or less the same"),
        ("red or more blue", "red or more blue"),
    ],
)
def test_a_bound_after_its_number_is_no_comparison(text: str, plain: str) -> None:
    assert plain_senses(text) == plain


def test_an_or_more_bound_is_no_opposite_of_less() -> None:
    sentence = "Bikes five years old or more are valued at market price less wear and tear."
    assert (
        contrast("It pays less than a new bike: market price less wear and tear.", sentence) is None
    )
    assert (
        contrast("Bikes pay more than a new bike.", "Bikes pay less than a new bike.") is not None
    )


def test_a_bracketed_number_after_a_name_is_no_part_number() -> None:
    results = "Ana Ruiz (29) won the final. Section (3) sets the rules."
    assert passes("Ana Ruiz, 29, won the final.", [results])
    assert not passes("Ana Ruiz, 31, won the final.", [results])
    assert labelled_only("Three rules apply.", [results]) == ["3"]


@pytest.mark.parametrize(
    ("text", "sense"),
    [
        ("We will not cover: (a) lost keys; (b) drones over 250 grams in weight.", UPPER),
        ("We cover: (a) lost keys; (b) drones over 250 grams in weight.", LOWER),
        ("Not normally: a drone over 250 grams needs a licence.", LOWER),  # an answer, no list
        ("Not covered at 5:30pm: drones over 250 grams.", LOWER),  # no list after the colon
        ("No drones after 5:30pm; drones over 250 grams fly by day.", LOWER),  # a time's colon
    ],
)
def test_a_list_lead_in_negates_each_item(text: str, sense: str) -> None:
    assert bound_senses(text)["250"] == frozenset({sense})


def test_half_of_an_amount_said_twice_the_other() -> None:
    passage = "At 12 metres long, the new pontoon will be twice the length of the old one."
    assert passes(
        "The new pontoon is 12 metres, twice the length of the old, so the old was 6 metres.",
        [passage],
    )
    assert not passes(
        "The new pontoon is 12 metres, twice the length of the old, so the old was 8 metres.",
        [passage],
    )


def test_a_negation_in_quotes_ends_before_and_that() -> None:
    evidence = (
        "The chief said the blaze was 'contained but not yet out' and that crews would stay "
        "overnight."
    )
    assert not negation_clash("It's contained, and crews will stay overnight.", evidence)
    assert negation_clash("Crews will not stay overnight.", evidence)


@pytest.mark.parametrize(
    ("sentence", "counts"),
    [
        ("Ana introduced Bo to Cy, and the two now meet on Sundays.", {"2"}),
        ("Ana and Bo met in 2010; the two still play together.", {"2"}),
        ("The two sisters run the shop.", set()),
    ],
)
def test_the_two_standing_for_parties_named(sentence: str, counts: set[str]) -> None:
    assert party_counts(sentence) == counts


def test_a_modal_in_a_relative_clause_describes_whom() -> None:
    evidence = "Hirers must be 21 or over and must show a driving licence."
    assert passes("Anyone 21 or over who can show a driving licence.", [evidence])
    assert not passes("Hirers can show a driving licence if they like.", [evidence])


def test_an_area_in_another_unit() -> None:
    passage = "The fire burned an estimated 450 hectares of forest."
    assert passes("About 450 hectares burned, which is 4.5 square kilometres.", [passage])
    assert not passes("About 450 hectares burned, which is 45 square kilometres.", [passage])


def test_a_counter_case_said_with_a_trailing_otherwise() -> None:
    evidence = "We will not pay for loss from an unlocked shed unless it was forced open."
    assert not negation_clash(
        "The policy won't pay for loss from an unlocked shed otherwise.", evidence
    )
    # Not a negation that ends its clause without the counter-case's word.
    assert negation_clash("It won't pay for loss from a shed.", "It pays for loss from a shed.")


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("The final is on 21 July, about three and a half weeks after the heats on 27 June.", True),
        ("The final is on 21 July, about five and a half weeks after the heats on 27 June.", False),
    ],
)
def test_half_weeks_between_two_dates(answer: str, faithful: bool) -> None:
    passages = ["The heats are on 27 June.", "The final is on 21 July."]
    assert passes(answer, passages) is faithful


def test_a_volume_in_cubic_metres() -> None:
    passage = "The tank holds 45,000 litres."
    assert passes("The tank holds 45,000 litres, or 45 cubic metres.", [passage])
    assert not passes("The tank holds 45,000 litres, or 450 cubic metres.", [passage])


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("A lesson is normally £30, so with the 20% weekend surcharge it costs £36.", True),
        ("A lesson is normally £30, so with the 20% weekend surcharge it costs £40.", False),
        ("A lesson is normally £30, so with the 20% student discount it costs £24.", True),
        ("A lesson is normally £30, so with the 20% student discount it costs £36.", False),
    ],
)
def test_a_claims_own_amount_after_a_percent_it_says(answer: str, faithful: bool) -> None:
    passages = [
        "A standard lesson costs £30.",
        "Weekend lessons carry a 20% surcharge, and students get a 20% discount on weekdays.",
    ]
    assert passes(answer, passages) is faithful


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("The hall opens at 09:00 on Tuesday and closes at 17:00 on Saturday: four days on.", True),
        ("The hall opens at 09:00 on Tuesday and closes at 17:00 on Saturday: six days on.", False),
    ],
)
def test_days_between_two_weekdays_read_forward(answer: str, faithful: bool) -> None:
    passage = "The exhibition hall opens at 09:00 on Tuesday and closes at 17:00 on Saturday."
    assert passes(answer, [passage]) is faithful


def test_a_time_written_with_a_point() -> None:
    passage = "Talks begin at 6.45pm in the chapel. Doors open 30 minutes before the talk starts."
    assert passes("Doors open at 6.15pm, half an hour before the 6.45pm talk.", [passage])
    assert not passes("Doors open at 6pm, half an hour before the 6.45pm talk.", [passage])


def test_half_months_between_two_dates() -> None:
    passages = ["The pool closes on 3 March and reopens on 18 May."]
    assert passes("Roughly two and a half months, from 3 March to 18 May.", passages)
    assert not passes("Roughly four and a half months, from 3 March to 18 May.", passages)


@pytest.mark.parametrize(
    ("sentence", "counts"),
    [
        ("Jo pays £200 and the other three split the rest.", {"3"}),
        ("The committee has six members: a chair, a clerk and four trustees.", {"6"}),
        ("The committee has seven members: a chair, a clerk and four trustees.", set()),
    ],
)
def test_counts_a_sentence_makes_of_what_it_names(sentence: str, counts: set[str]) -> None:
    assert party_counts(sentence) | self_counts(sentence) == counts


@pytest.mark.parametrize(
    ("claim", "kept"),
    [
        ("Any member who has belonged for at least a year can vote at the meeting.", True),
        ("Any member can vote at the meeting.", False),
        ("Any member can vote at the meeting, whatever their standing.", False),
    ],
)
def test_any_against_only_keeps_its_restriction(claim: str, kept: bool) -> None:
    sentence = "Only members of at least a year's standing may vote at the meeting."
    assert (contrast(claim, sentence) is None) is kept


def test_a_measure_per_period_over_a_span() -> None:
    passage = "The course runs for twelve weeks, with one 30-minute session a week."
    assert passes("Twelve weeks of one 30-minute session a week is six hours in total.", [passage])
    assert not passes(
        "Twelve weeks of one 30-minute session a week is eight hours in total.", [passage]
    )


def test_a_span_of_no_whole_number_of_periods_is_no_count_of_them() -> None:
    claim = "Over 36 hours at 2 litres a day, that is 3 litres."
    assert not moved_on_clock("3", claim, ())  # no clock reading either
    assert not passes(claim, ["The trial lasted 36 hours, with 2 litres drunk a day."])


def test_a_short_restriction_keeps_every_word() -> None:
    sentence = "A team may field substitutes from its registered squad only."
    assert contrast("A team may field substitutes from any squad.", sentence) is not None


@pytest.mark.parametrize(
    ("sentence", "statement"),
    [
        ("Usually not: they form slowly.", "they form slowly."),
        ("Probably not — the trail is closed.", "the trail is closed."),
        ("It is really not: fine", "It is really not: fine"),
    ],
)
def test_an_adverb_and_not_opening_an_answer(sentence: str, statement: str) -> None:
    assert without_no_answer(sentence) == statement


def test_a_hedged_no_before_a_statement_that_agrees() -> None:
    evidence = "Garden moles are not usually harmful because they eat only insects."
    assert passes(
        "Usually not: they eat only insects, so they aren't typically harmful.", [evidence]
    )


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("12 points behind: Lowfield had 19 points and Eastgate had 31.", True),
        ("15 points behind: Lowfield had 19 points and Eastgate had 31.", False),
    ],
)
def test_a_bare_operand_of_the_other_ones_kind(answer: str, faithful: bool) -> None:
    passage = "Final table: 1. Eastgate 10-1-3, 31 pts; 2. Lowfield 6-1-7, 19 pts."
    assert passes(answer, [passage]) is faithful


def test_a_bare_number_leaves_out_no_money_or_percent() -> None:
    passages = ("The day pass is £19; the weekly pass covers 31 rides.",)
    assert not worked_in_claim("12", "It costs £12 less: £19 against 31.", passages)
    assert not worked_in_claim("12", "So 12% lower: 19% against 31.", ("19% here; 31 there.",))


def test_a_conversion_of_a_count_the_passage_writes_in_words() -> None:
    passage = "The nearest branch is in Ludlow, twelve miles away."
    assert passes(
        "The nearest branch is in Ludlow, about 12 miles (roughly 19 km) away.", [passage]
    )
    assert not passes(
        "The nearest branch is in Ludlow, about 12 miles (roughly 29 km) away.", [passage]
    )


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("She was born in 1930 and the museum opened in 1981, so she was about 51.", True),
        ("She was born in 1930 and the museum opened in 1981, so she was about 57.", False),
    ],
)
def test_an_age_said_at_the_end_of_a_clause(answer: str, faithful: bool) -> None:
    passages = ["Ada Lund (1930-2001) designed the harbour museum, which opened in 1981."]
    assert passes(answer, passages) is faithful


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("The blast chiller is colder than the fridge: -4°C versus 3°C.", True),
        ("The blast chiller is warmer than the fridge: -4°C versus 3°C.", False),
    ],
)
def test_a_figure_below_zero_keeps_its_sign(answer: str, faithful: bool) -> None:
    passage = "The blast chiller is kept at -4°C, while the fridge is kept at 3°C."
    assert passes(answer, [passage]) is faithful


def test_a_range_dash_is_no_minus_sign() -> None:
    passage = "The small tank holds 10-12 litres, while the large tank holds 40 litres."
    assert passes("The large tank holds more than the small tank.", [passage])


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("A 30 percent deposit, with the remaining 70 percent due on delivery.", True),
        ("A 30 percent deposit, with the remaining 60 percent due on delivery.", False),
    ],
)
def test_the_rest_of_a_whole_after_a_percent(answer: str, faithful: bool) -> None:
    passage = "Tom: The deposit is 30 percent, and the rest is due on delivery."
    assert passes(answer, [passage]) is faithful


def test_an_irregular_plural_counts_what_its_singular_does() -> None:
    kinds = number_kinds("a 12-foot boat, four feet longer than the 8-foot one")
    assert kinds["4"] == kinds["12"] == frozenset({"unit:foot"})


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("Of the 90 members, 61 voted yes, which is about two-thirds.", True),
        ("Of the 90 members, 61 voted yes, which is about two-fifths.", False),
    ],
)
def test_a_share_in_words_of_two_amounts_the_claim_writes(answer: str, faithful: bool) -> None:
    passage = "The club has 90 members, of whom 61 voted yes."
    assert passes(answer, [passage]) is faithful


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("Ana's 16:05 was 1 minute 35 seconds faster than Bo's 17:40.", True),
        ("Ana's 16:05 was 1 minute 35 seconds slower than Bo's 17:40.", False),
        ("Ana's 16:05 was 1 minute 45 seconds faster than Bo's 17:40.", False),
        ("Ana's 16:05 was faster, but 1 minute 35 seconds slower than Bo's 17:40.", False),
        ("Bo's 17:40 was slower, but 1 minute 35 seconds faster than Ana's 16:05.", False),
    ],
)
def test_the_gap_between_two_readings_the_way_the_claim_says(answer: str, faithful: bool) -> None:
    passage = "The 5 km was won by Ana Reyes in 16:05; Bo Lind was fourth in 17:40."
    assert passes(answer, [passage]) is faithful


def test_under_a_count_written_as_a_group() -> None:
    passage = "Riders must be 12 or over. Under-16s must ride with a parent."
    assert passes("Anyone under 16 has to ride with a parent.", [passage])
    assert not passes("Anyone under 14 has to ride with a parent.", [passage])


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("Every Tuesday evening, 6 to 8pm, in Room 4.", True),
        ("Every Tuesday evening, 6 to 8pm, in Room 5.", False),
        ("The match starts at 3pm on court 2.", False),  # a number no range of hours opens
        ("The match starts at 3pm on court 3.", False),  # the hour's number, but no range
    ],
)
def test_a_range_of_hours_whose_first_end_borrows_pm(answer: str, faithful: bool) -> None:
    passages = [
        "Classes run every Tuesday from 6pm to 8pm in Room 4.",
        "The match starts at 3pm on court 1.",
        "Juniors use court 2 and court 3; Room 5 is closed.",
        "Each room has 6 easels.",  # a bare 6 a passage states
    ]
    assert passes(answer, passages) is faithful


def test_an_act_prevented_with_no_one_named() -> None:
    evidence = "The ice shelf was called the Barrier because it prevented sailing further south."
    assert not negation_clash("It stopped ships from sailing further south.", evidence)
    assert negation_clash("Ships kept sailing further south.", evidence)
