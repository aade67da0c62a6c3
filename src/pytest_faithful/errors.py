"""Exceptions users can catch. None of them carries a score made from a failure."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from pytest_faithful.redaction import redact, shaped_like_a_credential

# How much of a quote, reply or reason one line of a message shows.
MAX_QUOTE = 160


# Characters no output may carry from a judge: lone surrogates (no encoding writes them: a
# report would fail, and xdist could not send the check), control characters other than
# whitespace (an escape sequence would rewrite the terminal it is printed on), and the bidi
# embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069: a judge's reason holding
# U+202E shows "DETROPPUS" as "SUPPORTED", and rewrites the order of the rest of its line).
_UNPRINTABLE = re.compile(
    r"[\ud800-\udfff\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]"
)


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def printable(text: str) -> str:
    """``text`` with every lone surrogate, control character (but tab and line breaks) and bidi
    control replaced by U+FFFD, so that it can be written, sent and printed anywhere."""
    return _UNPRINTABLE.sub("\ufffd", text) if _UNPRINTABLE.search(text) else text


def _escape(match: re.Match[str]) -> str:
    return match.group().encode("unicode_escape").decode("ascii")


def visible(text: str) -> str:
    """``text`` with every control character (but tab and line breaks), bidi control and lone
    surrogate written as its Python escape (``\\x1b``, ``\\x00``, ``\\x85``, ``\\u202e``,
    ``\\ud800``): shown as what it is in a report or a terminal, never obeyed (an escape
    sequence, a NUL, an override of the text's direction) or dropped."""
    return _UNPRINTABLE.sub(_escape, text) if _UNPRINTABLE.search(text) else text


def encodable(text: str) -> str:
    """``text`` with every lone surrogate replaced by U+FFFD (control characters kept), so that
    it can be written and sent: for text compared with an answer or passages that may hold
    control characters of their own."""
    return _LONE_SURROGATE.sub("\ufffd", text)


def counted(count: int, noun: str) -> str:
    """``count`` and ``noun`` in the number it takes: "1 check", "0 checks", "2 files"."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def shorten(text: str, width: int = MAX_QUOTE) -> str:
    """``text`` on one line, at most ``width`` characters: when it is longer, cut after a whole
    word and ended with "..." (within a word only when that would keep less than half)."""
    flat = " ".join(text.split())
    if len(flat) <= width:
        return flat
    room = max(width - 3, 0)
    cut = flat[:room]
    if flat[room : room + 1] != " ":  # the cut falls inside a word
        space = cut.rfind(" ")
        if space >= room // 2:
            cut = cut[:space]
    return cut.rstrip(" ,;:") + "..."


# What a judge's id may not hold besides what ``printable`` replaces: a line break or a tab (an
# id is one cell of a report's table and one line of the terminal's).
_LINE_BREAK = re.compile(r"[\t\n\r\u2028\u2029]")


def judge_id_problem(judge_id: object) -> str | None:
    """Why ``judge_id`` cannot name a judge in a report (None when it can)."""
    if not isinstance(judge_id, str) or not judge_id.strip():
        return "; a judge's id is a non-empty str naming its kind, model and prompt version"
    if printable(judge_id) != judge_id or _LINE_BREAK.search(judge_id):
        return (
            ": a control character, a line break, a tab or a lone surrogate in it would reach "
            "every report"
        )
    if shaped_like_a_credential(judge_id):
        # An id is shown unredacted in every result, report and recording, and read back from
        # them (baselines, the fail-fast latch): one with a credential in it is refused instead.
        return ": it holds what looks like a credential, which would reach every report"
    return None


def judge_name(judge: object) -> str:
    """What a report names a judge object by: its id when it can name it (a non-empty str on
    one line, nothing unprintable), else its class's name. Never raises: the record of a check
    whose judge failed must still be made."""
    try:
        judge_id = judge.id  # type: ignore[attr-defined]
    except Exception:
        return type(judge).__name__
    return type(judge).__name__ if judge_id_problem(judge_id) else str(judge_id)


if TYPE_CHECKING:
    from pytest_faithful.models import FaithfulnessResult, MetricResult


def exception_text(exc: BaseException) -> str:
    """``str(exc)``, or a note saying it could not be read: a plugin judge's exception may have
    a ``__str__`` that raises, and the JudgeError (or record) made from it must still be made."""
    try:
        return str(exc)
    except Exception as inner:  # whatever a foreign __str__ raises
        return f"(its message could not be read: {type(inner).__name__})"


def judge_attribute_error(name: str, what: str, exc: Exception) -> JudgeError:
    """The JudgeError for a judge whose own attribute (a property) raised while read."""
    return JudgeError(
        f"judge {name} failed reading {what}: {type(exc).__name__}: "
        f"{shorten(exception_text(exc), 300)}",
        judge_id=name,
    )


class JudgeError(Exception):
    """The judge could not give one usable verdict per claim (after its retries and one repair).

    A check that hits this has no score: the test errors instead of passing or failing on
    made-up verdicts. The message never holds a credential: it is redacted here, whoever
    raised it (:func:`~pytest_faithful.redaction.redact`).
    """

    def __init__(self, message: str, *, judge_id: str | None = None) -> None:
        super().__init__(printable(redact(message)))
        self.judge_id = judge_id


class UnavailableJudgeError(JudgeError):
    """The judge cannot answer at all: no key, rejected key, or a server that cannot be reached.

    Retrying would fail the same way, so after the first one every later request to the same
    judge fails at once with a short message pointing to the first (fail fast).
    """


class CacheMissError(JudgeError):
    """Record mode ``none`` found no recording for a request."""


class BudgetExceededError(JudgeError):
    """A live judge call could take the run past ``--faith-max-cost``; it was not made.

    The check errors (no score, no partial score), and the message names the budget and what
    the run has spent. A check whose calls the cache answers still runs.
    """


class FaithCacheWarning(UserWarning):
    """The judge call cache or a recordings directory found something wrong on disk and
    carried on without it."""


class FaithfulnessError(AssertionError):
    """A faithfulness check did not pass. ``result`` holds the full, inspectable outcome."""

    def __init__(self, message: str, result: FaithfulnessResult) -> None:
        super().__init__(message)
        self.result = result


class MetricError(AssertionError):
    """A metric check (relevancy, retrieval, reference) did not pass.

    ``result`` is the check's :class:`~pytest_faithful.models.MetricResult`, or for
    ``assert_retrieval`` its ``RetrievalResult`` (precision and recall together).
    """

    def __init__(self, message: str, result: MetricResult | object) -> None:
        super().__init__(message)
        self.result = result


class UnsupportedMetricError(TypeError):
    """The judge cannot judge this metric (e.g. the local judge and answer relevancy).

    Raised before anything is judged, so it is a setup mistake, not a judge failure: choose
    a judge that supports the metric (the message names them).
    """


# Tracebacks and reports name these by their public home, not the module they live in.
for _error in (
    JudgeError,
    UnavailableJudgeError,
    CacheMissError,
    BudgetExceededError,
    FaithfulnessError,
    MetricError,
    UnsupportedMetricError,
):
    _error.__module__ = "pytest_faithful"
