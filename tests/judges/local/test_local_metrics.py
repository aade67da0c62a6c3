"""The ``local:`` judge's answer relevancy and context precision, with a fake model.

As in ``test_local_judge.py``, ``llama_cpp`` cannot be imported here: a fake backend answers
the yes/no prompts from their text, so these tests are about the mechanics (prompts, readings,
chunks, cache, errors), not about the model's judgement (``benchmarks/metrics.py`` measures that).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_faithful import JudgeError, LocalOptions, verify_relevancy, verify_retrieval
from pytest_faithful.cache.replay import CachedBackend
from pytest_faithful.cache.store import CallCache
from pytest_faithful.errors import CacheMissError
from pytest_faithful.judges.local.judge import LocalJudge, LocalModel
from pytest_faithful.judges.local.metrics import (
    METRIC_VERSION,
    RELEVANCE_INSTRUCTIONS,
    USEFUL_INSTRUCTIONS,
    relevance_prompt,
    useful_prompt,
)
from pytest_faithful.judges.local.prompt import OPTION_WORDS, PROMPT_VERSION
from pytest_faithful.providers.base import JudgeRequest, JudgeResponse
from pytest_faithful.providers.llama import KIND

pytestmark = pytest.mark.usefixtures("no_llama_cpp")

QUESTION = "When does the library close on weekdays?"
OPENING = "The library opens at 9 am on weekdays and closes at 6 pm."
LOANS = "Members may borrow up to 12 books at a time, and loans last three weeks."


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", text.lower())) - {"the", "a", "on", "at", "and", "does"}


def _last_user_turn(prompt: str) -> str:
    return prompt.rsplit("<|im_start|>user\n", 1)[1].partition("<|im_end|>")[0]


class FakeYesNoModel:
    """Says Yes when the statement (or passage) shares two content words with the question;
    answers ``broken`` for a prompt holding the word "broken". Records every prompt."""

    kind = KIND

    def __init__(self) -> None:
        self.prompts: list[str] = []

    def complete(self, request: JudgeRequest) -> JudgeResponse:
        [message] = request.messages
        self.prompts.append(message.content)
        asked = _last_user_turn(message.content)
        question = asked.partition("Question: ")[2].partition("\n\n")[0]
        if "Statement: " in asked:
            text = asked.partition("Statement: ")[2].partition("\n\n")[0]
        else:
            text = asked.partition("Passage:\n")[2].partition("\n\nIs the passage")[0]
        if "broken" in text:
            return JudgeResponse(text='{"options": ["Yes"], "probabilities": [1.0]}', model="m")
        yes = len(_words(text) & _words(question)) >= 2
        probabilities = [0.8, 0.15, 0.05] if yes else [0.1, 0.7, 0.2]
        body = json.dumps({"options": list(OPTION_WORDS), "probabilities": probabilities})
        return JudgeResponse(text=body, model=request.model, input_tokens=len(asked.split()))

    def close(self) -> None:
        pass


class Setup:
    def __init__(self, tmp_path: Path) -> None:
        self.model_path = tmp_path / "judge.gguf"
        self.model_path.write_bytes(b"GGUF not really a model")
        self.cache = CallCache(tmp_path / "cache")
        self.options = LocalOptions(threads=1, chunk_chars=100)

    def judge(self, mode: str = "once") -> tuple[LocalJudge, FakeYesNoModel]:
        fake = FakeYesNoModel()
        model = LocalModel(self.model_path, self.options)
        model.backend = fake  # type: ignore[assignment]
        cached = CachedBackend(fake, self.cache, mode)  # type: ignore[arg-type]
        return LocalJudge(model, cached, self.options), fake


@pytest.fixture
def setup(tmp_path: Path) -> Iterator[Setup]:
    made = Setup(tmp_path)
    yield made
    made.cache.close()


def test_relevancy_reads_one_yes_no_per_claim_and_shows_the_odds(setup: Setup) -> None:
    judge, fake = setup.judge()
    answer = "The library closes at 6 pm on weekdays. Our cafe sells tea."
    result = verify_relevancy(answer, QUESTION, judge=judge, record_mode="once")
    assert result.judge_id == f"local:judge/{PROMPT_VERSION}/{METRIC_VERSION}"
    assert not result.heuristic
    first, second = result.items
    assert (first.ok, second.ok) == (True, False)
    assert first.reason == "P(yes) 0.80, P(no) 0.15 (yes at >= 0.50)"
    assert result.score == pytest.approx(0.5)
    assert result.usage.judge_calls == 2
    assert len(fake.prompts) == 2
    # The instructions and the question are a prefix every claim of the answer shares.
    shared = RELEVANCE_INSTRUCTIONS + f"<|im_start|>user\nQuestion: {QUESTION}\n\nStatement: "
    assert all(p.startswith(shared) for p in fake.prompts)
    assert fake.prompts[0] == relevance_prompt(QUESTION, "The library closes at 6 pm on weekdays.")


def test_an_abstaining_answer_is_noncommittal_without_asking_the_model(setup: Setup) -> None:
    judge, fake = setup.judge()
    result = verify_relevancy("I'm sorry, I don't know.", QUESTION, judge=judge)
    assert result.noncommittal
    assert result.score == 0.0
    assert not result.passed
    assert fake.prompts == []


def test_precision_ranks_the_useful_passage_with_the_models_reasons(setup: Setup) -> None:
    judge, fake = setup.judge()
    result = verify_retrieval([LOANS, OPENING], QUESTION, judge=judge)
    assert result.precision is not None
    precision = result.precision
    assert precision.judge_id.endswith(f"/{METRIC_VERSION}")
    assert [item.ok for item in precision.items] == [False, True]
    assert precision.score == pytest.approx(0.5)  # the useful passage second of two
    assert "P(yes) 0.10" in precision.items[0].reason
    assert fake.prompts[1] == useful_prompt(QUESTION, None, OPENING)
    assert all(p.startswith(USEFUL_INSTRUCTIONS) for p in fake.prompts)


def test_precision_gives_the_reference_to_the_model(setup: Setup) -> None:
    judge, fake = setup.judge()
    verify_retrieval([OPENING], QUESTION, reference="It closes at 6 pm.", judge=judge, recall=False)
    assert "Reference answer: It closes at 6 pm." in fake.prompts[0]


def test_a_long_passage_is_useful_when_any_chunk_is(setup: Setup) -> None:
    judge, fake = setup.judge()
    # Three chunks of <= 100 characters; reading stops at the useful second one.
    renewals = "Loans can be renewed online twice, unless another member has reserved the book."
    long_passage = f"{LOANS} {OPENING} {renewals}"
    result = verify_retrieval(
        [long_passage, f"{LOANS} Loans can be renewed online at any time."], QUESTION, judge=judge
    )
    assert result.precision is not None
    useful, useless = result.precision.items
    assert useful.ok
    assert useful.reason.endswith("; 2 of 3 chunks read")
    assert not useless.ok
    assert useless.reason.endswith("; 2 of 2 chunks read")
    assert result.precision.usage.judge_calls == 4
    # The two passages' first chunks are the same request: asked once, then replayed.
    assert result.precision.usage.cache_hits == 1
    assert len(fake.prompts) == 3


def test_readings_replay_from_the_cache_without_the_model(setup: Setup) -> None:
    judge, _ = setup.judge()
    answer = "The library closes at 6 pm on weekdays."
    first = verify_relevancy(answer, QUESTION, judge=judge)
    again, fake = setup.judge(mode="none")
    replayed = verify_relevancy(answer, QUESTION, judge=again)
    assert fake.prompts == []
    assert replayed.items == first.items
    assert replayed.usage.cache_hits == replayed.usage.judge_calls == 1
    with pytest.raises(CacheMissError):
        verify_relevancy("The library opens at 9 am.", QUESTION, judge=again)


def test_a_reading_that_is_not_a_probability_record_is_a_judge_error(setup: Setup) -> None:
    judge, _ = setup.judge()
    with pytest.raises(JudgeError, match="answers other options"):
        verify_relevancy("The broken library closes at 6 pm.", QUESTION, judge=judge)
    with pytest.raises(JudgeError, match="answers other options"):
        verify_retrieval(["A broken passage about the library."], QUESTION, judge=judge)
