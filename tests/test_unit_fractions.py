"""A fraction of a unit, said for a passage's decimal amount in that unit: "about a third of a
mile" for "0.3 miles" is the simple fraction nearest it (halves to sixths), and another
fraction is not."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_faithful.text.fractions import share_stated

PASSAGES = ["Lincoln Elementary is 0.3 miles away; Roosevelt High is 1.8 miles away."]


@pytest.mark.parametrize(
    ("claim", "term", "stated"),
    [
        ("Lincoln Elementary is about a third of a mile away.", "3", True),
        ("Lincoln Elementary is a third of a mile away.", "3", True),
        ("Lincoln Elementary is about a quarter of a mile away.", "4", False),
        ("Lincoln Elementary is about two thirds of a mile away.", "2", False),
        # the unit must be the passage's
        ("Lincoln Elementary is about a third of a kilometre away.", "3", False),
    ],
)
def test_a_fraction_of_a_unit_is_the_nearest_to_the_passage_s_amount(
    claim: str, term: str, stated: bool
) -> None:
    assert share_stated(term, claim, PASSAGES) is stated


_FRACTIONS = {"a half": (1, 2), "a third": (1, 3), "a quarter": (1, 4), "a fifth": (1, 5)}


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(_FRACTIONS)), st.integers(1, 99))
def test_only_the_nearest_simple_fraction_states_an_amount(said: str, hundredths: int) -> None:
    amount = hundredths / 100
    passages = [f"The trail is {amount:.2f} miles long."]
    claim = f"The trail is about {said} of a mile long."
    n, d = _FRACTIONS[said]
    simple = [(a, b) for b in range(2, 7) for a in range(1, b)]
    nearest = min(simple, key=lambda f: (abs(f[0] / f[1] - amount), f[1]))
    term = str(d)
    if share_stated(term, claim, passages):
        assert abs(n / d - amount) <= abs(nearest[0] / nearest[1] - amount) + 1e-9
