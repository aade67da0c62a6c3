"""Run-wide settings for LLM judges: transport limits, structured output, batching, budgets.

One frozen value per run (from the command line and ini in the plugin, where each field is an
option, or given to ``verify(llm=...)``). Judge factories read it from ``JudgeOptions.llm``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, get_args

from pytest_faithful.fields import SECONDS, Choice, Flag, Whole, check_fields, option

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
    """What every LLM judge of a run shares. Each field is also a command-line option and an
    ini key (see :mod:`pytest_faithful.fields`); defaults are documented in the README."""

    max_concurrency: int = option(
        "--faith-max-concurrency",
        Whole(1),
        "Judge calls in flight at once, shared by all checks of a process (each xdist worker "
        "has its own).",
        metavar="N",
        default=4,
    )
    timeout_s: float = option(
        "--faith-timeout",
        SECONDS,
        "Deadline of one attempt of a judge request (connect, headers, whole body); the SDK "
        "then retries. A call ends within (retries+1) x SECONDS plus the waits between attempts.",
        metavar="SECONDS",
        default=60.0,
    )
    max_retries: int = option(
        "--faith-max-retries",
        Whole(0),
        "SDK retries for 429 (honouring retry-after), 5xx, timeouts and connection errors.",
        metavar="N",
        default=2,
    )
    structured_output: StructuredOutput = option(
        "--faith-structured-output",
        Choice(STRUCTURED_OUTPUTS, parse_structured_output, cli_choices=False),
        "How openai judges ask for JSON: schema (strict json_schema), json (json_object with "
        "the schema), prompt (instructions only), auto (try in that order, remember per server).",
        metavar="|".join(STRUCTURED_OUTPUTS),
        default="auto",
    )
    single_call: bool = option(
        "--faith-single-call",
        Flag(),
        "LLM judges extract and verify claims in one request instead of two.",
        ini_help="Extract and verify in one request.",
        default=False,
    )
    batch_size: int = option(
        "--faith-batch-size",
        Whole(1),
        "Claims per verification request.",  # a truncated reply splits its batch further
        metavar="N",
        default=8,
    )
    max_context_chars: int = option(
        "--faith-max-context-chars",
        Whole(1),
        "Largest total passage text per request; more is refused (an error), never cut.",
        metavar="N",
        default=60_000,
    )
    max_tokens: int = option(
        "--faith-max-tokens",
        Whole(1),
        "Output token limit of one judge request.",
        metavar="N",
        default=2048,
    )
    quote_repair: bool = False
    """Ask once more when a SUPPORTED verdict gives no quote that is in a passage and bears on
    its claim (the repair request that also covers malformed replies). Off by default: on the
    cost benchmark (benchmarks/RESULTS.md) the verifier's located span did as well without the
    extra request, for about 0.9 fewer calls per evaluation. Not a command-line option:
    ``verify(llm=LLMOptions(quote_repair=True))`` turns it on."""

    def __post_init__(self) -> None:
        check_fields(self)
        if not isinstance(self.quote_repair, bool):
            raise ValueError(f"quote_repair must be a bool, got {self.quote_repair!r}")
