"""A GGUF model in this process (llama-cpp-python), asked for next-token probabilities.

The backend answers a :class:`~pytest_faithful.providers.base.JudgeRequest` whose single
message is a complete prompt: it evaluates the prompt and returns, as JSON, the probabilities of the
answer words' first tokens, normalised over the answer words. Nothing is generated.

Prefix reuse: llama.cpp keeps the evaluated tokens' keys and values (the KV state). Each
request evaluates only the tokens after the longest prefix it shares with the previous one, so
the instructions are read once per process and a passage chunk once for all its claims.
"""

from __future__ import annotations

import hashlib
import json
import math
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from pytest_faithful.errors import JudgeError, UnavailableJudgeError
from pytest_faithful.files import gguf_problem
from pytest_faithful.providers.base import JudgeRequest, JudgeResponse

if TYPE_CHECKING:
    import llama_cpp

KIND = "local"
INSTALL_HINT = (
    "the local judge needs llama-cpp-python: pip install 'pytest-faithful[local]' "
    "(it compiles llama.cpp: about 6 minutes on 2 cores)"
)
_HASH_BLOCK = 1 << 20


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while block := handle.read(_HASH_BLOCK):
            digest.update(block)
    return digest.hexdigest()


def common_prefix(a: Sequence[int], b: Sequence[int]) -> int:
    """Length of the longest common prefix of two token lists."""
    shared = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        shared += 1
    return shared


def option_probabilities(
    logits: Sequence[float], option_tokens: Sequence[Sequence[int]]
) -> list[float]:
    """Softmax over the answer options; an option's logit is the log-sum-exp of its variants."""
    scores = []
    for variants in option_tokens:
        values = [float(logits[token]) for token in variants]
        top = max(values)
        scores.append(top + math.log(sum(math.exp(v - top) for v in values)))
    top = max(scores)
    weights = [math.exp(s - top) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


def _variants(word: str) -> tuple[str, ...]:
    return (word, word.lower(), " " + word, " " + word.lower())


class LlamaSettings(Protocol):
    """What the backend reads of the local judge's options (``LocalOptions``)."""

    @property
    def context_window(self) -> int: ...

    @property
    def threads(self) -> int: ...

    @property
    def gpu_layers(self) -> int: ...


class LlamaBackend:
    """One loaded GGUF model; thread-safe (one request at a time)."""

    def __init__(
        self, model_path: Path, options: LlamaSettings, option_words: Sequence[str]
    ) -> None:
        self._path = model_path
        self._options = options
        self._option_words = tuple(option_words)
        self._lock = threading.Lock()
        self._llama: llama_cpp.Llama | None = None
        self._option_tokens: list[list[int]] = []
        self.tokens_evaluated = 0
        """Tokens actually run through the model (what prefix reuse saves shows here)."""

    @property
    def kind(self) -> str:
        return KIND

    def complete(self, request: JudgeRequest) -> JudgeResponse:
        if len(request.messages) != 1:
            raise ValueError("a local judge request holds exactly one message: the whole prompt")
        prompt = request.messages[0].content
        with self._lock:
            llama = self._load()
            tokens = llama.tokenize(prompt.encode("utf-8"), add_bos=False, special=True)
            if len(tokens) >= self._options.context_window:
                raise JudgeError(
                    f"the local judge's prompt has {len(tokens)} tokens, more than its context "
                    f"window of {self._options.context_window}; raise --faith-local-context or "
                    "lower --faith-local-chunk-chars"
                )
            try:
                logits = self._evaluate(llama, tokens)
            except (RuntimeError, ValueError, OSError) as exc:
                # llama-cpp-python's own errors (llama_decode returned a failure code): the
                # reading failed, as a reply that could not be read does; never recorded.
                llama.n_tokens = 0  # its evaluated state is not known: read afresh next time
                raise JudgeError(f"llama.cpp could not evaluate the prompt: {exc}") from exc
            probabilities = option_probabilities(logits, self._option_tokens)
        if not all(math.isfinite(p) for p in probabilities):
            # Never recorded: a cached NaN would fail every replay until re-recorded.
            raise JudgeError(
                f"the local model returned unusable logits for its answers: {probabilities!r}"
            )
        text = json.dumps(
            {"options": list(self._option_words), "probabilities": probabilities},
            separators=(",", ":"),
        )
        return JudgeResponse(
            text=text, model=request.model, input_tokens=len(tokens), output_tokens=0
        )

    def count_tokens(self, text: str) -> int:
        """Tokens of ``text`` for this model (loads it)."""
        with self._lock:
            llama = self._load()
            return len(llama.tokenize(text.encode("utf-8"), add_bos=False, special=True))

    def close(self) -> None:
        with self._lock:
            if self._llama is not None:
                self._llama.close()
                self._llama = None

    def _evaluate(self, llama: llama_cpp.Llama, tokens: list[int]) -> Any:
        # Keep the shared prefix; evaluate at least the last token, whose logits we read.
        keep = min(
            common_prefix(llama.input_ids[: llama.n_tokens].tolist(), tokens), len(tokens) - 1
        )
        llama.n_tokens = keep
        llama.eval(tokens[keep:])
        self.tokens_evaluated += len(tokens) - keep
        import llama_cpp  # both there once the model is loaded (numpy: llama-cpp-python's)
        import numpy as np

        pointer = llama_cpp.llama_get_logits(llama.ctx)
        return np.ctypeslib.as_array(pointer, shape=(llama.n_vocab(),))

    def _load(self) -> llama_cpp.Llama:
        if self._llama is not None:
            return self._llama
        if not self._path.is_file():
            # Only a spec that pins the file's sha256 gets here without it: its recordings
            # replay, and this reading is not among them.
            raise UnavailableJudgeError(
                f"the local judge's model file {self._path} is not here: its pinned sha256 "
                "replays the recorded readings without it, and this one was not recorded; "
                "record it where the model file is"
            )
        try:
            import llama_cpp
        except ImportError as exc:
            raise UnavailableJudgeError(INSTALL_HINT) from exc
        problem = gguf_problem(self._path)
        if problem is not None:
            raise UnavailableJudgeError(f"the local judge's model file {self._path} {problem}")
        try:
            llama = llama_cpp.Llama(
                model_path=str(self._path),
                n_ctx=self._options.context_window,
                n_threads=self._options.threads,
                n_threads_batch=self._options.threads,
                n_batch=512,
                n_gpu_layers=self._options.gpu_layers,
                logits_all=False,
                verbose=False,
            )
        except (ValueError, RuntimeError, OSError) as exc:
            # A truncated or damaged file, a model architecture this llama.cpp does not know.
            raise UnavailableJudgeError(
                f"llama.cpp could not load the model {self._path}: {exc}"
            ) from exc
        self._option_tokens = _distinct_first_tokens(llama, self._option_words)
        self._llama = llama
        return llama


def _distinct_first_tokens(llama: llama_cpp.Llama, words: Sequence[str]) -> list[list[int]]:
    """Each answer word's possible first tokens, minus any another word could also start with."""
    firsts = [
        {llama.tokenize(v.encode("utf-8"), add_bos=False, special=False)[0] for v in _variants(w)}
        for w in words
    ]
    distinct = []
    for i, tokens in enumerate(firsts):
        others = set().union(*(f for j, f in enumerate(firsts) if j != i))
        mine = sorted(tokens - others)
        if not mine:
            raise JudgeError(
                f"the model's tokenizer starts the answer {words[i]!r} like another answer; "
                "the local judge cannot read its choice"
            )
        distinct.append(mine)
    return distinct
