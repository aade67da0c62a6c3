"""The faithfulness check: answer + contexts -> FaithfulnessResult. A plain library; no pytest.

:mod:`.inputs` reads what the caller passed (:mod:`.documents`: passages given as
documents), :mod:`.claims` decides what is judged, :mod:`.judge_calls` asks the judge safely,
:mod:`.verdicts` holds each verdict to the verdict rules (:mod:`pytest_faithful.rules`),
:mod:`.result` scores, and :mod:`.run` runs the steps, blocking or awaited.
"""

from pytest_faithful.check.claims import AnswerClaims, ClaimMemo, answer_claims
from pytest_faithful.check.documents import Passages, read_contexts
from pytest_faithful.check.inputs import (
    Contexts,
    check_inputs,
    check_judge,
    check_policy,
    check_text,
    judge_object,
)
from pytest_faithful.check.judge_calls import JudgeStep, acall_judge, call_judge
from pytest_faithful.check.result import explain
from pytest_faithful.check.run import arun_check, check_steps, run_check

__all__ = [
    "AnswerClaims",
    "ClaimMemo",
    "Contexts",
    "JudgeStep",
    "Passages",
    "acall_judge",
    "answer_claims",
    "arun_check",
    "call_judge",
    "check_inputs",
    "check_judge",
    "check_policy",
    "check_steps",
    "check_text",
    "explain",
    "judge_object",
    "read_contexts",
    "run_check",
]
