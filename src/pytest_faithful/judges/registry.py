"""Judge spec strings and the registry that turns them into judges.

A spec is ``KIND`` or ``KIND:MODEL`` or ``KIND:MODEL@BASE_URL`` (``lexical``,
``anthropic:claude-sonnet-4-5``, ``openai:qwen2.5@http://127.0.0.1:8080/v1``,
``local:/models/judge.gguf``). Kinds map to factories in a registry; other packages add kinds
through the ``pytest_faithful_register_judges`` hook.
"""

from __future__ import annotations

import functools
import importlib
import os
from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from pytest_faithful.judges.llm.options import LLMOptions
from pytest_faithful.judges.llm.structured import StructuredOutputMemory
from pytest_faithful.judges.local.options import LocalOptions
from pytest_faithful.record_modes import DEFAULT_RECORD_MODE, RecordMode, parse_record_mode
from pytest_faithful.redaction import redact

# Only what the plugin needs at pytest start-up is imported above (no pydantic, diskcache or
# judge modules): a run whose tests check nothing should not pay for them.
if TYPE_CHECKING:
    from pytest_faithful.cache.replay import CachedBackend
    from pytest_faithful.cache.store import CallCache
    from pytest_faithful.judges.base import Judge
    from pytest_faithful.providers.base import Backend
    from pytest_faithful.providers.runner import AsyncRunner

DEFAULT_CACHE_DIR = ".faith-cache"


@dataclass(frozen=True)
class JudgeSpec:
    """A parsed spec. Shown (``str``, ``repr``, messages) with any credentials of its base URL
    redacted: specs appear in headers, reports and tracebacks; ``base_url`` keeps them."""

    kind: str
    model: str | None = None
    base_url: str | None = None

    @classmethod
    def parse(cls, spec: str) -> JudgeSpec:
        text = spec.strip()
        shown = redact(spec)
        kind, sep, rest = text.partition(":")
        kind = kind.strip().lower()
        if not kind or not kind.replace("_", "").replace("-", "").isalnum():
            raise ValueError(
                f"judge spec {shown!r} is not KIND, KIND:MODEL or KIND:MODEL@BASE_URL "
                "(e.g. 'lexical', 'openai:gpt-4o-mini')"
            )
        if not sep:
            return cls(kind)
        model, at, base_url = rest.partition("@") if kind != "local" else (rest, "", "")
        if not model.strip():
            raise ValueError(f"judge spec {shown!r} names no model after '{kind}:'")
        if at and not base_url.strip():
            raise ValueError(f"judge spec {shown!r} has '@' but no base URL after it")
        return cls(kind, model.strip(), base_url.strip() or None)

    def __str__(self) -> str:
        text = self.kind if self.model is None else f"{self.kind}:{self.model}"
        return text if self.base_url is None else f"{text}@{redact(self.base_url)}"

    def __repr__(self) -> str:
        base_url = None if self.base_url is None else redact(self.base_url)
        return f"JudgeSpec(kind={self.kind!r}, model={self.model!r}, base_url={base_url!r})"


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
    ) -> None:
        self.cache_dir = Path(cache_dir)
        self.record_mode = parse_record_mode(record_mode)
        self.llm = llm or LLMOptions()
        self.local = local or LocalOptions()
        self.structured_output_memory = StructuredOutputMemory()
        self._cache: CallCache | None = None
        self._runner: AsyncRunner | None = None
        self._shared: dict[Hashable, Any] = {}

    def runner(self) -> AsyncRunner:
        """The run's event loop for provider calls, with the ``max_concurrency`` limit."""
        if self._runner is None:
            # Imported here: asyncio and ssl cost start-up time runs without providers never need.
            from pytest_faithful.providers.runner import AsyncRunner

            self._runner = AsyncRunner(self.llm.max_concurrency)
        return self._runner

    def cached(self, backend: Backend) -> CachedBackend:
        """``backend`` behind this run's call cache and record mode."""
        from pytest_faithful.cache.replay import CachedBackend
        from pytest_faithful.cache.store import CallCache

        if self.record_mode == "off":
            return CachedBackend(backend, None, "off")
        if self._cache is None:
            self._cache = CallCache(self.cache_dir)
        return CachedBackend(backend, self._cache, self.record_mode)

    def shared(self, key: Hashable, make: Callable[[], _T]) -> _T:
        """The one object for ``key`` in this run, made by ``make()`` on first use.

        A judge kind keeps what its judges share here (each local model file, loaded once);
        :meth:`close` closes whatever has a ``close()``.
        """
        if key not in self._shared:
            self._shared[key] = make()
        made: _T = self._shared[key]
        return made

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
        return f"JudgeOptions(cache_dir={str(self.cache_dir)!r}, record_mode={self.record_mode!r})"


JudgeFactory = Callable[[JudgeSpec, JudgeOptions], "Judge"]
# The environment variable that makes a provider the default judge, in order of preference.
DEFAULT_JUDGE_KEYS: tuple[tuple[str, str], ...] = (
    ("anthropic", "ANTHROPIC_API_KEY"),
    ("openai", "OPENAI_API_KEY"),
)
FALLBACK_JUDGE = "lexical"


@dataclass
class JudgeRegistry:
    """Kind name -> factory. One per session (plugin) or per call (``verify``); never global."""

    factories: dict[str, JudgeFactory] = field(default_factory=dict)

    def register(self, kind: str, factory: JudgeFactory) -> None:
        key = kind.strip().lower()
        if key in self.factories:
            raise ValueError(f"a judge kind named {key!r} is already registered")
        self.factories[key] = factory

    def __contains__(self, kind: object) -> bool:
        return kind in self.factories

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self.factories))

    def build(self, spec: str | JudgeSpec, options: JudgeOptions) -> Judge:
        parsed = JudgeSpec.parse(spec) if isinstance(spec, str) else spec
        factory = self.factories.get(parsed.kind)
        if factory is None:
            known = ", ".join(self) or "none"
            raise ValueError(
                f"unknown judge kind {parsed.kind!r} in spec {str(parsed)!r}; known kinds: {known}"
            )
        return factory(parsed, options)

    def default_spec(self, environ: Mapping[str, str] | None = None) -> str:
        """The judge to use when none is configured: a provider whose key is set, else lexical."""
        env = os.environ if environ is None else environ
        for kind, variable in DEFAULT_JUDGE_KEYS:
            if kind in self and env.get(variable):
                return kind
        return FALLBACK_JUDGE


# Module and factory of each built-in kind, imported on the first build so that a registry
# costs nothing to make and a run imports only the judges it uses.
_BUILTIN_FACTORIES: tuple[tuple[str, str, str], ...] = (
    ("lexical", "pytest_faithful.judges.lexical.judge", "make_lexical_judge"),
    ("anthropic", "pytest_faithful.judges.llm.factories", "make_anthropic_judge"),
    ("openai", "pytest_faithful.judges.llm.factories", "make_openai_judge"),
    ("local", "pytest_faithful.judges.local.judge", "make_local_judge"),
)


def _imported_on_first_use(module: str, name: str) -> JudgeFactory:
    def factory(spec: JudgeSpec, options: JudgeOptions) -> Judge:
        made: Judge = getattr(importlib.import_module(module), name)(spec, options)
        return made

    return factory


def builtin_registry() -> JudgeRegistry:
    registry = JudgeRegistry()
    for kind, module, name in _BUILTIN_FACTORIES:
        registry.register(kind, _imported_on_first_use(module, name))
    return registry


# Other packages add judge kinds under this entry-point group: the name is the kind, the value
# "module:factory" (a JudgeFactory), imported on the first build like the built-ins.
ENTRY_POINT_GROUP = "pytest_faithful.judges"


@functools.cache  # read once per process: verify() builds a registry on every call
def _entry_points() -> tuple[metadata.EntryPoint, ...]:
    return tuple(metadata.entry_points(group=ENTRY_POINT_GROUP))


def _loaded_on_first_use(entry_point: metadata.EntryPoint) -> JudgeFactory:
    def factory(spec: JudgeSpec, options: JudgeOptions) -> Judge:
        made: Judge = entry_point.load()(spec, options)
        return made

    return factory


def installed_registry() -> JudgeRegistry:
    """The built-in judge kinds plus those installed packages declare under the entry-point
    group ``pytest_faithful.judges``: what ``verify()`` and the plugin both start from.

    A kind declared twice (or shadowing a built-in) is a ``ValueError`` naming it.
    """
    registry = builtin_registry()
    for entry_point in _entry_points():
        registry.register(entry_point.name, _loaded_on_first_use(entry_point))
    return registry
