"""Command-line and ini options for the local judge (plugin layer), parsed into ``LocalOptions``.

Run-wide like the LLM options: command line > ini > default, never from a marker. Mistakes are
``pytest.UsageError`` naming the option.
"""

from __future__ import annotations

from typing import Any

import pytest

from pytest_faithful.judges.local.options import LocalOptions
from pytest_faithful.plugin.option_table import (
    TableOption,
    add_table,
    defaults_of,
    parse_table,
    whole,
)
from pytest_faithful.plugin.options import unit_interval

_OPTIONS: tuple[TableOption, ...] = (
    TableOption(
        "threads",
        "--faith-local-threads",
        "faith_local_threads",
        whole(1),
        "N",
        "CPU threads of the local judge's model. Default: the usable cores, at most 8.",
    ),
    TableOption(
        "context_window",
        "--faith-local-context",
        "faith_local_context",
        whole(256),
        "TOKENS",
        "Context window of the local judge's model (instructions + one chunk + one claim).",
    ),
    TableOption(
        "chunk_chars",
        "--faith-local-chunk-chars",
        "faith_local_chunk_chars",
        whole(100),
        "N",
        "Passage characters the local judge's model reads at once.",
    ),
    TableOption(
        "chunks_per_claim",
        "--faith-local-chunks-per-claim",
        "faith_local_chunks_per_claim",
        whole(0),
        "N",
        "Chunks each claim is checked against, those sharing most of its words (0: all).",
    ),
    TableOption(
        "gpu_layers",
        "--faith-local-gpu-layers",
        "faith_local_gpu_layers",
        whole(-1),
        "N",
        "Model layers offloaded to a GPU (-1: all; needs a GPU build of llama-cpp-python).",
    ),
    TableOption(
        "support_threshold",
        "--faith-local-support-threshold",
        "faith_local_support_threshold",
        unit_interval,
        "P",
        "P(Yes) from which the local judge calls a claim SUPPORTED (calibrated per model).",
    ),
    TableOption(
        "contradiction_threshold",
        "--faith-local-contradiction-threshold",
        "faith_local_contradiction_threshold",
        unit_interval,
        "P",
        "P(No) from which an unsupported claim is CONTRADICTED (calibrated per model).",
    ),
)


def add_local_options(parser: pytest.Parser) -> None:
    add_table(parser, _OPTIONS, defaults_of(LocalOptions))


def parse_local_options(config: pytest.Config) -> LocalOptions:
    values: dict[str, Any] = parse_table(config, _OPTIONS)
    try:
        return LocalOptions(**values)
    except ValueError as exc:
        raise pytest.UsageError(f"pytest-faithful: {exc}") from None
