"""Judge replies that would score silently, through the real SDKs against the loopback server.

A model that drops a sentence, repeats a claim or quotes something trivial must not raise the
score: the verifier's guarantees hold on the wire exactly as they do for a scripted judge.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from fake_llm_server import FakeLLMServer, Reply
from pytest_faithful import Label, verify
from pytest_faithful.check import claims as check_claims
from pytest_faithful.judges.llm.options import LLMOptions
from pytest_faithful.judges.registry import builtin_registry
from pytest_faithful.judges.resources import JudgeOptions
from pytest_faithful.models import FaithfulnessResult
from pytest_faithful.rules import left_out as left_out_rule
from pytest_faithful.text.evidence import bears_on

PASSAGES = [
    "Returns are accepted within 30 days of delivery.",
    "Shipping to Canada costs $15 per order.",
]
ANSWER = (
    "Returns are accepted within 30 days. Shipping to Canada costs $15. Gift cards never expire."
)
CAREFUL = [Label.SUPPORTED, Label.SUPPORTED, Label.NOT_ENOUGH_INFO]
PROVIDERS = ["openai", "anthropic"]
MODES = {"two-step": False, "single-call": True}


@pytest.fixture(autouse=True)
def _keys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-0123456789abcdefghij")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test-0123456789abcdefghij")


def check(
    provider: str,
    server: FakeLLMServer,
    tmp_path: Path,
    single: bool,
    quote_repair: bool = False,
    answer: str = ANSWER,
    rules: str | None = None,
) -> FaithfulnessResult:
    base = f"{server.url}/v1" if provider == "openai" else server.url
    llm = LLMOptions(timeout_s=2, max_retries=0, single_call=single, quote_repair=quote_repair)
    options = JudgeOptions(tmp_path / "cache", "off", llm)
    try:
        judge = builtin_registry().build(f"{provider}:judge-model@{base}", options)
        return verify(answer, PASSAGES, judge=judge, threshold=0.5, rules=rules)
    finally:
        options.close()


def _items(answer: dict[str, Any]) -> tuple[str, list[dict[str, Any]]]:
    key = "claims" if "claims" in answer else "verdicts"
    return key, answer[key]


def drop_last_claim(answer: dict[str, Any]) -> dict[str, Any]:
    key, items = _items(answer)
    return {key: items[:-1]}


def repeat_first_claim(answer: dict[str, Any]) -> dict[str, Any]:
    key, items = _items(answer)
    return {key: [items[0]] * 5 + items[1:]}


def trivial_quotes(quote: str) -> Any:
    def transform(answer: dict[str, Any]) -> dict[str, Any]:
        key, items = _items(answer)
        return {key: [{**item, "evidence": quote} if "label" in item else item for item in items]}

    return transform


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_dropped_sentence_is_still_judged(
    provider: str, mode: str, server: FakeLLMServer, tmp_path: Path
) -> None:
    step = "single" if MODES[mode] else "extract"
    # The first reply and its repair both leave the third sentence out.
    server.script(step, Reply(transform=drop_last_claim), Reply(transform=drop_last_claim))
    result = check(provider, server, tmp_path, MODES[mode])
    assert [cv.label for cv in result.claim_verdicts] == CAREFUL
    assert result.claim_verdicts[2].claim.text == "Gift cards never expire."
    assert "verified whole" in result.claim_verdicts[2].reason
    assert result.score == pytest.approx(2 / 3)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_repeated_claim_counts_once(
    provider: str, mode: str, server: FakeLLMServer, tmp_path: Path
) -> None:
    step = "single" if MODES[mode] else "extract"
    server.script(step, Reply(transform=repeat_first_claim))
    result = check(provider, server, tmp_path, MODES[mode])
    assert [cv.label for cv in result.claim_verdicts] == CAREFUL
    assert result.score == pytest.approx(2 / 3)


@pytest.mark.parametrize("quote", [".", "e", "the", "30", "passage 1"])
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_trivial_quote_supports_nothing(
    provider: str,
    mode: str,
    quote: str,
    server: FakeLLMServer,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    step = "single" if MODES[mode] else "verify"
    server.script(step, Reply(transform=trivial_quotes(quote)))
    # The judge-quote rule: no located span stands in for the trivial quote.
    result = check(provider, server, tmp_path, MODES[mode], rules="standard,judge-quote")
    assert [cv.label for cv in result.claim_verdicts] == [Label.NOT_ENOUGH_INFO] * 3
    assert [cv.judge_label for cv in result.claim_verdicts] == CAREFUL
    assert result.score == 0.0
    assert not result.passed


@pytest.mark.parametrize("repair", [False, True], ids=["shipped", "quote-repair"])
@pytest.mark.parametrize("quote", [".", "30", "passage 1"])
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_trivial_quote_gets_a_located_span_with_or_without_a_repair_request(
    provider: str, mode: str, quote: str, repair: bool, server: FakeLLMServer, tmp_path: Path
) -> None:
    """As shipped, no second request; with ``quote_repair`` the judge is asked once for real
    quotes. Either way a SUPPORTED verdict shows a span of its passage that bears on the claim,
    never the trivial quote."""
    step = "single" if MODES[mode] else "verify"
    server.script(
        step, Reply(transform=trivial_quotes(quote)), Reply(transform=trivial_quotes(quote))
    )
    result = check(provider, server, tmp_path, MODES[mode], quote_repair=repair)
    asked = "gives no evidence that is in a passage" in str(server.bodies())
    assert asked is repair
    assert server.count == (1 if MODES[mode] else 2) + int(repair)
    assert [cv.judge_label for cv in result.claim_verdicts] == CAREFUL
    for cv in result.claim_verdicts:
        if cv.label is Label.SUPPORTED:
            assert cv.alignment is not None
            assert cv.alignment.method == "located"
            assert cv.passage_index is not None
            assert cv.evidence in PASSAGES[cv.passage_index]
            assert bears_on(cv.evidence, cv.claim.text)


def quote_moved(where: str) -> Any:
    """Each SUPPORTED item's quote moved where small models put it: into the reason, with
    "passage 1" left as the evidence, or wrapped inside the evidence field."""

    def transform(answer: dict[str, Any]) -> dict[str, Any]:
        key, items = _items(answer)
        moved = []
        for item in items:
            if item.get("label") == "SUPPORTED":
                quote = item["evidence"]
                if where == "reason":
                    item = {**item, "evidence": "passage 1", "reason": f"It states: '{quote}'."}
                else:
                    item = {**item, "evidence": f"Passage {item['passage']}: '{quote}'"}
            moved.append(item)
        return {key: moved}

    return transform


@pytest.mark.parametrize("where", ["reason", "wrapped"])
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("provider", PROVIDERS)
def test_quote_repair_asks_nothing_for_a_quote_the_verifier_accepts(
    provider: str, mode: str, where: str, server: FakeLLMServer, tmp_path: Path
) -> None:
    """``quote_repair`` spends a request only on a verdict the verifier would demote: a quote
    written into the reason, or wrapped in the evidence field, is the judge's own evidence."""
    step = "single" if MODES[mode] else "verify"
    server.script(step, Reply(transform=quote_moved(where)))
    result = check(provider, server, tmp_path, MODES[mode], quote_repair=True)
    assert server.count == (1 if MODES[mode] else 2)
    assert [cv.label for cv in result.claim_verdicts] == CAREFUL
    for cv in result.claim_verdicts[:2]:
        assert cv.alignment is not None
        assert cv.alignment.method != "located"
        assert cv.passage_index is not None
        assert cv.evidence in PASSAGES[cv.passage_index]
        assert ("in its reason" in cv.reason) is (where == "reason")


def claims_as_the_passage_says(said: str, passage_says: str) -> Any:
    """Each claim rewritten from what the answer ``said`` to what the first passage says, and
    (single-call) judged SUPPORTED with the passage's words: a judge that "corrects" its claims."""

    def transform(answer: dict[str, Any]) -> dict[str, Any]:
        key, items = _items(answer)
        rewritten = []
        for item in items:
            if said in item.get("claim", ""):
                item = {**item, "claim": item["claim"].replace(said, passage_says)}
                if "label" in item:
                    quote = PASSAGES[0].rstrip(".")
                    item = {**item, "label": "SUPPORTED", "evidence": quote, "passage": 1}
                    item["reason"] = "The passage states it."  # not the fake's NEI reason
            rewritten.append(item)
        return {key: rewritten}

    return transform


@pytest.mark.parametrize(
    ("said", "note", "single_call_requests"),
    [
        # A number no passage states, left out: what any verdict on it would be is known.
        pytest.param("accepted within 45", left_out_rule.LEFT_OUT_NOTE, 1, id="45"),
        # A "not" left out: the sentence is verified whole, in a verify step of its own.
        pytest.param("not accepted within 30", check_claims.NEGATION_LEFT_OUT_NOTE, 2, id="not"),
        # The opposite word: the claim carries every negation the sentence states (none), but
        # says the opposite of it; the sentence is verified whole all the same.
        pytest.param("refused within 30", check_claims.REVERSED_NOTE, 2, id="opposite"),
    ],
)
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_claim_rewritten_to_what_the_passage_says_does_not_pass_its_sentence(
    provider: str,
    mode: str,
    said: str,
    note: str,
    single_call_requests: int,
    server: FakeLLMServer,
    tmp_path: Path,
) -> None:
    answer = f"Returns are {said} days. Shipping to Canada costs $15."
    step = "single" if MODES[mode] else "extract"
    passage_says = "accepted within 30"
    server.script(step, Reply(transform=claims_as_the_passage_says(said, passage_says)))
    result = check(provider, server, tmp_path, MODES[mode], answer=answer)
    assert [(cv.claim.text, cv.label) for cv in result.claim_verdicts] == [
        (f"Returns are {passage_says} days.", Label.SUPPORTED),
        ("Shipping to Canada costs $15.", Label.SUPPORTED),
        (answer.split(". ")[0] + ".", Label.NOT_ENOUGH_INFO),
    ]
    assert result.claim_verdicts[2].reason.startswith(note)
    # Scored by sentences: the first fails (its rewritten claim does not carry it), the second
    # holds.
    assert result.score == pytest.approx(1 / 2)
    # Two-step verifies a whole sentence among the other claims, in its one verify request.
    assert server.count == (single_call_requests if MODES[mode] else 2)


def second_claim_a_copy_of_the_first(answer: dict[str, Any]) -> dict[str, Any]:
    key, items = _items(answer)
    return {key: [items[0], {**items[1], **{k: v for k, v in items[0].items() if k != "sentence"}}]}


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_copy_of_another_sentences_claim_does_not_pass_its_sentence(
    provider: str, mode: str, server: FakeLLMServer, tmp_path: Path
) -> None:
    """The second sentence's only claim was a copy of the first's: it covered the second
    sentence, then counted once, for the first, and the check passed with the second sentence
    never judged. A copy speaks for the sentence that made it first."""
    answer = "Returns are accepted within 30 days. Gift cards for returns are accepted online."
    single = MODES[mode]
    server.script(
        "single" if single else "extract", Reply(transform=second_claim_a_copy_of_the_first)
    )
    result = check(provider, server, tmp_path, single, answer=answer)
    assert [(cv.claim.text, cv.label) for cv in result.claim_verdicts] == [
        ("Returns are accepted within 30 days.", Label.SUPPORTED),
        ("Gift cards for returns are accepted online.", Label.NOT_ENOUGH_INFO),
    ]
    assert result.claim_verdicts[1].reason.startswith(check_claims.WHOLE_SENTENCE_NOTE)
    assert result.score == pytest.approx(1 / 2)


def words_as_claims(answer: dict[str, Any]) -> dict[str, Any]:
    """Each claim flooded into its words, one claim each; single-call judges each SUPPORTED,
    quoting the word from the passage that has it."""
    key, items = _items(answer)
    flooded = []
    for item in items:
        for word in re.findall(r"[A-Za-z]{4,}", item["claim"]):
            claim: dict[str, Any] = {"sentence": item["sentence"], "claim": word}
            if "label" in item:
                cited = next(i for i, passage in enumerate(PASSAGES, 1) if word in passage)
                claim.update(label="SUPPORTED", reason="It says so.", evidence=word, passage=cited)
            flooded.append(claim)
    return {key: flooded}


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_sentence_flooded_with_its_words_as_claims_is_verified_whole(
    provider: str, mode: str, server: FakeLLMServer, tmp_path: Path
) -> None:
    """Every word of "Returns to Canada are accepted." is in a passage, so each one-word claim
    is SUPPORTED, and they covered the sentence, which no passage states. A word is no
    statement: the sentence is verified whole."""
    answer = "Returns to Canada are accepted."
    single = MODES[mode]
    server.script("single" if single else "extract", Reply(transform=words_as_claims))
    result = check(provider, server, tmp_path, single, answer=answer)
    assert [(cv.claim.text, cv.label) for cv in result.claim_verdicts] == [
        ("Returns", Label.SUPPORTED),
        ("Canada", Label.SUPPORTED),
        ("accepted", Label.SUPPORTED),
        (answer, Label.NOT_ENOUGH_INFO),
    ]
    assert result.claim_verdicts[3].reason.startswith(check_claims.WHOLE_SENTENCE_NOTE)
    assert not result.passed
    assert server.count == 2  # two-step: the sentence joins the verify request
