"""Business periods written short, read as the words a passage writes them in: "Q3 2024" is
the third quarter of 2024, "H1" the first half, "FY2023" (or "FY23") fiscal 2023, so a claim's
"Q3" is stated by a passage's "third quarter" and the other way round.
"""

from __future__ import annotations

from pytest_faithful.text.patterns import regex

# "first" stays a word, as it does in "first quarter"; the others read as their numbers.
_PERIOD = regex(r"\b(?:([qh])([1-4])|fy[^\S\n]?(\d{4}|\d{2}))\b")
_ORDINAL_TERMS = ("first", "2", "3", "4")


def _may_write_one(text: str, start: int, end: int) -> bool:
    # Substring tests: a tenth of the regex's time on the texts that have none (nearly all).
    # Only within text[start:end]: a passage's sentences are read as slices of it, and a test
    # of the whole text for each read every sentence of a long passage again (quadratic).
    find = text.find
    return (
        find("q1", start, end) >= 0
        or find("q2", start, end) >= 0
        or find("q3", start, end) >= 0
        or find("q4", start, end) >= 0
        or find("h1", start, end) >= 0
        or find("h2", start, end) >= 0
        or find("fy", start, end) >= 0
    )


def read_periods(text: str, start: int, end: int, terms: set[str]) -> None:
    """Read into ``terms`` (a bag's content terms of lowercased ``text[start:end]``) each
    business period written short, as the words it says."""
    if not _may_write_one(text, start, end) or _PERIOD.search(text, start, end) is None:
        return
    for m in _PERIOD.finditer(text, start, end):
        if m[1]:
            if m[1] == "h" and m[2] not in "12":
                continue
            terms.discard(m[2])
            terms.add("quarter" if m[1] == "q" else "half")
            terms.add(_ORDINAL_TERMS[int(m[2]) - 1])
        else:
            terms.difference_update(("fy", m[3]))
            terms.add("fiscal")
            terms.add(m[3] if len(m[3]) == 4 else f"20{m[3]}")
