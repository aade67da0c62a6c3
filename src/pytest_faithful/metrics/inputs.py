"""The metrics' argument checks: a mistake is a TypeError/ValueError naming the argument."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pytest_faithful.check import check_inputs, check_text
from pytest_faithful.text.abstentions import states_something
from pytest_faithful.text.segment import split_sentences


def check_str(value: object, name: str, *, optional: bool = False) -> str | None:
    """``value`` as a str (None when ``optional`` allows it), or an error naming ``name``."""
    if value is None and optional:
        return None
    if not isinstance(value, str):
        kind = "a str or None" if optional else "a str"
        raise TypeError(f"{name} must be {kind}, got {type(value).__name__}")
    check_text(value, name)
    return value


def check_passages(contexts: object, name: str = "contexts") -> tuple[str, ...]:
    """The passages as a tuple of str; the verifier's checks, named ``name``."""
    try:
        _, passages, _ = check_inputs("", contexts, None)
    except (TypeError, ValueError) as exc:
        raise type(exc)(str(exc).replace("contexts", name)) from None
    return passages


def _check_golden(reference: str) -> None:
    """A golden answer for recall states something: one that only declines ("Unknown.", "No
    information available.") or has no content word has no claim for the passages to hold, and
    recall would pass with nothing checked."""
    if not any(states_something(s.text) for s in split_sentences(reference)):
        shown = reference if len(reference) <= 60 else reference[:57] + "..."
        raise ValueError(
            f"reference states nothing to look for ({shown!r}); give the golden answer"
        )


def check_threshold(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number in [0, 1], got {type(value).__name__}")
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"{name} must be in [0, 1], got {value!r}")
    return float(value)


def check_question(question: object) -> str:
    """A question is required by relevancy and precision: a non-blank str."""
    checked = check_str(question, "question")
    assert checked is not None
    if not checked.strip():
        raise ValueError("question is empty; relevance is judged against the question asked")
    return checked


def check_reference_arguments(
    answer: object,
    reference: object,
    numbers: object,
    keywords: object,
    exact: object,
    completeness: object,
    citations: object,
    contexts: object,
    threshold: object,
) -> dict[str, Any]:
    """Validate ``assert_reference``/``verify_reference`` arguments.

    Returns the keyword arguments of :func:`pytest_faithful.metrics.reference.compare`: the
    keywords as True, False or the given tuple, the passages as a tuple (None when not given).
    """
    checked_answer = check_str(answer, "answer")
    assert checked_answer is not None
    checked_reference = check_str(reference, "reference")
    assert checked_reference is not None
    for name, flag in (("numbers", numbers), ("exact", exact), ("completeness", completeness)):
        if not isinstance(flag, bool):
            raise TypeError(f"{name} must be a bool, got {type(flag).__name__}")
    if not (isinstance(citations, bool) or citations in ("any", "sentence")):
        raise ValueError(f"citations must be True, False, 'any' or 'sentence', got {citations!r}")
    words = _keywords(keywords)
    check_threshold(threshold, "threshold")
    passages = None if contexts is None else check_passages(contexts)
    if citations and passages is None:
        raise ValueError("citations needs contexts: the passages the answer's [n] markers point at")
    if not any((numbers, words, exact, completeness, citations)):
        raise ValueError(
            "nothing to check: numbers, keywords, exact, completeness and citations are all off"
        )
    return {
        "answer": checked_answer,
        "reference": checked_reference,
        "numbers": numbers,
        "keywords": words,
        "exact": exact,
        "completeness": completeness,
        "citations": citations,
        "contexts": passages,
        "threshold": float(threshold),  # type: ignore[arg-type]
    }


def _keywords(keywords: object) -> bool | tuple[str, ...]:
    if isinstance(keywords, bool):
        return keywords
    if isinstance(keywords, str) or not isinstance(keywords, Sequence):
        raise TypeError(
            "keywords must be True (the reference's own), False, or a list of str, "
            f"got {type(keywords).__name__}"
        )
    for i, word in enumerate(keywords):
        if not isinstance(word, str):
            raise TypeError(f"keywords[{i}] must be a str, got {type(word).__name__}")
        if not word.strip():
            raise ValueError(f"keywords[{i}] is empty")
        if not any(c.isalnum() for c in word):
            raise ValueError(f"keywords[{i}] has no word or number to look for: {word!r}")
        check_text(word, f"keywords[{i}]")
    if not keywords:
        raise ValueError("keywords is an empty list; give at least one, or keywords=False")
    return tuple(keywords)


def check_relevancy_arguments(
    answer: object, question: object, threshold: object
) -> tuple[str, str, float]:
    checked = check_str(answer, "answer")
    assert checked is not None
    return checked, check_question(question), check_threshold(threshold, "threshold")


RetrievalMetric = Literal["context_precision", "context_recall"]


@dataclass(frozen=True)
class RetrievalPlan:
    """What one retrieval check checks: None for a metric that is not checked."""

    passages: tuple[str, ...]
    question: str | None
    reference: str | None
    precision: float | None
    recall: float | None

    @property
    def metrics(self) -> tuple[RetrievalMetric, ...]:
        """The metrics this check runs, precision first."""
        wanted: tuple[tuple[RetrievalMetric, float | None], ...] = (
            ("context_precision", self.precision),
            ("context_recall", self.recall),
        )
        return tuple(metric for metric, threshold in wanted if threshold is not None)


def _wanted(value: object, name: str, default_on: bool, default: float) -> float | None:
    if value is None:
        return default if default_on else None
    if isinstance(value, bool):
        return default if value else None
    return check_threshold(value, name)


def check_retrieval_arguments(
    contexts: object,
    question: object,
    reference: object,
    precision: object,
    recall: object,
    default: float = 0.8,
    defaults: Mapping[str, float | None] | None = None,
) -> RetrievalPlan:
    """Validate ``assert_retrieval``/``verify_retrieval`` arguments into a plan.

    ``precision``/``recall``: a threshold, True (the default), False (skip) or None (precision
    when there is a question, recall when there is a reference). The default is ``defaults``'
    entry for the metric when set (the command line or ini file), else ``default``.
    """
    passages = check_passages(contexts)
    asked = None if question is None else check_question(question)
    golden = check_str(reference, "reference", optional=True)
    if golden is not None:
        _check_golden(golden)
    given = {k: v for k, v in (defaults or {}).items() if v is not None}
    wanted_precision = _wanted(
        precision, "precision", asked is not None, given.get("precision", default)
    )
    wanted_recall = _wanted(recall, "recall", golden is not None, given.get("recall", default))
    if wanted_precision is not None and asked is None:
        raise ValueError("precision needs the question: passages are useful for a question")
    if wanted_recall is not None and golden is None:
        raise ValueError(
            "recall needs reference=: the golden answer whose claims the passages should hold"
        )
    if wanted_precision is None and wanted_recall is None:
        raise ValueError(
            "nothing to check: give a question (precision) or reference= (recall), and do not "
            "turn both off"
        )
    return RetrievalPlan(passages, asked, golden, wanted_precision, wanted_recall)
