"""A suite whose faithfulness reports the report tests read (imported by tests/test_report_*.py).

Not a test module: it holds the suite's source, a deterministic judge for it, and how to set both
up in a pytester directory.
"""

from __future__ import annotations

import pytest

# A judge with fixed rules: a claim with "60" in it is CONTRADICTED, one with "maybe" is
# NOT_ENOUGH_INFO (no quote), any other is SUPPORTED, quoting the start of the sentence of the
# first passage that shares the most words with the claim (a quote must bear on its claim).
RULES_CONFTEST = """
from pytest_faithful.testing import FunctionJudge

def _label(text):
    if "60" in text:
        return "CONTRADICTED"
    if "maybe" in text.lower():
        return "NOT_ENOUGH_INFO"
    return "SUPPORTED"

def _words(text):
    return {w.strip(".,!?").lower() for w in text.split()}

def _quote(claim, passage):
    sentences = [s for s in passage.split(". ") if s.strip()]
    return max(sentences, key=lambda s: len(_words(claim) & _words(s)))[:28]

def _verdicts(claims, passages):
    return [
        {"claim_index": i, "label": _label(c.text), "reason": f"rule: {_label(c.text).lower()}",
         "evidence": "" if _label(c.text) == "NOT_ENOUGH_INFO" else _quote(c.text, passages[0]),
         "passage_index": 0}
        for i, c in enumerate(claims)
    ]

def pytest_faithful_register_judges(registry):
    registry.register("rules", lambda spec, options: FunctionJudge(_verdicts, id="rules/v1"))
"""

CONTEXT = "Returns are accepted within 30 days of delivery. Refunds take 5 days."

REPORT_SUITE = f"""
import pytest
from pytest_faithful.testing import FunctionJudge

C = {CONTEXT!r}

@pytest.mark.parametrize("n", range(3))
def test_pass(assert_faithful, n):
    assert_faithful("Returns are accepted within 30 days.", [C, "Other passage."])

def test_contradicted(assert_faithful):
    assert_faithful("Returns are accepted within 60 days. Refunds take 5 days.", C,
                    question="How long do I have?")

def test_not_enough_info(assert_faithful):
    assert_faithful("Returns are accepted. Maybe refunds are instant.", C)

def test_twice(assert_faithful):
    assert_faithful("Returns are accepted.", C)
    assert_faithful("Maybe returns are free.", C, threshold=0.0)

def test_error(assert_faithful):
    assert_faithful("Returns are accepted.", C, judge=FunctionJudge(lambda c, p: []))

def test_vacuous(assert_faithful):
    assert_faithful("", C)

def test_markup_in_answer(assert_faithful):
    assert_faithful("<script>window.pwned = 1</script> Returns are <b>accepted</b>.", C)

@pytest.mark.xfail(strict=True, reason="planted")
def test_expected_failure(assert_faithful):
    assert_faithful("Refunds take 60 days.", C)

def test_no_check():
    pass
"""
SUITE_OUTCOMES = {"passed": 7, "failed": 3, "xfailed": 1}


def make_report_suite(pytester: pytest.Pytester) -> pytest.Pytester:
    """Write the rules judge (as the default judge) and the report suite into ``pytester``."""
    pytester.makeconftest(RULES_CONFTEST)
    # The hypothesis plugin costs about a second per run (pytester re-imports it each time).
    pytester.makeini("[pytest]\nfaith_judge = rules\naddopts = -p no:hypothesispytest\n")
    pytester.makepyfile(test_suite=REPORT_SUITE)
    return pytester


# Metric checks beside one faithfulness check: every metric, passing and failing.
METRIC_SUITE = """
import pytest

QUESTION = "How long do I have to return an item?"
USEFUL = "Items can be returned within 30 days of delivery for a full refund."
OTHER = "Shipping to Canada takes 5 business days."
REFERENCE = "You can return items within 30 days of delivery."

def test_faithful_and_relevant(assert_faithful, assert_relevant):
    answer = "Items can be returned within 30 days of delivery."
    assert_faithful(answer, [USEFUL], question=QUESTION)
    assert_relevant(answer, QUESTION)

def test_retrieval_ranked_last(assert_retrieval):
    assert_retrieval([OTHER, USEFUL], QUESTION, reference=REFERENCE)

def test_off_topic(assert_relevant):
    assert_relevant("Our CEO loves golf.", QUESTION)

@pytest.mark.xfail(strict=True)
def test_number_changed(assert_reference):
    assert_reference("You have 14 days.", REFERENCE, keywords=False)

def test_reference_ok(assert_reference):
    assert_reference("Return items within 30 days of delivery.", REFERENCE)
"""
METRIC_SUITE_OUTCOMES = {"passed": 2, "failed": 2, "xfailed": 1}
