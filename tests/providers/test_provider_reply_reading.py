"""Replies whose JSON is there but easy to misread, through the real SDK clients.

Each reply below once read as something the model did not say: a quote invented from prose
before the JSON, a draft instead of the corrected answer, a verdict moved to another claim,
or a crash instead of the repair or verify step the design gives a doubtful reply.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fake_llm_server import FakeLLMServer, Reply
from pytest_faithful import Label, verify
from pytest_faithful.judges.llm.options import LLMOptions
from pytest_faithful.judges.registry import builtin_registry
from pytest_faithful.judges.resources import JudgeOptions
from pytest_faithful.models import FaithfulnessResult

PASSAGES = [
    "Returns are accepted within 30 days of delivery.",
    "Shipping to Canada costs $15 per order.",
]
PROVIDERS = ["openai", "anthropic"]


@pytest.fixture(autouse=True)
def _keys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-0123456789abcdefghij")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test-0123456789abcdefghij")


def check(
    provider: str,
    server: FakeLLMServer,
    tmp_path: Path,
    answer: str,
    *,
    single: bool = False,
    passages: list[str] = PASSAGES,
) -> FaithfulnessResult:
    base = f"{server.url}/v1" if provider == "openai" else server.url
    llm = LLMOptions(timeout_s=2, max_retries=0, single_call=single)
    options = JudgeOptions(tmp_path / "cache", "off", llm)
    try:
        judge = builtin_registry().build(f"{provider}:judge-model@{base}", options)
        return verify(answer, passages, judge=judge, threshold=0.5)
    finally:
        options.close()


def extracted(*claims: str) -> Reply:
    """The extraction reply: one claim per sentence, in order."""
    items = [{"sentence": n, "claim": c} for n, c in enumerate(claims, 1)]
    return Reply(text=json.dumps({"claims": items}))


def labels(result: FaithfulnessResult) -> list[Label]:
    return [cv.label for cv in result.claim_verdicts]


# -- a single-call label that is not a string ---------------------------------------------------


@pytest.mark.parametrize("written", [["SUPPORTED"], {"value": "SUPPORTED"}])
@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_single_call_label_as_a_list_or_object_goes_to_the_verify_step(
    provider: str, written: Any, server: FakeLLMServer, tmp_path: Path
) -> None:
    """No label is read from it (the careful verify step then judges the claims); before, the
    unhashable value escaped the reader as a TypeError: a JudgeError with no repair, no verify
    step."""
    answer = "Returns are accepted within 30 days. Shipping to Canada costs $15."

    def label_written_so(reply: dict[str, Any]) -> dict[str, Any]:
        return {"claims": [{**item, "label": written} for item in reply["claims"]]}

    server.script("single", Reply(transform=label_written_so))
    result = check(provider, server, tmp_path, answer, single=True)
    assert labels(result) == [Label.SUPPORTED, Label.SUPPORTED]
    assert server.count == 2, "one single-call request, one verify step for both claims"
    assert "could not be used" not in str(server.bodies()), "no repair request"


# -- a claim's text where its number belongs ----------------------------------------------------

MUSEUM = ["The museum has 3 floors.", "Entry costs 1 euro for students and 4 euros for adults."]


def museum_verdicts(claim_one: Any, claim_two: Any) -> Reply:
    verdicts = [
        {
            "claim": claim_one,
            "label": "CONTRADICTED",
            "reason": "Passage 1 says 3 floors.",
            "evidence": "The museum has 3 floors.",
            "passage": 1,
        },
        {
            "claim": claim_two,
            "label": "SUPPORTED",
            "reason": "Passage 2 states it.",
            "evidence": "Entry costs 1 euro for students",
            "passage": 2,
        },
    ]
    return Reply(text=json.dumps({"verdicts": verdicts}, indent=1))


@pytest.mark.parametrize("provider", PROVIDERS)
def test_verdicts_that_name_their_claim_by_its_text_are_sent_back(
    provider: str, server: FakeLLMServer, tmp_path: Path
) -> None:
    """Each claim's text in "claim": the lone number inside it ("has 2 floors" -> 2, "costs 1
    euro" -> 1) was read as the claim number, and the two verdicts landed on each other's
    claims. Now it is no number: the repair request asks again."""
    claims = ("The museum has 2 floors.", "Entry costs 1 euro for students.")
    server.script("extract", extracted(*claims))
    server.script("verify", museum_verdicts(*claims), museum_verdicts(1, 2))
    result = check(provider, server, tmp_path, " ".join(claims), passages=MUSEUM)
    assert labels(result) == [Label.CONTRADICTED, Label.SUPPORTED]
    assert server.count == 3, "extract, verify, and one repair"
    assert "verdicts.0.claim" in json.dumps(server.bodies()[-1])


# -- prose before the JSON ------------------------------------------------------------------------

REFUND = "Refunds for damaged goods are accepted within 30 days."


def fenced(prose: str, answer: dict[str, Any]) -> str:
    return f"{prose}\n```json\n{json.dumps(answer)}\n```"


@pytest.mark.parametrize(
    "prose", ["Here is the JSON.", 'Checked against the 6" spec sheet.'], ids=["plain", "inch"]
)
@pytest.mark.parametrize("provider", PROVIDERS)
def test_an_inch_mark_before_the_json_invents_no_quote(
    provider: str, prose: str, server: FakeLLMServer, tmp_path: Path
) -> None:
    """The JSON is valid and gives no evidence. The lone '"' in the prose before it once
    flipped the reader's idea of what is inside a string: words of the reason came back as a
    quote ("returns are accepted within"), which the verifier took as the judge's evidence, and
    a claim no passage states (damaged goods) passed."""
    verdict = {
        "claim": 1,
        "label": "SUPPORTED",
        "reason": "Passage 1: returns are accepted within 30 days, so yes.",
        "evidence": "",
        "passage": 1,
    }
    server.script("extract", extracted(REFUND))
    server.script("verify", Reply(text=fenced(prose, {"verdicts": [verdict]})))
    result = check(provider, server, tmp_path, REFUND, passages=PASSAGES[:1])
    (cv,) = result.claim_verdicts
    assert (cv.judge_label, cv.label, cv.evidence) == (Label.SUPPORTED, Label.NOT_ENOUGH_INFO, "")
    assert cv.reason.endswith(f"(judge said SUPPORTED: {verdict['reason']})")
    assert not result.passed
    assert server.count == 2


CLAIMS = ("Returns are accepted within 30 days.", "Shipping to Canada is free.")
SHIPPING = " ".join(CLAIMS)
RETURNS_VERDICT = {
    "claim": 1,
    "label": "SUPPORTED",
    "reason": "Passage 1 states it.",
    "evidence": "Returns are accepted within 30 days",
    "passage": 1,
}
SHIPPING_VERDICT = {
    "claim": 2,
    "label": "CONTRADICTED",
    "reason": "It costs $15, not free.",
    "evidence": "Shipping to Canada costs $15 per order",
    "passage": 2,
}


TEMPLATE = (
    'Using the format {"verdicts": [{"claim": <number>, "label": '
    '"SUPPORTED|CONTRADICTED|NOT_ENOUGH_INFO", "reason": "<why>", "evidence": "<quote>", '
    '"passage": <number or null>}]}, here is my answer:\n'
)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_template_echoed_before_the_answer_is_not_read(
    provider: str, server: FakeLLMServer, tmp_path: Path
) -> None:
    """The prompt's template, copied before the answer, was mended and read instead of the
    valid JSON after it: a repair, then a JudgeError when the model answered the same way."""
    reply = TEMPLATE + json.dumps({"verdicts": [RETURNS_VERDICT, SHIPPING_VERDICT]})
    server.script("extract", extracted(*CLAIMS))
    server.script("verify", Reply(text=reply), Reply(text=reply))
    result = check(provider, server, tmp_path, SHIPPING)
    assert labels(result) == [Label.SUPPORTED, Label.CONTRADICTED]
    assert server.count == 2


# -- a number too long to convert -----------------------------------------------------------------

RETURNS = "Returns are accepted within 30 days."


@pytest.mark.parametrize("passage", ["1" * 5000, '"passage ' + "1" * 5000 + '"'])
@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_number_too_long_to_convert_gets_a_repair_request(
    provider: str, passage: str, server: FakeLLMServer, tmp_path: Path
) -> None:
    """A digit loop that ended with "stop": json (or int()) refuses more than 4300 digits with a
    ValueError, which escaped as a JudgeError with no repair request."""
    looped = (
        '{"verdicts": [{"claim": 1, "label": "SUPPORTED", "reason": "r", '
        f'"evidence": "Returns are accepted within 30 days", "passage": {passage}}}]}}'
    )
    server.script("extract", extracted(RETURNS))
    server.script("verify", Reply(text=looped), Reply())
    result = check(provider, server, tmp_path, RETURNS, passages=PASSAGES[:1])
    assert labels(result) == [Label.SUPPORTED]
    assert server.count == 3, "extract, verify, and one repair"


# -- several answers in one reply ----------------------------------------------------------------

# The draft: claim 2 SUPPORTED by a quote that shows it costs $15.
DRAFT = {
    **SHIPPING_VERDICT,
    "label": "SUPPORTED",
    "reason": "Passage 2 is about shipping to Canada.",
}
SECOND_THOUGHTS = "Wait, claim 2 is wrong: passage 2 says it costs $15, so it is not free."


def with_sentences(*verdicts: dict[str, Any]) -> dict[str, Any]:
    """The single-call form of two-step verdicts: each claim with its sentence and text."""
    return {
        "claims": [{**v, "sentence": v["claim"], "claim": CLAIMS[v["claim"] - 1]} for v in verdicts]
    }


@pytest.mark.parametrize("fences", [True, False], ids=["fenced", "bare"])
@pytest.mark.parametrize("mode", ["two-step", "single-call"])
@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_draft_then_a_corrected_answer_is_read_by_the_correction(
    provider: str, mode: str, fences: bool, server: FakeLLMServer, tmp_path: Path
) -> None:
    """A model that corrects itself in the reply: the draft (claim 2 SUPPORTED by a quote that
    shows it costs $15) was read, and the check passed; the last answer is the model's final
    word, as after its thinking."""
    single = mode == "single-call"
    draft, final = (
        {"verdicts": [RETURNS_VERDICT, DRAFT]},
        {"verdicts": [RETURNS_VERDICT, SHIPPING_VERDICT]},
    )
    if single:
        draft, final = (
            with_sentences(RETURNS_VERDICT, DRAFT),
            with_sentences(RETURNS_VERDICT, SHIPPING_VERDICT),
        )
    if fences:
        text = fenced("", draft) + f"\n\n{SECOND_THOUGHTS} Corrected answer:\n" + fenced("", final)
    else:
        text = f"{json.dumps(draft)}\n\n{SECOND_THOUGHTS} Final answer:\n{json.dumps(final)}"
    if not single:
        server.script("extract", extracted(*CLAIMS))
    server.script("single" if single else "verify", Reply(text=text))
    result = check(provider, server, tmp_path, SHIPPING, single=single)
    assert labels(result) == [Label.SUPPORTED, Label.CONTRADICTED]
    assert result.claim_verdicts[1].reason == SHIPPING_VERDICT["reason"]
    assert not result.passed
    assert server.count == (1 if single else 2), "read as it is, no repair"


@pytest.mark.parametrize("provider", PROVIDERS)
def test_verdicts_as_json_lines_are_still_sent_back(
    provider: str, server: FakeLLMServer, tmp_path: Path
) -> None:
    """One verdict per line is not several answers: its first verdict alone is one verdict
    for two claims, and the repair request asks for all of them."""
    lines = "\n".join(json.dumps(v) for v in (RETURNS_VERDICT, SHIPPING_VERDICT))
    server.script("extract", extracted(*CLAIMS))
    repaired = json.dumps({"verdicts": [RETURNS_VERDICT, SHIPPING_VERDICT]})
    server.script("verify", Reply(text=lines), Reply(text=repaired))
    result = check(provider, server, tmp_path, SHIPPING)
    assert labels(result) == [Label.SUPPORTED, Label.CONTRADICTED]
    assert server.count == 3
    assert "expected one verdict for each of claims 1..2" in json.dumps(server.bodies()[-1])


# -- the answer spelled as a JSON string, or placed in another key -----------------------------


def list_as_string(reply: dict[str, Any]) -> dict[str, Any]:
    return {key: json.dumps(items) for key, items in reply.items()}


def under_a_key_of_its_own(reply: dict[str, Any]) -> dict[str, Any]:
    return {"results": next(iter(reply.values()))}


def inside_one_more_object(reply: dict[str, Any]) -> dict[str, Any]:
    return {"response": reply}


def tool_input_so(change: Any) -> Any:
    """The whole reply changed; for Anthropic, the tool input it becomes, as Claude sends it."""

    def envelope(whole: dict[str, Any]) -> dict[str, Any]:
        if "choices" in whole:
            message = whole["choices"][0]["message"]
            message["content"] = json.dumps(change(json.loads(message["content"])))
            return whole
        for block in whole["content"]:
            if block["type"] == "tool_use":
                block["input"] = change(block["input"])
        return whole

    return envelope


CLOSE_SHAPES = {
    "list-as-string": list_as_string,
    "whole-as-string": json.dumps,
    "key-of-its-own": under_a_key_of_its_own,
    "one-more-object": inside_one_more_object,
}


@pytest.mark.parametrize("shape", CLOSE_SHAPES)
@pytest.mark.parametrize("mode", ["two-step", "single-call"])
@pytest.mark.parametrize("provider", PROVIDERS)
def test_an_answer_spelled_or_placed_otherwise_is_read_without_a_repair(
    provider: str, mode: str, shape: str, server: FakeLLMServer, tmp_path: Path
) -> None:
    """Claude's tool input sometimes holds a list as the JSON string that spells it
    (``{"verdicts": "[{...}]"}``), some servers encode the whole answer twice, and models
    without a schema put the list under a key of their own (``{"results": [...]}``) or the
    answer inside one more object (``{"response": {...}}``). Each was refused as the wrong
    shape, asked again, and ended the check as a JudgeError when the model did it again; now
    each is read, and validated, counted and checked like any reply."""
    single = mode == "single-call"
    change = tool_input_so(CLOSE_SHAPES[shape])
    for step in ("single",) if single else ("extract", "verify"):
        server.script(step, *[Reply(envelope=change)] * 2)
    answer = "Returns are accepted within 30 days. Gift cards never expire."
    result = check(provider, server, tmp_path, answer, single=single)
    assert labels(result) == [Label.SUPPORTED, Label.NOT_ENOUGH_INFO]
    assert server.count == (1 if single else 2), "no repair request"


# -- an empty claim -------------------------------------------------------------------------------


@pytest.mark.parametrize("empty", ["", " \n"])
@pytest.mark.parametrize("mode", ["two-step", "single-call"])
@pytest.mark.parametrize("provider", PROVIDERS)
def test_an_empty_claim_is_no_claim_not_a_broken_reply(
    provider: str, mode: str, empty: str, server: FakeLLMServer, tmp_path: Path
) -> None:
    """``{"sentence": 1, "claim": ""}`` is how models say a greeting yields no claim. It was a
    ParseProblem that failed the whole reply (a JudgeError when repeated); now it is no claim,
    and the sentences that state something are judged as always: the empty claim for the
    factual sentence 3 leaves it to the verifier, which verifies it whole."""
    single = mode == "single-call"

    def emptied(reply: dict[str, Any]) -> dict[str, Any]:
        items = reply["claims"]
        return {
            "claims": [
                {**item, "claim": empty} if n in (1, 3) else item for n, item in enumerate(items, 1)
            ]
        }

    server.script("single" if single else "extract", *[Reply(transform=emptied)] * 2)
    answer = "Hello! Returns are accepted within 30 days. Gift cards never expire."
    result = check(provider, server, tmp_path, answer, single=single)
    assert [cv.claim.text for cv in result.claim_verdicts] == [
        "Returns are accepted within 30 days.",
        "Gift cards never expire.",
    ]
    assert labels(result) == [Label.SUPPORTED, Label.NOT_ENOUGH_INFO]
    assert "verified whole" in result.claim_verdicts[1].reason
