"""What every cost adapter shares: reading examples, writing one JSON line per evaluation.

Adapters run under the other frameworks' own virtualenv, so this module uses the standard
library only and must not import pytest_faithful or the benchmarks.

Input (``--input``): a JSON list of ``{"id", "question", "context": [...], "answer"}``.
Output (``--output``): one JSON object per example, written as soon as it is scored so a crash
keeps what was done::

    {"id": ..., "score": 0.75 | null, "nan": false, "error": null | "Type: message",
     "seconds": 12.3, "statements": 4 | null, "verdicts": 4 | null, "warnings": [...]}

``statements`` is how many claims or statements the metric extracted from the answer and
``verdicts`` how many usable verdicts its score was computed from; the driver reads a difference
as a silent failure (statements left unjudged, or a score over verdicts of no statement).
``warnings`` are the framework's own log records of level WARNING and above while the example
ran: errors a framework logs but swallows.
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TextIO

# Several frameworks refuse an empty question; the summarisation sources have none.
PLACEHOLDER_QUESTION = "Summarize the context."
DUMMY_API_KEY = "sk-no-key-needed"


@dataclass
class Outcome:
    """What a metric reported for one example, besides its score."""

    score: float | None = None
    statements: int | None = None
    verdicts: int | None = None


@dataclass
class Example:
    id: str
    question: str
    context: list[str]
    answer: str


class _CapturedLogs(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(f"{record.name} {record.levelname}: {record.getMessage()}"[:500])


def parse_args(
    description: str, add_arguments: Callable[[argparse.ArgumentParser], None] | None
) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--input", required=True, help="JSON list of examples")
    parser.add_argument("--output", required=True, help="JSON lines, one per example")
    parser.add_argument(
        "--base-url",
        required=True,
        help="OpenAI base URL with {evaluation} where the example id goes, "
        "e.g. http://127.0.0.1:8090/c/ragas/{evaluation}/v1",
    )
    parser.add_argument("--model", required=True, help="model name the server answers to")
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds per HTTP request")
    parser.add_argument("--max-tokens", type=int, default=1024, help="output tokens per request")
    if add_arguments is not None:
        add_arguments(parser)
    return parser.parse_args()


def load_examples(path: str) -> list[Example]:
    with open(path, encoding="utf-8") as source:
        rows = json.load(source)
    return [
        Example(
            id=str(row["id"]),
            question=row.get("question") or PLACEHOLDER_QUESTION,
            context=[str(c) for c in row["context"]],
            answer=str(row["answer"]),
        )
        for row in rows
    ]


def run_adapter(
    description: str,
    score_example: Callable[[Example, argparse.Namespace], Outcome],
    add_arguments: Callable[[argparse.ArgumentParser], None] | None = None,
) -> int:
    """Score every example with ``score_example`` and write one JSON line each."""
    args = parse_args(description, add_arguments)
    logs = _CapturedLogs()
    logging.getLogger().addHandler(logs)
    with open(args.output, "w", encoding="utf-8") as output:
        for example in load_examples(args.input):
            _score_and_write(example, args, score_example, logs, output)
    return 0


def _score_and_write(
    example: Example,
    args: argparse.Namespace,
    score_example: Callable[[Example, argparse.Namespace], Outcome],
    logs: _CapturedLogs,
    output: TextIO,
) -> None:
    logs.records.clear()
    started = time.perf_counter()
    outcome, error = Outcome(), None
    try:
        outcome = score_example(example, args)
    except Exception as exc:  # every failure is a result to report, not a reason to stop
        error = f"{type(exc).__name__}: {exc}"[:1000]
        logs.records.append(traceback.format_exc(limit=6)[-1500:])
    output.write(json.dumps(_row(example, outcome, error, started, logs)) + "\n")
    output.flush()


def _row(
    example: Example,
    outcome: Outcome,
    error: str | None,
    started: float,
    logs: _CapturedLogs,
) -> dict[str, Any]:
    score = outcome.score
    is_nan = score is not None and math.isnan(score)
    return {
        "id": example.id,
        "score": None if is_nan else score,
        "nan": is_nan,
        "error": error,
        "seconds": round(time.perf_counter() - started, 3),
        "statements": outcome.statements,
        "verdicts": outcome.verdicts,
        "warnings": list(logs.records),
    }
