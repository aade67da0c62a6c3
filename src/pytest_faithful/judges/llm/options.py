"""Run-wide settings for LLM judges: transport limits, structured output, batching, budgets.

One frozen value per run (from the command line and ini in the plugin, or defaults in
``verify``). Judge factories read it from ``JudgeOptions.llm``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, get_args

StructuredOutput = Literal["auto", "schema", "json", "prompt"]
"""How an OpenAI-compatible judge asks for JSON.

``schema``: ``response_format`` json_schema, strict. ``json``: ``response_format`` json_object
carrying the schema (llama-cpp-python's server). ``prompt``: no response_format; the prompt
describes the JSON and the reply is parsed tolerantly. ``auto``: try them in that order and
remember per base URL what the server accepted.
"""

STRUCTURED_OUTPUTS: Final[tuple[StructuredOutput, ...]] = get_args(StructuredOutput)


def parse_structured_output(value: str) -> StructuredOutput:
    for mode in STRUCTURED_OUTPUTS:
        if value == mode:
            return mode
    raise ValueError(
        f"unknown structured output mode {value!r}; choose one of {', '.join(STRUCTURED_OUTPUTS)}"
    )


@dataclass(frozen=True)
class LLMOptions:
    """What every LLM judge of a run shares. Defaults are documented in the README."""

    max_concurrency: int = 4
    """Judge calls in flight at once, across all checks of the process."""
    timeout_s: float = 60.0
    """Seconds the SDK waits for one HTTP response before it retries."""
    max_retries: int = 2
    """SDK retries for 429 (honouring retry-after), 5xx, timeouts and connection errors."""
    structured_output: StructuredOutput = "auto"
    single_call: bool = False
    """Extract and verify claims in one request instead of two."""
    batch_size: int = 8
    """Claims per verification request; a truncated reply splits its batch further."""
    max_context_chars: int = 60_000
    """Largest total passage text sent in one request; more is refused, never cut."""
    max_tokens: int = 2048
    """Output token limit of one judge request."""
    quote_repair: bool = True
    """Ask once more when a SUPPORTED verdict gives no quote that is in a passage and bears on
    its claim (the repair request that also covers malformed replies)."""

    def __post_init__(self) -> None:
        positive = {
            "max_concurrency": self.max_concurrency,
            "batch_size": self.batch_size,
            "max_context_chars": self.max_context_chars,
            "max_tokens": self.max_tokens,
        }
        for name, value in positive.items():
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} must be a whole number >= 1, got {value!r}")
        if isinstance(self.max_retries, bool) or not isinstance(self.max_retries, int):
            raise ValueError(f"max_retries must be a whole number >= 0, got {self.max_retries!r}")
        if self.max_retries < 0:
            raise ValueError(f"max_retries must be a whole number >= 0, got {self.max_retries!r}")
        if not isinstance(self.timeout_s, (int, float)) or not self.timeout_s > 0:
            raise ValueError(f"timeout_s must be a number of seconds > 0, got {self.timeout_s!r}")
        parse_structured_output(self.structured_output)
