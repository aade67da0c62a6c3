"""Everything but the plugin layer works without pytest (STYLE.md point 1)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

CORE_MODULES = [
    "pytest_faithful",
    "pytest_faithful.api",
    "pytest_faithful.cache",
    "pytest_faithful.calls",
    "pytest_faithful.evidence",
    "pytest_faithful.judges.lexical",
    "pytest_faithful.judges.llm",
    "pytest_faithful.judges.provider_judges",
    "pytest_faithful.providers.anthropic_backend",
    "pytest_faithful.providers.openai_backend",
    "pytest_faithful.judges.registry",
    "pytest_faithful.models",
    "pytest_faithful.report.terminal",
    "pytest_faithful.segment",
    "pytest_faithful.settings",
    "pytest_faithful.testing",
    "pytest_faithful.verifier",
]


def test_core_imports_and_verifies_without_pytest() -> None:
    script = textwrap.dedent(
        f"""
        import importlib, sys
        sys.modules["pytest"] = None  # any "import pytest" now raises ImportError
        for name in {CORE_MODULES!r}:
            importlib.import_module(name)
        from pytest_faithful import verify
        result = verify("Returns are accepted within 30 days.",
                        ["Returns are accepted within 30 days of delivery."], judge="lexical")
        assert result.passed, result
        print("ok")
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
