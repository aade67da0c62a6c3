"""The local judge's command-line and ini options in pytest, without a model."""

from __future__ import annotations

import os

import pytest

from pytest_faithful import LocalOptions
from pytest_faithful.plugin.options import _local_values

# ``import llama_cpp`` fails in every test here, as in CI, even where it is installed.
pytestmark = pytest.mark.usefixtures("no_llama_cpp")


# --------------------------------------------------------------------------------------------
# Plugin options

PLUGIN_CONFTEST = """
from pytest_faithful.testing import FunctionJudge

def _factory(spec, options):
    local = options.local
    def verdicts(claims, passages):
        return [
            {"claim_index": i, "label": "SUPPORTED", "reason": "ok",
             "evidence": passages[0], "passage_index": 0}
            for i, _ in enumerate(claims)
        ]
    seen = (
        f"{local.threads}-{local.context_window}-{local.chunk_chars}-{local.chunks_per_claim}-"
        f"{local.gpu_layers}-{local.support_threshold}-{local.contradiction_threshold}"
    )
    return FunctionJudge(verdicts, id=f"probe:{seen}")

def pytest_faithful_register_judges(registry):
    registry.register("probe", _factory)

def pytest_addoption(parser):
    parser.addoption("--expected")
"""

PLUGIN_TEST = """
def test_it(assert_faithful, request):
    result = assert_faithful("Refunds take 30 days.", ["Refunds take 30 days."], judge="probe")
    assert result.judge_id == "probe:" + request.config.getoption("expected")
"""

# The hypothesis plugin costs about a second per in-process run.
_INI = "[pytest]\naddopts = -p no:hypothesispytest\n"


@pytest.fixture
def probe(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makeconftest(PLUGIN_CONFTEST)
    pytester.makepyfile(PLUGIN_TEST)
    return pytester


@pytest.mark.parametrize(
    ("args", "ini", "message"),
    [
        (["--faith-local-threads=0"], "", "argument --faith-local-threads: '0' is less than 1"),
        (["--faith-local-threads=two"], "", "--faith-local-threads: 'two' is not a whole number"),
        (["--faith-local-context=100"], "", "--faith-local-context: '100' is less than 256"),
        (
            ["--faith-local-context=4294967552"],  # 2**32 + 256: llama.cpp's uint32 wraps it
            "",
            "--faith-local-context: '4294967552' is more than 16777216",
        ),
        (["--faith-local-gpu-layers=-2"], "", "--faith-local-gpu-layers: '-2' is less than -1"),
        (
            ["--faith-local-support-threshold=1.5"],
            "",
            "--faith-local-support-threshold: '1.5' is not in [0, 1]",
        ),
        (
            [],
            "faith_local_chunk_chars = 50",
            "ini option faith_local_chunk_chars: '50' is less than 100",
        ),
        (
            [],
            "faith_local_chunks_per_claim = some",
            "ini option faith_local_chunks_per_claim: 'some' is not a whole number",
        ),
        (
            [],
            "faith_local_contradiction_threshold = high",
            "ini option faith_local_contradiction_threshold: 'high' is not a number",
        ),
    ],
)
def test_bad_local_options_are_usage_errors_naming_the_option(
    pytester: pytest.Pytester, args: list[str], ini: str, message: str
) -> None:
    pytester.makeini(f"{_INI}{ini}\n")
    pytester.makepyfile("def test_it(): pass")
    result = pytester.runpytest(*args)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert message in result.stderr.str()
    assert "INTERNALERROR" not in result.stderr.str() + result.stdout.str()


def test_local_options_resolve_command_line_over_ini_over_default(probe: pytest.Pytester) -> None:
    probe.makeini(
        f"{_INI}faith_local_threads = 3\nfaith_local_chunk_chars = 800\n"
        "faith_local_support_threshold = 0.25\nfaith_local_gpu_layers = -1\n"
    )
    result = probe.runpytest(
        "--faith-local-threads=5",
        "--faith-local-chunks-per-claim=0",
        "--faith-local-contradiction-threshold=0.9",
        "--expected=5-2048-800-0--1-0.25-0.9",
    )
    result.assert_outcomes(passed=1)


def test_default_local_options_reach_the_judge_factories(probe: pytest.Pytester) -> None:
    probe.makeini(_INI)
    default = LocalOptions()
    result = probe.runpytest(
        f"--expected={default.threads}-2048-1500-1-0-{default.support_threshold}-"
        f"{default.contradiction_threshold}"
    )
    result.assert_outcomes(passed=1)


def test_help_lists_the_local_options(pytester: pytest.Pytester) -> None:
    pytester.makeini(_INI)
    result = pytester.runpytest("--help")
    result.stdout.fnmatch_lines(
        [
            "*--faith-local-threads=N*",
            "*--faith-local-context=TOKENS*",
            "*--faith-local-chunk-chars=N*",
            "*--faith-local-chunks-per-claim=N*",
            "*--faith-local-gpu-layers=N*",
            "*--faith-local-support-threshold=P*",
            "*--faith-local-contradiction-threshold=P*",
        ]
    )
    text = result.stdout.str()
    for ini in ("faith_local_threads", "faith_local_chunk_chars", "faith_local_gpu_layers"):
        assert ini in text
    assert "Default: 1500" in text


# --------------------------------------------------------------------------------------------
# The model file named by --faith-judge or faith_judge


def test_a_model_file_that_cannot_be_one_is_a_usage_error_before_any_test(
    pytester: pytest.Pytester,
) -> None:
    pytester.makeini(f"{_INI}faith_judge = local:models/judge.gguf\n")
    pytester.makepyfile("def test_it(): pass")
    (pytester.path / "models" / "judge.gguf").mkdir(parents=True)
    result = pytester.runpytest()
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        [
            "ERROR: ini option faith_judge: the local judge's model file '/*"
            "/models/judge.gguf' is a directory, not a model file"
        ]
    )


def test_a_relative_model_path_holds_when_a_test_changes_directory(
    pytester: pytest.Pytester,
) -> None:
    # Relative to the ini file, read at start-up: a test that moves elsewhere before its
    # first check still means the same file. That model cannot load (no llama-cpp-python):
    # the first check says why, the next points to it, and the run ends saying so.
    pytester.makeini(f"{_INI}faith_judge = local:models/judge.gguf\n")
    (pytester.path / "models").mkdir()
    (pytester.path / "models" / "judge.gguf").write_bytes(b"GGUF\x03")
    pytester.makepyfile(
        """
        def test_one(assert_faithful, tmp_path, monkeypatch):
            monkeypatch.chdir(tmp_path)
            assert_faithful("It opens at 9 am.", ["It opens at 9 am."])

        def test_two(assert_faithful):
            assert_faithful("It opens at 9 am.", ["It opens at 9 am."])
        """
    )
    result = pytester.runpytest("-p", "no:randomly", "--faith-record-mode=off")
    result.assert_outcomes(failed=2)
    result.stdout.fnmatch_lines(
        [
            "*UnavailableJudgeError: the local judge needs llama-cpp-python: pip install*",
            "*local judge unavailable, not called again in this run; full explanation at the "
            "first failure, test_*::test_one*",
            "faithful: 2 checks not judged: judge local:judge/c1 is unavailable*",
        ]
    )


# --------------------------------------------------------------------------------------------
# Threads under pytest-xdist


class _WorkerConfig:
    """What the plugin's option reading asks of an xdist worker's config: nothing given."""

    def __init__(self, workerinput: dict[str, object]) -> None:
        self.workerinput = workerinput

    def getoption(self, name: str) -> None:
        return None

    def getini(self, name: str) -> str:
        return ""


@pytest.mark.parametrize(("workers", "threads"), [(None, 4), (1, 4), (2, 2), (4, 1)])
def test_each_xdist_worker_defaults_to_its_share_of_the_cores(
    monkeypatch: pytest.MonkeyPatch, workers: int | None, threads: int
) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: set(range(4)), raising=False)
    given = {} if workers is None else {"workercount": workers}
    assert _local_values(_WorkerConfig(given)).get("threads", 4) == threads  # type: ignore[arg-type]
