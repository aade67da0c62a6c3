"""Factories for the ``anthropic`` and ``openai`` judge kinds.

``anthropic`` / ``anthropic:MODEL`` / ``anthropic:MODEL@BASE_URL``, and the same for
``openai`` (``@BASE_URL`` being any OpenAI-compatible server: Ollama, vLLM, llama.cpp server,
LM Studio, gateways). Each builds an :class:`LLMJudge` over the provider's backend behind the
run's call cache, with the fail-fast latch between the two: once the judge proved unavailable,
later calls fail at once, while calls the cache replays still succeed. The SDKs are imported
only when a request is sent.
"""

from __future__ import annotations

from typing import Final

from pytest_faithful.judges.llm.judge import LLMJudge
from pytest_faithful.judges.llm.structured import ModeNegotiator
from pytest_faithful.judges.registry import JudgeSpec
from pytest_faithful.judges.resources import JudgeOptions

# The model a bare ``anthropic`` / ``openai`` spec uses: small, fast models that support the
# structured output used here (tool use, strict json_schema). Name a model to use another.
DEFAULT_MODELS: Final = {"anthropic": "claude-haiku-4-5", "openai": "gpt-4.1-mini"}


def _params(options: JudgeOptions, *, temperature: bool) -> dict[str, object]:
    # Only what is sent goes into the request (and its cache key): the Anthropic SDK in use
    # takes no temperature.
    params: dict[str, object] = {"max_tokens": options.llm.max_tokens}
    if temperature:
        params["temperature"] = 0.0
    return params


def make_openai_judge(spec: JudgeSpec, options: JudgeOptions) -> LLMJudge:
    from pytest_faithful.providers.fail_fast import FailFast
    from pytest_faithful.providers.openai import OpenAIBackend

    model = spec.model or DEFAULT_MODELS["openai"]
    backend = OpenAIBackend(
        base_url=spec.base_url,
        runner=options.runner(),
        timeout_s=options.llm.timeout_s,
        max_retries=options.llm.max_retries,
        model=model,
    )
    negotiator = ModeNegotiator(
        options.structured_output_memory, backend.where, options.llm.structured_output
    )
    return LLMJudge(
        options.cached(FailFast(backend)),
        model,
        params=_params(options, temperature=True),
        tuning=options.llm,
        structured=negotiator,
    )


def make_anthropic_judge(spec: JudgeSpec, options: JudgeOptions) -> LLMJudge:
    from pytest_faithful.providers.anthropic import AnthropicBackend
    from pytest_faithful.providers.fail_fast import FailFast

    model = spec.model or DEFAULT_MODELS["anthropic"]
    backend = AnthropicBackend(
        base_url=spec.base_url,
        runner=options.runner(),
        timeout_s=options.llm.timeout_s,
        max_retries=options.llm.max_retries,
        model=model,
    )
    # Anthropic always gets forced tool use; the structured-output setting is for
    # OpenAI-compatible servers, whose support varies.
    return LLMJudge(
        options.cached(FailFast(backend)),
        model,
        params=_params(options, temperature=False),
        tuning=options.llm,
    )
