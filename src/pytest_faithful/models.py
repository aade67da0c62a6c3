"""The data that flows through a faithfulness check, as frozen pydantic models.

Every model here round-trips through JSON exactly
(``Model.model_validate_json(m.model_dump_json()) == m``), because results travel from xdist
workers to the controller and into report files.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, NonNegativeInt, model_validator

from pytest_faithful.vocab import Label as Label
from pytest_faithful.vocab import ScoringPolicy

Index = Annotated[int, Field(ge=0, strict=True)]
"""A position (a claim's, a passage's, an offset) a judge gives: an int, never a bool, a float or
a numeric str that lax validation would read as one (``True`` is not claim 1)."""
Text = Annotated[str, Field(strict=True)]
"""Text a judge gives: a str, never bytes or another value lax validation would turn into one."""


class FrozenModel(BaseModel):
    """The base of every immutable model here: frozen, and unknown fields are an error."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Usage(FrozenModel):
    """What verifying cost: calls a judge made (or replayed), cache hits and tokens."""

    judge_calls: NonNegativeInt = 0
    cache_hits: NonNegativeInt = 0
    input_tokens: NonNegativeInt = 0
    output_tokens: NonNegativeInt = 0

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            judge_calls=self.judge_calls + other.judge_calls,
            cache_hits=self.cache_hits + other.cache_hits,
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
        )


class Claim(FrozenModel):
    """One checkable statement, tied to the answer sentence it came from.

    ``start``/``end`` are character offsets of that sentence in the answer:
    ``answer[claim.start:claim.end] == claim.sentence``.
    """

    text: Text = Field(min_length=1)
    sentence: Text
    start: Index
    end: Index

    @model_validator(mode="after")
    def _offsets_match_sentence(self) -> Claim:
        if self.end - self.start != len(self.sentence):
            raise ValueError(
                f"offsets {self.start}:{self.end} span {self.end - self.start} characters "
                f"but the sentence has {len(self.sentence)}"
            )
        return self


class Verdict(FrozenModel):
    """A judge's raw verdict on one claim, before the verifier checks its evidence."""

    claim_index: Index
    label: Label
    reason: Text = ""
    evidence: Text = ""
    passage_index: Index | None = None


class EvidenceAlignment(FrozenModel):
    """How the evidence shown for a verdict was found in its passage."""

    method: Literal["verbatim", "normalized", "fuzzy", "located"] = Field(
        description="verbatim: the judge's quote is in the passage as given; normalized: word "
        "for word, ignoring case, spacing and punctuation; fuzzy: after small edits (dropped, "
        "added or changed words, an ellipsis, joined sentences), never another number, name or "
        "negation; located: the judge gave no usable quote and the verifier showed the passage "
        "span that best covers the claim."
    )
    quality: float = Field(
        ge=0.0,
        le=1.0,
        description="1.0 for verbatim and normalized; for fuzzy, difflib's word ratio between "
        "the quote and the span; for located, the share of the claim's content words the span "
        "holds.",
    )
    quoted: str = Field(description="The judge's own quote, as it gave it.")
    cited_passage: NonNegativeInt | None = Field(
        description="The passage the judge cited; differs from `passage_index` when the quote "
        "was found in another one."
    )


class ClaimVerdict(FrozenModel):
    """The final verdict on one claim, with the evidence checked against the cited passage."""

    claim: Claim
    label: Label
    reason: str
    evidence: str = Field(
        description="The evidence quote: the passage's own text when it was found there "
        "(`alignment` says how), else what the judge quoted."
    )
    passage_index: NonNegativeInt | None
    evidence_found: bool
    judge_label: Label = Field(
        description="The label the judge gave; differs from `label` when unverifiable "
        "evidence demoted it."
    )
    alignment: EvidenceAlignment | None = Field(
        default=None,
        description="How `evidence` was found in passage `passage_index`; null when it was not.",
    )
    rule: str | None = Field(
        default=None,
        description="The verdict rule that demoted the judge's SUPPORTED (or gave a sentence "
        "its own verdict), e.g. 'negation'; null when no rule did.",
    )


class ExtractedClaims(FrozenModel):
    """What a judge's ``extract_claims`` returns."""

    claims: tuple[Claim, ...]
    usage: Usage = Usage()


class Verdicts(FrozenModel):
    """What a judge's ``verify`` returns: ideally exactly one verdict per claim."""

    verdicts: tuple[Verdict, ...]
    usage: Usage = Usage()


class VerdictCounts(FrozenModel):
    supported: NonNegativeInt = 0
    contradicted: NonNegativeInt = 0
    not_enough_info: NonNegativeInt = 0

    @property
    def total(self) -> int:
        return self.supported + self.contradicted + self.not_enough_info

    def __str__(self) -> str:
        return f"{self.supported}S/{self.contradicted}C/{self.not_enough_info}N"


class FaithfulnessResult(FrozenModel):
    """The outcome of one faithfulness check. ``passed`` is what gates the test."""

    score: float = Field(ge=0.0, le=1.0)
    passed: bool
    threshold: float = Field(ge=0.0, le=1.0)
    scoring: ScoringPolicy
    allow_contradictions: bool
    judge_id: str
    heuristic: bool = Field(description="True when verdicts come from a heuristic, not a model.")
    rules: str = Field(
        default="standard",
        description="The verdict rules the check ran: a policy ('standard', 'strict', "
        "'evidence'), rule names, and any skipped ('standard without negation').",
    )
    claim_verdicts: tuple[ClaimVerdict, ...]
    vacuous: bool = Field(description="True when the answer made no claims to check.")
    usage: Usage
    duration_s: float = Field(ge=0.0)
    explanation: str

    @property
    def counts(self) -> VerdictCounts:
        labels = [cv.label for cv in self.claim_verdicts]
        return VerdictCounts(
            supported=labels.count(Label.SUPPORTED),
            contradicted=labels.count(Label.CONTRADICTED),
            not_enough_info=labels.count(Label.NOT_ENOUGH_INFO),
        )

    @property
    def contradicted(self) -> tuple[ClaimVerdict, ...]:
        return tuple(cv for cv in self.claim_verdicts if cv.label is Label.CONTRADICTED)

    @property
    def unsupported(self) -> tuple[ClaimVerdict, ...]:
        return tuple(cv for cv in self.claim_verdicts if cv.label is not Label.SUPPORTED)


# --- Metrics beside faithfulness (pytest_faithful.metrics) ---------------------------------------

MetricName = Literal["answer_relevancy", "context_precision", "context_recall", "reference"]
"""The metrics beside faithfulness; each names its records, report sections and baseline keys."""

ItemKind = Literal["claim", "passage", "number", "keyword", "exact", "sentence", "citation"]


class MetricItem(FrozenModel):
    """One thing a metric judged: an answer claim, a retrieved passage, a reference number...

    ``ok`` is the item's verdict in the metric's own terms (relevant, useful, supported,
    found); ``reason`` says why; ``label``/``evidence``/``evidence_found`` are set for
    context recall, whose items are the faithfulness verdicts on the reference's claims.
    ``passage_index`` is the passage's position in the ranked list (precision) or the passage
    the evidence cites (recall).
    """

    kind: ItemKind
    text: str
    ok: bool
    reason: str = ""
    part: str | None = Field(
        default=None, description="Reference checks: which check the item belongs to."
    )
    passage_index: NonNegativeInt | None = None
    label: Label | None = None
    evidence: str = ""
    evidence_found: bool | None = None


class MetricPart(FrozenModel):
    """One check of a reference comparison (numbers, keywords, exact, completeness, citations)."""

    name: str
    score: float = Field(ge=0.0, le=1.0)
    passed: bool
    detail: str


class MetricResult(FrozenModel):
    """The outcome of one metric check; ``passed`` is what gates the test.

    ``judge_id`` is ``"reference/v1"`` for the deterministic reference checks (no judge).
    ``noncommittal`` marks an answer relevancy check on an answer that commits to nothing
    (an abstention, or no claims at all): it scores 0.
    """

    metric: MetricName
    score: float = Field(ge=0.0, le=1.0)
    passed: bool
    threshold: float = Field(ge=0.0, le=1.0)
    judge_id: str
    heuristic: bool = Field(description="True when verdicts come from a heuristic, not a model.")
    items: tuple[MetricItem, ...]
    parts: tuple[MetricPart, ...] = ()
    noncommittal: bool = False
    usage: Usage = Usage()
    duration_s: float = Field(ge=0.0)
    explanation: str

    @property
    def failing_items(self) -> tuple[MetricItem, ...]:
        return tuple(item for item in self.items if not item.ok)


class ClaimRelevance(FrozenModel):
    """A judge's verdict on one answer claim: does it address the question?"""

    claim_index: Index
    relevant: bool
    reason: Text = ""


class Relevances(FrozenModel):
    """What a judge's ``judge_relevance`` returns: one verdict per claim, and whether the answer
    as a whole is noncommittal (it evades, hedges or abstains)."""

    relevances: tuple[ClaimRelevance, ...]
    noncommittal: bool = False
    usage: Usage = Usage()


class PassageUse(FrozenModel):
    """A judge's verdict on one retrieved passage: is it useful for answering the question?"""

    passage_index: Index
    useful: bool
    reason: Text = ""


class PassageUses(FrozenModel):
    """What a judge's ``judge_passages`` returns: one verdict per passage."""

    uses: tuple[PassageUse, ...]
    usage: Usage = Usage()
