"""The judge call cache: record modes, keys, JSON-only storage, damage recovery, many writers."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import pickle
import shutil
import sqlite3
import subprocess
import sys
import textwrap
import time
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path

import diskcache
import pytest

from pytest_faithful.cache.invocation import Invocation
from pytest_faithful.cache.limits import MAX_RESPONSE_BYTES
from pytest_faithful.cache.replay import Action, CachedBackend, decide, needs_lookup
from pytest_faithful.cache.store import CallCache, FaithCacheWarning
from pytest_faithful.errors import CacheMissError, JudgeError
from pytest_faithful.providers.base import Backend, ChatMessage, JudgeRequest, JudgeResponse
from pytest_faithful.vocab import (
    DEFAULT_RECORD_MODE,
    RECORD_MODES,
    RecordMode,
    parse_record_mode,
)

SECRET = "sk-test-SECRET-123"
SRC = Path(__file__).resolve().parents[2] / "src"


class CountingBackend:
    """A Backend double: counts calls, holds a fake API key, answers deterministically."""

    __test__ = False

    def __init__(self, kind: str = "openai", *, label: str = "v1") -> None:
        self._kind = kind
        self.api_key = SECRET
        self.label = label
        self.calls = 0

    @property
    def kind(self) -> str:
        return self._kind

    def complete(self, request: JudgeRequest) -> JudgeResponse:
        self.calls += 1
        return JudgeResponse(
            text=f"answer to {request.messages[-1].content!r} ({self.label})",
            model=f"{request.model}-2024-01-01",
            input_tokens=sum(len(m.content) for m in request.messages),
            output_tokens=7,
            finish_reason="stop",
        )


def make_request(question: str = "Is the sky green?", **update: object) -> JudgeRequest:
    request = JudgeRequest(
        kind="openai",
        model="gpt-4o-mini",
        messages=(
            ChatMessage(role="system", content="You check claims."),
            ChatMessage(role="user", content=question),
        ),
        output_schema={"type": "object", "properties": {"label": {"type": "string"}}},
        params={"temperature": 0, "max_tokens": 256},
        prompt_version="verify-v1",
    )
    return request.model_copy(update=update) if update else request


def key_of(name: str) -> str:
    return hashlib.sha256(name.encode()).hexdigest()


def stored_rows(directory: Path) -> list[tuple[bytes, int, int, str | None, bytes]]:
    con = sqlite3.connect(directory / "cache.db")
    try:
        return con.execute("SELECT key, raw, mode, filename, value FROM Cache").fetchall()
    finally:
        con.close()


def update_row(directory: Path, key: str, **columns: object) -> None:
    db_key = zlib.compress(json.dumps(key).encode(), 0)
    assignments = ", ".join(f"{name} = ?" for name in columns)
    con = sqlite3.connect(directory / "cache.db")
    try:
        cursor = con.execute(
            f"UPDATE Cache SET {assignments} WHERE key = ?", (*columns.values(), db_key)
        )
        assert cursor.rowcount == 1
        con.commit()
    finally:
        con.close()


def tree_bytes(directory: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(directory)): p.read_bytes() for p in directory.rglob("*") if p.is_file()
    }


@pytest.fixture
def cache_dir(tmp_path: Path) -> Path:
    return tmp_path / "faith-cache"


@pytest.fixture
def cache(cache_dir: Path) -> Iterator[CallCache]:
    with CallCache(cache_dir) as opened:
        yield opened


# -- record modes ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "hit", "action"),
    [
        ("once", True, Action.REPLAY),
        ("once", False, Action.CALL_AND_STORE),
        ("none", True, Action.REPLAY),
        ("none", False, Action.FAIL),
        ("all", True, Action.CALL_AND_STORE),
        ("all", False, Action.CALL_AND_STORE),
        ("off", True, Action.CALL),
        ("off", False, Action.CALL),
    ],
)
def test_decide_table(mode: RecordMode, hit: bool, action: Action) -> None:
    assert decide(mode, hit) is action


def test_record_mode_names_and_lookup() -> None:
    assert RECORD_MODES == ("once", "none", "all", "off")
    assert DEFAULT_RECORD_MODE == "once"
    assert [needs_lookup(mode) for mode in RECORD_MODES] == [True, True, False, False]
    assert parse_record_mode("none") == "none"
    with pytest.raises(ValueError, match="'once', 'none', 'all', 'off'"):
        parse_record_mode("new_episodes")
    with pytest.raises(ValueError, match="unknown record mode"):
        decide("sometimes", True)  # type: ignore[arg-type]


def test_once_records_then_warm_rerun_makes_no_calls(cache_dir: Path) -> None:
    requests = [make_request(f"question {i}") for i in range(3)]
    first = CountingBackend()
    with CallCache(cache_dir) as cache:
        backend: Backend = CachedBackend(first, cache)  # the Backend protocol's shape
        recorded = [backend.complete(r) for r in requests]
        again = CachedBackend(first, cache).complete_with_status(requests[0])
    assert first.calls == 3
    assert again.cache_hit
    assert again.response == recorded[0]

    second = CountingBackend()
    with CallCache(cache_dir) as reopened:
        replay = CachedBackend(second, reopened, "once")
        results = [replay.complete_with_status(r) for r in requests]
    assert second.calls == 0
    assert [r.response for r in results] == recorded
    assert all(r.cache_hit for r in results)
    assert [r.key for r in results] == [r.cache_key() for r in requests]


def test_none_replays_hits_and_fails_misses_with_key_and_fix(cache: CallCache) -> None:
    recorder = CountingBackend()
    recorded = CachedBackend(recorder, cache, "once").complete(make_request())

    backend = CountingBackend()
    replay_only = CachedBackend(backend, cache, "none")
    hit = replay_only.complete_with_status(make_request())
    assert hit.cache_hit
    assert hit.response == recorded

    missing = make_request("never recorded")
    with pytest.raises(CacheMissError) as excinfo:
        replay_only.complete(missing)
    message = str(excinfo.value)
    assert missing.cache_key() in message
    assert "'openai'" in message
    assert "'gpt-4o-mini'" in message
    assert "--faith-record-mode=once" in message
    assert "credentials" in message
    assert str(cache.directory) in message
    assert isinstance(excinfo.value, JudgeError)
    assert backend.calls == 0


def test_all_calls_every_time_and_overwrites(cache: CallCache) -> None:
    request = make_request()
    CachedBackend(CountingBackend(label="old"), cache, "once").complete(request)

    backend = CountingBackend(label="new")
    rerecord = CachedBackend(backend, cache, "all")
    first = rerecord.complete_with_status(request)
    second = rerecord.complete_with_status(request)
    assert backend.calls == 2
    assert not first.cache_hit
    assert not second.cache_hit
    stored = cache.get(request.cache_key())
    assert stored is not None
    assert stored.text.endswith("(new)")


def test_off_calls_every_time_and_never_touches_disk(cache_dir: Path) -> None:
    backend = CountingBackend()
    no_cache = CachedBackend(backend, None, "off")
    for _ in range(3):
        assert not no_cache.complete_with_status(make_request()).cache_hit
    assert backend.calls == 3
    assert not cache_dir.exists()

    with CallCache(cache_dir) as cache:
        cache.put(
            make_request().cache_key(), CountingBackend(label="stored").complete(make_request())
        )
        before = tree_bytes(cache_dir)
        off = CachedBackend(backend, cache, "off")
        result = off.complete_with_status(make_request())
        off.complete(make_request("another"))
        assert not result.cache_hit
        assert result.response.text.endswith("(v1)")  # not the stored "(stored)" answer
        assert tree_bytes(cache_dir) == before
    assert len(stored_rows(cache_dir)) == 1


def test_modes_other_than_off_need_a_cache() -> None:
    for mode in ("once", "none", "all"):
        with pytest.raises(ValueError, match="needs a CallStore"):
            CachedBackend(CountingBackend(), None, mode)
    with pytest.raises(ValueError, match="unknown record mode"):
        CachedBackend(CountingBackend(), None, "record")  # type: ignore[arg-type]


def test_request_kind_must_match_backend(cache: CallCache) -> None:
    wrapped = CachedBackend(CountingBackend(kind="anthropic"), cache)
    assert wrapped.kind == "anthropic"
    with pytest.raises(ValueError, match="wrong kind"):
        wrapped.complete(make_request())


def test_backend_errors_propagate_and_are_not_recorded(cache: CallCache) -> None:
    class Failing(CountingBackend):
        def complete(self, request: JudgeRequest) -> JudgeResponse:
            raise TimeoutError("provider timed out")

    with pytest.raises(TimeoutError):
        CachedBackend(Failing(), cache).complete(make_request())
    assert cache.get(make_request().cache_key()) is None


# -- keys --------------------------------------------------------------------------------------

MUTATIONS: dict[str, Callable[[JudgeRequest], JudgeRequest]] = {
    "model": lambda r: r.model_copy(update={"model": "gpt-4o"}),
    "system message": lambda r: r.model_copy(
        update={"messages": (ChatMessage(role="system", content="Be strict."), r.messages[1])}
    ),
    "user message": lambda r: r.model_copy(
        update={"messages": (r.messages[0], ChatMessage(role="user", content="Is it blue?"))}
    ),
    "message role": lambda r: r.model_copy(
        update={"messages": (r.messages[0], ChatMessage(role="assistant", content="x"))}
    ),
    "extra message": lambda r: r.model_copy(
        update={"messages": (*r.messages, ChatMessage(role="user", content="Is the sky green?"))}
    ),
    "output schema": lambda r: r.model_copy(
        update={"output_schema": {"type": "object", "properties": {"label": {"enum": ["A"]}}}}
    ),
    "no output schema": lambda r: r.model_copy(update={"output_schema": None}),
    "param value": lambda r: r.model_copy(update={"params": {**r.params, "temperature": 0.1}}),
    "param added": lambda r: r.model_copy(update={"params": {**r.params, "seed": 1}}),
    "param removed": lambda r: r.model_copy(update={"params": {"temperature": 0}}),
    "prompt version": lambda r: r.model_copy(update={"prompt_version": "verify-v2"}),
}


@pytest.mark.parametrize("change", list(MUTATIONS))
def test_any_change_to_the_request_changes_the_key_and_misses(
    cache: CallCache, change: str
) -> None:
    backend = CountingBackend()
    cached = CachedBackend(backend, cache)
    base = make_request()
    changed = MUTATIONS[change](base)
    assert changed.cache_key() != base.cache_key()

    cached.complete(base)
    assert not cached.complete_with_status(changed).cache_hit
    assert cached.complete_with_status(base).cache_hit
    assert backend.calls == 2


def test_kind_is_part_of_the_key() -> None:
    assert make_request(kind="anthropic").cache_key() != make_request().cache_key()


def test_key_is_stable_golden() -> None:
    request = make_request()
    assert request.canonical_json() == (
        '{"kind":"openai","messages":[{"content":"You check claims.","role":"system"},'
        '{"content":"Is the sky green?","role":"user"}],"model":"gpt-4o-mini",'
        '"output_schema":{"properties":{"label":{"type":"string"}},"type":"object"},'
        '"params":{"max_tokens":256,"temperature":0},"prompt_version":"verify-v1"}'
    )
    assert request.cache_key() == "e838f4a3558ca5c98052bc241f2d87d3663d391f2bf655c019e82be8dd2dfc44"


def test_key_ignores_dict_insertion_order() -> None:
    reordered = make_request(
        params={"max_tokens": 256, "temperature": 0},
        output_schema={"properties": {"label": {"type": "string"}}, "type": "object"},
    )
    assert list(reordered.params) != list(make_request().params)
    assert reordered.cache_key() == make_request().cache_key()


def test_only_request_hashes_are_keys(cache: CallCache) -> None:
    response = JudgeResponse(text="x", model="m")
    for bad in (SECRET, "", key_of("x").upper(), key_of("x")[:-1]):
        with pytest.raises(ValueError, match="sha256") as excinfo:
            cache.put(bad, response)
        assert SECRET not in str(excinfo.value)
        with pytest.raises(ValueError, match="sha256"):
            cache.get(bad)


# -- what is on disk ---------------------------------------------------------------------------


def test_values_on_disk_are_json_never_pickle(cache: CallCache, cache_dir: Path) -> None:
    request = make_request()
    response = CachedBackend(CountingBackend(), cache).complete(request)

    [(db_key, raw, mode, filename, value)] = stored_rows(cache_dir)
    assert (raw, mode, filename) == (1, diskcache.core.MODE_RAW, None)
    for blob in (db_key, value):
        assert isinstance(blob, bytes)
        assert b"\x80" not in blob[:3]  # no pickle protocol header
    assert json.loads(zlib.decompress(db_key)) == request.cache_key()
    assert json.loads(zlib.decompress(value)) == response.model_dump(mode="json")
    assert json.dumps(response.model_dump(mode="json")).encode() in value  # stored uncompressed
    assert [p.name for p in cache_dir.iterdir() if p.is_dir()] == []  # no value files


def test_no_secret_reaches_the_cache_directory(cache_dir: Path) -> None:
    backend = CountingBackend()
    with CallCache(cache_dir) as cache:
        for mode in ("once", "all", "once"):
            wrapped = CachedBackend(backend, cache, mode)
            for i in range(5):
                wrapped.complete(make_request(f"question {i}"))
    secret = SECRET.encode()
    files = tree_bytes(cache_dir)
    assert files
    for name, data in files.items():
        assert secret not in data, name
    for db_key, _, _, _, value in stored_rows(cache_dir):
        assert secret not in zlib.decompress(db_key) + zlib.decompress(value)


class _Boom:
    """Unpickling this creates a directory: proof that a payload ran."""

    def __init__(self, marker: Path) -> None:
        self.marker = str(marker)

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.mkdir, (self.marker,))


@pytest.mark.parametrize("as_mode", ["pickle", "raw"])
def test_a_pickled_value_is_never_unpickled(
    cache: CallCache, cache_dir: Path, tmp_path: Path, as_mode: str
) -> None:
    request = make_request()
    backend = CountingBackend()
    CachedBackend(backend, cache).complete(request)
    marker = tmp_path / "payload-ran"
    payload = pickle.dumps(_Boom(marker))
    mode = diskcache.core.MODE_PICKLE if as_mode == "pickle" else diskcache.core.MODE_RAW
    update_row(cache_dir, request.cache_key(), mode=mode, value=payload)

    with pytest.warns(FaithCacheWarning, match="ignoring unreadable entry"):
        result = CachedBackend(backend, cache).complete_with_status(request)
    assert not marker.exists()
    assert not result.cache_hit
    assert backend.calls == 2
    assert cache.get(request.cache_key()) == result.response  # re-recorded over the bad entry


def test_a_value_file_named_by_a_row_is_never_read_or_deleted(
    cache: CallCache, cache_dir: Path, tmp_path: Path
) -> None:
    request = make_request()
    CachedBackend(CountingBackend(), cache).complete(request)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    update_row(
        cache_dir, request.cache_key(), mode=diskcache.core.MODE_BINARY, filename=str(victim)
    )
    with pytest.warns(FaithCacheWarning, match="not inline JSON"):
        assert cache.get(request.cache_key()) is None
    cache.put(request.cache_key(), JudgeResponse(text="fresh", model="m"))  # overwrites the row
    assert victim.read_text() == "precious"
    assert cache.get(request.cache_key()) == JudgeResponse(text="fresh", model="m")


@pytest.mark.parametrize(
    ("value", "match"),
    [
        ({"unexpected": 1}, "not a judge response"),
        (["a", "list"], "not a JSON object"),
        ({"text": "x", "model": "m", "input_tokens": -1}, "not a judge response"),
    ],
)
def test_a_stored_value_that_is_not_a_judge_response_is_a_miss(
    cache: CallCache, cache_dir: Path, value: object, match: str
) -> None:
    key = make_request().cache_key()
    cache.put(key, JudgeResponse(text="x", model="m"))
    update_row(cache_dir, key, value=zlib.compress(json.dumps(value).encode()))
    with pytest.warns(FaithCacheWarning, match=match):
        assert cache.get(key) is None


def test_a_truncated_value_is_a_miss(cache: CallCache, cache_dir: Path) -> None:
    key = make_request().cache_key()
    cache.put(key, JudgeResponse(text="x" * 100, model="m"))
    [(_, _, _, _, value)] = stored_rows(cache_dir)
    update_row(cache_dir, key, value=value[:40])
    with pytest.warns(FaithCacheWarning, match="truncated"):
        assert cache.get(key) is None
    with pytest.warns(FaithCacheWarning), pytest.raises(CacheMissError) as raised:
        CachedBackend(CountingBackend(), cache, "none").complete(make_request())
    assert f"{cache_dir} is there but cannot be read (stored value is truncated" in str(
        raised.value
    )


# -- large values and the database's own settings ----------------------------------------------

LARGE_SIZES = pytest.mark.parametrize("size", [40_000, 1_000_000], ids=["40KB", "1MB"])


def large_response(size: int, model: str = "m") -> JudgeResponse:
    # Hex of random bytes does not compress, so at any zlib level the value stays above
    # diskcache's 32 KiB file threshold: the case that used to be written to a file.
    return JudgeResponse(text=os.urandom(size // 2).hex(), model=model, output_tokens=size)


def assert_all_inline(directory: Path) -> None:
    rows = stored_rows(directory)
    assert rows
    for _, raw, mode, filename, value in rows:
        assert (raw, mode, filename) == (1, diskcache.core.MODE_RAW, None)
        assert isinstance(json.loads(zlib.decompress(value)), dict)
    assert list(directory.rglob("*.val")) == []


def assert_row_inline(directory: Path, key: str) -> None:
    con = sqlite3.connect(directory / "cache.db")
    try:
        [(mode, filename)] = con.execute(
            "SELECT mode, filename FROM Cache WHERE key = ?",
            (zlib.compress(json.dumps(key).encode(), 0),),
        ).fetchall()
    finally:
        con.close()
    assert (mode, filename) == (diskcache.core.MODE_RAW, None)


def settings(directory: Path) -> dict[str, object]:
    with contextlib.closing(sqlite3.connect(directory / "cache.db")) as con:
        return dict(con.execute("SELECT key, value FROM Settings").fetchall())


def set_settings(directory: Path, **values: object) -> None:
    with contextlib.closing(sqlite3.connect(directory / "cache.db")) as con:
        con.executemany("INSERT OR REPLACE INTO Settings VALUES (?, ?)", values.items())
        con.commit()


@LARGE_SIZES
def test_large_values_round_trip_inline_and_after_reopening(cache_dir: Path, size: int) -> None:
    response = large_response(size)
    with CallCache(cache_dir) as cache:
        cache.put(key_of("large"), response)
        assert cache.get(key_of("large")) == response
    with CallCache(cache_dir) as reopened:
        assert reopened.get(key_of("large")) == response
    assert_all_inline(cache_dir)


# What a database holds after versions before the fix (diskcache's defaults: values of 32 KiB or
# more went to files), and what a poisoned one might hold: every ``disk_*`` row reaches
# diskcache's disk, by name, on every open.
POISONED_DISK_SETTINGS = {
    "disk_min_file_size": 2**15,
    "disk_pickle_protocol": pickle.HIGHEST_PROTOCOL,
    "disk_compress_level": 9,
    "disk_directory": "/",
    "disk__directory": "/",
    "disk__value_root": "/",
    "disk__frozen": 0,
    "disk_fetch": "not a method",
    "disk_store": "not a method",
}


@pytest.mark.parametrize(
    "rows",
    [
        {"disk_min_file_size": 2**15, "disk_pickle_protocol": pickle.HIGHEST_PROTOCOL},
        POISONED_DISK_SETTINGS,
    ],
    ids=["left-by-older-versions", "poisoned"],
)
def test_settings_in_the_database_never_change_how_values_are_stored(
    cache_dir: Path, rows: dict[str, object]
) -> None:
    small = JudgeResponse(text="recorded before", model="m")
    with CallCache(cache_dir) as cache:
        cache.put(key_of("small"), small)
    set_settings(cache_dir, **rows)

    responses = {key_of(f"large-{size}"): large_response(size) for size in (40_000, 1_000_000)}
    with CallCache(cache_dir) as cache:
        assert cache.get(key_of("small")) == small  # keys are still found: same framing
        for key, response in responses.items():
            cache.put(key, response)
            assert cache.get(key) == response
    set_settings(cache_dir, **rows)  # again, for an open that finds them
    with CallCache(cache_dir) as reopened:
        for key, response in responses.items():
            assert reopened.get(key) == response
        reopened.put(key_of("after"), large_response(50_000))
    assert_all_inline(cache_dir)
    assert settings(cache_dir)["disk_min_file_size"] > 64 * 2**20  # for older versions too
    assert settings(cache_dir)["disk_compress_level"] == 0


# -- value files written by older versions -----------------------------------------------------


def write_legacy_row(directory: Path, key: str, response: JudgeResponse) -> Path:
    """Store ``response`` the way versions before the fix did, and return its value file.

    They used diskcache's JSON disk at compress level 0 (keys framed the same way as now) and
    diskcache's default ``disk_min_file_size``, so ``JSONDisk`` itself wrote the file.
    """
    with diskcache.Cache(
        str(directory),
        disk=diskcache.JSONDisk,
        disk_compress_level=0,
        eviction_policy="none",
        statistics=0,
    ) as old:
        old.set(key, response.model_dump(mode="json"))
    [(_, _, mode, filename, value)] = [
        row for row in stored_rows(directory) if zlib.decompress(row[0]) == json.dumps(key).encode()
    ]
    assert (mode, value) == (diskcache.core.MODE_BINARY, None)
    assert filename is not None
    return directory / filename


@pytest.mark.parametrize("poisoned", [False, True], ids=["as-left", "poisoned-settings"])
def test_a_value_file_left_by_an_older_version_replays(cache_dir: Path, poisoned: bool) -> None:
    request = make_request()
    recorded = large_response(40_000)
    value_file = write_legacy_row(cache_dir, request.cache_key(), recorded)
    assert value_file.is_file()
    if poisoned:  # e.g. "disk__value_root": the file is still looked up in this directory
        set_settings(cache_dir, **POISONED_DISK_SETTINGS)

    with CallCache(cache_dir) as cache:
        assert cache.get(request.cache_key()) == recorded
        backend = CountingBackend()
        replayed = CachedBackend(backend, cache, "none").complete_with_status(request)
        assert replayed.cache_hit
        assert replayed.response == recorded
        assert backend.calls == 0
    with CallCache(cache_dir) as reopened:  # reading changed nothing
        assert reopened.get(request.cache_key()) == recorded
        rerecorded = CachedBackend(CountingBackend(), reopened, "all").complete(request)
        assert reopened.get(request.cache_key()) == rerecorded
    assert_row_inline(cache_dir, request.cache_key())
    assert value_file.is_file(), "left behind, unreferenced; never read again"


def test_a_diskcache_jsondisk_with_default_settings_is_read_safely(cache_dir: Path) -> None:
    """A cache of diskcache's stock ``JSONDisk`` is foreign, but opening it breaks nothing.

    No version of pytest-faithful wrote one: its keys are framed at zlib level 1, not 0, so
    they are other keys, and its value files are never reached.
    """
    with diskcache.Cache(str(cache_dir), disk=diskcache.JSONDisk) as plain:
        plain.set(key_of("plain"), large_response(40_000).model_dump(mode="json"))
    with CallCache(cache_dir) as cache:
        assert cache.get(key_of("plain")) is None  # its key is framed at level 1: another key
        response = large_response(40_000)
        cache.put(key_of("plain"), response)
        assert cache.get(key_of("plain")) == response


def test_orphan_value_files_are_ignored(cache_dir: Path) -> None:
    with CallCache(cache_dir) as cache:
        cache.put(key_of("x"), JudgeResponse(text="x", model="m"))
    orphan = cache_dir / "ab" / "cd" / ("0" * 28 + ".val")
    orphan.parent.mkdir(parents=True)
    orphan.write_bytes(b"anything at all")
    with CallCache(cache_dir) as cache:
        assert cache.get(key_of("x")) == JudgeResponse(text="x", model="m")
        assert cache.get(key_of("y")) is None
        cache.put(key_of("y"), large_response(40_000))
    assert orphan.read_bytes() == b"anything at all"


def _payload(response: JudgeResponse) -> bytes:
    return zlib.compress(json.dumps(response.model_dump(mode="json")).encode())


OUTSIDE = JudgeResponse(text="read from outside the cache directory", model="evil")


def _traversal(cache_dir: Path, value_file: Path, outside: Path) -> dict[str, object]:
    return {"filename": "../outside/payload.val"}


def _etc_passwd(cache_dir: Path, value_file: Path, outside: Path) -> dict[str, object]:
    return {"filename": "../../etc/passwd"}


def _absolute(cache_dir: Path, value_file: Path, outside: Path) -> dict[str, object]:
    return {"filename": str(outside / "payload.val")}


def _symlinked_file(cache_dir: Path, value_file: Path, outside: Path) -> dict[str, object]:
    value_file.unlink()
    value_file.symlink_to(outside / "payload.val")
    return {}


def _symlinked_directory(cache_dir: Path, value_file: Path, outside: Path) -> dict[str, object]:
    top = value_file.parent.parent
    mirror = outside / value_file.parent.name
    mirror.mkdir()
    (mirror / value_file.name).write_bytes(_payload(OUTSIDE))
    shutil.rmtree(top)
    top.symlink_to(outside)
    return {}


def _not_json(cache_dir: Path, value_file: Path, outside: Path) -> dict[str, object]:
    value_file.write_bytes(b"root:x:0:0:root:/root:/bin/bash\n")
    return {}


def _pickle_mode(cache_dir: Path, value_file: Path, outside: Path) -> dict[str, object]:
    value_file.write_bytes(pickle.dumps(_Boom(outside / "payload-ran")))
    return {"mode": diskcache.core.MODE_PICKLE}


def _text_mode(cache_dir: Path, value_file: Path, outside: Path) -> dict[str, object]:
    return {"mode": diskcache.core.MODE_TEXT}


def _fifo(cache_dir: Path, value_file: Path, outside: Path) -> dict[str, object]:
    value_file.unlink()
    os.mkfifo(value_file)  # reading would block forever
    return {}


def _huge(cache_dir: Path, value_file: Path, outside: Path) -> dict[str, object]:
    with value_file.open("r+b") as file:
        file.truncate(MAX_RESPONSE_BYTES + 2 * 2**20)  # sparse: over the limit, costs no disk
    return {}


def _missing(cache_dir: Path, value_file: Path, outside: Path) -> dict[str, object]:
    value_file.unlink()
    return {}


def _inline_value_too(cache_dir: Path, value_file: Path, outside: Path) -> dict[str, object]:
    return {"value": _payload(OUTSIDE)}


HOSTILE_ROWS = {
    "traversal": (_traversal, "not one diskcache writes"),
    "etc-passwd": (_etc_passwd, "not one diskcache writes"),
    "absolute-path": (_absolute, "not one diskcache writes"),
    "symlinked-file": (_symlinked_file, "reached through a link"),
    "symlinked-directory": (_symlinked_directory, "reached through a link"),
    "not-json": (_not_json, "not JSON"),
    "pickle-mode": (_pickle_mode, "mode 4, not inline JSON"),
    "text-mode": (_text_mode, "mode 3, not inline JSON"),
    "fifo": (_fifo, "not a regular file"),
    "too-large": (_huge, "too large"),
    "missing": (_missing, "missing"),
    "file-and-inline-value": (_inline_value_too, "mode 2, not inline JSON"),
}


@pytest.mark.parametrize("case", list(HOSTILE_ROWS))
def test_a_hostile_value_file_row_is_refused_with_a_warning(
    cache_dir: Path, tmp_path: Path, case: str
) -> None:
    build, reason = HOSTILE_ROWS[case]
    if case == "fifo" and not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this platform")
    request = make_request()
    value_file = write_legacy_row(cache_dir, request.cache_key(), large_response(40_000))
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "payload.val").write_bytes(_payload(OUTSIDE))  # would be a hit if ever read
    update = build(cache_dir, value_file, outside)
    if update:
        update_row(cache_dir, request.cache_key(), **update)

    with CallCache(cache_dir) as cache:
        with pytest.warns(FaithCacheWarning) as record:
            assert cache.get(request.cache_key()) is None
        [warning] = record
        message = str(warning.message)
        assert f"ignoring unreadable entry {request.cache_key()}" in message
        assert reason in message
        assert not (outside / "payload-ran").exists()

        backend = CountingBackend()
        with pytest.warns(FaithCacheWarning, match=reason):
            result = CachedBackend(backend, cache, "once").complete_with_status(request)
        assert not result.cache_hit
        assert backend.calls == 1
        assert cache.get(request.cache_key()) == result.response  # re-recorded, inline
    assert_row_inline(cache_dir, request.cache_key())
    assert (outside / "payload.val").read_bytes() == _payload(OUTSIDE)


# -- damaged caches ----------------------------------------------------------------------------


def _garbage(path: Path) -> None:
    path.write_bytes(b"this is not a database " * 500)


def _truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[:100])


def _foreign_schema(path: Path) -> None:
    path.unlink()
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE Cache (x)")
    con.commit()
    con.close()


@pytest.mark.parametrize("damage", [_garbage, _truncate, _foreign_schema])
def test_a_damaged_database_is_moved_aside_and_replaced(
    cache_dir: Path, damage: Callable[[Path], None]
) -> None:
    key = make_request().cache_key()
    with CallCache(cache_dir) as cache:
        cache.put(key, JudgeResponse(text="x", model="m"))
    for extra in ("cache.db-wal", "cache.db-shm"):
        (cache_dir / extra).unlink(missing_ok=True)
    damage(cache_dir / "cache.db")
    damaged_bytes = (cache_dir / "cache.db").read_bytes()

    with pytest.warns(FaithCacheWarning, match=r"is damaged .*moved it to .*damaged-1") as record:
        cache = CallCache(cache_dir)
    assert len(record) == 1
    assert str(cache_dir) in str(record[0].message)
    with cache:
        assert cache.enabled
        assert cache.get(key) is None
        backend = CountingBackend()
        wrapped = CachedBackend(backend, cache)
        wrapped.complete(make_request())
        assert wrapped.complete_with_status(make_request()).cache_hit
        assert backend.calls == 1
    moved = cache_dir.with_name(f"{cache_dir.name}.damaged-1")
    if damage is _foreign_schema:  # a real sqlite file: diskcache touched it before failing
        with contextlib.closing(sqlite3.connect(moved / "cache.db")) as con:
            columns = [row[1] for row in con.execute("PRAGMA table_info(Cache)")]
        assert columns == ["x"], "the foreign table was kept as it was"
    else:
        assert (moved / "cache.db").read_bytes() == damaged_bytes


def test_damage_found_by_a_query_is_rebuilt_and_the_write_kept(
    cache: CallCache, cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = make_request().cache_key()
    failures = iter([sqlite3.DatabaseError("database disk image is malformed")])
    real_set = diskcache.Cache.set

    def flaky_set(self: diskcache.Cache, *args: object, **kwargs: object) -> object:
        for exc in failures:
            raise exc
        return real_set(self, *args, **kwargs)

    monkeypatch.setattr(diskcache.Cache, "set", flaky_set)
    with pytest.warns(FaithCacheWarning, match="malformed.*moved it to"):
        cache.put(key, JudgeResponse(text="kept", model="m"))
    assert cache.get(key) == JudgeResponse(text="kept", model="m")
    assert cache_dir.with_name(f"{cache_dir.name}.damaged-1").is_dir()


def test_a_database_replaced_under_two_open_caches(cache_dir: Path) -> None:
    # Two processes (here: two instances) share a directory; the file is replaced by garbage.
    first, second = CallCache(cache_dir), CallCache(cache_dir)
    with first, second:
        first.put(key_of("before"), JudgeResponse(text="before", model="m"))
        garbage = cache_dir / "garbage"
        _garbage(garbage)
        os.replace(garbage, cache_dir / "cache.db")
        with pytest.warns(FaithCacheWarning, match="is damaged") as record:
            assert first.get(key_of("before")) is None
        assert len(record) == 1
        second.put(key_of("after"), JudgeResponse(text="after", model="m"))  # no new warning
        assert first.get(key_of("after")) == JudgeResponse(text="after", model="m")
    assert not cache_dir.with_name(f"{cache_dir.name}.damaged-2").exists()


def test_a_busy_database_is_not_treated_as_damaged(
    cache: CallCache, cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = make_request().cache_key()
    cache.put(key, JudgeResponse(text="x", model="m"))

    def locked(self: diskcache.Cache, *args: object, **kwargs: object) -> object:
        raise sqlite3.OperationalError("database is locked")

    def timeout(self: diskcache.Cache, *args: object, **kwargs: object) -> object:
        raise diskcache.Timeout

    monkeypatch.setattr(diskcache.Cache, "get", locked)
    monkeypatch.setattr(diskcache.Cache, "set", timeout)
    with pytest.warns(FaithCacheWarning, match="read failed.*read as a miss"):
        assert cache.get(key) is None
    with pytest.warns(FaithCacheWarning, match="write failed.*not recorded"):
        cache.put(key_of("other"), JudgeResponse(text="y", model="m"))
    monkeypatch.undo()
    assert cache.get(key) == JudgeResponse(text="x", model="m")
    assert not cache_dir.with_name(f"{cache_dir.name}.damaged-1").exists()


def test_an_unusable_directory_turns_the_cache_off(tmp_path: Path) -> None:
    not_a_dir = tmp_path / "a-file"
    not_a_dir.write_text("")
    with pytest.warns(FaithCacheWarning, match="cannot use the cache"):
        cache = CallCache(not_a_dir)
    with cache:
        assert not cache.enabled
        backend = CountingBackend()
        wrapped = CachedBackend(backend, cache)
        wrapped.complete(make_request())
        assert not wrapped.complete_with_status(make_request()).cache_hit
        assert backend.calls == 2
    assert not_a_dir.read_text() == ""


def test_a_closed_cache_refuses_use(cache_dir: Path) -> None:
    with CallCache(cache_dir) as cache:
        assert "open" in repr(cache)
    assert "closed" in repr(cache)
    with pytest.raises(ValueError, match="closed"):
        cache.get(key_of("x"))
    with pytest.raises(ValueError, match="closed"):
        cache.put(key_of("x"), JudgeResponse(text="x", model="m"))


# -- many processes ----------------------------------------------------------------------------


def child_env() -> dict[str, str]:
    return {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]),
    }


WRITER = textwrap.dedent(
    """
    import hashlib, sys, time, warnings
    sys.modules["pytest"] = None  # the cache is a plain library: no pytest needed
    warnings.simplefilter("error")  # any FaithCacheWarning fails this writer
    from pathlib import Path
    from pytest_faithful.cache.store import CallCache
    from pytest_faithful.providers.base import JudgeResponse

    directory, worker, go = sys.argv[1], int(sys.argv[2]), Path(sys.argv[3])
    deadline = time.monotonic() + 20
    while not go.exists() and time.monotonic() < deadline:
        time.sleep(0.002)

    def key(name):
        return hashlib.sha256(name.encode()).hexdigest()

    with CallCache(directory) as cache:
        for i in range(100):
            name = f"w{worker}-{i}"
            cache.put(key(name), JudgeResponse(text=name, model="m", output_tokens=i))
            if i % 5 == 0:
                shared = f"shared-{i // 5}"
                cache.put(key(shared), JudgeResponse(text=f"{shared} by w{worker}", model="m"))
    """
)


def test_many_processes_writing_at_once_lose_nothing(cache_dir: Path, tmp_path: Path) -> None:
    workers = 4
    go = tmp_path / "go"
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(cache_dir), str(w), str(go)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=child_env(),
        )
        for w in range(workers)
    ]
    time.sleep(0.3)  # let every writer reach the starting line
    go.touch()
    for proc in procs:
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err.decode()

    with CallCache(cache_dir) as cache:
        for w in range(workers):
            for i in range(100):
                name = f"w{w}-{i}"
                assert cache.get(key_of(name)) == JudgeResponse(
                    text=name, model="m", output_tokens=i
                )
        for s in range(20):
            stored = cache.get(key_of(f"shared-{s}"))
            assert stored is not None
            assert stored.text in {f"shared-{s} by w{w}" for w in range(workers)}
    assert len(stored_rows(cache_dir)) == workers * 100 + 20


PEER = textwrap.dedent(
    """
    import json, os, sys, warnings
    sys.modules["pytest"] = None  # the cache is a plain library: no pytest needed
    warnings.simplefilter("error")  # any FaithCacheWarning fails this process
    from pathlib import Path
    from pytest_faithful.cache.store import CallCache
    from pytest_faithful.providers.base import JudgeResponse

    directory, exchange = sys.argv[1], Path(sys.argv[2])
    expected = json.loads((exchange / "parent.json").read_text())
    written = {}
    with CallCache(directory) as cache:
        for key, response in expected.items():
            assert cache.get(key) == JudgeResponse.model_validate(response), key
        for n, size in enumerate((40_000, 1_000_000)):
            key = f"{n + 1:064x}"
            written[key] = JudgeResponse(text=os.urandom(size // 2).hex(), model="peer")
            cache.put(key, written[key])
    (exchange / "peer.json").write_text(
        json.dumps({k: r.model_dump(mode="json") for k, r in written.items()})
    )
    """
)


def test_large_values_round_trip_between_two_processes(cache_dir: Path, tmp_path: Path) -> None:
    mine = {key_of(f"large-{size}"): large_response(size) for size in (40_000, 1_000_000)}
    with CallCache(cache_dir) as cache:
        for key, response in mine.items():
            cache.put(key, response)
        (tmp_path / "parent.json").write_text(
            json.dumps({k: r.model_dump(mode="json") for k, r in mine.items()})
        )
        peer = subprocess.run(
            [sys.executable, "-c", PEER, str(cache_dir), str(tmp_path)],
            capture_output=True,
            env=child_env(),
            timeout=60,
        )
        assert peer.returncode == 0, peer.stderr.decode()
        theirs = json.loads((tmp_path / "peer.json").read_text())
        assert len(theirs) == 2
        for key, response in theirs.items():  # read by the cache opened before they wrote
            assert cache.get(key) == JudgeResponse.model_validate(response)
    assert_all_inline(cache_dir)


def test_a_miss_outside_pytest_says_how_to_record_with_the_api(tmp_path: Path) -> None:
    """verify() and a judge called directly take the record mode as an argument: a miss says
    so after the pytest option; under pytest it names the option only."""
    backend = CountingBackend()
    with CallCache(tmp_path / "cache") as cache:
        with pytest.raises(CacheMissError) as excinfo:
            CachedBackend(backend, cache, "none").complete(make_request("never recorded"))
        assert "outside pytest: call again with record_mode='once'" in str(excinfo.value)
        with pytest.raises(CacheMissError) as excinfo:
            CachedBackend(
                backend, cache, "none", invocation=Invocation(tmp_path, tmp_path)
            ).complete(make_request("never recorded"))
        assert "record_mode=" not in str(excinfo.value)
        assert "--faith-record-mode=once" in str(excinfo.value)
    assert backend.calls == 0
