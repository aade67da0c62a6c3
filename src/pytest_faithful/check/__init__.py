"""The faithfulness check: answer + contexts -> FaithfulnessResult. A plain library; no pytest.

:mod:`.inputs` reads what the caller passed, :mod:`.claims` decides what is judged,
:mod:`.judge_calls` asks the judge safely, :mod:`.verdicts` holds each verdict to the verdict
rules (:mod:`pytest_faithful.rules`), :mod:`.result` scores, and :mod:`.run` runs the steps.
"""

from pytest_faithful.check.claims import AnswerClaims, ClaimMemo, answer_claims
from pytest_faithful.check.inputs import check_inputs, check_judge, check_policy, check_text
from pytest_faithful.check.judge_calls import call_judge
from pytest_faithful.check.result import explain
from pytest_faithful.check.run import run_check

__all__ = [
    "AnswerClaims",
    "ClaimMemo",
    "answer_claims",
    "call_judge",
    "check_inputs",
    "check_judge",
    "check_policy",
    "check_text",
    "explain",
    "run_check",
]
