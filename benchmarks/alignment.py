"""Quote alignment: which matcher finds a judge's slightly edited quote in its passage?

    python benchmarks/alignment.py                    # 400 dev passages, difflib and rapidfuzz
    python benchmarks/alignment.py --limit 100 --repeat 1

Synthetic quotes are built at run time from sentences of faith-dev passages (read from
``../shared/data``, never copied here). Each sentence gives quotes with one *small edit*, which
must align to that sentence's span in its passage (case, punctuation, a dropped word, a changed
word, an ellipsis, the next sentence joined with "and", the wrong passage number), and quotes
that *change the meaning*, which must not align (another number, a negation added or removed,
an ellipsis that leaves out the negation just before the words it keeps, another capitalised
name, a sentence of another example). A small edit counts as aligned when
the span found is in the right passage and overlaps the true span by at least 80% (characters,
intersection over union).

Matchers: ``difflib`` is what ships (``pytest_faithful.text.evidence.align_in``: word-level
``SequenceMatcher`` around the longest common run); ``rapidfuzz`` is
``rapidfuzz.fuzz.partial_ratio_alignment`` on the lowercased texts, snapped to word edges,
behind the same acceptance rule (score >= 70, and the same number / name / negation guards);
``exact`` is the matcher before issue 14 (the quote, normalised, is a substring of the cited
passage). It prints one table (share aligned per edit, share refused per meaning change,
microseconds per quote) and writes ``results/alignment.json``. An ``initialism`` case copies a
passage sentence with its dotted initialism spaced out ("U.S." as "U. S."), where one has it.
In a transcript (lines "Speaker: ..."), ``speaker-label`` quotes a later sentence of a turn
with its speaker's label in front, and ``other-speaker`` with another speaker's label, which
must not align.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import re
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from accuracy import DEFAULT_DATA, RESULTS_DIR, load_examples

from pytest_faithful.text import evidence
from pytest_faithful.text.segment import split_sentences
from report import provenance, write_report

Span = tuple[int, int, int]  # passage, start, end
Matcher = Callable[[Sequence[str], str, int | None], Span | None]

POSITIVE = (
    "case",
    "punctuation",
    "dropped-word",
    "changed-word",
    "ellipsis",
    "joined",
    "wrong-passage",
    "initialism",
    "speaker-label",
)
NEGATIVE = (
    "other-number",
    "negation",
    "ellipsis-negation",
    "other-name",
    "other-sentence",
    "other-speaker",
)
_NUMBER = re.compile(r"\b\d+\b")
_AUX = re.compile(r"\b(is|are|was|were|can|will|does|did|has|have)\b")
_NOT = re.compile(r"\b(not|never|no)\b ?|n't\b")
_NAME = re.compile(r"(?<=\s)[A-Z][a-z]{2,}")
_WORD = re.compile(r"\b[a-z]{4,}\b")
_DOTTED = re.compile(r"\b(?:[A-Z]\.){2,}")
_TURN = re.compile(r"^([A-Z][\w.'-]*(?: [A-Z][\w.'-]*){0,2}): +(.+)$", re.MULTILINE)


# --- matchers ----------------------------------------------------------------------------------


def difflib_matcher(passages: Sequence[str], quote: str, cited: int | None) -> Span | None:
    found = evidence.align_in(passages, quote, cited)
    return None if found is None else (found.passage, found.start, found.end)


def exact_matcher(passages: Sequence[str], quote: str, cited: int | None) -> Span | None:
    if cited is None or not 0 <= cited < len(passages):
        return None
    index = evidence.PassageIndex(passages)
    if not index.contains(cited, quote):
        return None
    at = evidence.align(passages[cited], quote)  # where, for the overlap measure
    return (cited, at.start, at.end) if at is not None else (cited, 0, 0)


def rapidfuzz_matcher(passages: Sequence[str], quote: str, cited: int | None) -> Span | None:
    from rapidfuzz import fuzz

    words = [evidence._fold(w) for w in evidence._ALIGN_WORD.findall(quote)]
    if not words:
        return None
    needle = " ".join(words)
    order = [cited] if cited is not None and 0 <= cited < len(passages) else []
    order += [i for i in range(len(passages)) if i not in order]
    best: tuple[float, Span] | None = None
    for i in order:
        passage = passages[i]
        lowered = passage.lower()
        if len(lowered) != len(passage):
            lowered = passage
        hit = fuzz.partial_ratio_alignment(needle, lowered, score_cutoff=70)
        if hit is None:
            continue
        start, end = _snap(passage, hit.dest_start, hit.dest_end)
        span_words = [evidence._fold(w) for w in evidence._ALIGN_WORD.findall(passage[start:end])]
        if not span_words or not evidence._guards_hold(words, span_words, quote):
            continue
        if best is None or hit.score > best[0]:
            best = (hit.score, (i, start, end))
        if i == cited and hit.score >= 99.9:
            break
    return None if best is None else best[1]


def _snap(text: str, start: int, end: int) -> tuple[int, int]:
    while start > 0 and text[start - 1].isalnum():
        start -= 1
    while end < len(text) and text[end].isalnum():
        end += 1
    return start, end


MATCHERS: dict[str, Matcher] = {
    "difflib": difflib_matcher,
    "rapidfuzz": rapidfuzz_matcher,
    "exact": exact_matcher,
}


def chosen_matchers(parser: argparse.ArgumentParser, given: str | None) -> list[str]:
    """The matchers asked for; by default all, less rapidfuzz when it is not installed (it is
    installed only for this comparison), said on stderr so the table's columns are explained."""
    names = list(MATCHERS) if given is None else [n for n in given.split(",") if n]
    unknown = [n for n in names if n not in MATCHERS]
    if unknown or not names:
        parser.error(f"--matchers: unknown {', '.join(unknown) or '(none given)'}")
    if importlib.util.find_spec("rapidfuzz") is None and "rapidfuzz" in names:
        if given is not None:
            parser.error("--matchers: rapidfuzz is not installed (pip install rapidfuzz)")
        print("rapidfuzz is not installed: its column is left out", file=sys.stderr)
        names.remove("rapidfuzz")
    return names


# --- synthetic quotes --------------------------------------------------------------------------


def cases(limit: int, seed: int, data: Path) -> list[dict[str, Any]]:
    """(kind, passages, cited, quote, expected span or None) for sampled dev sentences."""
    rng = random.Random(seed)
    examples = load_examples(data)
    rng.shuffle(examples)
    others = [s.text for e in examples[-200:] for p in e.context for s in split_sentences(p)]
    names = [m[0] for s in others for m in _NAME.finditer(s)]
    built: list[dict[str, Any]] = []
    for example in examples[:limit]:
        p = max(range(len(example.context)), key=lambda i: len(example.context[i]))
        passage = example.context[p]
        sentences = [s for s in split_sentences(passage) if 8 <= len(s.text.split()) <= 40]
        if not sentences:
            continue
        k = rng.randrange(len(sentences))
        s = sentences[k]
        text = s.text.rstrip(".!?")
        end = s.start + len(text)
        passages = list(example.context)
        decoy = rng.choice(others)

        def add(
            kind: str, quote: str, span: Span | None, cited: int = p, where: list[str] = passages
        ) -> None:
            built.append(
                {"kind": kind, "passages": where, "cited": cited, "quote": quote, "span": span}
            )

        words = text.split()
        add("case", text.upper(), (p, s.start, end))
        add("punctuation", re.sub(r"[,;:()\"']", "", text).lower() + ".", (p, s.start, end))
        droppable = [i for i, w in enumerate(words[1:-1], 1) if w.isalpha() and w.islower()]
        if droppable:
            i = rng.choice(droppable)
            add("dropped-word", " ".join(words[:i] + words[i + 1 :]), (p, s.start, end))
            add(
                "changed-word", " ".join([*words[:i], "really", *words[i + 1 :]]), (p, s.start, end)
            )
        third = max(1, len(words) // 3)
        # An ellipsis that leaves out the "not" just before what it keeps changes the meaning
        # ("coach ... will not be too worried" -> "coach ... be too worried"): no small edit.
        left_out = evidence.negations(" ".join(words[third:-third][-2:]))
        add(
            "ellipsis-negation" if left_out else "ellipsis",
            " ".join(words[:third]) + " ... " + " ".join(words[-third:]),
            None if left_out else (p, s.start, end),
        )
        after = [t for t in split_sentences(passage) if t.start >= s.end]
        if after and len(after[0].text.split()) <= 40:
            nxt = after[0]
            joined = text + " and " + nxt.text[0].lower() + nxt.text[1:].rstrip(".!?")
            add("joined", joined, (p, s.start, nxt.start + len(nxt.text.rstrip(".!?"))))
        with_decoy = [decoy, *passages]
        add("wrong-passage", text.lower(), (p + 1, s.start, end), cited=0, where=with_decoy)
        number = _NUMBER.search(text)
        if number:
            other = str(int(number[0]) + 1)
            add("other-number", text[: number.start()] + other + text[number.end() :], None)
        if _NOT.search(text):
            add("negation", _NOT.sub("", text, count=1), None)
        elif _AUX.search(text):
            add("negation", _AUX.sub(lambda m: m[0] + " not", text, count=1), None)
        name = _NAME.search(text)
        if name and names:
            swap = rng.choice([n for n in names if n != name[0]] or ["Zanzibar"])
            add("other-name", text[: name.start()] + swap + text[name.end() :], None)
        add("other-sentence", decoy, None, where=passages)
        # An initialism copied with spaces ("U.S." as "U. S."): from any sentence of the
        # passage that has one, since few sampled sentences do.
        dotted = [t for t in sentences if _DOTTED.search(t.text)]
        if dotted:
            t = dotted[0]
            plain = t.text.rstrip(".!?")
            spaced = _DOTTED.sub(lambda m: m[0].replace(".", ". ").rstrip() + " ", plain, count=1)
            add("initialism", spaced.replace("  ", " "), (p, t.start, t.start + len(plain)))
        # A generator of its own, so the other kinds' quotes stay those of earlier runs.
        turn_cases(passage, p, random.Random(f"{seed}:{example.id}"), add)
    return built


def turn_cases(
    passage: str, p: int, rng: random.Random, add: Callable[[str, str, Span | None], None]
) -> None:
    """In a transcript, a later sentence of one speaker's turn quoted with the speaker's label
    in front (must align to the sentence), and with another speaker's label (must not)."""
    turns = list(_TURN.finditer(passage))
    speakers = {t[1] for t in turns}
    later = [
        (t[1], s) for t in turns for s in split_sentences(t[2])[1:] if len(s.text.split()) >= 4
    ]
    if not later or len(speakers) < 2:
        return
    speaker, sentence = rng.choice(later)
    turn = next(t for t in turns if t[1] == speaker and sentence.text in t[2])
    start = turn.start(2) + turn[2].index(sentence.text)
    add("speaker-label", f"{speaker}: {sentence.text}", (p, start, start + len(sentence.text)))
    other = rng.choice(sorted(speakers - {speaker}))
    add("other-speaker", f"{other}: {sentence.text}", None)


def correct(found: Span | None, expected: Span | None) -> bool:
    if expected is None:
        return found is None
    if found is None or found[0] != expected[0]:
        return False
    inter = max(0, min(found[2], expected[2]) - max(found[1], expected[1]))
    union = max(found[2], expected[2]) - min(found[1], expected[1])
    return union > 0 and inter / union >= 0.8


def run(built: list[dict[str, Any]], matcher: Matcher, repeat: int) -> dict[str, Any]:
    per_kind: dict[str, list[bool]] = {}
    started = time.perf_counter()
    for _ in range(repeat):
        outcomes = [matcher(c["passages"], c["quote"], c["cited"]) for c in built]
    seconds = (time.perf_counter() - started) / repeat
    for case, found in zip(built, outcomes, strict=True):
        # A decoy sentence that happens to be in the passage is not a failure of the matcher.
        per_kind.setdefault(case["kind"], []).append(correct(found, case["span"]))
    return {
        "per_kind": {
            k: {"n": len(v), "correct": sum(v), "share": round(sum(v) / len(v), 3)}
            for k, v in per_kind.items()
        },
        "positives": _share(per_kind, POSITIVE),
        "negatives": _share(per_kind, NEGATIVE),
        "microseconds_per_quote": round(1e6 * seconds / len(built), 1),
    }


def _share(per_kind: dict[str, list[bool]], kinds: Sequence[str]) -> float:
    values = [v for k in kinds for v in per_kind.get(k, [])]
    return round(sum(values) / len(values), 3) if values else 0.0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--limit", type=int, default=400, help="dev examples to draw from")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=3, help="timing runs (the mean is shown)")
    parser.add_argument(
        "--matchers", default=None, help=f"comma-separated, of {', '.join(MATCHERS)}; default: all"
    )
    parser.add_argument("--output", type=Path, default=RESULTS_DIR / "alignment.json")
    args = parser.parse_args(argv)
    names = chosen_matchers(parser, args.matchers)
    built = cases(args.limit, args.seed, args.data)
    results = {name: run(built, MATCHERS[name], args.repeat) for name in names}
    kinds = [*POSITIVE, *NEGATIVE]
    header = f"{'kind':<16} {'n':>4}  " + "  ".join(f"{name:>9}" for name in results)
    lines = [header, "-" * len(header)]
    for kind in kinds:
        n = next(iter(results.values()))["per_kind"].get(kind, {}).get("n", 0)
        row = "  ".join(
            f"{r['per_kind'].get(kind, {}).get('share', 0):>9.3f}" for r in results.values()
        )
        lines.append(f"{kind:<16} {n:>4}  {row}")
    lines.append("-" * len(header))
    for label, key in (("small edits", "positives"), ("meaning kept", "negatives")):
        lines.append(
            f"{label:<16} {'':>4}  " + "  ".join(f"{r[key]:>9.3f}" for r in results.values())
        )
    lines.append(
        f"{'us/quote':<16} {'':>4}  "
        + "  ".join(f"{r['microseconds_per_quote']:>9.1f}" for r in results.values())
    )
    print(f"{len(built)} quotes from {args.limit} examples (seed {args.seed}) of {args.data}")
    print("\n".join(lines))
    report = {
        **provenance(__file__, argv),
        "data": str(args.data),
        "quotes": len(built),
        "min_alignment": evidence.MIN_ALIGNMENT,
        "matchers": results,
    }
    write_report(args.output, report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
