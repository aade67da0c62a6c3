"""A name of a claim's that stands where its evidence has another name: a changed name.

"Ms. Johnson approved the budget." quoting "Ms. Smith approved the budget.", "moved to Lyon in
2004" quoting "moved to Porto in 2004": the claim's name is one no passage states, and it
stands where the evidence writes a name the claim does not, around words the two share. An
answer that *adds* a name from world knowledge does not do this: an apposition ("Prince Harry,
Duke of Sussex" for "Prince Harry"), a title or an honour, a degree ("a Bachelor of Arts" for
"studied"), a demonym ("Nigerian author Chinua Achebe"), a name for a description
("Horodecki" for "the architect") replaces no name of the evidence; a form of address for a
given name ("Mr. Biden", "President Biden" for "Joe Biden"), a name for a title ("Kate
Middleton" for "the Duchess of Cambridge") and a name written short ("the Fed", "Man Utd",
"NYPD" for "New York police") name the same one. So
:func:`swapped_name` aligns the claim's words to the evidence's (difflib's longest matching
blocks, on words case-folded, a possessive's "'s" dropped; a word shared inside a name, the
"University" of "Kyoto University" and "the University of Tokyo", read with the changes around
it) and reads each changed stretch: a swap is a few words on each side, mostly a name's, within
four words of a shared content word, with a name the passages do not state on the claim's side
and, on the evidence's, a name the claim's sentence does not state in any form
(:func:`~pytest_faithful.text.specifics.unstated`, read the other way); both titles or neither.
A claim's name that adds to a name the evidence writes ("the Rift Valley of East Africa" for
"the Rift Valley, some in Tanzania") is no swap, unless the evidence's name shares that name's
word too ("Gale Crater" for "Jezero Crater"). Evidence sentences are long and name other
things; only the name in the claim's name's place counts. A stretch at the end of one text
runs on to the end of the other, so there only its words next to the shared ones count. Linear
in the evidence's length: difflib's matcher on the words of a claim of a bounded length, read
only for a claim with a name no passage states.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import Final, NamedTuple

from pytest_faithful.text.patterns import regex
from pytest_faithful.text.role_words import WEEKDAYS
from pytest_faithful.text.specifics import Kind, unstated
from pytest_faithful.text.words import MONTHS, STOPWORDS

# A word: letters or digits, with an apostrophe inside ("O'Brien", "Smith's").
_WORD: Final = regex(r"[^\W_]+(?:['\u2019][^\W_]+)*")
_POSSESSIVE: Final = regex(r"['\u2019]s$")
# The most words a replaced stretch has on either side to read as one name for another: a
# name of up to three words and a word around it ("Amazon Web Services" for "Microsoft Azure").
_MOST_WORDS: Final = 4
# The most words of a changed stretch that are neither a name's nor function words: a name and
# a word beside it ("Vincent van Gogh" for "Edgar Degas, bought").
_MOST_OTHER: Final = 1
# A claim of more words is a paragraph, not one fact: not aligned, so that the matcher's work
# (its claim's words times their places in the evidence) stays linear in the evidence's length.
_MOST_CLAIM_WORDS: Final = 120
# The most letters of a word written short by dropping letters ("Utd", "Mgmt"); a longer one
# that keeps the first's letters in order is most often another name ("Mario" in "Marino").
_SHORT_FORM: Final = 4
_NAMES: Final[frozenset[Kind]] = frozenset(("name",))


class Swap(NamedTuple):
    """The claim's name and the evidence's name in its place."""

    claimed: str
    shown: str


def _words(text: str) -> list[str]:
    return [m[0] for m in _WORD.finditer(text)]


def _key(word: str) -> str:
    return _POSSESSIVE.sub("", word.casefold())


def _name_keys(names: Sequence[str]) -> frozenset[str]:
    return frozenset(_key(w) for name in names for w in _words(name))


def swapped_name(
    claim: str,
    sentence: str,
    evidence: str,
    claim_names: Sequence[str],
    *,
    calendar_alike: bool = False,
) -> Swap | None:
    """The first of ``claim_names`` (names of ``claim`` that no passage states) that stands
    where ``evidence`` has a name that the claim's answer ``sentence`` does not state, with
    that name; None if none does. ``calendar_alike``: a month or a weekday stands only for
    another (:func:`_calendar`)."""
    if not claim_names or not evidence:
        return None
    claimed = _name_keys(claim_names)
    claim_words = _words(claim)
    if len(claim_words) > _MOST_CLAIM_WORDS or not any(_key(w) in claimed for w in claim_words):
        return None
    evidence_words = _words(evidence)
    shown_names = unstated(evidence, evidence, [sentence], _NAMES)
    shown = _name_keys(shown_names)
    if not shown:
        return None
    a = [_key(w) for w in claim_words]
    b = [_key(w) for w in evidence_words]
    codes = difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
    named = _name_keys(unstated(claim, claim, (), _NAMES))
    evidence_named = _name_keys(unstated(evidence, evidence, (), _NAMES))
    for reading in (codes, _merged(codes, a, named)):
        for n, (tag, i1, i2, j1, j2) in enumerate(reading):
            if tag == "equal":
                continue
            ours, theirs = _stretch(claim_words, evidence_words, (i1, i2, j1, j2))
            found = [w for w in ours if _key(w) in claimed]
            shown_here = [w for w in theirs if _key(w) in shown]
            if (
                found
                and shown_here
                and _titled(found, ours) is _titled(shown_here, theirs)
                and not (calendar_alike and _calendar(found) is not _calendar(shown_here))
                and not _written_short(found, shown_here)
                and not _extends_shared((claim, found), (evidence, shown_here), frozenset(b))
                and _names_mostly(ours, named)
                and _names_mostly(theirs, evidence_named)
                and _shared_beside(reading, n, a)
            ):
                return Swap(" ".join(found), " ".join(shown_here))
    return None


# A month or a day of the week stands only for another ("held in November" for "in
# October"); in a person's or a place's place it is another fact the claim joins ("Priya's
# draft is due Friday" quoting "Priya will draft it; Marcus will update the page"). Asked for
# by names the passages state elsewhere, which a claim joining facts writes most.
_CALENDAR: Final = frozenset((*MONTHS, *WEEKDAYS))


def _calendar(names: Sequence[str]) -> bool:
    return all(_key(w) in _CALENDAR for w in names)


# Forms of address and titles written before a name: general English usage, not tuned.
_TITLES: Final = frozenset(
    (  # noqa: SIM905
        "mr mrs ms miss mx dr doctor sir dame lord lady madame mme monsieur herr frau "
        "president chancellor premier minister senator sen governor gov mayor judge justice "
        "professor prof king queen prince princess duke duchess earl countess baron baroness "
        "emperor empress pope cardinal bishop archbishop reverend rev father saint st "
        "general gen colonel col captain capt lieutenant lt sergeant sgt commander admiral "
        "major detective inspector chief coach ambassador secretary representative rep "
        "congressman congresswoman councillor councilor chairman chairwoman sheikh emir "
        "sultan rabbi imam pastor"
    ).split()
)


def _titled(names: Sequence[str], stretch: Sequence[str]) -> bool:
    """Whether the ``names`` of a ``stretch`` are a title: titles only ("President", "Mr."), or
    a title of a place or office ("Duchess of Cambridge", "Mayor of London"). A title stands
    for a name without changing whom it names ("Mr. Biden" for "Joe Biden", "Kate Middleton"
    for "the Duchess of Cambridge"); a title for a title is a change ("President Merkel")."""
    if all(_key(w) in _TITLES for w in names):
        return True
    at = stretch.index(names[0])
    return _key(names[0]) in _TITLES and stretch[at + 1 : at + 2] == ["of"]


def _extends_shared(
    ours: tuple[str, Sequence[str]], theirs: tuple[str, Sequence[str]], said: frozenset[str]
) -> bool:
    """Whether the claim's name is part of a name whose other words the evidence ``said``
    ("the Rift Valley of East Africa" for "the Rift Valley") and the evidence's name is not
    part of one with them: the claim adds to the evidence's name, and the evidence goes on to
    another ("..., some in Tanzania"). Names that share a word both ("Gale Crater" for "Jezero
    Crater", "Kyoto University" for "the University of Tokyo") are another of a kind."""
    (claim, found), (evidence, shown) = ours, theirs
    claim_runs, evidence_runs = _runs(claim), _runs(evidence)
    own = {_key(w) for w in found}
    shared = {
        k
        for w in found
        for k in claim_runs.get(w, ())
        if k in said and k not in own and k not in STOPWORDS
    }
    if not shared:
        return False
    return not any(shared & evidence_runs.get(w, frozenset()) for w in shown)


# A name's run of capitalised words, "of" (or a name's particle) inside it: "Rift Valley of
# East Africa", "University of Tokyo", "Vincent van Gogh". Punctuation and other function
# words end it ("In August the BoJ" is two names).
_RUN: Final = regex(
    r"[A-Z][\w'\u2019-]*(?:[^\S\n]+(?:(?:of|de|du|von|van|der)[^\S\n]+)?[A-Z][\w'\u2019-]*)*"
)


def _runs(text: str) -> dict[str, frozenset[str]]:
    """Each capitalised word of ``text`` -> the keys of the words of its run."""
    found: dict[str, frozenset[str]] = {}
    for m in _RUN.finditer(text):
        words = _words(m[0])
        keys = frozenset(_key(w) for w in words)
        for w in words:
            found.setdefault(w, keys)
    return found


def _written_short(claimed: Sequence[str], shown: Sequence[str]) -> bool:
    """Whether the claim's name is the evidence's written short: each word the start of one of
    the evidence's ("the Fed" for "the Federal Reserve") or, up to four letters, its letters in
    order from its first ("Man Utd" for "Manchester United"); or an initialism that opens with
    the evidence's name's initials ("NYPD" for "New York police")."""
    keys = [_key(w) for w in shown]
    initials = "".join(k[0] for k in keys if k)
    initialism = len(claimed) == 1 and claimed[0].isupper() and len(initials) >= 2
    if initialism and claimed[0].casefold().startswith(initials):
        return True
    return all(any(_short_for(_key(w), k) for k in keys) for w in claimed)


def _short_for(word: str, full: str) -> bool:
    if len(word) < 2 or len(word) >= len(full) or word[0] != full[0]:
        return False
    if full.startswith(word):
        return True
    rest = iter(full[1:])
    return len(word) <= _SHORT_FORM and all(c in rest for c in word[1:])


def _names_mostly(words: Sequence[str], named: frozenset[str]) -> bool:
    """Whether a stretch is a name's words, its function words and at most
    :data:`_MOST_OTHER` other words: a name in another's place, not a reworded clause."""
    other = [w for w in words if (k := _key(w)) not in named and k not in STOPWORDS]
    return len(other) <= _MOST_OTHER


def _stretch(
    claim_words: Sequence[str], evidence_words: Sequence[str], at: tuple[int, int, int, int]
) -> tuple[Sequence[str], Sequence[str]]:
    """The words of a changed stretch on each side, none if either has more than a name's; a
    stretch at one text's edge runs on to the other's edge, and only its words next to the
    shared ones stand in the claim's name's place."""
    i1, i2, j1, j2 = at
    if i2 == len(claim_words) and j2 - j1 > _MOST_WORDS:
        j2 = j1 + _MOST_WORDS
    elif i1 == 0 and j2 - j1 > _MOST_WORDS:
        j1 = j2 - _MOST_WORDS
    if j2 == len(evidence_words) and i2 - i1 > _MOST_WORDS:
        i2 = i1 + _MOST_WORDS
    elif j1 == 0 and i2 - i1 > _MOST_WORDS:
        i1 = i2 - _MOST_WORDS
    if i2 - i1 > _MOST_WORDS or j2 - j1 > _MOST_WORDS:
        return (), ()
    return claim_words[i1:i2], evidence_words[j1:j2]


_Code = tuple[str, int, int, int, int]


def _merged(codes: Sequence[_Code], a: Sequence[str], named: frozenset[str]) -> list[_Code]:
    """``codes`` with each stretch of words matched inside a name ("University" of "Kyoto
    University" and "the University of Tokyo") read as changed, with the changes around it."""
    merged: list[_Code] = []
    for code in codes:
        tag, _, i2, _, j2 = code
        if merged and tag != "equal" and merged[-1][0] == "equal" and len(merged) >= 2:
            _, e1, e2, _, _ = merged[-1]
            before = merged[-2]
            if before[0] != "equal" and all(w in named for w in a[e1:e2]):
                merged[-2:] = [("replace", before[1], i2, before[3], j2)]
                continue
        if merged and tag != "equal" and merged[-1][0] != "equal":
            before = merged.pop()
            code = ("replace", before[1], i2, before[3], j2)
        merged.append(code)
    return merged


def _shared_beside(codes: Sequence[_Code], n: int, a: Sequence[str]) -> bool:
    """Whether the stretch ``codes[n]`` has a matched content word near it on either side: in
    the shared words next to it, or past a shared function word and a short change ("live
    only in Antarctica" for "live almost exclusively in the Southern Hemisphere"), within
    :data:`_MOST_WORDS` words of the claim."""
    _, start, end, _, _ = codes[n]
    for step in (-1, 1):
        m = n + step
        while 0 <= m < len(codes):
            tag, i1, i2, _, _ = codes[m]
            if (start - i2 if step < 0 else i1 - end) > _MOST_WORDS:
                break
            if tag == "equal" and any(w not in STOPWORDS for w in a[i1:i2]):
                return True
            m += step
    return False
