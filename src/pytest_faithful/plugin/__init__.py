"""pytest hooks, the ``faithfulness`` marker and the ``assert_faithful`` fixture.

This module is imported by every pytest run in an environment that has the plugin installed,
so it and what it imports at the top stay light: options, the registry of judge kinds and the
session object. Judges, pydantic models, the cache and the report writers load on first use.
"""

from __future__ import annotations

import sys
from collections.abc import Generator
from typing import TYPE_CHECKING

import pytest

from pytest_faithful.fields import options_of
from pytest_faithful.judges.registry import ENTRY_POINT_GROUP, installed_registry
from pytest_faithful.plugin import hookspecs
from pytest_faithful.plugin.attempts import Attempts
from pytest_faithful.plugin.awaited import made, message, unawaited
from pytest_faithful.plugin.declared import MARKER, METRIC_MARKERS, CheckSettings
from pytest_faithful.plugin.options import add_options, parse_options
from pytest_faithful.plugin.repeats import Repeats
from pytest_faithful.plugin.session import (
    BASELINE_KEY,
    RECORDINGS_KEY,
    SESSION_KEY,
    FaithSession,
)
from pytest_faithful.redaction import LogRedaction, install_log_filter

# The redaction of other libraries' log records (httpx logs each request's URL at INFO), from
# configure to unconfigure: every record the run's judge calls make, in every process.
LOG_REDACTION_KEY = pytest.StashKey[LogRedaction]()

if TYPE_CHECKING:
    from pytest_faithful.plugin.fixture import AssertFaithful
    from pytest_faithful.plugin.metric_fixture import (
        AssertReference,
        AssertRelevant,
        AssertRetrieval,
    )


def pytest_addhooks(pluginmanager: pytest.PytestPluginManager) -> None:
    pluginmanager.add_hookspecs(hookspecs)


def pytest_addoption(parser: pytest.Parser) -> None:
    add_options(parser)


def _marker_arguments() -> str:
    """The per-check options a marker may set, the threshold (the one most tests set) first."""
    names = sorted((f.name for f, _ in options_of(CheckSettings)), key=lambda n: n != "threshold")
    return ", ".join(f"{name}=None" for name in names)


def pytest_configure(config: pytest.Config) -> None:
    config.stash[LOG_REDACTION_KEY] = install_log_filter()
    config.addinivalue_line(
        "markers",
        f"{MARKER}({_marker_arguments()}): "
        "per-test settings for assert_faithful (function, class or module).",
    )
    for line in METRIC_MARKERS.values():
        config.addinivalue_line("markers", line)
    try:
        registry = installed_registry()
    except ValueError as exc:  # two installed packages declare the same judge kind
        raise pytest.UsageError(
            f"pytest-faithful: {exc} (entry-point group {ENTRY_POINT_GROUP!r})"
        ) from None
    config.hook.pytest_faithful_register_judges(registry=registry)
    options = parse_options(config, registry)
    session = FaithSession(config, registry, options)
    config.stash[SESSION_KEY] = session
    # Before the session object: hooks of one kind run last-registered first, and the gate
    # reads the records the session takes off each report.
    repeats = Repeats(config, registry, options, lambda: session.records)
    config.pluginmanager.register(repeats, "faithful-repeats")
    config.pluginmanager.register(session, "faithful-session")
    if options.recordings.directory is not None:
        from pytest_faithful.plugin.recordings import RecordingsSession

        recordings = RecordingsSession(
            config,
            options.recordings,
            options.recordings.directory,
            session.judge_options,
            session.judges_used,
            session.default_judge_id,
        )
        config.stash[RECORDINGS_KEY] = recordings
        config.pluginmanager.register(recordings, "faithful-recordings")
    if options.cost.estimate:
        from pytest_faithful.plugin.cost import EstimateOutcomes

        config.pluginmanager.register(EstimateOutcomes(), "faithful-estimate")
    # An estimate has no results to compare: it leaves the baseline alone.
    if options.baseline.path is not None and not options.cost.estimate:
        from pytest_faithful.plugin.baseline import BaselineSession

        baseline = BaselineSession(
            config, options.baseline, options.baseline.path, lambda: session.records
        )
        config.stash[BASELINE_KEY] = baseline
        config.pluginmanager.register(baseline, "faithful-baseline")
    # Last: its report hook drops a rerun test's earlier checks before the others read them.
    attempts = Attempts(config, session, lambda: config.stash.get(BASELINE_KEY, None))
    config.pluginmanager.register(attempts, "faithful-attempts")


def pytest_make_parametrize_id(config: pytest.Config, val: object, argname: str) -> str | None:
    """A golden case (``load_cases``) names its test by its id, not its position in the file:
    test ids and baseline keys stay put when rows are added or reordered."""
    cases = sys.modules.get("pytest_faithful.cases.model")
    if cases is None:  # no case was ever loaded: this value cannot be one
        return None
    return val.id if isinstance(val, cases.Case) else None


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    """A test that made an ``.aio(...)`` check and never awaited it, or left it running,
    fails: its verdict never reached it (:mod:`pytest_faithful.plugin.awaited`)."""
    since = made(item)  # the setup's fixtures may leave theirs running into the teardown
    try:
        yield
    finally:
        found = unawaited(item, since)  # closed either way, so Python warns of none
    if any(found):
        pytest.fail(message(*found), pytrace=False)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Generator[None, None, None]:
    """An ``.aio(...)`` check a fixture made in its setup or teardown and never awaited."""
    try:
        yield
    finally:
        never, _ = unawaited(item)
    if never:
        pytest.fail(message(never, []), pytrace=False)


def pytest_unconfigure(config: pytest.Config) -> None:
    recordings = config.stash.get(RECORDINGS_KEY, None)
    if recordings is not None:
        config.pluginmanager.unregister(recordings)
        del config.stash[RECORDINGS_KEY]
    baseline = config.stash.get(BASELINE_KEY, None)
    if baseline is not None:
        config.pluginmanager.unregister(baseline)
        del config.stash[BASELINE_KEY]
    for name in ("faithful-attempts", "faithful-estimate", "faithful-repeats"):
        plugin = config.pluginmanager.get_plugin(name)
        if plugin is not None:
            config.pluginmanager.unregister(plugin)
    session = config.stash.get(SESSION_KEY, None)
    if session is not None:
        session.close()
        config.pluginmanager.unregister(session)
        del config.stash[SESSION_KEY]
    # Last: closing the session's SDK clients logs too.
    redaction = config.stash.get(LOG_REDACTION_KEY, None)
    if redaction is not None:
        redaction.remove()
        del config.stash[LOG_REDACTION_KEY]


@pytest.fixture
def assert_faithful(request: pytest.FixtureRequest) -> AssertFaithful:
    """Check that an answer says only what its contexts support.

    ``assert_faithful(answer, contexts, question=None, threshold=..., judge=..., scoring=...,
    allow_contradictions=...)`` returns the FaithfulnessResult, or raises FaithfulnessError (an
    AssertionError) with a claim-by-claim explanation when the check does not pass.
    """
    from pytest_faithful.plugin.fixture import AssertFaithful

    return AssertFaithful(request.config.stash[SESSION_KEY], request.node)


@pytest.fixture
def assert_reference(request: pytest.FixtureRequest) -> AssertReference:
    """Compare an answer with a golden reference answer, deterministically (no judge).

    ``assert_reference(answer, reference, numbers=True, keywords=True, exact=False,
    completeness=False, citations=False, contexts=None, threshold=None, key=None)`` returns the
    MetricResult, or raises MetricError (an AssertionError) naming what is missing.
    """
    from pytest_faithful.plugin.metric_fixture import AssertReference

    return AssertReference(request.config.stash[SESSION_KEY], request.node)


@pytest.fixture
def assert_relevant(request: pytest.FixtureRequest) -> AssertRelevant:
    """Check that an answer's claims address the question (answer relevancy).

    ``assert_relevant(answer, question, threshold=None, judge=None, key=None)`` returns the
    MetricResult, or raises MetricError (an AssertionError) listing each claim, relevant or
    off-topic. A noncommittal answer ("I don't know") scores 0.
    """
    from pytest_faithful.plugin.metric_fixture import AssertRelevant

    return AssertRelevant(request.config.stash[SESSION_KEY], request.node)


@pytest.fixture
def assert_retrieval(request: pytest.FixtureRequest) -> AssertRetrieval:
    """Check retrieved passages: context precision (rank-aware) and context recall.

    ``assert_retrieval(contexts, question=None, reference=None, precision=None, recall=None,
    judge=None, key=None)`` returns the RetrievalResult, or raises MetricError listing each
    passage (useful or not) and each reference claim (found or missing).
    """
    from pytest_faithful.plugin.metric_fixture import AssertRetrieval

    return AssertRetrieval(request.config.stash[SESSION_KEY], request.node)
