"""A local spec's model file: what cannot be one is said when the spec is read, and a model that
cannot be loaded is said once, then every later reading fails at once pointing to it."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

from pytest_faithful import (
    JudgeError,
    JudgeOptions,
    UnavailableJudgeError,
    builtin_registry,
    verify,
)
from pytest_faithful.files import shown_path
from pytest_faithful.judges.local.spec import check_model, located

pytestmark = pytest.mark.usefixtures("no_llama_cpp")

PIN = "ab" * 32
PASSAGES = ["The library opens at 9 am on weekdays."]


def _make(kind: str, path: Path) -> None:
    if kind == "directory":
        path.mkdir()
    elif kind != "missing":
        contents = {
            "empty": b"",
            "text": b"not a model, a note",
            "lfs": b"version https://git-lfs.github.com/spec/v1\noid sha256:0\nsize 9\n",
        }
        path.write_bytes(contents[kind])


@pytest.mark.parametrize(
    ("kind", "says"),
    [
        (
            "missing",
            "does not exist (to replay its recordings without it, pin its sha256: "
            "'local:judge.gguf#sha256=HEX')",
        ),
        ("directory", "is a directory, not a model file"),
        ("empty", "is empty, not a GGUF model file"),
        ("text", "is not a GGUF model file (it starts with b'not a mo', not b'GGUF')"),
        ("lfs", "is a Git LFS pointer, not the model: fetch the file itself (git lfs pull)"),
    ],
)
def test_a_file_that_cannot_be_a_model_is_named_when_the_spec_is_read(
    tmp_path: Path, kind: str, says: str
) -> None:
    path = tmp_path / "judge.gguf"
    _make(kind, path)
    with pytest.raises(ValueError, match="the local judge's model file") as raised:
        check_model("judge.gguf", tmp_path)
    assert str(raised.value) == f"the local judge's model file {shown_path(path)} {says}"
    # The registry's factory says the same, before any reading (and loading nothing).
    with pytest.raises(ValueError, match="model file"):
        verify("It opens at 9 am.", PASSAGES, judge=f"local:{path}", cache_dir=tmp_path / "c")
    # A pin replays without the file, whatever is there, except a directory.
    if kind == "directory":
        with pytest.raises(ValueError, match="is a directory"):
            check_model(f"{path}#sha256={PIN}")
    else:
        assert check_model(f"{path}#sha256={PIN}") == (path, PIN)


def test_relative_and_home_paths_are_made_absolute(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "models").mkdir()
    (tmp_path / "models" / "m.gguf").write_bytes(b"GGUF")
    assert located("models/../models/m.gguf", tmp_path) == str(tmp_path / "models" / "m.gguf")
    assert located("~/models/m.gguf", Path("/elsewhere")) == str(tmp_path / "models" / "m.gguf")
    assert located(f"gone.gguf#sha256={PIN.upper()}", tmp_path) == (
        f"{tmp_path / 'gone.gguf'}#sha256={PIN}"
    )
    with pytest.raises(ValueError, match=r"is not a \.gguf"):
        located("models/m.bin", tmp_path)


class _Unloadable:
    """``llama_cpp.Llama`` for a file llama.cpp cannot read (truncated, damaged)."""

    def __init__(self, **_: object) -> None:
        raise ValueError("Failed to load model from file")


@pytest.mark.parametrize(
    ("llama_cpp", "contents", "says"),
    [
        (False, b"GGUF\x03", "the local judge needs llama-cpp-python: pip install"),
        (True, b"GGUF\x03", "llama.cpp could not load the model .*: Failed to load model"),
        # A file replaced after the spec was read (a pinned file present is not checked then).
        (True, b"<html>", r"is not a GGUF model file \(it starts with b'<html>'"),
    ],
)
def test_a_model_that_cannot_load_is_said_once_then_fails_fast(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    llama_cpp: bool,
    contents: bytes,
    says: str,
) -> None:
    if llama_cpp:
        monkeypatch.setitem(sys.modules, "llama_cpp", types.SimpleNamespace(Llama=_Unloadable))
    path = tmp_path / "judge.gguf"
    path.write_bytes(b"GGUF\x03")
    options = JudgeOptions(tmp_path / "cache", "once")
    try:
        judge = builtin_registry().build(f"local:{path}", options)
        path.write_bytes(contents)
        with pytest.raises(UnavailableJudgeError, match=says):
            verify("It opens at 9 am.", PASSAGES, judge=judge)
        with pytest.raises(UnavailableJudgeError, match="not called again in this run") as again:
            verify("It opens at 10 am.", PASSAGES, judge=judge)
        assert isinstance(again.value, JudgeError)
    finally:
        options.close()
