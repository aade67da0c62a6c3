"""Aligning a judge's quote to the exact passage span: small edits align, meaning changes do not."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_faithful.text.align import MIN_ALIGNMENT, align, align_in
from pytest_faithful.text.evidence import (
    MIN_QUOTE_SHARE,
    bears_on,
    claim_terms,
    could_bear_on,
    locate,
    quoted_within,
    shows_little_of,
    subject_of,
)
from pytest_faithful.text.segment import quotes_in
from pytest_faithful.text.terms import content_terms

PASSAGE = (
    "Returns are accepted within 30 days of delivery. The store opens at 9am on weekdays. "
    "We do not ship to Australia. Orders ship from Berlin."
)


def shown(quote: str, passage: str = PASSAGE) -> str | None:
    found = align(passage, quote)
    return None if found is None else passage[found.start : found.end]


@pytest.mark.parametrize(
    ("quote", "span", "method"),
    [
        pytest.param(
            "Orders ship from Berlin", "Orders ship from Berlin", "verbatim", id="verbatim"
        ),
        pytest.param(
            "RETURNS ARE ACCEPTED within 30 DAYS",
            "Returns are accepted within 30 days",
            "normalized",
            id="case",
        ),
        pytest.param(
            "returns are accepted, within 30 days!",
            "Returns are accepted within 30 days",
            "normalized",
            id="punctuation",
        ),
        pytest.param(
            "Returns accepted within 30 days of delivery",
            "Returns are accepted within 30 days of delivery",
            "fuzzy",
            id="dropped-word",
        ),
        pytest.param(
            "Returns are allowed within 30 days of delivery",
            "Returns are accepted within 30 days of delivery",
            "fuzzy",
            id="changed-word",
        ),
        pytest.param(
            "Returns are accepted ... of delivery",
            "Returns are accepted within 30 days of delivery",
            "fuzzy",
            id="ellipsis",
        ),
        pytest.param(
            "The store opens ... weekdays. We do not ship to Australia",
            "The store opens at 9am on weekdays. We do not ship to Australia",
            "fuzzy",
            id="ellipsis-keeping-the-negation",
        ),
        pytest.param(
            "Returns are accepted within 30 days of delivery and the store opens at 9am",
            "Returns are accepted within 30 days of delivery. The store opens at 9am",
            "fuzzy",
            id="two-sentences-joined",
        ),
        pytest.param(
            "The store opens at 9am on weekends",
            "The store opens at 9am on weekdays",
            "fuzzy",
            id="changed-last-word-is-shown",
        ),
        pytest.param(
            "\u201cWe don\u2019t ship to Australia\u201d",
            "We do not ship to Australia",
            "fuzzy",
            id="contraction-and-curly-quotes",
        ),
        pytest.param(
            "Passage 13: Orders ship from Berlin.",
            "Orders ship from Berlin.",
            "verbatim",
            id="citation-in-front",
        ),
        pytest.param(
            "[passage 2] The store opens at 9am",
            "The store opens at 9am",
            "verbatim",
            id="bracketed-citation",
        ),
        pytest.param(
            "Passage 1 states that returns are accepted within 30 days",
            "Returns are accepted within 30 days",
            "normalized",
            id="citation-that-states",
        ),
    ],
)
def test_small_edits_align_to_the_passage_span(quote: str, span: str, method: str) -> None:
    found = align(PASSAGE, quote)
    assert found is not None
    assert PASSAGE[found.start : found.end] == span
    assert found.method == method
    assert MIN_ALIGNMENT <= found.quality <= 1.0
    exact = method in ("verbatim", "normalized") or "..." in quote
    assert (found.quality == 1.0) == exact


@pytest.mark.parametrize(
    "quote",
    [
        pytest.param("Returns are accepted within 60 days of delivery", id="other-number"),
        pytest.param("Returns are accepted within sixty days of delivery", id="number-word"),
        pytest.param("The store opens at 10am on weekdays", id="other-time"),
        pytest.param("We ship to Australia", id="negation-dropped"),
        pytest.param("Returns are not accepted within 30 days", id="negation-added"),
        pytest.param("Orders ship from Paris", id="another-entity"),
        pytest.param("Passage 1: Orders ship from Paris", id="another-entity-cited"),
        pytest.param("Passage 4", id="a-citation-alone"),
        pytest.param("Refunds are paid by cheque to customers abroad", id="unrelated"),
        pytest.param("", id="empty"),
        pytest.param(" ... ", id="only-an-ellipsis"),
        pytest.param("We ... ship to Australia", id="ellipsis-leaving-out-a-not"),
        pytest.param("The store opens at 9am ... ship to Australia", id="ellipsis-across-the-not"),
    ],
)
def test_quotes_that_change_the_meaning_do_not_align(quote: str) -> None:
    assert shown(quote) is None


@pytest.mark.parametrize(
    ("quote", "aligns"),
    [
        ("She finished third in the race", False),  # another rank, in words
        ("She finished 3rd in the race", False),
        ("She finished 2nd in the race", True),  # the same rank, written another way
    ],
)
def test_an_ordinal_word_is_a_number_to_the_aligner(quote: str, aligns: bool) -> None:
    passage = "She finished second in the race. It was her best result."
    found = align(passage, quote)
    assert (found is not None) is aligns
    if found is not None:
        assert found.text([passage]) == "She finished second in the race"


@pytest.mark.parametrize(
    ("quote", "aligns"),
    [
        ("The desk closes at half past two every day", False),  # another time, in words
        ("The desk closes at midnight every day", False),
        ("the desk closes at half past one, every day", True),  # the same time
    ],
)
def test_a_time_in_words_is_a_number_to_the_aligner(quote: str, aligns: bool) -> None:
    passage = "The desk closes at half past one every day. It opens at noon."
    found = align(passage, quote)
    assert (found is not None) is aligns
    if found is not None:
        assert found.text([passage]) == "The desk closes at half past one every day"


@given(st.integers(min_value=0, max_value=999), st.sampled_from(["", " states", " says that"]))
def test_a_citation_in_front_of_a_sentence_never_stops_it_aligning(number: int, verb: str) -> None:
    for sentence in (
        "Returns are accepted within 30 days of delivery.",
        "Orders ship from Berlin.",
    ):
        assert shown(f"Passage {number}{verb}: {sentence}") == sentence


def test_a_wrong_passage_number_is_corrected() -> None:
    passages = ["Shipping to Canada costs $15.", PASSAGE]
    found = align_in(passages, "returns are accepted within 30 days", 0)
    assert found is not None
    assert found.passage == 1
    assert passages[1][found.start : found.end] == "Returns are accepted within 30 days"
    assert align_in(passages, "returns are accepted within 30 days", None) == found
    assert align_in(passages, "returns are accepted within 30 days", 7) == found


def test_the_cited_passage_wins_a_tie() -> None:
    passages = ["Returns are free.", "Returns are free."]
    found = align_in(passages, "returns are free", 1)
    assert found is not None
    assert found.passage == 1


def test_locate_finds_the_span_that_covers_a_claim() -> None:
    found = locate(["Intro text here.", PASSAGE], "Orders are shipped from Berlin.")
    assert found is not None
    assert (found.passage, found.method) == (1, "located")
    assert PASSAGE[found.start : found.end] == "Orders ship from Berlin."


@pytest.mark.parametrize(
    "claim",
    [
        "Returns are accepted within 60 days of delivery.",
        "We ship to Australia.",
        "Gift cards never expire.",
        "",
    ],
)
def test_locate_refuses_claims_the_passage_does_not_cover(claim: str) -> None:
    assert locate([PASSAGE], claim) is None


_SENTENCES = [s.strip() + "." for s in PASSAGE.split(".") if s.strip()]


@given(
    sentence=st.sampled_from(_SENTENCES),
    drop=st.integers(0, 20),
    upper=st.booleans(),
    punct=st.sampled_from(["", ",", "!", ";"]),
)
def test_a_sentence_with_one_dropped_word_aligns_to_itself(
    sentence: str, drop: int, upper: bool, punct: str
) -> None:
    words = sentence.rstrip(".").split()
    if len(words) > 4:
        del words[drop % len(words)]
    quote = " ".join(words) + punct
    quote = quote.upper() if upper else quote
    found = align(PASSAGE, quote)
    if found is None:
        # only a dropped number or negation may stop it
        assert any(w[0].isdigit() or w in ("not",) for w in sentence.split())
        return
    start = PASSAGE.index(sentence.rstrip("."))
    assert start <= found.start
    assert found.end <= start + len(sentence)


@given(st.text(max_size=200), st.text(max_size=80))
def test_align_never_raises_and_spans_are_in_the_passage(passage: str, quote: str) -> None:
    found = align(passage, quote)
    if found is not None:
        assert 0 <= found.start < found.end
        assert found.end <= len(passage)
        assert 0.0 <= found.quality <= 1.0


INITIALISMS = (
    "Sales rose 4% in the U.S. last year, led by L.F. Rothschild. The U.K. lagged at 3.5%."
)


@pytest.mark.parametrize(
    ("quote", "span"),
    [
        pytest.param("Sales rose 4% in the U. S. last year", "Sales rose 4% in the U.S. last year",
                     id="spaced"),
        pytest.param("Sales rose 4% in the US last year", "Sales rose 4% in the U.S. last year",
                     id="without-dots"),
        pytest.param("led by L. F. Rothschild", "led by L.F. Rothschild", id="spaced-name"),
    ],
)  # fmt: skip
def test_initialisms_align_however_they_are_dotted(quote: str, span: str) -> None:
    found = align(INITIALISMS, quote)
    assert found is not None
    assert (INITIALISMS[found.start : found.end], found.method) == (span, "normalized")


@pytest.mark.parametrize(
    "quote",
    [
        pytest.param("Sales rose 4% in the U. K. last year", id="another-country"),
        pytest.param("The U.S. lagged at 3.5%", id="another-subject"),
        pytest.param("The U.K. lagged at 35%", id="decimal-point-is-not-an-initialism-dot"),
        pytest.param("led by L. G. Rothschild", id="another-initial"),
    ],
)
def test_initialisms_that_name_something_else_do_not_align(quote: str) -> None:
    assert align(INITIALISMS, quote) is None


TRANSCRIPT = (
    "Sales Agent: Hello, I'm calling from BestInsurance. We offer a wide range of plans to fit "
    "your needs.\n"
    "Client: I might be interested. It costs too much though.\n"
)
FLAT_TRANSCRIPT = "Ovi: Way warmer haha . Candice: I bet . Shyann: You had a lot of fun? . Ovi: Yes"


@pytest.mark.parametrize(
    ("passage", "quote", "span"),
    [
        pytest.param(
            TRANSCRIPT,
            "Sales Agent: We offer a wide range of plans to fit your needs.",
            "We offer a wide range of plans to fit your needs.",
            id="later-sentence-of-the-turn",
        ),
        pytest.param(
            TRANSCRIPT,
            "Client: It costs too much though.",
            "It costs too much though.",
            id="short-turn",
        ),
        pytest.param(
            TRANSCRIPT,
            "Client: I might be very interested",
            "Client: I might be interested",
            id="first-words-of-the-turn-keep-the-label",
        ),
        pytest.param(
            FLAT_TRANSCRIPT,
            "Shyann: You had lot of fun?",
            "Shyann: You had a lot of fun",
            id="turns-on-one-line",
        ),
    ],
)
def test_a_speaker_label_before_a_sentence_of_that_speakers_turn_aligns(
    passage: str, quote: str, span: str
) -> None:
    found = align(passage, quote)
    assert found is not None
    assert passage[found.start : found.end] == span
    assert found.method == "fuzzy"


@pytest.mark.parametrize(
    ("passage", "quote"),
    [
        pytest.param(
            TRANSCRIPT,
            "Client: We offer a wide range of plans to fit your needs.",
            id="another-speakers-words",
        ),
        pytest.param(TRANSCRIPT, "Sales Agent: It costs too much though.", id="the-other-way"),
        pytest.param(
            TRANSCRIPT, "Client: Hello, I'm calling from BestInsurance.", id="a-turn-start"
        ),
        pytest.param(FLAT_TRANSCRIPT, "Candice: You had a lot of fun?", id="flat"),
        pytest.param(TRANSCRIPT, "Client: Darling, it costs too much though.", id="first-word"),
    ],
)
def test_a_speaker_label_never_gives_one_speakers_words_to_another(
    passage: str, quote: str
) -> None:
    assert align(passage, quote) is None


_WORDS = st.sampled_from(
    [
        "returns",
        "accepted",
        "within",
        "30",
        "days",
        "delivery",
        "store",
        "opens",
        "9am",
        "the",
        "a",
        "of",
        "shipping",
        "Canada",
        "costs",
        "$15",
        "24/7",
        "2-3",
        "New",
        "York-based",
        "not",
        "never",
        "Berlin",
        "orders",
        "ship",
        "U.S.",
        "1995",
        "first",
    ]
)


@given(
    st.lists(st.lists(_WORDS, min_size=1, max_size=12), min_size=1, max_size=4),
    st.lists(_WORDS, min_size=1, max_size=8),
)
def test_a_passage_that_could_not_bear_on_a_claim_holds_no_quote_that_does(
    passages: list[list[str]], claim_words: list[str]
) -> None:
    # What lets the LLM judge leave such passages out of its requests: no quote from them
    # could ever be evidence for the claim.
    claim = " ".join(claim_words)
    for words in passages:
        passage = " ".join(words)
        if could_bear_on(passage, content_terms(claim)):
            continue
        for start in range(len(words)):
            for end in range(start + 1, len(words) + 1):
                assert not bears_on(" ".join(words[start:end]), claim)
        assert locate([passage], claim) is None


@pytest.mark.parametrize(
    ("reason", "quotes"),
    [
        pytest.param(
            "Passage 2 states: 'Orders ship from Berlin.'",
            ["Orders ship from Berlin."],
            id="single quotes",
        ),
        pytest.param('It says "opens at 9am" here.', ["opens at 9am"], id="double quotes"),
        pytest.param(
            "\u201cWe do not ship\u201d and \u2018to Australia\u2019",
            ["We do not ship", "to Australia"],
            id="curly quotes, longest first",
        ),
        pytest.param(
            "The store's hours don't say 'Sunday'", ["Sunday"], id="apostrophes do not delimit"
        ),
        pytest.param("'The band's album' is named", ["The band's album"], id="apostrophe inside"),
        pytest.param("No quote at all.", [], id="none"),
        pytest.param("An empty one: '' and \"  \"", [], id="empty"),
    ],
)
def test_quotes_in_free_text(reason: str, quotes: list[str]) -> None:
    assert quotes_in(reason) == quotes


@given(
    st.text(alphabet=st.sampled_from("ab '\"\u2018\u2019\u201c\u201d.:"), max_size=60)
    | st.text(max_size=200)
)
def test_quotes_in_returns_stretches_of_the_text_longest_first(text: str) -> None:
    found = quotes_in(text)
    assert all(quote.strip() and quote in text for quote in found)
    assert [len(q) for q in found] == sorted((len(q) for q in found), reverse=True)


SHOP = ["Orders ship from Berlin within two days.", "Returns are free for thirty days."]


def test_a_quote_inside_the_evidence_comes_before_one_in_the_reason() -> None:
    found = quoted_within(
        SHOP,
        "Returns are free for thirty days.",
        "Passage 2: 'Returns are free for thirty days.'",
        "It says 'returns are free'.",
        1,
    )
    assert found is not None
    assert (found.quote, found.in_reason) == ("Returns are free for thirty days.", False)
    assert found.span.text(SHOP) == SHOP[1]


@pytest.mark.parametrize(
    ("quote", "claim"),
    [
        pytest.param(
            "Leon Yeaman, 55, was killed by a single punch from Phillip Pama.",
            "Mr Yeaman was in his yard on Muller Road making a lot of noise at 9pm Thursday.",
            id="same-subject-other-fact",
        ),
        pytest.param(
            "Industrial Designer: But it",
            "They considered removing certain features, but the designers did not agree.",
            id="a-speaker-label",
        ),
        pytest.param(
            "The Healthy Me initiative was launched at Carrick Primary School in Lurgan.",
            "A school in Northern Ireland launched a programme for children with mental "
            "health problems.",
            id="two-words-of-a-long-claim",
        ),
    ],
)
def test_a_quote_that_shares_little_of_a_long_claim_shows_little_of_it(
    quote: str, claim: str
) -> None:
    # Still evidence (it bears on the claim); the verifier looks for a span that shows more.
    assert bears_on(quote, claim)
    assert shows_little_of(quote, claim)


@pytest.mark.parametrize(
    ("quote", "claim"),
    [
        pytest.param("Orders ship from Berlin.", "Our parcels leave Berlin.", id="one-of-three"),
        pytest.param(
            "Real apprenticeships are as important as good degrees.",
            "More needs to be done to improve apprenticeships in England.",
            id="one-of-four",
        ),
        pytest.param(
            "Activists in London dumped gallons of yellow and blue paint in front of the "
            "Russian embassy.",
            "Campaigners emptied gallons of yellow and blue paint on the road in front of the "
            "London Russian embassy.",
            id="a-paraphrase",
        ),
    ],
)
def test_a_quote_that_holds_a_quarter_of_the_claim_shows_enough(quote: str, claim: str) -> None:
    assert not shows_little_of(quote, claim)


@given(
    st.lists(_WORDS, min_size=1, max_size=10),
    st.lists(_WORDS, min_size=1, max_size=10),
    st.lists(_WORDS, max_size=6),
)
def test_more_of_the_passage_never_makes_a_quote_show_less(
    quote_words: list[str], claim_words: list[str], more: list[str]
) -> None:
    quote, claim = " ".join(quote_words), " ".join(claim_words)
    if not shows_little_of(quote, claim):
        assert not shows_little_of(f"{quote} {' '.join(more)}", claim)
    assert not shows_little_of(claim, claim)
    shared = content_terms(quote) & content_terms(claim)
    assert shows_little_of(quote, claim) == (
        len(shared) < MIN_QUOTE_SHARE * len(content_terms(claim))
    )


def test_a_quote_in_the_reason_counts_only_when_it_bears_on_the_subject() -> None:
    claim = "Orders ship from Berlin."
    found = quoted_within(SHOP, claim, "passage 1", "Passage 1 says 'ship from Berlin'.", 0)
    assert found is not None
    assert found.in_reason
    assert found.span.passage == 0
    # In the passage, but about something else: no evidence for this claim.
    assert quoted_within(SHOP, claim, "", "It says 'Returns are free for thirty days'.", 1) is None
    # Not in any passage.
    assert quoted_within(SHOP, claim, "", "It says 'Orders ship from Paris'.", 0) is None


def test_a_claim_without_a_content_word_is_judged_with_its_question() -> None:
    assert subject_of("Yes.", "Do orders ship from Berlin?") == "Yes. Do orders ship from Berlin?"
    assert subject_of("Yes.", None) == "Yes."
    assert subject_of("Orders ship from Berlin.", "Where from?") == "Orders ship from Berlin."
    asked = "Do orders ship from Berlin?"
    assert subject_of("Yes, right.", asked) == f"Yes, right. {asked}"


@pytest.mark.parametrize("text", ["Yes, right.", "Exactly!", "Of course.", "Correct, sure."])
def test_words_that_only_say_yes_state_nothing(text: str) -> None:
    assert content_terms(text)  # "right", "exact", "cours": content words elsewhere
    assert claim_terms(text) == frozenset()


@pytest.mark.parametrize(
    "text", ["Probably not.", "Possibly.", "Maybe.", "It depends.", "Not necessarily, no."]
)
def test_a_reply_that_says_only_its_degree_states_nothing(text: str) -> None:
    assert claim_terms(text) == frozenset()
    asked = "Will a back sleeper like the mattress?"
    assert subject_of(text, asked) == f"{text} {asked}"


@pytest.mark.parametrize(
    "text",
    ["You have the right to return it.", "Exactly 30 days.", "Likely rain.", "It is free."],
)
def test_the_same_words_among_others_are_content(text: str) -> None:
    assert claim_terms(text) == content_terms(text)
