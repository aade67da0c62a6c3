"""Accuracy and cost of the metric judges on cases built from labelled faithfulness data.

Cases are built at run time from ../shared/data/faith-dev.jsonl (nothing is copied into the
repository), with a fixed seed pairing each example with another one:

* context precision (passage useful for the question?): BEGIN examples (the only source with
  questions). Positive: the example's own context for its question; negative: another
  example's context. One passage per check, so the verdict is the passage's.
* answer relevancy (answer addresses the question?): BEGIN. Positive: the example's answer to
  its question; negative: another example's answer. Predicted relevant when the relevancy
  score is at least 0.5; a noncommittal answer scores 0.
* context recall (reference found in the contexts?): faithful examples of every source, the
  answer as the reference. Positive: the example's own contexts; negative: another example's.
  Predicted found when the recall score is at least 0.5.

Per metric and judge it prints and writes (benchmarks/results/metrics-<judge>.json): cases,
judge errors, balanced accuracy, recall on positives and negatives, judge calls and tokens per
check, checks per second. A JudgeError counts as an error, never as a prediction.

    python benchmarks/metrics.py                       # the lexical judge, 150 cases per metric
    python benchmarks/metrics.py --judge openai:MODEL@http://127.0.0.1:8080/v1 --limit 5
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pytest_faithful import JudgeError, JudgeOptions, LLMOptions
from pytest_faithful.judges.base import Judge
from pytest_faithful.judges.registry import builtin_registry
from pytest_faithful.metrics.relevancy import run_relevancy
from pytest_faithful.metrics.retrieval import run_precision, run_recall
from pytest_faithful.models import MetricResult
from pytest_faithful.vocab import RECORD_MODES
from report import provenance, write_report

REPO = Path(__file__).resolve().parents[1]
DEFAULT_DATA = REPO / ".." / "shared" / "data" / "faith-dev.jsonl"
RESULTS_DIR = REPO / "benchmarks" / "results"
METRICS = ("context_precision", "answer_relevancy", "context_recall")


@dataclass(frozen=True)
class Case:
    metric: str
    id: str
    positive: bool
    question: str | None
    contexts: tuple[str, ...]
    text: str  # the answer (relevancy) or the reference (recall); unused for precision


def load(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def _other(rows: Sequence[dict[str, Any]], i: int, rng: random.Random) -> dict[str, Any]:
    j = rng.randrange(len(rows) - 1)
    return rows[j if j < i else j + 1]


def build_cases(rows: Sequence[dict[str, Any]], seed: int, limit: int) -> list[Case]:
    """``limit`` cases per metric, half positive and half negative."""
    rng = random.Random(seed)
    begin = [r for r in rows if r.get("question")]
    faithful = [r for r in rows if r["label"] == "faithful"]
    cases: list[Case] = []
    for metric, pool in (
        ("context_precision", begin),
        ("answer_relevancy", begin),
        ("context_recall", faithful),
    ):
        chosen = rng.sample(range(len(pool)), min(len(pool), limit // 2))
        for i in chosen:
            row, other = pool[i], _other(pool, i, rng)
            for positive, source in ((True, row), (False, other)):
                if metric == "context_precision":
                    contexts, text = (" ".join(source["context"]),), ""
                elif metric == "answer_relevancy":
                    contexts, text = (), source["answer"]
                else:
                    contexts, text = tuple(source["context"]), row["answer"]
                cases.append(Case(metric, row["id"], positive, row.get("question"), contexts, text))
    return cases


def run_case(case: Case, judge: Judge) -> MetricResult:
    if case.metric == "context_precision":
        assert case.question is not None
        return run_precision(case.contexts, case.question, judge=judge, threshold=0.5)
    if case.metric == "answer_relevancy":
        assert case.question is not None
        return run_relevancy(case.text, case.question, judge=judge, threshold=0.5)
    return run_recall(case.contexts, case.text, judge=judge, threshold=0.5)


def summarize(metric: str, judged: Sequence[tuple[Case, MetricResult | None]], seconds: float):  # type: ignore[no-untyped-def]
    scored = [(c, r) for c, r in judged if r is not None]
    pos = [r.passed for c, r in scored if c.positive]
    neg = [not r.passed for c, r in scored if not c.positive]
    recall_pos = sum(pos) / len(pos) if pos else None
    recall_neg = sum(neg) / len(neg) if neg else None
    balanced = (
        (recall_pos + recall_neg) / 2 if recall_pos is not None and recall_neg is not None else None
    )
    n = len(scored) or 1
    return {
        "metric": metric,
        "cases": len(judged),
        "errors": len(judged) - len(scored),
        "balanced_accuracy": balanced,
        "recall_positive": recall_pos,
        "recall_negative": recall_neg,
        "judge_calls_per_check": sum(r.usage.judge_calls for _, r in scored) / n,
        "tokens_per_check": sum(r.usage.input_tokens + r.usage.output_tokens for _, r in scored)
        / n,
        "checks_per_second": len(judged) / seconds if seconds else None,
    }


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.1%}"


def table(judge_id: str, rows: Sequence[dict[str, Any]]) -> str:
    lines = [
        f"judge {judge_id}",
        "| metric | cases | errors | balanced acc. | recall +/- | calls/check | tokens/check "
        "| checks/s |",
        "|---|---:|---:|---:|---|---:|---:|---:|",
    ]
    for row in rows:
        lines.append(
            f"| {row['metric']} | {row['cases']} | {row['errors']} | "
            f"{_pct(row['balanced_accuracy'])} | {_pct(row['recall_positive'])} / "
            f"{_pct(row['recall_negative'])} | {row['judge_calls_per_check']:.2f} | "
            f"{row['tokens_per_check']:.0f} | {row['checks_per_second'] or 0:.1f} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--judge", default="lexical", help="Judge spec. Default: %(default)s")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--limit", type=int, default=150, help="Cases per metric (half +).")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--record-mode", choices=RECORD_MODES, default="once")
    parser.add_argument("--cache-dir", type=Path, default=REPO / ".faithful-cache")
    parser.add_argument("--out", type=Path, default=None, help="JSON results file.")
    parser.add_argument("--timeout", type=float, default=300.0, help="Seconds per model call.")
    parser.add_argument(
        "--metrics", nargs="+", choices=METRICS, default=list(METRICS), help="Metrics to run."
    )
    args = parser.parse_args(argv)

    cases = build_cases(load(args.data), args.seed, args.limit)
    llm = LLMOptions(timeout_s=args.timeout, max_retries=0, max_concurrency=1)
    options = JudgeOptions(args.cache_dir, args.record_mode, llm)
    try:
        judge = builtin_registry().build(args.judge, options)
        summaries = []
        for metric in args.metrics:
            judged: list[tuple[Case, MetricResult | None]] = []
            started = time.perf_counter()
            for case in (c for c in cases if c.metric == metric):
                try:
                    judged.append((case, run_case(case, judge)))
                except JudgeError:
                    judged.append((case, None))
            summaries.append(summarize(metric, judged, time.perf_counter() - started))
            print(table(judge.id, summaries[-1:]), flush=True)
        judge_id = judge.id
    finally:
        options.close()
    print(table(judge_id, summaries))
    document = {
        **provenance(__file__, argv),
        "judge": judge_id,
        "seed": args.seed,
        "limit": args.limit,
        "metrics": summaries,
    }
    slug = "".join(ch if ch.isalnum() else "-" for ch in args.judge)[:60]
    write_report(args.out or RESULTS_DIR / f"metrics-{slug}.json", document)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
