"""Words of a pair of opposites read in the sense they have, for the opposites rule.

"free of charge", "at no extra cost" and "costs nothing" say "free" (against "fee", "charge",
"extra"). A hyphened "non-" stays apart here: "non-birth parents get 8 weeks" is said beside
"birth parents get 16 weeks", not against it (the negation rule reads "non-transferable" as one
word: :func:`~pytest_faithful.text.words.joined_non`).

"over" and "under" are opposites as comparatives ("over 18", "under budget"), not as the
prepositions of time and of authority: "over the past twelve months" is "during" them, and
"under this Agreement" or "under Section 7.2" is "by the terms of" it. :func:`plain_senses`
writes those two senses as "during" and "per", words of no pair, so for the opposites rule
(:mod:`pytest_faithful.text.contrasts`) a clause "under this Agreement" says nothing against
"what you paid over the twelve months before the claim". The comparatives stay: "over the age
of 65", "under 18", "orders under the limit". Said of a thing against a threshold ("the order
is under the £40 free-shipping threshold", "that's over the limit") the word places the
thing, not the threshold's condition, and is written "against": the passage's "free on
orders over £40" says nothing against it, and whether the thing is under is arithmetic.

A state a sentence awaits ("you can't borrow until it's paid") is one it says does not hold
yet, as the passage's "unpaid fines" does: its words are read as "until then", no statement.
"""

from __future__ import annotations

from pytest_faithful.text.patterns import regex

# "at no charge", "for no extra cost": free, a "no" that negates nothing but the charge (read
# so by the replies' and the bounds' readings too).
NO_CHARGE = r"\b(?:at|for|with)\s+no\s+(?:extra\s+|additional\s+)?(?:cost|charge|fee)s?\b"
# What says "free" in other words: "free of charge", "at no extra cost", "costs nothing".
_FREE = regex(rf"(?i)\bfree\s+of\s+(?:charge|cost)\b|{NO_CHARGE}|\bcosts?\s+nothing\b")

# The words that say which thing the words after them name: "the", "its", "those".
DETERMINER = r"(?:the|a|an|this|that|these|those|its|their|his|her|our|your|my|any|each|such)"
# "over the (past|last|next) 12 months", "over the course of", "over time": during.
_OVER_A_TIME = regex(
    r"(?i)\bover(?=\s+(?:time\b|"
    + DETERMINER
    + r"\s+(?:[\w-]+\s+){0,3}?(?:seconds?|minutes?|hours?|days?|nights?|weeks?|weekends?"
    r"|months?|quarters?|years?|decades?|centur(?:y|ies)|period|course|season)\b))"
)
# "under this Agreement", "under Section 7.2", "under the terms of", "under the new law": by.
_UNDER_AN_AUTHORITY = regex(
    r"(?i)\bunder(?=\s+(?!\d)(?:"  # not a count: "under 3 articles" is a comparative
    + DETERMINER
    + r"\s+)?(?:[\w-]+\s+){0,2}?(?:sections?|clauses?|articles?|paragraphs?|schedules?"
    r"|agreements?|leases?|contracts?|terms|laws?|acts?|regulations?|rules?|statutes?"
    r"|polic(?:y|ies)|plans?|deals?|schemes?|licen[cs]es?|warrant(?:y|ies)|treat(?:y|ies)"
    r"|provisions?|tenanc(?:y|ies)|constitution)\b)"
)


# "the order is under the £40 free-shipping threshold": a thing placed against a threshold.
_AGAINST_A_THRESHOLD = regex(
    r"(?i)\b((?:is|are|was|were|'s|falls?|fell|comes?|came|stays?|sits?|remains?)\s+"
    r"(?:still\s+|just\s+|well\s+|comfortably\s+)?)(?:under|over|below|above)(?=\s+"
    + DETERMINER
    + r"\s+(?:\S+\s+){0,3}?(?:threshold|limit|cut-?off|minimum|maximum|cap|allowance)s?\b)"
)


# "Either one takes 18 minutes", "either of them works": each of the two, not the "either ... or"
# that "both" is the opposite of. No "or" after it in its sentence, and no obligation: "either
# of them must sign" is one of them.
_EITHER_EACH = regex(
    r"(?i)\beither(?=\s+(?:one|of\s+(?:them|these|those|the\s+two))\b"
    r"(?!\s+(?:must|should|shall|needs?|has\s+to|have\s+to)\b))(?![^.;!?]*\bor\b)"
)


# "the most common throw": a superlative, not the quantifier "most" ("most members") that "all"
# is the opposite of; written "utmost", which only "least" and "fewest" are opposites of.
_THE_MOST = regex(r"(?i)\b(the|its|their|his|her|our)\s+most\b")
# "£0.45 each", "2 each": a price or a count per item, no quantifier ("only members" is not
# "each member"); written "apiece", a word of no pair.
_PRICE_EACH = regex(r"(?i)(\d[^\S\n]+)each\b")
# ... and an amount for or off each thing, a few words on ("£15 for each day", "5% off each
# child's fee", "£16.95 a week for each of the other two"), each thing an amount is charged,
# "each request costs £3", and each period, "each year": a rate, no quantifier against a
# claim's "only" ("only the fourth would be charged").
_RATE_EACH = regex(
    r"(?i)(\d[\d,.]*%?(?:[^\S\n]+[^\W\d_]+){0,3}[^\S\n]+)each\b"
    r"|\beach(?=[^\S\n]+(?:[^\W\d_]+[^\S\n]+(?:costs?|is\s+charged)\b|(?:year|month|week|day"
    r"|night|hour|time|term|quarter|season)\b))"
)
# "room-only rates", "an only child": "only" said of a thing, restricting no statement.
_ONLY_OF_A_THING = regex(r"(?i)(?<=[^\W\d_]-)only\b|\bonly(?=[^\S\n]+child\b)")


# "five years old or more", "18 or over", "2 kg or less": a bound on the number before it, no
# comparison of two things (which way a bound points is the bounds reading's: bounds.py).
_OR_BEYOND = regex(
    r"(?i)(\b(?:\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|thirty"
    r"|fifty|hundred)\b(?:[ \t]+[a-z]+){0,2}?)[ \t]+or[ \t]+(?:more|less|fewer|over|under|above"
    r"|below|older|younger|longer|shorter|higher|lower|greater)\b"
)
# "can't borrow until it's paid", "stays closed until repairs are finished": a state awaited,
# which the sentence says does not hold yet ("unpaid fines"); its words are no statement of it.
_UNTIL_A_STATE = regex(
    r"(?i)\b(?:until|till|unless\s+and\s+until)\s+(?:it|they|you|he|she|we|the\s+\w+|\w+s)"
    r"(?:'s|'re|\s+(?:is|are|has\s+been|have\s+been|was|were|gets?|becomes?))\s+[^,;:.!?\n]*"
)


# "the latest estimate" is the most recent one, not "at the latest": written "current", a
# word of no pair, before the things that are issued anew.
_LATEST_ISSUED = regex(
    rf"(?i)\b({DETERMINER})\s+latest(?=\s+(?:estimate|figure|news|report|update|version|data"
    r"|forecast|survey|census|count|number|result|model|edition|issue|release|information"
    r"|guidance|advice|statement|announcement|poll|research|finding|review|draft|round"
    r"|statistic|tally|projection|assessment)s?\b)"
)


def plain_senses(text: str) -> str:
    """``text`` with "free" said in other words written "free", "over" of a time written
    "during", "under" of an authority written "per", "under" a threshold written "against",
    "either one" written "each one", a price's "each" written "apiece", a rate's "per", an
    "only" said of a thing ("room-only") "lone", a superlative's
    "the most" written "the utmost", "the latest" estimate written "the current"
    (module docstring), a bound's "or more" after its number left out, and a state awaited
    "until" written "until then"; nothing else changed."""
    if "free" in text or " no " in text or "nothing" in text:
        text = _FREE.sub("free", text)
    if "over" in text.casefold():
        text = _OVER_A_TIME.sub("during", text)
    if "under" in text.casefold():
        text = _UNDER_AN_AUTHORITY.sub("per", text)
    # A substring of each threshold word: "threshold", "limit", "cap", "minimum", "cut-off".
    if any(hint in text for hint in ("old", "limit", "cap", "mum", "off", "allowance")):
        text = _AGAINST_A_THRESHOLD.sub(r"\1against", text)
    if "ither" in text:
        text = _EITHER_EACH.sub("each", text)
    if "each" in text:
        text = _PRICE_EACH.sub(r"\1apiece", text)
        text = _RATE_EACH.sub(lambda m: f"{m[1] or ''}per", text)
    if "only" in text:
        text = _ONLY_OF_A_THING.sub("lone", text)
    if "most" in text:
        text = _THE_MOST.sub(r"\1 utmost", text)
    if " or " in text:
        text = _OR_BEYOND.sub(r"\1", text)
    if "til" in text:
        text = _UNTIL_A_STATE.sub("until then", text)
    if "latest" in text:
        text = _LATEST_ISSUED.sub(r"\1 current", text)
    return text
