"""Protocol checks remembered per class still answer per instance where the class cannot."""

from __future__ import annotations

from collections.abc import Sequence

from pytest_faithful.judges.base import is_judge, is_single_call_judge
from pytest_faithful.judges.lexical.judge import LexicalJudge
from pytest_faithful.models import ExtractedClaims, Verdicts


class InstanceMembers:
    """A judge whose id and heuristic flag exist only on instances that set them."""

    def __init__(self, complete: bool) -> None:
        if complete:
            self.id = "mine"
            self.heuristic = True

    def extract_claims(self, sentences: Sequence[object], question: str | None) -> ExtractedClaims:
        return ExtractedClaims(claims=())

    def verify(
        self, claims: Sequence[object], passages: Sequence[str], question: str | None
    ) -> Verdicts:
        return Verdicts(verdicts=())


def test_an_instance_with_every_member_is_a_judge_even_when_another_is_not() -> None:
    assert is_judge(InstanceMembers(complete=True))
    assert not is_judge(InstanceMembers(complete=False))
    assert is_judge(InstanceMembers(complete=True))  # the "no" was not remembered for the class


def test_class_level_members_answer_for_every_instance() -> None:
    assert is_judge(LexicalJudge())
    assert not is_single_call_judge(LexicalJudge())
    assert not is_judge("lexical")
    assert not is_judge(object())
