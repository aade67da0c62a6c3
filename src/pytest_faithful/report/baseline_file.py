"""The regression baseline file: its entries, and reading and writing it. No pytest here.

The file is JSON meant to be reviewed in pull requests: sorted keys and one check per line, so
a changed score or verdict is a one-line diff. What a run's checks make of it is
``report/baseline.py``.
"""

from __future__ import annotations

import collections
import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError

from pytest_faithful.errors import shorten
from pytest_faithful.files import write_text
from pytest_faithful.models import FaithfulnessResult, FrozenModel, Label, MetricResult
from pytest_faithful.redaction import masked_output
from pytest_faithful.report.pass_rates import PassRate
from pytest_faithful.text import nesting

BASELINE_VERSION = 1
_SETTINGS = ("scoring", "rules")  # what a faithfulness check's score depends on besides verdicts
_SURROGATE = re.compile("[\ud800-\udfff]")
# git's conflict markers (diff3's "|||||||" too), at the start of a line: no line of a
# baseline file written here starts with one.
_CONFLICT = re.compile(r"^(?:<{7}|\|{7}|={7}|>{7})(?: .*)?$", re.MULTILINE)


class BaselineClaim(FrozenModel):
    text: str
    label: Label
    rule: str | None = Field(
        default=None, description="The verdict rule that demoted the claim, if one did."
    )


class BaselineEntry(FrozenModel):
    score: float = Field(ge=0.0, le=1.0)
    judge: str
    claims: tuple[BaselineClaim, ...]
    test: str | None = Field(
        default=None, description="The test id that produced it; tells stale from unselected."
    )
    runs: int | None = Field(
        default=None, ge=1, description="A repeated check: its runs judged (score: pass rate)."
    )
    passed: int | None = Field(default=None, ge=0, description="A repeated check: runs passed.")
    scoring: str | None = Field(
        default=None, description="The scoring policy the check ran with (null: not stored)."
    )
    rules: str | None = Field(
        default=None, description="The verdict rules the check ran with (null: not stored)."
    )

    @classmethod
    def from_rate(cls, rate: PassRate) -> BaselineEntry:
        """A repeated check's entry: its pass rate (as ``score``), runs and runs passed, and
        the scoring policy and verdict rules its runs ran with (either changes which runs
        pass)."""
        assert rate.rate is not None, "an estimated pass rate is not stored"
        return cls(
            score=rate.rate,
            judge=rate.judge_id,
            claims=(),
            test=rate.test,
            runs=rate.runs,
            passed=rate.passed,
            scoring=rate.scoring,
            rules=rate.rules,
        )

    @classmethod
    def from_result(
        cls, result: FaithfulnessResult | MetricResult, test: str | None = None
    ) -> BaselineEntry:
        """A faithfulness check stores its score, its claims' labels and the scoring policy and
        verdict rules it ran with (either changes the score of the same verdicts); a metric
        check (key ``METRIC:nodeid#index``) its score only, context recall also its reference
        claims' labels. A claim's text is kept without any run of a key's characters (a key
        the app leaked into its answer), in the file and in the comparison alike."""
        if isinstance(result, FaithfulnessResult):
            claims = tuple(
                BaselineClaim(text=masked_output(cv.claim.text), label=cv.label, rule=cv.rule)
                for cv in result.claim_verdicts
            )
            return cls(
                score=result.score,
                judge=result.judge_id,
                test=test,
                claims=claims,
                scoring=result.scoring,
                rules=result.rules,
            )
        claims = tuple(
            BaselineClaim(text=masked_output(item.text), label=item.label)
            for item in result.items
            if item.label is not None
        )
        return cls(score=result.score, judge=result.judge_id, test=test, claims=claims)


class BaselineError(ValueError):
    """The baseline file cannot be read; the message names the file and the fix."""


class Baseline(FrozenModel):
    entries: dict[str, BaselineEntry] = Field(default_factory=dict)

    def get(self, key: str) -> BaselineEntry | None:
        return self.entries.get(key)


def checked_key(key: object) -> str | None:
    """A check's ``key=`` argument (None: not given); TypeError/ValueError naming it when it
    cannot name a baseline entry and a pass rate: blank, with a control character or a line
    break (it is shown in every report), or a lone surrogate (no file can hold it: the
    baseline's write at the end of the run would fail)."""
    if key is None:
        return None
    if not isinstance(key, str):
        raise TypeError(f"key must be a str, got {type(key).__name__}")
    if not key.strip():
        raise ValueError(f"key {key!r} is empty; give a name, or leave key out")
    if any(ord(c) < 32 or ord(c) == 127 for c in key):
        raise ValueError(f"key {key!r} holds a control character or a line break")
    try:
        key.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ValueError(
            f"key {key!r} holds a lone surrogate at position {exc.start}, which no file holds"
        ) from None
    return key


def check_key(nodeid: str, index: int, explicit: str | None) -> str:
    """An explicit ``key=`` wins; otherwise the test id and the check's index within the test."""
    return explicit if explicit is not None else f"{nodeid}#{index}"


def metric_key(metric: str, nodeid: str, index: int, explicit: str | None) -> str:
    """A metric check's baseline key: the metric, then the faithfulness-style key."""
    return f"{metric}:{check_key(nodeid, index, explicit)}"


def load_baseline(path: Path) -> Baseline:
    """The stored baseline; a missing file is an empty baseline (the first run creates it)."""
    try:
        # utf-8-sig: a byte-order mark from an editor that saved a hand edit is no damage.
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        return Baseline()
    except (OSError, UnicodeDecodeError) as exc:
        raise BaselineError(f"cannot read the faithfulness baseline {path}: {exc}") from None
    conflict = _CONFLICT.search(text)
    if conflict is not None:
        # Two branches changed the same entry: JSON's own error ("Expecting property name")
        # would not say what happened, nor that the file is better rewritten than hand-merged.
        line = text.count("\n", 0, conflict.start()) + 1
        raise BaselineError(
            f"faithfulness baseline {path} has an unresolved merge conflict at line {line} "
            f"({conflict.group().strip()!r}): keep one side of each conflicting entry, or "
            "take either file and rewrite it with --faith-update-baseline on the merged code."
        )
    try:
        data = nesting.loads(text, json.JSONDecoder(object_pairs_hook=_no_duplicate_keys))
        version = data.get("version") if isinstance(data, dict) else None
        if type(version) is int and version > BASELINE_VERSION:
            # Rewriting it with this version would drop what the newer one stores.
            raise BaselineError(
                f"faithfulness baseline {path} has version {version}, written by a newer "
                f"pytest-faithful; this one reads version {BASELINE_VERSION}. Upgrade "
                "pytest-faithful."
            )
        if type(version) is not int or version != BASELINE_VERSION:
            raise BaselineError(
                f"faithfulness baseline {path} has version {version!r}; this pytest-faithful "
                f"reads version {BASELINE_VERSION}. Rewrite it with --faith-update-baseline."
            )
        # A file without its checks (a hand edit renamed the key) must not read as an empty
        # baseline: every check would be new, and no regression would fail.
        unknown = sorted(set(data) - {"version", "checks"})
        if "checks" not in data or unknown:
            raise ValueError(
                "it needs exactly the keys 'version' and 'checks'"
                + (f", not {', '.join(map(repr, unknown))}" if unknown else "")
            )
        return Baseline(entries=data["checks"])
    except BaselineError:
        raise
    except RecursionError:
        raise BaselineError(
            f"faithfulness baseline {path} is not a valid baseline file (nested too deeply to "
            "read). Fix or delete it, then run with --faith-update-baseline."
        ) from None
    except (ValueError, ValidationError, AttributeError, TypeError) as exc:
        raise BaselineError(
            f"faithfulness baseline {path} is not a valid baseline file ({type(exc).__name__}: "
            f"{shorten(str(exc), 200)}). Fix or delete it, then run with --faith-update-baseline."
        ) from None


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    counts = collections.Counter(key for key, _ in pairs)
    repeated = sorted(key for key, n in counts.items() if n > 1)
    if repeated:
        raise ValueError(f"the key(s) {', '.join(map(repr, repeated))} appear more than once")
    return dict(pairs)


def dump_baseline(baseline: Baseline) -> str:
    """The file's text: UTF-8 as is, except a lone surrogate (a test file or folder whose name
    is not UTF-8 gives its node id one), which has no UTF-8 form and is written as its JSON
    escape, read back as the same string."""
    lines = [f'{{\n  "version": {BASELINE_VERSION},\n  "checks": {{']
    items = sorted(baseline.entries.items())
    for i, (key, entry) in enumerate(items):
        # The settings a metric's or a pass rate's entry does not store are left out, not null:
        # their lines stay as they were before entries stored them.
        data = entry.model_dump(
            mode="json", exclude={k for k in _SETTINGS if getattr(entry, k) is None}
        )
        value = json.dumps(data, sort_keys=True, ensure_ascii=False)
        comma = "," if i < len(items) - 1 else ""
        lines.append(f"    {json.dumps(key, ensure_ascii=False)}: {value}{comma}")
    lines.append("  }\n}\n")
    return _SURROGATE.sub(lambda match: f"\\u{ord(match.group()):04x}", "\n".join(lines))


def write_baseline(path: Path, baseline: Baseline) -> None:
    """Write atomically, so an interrupted run never leaves half a baseline behind."""
    write_text(path, dump_baseline(baseline))


def merged(stored: Baseline, ran: Mapping[str, BaselineEntry], *, replace: bool) -> Baseline:
    """The baseline to write: this run's checks, plus (unless ``replace``) the ones it skipped."""
    entries = {} if replace else dict(stored.entries)
    entries.update(ran)
    return Baseline(entries=entries)


def stale_keys(stored: Baseline, seen: Iterable[str]) -> list[str]:
    """Baseline entries no check of this run produced (meaningful only for a full run)."""
    return sorted(set(stored.entries) - set(seen))
