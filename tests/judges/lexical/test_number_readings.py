"""Numbers read as what they mean: 24/7, times, ordinals, currency, percentages, ranges."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_faithful import Label, verify
from pytest_faithful.text.clock import hours_ranges, may_say_am_or_pm
from pytest_faithful.text.kinds import number_kinds
from pytest_faithful.text.readings import ORDINAL_WORDS, csv_cells_apart
from pytest_faithful.text.terms import content_terms

PASSAGE = (
    "Support is open Monday to Friday, 9am-5pm. Returns are accepted within 30 days. "
    "Shipping takes 2 to 3 days and costs $15. Refunds are 100% of the price. "
    "The store opened on May 3rd. The 2018\u201319 season was its best."
)


@pytest.mark.parametrize(
    ("text", "terms"),
    [
        ("24/7", {"24/7"}),
        ("around the clock", {"24/7", "around", "clock"}),
        ("9am-5pm", {"9:00", "17:00"}),
        ("9 a.m. to 5 p.m.", {"9:00", "17:00"}),
        ("from 9:00 to 17:00", {"9:00", "17:00"}),
        ("at 12pm and 12 AM", {"12:00", "0:00"}),
        ("the 21st", {"21"}),
        ("$15", {"15"}),
        ("15 dollars", {"15"}),
        ("30%", {"30", "percent"}),
        ("30 per cent", {"30", "percent"}),
        ("2-3 days", {"2", "3", "day"}),
        ("the 2018\u201319 season", {"2018", "2019", "season"}),
        # An ordinal word is its ordinal; "second" the unit of time and "Second," counting
        # points are not.
        ("finished second", {"finish", "2"}),
        ("the second-largest city", {"2", "largest", "citi"}),
        ("a third-party app", {"third", "parti", "app"}),
        ("won a second title", {"won", "2", "titl"}),
        ("a second later", {"second", "later"}),
        ("100 requests per second", {"100", "request", "second"}),
        ("Second, we ship", {"second", "ship"}),
        # The first end of a range of hours borrows the second's am/pm.
        ("2-4pm", {"14:00", "16:00"}),
        ("from 2 to 4 p.m.", {"14:00", "16:00"}),
        ("10-2pm", {"10:00", "14:00"}),
        ("12-2pm", {"12:00", "14:00"}),
        ("10 to 12pm", {"10:00", "12:00"}),
        # Magnitudes: "bn" always, "m" only in an amount of money (else a metre).
        ("$1.2bn", {"1.2", "billion"}),
        ("\u00a35m", {"5", "million"}),
        ("5m long", {"5", "long"}),
        # A decade is not its first year.
        ("the 1990s", {"1990s"}),
        # Times of day said in words; a count after "a quarter to ten" is not a time.
        ("opens at noon", {"open", "12:00"}),
        ("12 noon", {"12:00"}),
        ("at midnight", {"0:00"}),
        ("half past ten", {"10:30"}),
        ("a quarter to 1", {"12:45"}),
        ("quarter past nine tonight", {"9:15", "tonight"}),
        ("a quarter to ten people", {"quarter", "10", "peopl"}),
        ("cut by half to ten", {"cut", "half", "10"}),
        ("the afternoon", {"afternoon"}),
        # A list item's number and a citation marker are no values the text states.
        ("2. Shipping costs $15", {"ship", "cost", "15"}),
        ("Refunds take 30 days [2].", {"refund", "tak", "30", "day"}),
        ("as sources say [1, 3]", {"sourc"}),
        ("It is 2.5 km long", {"2.5", "kilometr", "long"}),  # "km" is the kilometre's word
        # Where an answer comes from is not what it states.
        ("Refunds take 30 days (Source: Refund Policy.pdf).", {"refund", "tak", "30", "day"}),
        ("See [the policy](https://acme.example/refunds).", {"see", "polici"}),
        ("It opened (in 2019) in Paris", {"open", "2019", "paris"}),
    ],
)
def test_readings(text: str, terms: set[str]) -> None:
    assert content_terms(text) == terms


@pytest.mark.parametrize(
    "claim",
    [
        "Support is open 9 a.m. to 5 p.m.",
        "Support is open from 9:00 to 17:00.",
        "Shipping takes 2-3 days.",
        "Shipping costs 15 dollars.",
        "Refunds are 100 percent of the price.",
        "The store opened on the 3rd of May.",
        "The 2018-2019 season was its best.",
        "The store opened on the third of May.",
    ],
)
def test_the_same_value_written_another_way_is_supported(claim: str) -> None:
    assert verify(claim, PASSAGE, judge="lexical").claim_verdicts[0].label is Label.SUPPORTED


@pytest.mark.parametrize(
    "claim",
    [
        "You can email support 24/7.",  # the passage gives opening hours, not email hours
        "Returns are accepted within 30 days, and shipping takes 4 hours.",  # no hours stated
    ],
)
def test_a_missing_number_without_another_value_for_it_is_not_enough_info(claim: str) -> None:
    cv = verify(claim, PASSAGE, judge="lexical").claim_verdicts[0]
    assert cv.label is Label.NOT_ENOUGH_INFO


@pytest.mark.parametrize(
    ("claim", "other"),
    [
        ("Returns are accepted within 60 days.", "30"),
        ("Support is open Monday to Friday, 10am-5pm.", "9:00"),
        ("Shipping costs $20.", "15"),
        ("Refunds are 50% of the price.", "100"),
        ("Shipping takes 3-5 days.", "2"),  # the ends of a range count the same thing
        ("The store opened on May 4th.", "3"),  # a day of a month against another
    ],
)
def test_another_value_for_the_same_thing_is_a_contradiction(claim: str, other: str) -> None:
    cv = verify(claim, PASSAGE, judge="lexical").claim_verdicts[0]
    assert cv.label is Label.CONTRADICTED
    assert f"the passage says {other}" in cv.reason or other in cv.reason


@pytest.mark.parametrize(
    ("claim", "label"),
    [
        ("The desk opens at noon.", Label.SUPPORTED),
        ("The desk opens at 10am.", Label.CONTRADICTED),
        ("The desk closes at a quarter to ten.", Label.SUPPORTED),
        ("The desk closes at half past nine.", Label.CONTRADICTED),
    ],
)
def test_a_time_said_in_words_is_that_time(claim: str, label: Label) -> None:
    passage = "The desk opens at 12pm and closes at 9:45."
    cv = verify(claim, passage, judge="lexical").claim_verdicts[0]
    assert cv.label is label
    if label is Label.CONTRADICTED:  # the reason shows the claim's own words
        assert claim.split(" at ")[1].rstrip(".") in cv.reason


def test_number_kinds() -> None:
    kinds = number_kinds("It costs $15, takes 30 days, 20% off, opens 9am, since 1999, is item 7")
    assert kinds == {
        "15": {"money"},
        "30": {"unit:day"},
        "20": {"percent"},
        "9:00": {"time"},
        "1999": {"year"},
        "7": {"plain"},
    }


@pytest.mark.parametrize(
    ("claim", "passage", "label"),
    [
        ("She finished 2nd.", "She finished second in the race.", Label.SUPPORTED),
        ("She finished 3rd.", "She finished second in the race.", Label.CONTRADICTED),
        ("The meeting runs from 2 to 4 pm.", "The meeting runs 2pm-4pm.", Label.SUPPORTED),
        ("The meeting runs 2-5pm.", "The meeting runs 2pm-4pm.", Label.CONTRADICTED),
        ("Revenue was $1.2bn.", "Revenue was $1.2 billion.", Label.SUPPORTED),
        ("Revenue was \u00a35m.", "Revenue was 5 million pounds.", Label.SUPPORTED),
        # A decade against one of its years: not the year 1990, so not a contradiction.
        ("It happened in the 1990s.", "It happened in 1994.", Label.NOT_ENOUGH_INFO),
    ],
)
def test_readings_in_claims(claim: str, passage: str, label: Label) -> None:
    assert verify(claim, passage, judge="lexical").claim_verdicts[0].label is label


def test_number_kinds_of_ranges_and_dates() -> None:
    assert number_kinds("3-5 days, between 10 and 20%, $10 to 20") == {
        "3": {"unit:day"},
        "5": {"unit:day"},
        "10": {"percent", "money"},
        "20": {"percent", "money"},
    }
    assert number_kinds("on 3 March, March 4th, the 5th of May, in March 2020") == {
        "3": {"date"},
        "4": {"date"},
        "5": {"date"},
        "2020": {"year"},
    }
    # A year and a number of days joined by "and" are not one range.
    assert number_kinds("in 2019 and 30 days later") == {"2019": {"year"}, "30": {"unit:day"}}
    # A count written with a thousands separator is never a year.
    assert number_kinds("By 2023 the company had 1,200.") == {"2023": {"year"}, "1200": {"plain"}}


_ORDINALS = st.sampled_from(
    [(2, "second", "2nd"), (3, "third", "3rd"), (4, "fourth", "4th"), (12, "twelfth", "12th")]
)


@given(ordinal=_ORDINALS, noun=st.sampled_from(["place", "album", "season", "quarter"]))
def test_an_ordinal_word_reads_as_its_ordinal(ordinal: tuple[int, str, str], noun: str) -> None:
    n, word, short = ordinal
    assert content_terms(f"the {word} {noun}") == content_terms(f"the {short} {noun}")
    assert str(n) in content_terms(f"The {word.title()} {noun}")


@given(
    first=st.integers(1, 9),  # up to 11: "10-12am" runs from 10pm to midnight
    span=st.integers(1, 2),
    half=st.sampled_from(["am", "pm", " a.m.", " p.m."]),
    joint=st.sampled_from(["-", "\u2013", " to ", " - ", " until "]),
)
def test_an_hour_range_within_one_half_day_shares_its_am_pm(
    first: int, span: int, half: str, joint: str
) -> None:
    last = first + span
    assert content_terms(f"{first}{joint}{last}{half}") == content_terms(
        f"{first}{half}{joint}{last}{half}"
    )


@given(
    first=st.integers(0, 500),
    last=st.integers(0, 500),
    joint=st.sampled_from(["-", " to ", " or ", "\u2013"]),
    unit=st.sampled_from(["days", "%", "people"]),
)
def test_both_ends_of_a_range_count_the_same_thing(
    first: int, last: int, joint: str, unit: str
) -> None:
    kinds = number_kinds(f"It takes {first}{joint}{last} {unit}.")
    assert kinds[str(first)] == kinds[str(last)]
    assert "plain" not in kinds[str(first)]


@pytest.mark.parametrize("word", sorted(ORDINAL_WORDS))
def test_every_ordinal_word_is_read_in_lower_and_title_case(word: str) -> None:
    # The reading is skipped for text without a hint of one (for speed): no word may lack it.
    number = ORDINAL_WORDS[word][:-2]
    assert number in content_terms(f"the {word} season")
    assert number in content_terms(f"The {word.title()} Season")


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        (
            "Rückerstattungen werden nicht innerhalb von 30 Tagen ausgestellt.",
            "Rückerstattungen werden innerhalb von 30 Tagen ausgestellt.",
        ),
        ("Le magasin n'ouvre jamais le dimanche.", "Le magasin ouvre le dimanche."),
        ("La tienda nunca abre los domingos.", "La tienda abre los domingos."),
    ],
)
def test_a_negation_in_another_language_is_a_negation(claim: str, passage: str) -> None:
    cv = verify(claim, passage, judge="lexical").claim_verdicts[0]
    assert cv.label is not Label.SUPPORTED


@pytest.mark.parametrize(
    ("answer", "passage", "label"),
    [
        # A footnote mark is no figure the answer states.
        ("Revenue rose 5%\u00b9 in March.", "Revenue rose 5% in March.", Label.SUPPORTED),
        # Next to a month it crashed the date reading (int("\u00b9")).
        ("Revenue rose on \u00b9 March.", "Revenue rose on 1 March.", Label.SUPPORTED),
        ("The area is 60 m\u00b2 \u2460.", "The area is 60 m.", Label.SUPPORTED),
    ],
    ids=["footnote", "next-to-a-month", "power-and-circled"],
)
def test_digits_that_are_signs_are_no_numbers(answer: str, passage: str, label: Label) -> None:
    result = verify(answer, [passage], judge="lexical")
    assert [v.label for v in result.claim_verdicts] == [label]


_HOURS_NOISE = st.lists(st.sampled_from(["2", "10", " ", "\n", "m", "a", "p", "x"]), max_size=4)


@given(
    before=_HOURS_NOISE,
    first=st.sampled_from(["2", "10", "12", "9:30", "8.15"]),
    joint=st.sampled_from(["-", "\u2013", " to ", " until ", "x"]),
    last=st.sampled_from(["4", "11", "12:45"]),
    half=st.sampled_from(["am", "pm", " a.m.", " p.m", "PM", "m", ""]),
    after=_HOURS_NOISE,
    cut=st.integers(0, 40),
)
def test_the_am_pm_hint_misses_no_range_of_hours(
    before: list[str],
    first: str,
    joint: str,
    last: str,
    half: str,
    after: list[str],
    cut: int,
) -> None:
    """The substring tests that spare most texts the hours pattern (``may_say_am_or_pm``)
    hold wherever the pattern finds a range, in the whole text and in a window of it."""
    text = "".join(before) + first + joint + last + half + "".join(after)
    for begin, end in ((0, len(text)), (min(cut, len(text)), len(text)), (0, min(cut, len(text)))):
        if hours_ranges(text, begin, end):
            assert may_say_am_or_pm(text, begin, end)


@pytest.mark.parametrize(
    "row",
    ["| 2 | Pro | $20 |", "2 | Pro | $20", "2\tPro\t$20", "2,Pro,$20",
     "<tr><td>2</td><td>Pro</td><td>$20</td></tr>"],
    ids=["markdown", "pipes", "tabs", "csv", "html"],
)  # fmt: skip
def test_a_number_takes_no_unit_from_the_next_cell(row: str) -> None:
    """A row-number column: "| 2 | Pro |" does not count "Pro"s; a unit in its own cell does."""
    assert number_kinds(row)["2"] == {"plain"}
    assert number_kinds(row.replace("2", "2 seats", 1))["2"] == {"unit:seat"}


@given(
    st.lists(st.from_regex(r"[A-Za-z]{1,6}|[0-9]{1,3}", fullmatch=True), min_size=2, max_size=6),
    st.sampled_from([" | ", "\t", ","]),
)
@settings(max_examples=30)
def test_no_number_of_a_row_counts_another_cell(cells: list[str], separator: str) -> None:
    kinds = number_kinds(separator.join(cells))
    words = frozenset().union(*(content_terms(cell) for cell in cells if cell.isalpha()))
    assert not any(f"unit:{word}" in kind for kind in kinds.values() for word in words)


@pytest.mark.parametrize(
    ("row", "numbers"),
    [
        ("Tokyo,37.4,2194", {"37.4", "2194"}),  # a decimal, then a cell
        ("1,Arsenal,38,89", {"1", "38", "89"}),  # not 38.89
        ("RE 12,08:45,11:30,south", {"12", "8:45", "11:30"}),
        ("Apple,95,0.5", {"95", "0.5"}),
        ("Widget,1,500", {"1500"}),  # three digits after one to three: a thousands separator
        ("We sold 1,500 units, 38,89 EUR", {"1500", "38.89"}),  # prose is no row
    ],
)
def test_a_csv_rows_commas_between_numbers_part_its_cells(row: str, numbers: set[str]) -> None:
    assert {t for t in content_terms(row) if t[0].isdigit()} == numbers


@given(st.text(alphabet="ab1,.\n ", max_size=60))
def test_csv_cells_apart_keeps_every_offset(text: str) -> None:
    apart = csv_cells_apart(text)
    assert len(apart) == len(text)
    assert all(a == b or (b == "," and a == " ") for a, b in zip(apart, text, strict=True))
