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
