"""The lexical judge's heuristics for answer relevancy and context precision (no model).

Deterministic word overlap on content terms (:func:`pytest_faithful.text.terms.content_terms`),
labelled heuristic wherever they appear (``lexical/vN/relevance-h1``):

* A claim is relevant to the question when it shares a content word with it; when the question
  asks for a quantity ("how long", "how much", "when", ...) and the claim states a number; when
  a yes/no question gets a claim that starts with yes or no; or when it shares a content word
  with a claim already found relevant (an answer's follow-up sentences about the same thing).
  A sentence that declines to answer ("I don't know", "I can't help with that") is not relevant,
  and an answer whose other claims are not relevant either is noncommittal.
* A passage is useful when it holds at least :data:`USEFUL_SHARE` of the reference's content
  words, or every content word of the question and :data:`QUESTION_AND_SOME` of the
  reference's; without a reference, when it holds :data:`QUESTION_SHARE` of the question's
  (questions are short, and a passage that answers one rarely repeats most of its words;
  ``benchmarks/metrics.py`` measured 0.2 best of 0.1-0.5 on BEGIN dialogue turns).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pytest_faithful.models import (
    Claim,
    ClaimRelevance,
    PassageUse,
    PassageUses,
    Relevances,
)
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.terms import content_terms

HEURISTIC_VERSION = "relevance-h1"
USEFUL_SHARE = 0.5
QUESTION_AND_SOME = 0.3
QUESTION_SHARE = 0.2

_ASKS_QUANTITY = regex(
    r"\b(?:how\s+(?:long|many|much|often|far|old|big|soon|fast)|when|what\s+(?:time|year|date"
    r"|day|price|percentage)|price|cost|fee|deadline)\b",
    re.IGNORECASE,
)
_YES_NO_QUESTION = regex(
    r"^\s*(?:do|does|did|is|are|was|were|can|could|will|would|should|has|have|may)\b",
    re.IGNORECASE,
)
_YES_NO = regex(r"^\s*(?:yes|no|yeah|nope|sure|certainly|absolutely)\b", re.IGNORECASE)
_NUMBER = regex(
    r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|"
    r"thirty|forty|fifty|hundred|thousand|million|a\s+(?:day|week|month|year))\b",
    re.IGNORECASE,
)
_DECLINES = regex(
    r"\b(?:i\s+(?:do\s+not|don't|dont)\s+know|not\s+sure|no\s+idea|can(?:not|'t)\s+"
    r"(?:answer|help|say|tell|find|provide)|(?:unable|not\s+able)\s+to\s+(?:answer|help|say|"
    r"tell|find|provide)|(?:do\s+not|don't)\s+have\s+(?:that|this|enough|any)\s+information|"
    r"no\s+information|it\s+depends|i'?m\s+afraid|hard\s+to\s+say|beyond\s+my\s+knowledge)\b",
    re.IGNORECASE,
)


def declines(text: str) -> bool:
    """Whether ``text`` declines to answer ("I don't know", "I can't help with that")."""
    return bool(_DECLINES.search(text))


def judge_relevance(claims: Sequence[Claim], question: str) -> Relevances:
    asked = content_terms(question)
    wants_number = bool(_ASKS_QUANTITY.search(question))
    yes_no = bool(_YES_NO_QUESTION.match(question))
    reasons: dict[int, str] = {}
    declined: set[int] = set()
    terms = [content_terms(c.text) for c in claims]
    for i, claim in enumerate(claims):
        if declines(claim.text):
            declined.add(i)
            continue
        shared = terms[i] & asked
        if shared:
            reasons[i] = f"shares {_listing(shared)} with the question"
        elif wants_number and _NUMBER.search(claim.text):
            reasons[i] = "states a number, and the question asks for one"
        elif yes_no and _YES_NO.match(claim.sentence):
            reasons[i] = "answers the yes/no question"
    grew = True
    while grew:  # follow-up claims about what a relevant claim is about
        grew = False
        for i in range(len(claims)):
            if i in reasons or i in declined:
                continue
            linked = next((j for j in reasons if terms[i] & terms[j]), None)
            if linked is not None:
                reasons[i] = f"shares {_listing(terms[i] & terms[linked])} with a relevant claim"
                grew = True
    relevances = tuple(
        ClaimRelevance(
            claim_index=i,
            relevant=i in reasons,
            reason=reasons.get(i)
            or (
                "declines to answer"
                if i in declined
                else "shares no content word with the question or a relevant claim"
            ),
        )
        for i in range(len(claims))
    )
    return Relevances(relevances=relevances, noncommittal=bool(declined) and not reasons)


def judge_passages(passages: Sequence[str], question: str, reference: str | None) -> PassageUses:
    asked = content_terms(question)
    golden = content_terms(reference) if reference is not None else frozenset()
    uses = []
    for i, passage in enumerate(passages):
        terms = content_terms(passage)
        q_share = _share(terms, asked)
        if golden:
            r_share = _share(terms, golden)
            useful = r_share >= USEFUL_SHARE or (q_share == 1.0 and r_share >= QUESTION_AND_SOME)
            reason = _holds(terms & golden, golden, "the reference")
            if useful and r_share < USEFUL_SHARE:
                reason += "; and every content word of the question"
            if not useful:
                reason += f"; needs {USEFUL_SHARE:.0%}"
        else:
            useful = q_share >= QUESTION_SHARE and bool(terms & asked)
            reason = _holds(terms & asked, asked, "the question")
            if not useful:
                reason += f"; needs {QUESTION_SHARE:.0%}"
        uses.append(PassageUse(passage_index=i, useful=useful, reason=reason))
    return PassageUses(uses=tuple(uses))


def _share(terms: frozenset[str], target: frozenset[str]) -> float:
    return len(terms & target) / len(target) if target else 0.0


def _holds(shared: frozenset[str], target: frozenset[str], what: str) -> str:
    listed = f" ({_listing(shared)})" if shared else ""
    return f"holds {len(shared)}/{len(target)} of {what}'s content words{listed}"


def _listing(terms: frozenset[str], most: int = 5) -> str:
    shown = sorted(terms)[:most]
    return ", ".join(repr(t) for t in shown) + (" ..." if len(terms) > most else "")


class LexicalMetrics:
    """The lexical judge for relevancy and precision: the functions above behind the judge
    protocols of ``judges/base.py``."""

    def __init__(self, judge_id: str) -> None:
        self._judge_id = judge_id

    @property
    def id(self) -> str:
        return self._judge_id

    @property
    def heuristic(self) -> bool:
        return True

    @property
    def metric_version(self) -> str:
        return HEURISTIC_VERSION

    def judge_relevance(self, claims: Sequence[Claim], question: str) -> Relevances:
        return judge_relevance(claims, question)

    def judge_passages(
        self, passages: Sequence[str], question: str, reference: str | None
    ) -> PassageUses:
        return judge_passages(passages, question, reference)
