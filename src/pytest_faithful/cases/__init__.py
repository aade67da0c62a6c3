"""Golden files: the cases a team keeps (JSON Lines, CSV, YAML) read into frozen cases.

``load_cases(path)`` reads a file into :class:`Case` objects, validated as they are read (a
mistake is a :class:`CaseFileError` naming ``file:line`` and the field), ready for
``@pytest.mark.parametrize``: the plugin names each test after its case's ``id``, so test ids,
baseline keys and recordings stay put when rows are added or reordered.
"""

from __future__ import annotations

from pytest_faithful.cases.load import EXTENSIONS, READERS, load_cases
from pytest_faithful.cases.model import FIELDS, Case, CaseFileError

__all__ = ["EXTENSIONS", "FIELDS", "READERS", "Case", "CaseFileError", "load_cases"]
