"""A check's time grows linearly with its text, whatever shape the text has.

Suites feed the check whatever their app returns: list-shaped logs, numbered steps, initials,
long lists of figures, headings, labelled lines. Each family below took time quadratic (or
worse) in its length at some point (a reading of the whole text repeated for each of its
sentences, numbers or words). Each is timed at two sizes, eight times apart: linear time grows
about eightfold, quadratic time about sixty-fourfold.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from pytest_faithful import verify
from pytest_faithful.models import Claim
from pytest_faithful.testing import FunctionJudge


def _quoting(claims: Sequence[Claim], passages: Sequence[str]) -> list[dict[str, Any]]:
    """SUPPORTED, quoting each claim from the passage, or else the passage's opening."""
    return [
        {
            "claim_index": i,
            "label": "SUPPORTED",
            "evidence": c.text if c.text in passages[0] else passages[0][:40],
            "passage_index": 0,
        }
        for i, c in enumerate(claims)
    ]


def _quoting_rows(claims: Sequence[Claim], passages: Sequence[str]) -> list[dict[str, Any]]:
    """SUPPORTED, quoting the row of the table that names the claim's item."""
    rows = {line.split("|")[1].strip(): line for line in passages[0].splitlines() if "|" in line}
    return [
        {
            "claim_index": i,
            "label": "SUPPORTED",
            "evidence": rows.get(c.text.split()[0].lower(), passages[0][:40]),
            "passage_index": 0,
        }
        for i, c in enumerate(claims)
    ]


def _quoting_judge() -> FunctionJudge:
    return FunctionJudge(_quoting)


def _seconds(answer: str, passage: str, judge: Any) -> float:
    """The CPU time of one check (the process's own: other processes' load does not count)."""
    started = time.process_time()
    verify(answer, [passage], judge=judge)
    return time.process_time() - started


def _letters(i: int) -> str:
    """``i`` written in letters ("Bc"), so that a key of it stays one camel-case word."""
    return "".join(chr(ord("a") + int(d)) for d in str(i)).title()


# family -> the answer and the passage at size n, and the judge that reads them.
FAMILIES: dict[str, tuple[Callable[[int], tuple[str, str]], Callable[[], Any]]] = {
    # Numbered steps: every sentence's number read against the whole passage (2,000 steps
    # took 15 s while a rule read each number's kinds in the passage again).
    "steps": (lambda n: (" ".join(f"Step {i}:" for i in range(n)),) * 2, _quoting_judge),
    # One sentence of many numbers no passage states: each number's bound and share looked
    # for in the whole sentence (8,000 numbers: 198 s).
    # Workings written with operators in one sentence: each equals sign's chain is read back
    # at most a dozen figures, and the figures' check is read once per claim.
    "workings": (
        lambda n: (
            "The sums are " + ", ".join(f"{i} + 1 = {i + 1}" for i in range(n)) + ".",
            "The sums are listed in the appendix of the annual report.",
        ),
        _quoting_judge,
    ),
    "figures": (
        lambda n: (
            "The values are " + ", ".join(str(i) for i in range(n)) + ".",
            "The values are listed in the appendix of the annual report.",
        ),
        _quoting_judge,
    ),
    # Figures with scale words, each a rounding of a passage's exact figure: each read for the
    # places the sentence writes it, against every amount (4,000 figures: 10.1 s; 0.17 s).
    "scaled figures": (
        lambda n: (
            "The values are " + ", ".join(f"{i + 1}.5 million" for i in range(n)) + ".",
            "The values are " + ", ".join(f"{(i + 1) * 1_000_000 + 512_345:,}" for i in range(n)),
        ),
        _quoting_judge,
    ),
    # Measures in another unit than the passage's, each looked for among all its measures
    # (4,000 against 4,000: 22.9 s; 0.21 s).
    "converted measures": (
        lambda n: (
            "The trails are " + ", ".join(f"{i + 1}.5 miles" for i in range(n)) + " long.",
            "The trails are " + ", ".join(f"{(i + 1) * 2 + 0.4:.1f} km" for i in range(n)),
        ),
        _quoting_judge,
    ),
    # One number of thousands of digits: a pattern of a number and what follows it tried again
    # at each of its digits (4,500 digits: 1.9 s for one claim).
    "a long number": (
        lambda n: (f"It costs ${'7' * n} per month, 5 more pp and 3 times a day.",) * 2,
        _quoting_judge,
    ),
    # One sentence of many code identifiers: each looked for in the claim and the passages.
    "identifiers": (
        lambda n: (
            "Set " + ", ".join(f"opt_{i}" for i in range(n)) + ".",
            "Set " + ", ".join(f"key_{i}" for i in range(0, n, 2)) + ".",
        ),
        _quoting_judge,
    ),
    # A list, a log, initials: many short passage sentences, each read as a slice of it.
    "list items": (lambda n: ("The item takes 5 days.", "- item 5\n" * n), lambda: "lexical"),
    "initials": (lambda n: ("A. Smith came.", "A. " * n + "Smith"), lambda: "lexical"),
    # Headings: each sentence looked for in a list of the answer's framing sentences.
    "headings": (lambda n: ("# Title\n" * n,) * 2, _quoting_judge),
    # A table's rows, each claim quoting its own: each row's header row and the rows under a
    # header looked for by walking the table again (2,000 rows: 0.77 s; read once: 0.19 s).
    "table rows": (
        lambda n: (
            " ".join(f"Item{i} costs ${i + 3}." for i in range(n)),
            "| Item | Price |\n| --- | --- |\n"
            + "".join(f"| item{i} | ${i + 3} |\n" for i in range(n)),
        ),
        lambda: FunctionJudge(_quoting_rows),
    ),
    # A record's keys in camel case, each read as its words, and a word of thousands of
    # capitals (read in parts two ways, it took exponential time).
    "record keys": (
        lambda n: (
            "It has outdoor seating and " + "A" * n + "x.",
            "\n".join(
                f'"Has{_letters(i)}Seating": {"true" if i % 2 else "false"},' for i in range(n)
            )
            + "\nHas"
            + "A" * n
            + "x",
        ),
        _quoting_judge,
    ),
    # Lines a label opens ("User: hi"): each word's label counted in a copy of every word
    # after it.
    "labelled lines": (
        lambda n: ("The user said hi.", "User: hi\nAssistant: 5 days\n" * (n // 2)),
        lambda: "lexical",
    ),
    # A dialogue flattened onto one line (SummEdits' "Ann: Ok. . Mike: Sure?"), its turns
    # each a question and a short reply: each spaced stop read once.
    "flattened dialogue": (
        lambda n: (
            "Jo will bring it.",
            " . ".join(f"Jo{_letters(i)}: Bring it?" if i % 2 else "Jo: Sure!" for i in range(n)),
        ),
        _quoting_judge,
    ),
    # A chat log of many speakers and a claim naming many: each turn read once, each name
    # looked up among the speakers (:mod:`pytest_faithful.text.turns`).
    "chat log": (
        lambda n: (
            ", ".join(f"Jo{_letters(i)}" for i in range(0, n, 4)) + " will bring it.",
            "".join(f"[10:0{i % 10}] jo{_letters(i).lower()}: I'll bring it.\n" for i in range(n)),
        ),
        _quoting_judge,
    ),
    # Parties a claim names, and a passage of relations between parties: each party read with
    # the few words after it, and the passage's relations read once for every claim held to it
    # (:mod:`pytest_faithful.text.roles`).
    "parties": (
        lambda n: (
            "Kim paid Jo, " + ", ".join(f"Jo{_letters(i)} paid Kim{_letters(i)}" for i in range(n)),
            "Jo paid Kim. " + " ".join(f"Kim{_letters(i)} paid Jo{_letters(i)}." for i in range(n)),
        ),
        _quoting_judge,
    ),
    # Comparisons: many "than"s in one sentence, most of them no comparison ("rather than"),
    # each read within a stretch of its own (:mod:`pytest_faithful.text.comparisons`).
    "comparisons": (
        lambda n: (
            "Kim is taller than Jo, "
            + ", ".join(f"Jo{_letters(i)} rather than Kim{_letters(i)}" for i in range(n))
            + ".",
            "Jo is shorter than Kim, "
            + ", ".join(f"Kim{_letters(i)} is not as fast as Jo{_letters(i)}" for i in range(n))
            + ".",
        ),
        _quoting_judge,
    ),
    # Comparisons of a claim's own figures, every form in one sentence: each read in a stretch
    # around its comparative, each figure found by place (:mod:`pytest_faithful.text.own_order`).
    "own figures compared": (
        lambda n: (
            ", ".join(
                (
                    f"Kit{_letters(i)} is £{i + 5}, £2 more than the £{i + 3} one",
                    f"it is cheaper: £{i} versus £{i + 1}",
                    f"Jo{_letters(i)} is £{i} and Kim{_letters(i)} is £{i + 1}, "
                    f"so Jo{_letters(i)} is £1 less",
                )[i % 3]
                for i in range(n)
            )
            + ".",
            "The price list of the shop.",
        ),
        _quoting_judge,
    ),
}


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_a_check_reads_long_text_in_linear_time(family: str) -> None:
    make, judge = FAMILIES[family]
    gc.disable()  # a collection in one run and not the other is no growth of the check's own
    try:
        # Two texts of each size (a cached reading of one is no reading of the other), the
        # faster of each: the first reading of a text's parts (each number's terms, a word
        # list loaded on first use) is paid once, not per size.
        small = min(_seconds(*(t + f" Run {r}." for t in make(400)), judge()) for r in range(2))
        large = min(_seconds(*(t + f" Run {r}." for t in make(3200)), judge()) for r in range(2))
    finally:
        gc.enable()
    # Linear: about 8 times; quadratic about 64 (headings took 0.8 s at 4,000, 0.02 s at 500).
    assert large < 24 * small + 0.02, f"{family}: {small:.4f} s at 400, {large:.4f} s at 3200"
