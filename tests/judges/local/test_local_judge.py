"""The ``local:PATH.gguf`` judge without a model: prompt, chunks, decisions, cache and options.

Nothing here needs llama-cpp-python (CI does not install it): the model is replaced by a fake
backend that answers from the prompt's text, and ``llama_cpp`` is made unimportable for every
test so that nothing can reach the real one by accident. ``test_local_model.py`` covers the
real model.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_faithful import CacheMissError, JudgeError, Label, LocalOptions, verify
from pytest_faithful.cache.replay import CachedBackend
from pytest_faithful.cache.store import CallCache
from pytest_faithful.judges.local.judge import (
    LocalJudge,
    LocalModel,
    Reading,
    parse_reading,
)
from pytest_faithful.judges.local.judge import (
    decide_label as decide,
)
from pytest_faithful.judges.local.prompt import (
    OPTION_WORDS,
    PROMPT_VERSION,
    Chunk,
    Span,
    build_prompt,
    chunk_passages,
)
from pytest_faithful.judges.registry import builtin_registry
from pytest_faithful.judges.resources import JudgeOptions
from pytest_faithful.models import Claim
from pytest_faithful.providers.base import ChatMessage, JudgeRequest, JudgeResponse
from pytest_faithful.providers.llama import INSTALL_HINT, KIND, LlamaBackend
from pytest_faithful.text.segment import split_sentences

# ``import llama_cpp`` fails in every test here, as in CI, even where it is installed.
pytestmark = pytest.mark.usefixtures("no_llama_cpp")


# --------------------------------------------------------------------------------------------
# Deciding a claim from its readings


def reading(index: int, yes: float, no: float) -> Reading:
    chunk = Chunk(index, (Span(0, 0, 1),), "x")
    return Reading(chunk, yes, no, 1.0 - yes - no)


OPTIONS = LocalOptions(threads=1, support_threshold=0.6, contradiction_threshold=0.7)


def test_support_at_the_threshold_decides_first() -> None:
    readings = [reading(0, 0.1, 0.9), reading(1, 0.6, 0.3)]
    decision = decide(readings, OPTIONS)
    assert decision.label is Label.SUPPORTED
    assert decision.deciding is readings[1]


def test_without_support_the_strongest_contradiction_decides() -> None:
    readings = [reading(0, 0.5, 0.4), reading(1, 0.2, 0.7), reading(2, 0.1, 0.75)]
    decision = decide(readings, OPTIONS)
    assert decision.label is Label.CONTRADICTED
    assert decision.deciding is readings[2]


def test_below_both_thresholds_is_not_enough_info_with_the_best_support() -> None:
    readings = [reading(0, 0.3, 0.69), reading(1, 0.59, 0.1)]
    decision = decide(readings, OPTIONS)
    assert decision.label is Label.NOT_ENOUGH_INFO
    assert decision.deciding is readings[1]


def test_no_readings_is_not_enough_info_with_nothing_deciding() -> None:
    decision = decide([], OPTIONS)
    assert decision.label is Label.NOT_ENOUGH_INFO
    assert decision.deciding is None


def test_ties_go_to_the_earlier_chunk() -> None:
    supported = [reading(2, 0.8, 0.1), reading(1, 0.8, 0.1)]
    assert decide(supported, OPTIONS).deciding is supported[1]
    contradicted = [reading(3, 0.1, 0.8), reading(0, 0.1, 0.8)]
    assert decide(contradicted, OPTIONS).deciding is contradicted[1]


def test_thresholds_of_zero_and_one() -> None:
    readings = [reading(0, 0.0, 1.0)]
    assert decide(readings, LocalOptions(threads=1, support_threshold=0.0)).label is (
        Label.SUPPORTED
    )
    never = LocalOptions(threads=1, support_threshold=1.0, contradiction_threshold=1.0)
    assert decide(readings, never).label is Label.CONTRADICTED
    assert decide([reading(0, 0.99, 0.0)], never).label is Label.NOT_ENOUGH_INFO


# --------------------------------------------------------------------------------------------
# Parsing a backend response


def probabilities_json(*values: object, options: object = OPTION_WORDS) -> str:
    return json.dumps({"options": list(options), "probabilities": list(values)})  # type: ignore[call-overload]


def test_parse_reading_reads_a_probability_record() -> None:
    chunk = Chunk(4, (Span(1, 0, 3),), "abc")
    parsed = parse_reading(probabilities_json(0.7, 0.2, 0.1), chunk)
    assert parsed == Reading(chunk, 0.7, 0.2, 0.1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not a probability record"),
        ("[0.7, 0.2, 0.1]", "not a probability record"),
        ('{"probabilities": [0.7, 0.2, 0.1]}', "not a probability record"),
        ('{"options": ["Yes", "No", "Unknown"]}', "not a probability record"),
        ('{"options": ["Yes", "No", "Unknown"], "probabilities": ["a", 0, 0]}', "not a prob"),
        ('{"options": ["Yes", "No", "Unknown"], "probabilities": 1}', "not a probability"),
        (probabilities_json(0.7, 0.3, options=["Yes", "No"]), "answers other options"),
        (probabilities_json(0.7, 0.2, 0.1, options=["No", "Yes", "Unknown"]), "other options"),
        (probabilities_json(0.7, 0.3), "answers other options"),
        (probabilities_json(0.5, 0.2, 0.1, 0.2), "answers other options"),
        ('{"options": ["Yes", "No", "Unknown"], "probabilities": [NaN, 0, 1]}', "invalid prob"),
        (
            '{"options": ["Yes", "No", "Unknown"], "probabilities": [Infinity, 0, 0]}',
            "invalid probabilities",
        ),
        (probabilities_json(0.7, 0.2, 0.2), "invalid probabilities"),
        (probabilities_json(1.2, -0.1, -0.1), "invalid probabilities"),
        (probabilities_json(0.6, -0.1, 0.5), "invalid probabilities"),
        ('{"options": 5, "probabilities": [1, 0, 0]}', "not a probability record"),
        ('{"options": null, "probabilities": [1, 0, 0]}', "not a probability record"),
        # A cache entry or recording nested deeper than the parser goes.
        ('{"options": ' + "[" * 50_000 + "]" * 50_000 + "}", "not a probability record"),
    ],
)
def test_parse_reading_refuses_anything_else(text: str, message: str) -> None:
    with pytest.raises(JudgeError, match=re.escape(message)):
        parse_reading(text, Chunk(0, (Span(0, 0, 1),), "x"))


# --------------------------------------------------------------------------------------------
# The judge end to end, with a fake model


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", text.lower()))


class FakeModelBackend:
    """Answers like a model would: Yes when the passage holds every word of the claim, No when
    the claim's numbers are not the passage's, else Unknown. Records every prompt."""

    kind = KIND

    def __init__(self) -> None:
        self.prompts: list[str] = []
        self.closed = False

    @property
    def calls(self) -> int:
        return len(self.prompts)

    def complete(self, request: JudgeRequest) -> JudgeResponse:
        [message] = request.messages
        prompt = message.content
        self.prompts.append(prompt)
        asked = prompt.rsplit("Passage:\n", 1)[1]
        passage, _, rest = asked.partition("\n\nThe claim answers: ")
        if not rest:
            passage, _, rest = asked.partition("\n\nClaim: ")
        else:
            rest = rest.partition("\n\nClaim: ")[2]
        claim = rest.partition("\n\nDoes the passage support the claim?")[0]
        numbers = {w for w in _words(claim) if w.isdigit()}
        if _words(claim) <= _words(passage):
            probabilities = [0.9, 0.04, 0.06]
        elif numbers and numbers - _words(passage) and any(c.isdigit() for c in passage):
            probabilities = [0.05, 0.85, 0.1]
        else:
            probabilities = [0.1, 0.1, 0.8]
        text = json.dumps({"options": list(OPTION_WORDS), "probabilities": probabilities})
        return JudgeResponse(text=text, model=request.model, input_tokens=len(prompt.split()))

    def close(self) -> None:
        self.closed = True


PASSAGES = [
    "The library opens at 9 am on weekdays. It closes at 6 pm. The reading room is upstairs.",
    "Members may borrow up to 12 books at a time. Loans last three weeks.",
]
ANSWER = "The library opens at 9 am on weekdays. Members may borrow 20 books. The cafe sells tea."


class Setup:
    """A model file, a fake backend standing in for its model, and a call cache."""

    def __init__(self, tmp_path: Path) -> None:
        self.model_path = tmp_path / "judge.gguf"
        self.model_path.write_bytes(b"GGUF not really a model")
        self.cache = CallCache(tmp_path / "cache")
        # Round thresholds, not the calibrated ones: these tests are about the mechanics.
        self.options = LocalOptions(
            threads=1, chunk_chars=100, support_threshold=0.5, contradiction_threshold=0.5
        )

    def judge(
        self,
        mode: str = "once",
        options: LocalOptions | None = None,
        cache: CallCache | None = None,
    ) -> tuple[LocalJudge, FakeModelBackend]:
        fake = FakeModelBackend()
        model = LocalModel(self.model_path, options or self.options)
        model.backend = fake  # type: ignore[assignment]
        cached = CachedBackend(fake, cache or self.cache, mode)  # type: ignore[arg-type]
        return LocalJudge(model, cached, options or self.options), fake


@pytest.fixture
def setup(tmp_path: Path) -> Iterator[Setup]:
    made = Setup(tmp_path)
    yield made
    made.cache.close()


def test_verdicts_quote_the_deciding_sentence_of_the_right_passage(setup: Setup) -> None:
    judge, fake = setup.judge()
    result = verify(ANSWER, PASSAGES, judge=judge, threshold=0.3)
    assert result.judge_id == "local:judge/" + PROMPT_VERSION
    assert not result.heuristic
    first, second, third = result.claim_verdicts
    assert first.label is Label.SUPPORTED
    assert first.evidence == "The library opens at 9 am on weekdays."
    assert (first.passage_index, first.evidence_found) == (0, True)
    assert first.reason == "P(yes) 0.90, P(no) 0.04, P(unknown) 0.06 (threshold 0.50; 1 chunk read)"
    assert second.label is Label.CONTRADICTED
    assert second.evidence == "Members may borrow up to 12 books at a time."
    assert second.passage_index == 1
    assert "P(no) 0.85" in second.reason
    assert third.label is Label.NOT_ENOUGH_INFO
    assert third.evidence == ""
    assert third.passage_index is None
    assert third.reason.startswith("best support P(yes) 0.10, P(no) 0.10, P(unknown) 0.80")
    assert "threshold 0.50" in third.reason
    assert result.score == pytest.approx(1 / 3)
    assert result.passed is False  # a contradiction fails the check
    assert fake.calls == 3
    assert result.usage.judge_calls == 3
    assert result.usage.cache_hits == 0
    assert result.usage.input_tokens == sum(len(p.split()) for p in fake.prompts)
    assert result.usage.output_tokens == 0


def test_each_claim_reads_its_best_chunk_and_all_chunks_when_asked(setup: Setup) -> None:
    judge, fake = setup.judge()
    chunks = chunk_passages(PASSAGES, setup.options.chunk_chars)
    assert len(chunks) == 2
    verify(ANSWER, PASSAGES, judge=judge)
    read = [prompt.rsplit("Passage:\n", 1)[1] for prompt in fake.prompts]
    # Chunk by chunk: the library chunk for claims 1 and 3 (no chunk has "cafe" or "tea"),
    # then the loans chunk for claim 2.
    assert [r.startswith(chunks[0].text) for r in read] == [True, True, False]
    assert read[2].startswith(chunks[1].text)

    every = LocalOptions(threads=1, chunk_chars=100, chunks_per_claim=0)
    judge, fake = setup.judge(options=every)
    result = verify(ANSWER, PASSAGES, judge=judge)
    assert fake.calls == 3, "the three readings of the first run are replayed"
    assert "2 chunks read" in result.claim_verdicts[0].reason
    assert result.usage.judge_calls == 6
    assert result.usage.cache_hits == 3


def test_the_question_reaches_the_prompt_and_the_cache_key(setup: Setup) -> None:
    judge, fake = setup.judge()
    verify("It closes at 6 pm.", PASSAGES, judge=judge, question="When does it close?")
    assert "The claim answers: When does it close?" in fake.prompts[-1]
    verify("It closes at 6 pm.", PASSAGES, judge=judge, question="Is it open late?")
    assert fake.calls == 2, "another question is another request"
    verify("It closes at 6 pm.", PASSAGES, judge=judge, question="When does it close?")
    assert fake.calls == 2


def test_a_second_judge_over_the_same_cache_replays_without_calls(setup: Setup) -> None:
    judge, fake = setup.judge()
    first = verify(ANSWER, PASSAGES, judge=judge)
    assert fake.calls == 3
    again, replaying = setup.judge(mode="none")
    second = verify(ANSWER, PASSAGES, judge=again)
    assert replaying.calls == 0
    assert second.claim_verdicts == first.claim_verdicts
    assert second.usage.judge_calls == 3
    assert second.usage.cache_hits == 3
    assert second.usage.input_tokens == first.usage.input_tokens


def test_thresholds_apply_after_the_cache(setup: Setup) -> None:
    judge, fake = setup.judge()
    verify(ANSWER, PASSAGES, judge=judge)
    strict = LocalOptions(threads=1, chunk_chars=100, support_threshold=0.95)
    judge, fake = setup.judge(mode="none", options=strict)
    result = verify(ANSWER, PASSAGES, judge=judge)
    assert fake.calls == 0, "a new threshold replays the recorded readings"
    assert result.claim_verdicts[0].label is Label.NOT_ENOUGH_INFO
    assert "threshold 0.95" in result.claim_verdicts[0].reason


def test_record_mode_none_with_an_empty_cache_raises_cache_miss(
    setup: Setup, tmp_path: Path
) -> None:
    with CallCache(tmp_path / "empty") as empty:
        judge, fake = setup.judge(mode="none", cache=empty)
        with pytest.raises(CacheMissError, match="no recorded reading") as raised:
            verify(ANSWER, PASSAGES, judge=judge)
    assert fake.calls == 0
    message = str(raised.value)
    assert "judge@sha256:" in message
    assert "llama-cpp-python is installed and the model file is present" in message


def test_the_request_names_the_model_files_sha256(setup: Setup) -> None:
    judge, fake = setup.judge()
    seen: list[JudgeRequest] = []
    complete = fake.complete

    def recording(request: JudgeRequest) -> JudgeResponse:
        seen.append(request)
        return complete(request)

    fake.complete = recording  # type: ignore[method-assign]
    verify("It closes at 6 pm.", PASSAGES, judge=judge)
    [request] = seen
    digest = hashlib.sha256(setup.model_path.read_bytes()).hexdigest()
    assert request.kind == "local"
    assert request.model == f"judge@sha256:{digest}"
    assert request.prompt_version == PROMPT_VERSION
    assert request.params == {"read": "next-token-probabilities", "options": list(OPTION_WORDS)}
    assert request.messages == (
        ChatMessage(role="user", content=build_prompt(PASSAGES[0], "It closes at 6 pm.", None)),
    )


def test_another_model_file_is_a_cache_miss(setup: Setup) -> None:
    judge, fake = setup.judge()
    verify(ANSWER, PASSAGES, judge=judge)
    setup.model_path.write_bytes(b"GGUF another model")
    judge, fake = setup.judge(mode="none")
    with pytest.raises(CacheMissError):
        verify(ANSWER, PASSAGES, judge=judge)
    judge, fake = setup.judge(mode="once")
    verify(ANSWER, PASSAGES, judge=judge)
    assert fake.calls == 3


def test_the_model_file_is_hashed_once_per_model(setup: Setup) -> None:
    judge, _ = setup.judge()
    verify(ANSWER, PASSAGES, judge=judge)
    setup.model_path.unlink()
    # Already hashed: a replay still works (and so does a call, which this fake serves).
    verify(ANSWER, PASSAGES, judge=judge)
    judge, _ = setup.judge()
    with pytest.raises(JudgeError, match="cannot read the local judge's model"):
        verify(ANSWER, PASSAGES, judge=judge)


def test_no_passage_text_is_not_enough_info_without_calls(setup: Setup, tmp_path: Path) -> None:
    judge, fake = setup.judge()
    setup.model_path.unlink()  # nothing to read means nothing to hash either
    claims = [Claim(text="It opens at 9.", sentence="It opens at 9.", start=0, end=14)]
    verdicts = judge.verify(claims, ["", "   \n"], None)
    [verdict] = verdicts.verdicts
    assert verdict.label is Label.NOT_ENOUGH_INFO
    assert verdict.reason == "no passage text to check against"
    assert verdicts.usage.judge_calls == 0
    assert fake.calls == 0
    result = verify("It opens at 9.", ["  "], judge=judge)
    assert [v.label for v in result.claim_verdicts] == [Label.NOT_ENOUGH_INFO]


def test_an_unusable_response_is_a_judge_error(setup: Setup) -> None:
    judge, fake = setup.judge()

    def broken(request: JudgeRequest) -> JudgeResponse:
        fake.prompts.append(request.messages[0].content)
        return JudgeResponse(text='{"options": ["Yes"], "probabilities": [1.0]}', model="m")

    fake.complete = broken  # type: ignore[method-assign]
    with pytest.raises(JudgeError, match="answers other options"):
        verify("It closes at 6 pm.", PASSAGES, judge=judge)


def test_read_then_verdicts_recalibrates_without_calls(setup: Setup) -> None:
    judge, fake = setup.judge()
    claims = judge.extract_claims(split_sentences(ANSWER), None).claims
    per_claim, usage = judge.read(claims, PASSAGES, None)
    assert [len(readings) for readings in per_claim] == [1, 1, 1]
    assert per_claim[0][0].supported == pytest.approx(0.9)
    assert usage.judge_calls == 3
    verdicts = judge.verdicts(claims, per_claim, PASSAGES, usage)
    assert [v.label for v in verdicts.verdicts] == [
        Label.SUPPORTED,
        Label.CONTRADICTED,
        Label.NOT_ENOUGH_INFO,
    ]
    assert fake.calls == 3


# --------------------------------------------------------------------------------------------
# Through the registry: the real backend, which needs llama-cpp-python (absent here)


def test_the_registry_builds_a_lazy_judge_sharing_one_model_per_file(tmp_path: Path) -> None:
    model_path = tmp_path / "Judge.GGUF"
    model_path.write_bytes(b"GGUF")
    options = JudgeOptions(tmp_path / "cache", "once", local=LocalOptions(threads=1))
    try:
        registry = builtin_registry()
        first = registry.build(f"local:{model_path}", options)
        second = registry.build(f"local:{tmp_path}/./Judge.GGUF", options)
        assert isinstance(first, LocalJudge)
        assert isinstance(second, LocalJudge)
        assert first.model is second.model, "one model per file and run"
        assert first.id == f"local:Judge/{PROMPT_VERSION}"
        assert first.options is options.local
        # Built with llama_cpp unimportable: the model loads on the first uncached reading.
    finally:
        options.close()


def test_a_cache_miss_without_llama_cpp_says_how_to_install_it(tmp_path: Path) -> None:
    model_path = tmp_path / "judge.gguf"
    model_path.write_bytes(b"GGUF")
    with pytest.raises(JudgeError) as raised:
        verify(ANSWER, PASSAGES, judge=f"local:{model_path}", cache_dir=tmp_path / "cache")
    assert str(raised.value) == INSTALL_HINT
    assert "pip install 'pytest-faithful[local]'" in INSTALL_HINT


def test_replay_needs_neither_llama_cpp_nor_a_loaded_model(setup: Setup, tmp_path: Path) -> None:
    judge, _ = setup.judge()
    recorded = verify(ANSWER, PASSAGES, judge=judge)
    setup.cache.close()
    result = verify(
        ANSWER,
        PASSAGES,
        judge=f"local:{setup.model_path}",
        cache_dir=tmp_path / "cache",
        record_mode="none",
        local=setup.options,
    )
    assert result.claim_verdicts == recorded.claim_verdicts
    assert result.usage.cache_hits == 3


def test_the_llama_backend_refuses_a_request_that_is_not_one_prompt(tmp_path: Path) -> None:
    model_path = tmp_path / "judge.gguf"
    model_path.write_bytes(b"GGUF")
    backend = LlamaBackend(model_path, LocalOptions(threads=1), OPTION_WORDS)
    assert backend.kind == "local"
    request = JudgeRequest(
        kind=KIND,
        model="m",
        messages=(ChatMessage(role="system", content="a"), ChatMessage(role="user", content="b")),
        prompt_version=PROMPT_VERSION,
    )
    with pytest.raises(ValueError, match="exactly one message"):
        backend.complete(request)
    with pytest.raises(JudgeError, match="needs llama-cpp-python"):
        backend.count_tokens("text")
    backend.close()  # nothing loaded: nothing to do
    assert backend.tokens_evaluated == 0
