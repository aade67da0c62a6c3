"""The plugin's markers on a test: each validated where it is written, then merged.

A test's ``faithfulness`` (or metric) markers come from the test itself, its classes and its
module (``pytestmark``), closest first; the closest that sets an argument wins. Each marker is
validated on its own, so an error names the marker's place: the test, ``class
test_x.py::TestY`` or ``module test_x.py``.

Markers are checked as tests are collected (``FaithSession.pytest_make_collect_report``): an
invalid one is a collection error, like an unknown marker under ``--strict-markers``, even on a
test that never calls the fixture it is for. The fixtures reuse the layer found then.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import pytest

from pytest_faithful.judges.registry import JudgeRegistry, JudgeSpec
from pytest_faithful.plugin.declared import MARKER
from pytest_faithful.plugin.metric_settings import LAYERS as METRIC_LAYERS
from pytest_faithful.plugin.settings import LayerSettings, MarkerLayer, validate_marker

if TYPE_CHECKING:
    from _pytest.nodes import Node

LAYERS: dict[str, type[MarkerLayer]] = {MARKER: LayerSettings, **METRIC_LAYERS}
"""Every marker of the plugin and the model of its arguments."""

_VALIDATED = pytest.StashKey[dict[str, tuple[tuple[pytest.Mark, ...], dict[str, Any]]]]()
"""Per item and marker: the marks validated and the layer they gave."""


def place(node: Node, item: pytest.Item) -> str:
    """Where a marker of ``item`` is written, as its error names it."""
    if node is item:
        return item.nodeid
    if isinstance(node, pytest.Class):
        return f"class {node.nodeid}"
    if isinstance(node, pytest.Module):
        return f"module {node.nodeid}"
    return f"{type(node).__name__.lower()} {node.nodeid}"


def marker_layer(item: pytest.Item, marker: str, registry: JudgeRegistry) -> dict[str, Any]:
    """The item's ``marker`` arguments, merged closest first; validated once per item (at
    collection, :func:`collection_problems`) unless its markers changed since (a fixture's
    ``request.applymarker``).

    Raises TypeError or ValueError naming the marker that is wrong and where it is written.
    """
    found = tuple(item.iter_markers_with_node(marker))
    marks = tuple(mark for _, mark in found)
    validated = item.stash.setdefault(_VALIDATED, {})
    known = validated.get(marker)
    if (
        known is not None
        and len(known[0]) == len(marks)
        and all(old is new for old, new in zip(known[0], marks, strict=True))
    ):
        return known[1]
    model = LAYERS[marker]
    merged: dict[str, Any] = {}
    for node, mark in found:
        where = place(node, item)
        if mark.args:
            raise TypeError(
                f"@pytest.mark.{marker} on {where} takes keyword arguments only "
                f"({', '.join(model.model_fields)}), got positional {mark.args!r}"
            )
        layer = validate_marker(model, marker, mark.kwargs, where)
        if "judge" in layer:
            _check_judge(marker, layer["judge"], where, registry)
        if "rules" in layer or "skip_rules" in layer:
            _check_rules(marker, layer, where)
        for key, value in layer.items():
            merged.setdefault(key, value)
    validated[marker] = (marks, merged)
    return merged


def _check_judge(marker: str, spec: str, where: str, registry: JudgeRegistry) -> None:
    try:
        parsed = JudgeSpec.parse(spec)
    except ValueError as exc:
        problem = str(exc)
    else:
        if parsed.kind in registry:
            return
        problem = f"unknown judge kind {parsed.kind!r} in {spec!r}; known kinds: " + ", ".join(
            registry
        )
    raise ValueError(f"invalid @pytest.mark.{marker} on {where}: judge: {problem}")


def _check_rules(marker: str, layer: Mapping[str, Any], where: str) -> None:
    from pytest_faithful.rules import choose

    try:
        choose(layer.get("rules"), layer.get("skip_rules", ()))
    except ValueError as exc:
        raise ValueError(f"invalid @pytest.mark.{marker} on {where}: {exc}") from None


def collection_problems(items: Iterable[pytest.Item], registry: JudgeRegistry) -> list[str]:
    """What is wrong with the plugin's markers on ``items``, each problem once: checked as the
    tests are collected, whether or not a test uses the fixture its marker is for."""
    problems: dict[str, None] = {}
    for item in items:
        for marker in LAYERS:
            try:
                marker_layer(item, marker, registry)
            except (TypeError, ValueError) as exc:
                problems[str(exc)] = None
    return list(problems)
