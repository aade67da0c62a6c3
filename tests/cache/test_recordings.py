"""The directory store: file format, record modes, hostile files, secrets, many writers, export."""

from __future__ import annotations

import json
import multiprocessing
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_faithful import verify
from pytest_faithful.cache import convert
from pytest_faithful.cache.invocation import Invocation
from pytest_faithful.cache.limits import response_size
from pytest_faithful.cache.recordings import RecordingRefused, RecordingStore
from pytest_faithful.cache.replay import CachedBackend
from pytest_faithful.cache.store import CallCache
from pytest_faithful.cache.usage import RecordingsUse, records_for
from pytest_faithful.cache.views import asked_view
from pytest_faithful.errors import CacheMissError, FaithCacheWarning
from pytest_faithful.judges.llm.prompts import repair_message, verification_messages
from pytest_faithful.judges.local.prompt import build_prompt
from pytest_faithful.models import Claim
from pytest_faithful.providers.base import ChatMessage, JudgeRequest, JudgeResponse
from pytest_faithful.redaction import FRAGMENT
from pytest_faithful.testing import ScriptedBackend

PASSAGES = ["Returns are accepted within 30 days.", "Refunds take five days."]
CLAIMS = ["Returns are accepted within 30 days.", "Refunds are instant."]
VERDICTS = {
    "verdicts": [
        {"claim": 1, "label": "SUPPORTED", "reason": "stated", "evidence": "30 days", "passage": 1},
        {"claim": 2, "label": "CONTRADICTED", "reason": "five days", "evidence": "five days",
         "passage": 2},
    ]
}  # fmt: skip


def make_request(claims: list[str] = CLAIMS, model: str = "gpt-4o-mini") -> JudgeRequest:
    return JudgeRequest(
        kind="openai",
        model=model,
        messages=verification_messages(
            [Claim(text=c, sentence=c, start=0, end=len(c)) for c in claims], PASSAGES, "Refunds?"
        ),
        params={"temperature": 0},
        prompt_version="p2",
    )


def reply(request: JudgeRequest) -> JudgeResponse:
    return JudgeResponse(
        text=json.dumps(VERDICTS),
        model=f"{request.model}-2024-07-18",
        input_tokens=120,
        output_tokens=40,
        finish_reason="stop",
    )


@pytest.fixture
def store(tmp_path: Path) -> RecordingStore:
    return RecordingStore(tmp_path / "recordings")


def record(store: RecordingStore, request: JudgeRequest | None = None) -> tuple[str, Path]:
    request = request or make_request()
    CachedBackend(ScriptedBackend(reply, kind="openai"), store, "once").complete(request)
    key = request.cache_key()
    return key, store.path_for(key)


def test_one_sharded_pretty_sorted_file_per_call_holding_what_a_reviewer_reads(
    store: RecordingStore,
) -> None:
    store.current_test = "tests/test_rag.py::test_refunds[1]"
    key, path = record(store)
    assert path == store.directory / key[:2] / f"{key}.json"
    text = path.read_text(encoding="utf-8")
    document = json.loads(text)
    assert text == json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    assert document == {
        "asked": {"claims": CLAIMS, "passages": PASSAGES, "question": "Refunds?"},
        "format": 1,
        "judge": "openai",
        "key": key,
        "model": "gpt-4o-mini",
        "prompt_version": "p2",
        "reply": {
            "finish_reason": "stop",
            "input_tokens": 120,
            "model": "gpt-4o-mini-2024-07-18",
            "output_tokens": 40,
            "text": json.dumps(VERDICTS),
        },
        "reply_json": VERDICTS,
        "test": "tests/test_rag.py::test_refunds[1]",
    }
    assert "You check claims" not in text  # the boilerplate prompt is not in the file
    assert '"label": "CONTRADICTED"' in text  # a verdict is one line of the diff


def test_same_key_as_the_diskcache_and_every_record_mode(tmp_path: Path) -> None:
    request = make_request()
    store = RecordingStore(tmp_path / "recordings")
    backend = ScriptedBackend(reply, kind="openai")
    first = CachedBackend(backend, store, "once").complete_with_status(request)
    with CallCache(tmp_path / "cache") as cache:
        assert CachedBackend(backend, cache, "once").complete_with_status(request).key == first.key
    assert backend.calls == 2
    replayed = CachedBackend(backend, store, "none").complete_with_status(request)
    assert replayed.cache_hit
    assert replayed.response == first.response
    assert backend.calls == 2
    CachedBackend(backend, store, "all").complete(request)
    assert backend.calls == 3
    CachedBackend(backend, store, "off").complete(make_request(model="other"))
    assert backend.calls == 4
    assert store.stored_keys() == [first.key]
    with pytest.raises(CacheMissError) as missed:
        CachedBackend(backend, store, "none").complete(make_request(model="other"))
    key = make_request(model="other").cache_key()
    message = str(missed.value)
    assert key in message
    assert f"{key[:2]}/{key}.json" in message
    assert "--faith-record-mode=once --faith-recordings=" in message
    assert "commit" in message


def test_a_repair_request_shows_the_reply_it_answers_and_the_local_prompt_its_claim() -> None:
    request = make_request()
    repaired = request.model_copy(
        update={
            "messages": (
                *request.messages,
                ChatMessage(role="assistant", content="not json"),
                repair_message("no JSON object"),
            )
        }
    )
    view = asked_view(repaired)
    assert view["claims"] == CLAIMS
    assert view["repair"][0] == {
        "role": "assistant",
        "content": "not json",
    }
    local = JudgeRequest(
        kind="local",
        model="m.gguf@sha256:0",
        messages=(ChatMessage(role="user", content=build_prompt(PASSAGES[0], CLAIMS[1], "Q?")),),
        prompt_version="l1",
    )
    assert asked_view(local) == {"claim": CLAIMS[1], "passage": PASSAGES[0], "question": "Q?"}


# -- damaged and hostile files ------------------------------------------------------------------


def _load(path: Path) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return document


def _save(path: Path, document: dict[str, Any]) -> None:
    path.write_text(json.dumps(document), encoding="utf-8")


def _not_json(path: Path, outside: Path) -> None:
    path.write_text('{"format": 1, "key": ', encoding="utf-8")


def _binary(path: Path, outside: Path) -> None:
    path.write_bytes(b"\xff\xfe\x00garbage")


def _symlink_to_a_valid_recording_elsewhere(path: Path, outside: Path) -> None:
    outside.write_bytes(path.read_bytes())
    path.unlink()
    path.symlink_to(outside)


def _symlinked_shard(path: Path, outside: Path) -> None:
    shard = path.parent
    elsewhere = outside.parent / "elsewhere"
    shard.rename(elsewhere)
    shard.symlink_to(elsewhere, target_is_directory=True)


def _a_list(path: Path, outside: Path) -> None:
    path.write_text("[1, 2]")


def _fifo(path: Path, outside: Path) -> None:
    path.unlink()
    os.mkfifo(path)  # reading would block forever


def _directory(path: Path, outside: Path) -> None:
    path.unlink()
    path.mkdir()


# Edits inside a valid recording: (path of keys, new value).
EDITS: dict[str, tuple[tuple[str | int, ...], object]] = {
    "wrong_key_inside": (("key",), "0" * 64),
    "traversal_key_inside": (("key",), "../../outside"),
    "not_a_response": (("reply",), {"text": 7}),
    "other_format": (("format",), 99),
    "reviewer_sees_another_verdict": (("reply_json", "verdicts", 1, "label"), "SUPPORTED"),
    "reviewer_sees_other_claims": (("asked", "claims"), ["Something harmless."]),
    "other_model": (("model",), "gpt-5"),
    # Masks stand for what a recorder's key redacted; what they leave showing must still fit.
    "reviewer_sees_other_claims_around_a_mask": (
        ("asked", "claims"),
        ["Returns are <redacted> within 60 days.", CLAIMS[1]],
    ),
    "other_model_around_a_mask": (("model",), "gpt-<redacted>o"),
}


def _edit(where: tuple[str | int, ...], value: object) -> Callable[[Path, Path], None]:
    def edit(path: Path, outside: Path) -> None:
        document = _load(path)
        inner: Any = document
        for step in where[:-1]:
            inner = inner[step]
        inner[where[-1]] = value
        _save(path, document)

    return edit


HOSTILE: dict[str, Callable[[Path, Path], None]] = {
    f.__name__.lstrip("_"): f
    for f in (
        _not_json,
        _binary,
        _symlink_to_a_valid_recording_elsewhere,
        _symlinked_shard,
        _a_list,
        _fifo,
        _directory,
    )
}
HOSTILE.update({name: _edit(where, value) for name, (where, value) in EDITS.items()})


@pytest.mark.parametrize("damage", list(HOSTILE))
def test_a_damaged_or_hostile_file_is_a_warning_naming_it_and_a_miss(
    store: RecordingStore, tmp_path: Path, damage: str
) -> None:
    request = make_request()
    key, path = record(store, request)
    HOSTILE[damage](path, tmp_path / "outside.json")
    asking = RecordingStore(store.directory)
    with pytest.warns(FaithCacheWarning, match=f"ignoring .*{key}") as caught:
        assert asking.get(key, request) is None
    # Asked for, so used (never pruned as unused), with the reason the warning gave.
    assert asking.use.used == {key}
    assert f"{asking.use.refused[key]}; read as a miss" in str(caught[0].message)
    # Replay-only mode: a miss with the key and why its file was not read, never a crash or a
    # reply.
    with pytest.warns(FaithCacheWarning), pytest.raises(CacheMissError, match=key) as raised:
        CachedBackend(ScriptedBackend([], kind="openai"), store, "none").complete(request)
    assert f"is there but cannot be read ({asking.use.refused[key]})" in str(raised.value)
    assert "To record it again, replacing it, run `pytest --faith-record-mode=once" in str(
        raised.value
    )


@pytest.mark.parametrize(
    ("found", "reason"),
    [
        (
            2,
            "its format is 2, newer than the 1 this pytest-faithful reads: upgrade pytest-faithful",
        ),
        (99, "its format is 99, newer than the 1 this pytest-faithful reads: upgrade "),
        (0, "its format is 0, not 1"),
        ("2", "its format is '2', not 1"),
        (None, "its format is None, not 1"),
        (True, "its format is True, not 1"),
        (1.0, "its format is 1.0, not 1"),
    ],
)
def test_a_recording_of_another_format_says_whether_a_newer_version_wrote_it(
    store: RecordingStore, found: object, reason: str
) -> None:
    request = make_request()
    key, path = record(store, request)
    _save(path, {**_load(path), "format": found})
    with pytest.warns(FaithCacheWarning, match=re.escape(reason)):
        assert store.get(key, request) is None
    assert store.refusal(key) is not None
    assert store.refusal(key).startswith(reason)


def test_only_files_asked_for_count_as_used_and_a_new_recording_mends_a_refused_one(
    store: RecordingStore,
) -> None:
    request = make_request()
    key, path = record(store, request)
    other, _ = record(store, make_request(claims=["Other."]))
    path.write_text("<<<<<<< HEAD\n")
    asking = RecordingStore(store.directory)
    assert asking.get("f" * 64) is None  # no file: nothing to keep
    with pytest.warns(FaithCacheWarning):
        assert asking.get(key, request) is None
    assert asking.use.used == {key}
    assert asking.use.refused == {key: "it is not JSON"}
    with pytest.raises(RecordingRefused, match="it is not JSON"):
        asking.origin(key)
    # Readable; recorded outside any test, by the judge kind and model of its request.
    assert asking.origin(other) == (None, f"openai:{make_request().model}")
    with pytest.warns(FaithCacheWarning):  # read again, refused again, then recorded
        CachedBackend(ScriptedBackend(reply, kind="openai"), asking, "once").complete(request)
    assert asking.use.used == {key}
    assert asking.use.refused == {}
    assert RecordingsUse.from_data(asking.use.to_data()) == asking.use
    assert RecordingsUse.from_data(None) == RecordingsUse()


def test_a_printed_command_names_the_test_and_paths_as_typed_where_pytest_ran(
    tmp_path: Path,
) -> None:
    repo = tmp_path / "repo"
    invocation = Invocation(repo / "docs", repo)  # pytest ran in docs/; node ids are from repo/
    assert invocation.test("tests/test_x.py::test_a[1]") == "../tests/test_x.py::test_a[1]"
    assert invocation.test("tests/test_x.py") == "../tests/test_x.py"
    assert invocation.path(repo / "docs" / "recordings") == "recordings"
    assert Invocation(repo, repo).test("test_x.py::TestA::test_b") == "test_x.py::TestA::test_b"
    assert Invocation.here() == Invocation(Path.cwd(), Path.cwd())


def test_a_recording_names_the_smallest_test_that_asked_for_it_in_the_run_that_wrote_it(
    store: RecordingStore,
) -> None:
    request = make_request()
    store.current_test = "tests/test_b.py::test_b"
    key, path = record(store, request)
    store.current_test = "tests/test_a.py::test_a[10]"
    store.asked(key)  # its reply reused from a memo: asked for, not read
    store.current_test = "tests/test_a.py::test_a[9]"
    assert store.get(key, request) is not None
    assert _load(path)["test"] == "tests/test_b.py::test_b"  # a replay never writes
    worker = RecordingsUse()
    worker.ask(key, "tests/test_a.py::test_a[0]")
    worker.wrote(key)
    store.use.merge(RecordingsUse.from_data(worker.to_data()))
    assert store.use.askers == {key: "tests/test_a.py::test_a[0]"}
    assert store.use.written == {key}
    assert store.name_test(key, store.use.askers[key])
    assert _load(path)["test"] == "tests/test_a.py::test_a[0]"
    assert not store.name_test(key, "tests/test_a.py::test_a[0]")  # already: not rewritten
    assert store.get(key, request) == reply(request)


def test_a_file_without_reviewer_views_still_replays(store: RecordingStore) -> None:
    request = make_request()
    key, path = record(store, request)
    document = _load(path)
    for field in ("asked", "judge", "model", "prompt_version", "reply_json", "test"):
        document.pop(field, None)
    _save(path, document)
    assert store.get(key, request) == reply(request)


def test_keys_are_request_hashes_only(store: RecordingStore) -> None:
    for bad in ("../../etc/passwd", "AB" * 32, "0" * 63, f"{'0' * 62}/."):
        with pytest.raises(ValueError, match="sha256"):
            store.get(bad)
        with pytest.raises(ValueError, match="sha256"):
            store.put(bad, reply(make_request()))
    assert not store.directory.exists()


def test_listing_warns_about_entries_that_are_not_recordings_and_never_prunes_them(
    store: RecordingStore, tmp_path: Path
) -> None:
    key, path = record(store)
    root = store.directory
    (root / ".gitattributes").write_text("* -diff\n")  # dot files are the team's own: silent
    (root / "..evil").mkdir()
    (root / "zz").mkdir()
    (root / key[:2] / "..%2F..%2Fescape.json").write_text("{}")
    (root / key[:2] / f"{'f' * 64}.json").write_text("{}")  # in the wrong shard
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / f"{'a' * 64}.json").write_text("{}")
    (root / "aa").symlink_to(outside, target_is_directory=True)
    link = root / key[:2] / f"{key[:2]}{'1' * 62}.json"
    link.symlink_to(path)
    with pytest.warns(FaithCacheWarning) as caught:
        assert store.stored_keys() == [key]
    messages = "\n".join(str(w.message) for w in caught)
    for name in ("..evil", "zz", "..%2F..%2Fescape.json", "f" * 64, "aa", link.name):
        assert name in messages
    assert ".gitattributes" not in messages
    assert not store.remove(f"{key[:2]}{'1' * 62}")
    assert link.is_symlink()
    assert not store.remove("a" * 64)
    assert (outside / f"{'a' * 64}.json").exists()
    assert store.remove(key)
    assert not path.exists()


@pytest.mark.parametrize("random", ["0f3a9c2e", "k2x_8qz1"])  # this version's; tempfile's
def test_half_a_recording_a_killed_writer_left_is_listed_once_no_write_can_be_under_way(
    store: RecordingStore, random: str
) -> None:
    key, path = record(store)
    text = path.read_text()
    # What files.write_text leaves when its process is killed between writing and renaming.
    left = path.with_name(f".{path.name}.{random}.tmp")
    left.write_text(text[: len(text) // 2])
    writing = path.with_name(f".{path.name}.1b2c3d4e.tmp")  # another process's, under way
    writing.write_text(text[:10])
    old = os.stat(left).st_mtime - 120
    os.utime(left, (old, old))
    problems: list[str] = []
    assert store.stored_keys(problems) == [key]
    assert len(problems) == 1
    assert str(left) in problems[0]
    assert "killed" in problems[0]
    assert store.get(key) == reply(make_request())


def test_large_replies_round_trip(store: RecordingStore) -> None:
    request = make_request()
    big = JudgeResponse(text="x" * (3 * 2**20), model="m", output_tokens=1)
    store.put(request.cache_key(), big, request)
    assert store.get(request.cache_key(), request) == big


def test_a_reply_with_a_lone_surrogate_is_recorded_and_replays_in_both_stores(
    store: RecordingStore, tmp_path: Path
) -> None:
    # JSON's "\\ud800" parses to a string UTF-8 cannot encode; the diskcache escapes it.
    request = make_request()
    odd = JudgeResponse(text=json.loads('"half \\ud83d of a pair"'), model="m")
    assert store.put(request.cache_key(), odd, request)
    assert store.get(request.cache_key(), request) == odd
    with CallCache(tmp_path / "cache") as cache:
        assert convert.copy(store, cache) == convert.Copied(1, 0, 0, 0)
        back = RecordingStore(tmp_path / "back")
        assert convert.copy(cache, back) == convert.Copied(1, 0, 0, 0)
    assert back.get(request.cache_key(), request) == odd


def test_no_secret_is_written(store: RecordingStore, monkeypatch: pytest.MonkeyPatch) -> None:
    secret = "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789"
    monkeypatch.setenv("OPENAI_API_KEY", secret)
    request = make_request(claims=[f"The key is {secret[10:30]}."])
    echo = JudgeResponse(text=f"my key is {secret}", model=f"m-{secret[-12:]}")
    store.current_test = f"tests/test_x.py::test_key[{secret[5:20]}]"
    store.put(request.cache_key(), echo, request)
    data = store.path_for(request.cache_key()).read_text()
    fragments = [secret[i : i + FRAGMENT] for i in range(len(secret) - FRAGMENT + 1)]
    assert not [f for f in fragments if f in data]
    assert store.get(request.cache_key(), request) is not None  # and it still replays


def test_a_recording_redacted_by_its_recorders_key_replays_where_no_key_is_set(
    store: RecordingStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    # llama.cpp's server documents this placeholder key, and its words are ordinary words: the
    # views of a request that holds one are written masked. A CI job replays without the key.
    monkeypatch.setenv("OPENAI_API_KEY", "sk-no-key-required")
    request = make_request(claims=["A signature is required on delivery.", CLAIMS[1]])
    key, path = record(store, request)
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["asked"]["claims"][0] == "A signature is <redacted> on delivery."
    replayed = store.get(key, request)
    assert replayed is not None
    monkeypatch.delenv("OPENAI_API_KEY")
    without_the_key = RecordingStore(store.directory)
    assert without_the_key.get(key, request) == replayed
    assert without_the_key.use.refused == {}


@pytest.mark.parametrize(
    ("judge_id", "recorder", "records"),
    [
        ("openai:gpt-4o-mini/p4", "openai:gpt-4o-mini", True),
        ("openai:gpt-4o-mini-2/p4", "openai:gpt-4o-mini", False),
        ("openai:lmstudio-community/qwen2.5/p4", "openai:lm<redacted>-community/qwen2.5", True),
        ("openai:lmstudio-community/qwen2.5/p4", "openai:lm<redacted>-community/llama3", False),
        ("anthropic:lmstudio-x/p4", "openai:lm<redacted>-x", False),
    ],
)
def test_which_judge_recorded_a_file_reads_through_its_recorders_masks(
    judge_id: str, recorder: str, records: bool
) -> None:
    assert records_for(judge_id, recorder) is records


def _write_many(directory: str, worker: int) -> None:
    store = RecordingStore(directory)
    for i in range(40):
        request = make_request(claims=[f"Claim {i % 25}."])  # keys shared between writers
        store.put(request.cache_key(), reply(request), request)


def test_many_processes_writing_at_once_leave_only_whole_files(store: RecordingStore) -> None:
    context = multiprocessing.get_context("spawn" if os.name == "nt" else "fork")
    workers = [
        context.Process(target=_write_many, args=(str(store.directory), n)) for n in range(8)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
        assert worker.exitcode == 0
    keys = store.stored_keys()
    assert len(keys) == 25
    assert all(store.get(key) is not None for key in keys)
    leftovers = [p for p in store.directory.rglob(".*") if p.is_file()]
    assert leftovers == []


def test_export_a_diskcache_into_recordings_and_back(tmp_path: Path) -> None:
    requests = [make_request(claims=[f"Claim {i}."]) for i in range(5)]
    backend = ScriptedBackend(reply, kind="openai")
    with CallCache(tmp_path / "cache") as cache:
        for request in requests:
            CachedBackend(backend, cache, "once").complete(request)
    recordings, back = tmp_path / "recordings", tmp_path / "back"
    assert convert.main(["to-recordings", str(tmp_path / "cache"), str(recordings)]) == 0
    assert convert.main(["to-recordings", str(tmp_path / "cache"), str(recordings)]) == 0
    assert convert.main(["to-cache", str(recordings), str(back)]) == 0
    store = RecordingStore(recordings)
    assert len(store.stored_keys()) == 5
    with CallCache(back) as cache:
        for request in requests:
            for replayer in (store, cache):
                replayed = CachedBackend(
                    ScriptedBackend([], kind="openai"), replayer, "none"
                ).complete(request)
                assert replayed == reply(request)
    assert convert.main(["to-recordings", str(tmp_path / "nothing"), str(recordings)]) == 2


def test_export_counts_kept_and_unreadable_entries(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = RecordingStore(tmp_path / "recordings")
    good, _ = record(store, make_request(claims=["A."]))
    bad, bad_path = record(store, make_request(claims=["B."]))
    bad_path.write_text("not json")
    assert convert.main(["to-cache", str(store.directory), str(tmp_path / "cache")]) == 0
    out, err = capsys.readouterr()
    assert "copied 1 recording of 2 from" in out
    assert "1 unreadable (skipped" in out
    assert err.startswith("warning: ignoring ")
    assert f"{bad}.json: it is not JSON" in err
    with CallCache(tmp_path / "cache") as cache:
        assert cache.stored_keys() == [good]


# -- one size limit for every store (limits.py), small here ---------------------------------------

LIMIT = 20_000
BASE = response_size(JudgeResponse(text="", model="m").model_dump(mode="json"))


def sized(size: int, char: str = "x") -> JudgeResponse:
    """A response exactly ``size`` bytes as the limit measures it, written with ``char`` (one
    that JSON escapes costs 6 or 12 bytes, and fewer in a file's UTF-8)."""
    cost = len(json.dumps(char)) - 2
    count, rest = divmod(size - BASE, cost)
    return JudgeResponse(text=char * count + "x" * rest, model="m")


LIMITED: dict[str, Callable[[Path], CallCache | RecordingStore]] = {
    "diskcache": lambda path: CallCache(path, max_response_bytes=LIMIT),
    "recordings": lambda path: RecordingStore(path, max_response_bytes=LIMIT),
}


@pytest.mark.parametrize("char", ["x", "é", "😀"])
@pytest.mark.parametrize("kind", list(LIMITED))
def test_every_store_keeps_a_response_at_the_limit_and_none_records_one_over_it(
    tmp_path: Path, kind: str, char: str
) -> None:
    store = LIMITED[kind](tmp_path / kind)
    request = make_request()
    key = request.cache_key()
    at_limit = sized(LIMIT, char)
    assert store.put(key, at_limit, request)
    assert store.get(key, request) == at_limit
    with pytest.warns(FaithCacheWarning) as caught:
        assert not store.put(key, sized(LIMIT + 1, char), request)
    message = str(caught[0].message)
    assert f"response for {key} not recorded" in message
    assert f"is {LIMIT + 1:,} bytes, more than the {LIMIT:,} any store records" in message
    assert message.endswith("a recording made earlier for this key, if any, is kept")
    assert store.get(key, request) == at_limit
    store.close()


def test_a_recording_over_the_limit_replays_from_no_store(tmp_path: Path) -> None:
    request = make_request()
    key = request.cache_key()
    RecordingStore(tmp_path / "recordings").put(key, sized(LIMIT + 1), request)
    strict = RecordingStore(tmp_path / "recordings", max_response_bytes=LIMIT)
    with pytest.warns(FaithCacheWarning, match=f"its reply is {LIMIT + 1:,} bytes as JSON"):
        assert strict.get(key, request) is None


def test_views_are_left_out_of_a_file_they_would_take_over_the_limit(tmp_path: Path) -> None:
    store = RecordingStore(tmp_path / "recordings", max_response_bytes=LIMIT)
    # What was asked (~100 KB) is larger than the file may be (the limit + 64 KiB of framing).
    long_claims = [f"Claim {i} is {'long ' * 40}." for i in range(500)]
    request = make_request(claims=long_claims)
    key, path = record(store, request)
    document = _load(path)
    assert "asked" not in document
    assert "reply_json" not in document
    assert document["model"] == request.model  # the small fields stay
    assert store.get(key, request) == reply(request)
    assert path.stat().st_size <= LIMIT + 64 * 1024


def test_every_entry_within_the_limit_copies_both_ways_and_replays(tmp_path: Path) -> None:
    recordings = RecordingStore(tmp_path / "recordings", max_response_bytes=LIMIT)
    chars = ("x", "é", "😀")
    requests = [make_request(claims=[f"Claim {char}."]) for char in chars]
    for request, char in zip(requests, chars, strict=True):
        recordings.put(request.cache_key(), sized(LIMIT, char), request)
    with CallCache(tmp_path / "cache", max_response_bytes=LIMIT) as cache:
        assert convert.copy(recordings, cache) == convert.Copied(3, 0, 0, 0)
        back = RecordingStore(tmp_path / "back", max_response_bytes=LIMIT)
        assert convert.copy(cache, back) == convert.Copied(3, 0, 0, 0)
        for request in requests:
            expected = recordings.get(request.cache_key(), request)
            for store in (cache, back):
                replay_only = CachedBackend(ScriptedBackend([], kind="openai"), store, "none")
                assert replay_only.complete(request) == expected


def test_the_converter_reports_an_entry_it_could_not_store_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = RecordingStore(tmp_path / "recordings")
    fits, _ = record(source, make_request(claims=["A."]))
    big = make_request(claims=["B."])
    source.put(big.cache_key(), sized(LIMIT + 1), big)
    with CallCache(tmp_path / "cache", max_response_bytes=LIMIT) as cache:
        with pytest.warns(FaithCacheWarning, match=big.cache_key()):
            assert convert.copy(source, cache) == convert.Copied(1, 0, 0, 1)
        assert cache.stored_keys() == [fits]
    # The command: a destination that is no directory is refused before anything is copied.
    unusable = tmp_path / "a-file"
    unusable.write_text("")
    assert convert.main(["to-cache", str(source.directory), str(unusable)]) == 2
    assert "is not a directory" in capsys.readouterr().err


def test_verify_records_into_and_replays_from_a_recordings_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fake_llm_server import FakeLLMServer

    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-verify-recordings")
    answer, contexts = (
        "Returns are accepted within 30 days.",
        ["Returns are accepted within 30 days."],
    )
    server = FakeLLMServer()
    try:
        judge = f"openai:judge-model@{server.url}/v1"
        first = verify(answer, contexts, judge=judge, recordings_dir=tmp_path / "rec")
    finally:
        server.close()
    again = verify(
        answer, contexts, judge=judge, recordings_dir=tmp_path / "rec", record_mode="none"
    )
    assert again.score == first.score == 1.0
    assert len(RecordingStore(tmp_path / "rec").stored_keys()) == 2
    assert not (tmp_path / ".faith-cache").exists()
    with pytest.raises(TypeError, match="recordings_dir"):
        verify(answer, contexts, judge=judge, recordings_dir=3)  # type: ignore[arg-type]


def test_the_converter_reads_a_damaged_source_and_leaves_it_as_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    damaged = tmp_path / "cache"
    damaged.mkdir()
    (damaged / "cache.db").write_bytes(b"this is not sqlite" * 100)
    code = convert.main(["to-recordings", str(damaged), str(tmp_path / "recordings")])
    assert code == 1
    err = capsys.readouterr().err
    assert err.startswith("warning: cannot use the cache at ")
    assert "cannot read the diskcache" in err
    assert (damaged / "cache.db").read_bytes() == b"this is not sqlite" * 100
    assert not list(tmp_path.glob("cache.damaged-*")), "a source is only read"


@pytest.mark.parametrize(
    ("command", "make", "message"),
    [
        ("to-cache", "same", "is both the source and the destination"),
        ("to-recordings", "same", "is both the source and the destination"),
        ("to-cache", "cache-as-source", "is a diskcache, not a recordings directory"),
        ("to-recordings", "file-as-destination", "is not a directory"),
        ("to-recordings", "recordings-as-cache", "is a diskcache, not a recordings directory"),
        ("to-cache", "cache-as-recordings", "is a recordings directory, not a diskcache"),
        ("to-cache", "inside-source", "is inside the source"),
        ("to-recordings", "inside-source", "is inside the source"),
        ("to-cache", "inside-destination", "is inside the destination"),
    ],
)
def test_the_converter_refuses_directories_of_the_wrong_kind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, make: str, message: str
) -> None:
    with CallCache(tmp_path / "cache") as cache:
        CachedBackend(ScriptedBackend(reply, kind="openai"), cache, "once").complete(make_request())
    recordings = tmp_path / "recordings"
    record(RecordingStore(recordings), make_request(claims=["A."]))
    cache_dir, afile = tmp_path / "cache", tmp_path / "afile"
    afile.write_text("x")
    source, destination = {
        ("to-cache", "same"): (recordings, recordings),
        ("to-recordings", "same"): (cache_dir, cache_dir),
        ("to-cache", "cache-as-source"): (cache_dir, tmp_path / "new"),
        ("to-recordings", "file-as-destination"): (cache_dir, afile),
        ("to-recordings", "recordings-as-cache"): (cache_dir, cache_dir),
        ("to-cache", "cache-as-recordings"): (recordings, recordings),
        ("to-cache", "inside-source"): (recordings, recordings / "cache"),
        ("to-recordings", "inside-source"): (cache_dir, cache_dir / "recordings"),
        ("to-cache", "inside-destination"): (recordings, tmp_path),
    }[(command, make)]
    if make == "recordings-as-cache":
        destination = tmp_path / "elsewhere"
        destination.mkdir()
        (destination / "cache.db").write_text("")
    if make == "cache-as-recordings":
        destination = tmp_path / "other-recordings"
        record(RecordingStore(destination), make_request(claims=["B."]))
    before = sorted(p.name for p in tmp_path.rglob("*"))
    assert convert.main([command, str(source), str(destination)]) == 2
    assert message in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.rglob("*")) == before, "nothing was written"


def test_a_byte_order_mark_an_editor_left_still_replays(store: RecordingStore) -> None:
    request = make_request()
    _, path = record(store, request)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    replayed = CachedBackend(
        ScriptedBackend([], kind="openai"), RecordingStore(store.directory), "none"
    )
    assert replayed.complete(request) == reply(request)
