"""YAML golden files (with PyYAML installed): a list of cases, or a mapping whose ``cases`` key
holds that list. Read with PyYAML's safe loader: no tags that build Python objects. A field
given twice in one case is an error.

A case's text fields (``id``, ``question``, ``answer``, ``reference``, the ``contexts``) are
the text written in the file: YAML 1.1 would read an unquoted ``010`` as the number 8,
``1_000`` as 1000, ``1:30`` as 90, ``No`` as false and ``2024-05-01`` as a date, so an id
would change silently (and two ids could meet), and a golden answer of ``30`` or ``No`` would
be refused as no string. ``metadata`` keeps YAML's types.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pytest_faithful.cases.model import Case, CaseFileError, case_from

INSTALL_HINT = "pip install 'pytest-faithful[yaml]' (or pip install pyyaml)"

AS_WRITTEN = ("id", "question", "answer", "reference")
"""The fields read as the text written, whatever YAML would make of it (and each passage)."""
_RESOLVED = frozenset(f"tag:yaml.org,2002:{name}" for name in ("int", "float", "bool", "timestamp"))
"""What an unquoted scalar may be read as besides a string (null stays: the field not given)."""


def read_yaml(text: str, path: Path) -> Iterator[tuple[int, Case]]:
    """``(line, case)`` for each case of ``text``, read from ``path``."""
    try:
        import yaml
    except ImportError:
        raise ModuleNotFoundError(
            f"{path}: reading YAML golden files needs PyYAML: {INSTALL_HINT}; or write the "
            "cases as JSON Lines or CSV",
            name="yaml",
        ) from None
    try:
        # The reader refuses control characters as it is made, before any parsing.
        loader = yaml.SafeLoader(text)
    except yaml.YAMLError as exc:
        raise CaseFileError(path, _line_of(exc, text), f"not valid YAML: {exc}") from None
    try:
        try:
            root = loader.get_single_node()
        except yaml.YAMLError as exc:
            raise CaseFileError(path, _line_of(exc, text), f"not valid YAML: {exc}") from None
        except RecursionError:
            raise CaseFileError(path, None, "not valid YAML: nested too deeply to read") from None
        items = _items(root, path, yaml)
        for item in items:
            line = item.start_mark.line + 1
            if not isinstance(item, yaml.MappingNode):
                raise CaseFileError(path, line, "expected a mapping of fields for each case")
            _check_unique(item, path, yaml)
            try:
                _check_expansion(item, path, line)
                value: Any = loader.construct_object(item, deep=True)
            except yaml.YAMLError as exc:
                raise CaseFileError(path, line, f"not valid YAML: {exc}") from None
            except RecursionError:
                raise CaseFileError(
                    path, line, "not valid YAML: nested too deeply to read"
                ) from None
            yield line, case_from(_as_written(item, value, yaml), path, line)
    finally:
        loader.dispose()


ALIASED_VALUES = 10_000
"""How many more values than it writes a case's aliases may make it hold (times ten)."""


def _check_expansion(item: Any, path: Path, line: int) -> None:
    """A case whose aliases make it hold far more values than it writes is an error: nine
    anchors each aliasing the last nine times ("billion laughs") build cheaply, as PyYAML
    shares the lists, but hang whatever walks them (``==``, ``json.dumps``, a report)."""
    sizes: dict[int, int] = {}

    def size(node: Any) -> int:
        known = sizes.get(id(node))
        if known is not None:
            return known
        sizes[id(node)] = 1  # an alias to a node being read (a recursive anchor) counts once
        total = 1
        if isinstance(node.value, list):
            for child in node.value:
                total += sum(size(n) for n in child) if isinstance(child, tuple) else size(child)
        sizes[id(node)] = total
        return total

    total = size(item)
    if total > ALIASED_VALUES + 10 * len(sizes):
        raise CaseFileError(
            path,
            line,
            f"its aliases make this case hold {total:,} values from the {len(sizes):,} it "
            "writes (an alias bomb?); write the values out, or alias less",
        )


def _as_written(item: Any, value: Any, yaml: Any) -> Any:
    """``value`` (the case ``item`` constructed) with its text fields as the file writes them."""
    if not isinstance(value, dict):
        return value
    fixed = dict(value)
    for key, node in item.value:
        if not isinstance(key, yaml.ScalarNode) or key.value not in fixed:
            continue
        name = key.value
        if name in AS_WRITTEN or name == "contexts":
            if _typed_plain(node, yaml):
                fixed[name] = node.value
            elif name == "contexts" and isinstance(node, yaml.SequenceNode):
                given = fixed[name]
                if isinstance(given, list) and len(given) == len(node.value):
                    fixed[name] = [
                        passage.value if _typed_plain(passage, yaml) else made
                        for passage, made in zip(node.value, given, strict=True)
                    ]
    return fixed


def _typed_plain(node: Any, yaml: Any) -> bool:
    """An unquoted scalar that YAML reads as a number, a boolean or a date."""
    return isinstance(node, yaml.ScalarNode) and node.style is None and node.tag in _RESOLVED


def _line_of(error: Any, text: str) -> int | None:
    """The line a PyYAML error points at: its mark, else (the reader's) its position."""
    mark = getattr(error, "problem_mark", None)
    if mark is not None:
        return int(mark.line) + 1
    position = getattr(error, "position", None)
    return text.count("\n", 0, position) + 1 if isinstance(position, int) else None


def _check_unique(item: Any, path: Path, yaml: Any, what: str = "field") -> None:
    """A field given twice in one case is an error (PyYAML keeps the last silently), as a
    column given twice is in CSV; so is a key given twice in the file's top mapping."""
    seen: dict[str, int] = {}
    for key, _ in item.value:
        if not isinstance(key, yaml.ScalarNode) or key.tag == "tag:yaml.org,2002:merge":
            continue
        line = key.start_mark.line + 1
        if key.value in seen:
            raise CaseFileError(
                path,
                line,
                f"{what} {key.value!r} is given twice in one "
                f"{'case' if what == 'field' else 'mapping'} (first at line {seen[key.value]}); "
                "YAML would keep only the last",
            )
        seen[key.value] = line


def _items(root: Any, path: Path, yaml: Any) -> list[Any]:
    if root is None:
        return []
    if isinstance(root, yaml.MappingNode):
        _check_unique(root, path, yaml, "key")  # two 'cases' lists: YAML keeps the last
        for key, value in root.value:
            if isinstance(key, yaml.ScalarNode) and key.value == "cases":
                root = value
                break
        else:
            raise CaseFileError(
                path,
                root.start_mark.line + 1,
                "expected a list of cases, or a mapping with a 'cases' list",
            )
    if not isinstance(root, yaml.SequenceNode):
        raise CaseFileError(
            path, root.start_mark.line + 1, "expected a list of cases ('cases' must be a list)"
        )
    return list(root.value)
