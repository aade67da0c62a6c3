"""Tokens of a request not yet sent: an estimate, never a count.

No tokenizer is shipped (OpenAI's and Anthropic's differ, and the model decides): a request's
input is its text at ~4 characters a token (the messages and the output schema the request
carries), which is close for English with both providers' tokenizers and low for code or
languages written without spaces. Its reply is estimated at :data:`TYPICAL_REPLY_TOKENS`,
never more than the request's ``max_tokens``; a budget reserves ``max_tokens`` whole, the most
the reply can cost.
"""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from pytest_faithful.providers.base import JudgeRequest

CHARS_PER_TOKEN: Final = 4
TYPICAL_REPLY_TOKENS: Final = 110
"""A judge reply's tokens, measured: benchmarks/results/cost.json (30 faith-dev examples,
Qwen2.5-Coder-1.5B): 233 completion tokens over 2.20 calls per two-step evaluation (106 a
call), 130 over 1.13 single-call (115 a call)."""
DEFAULT_MAX_TOKENS: Final = 4096
"""The reply ceiling assumed for a request that sets no ``max_tokens``."""


def input_tokens(request: JudgeRequest) -> int:
    """Estimated input tokens: characters of the messages and the output schema, / 4."""
    chars = sum(len(m.content) for m in request.messages)
    if request.output_schema is not None:
        chars += len(json.dumps(request.output_schema, separators=(",", ":")))
    return math.ceil(chars / CHARS_PER_TOKEN)


def max_output_tokens(request: JudgeRequest) -> int:
    """The most output tokens the reply can have: the request's ``max_tokens``."""
    value = request.params.get("max_tokens")
    return value if isinstance(value, int) and value > 0 else DEFAULT_MAX_TOKENS


def output_tokens(request: JudgeRequest) -> int:
    """Estimated output tokens of the reply: a typical judge reply, capped at ``max_tokens``."""
    return min(TYPICAL_REPLY_TOKENS, max_output_tokens(request))


def text_tokens(text: str) -> int:
    """Estimated tokens of a text (a reply whose provider reported no usage)."""
    return math.ceil(len(text) / CHARS_PER_TOKEN)
