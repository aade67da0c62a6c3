"""Explanatory answers (ELI5, long-form QA): long sentences that join facts with "and" or "but".

An explanation writes "As a result, demand falls, and price increases usually slow down." for a
passage's "With less demand, price increases usually slow.": the word a lie turns over sits in
one of the facts the sentence joins, so the clause that says its opposite holds few of the whole
sentence's words.
"""

from __future__ import annotations

import pytest

from evidence_judges import quoting
from pytest_faithful import verify
from pytest_faithful.text.contrasts import contrast

STRICT = "strict"
"""The opposites and negation rules are in the strict policy only, for model judges."""

# A passage sentence, an answer's long sentence that joins another fact to it, and the same
# sentence with the word of the joined fact turned over.
_LONG = [
    (
        "With less demand in the economy, price increases usually slow.",
        "As a result, overall demand in the economy falls, and price increases usually slow down.",
        "As a result, overall demand in the economy falls, and price increases always stop.",
    ),
    (
        "RuBisCO is slow and sometimes binds oxygen instead of carbon dioxide.",
        "The enzyme, RuBisCO, is slow and it sometimes grabs oxygen by mistake.",
        "The enzyme, RuBisCO, is fast and it sometimes grabs oxygen by mistake.",
    ),
    (
        "The 5 GHz band offers higher speeds and less congestion but has a shorter range.",
        "The newer band is quicker in a crowded flat, but it has a shorter range.",
        "The newer band is quicker in a crowded flat, but it has a longer range.",
    ),
    (
        "Higher rates tend to reduce spending on big purchases such as houses and cars.",
        "When loans cost more, many families put off buying a new home or car, and higher rates "
        "tend to reduce spending on big purchases.",
        "When loans cost more, many families put off buying a new home or car, and higher rates "
        "tend to increase spending on big purchases.",
    ),
]


@pytest.mark.parametrize(
    ("passage", "faithful", "changed"), _LONG, ids=["always", "fast", "range", "spending"]
)
def test_an_opposite_in_one_fact_of_a_long_sentence_is_caught(
    passage: str, faithful: str, changed: str
) -> None:
    assert contrast(faithful, passage) is None
    assert contrast(changed, passage) is not None
    judge = quoting(passage)
    assert verify(faithful, [passage], judge=judge, rules=STRICT).passed
    assert not verify(changed, [passage], judge=judge, rules=STRICT).passed


def test_a_clause_about_another_fact_of_the_sentence_is_still_no_contrast() -> None:
    """The fact's own share does not reach past the guard for the claim's other facts."""
    evidence = "Capacity grew 11% while unit revenue slipped 2.5%."
    assert (
        contrast("Capacity grew 11% while unit revenue declined 2.5% this year.", evidence) is None
    )
