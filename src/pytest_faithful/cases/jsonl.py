"""JSON Lines golden files: one JSON object per line.

Lines end at ``\n`` (a ``\r`` before it is dropped), never at the other characters Python
calls line breaks: a JSON string may hold U+2028 or U+0085 as they are. Blank lines are
skipped, and so are lines whose first character (after spaces) is ``#`` or ``//``: comments,
which JSON itself does not have. A key given twice in one object is an error, as a column
given twice is in CSV.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from pytest_faithful.cases.model import Case, CaseFileError, DuplicateKey, case_from, read_json

COMMENTS = ("#", "//")


def read_jsonl(text: str, path: Path) -> Iterator[tuple[int, Case]]:
    """``(line, case)`` for each case of ``text``, read from ``path``."""
    for line, row in enumerate(text.split("\n"), start=1):
        stripped = row.removesuffix("\r").strip(" \t")
        if not stripped or stripped.startswith(COMMENTS):
            continue
        try:
            value = read_json(stripped)
        except DuplicateKey as exc:
            raise CaseFileError(path, line, str(exc)) from None
        except ValueError as exc:
            raise CaseFileError(path, line, f"not a JSON object: {exc}") from None
        if not isinstance(value, dict):
            raise CaseFileError(
                path, line, f"expected a JSON object per line, got {type(value).__name__}"
            )
        yield line, case_from(value, path, line)
