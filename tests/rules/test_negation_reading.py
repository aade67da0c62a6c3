"""The negation rule, in the default policy: where a quote of several sentences is read (the
sentence most about the claim), and the negations that negate no action ("impossible to",
"unable to", an exemption beside a permission). Each class both ways: the faithful reading
passes, the lie is caught. Written from the classes, not from dev examples."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_faithful import verify
from pytest_faithful.testing import FunctionJudge
from pytest_faithful.text.evidence import sentence_about
from pytest_faithful.text.modals import exempt_and_allowed
from pytest_faithful.text.polarity import negation_clash
from pytest_faithful.text.segment import split_sentences


def quoting(quote: str) -> FunctionJudge:
    return FunctionJudge(
        lambda claims, passages: [
            {"claim_index": i, "label": "SUPPORTED", "reason": "stated", "evidence": quote}
            for i in range(len(claims))
        ]
    )


def rule_of(answer: str, passage: str) -> str | None:
    """The rule that demoted the answer's one claim under the default policy, or None."""
    result = verify(answer, [passage], judge=quoting(passage))
    (verdict,) = result.claim_verdicts
    return verdict.rule if not result.passed else None


@pytest.mark.parametrize(
    ("passage", "faithful", "lie"),
    [
        # A greeting, then the sentence the claim is about.
        ("Agent: I'm calling about our insurance products. We offer plans that fit your needs.",
         "The agent offers plans that fit the client's needs.",
         "The agent offers plans that don't fit the client's needs."),
        # The sentence about the claim, then one about something else.
        ("The clinic accepts walk-in patients. Appointments open at 8 am on weekdays.",
         "The clinic accepts walk-in patients.",
         "The clinic does not accept walk-in patients."),
        # A negation in the sentence, dropped by the lie.
        ("The museum opened in 1990. It is not open on Mondays during the winter.",
         "The museum is not open on Mondays in winter.",
         "The museum is open on Mondays in winter."),
    ],
)  # fmt: skip
def test_a_quote_of_several_sentences_is_read_in_the_one_about_the_claim(
    passage: str, faithful: str, lie: str
) -> None:
    assert rule_of(faithful, passage) is None
    assert rule_of(lie, passage) == "negation"


@pytest.mark.parametrize(
    ("passage", "faithful"),
    [
        # The claim's negation comes from another sentence of the quote than its subject.
        ("The company hired 40 engineers last year. It did not hire any designers.",
         "The company did not hire any designers last year."),
        # A claim that joins what two sentences say, one of them negated.
        ("The clinic treats adults. It does not see children.",
         "The clinic treats adults but does not see children."),
        # Two sentences as much about the claim: neither is read alone.
        ("The library opens at 9 am. It is not open on Sundays.",
         "The library is not open on Sundays."),
    ],
)  # fmt: skip
def test_a_quote_whose_sentences_share_the_claim_is_not_read_one_sentence_alone(
    passage: str, faithful: str
) -> None:
    assert rule_of(faithful, passage) is None


@pytest.mark.parametrize(
    ("evidence", "faithful", "lie"),
    [
        ("It is impossible to reverse the process once started.",
         "Once started, the process cannot be reversed.",
         "Once started, the process can be reversed."),
        ("The patient was unable to walk after the fall.",
         "After the fall the patient could not walk.", "After the fall the patient walked."),
    ],
)  # fmt: skip
def test_impossible_to_and_unable_to_negate_the_verb_after_them(
    evidence: str, faithful: str, lie: str
) -> None:
    assert not negation_clash(faithful, evidence)
    assert negation_clash(lie, evidence)


def test_an_exemption_beside_a_permission_negates_no_action() -> None:
    passage = "Members need not attend the annual dinner."
    assert exempt_and_allowed("Members can attend the annual dinner.", passage)
    assert exempt_and_allowed("You need not pay online.", "You may pay online.")
    assert not exempt_and_allowed("Members must attend the annual dinner.", passage)
    assert not exempt_and_allowed("Members can attend.", "Members cannot attend.")
    assert rule_of("Members can attend the annual dinner.", passage) is None
    assert rule_of("Members must attend the annual dinner.", passage) is not None


_WORDS = st.sampled_from(
    ["the", "clinic", "accepts", "patients", "museum", "opens", "daily", "not", "ships", "to"]
)
_SENTENCES = st.lists(_WORDS, min_size=1, max_size=6).map(
    lambda ws: " ".join(ws).capitalize() + "."
)


@given(st.lists(_SENTENCES, min_size=1, max_size=4), st.lists(_WORDS, min_size=1, max_size=6))
def test_the_sentence_about_a_claim_is_one_of_the_quote_and_shares_the_most(
    sentences: list[str], claim_words: list[str]
) -> None:
    said = split_sentences(" ".join(sentences))
    claim = " ".join(claim_words)
    about = sentence_about(said, claim)
    forward = None if about is None else about.text
    backward = sentence_about(split_sentences(" ".join(reversed(sentences))), claim)
    # The choice depends on what the sentences say, not on their order.
    assert forward == (None if backward is None else backward.text)
    if about is not None:
        assert about in said
        others = [s for s in said if s is not about]
        assert all(s.text != about.text for s in others)


_CONTRACTED = [
    ("I'm", "I am"), ("we're", "we are"), ("they're", "they are"), ("he's", "he is"),
    ("she's", "she is"), ("you're", "you are"), ("it's", "it is"), ("I've been", "I have been"),
]  # fmt: skip


@given(
    st.sampled_from(_CONTRACTED),
    st.sampled_from(["working", "travelling", "cooking", "training", "studying"]),
)
def test_a_subject_contracted_with_its_verb_opens_a_clause_as_the_two_words_do(
    forms: tuple[str, str], verb: str
) -> None:
    contracted, spelled = forms
    claim = f"She cannot come because she is {verb} until 6."
    said = negation_clash(claim, f"Liz: I can't, {contracted} {verb} until 6.")
    assert said == negation_clash(claim, f"Liz: I can't, {spelled} {verb} until 6.")
    assert not said


def test_an_elided_negation_before_a_contracted_subject_negates_nothing_after_it() -> None:
    passage = "Liz: I can't, I'm working until 6."
    assert rule_of("Liz can't come because she is working until 6.", passage) is None
    # A negation that runs on past a comma with no new subject still governs what follows.
    assert negation_clash(
        "The plan covers normal wear and tear.",
        "The plan does not cover accidental damage, normal wear and tear.",
    )


# A prohibition negates what it forbids: it says what "may not" says, and clashes with "may".
@pytest.mark.parametrize(
    ("claim", "evidence", "clash"),
    [
        (
            "The terms prohibit reverse engineering the app.",
            "You may not reverse engineer the app.",
            False,
        ),
        (
            "The terms prohibit reverse engineering the app.",
            "You may reverse engineer the app.",
            True,
        ),
        (
            "The terms allow reverse engineering the app.",
            "You may not reverse engineer the app.",
            True,
        ),
        (
            "Smoking is strictly forbidden on the premises.",
            "Smoking is not allowed on the premises.",
            False,
        ),
        ("Smoking is forbidden on the premises.", "Smoking is allowed on the premises.", True),
        ("The policy forbids sharing passwords.", "Passwords must never be shared.", False),
        ("Staff are prohibited from sharing passwords.", "Staff may share passwords.", True),
        ("Loose chalk is banned on the walls.", "Loose chalk isn't allowed on the walls.", False),
        ("Loose chalk is banned on the walls.", "Loose chalk is allowed on the walls.", True),
    ],
)
def test_a_prohibition_negates_what_it_forbids(claim: str, evidence: str, clash: bool) -> None:
    assert negation_clash(claim, evidence) is clash


# A no that answers the question, with a hedge before it, is no negation of the statement after.
@pytest.mark.parametrize("hedge", ["Generally", "Unfortunately,", "Usually", "In most cases,"])
@pytest.mark.parametrize("no", ["no", "No", "nope"])
def test_a_hedged_no_answers_the_question_and_the_statement_is_read_alone(
    hedge: str, no: str
) -> None:
    passage = "Orders ship within 2 business days."
    answer = f"{hedge} {no}: orders ship within 2 business days."
    assert verify(answer, [passage], judge=quoting(passage)).passed
    lie = f"{hedge} {no}: orders do not ship within 2 business days."
    assert rule_of(lie, passage) == "negation"


@given(st.sampled_from(["generally", "sadly", "honestly"]), st.sampled_from(["no", "nope"]))
def test_a_hedged_no_is_read_off_in_any_case(hedge: str, no: str) -> None:
    from pytest_faithful.text.evidence import without_no_answer

    for text in (f"{hedge} {no}, it is off.", f"{hedge.capitalize()}, {no.upper()}: it is off."):
        assert without_no_answer(text) == "it is off."
    # A hedge with no no after it, or a no that is a determiner, is kept.
    assert without_no_answer(f"{hedge.capitalize()} it is off.").endswith("it is off.")
    assert without_no_answer(f"{hedge.capitalize()}, no fees apply.") == (
        f"{hedge.capitalize()}, no fees apply."
    )


@pytest.mark.parametrize(
    ("evidence", "faithful", "lie"),
    [
        ("The SoundBar 3 supports Bluetooth 5.0 but not Dolby Atmos.",
         "The SoundBar 3 lacks Dolby Atmos.", "The SoundBar 3 supports Dolby Atmos."),
        ("The village has no school, so children travel to the next town.",
         "The village lacks a school.", "The village has a school."),
        ("The draft lacked a budget section when it was first sent.",
         "The first draft had no budget section.", "The first draft had a budget section."),
    ],
)  # fmt: skip
def test_lack_denies_having_what_follows_it(evidence: str, faithful: str, lie: str) -> None:
    assert rule_of(faithful, evidence) is None
    assert rule_of(lie, evidence) == "negation"


# A negation its condition governs, the condition said first, makes the requirement that the
# same negation with its condition after it makes: "only if" says it too.
@pytest.mark.parametrize(
    ("claim", "clash"),
    [
        ("Without the add-on, accidental damage to contents isn't covered.", False),
        ("Accidental damage to contents isn't covered without the add-on.", False),
        ("Without the add-on, accidental damage to contents is covered.", True),
        ("Accidental damage to contents isn't covered.", True),
        ("Accidental damage to contents is covered even without the add-on.", True),
    ],
)
def test_a_condition_said_first_governs_the_negation_after_it(claim: str, clash: bool) -> None:
    evidence = "Accidental damage to contents is covered only if you have bought the add-on."
    assert negation_clash(claim, evidence) is clash


@pytest.mark.parametrize(
    ("claim", "evidence", "clash"),
    [
        # A negation said again of another subject negates its predicate of that subject.
        (
            "Routine care isn't covered, and neither are flea treatment or neutering.",
            "Routine care, such as flea treatment and neutering, is not covered.",
            False,
        ),
        (
            "Routine care isn't covered, and neither are vaccinations.",
            "Vaccinations are covered.",
            True,
        ),
        # Both texts negating one thing is no clash, though a word of it is stated elsewhere ...
        (
            "Probably more than 20,000 pots, although no firing records survive.",
            "She fired more than 20,000 pots, though no records of the firings survive.",
            False,
        ),
        (
            "Firing records survive.",
            "She fired pots, though no records of the firings survive.",
            True,
        ),
        # ... unless the claim states a part of what the evidence negates.
        (
            "It doesn't apply at weekends, but it does apply on public holidays.",
            "It does not apply on weekends or public holidays.",
            True,
        ),
        (
            "It doesn't apply at weekends or on public holidays.",
            "It does not apply on weekends or public holidays.",
            False,
        ),
    ],
)
def test_what_both_texts_negate_is_no_clash(claim: str, evidence: str, clash: bool) -> None:
    assert negation_clash(claim, evidence) is clash


@pytest.mark.parametrize(
    ("claim", "evidence", "clash"),
    [
        # An act kept from happening is one not done, however it is kept from happening ...
        (
            "The illness stopped you from travelling.",
            "The illness prevented you from travelling.",
            False,
        ),
        ("Rain kept the team from training.", "Rain prevented the team from training.", False),
        ("Rain kept the team from training.", "The team trained in the rain.", True),
        # ... and one a negation says was not kept from happening was done.
        (
            "The illness did not stop you from travelling.",
            "The illness prevented you from travelling.",
            True,
        ),
        (
            "The illness did not prevent you from travelling.",
            "The illness prevented you from travelling.",
            True,
        ),
        # A sign's "No X in Y" says what "X is prohibited in Y" says, and nothing else does.
        (
            "- No glass containers in the jacuzzi area",
            "Glass containers are prohibited in the jacuzzi area.",
            False,
        ),
        (
            "No glass containers in the jacuzzi area.",
            "Glass containers are not allowed in the jacuzzi area.",
            False,
        ),
        (
            "Glass containers are allowed in the jacuzzi area.",
            "Glass containers are prohibited in the jacuzzi area.",
            True,
        ),
        ("No dogs.", "Dogs are welcome.", True),
    ],
)
def test_a_prohibition_or_a_prevention_said_in_other_words(
    claim: str, evidence: str, clash: bool
) -> None:
    assert negation_clash(claim, evidence) is clash


def test_a_without_inside_an_if_clause_governs_no_negation_after_it() -> None:
    evidence = (
        "Learners who miss more than three sessions without notice may lose their place and "
        "will not be refunded."
    )
    claim = (
        "If you miss more than three sessions without notice, you may lose your place and you "
        "won't get a refund."
    )
    assert not negation_clash(claim, evidence)
    assert negation_clash(claim.replace("won't get", "will get"), evidence)
