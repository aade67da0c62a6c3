"""Property-based tests: whatever a judge or a model writes, the verifier's guarantees hold.

Run more examples with
``FAITH_PROPERTY_EXAMPLES=5000 pytest tests/judges/test_judge_properties.py``.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pytest_faithful import JudgeError, Label, verify
from pytest_faithful.cache.replay import CachedBackend
from pytest_faithful.judges.llm.judge import LLMJudge
from pytest_faithful.judges.llm.options import LLMOptions
from pytest_faithful.judges.llm.parsing import ParseProblem, extract_json, parse_output
from pytest_faithful.judges.llm.prompts import (
    ExtractionOutput,
    SingleCallOutput,
    VerificationOutput,
)
from pytest_faithful.models import Claim, ExtractedClaims, FaithfulnessResult, Usage, Verdicts
from pytest_faithful.testing import ScriptedBackend
from pytest_faithful.text.abstentions import states_something
from pytest_faithful.text.evidence import PassageIndex, bears_on, claim_terms
from pytest_faithful.text.segment import Sentence, split_sentences

PROPERTIES = settings(
    max_examples=int(os.environ.get("FAITH_PROPERTY_EXAMPLES", "100")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

WORDS = [
    "returns",
    "accepted",
    "within",
    "30",
    "days",
    "refunds",
    "take",
    "five",
    "shipping",
    "Canada",
    "costs",
    "$15",
    "free",
    "the",
    "is",
]
sentence_text = st.lists(st.sampled_from(WORDS), min_size=1, max_size=8).map(
    lambda ws: " ".join(ws).capitalize() + "."
)
answers = st.one_of(
    st.lists(
        st.one_of(sentence_text, st.sampled_from(["Sure!", "I don't know.", "Hm?"])), max_size=5
    ).map(" ".join),
    st.text(max_size=120),
)
passage_lists = st.lists(
    st.lists(sentence_text, min_size=1, max_size=4).map(" ".join), min_size=1, max_size=3
)
# Every code point, lone surrogates included: text a model or a proxy might send back.
any_text = st.text(st.characters(blacklist_categories=()), max_size=300)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)
json_shaped = st.one_of(
    json_values.map(json.dumps),
    json_values.map(lambda v: f"Here you go:\n```json\n{json.dumps(v)}\n```"),
    st.integers(1, 5000).map(lambda n: "[" * n + "]" * n),
    st.integers(1, 5000).map(lambda n: '{"a":' * n + "1" + "}" * n),
    st.integers(1, 3000).map(lambda n: "{" * n),
    st.just("<html><body><h1>502 Bad Gateway</h1></body></html>"),
    any_text,
)


@PROPERTIES
@given(json_shaped)
def test_json_extraction_gives_a_value_or_a_parse_problem(text: str) -> None:
    with contextlib.suppress(ParseProblem):
        extract_json(text)


# JSON values whose strings hold any code point, lone surrogates included.
lone_surrogates = st.lists(st.characters(categories=["Cs"]), min_size=1, max_size=2).map("".join)
texts_with_surrogates = st.one_of(any_text, st.tuples(any_text, lone_surrogates).map("".join))
json_any_text = st.recursive(
    st.none() | st.integers() | texts_with_surrogates,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(texts_with_surrogates, inner, max_size=3)
    ),
    max_leaves=8,
)


@PROPERTIES
@given(json_any_text, st.booleans(), st.booleans())
def test_extracted_json_never_holds_a_lone_surrogate(
    value: Any, ascii_only: bool, fenced: bool
) -> None:
    # Escaped ("\ud800") or raw, anywhere in the value: the parse can always be written out.
    text = json.dumps({"v": value}, ensure_ascii=ascii_only)
    if fenced:
        text = f"Sure:\n```json\n{text}\n```"
    json.dumps(extract_json(text), ensure_ascii=False).encode("utf-8")


@PROPERTIES
@given(json_shaped, st.sampled_from([ExtractionOutput, VerificationOutput, SingleCallOutput]))
def test_parsing_gives_a_model_or_a_parse_problem(text: str, model: type[Any]) -> None:
    try:
        parsed = parse_output(text, model)
    except ParseProblem:
        return
    # Whatever was parsed can be written to a UTF-8 report.
    parsed.model_dump_json().encode("utf-8")


@PROPERTIES
@given(any_text)
def test_segmentation_never_raises_and_offsets_map_back(text: str) -> None:
    for s in split_sentences(text):
        assert text[s.start : s.end] == s.text


# -- an adversarial judge ----------------------------------------------------------------------

EXCEPTIONS = [
    RuntimeError("boom"),
    RecursionError("deep"),
    KeyError("k"),
    TypeError("t"),
    ValueError("v"),
    UnicodeEncodeError("utf-8", "\ud800", 0, 1, "surrogates not allowed"),
    JudgeError("the judge gave up"),
]


class AdversarialJudge:
    """Every choice it makes is drawn by hypothesis: skip, repeat, misplace, raise, lie."""

    id = "adversarial"
    heuristic = False

    def __init__(self, data: st.DataObject) -> None:
        self.draw = data.draw

    def _maybe_fail(self) -> None:
        if self.draw(st.integers(0, 19)) == 0:
            raise self.draw(st.sampled_from(EXCEPTIONS))

    def extract_claims(self, sentences: Sequence[Sentence], question: str | None) -> Any:
        self._maybe_fail()
        if self.draw(st.integers(0, 29)) == 0:
            return self.draw(st.sampled_from([None, [], "claims", ExtractedClaims(claims=())]))
        claims: list[Claim] = []
        for s in sentences:
            for _ in range(self.draw(st.integers(0, 3))):
                text = self.draw(
                    st.sampled_from([s.text, s.text.upper(), f" {s.text} ", s.text.rstrip(".")])
                    | st.text(min_size=1, max_size=30).filter(str.strip)
                )
                start = s.start if self.draw(st.integers(0, 24)) else s.start + 1
                with contextlib.suppress(ValueError):  # a drawn claim the model itself refuses
                    claims.append(
                        Claim(text=text, sentence=s.text, start=start, end=start + len(s.text))
                    )
        return ExtractedClaims(claims=tuple(claims))

    def verify(self, claims: Sequence[Claim], passages: Sequence[str], question: str | None) -> Any:
        self._maybe_fail()
        verdicts = []
        for i, _ in enumerate(claims):
            for _ in range(self.draw(st.sampled_from([1, 1, 1, 1, 0, 2]))):
                passage = self.draw(st.sampled_from([None, *range(len(passages) + 1)]))
                source = (
                    passages[passage] if passage is not None and passage < len(passages) else ""
                )
                start = self.draw(st.integers(0, max(len(source) - 1, 0)))
                quote = self.draw(
                    st.sampled_from(
                        [source[start : start + self.draw(st.integers(0, 40))], ".", "e", "30", ""]
                    )
                    | st.text(max_size=20)
                )
                verdicts.append(
                    {
                        "claim_index": self.draw(st.sampled_from([i, i, i, i + 1])),
                        "label": self.draw(
                            st.sampled_from(
                                ["SUPPORTED", "CONTRADICTED", "NOT_ENOUGH_INFO", "MAYBE"]
                            )
                        ),
                        "reason": "drawn",
                        "evidence": quote,
                        "passage_index": passage,
                    }
                )
        return Verdicts.model_validate({"verdicts": verdicts, "usage": Usage()})


def _check_invariants(answer: str, passages: Sequence[str], result: FaithfulnessResult) -> None:
    assert 0.0 <= result.score <= 1.0
    covered = {cv.claim.start for cv in result.claim_verdicts}
    # A bare yes or no ("FALSE.") with no question states nothing to check (README: a bare
    # "yes" to a remark is left out).
    stating = [
        s for s in split_sentences(answer) if states_something(s.text) and claim_terms(s.text)
    ]
    if any(p.strip() for p in passages) or stating:
        for s in stating:
            assert s.start in covered or any(
                cv.claim.text.strip(" .").casefold() == s.text.strip(" .").casefold()
                for cv in result.claim_verdicts
            ), f"sentence {s.text!r} was not judged"
    index = PassageIndex(passages)
    for cv in result.claim_verdicts:
        if cv.label is Label.SUPPORTED:
            assert cv.evidence_found
            assert cv.passage_index is not None
            assert index.contains(cv.passage_index, cv.evidence)
            # The passage's own text, not the judge's: reports quote the source.
            assert cv.evidence.strip()
            assert cv.evidence in passages[cv.passage_index]
            assert cv.alignment is not None
            assert bears_on(cv.evidence, cv.claim.text)
    result.model_dump_json().encode("utf-8")


@PROPERTIES
@given(answers, passage_lists, st.data())
def test_an_adversarial_judge_gets_a_score_or_a_judge_error(
    answer: str, passages: list[str], data: st.DataObject
) -> None:
    try:
        result = verify(answer, passages, judge=AdversarialJudge(data))
    except JudgeError:
        return
    _check_invariants(answer, passages, result)


class HonestJudge:
    """Claims are the sentences, each ``copies`` times; verdicts a fixed function of the text."""

    id = "honest"
    heuristic = False

    def __init__(self, copies: Sequence[int], labels: dict[str, str]) -> None:
        self.copies = copies
        self.labels = labels

    def extract_claims(
        self, sentences: Sequence[Sentence], question: str | None
    ) -> ExtractedClaims:
        claims = []
        for n, s in enumerate(sentences):
            for _ in range(self.copies[n % len(self.copies)]):
                claims.append(Claim(text=s.text, sentence=s.text, start=s.start, end=s.end))
        return ExtractedClaims(claims=tuple(claims))

    def verify(
        self, claims: Sequence[Claim], passages: Sequence[str], question: str | None
    ) -> Verdicts:
        return Verdicts.model_validate(
            {
                "verdicts": [
                    {
                        "claim_index": i,
                        "label": self.labels.get(c.text, "NOT_ENOUGH_INFO"),
                        "evidence": passages[0],
                        "passage_index": 0,
                    }
                    for i, c in enumerate(claims)
                ]
            }
        )


@PROPERTIES
@given(
    st.lists(sentence_text, min_size=1, max_size=5, unique=True),
    st.lists(st.integers(1, 5), min_size=1, max_size=5),
    st.data(),
)
def test_duplicated_claims_never_raise_the_score(
    sentences: list[str], copies: list[int], data: st.DataObject
) -> None:
    answer = " ".join(sentences)
    labels = {
        s.text: data.draw(st.sampled_from(["SUPPORTED", "CONTRADICTED", "NOT_ENOUGH_INFO"]))
        for s in split_sentences(answer)
    }
    passages = [answer]
    once = verify(answer, passages, judge=HonestJudge([1], labels), threshold=0.0)
    repeated = verify(answer, passages, judge=HonestJudge(copies, labels), threshold=0.0)
    assert repeated.score <= once.score
    assert repeated.score == once.score  # identical claims count once


# -- the LLM judge fed arbitrary model replies ---------------------------------------------------

model_replies = st.one_of(
    json_shaped,
    st.builds(
        lambda claims: json.dumps({"claims": claims}),
        st.lists(
            st.fixed_dictionaries(
                {"sentence": st.integers(-1, 6), "claim": st.text(max_size=30)},
                optional={
                    "label": st.sampled_from(["SUPPORTED", "supported", "NOPE", "NOT_ENOUGH_INFO"]),
                    "evidence": st.text(max_size=20),
                    "passage": st.none() | st.integers(-1, 4),
                },
            ),
            max_size=6,
        ),
    ),
    st.builds(
        lambda verdicts: json.dumps({"verdicts": verdicts}),
        st.lists(
            st.fixed_dictionaries(
                {
                    "claim": st.integers(0, 6),
                    "label": st.sampled_from(["SUPPORTED", "CONTRADICTED", "NOT_ENOUGH_INFO", "?"]),
                },
                optional={
                    "evidence": st.text(max_size=20),
                    "passage": st.none() | st.integers(0, 4),
                },
            ),
            max_size=6,
        ),
    ),
)


@PROPERTIES
@given(answers, passage_lists, st.lists(model_replies, min_size=4, max_size=4), st.booleans())
def test_the_llm_judge_turns_any_reply_into_a_score_or_a_judge_error(
    answer: str, passages: list[str], replies: list[str], single_call: bool
) -> None:
    script = iter(replies)
    backend = ScriptedBackend(lambda request: next(script, "{}"))
    judge = LLMJudge(
        CachedBackend(backend, None, "off"), "m", tuning=LLMOptions(single_call=single_call)
    )
    try:
        result = verify(answer, passages, judge=judge)
    except JudgeError:
        return
    _check_invariants(answer, passages, result)


@pytest.mark.parametrize("n", [3000, 20000])
# With a mask inside, which would be put back (redaction.restored), still a judge error.
@pytest.mark.parametrize("inner", ["", '"a <redacted> here"'])
def test_a_bracket_bomb_reply_is_a_judge_error_not_a_recursion_error(n: int, inner: str) -> None:
    backend = ScriptedBackend(["[" * n + inner + "]" * n] * 2)
    judge = LLMJudge(CachedBackend(backend, None, "off"), "m")
    with pytest.raises(JudgeError, match="nested too deeply"):
        verify("Returns are accepted within 30 days.", ["Returns are accepted."], judge=judge)
