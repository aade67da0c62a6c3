"""Command-line and ini options for the local judge (plugin layer), parsed into ``LocalOptions``.

Run-wide like the LLM options: command line > ini > default, never from a marker. Mistakes are
``pytest.UsageError`` naming the option.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import fields
from typing import Any

import pytest

from pytest_faithful.judges.local_settings import LocalOptions

_DEFAULTS = {f.name: f.default for f in fields(LocalOptions)}


def _whole(minimum: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"{text!r} is less than {minimum}")
        return value

    return parse


def _probability(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"{text!r} is not in [0, 1]")
    return value


# (field, option, ini name, parser, metavar, help)
_OPTIONS: tuple[tuple[str, str, str, Callable[[str], Any], str, str], ...] = (
    (
        "threads",
        "--faith-local-threads",
        "faith_local_threads",
        _whole(1),
        "N",
        "CPU threads of the local judge's model. Default: the usable cores, at most 8.",
    ),
    (
        "context_window",
        "--faith-local-context",
        "faith_local_context",
        _whole(256),
        "TOKENS",
        "Context window of the local judge's model (instructions + one chunk + one claim).",
    ),
    (
        "chunk_chars",
        "--faith-local-chunk-chars",
        "faith_local_chunk_chars",
        _whole(100),
        "N",
        "Passage characters the local judge's model reads at once.",
    ),
    (
        "chunks_per_claim",
        "--faith-local-chunks-per-claim",
        "faith_local_chunks_per_claim",
        _whole(0),
        "N",
        "Chunks each claim is checked against, those sharing most of its words (0: all).",
    ),
    (
        "gpu_layers",
        "--faith-local-gpu-layers",
        "faith_local_gpu_layers",
        _whole(-1),
        "N",
        "Model layers offloaded to a GPU (-1: all; needs a GPU build of llama-cpp-python).",
    ),
    (
        "support_threshold",
        "--faith-local-support-threshold",
        "faith_local_support_threshold",
        _probability,
        "P",
        "P(Yes) from which the local judge calls a claim SUPPORTED (calibrated per model).",
    ),
    (
        "contradiction_threshold",
        "--faith-local-contradiction-threshold",
        "faith_local_contradiction_threshold",
        _probability,
        "P",
        "P(No) from which an unsupported claim is CONTRADICTED (calibrated per model).",
    ),
)


def add_local_options(parser: pytest.Parser) -> None:
    group = parser.getgroup("faithful")
    for name, option, ini, convert, metavar, text in _OPTIONS:
        default = _DEFAULTS[name]
        shown = "" if name == "threads" else f" Default: {default!r}."
        group.addoption(option, type=convert, default=None, metavar=metavar, help=text + shown)
        parser.addini(ini, f"{text} (see {option}).", default=None)


def parse_local_options(config: pytest.Config) -> LocalOptions:
    values: dict[str, Any] = {}
    for name, _, ini, convert, _, _ in _OPTIONS:
        value = config.getoption(ini)
        if value is None:
            raw = config.getini(ini)
            if raw not in (None, ""):
                try:
                    value = convert(str(raw).strip())
                except argparse.ArgumentTypeError as exc:
                    raise pytest.UsageError(f"ini option {ini}: {exc}") from None
        if value is not None:
            values[name] = value
    try:
        return LocalOptions(**values)
    except ValueError as exc:
        raise pytest.UsageError(f"pytest-faithful: {exc}") from None
