"""A measure worked out from a count the answer writes and what each item measures in a passage:
"no more than 8 tablets in 24 hours. That's a maximum of 4,000 mg a day." where a passage says
"Each tablet contains 500 mg"; "2 bags, so 46 kg in all" where "each bag may weigh up to 23 kg".

The answer writes the count (a passage states it too) and the total; the amount per item is only
the passage's. :func:`worked_per_item` reads the total as stated when it is the count times what
one item measures, in any unit of the measure ("4 g" for 4,000 mg). A total that is not the
product ("5,000 mg") is still missing, and so is a count no passage states.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from decimal import Decimal

from pytest_faithful.text.measures import measures
from pytest_faithful.text.patterns import regex
from pytest_faithful.text.terms import content_terms

# What one item measures: "Each tablet contains 500 mg", "every bag may weigh up to 23 kg",
# "500 mg per tablet", "23 kg each bag".
_EACH_FIRST = regex(
    r"(?i)\b(?:each|every|per|one)\s+(?P<item>[^\W\d_]{3,})(?:\s+[^\W\d_][\w'-]*){0,4}?\s+"
    r"(?P<amount>\d[\d,]*(?:\.\d+)?\s*[^\W\d_]+)"
)
_AMOUNT_FIRST = regex(
    r"(?i)(?P<amount>\d[\d,]*(?:\.\d+)?\s*[^\W\d_]+)\s+(?:per|each|a|an|every)\s+"
    r"(?P<item>[^\W\d_]{3,})"
)
# A count of items: "8 tablets", "2 checked bags".
_COUNT = regex(
    r"(?i)(?<![\d.,])(?P<count>\d[\d,]*)\s+(?P<first>[^\W\d_]{3,})(?:\s+(?P<then>[^\W\d_]{3,}))?"
)


def _item(word: str) -> str:
    return min(content_terms(word) or {word.casefold()})


@functools.lru_cache(maxsize=256)
def _per_item(passages: tuple[str, ...]) -> dict[str, set[tuple[str, Decimal]]]:
    """Each item the passages give an amount per one of -> (its measure, the size per item)."""
    found: dict[str, set[tuple[str, Decimal]]] = {}
    for passage in passages:
        for pattern in (_EACH_FIRST, _AMOUNT_FIRST):
            for m in pattern.finditer(passage):
                for sizes in measures(m["amount"]).values():
                    found.setdefault(_item(m["item"]), set()).update(sizes)
    return found


def _counted(text: str) -> Iterator[tuple[str, Decimal]]:
    for m in _COUNT.finditer(text):
        count = Decimal(m["count"].replace(",", ""))
        # The counted noun, after a word that may describe it: "8 tablets", "2 checked bags".
        yield from ((_item(word), count) for word in (m["first"], m["then"]) if word)


@functools.lru_cache(maxsize=256)
def _stated_counts(passages: tuple[str, ...]) -> frozenset[tuple[str, Decimal]]:
    return frozenset(pair for passage in passages for pair in _counted(passage))


def _counts(working: str, passages: tuple[str, ...]) -> Iterator[tuple[str, Decimal]]:
    """Each count of items ``working`` writes that a passage states of the same items ("8
    tablets"; not the 6 of "every 4 to 6 hours"): (the item, the count)."""
    stated = _stated_counts(passages)
    return (pair for pair in _counted(working) if pair in stated)


def worked_per_item(term: str, working: str, passages: tuple[str, ...]) -> bool:
    """Whether the measure ``term`` of ``working`` (the claim, or the answer's sentence before
    it and the claim) is a count of items ``working`` writes times what one item measures in a
    passage (module docstring)."""
    totals = measures(working).get(term, frozenset())
    if not totals or not any(c.isdigit() for c in working.replace(term, "", 1)):
        return False
    each = _per_item(passages)
    return any(
        (measure, count * size) in totals
        for item, count in _counts(working, passages)
        for measure, size in each.get(item, ())
    )
