"""A judge of another package that is broken in itself ends every check in JudgeError.

Its attributes (a property that raises, an id that is not a str) and its output (a model built
with ``model_construct``, which skips validation) are the judge's faults, never a score and
never another exception.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from pytest_faithful import JudgeError, verify
from pytest_faithful.api import verify_relevancy, verify_retrieval
from pytest_faithful.judges.lexical.judge import LexicalJudge
from pytest_faithful.models import (
    Claim,
    ClaimRelevance,
    PassageUse,
    PassageUses,
    Relevances,
    Verdict,
    Verdicts,
)
from pytest_faithful.text.segment import Sentence

ANSWER = "Returns are accepted within 30 days."
PASSAGE = "Returns are accepted within 30 days of delivery."
QUESTION = "How long do I have to return an item?"


class MyJudge:
    """A complete judge (faithfulness, relevancy, precision) that defers to the lexical one;
    each test breaks one part of it."""

    heuristic = True
    metric_version = "mine-m1"

    def __init__(self, **broken: Any) -> None:
        self._lexical = LexicalJudge()
        self._broken = broken

    @property
    def id(self) -> str:
        return self._part("id", "mine/v1")

    def _part(self, name: str, default: Any) -> Any:
        value = self._broken.get(name, default)
        if isinstance(value, Exception):
            raise value
        return value() if callable(value) else value

    def extract_claims(self, sentences: Sequence[Sentence], question: str | None) -> Any:
        return self._lexical.extract_claims(sentences, question)

    def verify(self, claims: Sequence[Claim], passages: Sequence[str], question: str | None) -> Any:
        made = self._broken.get("verify")
        return made(claims) if made else self._lexical.verify(claims, passages, question)

    def judge_relevance(self, claims: Sequence[Claim], question: str) -> Any:
        made = self._broken.get("judge_relevance")
        if made:
            return made(claims)
        relevances = (ClaimRelevance(claim_index=i, relevant=True) for i in range(len(claims)))
        return Relevances(relevances=tuple(relevances))

    def judge_passages(self, passages: Sequence[str], question: str, reference: str | None) -> Any:
        made = self._broken.get("judge_passages")
        if made:
            return made(passages)
        uses = (PassageUse(passage_index=i, useful=True) for i in range(len(passages)))
        return PassageUses(uses=tuple(uses))


class BrokenVersion(MyJudge):
    @property
    def metric_version(self) -> str:  # type: ignore[override]
        raise RuntimeError("no version today")


def _checks(judge: object) -> list[Callable[[], object]]:
    return [
        lambda: verify(ANSWER, PASSAGE, judge=judge),  # type: ignore[arg-type]
        lambda: verify_relevancy(ANSWER, QUESTION, judge=judge),  # type: ignore[arg-type]
        lambda: verify_retrieval([PASSAGE], QUESTION, reference=ANSWER, judge=judge),  # type: ignore[arg-type]
    ]


@pytest.mark.parametrize(
    ("broken", "words"),
    [
        ({"id": RuntimeError("no id today")}, "failed reading .*RuntimeError: no id today"),
        ({"id": 42}, "has id 42; a judge's id is a non-empty str"),
        ({"id": "  "}, r"has id '\s*';"),
        # One line: an id is a cell of every report's table and a line of the terminal's.
        *(
            ({"id": f"mine{odd}v1"}, "a control character, a line break, a tab or a lone")
            for odd in ("\n", "\r", "\t", "\u2028", "\x1b", "\u202e")
        ),
    ],
)
def test_a_judge_whose_id_is_broken_fails_every_check(broken: dict[str, Any], words: str) -> None:
    for check in _checks(MyJudge(**broken)):
        with pytest.raises(JudgeError, match=words):
            check()


def test_a_judge_whose_heuristic_flag_is_not_a_bool_fails_every_check() -> None:
    judge = MyJudge()
    judge.heuristic = None  # type: ignore[assignment]
    for check in _checks(judge):
        with pytest.raises(JudgeError, match="has heuristic None; it must be True or False"):
            check()


def test_a_judge_whose_metric_version_raises_fails_the_metric_checks() -> None:
    judge = BrokenVersion()
    assert verify(ANSWER, PASSAGE, judge=judge).passed  # faithfulness does not read it
    with pytest.raises(JudgeError, match=r"failed reading .*RuntimeError: no version today"):
        verify_relevancy(ANSWER, QUESTION, judge=judge)
    with pytest.raises(JudgeError, match=r"failed reading .*RuntimeError: no version today"):
        verify_retrieval([PASSAGE], QUESTION, judge=judge)


def test_a_metric_version_that_is_not_a_str_is_a_judge_error() -> None:
    judge = MyJudge()
    judge.metric_version = None  # type: ignore[assignment]
    with pytest.raises(JudgeError, match="has metric_version None"):
        verify_relevancy(ANSWER, QUESTION, judge=judge)


def _unvalidated_label(claims: Sequence[Claim]) -> Verdicts:
    verdict = Verdict.model_construct(claim_index=0, label="YES", evidence=PASSAGE)
    return Verdicts.model_construct(verdicts=(verdict,))


def _unvalidated_use(passages: Sequence[str]) -> PassageUses:
    return PassageUses.model_construct(
        uses=tuple(PassageUse.model_construct(passage_index=i, useful=[]) for i in range(2))
    )


def _dicts_for_relevances(claims: Sequence[Claim]) -> Relevances:
    return Relevances.model_construct(relevances=({"claim_index": 0, "relevant": "maybe"},))


@pytest.mark.parametrize(
    ("broken", "check"),
    [
        ({"verify": _unvalidated_label}, lambda j: verify(ANSWER, PASSAGE, judge=j)),
        (
            {"judge_passages": _unvalidated_use},
            lambda j: verify_retrieval([PASSAGE, "Shipping is free."], QUESTION, judge=j),
        ),
        (
            {"judge_relevance": _dicts_for_relevances},
            lambda j: verify_relevancy(ANSWER, QUESTION, judge=j),
        ),
    ],
    ids=["verdict-label", "passage-use", "relevance-dicts"],
)
def test_output_built_without_validation_is_validated_again(
    broken: dict[str, Any], check: Callable[[MyJudge], object]
) -> None:
    with pytest.raises(JudgeError, match="returned invalid output"):
        check(MyJudge(**broken))


def test_a_wrongly_typed_field_is_read_as_its_value_not_its_truthiness() -> None:
    def said_no(passages: Sequence[str]) -> PassageUses:
        return PassageUses.model_construct(
            uses=tuple(PassageUse.model_construct(passage_index=i, useful="no") for i in range(2))
        )

    result = verify_retrieval(
        [PASSAGE, "Shipping is free."], QUESTION, judge=MyJudge(judge_passages=said_no)
    )
    assert result.precision is not None
    assert result.precision.score == 0.0  # "no" is False, though a non-empty str is truthy
    assert not result.passed
