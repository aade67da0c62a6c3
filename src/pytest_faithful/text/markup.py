"""A text's words as a reader sees them, with its markup folded away: the one reading of markup.

Passages come from HTML pages and Markdown files, and a word's markup is no word of the text:
"It does <strong>not</strong> support 4K input." says "does not support", "is _never_
refunded" says "never", "doesn&#8217;t" is "doesn't", "<em>no</em>&nbsp;fee" is "no fee",
and a tag inside a word ("non<br>refundable") splits no word. So tags, character entities and
Markdown's emphasis and code marks are folded (:func:`unmark`): an inline tag or a mark is
dropped, a block tag (a paragraph, a list item, a table cell, a line break) ends a line unless it
falls inside a word, and an entity is the character it names. The aligner reads a passage's
words through it, and so do the negation readers, keeping each character's place in the text
the markup was in (:class:`Unmarked`), so a span still shows the passage's own text.
"""

from __future__ import annotations

import functools
import html
import html.entities
from typing import NamedTuple

from pytest_faithful.text.patterns import regex

# A tag, an entity, or a run of Markdown's emphasis or code marks at a word's edge ("**not**",
# "_never_", "`--force`"); not an underscore or asterisk inside a word ("max_retries", "2*3").
_MARK = regex(
    r"(?P<tag></?(?P<name>[A-Za-z][A-Za-z0-9]*)(?:\s[^<>\n]*)?/?>)"
    r"|(?P<entity>&(?:[A-Za-z][A-Za-z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});)"
    r"|(?P<emphasis>(?<![\w*`])(?:\*{1,3}|_{1,3})(?=[^\s*_])|(?<=[^\s*_])(?:\*{1,3}|_{1,3})(?![\w*])"
    r"|`+)"
)
# The inline tags, which mark words inside a phrase; and the tags that end a block of text: what
# they separate is never one phrase. Other words in angle brackets are text ("<raj> hi", "<id>").
_INLINE_TAGS = frozenset(
    (
        "strong", "b", "em", "i", "u", "s", "del", "ins", "mark", "small", "big", "sub", "sup",
        "span", "a", "code", "kbd", "samp", "var", "abbr", "cite", "q", "font", "tt", "strike",
        "time", "label",
    )
)  # fmt: skip
_BLOCK_TAGS = frozenset(
    (
        "p", "div", "br", "hr", "li", "ul", "ol", "dl", "dt", "dd", "tr", "td", "th", "table",
        "thead", "tbody", "tfoot", "caption", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote",
        "pre", "section", "article", "header", "footer", "nav", "aside", "figure", "figcaption",
    )
)  # fmt: skip


class Unmarked(NamedTuple):
    """A text with its markup folded, and where each of its characters is in the marked text:
    ``text[i]`` reads ``marked[starts[i]:ends[i]]``."""

    text: str
    starts: tuple[int, ...]
    ends: tuple[int, ...]

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The marked text's span of ``text[start:end]`` (``start < end``)."""
        return self.starts[start], self.ends[end - 1]


def has_markup(text: str) -> bool:
    """Whether ``text`` may hold markup (a fast test: most texts hold none)."""
    return ("<" in text or "&" in text or "*" in text or "_" in text or "`" in text) and (
        _MARK.search(text) is not None
    )


@functools.lru_cache(maxsize=1024)
def unmark(text: str) -> Unmarked:
    """``text`` with its markup folded, each character with its place in ``text``."""
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    at = 0
    for run in _runs(text):
        begin, finish, pieces = run
        for i in range(at, begin):
            out.append(text[i])
            starts.append(i)
            ends.append(i + 1)
        for piece in pieces:
            out.append(piece)
            starts.append(begin)
            ends.append(finish)
        at = finish
    for i in range(at, len(text)):
        out.append(text[i])
        starts.append(i)
        ends.append(i + 1)
    return Unmarked("".join(out), tuple(starts), tuple(ends))


def unmarked(text: str) -> str:
    """``text`` with its markup folded (:func:`unmark`)."""
    return unmark(text).text if has_markup(text) else text


def _runs(text: str) -> list[tuple[int, int, str]]:
    """Each run of adjacent marks as (start, end, what it reads as)."""
    runs: list[tuple[int, int, str]] = []
    for match in _MARK.finditer(text):
        if match["entity"]:
            named = _entity(match["entity"])
            if named is None:
                continue  # not an entity HTML names: the text's own characters
            reading, block = named, False
        elif match["tag"]:
            name = match["name"].casefold()
            if name not in _INLINE_TAGS and name not in _BLOCK_TAGS:
                continue
            reading, block = "", name in _BLOCK_TAGS
        else:
            reading, block = "", False
        if runs and runs[-1][1] == match.start() and not runs[-1][2].strip() and not reading:
            start, _, before = runs[-1]
            runs[-1] = (start, match.end(), "\n" if block or before == "\n" else before)
            continue
        runs.append((match.start(), match.end(), "\n" if block else reading))
    # A block tag inside a word ("non<br>refundable") splits no word.
    return [
        (s, e, "" if r == "\n" and _letter(text, s - 1) and _letter(text, e) else r)
        for s, e, r in runs
    ]


def _letter(text: str, at: int) -> bool:
    return 0 <= at < len(text) and text[at].isalpha()


def _entity(entity: str) -> str | None:
    """The character an entity names ("&nbsp;" reads as a space), or None for none."""
    if entity[1] != "#":
        named = html.entities.html5.get(entity[1:])
        return None if named is None else named.replace("\u00a0", " ")
    number = int(entity[3:-1], 16) if entity[2] in "xX" else int(entity[2:-1])
    if not 0 < number <= 0x10FFFF or 0xD800 <= number <= 0xDFFF:
        return None
    return html.unescape(entity).replace("\u00a0", " ")
