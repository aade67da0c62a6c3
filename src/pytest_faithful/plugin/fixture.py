"""The callable behind the ``assert_faithful`` fixture: one check, recorded for the reports.

Imported on the first ``assert_faithful`` request, not with the plugin, so that a test run
that checks nothing never loads pydantic, the verifier or the judges.

A call has two stages. First the test's own arguments (and its marker) are validated: a
mistake there is a bug in the test, raised as TypeError/ValueError naming the argument, and is
not a check, so nothing is recorded. Then the judge is built and run: whatever escapes that
stage (JudgeError, or any other exception, e.g. from a custom judge) is recorded as an errored
check, so it appears in every report, and then propagates. So is what stops a check before its
verdict from outside (pytest-timeout's failure, Ctrl-C, a cancelled ``.aio`` task): the check
began, and a report that left it out would say fewer checks ran than did.
"""

from __future__ import annotations

import inspect
import os
import sysconfig
from collections.abc import Coroutine, Sequence
from pathlib import Path
from types import FrameType, TracebackType
from typing import TYPE_CHECKING, Any, NoReturn

import pytest

from pytest_faithful.check import (
    Contexts,
    check_inputs,
    check_policy,
    check_steps,
    judge_object,
    read_contexts,
)
from pytest_faithful.errors import (
    BudgetExceededError,
    FaithfulnessError,
    JudgeError,
    UnavailableJudgeError,
    exception_text,
    judge_name,
)
from pytest_faithful.judges.base import Judge
from pytest_faithful.judges.registry import JudgeSpec
from pytest_faithful.models import FaithfulnessResult
from pytest_faithful.plugin.awaited import track
from pytest_faithful.plugin.cost import mark_estimated, metered, stopped_by_estimate
from pytest_faithful.plugin.declared import (
    MARKER,
    NO_RULES,
    CheckSettings,
    names_no_rules,
    rule_set_of,
)
from pytest_faithful.plugin.markers import marker_layer
from pytest_faithful.plugin.repeats import check_min_pass_rate, gate, repetition
from pytest_faithful.plugin.session import BASELINE_KEY
from pytest_faithful.plugin.settings import resolve
from pytest_faithful.providers.steps import InThread, Procedure, run_async, run_sync
from pytest_faithful.redaction import masked_output, redact
from pytest_faithful.report import junit
from pytest_faithful.report.baseline_file import check_key, checked_key
from pytest_faithful.report.failure import failure_message
from pytest_faithful.report.records import CheckRecord, ErrorKind
from pytest_faithful.vocab import ScoringPolicy

if TYPE_CHECKING:
    from pytest_faithful.plugin.session import FaithSession

# The package folder: this module lives in its plugin/ sub-folder.
_PACKAGE_DIR = os.path.normcase(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _ours(filename: str) -> bool:
    """Whether code in ``filename`` is this package's (the installed or the source copy)."""
    return os.path.normcase(os.path.abspath(filename)).startswith(_PACKAGE_DIR + os.sep)


def _without_our_frames(tb: TracebackType | None) -> TracebackType | None:
    """``tb`` with this package's frames cut out; the test's and a custom judge's stay."""
    kept = []
    while tb is not None:
        if not _ours(tb.tb_frame.f_code.co_filename):
            kept.append(tb)
        tb = tb.tb_next
    rebuilt = None
    for entry in reversed(kept):
        rebuilt = TracebackType(rebuilt, entry.tb_frame, entry.tb_lasti, entry.tb_lineno)
    return rebuilt


_LIBRARY_DIRS = tuple(
    os.path.normcase(os.path.abspath(path))
    for path in {
        sysconfig.get_path(name) for name in ("stdlib", "platstdlib", "purelib", "platlib")
    }
    if path
)


def _in_user_code(tb: TracebackType | None) -> bool:
    """Whether ``tb`` passes through code that is neither this package nor an installed library
    (a judge the user wrote in a conftest or test module)."""
    while tb is not None:
        filename = os.path.normcase(os.path.abspath(tb.tb_frame.f_code.co_filename))
        if not _ours(filename) and not filename.startswith(_LIBRARY_DIRS):
            return True
        tb = tb.tb_next
    return False


def recorded(exc: BaseException) -> bool:
    """Whether ``exc``, escaping a check, leaves an errored record: anything but pytest's skip
    (the test is skipped, its check is not a result) and a closed coroutine's GeneratorExit."""
    return not isinstance(exc, (GeneratorExit, pytest.skip.Exception))


def _error_kind(exc: BaseException) -> ErrorKind:
    if isinstance(exc, UnavailableJudgeError):
        return "judge_unavailable"
    if isinstance(exc, BudgetExceededError):
        return "budget"
    return "judge" if isinstance(exc, JudgeError) else "exception"


def _error_text(exc: BaseException) -> str:
    """The error as the reports show it. JudgeError redacts its own message; any other
    exception is named (its message alone may say little) and redacted here, since an SDK's
    exception can echo a key."""
    if isinstance(exc, JudgeError):
        return str(exc)
    text = exception_text(exc)  # a custom judge's exception may have a __str__ that raises
    named = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    if not isinstance(exc, Exception):  # a timeout, Ctrl-C, a cancelled task
        named = f"stopped before its verdict: {named}"
    return redact(named)


def reraise_trimmed(exc: Exception, config: pytest.Config) -> NoReturn:
    """Raise ``exc`` again as the test should see it: the test's line and our message.

    The frames inside this package say nothing a user can act on; a custom judge's own frames
    stay. ``--full-trace`` shows everything.
    """
    __tracebackhide__ = True
    if config.getoption("fulltrace", False):
        raise exc
    exc.__traceback__ = _without_our_frames(exc.__traceback__)
    if isinstance(exc, JudgeError) and not _in_user_code(exc.__traceback__):
        # What is left are library frames (the event loop's future, an SDK's): no more use
        # to the user than ours.
        exc.__traceback__ = None
    if isinstance(exc, JudgeError):
        cause = exc.__cause__
        if cause is not None and _in_user_code(cause.__traceback__):
            # A bug in the user's own judge: its frames are what they need to see.
            cause.__traceback__ = _without_our_frames(cause.__traceback__)
            raise exc from cause
        # Its message already states the cause; the chain would only repeat it through our
        # frames (and pydantic's).
        raise exc from None
    raise exc


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
            self._marker_layer = marker_layer(self._item, MARKER, self._session.registry)
        return self._marker_layer

    def __call__(
        self,
        answer: str,
        contexts: Contexts,
        *,
        question: str | None = None,
        threshold: float | None = None,
        judge: str | Judge | None = None,
        scoring: ScoringPolicy | None = None,
        allow_contradictions: bool | None = None,
        rules: str | Sequence[str] | None = None,
        skip_rules: str | Sequence[str] | None = None,
        min_pass_rate: float | None = None,
        key: str | None = None,
    ) -> FaithfulnessResult:
        """Check ``answer`` against ``contexts``; raise FaithfulnessError if it does not pass.

        ``contexts``: one passage or a sequence of them, each a str or a document (LangChain
        ``Document``, LlamaIndex ``TextNode``/``NodeWithScore``, Haystack ``Document``, or a
        mapping with a ``page_content``, ``text`` or ``content`` str). ``rules`` and
        ``skip_rules`` choose the verdict rules (a policy or rule names, and rules to leave out;
        :mod:`pytest_faithful.rules`). ``key`` names the check in the regression baseline
        (default: the test id and the check's index within the test). ``min_pass_rate``: in a
        repeated test, the share of its runs whose check must pass.
        """
        __tracebackhide__ = True
        call = {
            "threshold": threshold,
            "judge": judge,
            "scoring": scoring,
            "allow_contradictions": allow_contradictions,
            "rules": rules,
            "skip_rules": skip_rules,
            "min_pass_rate": min_pass_rate,
        }
        try:
            return run_sync(self._check(answer, contexts, question, call, key, self._call_site()))
        except Exception as exc:
            reraise_trimmed(exc, self._item.config)

    def aio(
        self,
        answer: str,
        contexts: Contexts,
        *,
        question: str | None = None,
        threshold: float | None = None,
        judge: str | Judge | None = None,
        scoring: ScoringPolicy | None = None,
        allow_contradictions: bool | None = None,
        rules: str | Sequence[str] | None = None,
        skip_rules: str | Sequence[str] | None = None,
        min_pass_rate: float | None = None,
        key: str | None = None,
    ) -> Coroutine[Any, Any, FaithfulnessResult]:
        """``await assert_faithful.aio(answer, contexts, ...)``: the same check, arguments,
        result, records and failure, awaited on the test's event loop (pytest-asyncio, anyio).

        An LLM judge's requests are awaited on that loop, which keeps running meanwhile, so
        checks gathered with ``asyncio.gather`` overlap within the run's
        ``--faith-max-concurrency``; a judge without async steps (lexical, local, your own)
        runs in a worker thread.
        """
        call = {
            "threshold": threshold,
            "judge": judge,
            "scoring": scoring,
            "allow_contradictions": allow_contradictions,
            "rules": rules,
            "skip_rules": skip_rules,
            "min_pass_rate": min_pass_rate,
        }
        # Where the call is, taken now: a gathered coroutine runs from the event loop, not
        # from the test's frame.
        site = self._call_site()
        check = self._check(answer, contexts, question, call, key, site)
        return track(self._item, self._aio(check), "assert_faithful", site, check)

    async def _aio(self, check: Procedure[FaithfulnessResult]) -> FaithfulnessResult:
        __tracebackhide__ = True
        try:
            return await run_async(check)
        except Exception as exc:
            reraise_trimmed(exc, self._item.config)

    async def _check(
        self,
        answer: str,
        contexts: Contexts,
        question: str | None,
        call: dict[str, Any],
        key: str | None,
        site: tuple[str, int | None],
    ) -> FaithfulnessResult:
        """The check, once, as a procedure (:mod:`pytest_faithful.providers.steps`): run
        blocking by ``assert_faithful(...)``, awaited by ``assert_faithful.aio(...)``."""
        # 1. The test's arguments: a mistake here is the test's bug, not a check.
        settings = self._settings(answer, contexts, question, call)
        rule_set = rule_set_of(settings.rules, settings.skip_rules)
        index = self._checks
        baseline_key = self._baseline_key(index, key)
        self._checks += 1
        checked = self._checked(answer, contexts, question, site)
        # A run of a repeated test: its record says which; its pass rate is gated at the end.
        checked["repeat"] = repeat = repetition(self._item, settings.min_pass_rate, key)
        # 2. The check: from here on, whatever happens is recorded.
        judge_id = settings.judge if isinstance(settings.judge, str) else None
        with metered() as spent:
            try:
                spec = settings.judge
                judge_obj = (
                    # Built (on first use) in a worker thread when awaited: its modules, cache
                    # and prices load while the test's loop runs on.
                    await InThread(lambda: self._session.judge_for(spec))
                    if spec is None or isinstance(spec, str)
                    else spec
                )
                # The id the record names, read safely: the check refuses a judge whose id
                # fails or cannot name it in a report (a JudgeError), and its record still
                # names that judge, by its class, never the default judge.
                judge_id = judge_name(judge_obj)
                result = await check_steps(
                    answer,
                    contexts,
                    judge=judge_obj,
                    question=question,
                    threshold=settings.threshold,
                    scoring_policy=settings.scoring,
                    allow_contradictions=settings.allow_contradictions,
                    rules=rule_set,
                    memo=self._session.memo(),
                )
            except BaseException as exc:
                if not recorded(exc):
                    raise
                estimated = stopped_by_estimate(exc)
                self._record(
                    CheckRecord(
                        nodeid=self._item.nodeid,
                        index=index,
                        error=None if estimated else _error_text(exc),
                        error_kind=None if estimated else _error_kind(exc),
                        judge_id=judge_id or self._session.default_judge,
                        estimated=estimated,
                        cost=spent.spend(),
                        **checked,
                    )
                )
                if estimated:
                    # A judge that met the estimate without a placeholder reply (the local
                    # judge, a judge of your own): the check stops here, estimated.
                    mark_estimated(self._item)
                    pytest.skip("--faith-estimate: check estimated, not judged")
                raise
        cost = spent.spend()
        if cost.estimated:
            # --faith-estimate: the verdicts are placeholders; neither a pass nor a failure.
            self._record(
                CheckRecord(
                    nodeid=self._item.nodeid,
                    index=index,
                    judge_id=result.judge_id,
                    estimated=True,
                    cost=cost,
                    **checked,
                )
            )
            mark_estimated(self._item)
            return result
        self._record(
            CheckRecord(
                nodeid=self._item.nodeid,
                index=index,
                result=result,
                judge_id=result.judge_id,
                cost=cost,
                **checked,
            )
        )
        # A repeated check's pass rate is compared with the baseline, not each run's score.
        regression = None if repeat else self._compare_with_baseline(baseline_key, result)
        if regression:
            regression = masked_output(regression)
        if not result.passed:
            message = masked_output(failure_message(result))
            error = FaithfulnessError(f"{message}\n{regression}" if regression else message, result)
            if repeat is not None:
                gate(self._item, error, repeat, message.partition("\n")[0])
            raise error
        if regression:
            raise FaithfulnessError(regression, result)
        return result

    def _settings(
        self,
        answer: object,
        contexts: object,
        question: object,
        call: dict[str, Any],
    ) -> CheckSettings:
        """Validate the test's arguments and marker; the settings the check runs with."""
        judge = call["judge"]
        if judge is not None and not isinstance(judge, str) and not judge_object(judge):
            raise TypeError(
                f"judge must be a spec string or a judge object, got {type(judge).__name__}"
            )
        if isinstance(judge, str) and not judge.strip():
            raise ValueError(
                f"judge must be a judge spec such as 'lexical' or 'openai:MODEL', got {judge!r}; "
                "leave judge out to use the configured judge"
            )
        if call["rules"] is not None and names_no_rules(call["rules"]):
            raise ValueError(f"rules: {call['rules']!r} {NO_RULES}")
        check_inputs(answer, contexts, question)
        if call["min_pass_rate"] is not None:
            check_min_pass_rate(call["min_pass_rate"])
        markers = self._markers()
        options = self._session.options
        settings = resolve(call, markers, options.cli_layer, options.ini_layer)
        check_policy(settings.threshold, settings.scoring, settings.allow_contradictions)
        if isinstance(judge, str):
            # An unknown kind or a malformed spec in the call is the test's mistake (the
            # marker's is checked with the marker, the command line's and ini's at start-up).
            try:
                parsed = JudgeSpec.parse(judge)
            except ValueError as exc:
                raise ValueError(f"judge: {exc}") from None
            if parsed.kind not in self._session.registry:
                known = ", ".join(self._session.registry)
                raise ValueError(
                    f"judge: unknown judge kind {parsed.kind!r} in {judge!r}; known kinds: {known}"
                )
        return settings

    def _baseline_key(self, index: int, key: str | None) -> str | None:
        """The check's baseline key, validated before the check runs; None without a baseline."""
        key = checked_key(key)
        if self._item.config.stash.get(BASELINE_KEY, None) is None:
            return None
        name = check_key(self._item.nodeid, index, key)
        if name in self._baseline_keys:
            raise ValueError(f"key {name!r} is used twice in this test; give each check its own")
        self._baseline_keys.add(name)
        return name

    def _compare_with_baseline(self, name: str | None, result: FaithfulnessResult) -> str | None:
        """Record how the check compares with the baseline; the message if it regressed."""
        baseline = self._item.config.stash.get(BASELINE_KEY, None)
        if baseline is None or name is None:
            return None
        return baseline.check(name, self._item.nodeid, result)

    def _checked(
        self,
        answer: str,
        contexts: Contexts,
        question: str | None,
        site: tuple[str, int | None],
    ) -> dict[str, Any]:
        """What was checked and where the call is, for the report files and CI annotations."""
        path, line = site
        passages = read_contexts(contexts)  # checked already: documents read as their text
        return {
            "path": path,
            "line": line,
            "answer": answer,
            "contexts": passages.texts,
            "sources": passages.named,
            "question": question,
        }

    def _call_site(self) -> tuple[str, int | None]:
        """The rootdir-relative file and 1-based line of the ``assert_faithful`` call.

        The innermost caller in the test's own file (a helper in that file counts); else the
        innermost caller outside this package, if it is under the rootdir (a helper in a
        conftest); else the test function's ``def`` line.
        """
        test_file = os.path.normcase(os.path.abspath(self._item.path))
        frame: FrameType | None = inspect.currentframe()
        outside: FrameType | None = None
        try:
            while frame is not None:
                filename = frame.f_code.co_filename
                if os.path.normcase(os.path.abspath(filename)) == test_file:
                    return self._location()[0], frame.f_lineno
                if outside is None and not _ours(filename):
                    outside = frame
                frame = frame.f_back
            if outside is not None:
                where = Path(os.path.abspath(outside.f_code.co_filename))
                try:
                    relative = where.relative_to(self._item.config.rootpath)
                except ValueError:
                    pass
                else:
                    return relative.as_posix(), outside.f_lineno
            return self._location()
        finally:
            # Frames hold their locals: drop the references instead of leaving a cycle.
            del frame, outside

    def _location(self) -> tuple[str, int | None]:
        """The test's own file and ``def`` line (pytest's location is 0-based)."""
        path, line, _ = self._item.location
        return path.replace(os.sep, "/"), None if line is None else line + 1

    def _record(self, record: CheckRecord) -> None:
        self._session.add(record)
        # JUnit XML gets the documented per-check numbers only: the full record holds the
        # answer and the contexts, which have no place in a CI artifact.
        self._item.user_properties.extend(junit.properties(record))
