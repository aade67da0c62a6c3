"""Each judge verdict held to the chosen verdict rules, in one loop, into a ClaimVerdict.

The judge's quote is aligned to its passage first; a SUPPORTED verdict then passes through the
rules in order (:mod:`pytest_faithful.rules`) until one demotes it. Whatever the label, the
verdict shows the span the judge relied on when one is in a passage, ``judge_label`` keeps
what the judge said, ``alignment.quoted`` what it quoted, and ``rule`` the rule that demoted
it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pytest_faithful.models import Claim, ClaimVerdict, EvidenceAlignment, Label, Verdict
from pytest_faithful.rules import Case, Rule, RuleSet, Ruling
from pytest_faithful.rules.quote_in_passage import judge_span
from pytest_faithful.text.align import Aligned
from pytest_faithful.text.evidence import bears_on, subject_of
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.segment import BULLET
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.wording import stated_word_for_word


def ruled(
    claims: Sequence[Claim],
    verdicts: Sequence[Verdict],
    passages: Sequence[str],
    question: str | None,
    whole: Mapping[Claim, str],
    heuristic: bool,
    rules: RuleSet,
    answer: Sequence[str] = (),
) -> tuple[ClaimVerdict, ...]:
    """Each verdict held to ``rules``; ``whole`` maps the sentences verified whole to the note
    that says why (:func:`~pytest_faithful.check.claims.whole_notes`); ``answer``: the
    answer's sentences, in order."""
    claim_rules = rules.claim_rules(heuristic)
    before = _sentences_before(answer)
    last_asked = _last_about_asked(claims, question)
    results = []
    for claim, verdict in zip(claims, verdicts, strict=True):
        case = Case(
            claim=claim,
            subject=subject_of(claim.text, question),
            verdict=verdict,
            passages=passages,
            heuristic=heuristic,
            locating=rules.locating,
            question=question,
            before=before.get(claim.sentence, ""),
            explained=last_asked >= claim.end,
        )
        span = judge_span(verdict, passages)
        ruling = Ruling(verdict.label, verdict.reason, span, found=False, quoted=verdict.evidence)
        if verdict.label is Label.SUPPORTED:
            ruling = _held(case, ruling, claim_rules)
        elif span is not None and bears_on(span.text(passages), case.subject):
            ruling = ruling.with_found()
        results.append(_claim_verdict(claim, verdict, ruling, passages, whole.get(claim)))
    return tuple(results)


# A sentence that says it draws on what came before: "So ...", "That means ...", "In total".
_CONCLUDES = regex(
    r"(?i)[^\S\n]*(?:so|therefore|thus|hence|altogether|overall|in\s+total|that(?:'s|\s+is|"
    r"\s+means)|this\s+means)\b"
)
_MOST_ITEMS = 6


def _sentences_before(answer: Sequence[str]) -> dict[str, str]:
    """Each sentence of ``answer`` -> the answer's sentence before it, where its working may
    begin; for a sentence that concludes from a list ("- Winter: four crossings a day / -
    Summer: nine / So there are five fewer in winter"), the list's items together, at most
    ``_MOST_ITEMS`` of them. Not for any sentence after a list: "The in-office option is $200
    cheaper" after a list of two prices says which is cheaper, which no sum checks."""
    before = {}
    for i, said in enumerate(answer):
        if not i:
            continue
        start = i - 1
        concludes = _CONCLUDES.match(said) is not None
        while concludes and start and i - start < _MOST_ITEMS and BULLET.match(answer[start]):
            if not BULLET.match(answer[start - 1]):
                break
            start -= 1
        before[said] = "\n".join(answer[start:i])
    return before


def _held(case: Case, ruling: Ruling, claim_rules: Sequence[Rule]) -> Ruling:
    """``ruling`` through ``claim_rules`` in order, until one demotes it. A rule that only
    compares wordings is passed over while the evidence shown states the claim word for word
    (:attr:`~pytest_faithful.rules.base.Rule.reads_wording`): it would find nothing there."""
    read: tuple[Aligned | None, bool] | None = None
    for rule in claim_rules:
        if rule.reads_wording and case.whole_claim and ruling.span is not None:
            if read is None or read[0] != ruling.span:
                said = stated_word_for_word(case.claim.text, ruling.span.text(case.passages))
                read = (ruling.span, said)
            if read[1]:
                continue
        ruling = rule.apply(case, ruling)
        if ruling.label is not Label.SUPPORTED:
            break
    return ruling


def _claim_verdict(
    claim: Claim,
    verdict: Verdict,
    ruling: Ruling,
    passages: Sequence[str],
    note: str | None,
) -> ClaimVerdict:
    reason = ruling.reason if note is None else f"{note} {ruling.reason}".rstrip()
    span = ruling.span
    shown = (
        span if ruling.found or (span is not None and ruling.label is not Label.SUPPORTED) else None
    )
    return ClaimVerdict(
        claim=claim,
        label=ruling.label,
        reason=reason,
        evidence=verdict.evidence if shown is None else shown.text(passages),
        passage_index=_given(verdict.passage_index, passages) if shown is None else shown.passage,
        evidence_found=ruling.found,
        judge_label=verdict.label,
        alignment=None
        if shown is None
        else EvidenceAlignment(
            method=shown.method,
            quality=round(shown.quality, 4),
            quoted=ruling.quoted,
            cited_passage=verdict.passage_index,
        ),
        rule=ruling.rule,
    )


def _given(cited: int | None, passages: Sequence[str]) -> int | None:
    """The passage a verdict cites, when it is one of those given: a judge of your own may cite
    passage 7 of 1, and the result (and every report, "contexts[7]") would name one that does
    not exist. The LLM judges read an index out of range the same way (no passage cited)."""
    return cited if cited is not None and cited < len(passages) else None


def no_context_verdict(claim: Claim) -> ClaimVerdict:
    """The verdict of a claim checked against no passage: nothing to ask a judge."""
    return ClaimVerdict(
        claim=claim,
        label=Label.NOT_ENOUGH_INFO,
        reason="no context passages were given",
        evidence="",
        passage_index=None,
        evidence_found=False,
        judge_label=Label.NOT_ENOUGH_INFO,
    )


def _last_about_asked(claims: Sequence[Claim], question: str | None) -> int:
    """Where the answer's last claim that says something of what was asked starts (-1 if
    none): a claim that ends before it is followed by reasons, as a bare "No." whose answer
    goes on to give them, not by a remark about something else. Read once per answer."""
    asked = content_terms(question) if question else frozenset()
    return max((c.start for c in claims if asked and content_terms(c.text) & asked), default=-1)
