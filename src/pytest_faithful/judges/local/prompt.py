"""What the local judge reads: passage chunks, which of them to read, and the prompt around them.

The model answers one question per claim and chunk with its next token: ``Yes`` (the chunk
supports the claim), ``No`` (it contradicts it) or ``Unknown``. The prompt is built so that
everything before the claim is a shared prefix:

    [instructions + worked examples]   same for every call of a run: evaluated once per process
    [passage chunk]                    same for every claim of a chunk: evaluated once per chunk
    [claim + question + answer cue]    the only tokens each claim costs

so the backend's prefix reuse (KV state) makes claims after the first cheap.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pytest_faithful.text.segment import Sentence, split_sentences
from pytest_faithful.text.terms import content_terms

PROMPT_VERSION = "c1"
OPTION_WORDS: tuple[str, str, str] = ("Yes", "No", "Unknown")
"""Answer words for supported, contradicted and not enough information, in that order."""

PASSAGE_SEPARATOR = "\n\n"
QUESTION_MAX_CHARS = 400

_SYSTEM = (
    "You are a meticulous fact checker. You are given a passage and a claim. Decide whether "
    "the passage supports the claim.\n"
    "Answer Yes if everything the claim states is stated in the passage or follows clearly "
    "from it.\n"
    "Answer No if the passage contradicts the claim: a different number, date, name, place "
    "or fact.\n"
    "Answer Unknown if the passage does not say, or the claim adds details the passage does "
    "not mention.\n"
    "Answer with one word: Yes, No or Unknown."
)

# Worked examples, one per answer; short, so the shared prefix stays cheap.
_EXAMPLES: tuple[tuple[str, str, str], ...] = (
    (
        "The museum opened in 1998 and holds about 4,000 paintings, most of them by Dutch "
        "artists of the 17th century.",
        "The museum's collection is mainly 17th-century Dutch art.",
        "Yes",
    ),
    (
        "Refunds are issued within 14 days of receiving the returned item. Shipping costs are "
        "not refunded.",
        "Refunds are issued within 30 days.",
        "No",
    ),
    (
        "The bridge is 1.2 km long and carries four lanes of traffic. It was designed by a "
        "local engineering firm.",
        "The bridge was completed in 2004.",
        "Unknown",
    ),
)


def chat_turn(role: str, content: str) -> str:
    """One ChatML turn."""
    return f"<|im_start|>{role}\n{content}<|im_end|>\n"


def few_shot(system: str, shots: Sequence[tuple[str, str]]) -> str:
    """The system turn, then each worked example as a user turn and the assistant's answer."""
    turns = [chat_turn("system", system)]
    for asked, answer in shots:
        turns += [chat_turn("user", asked), chat_turn("assistant", answer)]
    return "".join(turns)


def ask(content: str) -> str:
    """The user turn and the cue after which the model's next token is its answer."""
    return chat_turn("user", content) + "<|im_start|>assistant\n"


def _question(passage: str, claim: str, question: str | None) -> str:
    asked = ""
    if question:
        shown = question.strip()[:QUESTION_MAX_CHARS]
        asked = f"\n\nThe claim answers: {shown}"
    return (
        f"Passage:\n{passage}{asked}\n\nClaim: {claim}\n\n"
        "Does the passage support the claim? Answer Yes, No or Unknown."
    )


INSTRUCTIONS = few_shot(
    _SYSTEM, [(_question(passage, claim, None), answer) for passage, claim, answer in _EXAMPLES]
)
"""The shared prefix of every prompt (ChatML, which the Qwen, SmolLM and many other GGUF chat
models use)."""


def build_prompt(chunk: str, claim: str, question: str | None) -> str:
    """The full prompt for one claim against one chunk; the model's next token is the answer.

    The chunk comes before the claim (and the question, which is the same for all claims of
    a check) so that all claims of a chunk share the longest possible prefix.
    """
    return INSTRUCTIONS + ask(_question(chunk, claim, question))


# --------------------------------------------------------------------------------------------
# Chunks


@dataclass(frozen=True)
class Span:
    """Characters ``start:end`` of passage ``passage`` (an index into the check's passages)."""

    passage: int
    start: int
    end: int


@dataclass(frozen=True)
class Chunk:
    """Consecutive text of one or more passages, read by the model in one go."""

    index: int
    spans: tuple[Span, ...]
    text: str


def _pieces(passage_index: int, passage: str, chunk_chars: int) -> list[Span]:
    """A passage as spans of at most ``chunk_chars``, cut between sentences where possible."""
    if len(passage) <= chunk_chars:
        return [Span(passage_index, 0, len(passage))] if passage.strip() else []
    spans: list[Span] = []
    start = end = None
    for sentence in split_sentences(passage):
        for piece_start, piece_end in _hard_cut(sentence, chunk_chars):
            if start is None or end is None:
                start, end = piece_start, piece_end
            elif piece_end - start <= chunk_chars:
                end = piece_end
            else:
                spans.append(Span(passage_index, start, end))
                start, end = piece_start, piece_end
    if start is not None and end is not None:
        spans.append(Span(passage_index, start, end))
    return spans


def _hard_cut(sentence: Sentence, chunk_chars: int) -> list[tuple[int, int]]:
    """A sentence longer than a chunk, cut at the last space before each limit."""
    pieces: list[tuple[int, int]] = []
    start, text = sentence.start, sentence.text
    while len(text) > chunk_chars:
        cut = text.rfind(" ", 0, chunk_chars)
        cut = cut if cut > 0 else chunk_chars
        pieces.append((start, start + cut))
        trimmed = text[cut:].lstrip()
        start += len(text) - len(trimmed)
        text = trimmed
    if text:
        pieces.append((start, start + len(text)))
    return pieces


def chunk_passages(passages: Sequence[str], chunk_chars: int) -> list[Chunk]:
    """Passages packed in order into chunks of at most ``chunk_chars`` (plus separators).

    Short passages share a chunk (WiCE-style pages given one sentence per passage, or several
    small retrieved snippets); a long passage is split between sentences.
    """
    if chunk_chars < 1:
        raise ValueError(f"chunk_chars must be >= 1, got {chunk_chars!r}")
    chunks: list[Chunk] = []
    current: list[Span] = []
    size = 0

    def close() -> None:
        nonlocal current, size
        if current:
            text = PASSAGE_SEPARATOR.join(passages[s.passage][s.start : s.end] for s in current)
            chunks.append(Chunk(len(chunks), tuple(current), text))
        current, size = [], 0

    for passage_index, passage in enumerate(passages):
        for span in _pieces(passage_index, passage, chunk_chars):
            length = span.end - span.start
            if current and size + length > chunk_chars:
                close()
            current.append(span)
            size += length
    close()
    return chunks


def assign_chunks(
    chunks: Sequence[Chunk], claims: Sequence[str], per_claim: int
) -> list[tuple[Chunk, tuple[int, ...]]]:
    """Which chunks each claim is read against: its ``per_claim`` most relevant (0: all).

    Returns the chunks that some claim reads, in text order, each with the indices of the
    claims that read it (chunk by chunk keeps a chunk's prefix in the model's state for all its
    claims). A chunk's relevance to a claim is the share of the claim's content words it
    contains; ties go to the earlier chunk.
    """
    if not chunks or not claims:
        return []
    readers: dict[int, list[int]] = {}
    if per_claim == 0 or len(chunks) <= per_claim:
        readers = {chunk.index: list(range(len(claims))) for chunk in chunks}
    else:
        chunk_terms = [content_terms(chunk.text) for chunk in chunks]
        for claim_index, claim in enumerate(claims):
            wanted = content_terms(claim)
            ranked = sorted(
                chunks,
                key=lambda c: (-len(wanted & chunk_terms[c.index]) / (len(wanted) or 1), c.index),
            )
            for chunk in ranked[:per_claim]:
                readers.setdefault(chunk.index, []).append(claim_index)
    return [(chunk, tuple(readers[chunk.index])) for chunk in chunks if chunk.index in readers]


def best_sentence(chunk: Chunk, passages: Sequence[str], claim: str) -> tuple[Span, str]:
    """The sentence of ``chunk`` sharing the most content words with ``claim`` (the evidence)."""
    wanted = content_terms(claim)
    best: tuple[tuple[float, float], Span, str] | None = None
    for span in chunk.spans:
        text = passages[span.passage][span.start : span.end]
        for sentence in split_sentences(text):
            terms = content_terms(sentence.text)
            shared = len(wanted & terms)
            # Most of the claim's words first; then the sentence with fewest other words, so
            # "It is 330 metres tall." beats a long sentence that only names the subject.
            rank = (shared / (len(wanted) or 1), shared / (len(terms) or 1))
            if best is None or rank > best[0]:
                start = span.start + sentence.start
                best = (rank, Span(span.passage, start, start + len(sentence.text)), sentence.text)
    if best is None:
        first = chunk.spans[0]
        return first, passages[first.passage][first.start : first.end]
    return best[1], best[2]
