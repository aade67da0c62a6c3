"""The llama backend without a model: answer probabilities, prefix reuse, hashing."""

from __future__ import annotations

import hashlib
import math
import sys
import types
from pathlib import Path

import pytest

from pytest_faithful import JudgeError, LocalOptions
from pytest_faithful.judges.local.prompt import OPTION_WORDS
from pytest_faithful.providers.base import ChatMessage, JudgeRequest
from pytest_faithful.providers.llama import (
    LlamaBackend,
    _distinct_first_tokens,
    common_prefix,
    file_sha256,
    option_probabilities,
)

# ``import llama_cpp`` fails in every test here, as in CI, even where it is installed.
pytestmark = pytest.mark.usefixtures("no_llama_cpp")


# --------------------------------------------------------------------------------------------
# Next-token probabilities


def test_option_probabilities_is_a_softmax_over_the_options() -> None:
    logits = [0.0, 1.0, 2.0, 3.0]
    probabilities = option_probabilities(logits, [[1], [2], [3]])
    expected = [math.exp(v) / sum(math.exp(w) for w in (1, 2, 3)) for v in (1, 2, 3)]
    assert probabilities == pytest.approx(expected)
    assert sum(probabilities) == pytest.approx(1.0)


def test_an_options_variants_add_up_as_log_sum_exp() -> None:
    # Two variants at logit 0 weigh as much as one variant at log(2).
    logits = [0.0, 0.0, math.log(2.0), -1e9]
    assert option_probabilities(logits, [[0, 1], [2], [3]]) == pytest.approx([0.5, 0.5, 0.0])


def test_option_probabilities_are_stable_for_large_logits() -> None:
    probabilities = option_probabilities([1000.0, 1000.0, 990.0], [[0], [1], [2]])
    assert all(math.isfinite(p) for p in probabilities)
    assert sum(probabilities) == pytest.approx(1.0)
    assert probabilities[0] == pytest.approx(probabilities[1])
    assert probabilities[2] == pytest.approx(1 / (2 * math.exp(10) + 1))
    low = option_probabilities([-1000.0, -1001.0, -1002.0], [[0], [1], [2]])
    assert sum(low) == pytest.approx(1.0)
    assert low[0] > low[1] > low[2] > 0


@pytest.mark.parametrize(
    ("a", "b", "shared"),
    [
        ([], [], 0),
        ([1, 2, 3], [], 0),
        ([1, 2, 3], [1, 2, 3], 3),
        ([1, 2, 3], [1, 2, 4], 2),
        ([1, 2], [1, 2, 3, 4], 2),
        ([5, 2, 3], [1, 2, 3], 0),
    ],
)
def test_common_prefix(a: list[int], b: list[int], shared: int) -> None:
    assert common_prefix(a, b) == shared
    assert common_prefix(b, a) == shared


class FakeTokenizer:
    """Stands in for ``llama_cpp.Llama`` in ``_distinct_first_tokens``: one token per word."""

    def __init__(self, first_tokens: dict[str, int]) -> None:
        self.first_tokens = first_tokens

    def tokenize(self, text: bytes, add_bos: bool, special: bool) -> list[int]:
        assert not add_bos
        assert not special
        return [self.first_tokens[text.decode()], 999]


def variants_of(word: str, token: int) -> dict[str, int]:
    return dict.fromkeys((word, word.lower(), " " + word, " " + word.lower()), token)


def test_distinct_first_tokens_drops_tokens_two_answers_start_with() -> None:
    tokens = {**variants_of("Yes", 1), **variants_of("No", 2), **variants_of("Unknown", 3)}
    tokens[" Yes"] = 4  # a second way to start "Yes": both count
    tokens[" no"] = tokens[" unknown"] = 5  # shared by "No" and "Unknown": neither counts it
    result = _distinct_first_tokens(FakeTokenizer(tokens), OPTION_WORDS)  # type: ignore[arg-type]
    assert result == [[1, 4], [2], [3]]


def test_an_answer_with_no_token_of_its_own_is_a_judge_error() -> None:
    tokens = {**variants_of("Yes", 1), **variants_of("No", 1), **variants_of("Unknown", 3)}
    with pytest.raises(JudgeError, match="starts the answer 'Yes' like another answer"):
        _distinct_first_tokens(FakeTokenizer(tokens), OPTION_WORDS)  # type: ignore[arg-type]


def test_file_sha256_matches_hashlib_across_blocks(tmp_path: Path) -> None:
    path = tmp_path / "m.gguf"
    data = bytes(range(256)) * 5000  # over one read block
    path.write_bytes(data)
    assert file_sha256(path) == hashlib.sha256(data).hexdigest()


class _Tokens:
    """``Llama.input_ids`` (a numpy array) as far as the backend reads it: none evaluated."""

    def __getitem__(self, _: slice) -> _Tokens:
        return self

    def tolist(self) -> list[int]:
        return []


class _FailingLlama:
    """``llama_cpp.Llama`` whose evaluation fails as llama-cpp-python's does when llama_decode
    returns an error code."""

    def __init__(self, **_: object) -> None:
        self.input_ids = _Tokens()
        self.n_tokens = 0

    def tokenize(self, text: bytes, add_bos: bool, special: bool) -> list[int]:
        return [len(text), 1, 2]

    def eval(self, tokens: list[int]) -> None:
        raise RuntimeError("llama_decode returned -3")


def test_an_evaluation_llama_cpp_refuses_is_a_judge_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "llama_cpp", types.SimpleNamespace(Llama=_FailingLlama))
    path = tmp_path / "m.gguf"
    path.write_bytes(b"GGUF\x03")
    backend = LlamaBackend(path, LocalOptions(threads=1), OPTION_WORDS)
    request = JudgeRequest(
        kind="local",
        model="m",
        messages=(ChatMessage(role="user", content="Is it? Answer Yes, No or Unknown."),),
        prompt_version="c1",
    )
    with pytest.raises(JudgeError, match="could not evaluate the prompt: llama_decode returned -3"):
        backend.complete(request)
    assert backend.tokens_evaluated == 0
