"""A bare reply the answer goes on to explain is left to its reasons, both ways (stop 63, from
blind probes): "No." quoted with a passage sentence that shares too few of the question's words
passes where the answer's next sentences give the reasons, each held to the rules; a reply
alone, or a figure ("£15."), is still held to its quote, and a reason that the passages do not
support still fails the answer."""

from __future__ import annotations

from evidence_judges import quoting
from pytest_faithful import verify

HOURS = (
    "Core hours are 10am to 12 noon and 2pm to 4pm, Monday to Thursday. Staff may finish at "
    "any time between 4pm and 7pm."
)
QUESTION = "Can I leave at 3.30pm on a Wednesday?"
# The judge's quote for every claim: the sentence the passage answers the question with,
# which shares too few of the question's words to bear on "No." alone.
JUDGE = quoting("Core hours are 10am to 12 noon and 2pm to 4pm, Monday to Thursday.")


def test_a_reply_the_answer_explains_is_left_to_its_reasons() -> None:
    answer = "No. On Monday to Thursday, core hours are 2pm to 4pm, so you can leave at 4pm."
    result = verify(answer, [HOURS], question=QUESTION, judge=JUDGE)
    assert result.passed
    assert [v.rule for v in result.claim_verdicts] == [None, None]


def test_a_reply_followed_by_a_remark_on_something_else_is_still_held() -> None:
    """The sentence after it says nothing of what was asked: no reason for the reply."""
    answer = "No. Core hours are 10am to 12 noon and 2pm to 4pm."
    result = verify(answer, [HOURS], question=QUESTION, judge=JUDGE)
    assert [v.rule for v in result.claim_verdicts] == ["bears-on", None]


def test_a_reply_alone_is_still_held() -> None:
    result = verify("No.", [HOURS], question=QUESTION, judge=JUDGE)
    assert not result.passed
    assert [v.rule for v in result.claim_verdicts] == ["bears-on"]


def test_a_figure_is_a_specific_of_its_own() -> None:
    answer = "£15. The fee is charged after 4pm."
    result = verify(answer, [HOURS], question="What is the late fee?", judge=JUDGE)
    assert not result.passed


def test_reasons_the_passages_do_not_support_still_fail() -> None:
    answer = "No. On Monday to Thursday, core hours are 2pm to 5pm, so you can leave at 5pm."
    assert not verify(answer, [HOURS], question=QUESTION, judge=JUDGE).passed
