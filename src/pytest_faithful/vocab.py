"""Names every layer shares, importable without pydantic (option parsing, the run header and
the reports need them at start-up): the three verdict labels and the scoring policies.

Scoring policies: ``strict``: supported claims / all claims. ``lenient``: claims not
contradicted / all claims.
"""

from __future__ import annotations

from enum import Enum
from typing import Final, Literal, get_args


class Label(str, Enum):
    """What the contexts say about one claim."""

    SUPPORTED = "SUPPORTED"
    CONTRADICTED = "CONTRADICTED"
    NOT_ENOUGH_INFO = "NOT_ENOUGH_INFO"

    def __str__(self) -> str:
        return self.value


ScoringPolicy = Literal["strict", "lenient"]
SCORING_POLICIES: Final[tuple[ScoringPolicy, ...]] = get_args(ScoringPolicy)
