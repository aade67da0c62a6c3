"""Per-metric settings and markers; the same precedence as faithfulness: call > marker > CLI >
ini > default (:func:`pytest_faithful.plugin.settings.resolve` for ``assert_faithful``).

Markers: ``@pytest.mark.relevancy(threshold=, judge=)``, ``@pytest.mark.retrieval(precision=,
recall=, judge=)``, ``@pytest.mark.reference(threshold=)``. A metric check with no judge of its
own gets the run's judge (``--faith-judge``/``faith_judge``), else the default one.
The command-line and ini keys are ``relevancy_threshold``, ``precision_threshold``,
``recall_threshold`` and ``reference_threshold`` in the run options' layers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import Field, StrictBool, ValidationError, field_validator

from pytest_faithful.plugin.options import DEFAULT_METRIC_THRESHOLD as DEFAULT_METRIC_THRESHOLD
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


def marker_layer(
    marker: str, kwarg_sets: Iterable[Mapping[str, Any]], where: str
) -> dict[str, Any]:
    """Merge the ``marker`` markers (closest first) into one validated layer."""
    merged: dict[str, Any] = {}
    for kwargs in kwarg_sets:
        for key, value in kwargs.items():
            merged.setdefault(key, value)
    model = LAYERS[marker]
    try:
        validated = model(**merged)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or 'marker'}: {err['msg']}"
            for err in exc.errors()
        )
        allowed = ", ".join(model.model_fields)
        raise ValueError(
            f"invalid @pytest.mark.{marker} on {where}: {problems} (allowed arguments: {allowed})"
        ) from None
    return validated.model_dump(exclude_none=True)


def first(key: str, *layers: Mapping[str, Any], default: Any = None) -> Any:
    """The value of ``key`` in the first layer that sets it (not None), else ``default``."""
    for layer in layers:
        value = layer.get(key)
        if value is not None:
            return value
    return default
