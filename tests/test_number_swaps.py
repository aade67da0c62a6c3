"""A changed figure is caught by the default policy when the passages give it for something else;
a figure joined from another sentence, worked out, or rounded is not.

"Plan A costs $25 a month" quoting "Plan A costs $20 a month" passed every rule but strict's
``number-clash`` when a passage gave $25 for Plan B: the figure is stated, only not of what
the claim says. ``changed-numbers`` holds the swap alone
(:func:`~pytest_faithful.text.number_swaps.swapped_number`).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_judges import quoting, quoting_the_best_passage
from pytest_faithful import Label, verify
from pytest_faithful.text.number_swaps import NumberSwap, swapped_number

# form: (passages, the evidence quoted, an honest answer, the lie, the figures its reason gives)
FORMS = {
    "a price in the same words": (
        ["Plan A costs $20 a month.", "Plan B costs $25 a month and adds phone support."],
        "Plan A costs $20 a month.",
        "Plan A costs $20 a month, and Plan B $25.",
        "Plan A costs $25 a month.",
        ("25", "20"),
    ),
    "a duration reworded": (
        ["Password reset links expire after 30 minutes.", "Codes sent by SMS last 10 minutes."],
        "Password reset links expire after 30 minutes.",
        "A password reset link stays valid for 30 minutes.",
        "A password reset link stays valid for 10 minutes.",
        ("10 minutes", "30 minutes"),
    ),
    "a share": (
        ["The fund charges an annual management fee of 0.75%.", "Returns averaged 15% a year."],
        "The fund charges an annual management fee of 0.75%.",
        "The fund's yearly management fee is 0.75%.",
        "The fund's yearly management fee is 15%.",
        ("15", "0.75"),
    ),
    "a figure the claim writes twice, once in the evidence's place": (
        [
            "12-month pass: £96, payable in 8 monthly instalments of £12.",
            "3-month pass: £30, paid upfront.",
        ],
        "12-month pass: £96, payable in 8 monthly instalments of £12.",
        "The 12-month pass costs £96, payable in 8 monthly instalments of £12.",
        "The 12-month pass costs £96, payable in 12 monthly instalments of £12.",
        ("12", "8"),
    ),
    "a figure the passages' figures happen to make, said as a plain fact": (
        [
            "After 3 months you can be charged £10 a day, up to a maximum of £900. An initial "
            "£100 penalty applies if your return is up to 3 months late.",
            "If your last tax bill was more than £1,000, you'll make payments on account.",
        ],
        "After 3 months you can be charged £10 a day, up to a maximum of £900.",
        "After 3 months it's £10 a day, up to a maximum of £900.",
        "After 3 months it's £10 a day, up to a maximum of £1,000.",
        ("1,000", "900"),
    ),
    "a length in a one-letter unit": (
        ["Tariff 2 - Sundays.\n- Flag fall (first 400 m): £4.00", "Each additional 200 m: £0.40"],
        "- Flag fall (first 400 m): £4.00",
        "On Tariff 2 the flag fall covers the first 400 m.",
        "On Tariff 2 the flag fall covers the first 200 m.",
        ("200", "400"),
    ),
    "a size": (
        ["The X300 has a 16-inch display.", "The X200 has a 14-inch display."],
        "The X300 has a 16-inch display.",
        "The X300's screen measures 16 inches.",
        "The X300 has a 14-inch screen.",
        ("14-inch", "16-inch"),
    ),
}


@pytest.mark.parametrize("form", sorted(FORMS))
def test_a_figure_the_passages_give_for_something_else_fails_where_it_stands_for_another(
    form: str,
) -> None:
    passages, quote, honest, lie, (mine, theirs) = FORMS[form]
    for rules in ("standard", "strict"):
        assert verify(honest, passages, judge=quoting(quote), rules=rules).passed
    result = verify(lie, passages, judge=quoting(quote))
    assert not result.passed
    [demoted] = [v for v in result.claim_verdicts if v.label is not Label.SUPPORTED]
    assert demoted.rule == "changed-numbers"
    assert f"the claim states {mine} where the evidence gives {theirs}" in demoted.reason
    assert verify(lie, passages, judge=quoting(quote), skip_rules="changed-numbers").passed


@pytest.mark.parametrize(
    ("passages", "claim"),
    [
        # two facts joined, the quote the first one's
        (["Refunds take up to 5 business days.", "Exchanges take up to 10 business days."],
         "Refunds take up to 5 business days and exchanges up to 10."),
        # a total the passages give beside the parts a quote gives
        (["Q1 sales: North $1.8M, South $2.3M, West $1.1M.", "Total Q1 sales were $5.2M."],
         "Total Q1 sales were $5.2M, with the South contributing the most at $2.3M."),
        # a difference the answer works out, beside the figure it is worked out from
        (["The X200 weighs 1.8 kg.", "The X300 weighs 2.3 kg."],
         "The X200 weighs 1.8 kg, half a kilogram less than the X300."),
        # a rounding of a figure no passage writes as the claim does: unstated-specifics' own
        (["The bridge cost $1.48 billion.", "It opened 14 months late."],
         "The bridge cost roughly $1.5 billion."),
        # the same figure in another form
        (["Support answers within 48 hours.", "Phone lines open at 9 am."],
         "Support answers within two days."),
        # a figure the claim works out that a passage also writes for something else
        (["The set fine for flying a drone without a permit is $300.",
          "The fine for a second offence of obstruction is $600."],
         "The fine is $300, so a second offence would cost $600."),
    ],
)  # fmt: skip
def test_a_joined_worked_out_or_rounded_figure_is_no_swap(passages: list[str], claim: str) -> None:
    assert verify(claim, passages, judge=quoting_the_best_passage()).passed
    assert verify(claim, passages, judge=quoting(passages[0])).passed


def test_a_figure_no_passage_states_is_read_only_word_for_word_and_unhedged() -> None:
    evidence = "Plan A costs $20 a month."
    assert swapped_number("Plan A costs $25 a month.", "", evidence, [evidence]) == NumberSwap(
        "25", "20"
    )
    assert swapped_number(
        "Plan A costs $25 a month.", "", evidence, [evidence, "Plan B costs $25."]
    ) == NumberSwap("25", "20")
    # A rounding, a bound the evidence meets, a swap of more than one word for one.
    for claim in (
        "Plan A costs about $25 a month.",
        "Plan A costs under $25 a month.",
        "Plan A costs $25 or so a month.",
    ):
        assert swapped_number(claim, "", evidence, [evidence]) is None, claim
    # the answer's sentence gives the evidence's figure too: a comparison, not a swap
    sentence = "Plan A costs $25 a month, up from $20."
    assert swapped_number("Plan A costs $25 a month", sentence, evidence, [evidence, "$25"]) is None


_FIGURES = st.integers(min_value=2, max_value=900)


@settings(max_examples=40, deadline=None)
@given(_FIGURES, _FIGURES, st.sampled_from(["days", "kg", "%", "euros", "users"]))
def test_a_swap_is_read_whatever_the_figures_and_their_measure(
    given_figure: int, other: int, measure: str
) -> None:
    spaced = "" if measure == "%" else " "
    evidence = f"The basic tier allows {given_figure}{spaced}{measure} per account."
    elsewhere = f"The premium tier allows {other}{spaced}{measure} per account."
    claim = f"The basic tier allows {other}{spaced}{measure} per account."
    found = swapped_number(claim, claim, evidence, [evidence, elsewhere])
    assert found == (None if other == given_figure else NumberSwap(str(other), str(given_figure)))


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=80), st.text(max_size=120), st.lists(st.text(max_size=40), max_size=3))
def test_any_text_reads_without_error_and_a_swap_names_figures_of_both(
    claim: str, evidence: str, passages: list[str]
) -> None:
    found = swapped_number(claim, claim, evidence, [evidence, *passages])
    if found is not None:
        assert found.claimed in claim
        assert found.shown in evidence


def test_the_same_measure_in_another_unit_is_no_swap() -> None:
    evidence = "Parties can be rescheduled free of charge if we are given at least 14 days' notice."
    passages = [evidence, "Each party lasts two hours and costs 7 pounds a head."]
    said = "You can reschedule for free with at least two weeks' notice."
    assert swapped_number(said, said, evidence, passages) is None
    changed = "You can reschedule for free with at least 7 days' notice."
    assert swapped_number(changed, changed, evidence, passages) is not None


def test_the_askers_own_figure_restated_stands_in_no_figures_place() -> None:
    """ "For two adults and two children aged 6 and 9:" restates the question, whose figures
    are the asker's; the same number said of another thing is still read."""
    passages = ["Return tickets cost €24 for adults and €12 for children aged 4-15."]
    question = "What's the cheapest way for two adults and two kids aged 6 and 9 to get there?"
    claim = "For two adults and two children aged 6 and 9:"
    judge = quoting(passages[0])
    assert verify(claim, passages, judge=judge, question=question).passed
    lie = "Return tickets cost €24 for adults and €9 for children aged 4-15."
    assert not verify(lie, passages, judge=judge, question=question).passed
