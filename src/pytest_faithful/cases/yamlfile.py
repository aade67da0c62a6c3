"""YAML golden files (with PyYAML installed): a list of cases, or a mapping whose ``cases`` key
holds that list. Read with PyYAML's safe loader: no tags that build Python objects.
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
    loader = yaml.SafeLoader(text)
    try:
        try:
            root = loader.get_single_node()
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            line = mark.line + 1 if mark is not None else None
            raise CaseFileError(path, line, f"not valid YAML: {exc}") from None
        items = _items(root, path, yaml)
        for item in items:
            line = item.start_mark.line + 1
            if not isinstance(item, yaml.MappingNode):
                raise CaseFileError(path, line, "expected a mapping of fields for each case")
            try:
                value: Any = loader.construct_object(item, deep=True)
            except yaml.YAMLError as exc:
                raise CaseFileError(path, line, f"not valid YAML: {exc}") from None
            yield line, case_from(value, path, line)
    finally:
        loader.dispose()


def _items(root: Any, path: Path, yaml: Any) -> list[Any]:
    if root is None:
        return []
    if isinstance(root, yaml.MappingNode):
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
