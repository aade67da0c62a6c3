"""Evidence that says the opposite of its claim, or asks a question, supports nothing.

A judge (a small model, a confused or lazy one) may call a claim SUPPORTED and show a real
passage sentence about the same words that negates it, or a FAQ's question line. The span is
in the passage and bears on the claim, so the older rules let it stand.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_judges import assert_both_ways, quoting
from pytest_faithful import Label, verify
from pytest_faithful.text.polarity import negation_clash

FAQ = "Q: Do you ship to Canada?\nA: No, we do not ship outside the US. We do not ship to Cuba."
POLICY = "We do not ship to Canada. Refunds are accepted within 30 days."

STRICT = "strict"
"""These tests hold a rule of the strict policy; the standard one leaves it out for
model judges (benchmarks/RESULTS.md, "Verdict rules, both ways")."""


@pytest.mark.parametrize(
    ("answer", "passage", "evidence", "question"),
    [
        ("We ship to Canada.", POLICY, "We do not ship to Canada.", None),
        (
            "Refunds are not accepted within 30 days.",
            POLICY,
            "Refunds are accepted within 30 days.",
            None,
        ),
        # A bare yes is held to the question it answers.
        ("Yes.", POLICY, "We do not ship to Canada.", "Do you ship to Canada?"),
        # A FAQ's question asserts nothing.
        ("We ship to Canada.", FAQ, "Do you ship to Canada?", None),
        # A quote that starts just after the negation governing it.
        ("We ship to Canada.", POLICY, "ship to Canada", None),
        ("Anyone can return opened games.", "Nobody can return opened games.", "can return", None),
    ],
    ids=[
        "negated-span",
        "negated-claim",
        "bare-yes",
        "faq-question",
        "negation-left-out",
        "negative-subject-left-out",
    ],
)
def test_evidence_against_its_claim_is_no_evidence(
    answer: str, passage: str, evidence: str, question: str | None
) -> None:
    result = verify(answer, passage, question=question, rules=STRICT, judge=quoting(evidence))
    (verdict,) = result.claim_verdicts
    assert verdict.judge_label is Label.SUPPORTED
    assert verdict.label is Label.NOT_ENOUGH_INFO
    assert not result.passed


@pytest.mark.parametrize(
    ("answer", "passage", "evidence", "question"),
    [
        ("We do not ship to Cuba.", FAQ, "We do not ship to Cuba.", None),
        (
            "Refunds are accepted within 30 days.",
            POLICY,
            "Refunds are accepted within 30 days.",
            None,
        ),
        # A bare no negates the question as a whole: left to the judge.
        ("No.", POLICY, "We do not ship to Canada.", "Do you ship to Canada?"),
        # A negation three words back, or in the sentence before, is about something else.
        (
            "The cost comes from the voice recognition feature.",
            "We cut the cost by not using the voice recognition feature.",
            "voice recognition feature",
            None,
        ),
        ("We ship to Canada.", "We do not. We ship to Canada.", "We ship to Canada.", None),
    ],
    ids=["both-negated", "both-stated", "bare-no", "negation-further-back", "sentence-before"],
)
def test_evidence_that_agrees_still_supports(
    answer: str, passage: str, evidence: str, question: str | None
) -> None:
    result = verify(answer, passage, question=question, rules=STRICT, judge=quoting(evidence))
    assert [v.label for v in result.claim_verdicts] == [Label.SUPPORTED]
    assert result.passed


_CUT = [
    ("We ship to Canada.", POLICY, "ship to Canada"),
    (
        "Anyone can return opened games.",
        "Nobody can return opened games.",
        "can return opened games",
    ),
    (
        "Refunds are accepted within 30 days.",
        "Refunds are never accepted within 30 days.",
        "accepted within 30 days",
    ),
]


@pytest.mark.parametrize("policy", ["evidence", "standard", "strict"])
@pytest.mark.parametrize(("answer", "passage", "evidence"), _CUT)
def test_a_quote_that_cuts_off_its_negation_is_no_evidence_in_any_policy(
    answer: str, passage: str, evidence: str, policy: str
) -> None:
    """The quote hides what its passage says (a trust rule, as an ellipsis standing for the
    negation is): no policy lets it support the claim the negation contradicts."""
    result = verify(answer, passage, rules=policy, judge=quoting(evidence))
    (verdict,) = result.claim_verdicts
    assert (verdict.judge_label, verdict.label, verdict.rule) == (
        Label.SUPPORTED,
        Label.NOT_ENOUGH_INFO,
        "bears-on",
    )
    assert not verdict.evidence_found
    assert not result.passed


@pytest.mark.parametrize("policy", ["evidence", "standard", "strict"])
@pytest.mark.parametrize(
    ("answer", "passage", "evidence"),
    [
        # The claim states the negation the quote starts after.
        ("We do not ship to Canada.", POLICY, "ship to Canada"),
        ("Nobody can return opened games.", "Nobody can return opened games.", "can return opened"),
        # A negation three words back is about something else.
        (
            "The cost comes from the voice recognition feature.",
            "We cut the cost by not using the voice recognition feature.",
            "voice recognition feature",
        ),
    ],
)
def test_a_quote_after_a_negation_the_claim_states_still_supports(
    answer: str, passage: str, evidence: str, policy: str
) -> None:
    result = verify(answer, passage, rules=policy, judge=quoting(evidence))
    assert [v.label for v in result.claim_verdicts] == [Label.SUPPORTED]


# A negation that states a bound or an exclusion ("no later than", "doesn't open until",
# "nothing other than") or "at no charge" for "free of charge": the faithful answer, and the
# same answer negating what the passage states, still caught.
_BOUNDS = [
    (
        "Claims must be filed within 30 days of the incident.",
        "Claims must be filed no later than 30 days after the incident.",
        "Claims must not be filed within 30 days of the incident.",
    ),
    (
        "The library opens at 10 am.",
        "The library doesn't open until 10 am.",
        "The library doesn't open at 10 am.",
    ),
    (
        "Cookies are used only for analytics.",
        "Cookies are used for nothing other than analytics.",
        "Cookies are not used for analytics.",
    ),
    (
        "Use only the supplied charger.",
        "Do not use any charger other than the supplied one.",
        "Do not use the supplied charger.",
    ),
    (
        "Towels are provided at no charge.",
        "Towels are provided free of charge.",
        "Towels are provided for a charge.",
    ),
]


@pytest.mark.parametrize(
    ("passage", "faithful", "changed"),
    _BOUNDS,
    ids=["no-later-than", "not-until", "nothing-other-than", "not-other-than", "free-of-charge"],
)
def test_a_negation_that_states_a_bound_is_no_clash(
    passage: str, faithful: str, changed: str
) -> None:
    assert_both_ways(faithful, changed, [passage], rules=STRICT)


_WORDS = st.lists(
    st.sampled_from(["claims", "filed", "not", "no", "30", "days", "open", "until", "other", "."]),
    max_size=8,
).map(" ".join)
_BOUND_WORDS = st.sampled_from(
    ["no later than", "not more than", "no fewer than", "doesn't open until", "nothing other than"]
)


@settings(max_examples=60)
@given(_WORDS, _BOUND_WORDS, _WORDS)
def test_a_bound_reads_as_the_same_text_without_its_negation(
    before: str, bound: str, after: str
) -> None:
    with_negation = f"{before} {bound} {after}"
    plain = " ".join(w for w in with_negation.split() if w not in {"no", "not", "nothing"})
    plain = plain.replace("doesn't ", "")
    assert negation_clash(with_negation, with_negation) is False
    # The bound's own negation is no clash with the text that leaves it out.
    if not {"no", "not", "nothing"} & set(f"{before} {after}".split()):
        assert negation_clash(with_negation, plain) is False
