"""Golden files: the questions, reference answers and recorded answers a team keeps in files.

``load_cases`` reads them (JSON Lines, CSV, or YAML with PyYAML) into frozen cases, checked as
they are read: a missing id, an id used twice or a misspelt field fails the collection with the
file, the line and the field. Each test is named after its case's ``id``
(``test_golden_question[refund-window]``), so adding or reordering rows moves no test id and no
baseline key.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from ragapp import HelpDesk

from pytest_faithful import (
    AssertFaithful,
    AssertReference,
    Case,
    FaithfulnessError,
    load_cases,
)

GOLDEN = Path(__file__).parent / "golden"
QUESTIONS = load_cases(GOLDEN / "questions.jsonl")
RECORDED = load_cases(GOLDEN / "recorded.csv")


@pytest.mark.parametrize("case", QUESTIONS)
def test_golden_question(
    assert_faithful: AssertFaithful,
    assert_reference: AssertReference,
    rag: HelpDesk,
    case: Case,
) -> None:
    """Ask the app each golden question: the answer rests on what it retrieved, and keeps the
    numbers and key words of the signed-off reference answer."""
    assert case.question is not None
    answer, contexts = rag.ask(case.question)
    assert_faithful(answer, contexts, question=case.question)
    assert case.reference is not None
    assert_reference(answer, case.reference)


def _expected(case: Case) -> pytest.MarkDecorator | tuple[()]:
    """A recorded answer a reviewer marked hallucinated must fail its check."""
    if case.metadata.get("expect") == "hallucination":
        return pytest.mark.xfail(
            strict=True, raises=FaithfulnessError, reason="recorded hallucination"
        )
    return ()


@pytest.mark.parametrize("case", [pytest.param(c, marks=_expected(c)) for c in RECORDED])
def test_recorded_answer(assert_faithful: AssertFaithful, case: Case) -> None:
    """Recorded answers checked against the contexts recorded with them: no app needed. The
    test id is still the case's id (``test_recorded_answer[ship-canada-fedex]``)."""
    assert case.answer is not None
    assert_faithful(case.answer, case.contexts, question=case.question)
