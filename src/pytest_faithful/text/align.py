"""Aligning a judge's quote to its passage's own text, forgiving what judges change.

Judges copy quotes with small changes (curly quotes, line breaks, case, an initialism's dots,
an ellipsis for what they left out, a "Passage 2:" label), so both sides are normalised and
compared word by word (:func:`align`, :func:`align_in`); a paraphrase still fails, and so does
a quote that changes a number, a name or a negation, which is the point.
"""

from __future__ import annotations

import bisect
import difflib
import functools
import re
import unicodedata
from collections.abc import Sequence
from typing import Literal, NamedTuple

from pytest_faithful.text.clock_words import CLOCK_WORDS
from pytest_faithful.text.markup import has_markup, unmark, unmarked
from pytest_faithful.text.patterns import Regex, regex
from pytest_faithful.text.readings import ORDINAL_WORDS
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.words import NUMBER_WORDS, is_negation

_WHITESPACE = regex(r"\s+")
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
EDGE = " \"'.,;:!?()[]"


def normalize(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).translate(_PUNCTUATION_VARIANTS)
    return _WHITESPACE.sub(" ", text).strip().casefold()


# Words as the aligner compares them: initialisms, spaced or not ("U.S.", "U. S.", "L.F."), then
# letters/digits with inner apostrophes, decimal points and thousands separators ("don't",
# "3.5", "1,000"); case, curly quotes and an initialism's dots and spaces are folded first, since
# judges copy "U.S." as "U. S." or "US" as often as sources print either.
_INITIALISM = r"[^\W\d_](?:\.[^\W\d_](?!\w))+\.?|[A-Z](?:\. [A-Z](?!\w))+\.?"
ALIGN_WORD = regex(rf"{_INITIALISM}|\w+(?:['\u2019.,]\w+)*")
_ELLIPSIS = regex(r"\.\.\.|\u2026|\[\.\.\.\]|\(\.\.\.\)")
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


def fold(word: str) -> str:
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
    if has_markup(text):  # words read through the markup, shown with it (text.markup)
        read = unmark(text)
        found = list(ALIGN_WORD.finditer(read.text))
        spans = [read.span(m.start(), m.end()) for m in found]
    else:
        found = list(ALIGN_WORD.finditer(unicodedata.normalize("NFC", text)))
        if len(unicodedata.normalize("NFC", text)) != len(text):  # offsets must hold
            found = list(ALIGN_WORD.finditer(text))
        spans = [m.span() for m in found]
    words = [fold(m[0]) for m in found]
    return _Words(words, [s for s, _ in spans], [e for _, e in spans], frozenset(words))


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
    for match in ALIGN_WORD.finditer(shown):
        word = match[0]
        if word[0].isupper() and match.start() > 0 and fold(word) not in spanned:
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
_CITATION = regex(
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
_QUOTE_LABEL = regex(_LABEL)
_TURN_LABEL = regex(rf"(?:^|(?<=[.!?] ))[ \t]*{_LABEL}", re.MULTILINE)


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
    first, shown = ALIGN_WORD.search(rest), ALIGN_WORD.search(passage, found.start)
    if first is None or shown is None or fold(first[0]) != fold(shown[0]):
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
    pieces = [p for p in _ELLIPSIS.split(stripped) if ALIGN_WORD.search(p)]
    if not pieces:
        return None
    spans: list[tuple[int, int, float]] = []
    cursor = 0
    for piece in pieces:
        found = _align_words(words, [fold(w) for w in ALIGN_WORD.findall(piece)], piece, cursor)
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
_ABBREVIATION = regex(r"\b(" + "|".join(_ABBREVIATIONS) + r")\b\.?", re.IGNORECASE)
# British and American spellings, written one way (long words only: "hour" and "four" stay).
_SPELLINGS = (
    (re.compile(r"(?<=\w{3})our\b"), "or"),  # colour, favour, behaviour
    (re.compile(r"(?<=\w{3})is(e|ed|es|ing|ation|ations)\b"), r"iz\1"),  # organise
    (re.compile(r"(?<=\w{2}[^\Waeiou])re\b"), "er"),  # centre, metre, theatre
    (re.compile(r"(?<=\w{2})yse\b"), "yze"),  # analyse
    (re.compile(r"(?<=\w{3})(?:mme|ogue)\b"), lambda m: m[0][0] if m[0] == "mme" else "og"),
    (re.compile(r"(?<=\w{3})lled\b"), "led"),  # travelled
)


def canonical(text: str) -> str:
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


_INNER_HYPHEN = regex(r"(?<=[^\W\d_])-(?=[^\W\d_])")


def joined(text: str) -> str:
    """``text`` with its words' inner hyphens dropped: "e-mail" reads as "email"."""
    return _INNER_HYPHEN.sub("", text)


def align_in(passages: Sequence[str], quote: str, cited: int | None) -> Aligned | None:
    """``quote`` aligned in the passage it cites, else in the passage where it aligns best (a
    judge that numbers passages wrongly still quoted one of them); None when in none."""
    return _align_in(tuple(passages), quote, cited)


# The LLM judge checks each quote it is given, and the check aligns the same quote again to
# show it: a value of the texts alone, read once.
@functools.lru_cache(maxsize=1024)
def _align_in(passages: tuple[str, ...], quote: str, cited: int | None) -> Aligned | None:
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


def has_negation(text: str) -> bool:
    return negations(text) > 0


# A pure reading of its text, asked for again by several rules and steps of one check.
@functools.lru_cache(maxsize=4096)
def negations(text: str) -> int:
    """How many negation words ``text`` has ("not", "never", "no", "don't", "cannot", ...)."""
    return _negations([fold(w) for w in ALIGN_WORD.findall(unmarked(text))])


def _negations(words: Sequence[str]) -> int:
    return sum(map(is_negation, words))


def negation_before(passage: str, start: int, floor: int = 0) -> int | None:
    """Where a negation opens among the two words before ``passage[start:]``, in its sentence
    and after ``floor``; None when there is none. A quote that starts just after the "not" or
    "Nobody" governing it ("can return opened software" out of "Nobody can return opened
    software.") leaves out what its words mean there; a negation further back is about
    something else as often as not ("by not using the voice recognition feature")."""
    return _found_before(_TWO_WORDS_BEFORE, passage, start, floor, negates=True)


def denying_frame_before(passage: str, start: int) -> int | None:
    """Where a frame that denies the whole clause after it ("It is not true that", "It is a
    myth that", "Nobody should assume that", "Don't believe that") ends just before
    ``passage[start:]``; None when none does. A quote that starts after it states what the
    passage denies, with its negation further back than :func:`negation_before` reads."""
    return _found_before(_DENYING_FRAME, passage, start, 0, negates=False)


def _found_before(
    pattern: Regex, passage: str, start: int, floor: int, *, negates: bool
) -> int | None:
    """Where ``pattern`` matches, ending just before ``passage[start:]``, read through the
    markup there ("does <strong>not</strong> support", "is _never_ refunded"); for ``negates``,
    only a match that holds a negation."""
    lo = max(floor, start - _REACH)
    if not has_markup(passage[lo : start + _REACH]):
        found = pattern.search(passage, lo, start)
        if found is None or (negates and not negations(found[0])):
            return None
        return found.start()
    # Markup takes room: look further back, and read on past ``start``, where a mark may open
    # the word there ("_never_"), to the character ``start`` is in the text without markup.
    lo = max(floor, start - 4 * _REACH)
    read = unmark(passage[lo : start + _REACH])
    cut = bisect.bisect_left(read.starts, start - lo)
    found = pattern.search(read.text, max(0, cut - _REACH), cut)
    if found is None or (negates and not negations(found[0])):
        return None
    return lo + read.starts[found.start()]


def denials_plain(text: str) -> str:
    """``text`` with each denying frame written "it is not true that", the one form the
    negation readers take for a denial of the clause after it."""
    return _DENYING_FRAME_ANYWHERE.sub("it is not true that ", text)


# A frame that says the clause after it is false, or must not be believed; not one that
# negates an attitude to a clause it takes as true ("It is not surprising that", "I don't
# doubt that").
_DENYING = (
    r"\b(?:(?:it|this|that)(?:\s+is|'s|\u2019s)\s+(?:not\s+(?:true|the\s+case|correct)|untrue"
    r"|false|incorrect|a\s+myth)"
    r"|(?:no\s*one|nobody)\s+(?:should|can|may|must)\s+(?:assume|believe|think|expect)"
    r"|(?:do\s+not|don't|don\u2019t|never)\s+(?:assume|believe|think|expect))\s+that\s+"
)
_DENYING_FRAME = regex(_DENYING + r"\Z", re.IGNORECASE)
_DENYING_FRAME_ANYWHERE = regex(_DENYING, re.IGNORECASE)


# Two words, and what separates them from what follows, inside one sentence or clause.
_TWO_WORDS_BEFORE = regex(r"(?:[\w'\u2019]+[^\w.!?;\n]+){1,2}\Z")
# Characters looked back for them: two words are rarely longer.
_REACH = 64
NEGATION_REACH = 4 * _REACH
"""How far before a span :func:`negation_before` and :func:`denying_frame_before` may open
(through markup, which takes room): what they read lies in ``passage[start - NEGATION_REACH:
start]``."""


# Words that open a restriction of what comes before them in a sentence ("open every day
# except on Sundays", "free shipping is available only for members"), and the words of a claim
# that such a restriction takes back ("every day", "all customers", "at any time").
RESTRICTING = frozenset("except excepting excluding unless only".split())  # noqa: SIM905
UNIVERSAL = frozenset(
    "all every everyone everybody everything anyone anybody any anytime always each".split()  # noqa: SIM905
)
_RESTRICTION_AFTER = regex(
    r"[ \t]*(?:,|\(|[-\u2013\u2014])?[ \t]*(except|excepting|excluding|unless|only|but not"
    r"|save for|apart from|other than)\b([^.,;:!?)\n]*)",
    re.IGNORECASE,
)


class Restriction(NamedTuple):
    word: str  # "except", "only", "but not", ... folded
    to: str  # what it restricts to, up to the clause's end: "on Sundays", "for members"


def restriction_after(passage: str, end: int) -> Restriction | None:
    """The restriction that opens just after ``passage[:end]`` in its sentence ("except",
    "only", "unless", "but not", "other than", ...); None when none does. A quote that stops
    there ("The pool is open every day" out of "The pool is open every day except on
    Sundays.") leaves out what its words are limited to."""
    if passage[:end].rstrip().endswith((".", "!", "?")):
        return None  # a quote of whole sentences: "Only one jumper ..." opens another
    found = _RESTRICTION_AFTER.match(passage, end)
    return None if found is None else Restriction(found[1].casefold(), found[2].strip())


_KEY_EDGE = " .,;:!?\"'()[]"


# A pure reading of its text: every claim's key is asked for again by each step that compares
# claims (distinct claims, uncovered sentences, left-out specifics).
@functools.lru_cache(maxsize=4096)
def text_key(text: str) -> str:
    """What two claims are compared by: normalised, with edge punctuation dropped ("Refunds
    take 5 days." and "refunds take 5 days" are one claim)."""
    return normalize(text).strip(_KEY_EDGE)
