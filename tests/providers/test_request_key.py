"""The cache key of a request: the hash every recording on disk is filed under."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

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


# JSON values as a judge's schema or sampling parameters may hold them: finite and
# non-finite floats, big integers, any text (no lone surrogates: a key is UTF-8).
_text = st.text(st.characters(exclude_categories=("Cs",)), max_size=12)
_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | _text,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_text, inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(
    contents=st.lists(_text, min_size=1, max_size=3),
    schema=st.none() | st.dictionaries(_text, _json, max_size=5),
    params=st.dictionaries(_text, _json, max_size=4),
    names=st.tuples(_text, _text, _text),
)
def test_canonical_json_is_the_sorted_dump_of_the_request(
    contents: list[str],
    schema: dict[str, object] | None,
    params: dict[str, object],
    names: tuple[str, str, str],
) -> None:
    # The key is written out field by field for speed; it must stay exactly the plain
    # json.dumps of model_dump, or recordings made by earlier versions would stop replaying.
    kind, model, version = names
    request = JudgeRequest(
        kind=kind,
        model=model,
        messages=tuple(
            ChatMessage(role=("system", "user", "assistant")[i % 3], content=text)
            for i, text in enumerate(contents)
        ),
        output_schema=schema,
        params=params,
        prompt_version=version,
    )
    reference = json.dumps(
        request.model_dump(mode="json"), sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
    assert request.canonical_json() == reference
    assert request.canonical_json() == reference  # and again, from the memo


def test_a_schema_changed_in_place_gets_a_new_key() -> None:
    # The encoded schema is remembered by content: a nested dict edited after one request
    # must not give the next request the old key (that would replay the wrong answer).
    properties: dict[str, object] = {"label": {"type": "string"}}
    schema = {"type": "object", "properties": properties}

    def key() -> str:
        return JudgeRequest(
            kind="openai",
            model="m",
            messages=(ChatMessage(role="user", content="x"),),
            output_schema=schema,
            prompt_version="p3",
        ).cache_key()

    before = key()
    properties["label"] = {"type": "integer"}
    assert key() != before
    properties["label"] = {"type": "string"}
    assert key() == before
