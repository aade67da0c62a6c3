"""Which judge can judge which metric, and the object that does it.

| metric | lexical | LLM (openai:, anthropic:, OpenAI-compatible servers) | local: |
|---|---|---|---|
| faithfulness, context recall | yes (heuristic) | yes | yes |
| answer relevancy | yes (heuristic) | yes | yes (yes/no reading) |
| context precision | yes (heuristic) | yes | yes (yes/no reading) |

Context recall is the faithfulness pipeline on (reference, contexts), so every judge does it.
Relevancy and precision are yes/no questions, which the local judge reads from its model's next
token exactly as it reads support (``judges/local/metrics.py``).
A judge of another package supports relevancy or precision by having ``judge_relevance`` /
``judge_passages`` and ``metric_version`` (``judges/base.py``). Any other judge gets an
:class:`UnsupportedMetricError` that names the judges that can.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pytest_faithful.errors import (
    JudgeError,
    UnsupportedMetricError,
    judge_attribute_error,
    shorten,
)
from pytest_faithful.judges.base import Judge, PassageJudge, RelevanceJudge

if TYPE_CHECKING:
    from pytest_faithful.judges.lexical.relevance import LexicalMetrics
    from pytest_faithful.judges.local.metrics import LocalMetrics

_WHO_CAN = (
    "judges that can: 'lexical' (heuristic), any LLM judge ('openai:MODEL', "
    "'anthropic:MODEL', 'openai:MODEL@URL'), 'local:PATH.gguf', or a judge object with {method} "
    "and metric_version"
)


def _builtin(judge: Judge) -> LexicalMetrics | LocalMetrics | None:
    """The metric side of a built-in judge that keeps it apart from its faithfulness side."""
    from pytest_faithful.judges.lexical.judge import LexicalJudge
    from pytest_faithful.judges.local.judge import LocalJudge

    if isinstance(judge, LexicalJudge):
        from pytest_faithful.judges.lexical.relevance import LexicalMetrics

        return LexicalMetrics(judge.id)
    if isinstance(judge, LocalJudge):
        from pytest_faithful.judges.local.metrics import LocalMetrics

        return LocalMetrics(judge)
    return None


def _is(judge: Judge, protocol: type) -> bool:
    """``isinstance`` against a runtime protocol, which reads the judge's attributes: one that
    raises is the judge's fault, a JudgeError."""
    try:
        return isinstance(judge, protocol)
    except Exception as exc:
        raise judge_attribute_error(judge.id, "its attributes", exc) from exc


def relevance_judge(judge: Judge) -> RelevanceJudge:
    if _is(judge, RelevanceJudge):
        return judge  # type: ignore[return-value]
    builtin = _builtin(judge)
    if builtin is not None:
        return builtin
    raise UnsupportedMetricError(
        f"judge {judge.id} cannot judge answer relevancy; "
        + _WHO_CAN.format(method="judge_relevance")
    )


def passage_judge(judge: Judge) -> PassageJudge:
    if _is(judge, PassageJudge):
        return judge  # type: ignore[return-value]
    builtin = _builtin(judge)
    if builtin is not None:
        return builtin
    raise UnsupportedMetricError(
        f"judge {judge.id} cannot judge context precision; "
        + _WHO_CAN.format(method="judge_passages")
    )


def metric_judge_id(judge: RelevanceJudge | PassageJudge) -> str:
    """The id a metric result names: the judge's id and its metric prompt/heuristic version
    (a non-empty str; anything else, or a property that raises, is the judge's JudgeError)."""
    try:
        version = judge.metric_version
    except Exception as exc:
        raise judge_attribute_error(judge.id, "metric_version", exc) from exc
    if not isinstance(version, str) or not version.strip():
        raise JudgeError(
            f"judge {judge.id} has metric_version {shorten(repr(version), 80)}; it must be a "
            "non-empty str naming its metric prompt or heuristic version",
            judge_id=judge.id,
        )
    return f"{judge.id}/{version}"
