"""The call cache's store: one recorded response per request key, shared by processes.

:class:`CallCache` stores one :class:`JudgeResponse` per :meth:`JudgeRequest.cache_key` in a
diskcache directory that many processes (pytest-xdist workers) share;
:class:`~pytest_faithful.cache.replay.CachedBackend` puts it in front of a backend.

Safety rules this module keeps:

* Keys and values are JSON, never pickles. A cache directory restored from an untrusted CI
  cache may hold rows of diskcache's pickle mode; they are refused, never unpickled.
* Every value is stored inline in the database, whatever its size and whatever the database's
  own settings say. Value files are never written or deleted; the only ones read are those
  older versions wrote inside the cache directory, checked as :func:`read_legacy_value_file`
  says, so that their recordings still replay.
* Keys are only request hashes (64 hex digits) and values only :class:`JudgeResponse` fields,
  so no credential can reach the disk.
* A damaged cache is reported with :class:`FaithCacheWarning` and rebuilt (the damaged
  directory is moved aside as ``<dir>.damaged-<n>``); an unreadable entry is a miss. Nothing
  here crashes a run because of what it found on disk.
"""

from __future__ import annotations

import contextlib
import gc
import os
import shutil
import sqlite3
import threading
import warnings
from collections.abc import Callable, Mapping
from pathlib import Path
from types import TracebackType
from typing import Any, Final, Literal

import diskcache
from pydantic import ValidationError

from pytest_faithful.cache.disk import (
    BadEntry,
    UnstorableValue,
    json_only_disk,
)
from pytest_faithful.cache.keys import check_key, is_key
from pytest_faithful.cache.limits import MAX_RESPONSE_BYTES
from pytest_faithful.errors import FaithCacheWarning
from pytest_faithful.providers.base import JudgeRequest, JudgeResponse

__all__ = ["DEFAULT_TIMEOUT_S", "CallCache", "FaithCacheWarning"]

DEFAULT_TIMEOUT_S: Final = 60.0
"""SQLite busy timeout: how long one process waits for another's write to finish."""

_DB_NAME: Final = "cache.db"
_DB_FILES: Final = (_DB_NAME, f"{_DB_NAME}-wal", f"{_DB_NAME}-shm")
_MAX_DAMAGED_COPIES: Final = 1000

# sqlite3 error names (Python 3.11+) that describe the environment, not the database file:
# a busy, read-only, full or missing disk. The cache is not moved aside for these.
_ENVIRONMENT_ERRORS: Final = (
    "SQLITE_BUSY",
    "SQLITE_LOCKED",
    "SQLITE_READONLY",
    "SQLITE_CANTOPEN",
    "SQLITE_IOERR",
    "SQLITE_FULL",
    "SQLITE_PERM",
    "SQLITE_NOMEM",
    "SQLITE_AUTH",
    "SQLITE_INTERRUPT",
)
# The same, by message, for Python 3.10 where exceptions carry no error name.
_ENVIRONMENT_MESSAGES: Final = (
    "locked",
    "busy",
    "readonly",
    "unable to open",
    "disk i/o",
    "full",
    "permission",
    "out of memory",
    "interrupted",
)


# --------------------------------------------------------------------------------------------
# Storage


def _is_environment_error(exc: BaseException) -> bool:
    """True when ``exc`` says the disk is busy/read-only/full, not that the cache is damaged."""
    if isinstance(exc, (diskcache.Timeout, OSError)):
        return True
    if not isinstance(exc, sqlite3.OperationalError):
        return False
    name = getattr(exc, "sqlite_errorname", None)
    if isinstance(name, str):
        return name.startswith(_ENVIRONMENT_ERRORS)
    message = str(exc).lower()
    return any(part in message for part in _ENVIRONMENT_MESSAGES)


def _release_half_built_cache(exc: BaseException) -> None:
    """Close the sqlite connection a failed ``diskcache.Cache()`` left behind, now and quietly.

    diskcache connects before it reads the schema, so on a damaged file the half-built Cache
    (reachable only from the traceback) holds an open connection; left to the garbage
    collector it would surface later as an unrelated ResourceWarning (Python 3.13+).
    """
    seen: BaseException | None = exc
    while seen is not None:
        seen.__traceback__ = None
        seen = seen.__context__ or seen.__cause__
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        gc.collect()


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


_Identity = tuple[int, int]


def _identity(path: Path) -> _Identity | None:
    try:
        stat = path.stat()
    except OSError:
        return None
    return (stat.st_dev, stat.st_ino)


class CallCache:
    """Recorded backend responses in one diskcache directory, shared by many processes.

    Open it once per process. Keys are :meth:`JudgeRequest.cache_key` digests; values are the
    JSON form of :class:`JudgeResponse`. Recordings are fixtures, so nothing is ever evicted.

    Problems on disk never raise: a damaged database is moved aside to ``<dir>.damaged-<n>``
    and replaced by an empty one (:class:`FaithCacheWarning`); an unreadable entry reads as a
    miss; when no cache can be opened at all (read-only or full disk) the cache turns itself
    off for the rest of the run, with a warning, and every lookup misses.
    """

    def __init__(
        self,
        directory: str | os.PathLike[str],
        *,
        timeout: float = DEFAULT_TIMEOUT_S,
        max_response_bytes: int = MAX_RESPONSE_BYTES,
        repair: bool = True,
    ) -> None:
        """``repair=False`` opens a cache only to read it (a converter's source): a damaged one
        is left where it is, with a warning: off (:attr:`enabled` is False) when it cannot be
        opened, and each read that meets damage later a miss."""
        self._directory = Path(directory).expanduser().absolute()
        # The limit every store shares (limits.py); a parameter so that tests can use a small one.
        self._max_response_bytes = max_response_bytes
        self._db_path = self._directory / _DB_NAME
        self._timeout = timeout
        self._lock = threading.RLock()
        self._closed = False
        self._cache: diskcache.Cache | None = None
        self._db_identity: _Identity | None = None
        self._pending: list[str] = []
        self._refused: dict[str, str] = {}  # key -> why its entry was not read, last asked
        self._repair = repair
        self.current_test: str | None = None  # the store interface; this store does not use it
        with self._lock:
            self._open(recover=repair)
            self._release_thread_connection()
            self._flush_warnings()

    # -- public API ---------------------------------------------------------------------------

    @property
    def directory(self) -> Path:
        return self._directory

    @property
    def enabled(self) -> bool:
        """False once the cache could not be opened and turned itself off."""
        return self._cache is not None

    def get(self, key: str, request: JudgeRequest | None = None) -> JudgeResponse | None:
        """The stored response for ``key``, or ``None`` on a miss or an unreadable entry.

        ``request`` (the request ``key`` hashes) is accepted for the store interface; this
        store keeps responses only.
        """
        check_key(key)
        with self._lock:
            self._refused.pop(key, None)
            response = self._read(key)
            self._flush_warnings()
        return response

    def asked(self, key: str) -> None:
        """The store interface: this store does not track who asks."""

    def refusal(self, key: str) -> str | None:
        """Why the entry of ``key`` was there but could not be read when last asked for."""
        with self._lock:
            return self._refused.get(key)

    def stored_keys(self, problems: list[str] | None = None) -> list[str]:
        """Every stored key, sorted (rows whose key is not a request hash are left out). When
        the keys cannot be listed, why is appended to ``problems`` when given (as the
        recordings store does), else warned, and the keys listed before are returned."""
        found: list[str] = []

        def listing(cache: Any) -> bool:
            found.clear()  # a retry after a repair lists again
            found.extend(k for k in cache.iterkeys() if is_key(k))
            return True

        with self._lock:
            try:
                listed = self._run("read", listing) is True
                problem = "" if listed else f"cannot list the keys in {self._directory}"
            except BadEntry as exc:
                problem = f"cannot list the keys in {self._directory}: {exc}"
            if problem and problems is None:
                self._warn(problem)
            elif problem and problems is not None:
                problems.append(problem)
            self._flush_warnings()
        return sorted(found)

    def put(self, key: str, response: JudgeResponse, request: JudgeRequest | None = None) -> bool:
        """Store (or overwrite) ``response`` under ``key``: whether it was stored (a warning
        says why not). ``request`` is accepted for the store interface and not stored."""
        check_key(key)
        value = response.model_dump(mode="json")
        stored = False
        with self._lock:
            try:
                # diskcache's set() returns True; a write that failed returns None, warned.
                stored = self._run("write", lambda cache: cache.set(key, value)) is True
            except UnstorableValue as exc:
                self._warn(
                    f"response for {key} not recorded in {self._directory}: {exc}; a recording "
                    "made earlier for this key, if any, is kept"
                )
            self._flush_warnings()
        return stored

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._close_cache()

    def __enter__(self) -> CallCache:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._closed else ("open" if self.enabled else "disabled")
        return f"CallCache({str(self._directory)!r}, {state})"

    # -- internals ----------------------------------------------------------------------------
    # Warnings are queued and issued only once the cache is consistent again, so that running
    # under ``-W error`` cannot interrupt a recovery or drop the recording being written.

    def _warn(self, message: str) -> None:
        self._pending.append(f"pytest-faithful cache: {message}")

    def _flush_warnings(self) -> None:
        pending, self._pending = self._pending, []
        for message in pending:
            warnings.warn(message, FaithCacheWarning, stacklevel=3)

    def _read(self, key: str) -> JudgeResponse | None:
        try:
            value = self._run("read", lambda cache: cache.get(key, default=None))
        except BadEntry as exc:
            return self._refuse(key, str(exc))
        if value is None:
            return None
        if not isinstance(value, Mapping):
            return self._refuse(key, "not a JSON object")
        try:
            return JudgeResponse.model_validate(dict(value))
        except ValidationError as exc:
            problems = exc.error_count()
            return self._refuse(
                key,
                f"not a judge response ({problems} validation error{'s' if problems != 1 else ''})",
            )

    def _refuse(self, key: str, reason: str) -> JudgeResponse | None:
        """A miss, for the reason given: remembered for the miss message, and warned."""
        self._refused[key] = reason
        self._warn(f"ignoring unreadable entry {key} in {self._directory}: {reason}")
        return None

    def _new_cache(self) -> diskcache.Cache:
        return diskcache.Cache(
            str(self._directory),
            timeout=self._timeout,
            disk=json_only_disk(self._max_response_bytes),
            eviction_policy="none",
            statistics=0,
            # This version's disk ignores these; they overwrite what the Settings table holds,
            # so that an older pytest-faithful opening the same directory stores inline too.
            disk_min_file_size=MAX_RESPONSE_BYTES + 1,
            disk_compress_level=0,
        )

    def _open(self, *, recover: bool) -> None:
        """Open the cache; on a damaged one, move it aside and open a fresh one."""
        try:
            self._cache = self._new_cache()
        except Exception as exc:
            self._cache = None
            _release_half_built_cache(exc)
            if _is_environment_error(exc) or not recover:
                self._disable(exc)
                return
            self._replace_damaged(exc, _identity(self._db_path))
            return
        self._db_identity = _identity(self._db_path)

    def _disable(self, exc: BaseException) -> None:
        self._cache = None
        self._db_identity = None
        self._warn(
            f"cannot use the cache at {self._directory} ({_describe(exc)}); judge calls will "
            "not be replayed or recorded in this process"
        )

    def _replace_damaged(self, exc: BaseException, damaged: _Identity | None) -> None:
        """Move the damaged database aside (unless another process already did) and reopen."""
        self._close_cache()
        if damaged is not None and _identity(self._db_path) == damaged:
            done = self._move_aside()
        else:
            done = "another process already replaced it"
        position = len(self._pending)
        self._open(recover=False)  # on failure, this warns that the cache is off
        if self._cache is not None:
            done += " and continued with an empty cache"
        message = (
            f"the cache at {self._directory} is damaged ({_describe(exc)}); {done}. Judge "
            "calls recorded there will be made (and recorded) again; record mode 'none' "
            "reports them as missing."
        )
        self._pending.insert(position, f"pytest-faithful cache: {message}")

    def _move_aside(self) -> str:
        """Rename the directory to ``<dir>.damaged-<n>``, else delete its database files."""
        for n in range(1, _MAX_DAMAGED_COPIES + 1):
            target = self._directory.with_name(f"{self._directory.name}.damaged-{n}")
            if target.exists():
                continue
            try:
                os.rename(self._directory, target)
            except FileNotFoundError:
                return "another process already moved it aside"
            except OSError:
                if target.exists():
                    continue  # another process took this name first
                break  # e.g. the directory is in use (Windows) or a mount point
            return f"moved it to {target}"
        for name in _DB_FILES:
            path = self._directory / name
            with contextlib.suppress(OSError):
                if path.is_dir():
                    shutil.rmtree(path)
                else:
                    path.unlink()
        return "deleted its database files"

    def _close_cache(self) -> None:
        cache, self._cache = self._cache, None
        if cache is not None:
            with contextlib.suppress(Exception):
                cache.close()

    def _ensure_current(self) -> None:
        """Reopen when another process replaced (or someone deleted) the database file."""
        if self._cache is not None and _identity(self._db_path) != self._db_identity:
            self._close_cache()
            self._open(recover=self._repair)

    def _run(self, what: Literal["read", "write"], op: Callable[[Any], Any]) -> Any:
        """Run ``op(cache)``; rebuild a damaged cache and retry once; never raise for the disk.

        Call with the lock held.
        """
        if self._closed:
            raise ValueError(f"{self!r} is closed")
        try:
            return self._run_once_repaired(what, op)
        finally:
            self._release_thread_connection()

    def _release_thread_connection(self) -> None:
        """Close the calling thread's connection unless it is the main thread.

        diskcache keeps one sqlite connection per thread, and its close() closes the calling
        thread's only: one a worker thread opened (``asyncio.to_thread``, a judge built in a
        thread) stayed open after :meth:`close` until the thread ended, and was then left to
        the garbage collector: a ResourceWarning on Python 3.13+, an error under ``-W error``.
        A worker thread's connection is closed after each use; diskcache opens another on the
        next (about as long as one read)."""
        if self._cache is not None and threading.current_thread() is not threading.main_thread():
            with contextlib.suppress(Exception):
                self._cache.close()

    def _run_once_repaired(self, what: Literal["read", "write"], op: Callable[[Any], Any]) -> Any:
        self._ensure_current()
        for attempt in (1, 2):
            cache = self._cache
            if cache is None:
                return None
            identity = self._db_identity
            try:
                return op(cache)
            except (BadEntry, UnstorableValue):
                raise
            except Exception as exc:
                if _is_environment_error(exc) or attempt == 2 or not self._repair:
                    outcome = "read as a miss" if what == "read" else "not recorded"
                    if not self._repair and not _is_environment_error(exc):
                        outcome += "; the cache is damaged here, and was left as it is"
                    self._warn(f"{what} failed in {self._directory} ({_describe(exc)}); {outcome}")
                    return None
                self._replace_damaged(exc, identity)
                if what == "read":
                    return None  # the fresh cache is empty
        return None  # pragma: no cover
