"""pytest-faithful: claim-by-claim faithfulness checks for RAG answers, in pytest and out of it."""

from __future__ import annotations

from pytest_faithful.api import verify
from pytest_faithful.errors import CacheMissError, FaithfulnessError, JudgeError
from pytest_faithful.judges.base import Judge
from pytest_faithful.judges.local_settings import LocalOptions
from pytest_faithful.judges.registry import JudgeOptions, JudgeRegistry, JudgeSpec, builtin_registry
from pytest_faithful.judges.tuning import LLMOptions
from pytest_faithful.models import (
    Claim,
    ClaimVerdict,
    ExtractedClaims,
    FaithfulnessResult,
    Label,
    Usage,
    Verdict,
    Verdicts,
)

__all__ = [
    "CacheMissError",
    "Claim",
    "ClaimVerdict",
    "ExtractedClaims",
    "FaithfulnessError",
    "FaithfulnessResult",
    "Judge",
    "JudgeError",
    "JudgeOptions",
    "JudgeRegistry",
    "JudgeSpec",
    "LLMOptions",
    "Label",
    "LocalOptions",
    "Usage",
    "Verdict",
    "Verdicts",
    "builtin_registry",
    "verify",
]
