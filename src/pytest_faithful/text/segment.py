"""Sentence segmentation with exact character offsets.

``split_sentences`` is rule-based and dependency-free because it runs in the lexical judge's hot
loop over long retrieved passages: one regex scan finds candidate boundaries (terminal
punctuation followed by whitespace, CJK full stops, newlines) and only those candidates are
examined in Python.

Rules, in brief:

* ``.``, ``!``, ``?`` (optionally followed by closing quotes/brackets) end a sentence only when
  whitespace or the end of the text follows, so ``3.5%``, ``$4.99``, ``v2.1``, ``1.2.3`` and
  ``e.g.,`` are never split. A period after an ordinary word ends a sentence even before a
  lowercase word, because chat answers often start sentences in lowercase.
* Abbreviations follow three policies (see ``_NEVER_ENDS``, ``_ENDS_BEFORE_CAPITAL`` and
  ``_is_initialism``).
* ``...``/``…`` ends a sentence only before a capitalised word.
* Terminal punctuation inside a closing quote/bracket followed by a lowercase word
  (``"Stop!" he said``) does not end the sentence.
* List items (``- x``, ``* x``, ``• x``, ``1. x``, ``2) x`` at the start of a line) are sentences
  of their own, with the marker *included* in the item's sentence: every non-whitespace
  character must belong to some sentence, and a bare marker is not a claim.
* A blank line always ends a sentence; a single newline ends one before a list item or a
  heading (``#`` or a line that is only bold, ``**Refunds:**``), after a heading, after a
  list item unless the next line is indented (a continuation), and between two rows of a table
  (:func:`is_row`: cells between ``|`` or tabs, CSV's commas, HTML's ``<tr>``), each row a
  record of its own. Otherwise a newline is just
  whitespace (a wrapped line), so terminal
  punctuation at the end of a line is judged by the same rules as mid-line.
* CJK full stops (U+3002, U+FF01, U+FF1F) always end a sentence, since CJK text puts no
  space after them.
* A piece with no letters or digits (a lone ``.`` or ``...``) joins the preceding sentence (or,
  at the start, the following one) rather than becoming a sentence itself.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Iterator
from typing import NamedTuple

from pytest_faithful.text.patterns import regex
from pytest_faithful.text.words import ROMAN, ROMAN_LOWER


class Sentence(NamedTuple):
    """A sentence of a text: ``text[start:end] == sentence.text``."""

    text: str
    start: int
    end: int


# Look-alike Unicode punctuation is escaped so that readers (and ruff) can tell it apart.
_CJK_TERMINALS = "\u3002\uff01\uff1f"  # ideographic full stop, fullwidth ! and ?
_CLOSERS = "\"')]}\u00bb\u201d\u2019"  # straight and curly closing quotes, brackets
_OPENERS_PUNCT = "\"'([{\u00ab\u201c\u2018"
# Markdown emphasis closing after a sentence's end: "**Does it work with heat pumps?** Yes."
_EMPHASIS_CLOSES = r"(?:\*{1,3}|_{1,3})?"
_CJK_CLOSERS = "\"'\u300d\u300f\uff09\u3011\u3015\u300b\u3009\u201d\u2019"

_CANDIDATE = regex(
    rf"""
    [{_CJK_TERMINALS}]+[{re.escape(_CJK_CLOSERS)}]*
    | (?P<term>\.\ \.\ \.|[.!?…]+)(?P<close>[{re.escape(_CLOSERS)}]*{_EMPHASIS_CLOSES})(?=\s|\Z)
    | \n(?P<blank>[^\S\n]*\n)?
    """,
    re.VERBOSE,
)

# Optional groups so the match always succeeds and the caller reads the line's shape directly.
# Bullets besides "-", "*" and "+": typographic ones and the symbols and emoji chat answers
# open list items with ("✅ Free returns"); a table row opens with "|".
_BULLETS = "•‣◦▪●○■□▸▶►➤➜→✓✔✅❌✖★☆⚠📌👉🔹🔸"
# A heading is a "#" line, a code fence or a line that is only bold ("**Refunds:**").
_BOLD_LINE = r"(?P<bold>\*\*|__)[^*_\n]+(?P=bold)[^\S\n]*:?[^\S\n]*"
_LINE_START = regex(
    r"(?P<indent>[^\S\n]*)"
    rf"(?:(?P<item>[-*+{_BULLETS}]|(?:\d{{1,3}}|{ROMAN})[.)]|\|)(?=[^\S\n])"
    rf"|(?P<head>\#{{1,6}}(?=[^\S\n])|```|~~~|(?={_BOLD_LINE}(?:\n|\Z))))?"
)
# A list item's marker at a line's start: "- ", "* ", "• ", "1. ", "2) ".
BULLET = regex(r"^[ \t]*(?:[-*+\u2022]|\d{1,2}[.)])[ \t]+")
_HEADING = regex(rf"\s*(?:\#{{1,6}}[^\S\n]+[^\n]*|{_BOLD_LINE})\s*")
_FENCE = regex(r"\s*(?:```|~~~)[\w+.#-]*\s*")
# The row that rules off a markdown table's header: "|---|:---:|", "--- | ---".
_TABLE_RULING = regex(
    r"[^\S\n]*\|?[^\S\n]*:?-{3,}:?[^\S\n]*(?:\|[^\S\n]*:?-{3,}:?[^\S\n]*)*\|?[^\S\n]*"
)


def is_heading(sentence: str) -> bool:
    """Whether ``sentence`` is a heading line: "## Refunds", or a line that is only bold
    ("**Refunds:**"), as :func:`split_sentences` makes it a sentence of its own."""
    return _HEADING.fullmatch(sentence) is not None


def is_table_header(sentence: str) -> bool:
    """Whether ``sentence`` is a markdown table's header: the column names and the row under
    them (or that row alone), which name what the rows state and state nothing themselves."""
    if "-" not in sentence:
        return False
    lines = sentence.strip().split("\n")
    if len(lines) > 2 or _TABLE_RULING.fullmatch(lines[-1]) is None:
        return False
    return len(lines) == 1 or "|" in lines[0]


# What separates a row's cells: a pipe, a tab, a comma with no space after it and no digit on
# both sides (CSV's "1,Amoxicillin,500"; prose's commas have a space after them, "1,500" is a
# number), an HTML table's row or cell tag.
_CELL = regex(r"[|\t]|<t[rdh][\s>]|[^\s\d],[^\s]|,[^\s\d]", re.IGNORECASE)


def is_row(text: str, start: int = 0, end: int | None = None) -> bool:
    """Whether ``text[start:end]`` (a line) is a row of a table: it separates cells (a pipe, a
    tab, CSV's commas) or is an HTML table's row. A row is a record of its own: its values are
    about its own first cell, not its neighbours'."""
    return _CELL.search(text, start, len(text) if end is None else end) is not None


# A number standing alone ("2024", "1.5"), not a name's digits ("km2", "Q1").
_BARE_NUMBER = regex(r"(?<!\w)\d[\d.,:]*(?!\w)")


def header_row(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The header row of the table whose row (or rows) ``text[start:end]`` is: the first line
    of the unbroken run of rows around it, when that line names columns (a markdown header
    ruled off under it, or a row with no number: "Train | Departs | Arrives"). A row means
    something only with its header: "RE 12 | 08:45 | 11:30" says when the RE 12 arrives under
    "Arrives". None when the span is not a table's row, or is its header."""
    line = text.rfind("\n", 0, start) + 1
    if not is_row(text, line, _line_end(text, line)):
        return None
    # The first line of the run of rows: read once per text, each run's lines in order (a
    # walk up from each row a check asks about took time quadratic in a table's rows).
    tops = _row_run_tops(text)
    first = tops[bisect.bisect_right(tops, line) - 1]
    head_end = _line_end(text, first)
    if head_end >= start:
        return None
    ruled = _TABLE_RULING.fullmatch(text, head_end + 1, _line_end(text, head_end + 1))
    if ruled is None and _BARE_NUMBER.search(text, first, head_end):
        return None
    return first, head_end


@functools.lru_cache(maxsize=64)
def _row_run_tops(text: str) -> tuple[int, ...]:
    """Where each unbroken run of table rows of ``text`` starts (its first line's offset), in
    order; a run is lines that are all rows (:func:`is_row`)."""
    tops: list[int] = []
    previous_was_row = False
    at = 0
    while at <= len(text):
        end = _line_end(text, at)
        row = is_row(text, at, end)
        if row and not previous_was_row:
            tops.append(at)
        previous_was_row = row
        at = end + 1
    return tuple(tops)


def is_fence(sentence: str) -> bool:
    """Whether ``sentence`` is a code fence's opening line ("```bash"), which names the code's
    language, no claim."""
    return _FENCE.fullmatch(sentence) is not None


_NEXT_WORD = regex(rf"\s*[{re.escape(_OPENERS_PUNCT)}]*(\w*)(\.?)")
_DOTTED = regex(r"[A-Za-z]{1,2}(?:\.[A-Za-z]{1,2})+|[A-Z]")
_LIST_NUMBER = regex(rf"\d{{1,3}}|{ROMAN}")
_WORDLIKE = regex(r"\w")

# Longest abbreviation we care about is well under this; a bounded look-back keeps each
# candidate O(1) even inside one 50k-character line.
_TOKEN_WINDOW = 16


def _words(words: str) -> frozenset[str]:
    return frozenset(words.split())


def _with_capitalised(words: str) -> frozenset[str]:
    # Multi-letter lowercase abbreviations also open sentences ("E.g. this", "Approx. 5");
    # single letters are skipped because "C." or "P." are far more often initials.
    base = _words(words)
    return base | frozenset(w[0].upper() + w[1:] for w in base if len(w) > 1)


# Almost always followed by a name or a number, so a capitalised next word is no evidence of a
# new sentence; a missed split merely merges two claims, a wrong one mangles a name.
_NEVER_ENDS = _with_capitalised(
    "Mr Mrs Ms Mx Dr Prof St Mt Rev Fr Hon Gov Sen Rep Gen Col Capt Lt Sgt Maj Adm Messrs Mme "
    "vs v e.g i.e cf viz approx ca c a.k.a"
)

# These do end sentences ("... and so on, etc. The next ..."), so a capitalised next word is
# taken as a new sentence, while lowercase or a digit ("Fig. 3", "Jan. 5", "5 p.m. on") is not.
_ENDS_BEFORE_CAPITAL = _with_capitalised(
    "etc al Inc Ltd Co Corp Bros Jr Sr No Nos Fig Figs Eq Eqs Vol Vols pp p ch Ch Sec Art "
    "Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec Ave Blvd Rd Dept Univ est "
    "a.m p.m A.M P.M"
)

# Dotted initialisms (U.S., U.K., D.C., Ph.D.) and single initials (J. R. R. Tolkien) are
# usually followed by a capitalised noun they modify ("U.S. Army", "J. Smith"), so capitals
# prove nothing; only a word that typically opens a sentence ("I live in the U.S. It is big.")
# is trusted as the start of a new one.
_SENTENCE_OPENERS = _words(
    """
    A An The This That These Those It Its He She They We I You His Her Their Our My Your There
    Here In On At By For From With Without After Before During Since Until When While Where Why
    How What Who Which If As But And Or So Yet However Although Though Because Also Then Today
    Now Many Most Some Several Other Each Every All Both Such One Not Later Meanwhile Moreover
    Furthermore Thus Therefore Instead Despite Under Over According Following Among Between Is
    Was Are Were Do Does Did Can Could Will Would Should Has Have Had Yes No Please Let
    """
)


def split_sentences(text: str) -> list[Sentence]:
    """Split ``text`` into sentences with exact offsets (see the module docstring for rules).

    Sentences are in order, non-overlapping and stripped of surrounding whitespace; every
    non-whitespace character of ``text`` belongs to exactly one sentence.
    """
    return list(_sentences(text))


# Several rules and steps of one check split the same answer, claims and passages; the result
# is a value of the text alone (a new list each call, from a tuple kept here).
@functools.lru_cache(maxsize=2048)
def _sentences(text: str) -> tuple[Sentence, ...]:
    # One sentence when the first place a sentence could end is the text's own end: a claim, a
    # quote, a one-line answer. Whatever the rules below decide there, no piece before it ends.
    first = _CANDIDATE.search(text)
    if first is None or first.end() >= len(text.rstrip()):
        stripped = text.strip()
        if not stripped:
            return ()
        start = len(text) - len(text.lstrip())
        return (Sentence(stripped, start, start + len(stripped)),)
    return _split(text)


def _split(text: str) -> tuple[Sentence, ...]:
    # Spans first, texts at the end: a sentence that punctuation-only pieces join, or a head of
    # them kept for the next sentence, grows piece by piece, and copying or searching it whole
    # at each piece took time quadratic in their number ("|---|. " 4,800 times: 1 s).
    spans: list[tuple[int, int]] = []
    start = 0
    kept = 0  # while above start: text[start:kept] is a punctuation-only head, already read
    for end in (*_boundaries(text), len(text)):
        if kept <= start and not text[start:end].strip():
            start = end
            continue
        if _WORDLIKE.search(text, max(start, kept), end) is None:
            # Punctuation-only pieces (the " ." turn separator of transcripts, a lone "...", a
            # bare "####") carry no claim, so they join a neighbour instead of becoming one.
            if spans:
                spans[-1] = (spans[-1][0], start + len(text[start:end].rstrip()))
                start = end
                continue
            if end < len(text):
                kept = end
                continue  # keep `start`: the piece becomes the head of the next sentence
        segment = text[start:end]
        s = start + len(segment) - len(segment.lstrip())
        spans.append((s, start + len(segment.rstrip())))
        start = end
    return tuple(Sentence(text[s:e], s, e) for s, e in spans)


def _boundaries(text: str) -> Iterator[int]:
    """Positions where a sentence ends, ascending (duplicates allowed)."""
    line = _LINE_START.match(text)
    assert line is not None  # every group is optional
    in_item = line["item"] is not None
    heading = line["head"] is not None
    line_start = 0
    for m in _CANDIDATE.finditer(text):
        first = text[m.start()]
        if first == "\n":
            line = _LINE_START.match(text, m.end())
            assert line is not None
            next_item = line["item"] is not None
            next_heading = line["head"] is not None
            this_line, line_start = line_start, m.end()
            if (
                m["blank"] is not None
                or next_item
                or next_heading
                or heading
                or (in_item and not line["indent"])
                or (
                    is_row(text, this_line, m.start())
                    and is_row(text, m.end(), _line_end(text, m.end()))
                )
            ):
                yield m.start()
                in_item = next_item
            heading = next_heading
        elif first in _CJK_TERMINALS or _ends_sentence(
            text, m.start(), m["term"], m["close"], m.end()
        ):
            yield m.end()


def _line_end(text: str, start: int) -> int:
    end = text.find("\n", start)
    return len(text) if end < 0 else end


def _ends_sentence(text: str, start: int, punct: str, close: str, end: int) -> bool:
    nxt = _NEXT_WORD.match(text, end)
    assert nxt is not None  # every part is optional
    word = nxt[1]
    capital = word[:1].isupper()
    if close and word[:1].islower():
        # The quote/bracket closed an embedded utterance: `"Stop!" he said`.
        return False
    if "?" in punct or "!" in punct:
        return True
    if "…" in punct or punct.count(".") >= 3:
        return capital
    window = text[max(0, start - _TOKEN_WINDOW) : start]
    if not window or window[-1].isspace():
        return True  # a stray "." after a space, as in tokenised text: `word .`
    token = window.split()[-1]
    if _LIST_NUMBER.fullmatch(token) and _at_line_start(text, start - len(token)):
        return False  # "1." opening a numbered item is a marker, not a sentence
    core = token.lstrip(_OPENERS_PUNCT)
    if core in _NEVER_ENDS:
        return False
    if core in _ENDS_BEFORE_CAPITAL:
        # "Co. Ltd." is one name even though "Ltd" is capitalised.
        return capital and not (nxt[2] and (word in _NEVER_ENDS or word in _ENDS_BEFORE_CAPITAL))
    if core != "I" and _DOTTED.fullmatch(core):
        return word in _SENTENCE_OPENERS
    return True


def _at_line_start(text: str, pos: int) -> bool:
    while pos > 0 and text[pos - 1] in " \t":
        pos -= 1
    return pos == 0 or text[pos - 1] == "\n"


# Where a quoted stretch of free text opens: a double or curly quote, or a single quote after a
# space, colon or bracket (so the apostrophes of "don't" and "the band's" never open one).
_QUOTE_OPENS = regex("[\"\u201c\u2018]|(?<![\\w'])'")
_DOUBLE_OR_CURLY_OPENS = regex('["\u201c\u2018]')
_QUOTE_CLOSES = {'"': '"', "\u201c": "\u201d", "\u2018": "\u2019"}
# A single quote closes before a space or punctuation, never inside a word.
_SINGLE_CLOSES = regex("'(?![\\w'])")


def quotes_in(text: str, *, single: bool = True) -> list[str]:
    """The stretches of ``text`` in quotation marks, longest first.

    Small models often write their quote into a verdict's reason ("Passage 15 states: '...'")
    and leave the evidence empty or write "passage 15" there; an answer quotes words it says a
    source wrote. Each opening pairs with the nearest closing after it; one linear scan,
    whatever the text (a closing mark that is missing once is missing for every later opening
    of its kind). With ``single`` false a straight single quote opens nothing: in a text people
    wrote, "'s" and "'90s" after a space are more often apostrophes than quotes.
    """
    found: list[str] = []
    unclosed: set[str] = set()
    at = 0
    opens = _QUOTE_OPENS if single else _DOUBLE_OR_CURLY_OPENS
    while (opening := opens.search(text, at)) is not None:
        mark, start = opening[0], opening.end()
        at = start
        if mark in unclosed:
            continue
        if mark == "'":
            closing = _SINGLE_CLOSES.search(text, start + 1)
            end = -1 if closing is None else closing.start()
        else:
            end = text.find(_QUOTE_CLOSES[mark], start)
            if end == start:  # an empty pair: the second mark may open the next quote
                continue
        if end < 0:
            unclosed.add(mark)
            continue
        found.append(text[start:end])
        at = end + 1
    return sorted((q for q in found if q.strip()), key=len, reverse=True)


# A label an answer opens a sentence with ("Step 1: Check that ...", "Note: Returns are ..."):
# the sentence starts after it, so its first word is capitalised as any sentence's is.
_DISCOURSE_LABEL = regex(
    r"[^\w\n]*(?:step[^\S\n]+\d{1,2}|option[^\S\n]+\w|note|nb|important|tip|warning|caution"
    r"|answer|short answer|summary|reminder|update|example|conclusion|result|recommendation"
    r"|in short|tl;?dr|bottom line|key points?|next steps?)[^\S\n]*[:\u2013\u2014][^\w\n]*"
    # and the role a chat model opens with: "As an AI assistant, I can tell you that ..."
    r"|[^\w\n]*as[^\S\n]+an?[^\S\n]+(?:ai|artificial intelligence)(?:[^\S\n]+(?:language"
    r"[^\S\n]+model|assistant|model|chatbot|system))?[^\S\n]*,[^\S\n]*",
    re.IGNORECASE,
)


# A list item's letter or roman number ("ii. Later, ...", "(b) The ..."): a word by its letters.
# A capital one letter long with a full stop is a person's initial ("A. Smith", "V. Putin").
_ITEM_MARKER = regex(
    rf"[^\S\n]*(?:\(?(?:{ROMAN_LOWER}|[a-h])[.)]|(?:II|III|IV|VI{{1,3}}|IX)[.)]"
    r"|\(?(?:I{1,3}|IV|VI{0,3}|IX|X|[A-H])\))[^\S\n]+"
)


def after_item_marker(text: str, start: int = 0) -> int:
    """Where the text at ``start`` goes on after a list item's letter or roman number."""
    item = _ITEM_MARKER.match(text, start)
    return start if item is None else item.end()


def sentence_opening(text: str, start: int = 0) -> int:
    """Where the sentence at ``start`` of ``text`` begins after a list item's letter or roman
    number and any discourse label (the label's own first word opens it too)."""
    at = after_item_marker(text, start)
    label = _DISCOURSE_LABEL.match(text, at)
    return at if label is None else label.end()


# A sentence that goes on from the one before it: "That's 13 hours a day in summer".
_GOES_ON = regex(r"(?i)\s*(?:that|this|which|so\s+that)(?:'s|\s+is|\s+means|\s+comes\s+to)\b")


def goes_on(sentence: str) -> bool:
    """Whether ``sentence`` opens by taking up the one before it ("That's", "This means",
    "Which comes to"): its figures and words are that sentence's working."""
    return _GOES_ON.match(sentence) is not None
