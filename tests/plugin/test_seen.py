"""Whether a run collected the whole suite: the condition for pruning recordings and for
calling an explicit baseline key stale (any test may ask for a call or give a ``key=``)."""

from __future__ import annotations

import pytest

from pytest_faithful.plugin.seen import TestsSeen, part_reason


@pytest.mark.parametrize(
    ("testpaths", "where", "args", "part"),
    [
        ("", ".", [], None),
        ("", ".", ["."], None),
        ("", "tests", [".."], None),
        ("", ".", ["tests"], "it collected tests, part of the suite (.)"),
        ("", ".", ["tests/test_a.py"], "it collected tests/test_a.py, part of the suite (.)"),
        ("", "tests", [], "it collected ., part of the suite (..)"),
        ("tests other", ".", [], None),
        ("tests other", ".", ["tests", "other"], None),
        ("te* oth*", ".", ["tests"], "it collected tests, part of the suite (tests, other)"),
        ("tests", ".", ["tests/"], None),
        ("", ".", ["--ignore-glob", "*_b.py"], "--ignore-glob left part of the suite out"),
        ("", ".", ["--pyargs", "json"], "it collected json, part of the suite (.)"),
    ],
)
def test_a_run_collected_the_whole_suite_only_when_its_paths_cover_it(
    pytester: pytest.Pytester,
    monkeypatch: pytest.MonkeyPatch,
    testpaths: str,
    where: str,
    args: list[str],
    part: str | None,
) -> None:
    pytester.makeini(f"[pytest]\ntestpaths = {testpaths}\n" if testpaths else "[pytest]\n")
    (pytester.path / "tests" / "sub").mkdir(parents=True)
    (pytester.path / "other").mkdir()
    (pytester.path / "tests" / "test_a.py").write_text("")
    monkeypatch.chdir(pytester.path / where)
    config = pytester.parseconfig(*args)
    assert config.rootpath == pytester.path
    assert part_reason(config, TestsSeen()) == part


def test_a_file_that_failed_to_collect_is_not_a_file_that_ran(pytester: pytest.Pytester) -> None:
    config = pytester.parseconfig()
    seen = TestsSeen()
    # Under xdist the controller gets a worker's failed collection as a log report.
    for nodeid in ("test_b.py", "test_c.py", "test_d.py", "test_e.py", "test_b.py"):
        seen.add(pytest.CollectReport(nodeid, "failed", "ImportError", []))  # type: ignore[arg-type]
    seen.collected(pytest.CollectReport("test_f.py", "passed", None, []))
    assert seen.files == set()
    assert seen.unfinished == set()
    assert part_reason(config, seen) == ("collecting test_b.py, test_c.py, test_d.py, ... failed")
