"""Answers formatted the way chat-model RAG apps write them still pass, and a changed fact in
the same format is still caught.

A chat answer restates the asker's question in bold before answering it ("**Can I park on
site?** Yes, ..."), closes with an offer of more ("Let me know if you need the form.") and
says what its documents leave out ("The documents do not list ..."). None of these states
anything a passage could support: each is checked both ways through ``verify`` with a judge
that quotes the best passage.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_judges import assert_both_ways
from pytest_faithful.text.abstentions import is_abstention
from pytest_faithful.text.answerer import about_the_answerer
from pytest_faithful.text.segment import split_sentences

PASSAGES = (
    "Parking permits cost $40 per month and are sold at the security office.",
    "Visitors must sign in at reception and wear a badge at all times.",
    "The cafeteria is open from 8 am to 3 pm on weekdays.",
)

# (faithful answer, the same answer with one fact changed)
FORMS = {
    "bold question, then the answer": (
        "**How much do I pay for parking?** Permits cost $40 a month.",
        "**How much do I pay for parking?** Permits cost $45 a month.",
    ),
    "bold question with 'can I'": (
        "**Can I buy a parking permit on site?** Yes, at the security office, for $40 a month.",
        "**Can I buy a parking permit on site?** Yes, at the security office, for $30 a month.",
    ),
    "plain question with 'my'": (
        "Does a permit cover my car every day? It costs $40 per month.",
        "Does a permit cover my car every day? It costs $60 per month.",
    ),
    "italic question": (
        "*When can I eat at the cafeteria?* Weekdays, 8 am to 3 pm.",
        "*When can I eat at the cafeteria?* Weekdays, 8 am to 5 pm.",
    ),
    "closing offer of a named thing": (
        "The cafeteria opens at 8 am on weekdays. Let me know if you need the menu.",
        "The cafeteria opens at 7 am on weekdays. Let me know if you need the menu.",
    ),
    "closing offer if unclear": (
        "- Permits: $40/month\n- Sold at the security office\n\nLet me know if anything is "
        "unclear!",
        "- Permits: $40/month\n- Sold at the front desk on level 4\n\nLet me know if anything is "
        "unclear!",
    ),
    "onboarding sign-off": (
        "Sign in at reception and wear your badge at all times. Welcome aboard!",
        "Sign in at reception and wear your badge until 10 am. Welcome aboard!",
    ),
    "partial abstention with 'list'": (
        "Permits cost $40 a month. The documents do not list which car parks they cover.",
        "Permits cost $50 a month. The documents do not list which car parks they cover.",
    ),
}


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("rules", [None, "strict"])
def test_a_formatted_answer_passes_and_its_changed_fact_is_caught(
    form: str, rules: str | None
) -> None:
    faithful, changed = FORMS[form]
    assert_both_ways(faithful, changed, PASSAGES, rules)


@pytest.mark.parametrize(
    "claim",
    [
        "Have you seen my dog?",  # put to someone: the answerer's own dog
        "My dog? I love him.",
        "What did I eat? Pasta.",  # the question answered in the same claim
        "I can park there, can't I?",
    ],
)
def test_a_question_of_the_answerer_s_own_still_speaks_of_the_answerer(claim: str) -> None:
    assert about_the_answerer(claim, PASSAGES) is not None


@pytest.mark.parametrize(
    "sentence",
    [
        "Let me know if you need more detail.",
        "Let me know if you need the wiring steps.",
        "Let me know if anything is unclear!",
        "Welcome aboard!",
        "The documents do not list which car parks a permit covers.",
    ],
)
def test_a_closing_offer_or_a_partial_abstention_states_nothing(sentence: str) -> None:
    assert is_abstention(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Let me know if you need the 2025 permit form.",  # a figure is still judged
        "Let me know if you need it, the permit is free.",  # a second clause states something
        "Welcome aboard, the office opens at 9.",
        "The documents do not list 3 car parks.",
    ],
)
def test_an_offer_or_abstention_that_states_something_is_judged(sentence: str) -> None:
    assert not is_abstention(sentence)


_WORDS = st.lists(st.sampled_from(["park", "the", "permit", "cost", "office", "Badge"]), min_size=1)


@settings(max_examples=40)
@given(_WORDS, _WORDS, st.sampled_from(["**", "*", "__", "_"]), st.sampled_from("?!."))
def test_emphasis_closing_a_sentence_ends_it(
    first: list[str], second: list[str], mark: str, end: str
) -> None:
    text = f"{mark}{' '.join(first).capitalize()}{end}{mark} {' '.join(second).capitalize()}."
    sentences = split_sentences(text)
    assert [s.text for s in sentences] == [
        text[: text.index(f"{end}{mark} ") + 1 + len(mark)],
        text[text.index(f"{end}{mark} ") + len(mark) + 2 :],
    ]
    assert all(text[s.start : s.end] == s.text for s in sentences)
