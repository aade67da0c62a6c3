"""The cost options: ``--faith-max-cost``, ``--faith-estimate`` and ``faith_prices``.

Standard library only: read at pytest start-up.
"""

from __future__ import annotations

import dataclasses

from pytest_faithful.cost.prices import Price, parse_prices
from pytest_faithful.fields import Flag, Kind, Number, check_fields, option


class Prices(Kind):
    """``MODEL: INPUT OUTPUT`` entries, USD per million tokens, one a line or ``;``-separated."""

    def parse(self, text: str) -> tuple[tuple[str, Price], ...]:
        return parse_prices(text)

    def problem(self, value: object) -> str | None:
        ok = isinstance(value, tuple) and all(
            isinstance(entry, tuple)
            and len(entry) == 2
            and isinstance(entry[0], str)
            and isinstance(entry[1], Price)
            for entry in value
        )
        return None if ok else "a tuple of (model, Price) pairs"


class Budget(Number):
    """An amount of US dollars above 0, or None: no budget."""

    def problem(self, value: object) -> str | None:
        return None if value is None else super().problem(value)


USD = Budget(0, noun="amount in US dollars")


@dataclasses.dataclass(frozen=True)
class CostOptions:
    """What judge calls may cost in a run, and whether to only estimate it."""

    max_cost: float | None = option(
        "--faith-max-cost",
        USD,
        "Budget for the run's live judge calls, in US dollars (all xdist workers together): "
        "a check whose next live call could pass it errors with BudgetExceededError; calls "
        "the cache answers are free.",
        metavar="USD",
        ini_help="Budget in US dollars for a run's live judge calls (see --faith-max-cost).",
        shown_default="no budget",
        default=None,
    )
    estimate: bool = option(
        "--faith-estimate",
        Flag(),
        "Call no judge: run the suite, replay what the cache holds, and print how many live "
        "judge calls the run would make, their estimated tokens and dollars. Checks that "
        "would call are reported as estimated (their tests as skipped).",
        ini=False,
        default=False,
    )
    prices: tuple[tuple[str, Price], ...] = option(
        "--faith-prices",
        Prices(),
        "Prices that override or add to the packaged table: 'MODEL: INPUT OUTPUT' in USD per "
        "million tokens, ';' or one a line (ini), e.g. 'gpt-4o-mini: 0.15 0.60; llama3: 0 0'.",
        metavar="PRICES",
        ini_help="Model prices in USD per million tokens, one 'MODEL: INPUT OUTPUT' a line.",
        default=(),
    )

    def __post_init__(self) -> None:
        check_fields(self)
