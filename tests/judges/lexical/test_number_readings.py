"""Numbers read as what they mean: 24/7, times, ordinals, currency, percentages, ranges."""

from __future__ import annotations

import pytest

from pytest_faithful import Label, verify
from pytest_faithful.terms import content_terms, number_kinds

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
    ],
)
def test_another_value_for_the_same_thing_is_a_contradiction(claim: str, other: str) -> None:
    cv = verify(claim, PASSAGE, judge="lexical").claim_verdicts[0]
    assert cv.label is Label.CONTRADICTED
    assert f"the passage says {other}" in cv.reason or other in cv.reason


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
