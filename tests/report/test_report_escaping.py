"""Control characters in a check's text (answer, contexts, question, test id, reasons, errors)
are shown as escapes in the HTML, Markdown, terminal and GitHub outputs: never obeyed (an
escape sequence, a NUL) and never dropped. The JSON report keeps the text exactly."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_faithful import verify
from pytest_faithful.errors import visible
from pytest_faithful.models import Claim
from pytest_faithful.report import github, html, json_report, markdown, terminal
from pytest_faithful.report.failure import failure_message
from pytest_faithful.report.model import Defaults, FaithReport, build_report
from pytest_faithful.report.records import CheckRecord
from pytest_faithful.testing import FunctionJudge

# What must never reach an output: C0 controls but tab and line breaks, DEL, C1 controls, the
# bidi embeddings, overrides and isolates, and lone surrogates.
CONTROL = re.compile(
    r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)
BIDI = [*range(0x202A, 0x202F), *range(0x2066, 0x206A)]
CONTROLS = "".join(chr(c) for c in [*range(0x20), *range(0x7F, 0xA0), *BIDI])

# Text that is mostly ordinary, with control characters and markup mixed in.
texty = st.text(alphabet=st.sampled_from(list("ab <>&|`*_[]#\\\t\n\r") + list(CONTROLS)))


@given(
    st.text(
        alphabet=st.characters()
        | st.characters(categories=["Cs"])
        | st.sampled_from([chr(c) for c in BIDI])
    )
)
def test_visible_escapes_exactly_the_control_characters(text: str) -> None:
    shown = visible(text)
    assert not CONTROL.search(shown)
    shown.encode("utf-8")  # lone surrogates too: it can be written anywhere
    # Each control character (and lone surrogate) becomes its Python escape, in place; the
    # rest is untouched.
    assert shown == "".join(
        c.encode("unicode_escape").decode("ascii") if CONTROL.match(c) else c for c in text
    )


@given(texty)
def test_html_text_is_escaped_markup_and_control_characters(text: str) -> None:
    shown = html._e(text)
    assert not CONTROL.search(shown)
    assert "<" not in shown
    assert ">" not in shown
    assert unescape(shown) == visible(text)


@given(texty)
def test_markdown_cells_are_one_line_without_controls_or_bare_pipes(text: str) -> None:
    for cell in (markdown.md(text), markdown.code(text)):
        assert not CONTROL.search(cell)
        assert "\n" not in cell
        assert "\r" not in cell
        assert not re.search(r"(?<!\\)\|", cell), "a pipe would end the table cell"


def _supported(claims: Sequence[Claim], passages: Sequence[str]) -> list[dict[str, Any]]:
    return [
        {"claim_index": i, "label": "NOT_ENOUGH_INFO", "reason": f"said {c.text}"}
        for i, c in enumerate(claims)
    ]


def _report(answer: str, context: str, question: str, error: str) -> FaithReport:
    judge = FunctionJudge(_supported, id="odd")
    result = verify(answer, [context], question=question or None, judge=judge)
    records = [
        CheckRecord(
            nodeid=f"t.py::test[{question}]",
            index=0,
            result=result,
            judge_id=judge.id,
            path="t.py",
            line=1,
            answer=answer,
            contexts=(context,),
            question=question,
        ),
        CheckRecord(
            nodeid="t.py::test_error",
            index=0,
            error=error,
            error_kind="exception",
            judge_id="odd",
            answer=answer,
            contexts=(context,),
        ),
    ]
    return build_report(
        records,
        generator="pytest-faithful test",
        default_judge="odd",
        record_mode="once",
        defaults=Defaults(threshold=0.8, scoring="strict", allow_contradictions=False),
    )


@settings(max_examples=60, deadline=None)
@given(answer=texty, context=texty, question=texty, error=texty)
def test_no_output_carries_a_control_character(
    answer: str, context: str, question: str, error: str
) -> None:
    report = _report(answer, context, question, error)
    page = html.render(report)
    summary = markdown.render(report)
    lines = [line for v in (-1, 0, 2) for line, _ in terminal.render_lines(report, verbosity=v)]
    annotations = github.error_annotations(report, Path("."), None)
    for output in (page, summary, *lines, *annotations):
        assert not CONTROL.search(output)
    for line in (*lines, *annotations):
        assert "\r" not in line, "a carriage return would overwrite the terminal line"
    # The JSON keeps the text as given.
    document = json.loads(json_report.render(report))
    assert document["checks"][1]["answer"] == answer
    assert document["checks"][1]["error"] == error


@pytest.mark.parametrize("verbosity", [0, 2])
def test_an_escape_sequence_in_an_answer_is_shown_not_obeyed(verbosity: int) -> None:
    answer = "Refunds \x1b]0;pwned\x07take \x1b[2J5 days.\x00"
    report = _report(answer, "Refunds take 5 days.", "When?", "boom \x1b[31m")
    page = html.render(report)
    assert "Refunds \\x1b]0;pwned\\x07take \\x1b[2J5 days.\\x00" in page
    # Markdown source: the backslash and the bracket escaped, so it renders as \x1b[31m.
    assert r"boom \\x1b\[31m" in markdown.render(report)
    text = "\n".join(line for line, _ in terminal.render_lines(report, verbosity))
    assert "\\x1b[31m" in text


def test_a_judges_reason_cannot_reorder_or_recolour_the_failure_message() -> None:
    # A reason is the judge's text, printed under each claim: with U+202E, "DETROPPUS si ti"
    # showed as "it is SUPPORTED"; with an escape sequence, it recoloured the terminal.
    def verdicts(claims: Sequence[Claim], passages: Sequence[str]) -> list[dict[str, Any]]:
        reason = "\u202eDETROPPUS si ti\u202c \u2067\x1b[32mok\u2069"
        return [{"claim_index": 0, "label": "NOT_ENOUGH_INFO", "reason": reason}]

    result = verify("Gift cards never expire.", ["x"], judge=FunctionJudge(verdicts, id="odd"))
    message = failure_message(result)
    assert "DETROPPUS si ti" in message
    assert not CONTROL.search(message)


@settings(max_examples=30)
@given(texty, st.integers(min_value=0, max_value=400))
def test_a_markdown_cell_holds_a_bounded_share_of_any_text(text: str, repeat: int) -> None:
    long = text * repeat
    for cell in (markdown.md(long), markdown.code(long)):
        # Escaping at most doubles a character, "&" excepted (5 characters).
        assert len(cell) <= 5 * markdown.MAX_CELL + 2


@given(
    st.lists(
        st.sampled_from(["| a | b |", "x" * 5000, "é" * 3000, "<details><summary>s</summary>", ""]),
        max_size=60,
    ),
    st.integers(min_value=2_000, max_value=40_000),
)
def test_a_summary_over_its_limit_is_cut_at_a_line_with_its_folds_closed(
    lines: list[str], limit: int
) -> None:
    kept = markdown.fitted(lines, limit)
    if len(("\n".join(lines) + "\n").encode("utf-8")) <= limit - 256:
        assert kept == lines
        return
    assert len(("\n".join(kept) + "\n").encode("utf-8")) <= limit
    assert kept[-1].startswith("… the summary stops here")
    body = kept[:-2]
    opened = sum(line.startswith("<details>") for line in body)
    if opened:  # the folds the cut left open are closed: the rest of the page renders
        assert body[-opened - 1 :] == ["", *["</details>"] * opened]
        body = body[: -opened - 1]
    assert body == lines[: len(body)]


@pytest.mark.parametrize("n", [0, 1, 2])
def test_a_count_takes_the_number_of_its_noun_in_every_output(n: int) -> None:
    from pytest_faithful.errors import counted
    from pytest_faithful.report.costs import estimate_lines

    assert counted(n, "check") == f"{n} check{'' if n == 1 else 's'}"
    result = verify("Refunds take 5 days.", ["Refunds take 5 days."], judge="lexical")
    records = [
        CheckRecord(nodeid=f"t.py::test_{i}", index=0, result=result, judge_id="lexical")
        for i in range(n)
    ]
    report = build_report(
        records,
        generator="pytest-faithful test",
        default_judge="lexical",
        record_mode="once",
        defaults=Defaults(threshold=0.8, scoring="strict", allow_contradictions=False),
    )
    assert f'<span id="shown">{counted(n, "check")}</span>' in html.render(report)
    assert estimate_lines(report)[0].startswith(f"faithful estimate: {counted(n, 'check')};")
