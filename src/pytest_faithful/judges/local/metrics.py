"""The local judge's answer relevancy and context precision: yes/no readings by the same model.

Both metrics ask a yes/no question, which is the local judge's way of judging: one forward pass,
the next token's probabilities over ``Yes`` / ``No`` / ``Unknown`` (the model's ``OPTION_WORDS``,
so one loaded model serves faithfulness and both metrics), nothing generated.

* Relevancy: "does this statement answer the question?" per claim. Relevant when P(Yes) reaches
  :data:`RELEVANT_AT`. The question comes before the claim, so the instructions and the question
  are a prefix shared by all claims of an answer.
* Precision: "is this passage useful for answering the question?" per passage (with the
  reference answer when there is one). A passage longer than ``chunk_chars`` is read chunk by
  chunk and is useful when any chunk is (reading stops at the first that is).

Each reading is one request through the call cache, keyed like faithfulness readings (exact
prompt, model sha256) with the metric prompts' version :data:`METRIC_VERSION`.
"""

from __future__ import annotations

from collections.abc import Sequence

from pytest_faithful.judges.local.judge import LocalJudge
from pytest_faithful.judges.local.prompt import ask, chunk_passages, few_shot
from pytest_faithful.models import (
    Claim,
    ClaimRelevance,
    PassageUse,
    PassageUses,
    Relevances,
    Usage,
)

METRIC_VERSION = "r1"
RELEVANT_AT = 0.5
"""P(Yes) at or above which a claim is relevant or a passage useful: the model says Yes more
than No and Unknown together."""

QUESTION_MAX_CHARS = 400
REFERENCE_MAX_CHARS = 600


_RELEVANCE_SYSTEM = (
    "You judge whether a statement from an answer addresses the question that was asked.\n"
    "Answer Yes if the statement answers the question, or gives information the question asks "
    "for or that directly bears on it.\n"
    "Answer No if the statement is about something else, or only declines to answer.\n"
    "Answer with one word: Yes or No."
)
_RELEVANCE_EXAMPLES: tuple[tuple[str, str, str], ...] = (
    ("How long does a refund take?", "Refunds reach your card within 5 business days.", "Yes"),
    ("How long does a refund take?", "Our stores are open on Sundays.", "No"),
    (
        "Who painted the ceiling of the chapel?",
        "Michelangelo painted it between 1508 and 1512.",
        "Yes",
    ),
)

_USEFUL_SYSTEM = (
    "You judge whether a retrieved passage is useful for answering a question.\n"
    "Answer Yes if the passage states information needed to answer the question (or, when a "
    "reference answer is given, information the reference answer states).\n"
    "Answer No if the passage is about something else or does not help answer it.\n"
    "Answer with one word: Yes or No."
)
_USEFUL_EXAMPLES: tuple[tuple[str, str, str], ...] = (
    (
        "When does the library close?",
        "The library opens at 9 am on weekdays and closes at 6 pm. The reading room is upstairs.",
        "Yes",
    ),
    (
        "When does the library close?",
        "Members may borrow up to 12 books at a time, and loans last three weeks.",
        "No",
    ),
)


def _relevance_question(question: str, claim: str) -> str:
    return (
        f"Question: {question.strip()[:QUESTION_MAX_CHARS]}\n\nStatement: {claim}\n\n"
        "Does the statement address the question? Answer Yes or No."
    )


def _useful_question(question: str, reference: str | None, passage: str) -> str:
    given = ""
    if reference:
        given = f"\n\nReference answer: {reference.strip()[:REFERENCE_MAX_CHARS]}"
    return (
        f"Question: {question.strip()[:QUESTION_MAX_CHARS]}{given}\n\nPassage:\n{passage}\n\n"
        "Is the passage useful for answering the question? Answer Yes or No."
    )


RELEVANCE_INSTRUCTIONS = few_shot(
    _RELEVANCE_SYSTEM, [(_relevance_question(q, claim), a) for q, claim, a in _RELEVANCE_EXAMPLES]
)
USEFUL_INSTRUCTIONS = few_shot(
    _USEFUL_SYSTEM, [(_useful_question(q, None, passage), a) for q, passage, a in _USEFUL_EXAMPLES]
)


def relevance_prompt(question: str, claim: str) -> str:
    """The whole prompt for one claim; the model's next token is the answer."""
    return RELEVANCE_INSTRUCTIONS + ask(_relevance_question(question, claim))


def useful_prompt(question: str, reference: str | None, passage: str) -> str:
    """The whole prompt for one passage (or chunk of one)."""
    return USEFUL_INSTRUCTIONS + ask(_useful_question(question, reference, passage))


def _odds(yes: float, no: float) -> str:
    return f"P(yes) {yes:.2f}, P(no) {no:.2f} (yes at >= {RELEVANT_AT:.2f})"


class LocalMetrics:
    """Relevancy and precision for a :class:`LocalJudge`: its model, cache and options."""

    def __init__(self, judge: LocalJudge) -> None:
        self._judge = judge

    @property
    def id(self) -> str:
        return self._judge.id

    @property
    def heuristic(self) -> bool:
        return False

    @property
    def metric_version(self) -> str:
        return METRIC_VERSION

    def judge_relevance(self, claims: Sequence[Claim], question: str) -> Relevances:
        usage = Usage()
        relevances = []
        for index, claim in enumerate(claims):
            (yes, no), spent = self._read(relevance_prompt(question, claim.text))
            usage = usage + spent
            relevances.append(
                ClaimRelevance(
                    claim_index=index, relevant=yes >= RELEVANT_AT, reason=_odds(yes, no)
                )
            )
        return Relevances(relevances=tuple(relevances), usage=usage)

    def judge_passages(
        self, passages: Sequence[str], question: str, reference: str | None
    ) -> PassageUses:
        usage = Usage()
        uses = []
        chunk_chars = self._judge.options.chunk_chars
        for index, passage in enumerate(passages):
            chunks = chunk_passages([passage], chunk_chars)
            best: tuple[float, float] | None = None
            read = 0
            for chunk in chunks:
                reading, spent = self._read(useful_prompt(question, reference, chunk.text))
                usage = usage + spent
                read += 1
                if best is None or reading[0] > best[0]:
                    best = reading
                if best[0] >= RELEVANT_AT:
                    break  # useful when any chunk is: the rest cannot change the verdict
            if best is None:
                uses.append(PassageUse(passage_index=index, useful=False, reason="empty passage"))
                continue
            shown = f"; {read} of {len(chunks)} chunks read" if len(chunks) > 1 else ""
            uses.append(
                PassageUse(
                    passage_index=index,
                    useful=best[0] >= RELEVANT_AT,
                    reason=_odds(*best) + shown,
                )
            )
        return PassageUses(uses=tuple(uses), usage=usage)

    def _read(self, prompt: str) -> tuple[tuple[float, float], Usage]:
        (yes, no, _), spent = self._judge.ask(prompt, METRIC_VERSION)
        return (yes, no), spent
