"""Shared fixtures for the project's tests."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _not_on_github_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    """The inner pytest runs must not write annotations or the step summary of a real CI job."""
    for name in ("GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY", "GITHUB_WORKSPACE"):
        monkeypatch.delenv(name, raising=False)
