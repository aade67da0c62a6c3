"""Command-line and ini options, parsed once at configure time into plain values.

Mistakes are reported as ``pytest.UsageError`` naming the option and the fix, never as an
INTERNALERROR.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from pytest_faithful.judges.registry import JudgeRegistry, JudgeSpec
from pytest_faithful.judges.resources import DEFAULT_CACHE_DIR
from pytest_faithful.record_modes import (
    DEFAULT_RECORD_MODE,
    RECORD_MODES,
    RecordMode,
    parse_record_mode,
)
from pytest_faithful.vocab import SCORING_POLICIES

TERMINAL_REPORT = "terminal"
MARKER = "faithfulness"
"""The marker that sets ``assert_faithful``'s settings for a test, class or module."""
METRIC_MARKERS = {
    "relevancy": "relevancy(threshold=None, judge=None): settings for assert_relevant.",
    "retrieval": (
        "retrieval(precision=None, recall=None, judge=None): thresholds (or True/False to "
        "require or skip) for assert_retrieval."
    ),
    "reference": "reference(threshold=None): the coverage threshold for assert_reference.",
}
"""The metric fixtures' markers (``plugin/metric_settings.py`` validates their arguments)."""


BOOL_INI_VALUES = "true/false, yes/no, on/off or 1/0"
"""What pytest accepts for an ini option of type bool (any case)."""

BOOL_INIS = ("faith_allow_contradictions", "faith_baseline_strict", "faith_single_call")
"""Every ini option of type bool this plugin declares (here, in baseline_options and in
llm_options): checked at start-up so that a bad value names its key (see ``ini_bool``)."""


def unit_interval(text: str) -> float:
    """argparse type for a number in [0, 1] (thresholds, tolerances)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number (expected 0 to 1)") from None
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"{text!r} is not in [0, 1]")
    return value


def ini_bool(config: pytest.Config, name: str) -> bool | None:
    """A bool ini option, None when unset. pytest's own error ("invalid truth value 'maybe'")
    names neither the option nor what it accepts; this one does."""
    try:
        value = config.getini(name)
    # pytest 8 raises ValueError; pytest 9 a UsageError with the same words.
    except (ValueError, pytest.UsageError) as exc:
        raise pytest.UsageError(
            f"ini option {name}: {exc}; accepted values: {BOOL_INI_VALUES}"
        ) from None
    return None if value is None else bool(value)


def check_bool_inis(config: pytest.Config) -> None:
    """Read every bool ini option once at start-up, so a bad value is a UsageError naming
    its key wherever the option is parsed later."""
    for name in BOOL_INIS:
        ini_bool(config, name)


def add_options(parser: pytest.Parser) -> None:
    group = parser.getgroup("faithful", "faithfulness checks (pytest-faithful)")
    group.addoption(
        "--faith-judge",
        default=None,
        metavar="SPEC",
        help="Judge spec: lexical, anthropic:MODEL, openai:MODEL, openai:MODEL@BASE_URL, "
        "local:PATH.gguf. Default: a provider whose API key is set, else lexical.",
    )
    group.addoption(
        "--faith-threshold",
        type=unit_interval,
        default=None,
        metavar="X",
        help="Minimum score in [0, 1] for a check to pass. Default: 0.8.",
    )
    group.addoption(
        "--faith-scoring",
        choices=SCORING_POLICIES,
        default=None,
        help="strict: supported/total; lenient: not-contradicted/total. Default: strict.",
    )
    group.addoption(
        "--faith-allow-contradictions",
        action="store_true",
        default=None,
        help="Let a check pass on its score even when a claim is contradicted.",
    )
    group.addoption(
        "--faith-record-mode",
        choices=RECORD_MODES,
        default=None,
        help="Judge call cache: once (replay hits, record misses), none (replay only: for CI), "
        "all (re-record everything), off (no cache). Default: once.",
    )
    group.addoption(
        "--faith-cache-dir",
        default=None,
        metavar="DIR",
        help=f"Directory of recorded judge calls. Default: {DEFAULT_CACHE_DIR} in the rootdir.",
    )
    group.addoption(
        "--faith-report",
        action="append",
        nargs="?",
        const=TERMINAL_REPORT,
        default=None,
        metavar="PATH",
        help="Faithfulness report; repeatable. No value (or 'terminal'): a summary in the "
        "terminal output; a path ending in .json, .html or .md: that file (written by the "
        "xdist controller only). Write it after the test paths or as --faith-report=PATH.",
    )
    parser.addini("faith_judge", "Judge spec (see --faith-judge).", default=None)
    parser.addini("faith_threshold", "Minimum passing score in [0, 1].", default=None)
    parser.addini("faith_scoring", "strict or lenient.", default=None)
    parser.addini(
        "faith_allow_contradictions",
        "Let contradicted claims pass on score.",
        type="bool",
        default=None,
    )
    parser.addini("faith_record_mode", "once, none, all or off.", default=None)
    parser.addini(
        "faith_cache_dir", "Judge call cache directory (relative to the rootdir).", default=None
    )
    parser.addini(
        "faith_report",
        "Reports to produce: 'terminal' and/or paths ending in .json, .html or .md "
        "(relative to the ini file).",
        type="args",
        default=[],
    )


@dataclass(frozen=True)
class RunOptions:
    """Run-wide policy; not settable from a marker or a call."""

    record_mode: RecordMode
    cache_dir: Path
    reports: tuple[str, ...]
    cli_layer: dict[str, Any]
    ini_layer: dict[str, Any]

    @property
    def terminal_report(self) -> bool:
        return TERMINAL_REPORT in self.reports

    @property
    def report_files(self) -> tuple[Path, ...]:
        """Report files to write (absolute paths), in the order given."""
        return tuple(Path(target) for target in self.reports if target != TERMINAL_REPORT)


def _ini(config: pytest.Config, name: str) -> Any:
    """A string ini option; None when unset or empty (``faith_judge =`` means "no judge
    configured", as an empty value means unset for pytest's own string options)."""
    value = config.getini(name)
    if isinstance(value, str):
        value = value.strip()
    return None if value in (None, "") else value


def _ini_layer(config: pytest.Config) -> dict[str, Any]:
    layer: dict[str, Any] = {}
    judge = _ini(config, "faith_judge")
    if judge is not None:
        layer["judge"] = str(judge)
    threshold = _ini(config, "faith_threshold")
    if threshold is not None:
        try:
            layer["threshold"] = unit_interval(str(threshold).strip())
        except argparse.ArgumentTypeError as exc:
            raise pytest.UsageError(f"ini option faith_threshold: {exc}") from None
    scoring = _ini(config, "faith_scoring")
    if scoring is not None:
        if scoring not in SCORING_POLICIES:
            raise pytest.UsageError(
                f"ini option faith_scoring: {scoring!r} is not one of {', '.join(SCORING_POLICIES)}"
            )
        layer["scoring"] = scoring
    allow = ini_bool(config, "faith_allow_contradictions")
    if allow is not None:
        layer["allow_contradictions"] = allow
    return layer


def _cli_layer(config: pytest.Config) -> dict[str, Any]:
    return {
        "judge": config.getoption("faith_judge"),
        "threshold": config.getoption("faith_threshold"),
        "scoring": config.getoption("faith_scoring"),
        "allow_contradictions": config.getoption("faith_allow_contradictions"),
    }


def _record_mode(config: pytest.Config) -> RecordMode:
    cli = config.getoption("faith_record_mode")
    if cli is not None:
        return cli  # type: ignore[no-any-return]
    ini = _ini(config, "faith_record_mode")
    if ini is None:
        return DEFAULT_RECORD_MODE
    try:
        return parse_record_mode(str(ini).strip())
    except ValueError as exc:
        raise pytest.UsageError(f"ini option faith_record_mode: {exc}") from None


def _cache_dir(config: pytest.Config) -> Path:
    cli = config.getoption("faith_cache_dir")
    if cli:
        return (config.invocation_params.dir / str(cli)).resolve()
    ini = _ini(config, "faith_cache_dir")
    base = config.inipath.parent if config.inipath else config.rootpath
    return (base / str(ini or DEFAULT_CACHE_DIR)).resolve()


def _report_target(target: str, base: Path, source: str) -> str:
    """'terminal', or the absolute path of a report file whose extension names its format."""
    if target == TERMINAL_REPORT:
        return target
    # Imported here: the renderers cost start-up time that runs without a report never need.
    from pytest_faithful.report.outputs import EXTENSIONS as REPORT_EXTENSIONS
    from pytest_faithful.report.outputs import renderer_for

    if renderer_for(target) is None:
        raise pytest.UsageError(
            f"{source} {target!r}: not a report target; give 'terminal' or a file path ending "
            f"in {', '.join(REPORT_EXTENSIONS)}. (--faith-report takes an optional value, so a "
            "test path right after it is read as that value: put the paths first, or write "
            "--faith-report=terminal.)"
        )
    path = (base / target).resolve()
    if path.is_dir():
        raise pytest.UsageError(f"{source} {target!r}: is a directory; give a file path")
    return str(path)


def _reports(config: pytest.Config) -> tuple[str, ...]:
    """CLI report paths are relative to the current directory, ini ones to the ini file."""
    cli = config.getoption("faith_report")
    if cli:
        requested, base, source = list(cli), config.invocation_params.dir, "--faith-report"
    else:
        source = "ini option faith_report"
        try:
            requested = list(config.getini("faith_report"))
        except (ValueError, pytest.UsageError) as exc:  # shlex: an unbalanced quote
            raise pytest.UsageError(
                f"{source}: {exc}; give space-separated targets ('terminal' or file paths), "
                "quoting a path that has spaces"
            ) from None
        base = config.inipath.parent if config.inipath else config.rootpath
    return tuple(dict.fromkeys(_report_target(t, base, source) for t in requested))


def check_judge_spec(spec: str, registry: JudgeRegistry, source: str) -> None:
    try:
        parsed = JudgeSpec.parse(spec)
    except ValueError as exc:
        raise pytest.UsageError(f"{source}: {exc}") from None
    if parsed.kind not in registry:
        raise pytest.UsageError(
            f"{source}: unknown judge kind {parsed.kind!r}; known kinds: {', '.join(registry)}"
        )


def parse_run_options(config: pytest.Config, registry: JudgeRegistry) -> RunOptions:
    cli_layer, ini_layer = _cli_layer(config), _ini_layer(config)
    if cli_layer["judge"] is not None:
        # An empty value (--faith-judge= or a variable that expanded to nothing) must not
        # quietly mean "the default judge", which may be a paid one.
        if not cli_layer["judge"].strip():
            raise pytest.UsageError(
                "--faith-judge: empty judge spec; give one such as lexical, anthropic:MODEL, "
                "openai:MODEL or local:PATH.gguf, or leave the option out for the default judge"
            )
        check_judge_spec(cli_layer["judge"], registry, "--faith-judge")
    if ini_layer.get("judge"):
        check_judge_spec(ini_layer["judge"], registry, "ini option faith_judge")
    return RunOptions(
        record_mode=_record_mode(config),
        cache_dir=_cache_dir(config),
        reports=_reports(config),
        cli_layer=cli_layer,
        ini_layer=ini_layer,
    )
