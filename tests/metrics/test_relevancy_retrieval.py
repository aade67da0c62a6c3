"""Answer relevancy, context precision and recall with the lexical judge and test doubles."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from pytest_faithful import JudgeError
from pytest_faithful.api import verify_relevancy, verify_retrieval
from pytest_faithful.errors import UnsupportedMetricError
from pytest_faithful.metrics.retrieval import average_precision
from pytest_faithful.models import Claim, ClaimRelevance, Relevances
from pytest_faithful.testing import FunctionJudge

QUESTION = "How long do I have to return an item?"
GOOD = "You have 30 days to return an item."
USEFUL = "Items can be returned within 30 days of delivery for a full refund."
OTHER = "Shipping to Canada takes 5 business days."
REFERENCE = "You can return items within 30 days of delivery."


@pytest.mark.parametrize(
    ("flags", "expected"),
    [
        ([True, False], 1.0),
        ([False, True], 0.5),
        ([False, False, True], 1 / 3),
        ([True, False, True], (1 + 2 / 3) / 2),
        ([False, False], 0.0),
        ([], 0.0),
    ],
)
def test_average_precision_over_the_ranked_list(flags: list[bool], expected: float) -> None:
    assert average_precision(flags) == pytest.approx(expected)


def test_relevancy_marks_each_claim() -> None:
    result = verify_relevancy(f"{GOOD} Our CEO loves golf.", QUESTION, judge="lexical")
    assert [item.ok for item in result.items] == [True, False]
    assert result.score == 0.5
    assert not result.passed
    assert result.heuristic
    assert result.judge_id.endswith("/relevance-h1")


@pytest.mark.parametrize(
    "answer", ["I don't know.", "", "I'm not sure about the return policy, sorry."]
)
def test_noncommittal_answers_score_zero(answer: str) -> None:
    result = verify_relevancy(answer, QUESTION, judge="lexical")
    assert result.noncommittal
    assert result.score == 0.0
    assert not result.passed


def test_a_number_answers_a_how_long_question() -> None:
    assert verify_relevancy("Thirty days.", QUESTION, judge="lexical").passed


def test_precision_ranks_and_recall_finds_the_reference() -> None:
    first = verify_retrieval([USEFUL, OTHER], QUESTION, reference=REFERENCE, judge="lexical")
    last = verify_retrieval([OTHER, USEFUL], QUESTION, reference=REFERENCE, judge="lexical")
    assert first.precision is not None
    assert last.precision is not None
    assert first.precision.score == 1.0
    assert last.precision.score == 0.5
    assert first.passed
    assert not last.passed
    assert first.recall is not None
    assert first.recall.score == 1.0
    missing = verify_retrieval([OTHER], QUESTION, reference=REFERENCE, judge="lexical")
    assert missing.recall is not None
    assert missing.recall.score == 0.0
    assert missing.recall.items[0].label is not None


def test_either_metric_alone() -> None:
    only_recall = verify_retrieval([USEFUL], reference=REFERENCE, judge="lexical")
    assert only_recall.precision is None
    assert only_recall.recall is not None
    only_precision = verify_retrieval([USEFUL], QUESTION, judge="lexical", recall=False)
    assert only_precision.recall is None
    assert only_precision.precision is not None


def test_no_passages_fail_precision() -> None:
    result = verify_retrieval([], QUESTION, judge="lexical")
    assert result.precision is not None
    assert result.precision.score == 0.0
    assert not result.passed


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"question": None}, ValueError, "nothing to check"),
        ({"precision": True, "question": None}, ValueError, "precision needs the question"),
        ({"recall": True}, ValueError, "recall needs reference="),
        ({"precision": 1.5}, ValueError, "precision must be in"),
        ({"reference": "the of"}, ValueError, "reference states nothing"),
        # A golden answer that only declines has no claim for the passages to hold.
        ({"reference": "Unknown."}, ValueError, "reference states nothing"),
        ({"reference": "No information available."}, ValueError, "reference states nothing"),
        ({"reference": "I'm sorry, I don't know."}, ValueError, "reference states nothing"),
        ({"contexts": [1]}, TypeError, r"contexts\[0\] must be a str"),
        ({"question": ""}, ValueError, "question is empty"),
    ],
)
def test_retrieval_arguments_name_the_mistake(
    kwargs: dict[str, object], error: type[Exception], words: str
) -> None:
    arguments: dict[str, object] = {"contexts": [USEFUL], "question": QUESTION} | kwargs
    with pytest.raises(error, match=words):
        verify_retrieval(judge="lexical", **arguments)  # type: ignore[arg-type]


def _verdicts(claims: Sequence[Claim], passages: Sequence[str]) -> list[dict[str, object]]:
    return [{"claim_index": i, "label": "NOT_ENOUGH_INFO"} for i, _ in enumerate(claims)]


class WrongRelevance(FunctionJudge):
    __test__ = False

    @property
    def metric_version(self) -> str:
        return "x1"

    def judge_relevance(self, claims: Sequence[Claim], question: str) -> Relevances:
        return Relevances(relevances=(ClaimRelevance(claim_index=7, relevant=True),))


def test_a_judge_without_the_metric_says_so() -> None:
    with pytest.raises(UnsupportedMetricError, match=r"cannot judge answer relevancy.*'lexical'"):
        verify_relevancy(GOOD, QUESTION, judge=FunctionJudge(_verdicts))


def test_a_judge_with_wrong_verdicts_is_a_judge_error() -> None:
    with pytest.raises(JudgeError, match="one relevance verdict per claim"):
        verify_relevancy(GOOD, QUESTION, judge=WrongRelevance(_verdicts))
