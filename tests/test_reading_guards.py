"""The tests that let a reader skip a text hold for every text the skipped reading would change.

Each reader of ``text/`` tests a text for what a match of its pattern must hold (a digit, a
colon, a capital) before it runs the pattern, since most texts hold none and the pattern scans
the text in all its length. A test that skipped a text the pattern matches would change what
the text is read to say; these hold each such test to its pattern, on text made of the
characters the patterns read.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_faithful.text import numerals, readings, records, terms, wording
from pytest_faithful.text.periods import read_periods

# Digits, the separators the readers read between them, the letters of their words
# ("uhr", "h", "fy", "q", "am", "pm", "m"), case, and the marks of keys and clauses.
_ALPHABET = "0123456789 \u00a0\u202f\u2009\t\n.,:='\u2019-\u2013hurfyqapmHUROFAQbokTe"
_TEXTS = st.text(alphabet=_ALPHABET, max_size=40)
# Numbers and words the readers match, joined by what the alphabet holds.
_PIECES = st.lists(
    st.sampled_from(
        [
            "1.500",
            "1 500",
            "1\u202f500",
            "14h30",
            "14.30 Uhr",
            "2,5",
            "12,50,000",
            "2018-19",
            "2024-03-05",
            "q3",
            "fy23",
            "9am",
            "$5m",
            "GoodForKids:",
            "HasTV=",
            "According to the Staff Handbook,",
            "the FAQ says",
            "  ",
            "\t",
            " ",
            "euro",
        ]
    )
    | _TEXTS,
    max_size=6,
).map("".join)


@given(_PIECES)
@settings(max_examples=400, deadline=None)
def test_english_numbers_are_read_wherever_their_pattern_matches(text: str) -> None:
    """as_english skips each reading where its guard finds nothing: the reading's pattern then
    matches nothing either."""
    if not numerals._SPACED_DIGITS.search(text):
        assert numerals._SPACE_GROUPS.search(text) is None
    if not numerals._POINTED_DIGITS.search(text):
        assert numerals._POINT_GROUPS.search(text) is None
        assert numerals._ONE_POINT.search(text) is None
    if not numerals._TIME_DIGITS.search(text):
        assert numerals._TIME.search(text) is None


@given(_PIECES)
@settings(max_examples=400, deadline=None)
def test_number_readings_of_a_bag_need_a_digit(text: str) -> None:
    """A bag reads dates, year ranges, business periods, hours and millions only in a text with
    a digit: a text without one gives none of them."""
    lowered = text.lower()
    if terms._DIGIT.search(lowered) is None:
        assert terms._ISO_DATE.search(lowered) is None
        assert terms._YEAR_RANGE.search(lowered) is None
        read: set[str] = set()
        read_periods(lowered, 0, len(lowered), read)
        assert read == set()


@given(_PIECES)
@settings(max_examples=400, deadline=None)
def test_camel_case_keys_need_a_colon_or_an_equals_sign(text: str) -> None:
    if ":" not in text and "=" not in text:
        assert records._CAMEL_KEY.search(text) is None


@given(_PIECES)
@settings(max_examples=400, deadline=None)
def test_spacing_is_kept_where_nothing_would_change_it(text: str) -> None:
    assert wording._spaced(text) == wording._SPACES.sub(" ", text)


@given(_PIECES)
@settings(max_examples=400, deadline=None)
def test_a_text_without_a_capital_cites_no_document(text: str) -> None:
    """A cited document's title has a capital: a lowered text has none to blank."""
    lowered = text.lower()
    assert readings.without_cited_documents(lowered) == readings._DOCUMENT_FRAME.sub(
        readings._blanked_if_titled, lowered
    )
