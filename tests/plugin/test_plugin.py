"""The pytest plugin, exercised through pytester the way users run it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

# A conftest that registers judges through the plugin's hook. "echo:<label>" gives every claim
# that label, quoting the first passage, so tests can steer outcomes from the command line.
CONFTEST = """
from pytest_faithful.testing import FunctionJudge

def _factory(spec, options):
    label = (spec.model or "SUPPORTED").upper()

    def verdicts(claims, passages):
        return [
            {"claim_index": i, "label": label, "reason": f"echo says {label}",
             "evidence": passages[0][:20], "passage_index": 0}
            for i, _ in enumerate(claims)
        ]

    return FunctionJudge(verdicts, id=f"echo:{label.lower()}")

def pytest_faithful_register_judges(registry):
    registry.register("echo", _factory)
"""

CONTEXT = "Returns are accepted within 30 days of delivery."


@pytest.fixture
def echo(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makeconftest(CONFTEST)
    return pytester


def test_fixture_returns_the_result_and_passes(echo: pytest.Pytester) -> None:
    echo.makepyfile(
        f"""
        def test_it(assert_faithful):
            result = assert_faithful("Returns are accepted.", {CONTEXT!r}, judge="echo:supported")
            assert result.score == 1.0 and result.passed
            assert result.judge_id == "echo:supported"
        """
    )
    echo.runpytest().assert_outcomes(passed=1)


def test_failure_message_is_readable_without_verbose(echo: pytest.Pytester) -> None:
    echo.makepyfile(
        f"""
        from pytest_faithful import FaithfulnessError

        def test_it(assert_faithful):
            assert_faithful("Returns take 60 days. Refunds are instant.", [{CONTEXT!r}],
                            judge="echo:contradicted")

        def test_is_assertion_error(assert_faithful):
            try:
                assert_faithful("Returns take 60 days.", {CONTEXT!r}, judge="echo:contradicted")
            except AssertionError as exc:
                assert isinstance(exc, FaithfulnessError)
                assert exc.result.counts.contradicted == 1
            else:
                raise AssertionError("expected a failure")
        """
    )
    result = echo.runpytest()
    result.assert_outcomes(failed=1, passed=1)
    result.stdout.fnmatch_lines(
        [
            "E *pytest_faithful.FaithfulnessError: faithfulness failed: 0/2 claims supported, "
            "2 contradicted; score 0.00 < threshold 0.80",
            "E *judge: echo:contradicted",
            "E *  XX CONTRADICTED    'Returns take 60 days.' -- echo says CONTRADICTED; "
            "evidence contexts?0?: 'Returns are accepted'",
            "E *  XX CONTRADICTED    'Refunds are instant.' *",
        ]
    )
    assert "def __call__" not in result.stdout.str(), "the fixture's frame is hidden"


def test_lexical_failure_says_verdicts_are_heuristic(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        f"""
        def test_it(assert_faithful):
            assert_faithful("Our Tokyo office handles returns.", {CONTEXT!r}, judge="lexical")
        """
    )
    result = pytester.runpytest()
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["E *judge: lexical* (heuristic*"])


def test_marker_on_module_class_and_function_closest_wins(echo: pytest.Pytester) -> None:
    echo.makepyfile(
        f"""
        import pytest

        pytestmark = pytest.mark.faithfulness(threshold=0.1, scoring="lenient")

        def check(assert_faithful):
            return assert_faithful("Returns are accepted.", {CONTEXT!r}, judge="echo:supported")

        def test_module(assert_faithful):
            r = check(assert_faithful)
            assert (r.threshold, r.scoring) == (0.1, "lenient")

        @pytest.mark.faithfulness(threshold=0.2)
        class TestClass:
            def test_class(self, assert_faithful):
                r = check(assert_faithful)
                assert (r.threshold, r.scoring) == (0.2, "lenient")

            @pytest.mark.faithfulness(threshold=0.3, allow_contradictions=True)
            def test_function(self, assert_faithful):
                r = check(assert_faithful)
                assert (r.threshold, r.scoring, r.allow_contradictions) == (0.3, "lenient", True)
        """
    )
    echo.runpytest("--strict-markers").assert_outcomes(passed=3)


def test_marker_selects_the_judge(echo: pytest.Pytester) -> None:
    echo.makepyfile(
        f"""
        import pytest

        @pytest.mark.faithfulness(judge="echo:not_enough_info", threshold=0.0)
        def test_it(assert_faithful):
            r = assert_faithful("Returns are accepted.", {CONTEXT!r})
            assert r.judge_id == "echo:not_enough_info"
        """
    )
    echo.runpytest("--faith-judge=echo:supported").assert_outcomes(passed=1)


@pytest.mark.parametrize(
    ("marker", "message"),
    [
        ("threshold=1.5", "threshold: Input should be less than or equal to 1"),
        ("treshold=0.9", "treshold: Extra inputs are not permitted"),
        ("scoring='harsh'", "scoring: Input should be 'strict' or 'lenient'"),
        ("allow_contradictions='yes'", "allow_contradictions: Input should be a valid boolean"),
        ("0.9", "keyword arguments only"),
    ],
)
def test_invalid_marker_arguments_are_named(
    echo: pytest.Pytester, marker: str, message: str
) -> None:
    echo.makepyfile(
        f"""
        import pytest

        @pytest.mark.faithfulness({marker})
        def test_it(assert_faithful):
            assert_faithful("Returns are accepted.", {CONTEXT!r}, judge="echo:supported")
        """
    )
    result = echo.runpytest()
    result.assert_outcomes(errors=1)
    assert message in result.stdout.str()


def test_an_invalid_class_or_module_marker_is_named_where_it_is_written(
    echo: pytest.Pytester,
) -> None:
    echo.makepyfile(
        test_class=f"""
        import pytest

        @pytest.mark.faithfulness(threshold=2)
        class TestPolicy:
            @pytest.mark.faithfulness(scoring="lenient")
            def test_it(self, assert_faithful):
                assert_faithful("Returns are accepted.", {CONTEXT!r}, judge="echo:supported")
        """,
        test_module=f"""
        import pytest

        pytestmark = pytest.mark.faithfulness(scoring="harsh")

        def test_it(assert_faithful):
            assert_faithful("Returns are accepted.", {CONTEXT!r}, judge="echo:supported")
        """,
    )
    result = echo.runpytest("--continue-on-collection-errors")
    result.assert_outcomes(errors=2)
    result.stdout.fnmatch_lines_random(
        [
            "*invalid @pytest.mark.faithfulness on class test_class.py::TestPolicy: threshold: "
            "Input should be less than or equal to 1*",
            "*invalid @pytest.mark.faithfulness on module test_module.py: scoring: *",
        ]
    )


def test_an_invalid_marker_on_a_test_without_the_fixture_is_a_collection_error(
    pytester: pytest.Pytester,
) -> None:
    # Without the fixture the marker was never read, so a typo in it passed silently.
    pytester.makepyfile(
        test_unused="""
        import pytest

        @pytest.mark.faithfulness(treshold=0.9)
        def test_no_check():
            pass
        """,
        test_fine="def test_fine(): pass",
    )
    # xdist runs the tests it could collect; without it pytest stops, as on any collection error.
    for args, ended in (
        ((), pytest.ExitCode.INTERRUPTED),
        (("--collect-only",), pytest.ExitCode.INTERRUPTED),
        (("-n", "2"), pytest.ExitCode.TESTS_FAILED),
    ):
        result = pytester.runpytest(*args)
        assert result.ret == ended, args
        result.stdout.fnmatch_lines(
            [
                "*ERROR collecting test_unused.py*",
                "invalid @pytest.mark.faithfulness on test_unused.py::test_no_check: treshold: "
                "Extra inputs are not permitted*",
            ]
        )
    result = pytester.runpytest("--continue-on-collection-errors")
    result.assert_outcomes(passed=1, errors=1)


def test_a_marker_is_validated_once_unless_a_fixture_adds_one(echo: pytest.Pytester) -> None:
    echo.makepyfile(
        f"""
        import pytest
        from pytest_faithful.plugin import markers

        pytestmark = pytest.mark.faithfulness(threshold=0.5)

        @pytest.fixture
        def lowered(request):
            request.applymarker(pytest.mark.faithfulness(threshold=0.3))

        def test_validated_at_collection_only(assert_faithful, monkeypatch):
            def again(*args):
                raise AssertionError("validated twice")

            monkeypatch.setattr(markers, "validate_marker", again)
            r = assert_faithful("Returns are accepted.", {CONTEXT!r}, judge="echo:supported")
            assert r.threshold == 0.5

        def test_a_marker_added_later_is_read(lowered, assert_faithful):
            r = assert_faithful("Returns are accepted.", {CONTEXT!r}, judge="echo:supported")
            assert r.threshold == 0.3
        """
    )
    # In process: the first test's monkeypatch of the plugin's module is undone at its
    # teardown, before the outer run goes on.
    echo.runpytest("-p", "no:randomly").assert_outcomes(passed=2)


LAYER_VALUES = {"call": 0.1, "marker": 0.2, "cli": 0.3, "ini": 0.4}


@pytest.mark.parametrize(
    "layers",
    [
        (),
        ("ini",),
        ("cli",),
        ("cli", "ini"),
        ("marker",),
        ("marker", "ini"),
        ("marker", "cli"),
        ("marker", "cli", "ini"),
        ("call",),
        ("call", "ini"),
        ("call", "cli"),
        ("call", "marker"),
        ("call", "marker", "cli", "ini"),
    ],
    ids=lambda layers: "+".join(layers) or "default",
)
def test_precedence_call_marker_cli_ini_default(
    echo: pytest.Pytester, layers: tuple[str, ...]
) -> None:
    expected = next((LAYER_VALUES[name] for name in LAYER_VALUES if name in layers), 0.8)
    marker = "@pytest.mark.faithfulness(threshold=0.2)" if "marker" in layers else ""
    call = ", threshold=0.1" if "call" in layers else ""
    echo.makeini("[pytest]\nfaith_threshold = 0.4\n" if "ini" in layers else "[pytest]\n")
    echo.makepyfile(
        f"""
        import pytest

        {marker}
        def test_it(assert_faithful):
            r = assert_faithful("Returns are accepted.", {CONTEXT!r}, judge="echo:supported"{call})
            assert r.threshold == {expected}
        """
    )
    args = ["--faith-threshold=0.3"] if "cli" in layers else []
    echo.runpytest(*args).assert_outcomes(passed=1)


def test_a_flag_on_in_the_ini_file_is_switched_off_with_dash_o(
    echo: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    echo.makeini("[pytest]\nfaith_allow_contradictions = true\n")
    echo.makepyfile(
        f"""
        import os

        def test_it(assert_faithful):
            r = assert_faithful("Returns are accepted.", {CONTEXT!r}, judge="echo:supported")
            assert r.allow_contradictions is (os.environ["EXPECTED"] == "on")
        """
    )
    monkeypatch.setenv("EXPECTED", "on")
    echo.runpytest().assert_outcomes(passed=1)
    monkeypatch.setenv("EXPECTED", "off")
    echo.runpytest("-o", "faith_allow_contradictions=false").assert_outcomes(passed=1)


def test_every_setting_from_ini_and_cli(echo: pytest.Pytester) -> None:
    echo.makeini(
        """
        [pytest]
        faith_judge = echo:supported
        faith_threshold = 0.5
        faith_scoring = lenient
        faith_allow_contradictions = true
        """
    )
    echo.makepyfile(
        f"""
        def test_it(assert_faithful, request):
            option = request.config.getoption
            r = assert_faithful("Returns are accepted.", {CONTEXT!r})
            assert r.judge_id == (option("faith_judge") or "echo:supported")
            cli_threshold = option("faith_threshold")
            assert r.threshold == (0.5 if cli_threshold is None else cli_threshold)
            assert r.scoring == (option("faith_scoring") or "lenient")
            assert r.allow_contradictions is True
        """
    )
    echo.runpytest().assert_outcomes(passed=1)
    echo.runpytest(
        "--faith-judge=echo:not_enough_info", "--faith-scoring=strict", "--faith-threshold=0"
    ).assert_outcomes(passed=1)


@pytest.mark.parametrize(
    ("args", "ini", "message"),
    [
        (["--faith-threshold=2"], "", "--faith-threshold: '2' is not in [0, 1]"),
        (["--faith-threshold=abc"], "", "--faith-threshold: 'abc' is not a number"),
        (["--faith-scoring=harsh"], "", "--faith-scoring: invalid choice: 'harsh'"),
        (["--faith-record-mode=sometimes"], "", "--faith-record-mode: invalid choice"),
        ([], "faith_threshold = high", "ini option faith_threshold: 'high' is not a number"),
        ([], "faith_scoring = harsh", "ini option faith_scoring: 'harsh' is not one of"),
        ([], "faith_record_mode = never", "ini option faith_record_mode: unknown record mode"),
        (["--faith-judge=nosuch:model"], "", "--faith-judge: unknown judge kind 'nosuch'"),
        (
            [],
            "faith_judge = openai:",
            "ini option faith_judge: judge spec 'openai:' names no model",
        ),
        (
            ["--faith-report=out.pdf"],
            "",
            "--faith-report 'out.pdf': not a report target; give 'terminal' or a file path "
            "ending in .json, .html, .md. (--faith-report takes an optional value",
        ),
        (
            ["--faith-judge=openai:qwen@localhost:8080/v1"],
            "",
            "--faith-judge: judge spec 'openai:qwen@localhost:8080/v1': its base URL must start "
            "with http:// or https://",
        ),
        (["--faith-judge="], "", "--faith-judge: empty judge spec; give one such as lexical"),
        (["--faith-judge= "], "", "--faith-judge: empty judge spec"),
        (
            [],
            "faith_allow_contradictions = maybe",
            "ini option faith_allow_contradictions: invalid truth value 'maybe'; "
            "accepted values: true/false, yes/no, on/off or 1/0",
        ),
        (
            [],
            "faith_baseline_strict = sometimes",
            "ini option faith_baseline_strict: invalid truth value 'sometimes'; accepted values",
        ),
        ([], "faith_single_call = 2", "ini option faith_single_call: invalid truth value '2'"),
        (
            [],
            'faith_report = "out dir/faith.json',
            "ini option faith_report: No closing quotation; give space-separated targets",
        ),
        (
            ["--faith-timeout=inf"],
            "",
            "--faith-timeout: 'inf' is not a finite number of seconds (expected > 0)",
        ),
        (["--faith-timeout=nan"], "", "--faith-timeout: 'nan' is not a finite number of seconds"),
        (["--faith-timeout=-5"], "", "--faith-timeout: '-5' is not > 0"),
        (["--faith-timeout=0"], "", "--faith-timeout: '0' is not > 0"),
        ([], "faith_timeout = inf", "ini option faith_timeout: 'inf' is not a finite number"),
        (
            [],
            "faith_max_concurrency = many",
            "ini option faith_max_concurrency: 'many' is not a whole number (expected 1 or more)",
        ),
    ],
)
def test_bad_options_are_usage_errors_naming_the_option(
    pytester: pytest.Pytester, args: list[str], ini: str, message: str
) -> None:
    pytester.makeini(f"[pytest]\n{ini}\n")
    pytester.makepyfile("def test_it(): pass")
    result = pytester.runpytest(*args)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert message in result.stderr.str()
    assert "INTERNALERROR" not in result.stderr.str() + result.stdout.str()


def test_an_empty_ini_judge_means_no_judge_configured(pytester: pytest.Pytester) -> None:
    # As for pytest's own string options, "faith_judge =" is the same as leaving it out.
    pytester.makeini("[pytest]\nfaith_judge =\n")
    pytester.makepyfile("def test_it(): pass")
    result = pytester.runpytest()
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["faithful: judge: lexical/* (default: no judge configured)"])


def test_strict_markers_accepts_the_marker(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        import pytest

        @pytest.mark.faithfulness(threshold=0.5)
        def test_it(): pass
        """
    )
    pytester.runpytest("--strict-markers").assert_outcomes(passed=1)
    result = pytester.runpytest("--markers")
    result.stdout.fnmatch_lines(["@pytest.mark.faithfulness(threshold=None, judge=None, *"])


def test_header_names_the_judge_and_says_it_is_heuristic(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("def test_it(): pass")
    result = pytester.runpytest()
    result.stdout.fnmatch_lines(
        [
            "faithful: judge: lexical/* (heuristic:*) (default: no judge configured)",
            "faithful: record mode once; cache *.faith-cache",
        ]
    )
    result = pytester.runpytest("--faith-judge=lexical", "--faith-record-mode=none")
    result.stdout.fnmatch_lines(["faithful: judge: lexical/* (heuristic:*)", "*record mode none*"])
    assert "default: no judge configured" not in result.stdout.str()


@pytest.mark.parametrize("recordings", [[], ["--faith-recordings=calls"]])
def test_the_header_names_no_cache_when_the_record_mode_is_off(
    pytester: pytest.Pytester, recordings: list[str]
) -> None:
    pytester.makepyfile("def test_it(): pass")
    result = pytester.runpytest("--faith-record-mode=off", *recordings)
    header = [line for line in result.outlines if line.startswith("faithful: record mode")]
    assert header == [
        "faithful: record mode off; no cache: judge calls are neither replayed nor recorded"
    ]


@pytest.mark.parametrize(
    ("keys", "expected"),
    [
        ({"ANTHROPIC_API_KEY": "sk-ant-test", "OPENAI_API_KEY": "sk-test"}, "anthropic:*/p4"),
        ({"OPENAI_API_KEY": "sk-test"}, "openai:gpt-*/p4"),
        ({}, "lexical/* (heuristic:*)"),
    ],
    ids=["anthropic-first", "openai", "no-key"],
)
def test_default_judge_is_a_provider_whose_key_is_set(
    pytester: pytest.Pytester,
    monkeypatch: pytest.MonkeyPatch,
    keys: dict[str, str],
    expected: str,
) -> None:
    for name, value in keys.items():
        monkeypatch.setenv(name, value)
    pytester.makepyfile("def test_it(): pass")
    result = pytester.runpytest()
    result.stdout.fnmatch_lines([f"faithful: judge: {expected} (default: no judge configured)"])
    for value in keys.values():
        assert value not in result.stdout.str()


SUITE = f"""
import pytest

@pytest.mark.parametrize("n", range(3))
def test_pass(assert_faithful, n):
    assert_faithful("Returns are accepted.", {CONTEXT!r}, judge="echo:supported")

def test_fail(assert_faithful):
    assert_faithful("Returns take 60 days.", {CONTEXT!r}, judge="echo:contradicted")

def test_twice(assert_faithful):
    assert_faithful("Returns are accepted.", {CONTEXT!r}, judge="echo:supported")
    assert_faithful("Returns might be accepted.", {CONTEXT!r}, judge="echo:not_enough_info",
                    threshold=0.0)

def test_error(assert_faithful):
    from pytest_faithful.testing import FunctionJudge
    assert_faithful("Returns are accepted.", {CONTEXT!r}, judge=FunctionJudge(lambda c, p: []))

def test_vacuous(assert_faithful):
    assert_faithful("", {CONTEXT!r}, judge="echo:supported")

def test_no_check():
    pass
"""


def _report_section(output: str) -> list[str]:
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if "faithfulness report" in line)
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("="))
    return lines[start:end]


def test_terminal_report_rows_worst_first_and_totals(echo: pytest.Pytester) -> None:
    echo.makepyfile(SUITE)
    result = echo.runpytest("--faith-report")
    result.assert_outcomes(passed=6, failed=2)
    section = _report_section(result.stdout.str())
    rows = [line for line in section if line.startswith("test_")]
    assert [row.split()[0] for row in rows] == [
        "test_terminal_report_rows_worst_first_and_totals.py::test_error",
        "test_terminal_report_rows_worst_first_and_totals.py::test_fail",
        "test_terminal_report_rows_worst_first_and_totals.py::test_twice",
        "test_terminal_report_rows_worst_first_and_totals.py::test_pass[0]",
        "test_terminal_report_rows_worst_first_and_totals.py::test_pass[1]",
        "test_terminal_report_rows_worst_first_and_totals.py::test_pass[2]",
        "test_terminal_report_rows_worst_first_and_totals.py::test_twice",
        "test_terminal_report_rows_worst_first_and_totals.py::test_vacuous",
    ]
    assert re.search(
        r"test_fail\s+0\.00\s+0\.80\s+0S/1C/0N\s+FAIL\s+echo:contradicted\s+0/1", section[3]
    )
    assert "#1" in rows[2]
    assert "1.00" in rows[6]
    assert "#1" not in rows[6]
    assert "PASS (vacuous)" in rows[-1]
    assert any(line.startswith("ERROR ") and "did not give one verdict" in line for line in section)
    failed = section.index(
        "FAIL test_terminal_report_rows_worst_first_and_totals.py::test_fail: failed: "
        "0/1 claims supported, 1 contradicted; score 0.00 < threshold 0.80"
    )
    assert section[failed + 1].startswith("  XX CONTRADICTED    'Returns take 60 days.' -- ")
    assert (
        "checks: 8  passed: 6  failed: 1  errored: 1  mean score: 0.714  contradictions: 1"
        in section
    )


def test_no_report_section_without_the_option(echo: pytest.Pytester) -> None:
    echo.makepyfile(SUITE)
    result = echo.runpytest()
    assert "faithfulness report" not in result.stdout.str()


def test_report_from_ini(echo: pytest.Pytester) -> None:
    echo.makeini("[pytest]\nfaith_report = terminal\n")
    echo.makepyfile(SUITE)
    assert "faithfulness report" in echo.runpytest().stdout.str()


def test_summary_is_identical_under_xdist(echo: pytest.Pytester) -> None:
    pytest.importorskip("xdist")
    echo.makepyfile(SUITE)
    serial = _report_section(echo.runpytest("--faith-report").stdout.str())
    distributed = echo.runpytest("--faith-report", "-n", "2")
    distributed.assert_outcomes(passed=6, failed=2)
    assert _report_section(distributed.stdout.str()) == serial


def test_results_reach_junit_as_faith_properties_only(echo: pytest.Pytester) -> None:
    echo.makepyfile(SUITE)
    echo.runpytest("--junitxml=out.xml")
    xml = Path(echo.path, "out.xml").read_text()
    assert xml.count('<property name="faith.status"') == 7
    assert xml.count('<property name="faith.1.status"') == 1
    assert '<property name="faithfulness' not in xml


def test_plugin_works_without_xdist(echo: pytest.Pytester) -> None:
    echo.makepyfile(SUITE)
    result = echo.runpytest("-p", "no:xdist", "--faith-report")
    result.assert_outcomes(passed=6, failed=2)
    assert "checks: 8" in result.stdout.str()


def test_a_conftest_that_registers_judges_as_the_readme_does_runs_without_the_plugin(
    pytester: pytest.Pytester,
) -> None:
    """The README's hook, as written there: a run with -p no:faithful was an INTERNALERROR
    (unknown hook) before the README gave it optionalhook=True."""
    readme = Path(__file__).resolve().parents[2].joinpath("README.md").read_text("utf-8")
    start = readme.index("def pytest_faithful_register_judges(registry):")
    block = readme[
        readme.rindex("```python", 0, start) + len("```python") : readme.index("```", start)
    ]
    pytester.makeconftest(
        "from pytest_faithful.testing import FunctionJudge\n\n"
        "def MyJudge(model):\n"
        "    return FunctionJudge(lambda claims, passages: [\n"
        "        {'claim_index': i, 'label': 'SUPPORTED', 'evidence': passages[0][:20],\n"
        "         'passage_index': 0} for i, _ in enumerate(claims)], id=f'mykind:{model}')\n"
        + block
    )
    pytester.makepyfile(
        test_it=f"""
        def test_it(request):
            if request.config.pluginmanager.has_plugin("faithful"):
                check = request.getfixturevalue("assert_faithful")
                assert check("Returns are accepted.", {CONTEXT!r}).judge_id == "mykind:m"
        """
    )
    pytester.runpytest("--faith-judge=mykind:m").assert_outcomes(passed=1)
    pytester.runpytest("-p", "no:faithful").assert_outcomes(passed=1)


def test_judge_error_fails_the_test_with_the_reason(echo: pytest.Pytester) -> None:
    echo.makepyfile(SUITE)
    result = echo.runpytest("-k", "test_error")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["E *pytest_faithful.JudgeError: judge function did not give*"])
