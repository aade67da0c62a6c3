"""Run-wide settings of the local (in-process GGUF) judge.

One frozen value per run, like :class:`~pytest_faithful.judges.llm.options.LLMOptions`: from the
command line and ini in the plugin, or given to ``verify(local=...)``. Judge factories read it
from ``JudgeOptions.local``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

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


def default_threads() -> int:
    """All cores the process may use, at most 8 (more rarely helps llama.cpp on CPU)."""
    try:
        available = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        available = os.cpu_count() or 1
    return max(1, min(available, 8))


@dataclass(frozen=True)
class LocalOptions:
    """How the local judge runs its model. Defaults are documented in the README."""

    threads: int = field(default_factory=default_threads)
    """CPU threads llama.cpp uses."""
    context_window: int = 2048
    """Tokens the model's context holds (instructions + one chunk + one claim)."""
    chunk_chars: int = 1500
    """Passage characters the model reads at once."""
    chunks_per_claim: int = 1
    """Chunks each claim is read against: those sharing most of its words (0: all chunks)."""
    gpu_layers: int = 0
    """Layers offloaded to a GPU (-1: all; needs a GPU build of llama-cpp-python); 0: CPU only."""
    support_threshold: float = SUPPORT_THRESHOLD
    """A claim is SUPPORTED when some chunk gives it at least this P(Yes)."""
    contradiction_threshold: float = CONTRADICTION_THRESHOLD
    """Otherwise CONTRADICTED when some chunk gives it at least this P(No)."""

    def __post_init__(self) -> None:
        minimum = {"threads": 1, "context_window": 256, "chunk_chars": 100, "chunks_per_claim": 0}
        for name, lowest in minimum.items():
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < lowest:
                raise ValueError(f"{name} must be a whole number >= {lowest}, got {value!r}")
        if (
            isinstance(self.gpu_layers, bool)
            or not isinstance(self.gpu_layers, int)
            or self.gpu_layers < -1
        ):
            raise ValueError(f"gpu_layers must be a whole number >= -1, got {self.gpu_layers!r}")
        for name in ("support_threshold", "contradiction_threshold"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise ValueError(f"{name} must be a number in [0, 1], got {value!r}")
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"{name} must be a number in [0, 1], got {value!r}")
