"""Bringing a reply's JSON to the shape its output model asks for, where that changes nothing
the reply says.

Small models, above all without a server that enforces the schema, answer in shapes close to
the one asked for: ``"Label"`` for ``"label"``, a ``"confidence"`` nobody asked for, ``null``
for an empty reason, the list of verdicts without the object around it, one verdict as an
object instead of a list of one, one verdict split over two objects, ``"passage 2"`` for ``2``,
a list of quotes for one quote.
Each of those would cost a repair request and, repeated, a JudgeError. :func:`shaped` reads
them as meant. What it never does is supply what a reply leaves out: a missing label, claim
number or list is still missing, and pydantic reports it. Every verdict read this way is then
checked like any other: counts, coverage, and evidence in a passage.
"""

from __future__ import annotations

import functools
import re
import types
import typing
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo

_NUMBER = re.compile(r"\d+")
# Joins several quotes into one: the aligner reads an ellipsis as a gap between two spans.
_QUOTE_GAP = " ... "


def shaped(value: Any, model: type[BaseModel]) -> Any:
    """``value`` brought toward ``model``'s shape (module docstring); valid input is returned
    equal to itself."""
    lists = _list_fields(model)
    if isinstance(value, list) and len(lists) == 1:
        value = {next(iter(lists)): value}  # the items without the object around them
    if not isinstance(value, dict):
        return value
    fields = model.model_fields
    if len(lists) == 1:
        wrapper, item = next(iter(lists.items()))
        if wrapper not in _lowered(value) and _looks_like(value, item):
            value = {wrapper: [value]}  # a lone item instead of a list of one
    out: dict[str, Any] = {}
    for key, given in value.items():
        name = _field_name(key, fields)
        if name is None or (name in out and key != name):
            continue  # a key the model lacks says nothing it reads; an exact key wins
        out[name] = given
    for name, field in fields.items():
        if name not in out:
            continue
        item_model = lists.get(name)
        if item_model is not None:
            items = out[name]
            if isinstance(items, dict):
                items = [items]
            if isinstance(items, list):
                out[name] = _rejoined([shaped(one, item_model) for one in items], item_model)
        else:
            out[name] = _scalar(out[name], _field_types(model)[name], field.is_required())
        if out[name] is None and not field.is_required():
            del out[name]  # null where the model has a default means the default
    return out


def _rejoined(items: list[Any], model: type[BaseModel]) -> list[Any]:
    """``items`` with each fragment joined to the item before it, and objects with nothing
    the model reads (``{"note": ...}``, once shaped: ``{}``) left out. A fragment holds none of
    the item's required keys and none of the keys the item before it already has: it is the
    rest of that item (``{"claim": 1, "label": ...}, {"evidence": ..., "passage": 1}``)."""
    required = _required(model)
    joined: list[Any] = []
    for item in items:
        if item == {}:
            continue
        before = joined[-1] if joined else None
        if (
            isinstance(item, dict)
            and isinstance(before, dict)
            and required <= before.keys()
            and not (required | before.keys()) & item.keys()
        ):
            joined[-1] = {**before, **item}
        else:
            joined.append(item)
    return joined


# A model's fields are fixed once the class exists, and every replayed reply is shaped: read them
# once per model, not once per item.
@functools.cache
def _list_fields(model: type[BaseModel]) -> Mapping[str, type[BaseModel]]:
    """The model's fields that hold a list of models, with the item model."""
    found = {}
    for name, field in model.model_fields.items():
        if typing.get_origin(field.annotation) is list:
            (item,) = typing.get_args(field.annotation)
            if isinstance(item, type) and issubclass(item, BaseModel):
                found[name] = item
    return types.MappingProxyType(found)


def _lowered(value: dict[Any, Any]) -> set[str]:
    return {key.lower() for key in value if isinstance(key, str)}


def _looks_like(value: dict[Any, Any], model: type[BaseModel]) -> bool:
    """Whether ``value`` has every required key of ``model`` (in any case)."""
    required = _required(model)
    return bool(required) and required <= _lowered(value)


@functools.cache
def _required(model: type[BaseModel]) -> frozenset[str]:
    return frozenset(name for name, field in model.model_fields.items() if field.is_required())


def _field_name(key: Any, fields: dict[str, FieldInfo]) -> str | None:
    if not isinstance(key, str):
        return None
    if key in fields:
        return key
    lowered = key.strip().lower()
    if lowered in fields:
        return lowered
    meant = KEY_SYNONYMS.get(lowered.replace(" ", "_").replace("-", "_"))
    return meant if meant in fields else None


KEY_SYNONYMS: Mapping[str, str] = types.MappingProxyType(
    dict.fromkeys(("quote", "quotes", "evidence_quote", "citation", "excerpt"), "evidence")
    | dict.fromkeys(("verdict", "judgement", "judgment", "classification"), "label")
    | dict.fromkeys(("explanation", "rationale", "justification", "reasoning"), "reason")
    | dict.fromkeys(("passage_number", "passage_no", "passage_num"), "passage")
)
"""Keys small models write for a field under another name ("quote" for "evidence"). Only read
when the reply lacks the field's own key (an exact key wins), and only into a field the output
model has. Not "passage_index": it may count from 0."""


def _scalar(value: Any, allowed: frozenset[Any], required: bool) -> Any:
    """A number written with its noun ("passage 2"), or several strings where one optional
    string (a quote, a reason) is asked for, read as meant; anything else as it is. ``allowed``
    holds the types the field accepts."""
    if int in allowed and isinstance(value, str) and not _is_int(value):
        numbers = _NUMBER.findall(value)
        if len(numbers) == 1:
            return int(numbers[0])
        if type(None) in allowed:
            return None  # "none", "N/A": no number given, like null
    several = isinstance(value, list) and all(isinstance(v, str) for v in value)
    if str in allowed and several and not required:
        return _QUOTE_GAP.join(v.strip() for v in value if v.strip())
    return value


@functools.cache
def _field_types(model: type[BaseModel]) -> Mapping[str, frozenset[Any]]:
    """The types each of the model's fields accepts (the members of a union, else the one)."""
    found = {}
    for name, field in model.model_fields.items():
        union = typing.get_origin(field.annotation) in (typing.Union, types.UnionType)
        found[name] = frozenset(typing.get_args(field.annotation) if union else {field.annotation})
    return types.MappingProxyType(found)


def _is_int(text: str) -> bool:
    try:
        int(text)
    except ValueError:
        return False
    return True
