"""Whether a quote states the value a bare reply gives: "£5.50." for "How much will it cost?"
from "| Up to 4 hours | £5.50 |", "13:30." from "school finishes at 13:30 on the last day".

A reply that is only a value ("£610.", "33 seconds.", "By 9:15.") has no word of its own, so
its evidence is read with the question it answers (:func:`~pytest_faithful.text.evidence.
subject_of`); and the passage sentence that states the value seldom shares a word with the
question ("The estimate is £420-£610." for "What's the most the dental could cost?"). A quote
that states each of the reply's figures bears on it, where one of them is specific: with a unit
or a currency, a time, a fraction, or three digits or more ("30" alone is in every other
passage and proves nothing), and each of the kind the quote writes it ("£15." is not the "15%
off" of a quote). Which of a passage's figures answers the question is the judge's
reading, as it is for any quote; a figure no passage states is still caught by the number rules.
"""

from __future__ import annotations

from pytest_faithful.text.evidence import claim_terms
from pytest_faithful.text.kinds import number_kinds
from pytest_faithful.text.terms import content_terms

_PLAIN = frozenset({"plain"})
_FRAME = content_terms("year month week day night hour minute total altogether each person head")


def states_the_value(quote: str, claim: str, framed: bool = False) -> bool:
    """Whether ``claim`` is a bare value and ``quote`` states each of its figures, one of them
    specific (module docstring); ``framed``: and it writes a word of its own ("£26 a year.",
    not a claim split off a figure, "a £1.")."""
    said = claim_terms(claim)
    terms = frozenset(term for term in said if term[0].isdigit())
    if framed and said == terms:
        return False
    # A value with the words of its rate or its sum, "£26 a year.", "£62.00 in total:", is a
    # bare value still; one with a word of its own ("It costs £610.") is not.
    if not terms or not said - terms <= _FRAME:
        return False
    if not terms <= content_terms(quote):
        return False
    kinds, quoted = number_kinds(claim), number_kinds(quote)
    # Of one kind: "£15." is not the "15% off" of a quote.
    if any(
        (own := kinds.get(term, _PLAIN) - _PLAIN) and not own & quoted.get(term, frozenset())
        for term in terms
    ):
        return False
    return any(
        len(term) >= 3 or not term.isdigit() or kinds.get(term, _PLAIN) - _PLAIN for term in terms
    )
