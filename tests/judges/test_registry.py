"""Judge spec strings, the registry and the default judge."""

from __future__ import annotations

import pytest

from pytest_faithful import JudgeOptions, JudgeRegistry, JudgeSpec
from pytest_faithful.judges.registry import builtin_registry
from pytest_faithful.testing import FunctionJudge


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("lexical", JudgeSpec("lexical")),
        (" Lexical ", JudgeSpec("lexical")),
        ("openai:gpt-4o-mini", JudgeSpec("openai", "gpt-4o-mini")),
        (
            "openai:qwen2.5@http://127.0.0.1:8080/v1",
            JudgeSpec("openai", "qwen2.5", "http://127.0.0.1:8080/v1"),
        ),
        ("anthropic:claude-sonnet-4-5", JudgeSpec("anthropic", "claude-sonnet-4-5")),
        ("local:/models/a@b.gguf", JudgeSpec("local", "/models/a@b.gguf")),
        ("local:C:\\models\\judge.gguf", JudgeSpec("local", "C:\\models\\judge.gguf")),
    ],
)
def test_parse_spec(text: str, expected: JudgeSpec) -> None:
    assert JudgeSpec.parse(text) == expected
    assert JudgeSpec.parse(str(expected)) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "is not KIND"),
        (":model", "is not KIND"),
        ("open ai:x", "is not KIND"),
        ("openai:", "names no model"),
        ("openai:gpt@", "no base URL"),
        # A base URL no HTTP client can use, said when the spec is read.
        ("openai:gpt@localhost:8080/v1", "its base URL must start with http:// or https://"),
        ("anthropic:claude@ftp://host", "its base URL must start with http:// or https://"),
        ("openai:gpt@http://", "its base URL names no host"),
        ("openai:gpt@http://[::1/v1", "its base URL cannot be read"),
        ("openai:gpt@http://host:99999/v1", "its base URL cannot be read"),
        (
            "openai:gpt@http://user:s3cretpw@host:port/v1",
            r"<redacted>@host:port/v1.: its base URL cannot be read \(Port",
        ),
    ],
)
def test_bad_specs_explain_the_shape(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        JudgeSpec.parse(text)


def test_unknown_kind_lists_known_kinds() -> None:
    with pytest.raises(
        ValueError,
        match=r"unknown judge kind 'nosuch'.*known kinds: anthropic, lexical, local, openai",
    ):
        builtin_registry().build("nosuch:model", JudgeOptions())


def test_register_and_build_passes_spec_and_options() -> None:
    registry = JudgeRegistry()
    seen: list[tuple[JudgeSpec, JudgeOptions]] = []

    def factory(spec: JudgeSpec, options: JudgeOptions) -> FunctionJudge:
        seen.append((spec, options))
        return FunctionJudge(lambda c, p: [], id=f"mine:{spec.model}")

    registry.register("mine", factory)
    options = JudgeOptions(record_mode="none")
    judge = registry.build("mine:m1", options)
    assert judge.id == "mine:m1"
    assert seen == [(JudgeSpec("mine", "m1"), options)]
    with pytest.raises(ValueError, match="already registered"):
        registry.register("MINE", factory)


def test_default_judge_prefers_a_registered_provider_with_a_key() -> None:
    registry = builtin_registry()
    assert registry.default_spec({}) == "lexical"
    assert registry.default_spec({"OPENAI_API_KEY": "k"}) == "openai"
    assert registry.default_spec({"OPENAI_API_KEY": "k", "ANTHROPIC_API_KEY": "k"}) == "anthropic"
    assert registry.default_spec({"ANTHROPIC_API_KEY": ""}) == "lexical"
    bare = JudgeRegistry()
    bare.register("lexical", lambda spec, options: FunctionJudge(lambda c, p: []))
    assert bare.default_spec({"ANTHROPIC_API_KEY": "k"}) == "lexical", "not registered"


def test_a_lexical_spec_with_a_model_is_a_mistake_said_plainly() -> None:
    from pytest_faithful import verify

    with pytest.raises(ValueError, match="the lexical judge takes no model, got 'lexical:gpt-4'"):
        verify("Refunds take 30 days.", "Refunds take 30 days.", judge="lexical:gpt-4")
