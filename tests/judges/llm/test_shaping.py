"""Replies in a shape close to the one asked for are read as meant; nothing missing is supplied."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_faithful.judges.llm.metric_prompts import RelevanceOutput
from pytest_faithful.judges.llm.parsing import ParseProblem, parse_output
from pytest_faithful.judges.llm.prompts import (
    ExtractionOutput,
    SingleCallReading,
    VerificationOutput,
)
from pytest_faithful.models import Label

PROPERTIES = settings(max_examples=int(os.environ.get("FAITH_PROPERTY_EXAMPLES", "100")))

_TEXT = st.text(st.characters(blacklist_categories=["Cs"]), max_size=30)
_NUMBER = st.integers(min_value=0, max_value=200)


@st.composite
def verdict_lists(draw: st.DrawFn) -> list[dict[str, Any]]:
    return [
        {
            "claim": draw(_NUMBER),
            "label": draw(st.sampled_from(list(Label))).value,
            "reason": draw(_TEXT),
            "evidence": draw(_TEXT),
            "passage": draw(st.none() | _NUMBER),
        }
        for _ in range(draw(st.integers(min_value=0, max_value=4)))
    ]


@PROPERTIES
@given(verdict_lists(), st.booleans())
def test_replies_in_the_shape_asked_for_read_as_written(
    items: list[dict[str, Any]], single_call: bool
) -> None:
    if single_call:
        for item in items:
            item["sentence"] = item["claim"]
            item["claim"] = f"claim {item['claim']}"
        model: Any = SingleCallReading
        value = {"claims": items}
    else:
        model = VerificationOutput
        value = {"verdicts": items}
    assert parse_output(json.dumps(value), model) == model.model_validate(value)


def _recased(key: str, how: int) -> str:
    return [key, key.title(), key.upper()][how]


@st.composite
def close_shapes(draw: st.DrawFn) -> tuple[str, list[dict[str, Any]]]:
    """Verdicts written in the shapes small models use for them, and what they mean."""
    items = draw(verdict_lists())
    meant = [dict(item) for item in items]
    written = []
    for item in items:
        one: dict[str, Any] = {}
        split = draw(st.booleans())  # evidence and passage in an object of their own
        rest: dict[str, Any] = {}
        for key, value in item.items():
            if key in ("reason", "evidence") and value == "" and draw(st.booleans()):
                value = None  # null for an empty string
            if key == "passage" and value is not None and draw(st.booleans()):
                value = draw(st.sampled_from(["passage {}", "[passage {}]", "Passage {}."]))
                value = value.format(item["passage"])
            if key == "passage" and value is None and draw(st.booleans()):
                value = draw(st.sampled_from(["none", "N/A", ""]))
            target = rest if split and key in ("evidence", "passage") else one
            target[_recased(key, draw(st.integers(0, 2)))] = value
        if draw(st.booleans()):
            one["confidence"] = draw(st.floats(0, 1))  # a key nobody asked for
        written.append(one)
        if rest:
            written.append(rest)
        if draw(st.booleans()):
            written.append({"note": "checked"})  # an object with nothing to read
    if len(written) == 1 and draw(st.booleans()):
        shape: Any = written[0] if draw(st.booleans()) else {"verdicts": written[0]}
    elif written and draw(st.booleans()):
        shape = written  # the list without its object
    else:
        shape = {_recased("verdicts", draw(st.integers(0, 2))): written, "summary": "done"}
    return json.dumps(shape), meant


@PROPERTIES
@given(close_shapes())
def test_close_shapes_read_as_meant(written: tuple[str, list[dict[str, Any]]]) -> None:
    text, meant = written
    expected = VerificationOutput.model_validate({"verdicts": meant})
    assert parse_output(text, VerificationOutput) == expected


def test_several_quotes_are_read_as_one_with_a_gap_the_aligner_understands() -> None:
    text = (
        '{"verdicts": [{"claim": 1, "label": "SUPPORTED", "evidence": ["Returns: 30 days.", " "]}]}'
    )
    (verdict,) = parse_output(text, VerificationOutput).verdicts
    assert verdict.evidence == "Returns: 30 days."
    text = '{"verdicts": [{"claim": 1, "label": "SUPPORTED", "evidence": ["A b.", "C d."]}]}'
    assert parse_output(text, VerificationOutput).verdicts[0].evidence == "A b. ... C d."


@pytest.mark.parametrize(
    "text",
    [
        # Seen from Qwen2.5-Coder-1.5B: the quote and passage of a verdict in an object of
        # their own after it.
        '{"verdicts": [{"claim": 1, "label": "SUPPORTED", "reason": "r"}, '
        '{"evidence": "Returns: 30 days.", "passage": 1}]}',
        '{"verdicts": [{"claim": 1, "label": "SUPPORTED"}, {"Evidence": "Returns: 30 days."}, '
        '{"passage": "passage 1"}]}',
    ],
)
def test_a_verdict_split_over_two_objects_is_read_whole(text: str) -> None:
    (verdict,) = parse_output(text, VerificationOutput).verdicts
    assert (verdict.label, verdict.evidence, verdict.passage) == (
        Label.SUPPORTED,
        "Returns: 30 days.",
        1,
    )


def test_a_fragment_that_repeats_a_key_is_not_joined() -> None:
    text = (
        '{"verdicts": [{"claim": 1, "label": "SUPPORTED", "evidence": "a"}, '
        '{"evidence": "b", "passage": 1}]}'
    )
    with pytest.raises(ParseProblem, match=r"verdicts\.1\.claim: Field required"):
        parse_output(text, VerificationOutput)


def test_a_sentence_number_written_with_its_noun_is_read() -> None:
    text = '{"claims": [{"Sentence": "sentence 2", "claim": "Shipping is free."}]}'
    assert parse_output(text, ExtractionOutput).claims[0].sentence == 2


@pytest.mark.parametrize(
    ("text", "missing"),
    [
        ('{"verdicts": [{"label": "SUPPORTED"}]}', "verdicts.0.claim: Field required"),
        ('{"results": [{"label": "SUPPORTED"}]}', "verdicts: Field required"),
        (  # two lists, either of which could be meant: no guess
            '{"supported": [{"claim": 1, "label": "SUPPORTED"}], '
            '"unsupported": [{"claim": 2, "label": "NOT_ENOUGH_INFO"}]}',
            "verdicts: Field required",
        ),
        ('{"a": {"b": {"verdicts": []}}}', "verdicts: Field required"),  # one object around
        ('{"verdicts": [{"claim": "claims 1-2", "label": "SUPPORTED"}]}', "verdicts.0.claim"),
        ('{"verdicts": [{"claim": 1, "label": null}]}', "verdicts.0.label"),
        ('{"claims": ["Shipping is free."]}', "claims.0"),
        ('{"claims": [{"sentence": 1, "claim": ["A.", "B."]}]}', "claims.0.claim"),
    ],
)
def test_nothing_a_reply_leaves_out_is_supplied(text: str, missing: str) -> None:
    model: Any = ExtractionOutput if text.startswith('{"claims"') else VerificationOutput
    with pytest.raises(ParseProblem, match=missing.replace(".", r"\.")):
        parse_output(text, model)


@pytest.mark.parametrize(
    ("key", "field", "value"),
    [
        ("quote", "evidence", "the passage's words"),
        ("Evidence Quote", "evidence", "the passage's words"),
        ("verdict", "label", Label.CONTRADICTED),
        ("explanation", "reason", "because"),
        ("passage_number", "passage", 2),
    ],
)
def test_a_field_under_another_name_is_read_as_meant(key: str, field: str, value: Any) -> None:
    item = {"claim": 1, "label": "CONTRADICTED", "passage": 2}
    item[key] = value.value if isinstance(value, Label) else value
    if key == "verdict":
        del item["label"]
    parsed = parse_output(json.dumps({"verdicts": [item]}), VerificationOutput).verdicts[0]
    assert getattr(parsed, field) == value


def test_a_fields_own_key_wins_over_another_name() -> None:
    item = {"claim": 1, "label": "SUPPORTED", "quote": "a draft", "evidence": "the quote"}
    parsed = parse_output(json.dumps({"verdicts": [item]}), VerificationOutput).verdicts[0]
    assert parsed.evidence == "the quote"


def test_passage_index_is_not_read_as_the_passage_number() -> None:
    # It may count from 0; a wrong passage number would send the quote to the wrong passage.
    item = {"claim": 1, "label": "SUPPORTED", "evidence": "x", "passage_index": 0}
    parsed = parse_output(json.dumps({"verdicts": [item]}), VerificationOutput).verdicts[0]
    assert parsed.passage is None


@pytest.mark.parametrize(
    ("field", "written", "number"),
    [
        ("claim", "1", 1),
        ("claim", " 2 ", 2),
        ("claim", "#1", 1),
        ("claim", "[1]", 1),
        ("claim", "(2)", 2),
        ("claim", "claim 1", 1),
        ("claim", "Claim 2", 2),
        ("claim", "claim #2", 2),
        ("claim", "Claim no. 2", 2),
        ("claim", "Claim 2:", 2),
        ("claim", "2 of 3", 2),
        ("passage", "passage 2", 2),
        ("passage", "[passage 2]", 2),
        ("passage", "Passage 2.", 2),
        ("passage", "passage 2 of 3", 2),
        ("passage", "[2]", 2),
    ],
)
def test_a_number_written_as_a_reference_to_it_is_read(
    field: str, written: str, number: int
) -> None:
    item: dict[str, Any] = {"claim": 1, "label": "SUPPORTED", "evidence": "x", "passage": 1}
    item[field] = written
    (verdict,) = parse_output(json.dumps({"verdicts": [item]}), VerificationOutput).verdicts
    assert getattr(verdict, field) == number


@pytest.mark.parametrize(
    ("field", "written"),
    [
        ("claim", "The museum has 2 floors."),  # the claim's own text: not claim 2
        ("claim", "passage 2"),  # another item's number
        ("claim", "claims 1-2"),
        ("claim", "1" * 5000),  # int() refuses more than 4300 digits
        ("passage", "The museum has 2 floors."),
        ("passage", "passages 1 and 2"),
        ("passage", "passage " + "1" * 5000),
    ],
)
def test_a_number_inside_other_words_is_no_number(field: str, written: str) -> None:
    item: dict[str, Any] = {"claim": 1, "label": "SUPPORTED", "evidence": "x", "passage": 1}
    item[field] = written
    with pytest.raises(ParseProblem, match=rf"verdicts\.0\.{field}"):
        parse_output(json.dumps({"verdicts": [item]}), VerificationOutput)


_WORDS = st.sampled_from(["The", "museum", "has", "floors", "costs", "euro", "Entry", "is", "a"])


@PROPERTIES
@given(st.lists(_WORDS, min_size=1, max_size=4), st.integers(0, 99), st.lists(_WORDS, max_size=4))
def test_a_claims_text_is_never_read_as_a_claim_number(
    before: list[str], number: int, after: list[str]
) -> None:
    # A judge that copies each claim's text into "claim" must be asked again: a number read
    # from inside the text would put the verdict on another claim.
    text = " ".join([*before, str(number), *after])
    replies: list[tuple[Any, dict[str, Any]]] = [
        (VerificationOutput, {"verdicts": [{"claim": text, "label": "SUPPORTED"}]}),
        (RelevanceOutput, {"noncommittal": False, "verdicts": [{"claim": text, "relevant": True}]}),
    ]
    for model, reply in replies:
        with pytest.raises(ParseProblem, match=r"verdicts\.0\.claim"):
            parse_output(json.dumps(reply), model)


def test_a_sentences_text_is_no_sentence_number() -> None:
    text = '{"claims": [{"sentence": "Returns are accepted within 30 days.", "claim": "c"}]}'
    with pytest.raises(ParseProblem, match=r"claims\.0\.sentence"):
        parse_output(text, ExtractionOutput)


@PROPERTIES
@given(verdict_lists(), st.booleans())
def test_an_answer_written_as_a_json_string_reads_as_the_answer(
    items: list[dict[str, Any]], whole: bool
) -> None:
    # Claude's tool input sometimes holds the list as the JSON string that spells it; some
    # servers encode the whole answer twice. What the string spells is read, and nothing else.
    value = {"verdicts": items}
    written = json.dumps(value) if whole else {"verdicts": json.dumps(items)}
    expected = VerificationOutput.model_validate(value)
    assert parse_output(json.dumps(written), VerificationOutput) == expected


@pytest.mark.parametrize(
    "text",
    [
        '{"verdicts": "[{\\"label\\": \\"SUPPORTED\\"}]"}',  # spells a list missing claim numbers
        '{"verdicts": "[not json"}',
        '{"verdicts": "see above"}',
        '"[1, 2]"',
        '"\\"{}\\""',  # a string spelling a string spelling an object: read once, not twice
    ],
)
def test_a_json_string_that_spells_no_answer_is_still_a_problem(text: str) -> None:
    with pytest.raises(ParseProblem, match="required shape"):
        parse_output(text, VerificationOutput)


def test_a_json_string_inside_a_reply_spells_no_lone_surrogate() -> None:
    inner = json.dumps([{"claim": 1, "label": "SUPPORTED", "reason": "a \ud800 b"}])
    (verdict,) = parse_output(json.dumps({"verdicts": inner}), VerificationOutput).verdicts
    assert verdict.reason.encode("utf-8") == b"a ? b"  # as a lone surrogate outside a string


_OTHER_KEYS = st.sampled_from(["results", "data", "output", "Answer", "claim_verdicts"])


@PROPERTIES
@given(verdict_lists().filter(bool), _OTHER_KEYS, st.booleans())
def test_the_answer_under_a_key_of_its_own_reads_as_the_answer(
    items: list[dict[str, Any]], key: str, wrapped: bool
) -> None:
    # {"results": [...]}, or {"response": {"verdicts": [...]}}: the list the model was asked
    # for, in one place only, read as written there and validated like any reply.
    written = {key: {"verdicts": items}} if wrapped else {key: items}
    expected = VerificationOutput.model_validate({"verdicts": items})
    assert parse_output(json.dumps(written), VerificationOutput) == expected
