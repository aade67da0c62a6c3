"""The metric checks in every report: terminal, JSON (schema), HTML, Markdown, GitHub, xdist."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pytest_faithful.report import json_report
from report_suite import METRIC_SUITE as SUITE
from report_suite import METRIC_SUITE_OUTCOMES as OUTCOMES


@pytest.fixture
def suite(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makepyfile(test_suite=SUITE)
    pytester.makeini("[pytest]\nfaith_judge = lexical\n")
    return pytester


def _json(pytester: pytest.Pytester, *args: str) -> dict[str, Any]:
    result = pytester.runpytest("--faith-report=out.json", *args)
    result.assert_outcomes(**OUTCOMES)
    loaded: dict[str, Any] = json.loads(Path(pytester.path, "out.json").read_text("utf-8"))
    return loaded


def _without_durations(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_durations(v) for k, v in value.items() if k != "duration_s"}
    if isinstance(value, list):
        return [_without_durations(v) for v in value]
    return value


def test_json_has_every_metric_check_and_validates(suite: pytest.Pytester) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    document = _json(suite)
    jsonschema.Draft202012Validator(json_report.schema()).validate(document)
    assert document["schema_version"] == 1
    seen = [(m["metric"], m["test_id"].split("::")[1], m["status"]) for m in document["metrics"]]
    assert seen == [
        ("answer_relevancy", "test_faithful_and_relevant", "passed"),
        ("answer_relevancy", "test_off_topic", "failed"),
        ("context_precision", "test_retrieval_ranked_last", "failed"),
        ("context_recall", "test_retrieval_ranked_last", "passed"),
        ("reference", "test_number_changed", "failed"),
        ("reference", "test_reference_ok", "passed"),
    ]
    precision = document["metrics"][2]["result"]
    assert [i["ok"] for i in precision["items"]] == [False, True]
    assert precision["score"] == 0.5
    recall = document["metrics"][3]["result"]["items"][0]
    assert recall["label"] == "SUPPORTED"
    assert recall["evidence"]
    totals = {t["metric"]: t for t in document["metric_totals"]}
    assert totals["answer_relevancy"]["failed"] == 1
    assert document["metrics"][4]["test_outcome"] == "xfailed"
    assert len(document["checks"]) == 1


def test_xdist_writes_the_same_document(suite: pytest.Pytester) -> None:
    serial = _without_durations(_json(suite))
    distributed = _without_durations(_json(suite, "-n", "2"))
    assert distributed["metrics"] == serial["metrics"]
    assert distributed["metric_totals"] == serial["metric_totals"]


def test_terminal_markdown_html_and_annotations(
    suite: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    summary = suite.path / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    result = suite.runpytest("--faith-report", "--faith-report=out.html")
    result.assert_outcomes(**OUTCOMES)
    result.stdout.fnmatch_lines(
        [
            "*-- context precision --*",
            "*test_retrieval_ranked_last*0.50*0.80*1/2*FAIL*",
            "*XX NOT USEFUL contexts?0? 'Shipping to Canada*",
            "context recall: checks 1  passed 1*",
            "::error file=test_suite.py,line=14,title=context precision failed*",
        ]
    )
    assert "test_number_changed" not in "".join(
        line for line in result.stdout.lines if line.startswith("::error")
    ), "an expected failure is not an error of the run"
    markdown = summary.read_text("utf-8")
    # Markdown folds runs of spaces: the counts are parted by dots, not by two spaces.
    assert "#### context precision: checks 1 \u00b7 passed 0 \u00b7 failed 1 \u00b7" in markdown
    assert "Shipping to Canada" in markdown
    html = (suite.path / "out.html").read_text("utf-8")
    for metric in ("answer_relevancy", "context_precision", "context_recall", "reference"):
        assert f'<section class="metric" id="{metric}">' in html
    assert "You have 14 days." in html
    assert "context recall: checks 1 \u00b7 passed 1 \u00b7" in html
