"""Bringing a reply's JSON to the shape its output model asks for, where that changes nothing
the reply says.

Small models, above all without a server that enforces the schema, answer in shapes close to
the one asked for: ``"Label"`` for ``"label"``, a ``"confidence"`` nobody asked for, ``null``
for an empty reason, the list of verdicts without the object around it, one verdict as an
object instead of a list of one, one verdict split over two objects, ``"passage 2"`` for ``2``,
a list of quotes for one quote, the list (or the whole reply) written as a JSON string
(Claude's tool input sometimes holds ``"verdicts": "[{...}]"``), the list under a key of its
own (``"results"``) or the whole answer inside one more object (``{"response": {...}}``).
Each of those would cost a repair request and, repeated, a JudgeError. :func:`shaped` reads
them as meant. What it never does is supply what a reply leaves out: a missing label, claim
number or list is still missing, and pydantic reports it. Nor does it read a number out of other
words: a claim's text written where its number belongs is no number. Every verdict read this
way is then checked like any other: counts, coverage, and evidence in a passage.
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

from pytest_faithful.text import nesting
from pytest_faithful.text.patterns import regex

_DIGIT = regex(r"\d")  # in any script: "٣" is a number given, not "none"
# Joins several quotes into one: the aligner reads an ellipsis as a gap between two spans.
_QUOTE_GAP = " ... "


def shaped(value: Any, model: type[BaseModel]) -> Any:
    """``value`` brought toward ``model``'s shape (module docstring); valid input is returned
    equal to itself."""
    lists = _list_fields(model)
    value = _decoded(value)
    if isinstance(value, list) and len(lists) == 1:
        value = {next(iter(lists)): value}  # the items without the object around them
    if not isinstance(value, dict):
        return value
    fields = model.model_fields
    if len(lists) == 1:
        wrapper, item = next(iter(lists.items()))
        if wrapper not in _lowered(value) and _looks_like(value, item):
            value = {wrapper: [value]}  # a lone item instead of a list of one
        elif not any(_field_name(key, fields) == wrapper for key in value):
            value = _unwrapped(value, wrapper, item, fields)
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
            items = _decoded(out[name])
            if isinstance(items, dict):
                items = [items]
            if isinstance(items, list):
                out[name] = _rejoined([shaped(one, item_model) for one in items], item_model)
        else:
            out[name] = _scalar(out[name], name, _field_types(model)[name], field.is_required())
        if out[name] is None and not field.is_required():
            del out[name]  # null where the model has a default means the default
    return out


def _unwrapped(
    value: dict[Any, Any], wrapper: str, item: type[BaseModel], fields: dict[str, FieldInfo]
) -> Any:
    """``value``, which has no key for the list ``wrapper``, with the list found under another
    key (``{"results": [...]}``) or inside the one key around the whole answer
    (``{"response": {"verdicts": [...]}}``); as it is unless exactly one such place holds it.
    A list is taken only when each of its entries has every required key of ``item``."""
    decoded = {key: _decoded(given) for key, given in value.items()}
    lists = [
        key
        for key, given in decoded.items()
        if isinstance(given, list)
        and given
        and all(isinstance(one, dict) and _looks_like(one, item) for one in given)
    ]
    if len(lists) == 1:
        rest = {key: given for key, given in value.items() if key != lists[0]}
        return {**rest, wrapper: decoded[lists[0]]}
    if len(decoded) == 1:
        (inner,) = decoded.values()
        if isinstance(inner, dict) and any(_field_name(key, fields) == wrapper for key in inner):
            return inner
    return value


def _decoded(value: Any) -> Any:
    """The object or list a string spells in JSON (a value written as a JSON string instead of
    as itself); anything else, and a string that spells no object or list, as it is. What it
    spells is shaped and validated like any other reply."""
    if not isinstance(value, str) or value.lstrip()[:1] not in ("{", "["):
        return value
    try:
        found = nesting.loads(value)
    except (ValueError, RecursionError):  # not JSON, or nested past nesting.MAX_DEPTH
        return value
    return found if isinstance(found, (dict, list)) else value


def answer_items(value: Any, model: type[BaseModel]) -> list[Any] | None:
    """The items of ``value`` when it is a whole reply to ``model`` rather than one of its
    items, else None. A whole reply is an object whose key for one of the model's lists
    ("verdicts", "Claims") holds a list (or one item), or, where the model has one list, a
    list of objects (the list without its object). One verdict alone, as JSON lines write them,
    is an item; ``{"verdicts": "see above"}`` is prose."""
    lists = _list_fields(model)
    if isinstance(value, list):
        whole = len(lists) == 1 and bool(value) and all(isinstance(v, dict) for v in value)
        return value if whole else None
    if not isinstance(value, dict):
        return None
    found = [
        given
        for key, given in value.items()
        if _field_name(key, model.model_fields) in lists and isinstance(given, (list, dict))
    ]
    if not found:
        return None
    return [item for given in found for item in (given if isinstance(given, list) else [given])]


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


def _scalar(value: Any, name: str, allowed: frozenset[Any], required: bool) -> Any:
    """A number written as a reference to it (``"passage 2"`` for the field ``passage``), or
    several strings where one optional string (a quote, a reason) is asked for, read as meant;
    anything else as it is. ``allowed`` holds the types the field accepts."""
    if int in allowed and isinstance(value, str):
        return _number_in(value, name, optional=type(None) in allowed)
    several = isinstance(value, list) and all(isinstance(v, str) for v in value)
    if str in allowed and several and not required:
        return _QUOTE_GAP.join(v.strip() for v in value if v.strip())
    return value


def _number_in(text: str, name: str, *, optional: bool) -> Any:
    """The number ``text`` refers to when it is only a reference to one ("2", "#2", "[2]",
    "passage 2", "[Passage 2].", "passage 2 of 3"); None for an optional field when it holds no
    digit ("none", "N/A"); else ``text`` as it is, for validation to reject.

    Never the lone number inside other words: a claim's own text in "claim" ("The museum has 2
    floors.") would land its verdict on claim 2. The noun must be the field's own (a passage
    number in "claim" is no claim number), and a number of more than nine digits refers to
    nothing asked for (and past 4300 digits int() raises)."""
    found = _reference(name).fullmatch(text.strip())
    if found:
        return int(found[1])
    if optional and not _DIGIT.search(text):
        return None  # no number given, like null
    return text


@functools.cache
def _reference(noun: str) -> re.Pattern[str]:
    return re.compile(
        rf"[\[(]?\s*(?:{re.escape(noun)}\s*(?:no\.?|number|:)?\s*)?#?\s*([0-9]{{1,9}})"
        r"(?:\s+of\s+[0-9]{1,9})?\s*[\])]?\s*[.:]?",
        re.IGNORECASE,
    )


@functools.cache
def _field_types(model: type[BaseModel]) -> Mapping[str, frozenset[Any]]:
    """The types each of the model's fields accepts (the members of a union, else the one;
    ``Annotated[int, ...]`` is an int)."""
    found = {}
    for name, field in model.model_fields.items():
        union = typing.get_origin(field.annotation) in (typing.Union, types.UnionType)
        members = typing.get_args(field.annotation) if union else (field.annotation,)
        found[name] = frozenset(
            typing.get_args(t)[0] if typing.get_origin(t) is typing.Annotated else t
            for t in members
        )
    return types.MappingProxyType(found)
