"""Comparisons, both ways: a comparison told from the other side ("Lyon is smaller than Paris"
for "Paris is larger than Lyon") passes, and one told the wrong way round, by the same degree or
the opposite one in the same order, is caught."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from evidence_judges import quoting
from pytest_faithful import verify
from pytest_faithful.text.comparisons import comparisons, exchanged_comparison
from pytest_faithful.text.number_clash import flipped_bound

# (the passage, the converse a careful judge passes, the same order by the opposite degree,
# the things exchanged by the same degree)
COMPARED = [
    (
        "Paris is larger than Lyon.",
        "Lyon is smaller than Paris.",
        "Paris is smaller than Lyon.",
        "Lyon is larger than Paris.",
    ),
    (
        "Plan B costs more than Plan A.",
        "Plan A costs less than Plan B.",
        "Plan B costs less than Plan A.",
        "Plan A costs more than Plan B.",
    ),
    (
        "The train is faster than the bus.",
        "The bus is slower than the train.",
        "The train is slower than the bus.",
        "The bus is faster than the train.",
    ),
    (
        "The new model is lighter than the older one.",
        "The older model is heavier than the new one.",
        "The new model is heavier than the older one.",
        "The older model is lighter than the new one.",
    ),
    (
        "Tickets were more expensive in 2023 than in 2019.",
        "Tickets were cheaper in 2019 than in 2023.",
        "Tickets were cheaper in 2023 than in 2019.",
        "Tickets were more expensive in 2019 than in 2023.",
    ),
    (
        "In the survey, men earned more than women.",
        "Women earned less than men in the survey.",
        "In the survey, men earned less than women.",
        "In the survey, women earned more than men.",
    ),
    (
        "Route 12 is longer than Route 9.",
        "Route 9 is shorter than Route 12.",
        "Route 12 is shorter than Route 9.",
        "Route 9 is longer than Route 12.",
    ),
]


@pytest.mark.parametrize(("passage", "converse", "opposite", "exchanged"), COMPARED)
def test_the_converse_passes(passage: str, converse: str, opposite: str, exchanged: str) -> None:
    result = verify(converse, [passage], judge=quoting(passage))
    assert result.passed, result.claim_verdicts


@pytest.mark.parametrize(("passage", "converse", "opposite", "exchanged"), COMPARED)
def test_the_opposite_degree_in_the_same_order_is_caught(
    passage: str, converse: str, opposite: str, exchanged: str
) -> None:
    result = verify(opposite, [passage], judge=quoting(passage))
    assert [v.rule for v in result.claim_verdicts] == ["opposites"]


@pytest.mark.parametrize(("passage", "converse", "opposite", "exchanged"), COMPARED)
def test_the_same_degree_with_the_things_exchanged_is_caught(
    passage: str, converse: str, opposite: str, exchanged: str
) -> None:
    result = verify(exchanged, [passage], judge=quoting(passage))
    assert [v.rule for v in result.claim_verdicts] == ["swapped-roles"]
    assert "the other way round" in result.claim_verdicts[0].reason


DROWSY = (
    "The antihistamine cetirizine is less likely to cause drowsiness than chlorphenamine, "
    "which is classed as a sedating antihistamine."
)


@pytest.mark.parametrize(
    ("claim", "passes"),
    [
        # Answered in the question's words ("Which is more sedating?"), with no "than".
        ("Chlorphenamine is more sedating.", True),
        ("Chlorphenamine is more likely to cause drowsiness.", True),
        ("Cetirizine is more sedating.", False),
        ("Chlorphenamine is more sedating than cetirizine.", True),
        ("Cetirizine is more sedating than chlorphenamine.", False),
    ],
)
def test_a_comparison_in_other_words(claim: str, passes: bool) -> None:
    assert verify(claim, [DROWSY], judge=quoting(DROWSY)).passed is passes


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("Paris is larger than Lyon.", "Paris is larger than Lyon."),
        # The evidence makes both comparisons; one of them the claim's way.
        (
            "Apples are cheaper than oranges in winter.",
            "Oranges are cheaper than apples in summer, but in winter apples are cheaper than "
            "oranges.",
        ),
        # A comparison the claim negates says something else again: not this rule's to read.
        ("Lyon is not larger than Paris.", "Paris is larger than Lyon."),
        # Another scale: "more popular" is no "more expensive".
        ("Y is more expensive than X.", "X is more popular than Y."),
    ],
)
def test_no_swap_where_the_claim_compares_its_own_way(claim: str, passage: str) -> None:
    assert exchanged_comparison(claim, passage, [passage]) is None


@pytest.mark.parametrize(
    "text",
    [
        "More than 500 people attended.",  # a bound on a number
        "It took less than twice as long.",
        "She chose tea rather than coffee.",
        "Nobody other than the manager may sign.",
        "No city is larger than Paris.",  # negated: something else again
    ],
)
def test_what_is_no_comparison_of_two_things(text: str) -> None:
    assert comparisons(text) == ()


NAMES = st.sampled_from(["Lyon", "Paris", "Nice", "Plan A", "Plan B", "the bus", "the train"])
DEGREES = st.sampled_from(
    [("larger", "smaller"), ("faster", "slower"), ("more expensive", "cheaper")]
)


@given(NAMES, NAMES, DEGREES)
@settings(max_examples=80, deadline=None)
def test_generated_comparisons_both_ways(first: str, second: str, degrees: tuple[str, str]) -> None:
    assume(first != second)
    up, down = degrees
    passage = f"{first[0].upper()}{first[1:]} is {up} than {second}."
    converse = f"{second[0].upper()}{second[1:]} is {down} than {first}."
    exchanged = f"{second[0].upper()}{second[1:]} is {up} than {first}."
    judge = quoting(passage)
    assert verify(converse, [passage], judge=judge).passed
    assert not verify(exchanged, [passage], judge=judge).passed


# The forms a comparison takes in reports: a superlative the evidence's chain of comparisons
# bears out, a comparison across a long stretch of words, the things compared named in part,
# and a list after "than".
@pytest.mark.parametrize(
    ("evidence", "honest", "lie"),
    [
        (
            "At 71 decibels, the Tormenta fan is louder than the Brisa fan and the Calma fan.",
            "Of the three, the Brisa fan and the Calma fan are the quietest.",
            "Of the three, the Tormenta fan is the quietest.",
        ),
        (
            "The euro was weaker against the dollar at the end of 2022 than at the start of the "
            "year.",
            "The euro was stronger against the dollar at the start of 2022 than at the end.",
            "The euro was stronger against the dollar at the end of 2022 than at the start.",
        ),
        (
            "Australia's land area is roughly 7.7 million km², a little smaller than the "
            "contiguous United States' 8.1 million km².",
            "The contiguous United States is slightly larger than Australia.",
            "Australia is slightly larger than the contiguous United States.",
        ),
        # The evidence's bare comparative in a clause of its own, after one about the other thing.
        (
            "Temperatures will reach 35 °C in Madrid on Wednesday, while Lisbon will stay cooler "
            "at around 28 °C.",
            "Madrid, at about 35 °C, will be warmer than Lisbon, which should stay around 28 °C.",
            "Lisbon, at around 28 °C, will be warmer than Madrid on Wednesday.",
        ),
    ],
)
def test_reported_comparisons_both_ways(evidence: str, honest: str, lie: str) -> None:
    judge = quoting(evidence)
    assert verify(honest, [evidence], judge=judge).passed
    assert not verify(lie, [evidence], judge=judge).passed


@pytest.mark.parametrize(
    ("evidence", "honest", "lie"),
    [
        (  # a place in an order told from the other side is the same order
            "In the men's K1, Jonas Pike won in 3 hours 12 minutes, finishing four minutes ahead "
            "of Callum Reid.",
            "Callum Reid finished four minutes behind Jonas Pike.",
            "Jonas Pike finished four minutes behind Callum Reid.",
        ),
        (
            "Callum Reid finished four minutes behind Jonas Pike in the men's K1.",
            "In the men's K1, Jonas Pike finished four minutes ahead of Callum Reid.",
            "In the men's K1, Callum Reid finished four minutes ahead of Jonas Pike.",
        ),
    ],
)
def test_an_order_told_from_the_other_side(evidence: str, honest: str, lie: str) -> None:
    judge = quoting(evidence)
    assert verify(honest, [evidence], judge=judge).passed
    assert not verify(lie, [evidence], judge=judge).passed


def test_a_list_after_than_is_read_whole() -> None:
    (found,) = comparisons("Kimura's jump of 8.21 m was longer than Adeyemi's 8.05 m and Lind's.")
    assert {"adeyemi", "lind"} <= found.second


# "A is not as fast as B" is "B is faster than A", and "A is not as likely as B" is "A is less
# likely than B" ("did not generate as much electricity as": "generated less electricity
# than"): its "not" denies nothing the other states. Said of the other one, it still clashes.
@pytest.mark.parametrize(
    ("evidence", "honest", "lie"),
    [
        (
            "Marta Silva ran the 10,000 metres in 30:41, faster than her teammate Ana Reis.",
            "Ana Reis was not as fast as Marta Silva in the 10,000 metres.",
            "Marta Silva was not as fast as Ana Reis in the 10,000 metres.",
        ),
        (
            "Small-cap stocks were more volatile than large-cap stocks over the decade.",
            "Over the decade, large-cap stocks were not as volatile as small-cap stocks.",
            "Over the decade, small-cap stocks were not as volatile as large-cap stocks.",
        ),
        (
            "The nasal spray is not as effective as the injected vaccine in adults over 50.",
            "In adults over 50, the injected vaccine is more effective than the nasal spray.",
            "In adults over 50, the nasal spray is more effective than the injected vaccine.",
        ),
        # Told the same way round.
        (
            "Part-time workers were less likely than full-time workers to get a pension match.",
            "Part-time workers were not as likely as full-time workers to get a pension match.",
            "Full-time workers were not as likely as part-time workers to get a pension match.",
        ),
        (
            "Panels on north-facing roofs generated considerably less electricity than those on "
            "south-facing roofs.",
            "North-facing panels did not generate as much electricity as south-facing ones.",
            "South-facing panels did not generate as much electricity as north-facing ones.",
        ),
    ],
)
def test_not_as_good_as_either_way_round(evidence: str, honest: str, lie: str) -> None:
    judge = quoting(evidence)
    assert verify(honest, [evidence], judge=judge).passed
    result = verify(lie, [evidence], judge=judge)
    assert [v.rule for v in result.claim_verdicts] == ["negation"]


def test_a_comparisons_not_is_no_bounds_negation() -> None:
    # Its "not" denies the comparison, which ends before "over 50": no upper bound of 50.
    evidence = "The nasal spray is not as effective as the injected vaccine in adults over 50."
    claim = "The injected vaccine works better in adults over 50."
    assert flipped_bound(claim, [evidence]) is None
    # Any other negation before the bound still turns it over.
    assert flipped_bound("Not more than 50 adults attended.", ["Over 50 adults attended."])


PRICES = "Policies bought online are 15% cheaper than those arranged by phone."


@pytest.mark.parametrize(
    ("claim", "passes"),
    [
        # A price's degree, however it is said: "cheaper", "cost less", "less expensive".
        ("Policies bought online cost 15% less than those arranged by phone.", True),
        ("Policies arranged by phone cost 15% more than online ones.", True),
        ("Policies arranged by phone are more expensive than online ones.", True),
        ("Policies arranged by phone cost 15% less than online ones.", False),
        ("Policies arranged by phone are less expensive than online ones.", False),
    ],
)
def test_a_price_compared_in_other_words(claim: str, passes: bool) -> None:
    result = verify(claim, [PRICES], judge=quoting(PRICES))
    assert result.passed is passes, result.claim_verdicts


def test_an_opposite_told_before_the_claims_own_word_in_the_quote() -> None:
    # One sentence tells what came first, the next what the claim says.
    quote = (
        "Her father opens a small restaurant. The season ends with the restaurant closing after "
        "a fire."
    )
    judge = quoting(quote)
    assert verify("The father's restaurant closes after a fire.", [quote], judge=judge).passed
    # The claim's word said of another thing is no such sentence.
    other = "Her father opens a small restaurant. The bakery next door is closing in June."
    result = verify("The father's restaurant closes.", [other], judge=quoting(other))
    assert [v.rule for v in result.claim_verdicts] == ["opposites"]


def test_a_later_sentence_about_the_clause_that_says_the_word() -> None:
    # "added 96" is the claim's "put on 96"; its "removed" is the next sentence's, about Moss.
    report = (
        "Eastleigh slipped to 42 for 4 before captain Rob Devlin and wicketkeeper Tom Ashworth "
        "added 96 for the fifth wicket. Seamer Kieran Moss removed Ashworth with the score on 138."
    )
    claim = (
        "Rob Devlin and Tom Ashworth put on 96 for the fifth wicket, taking them to 138 before "
        "Kieran Moss removed Ashworth."
    )
    assert verify(claim, [report], judge=quoting(report)).passed
    # Swapped, the clause that says "added" is about the claim's Moss: still an opposite.
    lie = "Rob Devlin and Tom Ashworth removed 96 for the fifth wicket."
    assert not verify(lie, [report], judge=quoting(report)).passed
