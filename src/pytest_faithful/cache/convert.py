"""Moving recordings between the two stores, so nothing already paid for is recorded again.

    python -m pytest_faithful.cache to-recordings .faith-cache tests/faith-recordings
    python -m pytest_faithful.cache to-cache tests/faith-recordings .faith-cache

Both read every entry through the source store's own checks (an unreadable one is a warning and
is skipped) and write through the destination's (atomic files, JSON rows). An entry already in
the destination is kept unless ``--overwrite``. An entry the destination does not store (a
failed write; both stores share one size limit, limits.py, so not for its size) is a warning,
is counted, and makes the command exit 1: nothing that replays from the source may silently
fail to replay from the copy. A diskcache keeps responses only, so a recording exported from it
has no judge, model, prompt version or view of what was asked until it is recorded again
(``--faith-record-mode=all``); it replays all the same.
"""

from __future__ import annotations

import argparse
import re
import sys
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pytest_faithful.cache.recordings import RecordingStore
from pytest_faithful.cache.replay import CallStore
from pytest_faithful.cache.store import CallCache
from pytest_faithful.errors import counted


@dataclass(frozen=True)
class Copied:
    written: int
    kept: int  # already in the destination
    unreadable: int  # in the source; they replay from neither store
    refused: int = 0  # read from the source, not stored in the destination

    def describe(self, source: Path, destination: Path) -> str:
        text = (
            f"copied {counted(self.written, 'recording')} from {source} to {destination}; "
            f"{self.kept} already there (kept), {self.unreadable} unreadable (skipped)"
        )
        if self.refused:
            text += (
                f"; {self.refused} NOT COPIED: {destination} could not store them (the "
                "warnings above say why)"
            )
        return text


def copy(
    source: CallCache | RecordingStore,
    destination: CallStore,
    *,
    overwrite: bool = False,
) -> Copied:
    """Copy every readable entry of ``source`` into ``destination``."""
    written = kept = unreadable = refused = 0
    for key in source.stored_keys():
        if not overwrite and destination.get(key) is not None:
            kept += 1
            continue
        response = source.get(key)
        if response is None:
            unreadable += 1
        elif destination.put(key, response):
            written += 1
        else:
            refused += 1
    return Copied(written=written, kept=kept, unreadable=unreadable, refused=refused)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m pytest_faithful.cache",
        description="Copy recorded judge calls between a diskcache directory (--faith-cache-dir) "
        "and a directory of JSON recordings (--faith-recordings).",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    to_recordings = commands.add_parser(
        "to-recordings", help="diskcache directory -> recordings directory"
    )
    to_recordings.add_argument("cache_dir", type=Path, help="diskcache directory to read")
    to_recordings.add_argument("recordings", type=Path, help="recordings directory to write")
    to_cache = commands.add_parser("to-cache", help="recordings directory -> diskcache directory")
    to_cache.add_argument("recordings", type=Path, help="recordings directory to read")
    to_cache.add_argument("cache_dir", type=Path, help="diskcache directory to write")
    for command in (to_recordings, to_cache):
        command.add_argument(
            "--overwrite",
            action="store_true",
            help="replace entries the destination already has (default: keep them)",
        )
    return parser


def _usage_problem(source: Path, destination: Path, *, to_recordings: bool) -> str:
    """What is wrong with the two directories of a conversion, or "": each must be a store of
    its own kind, and not the other (a recordings directory a team commits must not get a
    cache.db, nor a diskcache JSON shards)."""
    if to_recordings and not (source / "cache.db").is_file():
        return f"{source} holds no diskcache (no cache.db)"
    if not to_recordings:
        if not source.is_dir():
            return f"{source} is not a directory"
        if (source / "cache.db").exists():
            return f"{source} is a diskcache, not a recordings directory: use to-recordings"
    if destination.exists() and not destination.is_dir():
        return f"{destination} is not a directory"
    if destination.exists() and source.resolve() == destination.resolve():
        return f"{source} is both the source and the destination"
    # One inside the other: a diskcache among the recordings a team commits, or recordings
    # shards among a diskcache's own files.
    if destination.resolve().is_relative_to(source.resolve()):
        return f"{destination} is inside the source {source}: give a destination outside it"
    if source.resolve().is_relative_to(destination.resolve()):
        return f"{source} is inside the destination {destination}: give one outside it"
    if to_recordings and (destination / "cache.db").exists():
        return f"{destination} is a diskcache, not a recordings directory"
    if not to_recordings and destination.is_dir() and _holds_recordings(destination):
        return f"{destination} is a recordings directory, not a diskcache: use to-recordings"
    return ""


def _holds_recordings(directory: Path) -> bool:
    """Whether ``directory`` holds recording shards (two hex digits, holding .json files)."""
    return any(
        shard.is_dir() and _SHARD.fullmatch(shard.name) and any(shard.glob("*.json"))
        for shard in directory.iterdir()
    )


_SHARD = re.compile(r"[0-9a-f]{2}")


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    # Skipped entries are warnings: show them once each, whatever the interpreter's filters.
    warnings.simplefilter("default")
    if args.command == "to-recordings":
        source_dir, destination_dir = args.cache_dir, args.recordings
        problem = _usage_problem(source_dir, destination_dir, to_recordings=True)
        if problem:
            print(f"error: {problem}", file=sys.stderr)
            return 2
        # Only read: a damaged source is reported and left as it is, never moved aside.
        with CallCache(source_dir, repair=False) as cache:
            if not cache.enabled:
                print(
                    f"error: cannot read the diskcache at {source_dir} (the warning above says "
                    "why); it was left as it is",
                    file=sys.stderr,
                )
                return 1
            copied = copy(cache, RecordingStore(destination_dir), overwrite=args.overwrite)
    else:
        source_dir, destination_dir = args.recordings, args.cache_dir
        problem = _usage_problem(source_dir, destination_dir, to_recordings=False)
        if problem:
            print(f"error: {problem}", file=sys.stderr)
            return 2
        with CallCache(destination_dir) as cache:
            copied = copy(RecordingStore(source_dir), cache, overwrite=args.overwrite)
    print(copied.describe(source_dir, destination_dir))
    return 1 if copied.refused else 0
