"""Who said it, both ways (the ``speaker`` rule): a claim that reports a turn's or a quoted
source's words as its own speaker's passes, and the same claim given to another speaker or
source of the passage is caught, whatever the person of the turn and the reporting verb."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_faithful import verify
from pytest_faithful.testing import FunctionJudge
from pytest_faithful.text.attribution import reported_source, sources


def quoting(quote: str) -> FunctionJudge:
    return FunctionJudge(
        lambda claims, _: [
            {"claim_index": i, "label": "SUPPORTED", "reason": "ok", "evidence": quote}
            for i, _ in enumerate(claims)
        ]
    )


CHAT = "<anna> the build broke\n<raj> looks like the cache server ran out of disk\n<mike> ok"
MEETING = (
    "[00:00:12] Helen: Let's start with the office move.\n"
    "[00:00:20] Mark: The lease on the Oak Street office ends in September.\n"
    "[00:00:41] Helen: Then we move in August."
)
NEWS = (
    "Chief executive Laura Benton said the plant had lost money for five years. "
    "Union leader Mike Dowd said workers were told an hour before. "
    '"We will retrain every worker," said Mayor Carla Ruiz.'
)

# (passage, quote, the claim as its speaker's, the same claim given to another)
CASES = [
    (
        CHAT,
        "looks like the cache server ran out of disk",
        "Raj",
        "Anna",
        "thinks the cache server ran out of disk.",
    ),
    (
        CHAT,
        "looks like the cache server ran out of disk",
        "Raj",
        "Mike",
        "said the cache server ran out of disk.",
    ),
    (
        MEETING,
        "The lease on the Oak Street office ends in September.",
        "Mark",
        "Helen",
        "said the lease ends in September.",
    ),
    (
        MEETING,
        "The lease on the Oak Street office ends in September.",
        "According to Mark,",
        "According to Helen,",
        "the lease ends in September.",
    ),
    (
        MEETING,
        "The lease on the Oak Street office ends in September.",
        "Mark",
        "Helen",
        "reported that the lease ends in September.",
    ),
    (
        NEWS,
        "Chief executive Laura Benton said the plant had lost money for five years.",
        "Laura Benton",
        "Mike Dowd",
        "said the plant had lost money for five years.",
    ),
    (
        NEWS,
        "Union leader Mike Dowd said workers were told an hour before.",
        "Dowd",
        "Benton",
        "claimed workers were told an hour before.",
    ),
    (
        NEWS,
        '"We will retrain every worker," said Mayor Carla Ruiz.',
        "Carla Ruiz",
        "Laura Benton",
        "said the city will retrain every worker.",
    ),
    (
        NEWS,
        '"We will retrain every worker," said Mayor Carla Ruiz.',
        "According to Ruiz,",
        "According to Dowd,",
        "every worker will be retrained.",
    ),
]


@pytest.mark.parametrize(("passage", "quote", "own", "other", "rest"), CASES)
def test_what_one_speaker_said_is_not_anothers(
    passage: str, quote: str, own: str, other: str, rest: str
) -> None:
    assert verify(f"{own} {rest}", [passage], judge=quoting(quote)).passed
    swapped = verify(f"{other} {rest}", [passage], judge=quoting(quote))
    assert [cv.rule for cv in swapped.claim_verdicts] == ["speaker"]


@pytest.mark.parametrize(
    "claim",
    [
        "Helen agreed that the lease ends in September.",  # what is agreed to is another's
        "Helen said Mark told her the lease ends in September.",  # names the quote's speaker
        "The lease ends in September.",  # says it of nobody
    ],
)
def test_a_claim_that_does_not_give_the_words_to_another_is_left_alone(claim: str) -> None:
    quote = "The lease on the Oak Street office ends in September."
    assert verify(claim, [MEETING], judge=quoting(quote)).passed


@pytest.mark.parametrize(
    "evidence",
    [
        "Mike Dowd, who leads the union, said they met. Laura Benton said the plant lost money.",
        "Laura Benton and Mike Dowd said the plant lost money.",
        "The company said the plant lost money.",  # no named source
    ],
)
def test_prose_that_names_the_claims_source_or_no_one_is_left_alone(evidence: str) -> None:
    claim = "Mike Dowd said the plant lost money."
    assert verify(claim, [NEWS + " " + evidence], judge=quoting(evidence)).passed


NAMES = st.sampled_from(["Laura Benton", "Dowd", "Dr. Alan Price", "Helena Ortiz", "Raj"])
VERBS = st.sampled_from(["said", "claimed", "argued", "announced", "thinks", "has said"])


@given(NAMES, VERBS, st.sampled_from(["the plant will close", "fares stay at 2 dollars"]))
def test_a_reported_source_is_read_in_every_form(name: str, verb: str, what: str) -> None:
    last = name.split()[-1].lower()
    for text in (
        f"{name} {verb} {what}.",
        f"According to {name}, {what}.",
        f'"{what.capitalize()}," said {name}.',
        f"In June, {name} {verb} that {what}.",
    ):
        source = reported_source(text)
        assert source is not None, text
        assert last in source.words, text
    # A pronoun, a weekday or "the company" names no one.
    assert sources(f"He {verb} {what} on Monday. The company {verb} so.") == []
