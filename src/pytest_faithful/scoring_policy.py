"""The scoring policy names, importable without pydantic (option parsing at start-up needs them).

``strict``: supported claims / all claims. ``lenient``: claims not contradicted / all claims.
"""

from __future__ import annotations

from typing import Final, Literal, get_args

ScoringPolicy = Literal["strict", "lenient"]
SCORING_POLICIES: Final[tuple[ScoringPolicy, ...]] = get_args(ScoringPolicy)
