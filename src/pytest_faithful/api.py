"""``verify``: the faithfulness check as a plain function, for use outside pytest; ``averify``
and the metric functions' ``a`` twins: the same, awaited on the caller's event loop."""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import TypeVar

from pytest_faithful.check import Contexts, arun_check, run_check
from pytest_faithful.files import usable_directory
from pytest_faithful.judges.base import Judge
from pytest_faithful.judges.llm.options import LLMOptions
from pytest_faithful.judges.local.options import LocalOptions
from pytest_faithful.judges.registry import installed_registry
from pytest_faithful.judges.resources import JudgeOptions
from pytest_faithful.metrics.inputs import (
    check_reference_arguments,
    check_relevancy_arguments,
    check_retrieval_arguments,
)
from pytest_faithful.metrics.reference import DEFAULT_REFERENCE_THRESHOLD, CitationMode, compare
from pytest_faithful.metrics.relevancy import (
    DEFAULT_RELEVANCY_THRESHOLD,
    arun_relevancy,
    run_relevancy,
)
from pytest_faithful.metrics.retrieval import RetrievalResult, arun_retrieval, run_retrieval
from pytest_faithful.models import FaithfulnessResult, MetricResult
from pytest_faithful.providers.steps import InThread, on_asyncio
from pytest_faithful.rules import choose
from pytest_faithful.vocab import (
    DEFAULT_CACHE_DIR,
    DEFAULT_RECORD_MODE,
    DEFAULT_SCORING,
    DEFAULT_THRESHOLD,
    RecordMode,
    ScoringPolicy,
    parse_record_mode,
)

_T = TypeVar("_T")


def verify(
    answer: str,
    contexts: Contexts,
    *,
    question: str | None = None,
    judge: str | Judge | None = None,
    threshold: float = DEFAULT_THRESHOLD,
    scoring: ScoringPolicy = DEFAULT_SCORING,
    allow_contradictions: bool = False,
    cache_dir: str | Path = DEFAULT_CACHE_DIR,
    record_mode: RecordMode = DEFAULT_RECORD_MODE,
    llm: LLMOptions | None = None,
    local: LocalOptions | None = None,
    recordings_dir: str | Path | None = None,
    rules: str | Sequence[str] | None = None,
    skip_rules: str | Sequence[str] = (),
) -> FaithfulnessResult:
    """Check that ``answer`` says only what ``contexts`` support.

    ``contexts`` is one passage or a sequence of them, each a str or a document: a LangChain
    ``Document``, a LlamaIndex ``TextNode`` or ``NodeWithScore``, a Haystack ``Document``, or a
    mapping with a ``page_content``, ``text`` or ``content`` str (read by shape, without
    importing them).

    ``rules`` chooses the verdict rules a judge's SUPPORTED must also pass: a policy
    (``"standard"``, the default; ``"strict"``; ``"evidence"``) or rule names, and
    ``skip_rules`` leaves single rules out (:data:`pytest_faithful.rules.RULE_NAMES`).

    ``judge`` is a spec string (``"lexical"``, ``"openai:gpt-4o-mini"``, ...), a judge object,
    or None for the default (a provider whose API key is set, else ``lexical``). Spec-string
    judges that call a model go through the call cache in ``cache_dir``, or through a
    directory of JSON recordings in ``recordings_dir`` when given; ``llm`` sets what the
    command-line options set for LLM judges in pytest (concurrency, timeouts, retries,
    structured output, single-call mode, batching, budgets) and ``local`` what they set for
    the ``local:PATH.gguf`` judge.

    A spec string builds its judge for this call only: for many checks with a model judge,
    build the judge once (``installed_registry().build(spec, JudgeOptions(...))``) and pass it,
    so a local model is loaded once, not per call.
    """
    chosen = choose(rules, skip_rules)
    return _with_judge(
        judge,
        cache_dir,
        record_mode,
        llm,
        local,
        recordings_dir,
        lambda built: run_check(
            answer,
            contexts,
            judge=built,
            question=question,
            threshold=threshold,
            scoring_policy=scoring,
            allow_contradictions=allow_contradictions,
            rules=chosen,
        ),
    )


async def averify(
    answer: str,
    contexts: Contexts,
    *,
    question: str | None = None,
    judge: str | Judge | None = None,
    threshold: float = DEFAULT_THRESHOLD,
    scoring: ScoringPolicy = DEFAULT_SCORING,
    allow_contradictions: bool = False,
    cache_dir: str | Path = DEFAULT_CACHE_DIR,
    record_mode: RecordMode = DEFAULT_RECORD_MODE,
    llm: LLMOptions | None = None,
    local: LocalOptions | None = None,
    recordings_dir: str | Path | None = None,
    rules: str | Sequence[str] | None = None,
    skip_rules: str | Sequence[str] = (),
) -> FaithfulnessResult:
    """:func:`verify`, awaited: the same arguments, the same result, the same errors.

    An LLM judge's requests are awaited on the running loop (the SDK's own coroutines, within
    the judge's ``max_concurrency``), so the loop keeps running during the check and checks
    gathered with ``asyncio.gather`` overlap. A judge without async steps (``lexical``,
    ``local:``, a judge object of your own) runs its steps in a worker thread. The call cache,
    recordings, the fail-fast latch and deadlines behave as in :func:`verify`.

    To share one concurrency limit, connection pool and cache among many checks, build the
    judge once (``installed_registry().build(spec, JudgeOptions(llm=LLMOptions(...)))``) and
    pass it; a spec string builds a judge for this call only.
    """
    chosen = choose(rules, skip_rules)
    return await _awith_judge(
        judge,
        cache_dir,
        record_mode,
        llm,
        local,
        recordings_dir,
        lambda built: arun_check(
            answer,
            contexts,
            judge=built,
            question=question,
            threshold=threshold,
            scoring_policy=scoring,
            allow_contradictions=allow_contradictions,
            rules=chosen,
        ),
    )


def _with_judge(
    judge: str | Judge | None,
    cache_dir: str | Path,
    record_mode: RecordMode,
    llm: LLMOptions | None,
    local: LocalOptions | None,
    recordings_dir: str | Path | None,
    run: Callable[[Judge], _T],
) -> _T:
    """``run(judge)``: the judge object as given, or built from its spec for this call only."""
    if judge is not None and not isinstance(judge, str):
        return run(judge)
    options, spec = _options_for(judge, cache_dir, record_mode, llm, local, recordings_dir)
    try:
        registry = installed_registry()
        return run(registry.build(registry.choose(spec), options))
    finally:
        options.close()


async def _awith_judge(
    judge: str | Judge | None,
    cache_dir: str | Path,
    record_mode: RecordMode,
    llm: LLMOptions | None,
    local: LocalOptions | None,
    recordings_dir: str | Path | None,
    run: Callable[[Judge], Awaitable[_T]],
) -> _T:
    """:func:`_with_judge` awaited: a judge built for this call (in a worker thread, so that
    the loop runs on while its modules load and its cache opens) closes its SDK clients on
    this loop before the call returns."""
    if judge is not None and not isinstance(judge, str):
        return await run(judge)
    options, spec = _options_for(judge, cache_dir, record_mode, llm, local, recordings_dir)
    try:
        on_asyncio()  # under trio: the error that says what to do, before any judge is built
        registry = installed_registry()
        built = await InThread(lambda: registry.build(registry.choose(spec), options)).arun()
        return await run(built)
    finally:
        await options.aclose()


def _options_for(
    judge: str | None,
    cache_dir: str | Path,
    record_mode: RecordMode,
    llm: LLMOptions | None,
    local: LocalOptions | None,
    recordings_dir: str | Path | None,
) -> tuple[JudgeOptions, str | None]:
    """The run resources for a judge built from ``judge``'s spec; the arguments checked first."""
    if judge is not None and not judge.strip():
        raise ValueError(
            "judge is an empty spec; give one such as 'lexical' or 'openai:gpt-4o-mini', or "
            "leave it out (None) for the default judge"
        )
    _check_run_arguments(cache_dir, record_mode, llm, local)
    if recordings_dir is not None and (
        not isinstance(recordings_dir, (str, os.PathLike)) or not str(recordings_dir).strip()
    ):
        raise TypeError("recordings_dir must be a non-empty str or path, or None (the diskcache)")
    # A directory that cannot be used (a file, a name too long, "~nouser") is the caller's
    # mistake, said before any judge is built, not a judge failure.
    cache_path = usable_directory(cache_dir, "cache_dir")
    recordings_path = (
        None if recordings_dir is None else usable_directory(recordings_dir, "recordings_dir")
    )
    options = JudgeOptions(
        cache_dir=cache_path,
        record_mode=record_mode,
        llm=llm,
        local=local,
        recordings_dir=recordings_path,
    )
    return options, judge


def _check_run_arguments(
    cache_dir: object, record_mode: object, llm: object, local: object
) -> None:
    """TypeError/ValueError naming the argument, before anything is built or opened."""
    if not isinstance(cache_dir, (str, os.PathLike)):
        raise TypeError(
            f"cache_dir must be a str or a path (default {DEFAULT_CACHE_DIR!r}), "
            f"got {type(cache_dir).__name__}"
        )
    if not str(cache_dir).strip():
        raise ValueError("cache_dir is empty; give a directory for recorded judge calls")
    if not isinstance(record_mode, str):
        raise TypeError(f"record_mode must be a str, got {type(record_mode).__name__}")
    try:
        parse_record_mode(record_mode)
    except ValueError as exc:
        raise ValueError(f"record_mode: {exc}") from None
    for name, value, kind in (("llm", llm, LLMOptions), ("local", local, LocalOptions)):
        if value is not None and not isinstance(value, kind):
            raise TypeError(
                f"{name} must be a {kind.__name__} (from pytest_faithful import "
                f"{kind.__name__}) or None, got {type(value).__name__}"
            )


def verify_reference(
    answer: str,
    reference: str,
    *,
    numbers: bool = True,
    keywords: bool | Sequence[str] = True,
    exact: bool = False,
    completeness: bool = False,
    citations: bool | CitationMode = False,
    contexts: Contexts | None = None,
    threshold: float = DEFAULT_REFERENCE_THRESHOLD,
) -> MetricResult:
    """Compare ``answer`` with a golden ``reference`` answer, deterministically (no judge).

    ``numbers``: every quantity of the reference (value, currency, percentage, unit) is in the
    answer. ``keywords``: True for the reference's own keywords (capitalised phrases, numbers,
    content words; coverage must reach ``threshold``), or a list of words that must all be
    there. ``exact``: normalised exact match. ``completeness``: the share of reference
    sentences the answer covers must reach ``threshold``. ``citations``: the answer's ``[n]``
    markers point at passages of ``contexts`` that exist (``"sentence"``: and every sentence
    that states something has one). Each failing check names what is missing.
    """
    return compare(
        **check_reference_arguments(
            answer,
            reference,
            numbers,
            keywords,
            exact,
            completeness,
            citations,
            contexts,
            threshold,
        )
    )


async def averify_reference(
    answer: str,
    reference: str,
    *,
    numbers: bool = True,
    keywords: bool | Sequence[str] = True,
    exact: bool = False,
    completeness: bool = False,
    citations: bool | CitationMode = False,
    contexts: Contexts | None = None,
    threshold: float = DEFAULT_REFERENCE_THRESHOLD,
) -> MetricResult:
    """:func:`verify_reference`, awaitable beside the other ``averify`` functions. It asks no
    judge, so there is nothing to wait for: it runs at once, on the loop (a few ms of text
    comparison)."""
    return verify_reference(
        answer,
        reference,
        numbers=numbers,
        keywords=keywords,
        exact=exact,
        completeness=completeness,
        citations=citations,
        contexts=contexts,
        threshold=threshold,
    )


def verify_relevancy(
    answer: str,
    question: str,
    *,
    judge: str | Judge | None = None,
    threshold: float = DEFAULT_RELEVANCY_THRESHOLD,
    cache_dir: str | Path = DEFAULT_CACHE_DIR,
    record_mode: RecordMode = DEFAULT_RECORD_MODE,
    llm: LLMOptions | None = None,
    local: LocalOptions | None = None,
    recordings_dir: str | Path | None = None,
) -> MetricResult:
    """Judge whether each claim of ``answer`` addresses ``question`` (answer relevancy).

    Score: relevant claims / claims; a noncommittal answer (no claims, or evasive) scores 0.
    ``judge`` and the run arguments work as for :func:`verify`.
    """
    answer, question, threshold = check_relevancy_arguments(answer, question, threshold)
    return _with_judge(
        judge,
        cache_dir,
        record_mode,
        llm,
        local,
        recordings_dir,
        lambda built: run_relevancy(answer, question, judge=built, threshold=threshold),
    )


async def averify_relevancy(
    answer: str,
    question: str,
    *,
    judge: str | Judge | None = None,
    threshold: float = DEFAULT_RELEVANCY_THRESHOLD,
    cache_dir: str | Path = DEFAULT_CACHE_DIR,
    record_mode: RecordMode = DEFAULT_RECORD_MODE,
    llm: LLMOptions | None = None,
    local: LocalOptions | None = None,
    recordings_dir: str | Path | None = None,
) -> MetricResult:
    """:func:`verify_relevancy`, awaited on the running loop as :func:`averify` is."""
    answer, question, threshold = check_relevancy_arguments(answer, question, threshold)
    return await _awith_judge(
        judge,
        cache_dir,
        record_mode,
        llm,
        local,
        recordings_dir,
        lambda built: arun_relevancy(answer, question, judge=built, threshold=threshold),
    )


def verify_retrieval(
    contexts: Contexts,
    question: str | None = None,
    *,
    reference: str | None = None,
    precision: bool | float | None = None,
    recall: bool | float | None = None,
    judge: str | Judge | None = None,
    cache_dir: str | Path = DEFAULT_CACHE_DIR,
    record_mode: RecordMode = DEFAULT_RECORD_MODE,
    llm: LLMOptions | None = None,
    local: LocalOptions | None = None,
    recordings_dir: str | Path | None = None,
) -> RetrievalResult:
    """Context precision (which passages are useful, rank-aware) and context recall (the
    reference's claims found in the passages).

    ``precision``/``recall``: a threshold, True (the default threshold), False (not checked)
    or None (precision when there is a question, recall when there is a reference).
    """
    plan = check_retrieval_arguments(contexts, question, reference, precision, recall)
    return _with_judge(
        judge,
        cache_dir,
        record_mode,
        llm,
        local,
        recordings_dir,
        lambda built: run_retrieval(plan, built),
    )


async def averify_retrieval(
    contexts: Contexts,
    question: str | None = None,
    *,
    reference: str | None = None,
    precision: bool | float | None = None,
    recall: bool | float | None = None,
    judge: str | Judge | None = None,
    cache_dir: str | Path = DEFAULT_CACHE_DIR,
    record_mode: RecordMode = DEFAULT_RECORD_MODE,
    llm: LLMOptions | None = None,
    local: LocalOptions | None = None,
    recordings_dir: str | Path | None = None,
) -> RetrievalResult:
    """:func:`verify_retrieval`, awaited on the running loop as :func:`averify` is."""
    plan = check_retrieval_arguments(contexts, question, reference, precision, recall)
    return await _awith_judge(
        judge,
        cache_dir,
        record_mode,
        llm,
        local,
        recordings_dir,
        lambda built: arun_retrieval(plan, built),
    )
