"""Reference checks against the forms a golden answer and an answer write the same thing in:
numbers said in words, signs, currencies, separators, full-width forms, whitespace, order."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_faithful.api import verify_reference
from pytest_faithful.metrics.numbers import quantities

_ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
_TEENS = [
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
_TENS = ["-", "-", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def said(n: int, joint: str = "-") -> str:
    """``n`` (0 to 999) said in English words."""
    hundreds, rest = divmod(n, 100)
    if rest < 10:
        below = _ONES[rest]
    elif rest < 20:
        below = _TEENS[rest - 10]
    else:
        tens, ones = divmod(rest, 10)
        below = _TENS[tens] + (f"{joint}{_ONES[ones]}" if ones else "")
    if not hundreds:
        return below
    return f"{_ONES[hundreds]} hundred" + (f" and {below}" if rest else "")


def full_width(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


@given(
    st.integers(min_value=0, max_value=999),
    st.sampled_from(["-", " "]),
    st.sampled_from(["{} percent", "{} days", "{} dollars", "{} thousand dollars"]),
)
def test_a_number_said_in_words_reads_as_its_value(n: int, joint: str, form: str) -> None:
    """ "twenty-five percent" is 25%: not "five percent" (a 5% answer passed against it)."""
    (quantity,) = quantities(f"It is {form.format(said(n, joint))} today.")
    scale = 1000 if "thousand" in form else 1
    assert quantity.value == Decimal(n * scale)


MONTHS = "January February March April May June July August September October November December"


def month(n: int) -> str:
    return MONTHS.split()[n % 12]


def day(n: int) -> int:
    return n % 27 + 1


def iso(n: int) -> str:
    return f"2024-{n % 12 + 1:02d}-{day(n):02d}"


# Two ways of writing one quantity, each a function of its value.
SAME: list[tuple[str, Callable[[int], str], Callable[[int], str]]] = [
    ("words and digits", lambda n: f"{said(n % 1000)} percent", lambda n: f"{n % 1000}%"),
    ("US$ and $", lambda n: f"US${n}", lambda n: f"${n:,}"),
    ("C$ and CAD", lambda n: f"C${n}", lambda n: f"CAD {n}"),
    ("thin-space groups", lambda n: f"{n:,} users".replace(",", "\u202f"), lambda n: f"{n} users"),
    ("no-break-space groups", lambda n: f"${n:,}".replace(",", "\u00a0"), lambda n: f"{n} dollars"),
    ("full width", lambda n: full_width(f"${n}"), lambda n: f"${n}"),
    ("full-width percent", lambda n: full_width(f"{n}%"), lambda n: f"{n} percent"),
    ("minus", lambda n: f"minus {n} degrees", lambda n: f"-{n} degrees"),
    ("sign before the currency", lambda n: f"-${n}", lambda n: f"$-{n}"),
    ("degrees Celsius", lambda n: f"{n} degrees Celsius", lambda n: f"{n}\u00b0C"),
    ("a spaced unit", lambda n: f"{n}\u00b0 C", lambda n: f"{n} \u00b0C"),
    ("a money range", lambda n: f"${n}-{n + 5}", lambda n: f"${n} to ${n + 5}"),
    ("spaces", lambda n: f"{n}  per\tcent", lambda n: f"{n}%"),
    ("a currency sign after the value", lambda n: f"{n} \u20ac", lambda n: f"\u20ac{n}"),
    ("a dollar sign after the value", lambda n: f"{n}$", lambda n: f"{n} dollars"),
    ("a currency code for a sign", lambda n: f"NZ${n}", lambda n: f"NZD {n}"),
    ("a decimal comma", lambda n: f"{n},5 kg", lambda n: f"{n}.5 kg"),
    (
        "dots group thousands",
        lambda n: f"{n:,}".replace(",", ".") + ",50 \u20ac",
        lambda n: f"EUR {n}.5",
    ),
    ("M for million", lambda n: f"{n}M users", lambda n: f"{n:,} million users"),
    ("day and month", lambda n: f"{day(n)} {month(n)}", lambda n: f"{month(n)} {day(n)}"),
    (
        "an ordinal day",
        lambda n: f"the {day(n)}th of {month(n)}",
        lambda n: f"{month(n)[:3]}. {day(n)}",
    ),
    ("an ISO date", lambda n: f"{iso(n)}", lambda n: f"{month(n)} {day(n)}, 2024"),
    (
        "a range of days",
        lambda n: f"{day(n)}-28 {month(n)}",
        lambda n: f"{month(n)} {day(n)} to {month(n)} 28",
    ),
]
# Two quantities that differ, though their digits are the same.
DIFFERENT: list[tuple[str, Callable[[int], str], Callable[[int], str]]] = [
    ("sign", lambda n: f"minus {n} degrees", lambda n: f"{n} degrees"),
    ("sign before the currency", lambda n: f"-${n}", lambda n: f"${n}"),
    ("scale", lambda n: f"{n}\u00b0C", lambda n: f"{n}\u00b0F"),
    ("dollars", lambda n: f"C${n}", lambda n: f"US${n}"),
    ("compound words", lambda n: f"twenty-{_ONES[n % 9 + 1]} percent", lambda n: f"{n % 9 + 1}%"),
    ("currencies after the value", lambda n: f"{n} \u20ac", lambda n: f"{n} $"),
    ("the month of a date", lambda n: f"{month(n)} {day(n)}", lambda n: f"{month(n + 1)} {day(n)}"),
    ("metres and millions", lambda n: f"{n} m", lambda n: f"{n}M"),
]


@pytest.mark.parametrize(("_", "one", "other"), SAME, ids=[s[0] for s in SAME])
@given(n=st.integers(min_value=1, max_value=10**7))
def test_one_quantity_written_two_ways_is_stated(
    _: str, one: Callable[[int], str], other: Callable[[int], str], n: int
) -> None:
    first, second = f"The figure is {one(n)} now.", f"The figure is {other(n)} now."
    for answer, reference in ((first, second), (second, first)):
        result = verify_reference(answer, reference, keywords=False)
        assert result.passed, result.explanation


@pytest.mark.parametrize(("_", "one", "other"), DIFFERENT, ids=[s[0] for s in DIFFERENT])
@given(n=st.integers(min_value=1, max_value=10**7))
def test_quantities_that_differ_are_not_stated(
    _: str, one: Callable[[int], str], other: Callable[[int], str], n: int
) -> None:
    first, second = f"The figure is {one(n)} now.", f"The figure is {other(n)} now."
    for answer, reference in ((first, second), (second, first)):
        result = verify_reference(answer, reference, keywords=False)
        assert not result.passed, result.explanation


SENTENCES = [
    "Refunds take {} business days.",
    "Shipping to Canada costs ${}.",
    "The Pro plan includes {} GB of storage.",
    "Support answers within {} hours.",
    "About {}% of orders ship the same day.",
    "The store opens at {}am on weekdays.",
]


@given(
    st.lists(
        st.tuples(st.sampled_from(SENTENCES), st.integers(min_value=1, max_value=12)),
        min_size=1,
        max_size=5,
    ),
    st.randoms(use_true_random=False),
    st.sampled_from(["  ", "\t", "\n", "\u00a0", " \u00a0 "]),
)
def test_an_answer_that_reorders_and_adds_to_the_reference_covers_it(
    filled: list[tuple[str, int]], random: object, space: str
) -> None:
    """The reference's sentences in another order, with more said, spaced otherwise (any run
    of spaces, tabs or one line break between two words), in capitals: still covered."""
    sentences = [template.format(value) for template, value in filled]
    reference = " ".join(sentences)
    shuffled = list(sentences)
    random.shuffle(shuffled)  # type: ignore[attr-defined]
    answer = " ".join([*shuffled, "We also ship to Mexico for $20."]).replace(" ", space)
    for said_so in (answer, answer.upper()):
        result = verify_reference(said_so, reference, completeness=True)
        assert result.passed, result.explanation


@pytest.mark.parametrize(
    ("answer", "mode"),
    [
        ("Refunds take 30 days [^2].", "any"),
        ("Refunds take 30 days.[^1][^2]", "sentence"),
        ("Refunds take 30 days. [1] Shipping costs $15. [2]", "sentence"),
        ("Refunds take 30 days.\n[1]\nShipping costs $15.\n[2]", "sentence"),
    ],
)
def test_a_marker_is_a_citation_in_each_form_an_answer_writes_it(answer: str, mode: str) -> None:
    """Markdown footnotes ("[^2]") are markers, and a marker set after a sentence's full stop
    cites that sentence, not the next one."""
    result = verify_reference(
        answer, "x", numbers=False, keywords=False, citations=mode, contexts=["a", "b"]
    )
    assert result.passed, result.explanation


def test_a_footnote_marker_is_not_a_number_the_answer_states() -> None:
    result = verify_reference("There are plans[^2].", "There are 2 plans.", keywords=False)
    assert not result.passed


def test_a_marker_with_thousands_of_digits_is_no_passage_and_no_crash() -> None:
    result = verify_reference(
        f"See [{'1' * 5000}].", "x", numbers=False, keywords=False, citations=True, contexts=["a"]
    )
    assert not result.passed


def test_a_reference_in_full_width_forms_is_covered_by_its_ascii_form() -> None:
    reference = "Refunds take thirty days at Acme Store. Shipping costs $15."
    for answer, golden in ((full_width(reference), reference), (reference, full_width(reference))):
        result = verify_reference(answer, golden, completeness=True)
        assert result.passed, result.explanation
