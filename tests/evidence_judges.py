"""Judges that show the evidence a test chooses, for the evidence rules' tests."""

from __future__ import annotations

from collections.abc import Sequence

from pytest_faithful.models import Claim
from pytest_faithful.testing import FunctionJudge


def quoting(evidence: str) -> FunctionJudge:
    """A judge that calls every claim SUPPORTED and shows ``evidence`` from passage 0 (empty:
    no quote)."""

    def verdicts(claims: Sequence[Claim], passages: Sequence[str]) -> list[dict[str, object]]:
        return [
            {"claim_index": i, "label": "SUPPORTED", "evidence": evidence, "passage_index": 0}
            for i, _ in enumerate(claims)
        ]

    return FunctionJudge(verdicts)
