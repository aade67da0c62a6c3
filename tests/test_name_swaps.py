"""A changed name is caught by the default policy; a name added from world knowledge is not.

"Ms. Johnson approved the budget." quoting "Ms. Smith approved the budget." passed the default
once ``unstated-names`` left it: that rule fails every name no passage states, honest additions
too. ``changed-names`` holds only the swap: the claim's unstated name where the evidence has a
name the claim lacks, around shared words (:func:`~pytest_faithful.text.name_swaps.swapped_name`).
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from evidence_judges import quoting, quoting_the_best_passage
from pytest_faithful import Label, verify
from pytest_faithful.text.name_swaps import Swap, swapped_name

# form: (passage, an honest answer adding or re-forming a name, the lie, the names its reason gives)
FORMS = {
    "a person": (
        "Ms. Smith approved the budget at Tuesday's meeting of the council.",
        "Council treasurer Ms. Smith approved the budget at Tuesday's meeting.",
        "Ms. Johnson approved the budget at Tuesday's meeting of the council.",
        ("Johnson", "Smith"),
    ),
    "a city": (
        "The company moved its headquarters to Porto in 2004 and now employs 300 people.",
        "In 2004 the company moved its headquarters to Porto, Portugal.",
        "The company moved its headquarters to Lyon in 2004 and now employs 300 people.",
        ("Lyon", "Porto"),
    ),
    "a carrier": (
        "Orders shipped with FedEx arrive in 3 to 5 business days.",
        "Orders shipped via FedEx (Federal Express) arrive in 3 to 5 business days.",
        "Orders shipped with UPS arrive in 3 to 5 business days.",
        ("UPS", "FedEx"),
    ),
    "a university at the end": (
        "The trial was run by doctors at Stanford University.",
        "The trial was run by doctors at Stanford University in California.",
        "The trial was run by doctors at Harvard University.",
        ("Harvard", "Stanford"),
    ),
    "a name written around a shared word": (
        "The workshop will be hosted by the University of Tokyo in October.",
        "The University of Tokyo, in Japan, will host the workshop in October.",
        "The workshop will be hosted by Kyoto University in October.",
        ("Kyoto", "Tokyo"),
    ),
    "a place past a function word and a reworded adverb": (
        "Flamingos breed almost entirely in the Rift Valley, some in Tanzania.",
        "Flamingos breed mostly in the Rift Valley of East Africa.",
        "Flamingos breed only in Botswana.",
        ("Botswana", "Rift Valley"),
    ),
    "a title": (
        "On Monday, Chancellor Scholz met the French leader in Berlin.",
        "On Monday, Chancellor Olaf Scholz met the French leader in Berlin, Germany's capital.",
        "On Monday, President Scholz met the French leader in Berlin.",
        ("President", "Chancellor"),
    ),
}


@pytest.mark.parametrize("form", sorted(FORMS))
def test_a_changed_name_fails_the_default_and_an_added_one_passes(form: str) -> None:
    passage, honest, lie, (mine, theirs) = FORMS[form]
    result = verify(honest, [passage], judge=quoting(passage))
    assert result.passed, result.explanation
    result = verify(lie, [passage], judge=quoting(passage))
    assert not result.passed
    [demoted] = [v for v in result.claim_verdicts if v.label is not Label.SUPPORTED]
    assert demoted.rule == "changed-names"
    assert f"the claim names {mine} where the evidence names {theirs}" in demoted.reason
    assert verify(lie, [passage], judge=quoting(passage), skip_rules="changed-names").passed


@pytest.mark.parametrize(
    ("evidence", "claim"),
    [
        # an apposition, an honour, a degree, a demonym: added, replacing no name
        ("Prince Harry visited the hospital on Friday.",
         "Prince Harry, Duke of Sussex, visited the hospital on Friday."),
        ("She studied economics at Yale before joining the bank.",
         "She earned a Bachelor of Arts in economics at Yale before joining the bank."),
        ("The novel was written by Chinua Achebe in 1958.",
         "The novel was written by Nigerian author Chinua Achebe in 1958."),
        # a name for a description
        ("According to the legend, the architect built the house for his daughter.",
         "According to the legend, Horodecki built the house for his daughter."),
        # a form of address for a given name, and a given name for one
        ("On Tuesday, Joe Biden signed the bill.", "On Tuesday, President Biden signed the bill."),
        ("In 1903, Marie Curie won the prize.", "In 1903, Dr. Curie won the prize."),
        # a name for a title of a place, and the evidence's name written short
        ("In 2012, the Duchess of Cambridge opened the school.",
         "In 2012, Kate Middleton opened the school."),
        ("On Wednesday, the Federal Reserve held rates steady.",
         "On Wednesday, the Fed held rates steady."),
        ("He played for Manchester United from 2003 to 2009.",
         "He played for Man Utd from 2003 to 2009."),
        ("On Friday, New York police arrested two men in Queens.",
         "On Friday, the NYPD arrested two men in Queens."),
        # the evidence's other name is one the claim states elsewhere
        ("Our office in Toronto handles all Canadian accounts.",
         "The Toronto office, in Ontario, handles all Canadian accounts."),
        # a long evidence sentence naming other things away from the claim's name
        ("Refunds are issued by the support team, which Maria Lopez has led from Dublin "
         "since 2019.", "Refunds are issued by the Acme support team."),
    ],
)  # fmt: skip
def test_an_added_name_or_another_form_is_no_swap(evidence: str, claim: str) -> None:
    assert verify(claim, [evidence], judge=quoting(evidence)).passed


def test_a_quote_that_stops_short_of_the_name_is_read_with_its_sentence() -> None:
    passage = "The board met on Monday. Ms. Smith approved the budget on Tuesday. It grows 4%."
    quote = "approved the budget on Tuesday"
    result = verify("Ms. Johnson approved the budget on Tuesday.", [passage], judge=quoting(quote))
    [verdict] = result.claim_verdicts
    assert verdict.rule == "changed-names"
    assert verdict.evidence == quote  # the span shown stays the judge's
    added = "Ms. Smith, the treasurer from Leeds, approved the budget on Tuesday."
    assert verify(added, [passage], judge=quoting(quote)).passed


@pytest.mark.parametrize(
    ("claimed", "shown"),
    [("ECG", "EEG"), ("Lyon", "Lisbon"), ("Austria", "Australia"), ("Marcus", "Martin")],
)
def test_a_name_that_only_looks_like_the_evidence_s_is_no_short_form(
    claimed: str, shown: str
) -> None:
    evidence = f"The {shown} team won the final in 2019."
    claim = f"The {claimed} team won the final in 2019."
    assert swapped_name(claim, claim, evidence, [claimed]) == Swap(claimed, shown)


def test_the_claim_names_are_read_only_where_the_passages_leave_them_unstated() -> None:
    evidence = "Ms. Smith approved the budget."
    assert swapped_name("Ms. Johnson approved the budget.", "", evidence, ()) is None
    assert swapped_name("Ms. Johnson approved the budget.", "", evidence, ["Johnson"]) == Swap(
        "Johnson", "Smith"
    )
    # the answer's sentence names Smith too: not a swap of Smith's name
    sentence = "Ms. Johnson approved the budget, Ms. Smith said."
    assert swapped_name("Ms. Johnson approved the budget", sentence, evidence, ["Johnson"]) is None


_PEOPLE = st.sampled_from(["Okafor", "Lindqvist", "Moreau", "Tanaka", "Ferreira", "Kowalski"])
_PLACES = st.sampled_from(["Porto", "Lyon", "Gdansk", "Osaka", "Tampere", "Valencia"])


@settings(max_examples=40, deadline=None)
@given(_PEOPLE, _PEOPLE, _PLACES, _PLACES)
def test_a_swap_is_read_wherever_the_name_stands(
    person: str, other: str, place: str, elsewhere: str
) -> None:
    evidence = f"In 2004, Dr. {person} moved the lab to {place} with twelve staff."
    claim = f"In 2004, Dr. {other} moved the lab to {elsewhere} with twelve staff."
    found = swapped_name(
        claim, claim, evidence, [n for n in (other, elsewhere) if n not in evidence]
    )
    if other != person:
        assert found == Swap(other, person)
    elif elsewhere != place:
        assert found == Swap(elsewhere, place)
    else:
        assert found is None
    added = (
        f"In 2004, Dr. {person} moved the lab to {place}, twin of {elsewhere}, with twelve staff."
    )
    assert swapped_name(added, added, evidence, [elsewhere] if elsewhere != place else []) is None


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=80), st.text(max_size=120), st.lists(st.text(max_size=12), max_size=3))
def test_any_text_reads_without_error_and_a_swap_names_words_of_both(
    claim: str, evidence: str, names: list[str]
) -> None:
    found = swapped_name(claim, claim, evidence, names)
    if found is not None:
        assert all(w in claim for w in found.claimed.split())
        assert all(w in evidence for w in found.shown.split())


# A claim that joins two facts, each from its own passage, whose quote is the first passage
# only: its second part is held to the passage sentence that states it.
_JOINED = [
    (
        [
            "The Eiffel Tower was designed by the engineering firm of Gustave Eiffel.",
            "Gustave Eiffel was born in Dijon in 1832.",
        ],
        "The Eiffel Tower was designed by Gustave Eiffel's firm, and Eiffel was born in {} "
        "in 1832.",
        ("Dijon", "Lyon"),
    ),
    (
        [
            "Professor Kim supervised Dr. Alvarez's doctoral thesis.",
            "Dr. Alvarez now teaches at the University of Toronto.",
        ],
        "Professor Kim supervised Dr. Alvarez's thesis, and Dr. Alvarez now teaches at the "
        "University of {}.",
        ("Toronto", "Ottawa"),
    ),
]


@pytest.mark.parametrize("rules", ["standard", "strict"])
@pytest.mark.parametrize(("passages", "form", "names"), _JOINED)
def test_the_part_of_a_joined_claim_its_quote_leaves_out_is_held_to_its_passage(
    passages: list[str], form: str, names: tuple[str, str], rules: str
) -> None:
    stated, changed = names
    judge = quoting(passages[0])
    assert verify(form.format(stated), passages, judge=judge, rules=rules).passed
    result = verify(form.format(changed), passages, judge=judge, rules=rules)
    assert not result.passed
    if rules == "standard":
        [demoted] = [v for v in result.claim_verdicts if v.label is not Label.SUPPORTED]
        assert f"names {changed} where the evidence names {stated}" in demoted.reason


@settings(max_examples=30, deadline=None)
@given(_PEOPLE, _PLACES, _PLACES)
def test_a_birthplace_in_a_short_biography_sentence_is_a_name(
    person: str, place: str, other: str
) -> None:
    # "was" and "in" are German words too: "born" tells the sentence is English.
    evidence = f"{person} was born in {place}."
    claim = f"{person} was born in {other}."
    found = swapped_name(claim, claim, evidence, [other] if other != place else [])
    assert found == (Swap(other, place) if other != place else None)


@pytest.mark.parametrize("rules", ["standard", "strict"])
def test_a_swap_in_one_sentence_of_an_evidence_told_in_another_order_is_caught(rules: str) -> None:
    passage = "Nina: Should we invite Paul to the dinner?\nEric: No, he's away until Monday."
    form = "Eric says Paul is away until {}, so he won't be invited to the dinner."
    judge = quoting(passage)
    assert verify(form.format("Monday"), [passage], judge=judge, rules=rules).passed
    result = verify(form.format("Friday"), [passage], judge=judge, rules=rules)
    assert not result.passed
    if rules == "standard":
        [demoted] = [v for v in result.claim_verdicts if v.label is not Label.SUPPORTED]
        assert "names Friday where the evidence names Monday" in demoted.reason


@pytest.mark.parametrize("rules", ["standard", "strict"])
@settings(max_examples=20, deadline=None)
@given(person=_PEOPLE, place=_PLACES, other=_PLACES)
def test_a_name_the_passages_give_for_something_else_is_a_swap_where_it_stands_for_another(
    rules: str, person: str, place: str, other: str
) -> None:
    assume(place != other)
    passages = [
        f"Dr. {person} was born in {place} in 1961.",
        f"In 1990 she moved to {other}, where she opened a clinic on a Friday in May.",
    ]
    judge = quoting_the_best_passage()
    # Facts of both passages joined, and each told alone: every name where a passage has it.
    for honest in (
        f"Dr. {person}, born in {place}, opened a clinic in {other}.",
        f"Dr. {person} was born in {place} in 1961.",
        f"In 1990 Dr. {person} moved to {other}.",
        # a month the other passage gives, joined where this one names a place
        f"Dr. {person} was born in {place}, and she opened a clinic in May.",
    ):
        assert verify(honest, passages, judge=judge, rules=rules).passed, honest
    lie = f"Dr. {person} was born in {other} in 1961."
    result = verify(lie, passages, judge=judge, rules=rules)
    assert not result.passed
    [demoted] = result.claim_verdicts
    assert demoted.rule == "changed-names"
    assert f"the claim names {other} where the evidence names {place}" in demoted.reason
