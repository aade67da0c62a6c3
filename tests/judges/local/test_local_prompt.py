"""What the local judge reads, without a model: prompt, chunks, evidence sentence."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_faithful.judges.local.prompt import (
    INSTRUCTIONS,
    OPTION_WORDS,
    PASSAGE_SEPARATOR,
    QUESTION_MAX_CHARS,
    Chunk,
    Span,
    assign_chunks,
    best_sentence,
    build_prompt,
    chunk_passages,
)
from pytest_faithful.providers.llama import common_prefix
from pytest_faithful.text.segment import split_sentences

# ``import llama_cpp`` fails in every test here, as in CI, even where it is installed.
pytestmark = pytest.mark.usefixtures("no_llama_cpp")


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
