"""A claim about one numbered thing, quoting what the passages say of its sibling, both ways.

"The Kestrel X2 weighs 895 grams." quoting "The Kestrel X3 drone weighs 895 grams." passed
every rule where the passages name the X2 elsewhere: the quote is real and bears on the claim.
Evidence whose sentence most about the claim names another of the claim's numbered names (the
same stem, another number or suffix) and not the claim's is about that one
(:func:`~pytest_faithful.text.siblings.sibling_named`). The claim's name in another form, a claim
that names both, and evidence that names none pass.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_judges import quoting
from pytest_faithful import Label, verify
from pytest_faithful.text.siblings import sibling_named

# form: (passage, an honest claim and its quote, the lie and its quote, the names the reason gives)
FAMILY = {
    "a model code": (
        "Skyline sells the Kestrel X2 and the Kestrel X3. The Kestrel X2 folds to the size of "
        "a paperback. The Kestrel X3 drone weighs 895 grams.",
        ("The X3 weighs 895 grams.", "The Kestrel X3 drone weighs 895 grams."),
        ("The Kestrel X2 weighs 895 grams.", "The Kestrel X3 drone weighs 895 grams."),
        ("X2", "X3"),
    ),
    "a version": (
        "Version 3.1 added dark mode. Version 3.2 introduced cloud sync.",
        ("Dark mode arrived in v3.1.", "Version 3.1 added dark mode."),
        ("Version 3.2 added dark mode.", "Version 3.1 added dark mode."),
        ("Version 3.2", "Version 3.1"),
    ),
    "a route": (
        "Route 9 runs every 10 minutes. Route 19 runs every 30 minutes and serves the airport.",
        ("Route 19 goes to the airport.", "Route 19 runs every 30 minutes and serves the airport."),
        ("Route 9 serves the airport.", "Route 19 runs every 30 minutes and serves the airport."),
        ("Route 9", "Route 19"),
    ),
    "a phone": (
        "The iPhone 14 has a Lightning port. The iPhone 15 replaced the Lightning port with USB-C.",
        (
            "With the iPhone 15, USB-C replaced Lightning.",
            "The iPhone 15 replaced the Lightning port with USB-C.",
        ),
        (
            "The iPhone 14 replaced the Lightning port with USB-C.",
            "The iPhone 15 replaced the Lightning port with USB-C.",
        ),
        ("iPhone 14", "iPhone 15"),
    ),
    "a suffix": (
        "The Galaxy S24 Ultra includes a stylus. The Galaxy S24+ charges at 45 watts.",
        ("The S24 Ultra has a built-in stylus.", "The Galaxy S24 Ultra includes a stylus."),
        ("The Galaxy S24+ includes a stylus.", "The Galaxy S24 Ultra includes a stylus."),
        ("S24+", "S24 Ultra"),
    ),
    "a lettered plan": (
        "Plan A costs $20 a month. Plan B costs $25 a month and adds phone support.",
        ("Plan B includes phone support.", "Plan B costs $25 a month and adds phone support."),
        ("Plan A costs $25 a month.", "Plan B costs $25 a month and adds phone support."),
        ("Plan A", "Plan B"),
    ),
    "a lettered building": (
        "Visitor badges are collected in Building C. Building A houses the labs.",
        ("Badges are collected in Building C.", "Visitor badges are collected in Building C."),
        ("Badges are collected in Building A.", "Visitor badges are collected in Building C."),
        ("Building A", "Building C"),
    ),
    "a gate": (
        "Flights to Oslo leave from Gate B12. Gate B14 is closed until Friday.",
        ("Gate B14 stays closed until Friday.", "Gate B14 is closed until Friday."),
        ("Gate B12 is closed until Friday.", "Gate B14 is closed until Friday."),
        ("B12", "B14"),
    ),
}


# Under strict, number-clash shows the span that states the claim's number in place of a quote
# that gives another ("The iPhone 14 has a Lightning port."): the phone's lie is read against it.
@pytest.mark.parametrize(
    ("form", "rules"),
    [(form, None) for form in sorted(FAMILY)]
    + [(form, "strict") for form in sorted(FAMILY) if form != "a phone"],
)
def test_a_claim_quoting_its_sibling_is_caught_and_its_own_quote_passes(
    form: str, rules: str | None
) -> None:
    passage, (honest, own), (lie, sibling), (mine, other) = FAMILY[form]
    result = verify(honest, [passage], judge=quoting(own), rules=rules)
    assert result.passed, result.explanation
    result = verify(lie, [passage], judge=quoting(sibling), rules=rules)
    assert not result.passed
    [demoted] = [v for v in result.claim_verdicts if v.label is not Label.SUPPORTED]
    if demoted.rule != "number-clash":  # strict's number rule may name it first
        assert demoted.rule == "unstated-specifics"
        assert f"about {mine} and the evidence about {other}" in demoted.reason


PASSAGE = FAMILY["a model code"][0]


@pytest.mark.parametrize(
    ("claim", "quote"),
    [
        # the claim names both: a comparison
        (
            "The Kestrel X3 is heavier than the Kestrel X2.",
            "The Kestrel X3 drone weighs 895 grams.",
        ),
        # the quote names no numbered name
        ("Skyline sells two drones.", "Skyline sells the Kestrel X2 and the Kestrel X3."),
        # two sentences: the one most about the claim names the claim's
        (
            "The Kestrel X2 folds to the size of a paperback.",
            "The Kestrel X2 folds to the size of a paperback. The Kestrel X3 drone weighs 895 "
            "grams.",
        ),
    ],
)
def test_a_claim_about_both_or_evidence_about_neither_passes(claim: str, quote: str) -> None:
    assert verify(claim, [PASSAGE], judge=quoting(quote), rules="strict").passed


@pytest.mark.parametrize(
    "text",
    [
        "Then I left the office.",  # the pronoun
        "On Monday A and B met.",  # letters after a function word
        "In March A shipment arrived.",
    ],
)
def test_a_capital_letter_alone_after_a_function_word_or_the_pronoun_is_no_lettered_name(
    text: str,
) -> None:
    other = text.replace(" I ", " J ").replace(" A ", " B ")
    assert sibling_named(text, other, [text, other]) is None


def test_a_speaker_s_label_is_no_sibling() -> None:
    dialogue = "#Person1#: I'd like to book a table.\n#Person2#: Of course, for how many people?"
    claim = "#Person2# offers to book a table for #Person1#."
    assert sibling_named(claim.replace("#Person1#", "you"), dialogue, [dialogue]) is None
    claim = "#Person1# wants to book a table."
    assert sibling_named(claim, "#Person2#: Of course, for how many people?", [dialogue]) is None


_STEMS = st.sampled_from(["Route", "Apollo", "Article", "Platform", "Room", "Python", "RTX"])


@settings(max_examples=25, deadline=None)
@given(_STEMS, st.integers(1, 999), st.integers(1, 999), st.sampled_from([" ", "  "]))
def test_the_sibling_is_read_for_any_number_and_the_claim_s_own_passes(
    stem: str, mine: int, other: int, space: str
) -> None:
    if mine == other:
        return
    passage = f"{stem} {mine} opens at dawn. {stem} {other} closes at noon."
    sibling = f"{stem} {other} closes at noon."
    assert sibling_named(f"{stem}{space}{mine} closes at noon.", sibling, [passage]) == (
        f"{stem}{space}{mine}",
        f"{stem} {other}",
    )
    assert sibling_named(f"{stem} {other} closes at noon.", sibling, [passage]) is None
    both = f"{stem} {mine} closes after {stem} {other}."
    assert sibling_named(both, sibling, [passage]) is None
