"""Planted hallucinations: the suite passes only if every one of them is caught.

``regressed_rag`` is the help desk after a model swap. For some questions it gives answers that
read as fluently as the production model's but carry one planted error each (see
``ragapp/answers.py``). The tests are written exactly like the ones in ``test_helpdesk.py``
and marked ``xfail(strict=True, raises=FaithfulnessError)``: a hallucination that slips through
makes the test XPASS, which ``strict`` turns into a failure. The tests at the bottom check *how*
each error was caught, claim by claim.
"""

from __future__ import annotations

import pytest
from ragapp import HelpDesk

from pytest_faithful import AssertFaithful, FaithfulnessError, Label


@pytest.mark.xfail(
    strict=True,
    raises=FaithfulnessError,
    reason="planted hallucination: 'within 60 days', but the returns policy says 30 days",
)
def test_wrong_return_window(assert_faithful: AssertFaithful, regressed_rag: HelpDesk) -> None:
    answer, contexts = regressed_rag.ask("How long do I have to return an item?")
    assert_faithful(answer, contexts)


@pytest.mark.xfail(
    strict=True,
    raises=FaithfulnessError,
    reason="planted hallucination: invented carrier 'FedEx'; international orders ship with DHL",
)
def test_invented_carrier(assert_faithful: AssertFaithful, regressed_rag: HelpDesk) -> None:
    question = "Do you ship to Canada?"
    answer, contexts = regressed_rag.ask(question)
    assert_faithful(answer, contexts, question=question)


@pytest.mark.xfail(
    strict=True,
    raises=FaithfulnessError,
    reason="planted hallucination: 'no return shipping fee', but a $5.95 fee is deducted",
)
def test_returns_are_not_free(assert_faithful: AssertFaithful, regressed_rag: HelpDesk) -> None:
    question = "Do I have to pay for return shipping?"
    answer, contexts = regressed_rag.ask(question)
    assert_faithful(answer, contexts, question=question)


@pytest.mark.xfail(
    strict=True,
    raises=FaithfulnessError,
    reason="planted hallucination: 'we ship to Australia', but we do not ship there",
)
def test_negation_flipped(assert_faithful: AssertFaithful, regressed_rag: HelpDesk) -> None:
    question = "Do you ship to Australia?"
    answer, contexts = regressed_rag.ask(question)
    assert_faithful(answer, contexts, question=question)


# --- How they were caught ------------------------------------------------------------------


def test_wrong_number_is_a_contradiction(
    assert_faithful: AssertFaithful, regressed_rag: HelpDesk
) -> None:
    answer, contexts = regressed_rag.ask("How long do I have to return an item?")

    with pytest.raises(FaithfulnessError) as info:
        assert_faithful(answer, contexts)

    result = info.value.result
    assert result.counts.contradicted == 1
    assert result.counts.supported == len(result.claim_verdicts) - 1  # the rest of it is fine
    (wrong,) = result.contradicted
    assert "60 days" in wrong.claim.text
    assert "30 days" in wrong.evidence  # the verdict quotes what the policy really says
    assert "CONTRADICTED" in str(info.value)  # and the failure message explains it


def test_contradiction_fails_whatever_the_score(
    assert_faithful: AssertFaithful, regressed_rag: HelpDesk
) -> None:
    answer, contexts = regressed_rag.ask("Do I have to pay for return shipping?")

    # Most of the answer is supported, so the score clears a lenient threshold, but a
    # contradicted claim fails the check anyway...
    with pytest.raises(FaithfulnessError) as info:
        assert_faithful(answer, contexts, threshold=0.5)
    assert info.value.result.score >= 0.5
    assert info.value.result.counts.contradicted == 1

    # ...unless the test opts in to tolerating contradictions.
    result = assert_faithful(answer, contexts, threshold=0.5, allow_contradictions=True)
    assert result.passed
    assert result.counts.contradicted == 1


def test_invented_carrier_is_not_enough_info(
    assert_faithful: AssertFaithful, regressed_rag: HelpDesk
) -> None:
    question = "Do you ship to Canada?"
    answer, contexts = regressed_rag.ask(question)

    with pytest.raises(FaithfulnessError) as info:
        assert_faithful(answer, contexts, question=question)

    result = info.value.result
    # The articles never mention FedEx: nothing contradicts the claim, nothing supports it.
    (invented,) = result.unsupported
    assert "FedEx" in invented.claim.text
    assert invented.label is Label.NOT_ENOUGH_INFO
    assert result.counts.contradicted == 0
    assert result.score < result.threshold
