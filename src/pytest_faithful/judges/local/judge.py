"""The ``local:PATH.gguf`` judge: verification as classification by a model in this process.

For each claim and each passage chunk it reads, the model gives P(Yes), P(No), P(Unknown) for
"does the chunk support the claim?" from one forward pass (see ``judges.local.prompt`` for the
prompt and ``providers.llama`` for prefix reuse). Per claim, over the chunks read:

* SUPPORTED when the best support reaches ``support_threshold``;
* else CONTRADICTED when the strongest contradiction reaches ``contradiction_threshold``;
* else NOT_ENOUGH_INFO.

The evidence is the sentence of the deciding chunk sharing most words with the claim. Claims
are the answer's sentences (as the lexical judge makes them): asking a 1.5B model to rewrite
them costs a generation per answer and was not measured to help.

Each (claim, chunk) reading is one request through the call cache. The key holds the exact
prompt, the model file's sha256 and the prompt version, so a changed model, prompt or chunk
size is a miss; thresholds are applied after the cache, so recalibrating replays for free.
Threads and GPU layers are not in the key: they change speed, not the question asked.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pytest_faithful.errors import JudgeError
from pytest_faithful.judges.lexical.judge import LexicalJudge
from pytest_faithful.judges.local.options import LocalOptions
from pytest_faithful.judges.local.prompt import (
    OPTION_WORDS,
    PROMPT_VERSION,
    Chunk,
    assign_chunks,
    best_sentence,
    build_prompt,
    chunk_passages,
)
from pytest_faithful.judges.local.spec import check_model
from pytest_faithful.models import Claim, ExtractedClaims, Label, Usage, Verdict, Verdicts
from pytest_faithful.providers.base import ChatMessage, JudgeRequest
from pytest_faithful.providers.fail_fast import FailFast
from pytest_faithful.providers.llama import KIND, LlamaBackend, file_sha256
from pytest_faithful.text import nesting
from pytest_faithful.text.segment import Sentence

if TYPE_CHECKING:
    from pytest_faithful.cache.replay import CachedBackend
    from pytest_faithful.judges.registry import JudgeSpec
    from pytest_faithful.judges.resources import JudgeOptions


def read_params() -> dict[str, object]:
    """What kind of answer a reading asks for; part of every cache key (a fresh dict each time)."""
    return {"read": "next-token-probabilities", "options": list(OPTION_WORDS)}


@dataclass(frozen=True)
class Reading:
    """The model's answer for one claim against one chunk."""

    chunk: Chunk
    supported: float
    contradicted: float
    unknown: float


@dataclass(frozen=True)
class Decision:
    label: Label
    deciding: Reading | None
    """The chunk that decided the label (for NOT_ENOUGH_INFO: the best support, if any)."""


def decide_label(readings: Sequence[Reading], options: LocalOptions) -> Decision:
    """Best support first, then the strongest contradiction, else not enough information."""
    if not readings:
        return Decision(Label.NOT_ENOUGH_INFO, None)
    support = max(readings, key=lambda r: (r.supported, -r.chunk.index))
    if support.supported >= options.support_threshold:
        return Decision(Label.SUPPORTED, support)
    contradiction = max(readings, key=lambda r: (r.contradicted, -r.chunk.index))
    if contradiction.contradicted >= options.contradiction_threshold:
        return Decision(Label.CONTRADICTED, contradiction)
    return Decision(Label.NOT_ENOUGH_INFO, support)


def parse_reading(text: str, chunk: Chunk) -> Reading:
    """A backend response (or a cache entry) as a reading; anything else is a JudgeError."""
    return Reading(chunk, *parse_probabilities(text))


def parse_probabilities(text: str) -> tuple[float, float, float]:
    """P(Yes), P(No), P(Unknown) from a backend response or cache entry; else a JudgeError."""
    try:
        data = nesting.loads(text)
        options = list(data["options"])
        values = [float(p) for p in data["probabilities"]]
    except (ValueError, TypeError, KeyError, RecursionError) as exc:
        # RecursionError: a cache entry or recording nested too deeply for the parser.
        raise JudgeError(
            f"local judge response is not a probability record: {text[:200]!r}"
        ) from exc
    if options != list(OPTION_WORDS) or len(values) != len(OPTION_WORDS):
        raise JudgeError(f"local judge response answers other options: {options!r}")
    if any(not math.isfinite(p) or p < 0.0 or p > 1.0 for p in values) or not math.isclose(
        sum(values), 1.0, abs_tol=1e-6
    ):
        raise JudgeError(f"local judge response has invalid probabilities: {values!r}")
    return values[0], values[1], values[2]


class LocalModel:
    """A GGUF file: its sha256 (hashed on first need) and its loaded backend (on first miss).

    ``pinned``: the sha256 the spec pins (``local:PATH.gguf#sha256=HEX``). Without the file the
    judge replays what was recorded under it, and a reading that was not recorded says the file
    is missing (:meth:`LlamaBackend.complete`); with the file, it must hash to the pin.
    """

    def __init__(self, path: Path, options: LocalOptions, pinned: str | None = None) -> None:
        self.path = path
        self.backend = LlamaBackend(path, options, OPTION_WORDS)
        # A model that cannot be loaded (no llama-cpp-python, not a model, absent) is said in
        # full once; every later uncached reading of the run fails at once, pointing to it.
        self.guarded = FailFast(self.backend)
        self.pinned = pinned
        self._sha256: str | None = None
        self._problem: str | None = None  # a file that is not the pinned one: said every time

    @property
    def name(self) -> str:
        return self.path.stem

    def sha256(self) -> str:
        if self._sha256 is not None:
            return self._sha256
        if self._problem is None:
            if self.pinned is not None and not self.path.is_file():
                self._sha256 = self.pinned
                return self._sha256
            try:
                actual = file_sha256(self.path)
            except OSError as exc:
                raise JudgeError(f"cannot read the local judge's model {self.path}: {exc}") from exc
            if self.pinned is None or actual == self.pinned:
                self._sha256 = actual
                return actual
            self._problem = (
                f"the local judge's model file {self.path} has sha256 {actual}, not the "
                f"{self.pinned} its spec pins: another model, or the file changed"
            )
        raise JudgeError(self._problem)

    def close(self) -> None:
        self.backend.close()


class LocalJudge:
    """Claims are answer sentences; verdicts come from the model's next-token probabilities."""

    def __init__(self, model: LocalModel, backend: CachedBackend, options: LocalOptions) -> None:
        self._model = model
        self._backend = backend
        self._options = options

    @property
    def id(self) -> str:
        return f"{KIND}:{self._model.name}/{PROMPT_VERSION}"

    @property
    def heuristic(self) -> bool:
        return False

    @property
    def options(self) -> LocalOptions:
        return self._options

    @property
    def model(self) -> LocalModel:
        return self._model

    def ask(self, prompt: str, prompt_version: str) -> tuple[tuple[float, float, float], Usage]:
        """P(Yes), P(No), P(Unknown) for the model's next token after ``prompt``, through the
        call cache (keyed by the exact prompt, the model file's sha256 and ``prompt_version``),
        and what the reading cost."""
        request = JudgeRequest(
            kind=KIND,
            model=f"{self._model.name}@sha256:{self._model.sha256()}",
            messages=(ChatMessage(role="user", content=prompt),),
            params=read_params(),
            prompt_version=prompt_version,
        )
        completion = self._backend.complete_with_status(request)
        spent = Usage(
            judge_calls=1,
            cache_hits=int(completion.cache_hit),
            input_tokens=completion.response.input_tokens,
        )
        return parse_probabilities(completion.response.text), spent

    def extract_claims(
        self, sentences: Sequence[Sentence], question: str | None
    ) -> ExtractedClaims:
        return LexicalJudge().extract_claims(sentences, question)

    def verify(
        self, claims: Sequence[Claim], passages: Sequence[str], question: str | None
    ) -> Verdicts:
        per_claim, usage = self.read(claims, passages, question)
        return self.verdicts(claims, per_claim, passages, usage)

    def verdicts(
        self,
        claims: Sequence[Claim],
        per_claim: Sequence[Sequence[Reading]],
        passages: Sequence[str],
        usage: Usage,
    ) -> Verdicts:
        """Verdicts from the readings of :meth:`read` at this judge's thresholds."""
        verdicts = tuple(
            self._verdict(index, claim, readings, passages)
            for index, (claim, readings) in enumerate(zip(claims, per_claim, strict=True))
        )
        return Verdicts(verdicts=verdicts, usage=usage)

    def read(
        self, claims: Sequence[Claim], passages: Sequence[str], question: str | None
    ) -> tuple[list[list[Reading]], Usage]:
        """The model's readings for every claim against every chunk read, chunk by chunk.

        Chunk-major order keeps each chunk's prefix in the model's KV state for all claims.
        """
        chunks = chunk_passages(passages, self._options.chunk_chars)
        plan = assign_chunks(chunks, [c.text for c in claims], self._options.chunks_per_claim)
        per_claim: list[list[Reading]] = [[] for _ in claims]
        usage = Usage()
        if not plan:
            return per_claim, usage
        for chunk, readers in plan:
            for index in readers:
                prompt = build_prompt(chunk.text, claims[index].text, question)
                probabilities, spent = self.ask(prompt, PROMPT_VERSION)
                per_claim[index].append(Reading(chunk, *probabilities))
                usage = usage + spent
        return per_claim, usage

    def _verdict(
        self, index: int, claim: Claim, readings: Sequence[Reading], passages: Sequence[str]
    ) -> Verdict:
        decision = decide_label(readings, self._options)
        read = f"{len(readings)} chunk{'s' if len(readings) != 1 else ''} read"
        if decision.deciding is None:
            return Verdict(
                claim_index=index,
                label=Label.NOT_ENOUGH_INFO,
                reason="no passage text to check against",
            )
        top = decision.deciding
        odds = (
            f"P(yes) {top.supported:.2f}, P(no) {top.contradicted:.2f}, "
            f"P(unknown) {top.unknown:.2f}"
        )
        if decision.label is Label.NOT_ENOUGH_INFO:
            return Verdict(
                claim_index=index,
                label=Label.NOT_ENOUGH_INFO,
                reason=f"best support {odds} (threshold {self._options.support_threshold:.2f}; "
                f"{read})",
            )
        span, sentence = best_sentence(top.chunk, passages, claim.text)
        threshold = (
            self._options.support_threshold
            if decision.label is Label.SUPPORTED
            else self._options.contradiction_threshold
        )
        return Verdict(
            claim_index=index,
            label=decision.label,
            reason=f"{odds} (threshold {threshold:.2f}; {read})",
            evidence=sentence,
            passage_index=span.passage,
        )


def make_local_judge(spec: JudgeSpec, options: JudgeOptions) -> LocalJudge:
    """Registry factory for ``local:PATH.gguf`` (``#sha256=HEX`` pins the file); the model loads
    on the first uncached reading. A relative path is under the current directory (the plugin
    makes ``--faith-judge``'s and ``faith_judge``'s absolute when it reads them)."""
    if not spec.model:
        raise ValueError("the local judge needs a model file: 'local:/path/to/model.gguf'")
    path, pinned = check_model(spec.model)
    model = options.shared((KIND, path, pinned), lambda: LocalModel(path, options.local, pinned))
    return LocalJudge(model, options.cached(model.guarded), options.local)
