"""The cache key of a request: the hash every recording on disk is filed under."""

from __future__ import annotations

from pytest_faithful.providers.base import ChatMessage, JudgeRequest


def test_a_known_request_keeps_its_key() -> None:
    # Recordings committed by users are filed under this hash: it must not change by accident.
    request = JudgeRequest(
        kind="openai",
        model="gpt-4o-mini",
        messages=(
            ChatMessage(role="system", content="Judge the claims."),
            ChatMessage(role="user", content="Claim 1: café opens at 9 — “early”."),
        ),
        output_schema={"type": "object", "required": ["verdicts"]},
        params={"temperature": 0, "max_tokens": 1024, "seed": [1, 2.5]},
        prompt_version="p3",
    )
    assert request.cache_key() == "d8162b3d0f02b0d896752e15583f378afb29f209a38a621aa81e8ac9f7b33a71"
