"""Readings that keep every offset: what a text says in numbers, written as numbers.

"per cent" -> "percent", "second" -> "2nd", "twenty-five" -> "25", "a dozen" -> "12", "noon"
-> "12pm", "half past ten" -> "10:30", accented letters plain ("Z\u00fcrich" -> "Zurich"), and the
markers that number a list item ("2.", "(ii)", "Step 2:") or cite a source ("[1]",
"(Source: ...)", "According to Passage 2", a line of "Sources: ...") blanked out. The term reader
(:mod:`pytest_faithful.text.terms`) and the golden-answer checks read text through these.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from types import MappingProxyType

from pytest_faithful.text.clock_words import clock_words_as_times
from pytest_faithful.text.numerals import as_english, parts_as_decimals
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.words import NUMBER_WORDS, ROMAN, ROMAN_LOWER, SPACES

_PER_CENT = regex(rf"\bper(?:{SPACES}|-)?cent\b", re.IGNORECASE)


FULL_WIDTH = str.maketrans(
    {chr(c): chr(c - 0xFEE0) for c in range(0xFF01, 0xFF5F)}
    | {"\uffe0": "\u00a2", "\uffe1": "\u00a3", "\uffe5": "\u00a5", "\uffe6": "\u20a9"}
)
"""Full-width forms as their ASCII letters, digits and signs ("\uff32\uff45\uff46\uff55\uff4e\uff44"
is "Refund", "\uff04\uff11\uff15" is "$15"), as text typed with a CJK input method writes them; one
character for one, so that every offset is kept (``str.translate``)."""


def _without_accent(letter: str) -> str:
    decomposed = unicodedata.normalize("NFKD", letter)
    plain = decomposed[0]
    marks = decomposed[1:]
    if marks and plain.isascii() and plain.isalpha() and all(map(unicodedata.combining, marks)):
        return plain
    return letter


PLAIN_LETTERS = str.maketrans({chr(c): _without_accent(chr(c)) for c in range(0xC0, 0x250)})
"""Latin letters with accents as their plain letters ("Z\u00fcrich" is "Zurich", "Jos\u00e9" is
"Jose"), as answers written in English often spell the passages' names and loanwords; one
character for one, as :data:`FULL_WIDTH`."""
_WIDE_OR_ACCENTED = FULL_WIDTH | PLAIN_LETTERS


def normalised(text: str, lowered: bool = False) -> str:
    """Full-width forms as ASCII (:data:`FULL_WIDTH`), accented letters plain
    (:data:`PLAIN_LETTERS`), curly apostrophes made straight, "per
    cent" made "percent" and ordinal words made ordinals ("second" -> "2nd"), keeping every
    offset. ``lowered``: the text is in lower case, which the ordinal words are matched faster
    in."""
    if not text.isascii():
        text = text.translate(_WIDE_OR_ACCENTED)
    if "\u2019" in text:
        text = text.replace("\u2019", "'")
    if "cent" in text or "CENT" in text or "Cent" in text:
        text = _PER_CENT.sub(lambda m: "percent".ljust(len(m.group())), text)
    text = parts_as_decimals(text)  # "four and a half": 4.5, before "four" reads as 4
    if _may_say_a_number_in_words(text):
        text = _NUMBER_IN_WORDS.sub(_as_number, text)
    if _may_hold_an_ordinal_word(text):
        text = (_ORDINAL_WORD_LOWERED if lowered else _ORDINAL_WORD).sub(_as_ordinal, text)
    if _may_say_a_time(text):
        text = clock_words_as_times(text)
    text = as_english(text)
    if "," in text and _DIGITS_COMMA.search(text):
        text = csv_cells_apart(text)
    return without_markers(text)


# A comma between two digits, and a CSV row's comma between cells: none with a space beside it
# and a non-digit on one side ("Tokyo,37.4", "1,Arsenal"), as ``segment.is_row`` reads one.
_DIGITS_COMMA = regex(r"(?<=\d),(?=\d)")
_CSV_CELL = regex(r"[^\s\d],\S|\S,[^\s\d]")
# A run of digits joined by commas and points, and one that reads as one number: "1,500",
# "1,234,567.5", "37.4".
_RUN = regex(r"\d+(?:[.,]\d+)+")
_ONE_NUMBER = regex(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")


def csv_cells_apart(text: str) -> str:
    """In each line of ``text`` that is a CSV row, the commas of a run of digits that reads as
    no one number written as the spaces between cells, keeping every offset: "Tokyo,37.4,2194"
    states 37.4 and 2194 (not "37.4,2194"), "1,Arsenal,38,89" states 38 and 89 (not 38.89),
    while "Widget,1,500" still states 1,500."""
    lines = text.split("\n")
    for n, line in enumerate(lines):
        if not (_DIGITS_COMMA.search(line) and _CSV_CELL.search(line)):
            continue
        lines[n] = _RUN.sub(
            lambda m: m[0] if _ONE_NUMBER.fullmatch(m[0]) else m[0].replace(",", " "), line
        )
    return "\n".join(lines)


# Markers that number a list item or cite a source, not values the text states: "2. Shipping
# costs $15" states no 2, nor does "Refunds take 30 days [2]." or "...【1†source】"; nor an
# attribution ("(Source: Refund Policy.pdf)", "(doc_id: returns_v2)", "(handbook, p. 12)"), a
# source's id in brackets ("[KB-1042]"), a footnote's line or a web address ("[the
# policy](https://...)"): where the answer comes from, not what it states. One pattern each,
# each tried only where its first character is, so that a text with none costs a few
# substring tests.
_ITEM_NUMBER = regex(
    rf"(?m)^[^\S\n]*(?:\d{{1,3}}|{ROMAN})[.)](?=[^\S\n])"
    # and a heading's or a bold label's: "### 2. Returns", "**2.** Returns"
    rf"|(?m:^)[^\S\n]*(?:#{{1,6}}[^\S\n]+|[*_]{{2}})(?:\d{{1,3}}|{ROMAN})[.)](?:[*_]{{2}})?"
    r"(?=[^\S\n]|$)"
    # and in a line, in brackets: "(i) the kettle ships ...; (ii) returns are ..."
    rf"|\({ROMAN_LOWER}\)(?=[^\S\n])"
    # and a step numbered at a line's start: "Step 2: Return it for a refund."
    r"|(?m:^)[^\S\n]*(?i:step)[^\S\n]+\d{1,2}(?=[^\S\n]*[:.)\u2013\u2014])"
)
_NUMBERS = r"\d{1,3}(?:[^\S\n]*[,;\u2013-][^\S\n]*\d{1,3})*"
_CITATION = regex(
    r"\[\^?\d{1,3}(?:[^\S\n]*[,;\u2013-][^\S\n]*\^?\d{1,3})*\]"
    # and a source by its number: "[source: 2]", "[Doc #3]", "[Source: Passage 2]", "†2"
    r"|\[(?i:sources?|refs?|references?|docs?|documents?|passages?|contexts?|chunks?)"
    r"[^\S\n]*[:#]?[^\S\n]*(?:(?i:passages?|docs?|documents?|contexts?|chunks?)[^\S\n]*#?)?"
    rf"[^\S\n]*{_NUMBERS}\]"
    r"|[\u2020\u2021]\d{1,3}\b"
    # and a source's id or file in square brackets: "[KB-1042]", "[returns_v2.pdf]"
    r"|\[[A-Za-z][\w.:/#-]{0,60}?\d[\w.:/#-]{0,60}\]"
)
_BRACKETED_SOURCE = regex(r"\u3010[^\u3011\n]{0,40}\u3011")
_ATTRIBUTION = regex(
    r"\((?i:sources?|references?|citations?|ref|see|via|doc(?:ument)?(?:[ _]?id)?|file|page"
    r"|chunk(?:[ _]?id)?|id)[^\S\n]*[:=][^)\n]{0,160}\)"
)
# A source by its number at the end of a sentence: "... within 30 days (2)."
_NUMBERED_SOURCE = regex(rf"(?<=[^\W_])[^\S\n]*\({_NUMBERS}\)(?=[^\S\n]*(?:[.!?;]|$))")
# A page cited: "(p. 12)", "(handbook, pp. 12-14)", "(page 3)".
_PAGE = regex(
    r"\((?:[^()\n]{0,80},[^\S\n]*)?(?i:pp?\.|pages?)[^\S\n]*\d{1,4}"
    r"(?:[^\S\n]*[-\u2013][^\S\n]*\d{1,4})?\)"
)
_OPEN_DIGIT = regex(r"\(\d")
# A web address in brackets, a link's ("[the policy](https://...)") or a source's: its digits
# say where a page is, never a figure of the answer's.
_LINK_ADDRESS = regex(r"[(<](?i:https?://|www\.)[^)>\s]{0,500}[)>]")
# A footnote's or a reference's own line: "[^1]: returns_policy_2023.pdf", "[2]: https://...".
_NOTE_LINE = regex(r"(?m)^[^\S\n]*\[\^?\d{1,3}\]:[^\n]*$")
# The answer naming a passage it was given by the number a RAG prompt gives it: "According to
# Passage 2, ...", "(see Document 3)", "as Source #1 says". A passage never calls itself that,
# so its number would be a figure no passage states.
_PASSAGE_REFERENCE = regex(
    r"\b(?i:passages?|contexts?|snippets?|excerpts?|chunks?|docs?|documents?|sources?|pages?)"
    r"[^\S\n]*(?:#|n(?:o|um(?:ber)?)\.?)?[^\S\n]*\d{1,3}\b(?![.,]\d)"
    r"(?![^\S\n]*(?:%|(?i:percent|per\s+cent)))"  # "sources 60% of its power" cites nothing
    # More of them: "Passages 1-3", "Sources 2, 4 and 5 state" (not "Passage 2 and 30 days").
    r"(?:[^\S\n]*(?:,|&|-|\u2013|and)[^\S\n]*#?\d{1,3}\b(?![.,]\d)"
    r"(?![^\S\n]+(?!(?i:and|or|state|say|agree|show|mention|note|both|all|together))[^\W\d_]))*"
)
# A line that lists where the answer comes from ("Sources: Passage 1, Passage 3", "References:
# [1], [2]"): its attribution, one line, with no sentence of its own after the colon.
_SOURCES_LINE = regex(
    r"(?im)^[^\S\n]*[*_]{0,2}(?:sources?|references?|citations?)[*_]{0,2}[^\S\n]*:[*_]{0,2}"
    r"(?:(?![.!?][^\S\n]+[A-Z])[^\n])*$"
)

# The answer citing the document it was given by the document's title: "According to the
# Employee Handbook, ...", "Per the Quick Start Guide:", "The Halo FAQ says ...". An app hands
# its model a document's title beside its text, so the passages seldom hold it; read as an
# attribution, like "(Source: Employee Handbook)". Only titles of a kind of document a team
# writes for its own readers (a handbook, a guide, a FAQ): a law, a treaty, an agreement or a
# report, whose name a lie can change, stays a claim ("Under the Kyoto Protocol, ...").
_DOCUMENT_KIND = (
    r"(?:handbook|guide|guidelines|manual|faqs?|documentation|docs|readme|user[^\S\n]+guide"
    r"|data[^\S\n]*sheet|spec[^\S\n]+sheet|brochure|catalogu?e|knowledge[^\S\n]+base|wiki"
    r"|help[^\S\n]+(?:center|centre|page|article)|release[^\S\n]+notes|change[^\S\n]*log"
    r"|policy|playbook|runbook|onboarding[^\S\n]+(?:pack|checklist)"
    r"|code[^\S\n]+of[^\S\n]+conduct)"
)
# A title's words, none with a digit: "the 2023 Benefits Guide" and "the v2 docs" say which
# version, which a lie can change, so they stay read.
_TITLE_WORDS = r"(?:(?:[^\W\d]|[&'\u2019.-])+[^\S\n]+){0,5}?"
_OPEN = r"(?<![^\s*_>(\[\"'\u201c])"  # the frame opens the text, a line or a bracket
_SAYS = r"(?:say|state|note|explain|list|specif(?:y|ie)|mention|recommend|advise|describe)s?\b"
_DOCUMENT_FRAME = regex(
    rf"(?i:{_OPEN}(?:(?:according[^\S\n]+to|per|as[^\S\n]+(?:stated|described|noted|explained"
    r"|outlined|set[^\S\n]+out)[^\S\n]+in|based[^\S\n]+on)[^\S\n]+(?:the|our|your|this)[^\S\n]+"
    rf"{_TITLE_WORDS}{_DOCUMENT_KIND}(?=[^\S\n]*[,:])"
    # a label: "Charging tips from the FAQ:", "In the Employee Handbook:"
    rf"|(?:from|in)[^\S\n]+(?:the|our|your|this)[^\S\n]+{_TITLE_WORDS}{_DOCUMENT_KIND}"
    r"(?=[^\S\n]*:)"
    # the document as the subject that says it: "The Halo FAQ says ..."
    rf"|the[^\S\n]+{_TITLE_WORDS}{_DOCUMENT_KIND}(?=[^\S\n]+{_SAYS})))"
)

_ITEM_NUMBER_HINT = regex(r"\s*(?:\d{1,3}|[ivxIVX]{1,4})[.)]\s")


# Digits that are not decimal: superscripts and subscripts ("5%\u00b9", "m\u00b2", "H\u2082O"),
# circled and other numbered signs. In prose they mark footnotes, powers and list items, never
# a figure the answer states, and int() refuses them.
_SIGN_DIGITS = "".join(chr(c) for c in range(0x2800) if chr(c).isdigit() and not chr(c).isdecimal())
_SIGN_DIGIT = regex(
    f"[{re.escape(_SIGN_DIGITS)}"
    "\U00010a40-\U00010a43\U00010e60-\U00010e68\U00011052-\U0001105a\U0001f100-\U0001f10c]+"
)


def _blanked(m: re.Match[str]) -> str:
    return " " * len(m[0])


def without_markers(text: str) -> str:
    """``text`` with its list numbers, citations, attributions and references to passages by
    number blanked out, every offset kept."""
    plain = text.isascii()  # no sign digits, daggers or lenticular brackets to look for
    if not plain:
        text = _SIGN_DIGIT.sub(_blanked, text)
    if (
        "\n" in text
        or _ITEM_NUMBER_HINT.match(text)
        or text.startswith(("#", "**", "__"))
        or "(i" in text
        or "(v" in text
        or "tep " in text
    ):
        text = _ITEM_NUMBER.sub(_blanked, text)
    if "[" in text or (not plain and ("\u2020" in text or "\u2021" in text)):
        if "]:" in text:
            text = _NOTE_LINE.sub(_blanked, text)
        text = _CITATION.sub(_blanked, text)
    if not plain and "\u3010" in text:
        text = _BRACKETED_SOURCE.sub(_blanked, text)
    if "(" in text:
        if "(http" in text or "(www." in text:
            text = _LINK_ADDRESS.sub(_blanked, text)
        if ":" in text or "=" in text:
            text = _ATTRIBUTION.sub(_blanked, text)
        if _OPEN_DIGIT.search(text):
            text = _NUMBERED_SOURCE.sub(_blanked, text)
        if "p." in text or "age" in text or "P." in text:
            text = _PAGE.sub(_blanked, text)
    elif "<" in text and ("<http" in text or "<www." in text):
        text = _LINK_ADDRESS.sub(_blanked, text)
    if _may_name_a_passage(text):
        text = _PASSAGE_REFERENCE.sub(_blanked, text)
    if ":" in text and ("ource" in text or "eferen" in text or "itation" in text):
        text = _SOURCES_LINE.sub(_blanked, text)
    return without_cited_documents(text)


def without_cited_documents(text: str) -> str:
    """``text`` with a frame that cites a document by its title blanked, every offset kept:
    "According to the Employee Handbook,", "The Halo FAQ says". Only a title written with a
    capital: "according to the travel policy" names nothing, and its words may be what a
    quote shares with the sentence. Read before the text is lowered."""
    # A text with no capital (a lowered one, most often) names no title to blank.
    if not text.islower() and _may_cite_a_document(text):
        return _DOCUMENT_FRAME.sub(_blanked_if_titled, text)
    return text


def _blanked_if_titled(m: re.Match[str]) -> str:
    title = m[0].split(None, 1)[1] if m[0][:1] in "Tt" else m[0]
    return " " * len(m[0]) if any(c.isupper() for c in title[1:]) else m[0]


# A substring of each kind _DOCUMENT_FRAME reads, tested before the pattern: most texts cite none.
_DOCUMENT_HINTS = (
    "guide", "book", "manual", "faq", "doc", "readme", "sheet", "brochure", "catalog", "base",
    "wiki", "help", "notes", "log", "policy", "pack", "checklist", "conduct",
)  # fmt: skip


def _may_cite_a_document(text: str) -> bool:
    lowered = text.lower()
    return any(hint in lowered for hint in _DOCUMENT_HINTS)


def _may_name_a_passage(text: str) -> bool:
    # What each word _PASSAGE_REFERENCE reads holds, as substring tests: most texts have none.
    return (
        "assage" in text
        or "ontext" in text
        or "ource" in text
        or "doc" in text
        or "Doc" in text
        or "nippet" in text
        or "xcerpt" in text
        or "hunk" in text
        or "page" in text
        or "Page" in text
    )


def only_markers(text: str) -> bool:
    """Whether ``text`` is nothing but markers: list numbers, citations, attributions, a line of
    sources ("Sources: Passage 1, Passage 2"), with no word of its own left."""
    return not any(c.isalnum() for c in without_markers(normalised(text)))


def _may_say_a_time(text: str) -> bool:
    # The words every time said in words holds (any case but all capitals), a tenth of the
    # regex's time on the texts that have none.
    return (
        "noon" in text
        or "Noon" in text
        or "idnight" in text
        or "idday" in text
        or "alf " in text
        or "uarter" in text
    )


def _may_hold_an_ordinal_word(text: str) -> bool:
    # Spelled out: a tenth of the regex's time, and faster than any() over the hints.
    return (
        "econd" in text
        or "hird" in text
        or "ourth" in text
        or "ifth" in text
        or "ixth" in text
        or "enth" in text
        or "ighth" in text
        or "inth" in text
        or "elfth" in text
        or "ieth" in text
    )


ORDINAL_WORDS: Mapping[str, str] = MappingProxyType(
    {
        word: f"{n}{'nd' if n == 2 else 'rd' if n == 3 else 'th'}"
        for n, word in enumerate(
            (
                *("-", "-", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"),
                *("ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth"),
                *("fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth"),
                "twentieth",
            )
        )
        if word != "-"
    }
)
"""Ordinal words and their ordinals, read as such ("finished second" = "finished 2nd", against
"3rd" another value). Not "first": far more often "at first", "first of all" than a rank."""

# Hyphenated only before a superlative ("second-largest"), a part of a year ("second-quarter
# results", "the second-half outlook") or a storey ("a third-floor flat"): "second-hand",
# "third-party" are not ranks, and "second-placed" is read as no figure ("2-1" is not "2nd").
_ORDINAL_WORD_LOWERED = regex(
    rf"\b(?:{'|'.join(ORDINAL_WORDS)})\b"
    r"(?!-(?!(?:most|least|[a-z]+est|quarter|half|floor|storey|story)\b))"
)
_ORDINAL_WORD = regex(_ORDINAL_WORD_LOWERED.pattern, re.IGNORECASE)
# "Second, ..." opening a sentence counts points, not things.
_SENTENCE_OPENING = regex(r"(?:^|[.!?:;]\s*|\n)\s*$")
# "second" the unit of time: "30 second", "a 30-second timeout", "one second", "per second", "a
# second later".
_SECOND_AFTER = regex(r"(?:\d|\b(?:one|per|split|each|every|fraction of a|half a))[\s-]*$")
_SECOND_BEFORE = regex(r"\s*(?:[.,;:!?)]|$|(?:later|ago|earlier|longer|or|and)\b)")


def _a_unit_of_time(text: str, start: int, end: int) -> bool:
    return bool(
        _SECOND_AFTER.search(text, max(0, start - 16), start)
        or (
            text[max(0, start - 2) : start].lower() == "a "
            and _SECOND_BEFORE.match(text, end, end + 10)
        )
    )


def _as_ordinal(m: re.Match[str]) -> str:
    word = m[0].lower()
    text, start, end = m.string, m.start(), m.end()
    if text[end : end + 1] == "," and _SENTENCE_OPENING.search(text, max(0, start - 4), start):
        return m[0]
    if word == "second" and _a_unit_of_time(text, start, end):
        return m[0]
    return ORDINAL_WORDS[word].ljust(len(word))


# Numbers said in more than one word ("twenty-five", "one hundred and fifty", "two thousand",
# "twenty-first", "a dozen", "a pair of"), written as numbers; one word alone ("twenty") is a
# term's reading already.
_UNITS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_TEENS = (
    *("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen"),
    *("eighteen", "nineteen"),
)
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
# Not "second": "a twenty-second delay" is as often twenty seconds.
_UNIT_ORDINALS = ("first", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")
_GAP = r"(?:[^\S\n]+|-)"
_BELOW_100 = (
    rf"(?:(?:{'|'.join(_TENS)})(?:{_GAP}(?:{'|'.join(_UNITS)}))?"
    rf"|{'|'.join(_TEENS)}|{'|'.join(_UNITS)})"
)
_BELOW_1000 = rf"(?:(?:a|{'|'.join(_UNITS)}){_GAP}hundred(?:(?:{_GAP}and)?{_GAP}{_BELOW_100})?)"
_NUMBER_IN_WORDS = regex(
    rf"\b(?:(?:a|{_BELOW_1000}|{_BELOW_100}){_GAP}thousand(?:(?:,?{_GAP}and|,)?{_GAP}"
    rf"(?:{_BELOW_1000}|{_BELOW_100}))?|{_BELOW_1000}"
    rf"|(?:{'|'.join(_TENS)}){_GAP}(?:{'|'.join(_UNITS)}|{'|'.join(_UNIT_ORDINALS)})"
    rf"|(?:half{_GAP}a|a|{'|'.join(_UNITS)}){_GAP}dozen|a{_GAP}pair(?={_GAP}of\b))\b",
    re.IGNORECASE,
)
# The words' values: the number words every reading shares, and "one" and "a", which that list
# leaves out as pronoun and article but which a hundred or a dozen counts.
_WORD_VALUES = (
    {word: int(value) for word, value in NUMBER_WORDS.items()}
    | dict(zip(_UNIT_ORDINALS, (1, 3, 4, 5, 6, 7, 8, 9), strict=True))
    | {"one": 1, "a": 1}
)


def _may_say_a_number_in_words(text: str) -> bool:
    # "twenty", "seventy" / "thirty" / "forty" / "fifty" / "sixty" / "eighty" / "ninety"
    return (
        "undred" in text
        or "housand" in text
        or "dozen" in text
        or "pair" in text
        or "enty" in text
        or "irty" in text
        or "orty" in text
        or "ifty" in text
        or "ixty" in text
        or "ghty" in text
        or "nety" in text
    )


def _as_number(m: re.Match[str]) -> str:
    """A number said in words as its digits, padded to the words' length ("twenty-first" as
    "21st", "half a dozen" as "6")."""
    total, part = 0, 0
    words = re.split(r"[^a-z]+", m[0].lower())
    for word in words:
        if word == "hundred":
            part *= 100
        elif word == "thousand":
            total, part = (total + (part or 1)) * 1000, 0
        elif word == "dozen":  # "a dozen", "two dozen", "half a dozen" (not "dozens")
            part = 6 if words[0] == "half" else part * 12
        elif word == "pair":  # "a pair of sea otters": two
            part = 2
        elif word not in ("and", "half"):
            part += _WORD_VALUES[word]
    said = str(total + part)
    if words[-1] in _UNIT_ORDINALS:  # "twenty-first": 21st; its last digit is never 0
        said += {"1": "st", "3": "rd"}.get(said[-1], "th")
    return said.ljust(len(m[0]))
