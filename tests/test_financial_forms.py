"""How earnings reports and their summaries write periods, ranges, amounts, initialisms and
changes, read as the same specifics both ways: the summary's form of a passage's value is
stated, a changed value is not.

"Q3 revenue" and "third-quarter revenue" for "the third quarter", "$3.4-$3.5 billion" for
"$3.4 billion to $3.5 billion", "20 cents" for "$0.20", "EPS" for "earnings per share", "CEO
Jane Doe said" opening a sentence, "fiscal 2023 net sales", and a claim that joins two changes
("grew 11% while unit revenue slipped 2.5%").
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_faithful.text.contrasts import contrast
from pytest_faithful.text.names import name_forms, states_name
from pytest_faithful.text.number_clash import number_clash
from pytest_faithful.text.specifics import unstated
from pytest_faithful.text.words import STOPWORDS

REPORT = [
    "Revenue for the third quarter was $3.42 billion, an increase of 12% compared with the same "
    "quarter last year. Jane Doe, chief financial officer, said adjusted earnings per share came "
    "in at $1.02. The company raised its guidance midpoint by $0.20 and expects 2024 revenue of "
    "$3.4 billion to $3.5 billion. Our common equity tier 1 ratio stood at 11.2%."
]


@pytest.mark.parametrize(
    ("claim", "changed"),
    [
        ("Third-quarter revenue was $3.42 billion.", None),
        ("Second-quarter revenue was $3.42 billion.", "2"),
        ("Fourth-quarter revenue was $3.42 billion.", "4"),
        ("The guidance midpoint rose by 20 cents.", None),
        ("The guidance midpoint rose by 25 cents.", "25"),
        ("CFO Jane Doe said adjusted EPS was $1.02.", None),
        ("CEO Jane Doe said adjusted EPS was $1.02.", "CEO"),
        ("Adjusted EPS was $1.02 and the CET1 ratio was 11.2%.", None),
        ("Adjusted EPS was $1.02 and the CET2 ratio was 11.2%.", "CET2"),
        ("The company said its adjusted ROE was $1.02.", "ROE"),
    ],
)
def test_a_report_summarys_forms_are_stated_and_changes_are_not(
    claim: str, changed: str | None
) -> None:
    missing = unstated(claim, claim, REPORT)
    assert missing == [] if changed is None else changed in missing


@pytest.mark.parametrize(
    ("claim", "clashes"),
    [
        ("The company guided 2024 revenue to $3.4-$3.5 billion.", False),
        ("The company guided 2024 revenue to $3.4 to $3.5 billion.", False),
        ("The company guided 2024 revenue to between $3.4 and $3.5 billion.", False),
        ("The company guided 2024 revenue to $3.4-$3.5 million.", True),
        ("Net sales reached $6.8 billion for fiscal 2023.", False),
        ("Net sales reached $6.8 billion for fiscal 2024.", True),
    ],
)
def test_a_ranges_first_end_and_a_fiscal_year_are_read_as_the_passage_writes_them(
    claim: str, clashes: bool
) -> None:
    evidence = (
        "The company expects 2024 revenue of $3.4 billion to $3.5 billion. Orchard reported "
        "fiscal 2023 net sales of $6.8 billion, an increase of 5.4% over fiscal 2022."
    )
    assert (number_clash(claim, evidence) is not None) is clashes


def test_a_year_before_a_range_joint_borrows_no_scale() -> None:
    # "from 2022 to $5 billion" is no range of billions: 2022 is still the year 2022.
    evidence = "Sales grew from 2022 to $5 billion in 2023."
    assert number_clash("Sales grew to $5 billion in 2023, up from 2022.", evidence) is None


_TWO_CHANGES = "Capacity increased 11% year over year, while unit revenue declined 2.5%."
_A_CHANGE_BESIDE = "Revenue was $3.42 billion, an increase of 12% compared with last year."


@pytest.mark.parametrize(
    ("claim", "evidence", "opposed"),
    [
        ("Capacity grew 11% while unit revenue slipped 2.5%.", _TWO_CHANGES, False),
        ("Capacity grew 11% while unit revenue rose 2.5%.", _TWO_CHANGES, True),
        ("Capacity fell 11% while unit revenue slipped 2.5%.", _TWO_CHANGES, True),
        ("Revenue rose 12% to $3.42 billion.", _A_CHANGE_BESIDE, False),
        ("Revenue fell 12% to $3.42 billion.", _A_CHANGE_BESIDE, True),
    ],
)
def test_a_change_is_read_against_the_fact_it_is_said_of(
    claim: str, evidence: str, opposed: bool
) -> None:
    assert (contrast(claim, evidence) is not None) is opposed


_CONTENT_WORD = st.text("abcdefghijklmnopqrstuvwxyz", min_size=4, max_size=8).filter(
    lambda w: w not in STOPWORDS
)


@settings(max_examples=25, deadline=None)
@given(st.lists(_CONTENT_WORD, min_size=3, max_size=6))
def test_a_phrase_in_lower_case_states_its_initialism_in_capitals(words: list[str]) -> None:
    letters = "".join(w[0] for w in words).upper()
    assert states_name(letters, letters, name_forms(f"{' '.join(words)}."))
    # Broken by a full stop, the words are no one phrase: its initialism is not stated.
    broken = f"{words[0]}. {' '.join(words[1:])}."
    assert not states_name(letters, letters, name_forms(broken))
