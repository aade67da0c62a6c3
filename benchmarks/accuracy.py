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
import bisect
import hashlib
import json
import random
import re
import resource
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from pytest_faithful import Claim, Judge, JudgeError, JudgeOptions, Label, verify
from pytest_faithful.judges.local.judge import LocalJudge, Reading, decide_label
from pytest_faithful.judges.local.options import LocalOptions
from pytest_faithful.judges.local.prompt import Chunk
from pytest_faithful.judges.registry import builtin_registry
from pytest_faithful.scoring import passes, score
from pytest_faithful.text.segment import Sentence
from pytest_faithful.vocab import RECORD_MODES, parse_record_mode
from report import provenance, write_report

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


def select(
    examples: Sequence[Example], limit: int | None, seed: int | None, half: int | None = None
) -> list[Example]:
    """All examples in file order (or those of one ``half``), or shuffled with ``seed``, then
    the first ``limit``."""
    chosen = [e for e in examples if half is None or half_of(e.id) == half]
    if seed is not None:
        random.Random(seed).shuffle(chosen)
    return chosen if limit is None else chosen[:limit]


def half_of(example_id: str) -> int:
    """0 or 1: a fixed split of any data file by a hash of each id, so a change can be tuned
    looking at one half and reported on the other, unseen (faith-dev: 489 and 511)."""
    return hashlib.sha256(example_id.encode("utf-8")).digest()[0] % 2


# --------------------------------------------------------------------------------------------
# Judging: one record per (judge, example), appended to a JSONL file as it is made, so an
# interrupted run resumes where it stopped.


@dataclass
class Record:
    run: str  # judge id + the settings that change its verdicts; resuming matches on it
    id: str
    source: str
    faithful: bool
    passed: bool | None  # None: JudgeError
    score: float | None  # continuous faithfulness score, for ROC AUC
    claims: int = 0
    seconds: float = 0.0
    judge_calls: int = 0
    cache_hits: int = 0
    input_tokens: int = 0
    tokens_evaluated: int = 0  # local judges: tokens the model actually ran (prefix reuse)
    context_tokens: int = 0  # local judges: tokens of the chunks read, once each
    readings: list[list[list[float]]] | None = None  # local: per claim, per chunk [yes, no, unk]
    # local: per claim, whether the verifier overruled the judge's SUPPORTED (evidence, names and
    # numbers), which no probability threshold undoes; exact at the thresholds of the run.
    vetoed: list[bool] | None = None
    error: str | None = None


class RecordFile:
    """Append-only JSONL of records; earlier records of the same run are reused, not redone."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._done: dict[tuple[str, str], Record] = {}
        if path.is_file():
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    record = Record(**json.loads(line))
                    self._done[(record.run, record.id)] = record

    def __len__(self) -> int:
        return len(self._done)

    def get(self, run: str, example_id: str) -> Record | None:
        return self._done.get((run, example_id))

    def add(self, record: Record) -> None:
        self._done[(record.run, record.id)] = record
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(asdict(record), separators=(",", ":")) + "\n")


class ReadingsJudge:
    """Wraps a local judge so the benchmark keeps the raw probabilities behind each verdict."""

    def __init__(self, inner: LocalJudge) -> None:
        self.inner = inner
        self.last: list[list[Reading]] = []
        self.context_tokens = 0

    @property
    def id(self) -> str:
        return self.inner.id

    @property
    def heuristic(self) -> bool:
        return False

    def extract_claims(self, sentences: Sequence[Sentence], question: str | None) -> Any:
        return self.inner.extract_claims(sentences, question)

    def verify(self, claims: Sequence[Claim], passages: Sequence[str], question: str | None) -> Any:
        per_claim, usage = self.inner.read(claims, passages, question)
        self.last = per_claim
        chunks = {r.chunk.index: r.chunk.text for readings in per_claim for r in readings}
        backend = self.inner.model.backend
        self.context_tokens = sum(backend.count_tokens(text) for text in chunks.values())
        return self.inner.verdicts(claims, per_claim, passages, usage)


@dataclass
class JudgeRun:
    spec: str
    judge: Judge
    run: str
    options: JudgeOptions

    @property
    def local(self) -> ReadingsJudge | None:
        return self.judge if isinstance(self.judge, ReadingsJudge) else None


def build_judge(spec: str, options: JudgeOptions, threshold: float) -> JudgeRun:
    judge: Judge = builtin_registry().build(spec, options)
    settings = f"threshold={threshold:g}"
    if isinstance(judge, LocalJudge):
        local = options.local
        # Thresholds are not part of the run: they are applied to the recorded readings.
        settings += f",chunk_chars={local.chunk_chars},chunks_per_claim={local.chunks_per_claim}"
        judge = ReadingsJudge(judge)
    return JudgeRun(spec, judge, f"{judge.id}|{settings}", options)


def judge_example(job: JudgeRun, example: Example, threshold: float) -> Record:
    local = job.local
    evaluated_before = local.inner.model.backend.tokens_evaluated if local else 0
    started = time.perf_counter()
    try:
        result = verify(
            example.answer,
            list(example.context),
            question=example.question,
            judge=job.judge,
            threshold=threshold,
        )
    except JudgeError as exc:
        return Record(
            job.run, example.id, example.source, example.faithful, None, None,
            seconds=time.perf_counter() - started, error=str(exc)[:300],
        )  # fmt: skip
    seconds = time.perf_counter() - started
    record = Record(
        job.run, example.id, example.source, example.faithful, result.passed, result.score,
        claims=len(result.claim_verdicts), seconds=seconds,
        judge_calls=result.usage.judge_calls, cache_hits=result.usage.cache_hits,
        input_tokens=result.usage.input_tokens,
    )  # fmt: skip
    if local is not None:
        record.readings = [
            [[r.supported, r.contradicted, r.unknown] for r in claim] for claim in local.last
        ]
        record.score = local_score(record.readings)
        record.vetoed = [
            cv.judge_label is Label.SUPPORTED and cv.label is not Label.SUPPORTED
            for cv in result.claim_verdicts
        ]
        record.tokens_evaluated = local.inner.model.backend.tokens_evaluated - evaluated_before
        record.context_tokens = local.context_tokens
    return record


def local_score(readings: Sequence[Sequence[Sequence[float]]]) -> float:
    """The weakest claim's best support: the check passes (threshold 1.0) iff it is supported."""
    return min((max((r[0] for r in claim), default=0.0) for claim in readings), default=1.0)


def relabel(record: Record, options: LocalOptions, threshold: float) -> bool | None:
    """A local record's outcome at other probability thresholds, from its raw readings."""
    if record.readings is None or record.passed is None:
        return record.passed
    labels = []
    vetoed = record.vetoed or [False] * len(record.readings)
    for claim, overruled in zip(record.readings, vetoed, strict=True):
        readings = [Reading(_NO_CHUNK, yes, no, unknown) for yes, no, unknown in claim]
        label = decide_label(readings, options).label
        labels.append(Label.NOT_ENOUGH_INFO if overruled and label is Label.SUPPORTED else label)
    return passes(score(labels, "strict"), threshold, labels, allow_contradictions=False)


_NO_CHUNK = Chunk(0, (), "")


def run_judge(
    job: JudgeRun, examples: Sequence[Example], threshold: float, records: RecordFile
) -> list[Record]:
    done: list[Record] = []
    for number, example in enumerate(examples, start=1):
        record = records.get(job.run, example.id)
        if record is None:
            record = judge_example(job, example, threshold)
            records.add(record)
            if job.local is not None and number % 10 == 0:
                print(f"  {job.spec}: {number}/{len(examples)}", file=sys.stderr, flush=True)
        done.append(record)
    return done


# --------------------------------------------------------------------------------------------
# Numbers


def tallies(records: Sequence[Record], outcome: dict[str, bool | None]) -> dict[str, Tally]:
    by_source: dict[str, Tally] = {OVERALL: Tally()}
    for record in records:
        example = Example(record.id, record.source, None, (), "", record.faithful)
        by_source.setdefault(record.source, Tally()).add(example, outcome[record.id])
        by_source[OVERALL].add(example, outcome[record.id])
    return by_source


def roc_auc(records: Sequence[Record]) -> float | None:
    """P(a faithful example scores above an unfaithful one), ties counting half."""
    scored = [(r.score, r.faithful) for r in records if r.score is not None]
    positives = sorted(s for s, faithful in scored if faithful)
    negatives = sorted(s for s, faithful in scored if not faithful)
    if not positives or not negatives:
        return None
    wins = 0.0
    for value in positives:
        below = bisect.bisect_left(negatives, value)
        equal = bisect.bisect_right(negatives, value) - below
        wins += below + equal / 2
    return wins / (len(positives) * len(negatives))


def summary(job: JudgeRun, records: Sequence[Record], threshold: float) -> dict[str, Any]:
    local = job.local
    if local is not None:
        outcome = {r.id: relabel(r, local.inner.options, threshold) for r in records}
    else:
        outcome = {r.id: r.passed for r in records}
    groups = tallies(records, outcome)
    seconds = sum(r.seconds for r in records)
    claims = sum(r.claims for r in records)
    n = len(records)
    result: dict[str, Any] = {
        "judge_spec": job.spec,
        "judge_id": job.judge.id,
        "heuristic": job.judge.heuristic,
        "run": job.run,
        "examples": n,
        "claims": claims,
        "seconds": round(seconds, 3),
        "examples_per_second": round(n / seconds, 3) if seconds else None,
        "claims_per_second": round(claims / seconds, 3) if seconds else None,
        "roc_auc": _round(roc_auc(records)),
        "roc_auc_by_source": {
            source: _round(roc_auc([r for r in records if r.source == source]))
            for source in sorted({r.source for r in records})
        },
        "judge_calls": sum(r.judge_calls for r in records),
        "input_tokens": sum(r.input_tokens for r in records),
        "sources": {s: t.as_json() for s, t in sorted(groups.items()) if s != OVERALL},
        OVERALL: groups[OVERALL].as_json(),
        "tallies": groups,
    }
    if local is not None:
        options = local.inner.options
        evaluated = sum(r.tokens_evaluated for r in records)
        context = sum(r.context_tokens for r in records)
        result["local"] = {
            "support_threshold": options.support_threshold,
            "contradiction_threshold": options.contradiction_threshold,
            "chunk_chars": options.chunk_chars,
            "chunks_per_claim": options.chunks_per_claim,
            "threads": options.threads,
            "tokens_evaluated": evaluated,
            "context_tokens": context,
            "tokens_per_second": round(evaluated / seconds, 1) if seconds else None,
            # Model work over reading each chunk once: 1.0 would mean instructions and claims cost
            # nothing; prefix reuse keeps it close to that.
            "evaluated_over_context_tokens": round(evaluated / context, 3) if context else None,
            "seconds_per_example": round(seconds / n, 3) if n else None,
        }
    return result


def _pct(value: float | None) -> str:
    return "   -  " if value is None else f"{value:6.3f}"


def table(summaries: Sequence[dict[str, Any]]) -> str:
    sources = sorted({s for summary_ in summaries for s in summary_["tallies"] if s != OVERALL})
    columns = [*sources, OVERALL]
    header = f"{'judge':<34} {'n':>5} {'err':>4} " + " ".join(f"{c:>9}" for c in columns)
    header += f" {'AUC':>6} {'ex/s':>8} {'claims/s':>8} {'peak MB':>8}"
    rows = ["balanced accuracy per source", header, "-" * len(header)]
    for item in summaries:
        groups = item["tallies"]
        cells = " ".join(
            f"{_pct(groups[c].balanced_accuracy) if c in groups else '   -  ':>9}" for c in columns
        )
        auc = item["roc_auc"]
        rows.append(
            f"{item['judge_id'][:34]:<34} {item['examples']:>5} {groups[OVERALL].errors:>4} "
            f"{cells} {_pct(auc):>6} {item['examples_per_second'] or 0:>8.2f} "
            f"{item['claims_per_second'] or 0:>8.2f} {_megabytes(item.get('peak_rss_mb')):>8}"
        )
    return "\n".join(rows)


def _megabytes(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f}"


def peak_rss_mb() -> float:
    """This process's peak resident memory so far (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _slug(spec: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", spec).strip("_") or "judge"


def _name(spec: str) -> str:
    """A short file-name part for a spec: a local model's file stem, not its whole path."""
    return "local-" + Path(spec.split(":", 1)[1]).stem if spec.startswith("local:") else spec


# --------------------------------------------------------------------------------------------
# Command line


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Balanced accuracy of faithfulness judges on labelled JSONL data, side by side."
    )
    parser.add_argument(
        "--data", type=Path, default=DEFAULT_DATA, help="labelled JSONL file. Default: %(default)s"
    )
    parser.add_argument(
        "--judge",
        action="append",
        help="judge spec, as for verify(judge=...); repeat to compare. Default: lexical",
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
        "--half",
        type=int,
        choices=(0, 1),
        default=None,
        help="only the examples of one half of a fixed split by a hash of their ids (tune on "
        "one, report the other). Default: all",
    )
    parser.add_argument(
        "--output",
        type=Path,
        default=None,
        help="JSON results path. Default: benchmarks/results/accuracy-<judges>.json",
    )
    parser.add_argument(
        "--records",
        type=Path,
        default=None,
        help="per-example JSONL records; a rerun with the same judges and settings resumes "
        "from it. Default: benchmarks/results/records/accuracy-<judges>.jsonl",
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
    defaults = LocalOptions()
    local = parser.add_argument_group("local judge (local:PATH.gguf)")
    local.add_argument("--local-threads", type=int, default=defaults.threads)
    local.add_argument("--local-context", type=int, default=defaults.context_window)
    local.add_argument("--local-chunk-chars", type=int, default=defaults.chunk_chars)
    local.add_argument("--local-chunks-per-claim", type=int, default=defaults.chunks_per_claim)
    local.add_argument("--local-support-threshold", type=float, default=defaults.support_threshold)
    local.add_argument(
        "--local-contradiction-threshold", type=float, default=defaults.contradiction_threshold
    )
    args = parser.parse_args(argv)
    args.judge = args.judge or ["lexical"]
    if not 0.0 <= args.threshold <= 1.0:
        parser.error(f"--threshold must be in [0, 1], got {args.threshold}")
    if args.limit is not None and args.limit < 1:
        parser.error(f"--limit must be at least 1, got {args.limit}")
    try:
        args.local = LocalOptions(
            threads=args.local_threads,
            context_window=args.local_context,
            chunk_chars=args.local_chunk_chars,
            chunks_per_claim=args.local_chunks_per_claim,
            support_threshold=args.local_support_threshold,
            contradiction_threshold=args.local_contradiction_threshold,
        )
    except ValueError as exc:
        parser.error(f"--local-*: {exc}")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    data = args.data.resolve()
    if not data.is_file():
        print(f"no data file at {data} (pass --data PATH)", file=sys.stderr)
        return 2
    examples = select(load_examples(data), args.limit, args.seed, args.half)
    options = JudgeOptions(cache_dir=args.cache_dir, record_mode=args.record_mode, local=args.local)
    try:
        jobs = [build_judge(spec, options, args.threshold) for spec in args.judge]
    except ValueError as exc:
        print(f"--judge: {exc}", file=sys.stderr)
        return 2
    names = "+".join(_slug(_name(spec)) for spec in args.judge)
    records = RecordFile(args.records or RESULTS_DIR / "records" / f"accuracy-{names}.jsonl")
    summaries = []
    try:
        for job in jobs:
            before = len(records)
            done = run_judge(job, examples, args.threshold, records)
            item = summary(job, done, args.threshold)
            # Only meaningful when this process judged something (not a pure resume).
            item["peak_rss_mb"] = round(peak_rss_mb(), 1) if len(records) > before else None
            summaries.append(item)
    finally:
        options.close()

    print(f"{len(examples)} examples of {data}, check threshold {args.threshold:g}")
    print(table(summaries))
    for item in summaries:
        errors = item["tallies"][OVERALL].errors
        if errors:
            print(f"{item['judge_id']}: {errors} judge errors (not counted as predictions)")
        if "local" in item:
            print(f"{item['judge_id']}: {json.dumps(item['local'])}")
    output = args.output or RESULTS_DIR / f"accuracy-{names}.json"
    report = {
        **provenance(__file__, argv),
        "threshold": args.threshold,
        "data": str(data),
        "data_sha256": hashlib.sha256(data.read_bytes()).hexdigest(),
        "limit": args.limit,
        "half": args.half,
        "seed": args.seed,
        "examples": len(examples),
        "records": str(records.path),
        "judges": [{k: v for k, v in item.items() if k != "tallies"} for item in summaries],
    }
    write_report(output, report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
