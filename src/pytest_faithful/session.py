"""The per-run session object: judges built once, results gathered, the summary written.

Registered as a plugin in ``pytest_configure`` and kept in ``config.stash``; there is no module
state. Under xdist every worker has one (for its judges); results reach the controller through
``user_properties`` on the test reports, so the controller's records are the same whether or
not the run was distributed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from pytest_faithful.judges.base import Judge
from pytest_faithful.judges.registry import JudgeOptions, JudgeRegistry
from pytest_faithful.report import terminal
from pytest_faithful.report.failure import judge_line
from pytest_faithful.report.records import USER_PROPERTY, CheckRecord

if TYPE_CHECKING:
    from pytest_faithful.options import RunOptions


class FaithSession:
    def __init__(self, config: pytest.Config, registry: JudgeRegistry, options: RunOptions) -> None:
        self.config = config
        self.registry = registry
        self.options = options
        self.default_judge = registry.default_spec()
        self.records: list[CheckRecord] = []
        self._judges: dict[str, Judge] = {}
        self._judge_options = JudgeOptions(options.cache_dir, options.record_mode)
        self._is_worker = hasattr(config, "workerinput")

    def judge_for(self, spec: str | None) -> Judge:
        key = spec or self.default_judge
        judge = self._judges.get(key)
        if judge is None:
            judge = self._judges[key] = self.registry.build(key, self._judge_options)
        return judge

    def close(self) -> None:
        self._judge_options.close()

    def configured_judge(self) -> str | None:
        """The judge spec set on the command line or in the ini file, if any."""
        spec = self.options.cli_layer.get("judge") or self.options.ini_layer.get("judge")
        return str(spec) if spec else None

    @pytest.hookimpl
    def pytest_report_header(self) -> list[str]:
        spec = self.configured_judge() or self.default_judge
        origin = "" if self.configured_judge() else " (default: no judge configured)"
        try:
            judge = self.judge_for(spec)
        except Exception as exc:  # the header must not crash the run; the checks will report it
            described = f"judge: {spec} (cannot be built: {exc})"
        else:
            described = judge_line(judge.id, judge.heuristic)
        return [
            f"faithful: {described}{origin}",
            f"faithful: record mode {self.options.record_mode}; cache {self.options.cache_dir}",
        ]

    @pytest.hookimpl
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if self._is_worker or report.when != "call":
            return
        for name, value in report.user_properties:
            if name == USER_PROPERTY:
                self.records.append(CheckRecord.model_validate_json(str(value)))

    @pytest.hookimpl
    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        if self._is_worker or not self.options.terminal_report:
            return
        terminalreporter.write_sep("=", "faithfulness report")
        for line in terminal.render(self.records):
            terminalreporter.write_line(line)
