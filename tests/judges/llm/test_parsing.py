"""Reading a model's reply: JSON as small models write it, or a ParseProblem saying why not."""

from __future__ import annotations

import contextlib
import json
import os
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pytest_faithful.judges.llm.metric_prompts import PassageOutput, RelevanceOutput
from pytest_faithful.judges.llm.parsing import ParseProblem, extract_json, parse_output
from pytest_faithful.judges.llm.prompts import (
    ExtractionOutput,
    SingleCallReading,
    VerificationOutput,
)
from pytest_faithful.models import Label

# No deadline: a reply with a 5,000-digit number takes 0.2-0.4 s to refuse on a loaded 2-core
# machine, past hypothesis's 200 ms; these properties are about outcomes, and time is
# tests/test_linear_time.py's.
PROPERTIES = settings(
    max_examples=int(os.environ.get("FAITH_PROPERTY_EXAMPLES", "100")), deadline=None
)

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
    Label.SUPPORTED: ["SUPPORTED", "Supported", "Supported.", "ENTAILMENT"],
    Label.CONTRADICTED: ["CONTRADICTED", "contradicted", "Contradiction", "REFUTED"],
    Label.NOT_ENOUGH_INFO: [
        *("NOT_ENOUGH_INFO", "Not enough info", "not_enough_info", "NEI"),
        *("Not enough information", "NEUTRAL", "Unsupported"),
    ],
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
        '{"verdicts": [{"claim": 1, "label": "SUPP',  # mended, the label is still no label
        "I'm sorry, NOT_ENOUGH_INFO.",
        "I'm sorry, I cannot help with {that}.",
        '{"claims": [{"sentence": 1, "claim": "x"}]}',  # another step's shape
    ],
)
def test_what_mending_cannot_save_is_still_a_parse_problem(text: str) -> None:
    with pytest.raises(ParseProblem):
        parse_output(text, VerificationOutput)


_SLIPS = {
    "trailing commas": '{"verdicts": [{"claim": 1, "label": "SUPPORTED", "evidence": "y",},]}',
    "single quotes": "{'verdicts': [{'claim': 1, 'label': 'SUPPORTED', 'evidence': 'y'}]}",
    "missing commas": '{"verdicts": [{"claim": 1 "label": "SUPPORTED" "evidence": "y"}]}',
    "a comment": '{"verdicts": [{"claim": 1, // the first\n "label": "SUPPORTED", '
    '"evidence": "y"}]}',
    "no closing brackets": '{"verdicts": [{"claim": 1, "label": "SUPPORTED", "evidence": "y"}',
    "a bare label and a trailing comma": '{"verdicts": [{"claim": 1, "label": SUPPORTED, '
    '"evidence": "y",}]}',
    "fenced, then prose": 'Sure:\n```json\n{"verdicts": [{"claim": 1, "label": "SUPPORTED", '
    '"evidence": "y",}]}\n```\nHope that helps.',
}


@pytest.mark.parametrize("text", _SLIPS.values(), ids=_SLIPS.keys())
def test_the_slips_small_models_make_are_mended(text: str) -> None:
    (verdict,) = parse_output(text, VerificationOutput).verdicts
    assert (verdict.claim, verdict.label, verdict.evidence) == (1, Label.SUPPORTED, "y")


def test_a_string_left_unclosed_before_the_next_key_is_mended() -> None:
    # Seen from Qwen2.5-Coder-1.5B: the reason's closing quote and comma are missing.
    text = (
        '{"verdicts": [{"claim": 1, "label": "SUPPORTED", "reason": "The passage says \'it '
        'rains\', which supports the claim. "evidence": "It rains.", "passage": 1}]}'
    )
    (verdict,) = parse_output(text, VerificationOutput).verdicts
    assert (verdict.label, verdict.evidence, verdict.passage) == (Label.SUPPORTED, "It rains.", 1)


# Reasons as models write them. No backslash, and no double quote (json.dumps escapes it with
# one): json_repair misreads an escape just before a bracket ("\\[") and takes the next items
# into the string; test_mending_never_invents_a_verdict covers that case.
_PROSE = st.text(
    st.characters(
        whitelist_categories=["L", "N", "P", "Zs"],
        max_codepoint=0x2FF,
        blacklist_characters='\\"',
    ),
    max_size=40,
)


@st.composite
def slipped_verdicts(draw: st.DrawFn, reasons: st.SearchStrategy[str]) -> tuple[str, list[Label]]:
    """Verdicts written with the slips above: commas after the last item or dropped between
    keys, the closing brackets left off."""
    labels = draw(st.lists(st.sampled_from(list(Label)), min_size=1, max_size=4))
    trailing = draw(st.booleans())
    items = []
    for number, label in enumerate(labels, 1):
        comma = "" if draw(st.booleans()) else ","
        reason = json.dumps(draw(reasons), ensure_ascii=False)
        items.append(
            f'{{"claim": {number}{comma} "label": "{label.value}", "reason": {reason}'
            f"{',' if trailing else ''}}}"
        )
    text = '{"verdicts": [' + ", ".join(items) + ("," if trailing else "")
    return text + draw(st.sampled_from(["]}", "]", ""])), labels


@PROPERTIES
@given(slipped_verdicts(_PROSE))
def test_slipped_verdicts_with_prose_reasons_are_all_read(written: tuple[str, list[Label]]) -> None:
    text, labels = written
    assert [v.label for v in parse_output(text, VerificationOutput).verdicts] == labels


@PROPERTIES
@given(slipped_verdicts(_REASONS))
def test_mending_never_invents_a_verdict(written: tuple[str, list[Label]]) -> None:
    # With escapes in a string, json_repair may read the next items as part of it: fewer
    # verdicts, which the judge's count check turns into a repair request; never other ones.
    text, labels = written
    try:
        read = parse_output(text, VerificationOutput).verdicts
    except ParseProblem:
        return
    assert [(v.claim, v.label) for v in read] == list(enumerate(labels, 1))[: len(read)]


@pytest.mark.parametrize(
    "text",
    [
        "{" * 20_000,
        '{"a": [1, {"b": "c' * 1_500,
        '{"reason": "' + "x" * 40_000,
        "{" + ":" * 20_000,
    ],
    ids=["deep braces", "deep mixed", "a huge unclosed string", "a colon storm"],
)
def test_pathological_replies_are_a_quick_parse_problem(text: str) -> None:
    with pytest.raises(ParseProblem):
        parse_output(text, VerificationOutput)


def test_prose_around_the_json_is_left_alone() -> None:
    text = 'Here it is, None missing: {"verdicts": [{"claim": 1, "label": SUPPORTED}]} Done, True.'
    assert extract_json(text) == {"verdicts": [{"claim": 1, "label": "SUPPORTED"}]}


_ANSWER = '{"verdicts": [{"claim": 1, "label": "SUPPORTED", "evidence": "x", "passage": 1}]}'
_DRAFT = '{"verdicts": [{"claim": 1, "label": "CONTRADICTED", "evidence": "y", "passage": 2}]}'
_THOUGHT = st.text(
    st.characters(blacklist_categories=["Cs"], blacklist_characters="<>"), max_size=60
)


@PROPERTIES
@given(
    thought=_THOUGHT,
    tag=st.sampled_from(["think", "THINK", "thinking", "reasoning"]),
    opened=st.booleans(),
    draft=st.booleans(),
)
def test_a_reasoning_models_thinking_is_read_past(
    thought: str, tag: str, opened: bool, draft: bool
) -> None:
    # The server may have eaten the opening tag; JSON drafted while thinking is not the answer.
    thinking = f"{'<' + tag + '>' if opened else ''}{thought}{_DRAFT if draft else ''}</{tag}>"
    parsed = parse_output(f"{thinking}\n\n{_ANSWER}", VerificationOutput)
    assert [(v.label, v.evidence) for v in parsed.verdicts] == [(Label.SUPPORTED, "x")]


@pytest.mark.parametrize(
    "text",
    [
        f"<think>Let me check the claim. {_DRAFT} Hmm, but",  # cut off while thinking
        "<think>The claim is supported.</think>",
        "  <thinking>\n" + _DRAFT,
    ],
)
def test_a_reply_that_is_all_thinking_is_a_parse_problem(text: str) -> None:
    with pytest.raises(ParseProblem, match="thinking"):
        parse_output(text, VerificationOutput)


def test_a_tag_inside_the_answer_is_not_thinking() -> None:
    text = (
        '{"verdicts": [{"claim": 1, "label": "SUPPORTED", "reason": "no <think> here",'
        ' "evidence": "x", "passage": 1}]}'
    )
    assert parse_output(text, VerificationOutput).verdicts[0].reason == "no <think> here"


@pytest.mark.parametrize("label", ["SUPPORTED|CONTRADICTED|NOT_ENOUGH_INFO", "true", "maybe"])
def test_a_label_that_names_none_of_the_three_is_still_a_problem(label: str) -> None:
    text = f'{{"verdicts": [{{"claim": 1, "label": "{label}", "evidence": "", "passage": null}}]}}'
    with pytest.raises(ParseProblem, match="label"):
        parse_output(text, VerificationOutput)


@pytest.mark.parametrize("label", [["SUPPORTED"], {"value": "SUPPORTED"}, 1, None])
def test_a_single_call_label_that_is_no_string_reads_as_no_label(label: Any) -> None:
    # No label: the judge verifies the claim in a verify step. A list or object once raised
    # TypeError (unhashable) from the label reader, past the ParseProblem handling.
    text = json.dumps({"claims": [{"sentence": 1, "claim": "Returns: 30 days.", "label": label}]})
    (item,) = parse_output(text, SingleCallReading).claims
    assert item.label is None


@pytest.mark.parametrize("label", [["SUPPORTED"], {"value": "SUPPORTED"}])
def test_a_two_step_label_that_is_no_string_is_a_parse_problem(label: Any) -> None:
    text = json.dumps({"verdicts": [{"claim": 1, "label": label}]})
    with pytest.raises(ParseProblem, match=r"verdicts\.0\.label"):
        parse_output(text, VerificationOutput)


# -- where the answer is: strict JSON first, the last answer, mending only inside the JSON ------

# Prose as models write it around their JSON, rich in what misleads a reader: lone and paired
# double quotes (an inch mark), braces and brackets, colons and commas, bare label words.
_AROUND = st.lists(
    st.sampled_from(
        [
            *('"', '6"', "{", "}", "[", "]", ":", ",", "'", "`", "\n", " ", ".", "\\"),
            *("{1}", "[1]", "{}", "[]", '{"claim": 1}', '{"label": "SUPPORTED"}', "None"),
            *("Passage", "claim", "SUPPORTED", "NOT_ENOUGH_INFO", "spec", "sheet", "30 days"),
        ]
    ),
    max_size=12,
).map("".join)
# Reasons and quotes: any text, or words with the ": " and ", " a flipped reader takes for the
# places a bare JSON value starts.
_VERDICT_TEXT = st.one_of(
    st.text(st.characters(blacklist_categories=["Cs"], blacklist_characters="\x00"), max_size=40),
    st.lists(
        st.tuples(
            st.sampled_from(["Passage", "2", "says", "returns", "$15", "not", "SUPPORTED", "None"]),
            st.sampled_from([" ", ": ", ", ", " [", "] ", '"', "'"]),
        ),
        max_size=8,
    ).map(lambda pairs: "".join(word + gap for word, gap in pairs)),
)


@st.composite
def verification_answers(draw: st.DrawFn) -> dict[str, Any]:
    labels = draw(st.lists(st.sampled_from([label.value for label in Label]), max_size=3))
    return {
        "verdicts": [
            {
                "claim": number,
                "label": label,
                "reason": draw(_VERDICT_TEXT),
                "evidence": draw(_VERDICT_TEXT),
                "passage": draw(st.none() | st.integers(1, 3)),
            }
            for number, label in enumerate(labels, 1)
        ]
    }


@st.composite
def single_call_answers(draw: st.DrawFn) -> dict[str, Any]:
    verdicts = draw(verification_answers())["verdicts"]
    return {
        "claims": [{**v, "sentence": v["claim"], "claim": draw(_VERDICT_TEXT)} for v in verdicts]
    }


def _fence(answer: dict[str, Any], indent: bool) -> str:
    return "```json\n" + json.dumps(answer, indent=2 if indent else None) + "\n```"


@PROPERTIES
@given(
    st.one_of(
        st.tuples(st.just(VerificationOutput), verification_answers()),
        st.tuples(st.just(SingleCallReading), single_call_answers()),
    ),
    _AROUND,
    _AROUND,
    st.booleans(),
)
def test_prose_around_a_fenced_reply_never_changes_what_is_read(
    asked: tuple[Any, dict[str, Any]], before: str, after: str, indent: bool
) -> None:
    model, answer = asked
    text = f"{before}\n{_fence(answer, indent)}\n{after}"
    assert parse_output(text, model) == model.model_validate(answer)


@PROPERTIES
@given(verification_answers(), _AROUND.filter(lambda prose: "{" not in prose), _AROUND)
def test_prose_around_a_bare_reply_never_changes_what_is_read(
    answer: dict[str, Any], before: str, after: str
) -> None:
    # Without a fence, prose could open an object or list that holds the answer ('{"a": ' or
    # "[" before, "}" or "]" after): JSON of another shape, a parse problem.
    text = f"{before}\n{json.dumps(answer)}\n{after}"
    assume(not _is_json(text))
    assert parse_output(text, VerificationOutput) == VerificationOutput.model_validate(answer)


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def test_a_template_echoed_before_the_answer_is_not_the_answer() -> None:
    text = (
        'Using the format {"verdicts": [{"claim": <number>, "label": "SUPPORTED|CONTRADICTED|'
        'NOT_ENOUGH_INFO", "reason": "<why>", "passage": <number or null>}]}, my answer:\n'
        + _ANSWER
    )
    (verdict,) = parse_output(text, VerificationOutput).verdicts
    assert (verdict.label, verdict.evidence) == (Label.SUPPORTED, "x")


def test_mending_starts_at_the_json_not_in_the_prose_before_it() -> None:
    # A bare label still needs mending; the inch mark before must not flip the strings.
    text = 'The 6" model:\n{"verdicts": [{"claim": 1, "label": SUPPORTED, "reason": "a: b, c"}]}'
    (verdict,) = parse_output(text, VerificationOutput).verdicts
    assert (verdict.label, verdict.reason) == (Label.SUPPORTED, "a: b, c")


def test_a_fenced_list_with_a_bare_label_is_read_whole() -> None:
    text = '```json\n[{"claim": 1, "label": SUPPORTED}, {"claim": 2, "label": "CONTRADICTED"}]\n```'
    assert [v.claim for v in parse_output(text, VerificationOutput).verdicts] == [1, 2]


@PROPERTIES
@given(verification_answers(), verification_answers(), _AROUND, st.booleans())
def test_of_several_answers_the_last_is_read(
    draft: dict[str, Any], final: dict[str, Any], between: str, fences: bool
) -> None:
    # The model's final word, as after its thinking; an incomplete last answer is still caught
    # by the judge's count and coverage checks.
    write = (lambda a: _fence(a, False)) if fences else json.dumps
    text = f"{write(draft)}\n{between} Corrected answer:\n{write(final)}"
    assert parse_output(text, VerificationOutput) == VerificationOutput.model_validate(final)


def test_a_malformed_answer_after_a_readable_one_is_a_parse_problem() -> None:
    # Reading the readable one would be reading the draft; mending the last is no surer.
    text = _DRAFT + "\nWait, corrected:\n" + _ANSWER.replace('"SUPPORTED"', "SUPPORTED,,")
    with pytest.raises(ParseProblem, match="another in malformed JSON"):
        parse_output(text, VerificationOutput)


@pytest.mark.parametrize(
    "after", ['I used the format {"verdicts": [...]}.', "See {verdicts: above}.", "{claim 2}"]
)
def test_a_format_named_after_the_answer_is_no_second_answer(after: str) -> None:
    (verdict,) = parse_output(f"{_ANSWER}\n{after}", VerificationOutput).verdicts
    assert verdict.label is Label.SUPPORTED


def test_json_lines_are_items_not_answers() -> None:
    # One verdict per line: not several answers (the last is not "the final word"). The first
    # item is read, and the judge's count check asks again for all of them.
    lines = '{"claim": 1, "label": "SUPPORTED"}\n{"claim": 2, "label": "CONTRADICTED"}'
    assert [v.claim for v in parse_output(lines, VerificationOutput).verdicts] == [1]


# -- whatever the text: a model or a ParseProblem -----------------------------------------------

_BIG = "1" * 5000  # past the 4300 digits int() converts
_KEYS = st.sampled_from(
    [
        *("verdicts", "claims", "Verdicts", "claim", "sentence", "label", "Label", "verdict"),
        *("reason", "evidence", "quote", "passage", "passage number", "relevant", "useful"),
        *("noncommittal", "x"),
    ]
)
_HOSTILE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 10),
    st.floats(),
    st.sampled_from(
        [
            *("SUPPORTED", "supported", "NEI", "passage 2", "claim 1", "2 of 3", "none", "N/A"),
            *("The museum has 2 floors.", "[1]", "#2", "\ud800", "", _BIG, f"passage {_BIG}"),
            "<number>",
        ]
    ),
    st.just("RAW_BIG"),  # becomes a 5000-digit JSON number, which json cannot decode
)
_HOSTILE_JSON = st.recursive(
    _HOSTILE,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_KEYS, inner, max_size=5),
    max_leaves=16,
)
_JUNK = st.lists(
    st.sampled_from(
        ["", "```json\n", "```", "<think>", "</think>", "Here: ", '6"', "{", "}", "[", "]", ","]
    ),
    max_size=3,
).map("".join)
_MODELS = [
    ExtractionOutput,
    VerificationOutput,
    SingleCallReading,
    RelevanceOutput,
    PassageOutput,
]


@PROPERTIES
@given(_HOSTILE_JSON, _JUNK, _JUNK, st.booleans(), st.sampled_from(_MODELS))
def test_parse_output_gives_a_model_or_a_parse_problem_whatever_the_reply(
    value: Any, before: str, after: str, python_repr: bool, model: Any
) -> None:
    # Anything else escaping (TypeError from a validator, ValueError from int()) skipped the
    # repair request and any verify step the design gives a doubtful reply.
    body = repr(value) if python_repr else json.dumps(value)
    body = body.replace('"RAW_BIG"', _BIG).replace("'RAW_BIG'", _BIG)
    with contextlib.suppress(ParseProblem):
        parse_output(before + body + after, model)


@pytest.mark.parametrize(
    "text",
    [
        '{"verdicts": [{"claim": 1, "label": "SUPPORTED", "passage": ' + _BIG + "}]}",
        '{"verdicts": [{"claim": 1, "label": "SUPPORTED", "passage": "passage ' + _BIG + '"}]}',
        '{"verdicts": [{"claim": ' + _BIG + ', "label": "SUPPORTED"}]}',
    ],
    ids=["a number", "a number in a string", "a claim number"],
)
def test_a_number_too_long_to_convert_is_a_parse_problem(text: str) -> None:
    with pytest.raises(ParseProblem):
        parse_output(text, VerificationOutput)


@pytest.mark.parametrize(
    ("text", "model"),
    [
        ('{"claims": [{"sentence": true, "claim": "Returns take 30 days."}]}', ExtractionOutput),
        ('{"verdicts": [{"claim": true, "label": "SUPPORTED"}]}', VerificationOutput),
        ('{"verdicts": [{"claim": 1, "label": "SUPPORTED", "passage": true}]}', VerificationOutput),
        (
            '{"verdicts": [{"claim": true, "relevant": true}], "noncommittal": false}',
            RelevanceOutput,
        ),
        ('{"verdicts": [{"passage": false, "useful": true}]}', PassageOutput),
    ],
    ids=["sentence", "claim", "passage", "relevance claim", "precision passage"],
)
def test_true_or_false_is_no_item_number(text: str, model: Any) -> None:
    # pydantic's lax int reads true as 1: a verdict would land on claim 1 unasked.
    with pytest.raises(ParseProblem, match="a number is needed, not true or false"):
        parse_output(text, model)
