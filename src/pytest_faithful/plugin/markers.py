"""The plugin's markers on a test: each validated where it is written, then merged.

A test's ``faithfulness`` (or metric) markers come from the test itself, its classes and its
module (``pytestmark``), closest first; the closest that sets an argument wins. Each marker is
validated on its own, so an error names the marker's place: the test, ``class
test_x.py::TestY`` or ``module test_x.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from pytest_faithful.plugin.metric_settings import LAYERS as METRIC_LAYERS
from pytest_faithful.plugin.options import MARKER
from pytest_faithful.plugin.settings import LayerSettings, MarkerLayer, validate_marker

if TYPE_CHECKING:
    from _pytest.nodes import Node

LAYERS: dict[str, type[MarkerLayer]] = {MARKER: LayerSettings, **METRIC_LAYERS}
"""Every marker of the plugin and the model of its arguments."""


def place(node: Node, item: pytest.Item) -> str:
    """Where a marker of ``item`` is written, as its error names it."""
    if node is item:
        return item.nodeid
    if isinstance(node, pytest.Class):
        return f"class {node.nodeid}"
    if isinstance(node, pytest.Module):
        return f"module {node.nodeid}"
    return f"{type(node).__name__.lower()} {node.nodeid}"


def marker_layer(item: pytest.Item, marker: str) -> dict[str, Any]:
    """The item's ``marker`` arguments, merged closest first.

    Raises TypeError or ValueError naming the marker that is wrong and where it is written.
    """
    model = LAYERS[marker]
    merged: dict[str, Any] = {}
    for node, mark in item.iter_markers_with_node(marker):
        where = place(node, item)
        if mark.args:
            raise TypeError(
                f"@pytest.mark.{marker} on {where} takes keyword arguments only "
                f"({', '.join(model.model_fields)}), got positional {mark.args!r}"
            )
        for key, value in validate_marker(model, marker, mark.kwargs, where).items():
            merged.setdefault(key, value)
    return merged
