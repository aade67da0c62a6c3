"""The JSON report: the report model as a versioned document with a JSON Schema.

Keys are sorted and checks are in test-id order, so two runs of the same suite diff cleanly and
a pytest-xdist run writes the same document as a serial one (durations aside). The schema ships
in the package (``SCHEMA_FILE``); ``schema_version`` changes only when a field is removed,
renamed or changes meaning; new optional fields keep it.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from pytest_faithful.report.model import SCHEMA_VERSION, FaithReport

SCHEMA_FILE = f"report-v{SCHEMA_VERSION}.schema.json"


def to_dict(report: FaithReport) -> dict[str, Any]:
    return report.model_dump(mode="json")


def render(report: FaithReport) -> str:
    return json.dumps(to_dict(report), sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def schema_text() -> str:
    """The JSON Schema (draft 2020-12) of this report version, as shipped in the package."""
    folder = resources.files("pytest_faithful.report").joinpath("schema")
    return folder.joinpath(SCHEMA_FILE).read_text(encoding="utf-8")


def schema() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(schema_text())
    return loaded
