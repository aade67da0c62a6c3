"""The regression baseline's options, parsed without loading the baseline machinery.

:mod:`pytest_faithful.plugin.baseline` (pydantic models, the file format) is imported only when
a baseline file is configured.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

import pytest

from pytest_faithful.plugin.options import ini_bool, unit_interval


def add_baseline_options(parser: pytest.Parser) -> None:
    group = parser.getgroup("faithful")
    group.addoption(
        "--faith-baseline",
        default=None,
        metavar="PATH",
        help="Compare every check with its stored score in this JSON file; a drop beyond the "
        "tolerance fails the check.",
    )
    group.addoption(
        "--faith-baseline-tolerance",
        type=unit_interval,
        default=None,
        metavar="X",
        help="Largest score drop below the baseline that still passes. Default: 0.",
    )
    group.addoption(
        "--faith-update-baseline",
        action="store_true",
        default=False,
        help="Write the baseline file from this run (a filtered run keeps the checks it skipped).",
    )
    group.addoption(
        "--faith-baseline-strict",
        action="store_true",
        default=None,
        help="Fail the session when the baseline holds entries no check produced (stale).",
    )
    parser.addini("faith_baseline", "Baseline file (relative to the ini file).", default=None)
    parser.addini("faith_baseline_tolerance", "Largest tolerated score drop.", default=None)
    parser.addini(
        "faith_baseline_strict", "Fail on stale baseline entries.", type="bool", default=None
    )


@dataclass(frozen=True)
class BaselineOptions:
    path: Path
    tolerance: float
    update: bool
    strict: bool

    @classmethod
    def from_config(cls, config: pytest.Config) -> BaselineOptions | None:
        cli = config.getoption("faith_baseline")
        ini = config.getini("faith_baseline")
        if cli:
            path = config.invocation_params.dir / str(cli)
        elif ini:
            path = (config.inipath.parent if config.inipath else config.rootpath) / str(ini)
        elif config.getoption("faith_update_baseline"):
            raise pytest.UsageError(
                "--faith-update-baseline needs a file: give --faith-baseline=PATH "
                "(or faith_baseline in the ini file)"
            )
        else:
            return None
        tolerance = config.getoption("faith_baseline_tolerance")
        if tolerance is None:
            ini_tolerance = config.getini("faith_baseline_tolerance")
            try:
                tolerance = unit_interval(str(ini_tolerance).strip()) if ini_tolerance else 0.0
            except argparse.ArgumentTypeError as exc:
                raise pytest.UsageError(f"ini option faith_baseline_tolerance: {exc}") from None
        strict = config.getoption("faith_baseline_strict")
        if strict is None:
            strict = bool(ini_bool(config, "faith_baseline_strict"))
        return cls(
            path=path.resolve(),
            tolerance=tolerance,
            update=bool(config.getoption("faith_update_baseline")),
            strict=strict,
        )
