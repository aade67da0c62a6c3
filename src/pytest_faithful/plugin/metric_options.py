"""Command-line and ini options for the metrics' thresholds: the CLI and ini layers of their
precedence (call > marker > command line > ini > default, ``plugin/metric_settings.py``).

Declared with the option table (``plugin/option_table.py``): each option has an ini twin, and a
bad value is a ``pytest.UsageError`` naming it.
"""

from __future__ import annotations

from typing import Any

import pytest

from pytest_faithful.plugin.option_table import TableOption, add_table, parse_table
from pytest_faithful.plugin.options import unit_interval

DEFAULT = 0.8

_OPTIONS: tuple[TableOption, ...] = tuple(
    TableOption(
        f"{name}_threshold",
        f"--faith-{name}-threshold",
        f"faith_{name}_threshold",
        unit_interval,
        "X",
        f"Minimum {what} score in [0, 1] for {fixture} to pass.",
    )
    for name, what, fixture in (
        ("relevancy", "answer relevancy", "assert_relevant"),
        ("precision", "context precision (average precision)", "assert_retrieval"),
        ("recall", "context recall", "assert_retrieval"),
        ("reference", "keyword coverage and completeness", "assert_reference"),
    )
)


def add_metric_options(parser: pytest.Parser) -> None:
    add_table(parser, _OPTIONS, {row.field: DEFAULT for row in _OPTIONS})


def parse_metric_options(config: pytest.Config) -> dict[str, Any]:
    """The thresholds set on the command line or in the ini file (command line first), by name
    (``relevancy_threshold``, ``precision_threshold``, ``recall_threshold``,
    ``reference_threshold``)."""
    return parse_table(config, _OPTIONS)
