"""Everything but the plugin layer works without pytest (STYLE.md point 1)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest_faithful

PACKAGE_DIR = Path(pytest_faithful.__file__).parent
# Every module outside the plugin package, the only one allowed to import pytest.
CORE_MODULES = sorted(
    ".".join(
        ("pytest_faithful", *path.relative_to(PACKAGE_DIR).with_suffix("").parts)
    ).removesuffix(".__init__")
    for path in PACKAGE_DIR.rglob("*.py")
    if path.relative_to(PACKAGE_DIR).parts[0] != "plugin"
)


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
