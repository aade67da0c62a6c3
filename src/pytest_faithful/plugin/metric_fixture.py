"""The callables behind ``assert_reference``, ``assert_relevant`` and ``assert_retrieval``.

They follow ``assert_faithful`` (``plugin/fixture.py``): the test's own arguments and marker are
validated first (a mistake there is the test's bug: TypeError/ValueError naming the argument,
nothing recorded); then the check runs and whatever happens is recorded for the reports (an
error as an errored check); a check that does not pass raises :class:`MetricError`, whose first
line is the verdict and whose next lines are the items, and which carries the result.

Each check is written once, as a procedure (:mod:`pytest_faithful.providers.steps`): calling
the fixture runs it blocking, ``await fixture.aio(...)`` awaits it on the test's loop.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import pytest

from pytest_faithful.check import Contexts, judge_object, read_contexts
from pytest_faithful.errors import MetricError, judge_name
from pytest_faithful.judges.base import Judge
from pytest_faithful.judges.registry import JudgeSpec
from pytest_faithful.metrics.inputs import RetrievalMetric, check_threshold
from pytest_faithful.metrics.reference import CitationMode
from pytest_faithful.models import MetricName, MetricResult
from pytest_faithful.plugin import fixture as checking
from pytest_faithful.plugin.awaited import track
from pytest_faithful.plugin.cost import mark_estimated, metered, stopped_by_estimate
from pytest_faithful.plugin.fixture import AssertFaithful, reraise_trimmed
from pytest_faithful.plugin.markers import marker_layer
from pytest_faithful.plugin.metric_settings import DEFAULT_METRIC_THRESHOLD, first
from pytest_faithful.plugin.session import BASELINE_KEY
from pytest_faithful.providers.steps import InThread, Procedure, run_async, run_sync
from pytest_faithful.redaction import masked_output
from pytest_faithful.report import junit
from pytest_faithful.report.baseline_file import checked_key, metric_key
from pytest_faithful.report.failure import metric_failure_message
from pytest_faithful.report.records import MetricRecord

if TYPE_CHECKING:
    from pytest_faithful.metrics.retrieval import RetrievalResult
    from pytest_faithful.plugin.session import FaithSession

_R = TypeVar("_R")


class _MetricCheck:
    """What the three metric callables share: markers, judge, records, baseline, errors."""

    marker: str
    fixture: str

    def __init__(self, session: FaithSession, item: pytest.Item) -> None:
        self._session = session
        self._item = item
        self._site = AssertFaithful(session, item)
        self._checks = 0
        self._baseline_keys: set[str] = set()
        self._marker_layer: dict[str, Any] | None = None
        # id() of each result with placeholder verdicts -> that result, kept alive: a freed
        # result's id() can be a later, judged result's, which would then pass unread.
        self._estimated: dict[int, MetricResult] = {}

    def _markers(self) -> dict[str, Any]:
        if self._marker_layer is None:
            self._marker_layer = marker_layer(self._item, self.marker, self._session.registry)
        return self._marker_layer

    def _threshold(self, key: str, call: dict[str, Any], option: str) -> float:
        """call > marker > command line > ini (``option``, merged in that order) > default."""
        value = first(
            key,
            call,
            self._markers(),
            {key: self._session.metric_thresholds.get(option)},
            default=DEFAULT_METRIC_THRESHOLD,
        )
        # Checked, not converted: float("0.5") and float(True) would accept a call's mistake.
        return check_threshold(value, key)

    def _judge(self, judge: object) -> str | Judge | None:
        """The check's judge: the call's, the marker's, the run's; validated like
        ``assert_faithful``'s (a bad spec from the call or marker is the test's mistake)."""
        if judge is not None and not isinstance(judge, str) and not judge_object(judge):
            raise TypeError(
                f"judge must be a spec string or a judge object, got {type(judge).__name__}"
            )
        if isinstance(judge, str) and not judge.strip():
            raise ValueError(
                f"judge must be a judge spec such as 'lexical' or 'openai:MODEL', got {judge!r}"
            )
        options = self._session.options
        chosen = first(
            "judge", {"judge": judge}, self._markers(), options.cli_layer, options.ini_layer
        )
        if isinstance(judge, str):
            # The call's spec; the marker's is checked with the marker, the command line's
            # and ini's at start-up.
            try:
                parsed = JudgeSpec.parse(judge)
            except ValueError as exc:
                raise ValueError(f"judge: {exc}") from None
            if parsed.kind not in self._session.registry:
                known = ", ".join(self._session.registry)
                raise ValueError(
                    f"judge: unknown judge kind {parsed.kind!r} in {judge!r}; known kinds: {known}"
                )
        return chosen  # type: ignore[no-any-return]

    async def _built(self, judge: str | Judge | None) -> Judge:
        """The judge, built (on first use) in a worker thread when awaited, as the
        faithfulness fixture's."""
        if judge is None or isinstance(judge, str):
            return await InThread(lambda: self._session.judge_for(judge))
        return judge

    def _next_index(self, key: object, metrics: Sequence[str]) -> tuple[int, list[str | None]]:
        """The check's index within the test and its baseline keys (None without a baseline)."""
        key = checked_key(key)
        index = self._checks
        names: list[str | None] = []
        for metric in metrics:
            if self._item.config.stash.get(BASELINE_KEY, None) is None:
                names.append(None)
                continue
            name = metric_key(metric, self._item.nodeid, index, key)
            if name in self._baseline_keys:
                raise ValueError(
                    f"key {name!r} is used twice in this test; give each check its own"
                )
            self._baseline_keys.add(name)
            names.append(name)
        self._checks += 1
        return index, names

    def _where(self) -> dict[str, Any]:
        path, line = self._site._call_site()
        return {"path": path, "line": line}

    def _blocking(self, check: Procedure[_R]) -> _R:
        __tracebackhide__ = True
        try:
            return run_sync(check)
        except Exception as exc:
            reraise_trimmed(exc, self._item.config)

    def _awaitable(self, check: Procedure[_R], where: dict[str, Any]) -> Coroutine[Any, Any, _R]:
        """The ``.aio(...)`` coroutine of ``check``; the test fails if it is never awaited."""
        site = (where["path"], where["line"])
        return track(self._item, self._awaited(check), self.fixture, site, check)

    async def _awaited(self, check: Procedure[_R]) -> _R:
        __tracebackhide__ = True
        try:
            return await run_async(check)
        except Exception as exc:
            reraise_trimmed(exc, self._item.config)

    async def _run(
        self,
        metric: MetricName,
        index: int,
        judge_id: str | None,
        checked: dict[str, Any],
        run: Callable[[], Procedure[MetricResult]],
    ) -> MetricResult:
        """Run one metric check and record it, as a result, an error or an estimate."""
        with metered() as spent:
            try:
                result = await run()
            except BaseException as exc:  # as the faithfulness check (fixture.recorded)
                if not checking.recorded(exc):
                    raise
                estimated = stopped_by_estimate(exc)
                self._record(
                    MetricRecord(
                        metric=metric,
                        nodeid=self._item.nodeid,
                        index=index,
                        error=None if estimated else checking._error_text(exc),
                        error_kind=None if estimated else checking._error_kind(exc),
                        judge_id=judge_id or self._session.default_judge,
                        estimated=estimated,
                        cost=spent.spend(),
                        **checked,
                    )
                )
                if estimated:
                    mark_estimated(self._item)
                    pytest.skip("--faith-estimate: check estimated, not judged")
                raise
        cost = spent.spend()
        self._record(
            MetricRecord(
                metric=metric,
                nodeid=self._item.nodeid,
                index=index,
                result=None if cost.estimated else result,
                judge_id=result.judge_id,
                estimated=cost.estimated,
                cost=cost,
                **checked,
            )
        )
        if cost.estimated:
            # --faith-estimate: placeholder verdicts; _gate lets this result through.
            mark_estimated(self._item)
            self._estimated[id(result)] = result
        return result

    def _record(self, record: MetricRecord) -> None:
        self._session.add_metric(record)
        self._item.user_properties.extend(junit.metric_properties(record))

    def _regression(self, name: str | None, result: MetricResult) -> str | None:
        baseline = self._item.config.stash.get(BASELINE_KEY, None)
        if baseline is None or name is None:
            return None
        return baseline.check(name, self._item.nodeid, result)

    def _gate(self, results: Sequence[tuple[MetricResult, str | None]], value: object) -> None:
        """Raise MetricError when a result did not pass or regressed from its baseline."""
        __tracebackhide__ = True
        messages = []
        for result, name in results:
            if self._estimated.get(id(result)) is result:
                continue
            regression = self._regression(name, result)
            if not result.passed:
                messages.append(metric_failure_message(result))
            if regression:
                messages.append(regression)
        if messages:
            raise MetricError(masked_output("\n".join(messages)), value)


class AssertReference(_MetricCheck):
    """The callable the ``assert_reference`` fixture gives a test."""

    marker = "reference"
    fixture = "assert_reference"

    def __call__(
        self,
        answer: str,
        reference: str,
        *,
        numbers: bool = True,
        keywords: bool | Sequence[str] = True,
        exact: bool = False,
        completeness: bool = False,
        citations: bool | CitationMode = False,
        contexts: Contexts | None = None,
        threshold: float | None = None,
        key: str | None = None,
    ) -> MetricResult:
        """Compare ``answer`` with the golden ``reference`` (no judge); see ``verify_reference``."""
        __tracebackhide__ = True
        arguments = (answer, reference, numbers, keywords, exact, completeness, citations)
        return self._blocking(self._check(*arguments, contexts, threshold, key, self._where()))

    def aio(
        self,
        answer: str,
        reference: str,
        *,
        numbers: bool = True,
        keywords: bool | Sequence[str] = True,
        exact: bool = False,
        completeness: bool = False,
        citations: bool | CitationMode = False,
        contexts: Contexts | None = None,
        threshold: float | None = None,
        key: str | None = None,
    ) -> Coroutine[Any, Any, MetricResult]:
        """``await assert_reference.aio(...)``: the same check, awaitable beside the others
        (it asks no judge, so it runs at once)."""
        arguments = (answer, reference, numbers, keywords, exact, completeness, citations)
        where = self._where()
        return self._awaitable(self._check(*arguments, contexts, threshold, key, where), where)

    async def _check(
        self,
        answer: object,
        reference: object,
        numbers: object,
        keywords: object,
        exact: object,
        completeness: object,
        citations: object,
        contexts: object,
        threshold: float | None,
        key: str | None,
        where: dict[str, Any],
    ) -> MetricResult:
        from pytest_faithful.metrics.inputs import check_reference_arguments
        from pytest_faithful.metrics.reference import compare

        limit = self._threshold("threshold", {"threshold": threshold}, "reference_threshold")
        prepared = check_reference_arguments(
            answer,
            reference,
            numbers,
            keywords,
            exact,
            completeness,
            citations,
            contexts,
            limit,
        )
        index, (name,) = self._next_index(key, ["reference"])
        checked = {
            **where,
            "answer": prepared["answer"],
            "reference": prepared["reference"],
            "contexts": prepared["contexts"],
            "sources": None if contexts is None else read_contexts(contexts).named,
        }

        async def run() -> MetricResult:
            return compare(**prepared)

        result = await self._run("reference", index, None, checked, run)
        self._gate([(result, name)], result)
        return result


class AssertRelevant(_MetricCheck):
    """The callable the ``assert_relevant`` fixture gives a test."""

    marker = "relevancy"
    fixture = "assert_relevant"

    def __call__(
        self,
        answer: str,
        question: str,
        *,
        threshold: float | None = None,
        judge: str | Judge | None = None,
        key: str | None = None,
    ) -> MetricResult:
        """Check that ``answer``'s claims address ``question``; see ``verify_relevancy``."""
        __tracebackhide__ = True
        return self._blocking(self._check(answer, question, threshold, judge, key, self._where()))

    def aio(
        self,
        answer: str,
        question: str,
        *,
        threshold: float | None = None,
        judge: str | Judge | None = None,
        key: str | None = None,
    ) -> Coroutine[Any, Any, MetricResult]:
        """``await assert_relevant.aio(...)``: the same check, awaited on the test's loop."""
        where = self._where()
        return self._awaitable(self._check(answer, question, threshold, judge, key, where), where)

    async def _check(
        self,
        answer: str,
        question: str,
        threshold: float | None,
        judge: str | Judge | None,
        key: str | None,
        where: dict[str, Any],
    ) -> MetricResult:
        from pytest_faithful.metrics.inputs import check_relevancy_arguments
        from pytest_faithful.metrics.relevancy import relevancy_steps

        limit = self._threshold("threshold", {"threshold": threshold}, "relevancy_threshold")
        answer, question, limit = check_relevancy_arguments(answer, question, limit)
        chosen = self._judge(judge)
        index, (name,) = self._next_index(key, ["answer_relevancy"])
        checked = {**where, "answer": answer, "question": question}
        spec = _named(chosen)

        async def run() -> MetricResult:
            judge = await self._built(chosen)
            return await relevancy_steps(answer, question, judge, limit, self._session.memo())

        result = await self._run("answer_relevancy", index, spec, checked, run)
        self._gate([(result, name)], result)
        return result


def _named(judge: str | Judge | None) -> str | None:
    """The judge a metric check's record names if it errors: the spec, or a judge object's id
    (its class's name when the id cannot name it); None: the default judge."""
    return judge if judge is None or isinstance(judge, str) else judge_name(judge)


class AssertRetrieval(_MetricCheck):
    """The callable the ``assert_retrieval`` fixture gives a test."""

    marker = "retrieval"
    fixture = "assert_retrieval"

    def __call__(
        self,
        contexts: Contexts,
        question: str | None = None,
        *,
        reference: str | None = None,
        precision: bool | float | None = None,
        recall: bool | float | None = None,
        judge: str | Judge | None = None,
        key: str | None = None,
    ) -> RetrievalResult:
        """Check the retrieved ``contexts``: context precision for ``question`` (rank-aware)
        and context recall of ``reference``'s claims; see ``verify_retrieval``."""
        __tracebackhide__ = True
        arguments = (contexts, question, reference, precision, recall, judge, key)
        return self._blocking(self._check(*arguments, self._where()))

    def aio(
        self,
        contexts: Contexts,
        question: str | None = None,
        *,
        reference: str | None = None,
        precision: bool | float | None = None,
        recall: bool | float | None = None,
        judge: str | Judge | None = None,
        key: str | None = None,
    ) -> Coroutine[Any, Any, RetrievalResult]:
        """``await assert_retrieval.aio(...)``: the same check, awaited on the test's loop."""
        arguments = (contexts, question, reference, precision, recall, judge, key)
        where = self._where()
        return self._awaitable(self._check(*arguments, where), where)

    async def _check(
        self,
        contexts: Contexts,
        question: str | None,
        reference: str | None,
        precision: bool | float | None,
        recall: bool | float | None,
        judge: str | Judge | None,
        key: str | None,
        where: dict[str, Any],
    ) -> RetrievalResult:
        from pytest_faithful.metrics.inputs import check_retrieval_arguments
        from pytest_faithful.metrics.retrieval import RetrievalResult, planned_steps

        # A threshold or True/False from the call or the marker; a threshold from the
        # command line or the ini file only sets the default of a metric that runs.
        markers = self._markers()
        wanted = {
            metric: first(metric, {metric: given}, markers)
            for metric, given in (("precision", precision), ("recall", recall))
        }
        configured = self._session.metric_thresholds
        plan = check_retrieval_arguments(
            contexts,
            question,
            reference,
            wanted["precision"],
            wanted["recall"],
            DEFAULT_METRIC_THRESHOLD,
            defaults={
                "precision": configured.get("precision_threshold"),
                "recall": configured.get("recall_threshold"),
            },
        )
        chosen = self._judge(judge)
        metrics = plan.metrics
        index, names = self._next_index(key, list(metrics))
        checked = {
            **where,
            "question": plan.question,
            "reference": plan.reference,
            "contexts": plan.passages,
            "sources": read_contexts(contexts).named,
        }
        spec = _named(chosen)
        memo = self._session.memo()
        results: dict[str, MetricResult] = {}
        # Each planned metric runs and is recorded though one before it errors (a judge without
        # precision may do recall); the first error, or --faith-estimate's skip, is raised last.
        stopped: BaseException | None = None
        for metric in metrics:

            async def run(metric: RetrievalMetric = metric) -> MetricResult:
                judge = await self._built(chosen)
                return await planned_steps(metric, plan, judge, memo)

            try:
                results[metric] = await self._run(metric, index, spec, checked, run)
            except (Exception, pytest.skip.Exception) as exc:
                stopped = stopped or exc
        if stopped is not None:
            raise stopped
        value = RetrievalResult(
            precision=results.get("context_precision"), recall=results.get("context_recall")
        )
        self._gate([(results[m], name) for m, name in zip(metrics, names, strict=True)], value)
        return value
