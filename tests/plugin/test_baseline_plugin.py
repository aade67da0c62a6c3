"""Regression baselines through pytest: fail a run that makes answers less faithful."""

from __future__ import annotations

import json

import pytest

from report_suite import RULES_CONFTEST

# The report tests' judge with fixed rules: a claim mentioning "60" is CONTRADICTED, one with
# "maybe" NOT_ENOUGH_INFO, any other SUPPORTED; registered as the judge kind "rules".
CONFTEST = RULES_CONFTEST

CONTEXT = "Refunds take 30 days. Shipping is free."


def suite(refund: str, shipping: str = "Shipping is free.") -> str:
    return f"""
import pytest

CONTEXT = {CONTEXT!r}

def test_refund(assert_faithful):
    assert_faithful("Refunds are issued. " + {refund!r}, CONTEXT, threshold=0.0,
                    allow_contradictions=True)

@pytest.mark.parametrize("n", [1, 2])
def test_shipping(assert_faithful, n):
    assert_faithful({shipping!r}, CONTEXT, threshold=0.0, key=f"shipping-{{n}}")

def test_twice(assert_faithful):
    assert_faithful("Refunds are issued.", CONTEXT)
    assert_faithful("Shipping is free.", CONTEXT)
"""


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makeconftest(CONFTEST)
    pytester.makeini("[pytest]\nfaith_judge = rules\nfaith_baseline = faith-baseline.json\n")
    pytester.makepyfile(test_rag=suite("Refunds take 30 days."))
    return pytester


def baseline_of(pytester: pytest.Pytester) -> dict[str, dict[str, object]]:
    data = json.loads((pytester.path / "faith-baseline.json").read_text())
    assert data["version"] == 1
    checks: dict[str, dict[str, object]] = data["checks"]
    return checks


def test_update_writes_a_diff_friendly_file_and_a_rerun_passes(project: pytest.Pytester) -> None:
    result = project.runpytest("--faith-update-baseline")
    result.assert_outcomes(passed=4)
    result.stdout.fnmatch_lines(["*wrote 5 checks to *faith-baseline.json"])
    checks = baseline_of(project)
    assert sorted(checks) == [
        "shipping-1",
        "shipping-2",
        "test_rag.py::test_refund#0",
        "test_rag.py::test_twice#0",
        "test_rag.py::test_twice#1",
    ]
    lines = (project.path / "faith-baseline.json").read_text().splitlines()
    assert len(lines) == 3 + 5 + 2, "one check per line"
    rerun = project.runpytest()
    rerun.assert_outcomes(passed=4)
    rerun.stdout.fnmatch_lines(
        ["faithful baseline *: 0 regressed, 0 improved, 5 unchanged, 0 new, 0 stale"]
    )


def test_a_drop_beyond_tolerance_fails_naming_baseline_and_changed_claims(
    project: pytest.Pytester,
) -> None:
    project.runpytest("--faith-update-baseline").assert_outcomes(passed=4)
    project.makepyfile(test_rag=suite("Refunds take 60 days."))
    result = project.runpytest()
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines(
        [
            "E *FaithfulnessError: faithfulness regressed: score 0.50 < baseline 1.00 "
            "(drop 0.50 > tolerance 0.00) for baseline key 'test_rag.py::test_refund#0'",
            "E *new claim 'Refunds take 60 days.' CONTRADICTED",
            "E *claim 'Refunds take 30 days.' SUPPORTED is gone",
        ]
    )
    result.stdout.fnmatch_lines(
        ["*REGRESSED test_rag.py::test_refund#0: score 0.50 vs baseline 1.00 (-0.50, regressed)*"]
    )
    project.runpytest("--faith-baseline-tolerance=0.5").assert_outcomes(passed=4)
    project.runpytest("--faith-baseline-tolerance=0.49").assert_outcomes(passed=3, failed=1)


def test_a_changed_verdict_on_the_same_claim_is_named(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(CONFTEST)
    pytester.makeini("[pytest]\nfaith_judge = rules\nfaith_baseline = b.json\n")
    pytester.makepyfile(
        """
        import os

        def test_it(assert_faithful):
            claim = "Refunds take 60 days." if os.environ.get("BROKEN") else "Refunds take 30 days."
            assert_faithful(claim, "Refunds take 30 days.", threshold=0.0,
                            allow_contradictions=True, key="refunds")
        """
    )
    pytester.runpytest("--faith-update-baseline").assert_outcomes(passed=1)
    baseline = json.loads((pytester.path / "b.json").read_text())
    baseline["checks"]["refunds"]["claims"][0]["text"] = "Refunds take 60 days."
    (pytester.path / "b.json").write_text(json.dumps(baseline))
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BROKEN", "1")
        result = pytester.runpytest()
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["E *claim 'Refunds take 60 days.' SUPPORTED -> CONTRADICTED"])


def test_improvements_and_new_checks_are_reported(project: pytest.Pytester) -> None:
    project.makepyfile(test_rag=suite("Refunds take 60 days."))
    project.runpytest("--faith-update-baseline").assert_outcomes(passed=4)
    project.makepyfile(
        test_rag=suite("Refunds take 30 days.")
        + "\ndef test_new(assert_faithful):\n    assert_faithful('Shipping is free.', CONTEXT)\n"
    )
    result = project.runpytest()
    result.assert_outcomes(passed=5)
    result.stdout.fnmatch_lines(
        [
            "faithful baseline *: 0 regressed, 1 improved, 4 unchanged, 1 new, 0 stale",
            "  IMPROVED test_rag.py::test_refund#0: score 1.00 vs baseline 0.50 (+0.50, improved)*",
            "  NEW test_rag.py::test_new#0: new check (score 1.00), not in the baseline",
            "  to record the improvements: rerun with --faith-update-baseline",
        ]
    )


def test_partial_run_update_keeps_the_other_entries(project: pytest.Pytester) -> None:
    project.runpytest("--faith-update-baseline").assert_outcomes(passed=4)
    before = baseline_of(project)
    project.makepyfile(test_rag=suite("Refunds take 30 days. Maybe sooner."))
    partial = project.runpytest("--faith-update-baseline", "-k", "refund")
    partial.assert_outcomes(passed=1)
    partial.stdout.fnmatch_lines(
        ["  PARTIAL UPDATE (-k): * 4 stored checks it did not reach kept*"]
    )
    after = baseline_of(project)
    assert set(after) == set(before)
    assert after["test_rag.py::test_refund#0"]["score"] == pytest.approx(2 / 3)
    assert after["shipping-1"] == before["shipping-1"]


@pytest.mark.parametrize(
    "selection",
    [["test_rag.py::test_refund"], ["-x"]],
    ids=["explicit-node-id", "stopped-early"],
)
def test_a_run_that_may_skip_checks_of_a_file_marks_none_stale(
    project: pytest.Pytester, selection: list[str]
) -> None:
    project.runpytest("--faith-update-baseline").assert_outcomes(passed=4)
    before = baseline_of(project)
    # test_refund fails before its check, so -x stops before the file's other tests run.
    failing_first = suite("Refunds take 30 days.").replace(
        "def test_refund(assert_faithful):\n", "def test_refund(assert_faithful):\n    assert 0\n"
    )
    project.makepyfile(test_rag=failing_first)
    result = project.runpytest("--faith-update-baseline", *selection)
    result.assert_outcomes(failed=1)
    # Said, not only counted: the file is not this run's whole suite (test_refund's entry is
    # NOT RUN, and kept too).
    reason = "explicit node ids" if "-x" not in selection else "the run stopped early"
    result.stdout.fnmatch_lines(
        ["*0 new, 0 stale*", f"  PARTIAL UPDATE ({reason}): * 4 stored checks it did not reach*"]
    )
    assert baseline_of(project) == before


def test_a_key_moved_to_a_file_the_run_did_not_collect_is_not_stale(
    project: pytest.Pytester,
) -> None:
    project.runpytest("--faith-update-baseline").assert_outcomes(passed=4)
    before = baseline_of(project)
    assert before["shipping-1"]["test"] == "test_rag.py::test_shipping[1]"
    # test_shipping moves to another file, its key= with it: a run of test_rag.py alone does
    # not produce the key, and must neither call it stale nor drop it.
    moved = suite("Refunds take 30 days.")
    project.makepyfile(test_rag=moved.replace("def test_shipping", "def _moved"))
    project.makepyfile(test_moved=moved.replace("def test_refund", "def _x").replace(
        "def test_twice", "def _y"))  # fmt: skip
    part = project.runpytest("test_rag.py", "--faith-update-baseline", "--faith-baseline-strict")
    part.assert_outcomes(passed=2)
    part.stdout.fnmatch_lines(["*0 regressed, 0 improved, 3 unchanged, 0 new, 0 stale"])
    assert part.ret == pytest.ExitCode.OK
    assert baseline_of(project) == before
    # Gone from the whole suite, an explicit key is stale wherever its entry says it was.
    project.makepyfile(test_moved="")
    whole = project.runpytest("--faith-baseline-strict")
    whole.stdout.fnmatch_lines(["*0 regressed, 0 improved, 3 unchanged, 0 new, 2 stale", "*"])
    assert whole.ret == pytest.ExitCode.TESTS_FAILED


def test_a_run_under_another_judge_than_the_baselines_says_so(project: pytest.Pytester) -> None:
    project.runpytest("--faith-update-baseline").assert_outcomes(passed=4)
    # The lexical judge scores these answers lower: a "regression" that is the judges'.
    other = project.runpytest("--faith-judge=lexical")
    other.assert_outcomes(passed=2, failed=2)
    other.stdout.fnmatch_lines(
        [
            "E *faithfulness regressed: score 0.50 < baseline 1.00 *",
            "E *the baseline was scored by another judge (rules/v1): the drop may be the "
            "judges', not the answer's (pin the judge, or rewrite the baseline with "
            "--faith-update-baseline)",
        ]
    )
    other.stdout.fnmatch_lines(
        [
            "faithful baseline *",
            "  OTHER JUDGE: 4 checks compared with entries rules/v1 scored; this run's judge is "
            "lexical/v* (pin the judge, or rewrite the baseline with --faith-update-baseline)",
        ]
    )
    update = project.runpytest("--faith-judge=lexical", "--faith-update-baseline")
    update.stdout.fnmatch_lines(["  OTHER JUDGE: 4 checks * (rewritten by this update)"])
    assert {entry["judge"] for entry in baseline_of(project).values()} == {
        "lexical/v3",
        "rules/v1",  # test_twice#1, which the failing first check kept from running
    }


def test_stale_entries_are_reported_and_strict_mode_fails(project: pytest.Pytester) -> None:
    project.runpytest("--faith-update-baseline").assert_outcomes(passed=4)
    project.makepyfile(
        test_rag=suite("Refunds take 30 days.").replace("def test_twice", "def _gone")
    )
    result = project.runpytest()
    result.assert_outcomes(passed=3)
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines(["*2 stale", "  STALE test_rag.py::test_twice#0: *"])
    strict = project.runpytest("--faith-baseline-strict")
    assert strict.ret == pytest.ExitCode.TESTS_FAILED
    strict.stdout.fnmatch_lines(["  STALE test_rag.py::test_twice#0: *fails the session*"])
    assert project.runpytest("--faith-baseline-strict", "-k", "refund").ret == pytest.ExitCode.OK
    project.runpytest("--faith-update-baseline").assert_outcomes(passed=3)
    assert "test_rag.py::test_twice#0" not in baseline_of(project)


def test_a_missing_baseline_says_it_gates_nothing_and_strict_mode_fails(
    project: pytest.Pytester,
) -> None:
    """A gate whose file is gone (renamed in a pull request, a wrong path in CI) compares
    nothing: every check is new. It says so, and --faith-baseline-strict fails the run."""
    result = project.runpytest()
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines(
        [
            "faithful baseline *: 0 regressed, 0 improved, 0 unchanged, 5 new, 0 stale",
            "  NO BASELINE: *faith-baseline.json does not exist, so every check is new and none "
            "can regress; write it with --faith-update-baseline and commit it",
        ]
    )
    strict = project.runpytest("--faith-baseline-strict", "--faith-report=r.md")
    assert strict.ret == pytest.ExitCode.TESTS_FAILED
    strict.stdout.fnmatch_lines(["  NO BASELINE: *(fails the session: --faith-baseline-strict)*"])
    assert "the baseline file does not exist" in (project.path / "r.md").read_text()
    update = project.runpytest("--faith-baseline-strict", "--faith-update-baseline")
    assert update.ret == pytest.ExitCode.OK
    assert "NO BASELINE" not in update.stdout.str()
    assert len(baseline_of(project)) == 5


def test_a_run_with_other_scoring_settings_than_the_baselines_says_so(
    project: pytest.Pytester,
) -> None:
    project.runpytest("--faith-update-baseline").assert_outcomes(passed=4)
    entry = baseline_of(project)["test_rag.py::test_refund#0"]
    assert (entry["scoring"], entry["rules"]) == ("strict", "standard")
    changed = ("--faith-scoring=lenient", "--faith-rules=evidence")
    other = project.runpytest(*changed, "--faith-report=r.md")
    other.assert_outcomes(passed=4)
    other.stdout.fnmatch_lines(
        [
            "faithful baseline *",
            "  OTHER SETTINGS: 5 checks compared with entries scored with other settings "
            "(scoring strict -> lenient; rules standard -> evidence) (keep the settings, or "
            "rewrite the baseline with --faith-update-baseline)",
        ]
    )
    assert (
        "- ⚠️ 5 checks compared with entries scored with other settings"
        in (project.path / "r.md").read_text()
    )
    project.runpytest(*changed, "--faith-update-baseline").assert_outcomes(passed=4)
    assert "OTHER" not in project.runpytest(*changed).stdout.str()


def test_identical_behaviour_under_xdist(project: pytest.Pytester) -> None:
    pytest.importorskip("xdist")
    project.runpytest("--faith-update-baseline", "-n", "2").assert_outcomes(passed=4)
    assert len(baseline_of(project)) == 5
    project.makepyfile(test_rag=suite("Refunds take 60 days."))
    serial = project.runpytest()
    distributed = project.runpytest("-n", "2")
    distributed.assert_outcomes(passed=3, failed=1)
    summary = [line for line in serial.outlines if line.startswith(("faithful baseline", "  REG"))]
    assert summary
    for line in summary:
        assert line in distributed.outlines


def test_bad_baseline_file_and_options_are_usage_errors(project: pytest.Pytester) -> None:
    (project.path / "faith-baseline.json").write_text("{broken")
    result = project.runpytest()
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "is not a valid baseline file" in result.stderr.str()
    (project.path / "faith-baseline.json").unlink()
    result = project.runpytest("--faith-baseline-tolerance=2")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    project.makeini("[pytest]\nfaith_judge = rules\n")
    result = project.runpytest("--faith-update-baseline")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "needs a file" in result.stderr.str()


def test_the_baseline_delta_appears_in_every_report_format(
    project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    from pytest_faithful.report import json_report

    project.runpytest("--faith-update-baseline").assert_outcomes(passed=4)
    # Each check regressed passes its threshold (0.0): only the baseline fails its test.
    project.makepyfile(test_rag=suite("Refunds take 60 days.", shipping="Shipping maybe free."))
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.delenv("GITHUB_WORKSPACE", raising=False)
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(project.path / "step-summary.md"))
    result = project.runpytest(
        "--faith-report=r.json", "--faith-report=r.md", "--faith-report=r.html", "--faith-report"
    )
    result.assert_outcomes(passed=1, failed=3)
    result.stdout.fnmatch_lines(["faithful baseline *: 3 regressed, 0 improved, 2 unchanged*"])
    # The gate's outputs in CI say what failed the job, and where: an annotation at each
    # regressed check's call (an explicit key= at its test's call), red summaries.
    source = (project.path / "test_rag.py").read_text().splitlines()
    refund, shipping = (
        next(n for n, text in enumerate(source, start=1) if call in text)
        for call in ('assert_faithful("Refunds are issued', 'key=f"shipping-')
    )
    annotations = [a for a in result.outlines if a.startswith("::")]
    assert [a.split("::")[1] for a in annotations] == [
        f"error file=test_rag.py,line={shipping},title=baseline regressed%3A shipping-1",
        f"error file=test_rag.py,line={shipping},title=baseline regressed%3A shipping-2",
        f"error file=test_rag.py,line={refund},title=baseline regressed%3A test_rag.py%3A%3A"
        "test_refund#0",
    ]
    assert annotations[2].endswith(
        "::faithfulness regressed: score 0.50 < baseline 1.00 (drop 0.50 > tolerance 0.00) for "
        "baseline key 'test_rag.py::test_refund#0'%0A  new claim 'Refunds take 60 days.' "
        "CONTRADICTED%0A  claim 'Refunds take 30 days.' SUPPORTED is gone"
    )
    for report in ("r.md", "step-summary.md"):
        headline = (project.path / report).read_text().splitlines()[0]
        assert headline == (
            "### Faithfulness: ❌ all 5 checks passed; 3 checks regressed below the baseline"
        )
    assert (
        "all 5 checks passed; 3 checks regressed below the baseline"
        in (project.path / "r.html").read_text()
    )

    document = json.loads((project.path / "r.json").read_text())
    jsonschema.validate(document, json_report.schema())
    baseline = document["baseline"]
    assert baseline["tolerance"] == 0.0
    regressed = [c for c in baseline["comparisons"] if c["status"] == "regressed"]
    assert [(c["key"], c["score"], c["baseline_score"], c["test"]) for c in regressed] == [
        ("shipping-1", 0.0, 1.0, "test_rag.py::test_shipping[1]"),
        ("shipping-2", 0.0, 1.0, "test_rag.py::test_shipping[2]"),
        ("test_rag.py::test_refund#0", 0.5, 1.0, "test_rag.py::test_refund"),
    ]
    assert {
        "text": "Refunds take 60 days.",
        "before": None,
        "after": "CONTRADICTED",
        "rule": None,
    } in regressed[2]["changes"]

    markdown = (project.path / "r.md").read_text()
    assert "3 regressed, 0 improved, 2 unchanged, 0 new, 0 stale" in markdown
    assert "| regressed | `test_rag.py::test_refund#0` | 0.50 | 1.00 |" in markdown

    html = (project.path / "r.html").read_text()
    assert '<section id="baseline">' in html
    assert '<tr class="regressed"><td>regressed</td><td><code>test_rag.py::test_refund#0' in html
    assert "new claim &#x27;Refunds take 60 days.&#x27; CONTRADICTED" in html


def test_reports_without_a_baseline_have_no_baseline_section(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(CONFTEST)
    pytester.makeini("[pytest]\nfaith_judge = rules\n")
    pytester.makepyfile(test_rag=suite("Refunds take 30 days."))
    pytester.runpytest("--faith-report=r.json").assert_outcomes(passed=4)
    assert json.loads((pytester.path / "r.json").read_text())["baseline"] is None


@pytest.mark.parametrize(
    "args", [pytest.param([], id="serial"), pytest.param(["-n", "2"], id="xdist")]
)
def test_update_keeps_the_entries_of_checks_a_test_did_not_reach(
    project: pytest.Pytester, args: list[str]
) -> None:
    if args:
        pytest.importorskip("xdist")
    project.runpytest("--faith-update-baseline").assert_outcomes(passed=4)
    before = baseline_of(project)
    assert len(before) == 5
    # test_twice now fails between its checks; test_refund is skipped: neither entry is stale.
    broken = (
        suite("Refunds take 30 days.")
        .replace(
            '    assert_faithful("Shipping is free.", CONTEXT)\n',
            '    raise RuntimeError("the app broke")\n'
            '    assert_faithful("Shipping is free.", CONTEXT)\n',
        )
        .replace("def test_refund", "@pytest.mark.skip(reason='flaky')\ndef test_refund")
    )
    project.makepyfile(test_rag=broken)
    result = project.runpytest(
        "--faith-update-baseline", "--faith-report=r.json", "--faith-report=r.md", *args
    )
    result.assert_outcomes(passed=2, failed=1, skipped=1)
    result.stdout.fnmatch_lines(
        [
            "faithful baseline *: 0 regressed, 0 improved, 3 unchanged, 0 new, 0 stale, 2 not run",
            "  NOT RUN test_rag.py::test_refund#0: its test stopped before this check * (kept)",
            "  NOT RUN test_rag.py::test_twice#1: its test stopped before this check * (kept)",
            "  wrote 5 checks to *faith-baseline.json",
        ]
    )
    assert "STALE" not in result.stdout.str()
    assert baseline_of(project) == before
    document = json.loads((project.path / "r.json").read_text())
    assert document["baseline"]["not_run"] == [
        "test_rag.py::test_refund#0",
        "test_rag.py::test_twice#1",
    ]
    assert document["baseline"]["stale"] == []
    markdown = (project.path / "r.md").read_text()
    assert "| not run | `test_rag.py::test_twice#1` | - | - | - |" in markdown
    # Without the update, strict mode does not count them as stale either.
    strict = project.runpytest("--faith-baseline-strict", *args)
    strict.stdout.fnmatch_lines(["faithful baseline *, 0 stale, 2 not run"])
    assert "(kept)" not in strict.stdout.str()


SHARED_KEY_SUITE = """
def test_a(assert_faithful):
    assert_faithful("Refunds take 30 days.", {context!r}, key="shared")

def test_b(assert_faithful):
    assert_faithful("Refunds take maybe 30 days.", {context!r}, threshold=0.0, key="shared")
"""


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["serial", "xdist"])
def test_a_key_given_by_two_tests_fails_the_run_and_is_not_written(
    project: pytest.Pytester, workers: list[str]
) -> None:
    if workers:
        pytest.importorskip("xdist")
    project.makepyfile(test_rag=SHARED_KEY_SUITE.format(context=CONTEXT))
    result = project.runpytest("--faith-update-baseline", *workers)
    result.assert_outcomes(passed=2)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(
        [
            "  SHARED KEY 'shared': given by 2 tests (test_rag.py::test_a, test_rag.py::test_b);"
            " give each check its own key= (the run fails; the baseline is not written)"
        ]
    )
    assert not (project.path / "faith-baseline.json").exists()


CRASHING_SUITE = """
import os

def test_1(assert_faithful):
    assert_faithful("Refunds take 30 days.", {context!r})

def test_2(assert_faithful):
    assert_faithful("Shipping is free.", {context!r})
    if os.environ.get("CRASH"):
        os._exit(1)  # the worker dies after the check: its records never reach the controller
"""


def test_a_crashed_worker_leaves_the_baseline_entries_of_its_tests(
    project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("xdist")
    project.makepyfile(test_rag=CRASHING_SUITE.format(context=CONTEXT))
    project.runpytest("--faith-update-baseline").assert_outcomes(passed=2)
    written = baseline_of(project)
    assert len(written) == 2
    monkeypatch.setenv("CRASH", "1")
    # Under --dist=loadfile xdist gives the crashed test to each replacement worker, which
    # crashes again: one replacement shows it, the default eight cost six seconds.
    result = project.runpytest(
        "--faith-update-baseline",
        "-n",
        "2",
        "--dist",
        "loadfile",
        "--max-worker-restart=1",
        "-p",
        "no:randomly",
    )
    result.stdout.fnmatch_lines(
        [
            "replacing crashed worker gw*",
            "  NOT RUN test_rag.py::test_2#0: its test stopped before this check scored (kept)",
            "  wrote 2 checks to *faith-baseline.json",
        ]
    )
    assert baseline_of(project) == written, "no entry of the crashed worker's tests was dropped"


def test_a_baseline_that_cannot_be_written_is_an_error_said_plainly(
    project: pytest.Pytester,
) -> None:
    # A read-only checkout: the write itself fails (root may write anywhere here, so the
    # project's conftest makes the writer fail as the file system would).
    project.makeconftest(
        CONFTEST
        + """
import pytest_faithful.plugin.baseline as baseline

def _read_only(path, value):
    raise OSError(30, "Read-only file system", str(path))

baseline.write_baseline = _read_only
"""
    )
    # In a subprocess: the conftest replaces a module's function, which must not outlive it.
    result = project.runpytest_subprocess("--faith-update-baseline")
    result.stdout.fnmatch_lines(
        ["faithful: ERROR: could not write the faithfulness baseline *Read-only file system*"]
    )
    assert result.ret == pytest.ExitCode.USAGE_ERROR  # as a report that cannot be written
    assert "Traceback" not in result.stdout.str() + result.stderr.str()


MANY = """
def test_many(assert_faithful):
    for n in range({checks}):
        assert_faithful(f"Refunds take 30 days, item {{n}}.", "Refunds take 30 days.", threshold=0)
"""


def test_new_and_stale_entries_are_listed_up_to_twenty_and_every_one_with_v(
    pytester: pytest.Pytester,
) -> None:
    # A first update of a 10,000-check suite printed 10,000 NEW lines; regressions are all kept.
    pytester.makeconftest(CONFTEST)
    pytester.makeini("[pytest]\nfaith_judge = rules\nfaith_baseline = b.json\n")
    pytester.makepyfile(test_many=MANY.format(checks=25))
    new = pytester.runpytest("--faith-update-baseline")
    assert new.stdout.str().count("  NEW test_many.py::test_many#") == 20
    new.stdout.fnmatch_lines(["  ... and 5 more new (-v lists them all)", "  wrote 25 checks *"])
    pytester.makepyfile(test_many=MANY.format(checks=0))
    stale = pytester.runpytest()
    assert stale.stdout.str().count("  STALE test_many.py::test_many#") == 20
    stale.stdout.fnmatch_lines(["  ... and 5 more stale (-v lists them all)"])
    every = pytester.runpytest("-v")
    assert every.stdout.str().count("  STALE test_many.py::test_many#") == 25
    assert "more stale" not in every.stdout.str()
