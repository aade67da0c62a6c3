"""Per-metric settings and markers; the same precedence as faithfulness: call > marker > CLI >
ini > default (:func:`pytest_faithful.plugin.settings.resolve` for ``assert_faithful``).

Markers: ``@pytest.mark.relevancy(threshold=, judge=)``, ``@pytest.mark.retrieval(precision=,
recall=, judge=)``, ``@pytest.mark.reference(threshold=)``. A metric check with no judge of its
own gets the run's judge (``--faith-judge``/``faith_judge``), else the default one.
The command-line and ini keys are ``relevancy_threshold``, ``precision_threshold``,
``recall_threshold`` and ``reference_threshold`` in the run options' layers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import Field, StrictBool, field_validator

from pytest_faithful.plugin.metric_options import (
    DEFAULT_METRIC_THRESHOLD as DEFAULT_METRIC_THRESHOLD,
)
from pytest_faithful.plugin.settings import MarkerLayer, MarkerNumber


class RelevancyLayer(MarkerLayer):
    threshold: MarkerNumber | None = Field(default=None, ge=0.0, le=1.0)
    judge: str | None = None


class RetrievalLayer(MarkerLayer):
    precision: StrictBool | MarkerNumber | None = None
    recall: StrictBool | MarkerNumber | None = None
    judge: str | None = None

    @field_validator("precision", "recall")
    @classmethod
    def _unit_or_flag(cls, value: bool | float | None) -> bool | float | None:
        if isinstance(value, float) and not 0.0 <= value <= 1.0:
            raise ValueError(f"a threshold must be in [0, 1], got {value!r}")
        return value


class ReferenceLayer(MarkerLayer):
    threshold: MarkerNumber | None = Field(default=None, ge=0.0, le=1.0)


LAYERS: Mapping[str, type[MarkerLayer]] = {
    "relevancy": RelevancyLayer,
    "retrieval": RetrievalLayer,
    "reference": ReferenceLayer,
}


def first(key: str, *layers: Mapping[str, Any], default: Any = None) -> Any:
    """The value of ``key`` in the first layer that sets it (not None), else ``default``."""
    for layer in layers:
        value = layer.get(key)
        if value is not None:
            return value
    return default
