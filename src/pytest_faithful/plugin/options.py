"""The option table: every command-line option and ini key of the plugin, added and parsed once.

The options are declared in :mod:`.declared`, each as a field of the settings dataclass it
fills; :data:`~pytest_faithful.plugin.declared.TABLE` lists those dataclasses in ``--help``
order, and this module adds them all to pytest and parses them once (:func:`parse_options`).

Command line > ini > default; only the per-check settings come from a marker or a call too.
Mistakes are reported as ``pytest.UsageError`` naming the option or ini key and the fix, never
as an INTERNALERROR.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from pytest_faithful.cost.options import CostOptions
from pytest_faithful.fields import (
    Choice,
    Flag,
    Kind,
    Option,
    PathValue,
    Text,
    options_of,
    shown_default,
)
from pytest_faithful.files import home_expanded, path_problem, shown_path
from pytest_faithful.judges.llm.options import LLMOptions
from pytest_faithful.judges.local.options import LocalOptions, default_threads
from pytest_faithful.judges.local.spec import located
from pytest_faithful.judges.registry import JudgeRegistry, JudgeSpec
from pytest_faithful.plugin.cost import check_cost_options
from pytest_faithful.plugin.declared import (
    BOOL_INI_VALUES,
    TABLE,
    TERMINAL_REPORT,
    BaselineOptions,
    CheckSettings,
    RecordingOptions,
    Reports,
    RunOptions,
)
from pytest_faithful.plugin.metric_options import MetricOptions

if TYPE_CHECKING:
    pass


def declared_options() -> Iterator[tuple[dataclasses.Field[Any], Option]]:
    for settings in TABLE:
        yield from options_of(settings)


# What decides which calls a run's checks make: the judge and its tuning, the checks' settings
# (a check that fails stops its test before the next one asks), the ini file, and the plugins
# and conftest files that register judges. Not the record mode, stores, reports, baseline or
# budget: a command that records a missed call sets those itself or needs none of them.
_ASKING_SETTINGS: tuple[type[Any], ...] = (CheckSettings, LLMOptions, LocalOptions, MetricOptions)
_PYTEST_VALUED: tuple[str, ...] = (
    "-c",
    "--config-file",
    "-o",
    "--override-ini",
    "-p",
    "--rootdir",
    "--confcutdir",
)
_PYTEST_FLAGS: tuple[str, ...] = ("--noconftest",)


def asking_options(args: Sequence[str]) -> tuple[str, ...]:
    """The arguments of a pytest command line (``config.invocation_params.args``) that decide
    which judge calls its checks make, as typed: the command a missed recording prints repeats
    them, so that running it records the call that was missed, with the same judge."""
    settings = [declared for kind in _ASKING_SETTINGS for _, declared in options_of(kind)]
    flags = {d.flag for d in settings if isinstance(d.kind, Flag)} | set(_PYTEST_FLAGS)
    valued = [d.flag for d in settings if not isinstance(d.kind, Flag)] + list(_PYTEST_VALUED)
    kept: list[str] = []
    rest = [str(arg) for arg in args]
    while rest:
        arg = rest.pop(0)
        if arg == "--":
            break
        if arg in flags:
            kept.append(arg)
        elif arg in valued:
            kept.append(arg)
            if rest:
                kept.append(rest.pop(0))
        elif any(
            arg.startswith(f"{flag}=") or (len(flag) == 2 and arg[:2] == flag and arg[2:3] != "-")
            for flag in valued
        ):
            kept.append(arg)  # --faith-judge=SPEC, -pNAME
    return tuple(kept)


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


def _located(base: Path, given: str, source: str) -> Path:
    """Where ``given`` (a path option's value) points: ``~`` expanded as a shell would (the
    shell leaves ``--opt=~/x`` and an ini file's ``~`` alone), relative ones under ``base``."""
    try:
        return (base / home_expanded(given, source)).resolve()
    except ValueError as exc:
        raise pytest.UsageError(str(exc)) from None


def _from_cli(config: pytest.Config, declared: Option) -> Any:
    """The option's command-line value, None when not given (already parsed by argparse)."""
    value = config.getoption(declared.dest)
    if isinstance(declared.kind, PathValue):
        # An empty path (--faith-cache-dir=) is not given; the ini value or the default applies.
        if not value:
            return None
        path = _located(config.invocation_params.dir, str(value), declared.flag)
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
        source = f"ini option {declared.dest}"
        return _usable(
            _located(_ini_base(config), str(text), source), declared.kind, source, str(text)
        )
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
        # The hint is for the command line, where a test path after the flag is its value.
        hint = (
            ""
            if source.startswith("ini option")
            else " (--faith-report takes an optional value, so a test path right after it is "
            "read as that value: put the paths first, or write --faith-report=terminal.)"
        )
        raise pytest.UsageError(
            f"{source} {target!r}: not a report target; give 'terminal' or a file path ending "
            f"in {', '.join(REPORT_EXTENSIONS)}.{hint}"
        )
    return str(_usable(_located(base, target, source), PathValue(), source, target))


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


def _local_values(config: pytest.Config) -> dict[str, Any]:
    """The local judge's options; unless given, an xdist worker's threads are its share of the
    cores (each worker loads its own model, and they all run at once)."""
    values = _values(config, LocalOptions)
    workers = getattr(config, "workerinput", {}).get("workercount")
    if "threads" not in values and isinstance(workers, int) and workers > 1:
        values["threads"] = default_threads(workers)
    return values


def _build(settings: type[Any], values: Mapping[str, Any]) -> Any:
    try:
        return settings(**values)
    except ValueError as exc:
        raise pytest.UsageError(f"pytest-faithful: {exc}") from None


def check_judge_spec(spec: str, registry: JudgeRegistry, source: str, base: Path) -> str:
    """``spec`` if it can name a judge, else a usage error naming ``source``. A local model's
    path comes back absolute (relative ones under ``base``), so that a test that changes the
    working directory does not change which file it means."""
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
    if parsed.kind == "local" and parsed.model:
        # A model file that cannot be one is said before any test runs, not by every check.
        try:
            return f"local:{located(parsed.model, base)}"
        except ValueError as exc:
            raise pytest.UsageError(f"{source}: {exc}") from None
    return spec


def _check_judges(
    config: pytest.Config,
    cli_layer: dict[str, Any],
    ini_layer: dict[str, Any],
    registry: JudgeRegistry,
) -> None:
    if cli_layer["judge"] is not None:
        # An empty value (--faith-judge= or a variable that expanded to nothing) must not
        # quietly mean "the default judge", which may be a paid one.
        if not cli_layer["judge"].strip():
            raise pytest.UsageError(
                "--faith-judge: empty judge spec; give one such as lexical, anthropic:MODEL, "
                "openai:MODEL or local:PATH.gguf, or leave the option out for the default judge"
            )
        cli_layer["judge"] = check_judge_spec(
            cli_layer["judge"], registry, "--faith-judge", config.invocation_params.dir
        )
    if ini_layer.get("judge"):
        ini_layer["judge"] = check_judge_spec(
            ini_layer["judge"], registry, "ini option faith_judge", _ini_base(config)
        )


def parse_options(config: pytest.Config, registry: JudgeRegistry) -> RunOptions:
    """Every option of the table, read once: command line > ini > default."""
    check = options_of(CheckSettings)
    cli_layer = {f.name: _from_cli(config, declared) for f, declared in check}
    ini_layer = {f.name: _from_ini(config, declared) for f, declared in check}
    ini_layer = {name: value for name, value in ini_layer.items() if value is not None}
    _check_judges(config, cli_layer, ini_layer, registry)
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
            "local": _build(LocalOptions, _local_values(config)),
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
    _check_outputs(config, result)
    return result


def _check_outputs(config: pytest.Config, options: RunOptions) -> None:
    """A file the plugin writes is none of the files and folders it keeps: a report written
    over the baseline or the JUnit XML replaces it, one inside the recordings or the cache
    directory sits among what they hold (and a recordings directory is committed)."""
    kept: list[tuple[Path, str, bool]] = [
        (options.cache_dir, "--faith-cache-dir", True),
    ]
    if options.recordings.directory is not None:
        kept.append((options.recordings.directory, "--faith-recordings", True))
    xml = config.getoption("xmlpath", None)  # pytest's --junitxml
    if xml:
        where = Path(os.path.expanduser(str(xml)))
        kept.append(((config.invocation_params.dir / where).resolve(), "--junitxml", False))
    written = [(path, "--faith-report") for path in options.report_files]
    if options.baseline.path is not None:
        kept.append((options.baseline.path, "--faith-baseline", False))
        written.append((options.baseline.path, "--faith-baseline"))
    for path, flag in written:
        for other, other_flag, folder in kept:
            if other_flag == flag or not (path == other or (folder and path.is_relative_to(other))):
                continue
            what = f"inside the {other_flag} directory" if folder else f"the {other_flag} file"
            raise pytest.UsageError(
                f"{flag} {shown_path(path)}: that is {what} ({shown_path(other)}); writing "
                "there would overwrite or clutter it: give another path"
            )
