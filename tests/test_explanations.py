"""Explanatory answers (ELI5, long-form QA): long sentences that join facts with "and" or "but",
and a passage's "non-" compound said as a negation.

An explanation writes "As a result, demand falls, and price increases usually slow down." for a
passage's "With less demand, price increases usually slow.": the word a lie turns over sits in
one of the facts the sentence joins, so the clause that says its opposite holds few of the whole
sentence's words. And it writes "fewer channels that don't overlap" for "fewer non-overlapping
channels", which negates what the passage negates.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_judges import quoting
from pytest_faithful import verify
from pytest_faithful.text.contrasts import contrast
from pytest_faithful.text.polarity import negation_clash

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


# "non-" and a word the other text says apart; the sentence shapes an answer writes it in.
_NON_WORDS = ["refundable", "transferable", "overlapping", "binding", "members", "stop"]
_SHAPES = [
    ("It has a non-{w} policy.", "Its policy is not {w}.", "Its policy is {w}."),
    (
        "They sell non-{w} tickets only.",
        "The tickets they sell are not {w}.",
        "The tickets they sell are {w}.",
    ),
]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(_NON_WORDS), st.sampled_from(_SHAPES))
def test_a_non_compound_negates_its_word(word: str, shape: tuple[str, str, str]) -> None:
    compound, negated, stated = (s.format(w=word) for s in shape)
    assert not negation_clash(negated, compound)
    assert not negation_clash(compound, negated)
    assert negation_clash(stated, compound)
    # Said apart in its own text too ("on a non-GAAP and GAAP basis"), it negates nothing.
    assert not negation_clash(f"Both non-{word} and {word} items count.", compound)


def test_a_non_compound_passes_where_its_negation_is_written_apart() -> None:
    passage = "The 2.4 GHz band is shared with many devices and has fewer non-overlapping channels."
    judge = quoting(passage)
    faithful = "The 2.4 GHz band is crowded and has fewer channels that don't overlap."
    assert verify(faithful, [passage], judge=judge, rules=STRICT).passed
    assert not verify(
        faithful.replace("don't overlap", "overlap"), [passage], judge=judge, rules=STRICT
    ).passed
