"""``compared-values``, both ways: a comparison the evidence's figures bear out passes, one they
order the other way is caught, and where the evidence does not tie one figure to each thing
nothing is read."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from evidence_judges import quoting
from pytest_faithful import verify
from pytest_faithful.text.compared_values import ordered_otherwise

# (evidence, a comparison its figures bear out, the same comparison the other way)
ORDERED = [
    (
        "The coastal ferry makes the crossing in about 50 minutes, whereas the older island "
        "ferry takes 75 minutes because it calls at two harbours.",
        "The island ferry is slower than the coastal ferry.",
        "The island ferry is faster than the coastal ferry.",
    ),
    (
        "In our test the Go service answered in 8.5 seconds, against 21.3 seconds for the Ruby "
        "service on the same machine.",
        "The Ruby service was slower than the Go service.",
        "The Ruby service was faster than the Go service.",
    ),
    (
        "A 100 g serving of lentils provides about 9 g of protein, compared with 2.6 g in white "
        "bread.",
        "White bread has less protein than lentils.",
        "White bread has more protein than lentils.",
    ),
    # One thing at two times: the figure before each year is its own.
    (
        "Average class size in the district's primary schools rose from 24 pupils in 2015 to 28 "
        "pupils in 2023.",
        "Primary classes in the district were smaller in 2015 than in 2023.",
        "Primary classes in the district were larger in 2015 than in 2023.",
    ),
    (
        "Housing starts dropped to 41,000 in 2023, down from 58,000 in 2021.",
        "There were more housing starts in 2021 than in 2023.",
        "There were fewer housing starts in 2021 than in 2023.",
    ),
    (
        "Renters spent an average of 31% of their income on housing last year, compared with "
        "19% for owners with a mortgage.",
        "Owners with a mortgage spent a smaller share of income on housing than renters.",
        "Owners with a mortgage spent a larger share of income on housing than renters.",
    ),
]


@pytest.mark.parametrize(("evidence", "borne_out", "other_way"), ORDERED)
def test_the_figures_order_a_comparison_both_ways(
    evidence: str, borne_out: str, other_way: str
) -> None:
    judge = quoting(evidence)
    assert verify(borne_out, [evidence], judge=judge).passed
    result = verify(other_way, [evidence], judge=judge)
    assert [v.rule for v in result.claim_verdicts] == ["compared-values"]
    assert "the other way" in result.claim_verdicts[0].reason
    assert verify(other_way, [evidence], judge=judge, skip_rules="compared-values").passed


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        # The figures follow the comparison, not the thing named last: nothing is read.
        (
            "Flats sold faster than detached houses.",
            "Detached houses took longer to sell than flats, spending a median of 63 days on "
            "the market against 41 days.",
        ),
        # Two figures of the kind after one thing: which is its own is not certain.
        (
            "Plan A costs more than Plan B.",
            "Plan A costs $20 a month or $200 a year; Plan B costs $15 a month.",
        ),
        # Figures of two kinds: a distance is no time.
        (
            "The bus is faster than the train.",
            "The bus covers 22 km, whereas the train takes 48 minutes.",
        ),
        # "faster" of figures that are neither a time nor a speed.
        (
            "The new chip is faster than the old one.",
            "The new chip has 8 cores, while the old one has 12 cores.",
        ),
        # A comparison with its own figure is the number rules' to read.
        (
            "Plan A costs $5 more than Plan B.",
            "Plan A costs $20 a month, while Plan B costs $25 a month.",
        ),
    ],
)
def test_what_the_figures_do_not_settle_is_not_read(claim: str, evidence: str) -> None:
    assert ordered_otherwise(claim, evidence) is None


THINGS = st.sampled_from(["the north site", "the south site", "the east depot", "the west depot"])


@given(THINGS, THINGS, st.integers(1, 500), st.integers(1, 500))
@settings(max_examples=150, deadline=None)
def test_generated_figures_both_ways(first: str, second: str, x: int, y: int) -> None:
    assume(first != second and x != y)
    evidence = f"Staff at {first} handled {x} orders, while those at {second} handled {y} orders."
    more, less = (first, second) if x > y else (second, first)
    assert (
        ordered_otherwise(f"{more.capitalize()} handled more orders than {less}.", evidence) is None
    )
    found = ordered_otherwise(f"{less.capitalize()} handled more orders than {more}.", evidence)
    assert found is not None
