"""The ``local:PATH.gguf`` judge with a real model (llama-cpp-python and a GGUF file).

Skipped unless ``llama_cpp`` imports and the model file exists: ``FAITH_TEST_GGUF`` names it,
by default the Qwen2.5-Coder-1.5B-Instruct Q4_K_M file the benchmarks fetch. The model is
loaded once for the module and every passage is short, so the whole module takes seconds of
model time (about a minute on two busy cores).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_faithful import (
    JudgeError,
    Label,
    LocalOptions,
    verify,
    verify_relevancy,
    verify_retrieval,
)
from pytest_faithful.cache.replay import CachedBackend
from pytest_faithful.judges.local.judge import LocalJudge
from pytest_faithful.judges.local.prompt import INSTRUCTIONS, build_prompt
from pytest_faithful.judges.registry import builtin_registry
from pytest_faithful.judges.resources import JudgeOptions
from pytest_faithful.models import Claim
from pytest_faithful.providers.llama import LlamaBackend, common_prefix

DEFAULT_MODEL = "~/.cache/pytest-faithful/models/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
MODEL_PATH = Path(os.environ.get("FAITH_TEST_GGUF", DEFAULT_MODEL)).expanduser()

pytest.importorskip(
    "llama_cpp",
    reason="the local judge's model tests need llama-cpp-python: pip install -e '.[local]'",
)
if not MODEL_PATH.is_file():
    pytest.skip(
        f"no GGUF model at {MODEL_PATH}; set FAITH_TEST_GGUF to a model file",
        allow_module_level=True,
    )

# One thread: on a machine whose cores are busy, llama.cpp's spinning threads slow each other.
LOCAL = LocalOptions(threads=1, context_window=1024)
TOWER = ["The Eiffel Tower in Paris was completed in 1889. It is 330 metres tall."]


class Run:
    """One loaded model and call cache for the module, and judges built on them."""

    def __init__(self, cache_dir: Path) -> None:
        self.options = JudgeOptions(cache_dir, "once", local=LOCAL)
        self.spec = f"local:{MODEL_PATH}"

    def judge(self) -> LocalJudge:
        judge = builtin_registry().build(self.spec, self.options)
        assert isinstance(judge, LocalJudge)
        return judge

    @property
    def backend(self) -> LlamaBackend:
        return self.judge().model.backend

    def claims(self, *texts: str) -> list[Claim]:
        return [Claim(text=t, sentence=t, start=0, end=len(t)) for t in texts]


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Run]:
    made = Run(tmp_path_factory.mktemp("local-model-cache"))
    yield made
    made.options.close()


def test_a_stated_fact_is_supported_with_evidence_from_the_passage(run: Run) -> None:
    judge = run.judge()
    [claim] = run.claims("The Eiffel Tower was completed in 1889.")
    [[reading]], _ = judge.read([claim], TOWER, None)
    assert reading.supported >= 0.9
    assert reading.supported + reading.contradicted + reading.unknown == pytest.approx(1.0)
    result = verify(claim.text, TOWER, judge=judge)  # replays the reading just made
    [verdict] = result.claim_verdicts
    assert verdict.label is Label.SUPPORTED
    assert verdict.evidence == "The Eiffel Tower in Paris was completed in 1889."
    assert (verdict.passage_index, verdict.evidence_found) == (0, True)
    assert verdict.reason.startswith(f"P(yes) {reading.supported:.2f}, ")


def test_a_contradicted_number_is_not_supported(run: Run) -> None:
    judge = run.judge()
    [claim] = run.claims("The Eiffel Tower was completed in 1925.")
    [[reading]], _ = judge.read([claim], TOWER, None)
    assert reading.contradicted > reading.supported
    assert reading.supported < LOCAL.support_threshold
    [verdict] = verify(claim.text, TOWER, judge=judge).claim_verdicts
    assert verdict.label is not Label.SUPPORTED


def test_claims_after_the_first_reuse_the_chunks_evaluated_tokens(run: Run) -> None:
    judge, backend = run.judge(), run.backend
    passage = [
        "The Rhine rises in the Swiss Alps and flows through six countries before it reaches "
        "the North Sea. It is about 1,230 kilometres long."
    ]
    first, second = run.claims(
        "The Rhine flows through six countries.", "The Rhine is about 1,230 kilometres long."
    )
    before = backend.tokens_evaluated
    [[_]], _ = judge.read([first], passage, None)
    first_cost = backend.tokens_evaluated - before
    [[reused]], usage = judge.read([second], passage, None)
    second_cost = backend.tokens_evaluated - before - first_cost
    assert usage.cache_hits == 0
    # The second claim costs only the tokens after the shared prefix ("...Claim: ").
    prompts = [build_prompt(passage[0], c.text, None) for c in (first, second)]
    tail = prompts[1][common_prefix(*prompts) :]
    assert second_cost <= backend.count_tokens(tail) + 2
    # The first paid for the chunk; the second did not.
    assert first_cost - second_cost >= backend.count_tokens(passage[0]) - 2
    assert usage.input_tokens == backend.count_tokens(prompts[1]), "usage counts the whole prompt"

    # Read afresh (another chunk evaluated in between, no cache), the answer is the same.
    uncached = LocalJudge(judge.model, CachedBackend(backend, None, "off"), judge.options)
    uncached.read(run.claims("The Eiffel Tower is in Paris."), TOWER, None)
    [[fresh]], _ = uncached.read([second], passage, None)
    assert fresh.supported == pytest.approx(reused.supported, abs=0.02)
    assert fresh.contradicted == pytest.approx(reused.contradicted, abs=0.02)


def test_replay_from_the_cache_is_identical_and_evaluates_nothing(run: Run) -> None:
    answer = "The Eiffel Tower was completed in 1889. It is 330 metres tall."
    first = verify(answer, TOWER, judge=run.judge())  # the first claim may be recorded already
    evaluated = run.backend.tokens_evaluated
    again = verify(answer, TOWER, judge=run.judge())  # another judge, same model and cache
    assert run.backend.tokens_evaluated == evaluated
    assert again.claim_verdicts == first.claim_verdicts
    assert again.usage.judge_calls == first.usage.judge_calls == 2
    assert again.usage.cache_hits == 2
    assert again.usage.input_tokens == first.usage.input_tokens > 0


def test_a_prompt_over_the_context_window_names_the_options_to_change(run: Run) -> None:
    judge, backend = run.judge(), run.backend
    wide = LocalOptions(context_window=LOCAL.context_window, chunk_chars=20_000)
    reader = LocalJudge(judge.model, run.options.cached(backend), wide)
    passage = " ".join(f"Shelf {i} of the archive holds box {i * 7}." for i in range(150))
    before = backend.tokens_evaluated
    with pytest.raises(JudgeError, match="--faith-local-context") as raised:
        verify("Shelf 3 holds box 21.", [passage], judge=reader)
    assert f"context window of {LOCAL.context_window}" in str(raised.value)
    assert "--faith-local-chunk-chars" in str(raised.value)
    assert backend.tokens_evaluated == before, "nothing is evaluated"


def test_count_tokens_uses_the_models_tokenizer(run: Run) -> None:
    backend = run.backend
    assert backend.count_tokens("<|im_start|>") == 1, "chat markers are special tokens"
    assert 1 <= backend.count_tokens("Hello world") <= 3
    assert 100 < backend.count_tokens(INSTRUCTIONS) < LocalOptions().context_window // 2


def test_relevancy_and_precision_read_yes_no_from_the_same_model(run: Run) -> None:
    question = "How tall is the Eiffel Tower?"
    relevancy = verify_relevancy(
        "The Eiffel Tower is 330 metres tall. Bananas are rich in potassium.",
        question,
        judge=run.judge(),
    )
    assert [item.ok for item in relevancy.items] == [True, False]
    retrieval = verify_retrieval(
        ["Bananas are rich in potassium and grow in the tropics.", TOWER[0]],
        question,
        judge=run.judge(),
    )
    assert retrieval.precision is not None
    assert [item.ok for item in retrieval.precision.items] == [False, True]
