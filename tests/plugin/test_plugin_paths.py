"""Paths that cannot be used: a usage error naming the option (plugin), a ValueError naming the
argument (library calls); never an OSError, a RuntimeError or an INTERNALERROR."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_faithful import verify, verify_relevancy, verify_retrieval
from pytest_faithful.files import path_problem, usable_directory

LONG = "n" * 300  # longer than any common file system's name limit (255 bytes)


def _place(root: Path, kind: str, suffix: str = "") -> str:
    """A path of the given kind under ``root``: too long, a file, a directory, under a file."""
    (root / "a-file.json").write_text("{}")
    (root / "a-dir.json").mkdir()
    return {
        "long": str(root / f"{LONG}{suffix}"),
        "file": str(root / "a-file.json"),
        "dir": str(root / "a-dir.json"),
        "under-file": str(root / "a-file.json" / f"x{suffix}"),
        "no-home": f"~nouser-pytest-faithful/x{suffix}",
    }[kind]


PLUGIN_CASES = [
    ("--faith-report", "long", ".html", "the name 'nnnn"),
    ("--faith-report", "dir", "", "is a directory, not a file"),
    ("--faith-report", "under-file", ".md", "a folder in it is a file"),
    ("--faith-recordings", "long", "", "300 bytes long; the file system allows"),
    ("--faith-recordings", "file", "", "is a file, not a directory"),
    ("--faith-cache-dir", "long", "", "300 bytes long"),
    ("--faith-cache-dir", "under-file", "", "a folder in it is a file"),
    ("--faith-baseline", "long", ".json", "305 bytes long"),
    ("--faith-baseline", "dir", "", "is a directory, not a file"),
    # A "~" the shell left (--opt=~/x, or an ini file) is expanded, never a folder named "~".
    *(
        (flag, "no-home", suffix, "'~nouser-pytest-faithful' names no home directory")
        for flag, suffix in [
            ("--faith-report", ".json"),
            ("--faith-cache-dir", ""),
            ("--faith-recordings", ""),
            ("--faith-baseline", ".json"),
        ]
    ),
]


@pytest.mark.parametrize("source", ["cli", "ini"])
@pytest.mark.parametrize(("flag", "kind", "suffix", "why"), PLUGIN_CASES)
def test_an_unusable_path_option_is_a_usage_error_naming_it(
    pytester: pytest.Pytester, source: str, flag: str, kind: str, suffix: str, why: str
) -> None:
    path = _place(pytester.path, kind, suffix)
    pytester.makepyfile("def test_it(): pass")
    if source == "cli":
        pytester.makeini("[pytest]\n")
        result = pytester.runpytest(f"{flag}={path}")
        named = f"{flag} '"
    else:
        name = flag.removeprefix("--").replace("-", "_")
        pytester.makeini(f"[pytest]\n{name} = {path}\n")
        result = pytester.runpytest()
        named = f"ini option {name} '"
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    error = result.stderr.str()
    assert named in error
    assert why in error
    assert "INTERNALERROR" not in error + result.stdout.str()
    assert LONG not in error, "a long name is shown shortened"


LIBRARY_CALLS: list[Callable[..., Any]] = [
    lambda **kw: verify("Returns are accepted.", "Returns are accepted.", judge="lexical", **kw),
    lambda **kw: verify_relevancy("Returns are accepted.", "Are returns accepted?", **kw),
    lambda **kw: verify_retrieval(["Returns are accepted."], "Are returns accepted?", **kw),
]


@pytest.mark.parametrize("call", LIBRARY_CALLS, ids=["verify", "relevancy", "retrieval"])
@pytest.mark.parametrize("argument", ["cache_dir", "recordings_dir"])
@pytest.mark.parametrize(
    ("kind", "why"),
    [
        ("long", "the name .* in it is 300 bytes long; the file system allows"),
        ("file", "is a file, not a directory"),
        ("under-file", "a folder in it is a file"),
        ("~nouser-pytest-faithful/x", "'~nouser-pytest-faithful' names no home directory"),
    ],
)
def test_an_unusable_directory_argument_is_a_value_error_naming_it(
    tmp_path: Path, call: Callable[..., Any], argument: str, kind: str, why: str
) -> None:
    path = kind if kind.startswith("~") else _place(tmp_path, kind)
    with pytest.raises(ValueError, match=f"^{argument} '.*: {why}"):
        call(**{argument: path})


def test_a_home_directory_is_expanded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    assert usable_directory("~/cache", "cache_dir") == tmp_path / "cache"


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("a\x00b", "it holds a NUL character"),
        ("a\ud800b", "it cannot be encoded as a file name (a lone surrogate character)"),
    ],
)
def test_names_no_file_system_takes(tmp_path: Path, name: str, why: str) -> None:
    assert path_problem(tmp_path / name, directory=False) == why


def test_a_path_that_does_not_exist_yet_can_be_used(tmp_path: Path) -> None:
    assert path_problem(tmp_path / "new" / "deeper" / "r.json", directory=False) is None
    assert path_problem(tmp_path, directory=True) is None


@pytest.mark.parametrize("source", ["cli", "ini"])
def test_a_home_directory_in_a_path_option_is_expanded(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, source: str
) -> None:
    home = pytester.path / "home"
    monkeypatch.setenv("HOME", str(home))
    pytester.makepyfile(
        "def test_it(assert_faithful):\n    assert_faithful('Returns are accepted.', 'Returns are"
        " accepted.')\n"
    )
    if source == "cli":
        pytester.makeini("[pytest]\n")
        result = pytester.runpytest("--faith-report=~/out/r.json", "--faith-baseline=~/b.json")
    else:
        pytester.makeini("[pytest]\nfaith_report = ~/out/r.json\nfaith_baseline = ~/b.json\n")
        result = pytester.runpytest()
    result.assert_outcomes(passed=1)
    assert (home / "out" / "r.json").is_file()
    assert not (pytester.path / "~").exists()


@pytest.mark.parametrize(
    ("options", "named"),
    [
        (["--faith-baseline=b.json", "--faith-report=b.json"], "--faith-report .*--faith-baseline"),
        (
            ["--faith-baseline=b.json", "--faith-update-baseline", "--faith-report=./b.json"],
            "--faith-report .*--faith-baseline file",
        ),
        (["--junitxml=out.json", "--faith-report=out.json"], "--faith-report .*--junitxml file"),
        (["--junitxml=b.json", "--faith-baseline=b.json"], "--faith-baseline .*--junitxml file"),
        (
            ["--faith-recordings=recs", "--faith-report=recs/ab/r.json"],
            "--faith-report .*inside the --faith-recordings directory",
        ),
        (["--faith-report=.faith-cache/r.md"], "--faith-report .*inside the --faith-cache-dir"),
        (
            ["--faith-cache-dir=c", "--faith-baseline=c/b.json"],
            "--faith-baseline .*inside the --faith-cache-dir directory",
        ),
    ],
)
def test_a_file_the_plugin_writes_is_none_it_keeps(
    pytester: pytest.Pytester, options: list[str], named: str
) -> None:
    """A report over the baseline (or the JUnit XML) would replace it; one inside the
    recordings or the cache directory would sit among their entries."""
    pytester.makepyfile("def test_it(): pass")
    (pytester.path / "b.json").write_text('{"version": 1, "checks": {}}\n')
    result = pytester.runpytest(*options)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.re_match_lines([f".*{named}.*give another path"])
    assert (pytester.path / "b.json").read_text() == '{"version": 1, "checks": {}}\n'
