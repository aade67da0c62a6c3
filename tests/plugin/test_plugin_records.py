"""Check records through pytest: every check reaches the reports (serial or xdist), wherever
it is called from and whatever the judge raises; usage mistakes are not checks."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from pytest_faithful.plugin.session import SESSION_KEY, WORKER_OUTPUT_KEY

XDIST = [pytest.param([], id="serial"), pytest.param(["-n", "2"], id="xdist")]

CONTEXT = "Returns are accepted within 30 days of delivery."

# A judge that raises what the test asks for: "bug" a RuntimeError (a custom judge's bug),
# "down" UnavailableJudgeError (the first one in a process explains, later ones fail fast, the
# way the provider judges do), anything else verdicts that support every claim.
CONFTEST = """
from pytest_faithful import UnavailableJudgeError
from pytest_faithful.testing import FunctionJudge

_failed = []

def _supported(claims, passages):
    return [{"claim_index": i, "label": "SUPPORTED", "evidence": passages[0][:20],
             "passage_index": 0} for i, _ in enumerate(claims)]

def _bug(claims, passages):
    raise RuntimeError("the custom judge has a bug")

def _down(claims, passages):
    if not _failed:
        _failed.append(1)
        raise UnavailableJudgeError(
            "judge down cannot answer: no API key\\nset DOWN_API_KEY, or pick another judge",
            judge_id="down",
        )
    raise UnavailableJudgeError("judge down is unavailable (see its first failure)",
                                judge_id="down")

def _factory(spec, options):
    verdicts = {"bug": _bug, "down": _down}.get(spec.model or "", _supported)
    return FunctionJudge(verdicts, id=spec.model or "ok")

def pytest_faithful_register_judges(registry):
    registry.register("raise", _factory)

def check_from_conftest(assert_faithful):
    return assert_faithful("Returns are accepted.", "Returns are accepted.")

import pytest

@pytest.fixture
def checked_in_fixture(assert_faithful):
    return assert_faithful("Returns are accepted.", "Returns are accepted.")  # FIXTURE

@pytest.fixture
def checked_by_library(assert_faithful):
    from faith_helpers import check
    return check(assert_faithful)
"""


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makeconftest(CONFTEST)
    # The hypothesis plugin costs about a second per in-process run.
    pytester.makeini("[pytest]\nfaith_judge = raise:ok\naddopts = -p no:hypothesispytest\n")
    return pytester


def _json_report(pytester: pytest.Pytester, *args: str) -> tuple[pytest.RunResult, Any]:
    result = pytester.runpytest("--faith-report=r.json", "--faith-report=r.md", *args)
    return result, json.loads(Path(pytester.path, "r.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("args", XDIST)
def test_any_exception_from_the_judge_is_an_errored_check_in_every_report(
    project: pytest.Pytester, args: list[str]
) -> None:
    project.makepyfile(
        test_it=f"""
        import pytest
        from pytest_faithful import JudgeError

        def test_bug(assert_faithful):
            assert_faithful("Returns are accepted.", {CONTEXT!r}, judge="raise:bug")

        def test_caught(assert_faithful):
            with pytest.raises(JudgeError, match="RuntimeError: the custom judge has a bug"):
                assert_faithful("Returns are accepted.", {CONTEXT!r}, judge="raise:bug")
        """
    )
    result, document = _json_report(project, "--faith-report=r.html", *args)
    result.assert_outcomes(failed=1, passed=1)
    checks = {c["test_id"]: c for c in document["checks"]}
    assert sorted(checks) == ["test_it.py::test_bug", "test_it.py::test_caught"]
    # The verifier turns whatever a judge raises into a JudgeError naming the judge and step.
    for check in checks.values():
        assert (check["status"], check["error_kind"], check["result"]) == (
            "errored",
            "judge",
            None,
        )
        assert check["error"].endswith("RuntimeError: the custom judge has a bug")
        assert check["error"].startswith("judge bug failed in ")
        assert check["judge_id"] == "bug"
    # test_caught expected its check's error (pytest.raises): an expected failure of a test
    # that passed, not an error of the run.
    assert (document["totals"]["errored"], document["totals"]["xfailed"]) == (1, 1)
    markdown = Path(project.path, "r.md").read_text(encoding="utf-8")
    assert "RuntimeError: the custom judge has a bug |" in markdown
    assert "no faithfulness checks ran" not in result.stdout.str()
    html = Path(project.path, "r.html").read_text(encoding="utf-8")
    assert html.count('<details class="check errored"') == 2
    assert "RuntimeError: the custom judge has a bug" in html


def test_an_exception_while_building_the_judge_is_recorded(project: pytest.Pytester) -> None:
    project.makeconftest(
        CONFTEST
        + """
def _broken(spec, options):
    raise OSError("cannot open the model file")

def pytest_faithful_register_judges(registry):
    registry.register("raise", _factory)
    registry.register("broken", _broken)
"""
    )
    project.makepyfile(
        test_it=f"""
        def test_it(assert_faithful):
            assert_faithful("Returns are accepted.", {CONTEXT!r}, judge="broken")
        """
    )
    result, document = _json_report(project)
    result.assert_outcomes(failed=1)
    [check] = document["checks"]
    assert (check["judge_id"], check["error_kind"]) == ("broken", "exception")
    assert check["error"] == "OSError: cannot open the model file"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        ("assert_faithful(3, C)", "TypeError: answer must be a str, got int"),
        (
            "assert_faithful('A.', [C, 4])",
            "TypeError: contexts[1] must be a str or a document: an object with a str page_content",
        ),
        ("assert_faithful('A.', C, threshold=2)", "ValueError: threshold must be in [0, 1]"),
        ("assert_faithful('A.', C, judge='')", "ValueError: judge must be a judge spec"),
        ("assert_faithful('A.', C, judge=' ')", "ValueError: judge must be a judge spec"),
        ("assert_faithful('A.', C, judge=3)", "TypeError: judge must be a spec string"),
        ("assert_faithful('A.', C, rules='')", "ValueError: rules: '' names no rules"),
        ("assert_faithful('A.', C, rules=[' '])", "ValueError: rules: [' '] names no rules"),
        (
            "assert_faithful('A.', C, judge='nosuch:x')",
            "ValueError: judge: unknown judge kind 'nosuch' in 'nosuch:x'; known kinds: ",
        ),
        ("assert_faithful('A.', C, judge='raise:')", "ValueError: judge: judge spec 'raise:'"),
        ("assert_faithful('A.', C, key=3)", "TypeError: key must be a str, got int"),
        # A key names a baseline entry in every report and in the file written at the end.
        ("assert_faithful('A.', C, key=' ')", "ValueError: key ' ' is empty"),
        ("assert_faithful('A.', C, key='a\\nb')", "ValueError: key 'a\\nb' holds a control"),
        ("assert_faithful('A.', C, key='k\\ud800')", "ValueError: key 'k\\ud800' holds a lone"),
        ("assert_reference('A.', 'A.', key='')", "ValueError: key '' is empty"),
    ],
)
def test_usage_mistakes_are_the_tests_bug_not_checks(
    project: pytest.Pytester, call: str, message: str
) -> None:
    project.makepyfile(
        test_it=f"""
        C = {CONTEXT!r}

        def test_it(assert_faithful, assert_reference):
            {call}
        """
    )
    result, document = _json_report(project)
    result.assert_outcomes(failed=1)
    assert f"E       {message}" in result.stdout.str()
    assert document["checks"] == []


def test_a_judge_object_whose_id_cannot_name_it_is_an_errored_check_named_by_its_class(
    project: pytest.Pytester,
) -> None:
    # Its id raising, not a str, empty, or not one printable line: each fixture's check is a
    # JudgeError recorded under the judge's class (not the default judge, not a vanished
    # check, never the raw id in a report).
    project.makepyfile(
        test_it=f"""
        import pytest
        from pytest_faithful.testing import FunctionJudge

        class Odd(FunctionJudge):
            def __init__(self, made):
                super().__init__(lambda claims, passages: [])
                self.made = made

            @property
            def id(self):
                return self.made()

            @id.setter
            def id(self, value):
                pass

        def _raise():
            raise RuntimeError("no id today")

        IDS = [_raise, lambda: 42, lambda: "", lambda: "odd\\nv1", lambda: "odd\\tv1",
               lambda: "odd\\x1bv1"]

        @pytest.mark.parametrize("n", range(len(IDS)))
        def test_faithful(assert_faithful, n):
            assert_faithful("Returns are accepted.", {CONTEXT!r}, judge=Odd(IDS[n]))

        @pytest.mark.parametrize("n", range(len(IDS)))
        def test_relevant(assert_relevant, n):
            assert_relevant("Returns are accepted.", "Can I return it?", judge=Odd(IDS[n]))
        """
    )
    result, document = _json_report(project, "--faith-report")
    result.assert_outcomes(failed=12)
    failed = [line for line in result.stdout.lines if line.startswith("FAILED ")]
    assert len(failed) == 12
    assert all(" - pytest_faithful.JudgeError: judge Odd " in line for line in failed)
    checks = [*document["checks"], *document["metrics"]]
    assert len(checks) == 12
    assert {(c["judge_id"], c["status"], c["error_kind"]) for c in checks} == {
        ("Odd", "errored", "judge")
    }
    # The terminal report: a row of its table per check, each on one line.
    rows = [line for line in result.stdout.lines if line.startswith("test_it.py::")]
    assert len(rows) == 12
    assert all(row.split()[4:6] == ["ERROR", "Odd"] for row in rows)


def test_a_blank_marker_judge_is_named(project: pytest.Pytester) -> None:
    project.makepyfile(
        test_it=f"""
        import pytest

        @pytest.mark.faithfulness(judge="")
        def test_it(assert_faithful):
            assert_faithful("Returns are accepted.", {CONTEXT!r})

        @pytest.mark.faithfulness(judge="nosuch")
        def test_unknown(assert_faithful):
            assert_faithful("Returns are accepted.", {CONTEXT!r})
        """
    )
    result, document = _json_report(project)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(
        [
            "invalid @pytest.mark.faithfulness on test_it.py::test_it: judge: "
            "Value error, empty judge spec ''*",
            "invalid @pytest.mark.faithfulness on test_it.py::test_unknown: judge: unknown judge "
            "kind 'nosuch' in 'nosuch'; known kinds: *",
        ]
    )
    assert document["checks"] == []


CALL_SITES = f"""
def check(assert_faithful, answer):
    return assert_faithful(answer, {CONTEXT!r}, threshold=1.0)  # HELPER


def test_direct(assert_faithful):
    assert_faithful("Returns are accepted.", {CONTEXT!r})
    assert_faithful(  # SECOND
        "Maybe returns are free.",
        {CONTEXT!r},
        judge="raise:bug",
    )


def test_helper(assert_faithful):
    check(assert_faithful, "Returns are accepted.")


def test_conftest_helper(assert_faithful):
    from conftest import check_from_conftest
    check_from_conftest(assert_faithful)  # CONFTEST HELPER


def test_fixture(checked_in_fixture):
    pass
"""


def _line(path: Path, marker: str) -> int:
    return next(n for n, text in enumerate(path.read_text().splitlines(), 1) if marker in text)


@pytest.mark.parametrize("args", XDIST)
def test_records_and_annotations_point_at_the_call(
    project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    test_file = project.makepyfile(test_sites=CALL_SITES)
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    result, document = _json_report(project, *args)
    result.assert_outcomes(failed=1, passed=3)
    where = {c["test_id"]: (c["path"], c["line"]) for c in document["checks"]}
    conftest = Path(project.path, "conftest.py")
    assert where == {
        "test_sites.py::test_direct": (
            "test_sites.py",
            _line(test_file, 'Returns are accepted.", '),
        ),
        "test_sites.py::test_direct #1": ("test_sites.py", _line(test_file, "# SECOND")),
        # A helper in the test's file: the helper's call; one elsewhere: the test's call of it.
        "test_sites.py::test_helper": ("test_sites.py", _line(test_file, "# HELPER")),
        "test_sites.py::test_conftest_helper": (
            "test_sites.py",
            _line(test_file, "# CONFTEST HELPER"),
        ),
        # Not called from the test's file at all: the caller, where it is.
        "test_sites.py::test_fixture": ("conftest.py", _line(conftest, "# FIXTURE")),
    }
    annotations = [line for line in result.outlines if line.startswith("::error ")]
    assert [line.split("::")[1].split(",title=")[0] for line in annotations] == [
        f"error file=test_sites.py,line={_line(test_file, '# SECOND')}"
    ]


def test_line_falls_back_to_the_def_line_outside_the_rootdir(
    project: pytest.Pytester, tmp_path_factory: pytest.TempPathFactory
) -> None:
    # A helper library outside the rootdir, called from a fixture, has no place in an
    # annotation: the test's def line.
    library = tmp_path_factory.mktemp("site")
    (library / "faith_helpers.py").write_text(
        "def check(assert_faithful):\n"
        "    return assert_faithful('Returns are accepted.', 'Returns are accepted.')\n"
    )
    project.syspathinsert(library)
    test_file = project.makepyfile(
        test_it="""
        def test_it(checked_by_library):
            pass
        """
    )
    result, document = _json_report(project)
    result.assert_outcomes(passed=1)
    [check] = document["checks"]
    assert (check["path"], check["line"]) == ("test_it.py", _line(test_file, "def test_it"))


UNAVAILABLE = f"""
import pytest

@pytest.mark.parametrize("n", range(4))
def test_down(assert_faithful, n):
    assert_faithful("Returns are accepted.", {CONTEXT!r}, judge="raise:down")

def test_fine(assert_faithful):
    assert_faithful("Returns are accepted.", {CONTEXT!r})
"""


@pytest.mark.parametrize("args", XDIST)
def test_unavailable_judge_is_one_summary_line_naming_the_first_failure(
    project: pytest.Pytester, args: list[str]
) -> None:
    project.makepyfile(test_it=UNAVAILABLE)
    result, document = _json_report(project, *args)
    result.assert_outcomes(failed=4, passed=1)
    summary = (
        "faithful: 4 checks not judged: judge down is unavailable (first failure "
        "test_it.py::test_down[[]0[]]: judge down cannot answer: no API key)"
    )
    result.stdout.fnmatch_lines([summary])
    assert document["not_judged"] == [
        {
            "judge_id": "down",
            "checks": 4,
            "first": "test_it.py::test_down[0]",
            "reason": "judge down cannot answer: no API key",
        }
    ]
    kinds = {c["test_id"]: c["error_kind"] for c in document["checks"]}
    assert kinds["test_it.py::test_fine"] is None
    assert {kinds[f"test_it.py::test_down[{n}]"] for n in range(4)} == {"judge_unavailable"}
    markdown = Path(project.path, "r.md").read_text(encoding="utf-8")
    assert "> **Not judged**: 4 checks not judged: judge down is unavailable" in markdown


def test_unavailable_summary_without_any_report_option(project: pytest.Pytester) -> None:
    project.makepyfile(test_it=UNAVAILABLE)
    result = project.runpytest()
    result.assert_outcomes(failed=4, passed=1)
    result.stdout.fnmatch_lines(["faithful: 4 checks not judged: judge down is unavailable *"])
    assert not Path(project.path, "r.json").exists()


def test_no_summary_line_for_other_errors(project: pytest.Pytester) -> None:
    project.makepyfile(test_it=UNAVAILABLE.replace("raise:down", "raise:bug"))
    result = project.runpytest()
    result.assert_outcomes(failed=4, passed=1)
    assert "not judged" not in result.stdout.str()


class _SessionAtItsEnd:
    """Keeps the run's FaithSession, and how many records it held when the session finished."""

    session: Any = None
    records_at_finish = -1

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        self.session = session.config.stash[SESSION_KEY]
        self.records_at_finish = len(self.session.records)


def test_the_session_lets_go_of_its_records_once_the_reports_are_written(
    project: pytest.Pytester,
) -> None:
    # Every garbage collection from here to interpreter exit would walk them again.
    project.makepyfile(
        test_it=f"""
        import pytest

        @pytest.mark.parametrize("n", range(3))
        def test_answer(assert_faithful, n):
            assert_faithful("Returns are accepted.", {CONTEXT!r})
        """
    )
    probe = _SessionAtItsEnd()
    result = project.runpytest("--faith-report=r.json", plugins=[probe])
    result.assert_outcomes(passed=3)
    document = json.loads(Path(project.path, "r.json").read_text(encoding="utf-8"))
    assert len(document["checks"]) == probe.records_at_finish == 3
    assert probe.session.records == []
    assert probe.session.report is None


def test_controller_merges_workers_and_tolerates_one_that_sent_nothing(
    project: pytest.Pytester,
) -> None:
    # A worker that crashed has no workeroutput; one that ran no check has no records in it.
    config = project.parseconfigure()
    session = config.stash[SESSION_KEY]
    record = {"nodeid": "t.py::t", "index": 0, "judge_id": "down", "error": "down"}
    record["error_kind"] = "judge_unavailable"
    session.pytest_testnodedown(node=SimpleNamespace(), error="worker crashed")
    session.pytest_testnodedown(node=SimpleNamespace(workeroutput={"exitstatus": 0}), error=None)
    sent = {"records": [record], "first_failures": [["t.py::t", 0]]}
    session.pytest_testnodedown(
        node=SimpleNamespace(workeroutput={WORKER_OUTPUT_KEY: sent}), error=None
    )
    assert [(r.nodeid, r.error_kind) for r in session.records] == [("t.py::t", "judge_unavailable")]
    assert session.first_failures == {("t.py::t", 0)}


UNPRINTABLE_SUITE = r"""
import pytest
from pytest_faithful.testing import FunctionJudge

# What a judge of another package may say: bytes decoded with surrogateescape, escape sequences.
ODD = b"model said \xff ok".decode("utf-8", "surrogateescape") + " \x1b]0;pwned\x07\x1b[2J"

def _supported(claims, passages):
    return [
        {"claim_index": i, "label": "SUPPORTED", "reason": ODD,
         "evidence": "The refund window is 30 days.", "passage_index": 0}
        for i, _ in enumerate(claims)
    ]

def _raising(claims, passages):
    raise ValueError(ODD)

@pytest.mark.parametrize("verify", [_supported, _raising], ids=["reason", "error"])
def test_odd_text(assert_faithful, verify):
    assert_faithful("The refund window is 30 days.", ["The refund window is 30 days."],
                    judge=FunctionJudge(verify, id="odd"))
"""


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["serial", "xdist"])
def test_a_judges_unprintable_text_reaches_no_output_and_loses_no_check(
    pytester: pytest.Pytester, workers: list[str]
) -> None:
    if workers:
        pytest.importorskip("xdist")
    pytester.makepyfile(test_odd=UNPRINTABLE_SUITE)
    run = pytester.runpytest_subprocess if workers else pytester.runpytest
    result = run("--faith-report=r.json", "--faith-report=r.html", "--faith-report", *workers)
    result.assert_outcomes(passed=1, failed=1)
    report = json.loads(Path(pytester.path, "r.json").read_text(encoding="utf-8"))
    assert len(report["checks"]) == 2
    output = result.stdout.str() + Path(pytester.path, "r.json").read_text(encoding="utf-8")
    assert "model said \ufffd ok" in output
    assert "\x1b" not in output
    assert "\x07" not in output


FIXTURE_PHASES_SUITE = """
import pytest

CTX = ["The refund window is 30 days."]

@pytest.fixture
def fails_in_setup(assert_faithful):
    assert_faithful("The refund window is 90 days.", CTX)

@pytest.fixture
def fails_in_teardown(assert_faithful):
    yield
    assert_faithful("The refund window is 90 days.", CTX)

def test_setup(fails_in_setup):
    pass

def test_teardown(fails_in_teardown):
    pass
"""


def test_a_check_failing_in_a_fixture_marks_its_test_failed_in_every_report(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    pytester.makeini("[pytest]\nfaith_judge = lexical\n")
    pytester.makepyfile(test_phases=FIXTURE_PHASES_SUITE)
    result = pytester.runpytest("--faith-report=r.json")
    result.assert_outcomes(passed=1, errors=2)  # the teardown's test passed its call
    report = json.loads(Path(pytester.path, "r.json").read_text(encoding="utf-8"))
    assert {c["test_outcome"] for c in report["checks"]} == {"failed"}
    annotations = [line for line in result.outlines if line.startswith("::error")]
    assert len(annotations) == 2, "both failed checks are annotated for GitHub"


SUBTESTS_SUITE = """
CTX = ["The refund window is 30 days."]

def test_one_fails(subtests, assert_faithful):
    for answer in ("The refund window is 90 days.", "The refund window is 30 days."):
        with subtests.test(answer=answer):
            assert_faithful(answer, CTX)

class TestAll:
    def test_all_pass(self, subtests, assert_faithful):
        for _ in range(2):
            with subtests.test():
                assert_faithful("The refund window is 30 days.", CTX)
"""


def test_a_check_failing_in_a_subtest_marks_its_test_failed_in_every_report(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pytest fails a test that contains a failed subtest only as it prints the test's own
    report, after the plugin has read it as passed: its failed check read as an expected
    failure of a test that passed, and went without an annotation."""
    if not hasattr(pytest, "Subtests"):
        pytest.skip("pytest's subtests fixture came in pytest 9")
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    pytester.makeini("[pytest]\nfaith_judge = lexical\n")
    pytester.makepyfile(test_subtests=SUBTESTS_SUITE)
    result = pytester.runpytest("--faith-report=r.json", "--faith-report")
    result.assert_outcomes(passed=1, failed=2)  # the failed subtest and its test
    report = json.loads(Path(pytester.path, "r.json").read_text(encoding="utf-8"))
    outcomes = {(c["nodeid"], c["status"], c["test_outcome"]) for c in report["checks"]}
    assert outcomes == {
        ("test_subtests.py::test_one_fails", "failed", "failed"),
        ("test_subtests.py::test_one_fails", "passed", "failed"),
        ("test_subtests.py::TestAll::test_all_pass", "passed", "passed"),
    }
    assert report["totals"]["failed"] == 1
    assert report["totals"]["xfailed"] == 0
    assert "(test passed)" not in result.stdout.str()
    annotations = [line for line in result.outlines if line.startswith("::error")]
    assert len(annotations) == 1, "the failed check is annotated for GitHub"
