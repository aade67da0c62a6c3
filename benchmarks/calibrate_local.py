"""Calibrate the local judge's probability thresholds from recorded readings; measure a hybrid.

``accuracy.py`` records, for every example the local judge checked, the model's
P(Yes)/P(No)/P(Unknown) for each claim against each chunk it read. This script needs no model:
it replays those readings at other thresholds.

* ``support_threshold``: the P(Yes) that maximises balanced accuracy (the check passes iff
  every claim is SUPPORTED, i.e. threshold 1.0, strict scoring). Reported twice: fitted on all
  records (the number the judge ships), and 5-fold cross-validated (fit on four folds, predict
  the fifth), which is the honest estimate for unseen data.
* ``contradiction_threshold`` does not change pass/fail under strict scoring; it is fitted for
  lenient scoring (the check fails iff some claim is CONTRADICTED).
* hybrid: a claim is SUPPORTED when the lexical judge supports it with a quote, or the model
  does; measured because the two fail on different sources.

    python benchmarks/calibrate_local.py --records RECORDS.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from accuracy import DEFAULT_DATA, OVERALL, RESULTS_DIR, Example, Record, Tally, load_examples

from pytest_faithful.judges.lexical.judge import LexicalJudge
from pytest_faithful.models import Label
from pytest_faithful.text.segment import split_sentences
from report import provenance, write_report

GRID = [round(i / 100, 2) for i in range(1, 100)]
FOLDS = 5


@dataclass(frozen=True)
class Item:
    """One example: its label, each claim's best P(Yes), P(No), and the lexical verdicts."""

    id: str
    source: str
    faithful: bool
    best_yes: tuple[float, ...]
    best_no: tuple[float, ...]
    lexical_supported: tuple[bool, ...]


Rule = Callable[[Item, float], bool]


def local_passes(item: Item, threshold: float) -> bool:
    return all(p >= threshold for p in item.best_yes)


def hybrid_passes(item: Item, threshold: float) -> bool:
    return all(
        lexical or p >= threshold
        for p, lexical in zip(item.best_yes, item.lexical_supported, strict=True)
    )


def lenient_passes(item: Item, threshold: float) -> bool:
    return all(p < threshold for p in item.best_no)


def mean_yes_passes(item: Item, threshold: float) -> bool:
    """The average claim's P(Yes), instead of the weakest claim's."""
    return not item.best_yes or sum(item.best_yes) / len(item.best_yes) >= threshold


def yes_over_no_passes(item: Item, threshold: float) -> bool:
    """P(Yes) / (P(Yes) + P(No)) for every claim: "Unknown" left out of the comparison."""
    return all(y / (y + n) >= threshold for y, n in zip(item.best_yes, item.best_no, strict=True))


# Other ways to turn the readings into a pass/fail, measured so the shipped rule is a choice.
VARIANTS: dict[str, Rule] = {
    "every claim P(yes) >= t (shipped)": local_passes,
    "mean over claims of P(yes) >= t": mean_yes_passes,
    "every claim P(yes)/(P(yes)+P(no)) >= t": yes_over_no_passes,
}


def variant_rows(items: Sequence[Item], seed: int) -> dict[str, dict[str, float]]:
    rows = {}
    for name, rule in VARIANTS.items():
        fitted = fit(items, rule)
        predicted, _ = cross_validated(items, rule, seed)
        rows[name] = {
            "threshold": fitted,
            "fitted": round(balanced_accuracy(items, lambda i, r=rule, t=fitted: r(i, t)), 4),
            "cross_validated": round(balanced_accuracy(items, lambda i, p=predicted: p[i.id]), 4),
        }
    return rows


def balanced_accuracy(items: Sequence[Item], predict: Callable[[Item], bool]) -> float:
    faithful = [predict(i) for i in items if i.faithful]
    unfaithful = [not predict(i) for i in items if not i.faithful]
    if not faithful or not unfaithful:
        return float("nan")
    return (sum(faithful) / len(faithful) + sum(unfaithful) / len(unfaithful)) / 2


def fit(items: Sequence[Item], rule: Rule) -> float:
    """The grid threshold with the best balanced accuracy (the middle one of a tie)."""
    scores = [balanced_accuracy(items, lambda i, t=t: rule(i, t)) for t in GRID]
    best = max(scores)
    ties = [t for t, s in zip(GRID, scores, strict=True) if s == best]
    return ties[len(ties) // 2]


def cross_validated(
    items: Sequence[Item], rule: Rule, seed: int
) -> tuple[dict[str, bool], list[float]]:
    """Predictions for every item from a threshold fitted without its fold."""
    order = list(items)
    random.Random(seed).shuffle(order)
    predictions: dict[str, bool] = {}
    thresholds = []
    for fold in range(FOLDS):
        held_out = order[fold::FOLDS]
        fitted = fit([i for n, i in enumerate(order) if n % FOLDS != fold], rule)
        thresholds.append(fitted)
        predictions.update({i.id: rule(i, fitted) for i in held_out})
    return predictions, thresholds


def tally(items: Sequence[Item], predicted: dict[str, bool]) -> dict[str, Tally]:
    groups: dict[str, Tally] = {OVERALL: Tally()}
    for item in items:
        example = Example(item.id, item.source, None, (), "", item.faithful)
        groups.setdefault(item.source, Tally()).add(example, predicted[item.id])
        groups[OVERALL].add(example, predicted[item.id])
    return groups


def load_items(records_path: Path, data: Path) -> tuple[list[Item], dict[str, bool], str]:
    records = [
        Record(**json.loads(line))
        for line in records_path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    local = {r.id: r for r in records if r.run.startswith("local:") and r.readings is not None}
    lexical = {r.id: r.passed for r in records if r.run.startswith("lexical")}
    if not local:
        raise SystemExit(f"{records_path} has no local judge records with readings")
    runs = {r.run for r in local.values()}
    if len(runs) != 1:
        raise SystemExit(f"{records_path} mixes local runs {sorted(runs)}; pass one run's records")
    examples = {e.id: e for e in load_examples(data)}
    judge = LexicalJudge()
    items = []
    for record in local.values():
        example = examples[record.id]
        claims = judge.extract_claims(split_sentences(example.answer), example.question).claims
        verdicts = judge.verify(claims, example.context, example.question).verdicts
        if len(claims) != len(record.readings or []):
            raise SystemExit(f"{record.id}: claims changed since the readings were recorded")
        readings = record.readings or []
        items.append(
            Item(
                id=record.id,
                source=record.source,
                faithful=record.faithful,
                best_yes=tuple(max((r[0] for r in c), default=0.0) for c in readings),
                best_no=tuple(max((r[1] for r in c), default=0.0) for c in readings),
                lexical_supported=tuple(v.label is Label.SUPPORTED for v in verdicts),
            )
        )
    lexical_outcomes = {i.id: lexical[i.id] for i in items if lexical.get(i.id) is not None}
    return items, lexical_outcomes, runs.pop()


def _cell(value: float | None) -> str:
    return "   -  " if value is None else f"{value:6.3f}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=Path, required=True, help="accuracy.py records JSONL")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--seed", type=int, default=0, help="fold assignment seed")
    parser.add_argument("--output", type=Path, default=RESULTS_DIR / "calibration-local.json")
    args = parser.parse_args(argv)
    items, lexical, run = load_items(args.records, args.data.resolve())

    support = fit(items, local_passes)
    hybrid = fit(items, hybrid_passes)
    contradiction = fit(items, lenient_passes)
    local_cv, local_folds = cross_validated(items, local_passes, args.seed)
    hybrid_cv, hybrid_folds = cross_validated(items, hybrid_passes, args.seed)
    rows: list[tuple[str, dict[str, bool]]] = [
        ("lexical/v2", {i.id: lexical[i.id] for i in items if i.id in lexical}),
        (
            f"local, P(yes) >= {support:.2f} (fit on all)",
            {i.id: local_passes(i, support) for i in items},
        ),
        ("local, 5-fold cross-validated", local_cv),
        (
            f"hybrid, P(yes) >= {hybrid:.2f} (fit on all)",
            {i.id: hybrid_passes(i, hybrid) for i in items},
        ),
        ("hybrid, 5-fold cross-validated", hybrid_cv),
    ]
    sources = sorted({i.source for i in items})
    print(f"{len(items)} examples with local readings ({run})")
    header = f"{'rule':<36} " + " ".join(f"{s:>9}" for s in [*sources, OVERALL])
    print(header)
    print("-" * len(header))
    table: dict[str, Any] = {}
    for name, predicted in rows:
        covered = [i for i in items if i.id in predicted]
        groups = tally(covered, predicted)
        cells = [groups[s].balanced_accuracy if s in groups else None for s in [*sources, OVERALL]]
        print(f"{name:<36} " + " ".join(f"{_cell(c):>9}" for c in cells))
        table[name] = {s: g.as_json() for s, g in groups.items()}
    lenient = balanced_accuracy(items, lambda i: lenient_passes(i, contradiction))
    print(
        f"support_threshold {support:.2f}; hybrid threshold {hybrid:.2f}; folds: local "
        f"{local_folds}, hybrid {hybrid_folds}"
    )
    print(
        f"contradiction_threshold {contradiction:.2f} (lenient scoring: balanced accuracy "
        f"{lenient:.3f})"
    )
    variants = variant_rows(items, args.seed)
    print(f"\n{'score rule':<42} {'t':>5} {'fitted':>7} {'5-fold CV':>9}")
    for name, row in variants.items():
        print(
            f"{name:<42} {row['threshold']:>5.2f} {row['fitted']:>7.3f} "
            f"{row['cross_validated']:>9.3f}"
        )
    report = {
        **provenance(__file__, argv),
        "run": run,
        "examples": len(items),
        "support_threshold": support,
        "hybrid_support_threshold": hybrid,
        "contradiction_threshold": contradiction,
        "lenient_balanced_accuracy": round(lenient, 4),
        "fold_thresholds": {"local": local_folds, "hybrid": hybrid_folds},
        "rules": table,
        "score_rules": variants,
    }
    write_report(args.output, report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
