"""Start-up cost: what a pytest run loads when the plugin is installed but checks nothing.

pytest imports the plugin in every run of every project that installs it, so the plugin
module and what pytest calls before the first check stay light; pydantic, diskcache, the judge
modules and the report writers load on first use. ``benchmarks/overhead.py`` measures the
time; these tests keep the import graph from growing back.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

# Never needed before a check runs (or a report is written).
HEAVY = (
    "pydantic",
    "diskcache",
    "sqlite3",
    "anthropic",
    "openai",
    "llama_cpp",
    "pytest_faithful.models",
    "pytest_faithful.cache.store",
    "pytest_faithful.check",
    "pytest_faithful.rules",
    "pytest_faithful.plugin.fixture",
    "pytest_faithful.judges.llm.judge",
    "pytest_faithful.judges.local.judge",
    "pytest_faithful.judges.llm.factories",
    "pytest_faithful.report.model",
    "pytest_faithful.report.outputs",
)

# A conftest that writes down, as the run ends, which of the heavy modules were loaded.
RECORDER = f"""
import json, sys

def pytest_unconfigure(config):
    loaded = [name for name in {HEAVY!r} if name in sys.modules]
    with open("loaded.json", "w") as out:
        json.dump(loaded, out)
"""


def test_importing_the_plugin_loads_nothing_heavy() -> None:
    script = textwrap.dedent(
        f"""
        import json, sys
        import pytest_faithful.plugin
        print(json.dumps([name for name in {HEAVY!r} if name in sys.modules]))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


def _run(pytester: pytest.Pytester, *args: str) -> tuple[pytest.RunResult, list[str]]:
    """Run one trivial test; the result and the heavy modules loaded by the end."""
    pytester.makeconftest(RECORDER)
    pytester.makepyfile("def test_one():\n    assert True\n")
    # langsmith's plugin (it comes with langchain-core, in the docs-test extra) imports
    # pydantic in every run where it is installed: its cost, not this plugin's.
    result = pytester.runpytest_subprocess("-p", "no:langsmith_plugin", *args)
    result.assert_outcomes(passed=1)
    loaded: list[str] = json.loads((pytester.path / "loaded.json").read_text())
    return result, loaded


def test_a_quiet_run_that_checks_nothing_loads_nothing_heavy(pytester: pytest.Pytester) -> None:
    _, loaded = _run(pytester, "-q")
    assert loaded == []


def test_the_run_header_builds_the_judge_without_loading_models(
    pytester: pytest.Pytester,
) -> None:
    # The header names the judge and says whether it is heuristic, so it builds the default
    # (lexical) judge; the judge's pydantic models wait for its first verdict.
    result, loaded = _run(pytester)
    result.stdout.fnmatch_lines(["faithful: judge: lexical/* (heuristic:*)*"])
    assert loaded == []


def test_a_configured_provider_judge_does_not_import_its_sdk_for_the_header(
    pytester: pytest.Pytester,
) -> None:
    # Building the judge opens its call cache (diskcache), but the SDK, its HTTP stack and the
    # event loop thread wait for the first call that misses the cache.
    result, loaded = _run(pytester, "--faith-judge=openai:gpt-4o-mini")
    result.stdout.fnmatch_lines(["faithful: judge: openai:gpt-4o-mini/*"])
    assert "pytest_faithful.judges.llm.factories" in loaded
    assert "openai" not in loaded


def test_lazy_package_names_resolve_to_their_modules() -> None:
    import pytest_faithful
    from pytest_faithful import models
    from pytest_faithful.plugin import fixture

    assert pytest_faithful.Label is models.Label
    assert pytest_faithful.AssertFaithful is fixture.AssertFaithful
    assert set(pytest_faithful.__all__) == set(pytest_faithful._WHERE)
    assert set(pytest_faithful.__all__) <= set(dir(pytest_faithful))
    for name in pytest_faithful.__all__:
        assert getattr(pytest_faithful, name) is not None
    with pytest.raises(AttributeError, match="no_such_name"):
        pytest_faithful.no_such_name  # noqa: B018
