"""The call cache's disk format: JSON values framed with zlib, stored inline, never pickled.

:class:`JsonOnlyDisk` is the diskcache ``Disk`` the store uses (:mod:`.store`): it stores and
reads keys and values as JSON only, refuses rows of diskcache's pickle mode, keeps every
value inside the database whatever its size, and reads the value files older versions wrote
only through :func:`read_legacy_value_file`'s checks.
"""

from __future__ import annotations

import functools
import json
import os
import re
import sqlite3
import stat
import zlib
from pathlib import Path
from typing import Any, Final

import diskcache

from pytest_faithful.cache.limits import MAX_RESPONSE_BYTES, read_within
from pytest_faithful.text import nesting

# A legacy value file holds a zlib frame around a value's JSON; this slack over the value limit
# covers the frame's headers (5 bytes per 64 KiB block at level 0).
_FRAME_SLACK: Final = 1 << 20
# diskcache's value file names (Disk.filename), once the platform's separator reads "/".
_LEGACY_NAME: Final = re.compile(r"[0-9a-f]{2}/[0-9a-f]{2}/[0-9a-f]{28}\.val")


class BadEntry(ValueError):
    """One stored value is not a JSON JudgeResponse (damaged, foreign or poisoned)."""


class UnstorableValue(ValueError):
    """A response that this store cannot keep inline as JSON (so it is not recorded)."""


def frame_json(data: object) -> bytes:
    # zlib level 0: the frame older versions wrote (keys must stay byte-identical to be found),
    # and the JSON text stays greppable in the database.
    return zlib.compress(json.dumps(data).encode("utf-8"), 0)


class JsonOnlyDisk(diskcache.Disk):  # type: ignore[misc]  # diskcache is untyped
    """diskcache's disk, hardened against a poisoned cache directory.

    Keys and values are zlib-framed JSON (the frame ``JSONDisk`` uses, at level 0), every
    value inline in sqlite. Stock ``Disk.fetch`` unpickles rows stored in pickle mode and
    reads value files from any path a row names; this disk refuses every storage mode except
    inline JSON and the legacy value files described in :func:`read_legacy_value_file`, and
    never writes or deletes files.

    ``diskcache.Cache`` copies every ``disk_*`` row of the database's Settings table onto its
    disk, as constructor arguments and again with ``setattr`` on every open. Those rows are
    data from the cache directory (older versions left ``disk_min_file_size=32768`` there,
    which turned every value of 32 KiB or more into a file), so no attribute decides how this
    disk stores or where it reads, and none can be changed once it is built.
    """

    def __init__(
        self,
        directory: str,
        max_value_bytes: int = MAX_RESPONSE_BYTES,
        /,
        **_ignored_settings: object,
    ) -> None:
        # Positional-only, so that even a ``disk_directory`` row is just another ignored setting.
        super().__init__(directory)
        self._value_root = directory
        self._max_value_bytes = max_value_bytes
        self._frozen = True

    def __setattr__(self, name: str, value: object) -> None:
        if getattr(self, "_frozen", False):
            return  # a setting from the database: see the class docstring
        super().__setattr__(name, value)

    def put(self, key: object) -> tuple[Any, bool]:
        return sqlite3.Binary(frame_json(key)), True

    def get(self, key: object, raw: bool) -> Any:
        if not raw or not isinstance(key, bytes):
            raise BadEntry("a stored key is not in JSON form")
        return decode_json(key, self._max_value_bytes)

    def store(self, value: object, read: bool, key: object = None) -> tuple[int, int, None, Any]:
        if read:
            raise UnstorableValue("a file-like value cannot be stored as JSON")
        try:
            data = json.dumps(value).encode("utf-8")
        except (TypeError, ValueError, RecursionError) as exc:
            raise UnstorableValue(f"value is not JSON ({type(exc).__name__})") from exc
        if len(data) > self._max_value_bytes:  # the measure of limits.response_size
            raise UnstorableValue(
                f"its JSON is {len(data):,} bytes, more than the {self._max_value_bytes:,} any "
                "store records"
            )
        return 0, diskcache.core.MODE_RAW, None, sqlite3.Binary(zlib.compress(data, 0))

    def fetch(self, mode: int, filename: object, value: object, read: bool) -> Any:
        if read:
            raise BadEntry("value requested as a file; not read")
        if mode == diskcache.core.MODE_RAW and filename is None:
            if not isinstance(value, bytes):
                raise BadEntry("stored value is not a JSON blob")
            return decode_json(value, self._max_value_bytes)
        if mode == diskcache.core.MODE_BINARY and value is None and isinstance(filename, str):
            data = read_legacy_value_file(
                self._value_root, filename, self._max_value_bytes + _FRAME_SLACK
            )
            return decode_json(data, self._max_value_bytes)
        raise BadEntry(f"value stored in diskcache mode {mode}, not inline JSON; not read")

    def filename(self, key: object = None, value: object = None) -> tuple[str, str]:
        raise UnstorableValue("this cache never writes value files")

    def remove(self, file_path: object) -> None:
        # A file name found in a row (poisoned, or a legacy value file being replaced) must
        # not become a deletion on disk; a legacy file left behind is never read again.
        return None


@functools.cache
def json_only_disk(max_value_bytes: int) -> type[JsonOnlyDisk]:
    """:class:`JsonOnlyDisk` with this value limit: diskcache takes a Disk class and builds it
    itself, passing only the database's settings (which the disk ignores)."""

    class LimitedJsonOnlyDisk(JsonOnlyDisk):
        def __init__(self, directory: str, /, **_ignored_settings: object) -> None:
            super().__init__(directory, max_value_bytes)

    return LimitedJsonOnlyDisk


def _shown(filename: str) -> str:
    text = repr(filename)
    return text if len(text) <= 80 else f"{text[:77]}..."


def read_legacy_value_file(root: str, filename: str, max_bytes: int) -> bytes:
    """The bytes of a value file an older version wrote, or :class:`BadEntry`.

    Versions before the fix wrote each value of 32 KiB or more (zlib-framed JSON) to a file
    ``xx/yy/<28 hex>.val`` that diskcache names with random hex digits, and recorded only that
    relative name in the row. Such recordings still replay: the name must have exactly that
    shape, every path component must be a real directory or regular file inside the cache
    directory (no symbolic links), and the file must be small enough to be a value this cache
    could read. Its bytes are then decoded as zlib-framed JSON only, like an inline value.
    """
    name = filename.replace(os.sep, "/")
    if _LEGACY_NAME.fullmatch(name) is None:
        raise BadEntry(f"names value file {_shown(filename)}, not one diskcache writes; not read")
    parts = name.split("/")
    try:
        real_root = Path(root).resolve(strict=True)
        path = Path(root).joinpath(*parts)
        if path.resolve(strict=True) != real_root.joinpath(*parts):
            raise BadEntry(f"value file {_shown(filename)} is reached through a link; not read")
        flags = os.O_RDONLY | getattr(os, "O_BINARY", 0)
        # No link as the last component even if one appeared since the check above, and no
        # waiting on a FIFO: opened non-blocking, then refused unless it is a regular file.
        flags |= getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        fd = os.open(path, flags)
        with os.fdopen(fd, "rb") as file:
            info = os.fstat(file.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise BadEntry(f"value file {_shown(filename)} is not a regular file; not read")
            if info.st_size > max_bytes:
                raise BadEntry(f"value file {_shown(filename)} is too large; not read")
            data = read_within(file, info.st_size, max_bytes)
    except OSError as exc:
        reason = "missing" if isinstance(exc, FileNotFoundError) else type(exc).__name__
        raise BadEntry(f"value file {_shown(filename)} cannot be read ({reason})") from exc
    if len(data) > max_bytes:
        raise BadEntry(f"value file {_shown(filename)} is too large; not read")
    return data


def decode_json(blob: bytes, max_bytes: int) -> Any:
    try:
        inflater = zlib.decompressobj()
        data = inflater.decompress(blob, max_bytes)
        if inflater.unconsumed_tail or not inflater.eof:
            raise BadEntry("stored value is truncated or too large")
        return nesting.loads(data.decode("utf-8"))
    except (zlib.error, UnicodeDecodeError, ValueError, RecursionError) as exc:
        if isinstance(exc, BadEntry):
            raise
        raise BadEntry(f"stored value is not JSON ({type(exc).__name__})") from exc
