"""The loopback provider server every provider test talks to through the real SDKs."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from fake_llm_server import FakeLLMServer


@pytest.fixture
def server() -> Iterator[FakeLLMServer]:
    fake = FakeLLMServer()
    yield fake
    fake.close()
