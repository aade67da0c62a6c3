"""Asking a judge safely: whatever goes wrong in a judge step, or with what it returns, is a
JudgeError naming the judge, the step and the cause; never another exception, never a score.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from pytest_faithful.errors import JudgeError, encodable, exception_text, printable, shorten
from pytest_faithful.judges.base import Judge
from pytest_faithful.models import Claim, Verdict
from pytest_faithful.providers.steps import Step

_T = TypeVar("_T")


def call_judge(judge: Judge, step: str, call: Callable[[], _T], expected: type) -> _T:
    """Run one judge step; whatever goes wrong in it, or with what it returns, is a JudgeError."""
    try:
        value = call()
    except JudgeError as exc:
        raise _named(judge, exc) from exc.__cause__
    except Exception as exc:
        raise _fault(judge, step, exc) from _shown_cause(exc)
    if inspect.isawaitable(value):
        _close(value)
        raise JudgeError(
            f"judge {judge.id}'s {step} is async (it returned a {type(value).__name__}): a "
            f"blocking check cannot await it; use averify() or assert_faithful.aio, or give "
            f"the judge a blocking {step}",
            judge_id=judge.id,
        )
    return _checked(judge, step, value, expected)


async def acall_judge(judge: Judge, step: str, args: tuple[Any, ...], expected: type) -> Any:
    """:func:`call_judge` awaited: the judge's async twin of ``step`` (``"a" + step``:
    ``averify``, ...) on the running loop where it has one, else ``step`` itself in a worker
    thread, so that the loop runs on meanwhile. Errors read as the blocking step's."""
    try:
        twin = getattr(judge, f"a{step}", None)
        if twin is None and inspect.iscoroutinefunction(getattr(judge, step)):
            twin = getattr(judge, step)  # ``async def verify``: awaited as its own twin
        if twin is not None:
            value = twin(*args)
            if inspect.isawaitable(value):  # a plain function as a twin is read as it is
                value = await value
        else:
            import asyncio

            value = await asyncio.to_thread(getattr(judge, step), *args)
            if inspect.isawaitable(value):
                # A plain ``def`` step that returns a coroutine or other awaitable (a lambda,
                # a decorator that hides ``async def``, a partial): the blocking check's error
                # sends its user here, so here it is awaited, on the running loop.
                value = await value
    except JudgeError as exc:
        raise _named(judge, exc) from exc.__cause__
    except Exception as exc:
        raise _fault(judge, step, exc) from _shown_cause(exc)
    if inspect.isawaitable(value):  # an awaitable that gave another awaitable
        _close(value)
        raise wrong_type(judge, step, value, expected)
    return _checked(judge, step, value, expected)


class JudgeStep(Step[_T]):
    """One judge step (``extract_claims``, ``verify``, ...) with its arguments, asked safely:
    blocking with :func:`call_judge`, awaited with :func:`acall_judge`."""

    def __init__(self, judge: Judge, step: str, args: tuple[Any, ...], expected: type) -> None:
        self._judge, self._step, self._args, self._expected = judge, step, args, expected

    def run(self) -> _T:
        judge, step, args = self._judge, self._step, self._args
        value: _T = call_judge(judge, step, lambda: getattr(judge, step)(*args), self._expected)
        return value

    async def arun(self) -> _T:
        value: _T = await acall_judge(self._judge, self._step, self._args, self._expected)
        return value


def _close(value: object) -> None:
    """Close a coroutine no one will await (Python would warn that it never was)."""
    close = getattr(value, "close", None)
    if inspect.iscoroutine(value) and close is not None:
        close()


def _named(judge: Judge, exc: JudgeError) -> JudgeError:
    """A JudgeError a judge raised itself, naming that judge: one raised without a ``judge_id``
    (a judge of your own, the local judge's missing dependency) gets the id of the judge whose
    step raised it. One that names a judge already (an inner judge's that yours wraps) keeps
    it; the message is the judge's own."""
    if exc.judge_id is None:
        exc.judge_id = judge.id
    return exc


def _fault(judge: Judge, step: str, exc: Exception) -> JudgeError:
    if isinstance(exc, ValidationError):
        return _invalid_output(judge, step, exc)
    # RecursionError from a bracket bomb, a broken plugin judge's TypeError, an SDK's parse
    # error, an exception whose own __str__ raises: none of them is the caller's mistake, and
    # none may end the check as anything but a judge failure.
    return JudgeError(
        f"judge {judge.id} failed in {step}: {type(exc).__name__}: "
        f"{shorten(exception_text(exc), 300)}",
        judge_id=judge.id,
    )


def _checked(judge: Judge, step: str, value: _T, expected: type) -> _T:
    if not isinstance(value, expected):
        raise wrong_type(judge, step, value, expected)
    return revalidated(judge, step, value)


def _shown_cause(exc: Exception) -> Exception | None:
    """``exc`` as the shown cause of a JudgeError, unless its message holds what no output can
    carry (a lone surrogate, a control character): the JudgeError's own message shows it made
    printable, and a traceback printing the original would fail to send (xdist) or rewrite the
    terminal."""
    try:
        message = str(exc)
    except Exception:  # a broken __str__ of a plugin judge's exception
        return None
    return exc if printable(message) == message else None


def revalidated(judge: Judge, step: str, value: _T) -> _T:
    """``value`` validated again: a judge of another package may build its output with
    ``model_construct`` (no validation), and a field of the wrong type ("no" for a bool, a
    label that is none of the three) must not reach the score unread."""
    if not isinstance(value, BaseModel):
        return value  # a pair of outputs (single-call): each part is checked by its caller
    try:
        return type(value).model_validate(_printable(value.model_dump(warnings=False)))
    except ValidationError as exc:
        raise _invalid_output(judge, step, exc) from exc


def _invalid_output(judge: Judge, step: str, exc: ValidationError) -> JudgeError:
    return JudgeError(
        f"judge {judge.id} returned invalid output from {step}: {exc}", judge_id=judge.id
    )


def _printable(value: object, key: str = "") -> object:
    """A judge's dumped output with no lone surrogate in any str (no report or xdist message
    could carry it) and no control character in a reason (an escape sequence would rewrite the
    terminal it is printed on). Claims, sentences and quotes keep their control characters:
    they are compared with the answer and the passages, which may hold them."""
    if isinstance(value, str):
        if value.isascii() and value.isprintable():  # no surrogate, no control: most text
            return value
        return printable(value) if key == "reason" else encodable(value)
    if isinstance(value, dict):
        return {k: _printable(v, k) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_printable(v) for v in value]
    return value


def wrong_type(judge: Judge, step: str, value: object, expected: type) -> JudgeError:
    return JudgeError(
        f"judge {judge.id} returned a {type(value).__name__} from {step}, not {expected.__name__}",
        judge_id=judge.id,
    )


def check_offsets(claims: Sequence[Claim], answer: str, judge_id: str) -> None:
    for i, claim in enumerate(claims):
        if answer[claim.start : claim.end] != claim.sentence:
            raise JudgeError(
                f"judge {judge_id} returned claim {i} ({claim.text!r}) tied to offsets "
                f"{claim.start}:{claim.end}, which do not hold its sentence {claim.sentence!r}",
                judge_id=judge_id,
            )


def one_verdict_per_claim(
    verdicts: Sequence[Verdict], n_claims: int, judge_id: str
) -> list[Verdict]:
    by_claim: dict[int, Verdict] = {}
    problems: list[str] = []
    for verdict in verdicts:
        i = verdict.claim_index
        if i >= n_claims:
            problems.append(f"a verdict for claim {i}, but there are only {n_claims} claims")
        elif i in by_claim:
            problems.append(f"two verdicts for claim {i}")
        else:
            by_claim[i] = verdict
    missing = [i for i in range(n_claims) if i not in by_claim]
    if missing:
        problems.append(f"no verdict for claim(s) {', '.join(map(str, missing))}")
    if problems:
        raise JudgeError(
            f"judge {judge_id} did not give one verdict per claim: {'; '.join(problems)}",
            judge_id=judge_id,
        )
    return [by_claim[i] for i in range(n_claims)]
