"""What a run's judges share: settings, the call cache, the async runner, loaded models.

One :class:`JudgeOptions` per pytest session (closed at its end) or per ``verify()`` call.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from pytest_faithful.cache.invocation import Invocation
from pytest_faithful.cache.usage import RecordingsUse
from pytest_faithful.judges.llm.options import LLMOptions
from pytest_faithful.judges.llm.structured import StructuredOutputMemory
from pytest_faithful.judges.local.options import LocalOptions
from pytest_faithful.vocab import (
    DEFAULT_CACHE_DIR,
    DEFAULT_RECORD_MODE,
    RecordMode,
    parse_record_mode,
)

# Only what the plugin needs at pytest start-up is imported above (no pydantic, diskcache or
# judge modules): a run whose tests check nothing should not pay for them.
if TYPE_CHECKING:
    from pytest_faithful.cache.replay import CachedBackend, CallStore
    from pytest_faithful.cost.meter import Meter
    from pytest_faithful.cost.options import CostOptions
    from pytest_faithful.providers.base import Backend
    from pytest_faithful.providers.runner import AsyncRunner

_T = TypeVar("_T")


class JudgeOptions:
    """Run-wide settings every judge factory gets, and what their judges share in a process.

    Shared: the call cache, opened on first use (a run that only uses the lexical judge
    creates no cache directory) and once per process, however many judges use it; the
    :class:`AsyncRunner` whose concurrency limit all provider calls obey (its thread starts on
    first use); what each OpenAI-compatible server accepted as structured output; and what a
    judge kind keeps in :meth:`shared` (each local model file, loaded at most once per process).
    """

    def __init__(
        self,
        cache_dir: str | Path = DEFAULT_CACHE_DIR,
        record_mode: RecordMode = DEFAULT_RECORD_MODE,
        llm: LLMOptions | None = None,
        local: LocalOptions | None = None,
        recordings_dir: str | Path | None = None,
        invocation: Invocation | None = None,
        cost: CostOptions | None = None,
        ledger_path: Path | None = None,
        ledger_holder: str | None = None,
    ) -> None:
        self.cache_dir = Path(cache_dir)
        # A directory of committed JSON recordings, used instead of the diskcache at cache_dir.
        self.recordings_dir = Path(recordings_dir) if recordings_dir is not None else None
        # Where pytest was run (from the plugin): the record command a miss prints works there.
        self.invocation = invocation
        self.record_mode = parse_record_mode(record_mode)
        self.llm = llm or LLMOptions()
        self.local = local or LocalOptions()
        self.structured_output_memory = StructuredOutputMemory()
        self._cache: CallStore | None = None
        self._current_test: str | None = None
        self._runner: AsyncRunner | None = None
        self._shared: dict[Hashable, Any] = {}
        # Prices, budget and estimate (the pytest plugin's): None outside pytest, where no
        # call is priced. ``ledger_path``: the run's budget and estimate file, shared by xdist
        # workers.
        self.cost = cost
        self._ledger_path = ledger_path
        # Whose reservations this process's are in that file (an xdist worker's id).
        self._ledger_holder = ledger_holder
        self._meter: Meter | None = None
        # What is made on first use is made once, whichever of several threads' checks come
        # first (two runners would be two limits; two meters, two budgets). Reentrant: a maker
        # may ask for another (a judge kind's shared object for the runner).
        self._lock = threading.RLock()

    def meter(self) -> Meter | None:
        """The run's meter, made on first use; None without cost options."""
        if self.cost is None:
            return None
        with self._lock:
            return self._made_meter(self.cost)

    def _made_meter(self, cost: CostOptions) -> Meter:
        if self._meter is None:
            from pytest_faithful.cost.ledger import FileLedger
            from pytest_faithful.cost.meter import Meter
            from pytest_faithful.cost.prices import packaged_table

            ledger = None
            if (cost.max_cost is not None or cost.estimate) and self._ledger_path is not None:
                ledger = FileLedger(self._ledger_path, self._ledger_holder)
            self._meter = Meter(
                packaged_table().with_overrides(cost.prices),
                max_cost=cost.max_cost,
                estimate=cost.estimate,
                ledger=ledger,
            )
        return self._meter

    def runner(self) -> AsyncRunner:
        """The run's event loop for provider calls, with the ``max_concurrency`` limit."""
        with self._lock:
            if self._runner is None:
                # Imported here: asyncio and ssl cost start-up time runs without providers
                # never need.
                from pytest_faithful.providers.runner import AsyncRunner

                self._runner = AsyncRunner(self.llm.max_concurrency)
            return self._runner

    def cached(self, backend: Backend) -> CachedBackend:
        """``backend`` behind this run's call cache and record mode."""
        from pytest_faithful.cache.replay import CachedBackend

        if self.record_mode == "off":
            return CachedBackend(backend, None, "off", meter=self.meter())
        with self._lock:
            if self._cache is None:
                if self.recordings_dir is not None:
                    from pytest_faithful.cache.recordings import RecordingStore

                    self._cache = RecordingStore(self.recordings_dir)
                else:
                    from pytest_faithful.cache.store import CallCache

                    self._cache = CallCache(self.cache_dir)
                self._cache.current_test = self._current_test
            cache = self._cache
        return CachedBackend(backend, cache, self.record_mode, self.invocation, meter=self.meter())

    def set_current_test(self, test: str | None) -> None:
        """Name the test whose checks run now (the pytest plugin does, around each test):
        recordings made meanwhile say which test made them, and a miss says how to rerun it."""
        self._current_test = test
        if self._cache is not None:
            self._cache.current_test = test

    def recordings_use(self) -> RecordingsUse:
        """What this process's checks did with a recordings directory (nothing with the
        diskcache store, or before any judge call)."""
        use = getattr(self._cache, "use", None)
        return use if isinstance(use, RecordingsUse) else RecordingsUse()

    def shared(self, key: Hashable, make: Callable[[], _T]) -> _T:
        """The one object for ``key`` in this run, made by ``make()`` on first use.

        A judge kind keeps what its judges share here (each local model file, loaded once);
        :meth:`close` closes whatever has a ``close()``.
        """
        with self._lock:
            if key not in self._shared:
                self._shared[key] = make()
            made: _T = self._shared[key]
        return made

    async def aclose(self) -> None:
        """:meth:`close`, from a coroutine: what the runner made for the running loop (its
        SDK clients) is closed on it first, which a blocking close cannot do."""
        if self._runner is not None:
            await self._runner.aclose()
        self.close()

    def close(self) -> None:
        for value in self._shared.values():
            close = getattr(value, "close", None)
            if callable(close):
                close()
        self._shared.clear()
        if self._runner is not None:
            self._runner.close()
            self._runner = None
        if self._cache is not None:
            self._cache.close()
            self._cache = None

    def __repr__(self) -> str:
        store = (
            f"recordings_dir={str(self.recordings_dir)!r}"
            if self.recordings_dir is not None
            else f"cache_dir={str(self.cache_dir)!r}"
        )
        return f"JudgeOptions({store}, record_mode={self.record_mode!r})"
