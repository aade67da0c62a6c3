"""Names, numbers and quotations a claim states that no passage states
(pytest_faithful.text.specifics)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evidence_judges import WITH_NAMES, assert_both_ways
from pytest_faithful.rules.unstated_specifics import unstated_record
from pytest_faithful.text.specifics import left_out, unstated
from pytest_faithful.text.terms import content_terms

PASSAGES = [
    "Activists in London poured yellow and blue paint in front of the Russian embassy.",
    "Support answers emails within one business day, from 9am to 5pm, and finished second in "
    "a survey of 30 shops. Bob Ross's paintings are on show.",
    "A review called the shop the friendliest place in town, and praised its fair prices.",
]


def missing(claim: str, sentence: str | None = None) -> list[str]:
    return unstated(claim, claim if sentence is None else sentence, PASSAGES)


@pytest.mark.parametrize(
    ("claim", "expected"),
    [
        pytest.param("The activists poured paint in Moscow.", ["Moscow"], id="another place"),
        pytest.param("The embassy was painted by activists from Canada.", ["Canada"], id="name"),
        pytest.param("Support answered 40 emails.", ["40"], id="another number"),
        pytest.param("A survey of 30 shops ranked Support 3rd.", ["3"], id="ordinal"),
        pytest.param(
            "The activists met with Ms. Smith and the painter Jones.",
            ["Ms", "Smith", "Jones"],
            id="several, after an abbreviation too",
        ),
        # Mostly capitals, but its function words are in lower case: prose full of names.
        pytest.param("The CEO is Jane Doe.", ["CEO", "Jane", "Doe"], id="short sentence of names"),
        pytest.param("Tim Cook runs Apple from Redmond.", ["Cook", "Apple", "Redmond"], id="names"),
    ],
)
def test_what_no_passage_states_is_listed(claim: str, expected: list[str]) -> None:
    assert missing(claim) == expected


@pytest.mark.parametrize(
    "claim",
    [
        pytest.param("Activists in London poured paint.", id="a name the passage has"),
        pytest.param("Moscow was not mentioned by the activists.", id="a sentence's first word"),
        pytest.param("Emails are answered within 1 business day.", id="1 as one"),
        pytest.param("It ranked 2nd in a survey of thirty shops.", id="ordinal and number words"),
        pytest.param("Support works from 9 a.m. until 17:00.", id="times of day"),
        pytest.param("It opens at 9am.", id="an hour against the passage's own reading"),
        pytest.param("I'm told Bob Ross paintings are on show.", id="I and a possessive"),
        pytest.param("ACTIVISTS FROM MOSCOW POUR PAINT", id="capitals"),
        pytest.param("Activists From Moscow Pour Paint On Embassy", id="title case"),
        pytest.param("Activists From Moscow Pour Paint on the Embassy", id="title case, the"),
    ],
)
def test_what_the_passages_state_or_case_alone_suggests_is_not_listed(claim: str) -> None:
    assert missing(claim) == []


def test_only_what_the_answer_sentence_states_counts() -> None:
    # A judge that misspells a name, or adds one, while rewording the sentence has not made
    # the answer say it.
    sentence = "activists in london poured paint at the russian embassy."
    assert missing("Activists in Londn poured paint at the Russian embassy.", sentence) == []
    assert missing("Activists in Moscow poured paint.", "activists poured paint.") == []


def test_names_are_read_in_english_only_and_numbers_in_every_language() -> None:
    # German capitalises every noun: "Lieferung" is no name, and a passage that says
    # "ausgeliefert" has not left it out. Its numbers are still numbers.
    german = "Die Lieferung nach Kanada dauert 40 Werktage."
    passages = ["Pakete werden nach Kanada in 5 bis 8 Werktagen ausgeliefert."]
    assert unstated(german, german, passages) == ["40"]
    english = "The Lieferung to Kanada takes only 8 days."
    assert unstated(english, english, passages) == ["Lieferung"]


_WORDS = st.sampled_from(
    ["Moscow", "London", "paint", "poured", "30", "40", "three", "9am", "the", "Ms.", "I'm"]
)


@given(st.lists(_WORDS, min_size=1, max_size=12).map(" ".join))
def test_a_claim_a_passage_states_word_for_word_leaves_nothing_unstated(claim: str) -> None:
    assert unstated(claim, claim, [claim]) == []


@given(st.lists(_WORDS, min_size=1, max_size=12).map(" ".join))
def test_whatever_is_listed_is_a_word_or_a_number_of_the_claim(claim: str) -> None:
    for item in missing(claim):
        assert item in claim or item in content_terms(claim)


@given(st.text(max_size=200), st.lists(st.text(max_size=200), max_size=3))
def test_any_text_gives_words_or_numbers_of_the_claim(claim: str, passages: list[str]) -> None:
    for item in unstated(claim, claim, passages):
        assert item in claim or item in content_terms(claim) or item[1:-1] in claim


@pytest.mark.parametrize(
    ("sentence", "quotation"),
    [
        pytest.param(
            'The review called it "the warmest shop in the county".',
            "the warmest shop in the county",
            id="made up",
        ),
        pytest.param(
            "It was \u201cthe friendliest place in town, with no fair prices\u201d.",
            "the friendliest place in town, with no fair prices",
            id="a negation added",
        ),
        pytest.param(
            'The review said it "finished second in a survey of 40 shops".',
            "finished second in a survey of 40 shops",
            id="another number",
        ),
    ],
)
def test_a_quotation_no_passage_has_is_listed(sentence: str, quotation: str) -> None:
    assert missing(sentence)[-1] == f'"{quotation}"'


@pytest.mark.parametrize(
    "sentence",
    [
        pytest.param('A review called it "the friendliest place in town".', id="word for word"),
        pytest.param('It was called "The Friendliest place in town!"', id="case and punctuation"),
        pytest.param('A review called it "the friendliest place ... in town".', id="an ellipsis"),
        pytest.param('A review called it "the friendliest shop in town".', id="a word changed"),
        pytest.param('Its fair prices are "reasonable"; "very fair" even.', id="scare quotes"),
        pytest.param('Bob Ross painted "Happy Little Trees Of London".', id="a title: a name"),
        pytest.param("Bob Ross's paintings are on show at the artists' 'open house'.", id="single"),
    ],
)
def test_a_quotation_a_passage_has_or_a_scare_quote_is_not_listed(sentence: str) -> None:
    assert not [item for item in missing(sentence) if item.startswith('"')]


_LOWER_WORDS = st.sampled_from(["the", "shop", "was", "not", "open", "late", "in", "winter", "30"])


@given(st.lists(_LOWER_WORDS, min_size=3, max_size=20), st.data())
def test_a_quotation_copied_from_a_passage_is_never_listed(
    words: list[str], data: st.DataObject
) -> None:
    start = data.draw(st.integers(0, len(words) - 3))
    end = data.draw(st.integers(start + 3, len(words)))
    sentence = f'The owner said "{" ".join(words[start:end])}" to us.'
    assert unstated(sentence, sentence, [" ".join(words)]) == []


def test_what_a_sentence_states_and_its_claims_leave_out_is_listed() -> None:
    sentence = "Support answered 40 emails in Moscow and finished second."
    # Claimed in part, or rewritten to what the passages say: 40 and Moscow go unjudged.
    assert left_out(sentence, ["Support finished second."], PASSAGES) == ["40", "Moscow"]
    assert left_out(sentence, ["Support answered 30 emails in London."], PASSAGES) == [
        "40",
        "Moscow",
    ]
    assert left_out(sentence, ["Support answered 40 emails.", "It was in Moscow."], PASSAGES) == []
    quoted = 'Support said "we answer every email within the hour".'
    assert left_out(quoted, ["Support answers emails."], PASSAGES) == [
        '"we answer every email within the hour"'
    ]
    # What a passage states is the claims' business, not this list's.
    assert (
        left_out("Support finished second in a survey of 30 shops.", ["It ranked."], PASSAGES) == []
    )


_SENTENCES = st.lists(_WORDS, min_size=1, max_size=12).map(" ".join)


@given(_SENTENCES, st.lists(_SENTENCES, max_size=3), st.lists(_SENTENCES, max_size=2))
def test_left_out_lists_what_unstated_would_find_in_a_claim_carrying_it(
    sentence: str, claims: list[str], passages: list[str]
) -> None:
    listed = left_out(sentence, claims, passages)
    assert set(listed) <= set(unstated(sentence, sentence, passages))
    assert left_out(sentence, [], passages) == unstated(sentence, sentence, passages)
    assert left_out(sentence, [*claims, sentence], passages) == []
    for item in listed:
        assert not content_terms(item) <= frozenset().union(*map(content_terms, claims))


def test_each_kind_is_read_only_when_asked_for() -> None:
    claim = 'Support answered 40 emails in Moscow, calling it "the busiest week of the year".'
    assert unstated(claim, claim, PASSAGES) == ["40", "Moscow", '"the busiest week of the year"']
    assert unstated(claim, claim, PASSAGES, frozenset({"name"})) == ["Moscow"]
    assert unstated(claim, claim, PASSAGES, frozenset({"number", "quotation"})) == [
        "40",
        '"the busiest week of the year"',
    ]
    assert left_out(claim, [], PASSAGES, frozenset({"number"})) == ["40"]


# A record ("the first woman to ..."): (passage, a faithful answer, the same answer with a record
# the passage does not hold or, where the passage holds it, with a year it does not hold). The
# passage's "first" may be "1st" or a 1.
RECORDS = {
    "the first": (
        "In 1998 she was appointed to lead the Baltic Philharmonic Orchestra.",
        "She was appointed to lead the Baltic Philharmonic Orchestra in 1998.",
        "In 1998 she became the first woman to lead the Baltic Philharmonic Orchestra.",
    ),
    "a possessive's first": (
        "Ewa Lis won the bronze medal in the K-1 500 metres.",
        "Ewa Lis won a bronze medal in the K-1 500 metres.",
        "Ewa Lis became Poland's first canoeist to win a medal in the K-1 500 metres.",
    ),
    "the passage's first": (
        "Tanabe became the first Japanese woman to reach an Olympic final in the event.",
        "Tanabe was the first Japanese woman to reach an Olympic final in the event.",
        "Tanabe was the first Japanese woman to reach an Olympic final in the event in 2012.",
    ),
    "the passage's 1st": (
        "The band was the 1st act from Leeds to top the chart in 2008.",
        "In 2008 the band became the first act from Leeds to top the chart.",
        "In 2009 the band became the first act from Leeds to top the chart.",
    ),
}


@pytest.mark.parametrize("form", RECORDS)
@pytest.mark.parametrize("rules", [WITH_NAMES, "strict"])
def test_a_record_no_passage_holds_is_caught(form: str, rules: str | None) -> None:
    passage, faithful, changed = RECORDS[form]
    assert_both_ways(faithful, changed, [passage], rules)


def test_a_first_that_is_no_record_or_a_numbered_step_is_not_listed() -> None:
    assert unstated_record("He first joined the club in 2001 to play.", ["He joined."]) is None
    assert unstated_record("The first step to reset it is to click.", ["Step 1: Click."]) is None


@given(st.text(max_size=80))
def test_a_record_a_passage_says_word_for_word_is_never_listed(claim: str) -> None:
    assert unstated_record(claim, [claim]) is None


# A unit's abbreviation after a number is the unit, stated by the passages' word for it; a time
# with its "pm" is stated by the same time said without it ("2:15 in the afternoon"). Another
# unit or another time is still caught, under each policy.
@pytest.mark.parametrize(
    ("faithful", "changed", "passage"),
    [
        ("She moved to the 10 GB plan.", "She moved to the 10 TB plan.",
         "She moved to the 10 gigabyte plan."),
        ("The trail is 5 KM long.", "The trail is 5 MI long.", "The trail is 5 kilometres long."),
        ("Each photo is under 2 MB.", "Each photo is under 2 GB.",
         "Each photo is under 2 megabytes."),
        ("The slot is at 2:15 pm tomorrow.", "The slot is at 3:15 pm tomorrow.",
         "We have a slot tomorrow at 2:15 in the afternoon."),
        ("The shop closes at 17:30.", "The shop closes at 19:30.", "The shop closes at 5:30."),
        # A time written the 24-hour way ("08:25") is the morning's: "8:25 pm" is not stated.
        ("The flight departs at 8:25 am.", "The flight departs at 8:25 pm.",
         "Your flight departs at 08:25 from gate B12."),
    ],
)  # fmt: skip
@pytest.mark.parametrize("rules", [WITH_NAMES, "strict"])
def test_a_unit_or_time_in_another_form_is_stated(
    faithful: str, changed: str, passage: str, rules: str | None
) -> None:
    assert_both_ways(faithful, changed, [passage], rules)


def test_a_unit_abbreviation_without_a_number_is_a_name() -> None:
    assert unstated("She moved to GB last year.", "She moved to GB last year.",
                    ["She bought 10 gigabytes last year."]) == ["GB"]  # fmt: skip
