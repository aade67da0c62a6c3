"""Reference checks: numbers, keywords, exact match, completeness, citations (no judge)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_faithful.api import verify_reference
from pytest_faithful.metrics.numbers import quantities
from pytest_faithful.metrics.reference import (
    citation_markers,
    normalize_exact,
    reference_keywords,
)

REFERENCE = "Refunds are accepted within 30 days at Acme Store. Premium costs $25 per month."


@pytest.mark.parametrize(
    ("text", "described"),
    [
        ("$1,200.50", "USD 1200.5"),
        ("USD 1200.5", "USD 1200.5"),
        ("1,200.50 dollars", "USD 1200.5"),
        ("15%", "15%"),
        ("15 percent", "15%"),
        ("fifteen per cent", "15%"),
        ("2.5 million", "2500000"),
        ("€5m", "EUR 5000000"),
        ("30 days", "30 day"),
        ("30-day", "30 day"),
        ("three weeks", "3 week"),
        ("12 GB", "12 gigabyte"),
        ("10 min", "10 minute"),
        ("5 m", "5 metre"),
    ],
)
def test_quantities_read_values_currency_percentages_and_units(text: str, described: str) -> None:
    (quantity,) = quantities(text)
    assert quantity.describe() == described


@pytest.mark.parametrize(
    ("text", "described"),
    [
        ("open 9am-5pm", ["9:00", "17:00"]),
        ("from 9 a.m. to 5:30 p.m.", ["9:00", "17:30"]),
        ("between 2-4pm", ["14:00", "16:00"]),  # the first end borrows the second's pm
        ("10-2pm", ["10:00", "14:00"]),
        ("at 17:00", ["17:00"]),
        ("at noon", ["12:00"]),
        ("at midnight", ["0:00"]),
        ("by half past ten", ["10:30"]),
    ],
)
def test_a_time_of_day_is_a_time_not_two_numbers(text: str, described: list[str]) -> None:
    found = quantities(text)
    assert [q.describe() for q in found] == described
    assert {q.kind for q in found} == {"time"}


def test_another_time_of_day_is_missing() -> None:
    assert not verify_reference("Open 9pm-5am.", "Open 9am-5pm.", keywords=False).passed
    assert not verify_reference("Opens at 10:00.", "Opens at 9:00.", keywords=False).passed
    assert verify_reference("Doors open at 9 a.m.", "Doors open at 09:00.", keywords=False).passed
    assert verify_reference("We close at noon.", "We close at 12pm.", keywords=False).passed


def test_a_range_shares_its_unit_and_number_words_need_a_measure() -> None:
    assert [q.describe() for q in quantities("3-5 business days")] == ["3 day", "5 day"]
    assert quantities("one of them said ten things") == ()


@pytest.mark.parametrize("end", [".", "...", ".\nNext line."])
@pytest.mark.parametrize(
    ("symbol", "code"), [("€", "EUR"), ("$", "USD"), ("£", "GBP"), ("¥", "JPY")]
)
@pytest.mark.parametrize("space", [" ", "", "\u00a0"])
def test_a_currency_sign_after_its_value_holds_before_a_full_stop(
    symbol: str, code: str, space: str, end: str
) -> None:
    # "It costs 5 €." read as a bare 5 (the sign was refused before any "."), so the README's
    # "5 €" = "€5" failed at the end of a sentence, where the sign mostly stands.
    text = f"The fee is 1.200,50{space}{symbol}{end}"
    assert [q.describe() for q in quantities(text)] == [f"{code} 1200.5"]
    assert verify_reference(f"The fee is {symbol}1,200.50.", text, keywords=False).passed
    # A sign before a value is still that value's: "5 €.50" is 5 and EUR 0.50.
    assert [q.describe() for q in quantities(f"5 {symbol}.50")] == ["5", f"{code} 0.5"]


def test_numbers_name_what_is_missing() -> None:
    result = verify_reference("Returns within 30 days; premium is $20.", REFERENCE, keywords=False)
    assert not result.passed
    (part,) = result.parts
    assert part.name == "numbers"
    assert [i.text for i in result.failing_items] == ["$25"]
    assert "missing: '$25'" in result.explanation


def test_numbers_differ_by_unit_and_currency() -> None:
    assert not verify_reference("30 hours", "30 days", keywords=False).passed
    assert not verify_reference("€25", "$25", keywords=False).passed
    assert not verify_reference("30", "30%", keywords=False).passed
    assert verify_reference("a 30-day window", "within thirty days", keywords=False).passed


@pytest.mark.parametrize("reference", ["", "   ", "...", "The.", "I don't know."])
def test_a_reference_that_gives_nothing_to_compare_is_an_error(reference: str) -> None:
    with pytest.raises(ValueError, match="reference gives the enabled checks nothing"):
        verify_reference("Paris is the capital.", reference)


def test_a_check_with_nothing_to_compare_is_left_out_of_the_score() -> None:
    with pytest.raises(ValueError, match="it states no number"):
        verify_reference("The capital is Paris.", "The capital is London.", keywords=False)
    result = verify_reference("The capital is Paris.", "The capital is London.")
    assert [p.name for p in result.parts] == ["keywords"]  # no number: numbers is not scored
    assert result.score == 0.5
    assert "not checked: the reference states no number" in result.explanation
    # A golden answer that declines is compared by an exact match.
    assert verify_reference("I don't know!", "I don't know.", exact=True).passed


def test_keywords_given_must_all_be_there() -> None:
    result = verify_reference(
        "Acme refunds in 30 days.", REFERENCE, numbers=False, keywords=["Acme", "Premium"]
    )
    assert not result.passed
    assert [i.text for i in result.failing_items] == ["Premium"]


@pytest.mark.parametrize(
    ("answer", "keyword", "found"),
    [
        ("Refunds are not allowed.", "not", True),
        ("Nothing is refunded.", "not", False),  # a whole word, not part of one
        ("Refunds are not allowed.", "no", False),
        ("This one.", "is", False),
        ("Any answer.", "a", False),
        ("It is a cat.", "a", True),
        ("It is not, as far as I know.", "as far as", True),
    ],
)
def test_a_keyword_of_function_words_is_found_as_whole_words(
    answer: str, keyword: str, found: bool
) -> None:
    result = verify_reference(answer, "Paris", numbers=False, keywords=[keyword])
    assert result.passed is found


def test_reference_keywords_are_phrases_numbers_and_content_words() -> None:
    keywords = reference_keywords(REFERENCE)
    assert keywords[:3] == ["Acme Store", "30 days", "$25"]
    assert "accepted" in keywords
    assert "are" not in keywords


def test_keyword_coverage_uses_the_threshold() -> None:
    answer = "Refunds are accepted within 30 days at Acme Store."
    loose = verify_reference(answer, REFERENCE, numbers=False, threshold=0.5)
    strict = verify_reference(answer, REFERENCE, numbers=False, threshold=1.0)
    assert loose.passed
    assert not strict.passed


def test_exact_match_is_normalised() -> None:
    assert verify_reference("The  Eiffel tower!", "eiffel Tower", exact=True, keywords=False).passed
    assert not verify_reference("Eiffel", "Eiffel Tower", exact=True, keywords=False).passed


def test_completeness_names_the_sentences_not_covered() -> None:
    result = verify_reference(
        "Refunds are accepted within 30 days at Acme Store.",
        REFERENCE,
        numbers=False,
        keywords=False,
        completeness=True,
    )
    assert not result.passed
    assert [i.text for i in result.failing_items] == ["Premium costs $25 per month."]


def test_citations_point_at_passages_that_exist() -> None:
    contexts = ["one", "two"]
    ok = verify_reference(
        "Yes [1]. Also [1, 2].",
        "x",
        numbers=False,
        keywords=False,
        citations=True,
        contexts=contexts,
    )
    assert ok.passed
    dangling = verify_reference(
        "Yes [3].", "x", numbers=False, keywords=False, citations=True, contexts=contexts
    )
    assert "cites passage(s) 3, but there are 2" in dangling.explanation
    none = verify_reference(
        "Yes.", "x", numbers=False, keywords=False, citations=True, contexts=contexts
    )
    assert "cites no passage" in none.explanation
    per_sentence = verify_reference(
        "Refunds take 30 days [1]. Shipping is free.",
        "x",
        numbers=False,
        keywords=False,
        citations="sentence",
        contexts=contexts,
    )
    assert [i.text for i in per_sentence.failing_items] == ["Shipping is free."]


def test_markers_are_not_numbers() -> None:
    assert verify_reference("Within 30 days [2].", "Within 30 days [1].", keywords=False).passed


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"answer": 1}, TypeError, "answer must be a str"),
        ({"reference": None}, TypeError, "reference must be a str"),
        ({"keywords": "Acme"}, TypeError, "keywords must be True"),
        ({"keywords": []}, ValueError, "keywords is an empty list"),
        ({"keywords": ["ok", ""]}, ValueError, "keywords[1] is empty"),
        ({"keywords": ["..."]}, ValueError, "keywords[0] has no word or number"),
        ({"numbers": "yes"}, TypeError, "numbers must be a bool"),
        ({"threshold": 2}, ValueError, "threshold must be in [0, 1]"),
        ({"citations": True}, ValueError, "citations needs contexts"),
        ({"citations": "all", "contexts": ["a"]}, ValueError, "citations must be"),
        ({"numbers": False, "keywords": False}, ValueError, "nothing to check"),
        ({"contexts": [1]}, TypeError, "contexts[0] must be a str"),
    ],
)
def test_bad_arguments_name_the_argument(
    kwargs: dict[str, object], error: type[Exception], words: str
) -> None:
    arguments: dict[str, object] = {"answer": "a", "reference": "Paris"} | kwargs
    with pytest.raises(error, match=words.replace("[", r"\[").replace("]", r"\]")):
        verify_reference(**arguments)  # type: ignore[arg-type]


# --- properties of the text parsing --------------------------------------------------------------


@given(st.text())
def test_quantities_never_fail_and_spans_hold_their_text(text: str) -> None:
    for quantity in quantities(text):
        assert text[quantity.start : quantity.end] == quantity.text


@given(
    st.integers(min_value=0, max_value=10**12),
    st.sampled_from(["{}", "{:,}", "${:,}", "USD {}", "{} %", "{}%", "{} days", "{}-day"]),
)
def test_a_written_number_reads_back_as_its_value(value: int, form: str) -> None:
    (quantity,) = quantities(f"It is {form.format(value)} today.")
    assert quantity.value == Decimal(value)


@pytest.mark.parametrize(
    "reference",
    ["24/7", "Open 24/7.", "13PM", "Open 2-4pm daily.", "3.5kg bags", "9am-5pm, Mon-Fri"],
)
def test_a_reference_whose_terms_read_its_words_together_matches_itself(reference: str) -> None:
    """ "24/7" reads as one term (round the clock) and "4pm" as a time of day, while the
    keywords were cut from the same text as words ("24", "7", "PM"): each keyword is found
    in the answer as written, where it stands on its own."""
    result = verify_reference(reference, reference, exact=True, completeness=True)
    assert result.passed, result.explanation


@pytest.mark.parametrize(
    ("reference", "answer"),
    [("3.5kg", "13.5kg"), ("$15 fee", "$150 fee"), ("PM", "PMS")],
)
def test_a_keyword_inside_a_longer_word_or_number_is_not_said(reference: str, answer: str) -> None:
    result = verify_reference(answer, reference, numbers=False)
    assert not result.passed, result.explanation


@given(st.text())
def test_a_reference_always_matches_itself(reference: str) -> None:
    result = verify_reference(reference, reference, exact=True, completeness=True)  # exact: 1 item
    assert result.passed
    assert result.score == 1.0


@given(st.text())
def test_exact_normalisation_is_idempotent_and_ignores_case(text: str) -> None:
    once = normalize_exact(text)
    assert normalize_exact(once) == once
    assert normalize_exact(text.upper()) == normalize_exact(text.lower()) or not text.isascii()


@given(st.lists(st.integers(min_value=1, max_value=50), min_size=1, max_size=5))
def test_citation_markers_read_back_their_numbers(numbers: list[int]) -> None:
    ((_, _, read),) = citation_markers(f"Said so [{', '.join(map(str, numbers))}].")
    assert list(read) == numbers
