"""The pairs of opposite words :mod:`~pytest_faithful.text.contrasts` reads: general English
opposites of the kinds that change what a sentence asserts (its module docstring says which and
how a pair is read)."""

from typing import Final

# A negating prefix and the shortest word it negates ("unsafe", "illegal"): shorter stems
# ("unit", "into") only look prefixed.
_PREFIXES = ("non", "un", "dis", "in", "im", "il", "ir")
_MIN_NEGATED = 4

# Each line: the words of one side, "|", the words of the other. Inflections are read by the
# lexical judge's stemmer ("increased", "increases" -> "increas"); irregular forms are listed.
# "~" marks a pair that tells one fact from either side ("X sold to Y", "Y bought from X"),
# "@" a pair that a time can tell from either side ("open until 8pm", "closes at 8pm").
PAIRS: Final = """
increase rise rose risen grow grew grown growth climb raise boost surge soar expand expansion
    | decrease decline fall fell fallen drop lower reduce reduction shrink shrank shrunk plunge
      plummet slump contract contraction cut slash
higher highest | lower lowest
high | low
more most utmost | less least fewer fewest
large larger largest big bigger biggest | small smaller smallest
maximum max | minimum min
longer longest | shorter shortest
long | short
fast faster fastest quick quickly | slower slowest slow slowly
~ earlier earliest early | later latest late
~ first | last final
~ before prior | after
above | below
over | under
upper | lower
north northern | south southern
east eastern | west western
inside internal indoor indoors | outside external outdoor outdoors
front | rear
~ import imports imported | export exports exported
~ buy bought purchase | sell sold
~ borrow | lend lent
hire hired | fire fired
~ win won victory winner | lose lost loser
win won winner | nominated nominee nomination shortlisted shortlist finalist runnerup runnersup
gain profit surplus | loss deficit
accept approve grant granted | reject deny denied refuse refused
allow permit legal lawful | prohibit forbid forbidden ban banned illegal unlawful
@ open | close closed shut
include including | exclude excluding
cover covered | exclude excluded excluding
add added | remove removed drop dropped
widen widened | narrow narrowed
wide wider widest | narrow narrower narrowest
ahead | behind
forward forwards | backward backwards
promote promoted promotion | relegate relegated relegation demote demoted demotion
subject | exempt
@ start begin began begun | end finish stop stopped
success succeed successful | failure fail failed unsuccessful
pass passed | fail failed
true | false
today tonight | tomorrow
yesterday | today tonight tomorrow
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
strong stronger strongest sturdy durable | weak weaker weakest flimsy fragile
major | minor
mild | severe
senior | junior
oldest eldest | youngest
~ older elder | younger
gold | silver bronze
silver | bronze
heavy heavier | light lighter
hot hotter warm warmer | cold colder cool cooler
wet | dry
rich richer wealthy | poor poorer
support supported favor | oppose opposed
often frequently usually typically generally normally common commonly | rarely rare seldom uncommon
always invariably | sometimes occasionally usually often frequently typically generally normally
    rarely seldom
never | always invariably sometimes occasionally usually often frequently typically generally
    normally rarely seldom
mandatory required compulsory obligatory | optional voluntary
temporary | permanent
free | paid fee fees charge charged extra
guilty | innocent
convicted | acquitted
weekday weekdays | weekend weekends
summer | winter
spring | autumn
all every each | some few several
most majority | all every each few
only solely exclusively | also any each every
both | either
same similar | different
quiet quieter quietest | loud louder loudest noisy noisier noisiest
easy easier easiest simple | hard harder hardest difficult complicated
cheap cheaper cheapest inexpensive affordable | expensive pricey overpriced
good better best great excellent | bad worse worst poor terrible awful
love enjoy praise | dislike complain criticize
bright brighter | dim dimmer
clear | confusing
online | offline
"""


def any_prefixed(said: frozenset[str], shown: frozenset[str]) -> bool:
    """Whether :func:`prefixed` finds a word for some word of ``said``: a word of either that
    is a prefix and a word of the other at least :data:`_MIN_NEGATED` long. Read from the
    prefixed side, so most words (which start with no prefix) cost one test."""
    for with_prefix, base in ((shown, said), (said, shown)):
        for word in with_prefix:
            if word.startswith(_PREFIXES):
                for prefix in _PREFIXES:
                    rest = word[len(prefix) :]
                    if word.startswith(prefix) and len(rest) >= _MIN_NEGATED and rest in base:
                        return True
    return False


def prefixed(word: str, shown: frozenset[str]) -> frozenset[str]:
    """The words of ``shown`` that negate ``word`` by a prefix, or that ``word`` negates."""
    if len(word) < _MIN_NEGATED:
        return frozenset()
    found = {p + word for p in _PREFIXES} & shown
    for prefix in _PREFIXES:
        base = word[len(prefix) :]
        if word.startswith(prefix) and len(base) >= _MIN_NEGATED and base in shown:
            found.add(base)
    return frozenset(found)
