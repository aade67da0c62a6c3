"""Hooks pytest-faithful declares for other plugins."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from pytest_faithful.judges.registry import JudgeRegistry

hookspec = pluggy.HookspecMarker("pytest")


@hookspec
def pytest_faithful_register_judges(registry: JudgeRegistry) -> None:
    """Register judge kinds: ``registry.register("mykind", factory)``.

    ``factory(spec, options)`` gets the parsed spec (``kind``, ``model``, ``base_url``) and the
    run-wide options (cache directory, record mode, ``options.llm`` settings; wrap a model
    backend with ``options.cached(backend)``) and returns a judge. Then
    ``--faith-judge=mykind:some-model`` selects it. Implement it with
    ``@pytest.hookimpl(optionalhook=True)``: a run without this plugin (``-p no:faithful``)
    refuses a conftest that implements a hook no plugin declares.
    """
