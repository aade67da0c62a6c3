"""What an LLM judge's replies mean: claims tied to answer sentences, verdicts tied to claims
and passages, and which quotes the verifier would accept. Plain functions of the reply and the
texts; :mod:`.judge` asks, these read.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from pytest_faithful.errors import shorten
from pytest_faithful.judges.llm import prompts
from pytest_faithful.judges.llm.parsing import ParseProblem
from pytest_faithful.models import Claim, Label, Verdict
from pytest_faithful.text.abstentions import is_abstention, restating_headings
from pytest_faithful.text.align import align_in
from pytest_faithful.text.evidence import bears_on, could_bear_on, quoted_within, subject_of
from pytest_faithful.text.segment import Sentence
from pytest_faithful.text.terms import content_terms

ESTIMATED = "estimated (--faith-estimate): not judged"


def estimated_verdict(index: int) -> Verdict:
    """The placeholder verdict of a claim whose verification an estimate did not make."""
    return Verdict(claim_index=index, label=Label.NOT_ENOUGH_INFO, reason=ESTIMATED, evidence="")


def evidence_passages(passages: Sequence[str], texts: Sequence[str]) -> list[int] | None:
    """The passages a quote bearing on ``texts`` (claims, or answer sentences and the
    question) could come from; None (all of them) when that is every passage, or none.

    The verifier accepts no evidence from any other passage (a quote must share a word with
    its claim, and a located span most of them), so sending one costs tokens and gives a small
    model more to misnumber, for no verdict that could stand. Long retrieved lists are mostly
    such passages.
    """
    wanted = frozenset().union(*(content_terms(text) for text in texts))
    shown = [i for i, passage in enumerate(passages) if could_bear_on(passage, wanted)]
    return shown if 0 < len(shown) < len(passages) else None


def one_per_item(numbers: Sequence[int], count: int, what: str) -> list[int]:
    """The item (1..count) each verdict's number names, in the verdicts' order: as written, or,
    when the numbers are 0..count-1, counted from zero as code-trained models do (one of each,
    so nothing else they could mean). A ParseProblem (repaired once, then a JudgeError) unless
    there is then one verdict for each of items 1..count. One item asked and one verdict given:
    it can only be for that item, whatever number it carries (small models copy another
    number there: a passage's, a rank)."""
    if count == 1 and len(numbers) == 1:
        return [1]
    shift = 1 if sorted(numbers) == list(range(count)) else 0
    named = [n + shift for n in numbers]
    if sorted(named) != list(range(1, count + 1)):
        raise ParseProblem(
            f"expected one verdict for each of {what}s 1..{count}, got verdicts for {what}s "
            f"{sorted(named)}"
        )
    return named


class _Stated(Protocol):
    @property
    def claim(self) -> str: ...


_Item = TypeVar("_Item", bound=_Stated)


def stated(items: Sequence[_Item]) -> list[_Item]:
    """The items of an extraction or single-call reply whose claim says something. A claim of
    only whitespace (``{"sentence": 1, "claim": ""}``: the model's way of saying a sentence
    yields none) is no claim, not a broken reply: its sentence, if it states something, is then
    one no claim comes from, repaired or verified whole like any other."""
    return [item for item in items if item.claim.strip()]


def reply_claims(
    items: Sequence[tuple[int, str]], sentences: Sequence[Sentence], *, repairable: bool = True
) -> tuple[list[Claim], str]:
    """The claims of a reply, and what is wrong with their coverage of the sentences ("" if
    nothing). Misplaced claims come back tied to the sentence they share words with.

    ``repairable=False`` reports no problem at all: misplaced claims are moved all the same, and
    the verifier verifies a sentence left without a claim whole
    (:func:`pytest_faithful.check.claims.uncovered`)."""
    terms = [content_terms(s.text) for s in sentences]
    claims: list[Claim] = []
    moved: list[str] = []
    for number, text in items:
        if len(sentences) == 1:
            # Small models put a passage's number where the sentence's belongs; with one
            # sentence there is only one it can come from.
            claims.append(_claim(1, text, sentences))
            continue
        claimed = content_terms(text)
        home = _home_sentence(claimed, number, terms)
        if not 1 <= home <= len(sentences):
            claims.append(_claim(number, text, sentences))  # raises: names no sentence
        elif home != number:
            why = "which shares no word with it" if 1 <= number <= len(sentences) else "of none"
            moved.append(f"claim {shorten(text.strip(), 80)!r} names sentence {number}, {why}")
            claims.append(_claim(home, text, sentences))
        else:
            claims.append(_claim(number, text, sentences))
    if not repairable:
        return claims, ""
    covered = {c.start for c in claims}
    framing = {start for start, _ in restating_headings(sentences)}
    missing = [
        n
        for n, s in enumerate(sentences, 1)
        if terms[n - 1]
        and s.start not in covered
        and s.start not in framing
        and not is_abstention(s.text)
    ]
    problems = []
    if missing:
        numbers = ", ".join(str(n) for n in missing[:10])
        what = "no claims were extracted, but" if not claims else "no claim comes from"
        problems.append(
            f"{what} sentence(s) {numbers} state something: extract their factual claims "
            "(return no claims only for greetings, questions or sentences that only decline "
            "to answer)"
        )
    if moved:
        problems.append(
            f"{'; '.join(moved[:5])}: give each claim the number of the sentence it comes from"
        )
    return claims, "; ".join(problems)


def quote_usable(
    verdict: Verdict, claim: str, question: str | None, passages: Sequence[str]
) -> bool:
    """Whether a verdict needs no quote, or gives one the verifier will accept: its evidence, or
    a quote inside its evidence or reason, in a passage (after small edits) and bearing on the
    claim (for a bare "Yes.", on the question it answers), as the verifier decides it."""
    if verdict.label is not Label.SUPPORTED:
        return True
    subject = subject_of(claim, question)
    aligned = align_in(passages, verdict.evidence, verdict.passage_index)
    if aligned is not None and bears_on(aligned.text(passages), subject):
        return True
    cited = verdict.passage_index
    return quoted_within(passages, subject, verdict.evidence, verdict.reason, cited) is not None


def unquoted_problem(numbers: Sequence[int], what: str) -> str:
    listed = ", ".join(str(n) for n in numbers[:10])
    return (
        f"the SUPPORTED verdict for {what}(s) {listed} gives no evidence that is in a passage: "
        'copy into "evidence" the exact words of one passage that state the claim, and give '
        "that passage's number; if no passage states it, use NOT_ENOUGH_INFO"
    )


def _home_sentence(
    claim_terms: frozenset[str], number: int, terms: Sequence[frozenset[str]]
) -> int:
    """The sentence a claim comes from: the one it names, unless that one shares none of its
    words (and has words to share) or does not exist, while another sentence shares some."""
    named = terms[number - 1] if 1 <= number <= len(terms) else None
    if not claim_terms or (named is not None and (not named or claim_terms & named)):
        return number
    overlaps = [len(claim_terms & t) for t in terms]
    best = max(overlaps)
    return overlaps.index(best) + 1 if best else number


def _claim(number: int, text: str, sentences: Sequence[Sentence]) -> Claim:
    if not 1 <= number <= len(sentences):
        raise ParseProblem(
            f"claim {text!r} names sentence {number}, but there are only {len(sentences)} sentences"
        )
    if not text.strip():
        raise ParseProblem(f"an empty claim for sentence {number}")
    s = sentences[number - 1]
    return Claim(text=text.strip(), sentence=s.text, start=s.start, end=s.end)


def verdict_of(
    index: int,
    judged: prompts.JudgedClaim | prompts.ReadJudgedClaim,
    label: Label,
    passages: Sequence[str],
) -> Verdict:
    # A passage number out of range is read as none: the verifier looks for the quote in
    # every passage (small models miscount), and a quote in none is not evidence.
    cited = judged.passage
    return Verdict(
        claim_index=index,
        label=label,
        reason=judged.reason,
        evidence=judged.evidence,
        passage_index=None if cited is None or not 1 <= cited <= len(passages) else cited - 1,
    )
