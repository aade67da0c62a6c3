"""The quotes of the gold judges of ``rules.py``: what a careful model quotes for a claim.

A careful model that says SUPPORTED quotes the passage text that states the claim. Here:

* **WiCE** examples carry ``supporting_sentences``: a list of alternative evidence sets, each a
  list of indices into ``context`` (one WiCE context entry is one sentence of the cited
  article), any one set of which supports the claim in full for faithful examples, or its
  supported part for ``partially_supported`` ones. The quote comes from the union of all sets'
  entries, in order of first mention: the one sharing the most content words with the claim, as
  below. A claim that shares no content word with any of them (and the 13 ``not_supported``
  examples, whose only set is empty) is quoted from all passages, like the other sources.
* **Elsewhere** (and for those WiCE claims): the passage sentence sharing the most content words
  with the claim; on a tie, the one where they are the larger share of its words (the more
  focused sentence), then the earlier one. When one sentence is not enough, the quote grows to a
  contiguous span of up to ``max_span`` sentences (default 2) of the same passage: it takes the
  neighbouring sentence (before or after, whichever adds more, the next one on a tie) while that
  adds 2 or more of the claim's content words the span lacks, or 1 that is a number (a date, a
  figure: what the number rule reads the quote for). A claim that shares no content word with
  any passage (a framing sentence such as "Here is a summary:") gets no quote and no passage
  index, as a careful model would give. A claim that says nothing but a reply ("Yes, it is.",
  and since stop 53 one that says only its degree: "Not necessarily.", "Probably not.", "It
  depends.") is quoted for the words of the question it answers as well.

The passage index is the quote's passage. Sentences and content words are read here, not with
the library's own ``segment`` and ``terms``: the judge must stay the same while the rules
under test (and the text reading they use) change, or a change would move both sides of the
measurement at once. Sentences end at ".", "!" or "?" (with closing quotes and brackets) before
whitespace and a capital, digit, quote or bracket, unless the word before is a common
abbreviation or a single-letter initial; at one directly before a capitalised word ("in
2014.He was": FRANK's BBC articles run sentences together); and at line breaks. Content words:
lower-cased letters or digit runs ("1,000" is "1000"), without a list of function words, plural
"s" removed.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_MAX_SPAN = 2
LABELS = ("faithful", "unfaithful")


@dataclass(frozen=True)
class GoldExample:
    id: str
    source: str
    question: str | None
    context: tuple[str, ...]
    answer: str
    faithful: bool
    supporting: tuple[int, ...] = ()  # WiCE: context entries the gold evidence sets name


def load_gold(path: Path) -> list[GoldExample]:
    """Read the labelled JSONL file; a malformed line stops the run with its line number."""
    examples = []
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                context = row["context"]
                context = (context,) if isinstance(context, str) else tuple(map(str, context))
                if row["label"] not in LABELS:
                    raise ValueError(f"label must be one of {LABELS}, got {row['label']!r}")
                supporting = [i for group in row.get("supporting_sentences") or [] for i in group]
                for i in supporting:
                    if not isinstance(i, int) or not 0 <= i < len(context):
                        raise ValueError(f"supporting sentence {i!r} is not a context index")
                examples.append(
                    GoldExample(
                        id=str(row["id"]),
                        source=str(row["source"]),
                        question=row.get("question") or None,
                        context=context,
                        answer=str(row["answer"]),
                        faithful=row["label"] == "faithful",
                        supporting=tuple(dict.fromkeys(supporting)),
                    )
                )
            except (KeyError, TypeError, ValueError) as exc:
                raise SystemExit(f"{path}:{number}: not a labelled example: {exc!r}") from exc
    return examples


# --------------------------------------------------------------------------------------------
# Reading text


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_ABBREVIATIONS = _words(
    "mr mrs ms dr prof st jr sr vs etc inc ltd co corp no nos vol fig gen gov sen rep col lt "
    "sgt capt mt ft jan feb mar apr jun jul aug sep sept oct nov dec approx dept est univ"
)
_END = re.compile(r"[.!?]+[\"'\u201d\u2019)\]]*(?=\s+[\"'\u201c\u2018(\[A-Z0-9])")
# Sentences run together without a space, as in FRANK's BBC articles ("in 2014.He was").
_JOINED_END = re.compile(r"(?<=[a-z0-9\"'\u201d\u2019)])[.!?][\"'\u201d\u2019)\]]*(?=[A-Z][a-z])")
_LINE_BREAK = re.compile(r"\s*\n\s*")


def sentences(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each sentence of ``text``, stripped of surrounding whitespace."""
    cuts = [0]
    for match in _LINE_BREAK.finditer(text):
        cuts += [match.start(), match.end()]
    for match in _END.finditer(text):
        head = text[: match.start()].split()
        word = head[-1].lower() if head else ""
        # "Mr. Smith", "J. Smith", "the U.S. Army": a full stop after an abbreviation or an
        # initial ends no sentence.
        if match.group().startswith(".") and (
            word in _ABBREVIATIONS or (len(word) == 1 and word.isalpha()) or "." in word
        ):
            continue
        cuts += [match.end(), match.end()]
    for match in _JOINED_END.finditer(text):
        cuts += [match.end(), match.end()]
    cuts.append(len(text))
    spans = []
    for start, end in zip(sorted(cuts)[::2], sorted(cuts)[1::2], strict=True):
        piece = text[start:end]
        if piece.strip():
            left = start + len(piece) - len(piece.lstrip())
            spans.append((left, left + len(piece.strip())))
    return spans


_STOPWORDS = _words(
    """a about above after again against all also am an and any are as at be because been before
    being below between both but by can could did do does doing down during each few for from
    further had has have having he her here hers herself him himself his how i if in into is it
    its itself just let me more most my myself nor of off on once only or other our ours
    ourselves out over own same she should so some such than that the their theirs them
    themselves then there these they this those through to too under until up very was we were
    what when where which while who whom why will with would you your yours yourself yourselves
    s t d ll m re ve one"""
)
# What a reply says besides its claim ("Yes, it is.", "Oh yeah."): a claim of these words alone
# is quoted for the question it answers.
_REPLY_WORDS = _words(
    "yes yeah yep yup no nope ok okay oh sure right well really indeed absolutely definitely "
    "true agree"
    # and the degrees a reply gives its yes or no ("Not necessarily.", "Probably not.",
    # "Generally no.", "Not straight away.", "It depends."), which say nothing of their own
    " not necessarily generally usually always never quite exactly entirely probably possibly"
    " maybe perhaps partly mostly sometimes often rarely yet straight away depends likely"
    " unlikely may might could"
)
_TOKEN = re.compile(r"\d+(?:[.,]\d+)*|[^\W\d_]+")


def content_words(text: str) -> frozenset[str]:
    words = set()
    for token in _TOKEN.findall(text.lower()):
        if token[0].isdigit():
            words.add(token.replace(",", ""))
        elif token not in _STOPWORDS:
            words.add(
                token[:-1]
                if len(token) > 3 and token.endswith("s") and not token.endswith("ss")
                else token
            )
    return frozenset(words)


# --------------------------------------------------------------------------------------------
# Quoting


@dataclass(frozen=True)
class Quote:
    text: str
    passage: int | None
    method: str  # "supporting", "sentence", "span-2", "span-3", ..., or "none"


@dataclass
class _Sentence:
    passage: int
    start: int
    end: int
    words: frozenset[str]


@dataclass
class Quoter:
    """Quotes for the claims of one example, each found once."""

    passages: Sequence[str]
    supporting: Sequence[int] = ()
    max_span: int = DEFAULT_MAX_SPAN
    question: str | None = None
    methods: Counter[str] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        self._by_passage = [
            [_Sentence(i, s, e, content_words(text[s:e])) for s, e in sentences(text)]
            for i, text in enumerate(self.passages)
        ]
        self._memo: dict[str, Quote] = {}

    def quote(self, claim: str) -> Quote:
        found = self._memo.get(claim)
        if found is None:
            found = self._quote(claim)
            self._memo[claim] = found
        self.methods[found.method] += 1
        return found

    def _quote(self, claim: str) -> Quote:
        words = content_words(claim)
        if not words - _REPLY_WORDS and self.question:
            words = words | content_words(self.question)
        if self.supporting:
            quote = self._best(words, self.supporting)
            if quote is not None:
                return Quote(quote.text, quote.passage, "supporting")
        quote = self._best(words, range(len(self.passages)))
        return quote if quote is not None else Quote("", None, "none")

    def _best(self, words: frozenset[str], passages: Sequence[int]) -> Quote | None:
        best: tuple[int, float, int] | None = None
        chosen: _Sentence | None = None
        order = 0
        for i in passages:
            for sentence in self._by_passage[i]:
                shared = len(words & sentence.words)
                key = (shared, shared / max(len(sentence.words), 1), -order)
                order += 1
                if shared and (best is None or key > best):
                    best, chosen = key, sentence
        if chosen is None:
            return None
        return self._grown(words, chosen)

    def _grown(self, words: frozenset[str], sentence: _Sentence) -> Quote:
        row = self._by_passage[sentence.passage]
        first = last = row.index(sentence)
        covered = set(words & sentence.words)
        while last - first + 1 < self.max_span:
            options = []
            for index, rank in ((last + 1, 1), (first - 1, 0)):
                if 0 <= index < len(row):
                    new = (words & row[index].words) - covered
                    options.append((len(new), rank, index, new))
            if not options:
                break
            count, _, index, new = max(options, key=lambda o: (o[0], o[1]))
            if count < 2 and not any(w[0].isdigit() for w in new):
                break
            first, last = min(first, index), max(last, index)
            covered |= new
        text = self.passages[sentence.passage][row[first].start : row[last].end]
        size = last - first + 1
        return Quote(text, sentence.passage, "sentence" if size == 1 else f"span-{size}")
