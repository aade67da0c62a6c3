"""Who did what to whom: a claim that exchanges two parties of its evidence is caught.

"Acme acquired Bolt in 2021." quoting "Bolt acquired Acme in 2021." passed every rule: each of
its words and names is in the evidence. ``swapped-roles`` reads the relations each text states
between two parties (:func:`~pytest_faithful.text.role_swaps.swapped_roles`), a passive by its
agent, and holds the claim to the evidence's way round; a verb whose parties stand the same either
way, a list, a passive rewrite and a relation the passages state both ways are no swap.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_judges import quoting
from pytest_faithful import Label, verify
from pytest_faithful.text.role_swaps import swapped_roles
from pytest_faithful.text.roles import relations

# form: (passage, an honest restatement, the lie, what the reason says)
FORMS = {
    "a deal": (
        "Bolt acquired Acme in 2021 for $40 million.",
        "In 2021, Acme was acquired by Bolt for $40 million.",
        "Acme acquired Bolt in 2021 for $40 million.",
        "the claim has Acme acquire Bolt where the evidence has Bolt acquire Acme",
    ),
    "a passive lie": (
        "Arsenal beat Chelsea 2-1 on Saturday.",
        "Chelsea were beaten 2-1 by Arsenal on Saturday.",
        "Arsenal were beaten 2-1 by Chelsea on Saturday.",
        "the claim has Chelsea beat Arsenal where the evidence has Arsenal beat Chelsea",
    ),
    "a contract's parties": (
        "The borrower pays the lender interest every month.",
        "Interest is paid to the lender by the borrower every month.",
        "The lender pays the borrower interest every month.",
        "the claim has the lender pay the borrower where the evidence has the borrower pay",
    ),
    "an object before the second party": (
        "Dunmore supplies steel to Kettering Motors.",
        "Kettering Motors gets its steel from Dunmore.",
        "Kettering Motors supplies steel to Dunmore.",
        "the claim has Kettering Motors supply steel to Dunmore where the evidence has Dunmore",
    ),
    "a relation noun": (
        "Jo is Kim's manager and approved her leave.",
        "Kim's manager, Jo, approved her leave.",
        "Kim is Jo's manager and approved her leave.",
        "the claim makes Kim Jo's manager where the evidence makes Jo Kim's manager",
    ),
    "an act named by a noun": (
        "Bolt's acquisition of Acme closed in 2021.",
        "The acquisition of Acme by Bolt closed in 2021.",
        "Acme's acquisition of Bolt closed in 2021.",
        "the claim has Acme's acquisition of Bolt where the evidence has Bolt's acquisition",
    ),
    "a relative clause": (
        "Bolt, which acquired Acme in 2021, is based in Oslo.",
        "Acme was acquired in 2021 by Bolt, which is based in Oslo.",
        "Acme, which acquired Bolt in 2021, is based in Oslo.",
        "the claim has Acme acquire Bolt where the evidence has Bolt acquire Acme",
    ),
    "a chat's first person": (
        "Rachel: Did Sam pay you back?\nLiam: Yes, Sam paid me on Monday.",
        "Sam paid Liam back on Monday.",
        "Liam paid Sam back on Monday.",
        "the claim has Liam pay Sam where the evidence has Sam pay Liam",
    ),
    "a message in a chat": (
        "Dan: Lucy invited Omar to the party, right?\nEve: Yes, she did.",
        "Lucy invited Omar to the party.",
        "Omar invited Lucy to the party.",
        "the claim has Omar invite Lucy where the evidence has Lucy invite Omar",
    ),
}


@pytest.mark.parametrize("form", sorted(FORMS))
def test_a_swap_fails_the_default_and_a_restatement_passes(form: str) -> None:
    passage, honest, lie, reason = FORMS[form]
    result = verify(honest, [passage], judge=quoting(passage))
    assert result.passed, result.explanation
    result = verify(lie, [passage], judge=quoting(passage))
    assert not result.passed
    [demoted] = [v for v in result.claim_verdicts if v.label is not Label.SUPPORTED]
    assert demoted.rule == "swapped-roles"
    assert reason in demoted.reason
    assert verify(lie, [passage], judge=quoting(passage), skip_rules="swapped-roles").passed


@pytest.mark.parametrize(
    ("evidence", "claim"),
    [
        pytest.param("Clara married Henrik in 1902.", "Henrik married Clara in 1902.", id="met"),
        pytest.param("Leeds drew with Everton 1-1.", "Everton drew with Leeds 1-1.", id="with"),
        pytest.param("Spain played Italy in Munich.", "Italy played Spain in Munich.", id="play"),
        pytest.param("Arsenal take on Chelsea.", "Chelsea take on Arsenal.", id="take-on"),
        pytest.param("Orion and Vega signed the deal.", "Vega and Orion signed it.", id="list"),
        pytest.param("Kim is Jo's cousin.", "Jo is Kim's cousin.", id="cousin"),
        pytest.param("Kim sat next to Jo.", "Jo sat next to Kim.", id="next-to"),
        pytest.param("Acme was bought by Bolt.", "Bolt bought Acme.", id="passive"),
        pytest.param("Acme, which Bolt bought, makes vans.", "Bolt bought Acme.", id="which"),
        pytest.param("Kim, who Jo hired, left.", "Jo hired Kim.", id="who-object"),
        pytest.param("Kim, who was hired by Jo, left.", "Jo hired Kim.", id="who-passive"),
        pytest.param("Kessler was ordered to pay Brandt.", "Brandt paid Kessler.", id="no-by"),
        pytest.param("Kim did not hire Jo.", "Jo hired Kim.", id="negated"),
        pytest.param("Rivera, Osei said, had lied.", "Rivera said Osei had lied.", id="aside"),
        pytest.param(
            "Arsenal beat Chelsea 2-1, and Chelsea beat Arsenal 3-0 in the return game.",
            "Chelsea beat Arsenal 3-0.",
            id="both-ways",
        ),
        pytest.param(
            "Kim emailed Jo and Jo emailed Kim back.", "Jo emailed Kim back.", id="both-and"
        ),
        pytest.param(
            "Pellham Group's subsidiary Gresham opened a plant.",
            "Gresham, a subsidiary of Pellham Group, opened a plant.",
            id="of-and-possessive",
        ),
        pytest.param("THE SELLER PAYS THE BUYER.", "THE BUYER PAYS THE SELLER.", id="caps"),
        pytest.param("Kim: Jo, you hired Sam.", "Sam hired Jo.", id="no-you"),
        pytest.param("Kim: I emailed Jo, and Jo emailed me.", "Jo emailed Kim.", id="both-turn"),
    ],
)
def test_no_swap_where_the_parties_stand_the_same(evidence: str, claim: str) -> None:
    assert swapped_roles(claim, evidence, [evidence]) is None


def test_a_relation_another_passage_states_the_claims_way_is_no_swap() -> None:
    evidence = "Acme sued Bolt in 2019."
    assert swapped_roles("Bolt sued Acme.", evidence, [evidence]) is not None
    assert swapped_roles("Bolt sued Acme.", evidence, [evidence, "Bolt sued Acme in 2022."]) is None


def test_a_claim_without_two_parties_of_the_evidence_is_not_read() -> None:
    assert swapped_roles("Acme acquired a rival.", "A rival acquired Acme.", []) is None
    assert swapped_roles("Zenit acquired Acme.", "Acme acquired Bolt.", []) is None


# Invented names and verbs that are not symmetric, with their past participles.
_NAMES = ("Acme", "Bolt", "Kestrel", "Orion", "Marten Logistics", "Dana Ruiz", "Harlow")
_VERBS = (
    ("acquired", "acquired"),
    ("beat", "beaten"),
    ("sued", "sued"),
    ("paid", "paid"),
    ("hired", "hired"),
    ("overtook", "overtaken"),
    ("sold", "sold"),
    ("replaced", "replaced"),
    ("emailed", "emailed"),
)
_ROLES = (("the buyer", "the seller"), ("the tenant", "the landlord"), ("the host", "the guest"))
_TAILS = ("", " in 2021", " on Monday", " for $5 million", " 2-1")
_parties = st.one_of(
    st.lists(st.sampled_from(_NAMES), min_size=2, max_size=2, unique=True),
    st.sampled_from(_ROLES).map(list),
)


def _sentence(text: str) -> str:
    return text[0].upper() + text[1:] + "."


@settings(max_examples=150, deadline=None)
@given(parties=_parties, verb=st.sampled_from(_VERBS), tail=st.sampled_from(_TAILS))
def test_exchanged_parties_are_a_swap_in_either_voice(
    parties: list[str], verb: tuple[str, str], tail: str
) -> None:
    a, b = parties
    past, participle = verb
    active = _sentence(f"{a} {past} {b}{tail}")
    passive = _sentence(f"{b} was {participle} by {a}{tail}")
    swapped = _sentence(f"{b} {past} {a}{tail}")
    swapped_passive = _sentence(f"{a} was {participle} by {b}{tail}")
    for evidence in (active, passive):
        for same in (active, passive):
            assert swapped_roles(same, evidence, [evidence]) is None
        for lie in (swapped, swapped_passive):
            swap = swapped_roles(lie, evidence, [evidence])
            assert swap is not None
            assert swap.reason().startswith(f"the claim has {b} ")


@settings(max_examples=100, deadline=None)
@given(
    parties=_parties,
    verb=st.sampled_from(("met", "married", "played", "drew with", "partnered with", "faced")),
    tail=st.sampled_from(_TAILS),
)
def test_a_symmetric_verb_is_never_a_swap(parties: list[str], verb: str, tail: str) -> None:
    a, b = parties
    evidence = _sentence(f"{a} {verb} {b}{tail}")
    assert swapped_roles(_sentence(f"{b} {verb} {a}{tail}"), evidence, [evidence]) is None


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from("AB ab.,'s-2:\nby was and of"), max_size=80))
def test_any_text_reads_without_error(text: str) -> None:
    for relation in relations(text, loose=True):
        assert relation.first.words
        assert relation.second.words
        assert relation.first.words.isdisjoint(relation.second.words)
    swapped_roles(text, text, [text])
