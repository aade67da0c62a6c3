"""Reading a model's reply: JSON as small models write it, or a ParseProblem saying why not."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_faithful.judges.llm.parsing import ParseProblem, extract_json, parse_output
from pytest_faithful.judges.llm.prompts import VerificationOutput
from pytest_faithful.models import Label

PROPERTIES = settings(max_examples=int(os.environ.get("FAITH_PROPERTY_EXAMPLES", "200")))

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


@PROPERTIES
@given(st.dictionaries(st.text(max_size=8), json_values, max_size=4), st.booleans())
def test_valid_json_reads_as_written(value: dict[str, Any], indent: bool) -> None:
    assert extract_json(json.dumps(value, indent=2 if indent else None)) == value


# A verdict as a small model writes it: the label bare or quoted, in any spelling the
# label reader accepts, Python's None for a missing passage.
_SPELLINGS = {
    Label.SUPPORTED: ["SUPPORTED", "Supported"],
    Label.CONTRADICTED: ["CONTRADICTED", "contradicted"],
    Label.NOT_ENOUGH_INFO: ["NOT_ENOUGH_INFO", "Not enough info", "not_enough_info"],
}
_REASONS = st.text(
    st.characters(blacklist_categories=["Cs"], blacklist_characters="\x00"), max_size=40
)


@st.composite
def written_verdicts(draw: st.DrawFn) -> tuple[str, list[Label]]:
    labels = draw(st.lists(st.sampled_from(list(Label)), min_size=1, max_size=4))
    items = []
    for number, label in enumerate(labels, 1):
        spelling = draw(st.sampled_from(_SPELLINGS[label]))
        written = spelling if draw(st.booleans()) else json.dumps(spelling)
        passage = draw(st.sampled_from(["None", "null", "1"]))
        reason = json.dumps(draw(_REASONS))  # may hold ": word," and quotes, escaped
        items.append(
            f'{{"claim": {number}, "evidence": "", "passage": {passage}, '
            f'"reason": {reason}, "label": {written}}}'
        )
    return '{"verdicts": [' + ", ".join(items) + "]}", labels


@PROPERTIES
@given(written_verdicts())
def test_bare_labels_and_python_none_are_read(written: tuple[str, list[Label]]) -> None:
    text, labels = written
    parsed = parse_output(text, VerificationOutput)
    assert [v.label for v in parsed.verdicts] == labels


@PROPERTIES
@given(_REASONS)
def test_strings_are_never_rewritten(reason: str) -> None:
    written = json.dumps(reason)
    text = '{"verdicts": [{"claim": 1, "label": NOT_ENOUGH_INFO, "reason": ' + written + "}]}"
    (verdict,) = parse_output(text, VerificationOutput).verdicts
    assert verdict.reason == reason


@pytest.mark.parametrize(
    "text",
    [
        '{"verdicts": [{"claim": 1, "label": MAYBE}]}',  # quoted, it is still no label
        '{"verdicts": [{"claim": 1, "label": NOT_ENOUGH_INFO}',  # cut off
        "I'm sorry, NOT_ENOUGH_INFO.",
    ],
)
def test_what_quoting_cannot_save_is_still_a_parse_problem(text: str) -> None:
    with pytest.raises(ParseProblem):
        parse_output(text, VerificationOutput)


def test_prose_around_the_json_is_left_alone() -> None:
    text = 'Here it is, None missing: {"verdicts": [{"claim": 1, "label": SUPPORTED}]} Done, True.'
    assert extract_json(text) == {"verdicts": [{"claim": 1, "label": "SUPPORTED"}]}
