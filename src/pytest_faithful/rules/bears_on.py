"""``bears-on``: a SUPPORTED verdict's span bears on its claim.

It shares a content word with the claim and holds enough of it (``text.evidence.bears_on``):
".", "the", "30" or "passage 1" are in every passage and prove nothing. A quote that bears on
the claim but shows little of it is shown with the span that covers the claim instead. A quote
that starts just after the negation governing it ("ship to Mexico" out of "We do not ship to
Mexico.") does not bear on a claim that the negation it left out would contradict ("We ship to
Mexico."), as an ellipsis for that negation would not (``text.align.align`` refuses those). So
does a quote that stops just before the restriction of its sentence ("Free shipping is
available" of "... only for members.") for a claim that says its words hold in every case. A
question proves nothing but its asking: one in a turn of a dialogue bears on a claim that
reports its speaker asking it, or a discussion it raised and no decision (:func:`_asked`);
statements before a closing question bear through themselves (:func:`_states_before_asking`). A
bare reply the answer goes on to explain is left to its reasons (``Case.reply_explained``). A
trust rule: in every policy.
"""

from __future__ import annotations

import re
from typing import ClassVar

from pytest_faithful.errors import shorten
from pytest_faithful.models import Label
from pytest_faithful.rules.base import Case, RuleJudges, Ruling
from pytest_faithful.rules.quote_in_passage import elsewhere, missing_evidence
from pytest_faithful.text.align import (
    ALIGN_WORD,
    RESTRICTING,
    UNIVERSAL,
    Aligned,
    fold,
    negation_before,
    restriction_after,
)
from pytest_faithful.text.evidence import bears_on, locate, shows_little_of
from pytest_faithful.text.header_rows import row_stating
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.polarity import negation_clash
from pytest_faithful.text.quoted_values import states_the_value
from pytest_faithful.text.replies import (
    answer_around,
    answering_another,
    replied_alike,
    says_no_to,
    tag_stated,
    without_asking_after,
    yes_or_no,
)
from pytest_faithful.text.segment import goes_on, split_sentences
from pytest_faithful.text.speakers import (
    exchange_around,
    first_speaker_named,
    turn_of,
    words_said,
)
from pytest_faithful.text.tables import other_records, under_header, under_lead_in
from pytest_faithful.text.tables import rows_under as under_header_rows
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.turns import dialogue

WEAK_QUOTE_NOTE = (
    "[the judge's quote shows little of the claim; the evidence is the passage span that covers it]"
)
"""Starts the reason of a SUPPORTED claim shown with a located span in place of a weak quote."""


class BearsOn:
    name: ClassVar[str] = "bears-on"
    judges: ClassVar[RuleJudges] = "all"
    required: ClassVar[bool] = True
    reads_wording: ClassVar[bool] = False
    summary: ClassVar[str] = "the evidence shares enough of the claim's words to bear on it"

    def apply(self, case: Case, ruling: Ruling) -> Ruling:
        ruling = self._bearing(case, ruling)
        span = ruling.span
        if ruling.label is Label.SUPPORTED and span is not None:
            why = answered_otherwise(case, span)
            if why is not None:
                return ruling.demoted(self.name, why, found=False)
        return ruling

    def _bearing(self, case: Case, ruling: Ruling) -> Ruling:
        span = ruling.span
        if span is None:  # quote-in-passage demotes it first
            return ruling
        if cuts_negation(case, span):
            other = elsewhere(case, ruling)
            if other is not None and other.span is not None and not cuts_negation(case, other.span):
                return other
            return ruling.demoted(self.name, CUT_NEGATION_WHY, found=False)
        if cuts_restriction(case, span):
            other = elsewhere(case, ruling)
            if other is not None and other.span is not None and not _restricted(case, other.span):
                return other
            return ruling.demoted(self.name, CUT_RESTRICTION_WHY, found=False)
        if span.method != "located" and (rows := _rows_headed(case, span)) is not None:
            return _row_for_header(case, ruling, span, rows)
        if not ruling.found:
            if (
                not bears_on(span.text(case.passages), case.subject)
                and not _value_stated(case, span)
                and not _goes_on(case, span)
                and not _row_with_header(case, span)
                and not _item_with_lead_in(case, span)
                and not _asked(case, span)
                and not _states_before_asking(case, span)
                and not _answered_yes(case, span)
                and (case.whole_claim or not replied_alike(case.passages, span, case.claim.text))
                and not _tag_stated(case, span)
                and not case.reply_explained  # a bare "No." and the claims with its reasons
            ):
                other = elsewhere(case, ruling) or _exchange(case, ruling, span)
                if other is not None:
                    return other
                return ruling.demoted(
                    self.name, missing_evidence(case.verdict, case.claim, case.passages, span)
                )
            ruling = ruling.with_found()
        return _covering(case, ruling)


EXCHANGE_NOTE = (
    "[the judge's quote is a reply in a dialogue; the evidence is the exchange it belongs to]"
)
"""Starts the reason of a SUPPORTED claim shown with the exchange around a short reply."""


def _value_stated(case: Case, span: Aligned) -> bool:
    """Whether the claim is a bare value the span states (read with the question), or, read for
    itself, one with its rate's words, "£26 a year." (model judges: the lexical judge's own)."""
    quote = span.text(case.passages)
    if not case.whole_claim:
        return states_the_value(quote, case.claim.text)
    return not case.heuristic and states_the_value(quote, case.claim.text, framed=True)


def _exchange(case: Case, ruling: Ruling, span: Aligned) -> Ruling | None:
    """A quote that is a short reply in a dialogue ("7?" for "They agree to meet at 7 pm")
    read with the turn it answers: the ruling shown with that exchange when it bears on the
    claim, else None."""
    passage = case.passages[span.passage]
    around = exchange_around(passage, span.start, span.end)
    if around is None:
        return None
    start, end = around
    # What was said bears on the claim, not who said it ("Leo: Sure!" to "Want tea?").
    if not bears_on(words_said(passage, start, end), case.subject):
        return None
    return ruling.shown(Aligned(span.passage, start, end, span.quality, "located"), EXCHANGE_NOTE)


ANSWERED_WHY = (
    "the evidence is a question in a dialogue and the reply to it ({reply!r}) answers {answer}, "
    "the opposite of what the claim says"
)
# Words a claim reports a reply with ("Ava says ...", "Ovi confirms ..."), not what it says.
_REPORTING = content_terms("says tells confirms agrees answers replies accepts")


def answered_otherwise(case: Case, span: Aligned) -> str | None:
    """Why ``span`` does not support the claim, when it holds or touches a yes/no question of
    a dialogue whose reply answers the other way (:func:`~pytest_faithful.text.replies.
    answer_around`): a yes ("Sure!") for a claim that sides with a no ("Julia refuses to pick
    up the kids"), or a no ("Nope") for a claim that only restates the question ("The shop
    will be open on Easter Monday"). A claim that reports the asking is left alone."""
    passage = case.passages[span.passage]
    if "?" not in passage:  # no question, no answer to one: most passages
        return None
    answer = answer_around(passage, span.start, span.end)
    if answer is None:
        return None
    claim = answering_another(case.claim.text, case.question, answer.question)
    if _ASKING.search(claim) or _discussed(claim):
        return None
    refused = says_no_to(claim, answer.question, answer.asker, answer.replier)
    if answer.yes:
        if not refused:
            return None
    else:
        speakers = content_terms(" ".join(dialogue(passage).speakers))
        restated = content_terms(claim) - speakers - _REPORTING
        if refused or not restated or not restated <= content_terms(answer.question):
            return None
    reply = shorten(answer.reply, 40)
    return ANSWERED_WHY.format(reply=reply, answer="yes" if answer.yes else "no")


# Verbs a claim reports a question or a proposal with ("Anna proposes meeting tomorrow").
_ASKING = regex(
    r"\b(?:ask|propos|suggest|wonder|request|inquir|enquir|invit)(?:e|es|ed|s|ing)?\b",
    re.IGNORECASE,
)


# An offer a question makes ("Would you take £60?"), told by the claim or the check's question.
_OFFERED = regex(r"(?i)\boffer(?:s|ed|ing)?\b")
# Verbs a claim reports a discussion with ("The group discussed disk space"): a question raising
# the topic bears on it, unless the claim reports what was decided, which no question states.
_DISCUSSING = regex(
    r"\b(?:discuss(?:es|ed|ing)?|debat(?:e|es|ed|ing)|talk(?:s|ed|ing)?[ \t]+about"
    r"|rais(?:e|es|ed|ing)[ \t]+(?:the[ \t]+)?(?:question|issue|topic)|brought[ \t]+up)\b",
    re.IGNORECASE,
)
_DECIDING = regex(
    r"\b(?:decid|agree|chose|choos|conclud|settl|approv|reject|resolv|will\b|plan)",
    re.IGNORECASE,
)


def _discussed(claim: str) -> bool:
    """Whether ``claim`` reports a discussion and no decision (:data:`_DISCUSSING`)."""
    return _DISCUSSING.search(claim) is not None and _DECIDING.search(claim) is None


_NO_FIRST = regex(r"(?i)\s*(?:no|nope|nah|not\s+really|wrong)\b")  # "No, it was £33."


def _tag_stated(case: Case, span: Aligned) -> bool:
    """Whether ``span`` is a statement asked back with a tag ("Coming down scree is worse than
    going up it, surely?") whose statement bears on the claim, and that the reply after it
    does not turn down: the tag asks for agreement with what the speaker states."""
    stated = tag_stated(span.text(case.passages))
    reply = _reply_after(case.passages[span.passage], span.end)
    return stated is not None and bears_on(stated, case.subject) and not _NO_FIRST.match(reply)


def _asked(case: Case, span: Aligned) -> bool:
    """Whether ``span`` is a question in one turn of a dialogue that bears on a claim that
    reports its speaker asking it: "Anna: Can we meet tomorrow?" for "Anna proposes meeting
    tomorrow". A question asserts nothing but that it was asked, so the claim must name the
    turn's speaker before any other (not "Tom asks Anna ...") and share a word with what was
    asked (the speaker's name is no such word)."""
    passage = case.passages[span.passage]
    turn = turn_of(passage, span.start, span.end)
    if turn is None and len(case.passages) > 1 and _REPORTS_ASKING.match(case.claim.text):
        # A chat exported a message a passage: the turn is read among the others, for a claim
        # that only reports the asking ("Sam asked if ...", not "Raj agreed ..., but asked").
        at = sum(len(p) + 1 for p in case.passages[: span.passage])
        passage = "\n".join(case.passages)
        turn = turn_of(passage, at + span.start, at + span.end)
    if turn is None or not turn.said.rstrip(" \t\n\"')\u201d").endswith("?"):
        return False
    first = first_speaker_named(passage, case.claim.text)
    if _discussed(case.claim.text) and first is None:
        pass  # "The group discussed disk space." out of "Professor B: What about disk space?"
    elif not _ASKING.search(case.claim.text) or first is None or first not in turn.speaker:
        return False
    asked = turn.said.rstrip(" \t\n\"')\u201d")[:-1]
    return bears_on(asked, case.subject)


_REPORTS_ASKING = regex(
    r"\s*(?:[A-Z][\w'-]*\s+){1,3}(?:(?:of|at|from)\s+(?:[A-Z][\w'&-]*\s+){1,4})?"
    r"(?:ask|propos|suggest|wonder|request|inquir|enquir|invit)\w*\b"
)


# A chat line's timestamp and its speaker's label: "[14:11] Jenna: ".
_LINE_LABEL = regex(r"^\s*(?:\[[^\]\n]{1,24}\]\s*)?(?:[^\W\d_][\w .'-]{0,30}:\s+)?")


def _goes_on(case: Case, span: Aligned) -> bool:
    """Whether the claim goes on from its answer's sentence before ("It's open until 9 p.m. in
    summer and 6 p.m. otherwise. That's 13 hours a day in summer ...") and the quote bears on
    the two read together: the claim's words are that sentence's working, not a topic of
    their own."""
    if not case.before or not case.whole_claim or not goes_on(case.claim.text):
        return False
    return bears_on(span.text(case.passages), f"{case.before} {case.claim.text}")


def _answered_yes(case: Case, span: Aligned) -> bool:
    """Whether ``span`` is a question whose reply, the next line of its passage or the first
    of the next passage (a chat exported a message a passage), answers yes, and the two bear
    on the claim together: "Marcus: Jenna, can you send the updated budget to Omar by Friday?"
    and "Jenna: Yes, I'll send it Thursday evening." for "Jenna will send the budget to Omar
    on Thursday evening". The yes asserts what was asked."""
    quote = span.text(case.passages).rstrip(" \t\n\"')\u201d")
    if not quote.endswith("?") or not case.whole_claim:
        return False  # a bare "Yes." is held to the whole dialogue, not to its first reply
    passage = case.passages[span.passage]
    after = passage[span.end :].lstrip(" \t\"')\u201d")
    if after[:1] not in ("\n", "\r", ""):
        return False  # more of the question's own line: not a reply
    if not after.strip() and span.passage + 1 < len(case.passages):
        after = case.passages[span.passage + 1]
    line = after.strip().split("\n", 1)[0]
    label = _LINE_LABEL.match(line)
    reply = without_asking_after(line[label.end() :] if label else line)
    if not reply or yes_or_no(reply) is not True:
        return False
    return bears_on(f"{quote[:-1]}. {reply}", case.subject)


def _states_before_asking(case: Case, span: Aligned) -> bool:
    """Whether ``span`` ends in a question after statements that bear on the claim: "Then
    let's order another disk. Grad A, can you get a quote?" for "The professor decided to order
    another disk and asked Grad A to get a quote". A claim that takes words only the question
    holds reports asking ("asked", "offered"), not "decided to use a cheaper battery"."""
    quote = span.text(case.passages).rstrip(" \t\n\"')\u201d")
    if not quote.endswith("?"):
        return False
    said = split_sentences(quote)
    stated = next((s for s in reversed(said) if not s.text.rstrip().endswith("?")), None)
    if stated is None or not bears_on(quote[: stated.end], case.subject):
        return False
    claimed = content_terms(case.claim.text)
    asked = content_terms(quote[stated.end :]) - content_terms(quote[: stated.end])
    return (
        not asked & claimed
        or _ASKING.search(case.claim.text) is not None
        or _OFFERED.search(f"{case.claim.text} {case.question or ''}") is not None
        or _discussed(case.claim.text)
        # the reply after the quote answers yes, or says what the claim takes from the question:
        # "Can I take it with food?" "Yes, with or without food is fine." for "... with or
        # without food"; "Can people bring plus-ones?" "Plus-ones are fine if ..."
        or _answered(asked & claimed, _reply_after(case.passages[span.passage], span.end))
    )


def _answered(taken: frozenset[str], reply: str) -> bool:
    return bool(reply) and (yes_or_no(reply) is True or taken <= content_terms(reply))


# Where the next turn of a dialogue written on one line opens: "... fine. Pharmacist: Yes".
_NEXT_TURN = regex(r"(?<=[.!?])\s+[^\W\d_][\w'-]*(?:\s[^\W\d_][\w'-]*)?:\s")
_REPLY_CHARS = 300


def _reply_after(passage: str, end: int) -> str:
    """The turn of a dialogue right after ``passage[:end]``, its label left out."""
    after = passage[end : end + _REPLY_CHARS].lstrip(" \t\"')\u201d")
    label = _LINE_LABEL.match(after)
    reply = after[label.end() :] if label else after
    if not reply or len(reply) == len(after):
        return ""  # no turn of its own opens there
    found = _NEXT_TURN.search(reply)
    return reply[: found.start()] if found else reply.split("\n", 1)[0]


def _row_with_header(case: Case, span: Aligned) -> bool:
    """Whether ``span``, a row of a table (or rows) that holds a term of the claim, bears on
    it read under its table's header row (:func:`~pytest_faithful.text.tables.under_header`):
    "RE 12 | 08:45 | 11:30 | 1" says when the RE 12 arrives under "Arrives", as a short reply
    says something with the turn it answers. The quoted row stays the evidence shown."""
    passage = case.passages[span.passage]
    row, claimed = content_terms(span.text(case.passages)), content_terms(case.claim.text)
    # The row must hold a term of the claim, and the claim name no other row's record.
    if not row & claimed or other_records(passage, span.start, span.end, claimed) - row:
        return False
    read = under_header(passage, span.start, span.end)
    return read is not None and bears_on(read, case.subject)


def _item_with_lead_in(case: Case, span: Aligned) -> bool:
    """Whether ``span``, inside an item of a list, bears on the claim read with the list's
    lead-in (:func:`~pytest_faithful.text.tables.under_lead_in`): "- heartburn" under "Side
    effects of ibuprofen:" for "Ibuprofen can cause heartburn.". The item and the lead-in must
    each hold a term of the claim, so an item is not read for a claim about another record
    ("Paracetamol can cause heartburn."). The quoted item stays the evidence shown."""
    read = under_lead_in(case.passages[span.passage], span.start, span.end)
    if read is None:
        return False
    lead, item = read
    claimed = content_terms(case.claim.text)
    if not content_terms(span.text(case.passages)) & claimed or not content_terms(lead) & claimed:
        return False
    return bears_on(f"{lead} {item}", case.subject)


HEADER_NOTE = (
    "[the judge's quote is a table's header row, which states no value; the evidence is the "
    "row under it that states the claim]"
)
"""Starts the reason of a SUPPORTED claim shown with a table's row in place of its header."""

HEADER_WHY = (
    "the evidence quote is a table's header row, which names columns and states no value, and "
    "no row under it states the claim"
)


def _rows_headed(case: Case, span: Aligned) -> tuple[tuple[int, int], ...] | None:
    """The rows under ``span`` when it is a table's header row alone and the claim states a
    number (a header names what the rows state; the claim's value is in a row), else None."""
    if not any(term[0].isdigit() for term in content_terms(case.claim.text)):
        return None
    return under_header_rows(case.passages[span.passage], span.start, span.end) or None


def _row_for_header(
    case: Case, ruling: Ruling, span: Aligned, rows: tuple[tuple[int, int], ...]
) -> Ruling:
    """A header quoted for a claim shown with the row under it that states the claim
    (:func:`~pytest_faithful.text.header_rows.row_stating`). Demoted when none does."""
    written = frozenset().union(*map(content_terms, case.passages))
    found = row_stating(case.passages[span.passage], rows, case.claim.text, case.subject, written)
    if found is None:
        return ruling.demoted(BearsOn.name, HEADER_WHY)
    located = Aligned(span.passage, found[0], found[1], span.quality, "located")
    return ruling.shown(located, HEADER_NOTE).with_found()


def _covering(case: Case, ruling: Ruling) -> Ruling:
    """The ruling shown with the span that covers the claim when its quote shows little of it
    (:func:`~pytest_faithful.text.evidence.shows_little_of`)."""
    span = ruling.span
    if (
        span is None
        or span.method == "located"
        or not case.locating
        or not case.whole_claim
        or not shows_little_of(span.text(case.passages), case.claim.text)
    ):
        return ruling
    better = locate(case.passages, case.claim.text)
    return ruling if better is None else ruling.shown(better, WEAK_QUOTE_NOTE)


CUT_NEGATION_WHY = (
    "the evidence quote starts just after a negation that governs it, and read with that "
    "negation it says the opposite of the claim"
)


def cuts_negation(case: Case, span: Aligned) -> bool:
    """Whether ``span``, a judge's quote (a located span never is one), starts just after the
    negation governing it in its passage (:func:`~pytest_faithful.text.align.negation_before`)
    and, read with that negation, negates what the claim states, which the quote alone does
    not (:func:`~pytest_faithful.text.polarity.negation_clash`)."""
    if span.method == "located":
        return False
    passage = case.passages[span.passage]
    opening = negation_before(passage, span.start)
    if opening is None:
        return False
    quote = passage[span.start : span.end]
    return negation_clash(case.subject, passage[opening : span.end]) and not negation_clash(
        case.subject, quote
    )


CUT_RESTRICTION_WHY = (
    'the evidence quote stops just before a restriction in its sentence ("except ...", '
    '"only ...", "unless ..."), which limits what the claim says of all or every case'
)


_EXCEPTIONS = frozenset(
    ["except", "excepting", "excluding", "but not", "other than", "apart from", "save for"]
)


def _words(text: str) -> frozenset[str]:
    return frozenset(fold(w) for w in ALIGN_WORD.findall(text))


def _universal(claim: str) -> bool:
    """Whether ``claim`` speaks of all cases ("every day", "all customers", "at any time") and
    names no restriction of its own ("every day except Sundays")."""
    if not _MAY_BE_UNIVERSAL.search(claim):  # most claims
        return False
    words = _words(claim)
    return bool(words & UNIVERSAL) and not words & RESTRICTING


_MAY_BE_UNIVERSAL = regex(r"(?i)\b(?:all|every|any|always|each)")


def cuts_restriction(case: Case, span: Aligned) -> bool:
    """Whether ``span``, a judge's quote (a located span never is one), stops just before a
    restriction in its sentence (:func:`~pytest_faithful.text.align.restriction_after`) and
    the claim says its words hold in all cases, naming not all that the restriction names:
    "Free shipping is available" out of "Free shipping is available only for members." for
    "Free shipping is available to all customers." (not "... to all members."). A claim that
    speaks of no case ("Free shipping is available.") is left to the judge, as an answer that
    leaves a condition out often is faithful."""
    if span.method == "located" or not _universal(case.claim.text):
        return False
    restriction = restriction_after(case.passages[span.passage], span.end)
    if restriction is None:
        return False
    # "all"/"every" the quote says ("open every day" of "open every day only from 9 am") is taken
    # back by an exception ("except on Sundays"), not by "only" or "unless", which limit the rest.
    quoted = _words(span.text(case.passages))
    if _words(case.claim.text) & UNIVERSAL <= quoted and restriction.word not in _EXCEPTIONS:
        return False
    # A claim that names all the restriction names speaks of what it is restricted to ("for
    # all members" of "only for members"), not of every case ("for all items" of "except on
    # clearance items" names no clearance items).
    restricted_to = content_terms(restriction.to)
    return not restricted_to or not restricted_to <= content_terms(case.claim.text)


def _restricted(case: Case, span: Aligned) -> bool:
    """Whether ``span`` holds a restriction (a located span of the whole sentence does) of a
    claim that speaks of all cases."""
    return _universal(case.claim.text) and bool(_words(span.text(case.passages)) & RESTRICTING)
