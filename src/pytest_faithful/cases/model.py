"""One golden case, and how a row of a golden file becomes one.

A case is what a team keeps per question: an ``id`` that names it for good (the test id, the
baseline key and the recordings follow it, so it must not shift when rows are added or moved),
the ``question``, the ``contexts`` the answer should rest on, a recorded ``answer`` and a
golden ``reference`` answer, each optional, and any other ``metadata``.

Every format's reader hands :func:`case_from` a mapping of field names to values and where the
row starts; every mistake is a :class:`CaseFileError` naming the file, the line and the field.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from pytest_faithful.text import nesting

FIELDS = ("id", "question", "contexts", "answer", "reference", "metadata")
"""The fields of a case; any other key or column goes into ``metadata``."""
TEXT_FIELDS = ("question", "answer", "reference")

# A field name one typo away from a known one is a mistake, not metadata ("questoin" would
# otherwise leave every case without a question). "context" is the CSV column prefix.
_NEAR_MISS_CUTOFF = 0.8
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_JSON_LIST = re.compile(r"\s*\[\s*(?:\"|\])")
"""A CSV ``contexts`` cell that is a JSON list of strings: ``[`` then ``"`` or ``]``."""


class CaseFileError(ValueError):
    """A golden file that cannot be read as cases: names the file, the line and the field."""

    def __init__(self, path: Path, line: int | None, problem: str) -> None:
        where = f"{path}:{line}" if line is not None else str(path)
        super().__init__(f"{where}: {problem}")
        self.path = path
        self.line = line
        self.problem = problem


# Tracebacks name it by its public home.
CaseFileError.__module__ = "pytest_faithful"


@dataclasses.dataclass(frozen=True)
class Case:
    """One golden case, frozen. ``metadata`` is a read-only mapping.

    In ``@pytest.mark.parametrize("case", load_cases(path))`` the plugin names each test
    after ``id`` (``test_answer[refund-window]``), whatever the case's position in the file.
    """

    id: str
    question: str | None = None
    contexts: tuple[str, ...] = ()
    answer: str | None = None
    reference: str | None = None
    metadata: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        problem = id_problem(self.id)
        if problem is not None:
            raise ValueError(f"id {problem}")
        for name in TEXT_FIELDS:
            value = getattr(self, name)
            if value is not None and not isinstance(value, str):
                raise TypeError(f"{name} must be a str or None, got {type(value).__name__}")
        contexts = self.contexts
        if isinstance(contexts, str) or not all(isinstance(c, str) for c in contexts):
            raise TypeError("contexts must be a sequence of str")
        object.__setattr__(self, "contexts", tuple(contexts))
        if not isinstance(self.metadata, Mapping):
            raise TypeError(f"metadata must be a mapping, got {type(self.metadata).__name__}")
        object.__setattr__(self, "metadata", MappingProxyType(dict(self.metadata)))

    def __repr__(self) -> str:
        return f"Case(id={self.id!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Case):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.id, self.question, self.contexts, self.answer, self.reference))

    def _key(self) -> tuple[Any, ...]:
        return (
            self.id,
            self.question,
            self.contexts,
            self.answer,
            self.reference,
            dict(self.metadata),
        )


def id_problem(value: object) -> str | None:
    """What is wrong with ``value`` as a case id, None when nothing is."""
    if not isinstance(value, str):
        return f"must be a string, got {type(value).__name__}"
    if not value.strip():
        return "is empty"
    if value != value.strip():
        return f"{value!r} has spaces at its ends (ids name tests and baseline keys)"
    if _CONTROL.search(value):
        return f"{value!r} holds a control character or a line break"
    return None


def _kind(value: object) -> str:
    return {
        type(None): "null",
        bool: "a boolean",
        int: "a number",
        float: "a number",
        str: "a string",
        list: "a list",
        dict: "an object",
    }.get(type(value), type(value).__name__)


def near_miss(name: str, known: Iterable[str] = FIELDS) -> str | None:
    """The known field ``name`` is one typo away from, if any (but not ``name`` itself)."""
    if name in FIELDS:
        return None
    return _closest(name.lower(), tuple(known))


@functools.lru_cache(maxsize=512)
def _closest(name: str, known: tuple[str, ...]) -> str | None:
    """Memoised: every row of a file has the same extra columns, and matching one costs more
    than reading its row (100,000 rows: 5.5 s of 10)."""
    close = difflib.get_close_matches(name, list(known), n=1, cutoff=_NEAR_MISS_CUTOFF)
    return close[0] if close else None


def case_from(
    fields: Mapping[str, Any], path: Path, line: int, *, text_cells: bool = False
) -> Case:
    """The case of one row: ``fields`` by name. ``text_cells`` (CSV): every value is a string,
    an empty one means the field is not given, and ``contexts``/``metadata`` may hold JSON."""

    def fail(problem: str) -> CaseFileError:
        return CaseFileError(path, line, problem)

    metadata: dict[str, Any] = {}
    for name in fields:
        if not isinstance(name, str):  # YAML keys may be numbers, dates, null...
            raise fail(f"field {name!r}: a field name must be a string, got {_kind(name)}")
        if name in FIELDS:
            continue
        meant = near_miss(name)
        if meant is not None:
            raise fail(
                f"field {name!r} is not a case field; did you mean {meant!r}? (fields: "
                f"{', '.join(FIELDS)}; other fields go into metadata, so a misspelt one "
                "would be lost there)"
            )
        if not (text_cells and fields[name] == ""):  # an empty cell: not given
            metadata[name] = fields[name]

    raw_id = fields.get("id")
    if raw_id is None or (text_cells and raw_id == ""):
        raise fail(
            "field 'id': missing; give every case an id (it names the test and its baseline "
            "key, and stays put when rows are added or reordered)"
        )
    if isinstance(raw_id, int) and not isinstance(raw_id, bool):
        raw_id = str(raw_id)
    problem = id_problem(raw_id)
    if problem is not None:
        raise fail(f"field 'id': {problem}")

    texts: dict[str, str | None] = {}
    for name in TEXT_FIELDS:
        value = fields.get(name)
        if text_cells and value == "":
            value = None
        if value is not None and not isinstance(value, str):
            raise fail(f"field {name!r}: expected a string, got {_kind(value)}")
        texts[name] = value

    contexts = _contexts(fields.get("contexts"), text_cells, fail)
    _check_encodable(raw_id, texts, contexts, fail)
    given = fields.get("metadata")
    if text_cells and isinstance(given, str):
        given = None if given == "" else _json_cell(given, "metadata", "an object", fail)
    if given is not None:
        if not isinstance(given, Mapping):
            raise fail(f"field 'metadata': expected an object, got {_kind(given)}")
        clash = sorted(set(given) & set(metadata))
        if clash:
            raise fail(f"field 'metadata': {clash[0]!r} is also given as a field of its own")
        metadata = {**given, **metadata}
    return Case(id=raw_id, contexts=contexts, metadata=metadata, **texts)


def _contexts(value: Any, text_cells: bool, fail: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        if not text_cells:
            return (value,)  # one passage
        if value == "":
            return ()
        if not _JSON_LIST.match(value):
            return (value,)  # one passage, "[1] Refunds ..." and "[Draft] ..." too
        value = _json_cell(value, "contexts", "a list of strings", fail)
    if not isinstance(value, list):
        raise fail(f"field 'contexts': expected a list of strings, got {_kind(value)}")
    for i, passage in enumerate(value):
        if not isinstance(passage, str):
            raise fail(f"field 'contexts': item {i} is {_kind(passage)}, not a string")
    return tuple(value)


def _check_encodable(
    case_id: str, texts: Mapping[str, str | None], contexts: tuple[str, ...], fail: Any
) -> None:
    """A lone surrogate (a JSON ``"\\ud800"`` escape) cannot be written as UTF-8: it would
    fail the check, the test id, the reports and the recordings far from the file."""
    try:  # one encoding of them all: the rows that hold none (all but a broken one) go fast
        "".join((case_id, *(v for v in texts.values() if v is not None), *contexts)).encode()
    except UnicodeEncodeError:
        pass
    else:
        return
    given: list[tuple[str, str | None]] = [(f"field {k!r}", v) for k, v in texts.items()]
    given.insert(0, ("field 'id'", case_id))
    given += [(f"field 'contexts': item {i}", text) for i, text in enumerate(contexts)]
    for where, value in given:
        if value is None:
            continue
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise fail(
                f"{where}: a lone surrogate ({value[exc.start]!r}) at position {exc.start}, "
                "which no text encoding can hold; fix the escape that made it"
            ) from None


class DuplicateKey(ValueError):
    """A key given twice in one JSON object or YAML mapping: the parsers keep the last."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise DuplicateKey(
                f"key {key!r} is given twice in one object (JSON keeps only the last)"
            )
        found[key] = value
    return found


_DECODER = json.JSONDecoder(object_pairs_hook=_unique_keys)
"""One decoder for every line (``json.loads`` with a hook makes one per call)."""


def read_json(text: str) -> Any:
    """``text`` as JSON: a key given twice in an object is a ValueError (``json`` would keep
    the last silently), and so is nesting past ``nesting.MAX_DEPTH`` (256 levels)."""
    try:
        return nesting.loads(text, _DECODER)
    except RecursionError:
        raise ValueError("nested too deeply to read") from None


def _json_cell(text: str, name: str, expected: str, fail: Any) -> Any:
    try:
        return read_json(text)
    except ValueError as exc:
        raise fail(
            f"field {name!r}: a cell that starts with '[' or '{{' must be JSON ({expected}): {exc}"
        ) from None
