"""How often do answers state a number, a name or a quotation no passage states, faithful or not?

    python benchmarks/specifics.py

The verifier turns a SUPPORTED verdict into NOT_ENOUGH_INFO when the claim's answer sentence
states a number, a name or a quotation that no passage states (``pytest_faithful.text.specifics``).
That is only worth doing if faithful answers almost never do it. This counts, for every
labelled dev example (read from ``../shared/data``, never copied here), whether some sentence of
the answer states a number, a name, a quotation, or any of them, that no passage of the example
states: per source and label. A rule that flags an answer flags it whatever the judge said, so
the share of flagged faithful answers bounds what the rule can cost any judge, and the share of
flagged unfaithful ones what it can gain. Prints one table; writes ``results/specifics.json``.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from accuracy import DEFAULT_DATA, RESULTS_DIR, load_examples

from pytest_faithful.text.segment import split_sentences
from pytest_faithful.text.specifics import unstated
from report import provenance, write_report

KINDS = ("number", "name", "quotation", "any")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--output", type=Path, default=RESULTS_DIR / "specifics.json")
    args = parser.parse_args(argv)
    examples = load_examples(args.data)
    flagged: Counter[tuple[str, bool, str]] = Counter()
    totals: Counter[tuple[str, bool]] = Counter()
    for example in examples:
        missing = [
            item
            for sentence in split_sentences(example.answer)
            for item in unstated(sentence.text, sentence.text, example.context)
        ]
        numbers = any(item[0].isdigit() for item in missing)
        quotations = any(item.startswith('"') for item in missing)
        names = any(not item[0].isdigit() and not item.startswith('"') for item in missing)
        hits = (numbers, names, quotations, numbers or names or quotations)
        for source in (example.source, "all"):
            totals[source, example.faithful] += 1
            for kind, hit in zip(KINDS, hits, strict=True):
                flagged[source, example.faithful, kind] += hit
    sources = [*sorted({e.source for e in examples}), "all"]
    header = f"{'source':<10} {'label':<11} {'n':>4}  " + "  ".join(f"{k:>7}" for k in KINDS)
    lines = [header, "-" * len(header)]
    table: dict[str, dict[str, dict[str, int]]] = {}
    for source in sources:
        for faithful in (True, False):
            label = "faithful" if faithful else "unfaithful"
            counts = {kind: flagged[source, faithful, kind] for kind in KINDS}
            table.setdefault(source, {})[label] = {"n": totals[source, faithful], **counts}
            lines.append(
                f"{source:<10} {label:<11} {totals[source, faithful]:>4}  "
                + "  ".join(f"{counts[k]:>7}" for k in KINDS)
            )
    print(f"answers stating a number / name / quotation / any no passage states ({args.data})")
    print("\n".join(lines))
    report = {
        **provenance(__file__, argv),
        "data": str(args.data),
        "flagged": table,
    }
    write_report(args.output, report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
