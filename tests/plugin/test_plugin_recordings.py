"""A recordings directory end to end: git branches, xdist, damaged files, unused recordings.

The scripted judge (``scripted_suite``) answers every request correctly and logs each call, so
a replay-only run that passes and logs nothing replayed everything from the committed files.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shlex
import shutil
import subprocess
from pathlib import Path

# Imported here so the in-process pytester runs find the SDKs loaded (see test_plugin_cache).
import anthropic  # noqa: F401
import openai  # noqa: F401
import pytest

from fake_llm_server import FakeLLMServer, Reply
from pytest_faithful.cache.recordings import Origin, RecordingStore, dumps
from pytest_faithful.plugin.recordings import RecordingsSession
from pytest_faithful.redaction import FRAGMENT
from scripted_suite import calls, make_suite

RECORDINGS = "faith_recordings = recordings\n"

CHECKS = """
import pytest

CONTEXT = ["Returns are accepted within 30 days of delivery. Refunds take five days. "
           "Answer 0, 1, 2 and 3 is grounded."]

@pytest.mark.parametrize("n", {ns})
def test_{name}(assert_faithful, n):
    {before}answer = f"Returns are accepted. Answer {{n}} is grounded{end}"
    assert assert_faithful(answer, CONTEXT).passed
"""


def checks(name: str, ns: str = "range(2)", before: str = "", end: str = ".") -> str:
    return CHECKS.format(name=name, ns=ns, before=before, end=end)


@pytest.fixture
def suite(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    return make_suite(pytester, monkeypatch, RECORDINGS)


def recordings(pytester: pytest.Pytester) -> dict[str, str]:
    """Recording file (relative path) -> the test that recorded it."""
    root = pytester.path / "recordings"
    return {
        str(p.relative_to(root)): json.loads(p.read_text())["test"] for p in root.rglob("*.json")
    }


def git(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.invalid",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.invalid",
    }
    return subprocess.run(
        ["git", *args], cwd=cwd, env=env, capture_output=True, text=True, check=True
    )


def test_two_branches_record_different_checks_merge_cleanly_and_both_replay(
    suite: pytest.Pytester,
) -> None:
    root = suite.path
    (root / "test_suite.py").unlink()  # make_suite's four checks: each branch brings its own
    (root / ".gitignore").write_text("calls.log\n__pycache__/\n")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "base")
    for branch in ("refunds", "returns"):
        git(root, "checkout", "-q", "-b", branch, "main")
        # Different checks on each branch; the same request on both would share one file.
        suite.makepyfile(**{f"test_{branch}": checks(branch, end=f" for {branch}.")})
        suite.runpytest().assert_outcomes(passed=2)
        assert len(calls(suite)) == 4
        git(root, "add", "-A")
        git(root, "commit", "-q", "-m", f"record {branch}")
    git(root, "checkout", "-q", "refunds")
    merge = git(root, "merge", "--no-edit", "returns")
    assert "CONFLICT" not in merge.stdout
    assert git(root, "status", "--porcelain").stdout == ""
    assert sorted(set(recordings(suite).values())) == [
        f"test_{branch}.py::test_{branch}[{n}]" for branch in ("refunds", "returns") for n in (0, 1)
    ]
    result = suite.runpytest("--faith-record-mode=none")
    result.assert_outcomes(passed=4)
    assert calls(suite) == []
    result.stdout.fnmatch_lines(["faithful recordings *: 8 files, 8 used by this run, 0 unused"])


def test_recorded_by_two_workers_then_replayed_serially(suite: pytest.Pytester) -> None:
    pytest.importorskip("xdist")
    suite.makepyfile(test_more=checks("more", "range(4)", end=" for more."))
    first = suite.runpytest("-n", "2")
    first.assert_outcomes(passed=8)
    assert len(calls(suite)) == 16
    assert len(recordings(suite)) == 16
    # Every worker's used keys reached the controller: none of the files reads as unused.
    first.stdout.fnmatch_lines(["faithful recordings *: 16 files, 16 used by this run, 0 unused"])
    second = suite.runpytest("--faith-record-mode=none")
    second.assert_outcomes(passed=8)
    assert calls(suite) == []


def test_prune_after_a_full_run_removes_exactly_the_unused_files(suite: pytest.Pytester) -> None:
    suite.runpytest().assert_outcomes(passed=4)
    assert len(calls(suite)) == 8
    recorded = recordings(suite)
    assert len(recorded) == 8
    suite.makepyfile(test_suite=Path(suite.path, "test_suite.py").read_text().replace("4", "3"))
    dropped = {path for path, test in recorded.items() if test.endswith("[3]")}
    assert len(dropped) == 2

    filtered = suite.runpytest(
        "--faith-record-mode=none", "-k", "answers", "--faith-prune-recordings"
    )
    filtered.assert_outcomes(passed=3)
    filtered.stdout.fnmatch_lines(["*unused ones not looked for: -k", "  not pruned: *"])
    assert recordings(suite) == recorded

    for selection in (
        ["test_suite.py::test_answers"],
        ["--deselect", "test_suite.py::test_answers[0]"],
        ["--collect-only"],
    ):
        suite.runpytest("--faith-record-mode=none", "--faith-prune-recordings", *selection)
        assert recordings(suite) == recorded

    listed = suite.runpytest("--faith-record-mode=none")
    listed.stdout.fnmatch_lines(
        ["faithful recordings *: 8 files, 6 used by this run, 2 unused"]
        + [
            f"  UNUSED {path} (recorded by test_suite.py::test_answers[[]3[]])"
            for path in sorted(dropped)
        ]
        + ["  to delete them: rerun the whole suite with --faith-prune-recordings"]
    )
    pruned = suite.runpytest("--faith-record-mode=none", "--faith-prune-recordings")
    pruned.assert_outcomes(passed=3)
    pruned.stdout.fnmatch_lines(["  pruned 2 unused recordings"])
    assert recordings(suite) == {p: t for p, t in recorded.items() if p not in dropped}
    suite.runpytest("--faith-record-mode=none").assert_outcomes(passed=3)
    assert calls(suite) == []


def test_prune_keeps_the_recordings_of_tests_that_stopped_before_their_checks(
    suite: pytest.Pytester,
) -> None:
    suite.makepyfile(test_suite=checks("answers", "range(4)"))
    suite.runpytest().assert_outcomes(passed=4)
    recorded = recordings(suite)
    suite.makepyfile(test_suite=checks("answers", "range(4)", before="assert n != 2\n    "))
    result = suite.runpytest("--faith-record-mode=none", "--faith-prune-recordings")
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines(["*8 files, 6 used by this run, 0 unused", "  pruned 0 *"])
    assert recordings(suite) == recorded


def test_a_damaged_recording_is_a_warning_naming_it_then_a_miss_never_a_crash(
    suite: pytest.Pytester,
) -> None:
    suite.runpytest().assert_outcomes(passed=4)
    calls(suite)
    damaged = sorted((suite.path / "recordings").rglob("*.json"))[0]
    key = damaged.stem
    damaged.write_text("<<<<<<< HEAD\n")  # e.g. a merge conflict marker left in
    replay = suite.runpytest("--faith-record-mode=none", "-W", "default")
    replay.assert_outcomes(passed=3, failed=1)
    # The file is there, so the error says it cannot be read and why, not that none exists.
    replay.stdout.fnmatch_lines(
        [f"E *CacheMissError: the recorded judge call for key {key} (kind 'scripted', *) in "
         f"*/recordings/{key[:2]}/{key}.json is there but cannot be read (it is not JSON), and"
         " record mode 'none' does not call the provider. To record it again, replacing it, run"
         " `pytest 'test_suite.py::test_answers[[]*[]]' --faith-record-mode=once"
         " --faith-recordings=recordings` with credentials for the provider, then commit the new"
         " files in recordings."]
    )  # fmt: skip
    replay.stdout.fnmatch_lines(
        [f"*FaithCacheWarning: pytest-faithful recordings: ignoring *{key}.json: it is not JSON*"]
    )
    assert calls(suite) == []
    rerecord = suite.runpytest("-W", "default")
    rerecord.assert_outcomes(passed=4)
    assert len(calls(suite)) == 1
    assert json.loads(damaged.read_text())["key"] == key


ELSEWHERE = """
def test_moves_away(assert_faithful, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)  # the printed command is still for where pytest was run
    assert assert_faithful("Returns are accepted.", ["Returns are accepted."]).passed
"""


def test_the_record_command_a_miss_prints_works_from_where_pytest_ran(
    suite: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    tests = suite.path / "tests"
    tests.mkdir()
    (suite.path / "test_suite.py").rename(tests / "test_suite.py")
    (tests / "test_elsewhere.py").write_text(ELSEWHERE)
    monkeypatch.chdir(tests)  # node ids are relative to the rootdir, one level up
    missing = suite.runpytest("--faith-record-mode=none")
    missing.assert_outcomes(failed=5)
    # Each failure's message may be printed twice (the traceback and a summary line in CI).
    commands = list(dict.fromkeys(re.findall(r"To record it, run `([^`]*)`", str(missing.stdout))))
    options = "--faith-record-mode=once --faith-recordings=../recordings"
    assert commands == [
        f"pytest test_elsewhere.py::test_moves_away {options}",
        *(f"pytest 'test_suite.py::test_answers[{n}]' {options}" for n in range(4)),
    ]
    for command in (commands[0], commands[-1]):
        suite.runpytest(*shlex.split(command)[1:]).assert_outcomes(passed=1)
    assert len(calls(suite)) == 4
    replay = suite.runpytest("--faith-record-mode=none")
    replay.assert_outcomes(passed=2, failed=3)
    replay.stdout.fnmatch_lines(["*commit the new files in ../recordings."])


def test_the_record_command_a_miss_prints_records_with_the_runs_judge_and_settings(
    suite: pytest.Pytester,
) -> None:
    # The ini file names model-a; this run chose model-b and one request per answer.
    run = ["--faith-judge=scripted:model-b", "--faith-single-call"]
    missing = suite.runpytest(*run, "--faith-record-mode=none", "-k", "0")
    missing.assert_outcomes(failed=1)
    [command] = set(re.findall(r"To record it, run `([^`]*)`", str(missing.stdout)))
    assert command == (
        "pytest 'test_suite.py::test_answers[0]' --faith-judge=scripted:model-b "
        "--faith-single-call --faith-record-mode=once --faith-recordings=recordings"
    )
    suite.runpytest(*shlex.split(command)[1:]).assert_outcomes(passed=1)
    assert set(calls(suite)) == {"model-b"}
    # What it recorded is what the run asked for.
    suite.runpytest(*run, "--faith-record-mode=none", "-k", "0").assert_outcomes(passed=1)


def recording_of(pytester: pytest.Pytester, test: str, asked: str) -> Path:
    """The file ``test`` recorded for its extraction (``asked="sentences"``) or its
    verification (``asked="claims"``) call."""
    [path] = [
        p
        for p in (pytester.path / "recordings").rglob("*.json")
        if json.loads(p.read_text())["test"] == test and asked in json.loads(p.read_text())["asked"]
    ]
    return path


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["serial", "xdist"])
def test_prune_never_deletes_a_recording_that_cannot_be_read(
    suite: pytest.Pytester, workers: list[str]
) -> None:
    if workers:
        pytest.importorskip("xdist")
    suite.runpytest().assert_outcomes(passed=4)
    calls(suite)
    # A check asks for a file with a merge conflict in it; another file is damaged and no
    # check asks for it any more (its test is gone). Neither may be pruned: each is the only
    # copy of a recording someone has to mend.
    asked = recording_of(suite, "test_suite.py::test_answers[0]", "sentences")
    orphan = recording_of(suite, "test_suite.py::test_answers[3]", "sentences")
    unused = recording_of(suite, "test_suite.py::test_answers[3]", "claims")
    asked.write_text("<<<<<<< HEAD\n" + asked.read_text() + "=======\n>>>>>>> theirs\n")
    orphan.write_text("{")
    suite.makepyfile(test_suite=Path(suite.path, "test_suite.py").read_text().replace("4", "3"))

    result = suite.runpytest("--faith-record-mode=none", "--faith-prune-recordings", *workers)
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(
        [
            "faithful recordings *: 8 files, 5 used by this run, 1 unused, 2 unreadable",
            *sorted(
                f"  UNREADABLE {path.parent.name}/{path.name}: it is not JSON (never pruned: "
                "mend it, or delete it and record it again)"
                for path in (asked, orphan)
            ),
            f"  PRUNED {unused.parent.name}/{unused.name} (recorded by test_suite.py::*[[]3[]])",
            "  pruned 1 unused recording",
        ]
    )
    assert asked.exists()
    assert orphan.exists()
    assert not unused.exists()
    assert calls(suite) == []


SAME_REQUEST = """
import pytest

CONTEXT = ["Returns are accepted within 30 days of delivery. Refunds take five days. "
           "Answer 0, 1, 2 and 3 is grounded."]

@pytest.mark.parametrize("n", range(8))
def test_same(assert_faithful, n):
    assert assert_faithful("Returns are accepted. Answer 1 is grounded.", CONTEXT).passed
"""

REVERSED = """
def pytest_collection_modifyitems(items):
    items.reverse()  # test_same[7] asks first
"""


def snapshot(pytester: pytest.Pytester) -> dict[str, bytes]:
    root = pytester.path / "recordings"
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*.json"))}


def test_recording_the_same_replies_again_gives_the_same_bytes_whichever_test_asked_first(
    suite: pytest.Pytester,
) -> None:
    suite.makepyfile(test_suite=SAME_REQUEST)  # eight tests, one extraction and one verification
    suite.runpytest().assert_outcomes(passed=8)
    first = snapshot(suite)
    assert set(recordings(suite).values()) == {"test_suite.py::test_same[0]"}
    assert len(first) == 2
    conftest = suite.path / "conftest.py"
    conftest.write_text(conftest.read_text() + REVERSED)
    suite.runpytest("--faith-record-mode=all").assert_outcomes(passed=8)
    assert snapshot(suite) == first
    shutil.rmtree(suite.path / "recordings")
    suite.runpytest().assert_outcomes(passed=8)  # recorded by [7], replayed by the others
    assert snapshot(suite) == first
    if importlib.util.find_spec("xdist") is not None:
        shutil.rmtree(suite.path / "recordings")
        suite.runpytest("-n", "2").assert_outcomes(passed=8)
        assert snapshot(suite) == first

    # Only the run that writes a recording names its test: a replay never writes.
    for path in (suite.path / "recordings").rglob("*.json"):
        document = json.loads(path.read_text())
        path.write_text(dumps({**document, "test": "test_suite.py::test_same[5]"}))
    edited = snapshot(suite)
    suite.runpytest("--faith-record-mode=none").assert_outcomes(passed=8)
    suite.runpytest().assert_outcomes(passed=8)
    assert snapshot(suite) == edited
    calls(suite)


README = Path(__file__).resolve().parents[2] / "README.md"


def ci_recipe_commands() -> list[str]:
    """The pytest commands of the README's CI recipe, steps and workflow, in their order."""
    text = README.read_text(encoding="utf-8")
    start = text.index("## CI recipe")
    recipe = text[start : text.index("No `actions/cache` step", start)]
    # A command ends at a backtick, a line's end or the shell's `||` (the record step keeps
    # pytest's status to commit its recordings first).
    commands = re.findall(r"pytest tests[^`\n|]*(?:\n +--[^`\n|]*)*", recipe)
    return [" ".join(command.split()) for command in commands]


def test_the_readme_ci_recipe_runs_as_its_workflow_configures_it(
    suite: pytest.Pytester,
) -> None:
    # The workflow names the recordings directory on the command line, not in the ini file.
    suite.makeini("[pytest]\ntestpaths = tests\nfaith_judge = scripted:model-a\n")
    tests = suite.path / "tests"
    tests.mkdir()
    (suite.path / "test_suite.py").rename(tests / "test_suite.py")
    commands = ci_recipe_commands()
    record = [c for c in commands if "--faith-record-mode=once" in c]
    replay_only = [c for c in commands if "--faith-record-mode=none" in c]
    assert len(record) == 1
    assert any("--faith-prune-recordings" in c for c in replay_only)
    for command in record + replay_only:
        result = suite.runpytest(*shlex.split(command)[1:])
        assert result.ret == pytest.ExitCode.OK, command
        if "--faith-prune-recordings" in command:  # a run of the whole suite: it looked
            result.stdout.fnmatch_lines(["  pruned 0 unused recordings"])
    assert len(list((tests / "faith-recordings").rglob("*.json"))) == 8


def test_options_header_and_mistakes(suite: pytest.Pytester) -> None:
    result = suite.runpytest("--faith-recordings=cli-recordings")
    result.assert_outcomes(passed=4)
    result.stdout.fnmatch_lines(["faithful: record mode once; recordings */cli-recordings"])
    assert len(list((suite.path / "cli-recordings").rglob("*.json"))) == 8
    assert not (suite.path / ".faith-cache").exists()
    assert not (suite.path / "recordings").exists()
    suite.makeini("[pytest]\nfaith_judge = scripted:model-a\n")
    missing = suite.runpytest("--faith-prune-recordings")
    missing.stderr.fnmatch_lines(["*--faith-prune-recordings needs a recordings directory*"])
    assert missing.ret == pytest.ExitCode.USAGE_ERROR
    off = suite.runpytest("--faith-recordings=cli-recordings", "--faith-record-mode=off",
                          "--faith-prune-recordings")  # fmt: skip
    off.stdout.fnmatch_lines(["*unused ones not looked for: record mode off*", "  not pruned*"])
    assert len(list((suite.path / "cli-recordings").rglob("*.json"))) == 8


GROUNDED = """
def test_grounded(assert_faithful):
    assert assert_faithful("Returns are accepted within 30 days.",
                           ["Returns are accepted within 30 days of delivery."]).passed
"""


def record_from_a_server(
    pytester: pytest.Pytester, suite: str, model: str = "judge-model", fallback: Reply | None = None
) -> list[Path]:
    """Run ``suite`` once against a loopback OpenAI-compatible server, recording into
    ``recordings/``, then stop the server; the recording files."""
    server = FakeLLMServer()
    if fallback is not None:
        server.fallback = fallback
    try:
        pytester.makeini(f"[pytest]\nfaith_judge = openai:{model}@{server.url}/v1\n{RECORDINGS}")
        pytester.makepyfile(suite)
        pytester.runpytest().assert_outcomes(passed=1)
        assert server.count == 2
    finally:
        server.close()
    return list((pytester.path / "recordings").rglob("*.json"))


def test_a_real_provider_records_without_secrets_and_replays_without_the_server(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    secret = "sk-test-SECRET-abcdefghijklmnop123456"
    monkeypatch.setenv("OPENAI_API_KEY", secret)
    echo = Reply(envelope=lambda whole: {**whole, "model": f"m-{secret[-10:]}"})
    files = record_from_a_server(pytester, GROUNDED, fallback=echo)
    replay = pytester.runpytest("--faith-record-mode=none")
    replay.assert_outcomes(passed=1)
    assert len(files) == 2
    fragments = [secret[i : i + FRAGMENT] for i in range(len(secret) - FRAGMENT + 1)]
    assert not [(f, p) for p in files for f in fragments if f in p.read_text()]
    views = [json.loads(p.read_text())["asked"] for p in files]
    assert {"passages": ["Returns are accepted within 30 days of delivery."]} in [
        {k: v for k, v in view.items() if k == "passages"} for view in views
    ]


def test_recordings_made_with_a_placeholder_key_replay_in_ci_without_any_key(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    # LM Studio's documented key and one of its model ids: "studio" is a fragment of the key,
    # so the recordings show the model masked, and the CI job has no key to mask it the same.
    monkeypatch.setenv("OPENAI_API_KEY", "lm-studio")
    files = record_from_a_server(pytester, GROUNDED, "lmstudio-community/qwen2.5-7b-instruct")
    assert {json.loads(p.read_text())["model"] for p in files} == {
        "lm<redacted>-community/qwen2.5-7b-instruct"
    }
    monkeypatch.delenv("OPENAI_API_KEY")
    replay = pytester.runpytest("--faith-record-mode=none", "-W", "error::Warning")
    replay.assert_outcomes(passed=1)
    assert "were recorded by" not in replay.stdout.str()  # no warning that none will replay


RECEIPTS = """
def test_receipts(assert_faithful):
    assert assert_faithful("A receipt is required for returns.",
                           ["A receipt is required for returns. Refunds take 5 days."]).passed
"""


def test_words_a_placeholder_key_masks_in_the_replies_are_read_back_from_the_request(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    # llama.cpp's documented key masks "required" in the judge's claim and quote, as the
    # trust rule says; read back from the answer and the passage they were copied from, the
    # faithful answer passes, recorded and replayed, with the key and without it.
    monkeypatch.setenv("OPENAI_API_KEY", "sk-no-key-required")
    files = record_from_a_server(pytester, RECEIPTS)
    assert len(files) == 2
    assert not [p for p in files if "required" in p.read_text()]
    pytester.runpytest("--faith-record-mode=none").assert_outcomes(passed=1)
    monkeypatch.delenv("OPENAI_API_KEY")
    pytester.runpytest("--faith-record-mode=none").assert_outcomes(passed=1)


def test_entries_that_are_not_recordings_are_listed_at_the_end_even_under_w_error(
    suite: pytest.Pytester, tmp_path: Path
) -> None:
    suite.makeini(f"[pytest]\nfaith_judge = scripted:model-a\n{RECORDINGS}filterwarnings = error\n")
    suite.runpytest().assert_outcomes(passed=4)
    root = suite.path / "recordings"
    (root / "..%2Fetc").mkdir()
    (root / "notes.txt").write_text("hello")
    (root / "ab").symlink_to(tmp_path, target_is_directory=True)
    result = suite.runpytest("--faith-record-mode=none", "--faith-prune-recordings")
    result.assert_outcomes(passed=4)
    result.stdout.fnmatch_lines_random(
        [
            "  ignoring */recordings/..%2Fetc: not a recording shard (two hex digits) (left alone)",
            "  ignoring */recordings/ab: not a directory (a link or a file) (left alone)",
            "  ignoring */recordings/notes.txt: not a recording shard * (left alone)",
            "  pruned 0 unused recordings",
        ]
    )
    assert (root / "notes.txt").exists()
    assert (root / "ab").is_symlink()


def test_a_run_under_another_judge_says_so_fails_replay_only_and_prunes_nothing(
    suite: pytest.Pytester,
) -> None:
    suite.runpytest().assert_outcomes(passed=4)
    recorded = recordings(suite)
    assert len(recorded) == 8
    # The README's CI recipe without the judge pinned: no key, so the default lexical judge.
    suite.makeini(f"[pytest]\n{RECORDINGS}")
    replay = suite.runpytest("--faith-record-mode=none", "--faith-prune-recordings")
    replay.stdout.fnmatch_lines(
        [
            "faithful: WARNING: the recordings in * were recorded by scripted:model-a (8 files);"
            " this run uses lexical/*, so none of them will be replayed*",
            "faithful recordings *: 8 files, 0 used by this run, 0 unused, "
            "8 kept as other judges' recordings",
            "  KEPT 8 recorded by scripted:model-a; this run uses lexical/*: never pruned *",
            "  FAILED: record mode none replayed none of these recordings: this run uses lexical/*,"
            " which recorded none of them. Pin the judge that recorded them "
            "(--faith-judge=scripted:model-a, or faith_judge in the ini file).",
            "  pruned 0 unused recordings",
        ]
    )
    assert replay.ret == pytest.ExitCode.TESTS_FAILED
    assert recordings(suite) == recorded
    # Recording mode: the lexical judge makes no calls, and nothing is deleted either.
    once = suite.runpytest("--faith-prune-recordings")
    assert once.ret == pytest.ExitCode.OK
    once.stdout.fnmatch_lines(["  KEPT 8 recorded by scripted:model-a; *"])
    assert recordings(suite) == recorded


def test_prune_deletes_only_recordings_of_the_judges_the_run_used(
    suite: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    suite.runpytest().assert_outcomes(passed=4)
    model_a = recordings(suite)
    # The same suite under another model of the same kind records its own eight files.
    suite.runpytest("--faith-judge=scripted:model-b").assert_outcomes(passed=4)
    both = recordings(suite)
    assert len(both) == 16
    # model-b's run, one check fewer: only model-b's recordings of that check are unused.
    suite.makepyfile(test_suite=Path(suite.path, "test_suite.py").read_text().replace("4", "3"))
    read: list[str | None] = []  # the recorder of each file the header read
    origin, header = RecordingStore.origin, RecordingsSession.pytest_report_header

    def reading(store: RecordingStore, key: str) -> Origin:
        found = origin(store, key)
        read.append(found.recorder)
        return found

    def reading_in_header(session: RecordingsSession) -> list[str]:
        with monkeypatch.context() as patched:
            patched.setattr(RecordingStore, "origin", reading)
            return header(session)

    monkeypatch.setattr(RecordingsSession, "pytest_report_header", reading_in_header)
    pruned = suite.runpytest(
        "--faith-judge=scripted:model-b", "--faith-record-mode=none", "--faith-prune-recordings"
    )
    pruned.assert_outcomes(passed=3)
    # No header warning: model-b recorded some of the files. The header read them only up to
    # the first of model-b's (it read all, 20,000 files in 7 s, before the first test).
    assert "WARNING: the recordings" not in pruned.stdout.str()
    assert read[-1] == "scripted:model-b"
    assert set(read[:-1]) <= {"scripted:model-a"}, read
    pruned.stdout.fnmatch_lines(
        [
            "faithful recordings *: 16 files, 6 used by this run, 2 unused, "
            "8 kept as other judges' recordings",
            "  KEPT 8 recorded by scripted:model-a; this run uses scripted:model-b/*: *",
            "  PRUNED *",
            "  PRUNED *",
            "  pruned 2 unused recordings",
        ]
    )
    left = recordings(suite)
    assert set(model_a) <= set(left)
    assert len(left) == 14


SHARED = """
def test_{name}(assert_faithful):
    context = ["Returns are accepted within 30 days. Refunds take 5 days."]
    assert assert_faithful({answer!r}, context).passed
"""


def test_a_run_of_part_of_the_suite_never_prunes_what_a_test_outside_it_shares(
    suite: pytest.Pytester,
) -> None:
    # test_a and test_b make the same call; its recordings name test_a, the smallest asker.
    (suite.path / "test_suite.py").unlink()
    suite.makepyfile(test_b=SHARED.format(name="b", answer="Returns are accepted."))
    suite.makepyfile(test_a=SHARED.format(name="a", answer="Returns are accepted."))
    suite.runpytest().assert_outcomes(passed=2)
    assert len(calls(suite)) == 2
    shared = recordings(suite)
    assert set(shared.values()) == {"test_a.py::test_a"}
    # test_a now asks something else: its own run of test_a.py alone must not delete test_b's.
    suite.makepyfile(test_a=SHARED.format(name="a", answer="Refunds take 5 days."))
    part = suite.runpytest("test_a.py", "--faith-prune-recordings")
    part.assert_outcomes(passed=1)
    part.stdout.fnmatch_lines(
        ["*unused ones not looked for: it collected test_a.py, part of the suite (.)", "  not *"]
    )
    assert len(calls(suite)) == 2
    assert set(shared) < set(recordings(suite))
    replay = suite.runpytest("--faith-record-mode=none", "--faith-prune-recordings")
    replay.assert_outcomes(passed=2)
    replay.stdout.fnmatch_lines(["*4 files, 4 used by this run, 0 unused", "  pruned 0 *"])
    assert calls(suite) == []
