"""Terms a passage writes in another form than the claim: an initialism spelled out in lower
case ("question answering" for "QA"), a number that is a part of a name ("CIFAR-10"), and a
negation written as a verb ("fails to"). Each both ways: the honest form is stated, a changed
one is still caught."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_faithful.text.name_words import spelled_in
from pytest_faithful.text.polarity import negation_clash
from pytest_faithful.text.specifics import unstated
from pytest_faithful.text.words import STOPWORDS

ABSTRACT = (
    "Large language models often answer with confidence. We fine-tune them with reinforcement "
    "learning, which reduces the word error rate and matches the state of the art on three "
    "question answering benchmarks. On CIFAR-10 and COVID-19 scans, it converges 3x faster."
)


def missing(claim: str) -> list[str]:
    return unstated(claim, claim, [ABSTRACT])


@pytest.mark.parametrize(
    ("claim", "changed", "name"),
    [
        ("It helps on QA benchmarks.", "It helps on NLI benchmarks.", "NLI"),
        ("Most LLMs answer with confidence.", "Most VLMs answer with confidence.", "VLMs"),
        ("They fine-tune LLMs with RL.", "They fine-tune LLMs with SFT.", "SFT"),
        ("It reduces WER.", "It reduces CER.", "CER"),
        ("It matches SOTA results.", "It beats SOTA on ImageNet.", "ImageNet"),
    ],
)
def test_an_initialism_a_passage_spells_out_is_stated(claim: str, changed: str, name: str) -> None:
    assert missing(claim) == []
    assert missing(changed) == [name]


@pytest.mark.parametrize(
    ("claim", "changed", "number"),
    [
        ("It converges 3x faster on CIFAR-10.", "It converges 10x faster.", "10"),
        ("It converges 3x faster on CIFAR 10.", "It converges 10x faster on CIFAR 10.", "10"),
        ("COVID-19 scans were used.", "It was tested on 19 scans.", "19"),
        ("Scans of COVID-19s were used.", "It was tested on 19 scans.", "19"),
    ],
)
def test_a_number_in_a_name_states_no_quantity(claim: str, changed: str, number: str) -> None:
    assert missing(claim) == []
    assert missing(changed) == [number]


def test_a_run_of_function_words_spells_nothing() -> None:
    passage = "It has information about all of the groovy new games."
    assert not spelled_in("IGN", [passage])
    assert spelled_in("IGN", ["Information on groovy news."])


def test_a_number_stated_alone_too_is_stated() -> None:
    assert (
        unstated("It is 10x faster.", "It is 10x faster.", ["On CIFAR-10 it is 10x faster."]) == []
    )


_LOWER = st.text("abcdefghijklmnopqrstuvwxyz", min_size=2, max_size=8)


@settings(max_examples=30)
@given(st.lists(_LOWER.filter(lambda w: w not in STOPWORDS), min_size=2, max_size=6), st.data())
def test_the_initials_of_any_phrase_of_content_words_are_spelled(
    words: list[str], data: st.DataObject
) -> None:
    before = data.draw(st.lists(_LOWER, max_size=4))
    passage = " ".join([*before, *words]) + ". Unrelated Words follow."
    letters = "".join(w[0] for w in words).upper()
    assert spelled_in(letters, [passage])
    assert spelled_in(letters + "s", [passage])
    # A letter no word of the passage opens with spells nothing.
    openings = {w[0] for w in passage.lower().split()}
    unused = next(c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if c.lower() not in openings)
    assert not spelled_in(letters[0] + unused, [passage])


@pytest.mark.parametrize(
    ("claim", "evidence", "changed"),
    [
        (
            "Half as many programs do not compile.",
            "The share of programs that fail to compile drops by half.",
            "Half as many programs compile.",
        ),
        (
            "The agent failed to learn the task.",
            "The agent did not learn the task.",
            "The agent learned the task.",
        ),
        (
            "Failing to renew the licence ends the contract.",
            "If you do not renew the licence, the contract ends.",
            "Renewing the licence ends the contract.",
        ),
        (
            "The captain refuses to retreat.",
            "The captain will not retreat.",
            "The captain agrees to retreat.",
        ),
        (
            "The minister declined to comment on the report.",
            "The minister did not comment on the report.",
            "The minister commented on the report.",
        ),
        (
            "Gradual wear and tear is excluded from cover.",
            "The policy does not cover gradual wear and tear.",
            "The policy covers gradual wear and tear.",
        ),
        (
            "Visitors are prohibited from entering the lab after 6 pm.",
            "Visitors may not enter the lab after 6 pm.",
            "Visitors may enter the lab after 6 pm.",
        ),
    ],
)
def test_a_negation_written_as_a_verb_is_a_negation(
    claim: str, evidence: str, changed: str
) -> None:
    assert not negation_clash(claim, evidence)
    assert not negation_clash(evidence, claim)
    assert negation_clash(changed, evidence)
    assert negation_clash(changed, claim)


@pytest.mark.parametrize(
    "text",
    ["Retention declined to 118%, down from 121%.", "Sales declined to a record low."],
)
def test_a_verb_of_refusal_before_an_amount_negates_nothing(text: str) -> None:
    # "declined to 118%" says how much, not that something was refused.
    assert not negation_clash(text, text.replace("declined", "fell"))


# A negation with its condition ("not ... without", "not ... unless", "..., otherwise not")
# says when the thing is done, not that it never is; the flat form is still caught.
@pytest.mark.parametrize(
    ("claim", "evidence", "changed"),
    [
        (
            "Subletting requires the Landlord's written consent.",
            "The Tenant shall not sublet the flat without the Landlord's written consent.",
            "The Tenant may sublet the flat without the Landlord's written consent.",
        ),
        (
            "You can't sublet the flat unless the Landlord gives written consent.",
            "The Tenant shall not sublet the flat without the Landlord's written consent.",
            "The Tenant shall not sublet the flat.",
        ),
        (
            "Items can be returned only if they are unused.",
            "Items cannot be returned unless they are unused.",
            "Items cannot be returned.",
        ),
        (
            "Submit a receipt within 60 days, otherwise you will not be reimbursed.",
            "Expenses are reimbursed only if a receipt is submitted within 60 days.",
            "Expenses are not reimbursed.",
        ),
    ],
)
def test_a_negation_with_its_condition_is_a_requirement(
    claim: str, evidence: str, changed: str
) -> None:
    assert not negation_clash(claim, evidence)
    assert not negation_clash(evidence, claim)
    assert negation_clash(changed, evidence) or negation_clash(evidence, changed)


@pytest.mark.parametrize("exception", ["except where", "unless", "excluding cases where"])
def test_a_rule_that_does_not_apply_where_the_evidence_excepts_it_is_no_negation(
    exception: str,
) -> None:
    cause = "the failure was caused by accepted extenuating circumstances."
    claim = "The resit mark is capped, but the cap does not apply if " + cause
    evidence = f"The resit mark is capped at 40 per cent, {exception} {cause}"
    assert not negation_clash(claim, evidence)
    # Without the exception the evidence states what the claim negates.
    stated = "The resit mark is capped at 40 per cent where " + cause
    assert negation_clash(claim, stated)
