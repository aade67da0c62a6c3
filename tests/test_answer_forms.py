"""The same answer in another form passes as it did, and a wrong one is still caught.

RAG answers cite their passages by number ("According to Passage 2, ..."), report what they
found ("I found that ..."), say what was asked, set facts out as a markdown table, and write
amounts, countries and weekdays in other forms than the passages do. Each form here is checked
both ways through ``verify`` with a judge that quotes the passage sentence: the faithful answer
passes, and the same answer with one fact changed is still caught. ``benchmarks/forms.py``
measures the same forms on faith-dev's answers.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evidence_judges import WITH_NAMES, quoting_the_best_passage
from pytest_faithful import Label, verify
from pytest_faithful.models import Claim, Verdict
from pytest_faithful.testing import FunctionJudge
from pytest_faithful.text.abstentions import is_abstention
from pytest_faithful.text.amounts import all_amounts, amounts, bound_met
from pytest_faithful.text.answerer import about_the_answerer
from pytest_faithful.text.conversions import stated_conversions
from pytest_faithful.text.counts import self_counts
from pytest_faithful.text.evidence import bears_on
from pytest_faithful.text.fractions import share_stated
from pytest_faithful.text.measures import measures
from pytest_faithful.text.segment import is_table_header, sentence_opening
from pytest_faithful.text.terms import content_terms

PASSAGES = [
    "The Aurora kettle ships within 3 business days to customers in the United States. "
    "Returns are accepted within 30 days of delivery. The Aurora kettle weighs 1,200 grams.",
    "Dr. Jane Smith founded Aurora Appliances in New York City in 1998. The company employs "
    "1,500 people and reported revenue of $1.5 million in its first year.",
    "Customer support is open from 9 am to 5 pm EST, Monday to Friday. Half of all orders ship "
    "from the Leeds warehouse. The Leeds warehouse handled 2,400,000 parcels last year.",
    "In a randomized trial, the drug reduced symptoms by 34% and adverse events occurred in 12% "
    "of patients.",
    "Acme Corp reported revenue of $2.4 billion for the first quarter of 2024. For fiscal year "
    "2023, its net income was $310 million. Acme was founded in 1987 in Austin, Texas. Its "
    "chief executive, Maria Lopez, said demand was strong; several top executives left.",
]
_SENTENCES = [s for p in PASSAGES for s in p.split(". ")]


def _words(text: str) -> set[str]:
    return {w.strip(".,:|*$%").lower() for w in text.split()} - {""}


def _best_sentence(claim: str) -> tuple[str, int]:
    """The passage sentence sharing most words with the claim, as a careful model quotes it."""
    best = max(_SENTENCES, key=lambda s: len(_words(s) & _words(claim)))
    return best, next(i for i, p in enumerate(PASSAGES) if best in p)


def _quoting(claims: Sequence[Claim], passages: Sequence[str]) -> Iterator[Verdict]:
    for i, claim in enumerate(claims):
        quote, passage = _best_sentence(claim.text)
        yield Verdict(
            claim_index=i,
            label=Label.SUPPORTED,
            reason="the passage says so",
            evidence=quote,
            passage_index=passage,
        )


JUDGE = FunctionJudge(_quoting, id="quoting")

# (the faithful answer, the same answer with one fact changed)
FORMS = {
    "passage cited by number": (
        "According to Passage 2, Dr. Jane Smith founded Aurora Appliances in New York in 1998.",
        "According to Passage 2, Dr. Jane Smith founded Aurora Appliances in New York in 1999.",
    ),
    "several passages cited": (
        "Passages 1 and 3 say the kettle ships within 3 business days (see Source #1).",
        "Passages 1 and 3 say the kettle ships within 7 business days (see Source #1).",
    ),
    "what the answer found": (
        "I found that returns are accepted within 30 days of delivery.",
        "I found that returns are accepted within 60 days of delivery.",
    ),
    "what the answer notes": (
        "I should note that support is open from 9 am to 5 pm, Monday to Friday.",
        "I should note that support is open from 9 am to 8 pm, Monday to Friday.",
    ),
    "the question restated": (
        "You asked about shipping. The Aurora kettle ships within 3 business days.",
        "You asked about shipping. The Aurora kettle ships within 5 business days.",
    ),
    "a markdown table": (
        "| Policy | Time |\n|---|:---:|\n| Shipping | 3 business days |\n| Returns | 30 days |",
        "| Policy | Time |\n|---|:---:|\n| Shipping | 3 business days |\n| Returns | 90 days |",
    ),
    "an amount in digits": (
        "Aurora Appliances reported revenue of $1,500,000 in its first year.",
        "Aurora Appliances reported revenue of $1,600,000 in its first year.",
    ),
    "an amount with its scale": (
        "The Leeds warehouse handled 2.4 million parcels last year.",
        "The Leeds warehouse handled 3.4 million parcels last year.",
    ),
    "a count of the answer's own list": (
        "The company has two key figures: 1,500 employees and $1.5 million first-year revenue.",
        "The company has two key figures: 1,800 employees and $1.5 million first-year revenue.",
    ),
    "a percentage said as a fraction": (
        "50% of all orders ship from the Leeds warehouse.",
        "70% of all orders ship from the Leeds warehouse.",
    ),
    "a country's everyday name": (
        "The Aurora kettle ships to customers in the USA within 3 business days.",
        "The Aurora kettle ships to customers in Canada within 3 business days.",
    ),
    "a country's demonym": (
        "Aurora is an American company founded by Dr. Jane Smith in New York City.",
        "Aurora is a Canadian company founded by Dr. Jane Smith in New York City.",
    ),
    "a bound the passage's figure meets": (
        "Aurora Appliances employs over 1,000 people.",
        "Aurora Appliances employs over 2,000 people.",
    ),
    "an approximate amount": (
        "The Leeds warehouse handled about 2.5 million parcels last year.",
        "The Leeds warehouse handled about 3 million parcels last year.",
    ),
    "a line of sources": (
        "The Aurora kettle ships within 3 business days.\n\nSources: Passage 1, Passage 3",
        "The Aurora kettle ships within 4 business days.\n\nSources: Passage 1, Passage 3",
    ),
    "a quarter written short": (
        "Acme Corp reported Q1 2024 revenue of $2.4 billion.",
        "Acme Corp reported Q2 2024 revenue of $2.4 billion.",
    ),
    "a fiscal year written short": (
        "Acme's net income for FY2023 was $310 million.",
        "Acme's net income for FY2022 was $310 million.",
    ),
    "a unit of the same size": (
        "The Aurora kettle weighs 1.2 kg.",
        "The Aurora kettle weighs 1.7 kg.",
    ),
    "an initialism of common nouns": (
        "The CEO of Acme, Maria Lopez, said demand was strong.",
        "The CFO of Acme, Maria Lopez, said demand was strong.",
    ),
    "a state's postal code": (
        "Acme was founded in 1987 in the city of Austin, TX.",
        "Acme was founded in 1987 in the city of Austin, CA.",
    ),
    "a name in a compound": (
        "Acme is a Texas-based company founded in 1987.",
        "Acme is an Ohio-based company founded in 1987.",
    ),
    "a time zone's letters": (
        "Customer support opens at 9 am ET on weekdays.",
        "Customer support opens at 9 am PT on weekdays.",
    ),
    "a courtesy": (
        "Returns are accepted within 30 days of delivery. Let me know if you need anything else!",
        "Returns are accepted within 45 days of delivery. Let me know if you need anything else!",
    ),
    "items numbered in roman numerals": (
        "Key facts: (i) returns are accepted within 30 days of delivery; (ii) the Aurora kettle "
        "ships within 3 business days.",
        "Key facts: (i) returns are accepted within 90 days of delivery; (ii) the Aurora kettle "
        "ships within 3 business days.",
    ),
    "a list numbered in roman numerals": (
        "Key facts:\ni. Returns are accepted within 30 days of delivery.\nii. The Aurora kettle "
        "ships within 3 business days.",
        "Key facts:\ni. Returns are accepted within 30 days of delivery.\nii. The Aurora kettle "
        "ships within 9 business days.",
    ),
    "steps and notes": (
        "Step 1: Check that returns are accepted within 30 days of delivery.\nStep 2: Ship the "
        "kettle back.\nNote: Aurora kettle returns are accepted within 30 days.",
        "Step 1: Check that returns are accepted within 30 days of delivery.\nStep 2: Ship the "
        "kettle back.\nNote: Aurora kettle returns are accepted within 40 days.",
    ),
    "a chat assistant's courtesies": (
        "I can help with that. Returns are accepted within 30 days of delivery. If you have any "
        "other questions, just ask. Happy shopping!",
        "I can help with that. Returns are accepted within 60 days of delivery. If you have any "
        "other questions, just ask. Happy shopping!",
    ),
    "a chat assistant's sign-offs": (
        "You're welcome! Returns are accepted within 30 days of delivery. Let me know if there's "
        "anything else I can help with. Cheers, and have a great day!",
        "You're welcome! Returns are accepted within 45 days of delivery. Let me know if there's "
        "anything else I can help with. Cheers, and have a great day!",
    ),
    "advice and where it comes from": (
        "Based on the information I have, returns are accepted within 30 days of delivery, so "
        "I'd recommend returning the Aurora kettle within 30 days.",
        "Based on the information I have, returns are accepted within 90 days of delivery, so "
        "I'd recommend returning the Aurora kettle within 90 days.",
    ),
    "a share said as a fraction": (
        "In the randomized trial the drug cut symptoms by roughly a third, and about one in eight "
        "patients had adverse events.",
        "In the randomized trial the drug cut symptoms by roughly a half, and about one in five "
        "patients had adverse events.",
    ),
    "an initialism the answer defines": (
        "A randomized trial (RT) found the drug reduced symptoms by 34%.",
        "A randomized trial (RT) found the drug reduced symptoms by 43%.",
    ),
    "abbreviated weekdays": (
        "Customer support is open Mon-Fri, 9am-5pm.",
        "Customer support is open Mon-Sat, 9am-5pm.",
    ),
}


@pytest.mark.parametrize("form", FORMS)
def test_a_faithful_answer_passes_in_another_form(form: str) -> None:
    faithful, _ = FORMS[form]
    result = verify(faithful, PASSAGES, judge=JUDGE)
    demoted = [(v.rule, v.reason) for v in result.claim_verdicts if v.label is not Label.SUPPORTED]
    assert result.passed, demoted


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("rules", [WITH_NAMES, "strict"])
def test_the_same_form_with_a_changed_fact_is_caught(form: str, rules: str | None) -> None:
    _, changed = FORMS[form]
    result = verify(changed, PASSAGES, judge=JUDGE, rules=rules)
    assert not result.passed
    assert any(v.rule for v in result.claim_verdicts if v.label is not Label.SUPPORTED)


@pytest.mark.parametrize(
    "text",
    [
        "According to Passage 2, the fee is 5 dollars.",
        "(see Document 3) the fee is 5 dollars",
        "Sources 1, 2 and 4 state the fee is 5 dollars.",
        "Context #12 says the fee is 5 dollars.",
        # A source an application cites: its id, file, page, link or footnote.
        "The fee is 5 dollars [KB-1042].",
        "The fee is 5 dollars (doc_id: fees_v2).",
        "The fee is 5 dollars (Document: fees_2023.pdf).",
        "The fee is 5 dollars (handbook, p. 12).",
        "The fee is 5 dollars (pp. 12-14).",
        "The fee is 5 dollars (https://acme.io/2023/fees).",
        "The fee is 5 dollars ([fees](https://acme.io/2023/fees)).",
        "The fee is 5 dollars.[^1]\n\n[^1]: fees_policy_2023.pdf",
        "The fee is 5 dollars (2).",
        "The fee is 5 dollars [source: 2].",
        "The fee is 5 dollars\u20202.",
        "The fee is 5 dollars (chunk_id=7f3a).",
        "According to page 12 of the policy, the fee is 5 dollars.",
        "### 2. Fees\nThe fee is 5 dollars.",
        "**3.** The fee is 5 dollars.",
    ],
)
def test_a_passage_number_is_no_figure_of_the_answer(text: str) -> None:
    assert {t for t in content_terms(text) if t[0].isdigit()} == {"5"}


@pytest.mark.parametrize(
    "text",
    [
        "Passage 2 and 30 days",
        "The passage has 3 parts.",
        "document 2023",
        "Chapter 2 says",
        "The fee [in 2023] was raised.",
        "The fee rose (from 5 to 7 dollars).",
        # a list's numbers in brackets, before what they number, are its items' own
        "Fees: (1) a flat fee; (2) a late fee.",
    ],
)
def test_numbers_that_are_not_a_passage_reference_stay(text: str) -> None:
    assert any(t[0].isdigit() for t in content_terms(text))


@given(
    st.decimals(min_value=Decimal("0.01"), max_value=Decimal("999.99"), places=2),
    st.sampled_from([("thousand", 10**3), ("million", 10**6), ("billion", 10**9)]),
    st.sampled_from(["$", ""]),
)
def test_an_amount_in_digits_is_the_amount_with_its_scale(
    number: Decimal, scale: tuple[str, int], currency: str
) -> None:
    word, factor = scale
    written = f"{number.normalize():f}"
    digits = f"{number * factor:,f}".rstrip("0").rstrip(".")
    assert all_amounts(f"It cost {currency}{written} {word}.") & all_amounts(
        f"It cost {currency}{digits}."
    ), (written, digits)


def test_amounts_read_a_bare_scale_letter_only_after_a_currency() -> None:
    assert Decimal(15000) in all_amounts("a $15k grant")
    assert Decimal(15000) not in all_amounts("a 15k run")
    assert amounts("1.5 million and 7") == {
        "1.5": frozenset({Decimal("1.5"), Decimal(1500000)}),
        "7": frozenset({Decimal(7)}),
    }
    assert all_amounts("9" * 5000) == frozenset()  # no amount a text states: not read


@pytest.mark.parametrize(
    "text",
    [
        "| Plan | Price |\n|---|---|",
        "| Plan | Price |\n| :--- | ---: |",
        "Plan | Price\n--- | ---",
        "|---|---|",
    ],
)
def test_a_table_header_is_recognised(text: str) -> None:
    assert is_table_header(text)


@pytest.mark.parametrize(
    "text", ["| Basic | $5 |", "- item one", "The range is 3-5 days | roughly", "Plan | Price"]
)
def test_a_table_row_or_a_list_item_is_no_header(text: str) -> None:
    assert not is_table_header(text)


def test_a_long_line_of_pipes_is_read_in_linear_time() -> None:
    # A header-shaped pattern could try every split of a long line; this one reads each line once.
    started = time.perf_counter()
    assert not is_table_header("| a " * 50_000 + "-")
    assert time.perf_counter() - started < 0.5


@pytest.mark.parametrize(
    "sentence",
    [
        "The question asks about shipping.",
        "You asked whether the kettle ships to Leeds.",
        "You want to know how long shipping takes.",
        "I can help with that.",
        "Thanks for asking.",
        "I understand your concern.",
        "Sorry to hear that!",
        "Let me explain.",
    ],
)
def test_a_sentence_that_only_says_what_was_asked_is_no_claim(sentence: str) -> None:
    assert is_abstention(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "I can help you return it within 30 days.",
        "Thanks for asking, returns take 30 days.",
        "I understand that returns take 30 days.",
        "Happy Hour runs from 5 to 7.",
        "You asked about returns, and they are free.",
        "You asked about returns but they are not free.",
        "The question is about the 30-day policy.",
        "You asked me to ship it.",
    ],
)
def test_a_restated_question_with_more_in_it_is_judged(sentence: str) -> None:
    assert not is_abstention(sentence)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("1.2 g", "1,200 mg"),
        ("48 hours", "2 days"),
        ("500ml", "0.5 litres"),
        ("90 minutes", "1.5 hours"),
        ("within a week", "within 7 days"),
        ("an hour-long tour", "a 60-minute tour"),
        ("two weeks", "14 days"),
        ("in one day", "in 24 hours"),
        ("500 mcg", "0.5 mg"),
        ("250 \u00b5g", "0.25 milligrams"),
        ("a two-year warranty", "a 24-month warranty"),
        ("18 months", "1.5 years"),
        ("two decades", "20 years"),
        ("three seconds", "3 secs"),
        ("ten seconds", "10 seconds"),
    ],
)
def test_a_quantity_in_another_unit_of_the_same_measure_is_the_same(one: str, other: str) -> None:
    assert set().union(*measures(one).values()) == set().union(*measures(other).values())


@pytest.mark.parametrize(("one", "other"), [("30 days", "1 month"), ("52 weeks", "1 year")])
def test_a_month_or_a_year_is_no_number_of_days_or_weeks(one: str, other: str) -> None:
    assert not set().union(*measures(one).values()) & set().union(*measures(other).values())


@pytest.mark.parametrize("text", ["a second time", "a second phone", "two secs", "a min"])
def test_a_unit_counted_in_words_is_written_out_and_not_an_ordinal(text: str) -> None:
    assert measures(text) == {}


@pytest.mark.parametrize(
    ("claim", "stated"),
    [
        ("Refunds take 7 days.", True),
        ("Refunds take 5 days.", False),
        ("Refunds take 1 week.", True),
    ],
)
def test_a_duration_counted_in_words_states_its_size(claim: str, stated: bool) -> None:
    passage = "Refunds are issued within a week of approval."

    def quoting(claims: Sequence[Claim], passages: Sequence[str]) -> Iterator[Verdict]:
        for i, _ in enumerate(claims):
            yield Verdict(
                claim_index=i, label=Label.SUPPORTED, reason="r", evidence=passage, passage_index=0
            )

    result = verify(claim, [passage], judge=FunctionJudge(quoting, id="quoting"))
    assert result.passed is stated


def test_a_count_reads_numbers_with_thousands_separators_as_one_item() -> None:
    assert self_counts("two figures: 1,500 employees and $2 million") == frozenset({"2"})
    assert self_counts("three figures: 1,500 employees and $2 million") == frozenset()
    # A decimal point inside an item ends no list: "vault with 13.700 and floor with 13.400".
    assert self_counts("two of them: vault with 13.700 and floor with 13.400.") == {"2"}
    assert self_counts("three of them: vault with 13.700 and floor with 13.400.") == frozenset()


@pytest.mark.parametrize(
    ("sentence", "counted"),
    [
        # A list between dashes ends at the closing dash.
        ("It comes in three colours — black, silver and green — with 128 GB of storage.", "3"),
        ("It comes in four colours — black, silver and green — with 128 GB of storage.", None),
        # Items with commas of their own, joined by ", and".
        (
            "Two: the 1903 Physics prize, shared with Pierre Curie and Henri Becquerel, and the "
            "1911 Chemistry prize, which she won alone.",
            "2",
        ),
        (
            "Three: the 1903 Physics prize, shared with Pierre Curie and Henri Becquerel, and the "
            "1911 Chemistry prize.",
            None,
        ),
        ("Two: A, B and C.", None),
    ],
)
def test_a_count_of_a_list_between_dashes_or_of_long_items(
    sentence: str, counted: str | None
) -> None:
    assert self_counts(sentence) == (frozenset({counted}) if counted else frozenset())


@pytest.mark.parametrize(
    ("claim", "passage", "met"),
    [
        ("It employs over 1,000 people.", "The company employs 1,500 people.", True),
        ("It employs under 1,000 people.", "The company employs 1,500 people.", False),
        ("It employs about 1,400 people.", "The company employs 1,500 people.", True),
        ("It employs about 1,000 people.", "The company employs 1,500 people.", False),
        ("It employs more than a thousand people.", "The company employs 1,500 people.", True),
        ("It employs more than two thousand people.", "The company employs 1,500 people.", False),
        (
            "It employs over 1,000 people.",
            "The company employs one thousand five hundred people.",
            True,
        ),
        ("Revenue was over $1 million.", "Its revenue was $1.5 million last year.", True),
        # A bound in the passage is no value: changing its figure changes what it says.
        ("Net debt will fall below $30 billion.", "Net debt will fall below $25 billion.", False),
        # A value of something else in the same sentence does not meet it.
        (
            "Net debt will fall below $30 billion.",
            "Net debt was high, and the dividend rose to $0.13 per share.",
            False,
        ),
        ("It employs over 1,000 people.", "It was founded in 1998 by 2 people.", False),
        # A word between the number and what it counts: the passage's count of the same thing.
        ("They followed over 2,000 middle-aged adults.", "They followed 2,110 adults.", True),
        ("They followed over 3,000 middle-aged adults.", "They followed 2,110 adults.", False),
        ("It will create over 1,000 new jobs.", "It will create 1,200 jobs.", True),
        ("It will create under 1,000 new jobs.", "It will create 1,200 jobs.", False),
        ("It will create over 1,000 new jobs.", "It will create 1,200 stores and 900 jobs.", False),
    ],
)
def test_a_bound_is_met_by_the_value_of_the_same_thing(claim: str, passage: str, met: bool) -> None:
    number = next(t for t in content_terms(claim) if t[0].isdigit())
    assert bound_met(number, claim, [passage]) is met


@pytest.mark.parametrize(
    ("text", "opens"),
    [
        ("ii. Later, Mike asks.", "Later, Mike asks."),
        ("(b) The kettle ships.", "The kettle ships."),
        ("Step 2: Check the box.", "Check the box."),
        ("Note: Yes I am.", "Yes I am."),
        ("A. Smith founded it.", "A. Smith founded it."),  # an initial, not an item
        ("V. Putin said so.", "V. Putin said so."),
    ],
)
def test_a_sentence_opens_after_its_item_marker_and_label(text: str, opens: str) -> None:
    assert text[sentence_opening(text) :] == opens


def test_a_label_does_not_hide_the_answerer() -> None:
    passages = ["Football is a family of team sports that involve kicking a ball."]
    for answer in ("Note: Yes I'm a big fan of football.", "ii. As I said, I love football."):
        assert about_the_answerer(answer, passages) in ("I", "I'm")


@pytest.mark.parametrize(
    ("claim", "term", "passage", "stated"),
    [
        ("It cut symptoms by roughly a third.", "3", "Symptoms fell by 34%.", True),
        ("About one in eight had side effects.", "8", "12% had side effects.", True),
        ("Three out of four chose it.", "4", "75 percent chose it.", True),
        ("One in three chose it.", "3", "25% chose it.", False),
        ("A third chose it.", "3", "It cost 33 dollars.", False),  # not a percentage
        ("25% chose it.", "25", "One in four chose it.", True),
        ("30% chose it.", "30", "One in four chose it.", False),
    ],
)
def test_a_share_said_as_a_fraction_is_its_percentage(
    claim: str, term: str, passage: str, stated: bool
) -> None:
    assert share_stated(term, claim, [passage]) is stated


@pytest.mark.parametrize(
    ("claim", "stated"),
    [
        ("Sales rose 5% in 2023.", True),  # "last year" in the article of March 2024
        ("Sales rose 5% in 2022.", False),
        ("The plant opens in 2025.", True),  # "next year"
        ("The plant opens in 2026.", False),
    ],
)
def test_a_year_a_passage_gives_relative_to_its_date(claim: str, stated: bool) -> None:
    passage = (
        "March 1, 2024. Sales rose 5% last year, the company said. It will open a new plant "
        "next year."
    )
    result = verify(claim, [passage], judge=judge_quoting(passage))
    assert result.passed is stated


def judge_quoting(passage: str) -> FunctionJudge:
    def quoting(claims: Sequence[Claim], passages: Sequence[str]) -> Iterator[Verdict]:
        for i, _ in enumerate(claims):
            yield Verdict(claim_index=i, label=Label.SUPPORTED, reason="r", evidence=passage)

    return FunctionJudge(quoting, id="quoting-one")


def test_a_quote_bearing_only_on_a_courtesy_is_no_evidence() -> None:
    """A sentence that runs on into a courtesy ("... Let me know if there's anything else I can
    help with.") is held to what it states: a quote about helping bears on none of that."""
    claim = "he plays chris pine Let me know if there's anything else I can help with."
    assert not bears_on("He fails to persuade Diana to help him destroy mankind.", claim)
    assert bears_on("Chris Pine plays Steve Trevor, a pilot.", claim)


@pytest.mark.parametrize(
    ("quote", "claim", "bears"),
    [
        # An initialism of either text that the other spells out is a word they share.
        (
            "The National Basketball Association was founded in 1946.",
            "The NBA dates from 1946.",
            True,
        ),
        (
            "The NBA was founded in 1946.",
            "The National Basketball Association dates from 1946.",
            True,
        ),
        ("Large language models were first trained in 2018.", "LLMs date from 2018.", True),
        # Another name's initialism, or a number alone, is no word they share.
        ("The National Football League was founded in 1920.", "The NBA dates from 1920.", False),
        ("The league was founded in 1946.", "The NBA dates from 1946.", False),
    ],
)
def test_an_initialism_spelled_out_bears_on_its_claim(quote: str, claim: str, bears: bool) -> None:
    assert bears_on(quote, claim) is bears
    passages = [quote]
    result = verify(claim, passages, judge=judge_quoting(quote), rules="standard")
    assert result.passed is bears


# A passage's measure with the answer's conversion beside it; the same with the measure
# changed, and with a conversion that is not one.
CONVERSIONS = [
    ("Store the kettle below 25°C (77°F).", "Store the kettle below 30°C (86°F).",
     "Store the kettle below 25°C (90°F)."),
    ("The kettle weighs 1.2 kg (about 2.6 lb).", "The kettle weighs 1.4 kg (about 3.1 lb).",
     "The kettle weighs 1.2 kg (about 4 lb)."),
    ("The cable is 1.5 m (5 ft) long.", "The cable is 2 m (6.5 ft) long.",
     "The cable is 1.5 m (8 ft) long."),
    ("The bag may be 56 x 45 x 25 cm (about 22 x 18 x 10 in).", "The bag may be 60 x 45 x 25 cm "
     "(about 24 x 18 x 10 in).", "The bag may be 56 x 45 x 25 cm (about 22 x 30 x 10 in)."),
    ("The tank holds 10 gallons, or about 38 litres.", "The tank holds 12 gallons, or about 45 "
     "litres.", "The tank holds 10 gallons, or about 60 litres."),
]  # fmt: skip
CONVERSION_PASSAGES = [
    "Store the kettle below 25°C.",
    "The kettle weighs 1.2 kg.",
    "The cable is 1.5 m long.",
    "The tank holds 10 gallons.",
    "The bag may be 56 x 45 x 25 cm.",
]


@pytest.mark.parametrize(("faithful", "changed", "wrong"), CONVERSIONS)
@pytest.mark.parametrize("rules", [None, "strict"])
def test_a_measure_converted_beside_itself_is_stated_when_the_measure_is(
    faithful: str, changed: str, wrong: str, rules: str | None
) -> None:
    judge = quoting_the_best_passage()
    assert verify(faithful, CONVERSION_PASSAGES, judge=judge, rules=rules).passed
    for lie in (changed, wrong):
        result = verify(lie, CONVERSION_PASSAGES, judge=judge, rules=rules)
        assert not result.passed, lie
        [demoted] = [v for v in result.claim_verdicts if v.label is not Label.SUPPORTED]
        # strict's number-clash may see the wrong conversion first
        assert demoted.rule in ("unstated-specifics", "number-clash")


@given(st.integers(min_value=-40, max_value=200))
def test_every_celsius_temperature_converts_to_its_fahrenheit(celsius: int) -> None:
    fahrenheit = round(celsius * 9 / 5 + 32)
    passages = [f"Keep it below {celsius}°C."]
    claim = f"below {celsius}°C ({fahrenheit}°F)"
    assert str(abs(fahrenheit)) in stated_conversions(claim, passages)
    assert not stated_conversions(f"below {celsius}°C ({fahrenheit + 5}°F)", passages)
    # a passage with the number but not the measure states no conversion of it
    assert not stated_conversions(claim, [f"Aisle {abs(celsius)} of the store."])
