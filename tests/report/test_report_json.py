"""The JSON report: valid against the repository's schema, complete, stable, same under xdist."""

from __future__ import annotations

import json
import stat
from pathlib import Path
from typing import Any

import pytest

from pytest_faithful.report import json_report
from report_suite import SUITE_OUTCOMES, make_report_suite

SCHEMA_FILE = (
    Path(__file__).parents[2]
    / "src"
    / "pytest_faithful"
    / "report"
    / "schema"
    / "report-v1.schema.json"
)
M = "test_suite.py::"


def _run_json(pytester: pytest.Pytester, name: str = "out.json") -> dict[str, Any]:
    pytester.runpytest(f"--faith-report={name}").assert_outcomes(**SUITE_OUTCOMES)
    loaded: dict[str, Any] = json.loads(Path(pytester.path, name).read_text(encoding="utf-8"))
    return loaded


def _without_durations(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_durations(v) for k, v in value.items() if k != "duration_s"}
    if isinstance(value, list):
        return [_without_durations(v) for v in value]
    return value


@pytest.fixture
def suite(pytester: pytest.Pytester) -> pytest.Pytester:
    return make_report_suite(pytester)


def test_report_validates_against_the_schema_file(suite: pytest.Pytester) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    assert schema == json_report.schema(), "the packaged schema is the repository's file"
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    document = _run_json(suite)
    validator.validate(document)
    # The schema is not vacuous: an unknown key or a wrong type is rejected.
    assert not validator.is_valid({**document, "surprise": 1})
    bad_check = {**document["checks"][0], "status": "maybe"}
    assert not validator.is_valid({**document, "checks": [bad_check]})


def test_every_check_with_claims_verdicts_reasons_evidence_and_usage(
    suite: pytest.Pytester,
) -> None:
    document = _run_json(suite)
    assert document["schema_version"] == 1
    checks = {c["test_id"]: c for c in document["checks"]}
    assert sorted(checks) == sorted(
        [
            *(f"{M}test_pass[{n}]" for n in range(3)),
            f"{M}test_contradicted",
            f"{M}test_not_enough_info",
            f"{M}test_twice",
            f"{M}test_twice #1",
            f"{M}test_error",
            f"{M}test_vacuous",
            f"{M}test_markup_in_answer",
            f"{M}test_expected_failure",
        ]
    )
    source = Path(suite.path, "test_suite.py").read_text().splitlines()
    # The line of the assert_faithful call (its first line), not of the def.
    line = source.index("def test_contradicted(assert_faithful):") + 2
    assert source[line - 1].lstrip().startswith("assert_faithful(")
    bad = checks[f"{M}test_contradicted"]
    assert (bad["status"], bad["test_outcome"], bad["path"], bad["line"]) == (
        "failed",
        "failed",
        "test_suite.py",
        line,
    )
    assert bad["question"] == "How long do I have?"
    assert bad["contexts"] == [
        "Returns are accepted within 30 days of delivery. Refunds take 5 days."
    ]
    assert bad["counts"] == {"supported": 1, "contradicted": 1, "not_enough_info": 0}
    verdicts = bad["result"]["claim_verdicts"]
    assert [
        (v["claim"]["text"], v["label"], v["reason"], v["evidence"], v["passage_index"])
        for v in verdicts
    ] == [
        (
            "Returns are accepted within 60 days.",
            "CONTRADICTED",
            "rule: contradicted",
            "Returns are accepted within",
            0,
        ),
        (
            "Refunds take 5 days.",
            "SUPPORTED",
            "rule: supported",
            "Refunds take 5 days.",
            0,
        ),
    ]
    assert (verdicts[0]["claim"]["start"], verdicts[0]["claim"]["end"]) == (0, 36)
    assert bad["result"]["usage"] == {
        "judge_calls": 1,
        "cache_hits": 0,
        "input_tokens": 0,
        "output_tokens": 0,
    }
    assert (bad["result"]["score"], bad["result"]["threshold"]) == (0.5, 0.8)

    errored = checks[f"{M}test_error"]
    assert errored["status"] == "errored"
    assert errored["result"] is None
    assert errored["counts"] is None
    assert "did not give one verdict per claim" in errored["error"]
    assert checks[f"{M}test_twice #1"]["index"] == 1
    assert checks[f"{M}test_expected_failure"]["test_outcome"] == "xfailed"
    assert checks[f"{M}test_vacuous"]["result"]["vacuous"] is True

    totals = document["totals"]
    counted = ("checks", "passed", "failed", "xfailed", "errored", "contradictions")
    assert {k: totals[k] for k in counted} == {
        "checks": 11,
        "passed": 7,
        "failed": 2,  # the xfail test's failed check is an expected failure, as in pytest
        "xfailed": 1,
        "errored": 1,
        "contradictions": 2,
    }
    assert totals["usage"]["judge_calls"] == 9
    assert totals["cache_hit_rate"] == 0.0
    run = document["run"]
    assert run["record_mode"] == "once"
    assert run["defaults"] == {"threshold": 0.8, "scoring": "strict", "allow_contradictions": False}
    assert [j["id"] for j in run["judges"]] == ["function", "rules/v1"]


def test_keys_sorted_checks_in_test_id_order_and_reruns_diff_cleanly(
    suite: pytest.Pytester,
) -> None:
    first = _run_json(suite, "first.json")
    text = Path(suite.path, "first.json").read_text(encoding="utf-8")
    assert text == json.dumps(first, sort_keys=True, indent=2, ensure_ascii=False) + "\n"
    ids = [(c["nodeid"], c["index"]) for c in first["checks"]]
    assert ids == sorted(ids)
    second = _run_json(suite, "second.json")
    assert _without_durations(second) == _without_durations(first)
    mode = stat.S_IMODE(Path(suite.path, "first.json").stat().st_mode)
    assert mode & 0o044 == 0o044, f"report file mode {oct(mode)}: others cannot read it"


# Logs every report file write with the process that made it (xdist worker id or controller),
# and puts outputs.write_text back at the end (an in-process run shares the module).
WRITE_LOG_CONFTEST = """

from pytest_faithful.report import outputs

_write_text = outputs.write_text
_role = ["controller"]

def _logged(path, text):
    with open("writes.log", "a") as log:
        log.write(f"{_role[0]} {path.name}\\n")
    _write_text(path, text)

def pytest_configure(config):
    if hasattr(config, "workerinput"):
        _role[0] = config.workerinput["workerid"]
    outputs.write_text = _logged

def pytest_unconfigure(config):
    outputs.write_text = _write_text
"""


def test_xdist_json_equals_serial_json_and_only_the_controller_writes(
    suite: pytest.Pytester,
) -> None:
    pytest.importorskip("xdist")
    conftest = Path(suite.path, "conftest.py")
    conftest.write_text(conftest.read_text() + WRITE_LOG_CONFTEST)
    serial = _run_json(suite, "serial.json")
    distributed = suite.runpytest("--faith-report=xdist.json", "-n", "2")
    distributed.assert_outcomes(**SUITE_OUTCOMES)
    assert "2 workers" in distributed.stdout.str()
    parallel = json.loads(Path(suite.path, "xdist.json").read_text(encoding="utf-8"))
    assert _without_durations(parallel) == _without_durations(serial)
    assert Path(suite.path, "writes.log").read_text().splitlines() == [
        "controller serial.json",
        "controller xdist.json",
    ]
