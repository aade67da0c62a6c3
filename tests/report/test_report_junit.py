"""JUnit XML: each check's score, threshold and verdict counts as properties of its testcase,
and nothing else of the check: answers and contexts stay out of CI artifacts."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from report_suite import CONTEXT, SUITE_OUTCOMES, make_report_suite


def _faith_properties(pytester: pytest.Pytester, *args: str) -> dict[str, dict[str, str]]:
    """testcase name -> its ``faith.*`` properties."""
    pytester.runpytest("--junitxml=out.xml", *args).assert_outcomes(**SUITE_OUTCOMES)
    root = ET.parse(Path(pytester.path, "out.xml")).getroot()
    cases = {}
    for case in root.iter("testcase"):
        cases[case.attrib["name"]] = {
            p.attrib["name"]: p.attrib["value"]
            for p in case.iter("property")
            if p.attrib["name"].startswith("faith.")
        }
    return cases


def test_testcase_properties_carry_score_threshold_and_verdict_counts(
    pytester: pytest.Pytester,
) -> None:
    cases = _faith_properties(make_report_suite(pytester))
    assert cases["test_contradicted"] == {
        "faith.status": "failed",
        "faith.judge": "rules/v1",
        "faith.score": "0.5000",
        "faith.threshold": "0.8000",
        "faith.supported": "1",
        "faith.contradicted": "1",
        "faith.not_enough_info": "0",
    }
    assert cases["test_pass[0]"]["faith.score"] == "1.0000"
    nei = cases["test_not_enough_info"]
    assert (nei["faith.supported"], nei["faith.contradicted"], nei["faith.not_enough_info"]) == (
        "1",
        "0",
        "1",
    )
    # A test's second check is faith.1.*; a judge error has a status and no score.
    assert cases["test_twice"]["faith.score"] == "1.0000"
    assert cases["test_twice"]["faith.1.threshold"] == "0.0000"
    assert cases["test_twice"]["faith.1.status"] == "passed"
    assert cases["test_error"] == {"faith.status": "errored", "faith.judge": "function"}
    assert cases["test_no_check"] == {}


def test_properties_are_the_same_under_xdist(pytester: pytest.Pytester) -> None:
    pytest.importorskip("xdist")
    suite = make_report_suite(pytester)
    serial = _faith_properties(suite)
    assert _faith_properties(suite, "-n", "2") == serial
    # The same XML holds only faith properties, as a serial run's does (one xdist run for both).
    _assert_only_faith_properties_and_no_checked_text(suite)


def test_only_faith_properties_and_no_checked_text(pytester: pytest.Pytester) -> None:
    suite = make_report_suite(pytester)
    suite.runpytest("--junitxml=out.xml").assert_outcomes(**SUITE_OUTCOMES)
    _assert_only_faith_properties_and_no_checked_text(suite)


def _assert_only_faith_properties_and_no_checked_text(suite: pytest.Pytester) -> None:
    root = ET.parse(Path(suite.path, "out.xml")).getroot()
    properties = {(p.attrib["name"], p.attrib["value"]) for p in root.iter("property")}
    assert properties
    assert all(name.startswith("faith.") for name, _ in properties), sorted(properties)
    # No property holds the contexts, the answers or the claims' reasons. (A failed test's
    # <failure> text is pytest's: the failure message, which names the failing claims.)
    values = " ".join(value for _, value in properties)
    for text in (CONTEXT[:30], "Returns are accepted", "rule: "):
        assert text not in values
