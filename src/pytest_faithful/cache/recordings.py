"""A directory of recordings a team commits: one small JSON file per judge call.

``<dir>/<key[:2]>/<key>.json``, where ``key`` is :meth:`JudgeRequest.cache_key` (the same
key as the diskcache store's). Each file is pretty-printed with sorted keys and holds what a
reviewer reads in a pull request's diff: the judge kind, model and prompt version, what was
asked (:func:`~pytest_faithful.cache.views.asked_view`: claims, sentences, passages, no
boilerplate prompt), the reply with its usage and model echo, the reply parsed as JSON, and
the test that recorded it. Two branches that record different calls add different files, so
they merge without conflicts.

Safety rules this module keeps:

* Writes are whole or nothing (:func:`pytest_faithful.files.write_text`: a temporary file in
  the same directory, then a rename), so xdist workers recording at once never leave half a
  file; two writers of one key both write a complete file and the last rename wins.
* A file is read only if its name is a request hash in its own shard, it is a regular file
  reached through no symbolic link inside the directory, it is JSON of a bounded size, its
  ``key`` matches its name, its reply is a judge response, and the views a reviewer reads
  match the request being asked and the reply being replayed. Anything else is a
  :class:`FaithCacheWarning` naming the file and a miss: never a crash, never a wrong reply.
* No secret is written: the request holds none, and every string that echoes a key
  variable's value (or a fragment of it) is redacted before writing.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import stat
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final, NamedTuple

from pydantic import ValidationError

from pytest_faithful.cache.keys import check_key
from pytest_faithful.cache.limits import MAX_RESPONSE_BYTES, read_within, response_size
from pytest_faithful.cache.usage import RecordingsUse, recorder
from pytest_faithful.cache.views import asked_view, reply_view
from pytest_faithful.errors import FaithCacheWarning
from pytest_faithful.files import write_text
from pytest_faithful.providers.base import JudgeRequest, JudgeResponse
from pytest_faithful.redaction import echoes_secret, masked_view, redact
from pytest_faithful.text import nesting

FORMAT: Final = 1
"""The recording file format; a file of another format is refused (read as a miss)."""

SUFFIX: Final = ".json"
# Room in a file for what surrounds its reply (format, key, test, judge, the reply's
# indentation). The reviewer views are left out of a file they would take over the limit
# (see _fitting), so a file holding any reply within the limit is within this much more.
_FRAMING_BYTES: Final = 64 * 1024
# Fields a replay does not need, in the order they are given up to keep a file within its limit:
# first the views that grow with the request and the reply, then everything else.
_VIEWS: Final = frozenset({"asked", "reply_json"})
_NOT_REPLAYED: Final = _VIEWS | {"judge", "model", "prompt_version", "test"}
# Replies longer than this are not also shown parsed: nobody reviews a megabyte of JSON.
_MAX_REPLY_VIEW_CHARS: Final = 1024 * 1024
_SURROGATE: Final = re.compile("[\ud800-\udfff]")
_SHARD: Final = re.compile(r"[0-9a-f]{2}")
_NAME: Final = re.compile(r"(?P<key>[0-9a-f]{64})\.json")
# A write in progress (files.write_text: ``.<name>.<random>.tmp``); one older than
# _ABANDONED_S was left by a process killed while writing (an xdist worker that crashed).
_WRITING: Final = re.compile(r"\.[0-9a-f]{64}\.json\.[0-9a-z_]+\.tmp")
_ABANDONED_S: Final = 60.0
_REQUEST_FIELDS: Final = (
    ("judge", "kind"),
    ("model", "model"),
    ("prompt_version", "prompt_version"),
)


class RecordingRefused(ValueError):
    """A file in the recordings directory that is not read (its reason is the message)."""


class Origin(NamedTuple):
    """What a recording says of where it came from."""

    test: str | None
    recorder: str | None  # "kind:model" of the judge that recorded it


def _recorder_of(request: JudgeRequest | None) -> str | None:
    return None if request is None else recorder(request.kind, request.model)


def _scrub(value: Any) -> Any:
    """``value`` with every string that echoes a secret redacted."""
    if isinstance(value, str):
        return redact(value) if echoes_secret(value) else value
    if isinstance(value, list):
        return [_scrub(v) for v in value]
    if isinstance(value, dict):
        return {k: _scrub(v) for k, v in value.items()}
    return value


def _document(
    key: str, reply: dict[str, Any], request: JudgeRequest | None, test: str | None
) -> dict[str, Any]:
    """A recording of ``reply`` (a response's JSON form, already scrubbed)."""
    document: dict[str, Any] = {"format": FORMAT, "key": key, "reply": reply}
    text = reply["text"]
    if len(text) <= _MAX_REPLY_VIEW_CHARS:
        parsed = reply_view(text)
        if parsed is not None:
            document["reply_json"] = parsed
    if request is not None:
        for field, attribute in _REQUEST_FIELDS:
            document[field] = _scrub(getattr(request, attribute))
        document["asked"] = _scrub(asked_view(request))
    if test:
        document["test"] = _scrub(test)
    return document


def dumps(document: dict[str, Any]) -> str:
    """A recording's text: two-space indents, sorted keys, UTF-8 as is, a final newline.

    A lone surrogate (a reply can hold one: JSON's ``"\\ud800"`` parses to it) has no UTF-8
    form, so it is written as that escape, which reads back as the same string.
    """
    text = json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    return _SURROGATE.sub(lambda match: f"\\u{ord(match.group()):04x}", text)


def _fitting(document: dict[str, Any], max_bytes: int) -> str | None:
    """The text of ``document`` in at most ``max_bytes``, leaving out what a replay does not
    need if it must; ``None`` if even the reply alone does not fit."""
    for left_out in (frozenset(), _VIEWS, _NOT_REPLAYED):
        text = dumps({k: v for k, v in document.items() if k not in left_out})
        if len(text.encode("utf-8")) <= max_bytes:
            return text
    return None


_NOFOLLOW: Final = getattr(os, "O_NOFOLLOW", 0)
_READ_FLAGS: Final = (
    os.O_RDONLY | getattr(os, "O_BINARY", 0) | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0)
)


def _read_file(path: str, max_bytes: int) -> bytes | None:
    """The bytes of a recording file; ``None`` when there is none; :class:`RecordingRefused` for a
    link, a non-regular file, one too large or one that cannot be read."""
    try:
        if not _NOFOLLOW and os.path.islink(path):  # where open cannot refuse links itself
            raise RecordingRefused("it is a symbolic link")
        fd = os.open(path, _READ_FLAGS)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise RecordingRefused("it is a symbolic link") from None
        raise RecordingRefused(f"it cannot be read ({type(exc).__name__})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):  # checked before a read could block or fail
            raise RecordingRefused("it is not a regular file")
        if info.st_size > max_bytes:
            raise RecordingRefused(f"it is larger than {max_bytes:,} bytes")
    except BaseException:
        os.close(fd)
        raise
    with os.fdopen(fd, "rb") as file:
        data = read_within(file, info.st_size, max_bytes)
    if len(data) > max_bytes:
        raise RecordingRefused(f"it is larger than {max_bytes:,} bytes")
    return data


def _parse(data: bytes) -> dict[str, Any]:
    try:
        # utf-8-sig: a byte-order mark an editor left (a merge resolved by hand) is no damage.
        document = nesting.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise RecordingRefused("it is not JSON") from None
    if not isinstance(document, dict):
        raise RecordingRefused("it is not a JSON object")
    found = document.get("format")
    if type(found) is not int or found != FORMAT:  # true and 1.0 are == 1 too
        newer = type(found) is int and found > FORMAT  # recording again would downgrade it
        reads = f"newer than the {FORMAT} this pytest-faithful reads: upgrade pytest-faithful"
        raise RecordingRefused(f"its format is {found!r}, {reads if newer else f'not {FORMAT}'}")
    return document


def _response(
    key: str, document: dict[str, Any], request: JudgeRequest | None, max_bytes: int
) -> JudgeResponse:
    """The reply of a parsed recording, once everything a reviewer reads in it is checked and
    it is within the size every store records (``max_bytes``)."""
    if document.get("key") != key:
        raise RecordingRefused("the key inside it is not its file name")
    try:
        response = JudgeResponse.model_validate(document.get("reply"))
    except ValidationError as exc:
        problems = exc.error_count()
        raise RecordingRefused(
            f"its reply is not a judge response ({problems} validation "
            f"error{'s' if problems != 1 else ''})"
        ) from None
    size = response_size(response.model_dump(mode="json"))
    if size > max_bytes:
        # Another store would not take it: one that replays here only is not a recording.
        raise RecordingRefused(
            f"its reply is {size:,} bytes as JSON, more than the {max_bytes:,} any store records"
        )
    if "reply_json" in document and document["reply_json"] != reply_view(response.text):
        raise RecordingRefused("its reply_json is not its reply text")
    test = document.get("test")
    if test is not None and not isinstance(test, str):
        raise RecordingRefused("its test is not a string")
    if request is not None:
        for field, attribute in _REQUEST_FIELDS:
            if field in document and not _shows(document[field], getattr(request, attribute)):
                raise RecordingRefused(f"its {field} is not the request's")
        if "asked" in document and not _shows(document["asked"], asked_view(request)):
            raise RecordingRefused("what it says was asked is not the request")
    return response


def _shows(stored: Any, value: Any) -> bool:
    """Whether a file shows ``value``: as is, or redacted as it was when written.

    The recorder redacted with its own keys; a run without them (CI replaying without keys)
    cannot redact the same way, so a view also shows the value when each of its strings is the
    value's with runs masked (:func:`~pytest_faithful.redaction.masked_view`).
    """
    return bool(stored == value or stored == _scrub(value) or masked_view(stored, value))


def _entries(directory: str) -> list[os.DirEntry[str]]:
    with os.scandir(directory) as found:
        return sorted(found, key=lambda e: e.name)


def _quiet(entry: os.DirEntry[str]) -> bool:
    """A dot file (``.gitattributes``, a write in progress) is skipped without a warning; a
    directory, a link or a ``..`` name is not."""
    return (
        entry.name.startswith(".")
        and not entry.name.startswith("..")
        and entry.is_file(follow_symlinks=False)
    )


def _abandoned(entry: os.DirEntry[str]) -> bool:
    """A write in progress that no process has touched for a minute."""
    if not _WRITING.fullmatch(entry.name):
        return False
    try:
        return time.time() - entry.stat(follow_symlinks=False).st_mtime > _ABANDONED_S
    except OSError:  # renamed into place meanwhile
        return False


class RecordingStore:
    """A directory of recording files, behind the same interface as the diskcache store.

    ``use`` is what this process asked for, read and recorded (:class:`RecordingsUse`).
    ``current_test`` (set by the pytest plugin around each check) is written into the
    recordings made meanwhile, for reviewers and for deciding which recordings a partial run
    could have used.
    """

    def __init__(
        self, directory: str | os.PathLike[str], *, max_response_bytes: int = MAX_RESPONSE_BYTES
    ) -> None:
        self._directory = Path(directory).expanduser().absolute()
        self._root = str(self._directory)
        # The limit every store shares (limits.py); a parameter so that tests can use a small one.
        self._max_response_bytes = max_response_bytes
        self._max_file_bytes = max_response_bytes + _FRAMING_BYTES
        self.current_test: str | None = None
        self.use = RecordingsUse()

    @property
    def directory(self) -> Path:
        return self._directory

    def path_for(self, key: str) -> Path:
        check_key(key)
        return self._directory / key[:2] / f"{key}{SUFFIX}"

    def relative(self, key: str) -> str:
        """The file of ``key`` inside the directory, as git shows it."""
        return f"{key[:2]}/{key}{SUFFIX}"

    def get(self, key: str, request: JudgeRequest | None = None) -> JudgeResponse | None:
        """The recorded response for ``key`` (the hash of ``request``, when given), or ``None``
        when there is none or its file is refused (with a warning naming the file)."""
        check_key(key)
        self.use.ask(key, self.current_test, _recorder_of(request))
        try:
            document = self._load(key)
            if document is None:
                self.use.refused.pop(key, None)  # deleted since: nothing left to mend
                return None
            response = _response(key, document, request, self._max_response_bytes)
        except RecordingRefused as exc:
            self.use.refuse(key, str(exc))
            self._warn(f"ignoring {self.path_for(key)}: {exc}; read as a miss")
            return None
        self.use.read(key)
        return response

    def refusal(self, key: str) -> str | None:
        """Why the file of ``key`` could not be read when last asked for; ``None`` if it was
        read, recorded since, never asked for, or not there."""
        return self.use.refused.get(key)

    def asked(self, key: str) -> None:
        """Note that the current test asked for ``key``, its reply reused from a memo."""
        self.use.ask(key, self.current_test)

    def put(self, key: str, response: JudgeResponse, request: JudgeRequest | None = None) -> bool:
        """Write (or overwrite) the recording of ``key``: whether it was written (a warning
        says why not)."""
        path = self.path_for(key)
        self.use.ask(key, self.current_test, _recorder_of(request))
        try:
            text = self._text(key, response, request)
            self._check_shard(key, create=True)
            write_text(path, text)
        except (RecordingRefused, OSError) as exc:
            self._warn(
                f"response for {key} not recorded in {path}: {exc}; a recording made earlier "
                "for this key, if any, is kept"
            )
            return False
        self.use.wrote(key)
        return True

    def stored_keys(self, problems: list[str] | None = None) -> list[str]:
        """Every key with a recording file, sorted. Entries that are not recordings are left
        alone (never read, never pruned) and reported: appended to ``problems`` when given (the
        plugin prints them at the end of a run, where a warning under ``-W error`` would be an
        internal error), else as warnings."""
        found: list[str] = []
        reported: list[str] = [] if problems is None else problems
        try:
            found.extend(self._scan(reported))
        finally:
            if problems is None:
                for problem in reported:
                    self._warn(problem)
        return sorted(found)

    def origin(self, key: str) -> Origin:
        """Which test and which judge recorded ``key``, as far as its file says (a file exported
        from a diskcache names neither; no file, nothing). :class:`RecordingRefused` says why
        when the file would not be replayed."""
        document = self._load(key)
        if document is None:
            return Origin(None, None)
        # Refuses what get() would refuse, whatever the request.
        _response(key, document, None, self._max_response_bytes)
        test, kind, model = (document.get(name) for name in ("test", "judge", "model"))
        return Origin(
            test if isinstance(test, str) else None,
            recorder(kind, model) if isinstance(kind, str) and isinstance(model, str) else None,
        )

    def recorders(self) -> Iterator[str]:
        """The judge (:func:`~pytest_faithful.cache.usage.recorder`) of each file that says,
        file by file, read as they are asked for: files that cannot be read are left out."""
        for key in self.stored_keys([]):
            try:
                made_by = self.origin(key).recorder
            except RecordingRefused:
                continue
            if made_by is not None:
                yield made_by

    def name_test(self, key: str, test: str) -> bool:
        """Make the recording of ``key`` name ``test`` as the test that recorded it, rewriting
        its file only if it names another: whether it did. :class:`RecordingRefused` when the
        file cannot be read or written (a file that is gone is left so)."""
        document = self._load(key)
        if document is None:
            return False
        _response(key, document, None, self._max_response_bytes)
        shown = _scrub(test)
        if document.get("test") == shown:
            return False
        text = _fitting({**document, "test": shown}, self._max_file_bytes)
        if text is None:
            raise RecordingRefused(f"its file would be over {self._max_file_bytes:,} bytes")
        try:
            write_text(self.path_for(key), text)
        except OSError as exc:
            raise RecordingRefused(f"it cannot be written ({type(exc).__name__})") from None
        return True

    def remove(self, key: str) -> bool:
        """Delete the recording of ``key`` (a regular file only), and its shard once empty."""
        path = self.path_for(key)
        try:
            self._check_shard(key, create=False)
            if not stat.S_ISREG(os.lstat(path).st_mode):
                return False
            path.unlink()
        except (RecordingRefused, OSError):
            return False
        with contextlib.suppress(OSError):  # not empty, or another process wrote meanwhile
            path.parent.rmdir()
        return True

    def close(self) -> None:
        """Nothing to release: every file is closed after each read and write."""

    def __repr__(self) -> str:
        return f"RecordingStore({str(self._directory)!r})"

    # -- internals ----------------------------------------------------------------------------

    def _warn(self, message: str) -> None:
        warnings.warn(f"pytest-faithful recordings: {message}", FaithCacheWarning, stacklevel=4)

    def _check_shard(self, key: str, *, create: bool) -> None:
        """Refuse a shard directory that is a link or not a directory; create it if asked."""
        shard = os.path.join(self._root, key[:2])
        try:
            mode = os.lstat(shard).st_mode
        except FileNotFoundError:
            if create:
                os.makedirs(shard, exist_ok=True)
            return
        if stat.S_ISLNK(mode):
            raise RecordingRefused(f"its directory {shard} is a symbolic link")
        if not stat.S_ISDIR(mode):
            raise RecordingRefused(f"{shard} is not a directory")

    def _text(self, key: str, response: JudgeResponse, request: JudgeRequest | None) -> str:
        """The file of a recording, within the limits every store keeps (else refused)."""
        reply = _scrub(response.model_dump(mode="json"))
        size = response_size(reply)
        if size > self._max_response_bytes:
            raise RecordingRefused(
                f"its JSON is {size:,} bytes, more than the {self._max_response_bytes:,} any "
                "store records"
            )
        # The smallest test that asked in this process so far: the plugin settles the run's.
        test = self.use.askers.get(key, self.current_test)
        text = _fitting(_document(key, reply, request, test), self._max_file_bytes)
        if text is None:  # the framing alone is over the slack: only a very small test limit
            raise RecordingRefused(f"its file would be over {self._max_file_bytes:,} bytes")
        return text

    def _load(self, key: str) -> dict[str, Any] | None:
        self._check_shard(key, create=False)
        data = _read_file(os.path.join(self._root, key[:2], f"{key}{SUFFIX}"), self._max_file_bytes)
        return None if data is None else _parse(data)

    def _scan(self, problems: list[str]) -> Iterator[str]:
        try:
            shards = _entries(self._root)
        except (FileNotFoundError, NotADirectoryError):
            return
        except OSError as exc:
            problems.append(f"cannot list {self._root} ({type(exc).__name__})")
            return
        for shard in shards:
            if _quiet(shard):
                continue  # .gitattributes, .gitkeep and the like
            if not _SHARD.fullmatch(shard.name):
                problems.append(f"ignoring {shard.path}: not a recording shard (two hex digits)")
                continue
            if shard.is_symlink() or not shard.is_dir(follow_symlinks=False):
                problems.append(f"ignoring {shard.path}: not a directory (a link or a file)")
                continue
            try:
                entries = _entries(shard.path)
            except OSError as exc:
                problems.append(f"cannot list {shard.path} ({type(exc).__name__})")
                continue
            for entry in entries:
                if _quiet(entry):
                    if _abandoned(entry):
                        problems.append(
                            f"{entry.path}: half a recording, left by a process killed while "
                            "writing it; delete it (git would commit it)"
                        )
                    continue  # another process's write in progress
                match = _NAME.fullmatch(entry.name)
                if match is None or not entry.name.startswith(shard.name):
                    problems.append(f"ignoring {entry.path}: not a recording name (<key>.json)")
                elif entry.is_symlink() or not entry.is_file(follow_symlinks=False):
                    problems.append(f"ignoring {entry.path}: not a regular file (a link or other)")
                else:
                    yield match["key"]
