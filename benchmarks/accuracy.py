"""Accuracy of a judge on labelled faithfulness data: balanced accuracy per source and overall.

Runs every example through the public ``pytest_faithful.verify`` with the given judge spec and
threshold, predicts "faithful" iff the check passed, and prints (and writes as JSON) per source
and overall: n, judge errors, balanced accuracy, recall on faithful and on unfaithful examples,
plus examples per second. A ``JudgeError`` is counted as an error, never as a prediction.

    python benchmarks/accuracy.py         # the lexical judge on ../shared/data/faith-dev.jsonl
    python benchmarks/accuracy.py --judge openai:gpt-4o-mini --limit 100 --seed 1
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import platform
import random
import re
import shlex
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pytest_faithful import JudgeError, verify
from pytest_faithful.cache import RECORD_MODES, RecordMode, parse_record_mode

REPO = Path(__file__).resolve().parents[1]
DEFAULT_DATA = REPO / ".." / "shared" / "data" / "faith-dev.jsonl"
RESULTS_DIR = REPO / "benchmarks" / "results"
DEFAULT_THRESHOLD = 1.0
LABELS = ("faithful", "unfaithful")
OVERALL = "overall"


@dataclass(frozen=True)
class Example:
    id: str
    source: str
    question: str | None
    context: tuple[str, ...]
    answer: str
    faithful: bool


@dataclass
class Tally:
    """Predictions against labels for one group of examples."""

    n: int = 0
    errors: int = 0
    faithful: int = 0  # labelled faithful, predicted (no error)
    faithful_passed: int = 0
    unfaithful: int = 0
    unfaithful_failed: int = 0
    error_ids: list[str] = field(default_factory=list)

    def add(self, example: Example, passed: bool | None) -> None:
        self.n += 1
        if passed is None:
            self.errors += 1
            self.error_ids.append(example.id)
        elif example.faithful:
            self.faithful += 1
            self.faithful_passed += passed
        else:
            self.unfaithful += 1
            self.unfaithful_failed += not passed

    @property
    def recall_faithful(self) -> float | None:
        return self.faithful_passed / self.faithful if self.faithful else None

    @property
    def recall_unfaithful(self) -> float | None:
        return self.unfaithful_failed / self.unfaithful if self.unfaithful else None

    @property
    def balanced_accuracy(self) -> float | None:
        a, b = self.recall_faithful, self.recall_unfaithful
        return None if a is None or b is None else (a + b) / 2

    def as_json(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "errors": self.errors,
            "balanced_accuracy": _round(self.balanced_accuracy),
            "recall_faithful": _round(self.recall_faithful),
            "recall_unfaithful": _round(self.recall_unfaithful),
            "faithful": self.faithful,
            "faithful_passed": self.faithful_passed,
            "unfaithful": self.unfaithful,
            "unfaithful_failed": self.unfaithful_failed,
            "error_ids": self.error_ids[:20],
        }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def load_examples(path: Path) -> list[Example]:
    """Read the labelled JSONL file; a malformed line stops the run with its line number."""
    examples = []
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                context = row["context"]
                if isinstance(context, str):
                    context = [context]
                if row["label"] not in LABELS:
                    raise ValueError(f"label must be one of {LABELS}, got {row['label']!r}")
                examples.append(
                    Example(
                        id=str(row["id"]),
                        source=str(row["source"]),
                        question=row.get("question") or None,
                        context=tuple(str(c) for c in context),
                        answer=str(row["answer"]),
                        faithful=row["label"] == "faithful",
                    )
                )
            except (KeyError, TypeError, ValueError) as exc:
                raise SystemExit(f"{path}:{number}: not a labelled example: {exc!r}") from exc
    return examples


def select(examples: Sequence[Example], limit: int | None, seed: int | None) -> list[Example]:
    """All examples in file order, or shuffled with ``seed``, then the first ``limit``."""
    chosen = list(examples)
    if seed is not None:
        random.Random(seed).shuffle(chosen)
    return chosen if limit is None else chosen[:limit]


@dataclass
class Run:
    tallies: dict[str, Tally]
    judge_id: str | None
    heuristic: bool | None
    seconds: float
    first_error: str | None


def run(
    examples: Iterable[Example],
    *,
    judge: str,
    threshold: float,
    cache_dir: Path,
    record_mode: RecordMode,
) -> Run:
    tallies: dict[str, Tally] = {OVERALL: Tally()}
    judge_id: str | None = None
    heuristic: bool | None = None
    first_error: str | None = None
    started = time.perf_counter()
    for example in examples:
        passed: bool | None
        try:
            result = verify(
                example.answer,
                list(example.context),
                question=example.question,
                judge=judge,
                threshold=threshold,
                cache_dir=cache_dir,
                record_mode=record_mode,
            )
        except JudgeError as exc:
            passed = None
            first_error = first_error or f"{example.id}: {exc}"
        else:
            passed = result.passed
            judge_id, heuristic = result.judge_id, result.heuristic
        tallies.setdefault(example.source, Tally()).add(example, passed)
        tallies[OVERALL].add(example, passed)
    seconds = time.perf_counter() - started
    return Run(tallies, judge_id, heuristic, seconds, first_error)


def _pct(value: float | None) -> str:
    return "   -  " if value is None else f"{value:6.3f}"


def table(outcome: Run) -> str:
    header = f"{'source':<10} {'n':>5} {'errors':>6} {'bal_acc':>8} {'rec_faith':>9} {'rec_unf':>8}"
    rows = [header, "-" * len(header)]
    sources = [*sorted(s for s in outcome.tallies if s != OVERALL), OVERALL]
    for source in sources:
        t = outcome.tallies[source]
        rows.append(
            f"{source:<10} {t.n:>5} {t.errors:>6} {_pct(t.balanced_accuracy):>8} "
            f"{_pct(t.recall_faithful):>9} {_pct(t.recall_unfaithful):>8}"
        )
    return "\n".join(rows)


def _slug(spec: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", spec).strip("_") or "judge"


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Balanced accuracy of a faithfulness judge on labelled JSONL data."
    )
    parser.add_argument(
        "--data", type=Path, default=DEFAULT_DATA, help="labelled JSONL file. Default: %(default)s"
    )
    parser.add_argument(
        "--judge",
        default="lexical",
        help="judge spec, as for verify(judge=...). Default: %(default)s",
    )
    parser.add_argument(
        "--threshold",
        type=float,
        default=DEFAULT_THRESHOLD,
        help="predict faithful iff the check passes at this threshold. Default: %(default)s",
    )
    parser.add_argument("--limit", type=int, default=None, help="only the first N examples")
    parser.add_argument(
        "--seed", type=int, default=None, help="shuffle with this seed before --limit"
    )
    parser.add_argument(
        "--output",
        type=Path,
        default=None,
        help="JSON results path. Default: benchmarks/results/accuracy-<judge>.json",
    )
    parser.add_argument(
        "--cache-dir",
        type=Path,
        default=Path(".faith-cache"),
        help="call cache of model judges. Default: %(default)s",
    )
    parser.add_argument(
        "--record-mode",
        type=parse_record_mode,
        default="once",
        help=f"record mode of model judges ({', '.join(RECORD_MODES)}). Default: %(default)s",
    )
    args = parser.parse_args(argv)
    if not 0.0 <= args.threshold <= 1.0:
        parser.error(f"--threshold must be in [0, 1], got {args.threshold}")
    if args.limit is not None and args.limit < 1:
        parser.error(f"--limit must be at least 1, got {args.limit}")
    try:  # an unknown or malformed spec fails here, once, not on every example
        verify("", "", judge=args.judge, cache_dir=args.cache_dir, record_mode=args.record_mode)
    except ValueError as exc:
        parser.error(f"--judge: {exc}")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    data = args.data.resolve()
    if not data.is_file():
        print(f"no data file at {data} (pass --data PATH)", file=sys.stderr)
        return 2
    examples = select(load_examples(data), args.limit, args.seed)
    outcome = run(
        examples,
        judge=args.judge,
        threshold=args.threshold,
        cache_dir=args.cache_dir,
        record_mode=args.record_mode,
    )
    n = len(examples)
    rate = n / outcome.seconds if outcome.seconds > 0 else float("inf")
    kind = " (heuristic)" if outcome.heuristic else ""
    print(f"judge {outcome.judge_id or args.judge}{kind}, threshold {args.threshold:g}, {data}")
    print(table(outcome))
    print(f"{n} examples in {outcome.seconds:.2f} s ({rate:,.0f} examples/s)")
    errors = outcome.tallies[OVERALL].errors
    if errors:
        print(f"{errors} judge errors (not counted as predictions); first: {outcome.first_error}")

    output = args.output or RESULTS_DIR / f"accuracy-{_slug(args.judge)}.json"
    report = {
        "command": "python " + shlex.join([sys.argv[0], *(sys.argv[1:] if argv is None else argv)]),
        "judge_spec": args.judge,
        "judge_id": outcome.judge_id,
        "heuristic": outcome.heuristic,
        "threshold": args.threshold,
        "data": str(data),
        "data_sha256": hashlib.sha256(data.read_bytes()).hexdigest(),
        "limit": args.limit,
        "seed": args.seed,
        "examples": n,
        "total_seconds": round(outcome.seconds, 4),
        "examples_per_second": round(rate, 1),
        "sources": {s: t.as_json() for s, t in sorted(outcome.tallies.items()) if s != OVERALL},
        OVERALL: outcome.tallies[OVERALL].as_json(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "timestamp": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
    }
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
