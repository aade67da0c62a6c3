"""Judges that show the evidence a test chooses, for the evidence rules' tests."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from pytest_faithful import Label, verify
from pytest_faithful.models import Claim, Verdict
from pytest_faithful.testing import FunctionJudge
from pytest_faithful.text.terms import content_terms


def quoting(evidence: str) -> FunctionJudge:
    """A judge that calls every claim SUPPORTED and shows ``evidence`` from passage 0 (empty:
    no quote)."""

    def verdicts(claims: Sequence[Claim], passages: Sequence[str]) -> list[dict[str, object]]:
        return [
            {"claim_index": i, "label": "SUPPORTED", "evidence": evidence, "passage_index": 0}
            for i, _ in enumerate(claims)
        ]

    return FunctionJudge(verdicts)


def best_passage_verdicts(claims: Sequence[Claim], passages: Sequence[str]) -> Iterator[Verdict]:
    for i, claim in enumerate(claims):
        said = content_terms(claim.text)
        best = max(range(len(passages)), key=lambda k: len(said & content_terms(passages[k])))
        yield Verdict(
            claim_index=i,
            label=Label.SUPPORTED,
            reason="the passage says so",
            evidence=passages[best],
            passage_index=best,
        )


def quoting_the_best_passage() -> FunctionJudge:
    """A judge that calls every claim SUPPORTED, quoting the whole passage that shares most
    content words with it, as a careful model quotes a short passage."""
    return FunctionJudge(best_passage_verdicts, id="quoting")


WITH_NAMES = "standard unstated-names"
"""The default with names held too: what a team whose answers must not name anything their
passages do not chooses. ``unstated-names`` is ``strict``'s since stop 49 (README.md, "Rule
sets"), so a test of how names are read runs under this and ``strict``, not the default."""


def passes(answer: str, passages: Sequence[str], question: str | None = None) -> bool:
    """Whether ``answer`` passes the default rules with :func:`quoting_the_best_passage`, the
    judge that is right about every claim of a faithful answer."""
    judge = quoting_the_best_passage()
    return verify(answer, list(passages), question=question, judge=judge).passed


def assert_both_ways(
    faithful: str, changed: str, passages: Sequence[str], rules: str | None = None
) -> None:
    """The faithful answer passes and the same answer with its figure changed fails, both
    checked by :func:`quoting_the_best_passage` under ``rules`` (the default when None)."""
    judge = quoting_the_best_passage()
    assert verify(faithful, list(passages), judge=judge, rules=rules).passed, faithful
    assert not verify(changed, list(passages), judge=judge, rules=rules).passed, changed
