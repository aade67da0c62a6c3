"""Replay or record: a backend behind the call cache, by vcrpy's record modes.

One pure function, :func:`decide`, turns a record mode and a
cache hit into an action; :class:`CachedBackend` goes through it for every request it
puts in front of its :class:`Backend`.
"""

from __future__ import annotations

import enum
import shlex
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from pytest_faithful.cache.invocation import Invocation
from pytest_faithful.errors import CacheMissError
from pytest_faithful.providers.base import Backend, JudgeRequest, JudgeResponse, complete_async
from pytest_faithful.vocab import DEFAULT_RECORD_MODE, RecordMode, parse_record_mode

if TYPE_CHECKING:
    from pytest_faithful.cost.meter import Meter


class CallStore(Protocol):
    """Where recordings are kept: the diskcache store (:class:`~pytest_faithful.cache.store.
    CallCache`) or a directory of JSON files (:class:`~pytest_faithful.cache.recordings.
    RecordingStore`). ``request`` is the request ``key`` hashes: a store may keep a readable
    view of it and check that view on reading. ``current_test`` names the test asking, if
    any (set by the pytest plugin). ``put`` says whether it stored the response (a store warns
    why not, and a run goes on without it). ``refusal`` says why the entry of ``key`` was there but
    could not be read when last asked for, so that a miss can say so."""

    current_test: str | None

    @property
    def directory(self) -> Path: ...

    def get(self, key: str, request: JudgeRequest | None = None) -> JudgeResponse | None: ...

    def refusal(self, key: str) -> str | None: ...

    def asked(self, key: str) -> None:
        """Note that ``key`` was asked for again without being read: its reply was reused
        from an in-process memo (:class:`Asks`)."""

    def put(
        self, key: str, response: JudgeResponse, request: JudgeRequest | None = None
    ) -> bool: ...

    def close(self) -> None: ...


class Action(enum.Enum):
    """What :class:`CachedBackend` does with one request."""

    REPLAY = "replay"
    """Return the stored response; do not call the backend."""
    CALL_AND_STORE = "call_and_store"
    """Call the backend and store (or overwrite) its response."""
    CALL = "call"
    """Call the backend; neither read nor write the cache."""
    FAIL = "fail"
    """Raise :class:`CacheMissError`; do not call the backend."""


def decide(mode: RecordMode, hit: bool) -> Action:
    """The one decision table for record modes.

    ======  ==============  ==============
    mode    hit             miss
    ======  ==============  ==============
    once    REPLAY          CALL_AND_STORE
    none    REPLAY          FAIL
    all     CALL_AND_STORE  CALL_AND_STORE
    off     CALL            CALL
    ======  ==============  ==============
    """
    if mode == "once":
        return Action.REPLAY if hit else Action.CALL_AND_STORE
    if mode == "none":
        return Action.REPLAY if hit else Action.FAIL
    if mode == "all":
        return Action.CALL_AND_STORE
    if mode == "off":
        return Action.CALL
    parse_record_mode(mode)  # raises with the list of choices
    raise AssertionError("unreachable")  # pragma: no cover


def needs_lookup(mode: RecordMode) -> bool:
    """Whether ``mode`` has to read the cache: derived from :func:`decide`, not a second table."""
    return decide(mode, hit=True) is not decide(mode, hit=False)


class Asks:
    """The store entries asked for inside :func:`noting_asks`: whoever reuses what was computed
    from them (the verifier's claim memo) tells the stores they were asked for again, so that a
    recordings directory knows every test that needed them, not only the first in a process."""

    def __init__(self) -> None:
        self._entries: list[tuple[CallStore, str]] = []

    def add(self, store: CallStore, key: str) -> None:
        self._entries.append((store, key))

    def again(self) -> None:
        for store, key in self._entries:
            store.asked(key)


_ASKS: ContextVar[Asks | None] = ContextVar("pytest_faithful_asks", default=None)


@contextmanager
def noting_asks() -> Iterator[Asks]:
    """Collect the entries :class:`CachedBackend` asks its store for in this block (in this
    thread)."""
    asks = Asks()
    token = _ASKS.set(asks)
    try:
        yield asks
    finally:
        _ASKS.reset(token)


def _note(store: CallStore, key: str) -> None:
    asks = _ASKS.get()
    if asks is not None:
        asks.add(store, key)


@dataclass(frozen=True)
class CachedCompletion:
    """One answered request: the response, whether it was replayed, and its cache key."""

    response: JudgeResponse
    cache_hit: bool
    key: str


class CachedBackend:
    """A :class:`Backend` that replays and records through a :class:`CallStore`.

    ``cache`` may be ``None`` only with mode ``off``; with ``off`` a given cache is never
    touched. Backend errors propagate and are never recorded. ``invocation`` says where the
    user ran pytest, for the command a miss prints (default: the current directory, then).
    ``meter`` (:class:`~pytest_faithful.cost.meter.Meter`) sees every call: each replay, and
    each live call before it is made (where a budget refuses it, or an estimate counts it
    instead of making it) and after.
    """

    def __init__(
        self,
        backend: Backend,
        cache: CallStore | None,
        mode: RecordMode = DEFAULT_RECORD_MODE,
        invocation: Invocation | None = None,
        meter: Meter | None = None,
    ) -> None:
        self._mode = parse_record_mode(mode)
        if cache is None and self._mode != "off":
            raise ValueError(
                f"record mode {self._mode!r} needs a CallStore (a CallCache or a "
                "RecordingStore); pass one, or use mode 'off'"
            )
        self._backend = backend
        self._cache = None if self._mode == "off" else cache
        self._invocation = invocation
        self._meter = meter

    @property
    def kind(self) -> str:
        return self._backend.kind

    def complete(self, request: JudgeRequest) -> JudgeResponse:
        return self.complete_with_status(request).response

    async def acomplete(self, request: JudgeRequest) -> JudgeResponse:
        return (await self.acomplete_with_status(request)).response

    def lookup(self, request: JudgeRequest) -> CachedCompletion | None:
        """The recorded answer to ``request`` if this mode would replay it; never calls.

        Lets a caller with several equivalent ways to ask (e.g. structured-output modes) replay
        whichever was recorded before calling for any of them.
        """
        key = self._replay_key(request)
        if key is None or self._cache is None:
            return None
        return self._replayed(key, self._cache.get(key, request))

    async def alookup(self, request: JudgeRequest) -> CachedCompletion | None:
        """:meth:`lookup` awaited: the store is read in a worker thread."""
        import asyncio  # here: the blocking path never loads it

        key = self._replay_key(request)
        if key is None or self._cache is None:
            return None
        return self._replayed(key, await asyncio.to_thread(self._cache.get, key, request))

    def complete_with_status(
        self, request: JudgeRequest, *, derived: bool = False
    ) -> CachedCompletion:
        """The response to ``request``: replayed, or from the backend, by the record mode.

        ``derived``: the request was built from an estimated reply (``--faith-estimate``), so
        the meter counts it as an estimate that follows another.
        """
        key = self._key(request)
        stored: JudgeResponse | None = None
        if self._cache is not None and needs_lookup(self._mode):
            stored = self._cache.get(key, request)
        action = self._action(request, key, stored)
        if isinstance(action, CachedCompletion):
            return action
        response = self._call(request, derived, self._stored_for_replay(action, key))
        if action is Action.CALL_AND_STORE and self._cache is not None:
            self._cache.put(key, response, request)
        return CachedCompletion(response=response, cache_hit=False, key=key)

    async def acomplete_with_status(
        self, request: JudgeRequest, *, derived: bool = False
    ) -> CachedCompletion:
        """:meth:`complete_with_status` awaited on the running loop: the same decisions, the
        store and the meter's ledger in a worker thread, the backend's ``acomplete`` on the
        loop (or its ``complete`` in a worker thread, for a backend without one)."""
        import asyncio

        key = self._key(request)
        stored: JudgeResponse | None = None
        if self._cache is not None and needs_lookup(self._mode):
            stored = await asyncio.to_thread(self._cache.get, key, request)
        action = self._action(request, key, stored)
        if isinstance(action, CachedCompletion):
            return action
        response = await self._acall(request, derived, self._stored_for_replay(action, key))
        if action is Action.CALL_AND_STORE and self._cache is not None:
            await asyncio.to_thread(self._cache.put, key, response, request)
        return CachedCompletion(response=response, cache_hit=False, key=key)

    def _replay_key(self, request: JudgeRequest) -> str | None:
        """The key to look ``request`` up under, when this mode would replay it."""
        if self._cache is None or decide(self._mode, hit=True) is not Action.REPLAY:
            return None
        key = request.cache_key()
        _note(self._cache, key)
        return key

    def _replayed(self, key: str, stored: JudgeResponse | None) -> CachedCompletion | None:
        if stored is None:
            return None
        if self._meter is not None:
            self._meter.replayed()
        return CachedCompletion(response=stored, cache_hit=True, key=key)

    def _key(self, request: JudgeRequest) -> str:
        if request.kind != self._backend.kind:
            raise ValueError(
                f"request for backend kind {request.kind!r} sent to a {self._backend.kind!r} "
                "backend; its recording would be filed under the wrong kind"
            )
        key = request.cache_key()
        if self._cache is not None:
            _note(self._cache, key)
        return key

    def _action(
        self, request: JudgeRequest, key: str, stored: JudgeResponse | None
    ) -> Action | CachedCompletion:
        """What to do now that the store was read: the replayed completion, a CacheMissError,
        or the action that calls the backend."""
        action = decide(self._mode, hit=stored is not None)
        if action is Action.REPLAY and stored is not None:
            replayed = self._replayed(key, stored)
            assert replayed is not None
            return replayed
        if action is Action.FAIL:
            raise CacheMissError(self._miss_message(request, key))
        return action

    def _stored_for_replay(self, action: Action, key: str) -> str | None:
        """``key`` when this call's response is stored and this mode replays it when asked
        again: an estimate counts such a request once, as the real run pays for it once."""
        stores = action is Action.CALL_AND_STORE and self._cache is not None
        return key if stores and decide(self._mode, hit=True) is Action.REPLAY else None

    def _call(self, request: JudgeRequest, derived: bool, replay_key: str | None) -> JudgeResponse:
        """The live call, through the meter: it may refuse it (budget) or count it instead
        (estimate), and learns what it cost."""
        meter = self._meter
        if meter is None:
            return self._backend.complete(request)
        ticket = meter.before_call(request, derived=derived, replay_key=replay_key)
        try:
            response = self._backend.complete(request)
        except BaseException:
            meter.call_failed(ticket)
            raise
        meter.after_call(ticket, request, response)
        return response

    async def _acall(
        self, request: JudgeRequest, derived: bool, replay_key: str | None
    ) -> JudgeResponse:
        """:meth:`_call` awaited; the meter's ledger (a file xdist workers share) is read and
        written in a worker thread."""
        import asyncio

        from pytest_faithful.providers.runner import in_thread_undone_if_cancelled

        meter = self._meter
        if meter is None:
            return await complete_async(self._backend, request)
        # A check cancelled while its call's budget is being reserved releases the reservation.
        ticket = await in_thread_undone_if_cancelled(
            lambda: meter.before_call(request, derived=derived, replay_key=replay_key),
            meter.call_failed,
        )
        try:
            response = await complete_async(self._backend, request)
        except BaseException:
            await asyncio.to_thread(meter.call_failed, ticket)
            raise
        await asyncio.to_thread(meter.after_call, ticket, request, response)
        return response

    def _miss_message(self, request: JudgeRequest, key: str) -> str:
        where, rerun, keep = self._how_to_record(key)
        asked, refuses, needs = _asked(request, key)
        refused = self._cache.refusal(key) if self._cache is not None else None
        if refused is None:
            found, record = f"no recorded {asked} in {where}", "To record it"
        else:
            # The entry is there: "no recorded call" would send the user looking for a file
            # they can see. Recording again replaces it.
            found = f"the recorded {asked} in {where} is there but cannot be read ({refused})"
            record = "To record it again, replacing it"
        return (
            f"{found}, and record mode 'none' does not {refuses}. {record}, {rerun} {needs}, "
            f"then {keep}."
        )

    def _how_to_record(self, key: str) -> tuple[object, str, str]:
        """Where the entry of ``key`` belongs, the command that records it, and what to keep."""
        cache = self._cache
        path_for = getattr(cache, "path_for", None)
        # Outside pytest (verify() and the judges called directly) the mode is an argument;
        # the plugin always passes where pytest was run.
        outside = self._invocation is None
        if cache is None or path_for is None:
            where = cache.directory if cache is not None else "(no cache)"
            rerun = "run once with --faith-record-mode=once (the default mode)"
            if outside:
                rerun += " (outside pytest: call again with record_mode='once')"
            return where, rerun, "keep the cache directory"
        # A directory of recordings: name the file, the test and the directory to commit, all
        # as typed where pytest was run (the test's node id is relative to the rootdir).
        invocation = self._invocation or Invocation.here()
        directory = invocation.path(cache.directory)
        command = [
            "pytest",
            *invocation.options,  # the run's judge and settings: the same calls, recorded
            "--faith-record-mode=once",
            f"--faith-recordings={directory}",
        ]
        if cache.current_test:
            command.insert(1, invocation.test(cache.current_test))
        rerun = f"run `{shlex.join(command)}`"
        if outside:
            rerun += " (outside pytest: call again with record_mode='once')"
        return path_for(key), rerun, f"commit the new files in {directory}"


def _asked(request: JudgeRequest, key: str) -> tuple[str, str, str]:
    """What was asked, what record mode 'none' does not do, and what recording it needs."""
    if request.kind == "local":
        return (
            f"reading for key {key} (local model {request.model!r}, prompt version "
            f"{request.prompt_version!r})",
            "run the model",
            "where llama-cpp-python is installed and the model file is present",
        )
    return (
        f"judge call for key {key} (kind {request.kind!r}, model {request.model!r}, prompt "
        f"version {request.prompt_version!r})",
        "call the provider",
        "with credentials for the provider",
    )
