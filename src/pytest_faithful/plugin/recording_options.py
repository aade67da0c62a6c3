"""The recordings directory's options, parsed without loading the store or its session.

:mod:`pytest_faithful.plugin.recordings` (unused-recording detection, pruning) is imported only
when a recordings directory is configured.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest


def add_recording_options(parser: pytest.Parser) -> None:
    group = parser.getgroup("faithful")
    group.addoption(
        "--faith-recordings",
        default=None,
        metavar="DIR",
        help="Keep judge calls as JSON files in DIR (one per call, to commit and review) "
        "instead of the diskcache in --faith-cache-dir. Default: not used.",
    )
    group.addoption(
        "--faith-prune-recordings",
        action="store_true",
        default=False,
        help="After a run of the whole suite, delete the recordings no check used (a filtered "
        "run never deletes).",
    )
    parser.addini(
        "faith_recordings",
        "Directory of JSON recordings of judge calls (relative to the ini file).",
        default=None,
    )


@dataclass(frozen=True)
class RecordingOptions:
    directory: Path
    prune: bool

    @classmethod
    def from_config(cls, config: pytest.Config) -> RecordingOptions | None:
        cli = config.getoption("faith_recordings")
        ini = config.getini("faith_recordings")
        ini = ini.strip() if isinstance(ini, str) else ini
        if cli is not None and not str(cli).strip():
            raise pytest.UsageError(
                "--faith-recordings: empty directory; give a path such as "
                "tests/faith-recordings, or leave the option out for the diskcache store"
            )
        if cli:
            directory = config.invocation_params.dir / str(cli)
        elif ini:
            directory = (config.inipath.parent if config.inipath else config.rootpath) / str(ini)
        elif config.getoption("faith_prune_recordings"):
            raise pytest.UsageError(
                "--faith-prune-recordings needs a recordings directory: give "
                "--faith-recordings=DIR (or faith_recordings in the ini file)"
            )
        else:
            return None
        directory = directory.resolve()
        if directory.exists() and not directory.is_dir():
            raise pytest.UsageError(f"--faith-recordings {directory}: not a directory")
        return cls(directory=directory, prune=bool(config.getoption("faith_prune_recordings")))
