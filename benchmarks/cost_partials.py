"""Summarise the per-evaluation rows that cost.py appends to ``<output>.partial.jsonl``.

A long cost run on a shared 2-core machine is done in pieces (``cost.py --start``) and may
end before its summary is written; its rows are still there, one per evaluation. This reads
any number of those files, keeps the last row per (system, example), and prints, per system,
the calls, tokens, errors and silent failures per evaluation, and the gate's balanced accuracy
per source and overall. The gate is what a CI gate does at threshold 1.0: a check passes when
it has a score, every claim is supported and none is contradicted; an evaluation that ended in
an error (JudgeError) fails.

    python benchmarks/cost_partials.py benchmarks/results/cost-issue14-*.partial.jsonl \\
        --systems two-step-noquote,single-call-noquote --output benchmarks/results/cost-100.json
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from accuracy import Example, Tally

from report import provenance, write_report

THRESHOLD = 1.0


def read_rows(
    paths: Sequence[Path], systems: Sequence[str] | None
) -> dict[str, list[dict[str, Any]]]:
    """Rows by system, the last one per example (a rerun of an example replaces it)."""
    latest: dict[tuple[str, str], dict[str, Any]] = {}
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            if systems is None or row["system"] in systems:
                latest[(row["system"], row["id"])] = row
    by_system: dict[str, list[dict[str, Any]]] = {}
    for (system, _), row in latest.items():
        by_system.setdefault(system, []).append(row)
    return by_system


def gate_passes(row: dict[str, Any]) -> bool:
    if row["error"] is not None or row["score"] is None or row["nan"]:
        return False
    return bool(row["score"] >= THRESHOLD and not row["contradicted"])


def balanced_accuracy(rows: Sequence[dict[str, Any]]) -> float | None:
    """The gate's balanced accuracy (accuracy.py's Tally); None without both kinds of label."""
    tally = Tally()
    for row in rows:
        labelled = Example(
            id=row["id"],
            source=row["source"],
            question=None,
            context=(),
            answer="",
            faithful=row["label"] == "faithful",
        )
        tally.add(labelled, gate_passes(row))
    return tally.balanced_accuracy


def summarise(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    n = len(rows)
    sources = sorted({r["source"] for r in rows})
    return {
        "n": n,
        "faithful": sum(r["label"] == "faithful" for r in rows),
        "calls_per_eval": sum(r["calls"] for r in rows) / n,
        "max_calls": max(r["calls"] for r in rows),
        "prompt_tokens_per_eval": sum(r["prompt_tokens"] for r in rows) / n,
        "completion_tokens_per_eval": sum(r["completion_tokens"] for r in rows) / n,
        "errors": sum(r["error"] is not None for r in rows),
        "silent_failures": sum(bool(r["silent_failures"]) for r in rows),
        "faithful_passed": sum(gate_passes(r) for r in rows if r["label"] == "faithful"),
        "gate_balanced_accuracy": balanced_accuracy(rows),
        "per_source": {
            source: {
                "n": sum(r["source"] == source for r in rows),
                "errors": sum(r["source"] == source and r["error"] is not None for r in rows),
                "gate_balanced_accuracy": balanced_accuracy(
                    [r for r in rows if r["source"] == source]
                ),
            }
            for source in sources
        },
    }


def _fmt(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3f}"


def table(summaries: dict[str, dict[str, Any]]) -> str:
    sources = sorted({s for summary in summaries.values() for s in summary["per_source"]})
    header = [
        "system", "n", "calls/eval (max)", "prompt tok", "compl tok", "errors", "silent",
        *(f"{s} (n)" for s in sources), "overall", "faithful passed",
    ]  # fmt: skip
    lines = [header, ["---"] * len(header)]
    for system, s in summaries.items():
        per = s["per_source"]
        lines.append(
            [
                system,
                str(s["n"]),
                f"{s['calls_per_eval']:.2f} ({s['max_calls']})",
                f"{s['prompt_tokens_per_eval']:,.0f}",
                f"{s['completion_tokens_per_eval']:,.0f}",
                str(s["errors"]),
                str(s["silent_failures"]),
                *(
                    f"{_fmt(per[src]['gate_balanced_accuracy'])} ({per[src]['n']})"
                    if src in per
                    else "-"
                    for src in sources
                ),
                f"**{_fmt(s['gate_balanced_accuracy'])}**",
                f"{s['faithful_passed']} / {s['faithful']}",
            ]
        )
    return "\n".join("| " + " | ".join(line) + " |" for line in lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("partials", nargs="+", type=Path, help=".partial.jsonl files of cost.py")
    parser.add_argument("--systems", default=None, help="comma-separated; default: all")
    parser.add_argument("--output", type=Path, default=None, help="also write the numbers here")
    args = parser.parse_args(argv)
    systems = args.systems.split(",") if args.systems else None
    by_system = read_rows(args.partials, systems)
    if not by_system:
        sys.exit("no rows for those systems in those files")
    order = systems or sorted(by_system)
    summaries = {name: summarise(by_system[name]) for name in order if name in by_system}
    print(table(summaries))
    if args.output is not None:
        report = {
            **provenance(__file__, argv),
            "threshold": THRESHOLD,
            "files": [str(p) for p in args.partials],
            "examples": {name: sorted(r["id"] for r in by_system[name]) for name in summaries},
            "systems": summaries,
        }
        print()
        write_report(args.output, report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
