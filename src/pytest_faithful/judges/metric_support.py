"""Which judge can judge which metric, and the object that does it.

| metric | lexical | LLM (openai:, anthropic:, OpenAI-compatible servers) | local: |
|---|---|---|---|
| faithfulness, context recall | yes (heuristic) | yes | yes |
| answer relevancy | yes (heuristic) | yes | no |
| context precision | yes (heuristic) | yes | no |

Context recall is the faithfulness pipeline on (reference, contexts), so every judge does it.
A judge of another package supports relevancy or precision by having ``judge_relevance`` /
``judge_passages`` and ``metric_version`` (``judges/base.py``). Any other judge gets an
:class:`UnsupportedMetricError` that names the judges that can.
"""

from __future__ import annotations

from pytest_faithful.errors import UnsupportedMetricError
from pytest_faithful.judges.base import Judge, PassageJudge, RelevanceJudge

_WHO_CAN = (
    "judges that can: 'lexical' (heuristic), any LLM judge ('openai:MODEL', "
    "'anthropic:MODEL', 'openai:MODEL@URL'), or a judge object with {method} and metric_version"
)


def _lexical(judge: Judge) -> RelevanceJudge | None:
    from pytest_faithful.judges.lexical.judge import LexicalJudge

    if isinstance(judge, LexicalJudge):
        from pytest_faithful.judges.lexical.relevance import LexicalMetrics

        return LexicalMetrics(judge.id)
    return None


def relevance_judge(judge: Judge) -> RelevanceJudge:
    if isinstance(judge, RelevanceJudge):
        return judge
    lexical = _lexical(judge)
    if lexical is not None:
        return lexical
    raise UnsupportedMetricError(
        f"judge {judge.id} cannot judge answer relevancy; "
        + _WHO_CAN.format(method="judge_relevance")
    )


def passage_judge(judge: Judge) -> PassageJudge:
    if isinstance(judge, PassageJudge):
        return judge
    lexical = _lexical(judge)
    if lexical is not None:
        return lexical  # type: ignore[return-value]
    raise UnsupportedMetricError(
        f"judge {judge.id} cannot judge context precision; "
        + _WHO_CAN.format(method="judge_passages")
    )


def metric_judge_id(judge: RelevanceJudge | PassageJudge) -> str:
    """The id a metric result names: the judge's id and its metric prompt/heuristic version."""
    return f"{judge.id}/{judge.metric_version}"
