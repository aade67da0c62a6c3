"""Comparisons a claim's own figures contradict: "£688, which is £11 more than the model at
£699"; "the 5-year fix has the higher rate: 4.09%, versus 4.29% on the 2-year fix".

A lie that turns a comparison round ("more" for "less", "dearer" for "cheaper") keeps every
figure of the answer, each one a passage states; a judge reading for gist passes it, and the
evidence's figures may not name the two things the way the claim does. The claim's own figures
say it is wrong. :func:`ordered_against_itself` reads four forms, each in one sentence, with
both figures of one kind (one currency, pence, a percent, one unit, a duration, a 24-hour time)
and, where either is a rate, of one rate ("£96 per head", "£209 a week"):

* the figure, then its comparison: "A, (which is) (N) more than (the thing at) B", "A is N
  below the average of B"; A is the figure right before the joint (a working in brackets after
  it is passed over), B the first figure of A's kind after "than";
* the comparison, then its figures: "X is cheaper: A, versus / compared with / against / rather
  than / instead of B". A is the first figure after the comparative and is X's: one the
  sentence ties to another thing ("£629 for the Pro") is not read;
* the comparison, then its figures in brackets: "X costs £4 less than Y (A vs B)";
* the figures, then the comparison: "X is A and Y is B, so X is N cheaper". A is the figure of
  the clause that alone names what the comparison is said of.

Not read: a comparative read by the measure (faster, older), one negated ("is not cheaper"),
"more" or "less" grading another word ("more frequent": every 12 minutes against 20), a hedged
or ranged figure, a sentence with a second comparative before its figures ("less common at the
higher dose: 3% versus 5%" compares rates, not doses). Times are read only by "earlier" and
"later", and not near midnight.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from decimal import Decimal
from typing import Final, NamedTuple

from pytest_faithful.text.patterns import regex
from pytest_faithful.text.segment import split_sentences
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.words import FIGURE_HEDGES, NUMBER_WORDS

_UP: Final = frozenset(
    "more higher greater larger bigger longer heavier dearer pricier costlier taller wider "  # noqa: SIM905
    "deeper warmer hotter above later highest largest biggest longest heaviest dearest".split()
)
_DOWN: Final = frozenset(
    "less lower fewer smaller shorter lighter cheaper narrower shallower cooler colder "  # noqa: SIM905
    "below earlier lowest smallest shortest lightest cheapest fewest".split()
)
_DEGREE: Final = regex(
    r"(?i)\b(?P<degree>(?:more|less)\s+expensive|" + "|".join(sorted(_UP | _DOWN)) + r")\b"
)
_NEGATED: Final = regex(r"(?i)(?:\b(?:not|no|never|nor)|n't)\s+(?:[^\W\d_]+\s+)?\Z")
# A figure: a 24-hour time "22:00"; a duration "2h 11m"; a currency, the number, and what it
# counts (a percent, pence, a unit word).
_FIGURE: Final = regex(
    r"(?P<time>(?<![\d.:])(?:[01]?\d|2[0-3]):[0-5]\d(?![\d:]))"
    r"|(?P<hours>\d+)\s?h(?:ours?|rs?)?\s?(?P<minutes>\d+)\s?m(?:in(?:utes?|s)?)?\b"
    r"|(?P<cur>(?:\b(?-i:[A-Z]{1,3}))?[£$€¥\u20b9]\s?|\b(?-i:[A-Z]{3})\s)?"
    r"(?<![\w.,/-])(?P<num>\d{1,3}(?:,\d{3})+|\d+)(?P<dec>\.\d+)?(?![\d,.]\d)"
    r"(?P<after>\s?%|p\b|\s?[^\W\d_]+(?:/[^\W\d_]+)?)?",
    re.IGNORECASE,
)
# Words after a figure that are not what it counts.
_NOT_UNITS: Final = frozenset(
    "a an the and or for per of on in at to by from with each which that is was are were "  # noqa: SIM905
    "than more less fewer higher lower over under off up down".split()
)
_DURATION_UNITS: Final = {"minute": 1, "min": 1, "mins": 1, "hour": 60, "hr": 60, "hrs": 60}
# A hedge, or a bound: "up to £25,000" is no figure to order by.
_HEDGE: Final = regex(rf"(?i)\b(?:{'|'.join(FIGURE_HEDGES)}|up\s+to|at\s+least|at\s+most)\s*\Z")
_RANGE_AFTER: Final = regex(r"\s?(?:[-\u2013]|to\b)\s?[£$€]?\d")
# What joins a figure to the comparison after it: "£688, which is", "(£4.80) is", "£4,600 -".
_JOINT: Final = regex(
    r"(?i)(?:[,(\u2014\u2013]|\s-)?\s*(?:(?:which|that)\s+(?:is|was|are|were)\s+|that's\s+|"
    r"i\.e\.,?\s+|(?:is|was|are|were|costs?|comes\s+to|works\s+out\s+at)\s+)?\Z"
)
# The difference before a comparative, with its unit, or an adverb of degree: "£11 more",
# "five fewer", "a point below", "slightly lower".
_DIFFERENCE: Final = regex(
    r"(?i)(?:(?<![\w.,])(?:[£$€]\s?)?\d[\d,]*(?:\.\d+)?\s?(?:%|p\b)?|\b(?:a|an|half|"
    + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
    + r")\b)\s*"
    r"(?:(?!(?:which|that|is|was|are|were)\b)[^\W\d_]+\s+){0,2}\Z"
    r"|\b(?:much|far|slightly|a\s+bit|a\s+little|well|even|still|considerably)\s+\Z"
)
# A figure's unit and a few words up to the joint: no clause mark.
_TAIL: Final = regex(r"[^,;:.()\[\]\n\u2014\u2013]{0,40}\Z")
_THAN: Final = regex(r"(?i)\s+than\s+(?:the\s+|a\s+|an\s+)?")
# What may stand between "than" and its figure: the thing's name (with figures of another kind:
# "the 8 GB / 256 GB model"), a possessive, "at", "of", a bracket.
_THING: Final = regex(r"(?i)\s*(?:[(/]\s*|[\w.\-]+(?:['\u2019]s?)?(?:\s+|(?=[(/])|\Z)){0,8}\Z")
_VERSUS: Final = regex(
    r"(?i)\b(?:versus|vs\.?|v\.|against|compared\s+(?:with|to)|instead\s+of|rather\s+than)\s+"
)
_BREAK: Final = regex(r"(?i)[;:.,]\s|\b(?:and|but|while|so|which)\b")
_RATE: Final = regex(
    r"(?i)\s*(?:(?:per|a|an|each|every)\s+(?P<per>[^\W\d_]+)|(?P<each>each)\b|/(?P<slash>\w+))"
)
_PERIODS: Final = frozenset(
    "second sec minute min hour hr day night week fortnight month year annum kwh".split()  # noqa: SIM905
)
# What opens a comparison that follows its figures, and what it is said of: "so the X7 is
# 70p", "meaning Saver costs".
_SO: Final = regex(
    r"(?i)(?:,\s*|\s)(?:so|meaning|which\s+means|making)\s+(?:that\s+)?(?!.*\b(?:so|meaning)\b)"
)
# A duration that opens what a comparison is said of: the gap, not a thing ("so 6 hours and 26
# minutes later"); "the 5pm rate" is a thing.
_GAP: Final = regex(
    r"(?i)\d[\d.,]*\s*(?:h|hrs?|hours?|mins?|minutes?|secs?|seconds?|days?|weeks?|months?|years?)\b"
)
_SAID_OF: Final = regex(
    r"(?i)(?:the\s+)?(?P<subject>(?:(?!(?:is|are|was|were|costs?|pays?|works?|comes?|has|have|"
    r"runs?|takes?|weighs?|lasts?|charges?|gives?|offers?)\b)[^\W_]+['\u2019]?s?\s+){1,4}?)"
    r"(?:(?:is|are|was|were|costs?|pays?|works?\s+out|comes?\s+in|has|have|runs?|takes?|"
    r"weighs?|lasts?|charges?|gives?|offers?)\s+)?"
    r"(?:(?:[£$€]\s?)?\d[\d,]*(?:\.\d+)?\s?(?:%|p\b)?\s*(?:[^\W\d_]+\s+){0,2}?"
    r"|(?:much|far|slightly|a\s+bit|a\s+little|even|still)\s+)?\Z"
)
# What parts the clauses of two figures: "£45 a month and Fibre 150 is £26".
_CLAUSES: Final = regex(
    r"(?i)[,;]|\s(?:and|while|whereas|but|against|versus|vs\.?|compared\s+(?:with|to))\s"
)
_NEXT_WORD: Final = regex(r"\s+([^\W\d_]+)")
_FUNCTION_WORDS: Final = frozenset(
    "than per a an in on at for each every with to from overall and or but so because if when "  # noqa: SIM905
    "while this that it its they their you your money time".split()
)
_FOR_OTHER: Final = regex(r"(?i)\s*(?:for|on|with|in)\s+(?:the\s+|a\s+|an\s+)?(?P<name>[^\W\d_]+)")
_REACH: Final = 80


class Figure(NamedTuple):
    kind: str
    value: Decimal
    start: int
    end: int
    text: str
    hedged: bool
    """"About £20": read as a figure that stands between others, never as one compared."""
    rate: str
    """What a rate is per: a period ("a week": "week"), else "item" ("per image", "each");
    "" for no rate."""


class SelfOrdered(NamedTuple):
    said: str
    first: str
    second: str

    def reason(self) -> str:
        return (
            f"the claim says {self.said!r}, and its own figures order the two the other way "
            f"({self.first} against {self.second})"
        )


def ordered_against_itself(claim: str) -> SelfOrdered | None:
    """The first comparison of ``claim`` its own figures order the other way (module
    docstring), or None."""
    if not any(c.isdigit() for c in claim) or _DEGREE.search(claim) is None:
        return None
    for sentence in split_sentences(claim):
        text = sentence.text
        degrees = list(_DEGREE.finditer(text))
        if not degrees or sum(c.isdigit() for c in text) < 2:
            continue
        figures = _Figures(_figures(text))
        for i, m in enumerate(degrees):
            found = (
                _figure_then_comparison(text, m, figures)
                or _comparison_then_figures(
                    text, m, degrees[i - 1] if i else None, degrees[i + 1 : i + 2], figures
                )
                or _comparison_then_bracket(text, m, figures)
                or _figures_then_comparison(text, m, figures)
            )
            if found is None:
                continue
            a, b = found
            if _grades_another_word(text, m):
                continue  # "every 12 minutes ..., so the Saturday service is more frequent"
            if a.hedged or b.hedged or (b.rate and a.rate != b.rate):
                continue  # "£30, £10 less than paying £8 per image": a total against a rate
            degree = m["degree"].lower()
            if a.kind == "time" and degree not in {"earlier", "later"}:
                continue
            up = degree.split()[0] in _UP or degree == "more expensive"
            if a.value != b.value and (a.value > b.value) != up:
                said = text[min(a.start, m.start()) : max(b.end, m.end())]
                return SelfOrdered(said.strip(), a.text, b.text)
    return None


class _Figures:
    """A sentence's figures in order, looked up by place."""

    def __init__(self, figures: list[Figure]) -> None:
        self.all = figures
        self._starts = [f.start for f in figures]
        self._ends = [f.end for f in figures]

    def ending_by(self, at: int) -> list[Figure]:
        return self.all[: bisect_left(self._ends, at + 1)]

    def starting(self, start: int, end: int) -> list[Figure]:
        return self.all[bisect_left(self._starts, start) : bisect_left(self._starts, end)]

    def any_starting(self, start: int, end: int) -> bool:
        return bisect_left(self._starts, start) < bisect_left(self._starts, end)


def _figure_then_comparison(
    text: str, m: re.Match[str], figures: _Figures
) -> tuple[Figure, Figure] | None:
    plain = m["degree"].lower() in {"above", "below"}
    than = None if plain else _THAN.match(text, m.end())
    if (than is None and not plain) or _negated(text, m):
        return None
    difference = _DIFFERENCE.search(text, max(0, m.start() - 40), m.start())
    at = difference.start() if difference else m.start()
    joint = _JOINT.search(text, max(0, at - 40), at)
    if joint is None or (plain and joint.start() == joint.end()):
        return None  # "£3.20 for each of the 70 hectares above 50 ha": no comparison of £3.20
    a = _before(text, figures, joint.start())
    if a is None:
        return None
    if difference is not None and any(
        not _differs_by(a.kind, f.kind) for f in figures.starting(difference.start(), m.start())
    ):
        return None  # a difference of another kind: "70 hectares above"
    rest = than.end() if than is not None else m.end()
    b = next((f for f in figures.starting(rest, rest + _REACH) if f.kind == a.kind), None)
    if b is None or not _THING.match(text, rest, b.start):
        return None
    return a, b


def _before(text: str, figures: _Figures, at: int) -> Figure | None:
    """The figure a comparison joined at ``at`` starts from: the last before it, after at
    most its unit's words ("26,500 GBP a year, which is"), or one in brackets right before
    ("(£4.80) is"); a working in brackets after it is passed over ("£6.50 (£1.50 unlock +
    £5.00 a minute), which is")."""
    before = figures.ending_by(at)
    if not before:
        return None
    if text[max(0, at - _REACH) : at].rstrip().endswith(")"):
        close = text.rindex(")", max(0, at - _REACH), at)
        open_ = text.rfind("(", max(0, close - 2 * _REACH), close)
        inside = [f for f in before[-3:] if f.start > open_]
        if (
            open_ >= 0
            and len(inside) == 1
            and not text[open_ + 1 : close].replace(inside[0].text, "", 1).strip()
        ):
            return inside[0]
        if open_ < 0:
            return None
        before = figures.ending_by(open_)
        at = open_
    if not before:
        return None
    last = before[-1]
    return last if _TAIL.match(text, last.end, at) else None


def _comparison_then_figures(
    text: str,
    m: re.Match[str],
    previous: re.Match[str] | None,
    following: list[re.Match[str]],
    figures: _Figures,
) -> tuple[Figure, Figure] | None:
    if _THAN.match(text, m.end()) or _negated(text, m):
        return None
    if previous is not None and not figures.any_starting(previous.end(), m.start()):
        return None  # "less common at the higher dose": which degree do the figures read?
    after = figures.starting(m.end(), m.end() + _REACH)
    if not after:
        return None
    a = after[0]
    if following and following[0].start() < a.start:
        return None
    versus = _VERSUS.search(text, a.end, a.end + _REACH)
    if versus is None or any(
        f.start < versus.start() and not _bracketed(text, f.start, versus.start())
        for f in after[1:]
        if f.kind == a.kind
    ):
        return None
    b = next((f for f in after if f.start >= versus.end() and f.kind == a.kind), None)
    if b is None or _BREAK.search(text, versus.end(), b.start):
        return None
    owner = _FOR_OTHER.match(text, a.end)
    if owner is not None and not content_terms(owner["name"]) & content_terms(
        text[max(0, m.start() - _REACH) : m.start()]
    ):
        return None  # "cheaper: £629 for the Pro versus £429": A is another thing's
    return a, b


def _comparison_then_bracket(
    text: str, m: re.Match[str], figures: _Figures
) -> tuple[Figure, Figure] | None:
    """ "X costs £4.00 less than Y (£18.50 vs £14.50)": the bracket's first figure is X's."""
    than = _THAN.match(text, m.end())
    if than is None or _negated(text, m):
        return None
    opened = text.find("(", than.end(), than.end() + _REACH)
    closed = text.find(")", opened, opened + _REACH)
    if opened < 0 or closed < 0 or not _THING.match(text, than.end(), opened):
        return None
    if figures.any_starting(than.end(), opened):
        return None
    inside = figures.starting(opened, closed)
    versus = _VERSUS.search(text, opened, closed)
    if len(inside) != 2 or versus is None or not inside[0].end <= versus.start() < inside[1].start:
        return None
    a, b = inside
    return (a, b) if a.kind == b.kind else None


def _figures_then_comparison(
    text: str, m: re.Match[str], figures: _Figures
) -> tuple[Figure, Figure] | None:
    """ "Fibre 900 is £45 and Fibre 150 is £26, so Fibre 900 costs £19 more": the figure of the
    clause that alone names what the comparison is said of, against the other clause's."""
    so = _SO.search(text, max(0, m.start() - _REACH), m.start())
    if so is None or _negated(text, m):
        return None
    said_of = _SAID_OF.match(text, so.end(), m.start())
    if said_of is None:
        return None
    opening = max(0, so.start() - 3 * _REACH)
    before = [f for f in figures.starting(opening, so.start()) if not f.hedged]
    pairs = [
        same
        for kind in {f.kind for f in before}
        if len(same := [f for f in before if f.kind == kind]) == 2
    ]
    if len(pairs) != 1:
        return None
    first, second = pairs[0]
    joint = _CLAUSES.search(text, first.end, second.start)
    if joint is None:
        return None
    if _GAP.match(said_of["subject"]):
        return None  # "so 6 hours and 26 minutes later": the gap itself, no thing it is said of
    subject = content_terms(said_of["subject"])
    one = content_terms(text[opening : joint.start()])
    other = content_terms(text[joint.start() : so.start()])
    mine, theirs = (subject & one) - other, (subject & other) - one
    if bool(mine) == bool(theirs):
        return None
    return (first, second) if mine else (second, first)


def _negated(text: str, m: re.Match[str]) -> bool:
    return _NEGATED.search(text, max(0, m.start() - 20), m.start()) is not None


def _differs_by(kind: str, difference: str) -> bool:
    """Whether a difference of ``difference``'s kind measures figures of ``kind``: the same
    kind, pence of pounds, points of a percent."""
    return (
        difference == kind
        or (difference == "pence" and kind == "money:£")
        or (kind == "percent" and difference in {"unit:point", "unit:pt", "unit:pts"})
    )


def _grades_another_word(text: str, m: re.Match[str]) -> bool:
    """Whether "more", "less" or "fewer" grades the word after it, whose scale need not be the
    figures' ("more frequent", "less likely"), rather than counting the figures' own measure
    ("£19 more per month", "more than", "less in total")."""
    if m["degree"].lower() not in {"more", "less", "fewer"}:
        return False
    word = _NEXT_WORD.match(text, m.end())
    return word is not None and word[1].lower() not in _FUNCTION_WORDS


def _rate(per: str) -> str:
    period = per.rstrip("s") if len(per) > 3 else per
    return period if period in _PERIODS else "item"


def _bracketed(text: str, at: int, end: int) -> bool:
    """Whether ``at`` is inside brackets that close before ``end``: a working, "£6.00 (from
    £98.00 to £104.00), compared with"."""
    opened = text.rfind("(", max(0, at - _REACH), at)
    return opened >= 0 and text.rfind(")", opened, at) < 0 and 0 <= text.find(")", at, end) < end


def _figures(text: str) -> list[Figure]:
    found: list[Figure] = []
    for f in _FIGURE.finditer(text):
        if _RANGE_AFTER.match(text, f.end()) or text[max(0, f.start() - 1) : f.start()] in {
            "-",
            "\u2013",
        }:
            continue
        read = _read(f)
        if read is not None:
            kind, value, end = read
            hedged = _HEDGE.search(text, max(0, f.start() - 16), f.start()) is not None
            per = _RATE.match(text, end)
            rate = _rate((per["per"] or per["each"] or per["slash"]).lower()) if per else ""
            found.append(
                Figure(kind, value, f.start(), end, text[f.start() : end].strip(), hedged, rate)
            )
    return found


def _read(f: re.Match[str]) -> tuple[str, Decimal, int] | None:
    """A figure's kind and value, and where it ends: after its unit, not after a word that is
    none ("£629 for the Pro")."""
    if f["time"]:
        hours, minutes = f["time"].split(":")
        if int(hours) < 5:
            return None  # near midnight, a later time may read as an earlier one
        return "time", Decimal(int(hours) * 60 + int(minutes)), f.end()
    if f["hours"]:
        return "duration", Decimal(int(f["hours"]) * 60 + int(f["minutes"])), f.end()
    value = Decimal(f["num"].replace(",", "") + (f["dec"] or ""))
    after = (f["after"] or "").strip().lower()
    number_end = f.end("dec") if f["dec"] else f.end("num")
    if after in {"%", "p"}:
        if f["cur"]:
            return None
        return ("percent" if after == "%" else "pence"), value, f.end()
    if f["cur"]:
        return "money:" + f["cur"].strip(), value, number_end
    if not after or not after[0].isalpha() or after in _NOT_UNITS:
        return None
    unit = after.rstrip("s") if len(after) > 3 else after
    if unit in _DURATION_UNITS:
        return "duration", value * _DURATION_UNITS[unit], f.end()
    return "unit:" + unit, value, f.end()
