"""The option table: every command-line option and ini key of the plugin, added and parsed once.

Each option is declared once, as a field of the settings dataclass it fills (see
:mod:`pytest_faithful.fields`): :class:`CheckSettings` (per check: its command-line and ini
values are two layers of :func:`pytest_faithful.plugin.settings.resolve`), :class:`RunOptions`
(run-wide policy), ``LLMOptions`` and ``LocalOptions`` (judge tuning, declared beside the judges
that read them), :class:`BaselineOptions`, :class:`RecordingOptions` and ``MetricOptions``
(the metrics' thresholds, ``plugin/metric_options.py``). :data:`TABLE` lists them in
``--help`` order.

Command line > ini > default; only the per-check settings come from a marker or a call too.
Mistakes are reported as ``pytest.UsageError`` naming the option or ini key and the fix, never
as an INTERNALERROR.
"""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from pytest_faithful.cost.options import CostOptions
from pytest_faithful.fields import (
    UNIT,
    Choice,
    Flag,
    Kind,
    Names,
    Option,
    PathValue,
    Text,
    Whole,
    check_fields,
    option,
    options_of,
    shown_default,
)
from pytest_faithful.files import path_problem, shown_path
from pytest_faithful.judges.llm.options import LLMOptions
from pytest_faithful.judges.local.options import LocalOptions
from pytest_faithful.judges.registry import JudgeRegistry, JudgeSpec
from pytest_faithful.plugin.cost import check_cost_options
from pytest_faithful.plugin.metric_options import MetricOptions
from pytest_faithful.vocab import (
    DEFAULT_CACHE_DIR,
    DEFAULT_RECORD_MODE,
    DEFAULT_RULES,
    DEFAULT_SCORING,
    DEFAULT_THRESHOLD,
    RECORD_MODES,
    SCORING_POLICIES,
    RecordMode,
    ScoringPolicy,
    parse_record_mode,
)

if TYPE_CHECKING:
    from pytest_faithful.judges.base import Judge

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


class Reports(Kind):
    """Report targets: repeatable on the command line (no value: the terminal), a list in the
    ini file; each 'terminal' or a file path whose extension names its format."""


def _known_rules(names: str | Sequence[str]) -> None:
    # Imported when a value is read: the rules load with the judges, not at pytest start-up.
    from pytest_faithful.rules import choose

    choose(names, argument="--faith-rules")


def _known_skips(names: str | Sequence[str]) -> None:
    from pytest_faithful.rules import choose

    choose(skip=names, skip_argument="--faith-skip-rules")


@dataclasses.dataclass(frozen=True)
class CheckSettings:
    """What one ``assert_faithful`` call runs with. ``judge`` None means the default judge.

    Its options give the command-line and ini layers of the precedence; the call and the
    marker are checked where they are read (``check.check_policy``, the marker model), so
    this class checks nothing itself.
    """

    judge: str | Judge | None = option(
        "--faith-judge",
        Text(),
        "Judge spec: lexical, anthropic:MODEL, openai:MODEL, openai:MODEL@BASE_URL, "
        "local:PATH.gguf.",
        metavar="SPEC",
        ini_help="Judge spec (see --faith-judge).",
        shown_default="a provider whose API key is set, else lexical",
        default=None,
    )
    threshold: float = option(
        "--faith-threshold",
        UNIT,
        "Minimum score in [0, 1] for a check to pass.",
        metavar="X",
        ini_help="Minimum passing score in [0, 1].",
        default=DEFAULT_THRESHOLD,
    )
    scoring: ScoringPolicy = option(
        "--faith-scoring",
        Choice(SCORING_POLICIES),
        "strict: supported/total; lenient: not-contradicted/total.",
        ini_help="strict or lenient.",
        default=DEFAULT_SCORING,
    )
    allow_contradictions: bool = option(
        "--faith-allow-contradictions",
        Flag(),
        "Let a check pass on its score even when a claim is contradicted.",
        ini_help="Let contradicted claims pass on score.",
        default=False,
    )
    rules: str | Sequence[str] = option(
        "--faith-rules",
        Names(_known_rules),
        "Verdict rules a judge's SUPPORTED must also pass: a policy (standard, strict, "
        "evidence) or rule names, comma-separated (strict,judge-quote).",
        metavar="RULES",
        ini_help="Verdict rules: a policy or rule names (see --faith-rules).",
        default=DEFAULT_RULES,
    )
    skip_rules: str | Sequence[str] = option(
        "--faith-skip-rules",
        Names(_known_skips),
        "Verdict rules to skip, comma-separated (negation,answerer).",
        metavar="NAMES",
        ini_help="Verdict rules to skip (see --faith-skip-rules).",
        default=(),
    )
    # Read as the tests are collected (plugin/repeats.py): a call cannot repeat its own test.
    repeat: int = option(
        "--faith-repeat",
        Whole(1),
        "Run each test that uses assert_faithful N times (items ...[run1ofN] .. [runNofN]); "
        "its checks then pass or fail on their pass rate (--faith-min-pass-rate).",
        metavar="N",
        ini_help="Runs of each test that uses assert_faithful (see --faith-repeat).",
        default=1,
    )
    min_pass_rate: float = option(
        "--faith-min-pass-rate",
        UNIT,
        "Share of a repeated check's runs that must pass, in [0, 1].",
        metavar="P",
        ini_help="Share of a repeated check's runs that must pass.",
        default=1.0,
    )


@dataclasses.dataclass(frozen=True)
class BaselineOptions:
    """The regression baseline: off while ``path`` is None."""

    path: Path | None = option(
        "--faith-baseline",
        PathValue(),
        "Compare every check with its stored score in this JSON file; a drop beyond the "
        "tolerance fails the check.",
        metavar="PATH",
        ini_help="Baseline file (relative to the ini file).",
        default=None,
    )
    tolerance: float = option(
        "--faith-baseline-tolerance",
        UNIT,
        "Largest score drop below the baseline that still passes.",
        metavar="X",
        ini_help="Largest tolerated score drop.",
        default=0.0,
    )
    update: bool = option(
        "--faith-update-baseline",
        Flag(),
        "Write the baseline file from this run (a filtered run keeps the checks it skipped).",
        ini=False,
        default=False,
    )
    strict: bool = option(
        "--faith-baseline-strict",
        Flag(),
        "Fail the session when the baseline holds entries no check produced (stale).",
        ini_help="Fail on stale baseline entries.",
        default=False,
    )

    def __post_init__(self) -> None:
        check_fields(self)


@dataclasses.dataclass(frozen=True)
class RecordingOptions:
    """A directory of JSON recordings used instead of the diskcache: off while ``directory``
    is None."""

    directory: Path | None = option(
        "--faith-recordings",
        PathValue(directory=True),
        "Keep judge calls as JSON files in DIR (one per call, to commit and review) instead "
        "of the diskcache in --faith-cache-dir.",
        metavar="DIR",
        ini_help="Directory of JSON recordings of judge calls (relative to the ini file).",
        shown_default="off",
        default=None,
    )
    prune: bool = option(
        "--faith-prune-recordings",
        Flag(),
        "After a run of the whole suite, delete the recordings no check used (a filtered run "
        "never deletes).",
        ini=False,
        default=False,
    )

    def __post_init__(self) -> None:
        check_fields(self)


@dataclasses.dataclass(frozen=True)
class RunOptions:
    """Run-wide policy; not settable from a marker or a call. Holds every parsed option: the
    per-check ones as the command-line and ini layers, the judges' and the baseline's."""

    record_mode: RecordMode = option(
        "--faith-record-mode",
        Choice(RECORD_MODES, parse_record_mode),
        "Judge call cache: once (replay hits, record misses), none (replay only: for CI), "
        "all (re-record everything), off (no cache).",
        ini_help="once, none, all or off.",
        default=DEFAULT_RECORD_MODE,
    )
    cache_dir: Path = option(
        "--faith-cache-dir",
        PathValue(directory=True),
        "Directory of recorded judge calls.",
        metavar="DIR",
        ini_help="Judge call cache directory (relative to the rootdir).",
        shown_default=f"{DEFAULT_CACHE_DIR} in the rootdir",
        default=Path(DEFAULT_CACHE_DIR),
    )
    reports: tuple[str, ...] = option(
        "--faith-report",
        Reports(),
        "Faithfulness report; repeatable. No value (or 'terminal'): a summary in the "
        "terminal output; a path ending in .json, .html or .md: that file (written by the "
        "xdist controller only). Write it after the test paths or as --faith-report=PATH.",
        metavar="PATH",
        ini_help="Reports to produce: 'terminal' and/or paths ending in .json, .html or .md "
        "(relative to the ini file).",
        default=(),
    )
    cli_layer: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    ini_layer: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    llm: LLMOptions = dataclasses.field(default_factory=LLMOptions)
    local: LocalOptions = dataclasses.field(default_factory=LocalOptions)
    baseline: BaselineOptions = dataclasses.field(default_factory=BaselineOptions)
    recordings: RecordingOptions = dataclasses.field(default_factory=RecordingOptions)
    metrics: MetricOptions = dataclasses.field(default_factory=MetricOptions)
    cost: CostOptions = dataclasses.field(default_factory=CostOptions)

    def __post_init__(self) -> None:
        check_fields(self)

    @property
    def terminal_report(self) -> bool:
        return TERMINAL_REPORT in self.reports

    @property
    def report_files(self) -> tuple[Path, ...]:
        """Report files to write (absolute paths), in the order given."""
        return tuple(Path(target) for target in self.reports if target != TERMINAL_REPORT)


TABLE: tuple[type[Any], ...] = (
    CheckSettings,
    RunOptions,
    LLMOptions,
    LocalOptions,
    BaselineOptions,
    RecordingOptions,
    MetricOptions,
    CostOptions,
)
"""Every dataclass whose fields are options, in ``--help`` order."""


def declared_options() -> Iterator[tuple[dataclasses.Field[Any], Option]]:
    for settings in TABLE:
        yield from options_of(settings)


def _argparse_type(kind: Kind) -> Callable[[str], Any]:
    def parse(text: str) -> Any:
        try:
            return kind.parse(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return parse


def add_options(parser: pytest.Parser) -> None:
    group = parser.getgroup("faithful", "faithfulness checks (pytest-faithful)")
    for f, declared in declared_options():
        kind = declared.kind
        shown = shown_default(f, declared)
        help_text = declared.help + (f" Default: {shown}." if shown is not None else "")
        extra: dict[str, Any] = {}
        ini_type: Any = "string"
        if isinstance(kind, Flag):
            extra = {"action": "store_true"}
            ini_type = "bool"
        elif isinstance(kind, Reports):
            extra = {"action": "append", "nargs": "?", "const": TERMINAL_REPORT}
            ini_type = "args"
        elif isinstance(kind, Choice) and kind.cli_choices:
            extra = {"choices": kind.values}
        elif not isinstance(kind, (Text, PathValue)):
            extra = {"type": _argparse_type(kind)}
        if declared.metavar is not None:
            extra["metavar"] = declared.metavar
        group.addoption(declared.flag, default=None, help=help_text, **extra)
        if declared.ini:
            parser.addini(
                declared.dest,
                declared.ini_help or f"{declared.help} (see {declared.flag}).",
                type=ini_type,
                default=[] if ini_type == "args" else None,
            )


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


def _ini_base(config: pytest.Config) -> Path:
    """What relative paths in the ini file (and path defaults) are relative to."""
    return config.inipath.parent if config.inipath else config.rootpath


def _usable(path: Path, kind: PathValue, source: str, given: str | None = None) -> Path:
    """``path`` if a file (a directory) can be read or made there; else a usage error naming
    the option and the path as ``given``."""
    problem = path_problem(path, directory=kind.directory)
    if problem is not None:
        raise pytest.UsageError(f"{source} {shown_path(given or path)}: {problem}")
    return path


def _from_cli(config: pytest.Config, declared: Option) -> Any:
    """The option's command-line value, None when not given (already parsed by argparse)."""
    value = config.getoption(declared.dest)
    if isinstance(declared.kind, PathValue):
        # An empty path (--faith-cache-dir=) is not given; the ini value or the default applies.
        if not value:
            return None
        path = (config.invocation_params.dir / str(value)).resolve()
        return _usable(path, declared.kind, declared.flag, str(value))
    return value


def _from_ini(config: pytest.Config, declared: Option) -> Any:
    """The option's ini value, None when unset or empty (``faith_judge =`` means "no judge
    configured", as an empty value means unset for pytest's own string options)."""
    if not declared.ini:
        return None
    if isinstance(declared.kind, Flag):
        return ini_bool(config, declared.dest)
    raw = config.getini(declared.dest)
    text = raw.strip() if isinstance(raw, str) else raw
    if text in (None, ""):
        return None
    if isinstance(declared.kind, PathValue):
        path = (_ini_base(config) / str(text)).resolve()
        return _usable(path, declared.kind, f"ini option {declared.dest}", str(text))
    try:
        return declared.kind.parse(str(text))
    except ValueError as exc:
        raise pytest.UsageError(f"ini option {declared.dest}: {exc}") from None


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
    return str(_usable((base / target).resolve(), PathValue(), source, target))


def _reports(config: pytest.Config, declared: Option) -> tuple[str, ...]:
    """CLI report paths are relative to the current directory, ini ones to the ini file."""
    cli = config.getoption(declared.dest)
    if cli:
        requested, base, source = list(cli), config.invocation_params.dir, declared.flag
    else:
        source = f"ini option {declared.dest}"
        try:
            requested = list(config.getini(declared.dest))
        except (ValueError, pytest.UsageError) as exc:  # shlex: an unbalanced quote
            raise pytest.UsageError(
                f"{source}: {exc}; give space-separated targets ('terminal' or file paths), "
                "quoting a path that has spaces"
            ) from None
        base = _ini_base(config)
    return tuple(dict.fromkeys(_report_target(t, base, source) for t in requested))


def _values(config: pytest.Config, settings: type[Any]) -> dict[str, Any]:
    """The fields of ``settings`` set on the command line (first) or in the ini file; a path
    left unset gets its default relative to the ini file's folder."""
    values: dict[str, Any] = {}
    for f, declared in options_of(settings):
        if isinstance(declared.kind, Reports):
            value = _reports(config, declared)
        else:
            value = _from_cli(config, declared)
            if value is None:
                value = _from_ini(config, declared)
        if value is None and isinstance(declared.kind, PathValue) and f.default is not None:
            path = (_ini_base(config) / f.default).resolve()
            value = _usable(path, declared.kind, f"{declared.flag} (default)")
        if value is not None:
            values[f.name] = value
    return values


def _build(settings: type[Any], values: Mapping[str, Any]) -> Any:
    try:
        return settings(**values)
    except ValueError as exc:
        raise pytest.UsageError(f"pytest-faithful: {exc}") from None


def check_judge_spec(spec: str, registry: JudgeRegistry, source: str) -> None:
    try:
        parsed = JudgeSpec.parse(spec)
    except ValueError as exc:
        raise pytest.UsageError(f"{source}: {exc}") from None
    if parsed.kind not in registry:
        raise pytest.UsageError(
            f"{source}: unknown judge kind {parsed.kind!r}; known kinds: {', '.join(registry)}"
        )
    if parsed.kind == "lexical" and parsed.model:
        # Cheap to tell now: the lexical judge takes no model (the factory says so too).
        raise pytest.UsageError(
            f"{source}: the lexical judge takes no model, got 'lexical:{parsed.model}'"
        )


def _check_judges(
    cli_layer: Mapping[str, Any], ini_layer: Mapping[str, Any], registry: JudgeRegistry
) -> None:
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


def parse_options(config: pytest.Config, registry: JudgeRegistry) -> RunOptions:
    """Every option of the table, read once: command line > ini > default."""
    check = options_of(CheckSettings)
    cli_layer = {f.name: _from_cli(config, declared) for f, declared in check}
    ini_layer = {f.name: _from_ini(config, declared) for f, declared in check}
    ini_layer = {name: value for name, value in ini_layer.items() if value is not None}
    _check_judges(cli_layer, ini_layer, registry)
    baseline = _build(BaselineOptions, _values(config, BaselineOptions))
    if baseline.path is None and baseline.update:
        raise pytest.UsageError(
            "--faith-update-baseline needs a file: give --faith-baseline=PATH "
            "(or faith_baseline in the ini file)"
        )
    recordings = _build(RecordingOptions, _values(config, RecordingOptions))
    if recordings.directory is None and recordings.prune:
        raise pytest.UsageError(
            "--faith-prune-recordings needs a recordings directory: give "
            "--faith-recordings=DIR (or faith_recordings in the ini file)"
        )
    result: RunOptions = _build(
        RunOptions,
        {
            **_values(config, RunOptions),
            "cli_layer": cli_layer,
            "ini_layer": ini_layer,
            "llm": _build(LLMOptions, _values(config, LLMOptions)),
            "local": _build(LocalOptions, _values(config, LocalOptions)),
            "baseline": baseline,
            "recordings": recordings,
            "metrics": _build(MetricOptions, _values(config, MetricOptions)),
            "cost": check_cost_options(
                _build(CostOptions, _values(config, CostOptions)),
                update_baseline=baseline.update,
                prune_recordings=recordings.prune,
            ),
        },
    )
    return result
