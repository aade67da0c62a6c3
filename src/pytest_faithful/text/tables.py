"""A table's row read under its header.

A row means something only with its table's header: "RE 12 | 08:45 | 11:30 | 1" says when the
RE 12 arrives under "Train | Departs | Arrives | Platform", and "Canada | 26" counts medals
only under "Country | Medals". :func:`under_header` writes a row (or rows) the way its header
reads it: each cell that is only a number followed by its column's name, the unit a name
gives in brackets or after an underscore first ("Rain (mm)" and "dose_mg" make "12 mm rain"
and "400 mg dose"), so the words and units a row states only through its header are there for
the rules to read (:mod:`pytest_faithful.rules.bears_on`,
:mod:`pytest_faithful.rules.number_clash`). A list's item is read the same way under its
lead-in line (:func:`under_lead_in`).
"""

from __future__ import annotations

import functools
import re

from pytest_faithful.text.patterns import regex
from pytest_faithful.text.segment import header_row, is_row
from pytest_faithful.text.terms import content_terms

# A row's cells, by what separates them: the same separators ``segment.is_row`` reads.
_HTML_CELL = regex(r"<t[dh][^>]*>", re.IGNORECASE)
_TAG = regex(r"<[^>]*>")
_RULING = regex(r"[\s|:-]*-{3,}[\s|:-]*")
# A cell that is only a number: "26", "1.5", "1,200", "-3", "08:45".
_NUMBER = regex(r"[-+]?\d[\d,]*(?:[.:]\d+)?")
# A column name's unit: in brackets ("Rain (mm)") or after an underscore ("dose_mg").
_UNIT = regex(r"(?P<name>.*?)[^\S\n]*(?:\((?P<bracketed>[^()]+)\)|_(?P<suffix>[a-z0-9]+))")


def _cells(line: str) -> list[str] | None:
    """The cells of a row (one line), stripped; None for a line whose cells are not read
    plainly (a quoted CSV cell may hold a comma)."""
    if _HTML_CELL.search(line):
        return [_TAG.sub("", cell).strip() for cell in _HTML_CELL.split(line)[1:]]
    if "|" in line:
        return [cell.strip() for cell in line.strip().strip("|").split("|")]
    if "\t" in line:
        return [cell.strip() for cell in line.split("\t")]
    if '"' in line:
        return None
    return [cell.strip() for cell in line.split(",")]


def cells_of(line: str) -> list[str] | None:
    """The cells of a table's row (one line), stripped; None where they are not read plainly."""
    return _cells(line)


def _column(name: str) -> str:
    """A column's name as words after a value, its unit first: "Rain (mm)" -> "mm Rain",
    "max_daily_mg" -> "mg max daily"."""
    unit = _UNIT.fullmatch(name)
    if unit is not None:
        name = f"{unit['bracketed'] or unit['suffix']} {unit['name']}"
    return " ".join(name.replace("_", " ").split())


def under_header(passage: str, start: int, end: int) -> str | None:
    """``passage[start:end]``, a row of a table (or rows), read under its header row
    (:func:`~pytest_faithful.text.segment.header_row`): the header, then each row with every
    cell that is only a number followed by its column's name (module docstring). None when the
    span is no row under a header, or a row's cells do not line up with the header's."""
    header = header_row(passage, start, end)
    if header is None:
        return None
    names = _cells(passage[header[0] : header[1]])
    if names is None:
        return None
    columns = [_column(name) for name in names]
    rows = []
    for line in passage[start:end].split("\n"):
        cells = _cells(line)
        if cells is None or len(cells) != len(columns):
            return None
        rows.append(
            " | ".join(
                f"{cell} {column}" if _NUMBER.fullmatch(cell) and column else cell
                for cell, column in zip(cells, columns, strict=True)
            )
        )
    return "\n".join([passage[header[0] : header[1]], *rows])


def other_records(passage: str, start: int, end: int, claimed: frozenset[str]) -> frozenset[str]:
    """The content terms of the first cells (past a column that numbers the rows) of the rows
    of the table ``passage[start:end]`` is in, but for its own rows, that a claim of the terms
    ``claimed`` names: the records it may name other than the row quoted ("On Saturday the
    office closes at 17:00." against "Monday | 9:00 | 17:00" names the "Saturday" row). A
    claim names a record by more than half of its words: "a student pays the concession
    price" names a "Student / senior (concession)" row, "takes pupils aged 11-16" no "Pupils
    on roll" row."""
    header = header_row(passage, start, end)
    if header is None:
        return frozenset()
    found: set[str] = set()
    at = header[1] + 1
    while at < len(passage):
        line_end = passage.find("\n", at)
        line_end = len(passage) if line_end < 0 else line_end
        line = passage[at:line_end]
        if not is_row(line):
            break
        if not (start < line_end and at < end) and (cells := _cells(line)):
            # A row's record: its first cell, past a column that numbers the rows.
            named = [cell for cell in cells if cell and not _NUMBER.fullmatch(cell)]
            record = content_terms(named[0] if named else cells[0])
            if 2 * len(record & claimed) > len(record):
                found |= record & claimed
        at = line_end + 1
    return frozenset(found)


# Read once per header a check's claims quote: each walk is the length of its table.
@functools.lru_cache(maxsize=256)
def rows_under(passage: str, start: int, end: int) -> tuple[tuple[int, int], ...]:
    """When ``passage[start:end]`` is a table's header row alone (its cells' names, stating no
    value), the spans of the rows under it; else none."""
    line_start = passage.rfind("\n", 0, start) + 1
    line_end = passage.find("\n", end)
    if line_end < 0 or passage[line_start:start].strip() or passage[end:line_end].strip():
        return ()
    rows: list[tuple[int, int]] = []
    at = line_end + 1
    while at < len(passage):
        row_end = passage.find("\n", at)
        row_end = len(passage) if row_end < 0 else row_end
        if not (
            is_row(passage, at, row_end)
            if rows
            else header_row(passage, at, row_end) == (line_start, line_end)
        ):
            break
        if not _RULING.fullmatch(passage, at, row_end):
            rows.append((at, row_end))
        at = row_end + 1
    return tuple(rows)


# A list item's line: a bullet ("-", "*", "+", "•") or a number ("1.", "2)") and a space.
_ITEM_LINE = regex(r"[ \t]*(?:[-*+\u2022]|\d{1,3}[.)]|\(?[a-z]\)|\(\d{1,3}\))[ \t]+\S")


def under_lead_in(passage: str, start: int, end: int) -> tuple[str, str] | None:
    """For ``passage[start:end]`` inside one item of a list whose lead-in line ends with a colon
    ("Side effects of ibuprofen:" over "- heartburn"): the lead-in and the item's line, as a row
    is read under its header; None otherwise. An item alone names no record: "heartburn" is a
    side effect of ibuprofen only under its lead-in."""
    line_start = passage.rfind("\n", 0, start) + 1
    line_end = passage.find("\n", start)
    line_end = len(passage) if line_end < 0 else line_end
    if end > line_end or not _ITEM_LINE.match(passage, line_start):
        return None
    at = line_start
    while at > 0:
        above = passage.rfind("\n", 0, at - 1) + 1
        line = passage[above : at - 1]
        # A numbered line that ends with a colon heads the items under it: "4. Exclusions.
        # This warranty does not cover:" over "(a) ...", "(b) ...".
        if not _ITEM_LINE.match(line) or line.rstrip().endswith(":"):
            lead = line.strip()
            return (lead, passage[line_start:line_end]) if lead.endswith(":") else None
        at = above
    return None
