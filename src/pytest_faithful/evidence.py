"""Is a judge's evidence quote really in the passage it cites, and can it prove anything?

Judges copy quotes with small changes (curly quotes, line breaks, case), so both sides are
normalised before the substring test; a paraphrase still fails, which is the point.

A quote found in the passage counts as evidence for a claim only when it *bears on* the claim
(:func:`bears_on`): it shares at least one word with the claim (a content word: not a stopword,
not a number, compared after the lexical judge's light stemming), and it holds at least two
content terms, or every content term of a claim that has only one. So ".", "e", "the", "30",
"passage 1" or a lone shared word of a longer claim never verify a claim, whatever the passage
says: a quote that short proves nothing a reader could check.
"""

from __future__ import annotations

import difflib
import functools
import re
import unicodedata
from collections.abc import Sequence
from typing import Literal, NamedTuple

from pytest_faithful.contrasts import contrast
from pytest_faithful.number_clash import number_clash
from pytest_faithful.segment import quotes_in, split_sentences
from pytest_faithful.terms import CLOCK_WORDS, NUMBER_WORDS, ORDINAL_WORDS, content_terms

_WHITESPACE = re.compile(r"\s+")
_PUNCTUATION_VARIANTS = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u2013": "-",
        "\u2014": "-",
        "\u2212": "-",
        "\u00a0": " ",
    }
)
# Quotes often shed their edge punctuation ("... in 2019." quoted as "in 2019").
_EDGE = " \"'.,;:!?()[]"


def normalize(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).translate(_PUNCTUATION_VARIANTS)
    return _WHITESPACE.sub(" ", text).strip().casefold()


class PassageIndex:
    """Passages normalised on first use, so a check with many claims normalises each once."""

    def __init__(self, passages: Sequence[str]) -> None:
        self._passages = passages
        self._normalized: dict[int, str] = {}

    def __len__(self) -> int:
        return len(self._passages)

    def contains(self, index: int, quote: str) -> bool:
        """Whether ``quote`` is in passage ``index``, verbatim or after normalising both."""
        passage = self._passages[index]
        stripped = quote.strip()
        if stripped and stripped in passage:
            return True  # the common case for extractive judges; skips normalising
        needle = normalize(quote).strip(_EDGE)
        if not needle:
            return False
        if index not in self._normalized:
            self._normalized[index] = normalize(passage)
        return needle in self._normalized[index]


def could_bear_on(passage: str, terms: frozenset[str]) -> bool:
    """Whether a quote from ``passage`` could bear on a claim whose content terms are among
    ``terms``: :func:`bears_on` needs a shared word that is not a number."""
    return any(not term[0].isdigit() for term in content_terms(passage) & terms)


def bears_on(quote: str, claim: str) -> bool:
    """Whether ``quote`` says enough about ``claim`` to be evidence for it (module docstring).
    A question asserts nothing ("Do you ship to Canada?" from a FAQ is no evidence that you
    do)."""
    if quote.rstrip(" \t\n\"'\u201d)").endswith("?"):
        return False
    quoted = content_terms(quote)
    claimed = content_terms(claim)
    if not any(not term[0].isdigit() for term in quoted & claimed):
        return False
    return len(quoted) >= min(2, len(claimed))


# Share of a claim's content terms below which a quote that bears on the claim still shows little
# of it: small models quote one sentence about a person for every claim about that person
# ("Leon Yeaman, 55, was killed ..." for "Mr Yeaman was in his yard making noise at 9pm").
MIN_QUOTE_SHARE = 0.25


def shows_little_of(quote: str, claim: str) -> bool:
    """Whether ``quote`` holds less than :data:`MIN_QUOTE_SHARE` of ``claim``'s content terms.

    Not a reason to doubt the verdict (measured in benchmarks/RESULTS.md, "Issue 14, session
    27": demoting such verdicts loses faithful paraphrases); the verifier shows the span that
    covers the claim instead, when one does (:func:`locate`).
    """
    claimed = content_terms(claim)
    return len(content_terms(quote) & claimed) < MIN_QUOTE_SHARE * len(claimed)


# --- Aligning a quote to its passage -------------------------------------------------------------

# Words as the aligner compares them: initialisms, spaced or not ("U.S.", "U. S.", "L.F."), then
# letters/digits with inner apostrophes, decimal points and thousands separators ("don't",
# "3.5", "1,000"); case, curly quotes and an initialism's dots and spaces are folded first, since
# judges copy "U.S." as "U. S." or "US" as often as sources print either.
_INITIALISM = r"[^\W\d_](?:\.[^\W\d_](?!\w))+\.?|[A-Z](?:\. [A-Z](?!\w))+\.?"
_ALIGN_WORD = re.compile(rf"{_INITIALISM}|\w+(?:['\u2019.,]\w+)*")
_ELLIPSIS = re.compile(r"\.\.\.|\u2026|\[\.\.\.\]|\(\.\.\.\)")
_NEGATION_WORDS = frozenset(
    {"not", "no", "never", "nor", "none", "nobody", "nothing", "neither", "nowhere", "without"}
    | {"cannot"}
)
# Quality (difflib's ratio, over words, between the quote and the passage span) a quote that is
# not in its passage word for word needs to be aligned. Chosen with benchmarks/alignment.py:
# every kind of small edit of a dev passage's sentence aligns at or above it, and quotes of
# other passages' sentences stay below.
MIN_ALIGNMENT = 0.7
# How far around the longest matching run the aligner looks, in words, as a share of the quote.
_SLACK = 0.5

AlignmentMethod = Literal["verbatim", "normalized", "fuzzy", "located"]


class Aligned(NamedTuple):
    """Where a quote is in a passage: ``passage[start:end]`` is the passage's own text."""

    passage: int
    start: int
    end: int
    quality: float  # 1.0 for verbatim and normalised matches; difflib's word ratio otherwise
    method: AlignmentMethod

    def text(self, passages: Sequence[str]) -> str:
        """The passage's own text of this span."""
        return passages[self.passage][self.start : self.end]


def _fold(word: str) -> str:
    if len(word) > 2 and word[1] == "." and not word[0].isdigit():  # an initialism
        word = word.replace(".", "").replace(" ", "")
    return word.casefold().replace("\u2019", "'").replace("\u2018", "'")


class _Words(NamedTuple):
    words: list[str]
    starts: list[int]
    ends: list[int]
    vocabulary: frozenset[str]


@functools.lru_cache(maxsize=256)
def _words(text: str) -> _Words:
    """The words of a passage with their offsets; cached, since every claim of a check (and
    every check of a test that reuses its contexts) aligns against the same passages."""
    found = list(_ALIGN_WORD.finditer(unicodedata.normalize("NFC", text)))
    if len(unicodedata.normalize("NFC", text)) != len(text):  # offsets must hold: no folding
        found = list(_ALIGN_WORD.finditer(text))
    words = [_fold(m[0]) for m in found]
    return _Words(words, [m.start() for m in found], [m.end() for m in found], frozenset(words))


def _find_run(haystack: Sequence[str], needle: Sequence[str], start: int = 0) -> int:
    """The first index >= ``start`` where ``needle`` occurs in ``haystack`` as a run, or -1."""
    first = needle[0]
    n = len(needle)
    for i in range(start, len(haystack) - n + 1):
        if haystack[i] == first and haystack[i : i + n] == needle:
            return i
    return -1


def _guards_hold(quote: Sequence[str], span: Sequence[str], shown: str) -> bool:
    """A small edit never changes what a quote asserts: every number and capitalised name of
    the quote is in the span, and both hold as many negations."""
    spanned = set(span)
    if any(
        w[0].isdigit() or w in NUMBER_WORDS or w in ORDINAL_WORDS or w in CLOCK_WORDS for w in quote
    ):
        quoted_numbers = {t for t in content_terms(" ".join(quote)) if t[0].isdigit()}
        if not quoted_numbers <= content_terms(" ".join(span)):
            return False
    if _negations(quote) != _negations(span):
        return False
    for match in _ALIGN_WORD.finditer(shown):
        word = match[0]
        if word[0].isupper() and match.start() > 0 and _fold(word) not in spanned:
            return False
    return True


def _align_words(
    passage: _Words, quote: Sequence[str], shown: str, start: int = 0
) -> tuple[int, int, float] | None:
    """The passage word span (first, last) best matching ``quote`` from word ``start`` on."""
    if not quote or len(passage.words) <= start:
        return None
    at = _find_run(passage.words, quote, start)
    if at >= 0:
        return at, at + len(quote) - 1, 1.0
    # A ratio of MIN_ALIGNMENT needs more than half of the quote's words in the span: a
    # passage holding fewer of them is not searched (most passages, for most quotes).
    if sum(w in passage.vocabulary for w in quote) * 2 < len(quote):
        return None
    words = passage.words
    matcher = difflib.SequenceMatcher(None, words, quote, autojunk=False)
    anchor = matcher.find_longest_match(start, len(words), 0, len(quote))
    if anchor.size == 0:
        return None
    slack = max(2, int(len(quote) * _SLACK))
    lo = max(start, anchor.a - anchor.b - slack)
    hi = min(len(words), anchor.a + (len(quote) - anchor.b) + slack)
    region = words[lo:hi]
    ops = [
        op
        for op in difflib.SequenceMatcher(None, region, quote, autojunk=False).get_opcodes()
        if op[0] in ("equal", "replace")
    ]
    if not any(op[0] == "equal" for op in ops):
        return None
    # The span runs from the passage word the quote's first word matches (or replaces) to the
    # one its last word matches or replaces: a changed last word is shown, not cut off.
    # An edge "replace" may pair a word or two of the quote with many passage words: keep as
    # many passage words as the quote has there.
    tag, i1, i2, j1, j2 = ops[0]
    first = lo + (i2 - min(i2 - i1, j2 - j1) if tag == "replace" else i1)
    tag, i1, i2, j1, j2 = ops[-1]
    last = lo + (i1 + min(i2 - i1, j2 - j1) if tag == "replace" else i2) - 1
    matched = sum(op[2] - op[1] for op in ops if op[0] == "equal")
    quality = 2.0 * matched / (len(quote) + last - first + 1)
    if not _guards_hold(quote, words[first : last + 1], shown):
        return None
    return first, last, quality


def align(passage: str, quote: str, index: int = 0) -> Aligned | None:
    """Where ``quote`` is in ``passage``, allowing small edits; None when it is not there.

    Verbatim first; then word for word ignoring case, spacing and punctuation ("normalized");
    then, for quotes with dropped, added or changed words, two sentences joined or an ellipsis,
    the passage span difflib matches best ("fuzzy"), if its quality is at least
    ``MIN_ALIGNMENT`` and it keeps the quote's numbers, names and negation (:func:`_guards_hold`).
    """
    stripped = _without_citation(quote.strip(), passage).strip("\"'\u201c\u201d")
    if not stripped:
        return None
    found = _align(passage, stripped, index)
    label = _QUOTE_LABEL.match(stripped)
    # A quote that opens with a speaker's label aligns word for word, or inside that speaker's
    # turn: a fuzzy match could edit the label away, or run from the label into another
    # speaker's turn, and give one speaker's words to another.
    if label is None or (found is not None and found.method != "fuzzy"):
        return found
    return _align_in_turn(passage, stripped, label, index)


# The passage a judge names in front of its quote ("Passage 13: Reading announced ...", "[passage
# 2] ...", "Passage 1 states: ..."): the judge's citation, not the passage's words. Its number
# would stop the quote aligning anywhere (numbers must match), so it is left out.
_CITATION = re.compile(
    r"(?:[\[(]passage\s*\d+[\])]\s*:?"
    r"|passage\s*\d+(?:\s*[:\-\u2013\u2014]|\s+(?:states|says|reads)(?:\s+that)?\s*:?))\s*",
    re.IGNORECASE,
)


def _without_citation(quote: str, passage: str) -> str:
    cited = _CITATION.match(quote)
    if cited is None or quote in passage:
        return quote
    return quote[cited.end() :]


# A transcript's speaker label ("Sales Agent: ...", "Candice: ..."): one to three capitalised
# words and a colon, at the start of a quote, or of a turn in a passage: a line, or a sentence
# (transcripts flattened to one line read "... I bet . Shyann: You had a lot of fun?").
_LABEL = r"([A-Z][\w.'-]*(?: [A-Z][\w.'-]*){0,2}):[ \t]+"
_QUOTE_LABEL = re.compile(_LABEL)
_TURN_LABEL = re.compile(rf"(?:^|(?<=[.!?] ))[ \t]*{_LABEL}", re.MULTILINE)


def _align_in_turn(passage: str, quote: str, label: re.Match[str], index: int) -> Aligned | None:
    """A quote of a transcript that puts its speaker's label before a sentence from the middle
    of that speaker's turn ("Sales Agent: We offer ..."), where the passage has the label only
    at the turn's start: the rest of the quote, if it aligns inside a turn of that same speaker.
    Another speaker's words never align, so the label cannot shift who said what."""
    rest = quote[label.end() :]
    found = _align(passage, rest, index)
    if found is None:
        return None
    # The aligner lets a quote's first word differ (it is capitalised as a sentence start, not
    # as a name); after a label it opens the quoted sentence, so it must be the passage's own.
    first, shown = _ALIGN_WORD.search(rest), _ALIGN_WORD.search(passage, found.start)
    if first is None or shown is None or _fold(first[0]) != _fold(shown[0]):
        return None
    turns = list(_TURN_LABEL.finditer(passage, 0, found.start))
    if not turns or turns[-1][1].casefold().split() != label[1].casefold().split():
        return None
    if not passage[turns[-1].end() : found.start].strip():  # the turn's first words: show who
        found = found._replace(start=turns[-1].start(1))
    return found._replace(method="fuzzy")


def _align(passage: str, stripped: str, index: int) -> Aligned | None:
    at = passage.find(stripped)
    if at >= 0:
        return Aligned(index, at, at + len(stripped), 1.0, "verbatim")
    words = _words(passage)
    pieces = [p for p in _ELLIPSIS.split(stripped) if _ALIGN_WORD.search(p)]
    if not pieces:
        return None
    spans: list[tuple[int, int, float]] = []
    cursor = 0
    for piece in pieces:
        found = _align_words(words, [_fold(w) for w in _ALIGN_WORD.findall(piece)], piece, cursor)
        if found is None:
            return None
        # An ellipsis that stands for the negation governing a piece changes what it says.
        floor = words.ends[cursor - 1] if cursor else 0
        if len(pieces) > 1 and negation_before(passage, words.starts[found[0]], floor) is not None:
            return None
        spans.append(found)
        cursor = found[1] + 1
    quality = min(q for _, _, q in spans)
    if quality < MIN_ALIGNMENT:
        return None
    first, last = spans[0][0], spans[-1][1]
    exact = quality == 1.0 and len(spans) == 1
    return Aligned(
        index, words.starts[first], words.ends[last], quality, "normalized" if exact else "fuzzy"
    )


def negation_before(passage: str, start: int, floor: int = 0) -> int | None:
    """Where a negation opens among the two words before ``passage[start:]``, in its sentence
    and after ``floor``; None when there is none. A quote that starts just after the "not" or
    "Nobody" governing it ("can return opened software" out of "Nobody can return opened
    software.") leaves out what its words mean there; a negation further back is about
    something else as often as not ("by not using the voice recognition feature")."""
    before = _TWO_WORDS_BEFORE.search(passage, max(floor, start - _REACH), start)
    if before is None or not negations(before[0]):
        return None
    return before.start()


# Two words, and what separates them from what follows, inside one sentence or clause.
_TWO_WORDS_BEFORE = re.compile(r"(?:[\w'\u2019]+[^\w.!?;\n]+){1,2}\Z")
# Characters looked back for them: two words are rarely longer.
_REACH = 64


def sentences_around(passage: str, start: int, end: int) -> str:
    """The sentences of ``passage`` that ``passage[start:end]`` touches, whole."""
    touched = [s for s in split_sentences(passage) if s.start < end and start < s.end]
    if not touched:
        return passage[start:end]
    return passage[touched[0].start : touched[-1].end]


# Stopwords that a matcher can drop but that decide what a sentence asserts: quantifiers,
# modals, comparisons and order in time or place. In an echo of the claim, one changed into
# another ("all" -> "some", "before" -> "after", "will" -> "may") is a change of meaning.
_LOGICAL_WORDS = frozenset(
    """
    all any both each every few more most no none only some such
    can could may might must shall should will would
    above after against before below between during over under until
    """.split()  # noqa: SIM905 -- a word list reads better as text
)


def _words_of(text: str) -> list[str]:
    return [_fold(w) for w in _ALIGN_WORD.findall(text)]


def echoed_changes(
    claim: str, quote: str, span: str, around: str | None = None
) -> list[str] | None:
    """For a quote that echoes its claim rather than the passage ``span`` it aligned to: the
    claim's words that the passage does not say, in ``around`` (the span's whole sentences;
    the span itself by default); None for a quote nearer its span than its claim.

    A judge that copies the claim as its "quote" ("Refunds are allowed after 30 days.") gets it
    aligned, by small edits, to the passage sentence it resembles ("Refunds are prohibited
    after 30 days."). The edits that alignment forgives in a quote (a judge's copying slips)
    are, in an echo of the claim, the very ways the claim departs from the source: a changed
    content word, an added one, or a changed one of ``_LOGICAL_WORDS``. Both sides are read as
    content terms, so what only differs in form is no departure ("three" and "3", "percent"
    and "%", "opens" and "open", "e-mail" and "email", "Søren" and "Soren"); words the passage
    adds are none either.
    """
    quoted, claimed, shown = _words_of(quote), _words_of(claim), _words_of(span)
    if not quoted or not claimed:
        return None
    near_claim = difflib.SequenceMatcher(None, quoted, claimed, autojunk=False).ratio()
    near_span = difflib.SequenceMatcher(None, quoted, shown, autojunk=False).ratio()
    if near_claim <= near_span:
        return None
    passage = span if around is None else around
    said = _canonical(passage)
    said_words = frozenset(_words_of(said))
    said_terms = content_terms(said) | content_terms(_joined(said))
    # A term of several words ("half past ten", "9 a.m.") is read on the whole claim too.
    missing = content_terms(_canonical(claim)) - said_terms
    departed: list[str] = []
    for token in claim.split():
        word = token.strip(_EDGE)
        folded = _fold(word)
        if folded in _LOGICAL_WORDS:
            if folded not in said_words:
                departed.append(folded)
            continue
        plain = _canonical(word)
        terms = content_terms(plain)
        if terms & missing and not content_terms(_joined(plain)) <= said_terms:
            departed.append(word)
    return departed


# Abbreviations and spellings that say the same word: an echo of the claim is read in one form
# on both sides.
_ABBREVIATIONS = {
    "approx": "approximately",
    "yr": "year",
    "yrs": "years",
    "hr": "hour",
    "hrs": "hours",
    "min": "minute",
    "mins": "minutes",
    "sec": "second",
    "secs": "seconds",
    "wk": "week",
    "wks": "weeks",
    "mo": "month",
    "mos": "months",
    "km": "kilometers",
    "kms": "kilometers",
    "kg": "kilograms",
    "kgs": "kilograms",
    "cm": "centimeters",
    "mm": "millimeters",
    "dept": "department",
    "govt": "government",
    "intl": "international",
}
_ABBREVIATION = re.compile(r"\b(" + "|".join(_ABBREVIATIONS) + r")\b\.?", re.IGNORECASE)
# British and American spellings, written one way (long words only: "hour" and "four" stay).
_SPELLINGS = (
    (re.compile(r"(?<=\w{3})our\b"), "or"),  # colour, favour, behaviour
    (re.compile(r"(?<=\w{3})is(e|ed|es|ing|ation|ations)\b"), r"iz\1"),  # organise
    (re.compile(r"(?<=\w{2}[^\Waeiou])re\b"), "er"),  # centre, metre, theatre
    (re.compile(r"(?<=\w{2})yse\b"), "yze"),  # analyse
    (re.compile(r"(?<=\w{3})(?:mme|ogue)\b"), lambda m: m[0][0] if m[0] == "mme" else "og"),
    (re.compile(r"(?<=\w{3})lled\b"), "led"),  # travelled
)


def _canonical(text: str) -> str:
    """``text`` with diacritics, abbreviations and British spellings written one way."""
    text = _plain(text)
    text = _ABBREVIATION.sub(lambda m: _ABBREVIATIONS[m[1].casefold()], text)
    for pattern, replacement in _SPELLINGS:
        text = pattern.sub(replacement, text)
    return text


def _plain(text: str) -> str:
    """``text`` without diacritics ("Søren" -> "Soren", "café" -> "cafe")."""
    decomposed = unicodedata.normalize("NFKD", text.replace("\u00f8", "o").replace("\u00d8", "O"))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


_INNER_HYPHEN = re.compile(r"(?<=[^\W\d_])-(?=[^\W\d_])")


def _joined(text: str) -> str:
    """``text`` with its words' inner hyphens dropped: "e-mail" reads as "email"."""
    return _INNER_HYPHEN.sub("", text)


def align_in(passages: Sequence[str], quote: str, cited: int | None) -> Aligned | None:
    """``quote`` aligned in the passage it cites, else in the passage where it aligns best (a
    judge that numbers passages wrongly still quoted one of them); None when in none."""
    if cited is not None and 0 <= cited < len(passages):
        found = align(passages[cited], quote, cited)
        if found is not None and found.quality == 1.0:
            return found
    else:
        found = None
    best = found
    for i, passage in enumerate(passages):
        if i == cited:
            continue
        other = align(passage, quote, i)
        if other is not None and (best is None or other.quality > best.quality):
            best = other
    return best


# Quotes of an evidence or reason text tried, longest first: a judge quotes its evidence once or
# twice, and each try aligns against every passage, so a reply full of quoted words cannot slow
# a check down.
_QUOTES_TRIED = 3


class QuotedSpan(NamedTuple):
    """A passage span that a quote inside a judge's evidence or reason aligns to."""

    span: Aligned
    quote: str
    in_reason: bool


def quoted_within(
    passages: Sequence[str], subject: str, evidence: str, reason: str, cited: int | None
) -> QuotedSpan | None:
    """For a verdict whose evidence, taken whole, proves nothing: the first quote inside its
    evidence ("Passage 2: '...'"), then inside its reason ("Passage 15 states: '...'"), that
    aligns to a passage and bears on ``subject`` (the evidence rule, applied to that quote).

    The verifier accepts such a quote as the judge's evidence, and an LLM judge asks for no
    repair when there is one, so both decide with this one function.
    """
    for text, in_reason in ((evidence, False), (reason, True)):
        for quote in quotes_in(text)[:_QUOTES_TRIED]:
            aligned = align_in(passages, quote, cited)
            if aligned is not None and bears_on(aligned.text(passages), subject):
                return QuotedSpan(aligned, quote, in_reason)
    return None


def subject_of(claim: str, question: str | None) -> str:
    """What evidence for ``claim`` must bear on: the claim, or, for a claim with no content word
    of its own ("Yes.", "Yes, I do.", "Yes, right."; :func:`claim_terms`), the claim with the
    ``question`` it answers."""
    if question is None or claim_terms(claim):
        return claim
    return f"{claim} {question}"


# Words that open a sentence answering a yes/no question, whose claim may spell out the
# question ("Yes, absolutely." -> "Shipping to Canada costs $15."); "of course" too.
ANSWER_OPENERS = frozenset(
    {"yes", "yeah", "yep", "yup", "no", "nope", "nah", "sure", "absolutely", "certainly"}
    | {"definitely", "indeed", "correct", "right", "exactly", "true", "false"}
)
_OF_COURSE = ("of", "course")
_LETTER_RUN = re.compile(r"[^\W\d_]+")


def claim_terms(text: str) -> frozenset[str]:
    """The content terms ``text`` states: none when its words only say yes or no ("Yes, right.",
    "Exactly!", "Of course."), which are content words elsewhere ("the right to vote")."""
    words = [w.casefold() for w in _LETTER_RUN.findall(text)]
    if words and all(w in ANSWER_OPENERS or w in _OF_COURSE for w in words):
        return frozenset()
    return content_terms(text)


# The openers that answer no: the rest of ANSWER_OPENERS (and "of course") answer yes.
NO_OPENERS = frozenset({"no", "nope", "nah", "false"})


def _opening(sentence: str) -> list[str]:
    return [w.casefold() for w in _LETTER_RUN.findall(sentence[:40])[:2]]


def answers_yes_or_no(sentence: str) -> bool:
    """Whether ``sentence`` opens with a yes or a no (:data:`ANSWER_OPENERS`, "of course")."""
    opening = _opening(sentence)
    return bool(opening) and (opening[0] in ANSWER_OPENERS or tuple(opening) == _OF_COURSE)


def answers_no(sentence: str) -> bool:
    """Whether ``sentence`` opens with a no (:data:`NO_OPENERS`)."""
    opening = _opening(sentence)
    return bool(opening) and opening[0] in NO_OPENERS


# Share of a claim's content terms the located span must hold (every number of the claim, too).
MIN_LOCATED_COVERAGE = 0.6
# Neighbouring sentences a located span may join.
_LOCATE_SENTENCES = 2


def locate(passages: Sequence[str], claim: str) -> Aligned | None:
    """The passage span (one or two neighbouring sentences) that best covers ``claim``.

    For a SUPPORTED verdict whose judge gave no usable quote: the span must hold every number of
    the claim and at least ``MIN_LOCATED_COVERAGE`` of its content terms, agree with it on
    negation, give no other value for a number of the claim (a span of two sentences may hold
    the claim's "60 days" in one about gift cards, and "30 days" in the one about returns:
    :func:`~pytest_faithful.number_clash.number_clash`), and bear on it (:func:`bears_on`); the
    most covering span wins, then the shortest, then the first. None when no span qualifies.
    """
    wanted = content_terms(claim)
    if not wanted:
        return None
    numbers = {t for t in wanted if t[0].isdigit()}
    negated = _has_negation(claim)
    best: tuple[float, int, int] | None = None
    found: Aligned | None = None
    for p, passage in enumerate(passages):
        sentences = split_sentences(passage)
        terms = [content_terms(s.text) for s in sentences]
        for i in range(len(sentences)):
            for width in range(1, _LOCATE_SENTENCES + 1):
                if i + width > len(sentences):
                    break
                held = frozenset().union(*terms[i : i + width]) & wanted
                coverage = len(held) / len(wanted)
                if coverage < MIN_LOCATED_COVERAGE or not numbers <= held:
                    continue
                start, end = sentences[i].start, sentences[i + width - 1].end
                text = passage[start:end]
                key = (coverage, -(end - start), 0)
                if best is not None and key <= best:
                    continue
                if _has_negation(text) != negated or not bears_on(text, claim):
                    continue
                if numbers and number_clash(claim, text) is not None:
                    continue
                if contrast(claim, text) is not None:
                    continue
                best = key
                found = Aligned(p, start, end, coverage, "located")
    return found


def _has_negation(text: str) -> bool:
    return negations(text) > 0


def negations(text: str) -> int:
    """How many negation words ``text`` has ("not", "never", "no", "don't", "cannot", ...)."""
    return _negations([_fold(w) for w in _ALIGN_WORD.findall(text)])


def _negations(words: Sequence[str]) -> int:
    return sum(w in _NEGATION_WORDS or w.endswith("n't") for w in words)
