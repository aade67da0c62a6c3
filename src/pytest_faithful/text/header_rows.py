"""The row under a table's header row that states a claim, for a judge that quoted the header
alone: a header names what its rows state, and the claim's values are in a row.

A row states the claim when, read under the header
(:func:`~pytest_faithful.text.tables.under_header`), it holds every number of the claim that a
passage writes, bears on the claim, and the claim names no other row's record it does not
hold. A figure the claim works out from the row ("CHF 369, so for two adults CHF 738") is
the other rules' to hold (`unstated-specifics`, `claim-arithmetic`): a row need not write it.
A claim whose figures are in two rows is not read from two (they let through the lie that
takes another row's value, "a flag fall of £3.20" for Tariff 2's £3.80, measured at stop 64).
"""

from __future__ import annotations

from pytest_faithful.text.evidence import bears_on
from pytest_faithful.text.tables import other_records, under_header
from pytest_faithful.text.terms import content_terms


def row_stating(
    passage: str,
    rows: tuple[tuple[int, int], ...],
    claim: str,
    subject: str,
    written: frozenset[str],
) -> tuple[int, int] | None:
    """The span of the row under a quoted header that states ``claim``, the one sharing most
    of it; None when none does. ``written``: the terms the passages write."""
    claimed = content_terms(claim)
    numbers = {term for term in claimed if term[0].isdigit()} & written
    best: tuple[int, int, int] | None = None
    for start, end in rows:
        held = content_terms(passage[start:end])
        if other_records(passage, start, end, claimed) - held:
            continue
        read = under_header(passage, start, end)
        if read is None or not numbers <= content_terms(read) or not bears_on(read, subject):
            continue
        shared = len(held & claimed)
        if best is None or shared > best[0]:
            best = (shared, start, end)
    return None if best is None else (best[1], best[2])
