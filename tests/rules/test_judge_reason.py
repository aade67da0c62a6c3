"""A SUPPORTED verdict whose own reason opens by denying the claim never passes (judge-reason).

The reasons are written the ways models write them: the family is built from its parts, and a
reason that only denies a detail, a later clause or one numbered passage keeps its SUPPORTED.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fake_llm_server import FakeLLMServer, Reply
from pytest_faithful import Label, LLMOptions, verify
from pytest_faithful.rules.judge_reason import denies
from pytest_faithful.testing import FunctionJudge

PASSAGE = "Returns are accepted within 30 days of delivery."
CLAIM = "Returns are accepted within 30 days."
QUOTE = "Returns are accepted within 30 days"

SOURCES = ["The passage", "the context", "Passage 1", "The provided passages", "The text"]
NOTS = ["does not", "doesn't", "does not", "never", "fails to"]
SAYS = ["support", "mention", "state", "say", "confirm"]
OBJECTS = ["", " this", " the claim", " it", " this information"]
OPENERS = [
    "Not supported by the passages",
    "Unsupported",
    "The claim is not stated in the context",
    "This is not mentioned in any of the passages",
    "No evidence",
    "There is no evidence for this in the passages",
    "No passage supports the claim",
    "None of the passages mention it",
    "NOT_ENOUGH_INFO",
    "Insufficient information",
    "The passage contradicts the claim",
    "Contradicted by the context",
]
PREFIXES = ["", "Reason: ", "[note] ", "**", "SUPPORTED: "]


def judged(reason: str, *, heuristic: bool = False, skip: str = "") -> Any:
    row = {"claim_index": 0, "label": "SUPPORTED", "reason": reason, "evidence": QUOTE}
    judge = FunctionJudge(lambda c, p: [dict(row, passage_index=0)], heuristic=heuristic)
    return verify(CLAIM, [PASSAGE], judge=judge, skip_rules=skip).claim_verdicts[0]


denials = st.one_of(
    st.builds(
        lambda s, n, v, o: f"{s} {n} {v}{o}",
        st.sampled_from(SOURCES),
        st.sampled_from(NOTS),
        st.sampled_from(SAYS),
        st.sampled_from(OBJECTS),
    ),
    st.sampled_from(OPENERS),
)


@given(
    prefix=st.sampled_from(PREFIXES),
    denial=denials,
    end=st.sampled_from(["", ".", ";", ",", " -", " but", ":", "!", " ("]),
    rest=st.text(max_size=30),
)
def test_a_reason_that_opens_by_denying_the_claim_denies_it(
    prefix: str, denial: str, end: str, rest: str
) -> None:
    assert denies(f"{prefix}{denial}{end} {rest}" if end else f"{prefix}{denial}")


AFFIRMING = [
    "The passage states it",
    "Passage 1 says returns are accepted within 30 days",
    "Supported by the context",
    "",
]
PARTIAL = [
    "The passage does not mention the weekend hours",  # a detail, not the claim
    "The passage does not say so explicitly, but implies it",
    "Not supported by passage 2, but passage 1 states it",  # one numbered passage
    "No evidence of a contradiction",
    "It does not state it in those words",
    "Contradiction-free and stated verbatim",
    "Nothing contradicts it",
]


@given(opener=st.sampled_from(AFFIRMING), later=st.sampled_from(["", *PARTIAL]), rest=st.text())
def test_a_reason_that_affirms_first_or_denies_a_detail_does_not_deny(
    opener: str, later: str, rest: str
) -> None:
    first = f"{opener}; {later}" if opener else later
    assert not denies(f"{first} {rest}" if first else "")


@pytest.mark.parametrize(
    ("reason", "passes"),
    [
        *((f"{opener}.", False) for opener in OPENERS),
        ("The passage doesn't mention this; it only covers exchanges.", False),
        ("Reason: the context does not support the claim", False),
        *((f"{reason}.", True) for reason in [*AFFIRMING[:3], *PARTIAL]),
    ],
)
def test_a_supported_verdict_passes_unless_its_reason_denies_the_claim(
    reason: str, passes: bool
) -> None:
    verdict = judged(reason)
    assert verdict.judge_label is Label.SUPPORTED
    assert (verdict.label is Label.SUPPORTED) is passes
    assert verdict.rule == (None if passes else "judge-reason")


@pytest.mark.parametrize("reason", ["The passage does not mention this.", "Unsupported."])
def test_a_heuristic_judge_and_a_skipped_rule_keep_the_label(reason: str) -> None:
    assert judged(reason, heuristic=True).label is Label.SUPPORTED
    assert judged(reason, skip="judge-reason").label is Label.SUPPORTED


@pytest.fixture(scope="module")
def server() -> Iterator[FakeLLMServer]:
    fake = FakeLLMServer()
    yield fake
    fake.close()


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
@pytest.mark.parametrize("single", [False, True], ids=["two-step", "single-call"])
def test_a_model_judge_whose_reason_denies_its_label_fails_the_check(
    provider: str, single: bool, server: FakeLLMServer, tmp_path: Path, monkeypatch: Any
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-0123456789abcdefghij")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test-0123456789abcdefghij")
    key = "claims" if single else "verdicts"
    denying = Reply(
        transform=lambda a: {
            key: [dict(v, reason="The passage does not support this claim.") for v in a[key]]
        }
    )
    server.script("single" if single else "verify", denying)
    base = f"{server.url}/v1" if provider == "openai" else server.url
    result = verify(
        f"{CLAIM} Shipping is $15.",
        [PASSAGE, "Shipping is $15 per order."],
        judge=f"{provider}:judge-model@{base}",
        llm=LLMOptions(timeout_s=5, max_retries=0, single_call=single),
        record_mode="off",
        cache_dir=tmp_path,
    )
    assert not result.passed
    assert [(v.judge_label, v.label, v.rule) for v in result.claim_verdicts] == [
        (Label.SUPPORTED, Label.NOT_ENOUGH_INFO, "judge-reason")
    ] * 2
