"""Words that say the opposite of each other: evidence that swaps one for the other.

"Prices decreased in March." bears on "Prices increased in March." and holds no negation: no
other rule stops a judge that calls the claim SUPPORTED with it, and the swap of a word for its
opposite is the edit small models miss most. :func:`contrast` finds it: the claim says a word
of one side of a pair below, an evidence sentence says a word of the other side, neither says
both, and the rest of the claim, or of the one fact the claim joins with "and" or "but" that
says the word, or of the claim's own clause that says it (two words or more: a framing the
claim opens with, "Using wearable trackers, the researchers show an indirect link", says more,
not something else), is mostly in that clause (so it is about the same thing).

The pairs are general English opposites of the kinds that change what a sentence asserts:
direction and amount, order in time and place, permission, outcome (a prize won against one only
nominated or shortlisted for), truth, appraisal (the opinion a review summary reverses: "quiet"
and "noisy", "cheap" and "expensive", "praise" and "complain"), and the quantifier, frequency
and exclusivity words small models swap ("all" and "some", "most" and "all", "always" and
"sometimes", "never" and any other frequency, "usually" and "rarely", "only" and "each" or
"any", "both" and "either"). One word and its opposite are one pair only: a claim and a clause
that differ by two pairs tell one fact from either side. A word with a negating prefix
("unsafe", "illegal", "nonprofit", "disagree") is the opposite of the word itself.

An opposite is read in its clause, not its sentence, since sentences say more than one thing
("Shipping within the U.S. is free; international orders cost $25." says nothing against
"Domestic shipping is free."), and against the fact of the claim it is said of: a clause that
states a figure of another fact the claim joins with "and", "while" or "but" is about that one
("unit revenue declined 2.5%" against "Capacity grew 11% while unit revenue slipped 2.5%"). It
is no contrast when the sentence also says a word of the claim's side in a clause as much about
the claim ("Shares rose 3% after the company cut costs." for "Shares climbed 3%."), or says it
of another thing than the opposite, which is said of a thing the claim does not name ("On the
last day of the championship ..., first and second in the standings" for "finished first in
the championship": that "last" is the day's), when a negation comes just before it ("not
permanent" for "temporary") or just before the claim's word ("isn't required" for "optional",
"not uncommon" for "common", "no more than" for "or less"), when a pair that one fact can be
told with from either side ("sold"/"bought", "before"/"after") has other things on its left ("X
sold to Y" against "Y bought from X"), and, for opening and closing or starting and ending,
when one side gives its time as a range's end and the other does not ("open until 8pm" against
"closes at 8pm"), nor when the claim hedges what the evidence says always ("as they usually do"
for "like always"; "always" for "usually" is one). "Both X and Y" is one clause. "Free of
charge", "at no extra cost" and "costs nothing" read "free" (against "fee", "charge"), "at
most"/"at least" the "maximum"/"minimum" they mean, and a negated word with a negating prefix
the word it negates ("not uncommon" is "common"). No word of a name ("the Irish Open") is one.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import NamedTuple

from pytest_faithful.text.comparisons import told_the_other_way
from pytest_faithful.text.contrast_clauses import clauses_of, read_words, words_and_terms
from pytest_faithful.text.markup import unmarked
from pytest_faithful.text.name_words import without_names
from pytest_faithful.text.opposite_words import PAIRS, any_prefixed, prefixed
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.restrictions import no_free_choice
from pytest_faithful.text.segment import split_sentences
from pytest_faithful.text.senses import DETERMINER, plain_senses
from pytest_faithful.text.terms import MONTH_TERMS, content_terms
from pytest_faithful.text.words import DAY_ABBREVIATIONS, RUNNER_UP, WORD, is_negation

_ANY = frozenset({"any"})
# Share of the claim's other content terms (or its fact's: :func:`_against`) a clause must hold
MIN_SHARED = 0.5  # to be about the claim's thing (a number of the claim's is enough)
# How many words before an opposite a negation takes it back ("is not permanent").
_NEGATION_REACH = 3

# A time said as the end or start of a range: "open until 8pm" is "closes at 8pm".
_RANGE = regex(r"\b(?:until|till|through|from)\b|\d\s*(?:-|\u2013|to)\s*\d", re.IGNORECASE)
_DAYS = frozenset(
    content_terms("monday tuesday wednesday thursday friday saturday sunday")
    | content_terms("today tomorrow yesterday weekday weekend")
    | content_terms("january february march april may june july august september october")
    | content_terms("november december")
)


class Contrast(NamedTuple):
    """The claim's word and the evidence's opposite of it."""

    said: str
    shown: str


class _Pair(NamedTuple):
    sides: tuple[frozenset[str], frozenset[str]]
    converse: bool  # "~": one fact told from either side
    timed: bool  # "@": a time tells it from either side


_RESTRICTING = frozenset({"only", "solely", "exclusively"})


def _keys(word: str) -> frozenset[str]:
    """How ``word`` is read on either side: as written (stopwords such as "before" have no
    content term) and as its content term."""
    return frozenset({word}) | content_terms(word)


@functools.cache
def _pairs() -> tuple[tuple[_Pair, ...], dict[str, tuple[tuple[int, int], ...]]]:
    """The pairs, and each key of a word of a pair -> (pair, side) for every pair it is in."""
    pairs: list[_Pair] = []
    where: dict[str, list[tuple[int, int]]] = {}
    for line in re.sub(r"\n\s+(?=[|\w])", " ", PAIRS.strip()).splitlines():
        mark = line[0] if line[0] in "~@" else ""
        one, other = (side.split() for side in line.lstrip("~@ ").split("|"))
        sides = (
            frozenset().union(*(_keys(w) for w in one)),
            frozenset().union(*(_keys(w) for w in other)),
        )
        for side, keys in enumerate(sides):
            for key in keys - sides[1 - side]:
                where.setdefault(key, []).append((len(pairs), side))
        pairs.append(_Pair(sides, mark == "~", mark == "@"))
    return tuple(pairs), {key: tuple(found) for key, found in where.items()}


def opposite_terms(term: str) -> frozenset[str]:
    """The keys of every word of a pair above on the other side from ``term`` (a content term
    or a word as written): "requir" -> "optional", "voluntari", ..."""
    pairs, where = _pairs()
    return frozenset().union(*(pairs[n].sides[1 - side] for n, side in where.get(term, ())))


def may_contrast(claim: str, evidence: str) -> bool:
    """Whether :func:`contrast` may find the opposite of a word of ``claim`` in ``evidence``,
    read as written or with their bounds' words blanked (:func:`~pytest_faithful.text.bounds.
    without_bounds` only takes words away, and the readings it adds, figures, are of no pair):
    False where no word of the claim, a name's included, has an opposite among the evidence's
    words, or one with a negating prefix (most claims). A pre-test on the terms the other rules
    have read of the texts as given; any text not in ASCII is read whole."""
    if not (claim.isascii() and evidence.isascii()):
        return True
    claim, evidence = _plain(unmarked(claim)), _plain(unmarked(evidence))
    return _may_oppose(words_and_terms(claim), words_and_terms(evidence))


def _may_oppose(said: frozenset[str], everything: frozenset[str]) -> bool:
    """Whether a word of ``said`` has an opposite in ``everything``: of a pair, or by a prefix."""
    if any_prefixed(said, everything):
        return True
    pairs, where = _pairs()
    return any(
        pairs[n].sides[1 - side] & everything
        for word in said
        if word in where
        for n, side in where[word]
    )


def contrast(claim: str, evidence: str) -> Contrast | None:
    """The first word of ``claim`` whose opposite a clause of ``evidence`` says about the same
    thing (module docstring), or None."""
    claim, evidence = unmarked(claim), unmarked(evidence)  # "non<br>refundable" is one word
    found = _contrast(_plain(claim), _plain(evidence))
    if found is None:
        return None
    # Said in the texts' own words: "at most", not the "maximum" it was read as.
    return Contrast(_in_own_words(found.said, claim), _in_own_words(found.shown, evidence))


def _in_own_words(word: str, text: str) -> str:
    if word.casefold() in _AT_MEANS and word not in text:
        return _AT_MEANS[word.casefold()]
    if word.casefold() == "utmost" and word not in text:  # "the most", read as a superlative
        return "most"
    return word


def _contrast(claim: str, evidence: str) -> Contrast | None:
    said, written = read_words(claim), words_and_terms(claim)  # names too: "Bronze or Silver"
    pairs, where = _pairs()
    # Most evidence holds no opposite of any word of its claim: one look at the whole of it.
    everything = read_words(evidence)
    if not _may_oppose(said, everything):
        return None
    claimed = content_terms(claim)
    named = claimed - content_terms(without_names(claim))
    for sentence in split_sentences(evidence):
        clauses = clauses_of(sentence.text)
        for at, clause, shown in clauses:
            for word in sorted(said - shown):
                candidates = [
                    (pairs[number].sides[side], pairs[number].sides[1 - side], pairs[number])
                    for number, side in where.get(word, ())
                    if not _another_swap(said, shown, number)
                ]
                negating = prefixed(word, shown)
                if negating:
                    pair = _Pair((_keys(word), negating), converse=False, timed=False)
                    candidates.append((_keys(word), negating, pair))
                for own, other, pair in candidates:
                    # Either side says both: which holds for the claim is the judge's call.
                    if own & shown or other & written or not other & shown:
                        continue
                    if word in _MOSTLY and other & shown <= _ALWAYS:  # a hedge of "always"
                        continue
                    if no_free_choice(sentence.text, claim, word, other & shown == _ANY):
                        continue  # "shall not solicit any client"; "weekdays only" of "on weekdays"
                    # Another clause says the claim's side and is as much about the claim,
                    # figures and days included, or names one of its names this one does not
                    # ("the under-30 cm class was won by Hamish Rennie, and the over-30 cm
                    # class by Sigurd Olsen" for "Sigurd Olsen won the over 30 cm class").
                    here = claimed & content_terms(clause)
                    if any(
                        own & read
                        and _specific(here) <= (terms := content_terms(text))
                        and (len(claimed & terms) >= len(here) or (named & terms) - here)
                        for _, text, read in clauses
                    ):
                        continue
                    if _about_another_part(claim, word, clause):
                        continue
                    if _of_another_thing(claimed, sentence.text, clause, own, other):
                        continue
                    found = _against(claim, word, sentence.text, clauses, at, clause, other, pair)
                    if found is not None:
                        return found
    return None


_MOSTLY = words_and_terms("usually typically generally normally often frequently")
# A clause of a date alone says no fact of its own: it is when its label's fact holds.
_DATE_TERMS = MONTH_TERMS | content_terms(
    " ".join(DAY_ABBREVIATIONS.values()) + " saturday sunday wednesday"
)
_ALWAYS = words_and_terms("always invariably")
# A negated word with a negating prefix: "not uncommon" says "common".
_NOT_PREFIXED = regex(r"(?i)\bnot\s+(?:non|un|dis|in|im|il|ir)-?([^\W\d_]{4,})\b")


# "at most" and "at least" bound a number, read as the "maximum" and "minimum" they mean: their
# "most" is no quantifier ("may carry no more than two" against "may carry at most two").
_AT_MOST = regex(r"(?i)\bat\s+(most|least)\b")
_AT_MOST_MEANS = {"most": "at maximum", "least": "at minimum"}
_AT_MEANS = {"maximum": "at most", "minimum": "at least"}


def _plain(text: str) -> str:
    """``text`` with "free" said in other words written "free", "over" and "under" of a time or
    an authority as words of no pair (:mod:`~pytest_faithful.text.senses`),
    "at most" and "at least" as "at maximum" and "at minimum", and a negated word with a negating
    prefix written as the word it negates when that word is one of a pair ("not uncommon" ->
    "common"; "not included" stays)."""
    text = plain_senses(text)
    if "unner" in text:  # "runner-up" one word: "four runners" is no runner-up
        text = RUNNER_UP.sub(lambda m: m[0].replace("-", "").replace(" ", ""), text)
    if "at " in text:
        text = _AT_MOST.sub(lambda m: _AT_MOST_MEANS[m[1].casefold()], text)
    if "not " in text:
        _, where = _pairs()
        text = _NOT_PREFIXED.sub(
            lambda m: m[1] if _keys(m[1].casefold()) & where.keys() else m[0], text
        )
    return text


def _another_swap(said: frozenset[str], shown: frozenset[str], number: int) -> bool:
    """Whether the claim and the clause differ by another pair too: two opposites tell one
    fact ("closed on weekends" and "open only on weekdays")."""
    pairs, _ = _pairs()
    return any(
        i != number
        and any(p.sides[side] & said and p.sides[1 - side] & shown for side in (0, 1))
        and not (p.sides[0] & said and p.sides[1] & said)
        for i, p in enumerate(pairs)
    )


def _against(
    claim: str,
    word: str,
    sentence: str,
    clauses: Sequence[tuple[int, str, frozenset[str]]],
    at: int,
    clause: str,
    opposites: frozenset[str],
    pair: _Pair,
) -> Contrast | None:
    """The contrast of ``claim``'s ``word`` with an opposite in ``clause`` (at ``at`` in
    ``sentence``, one of its ``clauses``), if the clause is about the same thing (module
    docstring); else None."""
    # Not a word of a name: "North" of "the district of North Fenland, ... north of Cambridge".
    hit = _first_word(without_names(clause), opposites)
    if hit is None or _negated_before(clause, hit):
        return None
    # "Also she wants us standing for movements 1 and 11 only": the sentence restricts as the
    # claim's "only" does, its "also" adds the whole statement to another.
    if word.casefold() in _RESTRICTING and _first_word(sentence, _RESTRICTING) is not None:
        return None
    # The claim negates its own word: "not required" says what "optional" says.
    said = _first_word(claim, _keys(word))
    if said is not None and _negated_before(claim, said):
        return None
    if said is not None and told_the_other_way(claim, said[0], sentence, at + hit[0]):
        return None  # "Lyon is smaller than Paris" for "Paris is larger than Lyon"
    claimed = content_terms(claim)
    numbers = frozenset(t for t in claimed if t[0].isdigit())
    rest = claimed - _keys(word)
    words = rest - numbers
    terms = content_terms(clause)
    # Another clause says a figure or day of the claim that this one does not, and is as much
    # about the claim: that clause is the one about it ("started on Monday and runs until
    # Friday" for "ends on Friday"; not "..., the company reported on Tuesday"). Not when this
    # one says as many of the claim's figures: "was $3.4 billion, an increase of 12%" says
    # the change of the claim's "fell 12% to $3.4 billion" in a clause of its own.
    here, pinned = len(rest & terms), len(_specific(rest) & terms)
    for _, other, _ in clauses:
        there = content_terms(other)
        if all(term[0].isdigit() or term in _DATE_TERMS for term in there):
            continue  # "Bank holiday (school closed): Monday 4 May": the when of the label
        if (
            (_specific(rest) & there) - terms
            and len(rest & there) >= here
            and len(_specific(rest) & there) > pinned
        ):
            return None
    if pair.timed and (_RANGE.search(claim) is None) != (_RANGE.search(clause) is None):
        return None
    if pair.converse and not _same_left(
        claim, word, sentence[: at + hit[0]], sentence[at + hit[0] :]
    ):
        return None
    # The share is of the claim, or of the fact it joins that says the word ("..., and price
    # increases always stop" against "price increases usually slow"): a long claim says more.
    own = next((t for r, t in _claim_parts(claim) if _keys(word) & r), words) - _keys(word)
    if numbers & terms or any(
        len(part & terms) >= max(1, MIN_SHARED * len(part)) for part in (words, own - numbers)
    ):
        return Contrast(_as_written(claim, word), hit[1])
    # Or of the claim's own clause that says the word, when it shares two words or more with
    # this one: a framing the claim opens with ("Using wearable trackers, the researchers show
    # an indirect link between sleep and memory") says more, not something else.
    framed = clause_saying(claim, word) - _keys(word) - numbers
    if len(framed & terms) >= max(2, MIN_SHARED * len(framed)):
        return Contrast(_as_written(claim, word), hit[1])
    return None


def clause_saying(claim: str, word: str) -> frozenset[str]:
    """The content terms of the clause of ``claim``
    (:func:`~pytest_faithful.text.contrast_clauses.clauses_of`) that says ``word``, or none:
    what a span must say to be about the word a contrast found."""
    keys = _keys(word)
    return next(
        (content_terms(text) for _, text, read in clauses_of(claim) if keys & read), frozenset()
    )


# Where a claim joins two facts: "Capacity grew 11% while unit revenue slipped 2.5%."
_CLAIM_BREAK = regex(
    r"\s*[;\u2014]\s*|\s+(?:and|but|however|although|though|whereas|while|yet)\s+", re.I
)


def _claim_parts(claim: str) -> list[tuple[frozenset[str], frozenset[str]]]:
    """The facts ``claim`` joins (:data:`_CLAIM_BREAK`): each one's words and content terms."""
    return [(read_words(part), content_terms(part)) for part in _CLAIM_BREAK.split(claim) if part]


def _about_another_part(claim: str, word: str, clause: str) -> bool:
    """Whether ``clause`` is about another of the facts ``claim`` joins, not the one that says
    ``word``: it states a figure of that other fact, none of this one's, and more of its words.
    "unit revenue declined 2.5%" is about the claim's "unit revenue slipped 2.5%", not its
    "Capacity grew 11%", whatever "grew" opposes."""
    parts = _claim_parts(claim)
    own = next((terms for read, terms in parts if _keys(word) & read), None)
    if own is None or len(parts) < 2:
        return False
    shown = content_terms(clause)
    if _specific(own & shown):
        return False
    return any(
        _specific(terms & shown) and len(terms & shown) > len(own & shown)
        for _, terms in parts
        if terms is not own
    )


_DETERMINER = regex(DETERMINER, re.IGNORECASE)


def _of_another_thing(
    claimed: frozenset[str],
    sentence: str,
    clause: str,
    own: frozenset[str],
    other: frozenset[str],
) -> bool:
    """Whether every opposite in ``clause`` is said of a thing the claim does not name and the
    ``sentence`` says the claim's own word of something else: "On the last day of the
    championship, ..., first and second in the standings" says nothing against "finished
    first in the championship"; its "last" is of the day."""
    theirs = _things(clause, other)
    if not theirs or None in theirs or any(t in claimed for t in theirs):
        return False
    return bool(_things(sentence, own) - theirs)


def _things(text: str, keys: frozenset[str]) -> set[str | None]:
    """What each word of ``text`` read as one of ``keys`` is said of, when it stands between a
    determiner and a content word ("the last day": "day"); else None ("finished last in")."""
    found: set[str | None] = set()
    words = [m[0].casefold() for m in WORD.finditer(without_names(text))]
    for n, word in enumerate(words):
        if not _keys(word) & keys:
            continue
        before, after = words[n - 1] if n else "", words[n + 1] if n + 1 < len(words) else ""
        terms = content_terms(after) if _DETERMINER.fullmatch(before) else frozenset()
        found.add(min(terms) if terms else None)
    return found


def _specific(terms: frozenset[str]) -> frozenset[str]:
    """The figures and days among ``terms``: what pins a clause to one fact."""
    return frozenset(t for t in terms if t[0].isdigit() or t in _DAYS)


def _first_word(text: str, keys: frozenset[str]) -> tuple[int, str] | None:
    """Where the first word of ``text`` read as one of ``keys`` starts, and the word."""
    for match in WORD.finditer(text):
        if _keys(match[0].casefold()) & keys:
            return match.start(), match[0]
    return None


def _negated_before(clause: str, hit: tuple[int, str]) -> bool:
    before = [w.casefold() for w in WORD.findall(clause[: hit[0]])][-_NEGATION_REACH:]
    return any(map(is_negation, before))


def _same_left(claim: str, word: str, before: str, opposite: str) -> bool:
    """Whether the content word nearest before the claim's ``word`` is the one nearest
    ``before`` the ``opposite`` in the evidence, or either has none: "X sold to Y" and "Y bought
    from X" do not; "Arsenal won" and "Chelsea, who lost" do not; nor "stayed eight years
    before returning" and "After eight years there, he returned", whose opening phrase holds
    the claim's word."""
    said = _first_word(claim, _keys(word))
    if said is None:
        return True
    left, right = _last_term(claim[: said[0]]), _last_term(before)
    if left is None and (comma := claim.find(",", said[0])) > 0:
        left = _last_term(claim[comma + 1 :])  # "After A, B" is "B after A"
    if left is not None and right is None and "," in opposite:
        return left not in content_terms(opposite[: opposite.find(",")])
    return left is None or right is None or left == right


def _last_term(text: str) -> str | None:
    for match in reversed(list(WORD.finditer(text))):
        terms = content_terms(match[0])
        if terms:
            return min(terms)
    return None


def _as_written(text: str, key: str) -> str:
    """The first word of ``text`` read as ``key`` (a stem such as "increas"), as written."""
    found = _first_word(text, frozenset({key}))
    return key if found is None else found[1]


def priced_for_free(claim: str, evidence: str) -> Contrast | None:
    """The claim's "free" and the evidence's price, where the claim gives a thing for nothing
    ("Shoe hire is free on your first visit") and the evidence, which says nothing of it free,
    prices it ("You can hire shoes for £4"); else None. Not a claim that prices something
    itself, nor a "free" of another sense ("gluten-free", "free to cancel")."""
    free = _FREE.search(claim)
    if free is None or _PRICE.search(claim):
        return None
    before = [w.casefold() for w in WORD.findall(claim, max(0, free.start() - 30), free.start())]
    if any(map(is_negation, before[-3:])):
        return None  # "Shipping to Canada is not free": a price agrees
    # Each sentence of the evidence about the claim's thing (a word of the claim besides its
    # "free"): a span of two may give another thing free ("Under-5s climb free. Members get
    # 20% off shoe hire.").
    claimed = content_terms(claim) - content_terms(free[0])
    about = [s.text for s in split_sentences(evidence) if content_terms(s.text) & claimed]
    if any(_FREE.search(text) for text in about):
        return None
    price = next((p for text in about if (p := _PRICE.search(text))), None)
    return None if price is None else Contrast(free[0], price[0])


_FREE = regex(
    r"(?i)(?<![\w-])(?:free(?![\w-]|\s+(?:to|from|of(?!\s+charge)))(?:\s+of\s+charge)?"
    r"|at\s+no\s+(?:extra\s+|additional\s+)?(?:cost|charge)|no\s+charge|complimentary)"
)
_PRICE = regex(
    r"[$\u00a3\u20ac]\s?\d[\d,]*(?:\.\d+)?|\d(?:[.,]\d+)?\s?(?:euros?|pounds|dollars|pence|p\b)"
    r"|(?i:\b\d+\s?%\s+off\b)"
)
