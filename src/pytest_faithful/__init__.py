"""pytest-faithful: claim-by-claim faithfulness checks for RAG answers, in pytest and out of it.

The names below load on first access (PEP 562): pytest imports this package for the plugin in
every run, and most runs never touch pydantic models or judges.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pytest_faithful.api import (
        averify,
        averify_reference,
        averify_relevancy,
        averify_retrieval,
        verify,
        verify_reference,
        verify_relevancy,
        verify_retrieval,
    )
    from pytest_faithful.cases import Case, CaseFileError, load_cases
    from pytest_faithful.errors import (
        BudgetExceededError,
        CacheMissError,
        FaithCacheWarning,
        FaithfulnessError,
        JudgeError,
        MetricError,
        UnavailableJudgeError,
        UnsupportedMetricError,
    )
    from pytest_faithful.judges.base import Judge
    from pytest_faithful.judges.llm.options import LLMOptions
    from pytest_faithful.judges.local.options import LocalOptions
    from pytest_faithful.judges.registry import (
        JudgeRegistry,
        JudgeSpec,
        builtin_registry,
        installed_registry,
    )
    from pytest_faithful.judges.resources import JudgeOptions
    from pytest_faithful.metrics.retrieval import RetrievalResult
    from pytest_faithful.models import (
        Claim,
        ClaimVerdict,
        ExtractedClaims,
        FaithfulnessResult,
        Label,
        MetricItem,
        MetricResult,
        Usage,
        Verdict,
        Verdicts,
    )
    from pytest_faithful.plugin.fixture import AssertFaithful
    from pytest_faithful.plugin.metric_fixture import (
        AssertReference,
        AssertRelevant,
        AssertRetrieval,
    )

_WHERE: dict[str, str] = {
    "AssertFaithful": "pytest_faithful.plugin.fixture",
    "AssertReference": "pytest_faithful.plugin.metric_fixture",
    "AssertRelevant": "pytest_faithful.plugin.metric_fixture",
    "AssertRetrieval": "pytest_faithful.plugin.metric_fixture",
    "BudgetExceededError": "pytest_faithful.errors",
    "CacheMissError": "pytest_faithful.errors",
    "Case": "pytest_faithful.cases",
    "CaseFileError": "pytest_faithful.cases",
    "Claim": "pytest_faithful.models",
    "ClaimVerdict": "pytest_faithful.models",
    "ExtractedClaims": "pytest_faithful.models",
    "FaithCacheWarning": "pytest_faithful.errors",
    "FaithfulnessError": "pytest_faithful.errors",
    "FaithfulnessResult": "pytest_faithful.models",
    "Judge": "pytest_faithful.judges.base",
    "JudgeError": "pytest_faithful.errors",
    "JudgeOptions": "pytest_faithful.judges.resources",
    "JudgeRegistry": "pytest_faithful.judges.registry",
    "JudgeSpec": "pytest_faithful.judges.registry",
    "LLMOptions": "pytest_faithful.judges.llm.options",
    "Label": "pytest_faithful.models",
    "LocalOptions": "pytest_faithful.judges.local.options",
    "MetricError": "pytest_faithful.errors",
    "MetricItem": "pytest_faithful.models",
    "MetricResult": "pytest_faithful.models",
    "RetrievalResult": "pytest_faithful.metrics.retrieval",
    "UnavailableJudgeError": "pytest_faithful.errors",
    "UnsupportedMetricError": "pytest_faithful.errors",
    "Usage": "pytest_faithful.models",
    "Verdict": "pytest_faithful.models",
    "Verdicts": "pytest_faithful.models",
    "averify": "pytest_faithful.api",
    "averify_reference": "pytest_faithful.api",
    "averify_relevancy": "pytest_faithful.api",
    "averify_retrieval": "pytest_faithful.api",
    "builtin_registry": "pytest_faithful.judges.registry",
    "installed_registry": "pytest_faithful.judges.registry",
    "load_cases": "pytest_faithful.cases",
    "verify": "pytest_faithful.api",
    "verify_reference": "pytest_faithful.api",
    "verify_relevancy": "pytest_faithful.api",
    "verify_retrieval": "pytest_faithful.api",
}

__all__ = [
    "AssertFaithful",
    "AssertReference",
    "AssertRelevant",
    "AssertRetrieval",
    "BudgetExceededError",
    "CacheMissError",
    "Case",
    "CaseFileError",
    "Claim",
    "ClaimVerdict",
    "ExtractedClaims",
    "FaithCacheWarning",
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
    "MetricError",
    "MetricItem",
    "MetricResult",
    "RetrievalResult",
    "UnavailableJudgeError",
    "UnsupportedMetricError",
    "Usage",
    "Verdict",
    "Verdicts",
    "averify",
    "averify_reference",
    "averify_relevancy",
    "averify_retrieval",
    "builtin_registry",
    "installed_registry",
    "load_cases",
    "verify",
    "verify_reference",
    "verify_relevancy",
    "verify_retrieval",
]
# One list for tools (ruff, mypy, IDEs) and one map for the lazy import; a test keeps them equal.


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    # Not cached in this module's globals: the submodule in sys.modules stays the one source,
    # also when a harness (pytester) drops and re-imports modules between runs.
    return getattr(importlib.import_module(module), name)


def __dir__() -> list[str]:
    return sorted([*globals(), *_WHERE])
