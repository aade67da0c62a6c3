"""Fixtures for the example suite: the help-desk app with its production or its regressed model."""

from __future__ import annotations

import pytest
from ragapp import HelpDesk, build_helpdesk


@pytest.fixture(scope="session")
def rag() -> HelpDesk:
    """The help desk with the production model: answers stay close to the retrieved articles."""
    return build_helpdesk("grounded")


@pytest.fixture(scope="session")
def regressed_rag() -> HelpDesk:
    """The help desk after a model swap: fluent answers, each with one planted hallucination."""
    return build_helpdesk("regressed")
