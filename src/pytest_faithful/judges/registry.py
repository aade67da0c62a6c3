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
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from importlib import metadata
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from pytest_faithful.judges.resources import JudgeOptions
from pytest_faithful.redaction import redact

# Only what the plugin needs at pytest start-up is imported above (no pydantic, diskcache or
# judge modules): a run whose tests check nothing should not pay for them.
if TYPE_CHECKING:
    from pytest_faithful.judges.base import Judge


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
        kind, sep, rest = text.partition(":")
        kind = kind.strip().lower()
        if not kind or not kind.replace("_", "").replace("-", "").isalnum():
            raise ValueError(
                f"judge spec {redact(spec)!r} is not KIND, KIND:MODEL or KIND:MODEL@BASE_URL "
                "(e.g. 'lexical', 'openai:gpt-4o-mini')"
            )
        if not sep:
            return cls(kind)
        model, at, base_url = rest.partition("@") if kind != "local" else (rest, "", "")
        if not model.strip():
            raise ValueError(f"judge spec {redact(spec)!r} names no model after '{kind}:'")
        if at and not base_url.strip():
            raise ValueError(f"judge spec {redact(spec)!r} has '@' but no base URL after it")
        if at and kind in HTTP_KINDS:
            problem = _url_problem(base_url.strip())
            if problem is not None:
                raise ValueError(f"judge spec {redact(spec)!r}: its base URL {problem}")
        return cls(kind, model.strip(), base_url.strip() or None)

    def __str__(self) -> str:
        text = self.kind if self.model is None else f"{self.kind}:{self.model}"
        return text if self.base_url is None else f"{text}@{redact(self.base_url)}"

    def __repr__(self) -> str:
        base_url = None if self.base_url is None else redact(self.base_url)
        return f"JudgeSpec(kind={self.kind!r}, model={self.model!r}, base_url={base_url!r})"


HTTP_KINDS = ("openai", "anthropic")
"""The built-in kinds whose base URL is an HTTP server's: one that can never be reached is a
mistake in the spec, said when it is read, not after a request and its retries."""


def _url_problem(url: str) -> str | None:
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - reading it checks it: "Port out of range", not a number
    except ValueError as exc:
        return f"cannot be read ({redact(str(exc))})"
    if parts.scheme.lower() not in ("http", "https"):
        return "must start with http:// or https://"
    if not parts.hostname:
        return "names no host"
    return None


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

    def choose(self, spec: str | None, environ: Mapping[str, str] | None = None) -> str:
        """The spec a check uses: ``spec`` when one is given, else :meth:`default_spec`.

        The one place that decides the default judge, for ``verify()`` and the plugin alike.
        """
        return spec or self.default_spec(environ)

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
