"""Claims about the answerer: what an answer says of itself, which no passage can state.

"I'm a big fan of football", "my favourite episode is the first one", "I watched it again last
night": the "I" of an answer is the assistant (or the chatbot, or the person in a dialogue), and
the passages are about something else. A judge that finds the topic in a passage ("Football is a
family of team sports ...") and calls such a claim SUPPORTED has verified the topic, not the
claim. So a SUPPORTED verdict cannot stand for a claim in the first person singular unless a
passage speaks in the first person too (a transcript, an email, a quotation: there the answer's
"I" may be the passage's).

What is not the answerer speaking of itself:

* words in double quotes (a title, "I Will Survive"; a quotation), "i.e.", and list items
  numbered "(i)" or "ii.";
* code: the lines of an example, a span in backticks, a name joined by underscores
  ("my_client", "MY_KEY");
* a frame around a statement ("I think", "I believe", "I can confirm", "I'm sure", "I just
  learned that", "I found that", "I should note that", "To my knowledge", "From what I can see
  in the documents", "Let me explain:", "I checked the policy"): the claim is what follows it;
* the role a chat model opens with ("As an AI assistant, ..."), a label of the sentence;
* a bare reply with no content word of its own ("I do.", "I am."): a yes, which the check
  holds to the question it answers;
* an abstention phrase ("I don't know", "I'm sorry"; :mod:`~pytest_faithful.text.abstentions`);
* a capital "I" after a capitalised word inside a sentence, or before one: a numeral or part of
  a name ("World War I", "I Love Lucy");
* the asker's question restated before its answer ("**Can I expense a taxi?**", "Which apps do
  I need?"): a question that opens with an auxiliary or a question word and speaks to no "you".
* a chat reply that only tells the answerer's liking, which the turn it replies to asked for
  or shared: "I love the NFL!" to "hey do you like the nfl?", "I'm a big fan of them too" to "I
  love Guns N' Roses!" (:func:`liking_asked`). Like a bare "I do.", it answers the turn and
  states nothing a passage could: every other content word of it is the turn's own. A liking
  that brings a word the turn did not say ("I'm a big fan of football" to a turn about
  engineers' pay), or a reply that tells what the answerer did or is ("I watched it as a kid",
  "I'm a nurse"), is still the answerer speaking of itself.

On the 1,000 labelled dev examples, 62 of the 150 unfaithful BEGIN (dialogue) answers speak of
the answerer, against 3 of the 150 faithful ones; the other sources' answers almost never do.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from pytest_faithful.text.abstentions import without_abstentions
from pytest_faithful.text.identifiers import reads_as_code
from pytest_faithful.text.names import in_capitals
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.readings import without_markers
from pytest_faithful.text.segment import sentence_opening
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.words import SPACES, WORD

# Pronouns that are the first person singular wherever they stand; "I" alone is checked in
# context (:func:`_pronoun_i`).
_FIRST_PERSON = frozenset({"i'm", "i've", "i'd", "i'll", "me", "my", "mine", "myself"})
_ANY_FIRST_PERSON = _FIRST_PERSON | {"i"}
_QUOTED = regex(r"\"[^\"]*\"|\u201c[^\u201d]*\u201d")
# Code in an answer: a span in backticks, a word joined by underscores.
_CODE = regex(r"`[^`\n]*`|[\w.]*_[\w.]*")
# "i.e." is "that is", not an "i" who speaks ("defaults to None (i.e., no timeout)").
_THAT_IS = regex(r"(?<![^\W\d_])i\.[^\S\n]?e\.?(?![^\W\d_])", re.IGNORECASE)
# A word that may be one of them ("i" for "i'm"), in any case: what every claim that speaks of
# the answerer has, so a claim without one is let go before it is read word by word.
_MAY_BE_FIRST_PERSON = regex(
    r"(?i)(?<![^\W\d_])(?:"
    + "|".join(sorted({w.split("'")[0] for w in _ANY_FIRST_PERSON}, key=lambda w: (-len(w), w)))
    + r")(?![^\W\d_])"
)
_FRAME = regex(
    (
        r"\bi (?:really |honestly |do |still )?"
        r"(?:think|believe|guess|suppose|know|understand|reckon|would say|'d say|can confirm"
        r"|can tell you|can say)(?: that)?\b"
        # Reported content: "I just learned that the NFL tracks its players" states the tracking.
        r"|\bi (?:just |recently |once |also )?(?:learned|learnt|heard|read|found out|discovered)"
        r"(?: that| about)?\b"
        r"|\bi'm (?:pretty |quite |fairly |very )?(?:sure|certain|confident)(?: that)?\b"
        # What the answer found in its sources: "I found that returns are accepted ...", "I
        # can see that", "I should note that": the claim is what follows "that".
        r"|\bi (?:also |just |can |could )?(?:found|find|see|saw|noticed|notice) that\b"
        r"|\bi (?:should |must |would |'d |want to |would like to |'d like to )?"
        r"(?:note|add|point out|mention|clarify) that\b"
        # Advice, and where the answer's knowledge comes from: "I'd recommend returning it
        # within 30 days", "Based on the information I have, returns are ...".
        r"|\bi(?:'d| would)? (?:recommend|suggest|advise)(?: that)?\b"
        r"|\bbased on (?:the |what )?(?:information|info|context|details|documents|what) i "
        r"(?:have|found|see|was given|can see)\b"
        # Hedges on what the answer knows or read: "To my knowledge, ...", "From what I can see
        # in the documents, ...", "As far as I know, ...", "If I recall correctly, ...".
        r"|\bto (?:the best of )?my knowledge\b|\bas far as i (?:know|can tell|can see)\b"
        r"|\bfrom what i (?:can see|see|read|found|know|understand|can tell)(?: in (?:the )?"
        r"(?:documents?|passages?|context|sources?|information|text))?\b"
        r"|\bif i (?:recall|remember|understand|read (?:this|it|that)) (?:correctly|right)\b"
        # The answer's own steps: "Let me explain: ...", "I checked the documents: ...".
        r"|\blet me (?:explain|clarify|summari[sz]e|break (?:it|this|that) down)\b"
        r"|\bi(?:'ve| have)? (?:checked|looked (?:it |this |that )?up|reviewed|looked (?:at|into|"
        r"through) (?:it|this|that|the (?:documents?|passages?|context|sources?|information|"
        r"policy|docs?|documentation)))\b"
    )
    # Between its words any run of spaces, tabs or line breaks, and either apostrophe: a frame
    # does not stop being one in "i  think", "I\nthink" or "I\u2019m sure".
    .replace(" ", SPACES)
    .replace("'", "['\u2019]"),
    re.IGNORECASE,
)


def about_the_answerer(
    claim: str, passages: Sequence[str], question: str | None = None
) -> str | None:
    """The first word by which ``claim`` speaks of the answerer ("I'm", "my"), or None when it
    does not, when a passage speaks in the first person too, or when it only tells the liking
    that ``question``, the turn it replies to, asked for or shared (module docstring)."""
    if _MAY_BE_FIRST_PERSON.search(claim) is None:
        return None
    if not content_terms(claim):  # a bare reply ("I do.", "I am."): a yes, held to its question
        return None
    if question is not None and liking_asked(claim, question):
        return None
    if reads_as_code(claim):  # an example's lines: "my_client = ...", "for i in range(3):"
        return None
    if _asks_as_the_asker(claim):  # "**Can I expense a taxi?**": the question restated
        return None
    # "(i)", "ii." number items; "Note:" opens the sentence ("Note: Yes I am", "I" the pronoun).
    unquoted = without_markers(_QUOTED.sub(" ", claim[sentence_opening(claim) :]))
    if "`" in unquoted or "_" in unquoted:  # code: "`my_client`", "my_bucket", "MY_KEY"
        unquoted = _CODE.sub(" ", unquoted)
    if "." in unquoted:
        unquoted = _THAT_IS.sub(" ", unquoted)
    spoken = _first_person(_FRAME.sub(" ", without_abstentions(unquoted)))
    if spoken is None or _passages_in_first_person(tuple(passages)):
        return None
    return spoken


# A question that opens with an auxiliary or a question word and speaks to no "you": the
# asker's question, which an answer restates before answering it ("**Can I have lunch with a
# vendor?** Yes, ...", "Which apps do I need? ...", "Does it work with my heat pump?"). Its "I"
# is the asker's and it states nothing; a question put to someone ("Have you seen my dog?") is
# still the answerer's.
_ASKS = regex(
    r"\W*(?:can|could|do|does|did|should|shall|will|would|may|might|must|is|are|am|was|were"
    r"|have|has|how|what|which|when|where|why|who|whom|whose)(?![^\W\d_])[^?]*\?[\W]*",
    re.IGNORECASE,
)
_YOU = regex(r"(?i)(?<![^\W\d_])(?:you|your|yours|yourself|you're|you've|you'd|you'll)(?![^\W\d_])")


def _asks_as_the_asker(claim: str) -> bool:
    text = without_markers(claim[sentence_opening(claim) :])
    return _ASKS.fullmatch(text) is not None and _YOU.search(text) is None


# The words of liking, and of how much: what a reply may add to the turn's own words and still
# only tell the answerer's taste ("I love the NFL!", "I'm a huge fan", "my favourite too").
# "like" and "agree" are stopwords, no content term, so "I like it too!" is a bare reply already.
# On faith-dev (1,000 examples, gold judges; issue 34), this reading lets go one faithful BEGIN
# answer's claim (that answer then passes) and no unfaithful answer's; without the turn's
# asking, or without a word of liking, it would let one unfaithful answer pass.
_LIKING = content_terms(
    "love loves loved loving enjoy enjoys enjoyed enjoying adore adored fan fans"
    " favorite favourite prefer big huge biggest absolutely totally definitely"
)


def liking_asked(claim: str, question: str) -> bool:
    """Whether ``claim`` only tells the answerer's liking ("I love the NFL!") that ``question``,
    the turn it replies to, asks for ("do you like the nfl?", a turn that speaks to "you") or
    shares ("I love Guns N' Roses!", a turn that tells the asker's own liking): a word of liking
    in the claim, and every other content word of the claim one of the turn's."""
    terms = content_terms(claim)
    if not terms & _LIKING or not terms - _LIKING <= content_terms(question):
        return False
    if _YOU.search(question) is not None:
        return True
    return bool(content_terms(question) & _LIKING) and _first_person(question) is not None


# A suite checks many answers against the same few contexts. Any "I" counts here, a numeral's
# too: a passage that might be speaking in the first person leaves the claim to the judge.
@functools.lru_cache(maxsize=64)
def _passages_in_first_person(passages: tuple[str, ...]) -> bool:
    return any(
        w[0].replace("\u2019", "'").lower() in _ANY_FIRST_PERSON
        for p in passages
        for w in WORD.finditer(p)
    )


def _first_person(text: str) -> str | None:
    words = [m[0].replace("\u2019", "'") for m in WORD.finditer(text)]
    shouted = in_capitals(text)  # every word capitalised: an "I" is the pronoun
    for k, word in enumerate(words):
        if word.lower() in _FIRST_PERSON or (
            word in ("I", "i") and (shouted or _pronoun_i(words, k))
        ):
            return word
    return None


def _pronoun_i(words: Sequence[str], k: int) -> bool:
    # A lowercase "i" is a pronoun (chat answers: "i watched it"); a capital one after a
    # capitalised word that does not open the text, or before a capitalised word, is a numeral
    # or part of a name.
    if words[k] == "i":
        return True
    after_name = k > 1 and words[k - 1][0].isupper()
    before_name = k + 1 < len(words) and words[k + 1][0].isupper()
    return not after_name and not before_name
