"""Answers that change from run to run: repeated checks and their pass rate.

A model answering with temperature gives the same question a different answer each time, so
one sample per check makes the gate flaky: it passes or fails by chance. ``repeat=5`` runs
the test five times (``test[run1of5]`` to ``test[run5of5]``; pytest-xdist spreads them), and
``min_pass_rate`` gates on the share of runs whose answer is faithful. A run whose check fails
is reported ``XFAIL`` with the check's summary; the pass rate, with its Wilson 95% interval,
decides the check, after the tests (``faithfulness pass rates``).
"""

from __future__ import annotations

import pytest
from ragapp import HelpDesk

from pytest_faithful import AssertFaithful, FaithfulnessError


@pytest.mark.faithfulness(repeat=5, min_pass_rate=0.6)
def test_refund_timing_sampled(assert_faithful: AssertFaithful, sampled_rag: HelpDesk) -> None:
    # One sample in four says "within 2 business days" (the policy says 5): a run that draws
    # it fails its check; the test passes while 3 runs in 5 are faithful.
    question = "When will I get my refund?"
    answer, contexts = sampled_rag.ask(question)
    assert_faithful(answer, contexts, question=question)


@pytest.mark.xfail(
    strict=True,
    raises=FaithfulnessError,
    reason="planted hallucination in every sample: a carrier the shipping page never names",
)
@pytest.mark.faithfulness(repeat=3)
def test_invented_carrier_sampled(
    assert_faithful: AssertFaithful, sampled_regressed_rag: HelpDesk
) -> None:
    # Each run's answer names another carrier; every one is caught, so every run is an
    # expected failure, and so is the pass rate (0 of 3).
    question = "Do you ship to Canada?"
    answer, contexts = sampled_regressed_rag.ask(question)
    assert_faithful(answer, contexts, question=question)
