"""A figure a claim gives one column's thing that its table row gives only in another column.

A comparison table names its things in the header, its first cell empty ("| | Hollins Park
Academy | St Brendan's High School |"), and states one value of each in a row ("| Age range |
11-16 | 11-18 |"). A lie that gives one thing the other's value ("Hollins Park Academy takes
pupils aged 11-18") keeps a figure the row writes, so no reading of the row's numbers alone
tells it; the column does. :func:`other_column_figure` reads a single row under such a header
where the claim names exactly one column's thing (by a word no other column's name has), writes
none of its cell's figures, and writes a figure of another column's cell. A claim that names
two columns, or gives its own figure beside another's, compares them, and is left to the
readings of comparisons; a table whose header names
its first column ("| Train | Departs | Arrives |") lists records, whose columns are no things.

The same row tells yes from no by column: "| Continuous drain hose | No | Yes |" says the first
column's thing has none, the second's has one. Read whole, its "No" would negate the feature of
both; :func:`column_said` reads it in the column of the one thing the claim names, and reads a
row of yes and no cells as saying neither of a claim that names no one column.
"""

from __future__ import annotations

from typing import NamedTuple

from pytest_faithful.text.patterns import regex
from pytest_faithful.text.segment import header_row
from pytest_faithful.text.tables import cells_of
from pytest_faithful.text.terms import content_terms


class OtherColumn(NamedTuple):
    figure: str
    """The claim's figure, as its term."""
    column: str
    """The column the row gives it in."""
    own: str
    """The column of the thing the claim names."""


# A first header cell that says the rows are features and the columns the things compared.
_FEATURES = frozenset(
    {"feature", "features", "spec", "specs", "specification", "specifications", "benefit",
     "benefits", "what's included", "included"}
)  # fmt: skip


class _Row(NamedTuple):
    head: list[str]
    """The header's cells, the first empty."""
    row: list[str]
    """The row's cells, its label first."""
    named: tuple[int, ...]
    """The columns whose thing the claim names, by a word no other column's name has."""


def _row_under_things(
    claim: str, passage: str, start: int, end: int, *, records: bool = False
) -> _Row | None:
    """The single row ``passage[start:end]`` of a comparison table (module docstring), with
    the columns the claim names; None for any other span. With ``records``, also a row of a
    table whose header names its first column as the features its rows are ("| Feature | Free
    | Team |"), not as records ("| Room type | Price | Breakfast |", where a column is a field
    and "Not included" says the dorm bed comes without breakfast, not that none is sold)."""
    header = header_row(passage, start, end)
    if header is None:
        return None
    line_start = passage.rfind("\n", 0, start) + 1
    line_end = passage.find("\n", start)
    line_end = len(passage) if line_end < 0 else line_end
    if end > line_end + 1:
        return None  # several rows: which is the claim's is not read here
    head = cells_of(passage[header[0] : header[1]])
    row = cells_of(passage[line_start:line_end])
    if head is None or row is None or len(head) != len(row) or len(head) < 3:
        return None
    if head[0] and not (records and head[0].lower() in _FEATURES):
        return None
    names = [content_terms(cell) for cell in head]
    # Each column's own words: "Pro" of "Aero 14 Pro" beside "Aero 14 Standard".
    own_words = [
        names[i] - frozenset().union(*(names[j] for j in range(1, len(head)) if j != i))
        for i in range(len(head))
    ]
    claimed = content_terms(claim)
    named = tuple(i for i in range(1, len(head)) if own_words[i] & claimed)
    return _Row(head, row, named)


def other_column_figure(claim: str, passage: str, start: int, end: int) -> OtherColumn | None:
    """The first figure of ``claim`` that the single row ``passage[start:end]`` gives only in
    another column than that of the one thing the claim names (module docstring); None."""
    found = _row_under_things(claim, passage, start, end)
    if found is None or len(found.named) != 1:
        return None
    head, row, (own,) = found
    claimed = content_terms(claim)
    figures = {term for term in claimed if term[0].isdigit()}
    cells = [content_terms(cell) for cell in row]
    own_cell = cells[own]
    others = frozenset().union(*(cells[i] for i in range(1, len(row)) if i != own))
    if figures & (own_cell - others):
        return None  # "112 mph against 106 mph": its own figure beside the other's compares them
    for i in range(1, len(row)):
        if i == own:
            continue
        for figure in sorted((figures & cells[i]) - own_cell):
            return OtherColumn(figure, head[i], head[own])
    return None


# A cell that says a thing has the row's feature: "Yes (static pad)", "✓", "Included".
_YES_CELL = regex(r"(?i)(?:yes|included|available|supported|standard)\b|[\u2713\u2714\u2705]")
# ... or has it not, and nothing more: "No", "None", "✗", "—", "No (taxes refundable)"; not
# "Not included (€35 online)", which says what having it costs.
_NO_CELL = regex(
    r"(?i)(?:no|none|nil|not[^\S\n]+(?P<word>included|available|supported|offered)"
    r"|un(?P<un>available)|[\u2717\u2718\u274c\u00d7\u2013\u2014-])\.?"
    r"(?:[^\S\n]*\([^()\d]*\))?\.?"
)


class ColumnSaid(NamedTuple):
    """What a comparison table's row says of the one thing a claim names."""

    label: str
    """The row's label, its feature: "Continuous drain hose"."""
    column: str
    """The header's name of the thing: "AeroDry 12"."""
    yes: bool | None
    """Whether the thing has the feature; None where the claim names no one column of a row
    whose cells say both, which says nothing of the claim's thing."""
    word: str = ""
    """The word a cell that says no negates, where it is not the feature itself: "included" of
    "Not included", which denies no claim that a checked bag can be bought on the fare."""


def column_said(claim: str, passage: str, start: int, end: int) -> ColumnSaid | None:
    """What the single row ``passage[start:end]`` of a comparison table says of the one thing
    ``claim`` names: "| Continuous drain hose | No | Yes |" under "| | AeroDry 12 | AeroDry 20
    |" says no of the AeroDry 12 and yes of the 20. A row read whole says yes and no at once,
    of different things, so a claim that names no one column of a row whose cells say both is
    read as saying neither (``yes`` None). None for any other span, or a row whose cells say
    no yes or no."""
    if not any(mark in passage[start:end] for mark in _CELL_MARKS):
        return None  # most spans: no table's row, read before the header is looked for
    found = _row_under_things(claim, passage, start, end, records=True)
    if found is None:
        return None
    label, cells = found.row[0], found.row[1:]
    if len(found.named) == 1:
        own = found.named[0]
        yes, word = _yes_or_no(cells[own - 1])
        return None if yes is None else ColumnSaid(label, found.head[own], yes, word)
    said = {_yes_or_no(cell)[0] for cell in cells}
    return ColumnSaid(label, "", None) if {True, False} <= said else None


# What a row quoted from a Markdown, tab-separated or HTML table holds between its cells.
_CELL_MARKS = ("|", "\t", "<t")


def _yes_or_no(cell: str) -> tuple[bool | None, str]:
    """Whether ``cell`` says yes or no (None: neither), and the word its no negates."""
    if (no := _NO_CELL.fullmatch(cell)) is not None:
        return False, no["word"] or no["un"] or ""
    return (True if _YES_CELL.match(cell) else None), ""
