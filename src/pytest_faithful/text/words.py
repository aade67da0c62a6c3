"""The words every reading of text shares: what a word is, which words say nothing checkable
(stopwords) and which negate, the words that write numbers, months and weekdays, and the
initialisms a phrase's runs of words make ("earnings per share": "eps").

One pattern and one list each, so that the term reader, the aligner, the opposites and the
answerer's first person never disagree on where a word ends or whether "nothing" negates.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from pytest_faithful.text.patterns import regex

# A list item's roman number, to ten ("iv.", "(ii)", "IX."): the one pattern every reader of
# list markers uses. ROMAN_LOWER is its lower-case half.
ROMAN_LOWER = r"(?:i{1,3}|iv|vi{0,3}|ix|x)"
ROMAN = r"(?:i{1,3}|iv|vi{0,3}|ix|x|I{1,3}|IV|VI{0,3}|IX|X)"

WORD = regex(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)*")
"""A word: a run of letters, with inner apostrophes, straight or curly ("don't", "O\u2019Neil")."""

SPACE = r"[^\S\n]*(?:\n[^\S\n]*)?"
"""Pattern: the space a reading allows between a number and what it measures, or between the
words of a phrase ("8 pm", "per cent"): none or any run of spaces, tabs and no-break spaces, and
at most one line break, so that "8  pm" and "8\npm" read as "8 pm" and a blank line still
parts them. Linear however long the run."""
SPACES = r"(?:[^\S\n]+(?:\n[^\S\n]*)?|\n[^\S\n]*)"
"""Pattern: :data:`SPACE` that is not empty."""

# A compact English stopword list: function words, auxiliaries, reporting verbs, dialogue fillers
# and hedges, ordinal suffixes ("9th"), and tokenizer artefacts that summarisation models emit
# (unknown-word placeholder, Penn Treebank brackets). None of them is a checkable fact.
# Negations are not here: they decide polarity.
STOPWORDS = frozenset(
    """
    a about above after again against all also am an and any are as at be because been before
    being below between both but by can could did do does doing done down during each else ever
    few for from further get got had has have having he her here hers herself him himself his how
    i if in into is it its itself just let me more most my myself of off on once only or other our
    ours ourselves out over own same she should so some such than that the their theirs them
    themselves then there these they this those through to too under until up upon utmost very was
    we were what when where which while who whom whose why will with would you your yours yourself
    yourselves may might must shall us via per yet
    said say says told according
    yes yeah yep ok okay oh ah um uh hmm wow well sure really actually lol haha hi hello thanks
    thank please like pretty quite much many lot lots thing things something anything
    know think guess agree true
    s t re ve ll d m th st nd rd
    unk lrb rrb lsb rsb
    """.split()  # noqa: SIM905 -- a word list reads better as text than as 170 string literals
)

NEGATIONS = frozenset(
    {"not", "no", "never", "nor", "none", "nobody", "nothing", "neither", "nowhere", "without"}
    | {"cannot"}
    # A verb that denies having what follows: "lacks Dolby Atmos" says what "but not Dolby
    # Atmos" says, and against "supports Dolby Atmos" it is the claim's negation.
    | {"lack", "lacks", "lacked", "lacking"}
    # The contractions chat answers write without their apostrophe ("dont", "isnt"): a claim
    # "Refunds arent available" is negated as much as "Refunds aren't available".
    | {"dont", "doesnt", "didnt", "isnt", "arent", "wasnt", "werent", "cant", "couldnt", "wont"}
    | {"wouldnt", "shouldnt", "hasnt", "havent", "hadnt", "mustnt", "neednt", "aint"}
    # The same in the languages answers most often come in besides English (German, French,
    # Spanish, Portuguese, Dutch): a "nicht" must not pass as the passage's statement. Words
    # that are also English or a prefix ("non", "ne") are left out.
    | {"nicht", "kein", "keine", "keinen", "keinem", "keiner", "keines", "nie", "niemals"}
    | {"pas", "jamais", "aucun", "aucune", "nunca", "jamás", "ningún", "ninguna", "ninguno"}
    | {"tampoco", "não", "nenhum", "nenhuma", "niet", "geen", "nooit"}
)
"""Words that negate what follows them in their clause (besides every "n't" contraction)."""


def is_negation(word: str) -> bool:
    """Whether ``word`` (any case, straight or curly apostrophe) is a negation."""
    folded = word.casefold()
    return folded in NEGATIONS or folded.endswith(("n't", "n\u2019t"))


# A hyphened "non-" before a word: "non-transferable", "non-exclusive".
_NON_HYPHEN = regex(r"(?i)(?<![\w-])(non)-(?=[^\W\d_])")


def joined_non(text: str) -> str:
    """``text`` with each hyphened "non-" joined to its word: "a non-transferable licence" reads
    "a nontransferable licence", one word that says the opposite of "transferable" (read apart,
    the licence would state the very word it denies)."""
    return _NON_HYPHEN.sub(r"\1", text) if "-" in text else text


# Number words, so "three months" matches "3 months". "one" is left out (far more often a
# pronoun, "one of the best", than a count; "one year" and "1 year" match another way, see
# ``terms._ONE``), and so are "hundreds"/"thousands" (amounts, not numbers a passage must repeat).
_NUMBER_NAMES = (
    "zero - two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty"
)
NUMBER_WORDS: Mapping[str, str] = MappingProxyType(
    {word: str(value) for value, word in enumerate(_NUMBER_NAMES.split()) if word != "-"}
    | {"thirty": "30", "forty": "40", "fifty": "50", "sixty": "60", "seventy": "70", "eighty": "80"}
    | {"ninety": "90"}
)
# The words before a figure that say it is not worked to the unit ("about 17,000 more"), read
# by the rules that hold a claim to its own working.
FIGURE_HEDGES = (
    *("about", "around", "roughly", "nearly", "almost", "approximately", "over", "under"),
    "some",
)
MONTHS = (
    *("january", "february", "march", "april", "may", "june", "july", "august"),
    *("september", "october", "november", "december"),
)
# Month abbreviations ("Jan. 5, 2019" = "January 5, 2019"). "may" is a stopword either way
# (a term only beside a day of the month: text/terms.py).
MONTH_ABBREVIATIONS: Mapping[str, str] = MappingProxyType(
    {month[:3]: month for month in MONTHS if month != "may"} | {"sept": "september"}
)
# Weekdays' ("Mon-Fri"), but not "sat", "sun" and "wed", words of their own as often.
DAY_ABBREVIATIONS: Mapping[str, str] = MappingProxyType(
    dict.fromkeys(("mon",), "monday")
    | dict.fromkeys(("tue", "tues"), "tuesday")
    | dict.fromkeys(("thu", "thur", "thurs"), "thursday")
    | dict.fromkeys(("fri",), "friday")
)
# Unit abbreviations that stand for one unit only ("km", "MW"): read as the unit's word, so
# that "Capacity: 6.3 MW" shares a word with "a 6.3-megawatt array". Not those that are as
# often other words or names: "m" (a million), "min" (minimum), "sec", "hr" (HR), "ft" (the
# FT), "gb" (Great Britain), "ml" (machine learning), "mg" (a car), "cm", "mm", "tb", "lb".
UNIT_ABBREVIATIONS: Mapping[str, str] = MappingProxyType(
    dict.fromkeys(("km", "kms"), "kilometre")
    | dict.fromkeys(("kg", "kgs"), "kilogram")
    | {"hrs": "hours", "wks": "weeks", "yrs": "years", "lbs": "pounds", "oz": "ounce"}
    | {"kw": "kilowatt", "mw": "megawatt", "gw": "gigawatt"}
)


# A phrase's words: a comma, a full stop or a bracket ends the phrase, a hyphen does not.
_PHRASE = regex(r"[^\W_]+(?:[^\S\n]*-?[^\S\n]*[^\W_]+)*")


def phrase_initialisms(text: str) -> frozenset[str]:
    """The initialisms of the runs of three to six words of ``text``'s phrases that neither open
    nor end with a function word ("common equity tier 1": "cet1"; not "the earnings per")."""
    found = set()
    for phrase in _PHRASE.finditer(text):
        words = phrase[0].casefold().replace("-", " ").split()
        for start, first in enumerate(words):
            if first in STOPWORDS:
                continue
            for end in range(start + 3, min(start + 6, len(words)) + 1):
                if words[end - 1] not in STOPWORDS:
                    found.add("".join(w[0] for w in words[start:end]))
    return frozenset(found)


RUNNER_UP = regex(r"(?i)\brunners?[-\s]up\b")
"""The one who finished second, in a word ("Runners-up Mow Problems", "was runner-up"): read
whole by the opposites rule, and as a second place by ``unstated-specifics``."""
# Currencies in words and codes beside an amount ("15 dollars", "NOK 1,450"): part of it.
CURRENCY_WORDS = (
    *("usd", "eur", "gbp", "dollar", "dollars", "euro", "euros"),
    *("aud", "cad", "chf", "dkk", "isk", "inr", "jpy", "nok", "nzd", "sek", "zar"),
)
