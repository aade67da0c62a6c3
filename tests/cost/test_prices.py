"""faith_prices: what a team writes is what the calls are priced by, or an error naming it."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_faithful.cost.prices import Price, packaged_table, parse_prices

# Model names as providers and local servers spell them (an Ollama tag after a colon).
MODELS = st.from_regex(r"[a-z][a-z0-9.\-/]{0,15}(:[a-z0-9]{1,6})?", fullmatch=True).filter(
    lambda m: not m.startswith(("openai:", "anthropic:"))
)
PRICES = st.floats(0, 1000, allow_nan=False, allow_infinity=False)
TABLE = packaged_table()


@settings(max_examples=20, deadline=None)
@given(
    entries=st.dictionaries(MODELS, st.tuples(PRICES, PRICES), min_size=1, max_size=5),
    separator=st.sampled_from(["; ", "\n", "\n# a comment\n"]),
    as_spec=st.sampled_from(["", "openai:", "anthropic:"]),
    url=st.sampled_from(["", "@http://localhost:11434/v1"]),
)
def test_written_prices_read_back_and_a_judge_spec_names_its_model(
    entries: dict[str, tuple[float, float]], separator: str, as_spec: str, url: str
) -> None:
    suffix = url if as_spec else ""
    text = separator.join(
        f"{as_spec}{model}{suffix}: {i!r} {o!r}" for model, (i, o) in entries.items()
    )
    parsed = parse_prices(text)
    assert parsed == tuple((model, Price(i, o)) for model, (i, o) in entries.items())
    table = TABLE.with_overrides(parsed)
    for model, (i, o) in entries.items():
        assert table.lookup("openai", model) == Price(i, o)
    assert all("$-" not in price.describe() for _, price in parsed)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("gpt-4o: 1 2; gpt-4o: 3 4", "'gpt-4o: 3 4': model 'gpt-4o' is priced twice"),
        (
            "gpt-4o: 1 2\nopenai:gpt-4o: 1 2",
            "model 'gpt-4o' is priced twice (first in 'gpt-4o: 1 2')",
        ),
        (
            "llama3:8b: 0 0; openai:llama3:8b@http://h:1/v1: 0 0",
            "model 'llama3:8b' is priced twice",
        ),
    ],
)
def test_a_model_priced_twice_is_an_error(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        parse_prices(text)
