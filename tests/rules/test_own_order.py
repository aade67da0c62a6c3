"""``claim-arithmetic`` on comparisons of a claim's own figures, both ways: a comparison its
figures bear out passes, the same comparison turned round is caught, whatever the passages
state (text/own_order.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_judges import quoting
from pytest_faithful import verify
from pytest_faithful.text.own_order import ordered_against_itself

PLANS = (
    "| Plan | Monthly price | Data |\n|---|---|---|\n| Lark | £14.00 | 40 GB |\n"
    "| Heron | £9.50 | 15 GB |"
)
FERRIES = "The fast ferry crosses in 1h 05m. The car ferry takes 1h 40m and leaves at 09:15."


@pytest.mark.parametrize(
    ("passage", "honest", "lie"),
    [
        (  # the figure, then its comparison
            PLANS,
            "Lark costs £14.00 a month, which is £4.50 more than Heron at £9.50.",
            "Lark costs £14.00 a month, which is £4.50 less than Heron at £9.50.",
        ),
        (  # the comparison, then its figures
            PLANS,
            "Heron is the cheaper plan: £9.50 a month, against £14.00 for Lark.",
            "Heron is the dearer plan: £9.50 a month, against £14.00 for Lark.",
        ),
        (  # the comparison, then its figures in brackets
            FERRIES,
            "The fast ferry is 35 minutes shorter than the car ferry (1h 05m vs 1h 40m).",
            "The fast ferry is 35 minutes longer than the car ferry (1h 05m vs 1h 40m).",
        ),
        (  # the figures, then the comparison
            PLANS,
            "Lark is £14.00 and Heron is £9.50, so Heron is £4.50 cheaper each month.",
            "Lark is £14.00 and Heron is £9.50, so Lark is £4.50 cheaper each month.",
        ),
    ],
)
def test_a_comparison_of_the_claims_own_figures_both_ways(
    passage: str, honest: str, lie: str
) -> None:
    judge = quoting(passage)
    assert verify(honest, [passage], judge=judge).passed
    result = verify(lie, [passage], judge=judge)
    assert [v.rule for v in result.claim_verdicts] == ["claim-arithmetic"]
    assert "its own figures order the two the other way" in (result.claim_verdicts[0].reason or "")
    assert verify(lie, [passage], judge=judge, skip_rules="claim-arithmetic").passed


@pytest.mark.parametrize(
    "claim",
    [
        # "more" grading another word: the interval is not the frequency.
        "Trains run every 10 minutes on weekdays and every 30 minutes on Sundays, so the weekday "
        "service is more frequent.",
        # A figure the sentence gives another thing: the first figure is not the cheaper one's.
        "The Mini is £150 cheaper: £600 for the Maxi versus £450 for the Mini.",
        # A second comparative before the figures: which one do they read?
        "Headaches were less common at the higher dose: 2% on 50 mg versus 4% on 25 mg.",
        # A total against a rate.
        "The bundle is £30, which is £10 less than paying £8 per print.",
        # A hedged figure stands between, so the first figure is not the one compared.
        "The big drive is cheaper per gigabyte: £90 for 4 TB is about £22 per TB, versus £60 "
        "per TB for the 1 TB drive.",
        # A working in brackets with words: its figure is not the one compared.
        "The heater draws 700 W (1,400 W at start-up), which is below 1,000 W.",
        # Negated, and a comparative read by the measure.
        "Route A is not cheaper: £12 versus £10 for Route B.",
        "The express is faster: 2h 10m versus 1h 50m on the stopping train.",
        # A preposition, not a comparison of the figure before it.
        "It is the £495 base fee plus £3.20 for each of the 70 hectares above 50 ha (£224).",
        # Times near midnight may wrap.
        "The late bus is later: 23:50 against 00:20 for the night bus.",
        # A gap with no subject names no thing by its figure ("6" of "6 February").
        "Daniel emailed at 09:14 on 6 February and Sarah replied the same day at 15:40, so 6 "
        "hours and 26 minutes later.",
    ],
)
def test_what_is_not_read(claim: str) -> None:
    assert ordered_against_itself(claim) is None


_MONEY = st.integers(1, 90_000)


@settings(max_examples=60, deadline=None)
@given(_MONEY, _MONEY)
def test_a_figure_then_its_comparison_any_figures(a: int, b: int) -> None:
    for word, up in (("more", True), ("less", False), ("higher", True), ("cheaper", False)):
        said = f"Plan Kestrel costs ${a:,}, which is {word} than the ${b:,} for Plan Wren."
        wrong = a != b and (a > b) != up
        assert (ordered_against_itself(said) is not None) == wrong, said


@settings(max_examples=60, deadline=None)
@given(_MONEY, _MONEY)
def test_a_comparison_then_its_figures_any_figures(a: int, b: int) -> None:
    for word, up in (("dearer", True), ("cheaper", False)):
        said = f"Kestrel is the {word} plan: €{a:,} a year, versus €{b:,} for Wren."
        wrong = a != b and (a > b) != up
        assert (ordered_against_itself(said) is not None) == wrong, said


@settings(max_examples=60, deadline=None)
@given(_MONEY, _MONEY, st.booleans())
def test_figures_then_the_comparison_any_figures(a: int, b: int, of_first: bool) -> None:
    named = "Kestrel" if of_first else "Wren"
    mine, theirs = (a, b) if of_first else (b, a)
    for word, up in (("more", True), ("less", False)):
        said = f"Kestrel is £{a:,} and Wren is £{b:,}, so {named} costs {word} each month."
        wrong = mine != theirs and (mine > theirs) != up
        assert (ordered_against_itself(said) is not None) == wrong, said


@settings(max_examples=200, deadline=None)
@given(
    st.text(
        alphabet=st.sampled_from(list("£$€0123456789.,:;()-\u2013 hmkgpso%vsthanmorelesw")),
        max_size=120,
    )
)
def test_any_text_is_read_without_error(text: str) -> None:
    found = ordered_against_itself(text)
    assert found is None or (found.first and found.second and found.said)
