"""Whether a span of evidence states a claim word for word.

A claim its evidence states word for word, a clause whole, adds no name, number, quotation or
code its evidence lacks, swaps none of them, and uses none of its words against the evidence's:
the verdict rules that compare the claim's wording with the evidence's
(:attr:`~pytest_faithful.rules.base.Rule.reads_wording`) have nothing to find in it, and the
check does not run them. The rules that read where the words stand (a negation before them, who
said them, the question they answer, a table's header) run as on any claim.

The test is strict on purpose: a paraphrase, a word cut off ("non-" before "refundable") or a
clause cut short ("costs 1.5" of "costs 1.5 million") is not word for word, and every rule reads
it.
"""

from __future__ import annotations

from typing import Final

from pytest_faithful.text.patterns import regex

_SPACES = regex(r"\s+")
# What _SPACES changes: a run of two or more, or one that is not a plain space (most texts
# have neither, and are read as they are).
_NOT_ONE_SPACE = regex(r"[^\S ]| \s")
# What may stand just before the claim in the evidence: nothing, a space or an opening mark.
# A hyphen or a letter would make the claim's first word part of another ("non-refundable").
_OPENS: Final = frozenset("([{\"'\u201c\u2018\u00ab")
# What may follow it: nothing, or a mark that ends a clause. A space and another word would
# make the claim a clause cut short ("costs 1.5" of "costs 1.5 million", "within 30" of
# "within 30 days").
_CLOSES: Final = frozenset(".,;:!?)]}\"'\u201d\u2019\u00bb")


def _closes(text: str, end: int) -> bool:
    """Whether a clause ends at ``end``: the text's end, or a closing mark that no letter or
    digit follows ("1" is cut short in "1.5", "the customer" in "the customer's bank")."""
    if end == len(text):
        return True
    return text[end] in _CLOSES and (end + 1 == len(text) or not text[end + 1].isalnum())


def stated_word_for_word(claim: str, evidence: str) -> bool:
    """Whether ``evidence`` writes ``claim`` (less its closing full stop) word for word, from a
    word's start to a clause's end, its spacing aside; the claim's first letter may be in
    either case ("refunds take" in "..., and refunds take")."""
    said = _spaced(claim).strip().removesuffix(".").rstrip()
    if not said:
        return False
    text = _spaced(evidence)
    rest = said[1:]
    for first in dict.fromkeys((said[0], said[0].swapcase())):
        at = text.find(first + rest)
        while at >= 0:
            end = at + len(said)
            if (at == 0 or text[at - 1] == " " or text[at - 1] in _OPENS) and _closes(text, end):
                return True
            at = text.find(first + rest, at + 1)
    return False


def _spaced(text: str) -> str:
    """``text`` with each run of whitespace one space."""
    return _SPACES.sub(" ", text) if _NOT_ONE_SPACE.search(text) else text
