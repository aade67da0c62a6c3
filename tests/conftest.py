"""Shared fixtures for the project's tests."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import importlib
import importlib.metadata
import os
import pkgutil
import sys
from collections.abc import Iterator

import pytest

import pytest_faithful


def _import_the_whole_plugin() -> None:
    """Load every module of the package once, in the outer test process.

    pytester's in-process runs remove the modules each inner run imported. The plugin imports
    most of its modules on first use, so without this each inner run would import a fresh
    ``models`` while keeping stale package attributes from the previous run (``from
    pytest_faithful import scoring``): two ``Label`` enums, and verdicts that compare unequal.
    Real pytest runs never drop modules, so this is only about the harness.
    """
    for module in pkgutil.walk_packages(pytest_faithful.__path__, "pytest_faithful."):
        importlib.import_module(module.name)


def _load_the_http_stack() -> None:
    """Load, once in the outer process, what the provider SDKs import on their first request.

    The SDKs' HTTP stack imports its transport lazily. If an in-process pytester run made the
    first request, pytester would drop those modules afterwards, and a later run would raise
    transport exceptions of fresh modules that the SDKs' ``except`` clauses (bound to the old
    ones) no longer catch: a refused connection would escape as a bare ConnectError instead of
    the SDK's APIConnectionError. One refused request to a closed loopback port loads it all.
    """
    import anthropic
    import openai

    async def refused() -> None:
        for client in (
            openai.AsyncOpenAI(api_key="x", base_url="http://127.0.0.1:9/v1", max_retries=0),
            anthropic.AsyncAnthropic(api_key="x", base_url="http://127.0.0.1:9", max_retries=0),
        ):
            with contextlib.suppress(openai.APIError, anthropic.APIError):
                await client.models.list()
            await client.close()

    asyncio.run(refused())


def _runs_tests(config: pytest.Config) -> bool:
    """False in a pytest-xdist controller, which hands every test to its workers (xdist's own
    test for it, after its ``pytest_cmdline_main`` has resolved ``-n``)."""
    distributes = config.getoption("dist", "no") != "no" and bool(config.getoption("tx", None))
    return not distributes or bool(config.getoption("collectonly"))


def _keep_bytecode() -> None:
    """Let every process of the run cache bytecode, as CI does (``.ci/run`` unsets
    ``PYTHONDONTWRITEBYTECODE``) and as a developer machine does after its first run.

    pytest rewrites the asserts of the plugin's modules (an entry-point plugin) and of every
    test module, and caches the result as bytecode only where writing bytecode is allowed.
    With the variable set (some sandboxes set it), each xdist worker rewrote and compiled the
    110-odd test modules at collection, and each inner xdist worker or subprocess the plugin
    modules it imports, on every run. The workers, inner runs and subprocesses start after
    the controller's configure and inherit its environment. pytest checks its rewritten
    bytecode against a hash of the source, so a test file rewritten in place is never read
    stale.
    """
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.dont_write_bytecode = False


def _no_certificates_to_load() -> None:
    """Give the SDK clients no CA certificates to load: the suite makes no HTTPS request.

    Every SDK client (one for each judge a test builds: hundreds in the suite, more in its
    inner runs) made an SSL context that parsed the whole CA bundle, 20 to 30 ms of CPU each:
    a third of the provider tests' CPU time. The suite is offline: its clients talk plain HTTP
    to loopback servers or are refused, and never verify a certificate. The SDKs' HTTP library
    (httpx, httpx2) reads ``SSL_CERT_DIR`` when ``SSL_CERT_FILE`` is unset, and OpenSSL reads
    such a directory only to verify a certificate, for files named by the certificate's hash:
    this folder holds none, so loading it costs nothing. An HTTPS request would fail its
    verification, as it would fail to connect anyway. Set in the controller's configure, so
    that the workers, inner runs and subprocesses inherit it (:func:`_keep_bytecode`).
    """
    os.environ.pop("SSL_CERT_FILE", None)
    os.environ["SSL_CERT_DIR"] = os.path.dirname(os.path.abspath(__file__))


def pytest_configure(config: pytest.Config) -> None:
    """Load the plugin and the SDKs' HTTP stack in each process that runs tests, before any
    test does. Not in an xdist controller: it runs none, and its start-up (the SDKs' imports:
    two to three seconds) comes before the workers start, while the other cores wait."""
    _keep_bytecode()
    _no_certificates_to_load()
    if _runs_tests(config):
        _import_the_whole_plugin()
        _load_the_http_stack()


def pytest_collection_finish(session: pytest.Session) -> None:
    """Move everything loaded so far (the SDKs' and pydantic's types, every test module, their
    hundreds of thousands of objects) out of the garbage collector's reach, in each process
    that runs tests.

    Each full collection walked all of them again, though none ever becomes garbage: a tenth
    of the tests' time (1.8 s of 20 s in tests/report and tests/cost; 0.5 s frozen). Objects a
    test makes are tracked and collected as before, so what a test leaks, leaves open or warns
    about at collection is seen as before. After collection, not at configure: hypothesis,
    imported by the test modules, asks the collector for the referrers of a random generator
    trio registers on import, and frozen referrers are not listed.
    """
    if _runs_tests(session.config):
        gc.collect()
        gc.freeze()


# A developer's real credentials or endpoints must never reach the suite: with them removed,
# no test can call a provider, and a test that needs a key sets a dummy one itself.
_PROVIDER_VARIABLES = (
    "ANTHROPIC_API_KEY",
    "ANTHROPIC_AUTH_TOKEN",
    "ANTHROPIC_BASE_URL",
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "OPENAI_ORG_ID",
    "OPENAI_PROJECT_ID",
)


@pytest.fixture(autouse=True)
def _no_provider_credentials(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in _PROVIDER_VARIABLES:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(autouse=True)
def _not_on_github_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    """The inner pytest runs must not write annotations or the step summary of a real CI job."""
    for name in ("GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY", "GITHUB_WORKSPACE"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(autouse=True)
def _inner_runs_configure_pytest_asyncio(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pytest-asyncio (a dev dependency) loads in every inner pytest run, and warns in each
    one whose ini file does not set its loop scope: the inner runs set it, as a project using
    the plugin would. langsmith's plugin (langchain-core brings it, in the docs-test extra)
    doubles the start-up of every inner pytest process and xdist worker (0.9 s of 1.8 s), and
    hypothesis's plugin imports all of hypothesis in each of them (0.5 s of 1.0 s): no inner
    run uses either. anyio's plugin (anyio comes with the SDKs) imports trio, a dev dependency,
    to list its backends when it loads: 0.2 s of a small inner process's 0.6 s; the inner runs
    that test anyio's plugin load it back with ``-p anyio``. Set after pytester starts, since
    it clears ``PYTEST_ADDOPTS``."""
    if "pytester" in request.fixturenames:
        request.getfixturevalue("pytester")
        monkeypatch.setenv(
            "PYTEST_ADDOPTS",
            "-o asyncio_default_fixture_loop_scope=function -p no:langsmith_plugin"
            " -p no:hypothesispytest -p no:anyio",
        )


@pytest.fixture
def no_llama_cpp(monkeypatch: pytest.MonkeyPatch) -> None:
    """``import llama_cpp`` fails, as in CI, even where llama-cpp-python is installed."""
    monkeypatch.setitem(sys.modules, "llama_cpp", None)


@pytest.fixture
def outer_log_redaction_off(pytestconfig: pytest.Config) -> Iterator[None]:
    """The suite's own run redacts other libraries' log records (the plugin is installed):
    off for the test, so that only what the test installs, or the inner run it starts,
    redacts. Back on afterwards, for the rest of the suite."""
    from pytest_faithful.plugin import LOG_REDACTION_KEY
    from pytest_faithful.redaction import install_log_filter

    outer = pytestconfig.stash.get(LOG_REDACTION_KEY, None)
    if outer is None:
        yield
        return
    outer.remove()
    try:
        yield
    finally:
        pytestconfig.stash[LOG_REDACTION_KEY] = install_log_filter()


class _ReadOnce(importlib.metadata.PathDistribution):
    """An installed distribution whose entry points and file list are read from disk once."""

    @functools.cached_property
    def entry_points(self) -> importlib.metadata.EntryPoints:
        return super().entry_points

    @functools.cached_property
    def files(self) -> list[importlib.metadata.PackagePath] | None:
        return super().files


@functools.cache
def _installed(path: tuple[str, ...]) -> tuple[importlib.metadata.Distribution, ...]:
    return tuple(
        _ReadOnce(dist._path) if isinstance(dist, importlib.metadata.PathDistribution) else dist
        for dist in importlib.metadata.distributions(path=list(path))
    )


@pytest.fixture(autouse=True)
def _inner_runs_read_the_installed_distributions_once(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each in-process pytest run reads every installed distribution's entry points (to load
    the ``pytest11`` plugins) and the file lists of the plugins' distributions (to rewrite their
    asserts): a quarter of a small inner run's time, the same each time, as nothing is installed
    while the suite runs. Here they are read once per ``sys.path`` and process; the inner runs
    find the same plugins and mark the same files."""
    if "pytester" in request.fixturenames:
        everywhere = importlib.metadata.distributions

        def distributions(**kwargs: object) -> Iterator[importlib.metadata.Distribution]:
            if kwargs:
                return everywhere(**kwargs)  # type: ignore[arg-type]
            return iter(_installed(tuple(sys.path)))

        monkeypatch.setattr(importlib.metadata, "distributions", distributions)
