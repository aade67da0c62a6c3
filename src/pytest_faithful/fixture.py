"""The callable behind the ``assert_faithful`` fixture: one check, recorded for the reports.

Imported on the first ``assert_faithful`` request, not with the plugin, so that a test run
that checks nothing never loads pydantic, the verifier or the judges.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pytest

from pytest_faithful.baseline_options import BASELINE_KEY
from pytest_faithful.errors import FaithfulnessError, JudgeError
from pytest_faithful.judges.base import Judge
from pytest_faithful.models import FaithfulnessResult
from pytest_faithful.options import MARKER
from pytest_faithful.report import junit
from pytest_faithful.report.baseline import check_key
from pytest_faithful.report.failure import failure_message
from pytest_faithful.report.records import CheckRecord
from pytest_faithful.scoring_policy import ScoringPolicy
from pytest_faithful.settings import marker_layer, resolve
from pytest_faithful.user_properties import BASELINE_PROPERTY, CHECK_PROPERTY
from pytest_faithful.verifier import run_check

if TYPE_CHECKING:
    from pytest_faithful.session import FaithSession


class AssertFaithful:
    """The callable the ``assert_faithful`` fixture gives a test."""

    def __init__(self, session: FaithSession, item: pytest.Item) -> None:
        self._session = session
        self._item = item
        self._checks = 0
        self._baseline_keys: set[str] = set()
        self._marker_layer: dict[str, Any] | None = None

    def _markers(self) -> dict[str, Any]:
        if self._marker_layer is None:
            kwarg_sets = []
            for mark in self._item.iter_markers(MARKER):
                if mark.args:
                    raise TypeError(
                        f"@pytest.mark.{MARKER} takes keyword arguments only "
                        f"(e.g. threshold=0.9), got positional {mark.args!r}"
                    )
                kwarg_sets.append(mark.kwargs)
            self._marker_layer = marker_layer(kwarg_sets, self._item.nodeid)
        return self._marker_layer

    def __call__(
        self,
        answer: str,
        contexts: str | Sequence[str],
        *,
        question: str | None = None,
        threshold: float | None = None,
        judge: str | Judge | None = None,
        scoring: ScoringPolicy | None = None,
        allow_contradictions: bool | None = None,
        key: str | None = None,
    ) -> FaithfulnessResult:
        """Check ``answer`` against ``contexts``; raise FaithfulnessError if it does not pass.

        ``key`` names the check in the regression baseline (default: the test id and the
        check's index within the test).
        """
        __tracebackhide__ = True
        if judge is not None and not isinstance(judge, (str, Judge)):
            raise TypeError(
                f"judge must be a spec string or a judge object, got {type(judge).__name__}"
            )
        call = {
            "threshold": threshold,
            "judge": judge,
            "scoring": scoring,
            "allow_contradictions": allow_contradictions,
        }
        options = self._session.options
        settings = resolve(call, self._markers(), options.cli_layer, options.ini_layer)
        judge_obj = (
            settings.judge
            if settings.judge is not None and not isinstance(settings.judge, str)
            else self._session.judge_for(settings.judge)
        )
        index, self._checks = self._checks, self._checks + 1
        try:
            result = run_check(
                answer,
                contexts,
                judge=judge_obj,
                question=question,
                threshold=settings.threshold,
                scoring_policy=settings.scoring,
                allow_contradictions=settings.allow_contradictions,
            )
        except JudgeError as exc:
            self._record(
                CheckRecord(
                    nodeid=self._item.nodeid,
                    index=index,
                    error=str(exc),
                    judge_id=judge_obj.id,
                    **self._checked(answer, contexts, question),
                )
            )
            raise
        self._record(
            CheckRecord(
                nodeid=self._item.nodeid,
                index=index,
                result=result,
                judge_id=result.judge_id,
                **self._checked(answer, contexts, question),
            )
        )
        regression = self._compare_with_baseline(index, key, result)
        if not result.passed:
            message = failure_message(result)
            raise FaithfulnessError(f"{message}\n{regression}" if regression else message, result)
        if regression:
            raise FaithfulnessError(regression, result)
        return result

    def _compare_with_baseline(
        self, index: int, key: str | None, result: FaithfulnessResult
    ) -> str | None:
        """Record how the check compares with the baseline; the message if it regressed."""
        baseline = self._item.config.stash.get(BASELINE_KEY, None)
        if baseline is None:
            return None
        if key is not None and not isinstance(key, str):
            raise TypeError(f"key must be a str, got {type(key).__name__}")
        name = check_key(self._item.nodeid, index, key)
        if name in self._baseline_keys:
            raise ValueError(f"key {name!r} is used twice in this test; give each check its own")
        self._baseline_keys.add(name)
        payload, regression = baseline.check(name, self._item.nodeid, result)
        self._item.user_properties.append((BASELINE_PROPERTY, payload))
        return regression

    def _checked(
        self, answer: str, contexts: str | Sequence[str], question: str | None
    ) -> dict[str, Any]:
        """What was checked and where the test is, for the report files and CI annotations."""
        path, line, _ = self._item.location
        return {
            "path": path.replace(os.sep, "/"),
            "line": None if line is None else line + 1,
            "answer": answer,
            "contexts": (contexts,) if isinstance(contexts, str) else tuple(contexts),
            "question": question,
        }

    def _record(self, record: CheckRecord) -> None:
        self._item.user_properties.append((CHECK_PROPERTY, record.model_dump_json()))
        self._item.user_properties.extend(junit.properties(record))
