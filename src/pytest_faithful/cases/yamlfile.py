"""YAML golden files (with PyYAML installed): a list of cases, or a mapping whose ``cases`` key
holds that list. Read with PyYAML's safe loader: no tags that build Python objects. A field
given twice in one case is an error.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pytest_faithful.cases.model import Case, CaseFileError, case_from

INSTALL_HINT = "pip install 'pytest-faithful[yaml]' (or pip install pyyaml)"


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
                value: Any = loader.construct_object(item, deep=True)
            except yaml.YAMLError as exc:
                raise CaseFileError(path, line, f"not valid YAML: {exc}") from None
            except RecursionError:
                raise CaseFileError(
                    path, line, "not valid YAML: nested too deeply to read"
                ) from None
            yield line, case_from(value, path, line)
    finally:
        loader.dispose()


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
