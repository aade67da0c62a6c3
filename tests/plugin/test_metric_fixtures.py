"""The metric fixtures through pytester: results, MetricError, markers, records, JUnit."""

from __future__ import annotations

import json
import re

import pytest

REFERENCE_TESTS = """
import json
import re

import pytest

def test_passes(assert_reference):
    result = assert_reference("Refunds take 30 days.", "You have 30 days for a refund.",
                              keywords=False)
    assert result.passed and result.metric == "reference"

def test_number_changed(assert_reference):
    assert_reference("Refunds take 14 days.", "You have 30 days for a refund.", keywords=False)

@pytest.mark.reference(threshold=0.2)
def test_marker_threshold(assert_reference):
    result = assert_reference("Refunds.", "Refunds take thirty days at Acme.", numbers=False)
    assert result.threshold == 0.2 and result.passed
"""


def test_assert_reference(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(REFERENCE_TESTS)
    result = pytester.runpytest("--strict-markers", "--junitxml=junit.xml")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*MetricError: reference failed: numbers: 0/1 numbers; missing: '30 days'",
            "*XX MISSING    numbers: '30 days' -- 30 day is not stated in the answer",
        ]
    )
    junit = (pytester.path / "junit.xml").read_text()
    assert 'name="faith.reference.status" value="failed"' in junit
    assert 'name="faith.reference.score"' in junit


def test_a_threshold_mistake_in_a_metric_call_names_the_argument(
    pytester: pytest.Pytester,
) -> None:
    pytester.makeini("[pytest]\nfaith_judge = lexical\n")
    pytester.makepyfile(
        """
import pytest

@pytest.mark.parametrize("threshold", ["0.5", True, "abc", [0.5], 1.5])
def test_threshold(assert_reference, threshold):
    assert_reference("Refunds take 30 days.", "Refunds take 30 days.", threshold=threshold)
"""
    )
    result = pytester.runpytest("-rf")
    result.assert_outcomes(failed=5)
    result.stdout.fnmatch_lines(
        [
            "*TypeError: threshold must be a number in [[]0, 1[]], got str",
            "*TypeError: threshold must be a number in [[]0, 1[]], got bool",
            "*TypeError: threshold must be a number in [[]0, 1[]], got list",
            "*ValueError: threshold must be in [[]0, 1[]], got 1.5",
        ],
        consecutive=False,
    )


RETRIEVAL_TESTS = """
import json
import re

import pytest

QUESTION = "How long do I have to return an item?"
USEFUL = "Items can be returned within 30 days of delivery for a full refund."
OTHER = "Shipping to Canada takes 5 business days."
REFERENCE = "You can return items within 30 days of delivery."

def test_good(assert_retrieval, assert_relevant):
    result = assert_retrieval([USEFUL, OTHER], QUESTION, reference=REFERENCE)
    assert result.passed and result.precision.score == 1.0
    assert_relevant("You have 30 days to return an item.", QUESTION)

def test_ranked_last(assert_retrieval):
    assert_retrieval([OTHER, USEFUL], QUESTION, reference=REFERENCE)

@pytest.mark.retrieval(precision=0.5)
def test_marker_lowers_precision(assert_retrieval):
    assert assert_retrieval([OTHER, USEFUL], QUESTION).precision.threshold == 0.5

def test_off_topic(assert_relevant):
    assert_relevant("Our CEO loves golf.", QUESTION)
"""


@pytest.mark.parametrize("args", [[], ["-n", "2"]], ids=["serial", "xdist"])
def test_assert_retrieval_and_assert_relevant(pytester: pytest.Pytester, args: list[str]) -> None:
    pytester.makepyfile(RETRIEVAL_TESTS)
    pytester.makeini("[pytest]\nfaith_judge = lexical\n")
    result = pytester.runpytest(
        "--strict-markers", "--faith-report=faith.json", "-p", "no:randomly", *args
    )
    result.assert_outcomes(passed=2, failed=2)
    result.stdout.fnmatch_lines_random(
        [
            "*MetricError: context precision failed: 1/2 passages useful*; "
            "average precision 0.50 < threshold 0.80*",
            "*XX NOT USEFUL contexts?0? 'Shipping to Canada takes 5 business days.'*",
            "*MetricError: answer relevancy failed: 0/1 claims relevant*",
            "*XX OFF-TOPIC  'Our CEO loves golf.'*",
        ]
    )


@pytest.mark.parametrize(
    ("marker", "message"),
    [
        (
            "reference(treshold=0.2)",
            "treshold: Extra inputs are not permitted (allowed arguments: threshold)",
        ),
        (
            "retrieval(precison=0.5)",
            "precison: Extra inputs are not permitted (allowed "
            "arguments: precision, recall, judge)",
        ),
        ("relevancy(judge='nosuch')", "judge: unknown judge kind 'nosuch'"),
        ("relevancy(0.5)", "takes keyword arguments only (threshold, judge), got positional"),
    ],
)
def test_an_invalid_metric_marker_is_a_collection_error(
    pytester: pytest.Pytester, marker: str, message: str
) -> None:
    pytester.makepyfile(
        f"""
        import pytest

        @pytest.mark.{marker}
        def test_marked(assert_reference, assert_retrieval, assert_relevant):
            pass
        """
    )
    result = pytester.runpytest("--strict-markers")
    result.assert_outcomes(errors=1)
    name = marker.split("(")[0]
    assert f"@pytest.mark.{name} on test_an_invalid_metric_marker_is_a_collection_error.py::" in (
        result.stdout.str()
    )
    assert message in result.stdout.str()


def _baseline_suite(answer: str) -> str:
    return f"""
def test_relevant(assert_relevant):
    assert_relevant({answer!r}, "How long do I have to return an item?", threshold=0.0)
"""


def test_metric_baselines_have_per_metric_keys_and_gate_a_drop(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\nfaith_judge = lexical\nfaith_baseline = faith-baseline.json\n")
    pytester.makepyfile(test_rag=_baseline_suite("You have 30 days to return an item."))
    pytester.runpytest("--faith-update-baseline").assert_outcomes(passed=1)
    stored = json.loads((pytester.path / "faith-baseline.json").read_text())["checks"]
    assert list(stored) == ["answer_relevancy:test_rag.py::test_relevant#0"]
    assert stored["answer_relevancy:test_rag.py::test_relevant#0"]["score"] == 1.0
    pytester.makepyfile(
        test_rag=_baseline_suite("You have 30 days to return an item. Our CEO loves golf.")
    )
    result = pytester.runpytest()
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*answer relevancy regressed: score 0.50 < baseline 1.00*"])


PRECEDENCE = """
import pytest

Q = "How long do I have to return an item?"
A = "You have 30 days to return an item."

def test_default(assert_relevant, assert_retrieval, assert_reference):
    print("T", assert_relevant(A, Q, threshold=None).threshold,
          assert_retrieval([A], Q, reference=A).precision.threshold,
          assert_retrieval([A], Q, reference=A).recall.threshold,
          assert_reference(A, A).threshold)

@pytest.mark.relevancy(threshold=0.3)
@pytest.mark.retrieval(precision=0.3, recall=0.3)
@pytest.mark.reference(threshold=0.3)
def test_marker(assert_relevant, assert_retrieval, assert_reference):
    print("T", assert_relevant(A, Q).threshold,
          assert_retrieval([A], Q, reference=A).precision.threshold,
          assert_retrieval([A], Q, reference=A).recall.threshold,
          assert_reference(A, A).threshold)

@pytest.mark.relevancy(threshold=0.3)
@pytest.mark.retrieval(precision=0.3, recall=0.3)
@pytest.mark.reference(threshold=0.3)
def test_call(assert_relevant, assert_retrieval, assert_reference):
    print("T", assert_relevant(A, Q, threshold=0.2).threshold,
          assert_retrieval([A], Q, reference=A, precision=0.2).precision.threshold,
          assert_retrieval([A], Q, reference=A, recall=0.2).recall.threshold,
          assert_reference(A, A, threshold=0.2).threshold)
"""

NAMES = ("relevancy", "precision", "recall", "reference")


@pytest.mark.parametrize(
    ("ini", "cli", "expected"),
    [
        ({}, {}, {"test_default": "0.8", "test_marker": "0.3", "test_call": "0.2"}),
        (dict.fromkeys(NAMES, "0.6"), {}, {"test_default": "0.6", "test_marker": "0.3"}),
        (dict.fromkeys(NAMES, "0.6"), dict.fromkeys(NAMES, "0.5"), {"test_default": "0.5"}),
    ],
    ids=["default-marker-call", "ini", "cli-over-ini"],
)
def test_metric_thresholds_follow_call_marker_cli_ini_default(
    pytester: pytest.Pytester, ini: dict[str, str], cli: dict[str, str], expected: dict[str, str]
) -> None:
    lines = "".join(f"faith_{name}_threshold = {value}\n" for name, value in ini.items())
    pytester.makeini(f"[pytest]\nfaith_judge = lexical\n{lines}")
    pytester.makepyfile(PRECEDENCE)
    args = [f"--faith-{name}-threshold={value}" for name, value in cli.items()]
    result = pytester.runpytest("-s", "--strict-markers", *args)
    result.assert_outcomes(passed=3)
    printed = re.findall(r"T (\S+ \S+ \S+ \S+)", result.stdout.str())
    by_test = dict(zip(["test_default", "test_marker", "test_call"], printed, strict=True))
    for test, value in expected.items():
        assert by_test[test] == " ".join([value] * 4), test


def test_a_bad_metric_option_names_itself(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\nfaith_recall_threshold = lots\n")
    pytester.makepyfile("def test_x(): pass")
    result = pytester.runpytest()
    result.stderr.fnmatch_lines(["*ini option faith_recall_threshold: 'lots' is not a number*"])


MARKER_VALUES_SUITE = """
import pytest

CTX = ["Refunds take 30 days."]

@pytest.mark.faithfulness(threshold=False)
def test_false_threshold(assert_faithful):
    assert_faithful("Refunds take 30 days. Shipping is free.", CTX)

@pytest.mark.faithfulness(threshold="0.9")
def test_str_threshold(assert_faithful):
    assert_faithful("Refunds take 30 days.", CTX)

@pytest.mark.retrieval(precision="0")
def test_str_precision(assert_retrieval):
    assert_retrieval(CTX, "How long do refunds take?")

@pytest.mark.relevancy(threshold=b"0.4")
def test_bytes_threshold(assert_relevant):
    assert_relevant("Refunds take 30 days.", "How long do refunds take?")

@pytest.mark.reference(threshold=float("nan"))
def test_nan_threshold(assert_reference):
    assert_reference("Refunds take 30 days.", "Refunds take 30 days.")
"""

MARKER_VALUES_THAT_WORK = """
import pytest

CTX = ["Refunds take 30 days."]

@pytest.mark.faithfulness(threshold=1)
@pytest.mark.retrieval(precision=True)
def test_numbers_and_flags_still_work(assert_faithful, assert_retrieval):
    assert assert_faithful("Refunds take 30 days.", CTX).threshold == 1.0
    assert assert_retrieval(CTX, "How long do refunds take?").precision.threshold == 0.8
"""


def test_a_marker_value_that_is_no_number_is_an_error_not_a_setting(
    pytester: pytest.Pytester,
) -> None:
    # threshold=False read as 0.0 passed every check; "0" as precision=False skipped it.
    pytester.makeini("[pytest]\nfaith_judge = lexical\n")
    pytester.makepyfile(test_bad=MARKER_VALUES_SUITE, test_good=MARKER_VALUES_THAT_WORK)
    result = pytester.runpytest("--continue-on-collection-errors")
    # One collection error for the module, listing every invalid marker in it.
    result.assert_outcomes(passed=1, errors=1)
    result.stdout.fnmatch_lines(
        [
            "*invalid @pytest.mark.faithfulness*a number is needed, got bool False*",
            "*invalid @pytest.mark.faithfulness*a number is needed, got str '0.9'*",
            "*invalid @pytest.mark.retrieval*a number is needed, got str '0'*",
            "*invalid @pytest.mark.relevancy*a number is needed, got bytes*",
            "*invalid @pytest.mark.reference*a number is needed, got NaN*",
        ],
        consecutive=False,
    )


def test_a_retrieval_metric_that_errors_leaves_the_others_run_and_recorded(
    pytester: pytest.Pytester,
) -> None:
    """A judge that cannot do precision errors it; recall, planned by the same call, still runs
    and is in the report (it vanished before: the loop stopped at the first error)."""
    pytester.makepyfile(
        """
        from pytest_faithful.testing import FunctionJudge

        def unsure(claims, passages):
            return [{"claim_index": i, "label": "NOT_ENOUGH_INFO"} for i in range(len(claims))]

        def test_both(assert_retrieval):
            assert_retrieval(["Refunds take 5 days."], "How long do refunds take?",
                             reference="Refunds take 5 days.", judge=FunctionJudge(unsure))
        """
    )
    result = pytester.runpytest("--faith-report=faith.json", "-p", "no:randomly")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*UnsupportedMetricError: judge function cannot judge context*"])
    metrics = json.loads((pytester.path / "faith.json").read_text())["metrics"]
    assert [(m["metric"], m["status"]) for m in metrics] == [
        ("context_precision", "errored"),
        ("context_recall", "failed"),
    ]
