"""Abstentions: answer sentences that decline to answer, and so state nothing to check.

"I don't know.", "I'm sorry, I don't have that information.", "I'm not sure." or "The
passages do not say." make no claim: an answer made only of them is vacuous (score 1.0), in
every judge, because the verifier drops claims tied to them (see ``check/claims.py``). A sentence
that abstains *and* states something ("I'm not sure, but the store opens at 9am.") is not an
abstention: it is judged like any other.

The rule: a sentence is an abstention when it contains at least one phrase of
:data:`ABSTENTIONS` and, once every such phrase is taken out, nothing is left but words about
the exchange itself (:data:`EXCHANGE_WORDS`: the question, the answer, the context and its
information), so "I don't know *the answer to that question*." and "No information
*available*." abstain. Any other content word
(:func:`~pytest_faithful.text.terms.content_terms`) is something the sentence states. A phrase
that declines to say something about the sources ("the passages do not mention *the refund
window*", "there is no information *about shipping*", "I cannot answer *that based on the
context*") takes the rest of its clause with it, up to a comma, ``;``, ``:``, a sentence end or
a word that opens another clause ("but", "however", ...), unless that rest holds a number (a
figure a reader could check); one whose verb has the sources' silence as its predicate ("*the
refund window* is not mentioned in the passages") takes its clause's subject the same way. A
personal one does not: "I don't know *how much those flags weigh*" and "I'm not aware *of any
store in Paris*" keep their topic and are judged. The sources may be named by their kind ("The
brochure doesn't say *whether it's refunded*", "The minutes don't give *a count*"), with a verb
of saying only: "The policy doesn't cover flood damage" states a term of the world. (Measured
on faith-dev with the lexical judge: letting "I don't know" / "I'm not sure" take their clause
made one more BEGIN answer vacuous that its annotators call not attributable, 0.730 -> 0.729
overall.) A phrase with no subject ("No information available.", "Cannot be determined from the
context.", "Unknown.") counts only as a whole sentence: "No data is sent to third parties."
states a fact, and its "no" stays a negation for the verifier's checks.

Extending the list: :data:`ABSTENTIONS` is a tuple of regular expressions (matched on the
lowercased sentence with straight apostrophes, at word boundaries). A judge object may carry
an ``abstentions`` attribute with more patterns (``LexicalJudge(abstentions=(...))``, or a
custom judge's attribute); the verifier adds them to the built-in ones for that judge's checks.
The LLM judges' extraction prompts describe the same thing (:data:`ABSTENTION_RULE`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence

from pytest_faithful.text.lead_ins import leads_in
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.segment import Sentence, is_fence, is_heading, is_table_header
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.words import WORD

_NOT = r"(?:do not|don't|dont|does not|doesn't|did not|didn't)"
_CANT = (
    r"(?:i (?:can't|cannot|can not|couldn't|could not|am unable to|am not able to|was unable to"
    r"|was not able to)|(?:i'm|im) (?:unable|not able) to)"
)
_I_AM = r"(?:i am|i'm|im)"
_ISNT = r"(?:is not|isn't|'s not|are not|aren't|was not|wasn't|were not|weren't)"
_CONTEXT = (
    r"(?:the |this |that |these |those |your |my |any )?(?:provided |given |available "
    r"|retrieved |supplied |attached )?"
    r"(?:context|contexts|passage|passages|document|documents|docs|text|texts|source|sources|"
    r"information|info|data|material|materials|excerpt|excerpts|knowledge base)"
)
_SAY = (
    r"(?:say|mention|specify|specifie|state|contain|include|provide|cover|addresse|answer|tell"
    r"|give|indicate|discusse|offer|show|explain|describe|reference|list)s?"
)
_INFO = (
    r"(?:information|info|data|details|detail|answer|answers|knowledge|idea|clue|record|records"
    r"|context|mention|reference|indication|evidence)"
)
# The sources named by their kind, as an answer about a page, a chat or a letter names them.
_SOURCE_KIND = (
    r"(?:the |this |that |these |those |your |their |her |his )?(?:(?:web ?)?page|website|site"
    r"|article|brochure|leaflet|notice|letter|e-?mails?|messages?|thread|chat|conversation"
    r"|transcript|minutes|report|policy|handbook|guide|faq|advert|listing|changelog|release notes"
    r"|notes|spec sheet|price list|timetable|schedule|menu|terms|agreement|contract|biography"
    r"|statement|announcement|update|summary|booking conditions|visitor information|estimate"
    r"|quote|invoice|table|entry)"
)
# ... and only its verbs of saying: "The policy doesn't cover flood damage" and "The package
# doesn't include transfers" state a term of the world, not the sources' silence.
_SAY_ONLY = r"(?:say|mention|specify|specifie|state|give|list|tell|indicate|explain|confirm)s?"
# Clause boundaries and the words that open another clause: a declining phrase takes its clause
# with it, never the next one.
_OPENS_CLAUSE = r"(?!\b(?:but|however|although|though|yet|whereas|while|because|since|and)\b)"
# A phrase that declines to say something may take the rest of its clause: no number, no
# clause boundary, no word that opens another clause.
_REST = rf"(?:\s+(?:{_OPENS_CLAUSE}[^,;:.!?\d])*)?(?=[\s,;:.!?]|$)"
# ... and, when the sources are its subject's verb ("The refund window is not mentioned in the
# passages."), the clause before it: from the sentence start or a , ; : up to the phrase.
_LEAD = rf"(?:^|(?<=[,;:]))(?:{_OPENS_CLAUSE}[^,;:.!?\d])*?"

# Words that speak of the exchange (the question, the answer) and of the sources (the context,
# its information), never of the world. They are not something an abstention states: "I don't
# know *the answer to that question*", "No information *available*".
EXCHANGE_WORDS: tuple[str, ...] = (
    "answer", "answers", "answered", "question", "questions", "query", "request", "requested",
    "ask", "asked", "asking", "context", "contexts", "passage", "passages", "document",
    "documents", "doc", "docs", "text", "texts", "source", "sources", "information", "info",
    "data", "detail", "details", "material", "materials", "excerpt", "excerpts", "record",
    "records", "topic", "subject", "matter", "mention", "mentioned", "provided", "given",
    "available", "found", "relevant", "enough", "sufficient", "specific", "additional",
    "further", "more", "based", "regarding", "related",
)  # fmt: skip
_FUNCTION_WORDS = (
    "is are was were be been to of on in about for from with within using the a an this that "
    "these those it any such your my me you here there what us at time moment now right "
    "currently"
)
# An abstention that is the whole sentence and has no subject ("No information available.",
# "Cannot be determined from the context."): only exchange and function words may follow it.
_EXCHANGE_OR_FUNCTION = "|".join((*EXCHANGE_WORDS, *_FUNCTION_WORDS.split()))
_TAIL = rf"(?:\s+(?:{_EXCHANGE_OR_FUNCTION}))*\W*$"
# ... and the same up to the end of its clause, for a phrase that only the sources may follow.
_CLAUSE_END = rf"(?:\s+(?:{_EXCHANGE_OR_FUNCTION})\b)*(?=\s*(?:[,;:.!?]|$))"
_START = r"^\W*"
_DETAILS = r"(?:info|information|details)"
# A web address as answers write it: bare, or in angle brackets.
_ADDRESS = r"<?(?:https?://|www\.)[^\s<>]+>?"
# Whom an answer tells its reader to ask when unsure.
_ADVISER = (
    r"(?:(?:own |local )?(?:doctor|gp|pharmacist|physician|nurse|healthcare (?:provider"
    r"|professional)|insurer|insurance provider|lawyer|solicitor|attorney|accountant|tax adviser"
    r"|tax advisor|financial (?:adviser|advisor)|hr|hr department|manager|landlord|agent"
    r"|estate agent|support team|customer support))"
)
_SIGN_OFF = (
    r"(?:cheers|you're welcome|you are welcome|no problem|my pleasure|good luck|take care"
    r"|welcome aboard|welcome to the team|(?:best|kind|warm) regards|best wishes"
    r"|have a (?:great|good|nice|wonderful|lovely) (?:day|one|week|weekend|evening|trip))"
)

ABSTENTIONS: tuple[str, ...] = (
    # not knowing
    rf"\bi {_NOT} (?:really |actually )?know\b",
    r"\b(?:i have |there is |there's |i've got )?no (?:idea|clue)\b",
    rf"\b{_I_AM} (?:not|un)(?: really| quite| entirely| completely)? ?(?:sure|certain)\b",
    rf"\b{_I_AM} uncertain\b",
    rf"\b{_I_AM} not aware\b",
    rf"\b{_CANT} (?:say|tell|answer|determine|confirm|verify|find|locate|identify|know"
    rf"|comment|respond|be sure|be certain){_REST}",
    # Serving verbs decline only with the answer or information as their object: "I can't
    # provide refunds on sale items" and "I can't help with returns of opened software" state
    # a policy.
    rf"\b{_CANT} (?:provide|give|share|offer|access)(?: you)?(?: with)? (?:that |this |the |any "
    rf"|more |further |specific |such |an |a )*{_INFO}{_REST}",
    rf"\b{_CANT} (?:help|assist)(?: you)?(?: with (?:that|this|it|your question|the question"
    rf"|this question|that question))?{_CLAUSE_END}",
    rf"\bit(?: is|'s) (?:unclear|not clear|unknown|not known|(?:impossible|not possible) to "
    rf"(?:say|tell|know|determine|answer|confirm)){_REST}",
    rf"\b(?:this|that|it|the question|this question|that question|your question|the answer) "
    rf"(?:cannot|can't|can not|could not|couldn't) be (?:determined|answered|confirmed|verified"
    rf"|known|found){_REST}",
    # not having the information
    rf"\bi {_NOT} have (?:that |this |the |any |enough |such |specific |more |further "
    rf"|the specific |access to (?:that |this |the |any )?)?{_INFO}{_REST}",
    rf"\bi {_NOT} have access to{_REST}",
    rf"\bi have no (?:specific |further |more |such )?{_INFO}{_REST}",
    rf"\bthere(?: is|'s| are| was| were) (?:no|not enough|not any|insufficient) "
    rf"(?:specific |relevant |further |additional |such )?{_INFO}{_REST}",
    rf"\bthere (?:isn't|aren't|wasn't|weren't) (?:any |enough )?(?:specific |relevant )?{_INFO}"
    rf"{_REST}",
    # Only the sources may follow: "This is not available for international orders." and "This
    # information is not provided to third parties." state something.
    rf"\b(?:that|this)(?: information| info| answer| detail| details)? {_ISNT} (?:available|"
    rf"provided|mentioned|specified|given|stated|included)(?: in {_CONTEXT})?{_CLAUSE_END}",
    rf"\b(?:the|this|that|such) (?:answer|information|info)(?: you (?:requested|asked for|are "
    rf"looking for|want|need))? {_ISNT} (?:(?:available|provided|mentioned|specified|given"
    rf"|stated|included|found|known|there)\b(?: in {_CONTEXT})?|in {_CONTEXT}){_CLAUSE_END}",
    # One pattern for the sources as subject: each alternative scanning for them costs as much.
    rf"\b{_CONTEXT} (?:(?:do|does|did) not {_SAY}|(?:don't|doesn't|didn't) {_SAY}"
    rf"|(?:has|have|contains?|gives?|provides?|offers?|includes?) no {_INFO}|(?:is|are) silent\b)"
    rf"{_REST}",
    rf"\bnothing in {_CONTEXT}{_REST}",
    # ... and by their kind ("The brochure doesn't say whether it's refunded", "The minutes
    # don't give a count of affected customers", "It doesn't say whether she was the first").
    rf"\b{_SOURCE_KIND} {_NOT} {_SAY_ONLY}{_REST}",
    rf"(?:^|(?<=[,;:]))\W*it {_NOT} (?:say|mention|specify|state)s?{_REST}",
    # The participle is needed: "The bug is not in the source code." states where the bug is.
    rf"{_LEAD}\b(?:{_ISNT} |not )(?:mentioned|specified|stated|provided|given|covered|addressed"
    rf"|included|available|found|present|contained|listed|described|discussed) (?:in|within) "
    rf"{_CONTEXT}{_REST}",
    # whole sentences without a subject
    rf"{_START}(?:no|not enough|insufficient) (?:specific |relevant |further |additional |such "
    rf"|more )?{_INFO}{_TAIL}",
    rf"{_START}(?:cannot|can't|can not|could not|couldn't) be (?:determined|answered|confirmed"
    rf"|verified|known|found){_TAIL}",
    rf"{_START}(?:unknown|unclear|uncertain|not sure|not certain|not known|no comment|n/a|hard "
    rf"to say|(?:impossible|not possible) to (?:say|tell|know|determine)){_TAIL}",
    # talk about the exchange itself: courtesies and an answer's own framing, which the LLM
    # judges' prompts skip too ("Skip greetings ... talk about the conversation")
    r"\b(?:i )?hope (?:this|that|it|the above) (?:helps|answers|clarifies)\b",
    r"\blet me know if (?:you (?:have|need|want|would like) |there(?: are| is|'s) )?(?:any )?"
    r"(?:other |more |further |additional )?(?:questions?|anything else(?: (?:that )?i can "
    r"(?:help(?: you)?(?: with)?|do(?: for you)?))?|help|assistance)\b",
    # An offer of more, with only its if-clause or the kind of help it offers ("Feel free to
    # ask if anything is unclear.", "Let me know if you'd like details on hotels as well."):
    # no number, so a figure it names is still judged.
    rf"\bfeel free to (?:ask|reach out)\b(?:\s+if{_REST})?",
    rf"{_START}(?:(?:just|please|do) )?let me know if you(?:'d| would) like (?:(?:more|further"
    rf"|additional|some|any) )?(?:details|information|info|help|a (?:comparison|summary|breakdown"
    rf"|(?:code )?sample)|an (?:overview|example)|examples|me to){_REST}{_TAIL}",
    # ... and the offer of whatever the reader may need next, or of help if something is unclear
    # ("Let me know if you need the wiring steps.", "Let me know if anything is unclear!"): the
    # whole sentence, one clause, no number.
    rf"{_START}(?:(?:just|please|do) )?let me know if (?:you (?:need|want)|(?:anything|something"
    rf"|any of this|this|that|it) (?:is|seems|was) (?:unclear|confusing)){_REST}{_TAIL}",
    # A word of care to the person asked ("I hope your child feels better soon!", "I'm sorry to
    # hear about your laptop."), and the advice to ask a professional that closes an answer
    # ("If you're unsure, it's always best to check with a pharmacist.", "This is not medical
    # advice; please consult your doctor."): each only as the whole sentence or clause, so
    # "Talk to your doctor before use if you have liver problems." is judged.
    rf"{_START}(?:i )?hope (?:you|your [a-z' ]+?|they|he|she) (?:feels?|gets?|are|is) (?:feeling "
    rf")?better(?: soon)?{_TAIL}",
    r"\b(?:this|it) (?:is not|isn't) (?:intended as |meant as )?(?:medical|legal|financial|tax"
    r"|professional|investment) advice\b",
    rf"(?:^|(?<=[;:]))\W*(?:if (?:you|they)(?:'re| are) (?:unsure|not sure|in doubt|uncertain)"
    rf"[^,;:.!?\d]*,\s*)?(?:(?:it's|it is) (?:always )?(?:best|a good idea|wise|advisable) to "
    rf"|please |(?:you|we) (?:should|may want to|recommend) )?(?:always )?(?:check|consult"
    rf"|contact|speak|talk|ask)(?: with| to)? (?:a |an |your |the )?{_ADVISER}(?: or (?:a |an "
    rf"|your |the )?{_ADVISER})?(?: directly| first| for (?:advice|guidance|confirmation))?{_TAIL}",
    rf"{_START}(?:great|good|excellent|interesting) question{_TAIL}",
    # A sentence that only says what was asked ("The question asks about shipping.", "You
    # asked whether it ships to Canada."): one clause, no number.
    rf"{_START}(?:(?:the|your|this|that) question (?:asks|is asking|was asking|is|was)"
    rf"|you(?:'re| are| were)? ask(?:ed|ing)?|you (?:want|wanted|would like|'d like) to know)"
    rf" (?:about|whether|if|how|what|when|where|why|who|which)\b"
    rf"(?:\s+(?:{_OPENS_CLAUSE}[^,;:.!?\d])*)?\W*$",
    r"\b(?:i'm |i am )?(?:happy|glad) to help\b",
    # ... and a chat assistant's other words to the person it answers ("I can help with that.",
    # "Thanks for asking.", "I understand your concern.", "Sorry to hear that!", "Happy
    # shopping!"): each only as the whole sentence, so that nothing it goes on to state is lost.
    rf"{_START}(?:i can|i'd be (?:happy|glad) to|let me) (?:help(?: you)?(?: with (?:that|this|it"
    rf"|your question))?|explain|check|look into (?:that|this|it)){_TAIL}",
    rf"{_START}thanks?(?: you)? (?:for (?:asking|your question|reaching out|contacting us|your "
    rf"patience)|so much){_TAIL}",
    rf"{_START}i (?:understand|hear you|see)(?: your (?:concern|frustration|question|point))?"
    rf"{_TAIL}",
    rf"{_START}(?:i'm |i am )?sorry to hear (?:that|this|about (?:that|this|(?:your|the) "
    rf"[^,;:.!?\d]*)){_TAIL}",
    rf"{_START}(?:happy|enjoy your) (?:shopping|cooking|baking|travels?|travelling|traveling"
    rf"|reading|listening|watching|learning){_TAIL}",
    # ... and its sign-offs ("Cheers!", "You're welcome!", "Have a great day!").
    rf"{_START}{_SIGN_OFF}(?:\W*(?:and )?{_SIGN_OFF})*{_TAIL}",
    # ... and the confidence an application asks its model to rate its answer with
    # ("Confidence: high", "(confidence: 0.92)"): the answer's word on itself, not the world's.
    rf"{_START}confidence(?: level| score)?[^\S\n]*[:=\u2013\u2014-][^\S\n]*(?:very |fairly "
    rf"|quite )?(?:high|medium|moderate|low|\d{{1,3}}(?:\.\d+)?[^\S\n]*%?|0?\.\d+)\W*$",
    # ... and a pointer to a page by its address ("See https://acme.io/returns for details.",
    # "More information: <https://...>"): the source an application cites, nothing it states.
    rf"{_START}(?:(?:for |to (?:learn|read) )?(?:more|further|full|additional) {_DETAILS}[,:]?"
    rf"\s*|(?:learn|read) more[,:]?\s*)?(?:(?:please )?(?:you can )?(?:see|visit|check(?: out)?"
    rf"|read|refer to|go to|consult|find (?:more |further |full )?{_DETAILS} (?:at|on))(?: the "
    rf"(?:docs|documentation|page|article|guide|faq|website|site|link))?(?: at| here| on)?[,:]?"
    rf"\s*)?{_ADDRESS}(?:\s+for (?:more |further |full |additional )?{_DETAILS})?{_TAIL}",
    rf"{_START}if you have (?:any )?(?:other |more |further |additional )?questions?,? "
    rf"(?:(?:just|please) )?(?:ask|let me know|reach out|feel free to ask|contact (?:the |your )?"
    rf"{_ADVISER}){_TAIL}",
    r"\bhere(?:'s| is| are) (?:what you (?:need|should|want) to know|what i found"
    r"|a (?:short |brief |quick )?(?:summary|overview|breakdown)"
    r"|the (?:short |brief )?(?:summary|overview|answer)|the details)\b",
    # apologies and hedges that come with an abstention
    rf"\b{_I_AM} (?:sorry|afraid)\b",
    r"\b(?:sorry|unfortunately|apologies|regrettably)\b",
    r"\bi (?:apologize|apologise)\b",
)
"""The usual English ways to decline to answer, as regular expressions (module docstring)."""

ABSTENTION_RULE = (
    'A sentence that only declines to answer ("I don\'t know.", "I\'m not sure.", "The '
    'passages do not say.") yields no claim; one that declines and also states something yields '
    "claims for what it states."
)
"""How the LLM judges' prompts describe an abstention: the same rule as :func:`is_abstention`."""


_EXCHANGE_TERMS = content_terms(" ".join(EXCHANGE_WORDS))
# Every phrase of ABSTENTIONS has one of these words: a sentence without any (most sentences)
# is no abstention, found at a fraction of the cost of the phrases themselves.
_MAY_ABSTAIN = regex(
    r"\b(?:not?|nothing|cannot|unable|unclear|unknown|uncertain|unsure|impossible|insufficient"
    r"|silent|sorry|afraid|unfortunately|apologi[sz]e|apologies|regrettably|hard to say|n/a"
    r"|hope|let me know|feel free|question|help|here|ask(?:ed|ing)?|to know|thanks?|understand"
    r"|hear|happy|enjoy|explain|check|look into|see|cheers|welcome|problem|pleasure|luck|take"
    r"|regards|wishes|have a|better|advice|consult|contact|speak|talk)\b"
    r"|n't\b|://|\bwww\.|\bconfidence\b"
)


def _may_abstain(lowered: str, extra: tuple[str, ...]) -> bool:
    return bool(extra) or _MAY_ABSTAIN.search(lowered) is not None


@functools.lru_cache(maxsize=64)
def _compiled(extra: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in (*ABSTENTIONS, *extra)))


def _lowered(text: str) -> str:
    return text.lower().replace("\u2019", "'").replace("\u2018", "'")


def is_abstention(text: str, extra: Iterable[str] = ()) -> bool:
    """Whether ``text`` (one sentence) only declines to answer (module docstring).

    ``extra``: more patterns, added to :data:`ABSTENTIONS` for this call.
    """
    return _abstains(text, tuple(extra))


# A pure function of its text, asked for every answer sentence of every check (and again by
# relevancy); replayed suites repeat the same answers.
@functools.lru_cache(maxsize=4096)
def _abstains(text: str, extra: tuple[str, ...]) -> bool:
    lowered = _lowered(text)
    if not _may_abstain(lowered, extra):
        return False
    rest, found = _compiled(extra).subn(" ", lowered)
    return bool(found) and content_terms(rest) <= _EXCHANGE_TERMS


def without_abstentions(text: str, extra: Iterable[str] = ()) -> str:
    """``text`` with its abstention phrases taken out: what it states besides declining, in its
    own case where lowering keeps every offset (it does for all but a few letters, "İ")."""
    lowered = _lowered(text)
    extra = tuple(extra)
    if not _may_abstain(lowered, extra):
        return text
    source = text if len(lowered) == len(text) else lowered
    kept, at = [], 0
    for found in _compiled(extra).finditer(lowered):
        kept.append(source[at : found.start()])
        at = found.end()
    kept.append(source[at:])
    return " ".join(kept)


def restating_headings(sentences: Sequence[Sentence]) -> frozenset[tuple[int, int]]:
    """The spans of the headings and labels among ``sentences`` that frame the answer rather
    than state something: a heading that names nothing the other sentences do not state
    ("## Refunds" over "Refunds take 30 days."), and a label that opens what follows: a
    heading, or a line ending in a colon, of at most two content words besides the exchange's
    own ("**Pricing**", "Key features:", "Here is a concise summary of the passage:") and no
    number. They are not judged, so that they neither pad the score (a supported "Refunds")
    nor fail a faithful answer. A heading that names something new and more ("## Shipping to
    Mars is free") is judged. A code fence's opening line ("```bash") and a table's header
    ("| Plan | Price |" over "|---|---|") are never judged either."""
    fences = frozenset(
        (s.start, s.end) for s in sentences if is_fence(s.text) or is_table_header(s.text)
    )
    # A lead-in that counts the list under it, "Two things:" (text/lead_ins.py).
    fences |= {
        (s.start, s.end)
        for k, s in enumerate(sentences)
        if s.text.rstrip().endswith(":") and leads_in(sentences, k, _OWN)
    }
    # The framing sentences' places (a set: a list's membership test for every sentence took
    # time quadratic in an answer of many headings).
    framing = {
        k
        for k, s in enumerate(sentences)
        if (is_heading(s.text) or s.text.rstrip().endswith(":"))
        and ((_labels(s.text) and k + 1 < len(sentences)) or is_heading(s.text))
    }
    if not framing:
        return fences
    said: set[str] = set()
    for k, s in enumerate(sentences):
        if k not in framing:
            said |= content_terms(s.text)
    return fences | {
        (h.start, h.end)
        for k, h in enumerate(sentences)
        if k in framing
        and (content_terms(h.text) <= said or (_labels(h.text) and k + 1 < len(sentences)))
    }


_LABEL_WORDS = 2


def _labels(text: str) -> bool:
    """Whether ``text`` is short enough to be a label: at most two content words besides the
    exchange's own ("summary" of "the passage" counts one), no number and no name (a
    capitalised word after the first: "## Shipping to Mars" names something)."""
    terms = content_terms(text) - _EXCHANGE_TERMS - _FRAMING_TERMS
    if len(terms) > _LABEL_WORDS or any(t[0].isdigit() for t in terms):
        return False
    return not any(w[0].isupper() for w in WORD.findall(text)[1:])


# Words an answer's framing of itself uses besides the exchange's ("a concise summary").
_FRAMING_TERMS = content_terms(
    "here summary overview key main points following below above brief short nutshell glance"
)


_OWN = _EXCHANGE_TERMS | _FRAMING_TERMS  # an answer's words about the exchange and itself


def states_something(text: str, extra: Iterable[str] = ()) -> bool:
    """Whether ``text`` (one sentence) has content words and is not an abstention."""
    return bool(content_terms(text)) and not is_abstention(text, extra)
