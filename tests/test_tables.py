"""A table's row read under its header (text/tables.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_judges import quoting
from pytest_faithful import verify
from pytest_faithful.text.tables import other_records, rows_under, under_header
from pytest_faithful.text.terms import content_terms

# One medal table in each form: the rows' numbers count what only the header names.
MEDALS = {
    "markdown": "| Country | Medals | Rain (mm) |\n|---|---|---|\n| Norway | 37 | 12 |\n"
    "| Canada | 26 | 3 |",
    "pipes": "Country | Medals | Rain (mm)\nNorway | 37 | 12\nCanada | 26 | 3",
    "tabs": "Country\tMedals\tRain (mm)\nNorway\t37\t12\nCanada\t26\t3",
    "csv": "country,medals,rain_mm\nNorway,37,12\nCanada,26,3",
    "html": "<table><tr><th>Country</th><th>Medals</th><th>Rain (mm)</th></tr>\n"
    "<tr><td>Norway</td><td>37</td><td>12</td></tr>\n"
    "<tr><td>Canada</td><td>26</td><td>3</td></tr></table>",
}


@pytest.mark.parametrize("form", MEDALS)
def test_a_rows_numbers_are_read_with_their_columns_names(form: str) -> None:
    table = MEDALS[form]
    start = table.rindex("\n") + 1
    read = under_header(table, start, len(table))
    assert read is not None
    row = read.split("\n")[-1].lower()
    # A bare number takes its column's name; a unit in brackets or after "_" comes first.
    assert row == "canada | 26 medals | 3 mm rain"
    # The other rows' records a claim names: their first cells, every word of one.
    assert other_records(table, start, len(table), content_terms("Norway won")) == content_terms(
        "Norway"
    )
    assert other_records(table, start, len(table), content_terms("Canada won")) == frozenset()


@pytest.mark.parametrize(
    "text",
    [
        "Starter | 9\nPro | 20",  # no header: a first row with a number is a record
        "Plan | Price | Seats\nPro | 20",  # cells that do not line up
        "We sell plans.\nPro | 20",
    ],
)
def test_a_row_without_a_header_it_lines_up_with_is_read_as_it_is(text: str) -> None:
    start = text.rindex("\n") + 1
    assert under_header(text, start, len(text)) is None


@given(st.text(alphabet="ab1 |,\t\n_()", max_size=80), st.integers(0, 80), st.integers(0, 20))
@settings(max_examples=60)
def test_a_row_under_its_header_keeps_every_word_of_the_row(
    text: str, start: int, size: int
) -> None:
    start = min(start, len(text))
    end = min(start + size, len(text))
    read = under_header(text, start, end)
    other_records(text, start, end, content_terms(text))  # never fails on any text
    if read is not None:
        words = {t for t in content_terms(text[start:end]) if not t[0].isdigit()}
        assert words <= content_terms(read)


@given(st.text(alphabet="ab1 |,\t\n-", max_size=80), st.integers(0, 80), st.integers(0, 20))
@settings(max_examples=60)
def test_the_rows_under_a_header_are_whole_lines_after_it(text: str, start: int, size: int) -> None:
    start = min(start, len(text))
    end = min(start + size, len(text))
    rows = rows_under(text, start, end)
    for first, last in rows:
        assert first > end
        assert text[first - 1] == "\n"
        assert "\n" not in text[first:last]


_SCHOOLS = (
    "| | Hollins Park Academy | St Brendan's High School |\n"
    "|---|---|---|\n"
    "| Age range | 11-16 | 11-18 |\n"
    "| Pupils on roll | 1,140 | 1,480 |\n"
    "| Student / senior (concession) | £9 | £7 |"
)


@pytest.mark.parametrize(
    ("claim", "named"),
    [
        # One word of a two-word record names no row; more than half of a record's words do.
        ("Hollins Park Academy takes pupils aged 11-16.", frozenset()),
        ("Hollins Park Academy has 1,140 pupils on roll.", content_terms("pupils on roll")),
        ("A student pays the concession price of £9.", content_terms("student concession")),
    ],
)
def test_a_claim_names_a_record_by_more_than_half_its_words(
    claim: str, named: frozenset[str]
) -> None:
    start = _SCHOOLS.index("| Age range")
    end = _SCHOOLS.index("\n", start)
    assert other_records(_SCHOOLS, start, end, content_terms(claim)) == named


def test_a_header_quote_is_read_with_the_row_its_claim_names() -> None:
    header = _SCHOOLS.split("\n", 1)[0]
    judge = quoting(header)
    assert verify("Hollins Park Academy takes pupils aged 11-16.", [_SCHOOLS], judge=judge).passed
    # A figure the row does not write is caught, and so is the row's other column's ("11-18",
    # St Brendan's: text/columns.py).
    for other in ("11-17", "11-18"):
        claim = f"Hollins Park Academy takes pupils aged {other}."
        assert not verify(claim, [_SCHOOLS], judge=judge).passed, other
