"""Per-check settings and their one precedence rule: call > marker > CLI > ini > default.

Each layer is a mapping of the settings it sets; a key that is absent (or None) is not set
there. Run-wide policy (record mode, cache directory, reports) is not a per-check setting and
never comes from a marker or a call.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Annotated, Any, Literal, Optional, Union

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    ValidationError,
    create_model,
    field_validator,
)

from pytest_faithful.fields import Choice, Flag, Kind, Names, Number, Whole, options_of
from pytest_faithful.plugin.declared import NO_RULES, CheckSettings, names_no_rules

CHECK_SETTINGS = tuple(f.name for f in fields(CheckSettings))


def _a_number(value: Any) -> Any:
    # As a call's argument is checked (metrics.inputs.check_threshold): "0.9", b"0.5" and True
    # are no numbers, though pydantic's lax float reads them as 0.9, 0.5 and 1.0, and False
    # as a threshold of 0.0 would pass every check.
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"a number is needed, got {type(value).__name__} {value!r}")
    if value != value:
        raise ValueError("a number is needed, got NaN")
    return value


def _a_whole_number(value: Any) -> Any:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"a whole number is needed, got {type(value).__name__} {value!r}")
    return value


MarkerNumber = Annotated[float, BeforeValidator(_a_number)]
"""A number in a marker: an int or a float, never a str, a bool or NaN."""


def _marker_type(kind: Kind) -> Any:
    """The pydantic type a marker argument of this kind must have (None: not set there)."""
    if isinstance(kind, Number):
        bound = (
            Field(ge=kind.low, le=kind.high)
            if kind.high is not None
            else Field(gt=kind.low, allow_inf_nan=False)
        )
        return Optional[Annotated[MarkerNumber, bound]]  # noqa: UP045 - a runtime type expression
    if isinstance(kind, Whole):
        whole = Annotated[
            int, BeforeValidator(_a_whole_number), Field(ge=kind.minimum, le=kind.maximum)
        ]
        return Optional[whole]  # noqa: UP045
    if isinstance(kind, Choice):
        return Optional[Literal[tuple(kind.values)]]  # noqa: UP045
    if isinstance(kind, Flag):
        return Optional[StrictBool]  # noqa: UP045
    if isinstance(kind, Names):
        return Optional[Union[str, tuple[str, ...]]]  # noqa: UP007, UP045
    return Optional[str]  # noqa: UP045


class MarkerLayer(BaseModel):
    """A marker's arguments: frozen, no unknown names, and no blank judge spec."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    @field_validator("judge", mode="before", check_fields=False)
    @classmethod
    def _judge_a_spec(cls, judge: object) -> object:
        # A judge object is a call's argument: a marker holds a spec (pydantic alone would say
        # "Input should be a valid string", which does not say where the object can go).
        if judge is not None and not isinstance(judge, str):
            raise ValueError(
                f"a judge spec string such as 'lexical' or 'openai:MODEL' is needed, got "
                f"{type(judge).__name__}; pass a judge object to the call instead "
                "(assert_faithful(..., judge=obj), assert_relevant(..., judge=obj), ...)"
            )
        return judge

    @field_validator("judge", check_fields=False)
    @classmethod
    def _judge_not_blank(cls, judge: str | None) -> str | None:
        # judge="" must not quietly mean "the default judge", which may be a paid one.
        if judge is not None and not judge.strip():
            raise ValueError(
                f"empty judge spec {judge!r}; give one such as 'lexical' or 'openai:MODEL', "
                "or leave judge out"
            )
        return judge

    @field_validator("rules", check_fields=False)
    @classmethod
    def _rules_named(cls, rules: object) -> object:
        if rules is not None and names_no_rules(rules):
            raise ValueError(f"{rules!r} {NO_RULES}")
        return rules


_MARKER_FIELDS: dict[str, Any] = {
    f.name: (_marker_type(declared.kind), None) for f, declared in options_of(CheckSettings)
}
LayerSettings = create_model(
    "LayerSettings",
    __base__=MarkerLayer,
    __doc__="One layer's settings, validated; used for the marker (where typos must not pass). "
    "Built from the option table: each per-check option is a marker argument of its kind.",
    **_MARKER_FIELDS,
)


def resolve(*layers: Mapping[str, Any]) -> CheckSettings:
    """Merge layers, highest precedence first; the first layer that sets a key wins."""
    chosen: dict[str, Any] = {}
    for layer in layers:
        for key in CHECK_SETTINGS:
            value = layer.get(key)
            if value is not None and key not in chosen:
                chosen[key] = value
    return CheckSettings(**chosen)


def validate_marker(
    model: type[MarkerLayer], marker: str, kwargs: Mapping[str, Any], where: str
) -> dict[str, Any]:
    """One marker's arguments, validated by ``model``; the arguments it sets.

    Raises ValueError naming the marker, ``where`` it is written and the argument that is wrong.
    """
    try:
        validated = model(**kwargs)
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
