"""Numbers written the local way ("1.500 \u20ac", "3 250,00 \u20ac", "1'500", "\u20b912,50,000")
read as the amounts they are, both ways: the honest restatement passes, a changed one is caught."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_faithful.text.numerals import as_english, parts_as_decimals
from pytest_faithful.text.terms import content_terms


def _numbers(text: str) -> frozenset[str]:
    return frozenset(t for t in content_terms(text) if t[0].isdigit())


def _european(value: int, cents: int) -> str:
    return f"{value:,}".replace(",", ".") + f",{cents:02d}"


@settings(max_examples=40)
@given(st.integers(1000, 10**9), st.integers(0, 99), st.sampled_from(["\u20ac", "EUR", "CHF"]))
def test_european_amount_reads_as_its_value(value: int, cents: int, currency: str) -> None:
    european = f"The fee is {_european(value, cents)} {currency}."
    assert len(as_english(european)) == len(european)  # every offset kept
    english = f"The fee is {currency} {value:,}.{cents:02d}."
    assert _numbers(european) == _numbers(english)
    assert _numbers(european) != _numbers(f"The fee is {currency} {value + 1:,}.{cents:02d}.")


@settings(max_examples=40)
@given(st.integers(1000, 999_999), st.sampled_from([" ", "\u202f", "'"]))
def test_grouped_by_space_or_apostrophe(value: int, sep: str) -> None:
    local = f"Total: {value:,} \u20ac".replace(",", sep)
    assert _numbers(local) == _numbers(f"Total: \u20ac{value:,}")
    assert _numbers(local) != _numbers(f"Total: \u20ac{value // 10:,}")


@settings(max_examples=40)
@given(st.integers(100_000, 10**9))
def test_indian_grouping(value: int) -> None:
    digits = str(value)
    head, tail = digits[:-3], digits[-3:]
    pairs = [head[max(0, i - 2) : i] for i in range(len(head), 0, -2)][::-1]
    indian = f"The balance is \u20b9{','.join([*pairs, tail])}."
    assert len(as_english(indian)) == len(indian)
    assert _numbers(indian) == _numbers(f"The balance is \u20b9{value:,}.")
    assert _numbers(indian) != _numbers(f"The balance is \u20b9{value * 10:,}.")


@pytest.mark.parametrize(
    ("passage", "same", "changed"),
    [
        ("It costs 1.500 \u20ac.", "It costs \u20ac1,500.", "It costs \u20ac1.50."),
        ("Dose 2,5 mg; 1.200 patients.", "1,200 patients", "1.2 patients"),
        ("Der Verbrauch betrug 3.450 kWh.", "Der Verbrauch betrug 3.450 kWh.", "3.45 kWh"),
        ("Rent \u20ac 1.250,- and \u20ac 2.500", "\u20ac2,500", "\u20ac2.50"),
        ("English: 1,500 people, 1,5 litres, 1.5 hours", "1500 people, 1.5 hours", "15 hours"),
        ("Departs 14.30 Uhr, arrives 18h45.", "Departs 14:30, arrives 18:45.", "14:50"),
        ("Fund: 1,2 Mio. \u20ac", "1.2 million", "1.2 billion"),
    ],
)
def test_local_forms_both_ways(passage: str, same: str, changed: str) -> None:
    stated = content_terms(passage)
    assert _numbers(same) <= stated
    assert not content_terms(changed) <= stated


def test_ambiguous_point_stays_decimal_without_context() -> None:
    assert _numbers("The ratio is 1.500 here.") == {"1.5"}
    assert _numbers("in 10 500-page books") == {"10", "500"}


@pytest.mark.parametrize(
    ("text", "stated", "not_stated"),
    [
        ("It recharged an iPhone about four and a half times.", "4.5", "4"),
        ("The drive takes 2 and a half hours.", "2.5", "2"),
        ("The bank raised its rate by a quarter point.", "0.25", "quarter"),
        ("It cut rates by half a percentage point.", "0.5", "half"),
        # A year less a count is no range of years ...
        ("As of 2024 - 53 years since it began.", "53", "2053"),
        # ... while a season or a financial year is.
        ("The 2018-19 season ended in May.", "2019", "19"),
    ],
)
def test_parts_and_year_ranges(text: str, stated: str, not_stated: str) -> None:
    terms = content_terms(text)
    assert stated in terms
    assert not_stated not in terms


@given(
    st.lists(
        st.sampled_from(["a", "b", "12", " ", ",", ".", "and", "half", "quarter", "of", "point"]),
        max_size=20,
    ).map("".join)
)
@settings(max_examples=200, deadline=None)
def test_parts_keep_every_offset(text: str) -> None:
    read = parts_as_decimals(text)
    assert len(read) == len(text)
    assert parts_as_decimals(read) == read  # read once for all


def test_a_price_and_a_half_day_is_two_things() -> None:
    from pytest_faithful.text.amounts import amounts

    assert amounts("A full day costs £32 and a half day costs £18.") == {
        "32": {Decimal(32)},
        "18": {Decimal(18)},
    }
    assert amounts("The walk takes two and a half hours.") == {"2.5": {Decimal("2.5")}}
