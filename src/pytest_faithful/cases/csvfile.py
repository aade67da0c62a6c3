"""CSV golden files: a header row, then one case per row.

Columns ``id``, ``question``, ``answer``, ``reference``; an empty cell is a field not given.
The passages go either in one ``contexts`` column (a cell that starts with ``[`` is a JSON
list of strings, any other cell one passage) or in ``context`` columns: repeated, or numbered
(``context_1``, ``context_2``, ...), read left to right, empty cells skipped. A ``metadata``
cell may hold a JSON object; every other column goes into ``metadata`` as text.

Blank rows are skipped, and so are rows whose first cell starts with ``#`` (comments); empty
cells past the header's last column (a trailing separator) are no field. A cell
may span lines (quoted, as the ``csv`` module writes it); its line breaks read as ``\n``
whichever the file has (``\r\n``, ``\r``), as YAML and Python's text files read them, so a
file's cases do not change with the line endings it was checked out with (``git``'s
``core.autocrlf``, an editor): the judge's requests, and the recordings that answer them,
stay the same. Errors name the line the row starts on.
"""

from __future__ import annotations

import contextlib
import csv
import io
import re
from collections.abc import Iterator
from pathlib import Path

from pytest_faithful.cases.model import FIELDS, Case, CaseFileError, case_from

_LONGEST_LIMIT = 2**31 - 1
"""The largest limit the ``csv`` module takes everywhere (a C long on Windows)."""
_CONTEXT_COLUMN = re.compile(r"context(?:[ _-]?(\d+))?", re.IGNORECASE)
_LINE_BREAK = re.compile(r"\r\n?")


def _context_columns(header: list[str], path: Path) -> list[int]:
    """The indexes of the ``context`` columns, in reading order (by number, else position)."""
    found: list[tuple[int, int, int]] = []
    for position, name in enumerate(header):
        match = _CONTEXT_COLUMN.fullmatch(name.strip())
        if match is not None:
            number = int(match.group(1)) if match.group(1) else 0
            found.append((number, position, position))
    if found and "contexts" in header:
        raise CaseFileError(
            path,
            1,
            "header: give the passages either in one 'contexts' column or in 'context' "
            "columns, not both",
        )
    return [position for _, _, position in sorted(found)]


def read_csv(text: str, path: Path, *, delimiter: str = ",") -> Iterator[tuple[int, Case]]:
    """``(line, case)`` for each case of ``text``, read from ``path``.

    A cell may be as long as the file: the ``csv`` module's own limit (128 KiB, one setting
    for the whole process) is raised to the file's length while it is read, then put back,
    so a long passage reads as it does from JSON Lines. A ``.csv`` file whose header has an
    ``id`` column only when split at ``;`` is read with ``;`` (Excel's CSV where the decimal
    separator is a comma: German, French, ...)."""
    with _cells_up_to(len(text) + 1):
        if delimiter == "," and _header_has_id(text, ";") and not _header_has_id(text, ","):
            delimiter = ";"
        return iter(list(_read_rows(text, path, delimiter)))


def _header_has_id(text: str, delimiter: str) -> bool:
    """Whether the first row that is not blank or a comment, split at ``delimiter``, names an
    ``id`` column (as the header is read: spaces round a name and its case do not count)."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        for row in reader:
            if any(cell.strip() for cell in row) and not row[0].lstrip().startswith("#"):
                return "id" in (_column_name(cell) for cell in row)
    except csv.Error:
        return False
    return False


def _column_name(cell: str) -> str:
    """A header cell as a column name: stripped, and a case field's name in lower case
    (``ID``, ``Question``: a spreadsheet's headings)."""
    name = cell.strip()
    return name.lower() if name.lower() in FIELDS else name


@contextlib.contextmanager
def _cells_up_to(length: int) -> Iterator[None]:
    before = csv.field_size_limit()
    csv.field_size_limit(max(before, min(length, _LONGEST_LIMIT)))
    try:
        yield
    finally:
        csv.field_size_limit(before)


def _read_rows(text: str, path: Path, delimiter: str) -> Iterator[tuple[int, Case]]:
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    header: list[str] | None = None
    contexts: list[int] = []
    start = 1
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            raise CaseFileError(path, start, f"not valid CSV: {exc}") from None
        line, start = start, reader.line_num + 1
        row = [_LINE_BREAK.sub("\n", cell) if "\r" in cell else cell for cell in row]
        if not any(cell.strip() for cell in row) or row[0].lstrip().startswith("#"):
            continue
        if header is None:
            header = [_column_name(cell) for cell in row]
            _check_header(header, path, line)
            contexts = _context_columns(header, path)
            continue
        if len(row) > len(header):
            if any(cell.strip() for cell in row[len(header) :]):
                raise CaseFileError(
                    path, line, f"{len(row)} cells, but the header names {len(header)} columns"
                )
            row = row[: len(header)]  # a trailing separator: empty cells, no field
        cells = row + [""] * (len(header) - len(row))
        fields = {name: cells[i] for i, name in enumerate(header) if i not in contexts and name}
        if contexts:
            passages = [cells[i] for i in contexts if cells[i] != ""]
            fields["contexts"] = passages  # type: ignore[assignment]
        yield line, case_from(fields, path, line, text_cells=True)


def _check_header(header: list[str], path: Path, line: int) -> None:
    seen: dict[str, int] = {}
    for position, name in enumerate(header, start=1):
        if not name:
            continue
        if _CONTEXT_COLUMN.fullmatch(name) and not name[-1].isdigit():
            continue  # repeated 'context' columns are the passages, in order
        if name in seen:
            raise CaseFileError(
                path,
                line,
                f"header: column {name!r} appears twice (columns {seen[name]} and {position})",
            )
        seen[name] = position
    if "id" not in seen:
        raise CaseFileError(
            path,
            line,
            "header: no 'id' column; give every case an id (it names the test and its "
            "baseline key, and stays put when rows are added or reordered)",
        )
