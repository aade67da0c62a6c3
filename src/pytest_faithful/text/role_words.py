"""The closed word lists :mod:`~pytest_faithful.text.roles` reads who did what to whom with,
and a verb's forms: its stem, read the same in every form, and its present, to say it with.

General English usage, not tuned to any data set: the role nouns that name one party of a
relation with two sides (a contract's, a game's, a message's), the verbs and nouns whose two
parties stand in the same relation either way round ("met", "married", "a cousin of"), the
function words that a verb phrase may open with, and the verbs whose past participle is not
written "-ed".
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from pytest_faithful.text.name_words import english_words


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# The parties of a two-sided relation, named by their role: a contract's, a lawsuit's, a
# game's, a message's, a stay's. A plural is read as its singular.
ROLE_NOUNS: Final = _words(
    "buyer seller purchaser vendor lender borrower creditor debtor landlord landlady tenant "
    "lessor lessee licensor licensee employer employee sender recipient receiver plaintiff "
    "defendant claimant respondent appellant petitioner prosecutor host guest winner loser "
    "payer payee insurer policyholder franchisor franchisee mortgagor mortgagee grantor grantee "
    "assignor assignee contractor subcontractor supplier customer merchant client provider "
    "teacher student doctor patient caller driver passenger attacker victim"
)

# Verbs whose two parties do the same thing to each other: "Kim met Jo" is "Jo met Kim".
# Written as their stems (:func:`~pytest_faithful.text.roles.verb_stem`'s forms).
SYMMETRIC_VERBS: Final = _words(
    "meet met marry wed play draw drew tie partner merge collaborate cooperate co-operate "
    "speak spoke talk chat converse face fight fought battle argue clash debate negotiate "
    "compete date divorce border share resemble match trade swap exchange split agree "
    "disagree quarrel feud correspond communicate interact coincide rival team ally unite "
    "reconcile hug kiss embrace greet know knew neighbour neighbor adjoin touch "
    "duel wrestle spar scrimmage shake join accompany connect link equal pair couple"
)

# Verbs whose object is a clause, not a party: in "the caller said their landlord doesn't allow
# it" the landlord is the subject of what was said (who said it is the speaker rule's reading).
CLAUSE_VERBS: Final = _words(
    "say said claim state announce explain add note confirm insist mention reply suggest"
)

# A verb and the particle after it that together name a meeting of equals: "take on".
SYMMETRIC_PHRASES: Final = frozenset(
    (verb, particle)
    for verb, particles in (
        ("take", "on"),
        ("go", "up"),
        ("square", "off up"),
        ("face", "off"),
        ("line", "up"),
        ("match", "up"),
        ("team", "up"),
        ("pair", "up"),
        ("come", "up"),
        ("run", "into"),
        ("bump", "into"),
    )
    for particle in particles.split()
)

# Nouns of a relation or an act two parties share either way round: "Kim is Jo's cousin" is
# "Jo is Kim's cousin"; "the merger of Acme and Bolt".
SYMMETRIC_NOUNS: Final = _words(
    "cousin sibling brother sister twin friend colleague partner spouse husband wife "
    "neighbour neighbor rival teammate classmate roommate flatmate ally opponent peer "
    "counterpart relative fellow contemporary associate co-founder cofounder companion "
    "compatriot namesake equal match merger meeting marriage game fight rivalry war talks deal "
    "partnership alliance collaboration draw tie conversation relationship friendship dispute "
    "border link contact correspondence exchange swap trade agreement contract treaty "
    "derby clash bout duel"
)

# Words a relation's second party stands beside, not under: "sat next to", "beside", "like".
SYMMETRIC_PLACES: Final = _words(
    "with next beside near nearby alongside opposite adjacent among amid like unlike "
    "together same similar equal equivalent identical different separate distinct apart"
)

# Titles and forms of address before a name: a party is named by its other words ("Mr. Park"
# is "Park", "Agent Priya" is "Priya").
TITLES: Final = _words(
    "mr mrs ms miss mx dr sir dame lord lady president chancellor senator sen governor gov "
    "mayor judge justice professor prof king queen prince princess general captain coach "
    "minister premier chief agent officer detective inspector"
)
WEEKDAYS: Final = _words("monday tuesday wednesday thursday friday saturday sunday")

# The forms of "be" (and "get") that make a passive with a past participle after them.
BE: Final = _words("is are was were be been being am get gets got gotten getting become became")

# What opens a verb phrase before its verb: auxiliaries, modals, an infinitive's "to", and the
# adverbs of time and report written there ("reportedly", "later", "then").
AUXILIARIES: Final = _words(
    "has have had having do does did will would shall should can could may might must to "
    "also then later eventually finally ultimately again once recently reportedly allegedly "
    "officially formally still already just soon first last previously subsequently now "
    "often always never usually"
)

# Words that end a clause or join two: two parties either side of one are no subject and object
# of one verb.
CLAUSE_BREAKS: Final = _words(
    "and or but nor while whereas when whenever before after because since although though if "
    "unless until as so vs versus v between both either neither each other respectively which "
    "who whom whose where whereby why how whether than plus nor yet"
)

# What a word before a party makes of it: the object of a preposition, one item of a list, not
# the subject of the verb after it.
NOT_SUBJECT_BEFORE: Final = _words(
    "by to from of for with than and or between against vs versus like as at on in about into "
    "onto over under toward towards via per among beside besides unlike including"
)

DETERMINERS: Final = _words(
    "the a an its their his her our your my this that these those each any every another some"
)

# Function words: no verb or noun of a relation.
FUNCTION_WORDS: Final = (
    DETERMINERS
    | CLAUSE_BREAKS
    | AUXILIARIES
    | BE
    | NOT_SUBJECT_BEFORE
    | _words("it he she they we i you him her them us me")
)
# Marks that may stand between two parties of one relation: a currency, a percent.
INNER_MARKS: Final = frozenset("$%\u20ac\u00a3")
# Titles written short with a full stop ("Mr. Park"): the stop ends no sentence.
TITLE_DOTS: Final = _words("mr mrs ms dr st prof sen gov rep")
JOINS: Final = _words("and or &")
# A dialogue turn's words for its speaker.
FIRST_PERSON: Final = _words("i me my")

# Past tenses and participles not written "-ed" (the past first where it differs), read as
# their verb ("beaten" is "beat").
_IRREGULAR_FORMS: Final = (
    ("beat", "beat beaten"),
    ("bind", "bound"),
    ("bite", "bit bitten"),
    ("bring", "brought"),
    ("build", "built"),
    ("buy", "bought"),
    ("catch", "caught"),
    ("choose", "chose chosen"),
    ("come", "came come"),
    ("draw", "drew drawn"),
    ("drive", "drove driven"),
    ("feed", "fed"),
    ("fight", "fought"),
    ("find", "found"),
    ("forbid", "forbade forbidden"),
    ("forgive", "forgave forgiven"),
    ("give", "gave given"),
    ("go", "went gone"),
    ("grow", "grew grown"),
    ("hear", "heard"),
    ("hide", "hid hidden"),
    ("hit", "hit"),
    ("hold", "held"),
    ("hurt", "hurt"),
    ("keep", "kept"),
    ("know", "knew known"),
    ("lead", "led"),
    ("leave", "left"),
    ("lend", "lent"),
    ("lose", "lost"),
    ("make", "made"),
    ("meet", "met"),
    ("mislead", "misled"),
    ("outrun", "outran outrun"),
    ("outsell", "outsold"),
    ("overtake", "overtook overtaken"),
    ("overthrow", "overthrew overthrown"),
    ("pay", "paid"),
    ("say", "said"),
    ("run", "ran run"),
    ("see", "saw seen"),
    ("seek", "sought"),
    ("sell", "sold"),
    ("shake", "shook shaken"),
    ("send", "sent"),
    ("shoot", "shot"),
    ("show", "showed shown"),
    ("speak", "spoke spoken"),
    ("spend", "spent"),
    ("stand", "stood"),
    ("steal", "stole stolen"),
    ("strike", "struck stricken"),
    ("swear", "swore sworn"),
    ("take", "took taken"),
    ("teach", "taught"),
    ("tell", "told"),
    ("think", "thought"),
    ("throw", "threw thrown"),
    ("undertake", "undertook undertaken"),
    ("win", "won"),
    ("withdraw", "withdrew withdrawn"),
    ("write", "wrote written"),
)
IRREGULAR: Final[Mapping[str, str]] = MappingProxyType(
    {form: base for base, forms in _IRREGULAR_FORMS for form in forms.split()}
)
PARTICIPLES: Final = frozenset(forms.split()[-1] for _, forms in _IRREGULAR_FORMS)
"""The past participles of :data:`IRREGULAR`: a passive's verb after "was" ("was beaten")."""


def verb_stem(word: str) -> str:
    """``word`` (lower case) as its verb's or noun's stem: an irregular form as its verb
    ("beaten", "paid"), then a light suffix stemmer, read the same way on both sides."""
    word = IRREGULAR.get(word, word)
    if len(word) > 4 and word.endswith(("ies", "ied")):
        word = word[:-3] + "y"
    elif len(word) > 5 and word.endswith("ing"):
        word = word[:-3]
    elif (len(word) > 3 and word.endswith("ed")) or (
        len(word) > 4 and word.endswith(("sses", "xes", "zes", "ches", "shes"))
    ):
        word = word[:-2]
    elif len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz":
        word = word[:-1]
    if len(word) > 2 and word[-1] == "e":
        word = word[:-1]
    return word


@functools.lru_cache(maxsize=1024)
def present_form(word: str) -> str:
    """A verb's form to say a relation with: its present ("acquire" for "acquired"), where
    the English word list has it; the form as written otherwise."""
    if word in IRREGULAR:
        return IRREGULAR[word]
    english = english_words()
    candidates: list[str] = []
    if word.endswith(("ied", "ies")):
        candidates.append(word[:-3] + "y")
    if word.endswith("ed"):
        if len(word) > 4 and word[-3] == word[-4]:
            candidates.append(word[:-3])
        candidates += [word[:-2], word[:-1]]
    elif word.endswith("s"):
        candidates += [word[:-1], word[:-2]]
    for candidate in candidates:
        if candidate in english:
            return candidate
    return word
