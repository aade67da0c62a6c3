"""Dates an answer works out from a passage's date and period, both ways.

"You can return it until April 2, 2024." from "delivered on 2024-03-03" and "within 30 days":
the deadline a policy implies is stated by the date and the period it is worked out from, with
a day's slack either way for how a policy counts; any other date is caught.
"""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evidence_judges import assert_both_ways, quoting, quoting_the_best_passage
from pytest_faithful import verify
from pytest_faithful.text.dates import dates_in, worked_out_dates
from pytest_faithful.text.terms import content_terms

JUDGE = quoting_the_best_passage()

# (passage, the faithful answer, the same with its date changed)
DEADLINES = {
    "days after an ISO date": (
        "Your order was delivered on 2024-03-03. Returns are accepted within 30 days of delivery.",
        "You can return the order until April 2, 2024.",
        "You can return the order until April 12, 2024.",
    ),
    "years written out, date first": (
        "The laptop was purchased on 15 January 2023 and comes with a two-year warranty.",
        "The laptop's warranty runs until 15 January 2025.",
        "The laptop's warranty runs until 15 January 2026.",
    ),
    "weeks": (
        "The invoice was issued on 1 September 2025. Payment is due within 6 weeks of the "
        "invoice date.",
        "Payment for the invoice is due by October 13, 2025.",
        "Payment for the invoice is due by October 20, 2025.",
    ),
    "months, with no year in the answer": (
        "The lease began on March 1, 2022 and runs for 18 months.",
        "The lease runs until September 1.",
        "The lease runs until October 1.",
    ),
    "days in words": (
        "Your subscription started on June 10, 2024. The free trial lasts fourteen days.",
        "Your free trial ends on the 24th of June.",
        "Your free trial ends on the 28th of June.",
    ),
    "business days, weekends skipped": (
        "We received your return on Tuesday 7 October 2025. Refunds are processed within 10 "
        "business days of receipt.",
        "You should receive your refund by 21 October 2025.",
        "You should receive your refund by 24 October 2025.",
    ),
    "each end of a range of days": (
        "Your package was shipped on 28 December 2024. Standard delivery takes 5 to 7 days.",
        "Your package should arrive between 2 January and 4 January 2025.",
        "Your package should arrive between 2 January and 9 January 2025.",
    ),
    "the first day of a range of dates": (
        "DataConf takes place on 14-16 October 2025. Registration closes 3 weeks before it.",
        "Registration for DataConf closes on 23 September 2025.",
        "Registration for DataConf closes on 30 September 2025.",
    ),
}


@pytest.mark.parametrize("rules", ["standard", "strict"])
@pytest.mark.parametrize("form", DEADLINES)
def test_a_worked_out_date_passes_and_another_is_caught(form: str, rules: str) -> None:
    passage, faithful, changed = DEADLINES[form]
    assert_both_ways(faithful, changed, [passage], rules)


def test_a_date_of_something_else_works_nothing_out() -> None:
    passages = (
        "Your order was delivered on 2024-03-03. The store opened in 1998.",
        "Gift cards are valid for 30 days.",
    )
    assert not worked_out_dates("You can return the order until April 2, 2024.", passages)


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("on 2024-03-03", [(2024, 3, 3)]),
        ("March 3, 2024", [(2024, 3, 3)]),
        ("Mar. 3rd", [(None, 3, 3)]),
        ("the 3rd of March 2024", [(2024, 3, 3)]),
        ("3 March", [(None, 3, 3)]),
        ("on 3/4/2024", []),
        ("14-16 October 2025", [(2025, 10, 14), (2025, 10, 16)]),
        ("October 14-16, 2025", [(2025, 10, 14), (2025, 10, 16)]),
        ("October 14 to 16, 2025", [(2025, 10, 14), (2025, 10, 16)]),
        ("May I ask?", []),
        ("February 30, 2024", []),
    ],
)
def test_dates_are_read_in_the_forms_answers_write_them(
    text: str, read: list[tuple[int | None, int, int]]
) -> None:
    assert [(d.year, d.month, d.day) for d in dates_in(text)] == read


days = st.dates(min_value=datetime.date(1990, 1, 1), max_value=datetime.date(2090, 12, 31))


@given(days, st.integers(min_value=1, max_value=120), st.integers(min_value=2, max_value=60))
def test_a_date_a_period_after_another_is_worked_out_and_one_further_is_not(
    start: datetime.date, period: int, off: int
) -> None:
    passages = (f"The trial started on {start.isoformat()} and lasts {period} days.",)
    end = start + datetime.timedelta(days=period)
    claim = "The trial ends on {:%B} {}, {}."
    assert worked_out_dates(claim.format(end, end.day, end.year), passages)
    wrong = end + datetime.timedelta(days=off)
    if wrong != start - datetime.timedelta(days=period):
        assert not worked_out_dates(claim.format(wrong, wrong.day, wrong.year), passages)


@given(days, st.integers(min_value=1, max_value=40), st.integers(min_value=2, max_value=60))
def test_business_days_skip_weekends_and_a_day_further_is_not_worked_out(
    start: datetime.date, period: int, off: int
) -> None:
    passages = (f"We received it on {start.isoformat()}. Refunds take {period} business days.",)
    end, left = start, period
    while left:
        end += datetime.timedelta(days=1)
        left -= end.weekday() < 5
    claim = "Refunds arrive by {:%B} {}, {}."
    assert worked_out_dates(claim.format(end, end.day, end.year), passages)
    wrong = end + datetime.timedelta(days=off)
    assert not worked_out_dates(claim.format(wrong, wrong.day, wrong.year), passages)


@pytest.mark.parametrize("rules", ["standard", "strict"])
def test_a_period_before_counts_back_from_a_ranges_first_day_only(rules: str) -> None:
    # 16 October less 3 weeks is 25 September: "before it" counts from the first day, the 14th.
    passage = "DataConf takes place on 14-16 October 2025. Registration closes 3 weeks before it."
    for wrong in ("25 September 2025", "26 September 2025"):
        claim = f"Registration for DataConf closes on {wrong}."
        assert not verify(claim, [passage], judge=JUDGE, rules=rules).passed, claim
    after = "Our office is closed 14-16 October 2025. Replies resume 2 days after the closure."
    assert worked_out_dates("Replies to the office's mail resume on 18 October 2025.", (after,))
    assert not worked_out_dates("Replies to the office's mail resume on 12 October 2025.", (after,))


# A claim's day of a month that no passage says, in each form a date is written, with the
# passages' own day and month apart ("11 June" and "20 May", never "11 May"); the faithful
# date in another form than the passage's passes.
CONFERENCE = (
    "The conference runs from 11 June to 14 June 2025. Registration closes on 20 May 2025.",
    "The gala dinner is on Friday, 14 March 2025. The festival is on 2 and 4 August.",
)
MONTH_SWAPS = {
    "day month year": ("It starts on 11 June 2025.", "It starts on 11 May 2025."),
    "month day": ("It starts June 11.", "It starts May 11."),
    "ordinal of": ("It starts on the 11th of June.", "It starts on the 11th of May."),
    "ordinal": ("Registration closes on 20th May.", "Registration closes on 20th March."),
    "weekday and date": ("The gala is on Friday, March 14.", "The gala is on Friday, May 14."),
    "a month that is a word": ("The gala is on 14 March.", "The gala is on 14 August."),
    "a range": ("It runs from June 11 to June 14.", "It runs from May 11 to June 14."),
    "a day by its month in a list": ("The festival is on 2 August.", "The festival is on 2 May."),
}


@pytest.mark.parametrize("rules", ["standard", "strict"])
@pytest.mark.parametrize(("faithful", "changed"), MONTH_SWAPS.values(), ids=list(MONTH_SWAPS))
def test_a_day_of_another_month_is_caught(faithful: str, changed: str, rules: str) -> None:
    assert_both_ways(faithful, changed, CONFERENCE, rules)


# A day the passages name by its relation to their date, in one passage or apart (an article's
# dateline, then its text): the day it is is stated; another day of that week is not.
RELATIVE_DAYS = {
    "weekday, one passage": (
        ["By a reporter on March 2, 2017. The commission named three judges Wednesday evening."],
        "On March 1, 2017 the commission named three judges.",
        "On February 28, 2017 the commission named three judges.",
    ),
    "weekday, two passages": (
        ["By a reporter on March 2, 2017.", "The commission named three judges Wednesday evening."],
        "On March 1, 2017 the commission named three judges.",
        "On April 1, 2017 the commission named three judges.",
    ),
    "yesterday": (
        ["Published 14 May 2024.", "The council approved the budget yesterday."],
        "The council approved the budget on 13 May 2024.",
        "The council approved the budget on 11 May 2024.",
    ),
}


# A day said alone as an ordinal is a day of the months of the dates its passage writes before
# it (a chat's or a call's dateline); a month named only after it, or none, is not read in.
ORDINAL_DAYS = {
    "a chat's dateline": (
        ["Group chat, Tuesday 4 June\nLeila: send me £10 each by the 18th and I'll pay."],
        "Everyone sends Leila £10 by 18 June.",
        "Everyone sends Leila £10 by 18 July.",
    ),
    "a call's dateline": (
        ["Call, Monday 10 March, 09:05\nGemma: We have Thursday the 13th or Tuesday the 18th."],
        "The clinic offered Thursday 13 March.",
        "The clinic offered Thursday 14 March.",
    ),
    "a month only after the day": (
        ["Send it by the 18th.\nSigned, 4 June"],
        "The 4th of June is the date it was signed.",
        "The money is due by 18 June.",
    ),
}


@pytest.mark.parametrize(
    ("passages", "faithful", "changed"),
    [*RELATIVE_DAYS.values(), *ORDINAL_DAYS.values()],
    ids=[*RELATIVE_DAYS, *ORDINAL_DAYS],
)
def test_a_day_named_by_its_relation_to_a_dated_passage_is_stated(
    passages: list[str], faithful: str, changed: str
) -> None:
    assert_both_ways(faithful, changed, passages)


@pytest.mark.parametrize("heading", ["## [3.2.0] - 2024-05-14", "## [3.2.0] - 14 May 2024"])
def test_a_may_date_bears_on_a_claim_that_writes_it(heading: str) -> None:
    # "May" is a stopword, but beside a day of the month it is the month an ISO date states.
    changelog = f"{heading}\n### Added\n- A new export command."
    judge = quoting(heading)
    assert verify("quillkit 3.2.0 was released on 14 May 2024.", [changelog], judge=judge).passed
    assert content_terms("released on 14 May 2024") >= {"may", "14", "2024"}
    assert "may" not in content_terms("You may 2 times") | content_terms("It may rain")
