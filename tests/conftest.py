"""Shared fixtures for the project's tests."""

from __future__ import annotations

import importlib
import pkgutil

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


_import_the_whole_plugin()

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
