"""What the run's judge calls cost, as every report says it: per check, per test and per run.

A check's cost is ``$0`` when the cache answered all its calls, ``unknown`` when a model it
called has no known price (never $0 then), ``~$...`` in an estimate.
"""

from __future__ import annotations

from pytest_faithful.cost import tokens
from pytest_faithful.cost.spend import Spend, usd_given
from pytest_faithful.errors import counted
from pytest_faithful.report.cost_summary import CostSummary
from pytest_faithful.report.model import FaithReport

MOST_EXPENSIVE = 5
"""How many tests the terminal and Markdown reports name as the most expensive."""


def check_cost(cost: Spend | None) -> str:
    """A check's (or a test's) dollars; "-" when it called no model (or was not metered)."""
    if cost is None or not (cost.calls or cost.replayed):
        return "-"
    return cost.dollars()


def run_line(summary: CostSummary) -> str:
    """One line: the run's dollars, its live and replayed calls, the prices' date, the budget."""
    spend = summary.total
    verb = "would make" if summary.estimate else "made"
    parts = [
        f"cost: {spend.dollars()}",
        f"{spend.calls} live judge call{'s' if spend.calls != 1 else ''} ({verb})",
        f"{spend.replayed} replayed from the cache (free)",
    ]
    if spend.unpriced:
        parts.append(f"no price for {', '.join(spend.unpriced)} (set faith_prices)")
    if summary.prices_as_of:
        parts.append(f"prices as of {summary.prices_as_of}")
    if summary.max_cost is not None:
        parts.append(f"budget {usd_given(summary.max_cost)}")
    return "  ".join([parts[0], "; ".join(parts[1:])])


def expensive_tests(summary: CostSummary, count: int = MOST_EXPENSIVE) -> list[str]:
    """The most expensive tests, as "nodeid $x" (unknown ones first: they may cost anything)."""
    paid = [t for t in summary.tests if t.cost.calls]
    return [f"{t.nodeid} {t.cost.dollars()}" for t in paid[:count]]


def estimate_lines(report: FaithReport) -> list[str]:
    """``--faith-estimate``'s summary: the calls the run would make, tokens and dollars."""
    summary = report.cost
    checks = report.totals.checks + sum(m.checks for m in report.metric_totals)
    estimated = report.totals.estimated + sum(m.estimated for m in report.metric_totals)
    if summary is None:
        return [f"faithful estimate: {counted(checks, 'check')}; no judge call would be made"]
    spend = summary.total
    named = spend.calls - spend.followups
    lines = [
        f"faithful estimate (--faith-estimate: no judge was called): {counted(checks, 'check')}, "
        f"{estimated} would call a judge",
        f"  judge calls: {spend.replayed} replayed from the cache (free); {spend.calls} would "
        f"go to a provider: {named} named exactly, {spend.followups} following a live call "
        "(their requests estimated too)",
        f"  tokens (estimated: ~{tokens.CHARS_PER_TOKEN} characters a token; a reply "
        f"~{tokens.TYPICAL_REPLY_TOKENS} tokens): ~{spend.input_tokens:,} in, "
        f"~{spend.output_tokens:,} out",
        f"  {run_line(summary)}",
        "  not counted: repair requests and retries, which only a real reply can cause",
    ]
    top = expensive_tests(summary)
    if top:
        lines.append(f"  most expensive tests: {', '.join(top)}")
    return lines
