"""The plugin's settings, each a frozen dataclass whose fields declare their own options.

An option is declared once, as a field of the settings dataclass it fills (see
:mod:`pytest_faithful.fields`): :class:`CheckSettings` (per check: its command-line and ini
values are two layers of :func:`pytest_faithful.plugin.settings.resolve`), :class:`RunOptions`
(run-wide policy), ``LLMOptions`` and ``LocalOptions`` (judge tuning, declared beside the judges
that read them), :class:`BaselineOptions`, :class:`RecordingOptions`, ``MetricOptions`` (the
metrics' thresholds, ``plugin/metric_options.py``) and ``CostOptions``. :data:`TABLE` lists
them in ``--help`` order; :mod:`.options` adds them to pytest and parses them.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pytest_faithful.cost.options import CostOptions
from pytest_faithful.fields import (
    UNIT,
    Choice,
    Flag,
    Kind,
    Names,
    PathValue,
    Text,
    Whole,
    check_fields,
    option,
)
from pytest_faithful.judges.llm.options import LLMOptions
from pytest_faithful.judges.local.options import LocalOptions
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
    from pytest_faithful.models import MetricName
    from pytest_faithful.rules import RuleSet

TERMINAL_REPORT = "terminal"
MARKER = "faithfulness"
MAX_REPEAT = 10_000
"""The most runs a repeated test may have (each is an item, collected before any runs; at
10,000 runs a pass rate's 95% interval is already within about 1%)."""
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

FIXTURE_METRICS: dict[str, MetricName | None] = {
    "assert_faithful": None,
    "assert_relevant": "answer_relevancy",
    "assert_reference": "reference",
    "assert_retrieval": None,  # precision, recall or both: which, only the call says
}
"""This plugin's fixtures, and the metric of the check each one makes (None: faithfulness
for assert_faithful; unknown for assert_retrieval)."""


BOOL_INI_VALUES = "true/false, yes/no, on/off or 1/0"
"""What pytest accepts for an ini option of type bool (any case)."""


class Reports(Kind):
    """Report targets: repeatable on the command line (no value: the terminal), a list in the
    ini file; each 'terminal' or a file path whose extension names its format."""


def names_no_rules(names: object) -> bool:
    """Whether a ``rules`` value names nothing ("", " , ", an empty list). It would mean the
    default policy, over what a lower layer chose (``--faith-rules=$UNSET`` over an ini file's
    ``strict``), so the plugin refuses it wherever it is written."""
    if isinstance(names, str):
        return not names.replace(",", " ").split()
    if isinstance(names, Sequence):
        return all(isinstance(n, str) and not n.strip() for n in names)
    return False


NO_RULES = (
    "names no rules; give a policy (standard, strict, evidence) or rule names, or leave it "
    "out for the next setting in the precedence (else the default, standard)"
)


def _known_rules(names: str | Sequence[str]) -> None:
    # Imported when a value is read: the rules load with the judges, not at pytest start-up.
    from pytest_faithful.rules import choose

    if names_no_rules(names):
        raise ValueError(f"{names!r} {NO_RULES}")
    # The option's name is said by whoever reads the value (argparse, the ini reader).
    try:
        choose(names, argument="")
    except ValueError as exc:
        raise ValueError(str(exc).removeprefix(": ")) from None


def _known_skips(names: str | Sequence[str]) -> None:
    from pytest_faithful.rules import choose

    try:
        choose(skip=names, skip_argument="")
    except ValueError as exc:
        raise ValueError(str(exc).removeprefix(": ")) from None


def rule_set_of(rules: str | Sequence[str], skip: str | Sequence[str]) -> RuleSet:
    """``choose(rules, skip)``: the rules a check runs with these settings (ValueError or
    TypeError naming the argument, as ``choose`` raises them)."""
    if all(type(v) is str or _str_tuple(v) for v in (rules, skip)):
        return _rule_set(rules, skip)
    from pytest_faithful.rules import choose

    return choose(rules, skip)  # a marker's list, or a value choose() refuses


def _str_tuple(value: object) -> bool:
    return type(value) is tuple and all(type(name) is str for name in value)


@functools.lru_cache(maxsize=64)
def _rule_set(rules: str | tuple[str, ...], skip: str | tuple[str, ...]) -> RuleSet:
    # choose() is a pure function of these names and its RuleSet is frozen; a run makes one
    # choice or a few, and making it again cost every check 3-15 us. Errors are not kept.
    from pytest_faithful.rules import choose

    return choose(rules, skip)


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
    # Each run is an item collected up front: a huge N would exhaust memory while collecting.
    repeat: int = option(
        "--faith-repeat",
        Whole(1, MAX_REPEAT),
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
        "Fail the session when the baseline holds entries no check produced (stale), or "
        "does not exist.",
        ini_help="Fail on stale baseline entries or a missing baseline file.",
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
        ini_help="Judge call cache directory (relative to the ini file).",
        shown_default=f"{DEFAULT_CACHE_DIR} beside the ini file (else in the rootdir)",
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
