"""Words that say the opposite of each other: evidence that swaps one for the other.

"Prices decreased in March." is a real sentence about the claim "Prices increased in March.":
it bears on the claim (it shares its words) and holds no negation, so neither the evidence rule
nor the negation rule stops a judge that calls the claim SUPPORTED with it. The swap of one word
for its opposite is the commonest edit that turns a faithful summary into an unfaithful one, and
the one small models miss most. :func:`contrast` finds it: the claim says a word of one side of a
pair below, an evidence sentence says a word of the other side, neither says both, and the rest
of the claim is mostly in that sentence (so it is about the same thing).

The pairs are general English opposites of the kinds that change what a sentence asserts:
direction and amount, order in time and place, permission, outcome, and truth. A word with a
negating prefix ("unsafe", "illegal", "nonprofit", "disagree") is the opposite of the word
itself, whatever the word.
"""

from __future__ import annotations

import functools
import re
from typing import NamedTuple

from pytest_faithful.segment import split_sentences
from pytest_faithful.terms import content_terms

# Each line: the words of one side, "|", the words of the other. Inflections are read by the
# lexical judge's stemmer ("increased", "increases" -> "increas"); irregular forms are listed.
_PAIRS = """
increase rise rose risen grow grew grown growth climb raise boost surge soar expand expansion
    | decrease decline fall fell fallen drop lower reduce reduction shrink shrank shrunk plunge
      plummet slump contract contraction cut slash
higher highest | lower lowest
more most | less least fewer fewest
larger largest bigger biggest | smaller smallest
maximum max | minimum min
longer longest | shorter shortest
faster fastest | slower slowest
earlier earliest early | later latest late
first | last final
before prior | after
above | below
over | under
upper | lower
north northern | south southern
east eastern | west western
inside internal indoor indoors | outside external outdoor outdoors
import imports imported | export exports exported
buy bought purchase | sell sold
borrow | lend lent
hire hired | fire fired
win won victory winner | lose lost loser
gain profit surplus | loss deficit
accept approve grant granted | reject deny denied refuse refused
allow permit legal lawful | prohibit forbid forbidden ban banned illegal unlawful
open | close closed shut
include including | exclude excluding
add added | remove removed
start begin began begun | end finish stop stopped
success succeed successful | failure fail failed unsuccessful
pass passed | fail failed
true | false
correct right | incorrect wrong
public | private
domestic | international foreign
full | empty partial
alive | dead
male man men | female woman women
husband | wife
son sons | daughter daughters
brother brothers | sister sisters
father | mother
boy boys | girl girls
king | queen
positive | negative
strong stronger strongest | weak weaker weakest
major | minor
senior | junior
heavy heavier | light lighter
hot hotter warm warmer | cold colder cool cooler
wet | dry
rich richer wealthy | poor poorer
support supported favor | oppose opposed
often frequently usually | rarely seldom
mandatory required compulsory obligatory | optional voluntary
temporary | permanent
free | paid
guilty | innocent
convicted | acquitted
weekday weekdays | weekend weekends
summer | winter
spring | autumn
all every | some few
same similar | different
online | offline
"""

# A negating prefix and the shortest word it negates ("unsafe", "illegal"): shorter stems
# ("unit", "into") only look prefixed.
_PREFIXES = ("non", "un", "dis", "in", "im", "il", "ir")
_MIN_NEGATED = 4
# Share of the claim's other content terms the evidence sentence must hold to be about the
# same thing as the claim.
MIN_SHARED = 0.5

_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


class Contrast(NamedTuple):
    """The claim's word and the evidence's opposite of it."""

    said: str
    shown: str


def _keys(word: str) -> frozenset[str]:
    """How ``word`` is read on either side: as written (stopwords such as "before" have no
    content term) and as its content term."""
    return frozenset({word}) | content_terms(word)


@functools.cache
def _opposites() -> dict[str, frozenset[str]]:
    """Each key of a word of a pair -> the keys of the words of its other side."""
    found: dict[str, set[str]] = {}
    for line in re.sub(r"\n\s+(?=[|\w])", " ", _PAIRS.strip()).splitlines():
        one, other = (side.split() for side in line.split("|"))
        ones = frozenset().union(*(_keys(w) for w in one))
        others = frozenset().union(*(_keys(w) for w in other))
        for key in ones:
            found.setdefault(key, set()).update(others - ones)
        for key in others:
            found.setdefault(key, set()).update(ones - others)
    return {key: frozenset(value) for key, value in found.items()}


def _read(text: str) -> frozenset[str]:
    words = [w.casefold() for w in _WORD.findall(text)]
    return frozenset(words) | content_terms(text)


def contrast(claim: str, evidence: str) -> Contrast | None:
    """The first word of ``claim`` whose opposite a sentence of ``evidence`` says about the same
    thing (module docstring), or None."""
    said = _read(claim)
    claimed = content_terms(claim)
    opposites = _opposites()
    for sentence in split_sentences(evidence):
        shown = _read(sentence.text)
        terms = content_terms(sentence.text)
        for word in sorted(said - shown):
            others = opposites.get(word, frozenset()) | _prefixed(word, shown)
            # A claim that says both sides ("raising the dividend and reducing debt") leaves
            # which is which to the judge.
            if others & said or not others & shown:
                continue
            rest = claimed - {word}
            if len(rest & terms) >= max(1, MIN_SHARED * len(rest)):
                return Contrast(
                    _as_written(claim, word), _as_written(sentence.text, others & shown)
                )
    return None


def _as_written(text: str, keys: str | frozenset[str]) -> str:
    """The first word of ``text`` read as one of ``keys`` (a stem such as "increas"), as the
    text writes it."""
    wanted = frozenset({keys}) if isinstance(keys, str) else keys
    word: str
    for word in _WORD.findall(text):
        if _keys(word.casefold()) & wanted:
            return word
    return min(wanted)


def _prefixed(word: str, shown: frozenset[str]) -> frozenset[str]:
    """The words of ``shown`` that negate ``word`` by a prefix, or that ``word`` negates."""
    if len(word) < _MIN_NEGATED:
        return frozenset()
    found = {p + word for p in _PREFIXES} & shown
    for prefix in _PREFIXES:
        base = word[len(prefix) :]
        if word.startswith(prefix) and len(base) >= _MIN_NEGATED and base in shown:
            found.add(base)
    return frozenset(found)
