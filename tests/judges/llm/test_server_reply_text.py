"""Reply text as servers without structured output send it: a fenced answer under any language
tag, and a complete answer followed by blanks until the token limit."""

from __future__ import annotations

import json
import os
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_faithful.judges.llm.parsing import closed_before_cut, parse_output
from pytest_faithful.judges.llm.prompts import VerificationOutput
from pytest_faithful.models import Label

# Fewer examples than the parsing suite's 200 by default: the strategies are narrow (a tag, a
# run of blanks, a cut point), and the suite's time is budgeted.
PROPERTIES = settings(max_examples=int(os.environ.get("FAITH_PROPERTY_EXAMPLES", "50")))

_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=30)
_TAGS = st.sampled_from(["", "json", "JSON", "jsonc", "json5", "javascript", "js", "python"])
_BLANKS = st.text(st.sampled_from(" \t\r\n"), min_size=1, max_size=40)


@st.composite
def verdict_lists(draw: st.DrawFn) -> list[dict[str, Any]]:
    labels = draw(st.lists(st.sampled_from([label.value for label in Label]), min_size=1))
    return [
        {"claim": n, "label": label, "reason": draw(_TEXT), "evidence": draw(_TEXT), "passage": 1}
        for n, label in enumerate(labels[:4], 1)
    ]


@PROPERTIES
@given(verdict_lists(), _TAGS, st.sampled_from(["", "Here it is:\n"]), st.booleans())
def test_a_fenced_list_is_read_whole_under_any_language_tag(
    verdicts: list[dict[str, Any]], tag: str, before: str, indent: bool
) -> None:
    """Under a tag other than json ("```json5", "```javascript") the list was missed and its
    first item read alone: "expected one verdict for each of claims 1..2"."""
    text = f"{before}```{tag}\n{json.dumps(verdicts, indent=2 if indent else None)}\n```"
    expected = VerificationOutput.model_validate({"verdicts": verdicts})
    assert parse_output(text, VerificationOutput) == expected


@PROPERTIES
@given(verdict_lists(), _BLANKS, st.sampled_from(["", "<think>Checking.</think>\n"]))
def test_a_whole_answer_then_blanks_was_complete_before_the_cut(
    verdicts: list[dict[str, Any]], blanks: str, thinking: str
) -> None:
    """A grammar-constrained server (llama.cpp, Ollama's format) lets the model write blanks
    after the JSON until max_tokens: the answer is all there."""
    assert closed_before_cut(thinking + json.dumps({"verdicts": verdicts}) + blanks)


@PROPERTIES
@given(verdict_lists(), st.data(), _BLANKS | st.just(""))
def test_an_answer_the_limit_stopped_is_never_complete(
    verdicts: list[dict[str, Any]], data: st.DataObject, blanks: str
) -> None:
    """Cut inside the JSON, or right at its end with nothing after it (how a cut tool call's
    input reads): the reply is cut off, whatever it happens to parse as."""
    whole = json.dumps({"verdicts": verdicts}, indent=data.draw(st.sampled_from([None, 1])))
    cut = data.draw(st.integers(1, len(whole) - 1))
    assert not closed_before_cut(whole[:cut] + blanks)
    assert not closed_before_cut(whole)
    assert not closed_before_cut(f"{whole}\nWait, claim 1 is wrong.{blanks}")
