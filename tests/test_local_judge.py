"""The ``local:PATH.gguf`` judge without a model: prompt, chunks, decisions, cache and options.

Nothing here needs llama-cpp-python (CI does not install it): the model is replaced by a fake
backend that answers from the prompt's text, and ``llama_cpp`` is made unimportable for every
test so that nothing can reach the real one by accident. ``test_local_model.py`` covers the
real model.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import sys
from collections.abc import Iterator, Sequence
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_faithful import CacheMissError, JudgeError, Label, LocalOptions, verify
from pytest_faithful.cache.store import CachedBackend, CallCache
from pytest_faithful.judges.local.judge import (
    LocalJudge,
    LocalModel,
    Reading,
    decide,
    make_local_judge,
    parse_reading,
)
from pytest_faithful.judges.local.prompt import (
    INSTRUCTIONS,
    OPTION_WORDS,
    PASSAGE_SEPARATOR,
    PROMPT_VERSION,
    QUESTION_MAX_CHARS,
    Chunk,
    Span,
    assign_chunks,
    best_sentence,
    build_prompt,
    chunk_passages,
)
from pytest_faithful.judges.registry import JudgeOptions, JudgeSpec, builtin_registry
from pytest_faithful.models import Claim
from pytest_faithful.providers.base import ChatMessage, JudgeRequest, JudgeResponse
from pytest_faithful.providers.llama import (
    INSTALL_HINT,
    KIND,
    LlamaBackend,
    _distinct_first_tokens,
    common_prefix,
    file_sha256,
    option_probabilities,
)
from pytest_faithful.segment import split_sentences


@pytest.fixture(autouse=True)
def _no_llama_cpp(monkeypatch: pytest.MonkeyPatch) -> None:
    """``import llama_cpp`` fails in every test here, as in CI, even where it is installed."""
    monkeypatch.setitem(sys.modules, "llama_cpp", None)


# --------------------------------------------------------------------------------------------
# The prompt

CHUNK = "The library opens at 9 am on weekdays. It closes at 6 pm."


def test_prompt_starts_with_the_instructions_and_ends_with_the_answer_cue() -> None:
    prompt = build_prompt(CHUNK, "The library opens at 9 am.", None)
    assert prompt.startswith(INSTRUCTIONS)
    assert prompt.endswith("<|im_start|>assistant\n")
    tail = prompt[len(INSTRUCTIONS) :]
    assert tail.index(CHUNK) < tail.index("Claim: The library opens at 9 am.")
    assert "The claim answers" not in tail


def test_two_claims_on_one_chunk_share_a_prefix_holding_the_whole_chunk() -> None:
    first = build_prompt(CHUNK, "The library opens at 9 am.", "When does it open?")
    second = build_prompt(CHUNK, "It closes at 6 pm.", "When does it open?")
    shared = common_prefix(first, second)  # works on any sequences, characters included
    assert first[:shared].startswith(INSTRUCTIONS)
    assert CHUNK in first[:shared]
    # The question is the same for all claims of a check: it is shared too. Only the claim
    # (and what follows it) differs.
    assert "When does it open?" in first[:shared]
    assert first[:shared].endswith("\n\nClaim: ")


def test_the_question_is_shown_shortened() -> None:
    question = "  When does the library open? " + "x" * (2 * QUESTION_MAX_CHARS)
    prompt = build_prompt(CHUNK, "It opens at 9 am.", question)
    shown = question.strip()[:QUESTION_MAX_CHARS]
    assert f"The claim answers: {shown}\n" in prompt
    assert question.strip()[: QUESTION_MAX_CHARS + 1] not in prompt
    tail = prompt[len(INSTRUCTIONS) :]
    assert tail.index(CHUNK) < tail.index("The claim answers:") < tail.index("Claim: It opens")


def test_the_worked_examples_show_each_answer_word_once() -> None:
    answers = re.findall(r"<\|im_start\|>assistant\n(.*?)<\|im_end\|>", INSTRUCTIONS)
    assert sorted(answers) == sorted(OPTION_WORDS)
    assert INSTRUCTIONS.startswith("<|im_start|>system\n")
    for word in OPTION_WORDS:
        assert word in INSTRUCTIONS.split("<|im_end|>")[0], "the instructions name every answer"


# --------------------------------------------------------------------------------------------
# Chunks


def span_text(passages: Sequence[str], span: Span) -> str:
    return passages[span.passage][span.start : span.end]


def check_chunks(passages: Sequence[str], chunks: Sequence[Chunk], chunk_chars: int) -> None:
    """The invariants every chunking keeps."""
    assert [c.index for c in chunks] == list(range(len(chunks)))
    spans = [span for chunk in chunks for span in chunk.spans]
    for chunk in chunks:
        assert chunk.spans
        assert chunk.text == PASSAGE_SEPARATOR.join(span_text(passages, s) for s in chunk.spans)
        assert sum(s.end - s.start for s in chunk.spans) <= chunk_chars
        assert len(chunk.text) <= chunk_chars + len(PASSAGE_SEPARATOR) * (len(chunk.spans) - 1)
    for span in spans:
        assert 0 <= span.start < span.end <= len(passages[span.passage])
        assert span_text(passages, span).strip(), "no chunk reads only whitespace"
    for a, b in pairwise(spans):
        assert (a.passage, a.end) <= (b.passage, b.start), "in order, no overlap"
    for p, passage in enumerate(passages):
        covered = set()
        for span in spans:
            if span.passage == p:
                covered.update(range(span.start, span.end))
        missing = [i for i, ch in enumerate(passage) if not ch.isspace() and i not in covered]
        assert not missing, f"passage {p}: characters {missing[:5]} are in no chunk"


def test_short_passages_share_one_chunk_in_order() -> None:
    passages = ["Alpha one. Beta two.", "Gamma three.", "Delta four."]
    chunks = chunk_passages(passages, 100)
    assert len(chunks) == 1
    assert chunks[0].spans == (Span(0, 0, 20), Span(1, 0, 12), Span(2, 0, 11))
    assert chunks[0].text == "Alpha one. Beta two.\n\nGamma three.\n\nDelta four."
    check_chunks(passages, chunks, 100)


def test_short_passages_start_a_new_chunk_when_the_next_does_not_fit() -> None:
    passages = ["a" * 60, "b" * 30, "c" * 20]
    chunks = chunk_passages(passages, 100)
    assert [[s.passage for s in c.spans] for c in chunks] == [[0, 1], [2]]
    check_chunks(passages, chunks, 100)


def test_a_long_passage_is_cut_between_sentences() -> None:
    sentences = [f"Sentence number {i} is about topic {i}." for i in range(20)]
    passage = " ".join(sentences)
    chunks = chunk_passages([passage], 120)
    assert len(chunks) > 1
    check_chunks([passage], chunks, 120)
    for chunk in chunks:
        # Every chunk is whole sentences: it starts and ends where one does.
        assert chunk.text.startswith("Sentence number ")
        assert chunk.text.endswith(".")
        assert [s.text for s in split_sentences(chunk.text)] == [
            s for s in sentences if s in chunk.text
        ]


def test_a_sentence_longer_than_a_chunk_is_cut_at_spaces() -> None:
    passage = "Intro. " + " ".join(f"word{i:03d}" for i in range(60)) + "."
    chunks = chunk_passages([passage], 100)
    check_chunks([passage], chunks, 100)
    words = {f"word{i:03d}" for i in range(60)}
    for chunk in chunks:
        for token in chunk.text.split():
            assert token.rstrip(".") in words or token == "Intro.", "no word is cut in two"


def test_a_sentence_without_spaces_is_cut_at_the_limit() -> None:
    passage = "x" * 250
    chunks = chunk_passages([passage], 100)
    assert [c.spans for c in chunks] == [
        (Span(0, 0, 100),),
        (Span(0, 100, 200),),
        (Span(0, 200, 250),),
    ]


def test_whitespace_only_passages_are_skipped() -> None:
    passages = ["   ", "\n\n", "Real text.", " " * 500]
    chunks = chunk_passages(passages, 100)
    assert [c.spans for c in chunks] == [(Span(2, 0, 10),)]
    assert chunk_passages([], 100) == []
    assert chunk_passages(["", " "], 100) == []


@pytest.mark.parametrize("chunk_chars", [0, -5])
def test_chunk_chars_below_one_is_refused(chunk_chars: int) -> None:
    with pytest.raises(ValueError, match="chunk_chars must be >= 1"):
        chunk_passages(["text"], chunk_chars)


_PASSAGE_TEXT = st.text(alphabet="ab .!?\n1", max_size=120)


@settings(max_examples=300, deadline=None)
@given(
    passages=st.lists(_PASSAGE_TEXT, max_size=4),
    chunk_chars=st.integers(min_value=1, max_value=60),
)
def test_chunks_cover_all_text_in_order_without_overlap(
    passages: list[str], chunk_chars: int
) -> None:
    check_chunks(passages, chunk_passages(passages, chunk_chars), chunk_chars)


# --------------------------------------------------------------------------------------------
# Which chunks each claim reads


def three_chunks() -> tuple[list[str], list[Chunk]]:
    passages = [
        "The museum opened in 1998 and holds four thousand paintings by Dutch painters.",
        "Tickets cost twelve euros; children under twelve enter free of charge every day.",
        "The cafe on the ground floor serves coffee, cake and soup until five o'clock.",
    ]
    chunks = chunk_passages(passages, 100)
    assert len(chunks) == 3
    return passages, chunks


def test_per_claim_zero_reads_every_chunk_for_every_claim() -> None:
    _, chunks = three_chunks()
    plan = assign_chunks(chunks, ["The cafe serves soup.", "Tickets cost twelve euros."], 0)
    assert plan == [(chunk, (0, 1)) for chunk in chunks]


def test_per_claim_one_reads_the_chunk_with_most_of_its_words() -> None:
    _, chunks = three_chunks()
    claims = ["The cafe serves soup.", "The museum holds Dutch paintings.", "The cafe sells cake."]
    plan = assign_chunks(chunks, claims, 1)
    # In text order, each chunk with the claims that read it; the ticket chunk is read by none.
    assert [(chunk.index, readers) for chunk, readers in plan] == [(0, (1,)), (2, (0, 2))]


def test_per_claim_at_least_the_number_of_chunks_reads_them_all() -> None:
    _, chunks = three_chunks()
    plan = assign_chunks(chunks, ["The cafe serves soup."], 3)
    assert [chunk.index for chunk, _ in plan] == [0, 1, 2]


def test_a_claim_matching_no_chunk_reads_the_first() -> None:
    _, chunks = three_chunks()
    plan = assign_chunks(chunks, ["Zebras gallop."], 1)
    assert [(chunk.index, readers) for chunk, readers in plan] == [(0, (0,))]


def test_assign_chunks_with_nothing_to_read_is_empty() -> None:
    _, chunks = three_chunks()
    assert assign_chunks([], ["A claim."], 1) == []
    assert assign_chunks(chunks, [], 1) == []


# --------------------------------------------------------------------------------------------
# Evidence


def test_best_sentence_is_the_one_sharing_most_words_and_its_span_holds_it() -> None:
    passages = [
        "Intro text here. The museum opened in 1998.",
        "Tickets cost twelve euros. Children enter free of charge.",
    ]
    [chunk] = chunk_passages(passages, 200)
    span, sentence = best_sentence(chunk, passages, "Children can enter free.")
    assert sentence == "Children enter free of charge."
    assert span.passage == 1
    assert passages[1][span.start : span.end] == sentence
    span, sentence = best_sentence(chunk, passages, "It opened in 1998.")
    assert (span.passage, sentence) == (0, "The museum opened in 1998.")
    assert passages[0][span.start : span.end] == sentence


def test_best_sentence_of_a_chunk_cut_from_a_long_passage_has_passage_offsets() -> None:
    passage = " ".join(f"Sentence {i} mentions item{i}." for i in range(30))
    chunks = chunk_passages([passage], 100)
    chunk = chunks[2]
    wanted = split_sentences(chunk.text)[1].text
    span, sentence = best_sentence(chunk, [passage], wanted)
    assert sentence == wanted
    assert passage[span.start : span.end] == wanted
    assert span.start >= chunk.spans[0].start


def test_best_sentence_prefers_the_sentence_with_fewest_other_words_on_a_tie() -> None:
    passages = ["The Eiffel Tower in Paris was completed in 1889. It is 330 metres tall."]
    [chunk] = chunk_passages(passages, 200)
    # Both sentences share two of the claim's words; the short one is about the height.
    _, sentence = best_sentence(chunk, passages, "The Eiffel Tower is 500 metres tall.")
    assert sentence == "It is 330 metres tall."


def test_best_sentence_ties_go_to_the_first_sentence() -> None:
    passages = ["Nothing in common here. Nor here."]
    [chunk] = chunk_passages(passages, 100)
    span, sentence = best_sentence(chunk, passages, "Zebras gallop.")
    assert (span, sentence) == (Span(0, 0, 23), "Nothing in common here.")


# --------------------------------------------------------------------------------------------
# Next-token probabilities


def test_option_probabilities_is_a_softmax_over_the_options() -> None:
    logits = [0.0, 1.0, 2.0, 3.0]
    probabilities = option_probabilities(logits, [[1], [2], [3]])
    expected = [math.exp(v) / sum(math.exp(w) for w in (1, 2, 3)) for v in (1, 2, 3)]
    assert probabilities == pytest.approx(expected)
    assert sum(probabilities) == pytest.approx(1.0)


def test_an_options_variants_add_up_as_log_sum_exp() -> None:
    # Two variants at logit 0 weigh as much as one variant at log(2).
    logits = [0.0, 0.0, math.log(2.0), -1e9]
    assert option_probabilities(logits, [[0, 1], [2], [3]]) == pytest.approx([0.5, 0.5, 0.0])


def test_option_probabilities_are_stable_for_large_logits() -> None:
    probabilities = option_probabilities([1000.0, 1000.0, 990.0], [[0], [1], [2]])
    assert all(math.isfinite(p) for p in probabilities)
    assert sum(probabilities) == pytest.approx(1.0)
    assert probabilities[0] == pytest.approx(probabilities[1])
    assert probabilities[2] == pytest.approx(1 / (2 * math.exp(10) + 1))
    low = option_probabilities([-1000.0, -1001.0, -1002.0], [[0], [1], [2]])
    assert sum(low) == pytest.approx(1.0)
    assert low[0] > low[1] > low[2] > 0


@pytest.mark.parametrize(
    ("a", "b", "shared"),
    [
        ([], [], 0),
        ([1, 2, 3], [], 0),
        ([1, 2, 3], [1, 2, 3], 3),
        ([1, 2, 3], [1, 2, 4], 2),
        ([1, 2], [1, 2, 3, 4], 2),
        ([5, 2, 3], [1, 2, 3], 0),
    ],
)
def test_common_prefix(a: list[int], b: list[int], shared: int) -> None:
    assert common_prefix(a, b) == shared
    assert common_prefix(b, a) == shared


class FakeTokenizer:
    """Stands in for ``llama_cpp.Llama`` in ``_distinct_first_tokens``: one token per word."""

    def __init__(self, first_tokens: dict[str, int]) -> None:
        self.first_tokens = first_tokens

    def tokenize(self, text: bytes, add_bos: bool, special: bool) -> list[int]:
        assert not add_bos
        assert not special
        return [self.first_tokens[text.decode()], 999]


def variants_of(word: str, token: int) -> dict[str, int]:
    return dict.fromkeys((word, word.lower(), " " + word, " " + word.lower()), token)


def test_distinct_first_tokens_drops_tokens_two_answers_start_with() -> None:
    tokens = {**variants_of("Yes", 1), **variants_of("No", 2), **variants_of("Unknown", 3)}
    tokens[" Yes"] = 4  # a second way to start "Yes": both count
    tokens[" no"] = tokens[" unknown"] = 5  # shared by "No" and "Unknown": neither counts it
    result = _distinct_first_tokens(FakeTokenizer(tokens), OPTION_WORDS)  # type: ignore[arg-type]
    assert result == [[1, 4], [2], [3]]


def test_an_answer_with_no_token_of_its_own_is_a_judge_error() -> None:
    tokens = {**variants_of("Yes", 1), **variants_of("No", 1), **variants_of("Unknown", 3)}
    with pytest.raises(JudgeError, match="starts the answer 'Yes' like another answer"):
        _distinct_first_tokens(FakeTokenizer(tokens), OPTION_WORDS)  # type: ignore[arg-type]


def test_file_sha256_matches_hashlib_across_blocks(tmp_path: Path) -> None:
    path = tmp_path / "m.gguf"
    data = bytes(range(256)) * 5000  # over one read block
    path.write_bytes(data)
    assert file_sha256(path) == hashlib.sha256(data).hexdigest()


# --------------------------------------------------------------------------------------------
# Deciding a claim from its readings


def reading(index: int, yes: float, no: float) -> Reading:
    chunk = Chunk(index, (Span(0, 0, 1),), "x")
    return Reading(chunk, yes, no, 1.0 - yes - no)


OPTIONS = LocalOptions(threads=1, support_threshold=0.6, contradiction_threshold=0.7)


def test_support_at_the_threshold_decides_first() -> None:
    readings = [reading(0, 0.1, 0.9), reading(1, 0.6, 0.3)]
    decision = decide(readings, OPTIONS)
    assert decision.label is Label.SUPPORTED
    assert decision.deciding is readings[1]


def test_without_support_the_strongest_contradiction_decides() -> None:
    readings = [reading(0, 0.5, 0.4), reading(1, 0.2, 0.7), reading(2, 0.1, 0.75)]
    decision = decide(readings, OPTIONS)
    assert decision.label is Label.CONTRADICTED
    assert decision.deciding is readings[2]


def test_below_both_thresholds_is_not_enough_info_with_the_best_support() -> None:
    readings = [reading(0, 0.3, 0.69), reading(1, 0.59, 0.1)]
    decision = decide(readings, OPTIONS)
    assert decision.label is Label.NOT_ENOUGH_INFO
    assert decision.deciding is readings[1]


def test_no_readings_is_not_enough_info_with_nothing_deciding() -> None:
    decision = decide([], OPTIONS)
    assert decision.label is Label.NOT_ENOUGH_INFO
    assert decision.deciding is None


def test_ties_go_to_the_earlier_chunk() -> None:
    supported = [reading(2, 0.8, 0.1), reading(1, 0.8, 0.1)]
    assert decide(supported, OPTIONS).deciding is supported[1]
    contradicted = [reading(3, 0.1, 0.8), reading(0, 0.1, 0.8)]
    assert decide(contradicted, OPTIONS).deciding is contradicted[1]


def test_thresholds_of_zero_and_one() -> None:
    readings = [reading(0, 0.0, 1.0)]
    assert decide(readings, LocalOptions(threads=1, support_threshold=0.0)).label is (
        Label.SUPPORTED
    )
    never = LocalOptions(threads=1, support_threshold=1.0, contradiction_threshold=1.0)
    assert decide(readings, never).label is Label.CONTRADICTED
    assert decide([reading(0, 0.99, 0.0)], never).label is Label.NOT_ENOUGH_INFO


# --------------------------------------------------------------------------------------------
# Parsing a backend response


def probabilities_json(*values: object, options: object = OPTION_WORDS) -> str:
    return json.dumps({"options": list(options), "probabilities": list(values)})  # type: ignore[call-overload]


def test_parse_reading_reads_a_probability_record() -> None:
    chunk = Chunk(4, (Span(1, 0, 3),), "abc")
    parsed = parse_reading(probabilities_json(0.7, 0.2, 0.1), chunk)
    assert parsed == Reading(chunk, 0.7, 0.2, 0.1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not a probability record"),
        ("[0.7, 0.2, 0.1]", "not a probability record"),
        ('{"probabilities": [0.7, 0.2, 0.1]}', "not a probability record"),
        ('{"options": ["Yes", "No", "Unknown"]}', "not a probability record"),
        ('{"options": ["Yes", "No", "Unknown"], "probabilities": ["a", 0, 0]}', "not a prob"),
        ('{"options": ["Yes", "No", "Unknown"], "probabilities": 1}', "not a probability"),
        (probabilities_json(0.7, 0.3, options=["Yes", "No"]), "answers other options"),
        (probabilities_json(0.7, 0.2, 0.1, options=["No", "Yes", "Unknown"]), "other options"),
        (probabilities_json(0.7, 0.3), "answers other options"),
        (probabilities_json(0.5, 0.2, 0.1, 0.2), "answers other options"),
        ('{"options": ["Yes", "No", "Unknown"], "probabilities": [NaN, 0, 1]}', "invalid prob"),
        (
            '{"options": ["Yes", "No", "Unknown"], "probabilities": [Infinity, 0, 0]}',
            "invalid probabilities",
        ),
        (probabilities_json(0.7, 0.2, 0.2), "invalid probabilities"),
        (probabilities_json(1.2, -0.1, -0.1), "invalid probabilities"),
        (probabilities_json(0.6, -0.1, 0.5), "invalid probabilities"),
        ('{"options": 5, "probabilities": [1, 0, 0]}', "not a probability record"),
        ('{"options": null, "probabilities": [1, 0, 0]}', "not a probability record"),
    ],
)
def test_parse_reading_refuses_anything_else(text: str, message: str) -> None:
    with pytest.raises(JudgeError, match=re.escape(message)):
        parse_reading(text, Chunk(0, (Span(0, 0, 1),), "x"))


# --------------------------------------------------------------------------------------------
# Options and specs


@pytest.mark.parametrize(
    "kwargs",
    [
        {"threads": 0},
        {"threads": True},
        {"threads": 2.0},
        {"threads": "2"},
        {"context_window": 255},
        {"chunk_chars": 99},
        {"chunk_chars": False},
        {"chunks_per_claim": -1},
        {"gpu_layers": -2},
        {"gpu_layers": True},
        {"gpu_layers": 1.0},
        {"support_threshold": 1.01},
        {"support_threshold": -0.01},
        {"support_threshold": True},
        {"support_threshold": "0.5"},
        {"support_threshold": math.nan},
        {"contradiction_threshold": 2},
        {"contradiction_threshold": False},
    ],
)
def test_local_options_refuse_bad_values_naming_the_field(kwargs: dict[str, object]) -> None:
    [name] = kwargs
    with pytest.raises(ValueError, match=f"^{name} must be"):
        LocalOptions(**kwargs)  # type: ignore[arg-type]


def test_local_options_accept_the_edges() -> None:
    options = LocalOptions(
        threads=1,
        context_window=256,
        chunk_chars=100,
        chunks_per_claim=0,
        gpu_layers=-1,
        support_threshold=0,
        contradiction_threshold=1.0,
    )
    assert options.gpu_layers == -1
    assert 1 <= LocalOptions().threads <= 8


@pytest.mark.parametrize(
    "path",
    [
        "/models/judge.gguf",
        "/models/v1@2024/judge.gguf",
        "C:\\models\\judge.gguf",
        "/models/a:b@c:d.gguf",
        "~/models/judge.gguf",
    ],
)
def test_local_specs_keep_at_signs_and_colons_in_the_path(path: str) -> None:
    spec = JudgeSpec.parse(f"local:{path}")
    assert spec == JudgeSpec("local", path, None)
    assert JudgeSpec.parse(str(spec)) == spec


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("local", "needs a model file"),
        ("local:/models/judge.bin", "is not a .gguf"),
        ("local:/nonexistent/judge.gguf", "'/nonexistent/judge.gguf' does not exist"),
    ],
)
def test_make_local_judge_names_the_problem(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        make_local_judge(JudgeSpec.parse(spec), JudgeOptions(record_mode="off"))


def test_local_spec_with_no_path_names_no_model() -> None:
    with pytest.raises(ValueError, match="names no model"):
        JudgeSpec.parse("local:")


# --------------------------------------------------------------------------------------------
# The judge end to end, with a fake model


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", text.lower()))


class FakeModelBackend:
    """Answers like a model would: Yes when the passage holds every word of the claim, No when
    the claim's numbers are not the passage's, else Unknown. Records every prompt."""

    kind = KIND

    def __init__(self) -> None:
        self.prompts: list[str] = []
        self.closed = False

    @property
    def calls(self) -> int:
        return len(self.prompts)

    def complete(self, request: JudgeRequest) -> JudgeResponse:
        [message] = request.messages
        prompt = message.content
        self.prompts.append(prompt)
        asked = prompt.rsplit("Passage:\n", 1)[1]
        passage, _, rest = asked.partition("\n\nThe claim answers: ")
        if not rest:
            passage, _, rest = asked.partition("\n\nClaim: ")
        else:
            rest = rest.partition("\n\nClaim: ")[2]
        claim = rest.partition("\n\nDoes the passage support the claim?")[0]
        numbers = {w for w in _words(claim) if w.isdigit()}
        if _words(claim) <= _words(passage):
            probabilities = [0.9, 0.04, 0.06]
        elif numbers and numbers - _words(passage) and any(c.isdigit() for c in passage):
            probabilities = [0.05, 0.85, 0.1]
        else:
            probabilities = [0.1, 0.1, 0.8]
        text = json.dumps({"options": list(OPTION_WORDS), "probabilities": probabilities})
        return JudgeResponse(text=text, model=request.model, input_tokens=len(prompt.split()))

    def close(self) -> None:
        self.closed = True


PASSAGES = [
    "The library opens at 9 am on weekdays. It closes at 6 pm. The reading room is upstairs.",
    "Members may borrow up to 12 books at a time. Loans last three weeks.",
]
ANSWER = "The library opens at 9 am on weekdays. Members may borrow 20 books. The cafe sells tea."


class Setup:
    """A model file, a fake backend standing in for its model, and a call cache."""

    def __init__(self, tmp_path: Path) -> None:
        self.model_path = tmp_path / "judge.gguf"
        self.model_path.write_bytes(b"GGUF not really a model")
        self.cache = CallCache(tmp_path / "cache")
        # Round thresholds, not the calibrated ones: these tests are about the mechanics.
        self.options = LocalOptions(
            threads=1, chunk_chars=100, support_threshold=0.5, contradiction_threshold=0.5
        )

    def judge(
        self,
        mode: str = "once",
        options: LocalOptions | None = None,
        cache: CallCache | None = None,
    ) -> tuple[LocalJudge, FakeModelBackend]:
        fake = FakeModelBackend()
        model = LocalModel(self.model_path, options or self.options)
        model.backend = fake  # type: ignore[assignment]
        cached = CachedBackend(fake, cache or self.cache, mode)  # type: ignore[arg-type]
        return LocalJudge(model, cached, options or self.options), fake


@pytest.fixture
def setup(tmp_path: Path) -> Iterator[Setup]:
    made = Setup(tmp_path)
    yield made
    made.cache.close()


def test_verdicts_quote_the_deciding_sentence_of_the_right_passage(setup: Setup) -> None:
    judge, fake = setup.judge()
    result = verify(ANSWER, PASSAGES, judge=judge, threshold=0.3)
    assert result.judge_id == "local:judge/" + PROMPT_VERSION
    assert not result.heuristic
    first, second, third = result.claim_verdicts
    assert first.label is Label.SUPPORTED
    assert first.evidence == "The library opens at 9 am on weekdays."
    assert (first.passage_index, first.evidence_found) == (0, True)
    assert first.reason == "P(yes) 0.90, P(no) 0.04, P(unknown) 0.06 (threshold 0.50; 1 chunk read)"
    assert second.label is Label.CONTRADICTED
    assert second.evidence == "Members may borrow up to 12 books at a time."
    assert second.passage_index == 1
    assert "P(no) 0.85" in second.reason
    assert third.label is Label.NOT_ENOUGH_INFO
    assert third.evidence == ""
    assert third.passage_index is None
    assert third.reason.startswith("best support P(yes) 0.10, P(no) 0.10, P(unknown) 0.80")
    assert "threshold 0.50" in third.reason
    assert result.score == pytest.approx(1 / 3)
    assert result.passed is False  # a contradiction fails the check
    assert fake.calls == 3
    assert result.usage.judge_calls == 3
    assert result.usage.cache_hits == 0
    assert result.usage.input_tokens == sum(len(p.split()) for p in fake.prompts)
    assert result.usage.output_tokens == 0


def test_each_claim_reads_its_best_chunk_and_all_chunks_when_asked(setup: Setup) -> None:
    judge, fake = setup.judge()
    chunks = chunk_passages(PASSAGES, setup.options.chunk_chars)
    assert len(chunks) == 2
    verify(ANSWER, PASSAGES, judge=judge)
    read = [prompt.rsplit("Passage:\n", 1)[1] for prompt in fake.prompts]
    # Chunk by chunk: the library chunk for claims 1 and 3 (no chunk has "cafe" or "tea"),
    # then the loans chunk for claim 2.
    assert [r.startswith(chunks[0].text) for r in read] == [True, True, False]
    assert read[2].startswith(chunks[1].text)

    every = LocalOptions(threads=1, chunk_chars=100, chunks_per_claim=0)
    judge, fake = setup.judge(options=every)
    result = verify(ANSWER, PASSAGES, judge=judge)
    assert fake.calls == 3, "the three readings of the first run are replayed"
    assert "2 chunks read" in result.claim_verdicts[0].reason
    assert result.usage.judge_calls == 6
    assert result.usage.cache_hits == 3


def test_the_question_reaches_the_prompt_and_the_cache_key(setup: Setup) -> None:
    judge, fake = setup.judge()
    verify("It closes at 6 pm.", PASSAGES, judge=judge, question="When does it close?")
    assert "The claim answers: When does it close?" in fake.prompts[-1]
    verify("It closes at 6 pm.", PASSAGES, judge=judge, question="Is it open late?")
    assert fake.calls == 2, "another question is another request"
    verify("It closes at 6 pm.", PASSAGES, judge=judge, question="When does it close?")
    assert fake.calls == 2


def test_a_second_judge_over_the_same_cache_replays_without_calls(setup: Setup) -> None:
    judge, fake = setup.judge()
    first = verify(ANSWER, PASSAGES, judge=judge)
    assert fake.calls == 3
    again, replaying = setup.judge(mode="none")
    second = verify(ANSWER, PASSAGES, judge=again)
    assert replaying.calls == 0
    assert second.claim_verdicts == first.claim_verdicts
    assert second.usage.judge_calls == 3
    assert second.usage.cache_hits == 3
    assert second.usage.input_tokens == first.usage.input_tokens


def test_thresholds_apply_after_the_cache(setup: Setup) -> None:
    judge, fake = setup.judge()
    verify(ANSWER, PASSAGES, judge=judge)
    strict = LocalOptions(threads=1, chunk_chars=100, support_threshold=0.95)
    judge, fake = setup.judge(mode="none", options=strict)
    result = verify(ANSWER, PASSAGES, judge=judge)
    assert fake.calls == 0, "a new threshold replays the recorded readings"
    assert result.claim_verdicts[0].label is Label.NOT_ENOUGH_INFO
    assert "threshold 0.95" in result.claim_verdicts[0].reason


def test_record_mode_none_with_an_empty_cache_raises_cache_miss(
    setup: Setup, tmp_path: Path
) -> None:
    with CallCache(tmp_path / "empty") as empty:
        judge, fake = setup.judge(mode="none", cache=empty)
        with pytest.raises(CacheMissError, match="no recorded reading") as raised:
            verify(ANSWER, PASSAGES, judge=judge)
    assert fake.calls == 0
    message = str(raised.value)
    assert "judge@sha256:" in message
    assert "llama-cpp-python is installed and the model file is present" in message


def test_the_request_names_the_model_files_sha256(setup: Setup) -> None:
    judge, fake = setup.judge()
    seen: list[JudgeRequest] = []
    complete = fake.complete

    def recording(request: JudgeRequest) -> JudgeResponse:
        seen.append(request)
        return complete(request)

    fake.complete = recording  # type: ignore[method-assign]
    verify("It closes at 6 pm.", PASSAGES, judge=judge)
    [request] = seen
    digest = hashlib.sha256(setup.model_path.read_bytes()).hexdigest()
    assert request.kind == "local"
    assert request.model == f"judge@sha256:{digest}"
    assert request.prompt_version == PROMPT_VERSION
    assert request.params == {"read": "next-token-probabilities", "options": list(OPTION_WORDS)}
    assert request.messages == (
        ChatMessage(role="user", content=build_prompt(PASSAGES[0], "It closes at 6 pm.", None)),
    )


def test_another_model_file_is_a_cache_miss(setup: Setup) -> None:
    judge, fake = setup.judge()
    verify(ANSWER, PASSAGES, judge=judge)
    setup.model_path.write_bytes(b"GGUF another model")
    judge, fake = setup.judge(mode="none")
    with pytest.raises(CacheMissError):
        verify(ANSWER, PASSAGES, judge=judge)
    judge, fake = setup.judge(mode="once")
    verify(ANSWER, PASSAGES, judge=judge)
    assert fake.calls == 3


def test_the_model_file_is_hashed_once_per_model(setup: Setup) -> None:
    judge, _ = setup.judge()
    verify(ANSWER, PASSAGES, judge=judge)
    setup.model_path.unlink()
    # Already hashed: a replay still works (and so does a call, which this fake serves).
    verify(ANSWER, PASSAGES, judge=judge)
    judge, _ = setup.judge()
    with pytest.raises(JudgeError, match="cannot read the local judge's model"):
        verify(ANSWER, PASSAGES, judge=judge)


def test_no_passage_text_is_not_enough_info_without_calls(setup: Setup, tmp_path: Path) -> None:
    judge, fake = setup.judge()
    setup.model_path.unlink()  # nothing to read means nothing to hash either
    claims = [Claim(text="It opens at 9.", sentence="It opens at 9.", start=0, end=14)]
    verdicts = judge.verify(claims, ["", "   \n"], None)
    [verdict] = verdicts.verdicts
    assert verdict.label is Label.NOT_ENOUGH_INFO
    assert verdict.reason == "no passage text to check against"
    assert verdicts.usage.judge_calls == 0
    assert fake.calls == 0
    result = verify("It opens at 9.", ["  "], judge=judge)
    assert [v.label for v in result.claim_verdicts] == [Label.NOT_ENOUGH_INFO]


def test_an_unusable_response_is_a_judge_error(setup: Setup) -> None:
    judge, fake = setup.judge()

    def broken(request: JudgeRequest) -> JudgeResponse:
        fake.prompts.append(request.messages[0].content)
        return JudgeResponse(text='{"options": ["Yes"], "probabilities": [1.0]}', model="m")

    fake.complete = broken  # type: ignore[method-assign]
    with pytest.raises(JudgeError, match="answers other options"):
        verify("It closes at 6 pm.", PASSAGES, judge=judge)


def test_read_then_verdicts_recalibrates_without_calls(setup: Setup) -> None:
    judge, fake = setup.judge()
    claims = judge.extract_claims(split_sentences(ANSWER), None).claims
    per_claim, usage = judge.read(claims, PASSAGES, None)
    assert [len(readings) for readings in per_claim] == [1, 1, 1]
    assert per_claim[0][0].supported == pytest.approx(0.9)
    assert usage.judge_calls == 3
    verdicts = judge.verdicts(claims, per_claim, PASSAGES, usage)
    assert [v.label for v in verdicts.verdicts] == [
        Label.SUPPORTED,
        Label.CONTRADICTED,
        Label.NOT_ENOUGH_INFO,
    ]
    assert fake.calls == 3


# --------------------------------------------------------------------------------------------
# Through the registry: the real backend, which needs llama-cpp-python (absent here)


def test_the_registry_builds_a_lazy_judge_sharing_one_model_per_file(tmp_path: Path) -> None:
    model_path = tmp_path / "Judge.GGUF"
    model_path.write_bytes(b"GGUF")
    options = JudgeOptions(tmp_path / "cache", "once", local=LocalOptions(threads=1))
    try:
        registry = builtin_registry()
        first = registry.build(f"local:{model_path}", options)
        second = registry.build(f"local:{tmp_path}/./Judge.GGUF", options)
        assert isinstance(first, LocalJudge)
        assert isinstance(second, LocalJudge)
        assert first.model is second.model, "one model per file and run"
        assert first.id == f"local:Judge/{PROMPT_VERSION}"
        assert first.options is options.local
        # Built with llama_cpp unimportable: the model loads on the first uncached reading.
    finally:
        options.close()


def test_a_cache_miss_without_llama_cpp_says_how_to_install_it(tmp_path: Path) -> None:
    model_path = tmp_path / "judge.gguf"
    model_path.write_bytes(b"GGUF")
    with pytest.raises(JudgeError) as raised:
        verify(ANSWER, PASSAGES, judge=f"local:{model_path}", cache_dir=tmp_path / "cache")
    assert str(raised.value) == INSTALL_HINT
    assert "pip install 'pytest-faithful[local]'" in INSTALL_HINT


def test_replay_needs_neither_llama_cpp_nor_a_loaded_model(setup: Setup, tmp_path: Path) -> None:
    judge, _ = setup.judge()
    recorded = verify(ANSWER, PASSAGES, judge=judge)
    setup.cache.close()
    result = verify(
        ANSWER,
        PASSAGES,
        judge=f"local:{setup.model_path}",
        cache_dir=tmp_path / "cache",
        record_mode="none",
        local=setup.options,
    )
    assert result.claim_verdicts == recorded.claim_verdicts
    assert result.usage.cache_hits == 3


def test_the_llama_backend_refuses_a_request_that_is_not_one_prompt(tmp_path: Path) -> None:
    backend = LlamaBackend(tmp_path / "judge.gguf", LocalOptions(threads=1), OPTION_WORDS)
    assert backend.kind == "local"
    request = JudgeRequest(
        kind=KIND,
        model="m",
        messages=(ChatMessage(role="system", content="a"), ChatMessage(role="user", content="b")),
        prompt_version=PROMPT_VERSION,
    )
    with pytest.raises(ValueError, match="exactly one message"):
        backend.complete(request)
    with pytest.raises(JudgeError, match="needs llama-cpp-python"):
        backend.count_tokens("text")
    backend.close()  # nothing loaded: nothing to do
    assert backend.tokens_evaluated == 0


# --------------------------------------------------------------------------------------------
# Plugin options

PLUGIN_CONFTEST = """
from pytest_faithful.testing import FunctionJudge

def _factory(spec, options):
    local = options.local
    def verdicts(claims, passages):
        return [
            {"claim_index": i, "label": "SUPPORTED", "reason": "ok",
             "evidence": passages[0], "passage_index": 0}
            for i, _ in enumerate(claims)
        ]
    seen = (
        f"{local.threads}-{local.context_window}-{local.chunk_chars}-{local.chunks_per_claim}-"
        f"{local.gpu_layers}-{local.support_threshold}-{local.contradiction_threshold}"
    )
    return FunctionJudge(verdicts, id=f"probe:{seen}")

def pytest_faithful_register_judges(registry):
    registry.register("probe", _factory)

def pytest_addoption(parser):
    parser.addoption("--expected")
"""

PLUGIN_TEST = """
def test_it(assert_faithful, request):
    result = assert_faithful("Refunds take 30 days.", ["Refunds take 30 days."], judge="probe")
    assert result.judge_id == "probe:" + request.config.getoption("expected")
"""

# The hypothesis plugin costs about a second per in-process run.
_INI = "[pytest]\naddopts = -p no:hypothesispytest\n"


@pytest.fixture
def probe(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makeconftest(PLUGIN_CONFTEST)
    pytester.makepyfile(PLUGIN_TEST)
    return pytester


@pytest.mark.parametrize(
    ("args", "ini", "message"),
    [
        (["--faith-local-threads=0"], "", "argument --faith-local-threads: '0' is less than 1"),
        (["--faith-local-threads=two"], "", "--faith-local-threads: 'two' is not a whole number"),
        (["--faith-local-context=100"], "", "--faith-local-context: '100' is less than 256"),
        (["--faith-local-gpu-layers=-2"], "", "--faith-local-gpu-layers: '-2' is less than -1"),
        (
            ["--faith-local-support-threshold=1.5"],
            "",
            "--faith-local-support-threshold: '1.5' is not in [0, 1]",
        ),
        (
            [],
            "faith_local_chunk_chars = 50",
            "ini option faith_local_chunk_chars: '50' is less than 100",
        ),
        (
            [],
            "faith_local_chunks_per_claim = some",
            "ini option faith_local_chunks_per_claim: 'some' is not a whole number",
        ),
        (
            [],
            "faith_local_contradiction_threshold = high",
            "ini option faith_local_contradiction_threshold: 'high' is not a number",
        ),
    ],
)
def test_bad_local_options_are_usage_errors_naming_the_option(
    pytester: pytest.Pytester, args: list[str], ini: str, message: str
) -> None:
    pytester.makeini(f"{_INI}{ini}\n")
    pytester.makepyfile("def test_it(): pass")
    result = pytester.runpytest(*args)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert message in result.stderr.str()
    assert "INTERNALERROR" not in result.stderr.str() + result.stdout.str()


def test_local_options_resolve_command_line_over_ini_over_default(probe: pytest.Pytester) -> None:
    probe.makeini(
        f"{_INI}faith_local_threads = 3\nfaith_local_chunk_chars = 800\n"
        "faith_local_support_threshold = 0.25\nfaith_local_gpu_layers = -1\n"
    )
    result = probe.runpytest(
        "--faith-local-threads=5",
        "--faith-local-chunks-per-claim=0",
        "--faith-local-contradiction-threshold=0.9",
        "--expected=5-2048-800-0--1-0.25-0.9",
    )
    result.assert_outcomes(passed=1)


def test_default_local_options_reach_the_judge_factories(probe: pytest.Pytester) -> None:
    probe.makeini(_INI)
    default = LocalOptions()
    result = probe.runpytest(
        f"--expected={default.threads}-2048-1500-1-0-{default.support_threshold}-"
        f"{default.contradiction_threshold}"
    )
    result.assert_outcomes(passed=1)


def test_help_lists_the_local_options(pytester: pytest.Pytester) -> None:
    pytester.makeini(_INI)
    result = pytester.runpytest("--help")
    result.stdout.fnmatch_lines(
        [
            "*--faith-local-threads=N*",
            "*--faith-local-context=TOKENS*",
            "*--faith-local-chunk-chars=N*",
            "*--faith-local-chunks-per-claim=N*",
            "*--faith-local-gpu-layers=N*",
            "*--faith-local-support-threshold=P*",
            "*--faith-local-contradiction-threshold=P*",
        ]
    )
    text = result.stdout.str()
    for ini in ("faith_local_threads", "faith_local_chunk_chars", "faith_local_gpu_layers"):
        assert ini in text
    assert "Default: 1500" in text
