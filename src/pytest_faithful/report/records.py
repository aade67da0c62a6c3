"""One record per ``assert_faithful`` call: what the reports are built from.

Without xdist the fixture hands each record to the session object; an xdist worker sends its
records to the controller, as plain JSON data, with the report of the test phase that made
them (so a worker that crashes loses at most the checks of the test it was running).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, TypeVar

from pydantic import Field, NonNegativeInt, PositiveInt, model_validator

from pytest_faithful.cost.spend import Spend
from pytest_faithful.models import FaithfulnessResult, FrozenModel, MetricName, MetricResult
from pytest_faithful.redaction import holds_secret, mask_secrets_in, secret_values

ErrorKind = Literal["judge", "judge_unavailable", "budget", "exception", "worker_crashed"]
"""Why an errored check has no result; ``worker_crashed``: the entry stands for the checks of
a test whose pytest-xdist worker crashed while running it (their records were lost)."""


class Repetition(FrozenModel):
    """Where a check stands in a repeated test (``repeat=N``): one of the test's runs, each a
    pytest item of its own (``test[run2of5]``). The runs' checks of one key, or else of one
    index, make one pass rate (``report/pass_rates.py``)."""

    run: PositiveInt = Field(description="Which run of the test made the check, 1 to runs.")
    runs: PositiveInt = Field(description="How many times the test is repeated (repeat=N).")
    test: str = Field(
        description="The test id without the run's part ([run2of5]): the same in every run."
    )
    min_pass_rate: float = Field(
        ge=0.0, le=1.0, description="The share of the runs whose check must pass."
    )
    key: str | None = Field(
        default=None, description="The key= the check gave: its pass rate's baseline key."
    )
    xfail: bool = Field(
        default=False,
        description="The run was an xfail test (by the test's own marker): a check that failed "
        "there is an expected failure, as in any xfail test.",
    )

    @model_validator(mode="after")
    def _run_within_runs(self) -> Repetition:
        if self.run > self.runs:
            raise ValueError(f"run {self.run} of {self.runs}: no such run")
        return self


class _Outcome(FrozenModel):
    """What every record says about how its check ended, and its id in the reports."""

    nodeid: str
    index: NonNegativeInt
    result: FaithfulnessResult | MetricResult | None = None
    estimated: bool = False
    cost: Spend | None = None

    @property
    def status(self) -> str:
        if self.estimated:
            return "estimated"
        if self.result is None:
            return "errored"
        return "passed" if self.result.passed else "failed"

    @property
    def test_id(self) -> str:
        """The node id, with ``#index`` for a test's second and later checks."""
        return self.nodeid if self.index == 0 else f"{self.nodeid} #{self.index}"


class CheckRecord(_Outcome):
    """A check that produced a result, or one that errored (``error`` set, no score).

    The fields after ``judge_id`` were added later and are optional, so records written
    without them still parse: ``path``/``line`` locate the ``assert_faithful`` call
    (rootdir-relative path, 1-based line, for CI annotations), ``answer``/``contexts``/
    ``question`` are what was checked (the HTML report colours the answer and highlights
    evidence in the contexts; ``sources`` names the documents the contexts came from),
    ``error_kind`` says what kind of failure an errored check had.
    """

    nodeid: str
    index: NonNegativeInt
    result: FaithfulnessResult | None = None
    error: str | None = None
    judge_id: str
    path: str | None = None
    line: PositiveInt | None = None
    answer: str | None = None
    contexts: tuple[str, ...] | None = None
    sources: tuple[str | None, ...] | None = Field(
        default=None,
        description="Each passage's source, when contexts were documents with one (metadata "
        "source, file_path, file_name or id; the document's id or node_id); null otherwise.",
    )
    question: str | None = None
    error_kind: ErrorKind | None = Field(
        default=None,
        description="Errored checks only: 'judge' (JudgeError: no usable verdicts), "
        "'judge_unavailable' (UnavailableJudgeError: the judge cannot answer at all), "
        "'budget' (BudgetExceededError: a live call could pass --faith-max-cost), "
        "'exception' (any other exception escaped the judge or the verifier) or "
        "'worker_crashed' (the checks of a test whose xdist worker crashed, lost with it).",
    )
    estimated: bool = Field(
        default=False,
        description="--faith-estimate: the check would call a judge; it has no result.",
    )
    cost: Spend | None = Field(
        default=None, description="Its judge calls and what they cost (null: not metered)."
    )
    repeat: Repetition | None = Field(
        default=None, description="A check of a repeated test: its run (null: not repeated)."
    )


class MetricRecord(_Outcome):
    """One metric check (relevancy, precision, recall, reference): a result, or an error.

    ``index`` counts the test's checks of this metric (0, 1, ...); ``assert_retrieval``
    writes one record per metric it checked, with the same index. ``reference`` is the golden
    answer when the check had one.
    """

    metric: MetricName
    nodeid: str
    index: NonNegativeInt
    result: MetricResult | None = None
    error: str | None = None
    error_kind: ErrorKind | None = None
    judge_id: str
    path: str | None = None
    line: PositiveInt | None = None
    question: str | None = None
    answer: str | None = None
    reference: str | None = None
    contexts: tuple[str, ...] | None = None
    sources: tuple[str | None, ...] | None = None
    estimated: bool = False
    cost: Spend | None = None


_Shown = TypeVar("_Shown", bound=FrozenModel)
IDENTITIES = frozenset(
    {"nodeid", "test", "test_id", "key", "path", "judge_id", "id", "default_judge", "judge"}
)
"""The fields that name a check, its test or its judge: kept as they are, or the entry would
no longer be the test's (a judge's id is redacted where it is made)."""
# Characters JSON writes as escapes: a secret holding one is not found as written in a dump.
_ESCAPED_IN_JSON = frozenset('"\\') | frozenset(map(chr, range(0x20)))


def without_secrets(shown: _Shown, seen: Iterable[str] = ()) -> _Shown:
    """``shown`` (a report, an entry) with every run of a key's characters in the texts it
    holds (the answers, passages, questions, claims, reasons and quotes, the errors) written as
    as many ``*``: the same lengths, so a claim's offsets in its answer and a quote's place in
    its passage still hold.

    Made where an output is made (the report every renderer reads, failure messages, the
    baseline's entries), not for each record as it is kept: most runs write no report, and
    the texts of nearly all hold no key, which one reading of the whole dump tells. ``seen``:
    keys the checks ran with that the environment may no longer hold."""
    secrets = secret_values(seen)
    if not secrets:
        return shown
    readable = not any(c in _ESCAPED_IN_JSON for value in secrets for c in value)
    if readable and not holds_secret(shown.model_dump_json(), secrets):
        return shown
    dumped = shown.model_dump(mode="json")
    masked = mask_secrets_in(dumped, secrets, IDENTITIES)
    return shown if masked == dumped else type(shown).model_validate(masked)
