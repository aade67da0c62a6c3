"""Totals over all checks of a run, shared by every report format."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, computed_field

from pytest_faithful.models import Usage
from pytest_faithful.report.records import CheckRecord


class Totals(BaseModel):
    model_config = ConfigDict(frozen=True)

    checks: int
    passed: int
    failed: int
    errored: int
    estimated: int = 0
    mean_score: float | None
    contradictions: int
    usage: Usage
    judges: tuple[str, ...]
    heuristic: bool

    @computed_field  # type: ignore[prop-decorator]
    @property
    def cache_hit_rate(self) -> float | None:
        """Cache hits / judge calls; null when no judge call was made."""
        calls = self.usage.judge_calls
        return None if calls == 0 else self.usage.cache_hits / calls


def totals(records: Sequence[CheckRecord]) -> Totals:
    results = [r.result for r in records if r.result is not None]
    usage = Usage()
    for result in results:
        usage = usage + result.usage
    return Totals(
        checks=len(records),
        passed=sum(1 for r in results if r.passed),
        failed=sum(1 for r in results if not r.passed),
        errored=sum(1 for r in records if r.result is None and not r.estimated),
        estimated=sum(1 for r in records if r.estimated),
        mean_score=sum(r.score for r in results) / len(results) if results else None,
        contradictions=sum(r.counts.contradicted for r in results),
        usage=usage,
        judges=tuple(sorted({r.judge_id for r in records})),
        heuristic=any(r.heuristic for r in results),
    )
