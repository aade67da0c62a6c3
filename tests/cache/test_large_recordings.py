"""Judge replies over 32 KiB, recorded through the real provider SDKs and replayed offline.

diskcache's default settings once sent every value of 32 KiB or more to a value file that the
cache then refused to read, so such recordings never replayed. Here the fake provider server
pads every verdict's reason until the reply is well over that size.
"""

from __future__ import annotations

import sqlite3
import zlib
from collections.abc import Iterator
from contextlib import closing
from typing import Any

# Imported here so the in-process pytester runs find the SDKs loaded: pytester unloads modules
# first imported during a run, and re-importing them costs about a second per run.
import anthropic  # noqa: F401
import openai  # noqa: F401
import pytest

from fake_llm_server import FakeLLMServer, Reply

LONG_REASON = "The passage states it in the same words, so the claim holds. " * 800
LARGE = 32 * 1024

SUITE = f"""
CONTEXT = ["Returns are accepted within 30 days of delivery.", "Shipping costs $15."]

def test_large_reply(assert_faithful):
    result = assert_faithful("Returns are accepted within 30 days. Shipping costs $15.", CONTEXT)
    assert result.passed
    assert [len(cv.reason) for cv in result.claim_verdicts] == [{len(LONG_REASON)}] * 2
"""


def pad_reasons(answer: dict[str, Any]) -> dict[str, Any]:
    return {"verdicts": [{**v, "reason": LONG_REASON} for v in answer["verdicts"]]}


@pytest.fixture
def server() -> Iterator[FakeLLMServer]:
    fake = FakeLLMServer()
    yield fake
    fake.close()  # a second close, after the test's own, returns at once


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
def test_a_reply_over_32_kib_is_recorded_then_replayed_without_the_server(
    pytester: pytest.Pytester,
    server: FakeLLMServer,
    monkeypatch: pytest.MonkeyPatch,
    provider: str,
) -> None:
    monkeypatch.setenv(f"{provider.upper()}_API_KEY", "sk-test-large-recordings")
    base = f"{server.url}/v1" if provider == "openai" else server.url
    pytester.makepyfile(SUITE)
    pytester.makeini(
        f"[pytest]\nfaith_judge = {provider}:judge-model@{base}\nfaith_timeout = 5\n"
        "faith_max_retries = 0\n"
    )
    server.script("verify", Reply(transform=pad_reasons))

    recorded = pytester.runpytest("--faith-report")
    recorded.assert_outcomes(passed=1)
    assert server.count == 2, "extraction and verification"

    server.close()
    replayed = pytester.runpytest("--faith-report", "--faith-record-mode=none")
    replayed.assert_outcomes(passed=1)
    replayed.stdout.fnmatch_lines(["*judge calls: 2  cache hits: 2 (100%)*"])
    assert server.count == 2

    cache_dir = pytester.path / ".faith-cache"
    with closing(sqlite3.connect(cache_dir / "cache.db")) as con:
        rows = con.execute("SELECT filename, value FROM Cache").fetchall()
    assert len(rows) == 2
    assert all(filename is None and value is not None for filename, value in rows)
    assert max(len(zlib.decompress(value)) for _, value in rows) > 2 * LARGE
    assert list(cache_dir.rglob("*.val")) == []
