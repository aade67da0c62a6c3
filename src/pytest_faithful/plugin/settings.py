"""Per-check settings and their one precedence rule: call > marker > CLI > ini > default.

Each layer is a mapping of the settings it sets; a key that is absent (or None) is not set
there. Run-wide policy (record mode, cache directory, reports) is not a per-check setting and
never comes from a marker or a call.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool, ValidationError, field_validator

from pytest_faithful.judges.base import Judge
from pytest_faithful.vocab import DEFAULT_SCORING, DEFAULT_THRESHOLD, ScoringPolicy

CHECK_SETTINGS = ("judge", "threshold", "scoring", "allow_contradictions")


@dataclass(frozen=True)
class CheckSettings:
    """What one ``assert_faithful`` call runs with. ``judge`` None means the default judge."""

    judge: str | Judge | None = None
    threshold: float = DEFAULT_THRESHOLD
    scoring: ScoringPolicy = DEFAULT_SCORING
    allow_contradictions: bool = False


class LayerSettings(BaseModel):
    """One layer's settings, validated; used for the marker (where typos must not pass)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    judge: str | None = None
    threshold: float | None = Field(default=None, ge=0.0, le=1.0)
    scoring: ScoringPolicy | None = None
    allow_contradictions: StrictBool | None = None

    @field_validator("judge")
    @classmethod
    def _judge_not_blank(cls, judge: str | None) -> str | None:
        # judge="" must not quietly mean "the default judge", which may be a paid one.
        if judge is not None and not judge.strip():
            raise ValueError(
                f"empty judge spec {judge!r}; give one such as 'lexical' or 'openai:MODEL', "
                "or leave judge out"
            )
        return judge


def resolve(*layers: Mapping[str, Any]) -> CheckSettings:
    """Merge layers, highest precedence first; the first layer that sets a key wins."""
    chosen: dict[str, Any] = {}
    for layer in layers:
        for key in CHECK_SETTINGS:
            value = layer.get(key)
            if value is not None and key not in chosen:
                chosen[key] = value
    return CheckSettings(**chosen)


def marker_layer(kwarg_sets: list[Mapping[str, Any]], where: str) -> dict[str, Any]:
    """Merge ``faithfulness`` markers (closest first) into one validated layer.

    Raises ValueError naming the marker argument that is wrong.
    """
    merged: dict[str, Any] = {}
    for kwargs in kwarg_sets:
        for key, value in kwargs.items():
            merged.setdefault(key, value)
    try:
        validated = LayerSettings(**merged)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or 'marker'}: {err['msg']}"
            for err in exc.errors()
        )
        allowed = ", ".join(CHECK_SETTINGS)
        raise ValueError(
            f"invalid @pytest.mark.faithfulness on {where}: {problems} "
            f"(allowed arguments: {allowed})"
        ) from None
    return validated.model_dump(exclude_none=True)
