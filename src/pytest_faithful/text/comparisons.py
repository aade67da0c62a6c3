"""Comparisons: "Lyon is smaller than Paris", and which way round a claim tells one.

A comparison is read around its "than": the thing compared, everything the sentence says before
the comparative ("Lyon is"; "Tickets were cheaper in 2019"), the comparative ("smaller", "more",
"less likely to"), and the thing it is compared with, the clause after "than" ("Paris"; "in
2023"). Two comparisons tell one fact when each compares the things the other does, exchanged,
by opposite degrees: "Lyon is smaller than Paris" is "Paris is larger than Lyon", and
"Chlorphenamine is more sedating than cetirizine" is "Cetirizine is less likely to cause
drowsiness than chlorphenamine" (:func:`told_the_other_way`: no opposite words). The same
degree with the things exchanged says the other fact: "Lyon is larger than Paris" for "Paris is
larger than Lyon" (:func:`exchanged_comparison`: a swap).

Not comparisons: a bound on a number ("more than 500 people", "less than twice as long"),
"rather than", "other than", and a comparison the sentence negates ("not larger than"), which
says something else again.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import NamedTuple

from pytest_faithful.text.patterns import regex
from pytest_faithful.text.segment import split_sentences
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.words import WORD, is_negation

_THAN = regex(r"(?i)\bthan\b")
# What ends the thing compared with: a clause's mark or a word that opens another clause.
# A plain "and" goes on with a list: "longer than Adeyemi's 8.05 m and Lind's 7.98 m".
_CLAUSE_END = regex(
    r"[,.](?!\d)|[;:!?()\[\]]|\b(?:but|while|whereas|which|who|although|though|because|so|if)\b"
)
# A comparative's words stand at most this many words before its "than" ("less likely to cause
# drowsiness than", "weaker against the dollar at the end of 2022 than").
_REACH = 10
# The most characters a side of a comparison is read in.
_STRETCH = 300
_DEGREES = frozenset(
    "more less fewer greater better worse higher lower larger smaller bigger longer shorter "  # noqa: SIM905
    "older younger earlier later faster slower cheaper heavier lighter warmer colder hotter "
    "cooler newer stronger weaker richer poorer safer riskier easier harder wider narrower "
    "deeper taller thicker thinner louder quieter busier closer nearer further farther "
    "quicker healthier wealthier costlier pricier denser".split()
)
# The comparatives whose scale is the word after them: "more sedating", "less likely".
_GRADING = frozenset({"more", "less", "fewer"})
# Words that end as comparatives do and are none.
_NOT_DEGREES = frozenset(
    "other rather over under after never ever however whether either neither her per water "  # noqa: SIM905
    "number order member customer user paper power winter summer letter matter".split()
)
# What makes "than" bound a number or a measure, not compare two things.
_BOUND = regex(r"(?i)\s*(?:\d|(?:twice|half|double|triple|one|two|three|four|five|ten)\b)")


class Comparison(NamedTuple):
    degree: str
    """The comparative, as read: "smaller", "more"; with the word it grades after "more",
    "less", "fewer": "more sedating"."""
    at: int
    """Where the comparative starts in the text."""
    than: int
    first: frozenset[str]
    """The content terms of the thing compared (and the comparative's own words)."""
    second: frozenset[str]
    """The content terms of what it is compared with."""
    subject: frozenset[str]
    """The content terms of what the sentence says before the comparative: "Cetirizine is"."""
    said: str
    """The comparison as written, for a reason."""


@functools.lru_cache(maxsize=1024)
def comparisons(text: str) -> tuple[Comparison, ...]:
    """The comparisons of ``text``, sentence by sentence, in order."""
    found: list[Comparison] = []
    for sentence in split_sentences(text):
        begin = sentence.start
        for than in _THAN.finditer(text, sentence.start, sentence.end):
            read = _read(text, begin, than.start(), than.end(), sentence.end)
            if read is not None:
                found.append(read)
                begin = than.end()
    return tuple(found)


def _read(text: str, begin: int, than: int, after: int, end: int) -> Comparison | None:
    # Each side read within a bounded stretch of its "than": a sentence of many "than"s is read
    # in linear time.
    begin, end = max(begin, than - _STRETCH), min(end, after + _STRETCH)
    words = list(WORD.finditer(text, max(begin, than - _STRETCH // 3), than))[-_REACH:]
    # A comparative word before a noun ending as one does: "a better player than".
    degrees = [w for w in words if w[0].casefold() in _DEGREES] or [
        w for w in words if _is_degree(w[0].casefold())
    ]
    if not degrees:
        return None
    degree = degrees[-1]
    if any(is_negation(w[0].casefold()) for w in words if w.start() < degree.start()):
        return None
    if _BOUND.match(text, after, end) or words[-1][0].casefold() in {"rather", "other"}:
        return None
    stop = _CLAUSE_END.search(text, after, end)
    second = _side(text[after : end if stop is None else stop.start()])
    if not second:
        return None
    return Comparison(
        _degree(text, degree, than),
        degree.start(),
        than,
        _side(text[begin:than]),
        second,
        _side(text[begin : degree.start()]),
        text[begin : end if stop is None else stop.start()].strip(),
    )


def _degree(text: str, degree: re.Match[str], end: int) -> str:
    """The comparative with the word "more", "less" or "fewer" grades: the scale it reads."""
    word = degree[0].casefold()
    if word not in _GRADING:
        return _PRICED.get(word, word)
    graded = WORD.search(text, degree.end(), end)
    if graded is None:
        # "cost 15% less than": a price's degree, which "cheaper" says too.
        before = text[max(0, degree.start() - _PRICE_REACH) : degree.start()]
        priced = word != "fewer" and _PAYS.search(before) is not None
        return ("cheaper" if word == "less" else "costlier") if priced else word
    said = f"{word} {min(content_terms(graded[0]) or {''})}"
    return _PRICED.get(said, said)


# One degree of price, however it is said: "cheaper", "less expensive", "costs less".
_PRICED = {"less expensiv": "cheaper", "more expensiv": "costlier", "pricier": "costlier"}
_PAYS = regex(r"(?i)\b(?:costs?|costing|priced|charged?|pays?)\b[^.;:]*$")
_PRICE_REACH = 40


# "the new one": a noun's stand-in, which names nothing of the thing; "Plan A": a letter that
# does.
_STAND_IN = regex(r"(?i)\bones?\b")
# "this season's" against "last season's": a stopword that tells one time from another.
_THIS = regex(r"(?i)\bthis\b")
_LETTER = regex(r"\b[A-Z0-9]\b")


def _side(text: str) -> frozenset[str]:
    """What one side of a comparison names: its content terms, its single letters and a
    "this"."""
    letters = {m[0].casefold() for m in _LETTER.finditer(text)}
    if _THIS.search(text):
        letters.add("this")
    return content_terms(_STAND_IN.sub(" ", text)) | letters


def _is_degree(word: str) -> bool:
    return len(word) > 4 and word.endswith("er") and word not in _NOT_DEGREES


def _holding(found: Sequence[Comparison], at: int) -> Comparison | None:
    """The comparison whose comparative's words hold the word at ``at``."""
    return next((c for c in found if c.at <= at < c.than), None)


def _exchanged(claim: Comparison, shown: Comparison, *, loose: bool = False) -> bool:
    """Whether each compares what the other compares with: what only the claim's side after
    "than" names is what the evidence compares (and not what it compares with), and the other
    way round. "The older model is heavier than the new one" and "The new model is lighter than
    the older one" are; "The new one is heavier than the older model" is not. ``loose``: some
    of what each names is the other's thing compared ("at the end" for "at the end of 2022";
    "the United States' 8.1 million km²" for "the contiguous United States"), for reading a
    converse as no opposite; a swap is read strict."""
    mine, theirs = claim.second - claim.first, shown.second - shown.first
    if loose:
        # What both say after "than" ("in adults over 50") qualifies both comparisons.
        mine, theirs = mine - shown.second, theirs - claim.second
        return bool(mine & shown.first and theirs & claim.first)
    if not (mine and theirs) or mine & shown.second or theirs & claim.second:
        return False
    return mine <= shown.first and theirs <= claim.first


def told_the_other_way(claim: str, said_at: int, evidence: str, shown_at: int) -> bool:
    """Whether the claim's word at ``said_at`` and the evidence's opposite at ``shown_at`` are
    the degrees of one comparison told from either side ("smaller than Paris" and "Paris is
    larger than"): the same fact, not its opposite."""
    mine = _holding(comparisons(claim), said_at) or _placed(claim, said_at)
    theirs = _holding(comparisons(evidence), shown_at) or _placed(evidence, shown_at)
    if mine is not None and theirs is not None:
        return _exchanged(mine, theirs, loose=True) or _unnamed_first(claim, mine, theirs)
    # One side says what the other compares with in its question's words, not after a "than":
    # "Chlorphenamine is more sedating." for "Cetirizine is less likely to cause drowsiness than
    # chlorphenamine".
    if mine is None and theirs is not None and _bare(claim, said_at):
        return _names_the_other(theirs, _clause_of(claim, said_at))
    if theirs is None and mine is not None and _bare(evidence, shown_at):
        return _names_the_other(mine, _clause_of(evidence, shown_at))
    return False


# A side that names nothing but a pronoun and a measure: "He was 11 seconds" (behind ...).
_PRONOUN_SIDE = regex(r"\W*(?:[Hh]e|[Ss]he|[Tt]hey|[Ii]t|[Ww]e|[Yy]ou|I)\b[^A-Z]*")


def _unnamed_first(claim: str, mine: Comparison, theirs: Comparison) -> bool:
    """Whether a claim whose compared thing is a pronoun ("He was 11 seconds behind Ridley")
    compares it with what the evidence compares ("Ridley won, 11 seconds ahead of Tom Akers"),
    not with what the evidence compares that with."""
    sentence = next((s for s in split_sentences(claim) if s.start <= mine.at < s.end), None)
    if sentence is None or not _PRONOUN_SIDE.fullmatch(claim, sentence.start, mine.at):
        return False
    other = mine.second - mine.first
    return bool(other & theirs.first) and not other & theirs.second


# A place in an order, which works as a comparative and its "than" at once: "four minutes
# behind Pike" is "ahead of Reid" told from the other side.
_PLACED = regex(
    r"(?i)\b(?:ahead[^\S\n]+of|behind|in[^\S\n]+front[^\S\n]+of"
    # and where one place lies from another: "14 miles north of Cambridge" is Cambridge "south
    # of" it
    r"|(?:(?:north|south)(?:-?(?:east|west))?|east|west)[^\S\n]+of)\b"
)


def _placed(text: str, at: int) -> Comparison | None:
    """The order "ahead of" or "behind" at ``at`` places two things in, read as a comparison:
    what its sentence says before it, and what its clause says after it."""
    word = _PLACED.match(text, at)
    if word is None:
        return None
    sentence = next((s for s in split_sentences(text) if s.start <= at < s.end), None)
    begin, end = (sentence.start, sentence.end) if sentence is not None else (0, len(text))
    stop = _CLAUSE_END.search(text, word.end(), end)
    first = _side(text[begin:at])
    said = text[begin : end if stop is None else stop.start()].strip()
    second = _side(text[word.end() : end if stop is None else stop.start()])
    return Comparison(word[0].casefold(), at, word.end(), first, second, first, said)


# What opens the clause of a bare comparative: "Madrid will reach 35 °C, while Lisbon will stay
# cooler" compares Lisbon with Madrid; its first clause names Madrid but is no side of it.
_CLAUSE_OPENING = regex(r"(?i)[,;:\u2014\u2013]|\b(?:while|whereas|but)\b")


def _clause_of(text: str, at: int) -> str:
    """The clause of ``text`` that holds the word at ``at``, from its opening to its sentence's
    end."""
    sentence = next((s for s in split_sentences(text) if s.start <= at < s.end), None)
    start, end = (sentence.start, sentence.end) if sentence is not None else (0, len(text))
    for m in _CLAUSE_OPENING.finditer(text, start, at):
        start = m.end()
    return text[start:end]


def _bare(text: str, at: int) -> bool:
    """Whether a comparative or a superlative stands at ``at`` with no "than" after it in its
    sentence: "Chlorphenamine is more sedating.", "Aconcagua is the highest of the three"."""
    word = WORD.match(text, at)
    if word is None:
        return False
    folded = word[0].casefold()
    if folded not in _DEGREES and not (len(folded) > 5 and folded.endswith("est")):
        return False
    sentence = next((s for s in split_sentences(text) if s.start <= at < s.end), None)
    return sentence is not None and _THAN.search(text, at, sentence.end) is None


def _names_the_other(comparison: Comparison, bare: str) -> bool:
    """Whether the ``bare`` comparative's sentence is about what ``comparison`` compares with,
    and names nothing of what it compares: the one fact from the other side."""
    other = comparison.second - comparison.first
    said = _side(bare)
    # What tells the thing compared apart ("the new inhaler"), not all named by the bare side;
    # a head noun both share ("patients") may be.
    distinct = comparison.subject - comparison.second
    return bool(other) and other <= said and not (distinct and distinct <= said)


class Exchanged(NamedTuple):
    """A comparison of the claim's that its evidence makes by the same degree, the things
    compared exchanged."""

    claimed: Comparison
    shown: Comparison

    def reason(self) -> str:
        return (
            f"the claim compares {self.claimed.said!r} where the evidence compares "
            f"{self.shown.said!r}, the other way round"
        )


def exchanged_comparison(claim: str, evidence: str, passages: Sequence[str]) -> Exchanged | None:
    """A comparison of ``claim``'s that ``evidence`` makes by the same degree with the things
    exchanged, and that no passage makes the claim's way; None if none is."""
    claimed = comparisons(claim)
    if not claimed:
        return None
    for mine in claimed:
        for theirs in comparisons(evidence):
            if (
                theirs.degree == mine.degree
                and _exchanged(mine, theirs)
                and not any(_same_way(mine, p) for text in passages for p in comparisons(text))
            ):
                return Exchanged(mine, theirs)
    return None


def _same_way(claim: Comparison, other: Comparison) -> bool:
    """Whether ``other`` compares by the claim's degree what the claim compares, the claim's
    way round."""
    return (
        other.degree == claim.degree
        and claim.second <= other.second
        and bool((claim.first - content_terms(claim.degree)) & other.first)
    )


# "A is not as fast as B", "not nearly so volatile as": A less fast than B.
# "A did not generate as much electricity over the year as B": a verb between, and what is
# measured after the quality.
_NOT_AS = regex(
    r"(?i)\b(?:not|\w+n['\u2019]t)(?:\s+[^\W\d_]+)??\s+(?:quite\s+|nearly\s+|always\s+)?"
    r"(?:as|so)\s+(?P<quality>[^\W\d_]+)(?:\s+[^\W\d_][\w'-]*){0,6}?\s+as\b"
)
# The qualities "not as much/many" grades, by "less" or "fewer" whatever follows them.
_AMOUNTS = frozenset({"much", "many"})


def not_as_told_the_other_way(one: str, other: str) -> str:
    """``one`` with the "not" of each "A is not as fast as B" blanked where ``other`` says "B is
    faster than A" (or "more effective", for "not as effective as"), or "A is less fast than
    B" ("less electricity" for "not as much electricity"): the same fact, whose "not" denies
    nothing ``other`` states. Else ``one`` as it is."""
    if "as" not in one or not (found := list(_NOT_AS.finditer(one))):
        return one
    theirs = comparisons(other)
    for match in reversed(found):
        quality = match["quality"].casefold()
        graded = [c for c in theirs if _graded_as(c, quality) or _graded_less(c, quality)]
        if not graded:
            continue  # nothing of the other's grades this quality: no side to read
        # Each side read within a bounded stretch (linear time, however many there are).
        reach = min(len(one), match.end() + _STRETCH)
        stop = _CLAUSE_END.search(one, match.end(), reach)
        end = reach if stop is None else stop.start()
        opening = max(0, match.start() - _STRETCH)
        sentence_start = max(one.rfind(".", opening, match.start()) + 1, opening)
        mine = Comparison(
            f"less {quality}",
            match.start(),
            match.end(),
            _side(one[sentence_start : match.start()]) | content_terms(quality),
            _side(one[match.end() : end]),
            _side(one[sentence_start : match.start()]),
            one[sentence_start:end].strip(),
        )
        if any(
            (_graded_as(c, quality) and _exchanged(mine, c, loose=True))
            or (_graded_less(c, quality) and _same_order(mine, c))
            for c in graded
        ):
            negation = match[0].split()[0]
            one = one[: match.start()] + " " * len(negation) + one[match.start() + len(negation) :]
    return one


def _graded_as(comparison: Comparison, quality: str) -> bool:
    """Whether ``comparison`` grades ``quality`` upwards: "faster", "more effective"."""
    degree = comparison.degree
    return degree in {quality + "er", quality + "r", quality[:-1] + "ier"} or (
        degree.startswith("more ") and degree[5:] in content_terms(quality)
    )


def _graded_less(comparison: Comparison, quality: str) -> bool:
    """Whether ``comparison`` grades ``quality`` downwards: "less likely" for "not as likely";
    "less" or "fewer" anything for "not as much", "not as many"."""
    word, _, graded = comparison.degree.partition(" ")
    if word not in {"less", "fewer"}:
        return False
    return quality in _AMOUNTS or graded in content_terms(quality)


def _same_order(claim: Comparison, shown: Comparison) -> bool:
    """Whether both compare the same things the same way round: what each compares with is
    named on the other's side after its "than", not on its side before."""
    mine, theirs = claim.second - claim.first, shown.second - shown.first
    return bool(mine & shown.second and theirs & claim.second) and not (
        mine & shown.first or theirs & claim.first
    )
