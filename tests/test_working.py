"""A figure an answer works out in steps from the passages' and the question's figures, both
ways: the right working passes, a wrong step or a changed operand is caught, and a label's
number or a figure of another kind is no operand."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from evidence_judges import quoting
from pytest_faithful import verify
from pytest_faithful.text.working import worked_in_steps

INSURANCE = (
    "Under the pet insurance plan, the insurer pays 80% of eligible vet bills after the annual "
    "excess of $150."
)
MILEAGE = (
    "The mileage allowance for business travel in your own car is 45p per mile for the first "
    "10,000 miles in a tax year and 25p per mile after that."
)


@pytest.mark.parametrize(
    ("passage", "question", "honest", "lie"),
    [
        (
            INSURANCE,
            "My eligible vet bill is $1,150 and I have paid no excess this year. What do I get?",
            "After the $150 excess, $1,000 remains, and the insurer pays 80% of that, so you'd "
            "get $800.",
            "After the $150 excess, $1,000 remains, and the insurer pays 80% of that, so you'd "
            "get $900.",
        ),
        (
            MILEAGE,
            "How much can I claim for 12,000 business miles?",
            "£5,000 in total: 10,000 miles at 45p (£4,500) plus 2,000 miles at 25p (£500).",
            "£5,500 in total: 10,000 miles at 45p (£4,500) plus 2,000 miles at 25p (£500).",
        ),
    ],
)
def test_working_in_steps_both_ways(passage: str, question: str, honest: str, lie: str) -> None:
    judge = quoting(passage)
    assert verify(honest, [passage], question=question, judge=judge).passed
    result = verify(lie, [passage], question=question, judge=judge)
    assert [v.rule for v in result.claim_verdicts] == ["unstated-specifics"]


def test_what_is_no_operand() -> None:
    plans = (
        "Flex costs £39.99 a month with one month's notice. Standard costs £29.99 a month on a "
        "12-month contract.",
    )
    claim = (
        "Flex costs £10 a month more than Standard (£39.99 versus £29.99), and you can cancel it "
        "with two months' notice."
    )
    assert worked_in_steps("10", claim, plans)
    # 2 months is 12 months less £10 only if a sum of money were a number of months.
    assert not worked_in_steps("2", claim, plans)
    # "the Q2 budget": a label's number works out nothing, and is worked out by nothing.
    budget = ("The budget for Q2 is $40,000, of which $10,000 goes to servers.",)
    said = "The Q2 budget is $40,000: $10,000 for servers, leaving $20,000 for contractors."
    assert not worked_in_steps("20000", said, budget)
    assert worked_in_steps("30000", said.replace("$20,000", "$30,000"), budget)


@given(st.integers(2, 400), st.integers(2, 99), st.integers(100, 2_000))
@settings(max_examples=150, deadline=None)
def test_any_two_steps(count: int, percent: int, excess: int) -> None:
    bill = count * 100 + excess
    passages = (f"We pay {percent}% of each bill after an excess of ${excess}.",)
    question = f"My bill is ${bill:,}. How much do I get?"
    left = bill - excess
    paid = left * percent / 100
    # A result the passage or the question states is no figure worked out: not this case.
    assume(paid not in {excess, percent, bill, left})
    working = f"After the ${excess} excess, ${left:,} remains; {percent}% of it is ${paid:,.2f}."
    term = f"{paid:.2f}".rstrip("0").rstrip(".")
    assert worked_in_steps(term, working, passages, question)
    # A wrong result to the cent, as a lie writes it: no rounding of another step meets it.
    off = paid * 3 + 0.37
    wrong = working.replace(f"${paid:,.2f}", f"${off:,.2f}")
    wrong_term = f"{off:.2f}".rstrip("0").rstrip(".")
    assert not worked_in_steps(wrong_term, wrong, passages, question)
