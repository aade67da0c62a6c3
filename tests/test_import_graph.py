"""The package's import graph stays layered: no cycles, no arrow up, pytest only in plugin/.

Counted by ``tools/import_graph.py`` (run it to see the whole graph); see ARCHITECTURE.md.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

TOOL = Path(__file__).resolve().parents[1] / "tools" / "import_graph.py"


@pytest.fixture(scope="module")
def import_graph() -> ModuleType:
    spec = importlib.util.spec_from_file_location("import_graph", TOOL)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while defining
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    return module


@pytest.fixture(scope="module")
def graph(import_graph: ModuleType) -> Any:
    """One reading of the source (about a second: every module parsed), whose facets the tests
    below check; none of them changes it."""
    return import_graph.measure()


def test_no_import_cycles(graph: Any) -> None:
    assert graph.cycles == []


def test_no_arrow_runs_up_a_layer(graph: Any) -> None:
    assert graph.upward == []
    assert graph.unplaced == []


def test_only_the_plugin_package_imports_pytest(graph: Any) -> None:
    users = graph.pytest_users
    assert users
    assert all(
        u == "pytest_faithful.plugin" or u.startswith("pytest_faithful.plugin.") for u in users
    )


def test_the_graph_is_read_from_the_source(graph: Any) -> None:
    assert "pytest_faithful.check.run" in graph.modules
    assert ("pytest_faithful.check.run", "pytest_faithful.text.segment") in graph.arrows


def test_builtin_judges_name_modules_that_exist() -> None:
    """The registry names its built-in factories as strings, which no import tool follows."""
    from pytest_faithful.judges.registry import _BUILTIN_FACTORIES

    for _kind, module, name in _BUILTIN_FACTORIES:
        assert callable(getattr(importlib.import_module(module), name))
