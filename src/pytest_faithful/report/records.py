"""One record per ``assert_faithful`` call, as it travels in ``user_properties``."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, NonNegativeInt

from pytest_faithful.models import FaithfulnessResult

USER_PROPERTY = "faithfulness"


class CheckRecord(BaseModel):
    """A check that produced a result, or one whose judge failed (``error`` set, no score)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    nodeid: str
    index: NonNegativeInt
    result: FaithfulnessResult | None = None
    error: str | None = None
    judge_id: str

    @property
    def status(self) -> str:
        if self.result is None:
            return "errored"
        return "passed" if self.result.passed else "failed"

    def sort_key(self) -> tuple[float, str, int]:
        """Worst first (errors before any score), then by test id, so runs sort identically."""
        worst = -1.0 if self.result is None else self.result.score
        return (worst, self.nodeid, self.index)
