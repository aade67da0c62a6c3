"""Moving recordings between the two stores, so nothing already paid for is recorded again.

    python -m pytest_faithful.cache to-recordings .faith-cache tests/faith-recordings
    python -m pytest_faithful.cache to-cache tests/faith-recordings .faith-cache

Both read every entry through the source store's own checks (an unreadable one is a warning and
is skipped) and write through the destination's (atomic files, JSON rows). An entry already in
the destination is kept unless ``--overwrite``; the summary counts those that differ from the
source's. An entry the destination does not store (a failed write; both stores share one size
limit, limits.py, so not for its size) is a warning, is counted, and makes the command exit 1:
nothing that replays from the source may silently fail to replay from the copy. A diskcache
keeps responses only, so a recording exported from it has no judge, model, prompt version or
view of what was asked until it is recorded again (``--faith-record-mode=all``); it replays all
the same.

Each directory must be a store of its kind, checked before anything is opened
(:func:`_usage_problem`, exit 2): the source is only read, and the converter never writes a
diskcache among other files, recordings into a directory of other files, or its tables into
an SQLite file that is not pytest-faithful's. Ctrl-C stops between entries: every entry
written is whole, the summary says what was copied, and the command exits 130. A diskcache
source that cannot be written is read from a temporary copy (:func:`_readable`).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import sqlite3
import stat
import sys
import tempfile
import warnings
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, TextIO, get_args

from pytest_faithful.cache.recordings import RecordingStore
from pytest_faithful.cache.replay import CallStore
from pytest_faithful.cache.store import CallCache
from pytest_faithful.errors import FaithCacheWarning, counted
from pytest_faithful.redaction import SECRET_VARIABLES, shaped_like_a_credential

PROG = "python -m pytest_faithful.cache"
INTERRUPTED = 130  # 128 + SIGINT, as a shell reports a command Ctrl-C ended


@dataclass(frozen=True)
class Copied:
    written: int
    kept: int  # already in the destination
    unreadable: int  # in the source; they replay from neither store
    refused: int = 0  # read from the source, not stored in the destination
    differing: int = 0  # of those kept: the destination's entry is not the source's
    replaced: int = 0  # of those written: over a different entry (--overwrite)
    credential_shaped: int = 0  # of those written: a recording whose reply looks like it holds one
    not_reached: int = 0  # listed in the source, left when Ctrl-C stopped the copy
    listing_failed: bool = False  # the source's entries could not all be listed

    @property
    def interrupted(self) -> bool:
        return self.not_reached > 0

    def describe(self, source: Path, destination: Path) -> str:
        done = self.written + self.kept + self.unreadable + self.refused
        total = done + self.not_reached
        if self.interrupted:
            text = (
                f"INTERRUPTED after {done} of {total} entries: copied "
                f"{counted(self.written, 'recording')} from {source} to {destination}"
            )
        elif total == 0:
            return f"nothing to copy: {source} holds no recorded judge calls"
        elif self.written == 0 and self.kept == total:
            text = f"nothing to copy: all {total} entries of {source} are already in {destination}"
        else:
            text = (
                f"copied {counted(self.written, 'recording')} of {total} from {source} to "
                f"{destination}"
            )
        if self.replaced:
            text += f" ({self.replaced} over a different entry, --overwrite)"
        if self.kept and not (self.written == 0 and self.kept == total):
            text += f"; {self.kept} already there (kept)"
        if self.differing:
            text += (
                f"; {self.differing} of the entries kept differ from the source's (the "
                "destination's were kept; --overwrite replaces them)"
            )
        if self.credential_shaped:
            text += (
                f"; {self.credential_shaped} written holding what looks like a credential: "
                "check them before you commit them (the warnings above name the files)"
            )
        if self.unreadable:
            text += f"; {self.unreadable} unreadable (skipped: the warnings above say why)"
        if self.refused:
            text += (
                f"; {self.refused} NOT COPIED: {destination} could not store them (the "
                "warnings above say why)"
            )
        if self.listing_failed:
            text += (
                f"; the entries of {source} could NOT all be listed (the warning above says why)"
            )
        if self.interrupted:
            text += (
                f"; {self.not_reached} not looked at. Every entry written is whole: run the "
                "command again to copy the rest"
            )
        return text

    @property
    def exit_code(self) -> int:
        if self.interrupted:
            return INTERRUPTED
        return 1 if self.refused or self.listing_failed else 0


def copy(
    source: CallCache | RecordingStore,
    destination: CallStore,
    *,
    overwrite: bool = False,
) -> Copied:
    """Copy every readable entry of ``source`` into ``destination``.

    An entry the destination holds already is kept (with ``overwrite``, replaced if it
    differs). Ctrl-C (:class:`KeyboardInterrupt`) stops the copy between entries, and what was
    done is returned with :attr:`Copied.not_reached` counting the rest."""
    problems: list[str] = []
    keys = source.stored_keys(problems)
    for problem in problems:
        warnings.warn(problem, FaithCacheWarning, stacklevel=2)
    counts = dict.fromkeys(_OUTCOMES, 0)
    done = 0
    try:
        for key in keys:
            for outcome in _copy_one(key, source, destination, overwrite=overwrite):
                counts[outcome] += 1
            done += 1
    except KeyboardInterrupt:
        pass
    listing_failed = isinstance(source, CallCache) and bool(problems)
    return Copied(**counts, not_reached=len(keys) - done, listing_failed=listing_failed)


_Outcome = Literal[
    "written", "kept", "unreadable", "refused", "differing", "replaced", "credential_shaped"
]
_OUTCOMES: tuple[_Outcome, ...] = get_args(_Outcome)


def _copy_one(
    key: str, source: CallCache | RecordingStore, destination: CallStore, *, overwrite: bool
) -> Iterator[_Outcome]:
    response = source.get(key)
    if response is None:
        yield "unreadable"
        return
    there = destination.get(key)
    if there == response:
        yield "kept"
    elif there is not None and not overwrite:
        yield "kept"
        yield "differing"
    elif destination.put(key, response):
        yield "written"
        if there is not None:
            yield "replaced"
        if isinstance(destination, RecordingStore) and _credential_shaped(key, destination):
            yield "credential_shaped"
    else:
        yield "refused"


def _credential_shaped(key: str, destination: RecordingStore) -> bool:
    """Whether the reply just recorded for ``key`` still holds what looks like a credential,
    and warn if so. A recording is masked with the key variables of the process that writes
    it (recordings.py); the diskcache keeps replies as they came, and the run that recorded
    them may have had keys this command's environment does not."""
    written = destination.get(key)
    if written is None or not shaped_like_a_credential(written.text):
        return False
    variables = ", ".join(SECRET_VARIABLES)
    warnings.warn(
        f"{destination.path_for(key)}: its reply holds what looks like a credential (a "
        f"key-shaped token, a URL's credentials or an authorization header). It is masked only "
        f"where it is a run of a key set now ({variables}): if it is a key, delete the file, "
        "set the variable the cache was recorded with and run the command again; else it is "
        "what the judge replied (a passage's text, say)",
        FaithCacheWarning,
        stacklevel=2,
    )
    return True


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Copy recorded judge calls between a diskcache directory (--faith-cache-dir) "
        "and a directory of JSON recordings (--faith-recordings). Exit status: 0 done, 1 an "
        "entry could not be stored or the source not listed, 2 a usage error, 130 interrupted.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    to_recordings = commands.add_parser(
        "to-recordings", help="diskcache directory -> recordings directory"
    )
    to_recordings.add_argument("cache_dir", type=_path, help="diskcache directory to read")
    to_recordings.add_argument("recordings", type=_path, help="recordings directory to write")
    to_cache = commands.add_parser("to-cache", help="recordings directory -> diskcache directory")
    to_cache.add_argument("recordings", type=_path, help="recordings directory to read")
    to_cache.add_argument("cache_dir", type=_path, help="diskcache directory to write")
    for command in (to_recordings, to_cache):
        command.add_argument(
            "--overwrite",
            action="store_true",
            help="replace entries the destination already has that differ from the source's "
            "(default: keep them, and count them)",
        )
        command.add_argument(
            "-v",
            "--verbose",
            action="store_true",
            help=f"show every warning (default: each distinct one once, the first {MAX_WARNINGS})",
        )
    return parser


def _path(text: str) -> Path:
    """A directory argument, ``~`` expanded as the stores and the plugin's options expand it
    (a quoted ``'~/x'``, or ``--x=~/x``, reaches the command unexpanded by the shell)."""
    return Path(text).expanduser()


_Kind = Literal["missing", "file", "empty", "diskcache", "recordings", "other"]


def _kind(directory: Path) -> _Kind:
    """What ``directory`` is: a diskcache (a ``cache.db`` in it), a recordings directory (a
    shard: two hex digits), empty (nothing, or dot files only: ``.gitkeep``), or other."""
    if not directory.exists():
        return "missing"
    if not directory.is_dir():
        return "file"
    if (directory / _DB).exists():
        return "diskcache"
    names = [entry.name for entry in directory.iterdir() if not entry.name.startswith(".")]
    if not names:
        return "empty"
    if any(_is_shard(directory / name) for name in names):
        return "recordings"
    return "other"


_DB = "cache.db"
_HEX = frozenset("0123456789abcdef")


def _is_shard(path: Path) -> bool:
    return len(path.name) == 2 and set(path.name) <= _HEX and path.is_dir()


def _foreign_database(directory: Path) -> str:
    """Why the ``cache.db`` in ``directory`` is not pytest-faithful's diskcache, read without
    writing, or "": an SQLite database with other tables (diskcache would add its own to it),
    or another program's diskcache (opening it would change its settings: every version of
    pytest-faithful made its caches with the eviction policy 'none'). A file SQLite cannot read
    is left to :class:`CallCache`, which reports damage as it does in a run."""
    database = directory.resolve() / _DB
    # Read-only, and with no write-ahead log left open, immutable: a read-only connection to a
    # database in WAL mode makes its -shm and -wal files, and leaves them.
    wal = database.with_name(f"{_DB}-wal").exists()
    uri = f"{database.as_uri()}?mode=ro{'' if wal else '&immutable=1'}"
    try:
        with contextlib.closing(sqlite3.connect(uri, uri=True)) as connection:
            tables = {row[0] for row in connection.execute(_TABLES)}
            if not tables:
                return ""  # an empty database: diskcache makes its tables
            if not {"Cache", "Settings"} <= tables:
                return f"{database} is an SQLite database but not a diskcache"
            policy = connection.execute(_POLICY).fetchone()
    except sqlite3.Error:
        return ""
    if policy is not None and policy[0] != "none":
        return (
            f"{database} is another program's diskcache (its eviction policy is {policy[0]!r}; "
            "pytest-faithful's keep every entry)"
        )
    return ""


_TABLES = "SELECT name FROM sqlite_master WHERE type = 'table'"
_POLICY = "SELECT value FROM Settings WHERE key = 'eviction_policy'"


def _usage_problem(source: Path, destination: Path, *, to_recordings: bool) -> str:
    """What is wrong with the two directories of a conversion, or "": each must be a store of
    its own kind (or, for the destination, new or empty), and neither inside the other (a
    recordings directory a team commits must not get a cache.db, nor a diskcache JSON shards)."""
    source_kind, destination_kind = _kind(source), _kind(destination)
    if source_kind == "missing":
        return f"{source} does not exist"
    if source_kind == "file":
        return f"{source} is not a directory (a file)"
    if destination_kind == "file":
        return f"{destination} is not a directory (a file)"
    if destination_kind != "missing" and source.resolve() == destination.resolve():
        return f"{source} is both the source and the destination"
    # One inside the other: a diskcache among the recordings a team commits, or recordings
    # shards among a diskcache's own files.
    if destination.resolve().is_relative_to(source.resolve()):
        return f"{destination} is inside the source {source}: give a destination outside it"
    if source.resolve().is_relative_to(destination.resolve()):
        return f"{source} is inside the destination {destination}: give one outside it"
    if to_recordings:
        if source_kind != "diskcache":
            return f"{source} holds no diskcache (no {_DB})"
        if destination_kind == "diskcache":
            return f"{destination} is a diskcache, not a recordings directory"
        if destination_kind == "other":
            return (
                f"{destination} holds other files and no recordings: give a new, empty or "
                "recordings directory"
            )
        return _foreign_database(source)
    if source_kind == "diskcache":
        return f"{source} is a diskcache, not a recordings directory: use to-recordings"
    if source_kind == "other":
        return f"{source} holds no recordings (<2 hex digits>/<key>.json)"
    if destination_kind == "recordings":
        return f"{destination} is a recordings directory, not a diskcache: use to-recordings"
    if destination_kind == "other":
        return (
            f"{destination} holds other files and no diskcache ({_DB}): give a new, empty or "
            "diskcache directory"
        )
    return _foreign_database(destination) if destination_kind == "diskcache" else ""


@contextlib.contextmanager
def _readable(source: Path) -> Iterator[Path]:
    """A diskcache directory to read ``source`` from: itself, or a copy of it when it cannot
    be written (a read-only mount or file, another user's). diskcache cannot open a database
    it cannot write, even to read it; the copy is deleted when the command ends."""
    if _writable(source) and _writable(source / _DB):
        yield source
        return
    with tempfile.TemporaryDirectory(prefix="faith-convert-") as temporary:
        readable = Path(temporary) / source.name
        print(f"{source} cannot be written: reading a copy of it in {readable}", file=sys.stderr)
        shutil.copytree(source, readable, symlinks=True)
        for path in (readable, *readable.rglob("*")):  # a copy of read-only files is read-only
            if not path.is_symlink():  # a link's target is not the copy's
                path.chmod(path.stat().st_mode | stat.S_IWUSR)
        yield readable


def _writable(path: Path) -> bool:
    return os.access(path, os.W_OK)


class _Warnings:
    """How one command shows its warnings: as its own lines, ``warning: ...``, not Python's
    ``file:line: Category`` and source line; each distinct one once; at most
    :data:`MAX_WARNINGS` of them unless ``verbose``. A full or read-only destination fails every
    entry alike: thousands of lines would hide the first, which says why."""

    def __init__(self, verbose: bool) -> None:
        self._verbose = verbose
        self._seen: set[str] = set()
        self._repeats = 0
        self._held = 0

    def show(
        self,
        message: Warning | str,
        category: type[Warning],
        filename: str,
        lineno: int,
        file: TextIO | None = None,
        line: str | None = None,
    ) -> None:
        text = str(message).removeprefix("pytest-faithful cache: ")
        text = text.removeprefix("pytest-faithful recordings: ")
        if text in self._seen:
            self._repeats += 1
        elif len(self._seen) >= MAX_WARNINGS and not self._verbose:
            self._held += 1
        else:
            print(f"warning: {text}", file=sys.stderr if file is None else file)
        self._seen.add(text)

    def close(self) -> None:
        """Say how many were not shown, if any."""
        parts: list[str] = []
        if self._held:
            parts.append(f"{counted(self._held, 'more warning')} not shown (--verbose shows each)")
        if self._repeats:
            parts.append(f"{counted(self._repeats, 'repeat')} of those above not shown")
        if parts:
            print(f"warning: {'; '.join(parts)}", file=sys.stderr)
        self._held = self._repeats = 0


MAX_WARNINGS = 20


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    # Skipped entries are warnings: shown by _Warnings, whatever the interpreter's filters;
    # the filters and the display are restored when it returns.
    shown = _Warnings(args.verbose)
    with warnings.catch_warnings():
        warnings.simplefilter("always", FaithCacheWarning)
        warnings.showwarning = shown.show
        try:
            return _convert(args, shown)
        finally:
            shown.close()


def _convert(args: Any, shown: _Warnings) -> int:
    to_recordings = args.command == "to-recordings"
    if to_recordings:
        source_dir, destination_dir = args.cache_dir, args.recordings
    else:
        source_dir, destination_dir = args.recordings, args.cache_dir
    problem = _usage_problem(source_dir, destination_dir, to_recordings=to_recordings)
    if problem:
        print(f"{PROG}: error: {problem}", file=sys.stderr)
        return 2
    if to_recordings:
        # Only read: a damaged source is reported and left as it is, never moved aside.
        with _readable(source_dir) as readable, CallCache(readable, repair=False) as cache:
            if not cache.enabled:
                print(
                    f"{PROG}: error: cannot read the diskcache at {source_dir} (the warning "
                    "above says why); it was left as it is",
                    file=sys.stderr,
                )
                return 1
            copied = copy(cache, RecordingStore(destination_dir), overwrite=args.overwrite)
    else:
        source = RecordingStore(source_dir)
        if _kind(source_dir) == "empty":
            copied = Copied(0, 0, 0)  # no diskcache made for nothing
        else:
            with CallCache(destination_dir) as cache:
                if not cache.enabled:
                    print(
                        f"{PROG}: error: cannot write a diskcache at {destination_dir} (the "
                        "warning above says why); nothing was copied",
                        file=sys.stderr,
                    )
                    return 1
                copied = copy(source, cache, overwrite=args.overwrite)
    shown.close()  # before the summary, which is the last line
    print(copied.describe(source_dir, destination_dir))
    return copied.exit_code
