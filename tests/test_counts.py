"""An answer's count of what a passage lists, both ways.

"Support is available through three channels." from "by phone, email or live chat": a count
of the passage's own list is stated by it; another count is caught, and a number that counts
no listed things ("a four-year term", "two decades", "Q4") is not read as one.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evidence_judges import assert_both_ways
from pytest_faithful.text.counts import counted

# (passage, the faithful answer, the same with its count changed)
LISTS = {
    "a sentence's list with 'or'": (
        "You can reach our support team by phone, email or live chat.",
        "Support is available through three channels.",
        "Support is available through four channels.",
    ),
    "a list that the sentence goes on after": (
        "The festival takes place in Oslo, Bergen, Trondheim and Stavanger, with 40 concerts "
        "in total.",
        "The festival takes place in four cities.",
        "The festival takes place in five cities.",
    ),
    "the counted word heads the list": (
        "Ingredients: flour, sugar, butter, eggs, vanilla and baking powder.",
        "The recipe uses 6 ingredients.",
        "The recipe uses 5 ingredients.",
    ),
    "a bulleted list under its lead": (
        "The Pro plan includes:\n- unlimited projects\n- priority support\n- custom domains\n"
        "- team analytics",
        "The Pro plan includes four features.",
        "The Pro plan includes six features.",
    ),
    "a numbered list with a nested item": (
        "Team members:\n1. Ana (design)\n   - leads the brand work\n2. Ben (backend)\n"
        "3. Chloe (frontend)",
        "The team has three members.",
        "The team has four members.",
    ),
    "a bulleted list, two of its items named": (
        "The Pro plan includes:\n- Unlimited projects\n- 100 GB of storage\n- Priority support\n"
        "- Single sign-on\n- Audit logs\nThe Pro plan costs $20 per user per month.",
        "The Pro plan includes five features, among them single sign-on and audit logs.",
        "The Pro plan includes six features, among them single sign-on and audit logs.",
    ),
}


@pytest.mark.parametrize("rules", ["standard", "strict"])
@pytest.mark.parametrize("form", LISTS)
def test_a_count_of_a_listed_thing_passes_and_another_count_is_caught(
    form: str, rules: str
) -> None:
    passage, faithful, changed = LISTS[form]
    assert_both_ways(faithful, changed, [passage], rules)


@pytest.mark.parametrize(
    ("term", "claim"),
    [
        ("4", "Aurora won its four-year elections in Lagos, Abuja and Kano and Enugu."),
        ("2", "Aurora has been operating for over two decades."),
        ("4", "Aurora expects Q4 revenue from Lagos, Abuja, Kano and Enugu."),
        ("4", "Aurora charges $4 in Lagos, Abuja, Kano and Enugu."),
    ],
)
def test_a_number_that_counts_no_listed_things_is_no_count(term: str, claim: str) -> None:
    passages = ("Aurora operates in Lagos, Abuja, Kano and Enugu, and in two other cities.",)
    assert not counted(term, claim, passages)


@pytest.mark.parametrize(
    "claim",
    [
        "You may carry at most three spare batteries in your hand luggage.",
        "You may carry no more than three spare batteries in your hand luggage.",
        "You may carry up to three spare batteries in your hand luggage.",
        "Hold the three spare batteries in your hand luggage for three seconds.",
    ],
)
def test_a_bound_or_a_measure_in_words_counts_no_list(claim: str) -> None:
    # A bound limits how many, and seconds are measured: neither counts the passage's list.
    passages = ("Spare batteries, power banks and e-cigarettes go in your hand luggage.",)
    assert counted("3", "You carry three things in your hand luggage.", passages)
    assert not counted("3", claim.replace("the three spare", "the spare"), passages)


def test_a_list_about_something_else_counts_nothing() -> None:
    passages = ("The Pro plan includes:\n- priority support\n- custom domains\n- analytics",)
    assert not counted("3", "Support is available through three channels.", passages)
    # Naming the list's items does not make it a list of what the claim counts.
    named = "Support is available through three channels, priority support and custom domains."
    assert not counted("3", named, passages)


words = st.lists(
    st.sampled_from(
        [
            "apples",
            "pears",
            "plums",
            "figs",
            "kiwis",
            "limes",
            "dates",
            "grapes",
            "melons",
            "cherries",
        ]
    ),
    min_size=2,
    max_size=10,
    unique=True,
)


@given(words, st.sampled_from([", and ", " and ", ", or ", " or "]))
def test_a_sentence_list_of_any_length_is_counted_exactly(fruit: list[str], last: str) -> None:
    passages = (f"The market stall sells {', '.join(fruit[:-1])}{last}{fruit[-1]}.",)
    claim = "The market stall sells {} kinds of fruit."
    assert counted(str(len(fruit)), claim.format(len(fruit)), passages)
    assert not counted(str(len(fruit) + 1), claim.format(len(fruit) + 1), passages)


@given(words, st.data())
def test_a_bulleted_list_is_counted_with_the_items_a_claim_names(
    fruit: list[str], data: st.DataObject
) -> None:
    passages = ("The stall sells:\n" + "\n".join(f"- Fresh {f}" for f in fruit),)
    two = data.draw(st.lists(st.sampled_from(fruit), min_size=2, max_size=2, unique=True))
    claim = "The stall sells {} kinds of fruit, among them fresh {} and fresh {}."
    assert counted(str(len(fruit)), claim.format(len(fruit), *two), passages)
    assert not counted(str(len(fruit) + 1), claim.format(len(fruit) + 1, *two), passages)


_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


@given(
    st.integers(min_value=0, max_value=6),
    st.integers(min_value=1, max_value=6),
    st.sampled_from([" to ", " through ", "-", " \u2013 "]),
    st.booleans(),
)
def test_the_days_of_a_range_of_weekdays_are_counted(
    first: int, days: int, joined: str, short: bool
) -> None:
    last = (first + days - 1) % 7
    start, end = (_DAYS[first][:3], _DAYS[last][:3]) if short else (_DAYS[first], _DAYS[last])
    passages = (f"The clinic is open {start}{joined}{end}, from 8 am to 6 pm.",)
    claim = "The clinic is open {} days a week."
    if days >= 2:
        assert counted(str(days), claim.format(days), passages)
    assert not counted(str(days + 1), claim.format(days + 1), passages)
    assert not counted(str(days), f"The pharmacy delivers {days} days a week.", passages)


def test_a_number_of_thousands_of_digits_is_no_count_and_no_error() -> None:
    # int() refuses strings of more than 4,300 digits: a count is read only when it is short.
    digits = "1" * 5000
    assert not counted(digits, f"There are {digits} channels.", ("phone, email or chat",))


@pytest.mark.parametrize(
    ("faithful", "changed"),
    [
        ("Hold the Reset button for ten seconds.", "Hold the Reset button for three seconds."),
        (
            "Each passenger may carry at most two spare batteries over 100 Wh.",
            "Each passenger may carry at most three spare batteries over 100 Wh.",
        ),
    ],
)
def test_a_bound_or_a_measure_in_words_is_held_to_the_passages(faithful: str, changed: str) -> None:
    passages = [
        "Press and hold the Reset button on the back for 10 seconds, until the light blinks.",
        "Each passenger may carry no more than two spare batteries over 100 Wh, laptops and "
        "phones aside.",
    ]
    assert_both_ways(faithful, changed, passages)
