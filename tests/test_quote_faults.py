"""Evidence is checked against the source, both ways: an honest judge's copying slips pass;
a judge that quotes its own claim back is still held to the words it says.

An honest quote may differ from its passage in form (spacing, curly quotes, case, a word cut at
an edge, an ellipsis for words left out, a wrong passage number). An ellipsis quote is shorter
than its sentence, so nearer a paraphrasing claim than the sentence is: it was read as an echo
of the claim under strict. It says none of the claim's words the passage lacks, so it is none.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_faithful import verify
from pytest_faithful.models import Claim, Verdict
from pytest_faithful.testing import FunctionJudge
from pytest_faithful.text.evidence import echoed_changes
from pytest_faithful.vocab import Label

FUND = (
    "The Harbour Fund was set up in 2011 to support small fishing\ncooperatives on the north "
    "coast. After a review by the regional\nauditor in 2019, the fund was closed and its "
    "remaining assets were transferred to the Coastal Trust."
)
NOVEL = (
    "Mara Quinn\u2019s debut novel, \u201cThe Salt Road\u201d, was published in 2017 by Linden "
    "Press. It sold 40,000 copies in its first year \u2013 far more than the publisher\u2019s "
    "forecast \u2013 and was later adapted for radio."
)
SHARES = (
    "Shares of Pellam Foods fell 8% on Tuesday after the company cut its annual profit forecast. "
    "Chief executive Dana Ortiz blamed higher grain prices."
)
HOSPITAL = "The institute's radiology depart-\nment opened in 1914."


def quoting(quote: str, index: int = 0) -> FunctionJudge:
    def verdicts(claims: Sequence[Claim], passages: Sequence[str]) -> list[Verdict]:
        return [
            Verdict(claim_index=i, label=Label.SUPPORTED, evidence=quote, passage_index=index)
            for i in range(len(claims))
        ]

    return FunctionJudge(verdicts)


HONEST = [
    # an ellipsis for the words a paraphrasing claim leaves out is no echo of the claim
    (NOVEL, "The novel sold 40,000 copies in its first year.", "It sold 40,000 copies ... radio."),
    (FUND, "The fund was shut down after the 2019 review.", "auditor in 2019, the fund ... closed"),
    # spacing and line breaks, straight quotes and dashes, case, a word cut at either edge
    (
        FUND,
        "The fund supported cooperatives on the north coast.",
        "cooperatives on the north coast",
    ),
    (NOVEL, "Sales beat the publisher's forecast.", "far more than the publisher's forecast -"),
    (
        SHARES,
        "Pellam Foods' stock dropped 8% on Tuesday.",
        "shares of pellam foods fell 8% on tuesday",
    ),
    (
        SHARES,
        "Dana Ortiz pointed to higher grain prices.",
        "ef executive Dana Ortiz blamed higher gr",
    ),
    # a word the passage breaks across a line, quoted whole
    (HOSPITAL, "The radiology department opened in 1914.", "radiology department opened in 1914."),
]


@pytest.mark.parametrize(("passage", "claim", "quote"), HONEST)
@pytest.mark.parametrize("rules", ["standard", "strict"])
def test_an_honest_quote_with_slips_supports_a_faithful_claim(
    passage: str, claim: str, quote: str, rules: str
) -> None:
    # cited as the other passage: a wrong passage number is forgiven as well
    result = verify(
        claim, ["Unrelated text about tides.", passage], judge=quoting(quote, 0), rules=rules
    )
    assert result.passed, result.claim_verdicts[0].reason


ECHOES = [
    (SHARES, "Shares of Pellam Foods rose 8% on Tuesday."),
    (SHARES, "Chief executive Dana Ortiz blamed higher energy prices."),
    ("Refunds are prohibited after 30 days.", "Refunds are allowed after 30 days."),
]


@pytest.mark.parametrize(("passage", "claim"), ECHOES)
def test_an_echo_of_a_changed_claim_is_still_caught(passage: str, claim: str) -> None:
    verdict = verify(claim, [passage], judge=quoting(claim), rules="strict").claim_verdicts[0]
    assert verdict.label is Label.NOT_ENOUGH_INFO, verdict.reason


_VOCABULARY = (
    "harbour fund grain prices shares cooperatives auditor review coast trust novel copies "
    "forecast radio bridge traffic repairs engineer museum renovation"
)
WORDS = st.sampled_from(_VOCABULARY.split())


@settings(max_examples=40, deadline=None)
@given(st.lists(WORDS, min_size=6, max_size=12, unique=True), st.data())
def test_only_a_changed_word_the_claim_says_bends_a_quote(
    words: list[str], data: st.DataObject
) -> None:
    sentence = " ".join(words) + "."
    k = data.draw(st.integers(1, len(words) - 2))
    # honest forms: case, a left-out middle word, the sentence itself
    for quote in (sentence.upper(), " ".join(words[:k]) + " ... " + " ".join(words[k + 1 :])):
        assert not echoed_changes(sentence, quote, sentence)
    # a lie: the claim copied whole, one word changed, is an echo that says it
    claim = " ".join([*words[:k], "zeppelin", *words[k + 1 :]]) + "."
    assert echoed_changes(claim, claim, sentence) == ["zeppelin"]
    # an ellipsis quote that leaves the changed word out does not say it
    assert "zeppelin" not in (echoed_changes(claim, " ".join(words[:k]), sentence) or [])
