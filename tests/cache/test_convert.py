"""``python -m pytest_faithful.cache`` as a user runs it: what it refuses, says and leaves."""

from __future__ import annotations

import hashlib
import os
import pickle
import sqlite3
import warnings
from collections.abc import Callable
from pathlib import Path

import pytest

from pytest_faithful.cache import convert
from pytest_faithful.cache.recordings import RecordingStore
from pytest_faithful.cache.store import CallCache
from pytest_faithful.providers.base import JudgeResponse
from pytest_faithful.redaction import FRAGMENT, SECRET_VARIABLES


def key(n: int) -> str:
    return hashlib.sha256(str(n).encode()).hexdigest()


def answer(n: int, text: str = "ok") -> JudgeResponse:
    return JudgeResponse(text=f"{text} {n}", model="m", input_tokens=n, output_tokens=1)


def make_cache(path: Path, count: int = 3) -> Path:
    with CallCache(path) as cache:
        for n in range(count):
            assert cache.put(key(n), answer(n))
    return path


def make_recordings(path: Path, count: int = 3) -> Path:
    store = RecordingStore(path)
    for n in range(count):
        assert store.put(key(n), answer(n))
    return path


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


Make = Callable[[Path], None]


def _foreign_sqlite(path: Path) -> None:
    path.mkdir()
    with sqlite3.connect(path / "cache.db") as connection:
        connection.execute("CREATE TABLE t (x)")
    connection.close()


def _foreign_diskcache(path: Path) -> None:
    """Another program's diskcache, as diskcache.Cache(path) makes it: it evicts entries."""
    path.mkdir()
    with sqlite3.connect(path / "cache.db") as connection:
        connection.execute("CREATE TABLE Settings (key TEXT NOT NULL UNIQUE, value)")
        connection.execute("CREATE TABLE Cache (rowid INTEGER PRIMARY KEY, key BLOB, raw INT)")
        connection.execute(
            "INSERT INTO Settings VALUES ('eviction_policy', 'least-recently-stored')"
        )
    connection.close()


def _other_files(path: Path) -> None:
    path.mkdir()
    (path / "package.json").write_text("{}")
    (path / "settings.json").write_text("{}")


@pytest.mark.parametrize(
    ("command", "source", "destination", "message"),
    [
        ("to-recordings", _foreign_sqlite, None, "is an SQLite database but not a diskcache"),
        ("to-recordings", _foreign_diskcache, None, "is another program's diskcache"),
        ("to-cache", None, _foreign_sqlite, "is an SQLite database but not a diskcache"),
        ("to-cache", None, _foreign_diskcache, "is another program's diskcache"),
        ("to-cache", _other_files, None, "holds no recordings"),
        ("to-recordings", None, _other_files, "holds other files and no recordings"),
        ("to-cache", None, _other_files, "holds other files and no diskcache"),
        ("to-cache", "missing", None, "does not exist"),
        ("to-recordings", "missing", None, "does not exist"),
    ],
)
def test_what_is_no_store_of_its_kind_is_refused_and_left_as_it_was(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    command: str,
    source: Make | str | None,
    destination: Make | None,
    message: str,
) -> None:
    make_good = make_recordings if command == "to-cache" else make_cache
    source_dir = make_good(tmp_path / "good", 1) if source is None else tmp_path / "source"
    destination_dir = tmp_path / "destination"
    for make, path in ((source, source_dir), (destination, destination_dir)):
        if callable(make):
            make(path)
    before = snapshot(tmp_path)
    assert convert.main([command, str(source_dir), str(destination_dir)]) == 2
    out, err = capsys.readouterr()
    assert (out, err.count("\n")) == ("", 1)
    assert err.startswith("python -m pytest_faithful.cache: error: ")
    assert message in err
    assert snapshot(tmp_path) == before, "nothing was opened for writing"


def test_a_home_relative_path_is_expanded_as_the_stores_expand_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    make_recordings(tmp_path / "my recordings é", 1)
    assert convert.main(["to-cache", "~/my recordings é", "~/cache dir"]) == 0
    out = capsys.readouterr().out
    assert (
        out == f"copied 1 recording of 1 from {tmp_path}/my recordings é to {tmp_path}/cache dir\n"
    )
    assert (tmp_path / "cache dir" / "cache.db").is_file()


def test_an_empty_source_copies_nothing_says_so_and_makes_no_cache(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "recordings").mkdir()
    (tmp_path / "recordings" / ".gitkeep").write_text("")
    assert convert.main(["to-cache", str(tmp_path / "recordings"), str(tmp_path / "c")]) == 0
    assert capsys.readouterr().out.startswith("nothing to copy: ")
    assert not (tmp_path / "c").exists()


def test_a_second_run_copies_nothing_and_entries_that_differ_are_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = make_cache(tmp_path / "source")
    destination = tmp_path / "destination"
    RecordingStore(destination).put(key(1), answer(1, "other"))
    argv = ["to-recordings", str(source), str(destination)]
    filters, shown = list(warnings.filters), warnings.showwarning
    assert convert.main(argv) == 0
    assert convert.main(argv) == 0
    assert convert.main([*argv, "--overwrite"]) == 0
    assert convert.main([*argv, "--overwrite"]) == 0
    first, second, overwrite, again = capsys.readouterr().out.splitlines()
    assert first.startswith("copied 2 recordings of 3 from ")
    assert "1 already there (kept); 1 of the entries kept differ from the source's" in first
    assert second.startswith("nothing to copy: all 3 entries of ")
    assert "1 of the entries kept differ" in second
    assert overwrite.startswith("copied 1 recording of 3 ")
    assert "(1 over a different entry" in overwrite
    assert again == f"nothing to copy: all 3 entries of {source} are already in {destination}"
    assert (warnings.filters, warnings.showwarning) == (filters, shown), "restored"


def test_ctrl_c_stops_between_entries_says_what_was_copied_and_exits_130(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    source = make_cache(tmp_path / "cache")
    put = RecordingStore.put
    calls: list[str] = []

    def interrupted_put(self: RecordingStore, key: str, response: JudgeResponse) -> bool:
        calls.append(key)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return put(self, key, response)

    monkeypatch.setattr(RecordingStore, "put", interrupted_put)
    destination = tmp_path / "recordings"
    assert convert.main(["to-recordings", str(source), str(destination)]) == 130
    out = capsys.readouterr().out
    assert out.startswith(f"INTERRUPTED after 1 of 3 entries: copied 1 recording from {source}")
    assert "; 2 not looked at. Every entry written is whole: run the command again" in out
    assert RecordingStore(destination).stored_keys() == [calls[0]]
    assert [p.name for p in destination.rglob(".*")] == []


def test_a_damaged_source_is_read_as_far_as_it_can_be_and_never_moved_aside(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = make_cache(tmp_path / "cache", count=120)
    database = source / "cache.db"
    with open(database, "r+b") as file:  # a page of rows near the end, not the schema's
        file.seek(os.path.getsize(database) - 3 * 4096 + 100)
        file.write(b"\xde\xad\xbe\xef" * 256)
    code = convert.main(["to-recordings", str(source), str(tmp_path / "recordings")])
    out, err = capsys.readouterr()
    assert code == 0
    assert "malformed" in err
    assert "the cache is damaged here, and was left as it is" in err
    copied = len(RecordingStore(tmp_path / "recordings").stored_keys())
    assert 0 < copied < 120
    assert f"copied {copied} recordings of 120" in out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "recordings"]
    assert database.is_file()


def test_a_source_whose_keys_cannot_all_be_listed_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = make_cache(tmp_path / "cache", count=2)
    with sqlite3.connect(source / "cache.db") as connection:  # a pickled key: never written
        connection.execute(
            "INSERT INTO Cache (key, raw, store_time, access_time, access_count, tag, size, "
            "mode, filename, value) VALUES (?, 0, 0, 0, 0, NULL, 0, 1, NULL, NULL)",
            (pickle.dumps(("a", "tuple")),),
        )
    connection.close()
    assert convert.main(["to-recordings", str(source), str(tmp_path / "recordings")]) == 1
    out, err = capsys.readouterr()
    assert "warning: cannot list the keys in " in err
    assert "not in JSON form" in err
    assert "copied 2 recordings of 2" in out
    assert "could NOT all be listed" in out


def test_an_export_that_would_hold_a_key_unmasked_names_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A diskcache keeps replies as they came; a recording is masked with the keys set where
    # it is written, which need not be those the cache was recorded with.
    secret = "sk-proj-Zq8wXv2LmN4pR7tY1uK3"
    with CallCache(tmp_path / "cache") as cache:
        cache.put(key(1), JudgeResponse(text=f"The key is {secret}.", model="m"))
        cache.put(key(2), answer(2))
    for variable in SECRET_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    argv = ["to-recordings", str(tmp_path / "cache")]
    assert convert.main([*argv, str(tmp_path / "without")]) == 0
    out, err = capsys.readouterr()
    path = RecordingStore(tmp_path / "without").path_for(key(1))
    assert err.startswith(f"warning: {path}: its reply holds what looks like a credential")
    assert "1 written holding what looks like a credential: check them" in out
    monkeypatch.setenv("OPENAI_API_KEY", secret)
    assert convert.main([*argv, str(tmp_path / "with")]) == 0
    out, err = capsys.readouterr()
    assert (err, "credential" in out) == ("", False)
    assert (
        secret[-FRAGMENT:]
        not in (tmp_path / "with" / path.relative_to(path.parents[1])).read_text()
    )


def test_warnings_are_lines_of_the_command_the_first_20_unless_verbose(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A full or read-only destination fails every entry alike; so do 25 damaged recordings.
    source = make_recordings(tmp_path / "recordings", count=25)
    for path in source.rglob("*.json"):
        path.write_text("<<<<<<< HEAD")
    assert convert.main(["to-cache", str(source), str(tmp_path / "a")]) == 0
    lines = capsys.readouterr().err.splitlines()
    assert [line.split(" ", 2)[:2] for line in lines[:20]] == [["warning:", "ignoring"]] * 20
    assert lines[20:] == ["warning: 5 more warnings not shown (--verbose shows each)"]
    assert convert.main(["to-cache", "-v", str(source), str(tmp_path / "b")]) == 0
    out, err = capsys.readouterr()
    assert err.count("warning: ignoring ") == 25
    assert out.startswith("copied 0 recordings of 25 ")
    assert "; 25 unreadable (skipped: the warnings above say why)" in out


def test_a_source_that_cannot_be_written_is_read_from_a_copy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # diskcache opens no database it cannot write: a read-only mount gave 'unable to open
    # database file' and exit 1. (Tests run as root here, who can write a 0444 file.)
    source = make_cache(tmp_path / "cache", count=2)
    monkeypatch.setattr(convert, "_writable", lambda path: not path.is_relative_to(source))
    before = snapshot(source)
    assert convert.main(["to-recordings", str(source), str(tmp_path / "recordings")]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("copied 2 recordings of 2 ")
    assert err.startswith(f"{source} cannot be written: reading a copy of it in ")
    assert not Path(err.split(" in ", 1)[1].strip()).exists(), "the copy is deleted"
    assert snapshot(source) == before
