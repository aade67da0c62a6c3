"""Run-wide options declared as a table, each with an ini twin: added to pytest and parsed.

Command line > ini > default, never from a marker. A bad value is a ``pytest.UsageError`` that
names the option (argparse's message for the command line, ours for the ini file).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from dataclasses import MISSING, fields
from typing import Any, NamedTuple

import pytest


class TableOption(NamedTuple):
    field: str  # the settings dataclass field it fills
    option: str
    ini: str
    convert: Callable[[str], Any]
    metavar: str
    help: str


def whole(minimum: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a whole number (expected {minimum} or more)"
            ) from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"{text!r} is less than {minimum}")
        return value

    return parse


def defaults_of(settings: type[Any]) -> dict[str, Any]:
    """A settings dataclass's plain defaults (fields with a default factory have none to show)."""
    return {f.name: f.default for f in fields(settings) if f.default is not MISSING}


def add_table(
    parser: pytest.Parser, table: Sequence[TableOption], defaults: Mapping[str, Any]
) -> None:
    group = parser.getgroup("faithful")
    for row in table:
        shown = f" Default: {defaults[row.field]!r}." if row.field in defaults else ""
        group.addoption(
            row.option, type=row.convert, default=None, metavar=row.metavar, help=row.help + shown
        )
        parser.addini(row.ini, f"{row.help} (see {row.option}).", default=None)


def parse_table(config: pytest.Config, table: Sequence[TableOption]) -> dict[str, Any]:
    """The values set on the command line or in the ini file, by field name."""
    values: dict[str, Any] = {}
    for row in table:
        value = config.getoption(row.ini)
        if value is None:
            raw = config.getini(row.ini)
            if raw not in (None, ""):
                try:
                    value = row.convert(str(raw).strip())
                except argparse.ArgumentTypeError as exc:
                    raise pytest.UsageError(f"ini option {row.ini}: {exc}") from None
        if value is not None:
            values[row.field] = value
    return values
