"""Run-wide settings of the local (in-process GGUF) judge.

One frozen value per run, like :class:`~pytest_faithful.judges.llm.options.LLMOptions`: from the
command line and ini in the plugin (each field is an option), or given to ``verify(local=...)``.
Judge factories read it from ``JudgeOptions.local``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from pytest_faithful.fields import UNIT, Whole, check_fields, option

# Thresholds on the model's probabilities (normalised over Yes / No / Unknown), calibrated for
# Qwen2.5-Coder-1.5B-Instruct Q4_K_M with prompt version c1 on the 1,000 faith-dev examples by
# `python benchmarks/calibrate_local.py --records
# benchmarks/results/records/accuracy-lexical+local-qwen2.5-coder-1.5b-instruct-q4_k_m.jsonl`:
# the support threshold maximises balanced accuracy when every claim must be SUPPORTED (0.728;
# 0.714 five-fold cross-validated; the five folds chose 0.62-0.67). The contradiction threshold
# maximises it under lenient scoring, where only a CONTRADICTED claim fails (0.725): this model
# puts little mass on "No", so 0.19 of it is already a clear signal. Another model needs its own.
SUPPORT_THRESHOLD = 0.64
CONTRADICTION_THRESHOLD = 0.19

# llama.cpp holds the context window in a uint32, which llama-cpp-python fills without a check:
# 2**32 + 512 became a 512-token window, the prompt checks here allowed longer prompts, and
# llama.cpp aborted the process (GGML_ASSERT n_tokens_all <= n_batch). 2**24 (16,777,216
# tokens) is above the trained context of any GGUF model we know of (the longest, 10M).
MAX_CONTEXT_WINDOW = 1 << 24


def default_threads(processes: int = 1) -> int:
    """The cores the process may use, shared among ``processes`` running at once (pytest-xdist
    workers), at most 8 (more rarely helps llama.cpp on CPU), at least 1. Sharing matters:
    llama.cpp's threads spin while they wait, so more threads than cores slow every process."""
    try:
        available = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        available = os.cpu_count() or 1
    return max(1, min(available // max(1, processes), 8))


@dataclass(frozen=True)
class LocalOptions:
    """How the local judge runs its model. Each field is also a command-line option and an ini
    key (see :mod:`pytest_faithful.fields`); defaults are documented in the README."""

    threads: int = option(
        "--faith-local-threads",
        Whole(1),
        "CPU threads of the local judge's model.",
        metavar="N",
        shown_default="the usable cores (an xdist worker's share), at most 8",
        default_factory=default_threads,
    )
    context_window: int = option(
        "--faith-local-context",
        Whole(256, MAX_CONTEXT_WINDOW),
        "Context window of the local judge's model (instructions + one chunk + one claim).",
        metavar="TOKENS",
        default=2048,
    )
    chunk_chars: int = option(
        "--faith-local-chunk-chars",
        Whole(100),
        "Passage characters the local judge's model reads at once.",
        metavar="N",
        default=1500,
    )
    chunks_per_claim: int = option(
        "--faith-local-chunks-per-claim",
        Whole(0),
        "Chunks each claim is checked against, those sharing most of its words (0: all).",
        metavar="N",
        default=1,
    )
    gpu_layers: int = option(
        "--faith-local-gpu-layers",
        Whole(-1),
        "Model layers offloaded to a GPU (-1: all; needs a GPU build of llama-cpp-python).",
        metavar="N",
        default=0,  # CPU only
    )
    support_threshold: float = option(
        "--faith-local-support-threshold",
        UNIT,
        "P(Yes) from which the local judge calls a claim SUPPORTED (calibrated per model).",
        metavar="P",
        default=SUPPORT_THRESHOLD,
    )
    contradiction_threshold: float = option(
        "--faith-local-contradiction-threshold",
        UNIT,
        "P(No) from which an unsupported claim is CONTRADICTED (calibrated per model).",
        metavar="P",
        default=CONTRADICTION_THRESHOLD,
    )

    def __post_init__(self) -> None:
        check_fields(self)
