"""``LocalOptions`` bounds and ``local:`` judge specs, without a model."""

from __future__ import annotations

import math
import os
import re

import pytest

from pytest_faithful import LocalOptions
from pytest_faithful.judges.local.judge import make_local_judge
from pytest_faithful.judges.local.options import default_threads
from pytest_faithful.judges.registry import JudgeSpec
from pytest_faithful.judges.resources import JudgeOptions

# ``import llama_cpp`` fails in every test here, as in CI, even where it is installed.
pytestmark = pytest.mark.usefixtures("no_llama_cpp")


# --------------------------------------------------------------------------------------------
# Options and specs


@pytest.mark.parametrize(
    "kwargs",
    [
        {"threads": 0},
        {"threads": True},
        {"threads": 2.0},
        {"threads": "2"},
        {"context_window": 255},
        {"context_window": 2**32 + 256},
        {"chunk_chars": 99},
        {"chunk_chars": False},
        {"chunks_per_claim": -1},
        {"gpu_layers": -2},
        {"gpu_layers": True},
        {"gpu_layers": 1.0},
        {"support_threshold": 1.01},
        {"support_threshold": -0.01},
        {"support_threshold": True},
        {"support_threshold": "0.5"},
        {"support_threshold": math.nan},
        {"contradiction_threshold": 2},
        {"contradiction_threshold": False},
    ],
)
def test_local_options_refuse_bad_values_naming_the_field(kwargs: dict[str, object]) -> None:
    [name] = kwargs
    with pytest.raises(ValueError, match=f"^{name} must be"):
        LocalOptions(**kwargs)  # type: ignore[arg-type]


def test_local_options_accept_the_edges() -> None:
    options = LocalOptions(
        threads=1,
        context_window=256,
        chunk_chars=100,
        chunks_per_claim=0,
        gpu_layers=-1,
        support_threshold=0,
        contradiction_threshold=1.0,
    )
    assert options.gpu_layers == -1
    assert 1 <= LocalOptions().threads <= 8


@pytest.mark.parametrize(
    "path",
    [
        "/models/judge.gguf",
        "/models/v1@2024/judge.gguf",
        "C:\\models\\judge.gguf",
        "/models/a:b@c:d.gguf",
        "~/models/judge.gguf",
    ],
)
def test_local_specs_keep_at_signs_and_colons_in_the_path(path: str) -> None:
    spec = JudgeSpec.parse(f"local:{path}")
    assert spec == JudgeSpec("local", path, None)
    assert JudgeSpec.parse(str(spec)) == spec


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("local", "needs a model file"),
        ("local:/models/judge.bin", "is not a .gguf"),
        ("local:/nonexistent/judge.gguf", "'/nonexistent/judge.gguf' does not exist"),
    ],
)
def test_make_local_judge_names_the_problem(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        make_local_judge(JudgeSpec.parse(spec), JudgeOptions(record_mode="off"))


def test_local_spec_with_no_path_names_no_model() -> None:
    with pytest.raises(ValueError, match="names no model"):
        JudgeSpec.parse("local:")


@pytest.mark.parametrize(
    ("cores", "processes", "threads"),
    [(2, 1, 2), (2, 2, 1), (2, 3, 1), (16, 1, 8), (16, 2, 8), (16, 4, 4), (6, 4, 1), (1, 0, 1)],
)
def test_default_threads_share_the_cores_among_processes(
    monkeypatch: pytest.MonkeyPatch, cores: int, processes: int, threads: int
) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: set(range(cores)), raising=False)
    assert default_threads(processes) == threads
    if processes == 1:
        assert LocalOptions().threads == threads
