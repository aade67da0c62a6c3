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
"""

from __future__ import annotations

from typing import NamedTuple

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


def other_column_figure(claim: str, passage: str, start: int, end: int) -> OtherColumn | None:
    """The first figure of ``claim`` that the single row ``passage[start:end]`` gives only in
    another column than that of the one thing the claim names (module docstring); None."""
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
    if head is None or row is None or len(head) != len(row) or len(head) < 3 or head[0]:
        return None
    names = [content_terms(cell) for cell in head]
    # Each column's own words: "Pro" of "Aero 14 Pro" beside "Aero 14 Standard".
    own_words = [
        names[i] - frozenset().union(*(names[j] for j in range(1, len(head)) if j != i))
        for i in range(len(head))
    ]
    claimed = content_terms(claim)
    named = [i for i in range(1, len(head)) if own_words[i] & claimed]
    if len(named) != 1:
        return None
    own = named[0]
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
