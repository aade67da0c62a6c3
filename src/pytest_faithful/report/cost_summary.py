"""What a run's judge calls cost, by test and in total: the report's cost section, built from
the records (each check's metered spend)."""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import Field

from pytest_faithful.cost.spend import Spend, total
from pytest_faithful.models import FrozenModel
from pytest_faithful.report.records import CheckRecord, MetricRecord


class SpendByTest(FrozenModel):
    """What one test's checks (faithfulness and metrics) cost."""

    nodeid: str
    cost: Spend


class CostSummary(FrozenModel):
    """What the run's judge calls cost, in total and by test."""

    total: Spend = Field(description="Every check of the run, faithfulness and metrics.")
    tests: tuple[SpendByTest, ...] = Field(
        description="Every test with a metered check, the most expensive first (unknown first)."
    )
    prices_as_of: str | None = Field(description="The date of the packaged price table.")
    max_cost: float | None = Field(description="--faith-max-cost in US dollars; null: none.")
    estimate: bool = Field(description="--faith-estimate: nothing was called.")


def summarize_cost(
    records: Iterable[CheckRecord | MetricRecord],
    *,
    prices_as_of: str | None,
    max_cost: float | None,
    estimate: bool,
) -> CostSummary | None:
    """The run's cost from its records; None when no check made or replayed a judge call (the
    lexical judge, a judge of your own that calls no model): there is no cost to tell."""
    by_test: dict[str, list[Spend]] = {}
    for record in records:
        if record.cost is not None:
            by_test.setdefault(record.nodeid, []).append(record.cost)
    if not any(s.calls or s.replayed for spends in by_test.values() for s in spends):
        return None
    tests = [SpendByTest(nodeid=nodeid, cost=total(spends)) for nodeid, spends in by_test.items()]
    tests.sort(key=lambda t: (t.cost.usd is not None, -(t.cost.usd or 0.0), t.nodeid))
    return CostSummary(
        total=total([t.cost for t in tests]),
        tests=tuple(tests),
        prices_as_of=prices_as_of,
        max_cost=max_cost,
        estimate=estimate,
    )
