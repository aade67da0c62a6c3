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


@pytest.fixture
def sampled_rag(request: pytest.FixtureRequest) -> HelpDesk:
    """The production model answering with temperature, seeded by the test's node id: each
    run of a repeated test (``test[run2of5]``) draws its own sample, the same one every time."""
    return build_helpdesk("sampled", seed=request.node.nodeid)


@pytest.fixture
def sampled_regressed_rag(request: pytest.FixtureRequest) -> HelpDesk:
    """The regressed model answering with temperature (see ``sampled_rag``)."""
    return build_helpdesk("sampled-regressed", seed=request.node.nodeid)
