"""The verdict rules on answers rewritten in another form of the same words, both ways.

A faithful answer says the same thing when it writes "$1.5 million" as "$1,500,000", "the
United States" as "the USA", "Monday" as "Mon", when it cites the passage it used ("According to
Passage 3, ..."), reports what it found ("I found that ..."), says what was asked ("You asked
about this."), lists its sources ("Sources: Passage 1, Passage 2"), writes "Q4" for "the fourth
quarter", opens with a label ("Note: ...", "TL;DR: ..."), drops the accents of names ("Zurich"
for "Zürich"), cites the source of each sentence by an id ("[KB-1042]") or points to a page
("For more details, see https://..."), opens with its role and a hedge ("As an AI,
to my knowledge, ..."), thanks the asker ("Thanks for asking! ... If you
have any other questions, just ask.") or sets its sentences out as a markdown table or a
list numbered "i.", "ii.". RAG answers do all of these;
faith-dev's rarely do. So each rewrite below is applied to the faith-dev answers it fits, and
the answer is checked before and after with the gold judges of ``rules.py``:

* faithful answers with the **honest judge**: a rewrite that fails one the original passed is a
  false alarm the form alone causes;
* unfaithful answers with the **lying judge**: a rewrite that lets one through that the
  original was caught on is a catch the form alone loses.

Both through the public ``verify`` under each configuration given (default: the default rules
and ``strict``). The quotes are the honest judge's for each text (``rules_quotes``).

    python benchmarks/forms.py --jobs 2
"""

from __future__ import annotations

import argparse
import hashlib
import multiprocessing
import re
import sys
import time
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import partial
from pathlib import Path
from typing import Any

from rules_quotes import (
    _REPLY_WORDS as REPLY_WORDS,
)
from rules_quotes import (
    DEFAULT_MAX_SPAN,
    GoldExample,
    Quoter,
    content_words,
    load_gold,
    sentences,
)

from pytest_faithful import JudgeError, verify
from report import provenance, write_report
from rules import DEFAULT_DATA, RESULTS_DIR, gold_judge, half_of

Rewrite = Callable[[GoldExample], "str | None"]

_SCALED = re.compile(r"\b(\d+(?:\.\d+)?) (thousand|million|billion)\b")
_SCALE = {"thousand": 10**3, "million": 10**6, "billion": 10**9}


def scale_in_digits(example: GoldExample) -> str | None:
    """ "1.5 million" -> "1,500,000"."""

    def digits(m: re.Match[str]) -> str:
        value = Decimal(m[1]) * _SCALE[m[2]]
        return f"{value:,.0f}" if value == value.to_integral_value() else m[0]

    rewritten = _SCALED.sub(digits, example.answer)
    return rewritten if rewritten != example.answer else None


_COUNTRIES = re.compile(r"\bUnited (States|Kingdom)\b")


def country_short_name(example: GoldExample) -> str | None:
    """ "the United States" -> "the USA", "the United Kingdom" -> "the UK"."""
    rewritten = _COUNTRIES.sub(lambda m: "USA" if m[1] == "States" else "UK", example.answer)
    return rewritten if rewritten != example.answer else None


_DAYS_AND_MONTHS = re.compile(
    r"\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April"
    r"|June|July|August|September|October|November|December)\b"
)


def abbreviated_days_and_months(example: GoldExample) -> str | None:
    """ "Monday" -> "Mon", "January" -> "Jan" (no full stop, which could end a sentence)."""
    rewritten = _DAYS_AND_MONTHS.sub(lambda m: m[1][:3], example.answer)
    return rewritten if rewritten != example.answer else None


def _opened_with(frame: str, example: GoldExample) -> str:
    """``frame`` before the answer, its first word in lower case unless it is a name: a word
    that the answer or a passage writes with its capital inside a sentence."""
    first = example.answer.lstrip()
    word = re.match(r"[^\W\d_]+", first)
    if word is not None and word[0][:1].isupper():
        inside = re.compile(rf"(?<![.!?\n\"'])\s+{re.escape(word[0])}\b")
        if not any(inside.search(text) for text in (example.answer, *example.context)):
            first = word[0].lower() + first[len(word[0]) :]
    return f"{frame}{first}"


_FIRST_SENTENCE = re.compile(r"[^.!?]*")


def _states_something(answer: str) -> bool:
    """Whether the answer's first sentence (to its first full stop, whatever follows it) states
    something a frame can go around: two content words or more besides a reply's ("Yes, it
    is.", "I do." read their question)."""
    first = _FIRST_SENTENCE.match(answer.strip())
    return first is not None and len(content_words(first[0]) - REPLY_WORDS) >= 2


def passage_citation(example: GoldExample) -> str | None:
    """ "According to Passage N, ..." before the answer (N: the number of the passage its
    first sentence is quoted from, as a careful model would cite it)."""
    if not _states_something(example.answer):
        return None
    first = sentences(example.answer)[0]
    quote = Quoter(example.context, example.supporting, DEFAULT_MAX_SPAN, example.question).quote(
        example.answer[first[0] : first[1]]
    )
    number = 1 if quote.passage is None else quote.passage + 1
    return _opened_with(f"According to Passage {number}, ", example)


def found_that(example: GoldExample) -> str | None:
    """ "I found that ..." before the answer."""
    if not _states_something(example.answer):
        return None
    return _opened_with("I found that ", example)


def ai_role(example: GoldExample) -> str | None:
    """ "As an AI, to my knowledge, ..." before the answer: a chat model's role and a
    hedge on what it knows."""
    if not _states_something(example.answer):
        return None
    return _opened_with("As an AI, to my knowledge, ", example)


def question_restated(example: GoldExample) -> str | None:
    """ "You asked about this." before the answer."""
    return f"You asked about this. {example.answer.lstrip()}"


def table(example: GoldExample) -> str | None:
    """The answer's sentences as the rows of a one-column markdown table."""
    rows = [example.answer[s:e].replace("|", "/") for s, e in sentences(example.answer)]
    if not rows:
        return None
    return "| Point |\n|---|\n" + "\n".join(f"| {row} |" for row in rows)


_QUARTERS = re.compile(r"\b(?:the )?(first|second|third|fourth) quarter\b", re.IGNORECASE)
_QUARTER_NUMBER = {"first": 1, "second": 2, "third": 3, "fourth": 4}


def quarter_short(example: GoldExample) -> str | None:
    """ "the fourth quarter" -> "Q4"."""
    rewritten = _QUARTERS.sub(lambda m: f"Q{_QUARTER_NUMBER[m[1].lower()]}", example.answer)
    return rewritten if rewritten != example.answer else None


def sources_line(example: GoldExample) -> str | None:
    """A line naming the passages the answer used, after it: "Sources: Passage 1, Passage 2"."""
    cited = ", ".join(f"Passage {i + 1}" for i in range(min(len(example.context), 3)))
    return f"{example.answer.rstrip()}\n\nSources: {cited}"


_ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x")


def roman_list(example: GoldExample) -> str | None:
    """The answer's sentences as a list numbered "i.", "ii.", ... (up to ten sentences)."""
    rows = [example.answer[s:e] for s, e in sentences(example.answer)]
    if not rows or len(rows) > len(_ROMAN):
        return None
    return "\n".join(f"{n}. {row}" for n, row in zip(_ROMAN, rows, strict=False))


def note_label(example: GoldExample) -> str | None:
    """ "Note: " before the answer, its first word kept as it is ("Note: The band ...")."""
    if not _states_something(example.answer):
        return None
    return f"Note: {example.answer.lstrip()}"


def chat_courtesies(example: GoldExample) -> str | None:
    """A support bot's words around the answer: "Thanks for asking! ... If you have any other
    questions, just ask." """
    return f"Thanks for asking! {example.answer.strip()} If you have any other questions, just ask."


def sign_offs(example: GoldExample) -> str | None:
    """A chat assistant's words before and after the answer: "You're welcome! ... Let me know
    if there's anything else I can help with. Cheers, and have a great day!" """
    return (
        f"You're welcome! {example.answer.strip()} Let me know if there's anything else I can "
        "help with. Cheers, and have a great day!"
    )


def accents_dropped(example: GoldExample) -> str | None:
    """Every accented Latin letter of the answer written plain ("Zürich" -> "Zurich", "José" ->
    "Jose"), as answers in English often spell the passages' names."""
    plain = "".join(
        unicodedata.normalize("NFKD", c)[0] if "\u00c0" <= c <= "\u024f" else c
        for c in example.answer
    )
    return plain if plain != example.answer else None


def tldr_label(example: GoldExample) -> str | None:
    """ "TL;DR: " before the answer, its first word kept as it is."""
    if not _states_something(example.answer):
        return None
    return f"TL;DR: {example.answer.lstrip()}"


_SENTENCE_END = re.compile(r"[.!?]+[\"')\]]*\s*$")


def source_ids(example: GoldExample) -> str | None:
    """Each sentence cites the source an application retrieved it from by an id in brackets
    before its full stop: "... in 2019 [KB-1042]."."""
    rows = [example.answer[s:e] for s, e in sentences(example.answer)]
    if not rows:
        return None
    cited = []
    for n, row in enumerate(rows):
        end = _SENTENCE_END.search(row)
        at = end.start() if end else len(row)
        cited.append(f"{row[:at].rstrip()} [KB-{1042 + 7 * n}]{row[at:].strip()}")
    return " ".join(cited)


def link_pointer(example: GoldExample) -> str | None:
    """A pointer to the page the answer came from after it: "For more details, see
    https://docs.example.com/2023/kb/4471." (its number from the example's id)."""
    page = int(hashlib.sha256(example.id.encode()).hexdigest()[:4], 16)
    return (
        f"{example.answer.rstrip()}\n\nFor more details, see "
        f"https://docs.example.com/2023/kb/{page}."
    )


REWRITES: dict[str, Rewrite] = {
    "scale-in-digits": scale_in_digits,
    "country-short-name": country_short_name,
    "abbreviated-days-and-months": abbreviated_days_and_months,
    "quarter-short": quarter_short,
    "passage-citation": passage_citation,
    "found-that": found_that,
    "question-restated": question_restated,
    "sources-line": sources_line,
    "roman-list": roman_list,
    "chat-courtesies": chat_courtesies,
    "note-label": note_label,
    "table": table,
    "sign-offs": sign_offs,
    "accents-dropped": accents_dropped,
    "tldr-label": tldr_label,
    "source-ids": source_ids,
    "link-pointer": link_pointer,
    "ai-role": ai_role,
}
CONFIGS: dict[str, dict[str, Any]] = {"default": {}, "strict": {"rules": "strict"}}


@dataclass(frozen=True)
class Outcome:
    id: str
    faithful: bool
    rewrite: str
    config: str
    before: bool | None  # passed; None: JudgeError
    after: bool | None


def _passed(
    example: GoldExample, answer: str, kwargs: dict[str, Any], max_span: int
) -> bool | None:
    quoter = Quoter(example.context, example.supporting, max_span, example.question)
    judge = gold_judge(quoter, faithful=example.faithful, heuristic=False)
    try:
        result = verify(
            answer, list(example.context), question=example.question, judge=judge, **kwargs
        )
    except JudgeError:
        return None
    return result.passed


def check_example(
    example: GoldExample, rewrites: Sequence[str], configs: Sequence[str], max_span: int
) -> list[Outcome]:
    outcomes = []
    for config in configs:
        before = _passed(example, example.answer, CONFIGS[config], max_span)
        for name in rewrites:
            rewritten = REWRITES[name](example)
            if rewritten is None:
                continue
            after = _passed(example, rewritten, CONFIGS[config], max_span)
            outcomes.append(Outcome(example.id, example.faithful, name, config, before, after))
    return outcomes


def summarise(
    outcomes: Sequence[Outcome], rewrites: Sequence[str], configs: Sequence[str]
) -> list[dict[str, Any]]:
    rows = []
    for config in configs:
        for name in rewrites:
            mine = [o for o in outcomes if o.rewrite == name and o.config == config]
            faithful = [o for o in mine if o.faithful]
            unfaithful = [o for o in mine if not o.faithful]
            rows.append(
                {
                    "config": config,
                    "rewrite": name,
                    "faithful": len(faithful),
                    "false_alarms_before": sum(o.before is False for o in faithful),
                    "false_alarms_after": sum(o.after is False for o in faithful),
                    "new_false_alarms": sorted(
                        o.id for o in faithful if o.before and o.after is False
                    ),
                    "unfaithful": len(unfaithful),
                    "caught_before": sum(o.before is False for o in unfaithful),
                    "caught_after": sum(o.after is False for o in unfaithful),
                    "lost_catches": sorted(
                        o.id for o in unfaithful if o.before is False and o.after
                    ),
                    "judge_errors": sum(o.before is None or o.after is None for o in mine),
                }
            )
    return rows


def table_text(rows: Sequence[dict[str, Any]]) -> str:
    header = (
        f"{'config':8} {'rewrite':28} {'faithful':>8} {'false alarms':>14} {'unfaithful':>10} "
        f"{'caught':>11}"
    )
    lines = [header, "-" * len(header)]
    for r in rows:
        lines.append(
            f"{r['config']:8} {r['rewrite']:28} {r['faithful']:>8} "
            f"{r['false_alarms_before']:>5} -> {r['false_alarms_after']:<5} {r['unfaithful']:>10} "
            f"{r['caught_before']:>4} -> {r['caught_after']:<4}"
        )
    return "\n".join(lines)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="labelled JSONL file")
    parser.add_argument(
        "--rewrite", action="append", choices=list(REWRITES), help="only these (repeatable)"
    )
    parser.add_argument(
        "--config", action="append", choices=list(CONFIGS), help="only these (repeatable)"
    )
    parser.add_argument("--half", choices=("tune", "held-out"), help="one half of rules.py's split")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes. Default: 1")
    parser.add_argument(
        "--output",
        type=Path,
        help="JSON results path. Default: benchmarks/results/forms[-HALF].json",
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    data = args.data.resolve()
    if not data.is_file():
        print(f"no data file at {data} (pass --data PATH)", file=sys.stderr)
        return 2
    examples = load_gold(data)
    if args.half:
        examples = [e for e in examples if half_of(e.id) == args.half]
    rewrites = args.rewrite or list(REWRITES)
    configs = args.config or list(CONFIGS)
    work = partial(check_example, rewrites=rewrites, configs=configs, max_span=DEFAULT_MAX_SPAN)
    started = time.perf_counter()
    if args.jobs == 1:
        results = [work(e) for e in examples]
    else:
        with multiprocessing.get_context().Pool(args.jobs) as pool:
            results = list(pool.imap(work, examples, chunksize=4))
    wall = time.perf_counter() - started
    outcomes = [o for found in results for o in found]
    rows = summarise(outcomes, rewrites, configs)
    print(f"{len(examples)} examples of {data}, {wall:.1f} s with {args.jobs} job(s)")
    print(
        "faithful answers failed (honest judge) and unfaithful ones caught (lying judge), "
        "original -> rewritten"
    )
    print(table_text(rows))
    report = {
        **provenance(__file__, argv),
        "data": str(data),
        "data_sha256": hashlib.sha256(data.read_bytes()).hexdigest(),
        "half": args.half,
        "examples": len(examples),
        "wall_seconds": round(wall, 2),
        "rows": rows,
    }
    suffix = f"-{args.half}" if args.half else ""
    write_report(args.output or RESULTS_DIR / f"forms{suffix}.json", report)
    errors = sum(r["judge_errors"] for r in rows)
    if errors:
        print(f"{errors} judge errors: the gold judges must never fail", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
