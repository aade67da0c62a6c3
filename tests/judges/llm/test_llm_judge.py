"""The LLM judge over a scripted backend: every faulty reply ends in a JudgeError or a repair."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pytest_faithful import CacheMissError, JudgeError, Label, verify
from pytest_faithful.cache.replay import CachedBackend
from pytest_faithful.cache.store import CallCache
from pytest_faithful.judges.llm.judge import LLMJudge
from pytest_faithful.judges.llm.options import LLMOptions
from pytest_faithful.judges.llm.prompts import PROMPT_VERSION
from pytest_faithful.providers.base import JudgeResponse
from pytest_faithful.testing import Reply, ScriptedBackend
from pytest_faithful.vocab import RecordMode

PASSAGES = ["Returns are accepted within 30 days of delivery.", "Shipping to Canada costs $15."]
ANSWER = "You can return items within 30 days. Shipping to Canada is free."

CLAIMS = json.dumps(
    {
        "claims": [
            {"sentence": 1, "claim": "Items can be returned within 30 days."},
            {"sentence": 2, "claim": "Shipping to Canada is free."},
        ]
    }
)


def verdicts(*items: tuple[int, str, str, int | None]) -> str:
    return json.dumps(
        {
            "verdicts": [
                {"claim": c, "label": label, "reason": "r", "evidence": ev, "passage": p}
                for c, label, ev, p in items
            ]
        }
    )


GOOD_VERDICTS = verdicts(
    (1, "SUPPORTED", "accepted within 30 days", 1), (2, "CONTRADICTED", "costs $15", 2)
)


def judge_with(
    replies: list[Reply], cache: CallCache | None = None, mode: RecordMode = "off"
) -> tuple[LLMJudge, ScriptedBackend]:
    backend = ScriptedBackend(replies)
    return LLMJudge(CachedBackend(backend, cache, mode), "test-model"), backend


def supported_claims(*items: tuple[int, str, str, int]) -> str:
    """A single-call reply: each (sentence, claim, evidence, passage) SUPPORTED."""
    return json.dumps(
        {
            "claims": [
                {
                    "sentence": sentence,
                    "claim": claim,
                    "label": "SUPPORTED",
                    "reason": "r",
                    "evidence": evidence,
                    "passage": passage,
                }
                for sentence, claim, evidence, passage in items
            ]
        }
    )


def single_call_judge(replies: list[Reply]) -> tuple[LLMJudge, ScriptedBackend]:
    backend = ScriptedBackend(replies)
    options = LLMOptions(single_call=True)
    return LLMJudge(CachedBackend(backend, None, "off"), "m", tuning=options), backend


RETURNS_SUPPORTED = (1, "Items can be returned within 30 days.", "accepted within 30 days", 1)


def test_two_step_success_maps_numbers_to_indexes() -> None:
    judge, backend = judge_with([CLAIMS, GOOD_VERDICTS])
    result = verify(ANSWER, PASSAGES, judge=judge)
    assert backend.calls == 2
    first, second = result.claim_verdicts
    assert (first.label, first.passage_index, first.evidence_found) == (Label.SUPPORTED, 0, True)
    assert (second.label, second.passage_index) == (Label.CONTRADICTED, 1)
    assert second.claim.sentence == "Shipping to Canada is free."
    assert result.judge_id == f"scripted:test-model/{PROMPT_VERSION}"
    assert not result.heuristic
    assert result.usage.judge_calls == 2
    assert result.usage.input_tokens > 0


def test_requests_carry_schema_params_and_prompt_version() -> None:
    judge, backend = judge_with([CLAIMS, GOOD_VERDICTS])
    verify(ANSWER, PASSAGES, judge=judge, question="Returns?")
    extraction, verification = backend.requests
    assert extraction.prompt_version == PROMPT_VERSION
    assert extraction.output_schema is not None
    assert "claims" in extraction.output_schema["properties"]
    assert extraction.params["temperature"] == 0.0
    assert "[passage 2] Shipping to Canada costs $15." in verification.messages[-1].content
    assert "[claim 2] Shipping to Canada is free." in verification.messages[-1].content


@pytest.mark.parametrize(
    "wrap",
    [
        pytest.param(lambda s: f"```json\n{s}\n```", id="code-fence"),
        pytest.param(lambda s: f"Here is the result:\n{s}\nHope this helps!", id="prose-around"),
        pytest.param(lambda s: f"```\n{s}\n```", id="bare-fence"),
        pytest.param(lambda s: s.replace("}]}", "},]}"), id="trailing-comma"),
        pytest.param(lambda s: s.removesuffix("]}"), id="no-closing-brackets"),
        pytest.param(
            lambda s: f'<think>Draft: {{"claims": []}}. Check again.</think>\n{s}',
            id="reasoning-model-thinking",
        ),
    ],
)
def test_tolerant_json_extraction(wrap: Any) -> None:
    judge, backend = judge_with([wrap(CLAIMS), wrap(GOOD_VERDICTS)])
    result = verify(ANSWER, PASSAGES, judge=judge, allow_contradictions=True, threshold=0.5)
    assert backend.calls == 2
    assert result.passed


def test_lowercase_and_spaced_labels_are_accepted() -> None:
    replies = [
        CLAIMS,
        verdicts((1, "supported", "accepted within 30 days", 1), (2, "Not enough info", "", None)),
    ]
    judge, _ = judge_with(replies)
    result = verify(ANSWER, PASSAGES, judge=judge, threshold=0.5)
    assert [cv.label for cv in result.claim_verdicts] == [Label.SUPPORTED, Label.NOT_ENOUGH_INFO]


BAD_VERIFICATION_REPLIES = [
    pytest.param(
        "I'm sorry, but I can't help with evaluating this content.", "refused", id="refusal"
    ),
    pytest.param("", "empty", id="empty"),
    pytest.param("{{{{{ oops", "malformed or incomplete", id="malformed"),
    pytest.param('{"verdicts": [{"claim": 1, "label": "SUPP', "required shape", id="cut-off"),
    pytest.param("The first claim is supported.", "no JSON", id="prose-only"),
    pytest.param(
        verdicts((1, "SUPPORTED", "x", 1)), "one verdict for each of claims 1..2", id="fewer"
    ),
    pytest.param(
        verdicts((1, "SUPPORTED", "x", 1), (2, "SUPPORTED", "x", 1), (3, "SUPPORTED", "x", 1)),
        "one verdict for each",
        id="more",
    ),
    pytest.param(
        verdicts((1, "SUPPORTED", "x", 1), (1, "SUPPORTED", "x", 1)),
        "claims \\[1, 1\\]",
        id="duplicated",
    ),
    pytest.param(
        verdicts((1, "SUPPORTED", "x", 1), (2, "MOSTLY_TRUE", "x", 1)),
        "required shape",
        id="unknown-label",
    ),
    pytest.param(json.dumps([1, 2]), "required shape", id="json-array"),
]


@pytest.mark.parametrize(("reply", "problem"), BAD_VERIFICATION_REPLIES)
def test_bad_reply_twice_is_judge_error_after_one_repair(reply: str, problem: str) -> None:
    judge, backend = judge_with([CLAIMS, reply, reply])
    with pytest.raises(JudgeError, match=problem) as info:
        verify(ANSWER, PASSAGES, judge=judge)
    assert backend.calls == 3, "one extraction, one verification, one repair"
    assert "after one repair request" in str(info.value)
    repair = backend.requests[2]
    assert repair.messages[-2].role == "assistant"
    assert repair.messages[-2].content == reply
    assert "could not be used" in repair.messages[-1].content


@pytest.mark.parametrize(("reply", "problem"), BAD_VERIFICATION_REPLIES)
def test_bad_reply_then_good_repair_gives_a_result(reply: str, problem: str) -> None:
    judge, backend = judge_with([CLAIMS, reply, GOOD_VERDICTS])
    result = verify(ANSWER, PASSAGES, judge=judge)
    assert backend.calls == 3
    assert result.usage.judge_calls == 3
    assert [cv.label for cv in result.claim_verdicts] == [Label.SUPPORTED, Label.CONTRADICTED]


@pytest.mark.parametrize("finish_reason", ["length", "max_tokens"])
def test_truncated_batch_is_split_and_asked_again_never_scored(finish_reason: str) -> None:
    truncated = JudgeResponse(
        text=GOOD_VERDICTS[:40], model="test-model", finish_reason=finish_reason
    )
    first = verdicts((1, "SUPPORTED", "accepted within 30 days", 1))
    second = verdicts((1, "CONTRADICTED", "costs $15", 2))
    judge, backend = judge_with([CLAIMS, truncated, first, second])
    result = verify(ANSWER, PASSAGES, judge=judge)
    assert backend.calls == 4, "extraction, cut-off batch of 2, then one request per half"
    assert "[claim 1] Items can be returned" in backend.requests[2].messages[-1].content
    assert "[claim 1] Shipping to Canada is free." in backend.requests[3].messages[-1].content
    assert [cv.label for cv in result.claim_verdicts] == [Label.SUPPORTED, Label.CONTRADICTED]
    assert result.usage.judge_calls == 4


@pytest.mark.parametrize("finish_reason", ["length", "max_tokens"])
def test_truncated_single_claim_is_a_judge_error(finish_reason: str) -> None:
    truncated = JudgeResponse(
        text=GOOD_VERDICTS[:40], model="test-model", finish_reason=finish_reason
    )
    one_claim = json.dumps({"claims": [{"sentence": 1, "claim": "Items can be returned."}]})
    judge, backend = judge_with([one_claim, truncated])
    with pytest.raises(JudgeError, match="single claim was cut off"):
        verify("You can return items within 30 days.", PASSAGES, judge=judge)
    assert backend.calls == 2


def _cut(text: str) -> JudgeResponse:
    return JudgeResponse(text=text[: len(text) // 2], model="m", finish_reason="length")


@pytest.mark.parametrize("single_call", [False, True])
def test_a_sentence_whose_reply_is_cut_off_is_verified_whole(single_call: bool) -> None:
    looping = '{"claims": [{"sentence": 1, "claim": "' + "Returns, " * 200
    whole = verdicts((1, "SUPPORTED", "accepted within 30 days", 1))
    if single_call:
        judge, backend = single_call_judge([_cut(looping), whole])
    else:
        judge, backend = judge_with([_cut(looping), whole])
    result = verify(ONE_SENTENCE, PASSAGES, judge=judge)
    assert backend.calls == 2, "the cut-off reply, then one verification of the sentence"
    assert f"[claim 1] {ONE_SENTENCE}" in backend.requests[1].messages[-1].content
    (verdict,) = result.claim_verdicts
    assert (verdict.claim.text, verdict.label) == (ONE_SENTENCE, Label.SUPPORTED)
    assert "verified whole" in verdict.reason
    assert result.usage.judge_calls == 2


def test_a_cut_off_sentence_is_split_from_its_batch_first() -> None:
    only_second = json.dumps({"claims": [{"sentence": 1, "claim": "Shipping is free."}]})
    both = verdicts((1, "SUPPORTED", "accepted within 30 days", 1), (2, "CONTRADICTED", "$15", 2))
    judge, backend = judge_with([_cut(CLAIMS), _cut(CLAIMS), only_second, both])
    result = verify(ANSWER, PASSAGES, judge=judge)
    assert backend.calls == 4, "the batch, each half, then one verification"
    texts = [cv.claim.text for cv in result.claim_verdicts]
    assert texts == ["Shipping is free.", "You can return items within 30 days."]
    assert "verified whole" in result.claim_verdicts[1].reason


def test_a_whole_sentence_whose_verdict_is_cut_off_too_is_a_judge_error() -> None:
    judge, backend = judge_with([_cut(CLAIMS), _cut(GOOD_VERDICTS)])
    with pytest.raises(JudgeError, match="single claim was cut off"):
        verify(ONE_SENTENCE, PASSAGES, judge=judge)
    assert backend.calls == 2


def test_passages_no_claim_shares_a_word_with_are_not_sent() -> None:
    passages = ["The weather was sunny.", *PASSAGES, "Our office is in Berlin."]
    cited = verdicts((1, "SUPPORTED", "accepted within 30 days", 2))
    judge, backend = judge_with([ONE_SENTENCE_CLAIM, cited])
    result = verify(ONE_SENTENCE, passages, judge=judge)
    sent = backend.requests[1].messages[-1].content
    assert "[passage 2] Returns are accepted within 30 days of delivery." in sent
    assert "weather" not in sent
    assert "Shipping" not in sent
    assert "Berlin" not in sent
    (verdict,) = result.claim_verdicts
    assert (verdict.label, verdict.passage_index) == (Label.SUPPORTED, 1), "numbers kept"


def test_the_question_keeps_the_passages_a_short_answer_relies_on() -> None:
    question = "Is shipping to Canada free?"
    reply = json.dumps(
        {
            "claims": [
                {
                    "sentence": 1,
                    "claim": "Shipping to Canada is not free.",
                    "label": "SUPPORTED",
                    "evidence": "Shipping to Canada costs $15.",
                    "passage": 2,
                }
            ]
        }
    )
    judge, backend = single_call_judge([reply])
    result = verify("No, it is not.", PASSAGES, judge=judge, question=question)
    sent = backend.requests[0].messages[-1].content
    assert "[passage 2] Shipping to Canada costs $15." in sent
    assert "Returns" not in sent
    assert result.passed


def test_the_budget_counts_only_the_passages_a_request_would_carry() -> None:
    passages = [PASSAGES[0], "The weather was sunny all week. " * 10]
    cited = verdicts((1, "SUPPORTED", "accepted within 30 days", 1))
    backend = ScriptedBackend([ONE_SENTENCE_CLAIM, cited])
    options = LLMOptions(max_context_chars=100)
    judge = LLMJudge(CachedBackend(backend, None, "off"), "m", tuning=options)
    assert verify(ONE_SENTENCE, passages, judge=judge).passed
    over = [PASSAGES[0] * 3, passages[1]]
    backend = ScriptedBackend([ONE_SENTENCE_CLAIM])
    judge = LLMJudge(CachedBackend(backend, None, "off"), "m", tuning=options)
    with pytest.raises(JudgeError, match=r"could hold evidence \(1 of 2\) hold 144 characters"):
        verify(ONE_SENTENCE, over, judge=judge)
    assert backend.calls == 1, "refused before the verification request"


def test_every_passage_is_sent_when_none_shares_a_word_with_the_claims() -> None:
    judge, backend = judge_with([ONE_SENTENCE_CLAIM, verdicts((1, "NOT_ENOUGH_INFO", "", None))])
    verify(ONE_SENTENCE, ["The weather was sunny.", "Our office is in Berlin."], judge=judge)
    sent = backend.requests[1].messages[-1].content
    assert "[passage 1] The weather was sunny." in sent
    assert "[passage 2] Our office is in Berlin." in sent


def test_extraction_naming_a_missing_sentence_is_repaired_or_fails() -> None:
    bad = json.dumps({"claims": [{"sentence": 7, "claim": "Something."}]})
    judge, _ = judge_with([bad, bad])
    with pytest.raises(JudgeError, match="names sentence 7"):
        verify(ANSWER, PASSAGES, judge=judge)


def test_backend_exception_propagates_without_a_score() -> None:
    judge, _ = judge_with([CLAIMS, JudgeError("provider said 401: check OPENAI_API_KEY")])
    with pytest.raises(JudgeError, match="401"):
        verify(ANSWER, PASSAGES, judge=judge)


def test_warm_rerun_replays_from_cache_with_zero_calls(tmp_path: Path) -> None:
    with CallCache(tmp_path) as cache:
        judge, backend = judge_with([CLAIMS, GOOD_VERDICTS], cache, "once")
        first = verify(ANSWER, PASSAGES, judge=judge)
    assert backend.calls == 2
    with CallCache(tmp_path) as cache:
        judge, backend = judge_with([], cache, "none")
        second = verify(ANSWER, PASSAGES, judge=judge)
    assert backend.calls == 0
    assert second.claim_verdicts == first.claim_verdicts
    assert second.usage.cache_hits == 2
    assert second.usage.input_tokens == first.usage.input_tokens, "replays report recorded cost"


def test_record_mode_none_miss_names_key_and_how_to_record(tmp_path: Path) -> None:
    with CallCache(tmp_path) as cache:
        judge, backend = judge_with([], cache, "none")
        with pytest.raises(CacheMissError, match="--faith-record-mode=once") as info:
            verify(ANSWER, PASSAGES, judge=judge)
    assert backend.calls == 0
    message = str(info.value)
    assert "test-model" in message
    assert any(len(word) == 64 and word.isalnum() for word in message.split())


NO_CLAIMS = json.dumps({"claims": []})


def test_no_claims_from_a_factual_answer_is_repaired() -> None:
    judge, backend = judge_with([NO_CLAIMS, CLAIMS, GOOD_VERDICTS])
    result = verify(ANSWER, PASSAGES, judge=judge)
    assert backend.calls == 3, "extraction, its repair, verification"
    assert "sentence(s) 1, 2 state something" in backend.requests[1].messages[-1].content
    assert not result.vacuous
    assert [cv.label for cv in result.claim_verdicts] == [Label.SUPPORTED, Label.CONTRADICTED]


WHOLE_SENTENCE_VERDICTS = verdicts(
    (1, "SUPPORTED", "Returns are accepted within 30 days", 1),
    (2, "CONTRADICTED", "Shipping to Canada costs $15.", 2),
)


@pytest.mark.parametrize("single_call", [False, True], ids=["two-step", "single-call"])
def test_no_claims_from_a_factual_answer_verifies_the_sentences_whole(
    single_call: bool,
) -> None:
    # The silent failure the cost benchmark found: a small model answered {"claims": []} for a
    # long factual sentence, and the check passed as vacuous with score 1.0. Now the sentences
    # the model skipped are verified as they stand: two-step after one repair of the (cheap)
    # extraction, single-call at once, since a repair would resend the passages too.
    replies = [NO_CLAIMS, WHOLE_SENTENCE_VERDICTS]
    backend = ScriptedBackend(replies if single_call else [NO_CLAIMS, *replies])
    judge = LLMJudge(
        CachedBackend(backend, None, "off"), "m", tuning=LLMOptions(single_call=single_call)
    )
    result = verify(ANSWER, PASSAGES, judge=judge)
    assert backend.calls == len(backend.requests) == (2 if single_call else 3)
    if not single_call:
        assert "no claims were extracted, but sentence(s) 1, 2" in (
            backend.requests[1].messages[-1].content
        )
    verification = backend.requests[-1].messages[-1].content
    assert "[claim 1] You can return items within 30 days." in verification
    assert "[claim 2] Shipping to Canada is free." in verification
    assert not result.vacuous
    assert [cv.claim.text for cv in result.claim_verdicts] == [
        "You can return items within 30 days.",
        "Shipping to Canada is free.",
    ]
    assert [cv.label for cv in result.claim_verdicts] == [Label.SUPPORTED, Label.CONTRADICTED]
    assert all("verified whole" in cv.reason for cv in result.claim_verdicts)
    assert not result.passed


ONLY_FIRST = json.dumps(
    {"claims": [{"sentence": 1, "claim": "Items can be returned within 30 days."}]}
)


def test_a_dropped_sentence_is_named_in_the_repair_request() -> None:
    judge, backend = judge_with([ONLY_FIRST, CLAIMS, GOOD_VERDICTS])
    result = verify(ANSWER, PASSAGES, judge=judge)
    assert backend.calls == 3
    assert "no claim comes from sentence(s) 2" in backend.requests[1].messages[-1].content
    assert [cv.label for cv in result.claim_verdicts] == [Label.SUPPORTED, Label.CONTRADICTED]


def test_an_invented_second_sentence_the_judge_skips_is_still_judged() -> None:
    # The audit's case: the extraction leaves out the invented sentence; it used to score 1.00.
    answer = "You can return items within 30 days. We also refund the original shipping."
    only_first_verdict = verdicts((1, "SUPPORTED", "accepted within 30 days", 1))
    second = verdicts(
        (1, "SUPPORTED", "accepted within 30 days", 1), (2, "NOT_ENOUGH_INFO", "", None)
    )
    judge, backend = judge_with([ONLY_FIRST, ONLY_FIRST, second, only_first_verdict])
    result = verify(answer, PASSAGES, judge=judge)
    assert backend.calls == 3
    assert result.score == 0.5
    assert not result.passed
    assert result.claim_verdicts[1].claim.text == "We also refund the original shipping."


def test_single_call_verifies_a_dropped_sentence_in_one_more_request() -> None:
    second = verdicts((1, "CONTRADICTED", "Shipping to Canada costs $15.", 2))
    judge, backend = single_call_judge([supported_claims(RETURNS_SUPPORTED), second])
    result = verify(ANSWER, PASSAGES, judge=judge)
    assert backend.calls == 2, "no repair request: the dropped sentence is verified whole"
    assert "[claim 1] Shipping to Canada is free." in backend.requests[1].messages[-1].content
    assert [cv.label for cv in result.claim_verdicts] == [Label.SUPPORTED, Label.CONTRADICTED]
    assert "verified whole" in result.claim_verdicts[1].reason
    assert result.usage.judge_calls == 2


def _labelled(reply: str, *labels: object) -> str:
    """``reply`` (a single-call reply) with its items' labels replaced; None drops the key."""
    value = json.loads(reply)
    for item, label in zip(value["claims"], labels, strict=True):
        if label is None:
            del item["label"]
        else:
            item["label"] = label
    return json.dumps(value)


BOTH_SUPPORTED = supported_claims(
    RETURNS_SUPPORTED, (2, "Shipping to Canada is free.", "Shipping to Canada costs $15.", 2)
)


@pytest.mark.parametrize(
    "unusable",
    [
        pytest.param("SUPPORTED|CONTRADICTED|NOT_ENOUGH_INFO", id="the-template-copied"),
        pytest.param("PARTLY_SUPPORTED", id="another-word"),
        pytest.param(None, id="left-out"),
        pytest.param(1, id="a-number"),
    ],
)
def test_single_call_verifies_a_claim_left_without_a_label(unusable: object) -> None:
    reply = _labelled(BOTH_SUPPORTED, "SUPPORTED", unusable)
    second = verdicts((1, "CONTRADICTED", "Shipping to Canada costs $15.", 2))
    judge, backend = single_call_judge([reply, second])
    result = verify(ANSWER, PASSAGES, judge=judge)
    assert backend.calls == 2, "a verify step for the one claim, no repair request"
    sent = backend.requests[1].messages
    assert len(sent) == 2, "a fresh verification request, not the conversation resent"
    assert "[claim 1] Shipping to Canada is free." in sent[-1].content
    assert "Items can be returned" not in sent[-1].content
    assert [cv.label for cv in result.claim_verdicts] == [Label.SUPPORTED, Label.CONTRADICTED]
    assert result.claim_verdicts[1].claim.text == "Shipping to Canada is free."
    assert result.usage.judge_calls == 2


def test_single_call_unlabelled_claims_and_a_dropped_sentence_are_both_verified() -> None:
    answer = ANSWER + " Refunds take 5 days."
    reply = _labelled(BOTH_SUPPORTED, "SUPPORTED|CONTRADICTED|NOT_ENOUGH_INFO", None)
    second = verdicts(
        (1, "SUPPORTED", "accepted within 30 days", 1),
        (2, "CONTRADICTED", "Shipping to Canada costs $15.", 2),
    )
    third = verdicts((1, "NOT_ENOUGH_INFO", "", None))
    judge, backend = single_call_judge([reply, second, third])
    result = verify(answer, PASSAGES, judge=judge)
    assert [cv.label for cv in result.claim_verdicts] == [
        Label.SUPPORTED,
        Label.CONTRADICTED,
        Label.NOT_ENOUGH_INFO,
    ]
    assert result.usage.judge_calls == backend.calls == 3


def test_single_call_a_verify_step_that_fails_too_is_a_judge_error() -> None:
    reply = _labelled(BOTH_SUPPORTED, "SUPPORTED", "SUPPORTED|CONTRADICTED|NOT_ENOUGH_INFO")
    echoed = verdicts((1, "SUPPORTED|CONTRADICTED|NOT_ENOUGH_INFO", "", None))
    judge, _ = single_call_judge([reply, echoed, echoed])
    with pytest.raises(JudgeError, match="required shape"):
        verify(ANSWER, PASSAGES, judge=judge)


def test_a_claim_tied_to_the_wrong_sentence_is_repaired_then_moved() -> None:
    misplaced = json.dumps(
        {
            "claims": [
                {"sentence": 2, "claim": "Items can be returned within 30 days."},
                {"sentence": 2, "claim": "Shipping to Canada is free."},
            ]
        }
    )
    judge, backend = judge_with([misplaced, misplaced, GOOD_VERDICTS])
    result = verify(ANSWER, PASSAGES, judge=judge)
    repair = backend.requests[1].messages[-1].content
    assert "names sentence 2, which shares no word with it" in repair
    first = result.claim_verdicts[0].claim
    assert first.sentence == "You can return items within 30 days."
    assert first.start == 0


# Small models copy a passage's number into the claim's or the sentence's field.
ONE_SENTENCE = "You can return items within 30 days."
ONE_SENTENCE_CLAIM = json.dumps(
    {"claims": [{"sentence": 1, "claim": "Items can be returned within 30 days."}]}
)


@pytest.mark.parametrize("named", [0, 2, 27])
def test_the_only_sentence_takes_a_misnumbered_claim_without_a_repair(named: int) -> None:
    extracted = json.dumps({"claims": [{"sentence": named, "claim": "Returns: 30 days."}]})
    judge, backend = judge_with([extracted, verdicts((named, "SUPPORTED", "within 30 days", 1))])
    result = verify(ONE_SENTENCE, PASSAGES, judge=judge)
    assert backend.calls == 2, "neither reply is sent back for a repair"
    (verdict,) = result.claim_verdicts
    assert verdict.claim.sentence == ONE_SENTENCE
    assert (verdict.label, verdict.evidence) == (Label.SUPPORTED, "within 30 days")


def test_single_call_ties_a_misnumbered_claim_to_the_only_sentence() -> None:
    judge, backend = single_call_judge([supported_claims((25, *RETURNS_SUPPORTED[1:]))])
    result = verify(ONE_SENTENCE, PASSAGES, judge=judge)
    assert backend.calls == 1
    assert [cv.label for cv in result.claim_verdicts] == [Label.SUPPORTED]


def test_single_call_moves_a_misplaced_claim_without_resending_the_passages() -> None:
    reply = supported_claims(
        (2, *RETURNS_SUPPORTED[1:]),
        (9, "Shipping to Canada costs $15.", "Shipping to Canada costs $15.", 2),
    )
    answer = "You can return items within 30 days. Shipping to Canada costs $15."
    judge, backend = single_call_judge([reply])
    result = verify(answer, PASSAGES, judge=judge)
    assert backend.calls == 1
    assert [cv.claim.start for cv in result.claim_verdicts] == [0, answer.index("Shipping")]
    assert result.passed


def test_a_claim_naming_no_sentence_moves_to_the_one_it_shares_words_with() -> None:
    misnumbered = json.dumps(
        {
            "claims": [
                {"sentence": 1, "claim": "Items can be returned within 30 days."},
                {"sentence": 9, "claim": "Shipping to Canada is free."},
            ]
        }
    )
    judge, backend = judge_with([misnumbered, misnumbered, GOOD_VERDICTS])
    result = verify(ANSWER, PASSAGES, judge=judge)
    assert "names sentence 9, of none" in backend.requests[1].messages[-1].content
    assert result.claim_verdicts[1].claim.sentence == "Shipping to Canada is free."


def test_verdicts_counted_from_zero_are_read_as_claims_one_to_n() -> None:
    from_zero = verdicts(
        (0, "SUPPORTED", "accepted within 30 days", 1), (1, "CONTRADICTED", "costs $15", 2)
    )
    judge, backend = judge_with([CLAIMS, from_zero])
    result = verify(ANSWER, PASSAGES, judge=judge)
    assert backend.calls == 2
    assert [cv.label for cv in result.claim_verdicts] == [Label.SUPPORTED, Label.CONTRADICTED]


def test_verdicts_from_zero_that_skip_a_claim_are_still_repaired() -> None:
    gap = verdicts((0, "SUPPORTED", "accepted within 30 days", 1), (2, "SUPPORTED", "x", 2))
    judge, _ = judge_with([CLAIMS, gap, gap])
    with pytest.raises(JudgeError, match=r"got verdicts for claims \[0, 2\]"):
        verify(ANSWER, PASSAGES, judge=judge)


def test_a_lone_verdict_for_two_claims_is_still_repaired_then_an_error() -> None:
    lone = verdicts((26, "SUPPORTED", "within 30 days", 1))
    judge, _ = judge_with([CLAIMS, lone, lone])
    with pytest.raises(JudgeError, match=r"claims 1\.\.2, got verdicts for claims \[26\]"):
        verify(ANSWER, PASSAGES, judge=judge)


def test_two_verdicts_for_one_claim_are_still_repaired_then_an_error() -> None:
    one_claim = json.dumps({"claims": [{"sentence": 1, "claim": "Returns: 30 days."}]})
    two = verdicts((1, "NOT_ENOUGH_INFO", "", None), (26, "SUPPORTED", "within 30 days", 1))
    judge, _ = judge_with([one_claim, two, two])
    with pytest.raises(JudgeError, match=r"claims 1\.\.1, got verdicts for claims \[1, 26\]"):
        verify(ONE_SENTENCE, PASSAGES, judge=judge)


@pytest.mark.parametrize("answer", ["I don't know.", "Sure! Is there anything else?"])
def test_no_claims_from_an_answer_without_content_words_is_vacuous(answer: str) -> None:
    judge, backend = judge_with([NO_CLAIMS])
    result = verify(answer, PASSAGES, judge=judge)
    assert backend.calls == 1
    assert result.vacuous
    assert result.passed
    assert result.score == 1.0


def test_the_budget_error_names_the_largest_passages_only() -> None:
    passages = [f"Returns are accepted within {n} days of delivery. " * 2 for n in range(1000)]
    passages[500] = "Returns are accepted within 30 days of delivery. " * 5
    claims = '{"claims": [{"sentence": 1, "claim": "Returns are accepted within 30 days."}]}'
    judge = LLMJudge(CachedBackend(ScriptedBackend([claims]), None, "off"), "m")
    with pytest.raises(JudgeError) as info:  # refused before the verification request
        verify("Returns are accepted within 30 days.", passages, judge=judge)
    message = str(info.value)
    assert message.count("contexts[") == 5, "a thousand passages are not one line"
    assert "contexts[500]: 245" in message
    assert "and 995 more" in message


@pytest.mark.parametrize("value", ["false", 0, 1, None])
def test_an_llm_flag_is_true_or_false_only(value: object) -> None:
    with pytest.raises(ValueError, match="single_call must be True or False"):
        LLMOptions(single_call=value)  # type: ignore[arg-type]
