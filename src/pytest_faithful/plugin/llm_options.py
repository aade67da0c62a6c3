"""Command-line and ini options for LLM judges (plugin layer), parsed into ``LLMOptions``.

Run-wide like the record mode: command line > ini > default, never from a marker. Mistakes
are ``pytest.UsageError`` naming the option.
"""

from __future__ import annotations

import argparse

import pytest

from pytest_faithful.judges.llm.options import (
    STRUCTURED_OUTPUTS,
    LLMOptions,
    parse_structured_output,
)
from pytest_faithful.plugin.option_table import (
    TableOption,
    add_table,
    defaults_of,
    parse_table,
    whole,
)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not > 0")
    return value


def _mode(text: str) -> str:
    try:
        return parse_structured_output(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


_OPTIONS: tuple[TableOption, ...] = (
    TableOption(
        "max_concurrency",
        "--faith-max-concurrency",
        "faith_max_concurrency",
        whole(1),
        "N",
        "Judge calls in flight at once, shared by all checks of a process (each xdist worker "
        "has its own).",
    ),
    TableOption(
        "timeout_s",
        "--faith-timeout",
        "faith_timeout",
        _seconds,
        "SECONDS",
        "How long the provider SDK waits for one response before retrying.",
    ),
    TableOption(
        "max_retries",
        "--faith-max-retries",
        "faith_max_retries",
        whole(0),
        "N",
        "SDK retries for 429 (honouring retry-after), 5xx, timeouts and connection errors.",
    ),
    TableOption(
        "structured_output",
        "--faith-structured-output",
        "faith_structured_output",
        _mode,
        "|".join(STRUCTURED_OUTPUTS),
        "How openai judges ask for JSON: schema (strict json_schema), json (json_object with "
        "the schema), prompt (instructions only), auto (try in that order, remember per server).",
    ),
    TableOption(
        "batch_size",
        "--faith-batch-size",
        "faith_batch_size",
        whole(1),
        "N",
        "Claims per verification request.",
    ),
    TableOption(
        "max_context_chars",
        "--faith-max-context-chars",
        "faith_max_context_chars",
        whole(1),
        "N",
        "Largest total passage text per request; more is refused (an error), never cut.",
    ),
    TableOption(
        "max_tokens",
        "--faith-max-tokens",
        "faith_max_tokens",
        whole(1),
        "N",
        "Output token limit of one judge request.",
    ),
)


def add_llm_options(parser: pytest.Parser) -> None:
    add_table(parser, _OPTIONS, defaults_of(LLMOptions))
    group = parser.getgroup("faithful")
    group.addoption(
        "--faith-single-call",
        action="store_true",
        default=None,
        help="LLM judges extract and verify claims in one request instead of two.",
    )
    parser.addini(
        "faith_single_call", "Extract and verify in one request.", type="bool", default=None
    )


def parse_llm_options(config: pytest.Config) -> LLMOptions:
    values = parse_table(config, _OPTIONS)
    single = config.getoption("faith_single_call")
    if single is None:
        single = config.getini("faith_single_call")
    if single is not None:
        values["single_call"] = bool(single)
    try:
        return LLMOptions(**values)
    except ValueError as exc:
        raise pytest.UsageError(f"pytest-faithful: {exc}") from None
