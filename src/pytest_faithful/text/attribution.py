"""Who a sentence says said something: "Laura Benton said the plant had lost money", "According
to Rita Osei, ...", "\\"We will not raise fares,\\" said transit chief Helena Ortiz", "Ortiz
added". A source is a name in capitals beside a reporting verb (said, told, claimed, argued,
announced, reported, suggested, thinks, promised, ...), or after "according to"; a pronoun or
"the company" names nobody and is no source.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from pytest_faithful.text.patterns import regex

_VERBS = (
    r"said|says|told|tells|claimed|claims|argued|argues|announced|announces|reported|reports"
    r"|suggested|suggests|thinks|thought|believes|believed|asked|asks|promised|promises"
    r"|proposed|proposes|added|adds|noted|notes|stated|states|explained|explains|warned|warns"
    r"|testified|testifies|wrote|writes|insisted|insists|admitted|admits|confirmed|confirms"
    r"|denied|denies|mentioned|mentions|agreed|agrees|predicted|predicts|recommended"
    r"|recommends|complained|complains|objected|objects|replied|replies|answered|answers"
    r"|responded|responds|estimated|estimates|expects|expected|acknowledged|acknowledges"
    r"|revealed|reveals|vowed|vows|pledged|pledges|guessed|guesses|offered|offers"
    r"|ordered|orders|urged|urges|instructed|instructs|requested|requests|demanded|demands"
)
# A name in capitals, up to four words: "Laura Benton", "Dr. Alan Price", "Coach Reyes".
_NAME = r"[A-Z][\w'-]*\.?(?:[ \t][A-Z][\w'-]*\.?){0,3}"
_AUX = r"(?:(?:has|had|also|then|later|once)[ \t]+)?"
# "Benton said", "Benton, the chief executive, said" (an appositive of up to six words).
_SUBJECT = regex(rf"(?P<name>{_NAME})(?:,[ \t][^,.;:\n]{{1,60}},)?[ \t]+{_AUX}(?P<verb>{_VERBS})\b")
# After a quotation: '," said Ortiz', '," said transit chief Helena Ortiz' (lower-case title
# words before the name). Not "told" or "asked": the name after them is who was spoken to.
_AFTER = regex(
    r"[,\"\u201d][ \t]*(?P<verb>said|says|added|adds|wrote|writes|noted|notes|explained"
    rf"|argued|claimed|warned|insisted|continued)[ \t]+(?:[a-z]+[ \t]+){{0,3}}(?P<name>{_NAME})"
)
_ACCORDING = regex(rf"\b[Aa]ccording[ \t]+to[ \t]+(?:[a-z]+[ \t]+){{0,3}}(?P<name>{_NAME})")
_WORD = regex(r"[^\W\d_][\w'-]*")
# Capitalised words that name no one: pronouns, articles, a sentence's openers, titles alone.
_NOBODY_WORDS = (
    "the a an he she it they we i you his her their its this that these those there here but "
    "and or so then also later when while after before as in on at if yes no mr mrs ms miss "
    "dr prof sir madam mx st jr sr today yesterday tomorrow monday tuesday wednesday thursday "
    "friday saturday sunday january february march april may june july august september "
    "october november december"
)
_NOBODY = frozenset(_NOBODY_WORDS.split())
# Verbs whose content is another's: "Priya agreed" to what Leo proposed.
_AGREEING_WORDS = (
    "agreed agrees confirmed confirms replied replies answered answers responded responds "
    "acknowledged acknowledges"
)
_AGREEING = frozenset(_AGREEING_WORDS.split())
_ASKING = frozenset(("asked", "asks"))
# "ordered" of a thing bought, not of an instruction: "ordered it", "ordered two boxes".
_BUYING = frozenset(("ordered", "orders"))
_BOUGHT = regex(
    r"[ \t]+(?:it|them|one|some|a|an|the|his|her|their|my|our|your|another|more|\d+"
    r"|two|three|four|five|six|seven|eight|nine|ten)\b(?![ \t]+to\b)"
)


class Source(NamedTuple):
    """Who a sentence says said something: the name as written, its words (lower case, titles
    and pronouns left out) and the reporting verb."""

    name: str
    words: frozenset[str]
    verb: str

    @property
    def agreeing(self) -> bool:
        """The verb reports taking up another's words ("agreed", "replied")."""
        return self.verb.lower() in _AGREEING

    @property
    def asking(self) -> bool:
        """The verb reports a question ("asked")."""
        return self.verb.lower() in _ASKING


def _source(name: str, verb: str) -> Source | None:
    words = frozenset(w.lower() for w in _WORD.findall(name)) - _NOBODY
    return Source(name, words, verb) if words else None


def sources(text: str) -> list[Source]:
    """Every source ``text`` names, in order of where its name starts (module docstring)."""
    found: list[tuple[int, Source]] = []
    for pattern in (_ACCORDING, _SUBJECT, _AFTER):
        for match in pattern.finditer(text):
            verb = match.groupdict().get("verb") or "according to"
            if verb in _BUYING and _BOUGHT.match(text, match.end()):
                continue  # "Tom ordered it on 4 March": a purchase, not an order given
            source = _source(match["name"], verb)
            if source is not None:
                found.append((match.start("name"), source))
    return [source for _, source in sorted(found, key=lambda pair: pair[0])]


def reported_source(claim: str) -> Source | None:
    """The source a claim reports first ("Helen said the lease ends in September." ->
    Helen, "said"), else None."""
    found = sources(claim)
    return found[0] if found else None


@functools.lru_cache(maxsize=256)
def passage_sources(passage: str) -> frozenset[str]:
    """The words of every source ``passage`` names: who it says said something. Read once per
    passage: every claim of a check asks about the same passages."""
    return frozenset(word for source in sources(passage) for word in source.words)


def words_of(text: str) -> frozenset[str]:
    """The words of ``text``, lower case."""
    return frozenset(w.lower() for w in _WORD.findall(text))


def attributed_to_another(passage: str, evidence: str, claim: str) -> tuple[str, str] | None:
    """When ``evidence`` (a span of ``passage``) says that a named source said what it says
    ("Mayor Carla Ruiz said the city would offer grants"), and ``claim`` gives it to another
    source the passage names ("Laura Benton said the city would offer grants"): the claim's
    source and the evidence's, else None. None too when the evidence names the claim's source
    anywhere or the claim names the evidence's: a sentence of two sources is either's."""
    claimed = reported_source(claim)
    if claimed is None or not claimed.words & passage_sources(passage):
        return None
    quoted = sources(evidence)
    if not quoted or claimed.words & words_of(evidence):
        return None
    in_claim = words_of(claim)
    if any(source.words & in_claim for source in quoted):
        return None
    return claimed.name, quoted[0].name
