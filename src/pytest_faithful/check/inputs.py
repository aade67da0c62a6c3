"""What a caller passes to a check, read and checked before any judge is asked.

Mistakes of the caller are TypeError/ValueError naming the argument; a judge whose own
attributes fail is a JudgeError, as any fault of a judge.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

from pytest_faithful.check.documents import read_contexts
from pytest_faithful.errors import (
    JudgeError,
    judge_attribute_error,
    judge_id_problem,
    shorten,
)
from pytest_faithful.judges.base import Judge, is_judge
from pytest_faithful.vocab import SCORING_POLICIES

Document: TypeAlias = object
"""A passage given as a document (:mod:`pytest_faithful.check.documents`): a LangChain
``Document``, a LlamaIndex ``TextNode`` or ``NodeWithScore``, a Haystack ``Document``, or a
mapping with a text key."""

Contexts: TypeAlias = "str | Document | Sequence[str | Document]"
"""What ``contexts`` may be: one passage (a str or a document) or a sequence of them."""


def check_text(value: str, name: str) -> None:
    """Raise ValueError when ``value`` cannot be encoded (a lone surrogate), naming where."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ValueError(
            f"{name} holds a character that cannot be encoded as UTF-8 ({value[exc.start]!r}, "
            f"a lone surrogate, at position {exc.start}); decode the text with "
            "errors='replace' or fix its source"
        ) from None


def check_inputs(
    answer: object, contexts: object, question: object
) -> tuple[str, tuple[str, ...], str | None]:
    """Validate what the user passed; errors name the argument and what was wrong with it.

    The passages come back as str, whether given as str or as documents."""
    if not isinstance(answer, str):
        raise TypeError(f"answer must be a str, got {type(answer).__name__}")
    check_text(answer, "answer")
    passages = read_contexts(contexts).texts
    if question is not None and not isinstance(question, str):
        raise TypeError(f"question must be a str or None, got {type(question).__name__}")
    if isinstance(contexts, str) or not isinstance(contexts, Sequence):
        check_text(passages[0], "contexts")
    else:
        for i, passage in enumerate(passages):
            check_text(passage, f"contexts[{i}]")
    if question is not None:
        check_text(question, "question")
    return answer, passages, question


def check_judge(judge: object) -> Judge:
    """The judge object, or a TypeError naming what it lacks; a judge whose own attributes fail
    (a property that raises, an id that is not a str) is a JudgeError, as any fault of a judge."""
    try:
        if is_judge(judge):  # hasattr runs a property, and lets all but AttributeError out
            _check_identity(judge)
            return judge
    except JudgeError:
        raise
    except Exception as exc:
        raise judge_attribute_error(type(judge).__name__, "its attributes", exc) from exc
    missing = [
        name for name in ("id", "heuristic", "extract_claims", "verify") if not hasattr(judge, name)
    ]
    raise TypeError(
        f"judge must be a judge spec string or an object with the judge protocol "
        f"(id, heuristic, extract_claims, verify), got {type(judge).__name__}"
        + (f" without {', '.join(missing)}" if missing else "")
    )


def judge_object(judge: object) -> bool:
    """Whether ``judge`` is given as a judge object: it has the judge protocol, or reading its
    attributes to tell fails (a property that raises: :func:`check_judge` makes that the
    check's JudgeError, so it is recorded as the judge's fault, not the test's)."""
    try:
        return is_judge(judge)
    except Exception:
        return True


def _check_identity(judge: Judge) -> None:
    name = type(judge).__name__
    try:
        judge_id, heuristic = judge.id, judge.heuristic
    except Exception as exc:
        raise judge_attribute_error(name, "id or heuristic", exc) from exc
    problem = judge_id_problem(judge_id)
    if problem is not None:
        raise JudgeError(
            f"judge {name} has id {shorten(repr(judge_id), 80)}{problem}", judge_id=name
        )
    if not isinstance(heuristic, bool):
        raise JudgeError(
            f"judge {judge_id} has heuristic {shorten(repr(heuristic), 80)}; it must be True "
            "or False",
            judge_id=judge_id,
        )


def check_policy(threshold: object, scoring_policy: object, allow_contradictions: object) -> None:
    if isinstance(threshold, bool) or not isinstance(threshold, (int, float)):
        raise TypeError(f"threshold must be a number in [0, 1], got {type(threshold).__name__}")
    if not 0.0 <= threshold <= 1.0:
        raise ValueError(f"threshold must be in [0, 1], got {threshold!r}")
    if scoring_policy not in SCORING_POLICIES:
        raise ValueError(
            f"scoring must be one of {', '.join(SCORING_POLICIES)}, got {scoring_policy!r}"
        )
    if not isinstance(allow_contradictions, bool):
        raise TypeError(
            f"allow_contradictions must be a bool, got {type(allow_contradictions).__name__}"
        )
