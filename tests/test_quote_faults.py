"""Evidence is checked against the source, both ways: an honest judge's copying slips pass, a
lying judge's quote bent toward its claim does not.

An honest quote may differ from its passage in form (spacing, curly quotes, case, a word cut at
an edge, an ellipsis for words left out, a wrong passage number); none of that writes a word of
the claim the passage lacks. A lying judge that copies a passage sentence and changes one word
into the claim's ("south" for "north") has a quote that is the claim's text, not the source's.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_faithful import verify
from pytest_faithful.models import Claim, Verdict
from pytest_faithful.testing import FunctionJudge
from pytest_faithful.text.evidence import bent_quote, echoed_changes
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


BENT = [
    (
        FUND,
        "The fund supported cooperatives on the south coast.",
        "cooperatives on the south coast.",
    ),
    (FUND, "The auditor expanded the fund in 2019.", "auditor in 2019, the fund was expanded and"),
    (
        SHARES,
        "Shares of Pellam Foods rose 8% on Tuesday.",
        "Shares of Pellam Foods rose 8% on Tuesday after the company cut its annual profit",
    ),
    (
        SHARES,
        "Dana Ortiz blamed higher energy prices.",
        "Chief executive Dana Ortiz blamed higher energy prices.",
    ),
    (
        NOVEL,
        "The Salt Road was later adapted for television.",
        "and was later adapted for television.",
    ),
]


@pytest.mark.parametrize(("passage", "claim", "quote"), BENT)
@pytest.mark.parametrize("rules", ["standard", "strict"])
def test_a_quote_bent_toward_its_claim_is_no_evidence(
    passage: str, claim: str, quote: str, rules: str
) -> None:
    verdict = verify(claim, [passage], judge=quoting(quote), rules=rules).claim_verdicts[0]
    assert verdict.label is Label.NOT_ENOUGH_INFO
    assert verdict.rule == "quote-in-passage"
    assert "not the passage's text" in verdict.reason


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
        assert bent_quote(sentence, quote, sentence, sentence) == []
    # a lie: one word of the sentence changed into the claim's
    bent = [*words[:k], "zeppelin", *words[k + 1 :]]
    quote = " ".join(bent) + "."
    claim = f"The {words[0]} has a zeppelin."
    assert bent_quote(claim, quote, sentence, sentence) == ["zeppelin"]
    # the claim copied whole is an echo, read by the echo rule (strict)
    assert bent_quote(quote, quote, sentence, sentence) == []
    assert echoed_changes(quote, quote, sentence) == ["zeppelin"]
    # an echo of the claim that leaves the changed word out does not say it
    assert "zeppelin" not in (echoed_changes(quote, " ".join(words[:k]), sentence) or [])
