"""A bare value ("£5.50.", "13:30.") answering a question bears on a quote that states it, of
its kind; a figure of another kind, a bare small number, or a figure no quote states does not."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evidence_judges import quoting
from pytest_faithful import verify
from pytest_faithful.text.quoted_values import states_the_value

TARIFF = (
    "Parking charges:\n| Up to 2 hours | £3.00 |\n| Up to 4 hours | £5.50 |\n"
    "Members get 15% off. School finishes at 13:30 on the last day of term."
)


@pytest.mark.parametrize(
    ("question", "answer", "quote", "passes"),
    [
        ("How much for three hours?", "£5.50.", "| Up to 4 hours | £5.50 |", True),
        ("When should I collect him?", "13:30.", "School finishes at 13:30", True),
        # A figure of another kind, or one the quote does not state.
        ("What's the discount in pounds?", "£15.", "Members get 15% off.", False),
        ("How much for three hours?", "£4.50.", "| Up to 4 hours | £5.50 |", False),
    ],
)
def test_a_bare_value_bears_on_a_quote_that_states_it_of_its_kind(
    question: str, answer: str, quote: str, passes: bool
) -> None:
    result = verify(answer, [TARIFF], question=question, judge=quoting(quote))
    assert result.passed is passes


def test_only_a_bare_and_specific_value_is_read() -> None:
    assert states_the_value("The estimate is £420\u2013£610.", "Up to £610.")
    assert not states_the_value("Bookings open 30 days ahead.", "30.")  # a small bare number
    assert not states_the_value("It costs £610.", "It costs £610.")  # words of its own


@given(
    value=st.decimals(min_value=1, max_value=9999, places=2).map(str),
    currency=st.sampled_from(["£", "$", "€"]),
    other=st.text(max_size=40),
)
def test_a_quote_stating_the_value_in_any_text(value: str, currency: str, other: str) -> None:
    claim = f"{currency}{value}."
    assert states_the_value(f"{other}\nThe fee is {currency}{value} a visit.", claim)
    assert not states_the_value(f"The rate is {value}% a year.", claim)


RENTS = "| Plot size | Annual rent |\n|---|---|\n| Full plot | £96 |\n| Half plot (125 m²) | £52 |"


@pytest.mark.parametrize(
    ("answer", "passes"),
    [
        ("£52 a year.", True),  # its rate's words (stop 67)
        ("£52 in total:", True),
        ("£50 a year.", False),  # a figure the quote does not state
        ("£52 for a greenhouse.", False),  # a word of its own
    ],
)
def test_a_value_with_its_rates_words_bears_on_a_quote_that_states_it(
    answer: str, passes: bool
) -> None:
    result = verify(answer, [RENTS], judge=quoting("| Half plot (125 m²) | £52 |"))
    assert result.passed is passes, result.claim_verdicts


def test_a_figure_split_off_a_longer_one_is_no_framed_value() -> None:
    # "a £1." split off "£1.8m" writes no word of its own: read for itself, it is no value.
    assert not states_the_value("committed £1.8m to the project", "a £1.", framed=True)
    assert states_the_value("| Half plot | £52 |", "£52 a year.", framed=True)
