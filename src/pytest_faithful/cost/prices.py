"""What a judge call costs: the packaged price table (``prices.json``), overridable per model.

Standard library only: the option that overrides prices is parsed at pytest start-up.
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
from collections.abc import Iterable, Mapping
from importlib import resources

FREE_KINDS = frozenset({"local", "lexical"})
"""Judge kinds that run in this process: their calls cost nothing."""
PER = 1_000_000
"""Prices are per this many tokens."""

# A dated snapshot or an alias takes the price of its base name: gpt-4o-mini-2024-07-18,
# claude-sonnet-4-5-20250929, claude-3-5-haiku-latest.
_SUFFIX = re.compile(r"(?:-\d{4}-\d{2}-\d{2}|-\d{8}|-latest)$")


@dataclasses.dataclass(frozen=True)
class Price:
    """USD per million input and output tokens."""

    input: float
    output: float

    def cost(self, input_tokens: int, output_tokens: int) -> float:
        return (input_tokens * self.input + output_tokens * self.output) / PER

    def describe(self) -> str:
        return f"${self.input:g}/${self.output:g} per M tokens in/out"


@dataclasses.dataclass(frozen=True)
class PriceTable:
    """Prices by model name. ``overrides`` (from ``faith_prices``) win over the table."""

    as_of: str
    models: Mapping[str, Price]
    overrides: Mapping[str, Price] = dataclasses.field(default_factory=dict)

    def lookup(self, kind: str, model: str) -> Price | None:
        """The price of a call to ``model`` of judge kind ``kind``; None when not known."""
        if kind in FREE_KINDS:
            return Price(0.0, 0.0)
        for name in _names(model):
            for table in (self.overrides, self.models):
                if name in table:
                    return table[name]
        return None

    def with_overrides(self, overrides: Iterable[tuple[str, Price]]) -> PriceTable:
        return dataclasses.replace(self, overrides={**self.overrides, **dict(overrides)})


def _names(model: str) -> list[str]:
    """``model`` as given, then without a date or '-latest' suffix, then without a provider
    prefix ("openai/gpt-4o-mini", as some OpenAI-compatible servers name models)."""
    names = [model]
    base = _SUFFIX.sub("", model)
    if base != model:
        names.append(base)
    for name in list(names):
        if "/" in name:
            names.append(name.rsplit("/", 1)[1])
    return names


def packaged_table() -> PriceTable:
    """The table shipped in the package (``prices.json``, dated ``as_of``)."""
    text = resources.files("pytest_faithful.cost").joinpath("prices.json").read_text("utf-8")
    data = json.loads(text)
    models = {
        name: Price(float(entry["input"]), float(entry["output"]))
        for name, entry in data["models"].items()
    }
    return PriceTable(as_of=str(data["as_of"]), models=models)


# A model written as the judge spec that calls it: openai:gpt-4o-mini, openai:llama3@http://...
_SPEC = re.compile(r"(?:openai|anthropic):([^@]+)(?:@.*)?")


def parse_prices(text: str) -> tuple[tuple[str, Price], ...]:
    """``MODEL: INPUT OUTPUT`` entries (USD per million tokens), one a line or separated by
    ``;``: ``gpt-4o-mini: 0.15 0.60; llama3: 0 0``. ``ValueError`` naming the entry.

    A model may be written as the judge spec that calls it (``openai:gpt-4o-mini``,
    ``openai:llama3@http://localhost:11434/v1``): its price is the model's, which is what a
    call is priced by (as written, it would name no model and price nothing). A model priced
    twice is an error: the entries disagree, or one of them is a mistake."""
    found: list[tuple[str, Price]] = []
    first: dict[str, str] = {}
    for raw in re.split(r"[;\n]", text):
        entry = raw.strip()
        if not entry or entry.startswith("#"):
            continue
        model, colon, numbers = entry.rpartition(":")
        model = model.strip()
        if not colon or not model:
            raise ValueError(
                f"{entry!r} is not MODEL: INPUT OUTPUT (USD per million tokens, e.g. "
                "'gpt-4o-mini: 0.15 0.60')"
            )
        parts = numbers.split()
        if len(parts) != 2:
            raise ValueError(
                f"{entry!r}: give two prices after the colon, input and output USD per million "
                "tokens (e.g. 'gpt-4o-mini: 0.15 0.60')"
            )
        try:
            values = [float(part.removeprefix("$")) for part in parts]
        except ValueError:
            raise ValueError(
                f"{entry!r}: prices must be numbers, got {numbers.strip()!r}"
            ) from None
        if not all(math.isfinite(v) and v >= 0 for v in values):
            raise ValueError(f"{entry!r}: prices must be finite and >= 0")
        spec = _SPEC.fullmatch(model)
        if spec is not None:
            model = spec[1].strip()
        if model in first:
            raise ValueError(
                f"{entry!r}: model {model!r} is priced twice (first in {first[model]!r}); "
                "give each model one price"
            )
        first[model] = entry
        # + 0.0: a price of -0 is 0 (shown "$0", not "$-0").
        found.append((model, Price(values[0] + 0.0, values[1] + 0.0)))
    return tuple(found)
