"""What judge calls cost: a frozen sum that travels in check records and reports."""

from __future__ import annotations

from pydantic import Field, NonNegativeFloat, NonNegativeInt

from pytest_faithful.models import FrozenModel


class Spend(FrozenModel):
    """The judge calls of a check (or a test, or a run) and what they cost in US dollars.

    ``usd`` is None when a call's model has no known price (``unpriced`` names them): such a
    cost is unknown, never $0. In an estimate (``estimated``) nothing was called: ``calls``
    would go to a provider, their tokens are estimated, and ``followups`` of them follow a
    reply that was itself estimated (their requests are estimated too).
    """

    calls: NonNegativeInt = Field(
        default=0, description="Judge calls sent to a provider (in an estimate: that would be)."
    )
    replayed: NonNegativeInt = Field(default=0, description="Judge calls the cache answered.")
    input_tokens: NonNegativeInt = 0
    output_tokens: NonNegativeInt = 0
    usd: NonNegativeFloat | None = Field(
        default=0.0, description="US dollars; null when a model has no known price."
    )
    unpriced: tuple[str, ...] = Field(default=(), description="Models with no known price.")
    estimated: bool = Field(default=False, description="An estimate: nothing was called.")
    followups: NonNegativeInt = Field(
        default=0, description="Estimated calls that follow an estimated reply."
    )

    def __add__(self, other: Spend) -> Spend:
        unpriced = tuple(sorted({*self.unpriced, *other.unpriced}))
        return Spend(
            calls=self.calls + other.calls,
            replayed=self.replayed + other.replayed,
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
            usd=None if self.usd is None or other.usd is None else self.usd + other.usd,
            unpriced=unpriced,
            estimated=self.estimated or other.estimated,
            followups=self.followups + other.followups,
        )

    def dollars(self) -> str:
        """ "$0.0123", "~$0.0123" for an estimate, "$0" for no paid call, "unknown" when a
        model has no price (never $0 then)."""
        if self.usd is None:
            return "unknown"
        if self.calls == 0 or self.usd == 0:
            return "$0"
        return ("~" if self.estimated else "") + usd(self.usd)


def usd(amount: float) -> str:
    """An amount of dollars as a report shows it: four decimals under $1, two above."""
    if amount >= 1:
        return f"${amount:,.2f}"
    return f"${amount:.4f}" if amount >= 0.0001 else f"${amount:.6f}"


_MOST_DECIMALS = 12


def _decimals_of(amount: float) -> int:
    """The decimals ``usd`` shows ``amount`` with."""
    return 2 if amount >= 1 else 4 if amount >= 0.0001 else 6


def usd_given(amount: float) -> str:
    """An amount a user gave (a budget), as ``usd`` shows it but never rounded: 0.00025 is
    "$0.00025", not "$0.0003"."""
    decimals = _decimals_of(amount)
    while round(amount, decimals) != amount and decimals < _MOST_DECIMALS:
        decimals += 1
    return f"${amount:,.{decimals}f}"


def usd_over(spent: float, cost: float, budget: float) -> tuple[str, str, str]:
    """A refused call's message: what the run has spent, what the call could cost and the
    budget, with the decimals it takes for the first two to read as more than the budget
    (rounded alike, $0.0002 spent and up to $0.0001 more read as fitting a budget of
    $0.0003, given as 0.00025)."""
    decimals = max(_decimals_of(x) for x in (spent, cost, budget) if x > 0)  # budget > 0
    while decimals < _MOST_DECIMALS and (
        round(spent, decimals) + round(cost, decimals) <= round(budget, decimals)
        or round(budget, decimals) != budget
    ):
        decimals += 1
    return (
        f"${spent:,.{decimals}f}",
        f"${cost:,.{decimals}f}",
        f"${budget:,.{decimals}f}",
    )


def total(spends: list[Spend]) -> Spend:
    found = Spend()
    for spend in spends:
        found = found + spend
    return found
