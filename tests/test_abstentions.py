"""Abstentions: sentences that only decline to answer are vacuous in every judge."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_faithful import verify
from pytest_faithful.judges.lexical.judge import LexicalJudge
from pytest_faithful.models import Claim, ExtractedClaims, Verdict, Verdicts
from pytest_faithful.text.abstentions import is_abstention, states_something, without_abstentions
from pytest_faithful.text.align import negations
from pytest_faithful.text.segment import quotes_in, split_sentences
from pytest_faithful.vocab import Label

CONTEXT = "Support is open Monday to Friday. Returns are accepted within 30 days."

ABSTAINING = [
    "I don't know.",
    "I\u2019m sorry, I don\u2019t know.",
    "I'm sorry, I don't know.",
    "I don't have that information.",
    "I'm not sure.",
    "Sorry!",
    "No idea.",
    "I have no idea.",
    "I cannot answer that based on the given context.",
    "Unfortunately, the passages do not mention the refund window.",
    "The context does not specify the price.",
    "This information is not provided in the context.",
    "There is no information about shipping to Canada.",
    "I'm afraid I can't say.",
    "It is unclear.",
    # What is left besides the phrase speaks only of the question, the answer or the sources.
    "I don't know the answer to that.",
    "I'm not aware of that.",
    "I am not aware of any information about that.",
    "Based on the provided context, I cannot answer this question.",
    # "I'm" before "unable" / "not able".
    "I'm unable to find the answer in the given documents.",
    "I'm not able to answer that question.",
    # The sources' silence, with the topic before or after it.
    "That information isn't available in the provided documents.",
    "The information you requested is not included in the documents.",
    "The answer is not in the context.",
    "The refund window is not mentioned in the passages.",
    "Sorry, the store's opening hours are not mentioned in the context.",
    "There is no mention of the refund window in the passages.",
    "There isn't enough information to answer.",
    "The given passages have no information on this.",
    "The passages are silent on the refund window.",
    "Nothing in the context addresses this.",
    "I don't have enough context to answer.",
    "That information is not available at this time.",
    # Talk about the exchange: courtesies and the answer's own framing.
    "Hope this helps!",
    "Let me know if you have any other questions.",
    "Great question!",
    "Here is what you need to know:",
    "Based on the provided context, here is a summary:",
    "Happy to help!",
    "I can't help with that.",
    "I'm sorry, I can't provide that information right now.",
    "It is not possible to determine this from the context.",
    "This question cannot be answered from the provided context.",
    # Whole sentences without a subject.
    "No information available.",
    "No relevant information was found.",
    "Insufficient information.",
    "Not enough information to answer the question.",
    "Cannot be determined from the context.",
    "Unknown.",
    "N/A",
    # A pointer to the page an application cites.
    "See https://docs.acme.io/config for details.",
    "For more information, see https://acme.io/returns.",
    "More details: <https://acme.io/returns>",
    "You can find more details at https://acme.io/faq.",
    "See the documentation at www.acme.io.",
    # A long answer's closing words: an offer of more, care, advice to ask a professional.
    "Feel free to ask if anything is unclear.",
    "Let me know if you'd like details on hotels or meals as well.",
    "Let me know if you'd like a code sample for verifying signatures.",
    "I hope your child feels better soon!",
    "I'm sorry to hear about your laptop.",
    "*This is not medical advice; please consult your doctor or pharmacist.*",
    "If you're unsure, it's always best to check with a pharmacist.",
    "If you're unsure whether something is covered, it's best to contact your insurer directly.",
    "If you have further questions, please contact HR.",
    # The confidence an application asks its model for.
    "Confidence: high",
    "(Confidence: 0.92)",
    "Confidence level: 85%",
    # The sources named by their kind, with a verb of saying: their silence.
    "The brochure doesn't say whether it's refunded if you pull out.",
    "The minutes don't give a count of affected customers.",
    "The emails don't say.",
    "No, the page doesn't say that.",
    "It doesn't say whether she was the first woman in the university.",
]

STATING = [
    "I'm not sure, but the store opens at 9am.",
    "I don't know but the store is open on Sundays.",
    "I'm not sure it opened in 1990.",
    "I don't know how much those flags weigh.",
    "There is no information about the 1990 opening.",
    "Sorry, we do not ship to Canada.",
    "I'm afraid returns are not free.",
    "I know the store opened in 1990.",
    "Returns are accepted within 30 days.",
    "I have no idea why; it is Paris.",
    "I don't know how that's possible.",
    "I'm not aware of any store in Paris.",
    "The 1990 opening is not mentioned in the passages.",
    "No data is sent to third parties.",
    "No information is shared with advertisers.",
    "The battery cannot be replaced.",
    "The keys could not be found in the car.",
    "It is not available in stores.",
    "Returns are not covered by the warranty.",
    "Unknown soldiers are buried there.",
    "The bug is not in the source code.",
    "The patient is not in the records.",
    "I hope this helps you choose the Gold plan.",
    "Here are the store hours: 9am to 5pm.",
    "Great question about refunds!",
    # A declining verb with something other than the answer as its object states a policy.
    "This is not available for international orders.",
    "That isn't available in Canada.",
    "This is not included in the Basic plan.",
    "This information is not provided to third parties.",
    "I can't provide refunds on sale items.",
    "I can't give discounts on gift cards.",
    "I can't help with returns of opened software.",
    "Issues go to https://github.com/acme/acme-python/issues.",
    "See https://acme.io/returns: returns take 30 days.",
    "Returns take 30 days; see https://acme.io/returns.",
    "Confidence: high, returns take 30 days.",
    "Our confidence in the kettle is high.",
    # The same closing forms holding a figure, a fact or a condition of the passage's own.
    "Let me know if you'd like details on the 40-day refund window.",
    "Let me know if you'd like to upgrade to the Gold plan.",
    "Feel free to ask for a refund within 60 days.",
    "Talk to your doctor before use if you have liver or kidney problems.",
    "Please consult your doctor if symptoms last more than 3 days.",
    "This is not medical advice: paracetamol is safe for children.",
    "I hope your child feels better after 2 tablets.",
    "I'm sorry to hear about the 3-week delay.",
    "If you have questions about pay, contact HR.",
    # A source's kind with any other verb states a term of the world; a number is a figure.
    "The policy doesn't cover flood damage.",
    "The package doesn't include transfers.",
    "The contract does not allow subletting.",
    "The letter doesn't give a yearly figure, but 52 weeks come to 4,331.60.",
    "The report doesn't give the 2024 figure.",
    "Tom said it doesn't matter.",
]


@pytest.mark.parametrize("sentence", ABSTAINING)
def test_abstentions_are_recognised(sentence: str) -> None:
    assert is_abstention(sentence)
    assert not states_something(sentence)


@pytest.mark.parametrize("sentence", STATING)
def test_a_sentence_that_also_states_something_is_not_an_abstention(sentence: str) -> None:
    assert not is_abstention(sentence)
    assert states_something(sentence)


@pytest.mark.parametrize("answer", ABSTAINING)
def test_an_abstaining_answer_is_vacuous_with_the_lexical_judge(answer: str) -> None:
    result = verify(answer, CONTEXT, judge="lexical")
    assert result.vacuous
    assert result.passed
    assert result.score == 1.0


def test_abstaining_and_stating_sentences_in_one_answer() -> None:
    result = verify("I'm sorry, I don't know. Returns are free.", CONTEXT, judge="lexical")
    assert not result.vacuous
    assert [cv.claim.text for cv in result.claim_verdicts] == ["Returns are free."]


class _ClaimingJudge:
    """A judge that makes every sentence a claim and supports none: a careless model."""

    id = "claiming"
    heuristic = False

    def __init__(self, abstentions: object = ()) -> None:
        self.abstentions = abstentions

    def extract_claims(self, sentences, question):  # type: ignore[no-untyped-def]
        return ExtractedClaims(
            claims=tuple(
                Claim(text=s.text, sentence=s.text, start=s.start, end=s.end) for s in sentences
            )
        )

    def verify(self, claims, passages, question):  # type: ignore[no-untyped-def]
        return Verdicts(
            verdicts=tuple(
                Verdict(claim_index=i, label=Label.NOT_ENOUGH_INFO) for i in range(len(claims))
            )
        )


def _claiming_judge(abstentions: object = ()) -> _ClaimingJudge:
    return _ClaimingJudge(abstentions)


def test_any_judge_gets_abstentions_dropped_by_the_verifier() -> None:
    judge = _claiming_judge()
    assert verify("I'm sorry, I don't have that information.", CONTEXT, judge=judge).vacuous
    kept = verify("I'm sorry. Returns are free.", CONTEXT, judge=judge)
    assert [cv.claim.text for cv in kept.claim_verdicts] == ["Returns are free."]


def test_a_judge_can_add_abstention_patterns() -> None:
    answer = "Das weiss ich nicht."
    assert not verify(answer, CONTEXT, judge=_claiming_judge()).vacuous
    german = (r"\b(?:das )?weiss ich nicht\b",)
    assert verify(answer, CONTEXT, judge=_claiming_judge(german)).vacuous
    assert not verify(answer, CONTEXT, judge="lexical").vacuous
    lexical = LexicalJudge(abstentions=german)
    assert verify(answer, CONTEXT, judge=lexical).vacuous
    # The README's example: a pattern takes out what it matches, and a word it leaves ("das")
    # is one the sentence states, so "weiss ich nicht" alone does not make it abstain.
    bare = LexicalJudge(abstentions=(r"\bweiss ich nicht\b",))
    assert not verify(answer, CONTEXT, judge=bare).vacuous
    assert verify("Weiss ich nicht.", CONTEXT, judge=bare).vacuous


def test_bad_abstentions_attribute_is_a_type_error() -> None:
    judge = _claiming_judge("not a tuple")
    with pytest.raises(TypeError, match="abstentions"):
        verify("Returns are free.", CONTEXT, judge=judge)


def test_the_llm_prompts_use_the_same_definition() -> None:
    from pytest_faithful.judges.llm import prompts
    from pytest_faithful.text.abstentions import ABSTENTION_RULE

    assert ABSTENTION_RULE in prompts.EXTRACTION_SYSTEM
    assert ABSTENTION_RULE in prompts.SINGLE_CALL_SYSTEM
    # Every example the rule names is an abstention by the lexical rule too.
    examples = quotes_in(ABSTENTION_RULE)
    assert len(examples) >= 3
    for example in examples:
        assert is_abstention(example), example


_PREFIXES = st.sampled_from(["", "Sorry, ", "Unfortunately, ", "I'm sorry, ", "Honestly "])
_ABSTAIN = st.sampled_from(["I don't know", "I'm not sure", "I don't have that information"])
_ENDS = st.sampled_from([".", "!", "", "...", " :("])


@given(prefix=_PREFIXES, core=_ABSTAIN, end=_ENDS, upper=st.booleans())
def test_abstention_phrasings_compose(prefix: str, core: str, end: str, upper: bool) -> None:
    sentence = f"{prefix}{core}{end}"
    sentence = sentence.upper() if upper else sentence
    # "Honestly" is a content word (not a stopword): the sentence then states something.
    assert is_abstention(sentence) is ("Honestly" not in prefix)


_FACT = st.sampled_from(
    ["the store opens at 9am", "returns cost 5 dollars", "we ship to Canada", "Paris is big"]
)


@given(core=_ABSTAIN, fact=_FACT, joint=st.sampled_from([", but ", "; ", ". However, "]))
def test_an_abstention_joined_to_a_fact_is_not_vacuous(core: str, fact: str, joint: str) -> None:
    assert states_something(f"{core}{joint}{fact}.")


@given(st.text(max_size=200))
def test_is_abstention_never_raises_and_needs_a_phrase(text: str) -> None:
    result = is_abstention(text)
    assert isinstance(result, bool)
    if result:
        assert states_something(text) is False


@given(st.text(max_size=120), st.sampled_from(ABSTAINING))
def test_segmented_answers_keep_abstentions_apart(fact: str, abstention: str) -> None:
    answer = f"{abstention} {fact}"
    for sentence in split_sentences(answer):
        is_abstention(sentence.text)  # never raises on any sentence


_WHOLE = st.sampled_from(
    ["No information", "Insufficient data", "Cannot be determined", "Unknown", "Not enough details"]
)
_EXCHANGE_TAIL = st.lists(
    st.sampled_from(["available", "found", "in the context", "about this", "to answer", "here"]),
    max_size=3,
)
_WORLD = st.sampled_from(["shipping", "Paris", "third parties", "the battery", "refunds", "1990"])


@given(head=_WHOLE, tail=_EXCHANGE_TAIL, end=_ENDS)
def test_a_subjectless_abstention_may_end_in_words_about_the_exchange(
    head: str, tail: list[str], end: str
) -> None:
    assert is_abstention(" ".join([head, *tail]) + end)


@given(
    head=_WHOLE, tail=_EXCHANGE_TAIL, world=_WORLD, verb=st.sampled_from([" is sent to ", " on "])
)
def test_a_subjectless_abstention_with_a_topic_of_the_world_states_it(
    head: str, tail: list[str], world: str, verb: str
) -> None:
    sentence = " ".join([head, *tail]) + verb + world + "."
    assert not is_abstention(sentence)
    # Its "no" stays for the verifier's negation checks: the phrase only counts whole.
    assert negations(without_abstentions(sentence)) == negations(sentence)


_PERSONAL = st.sampled_from(
    ["I don't know", "I'm not sure about", "I'm not aware of", "Sorry, I have no idea about"]
)


@given(core=_PERSONAL, topic=_WORLD, tail=_EXCHANGE_TAIL)
def test_a_personal_abstention_keeps_a_topic_of_the_world(
    core: str, topic: str, tail: list[str]
) -> None:
    # "I don't know X" is judged on X, whatever words about the exchange come with it.
    assert not is_abstention(" ".join([core, topic, *tail]) + ".")
    assert is_abstention(" ".join([core, "that", *tail]) + ".")


def test_what_a_sentence_states_besides_declining_keeps_its_own_case() -> None:
    rest = without_abstentions("I'm sorry, I don't know, but World War I ended in 1918.")
    assert "I'm" not in rest
    assert "know" not in rest
    assert "World War I ended in 1918." in rest


_PHRASE_WORDS = st.sampled_from(
    [
        *("i", "don't", "do", "not", "know", "no", "idea", "i'm", "sure", "the", "context"),
        *("passages", "does", "mention", "there", "is", "information", "unknown", "n/a", "can't"),
        *("cannot", "be", "determined", "sorry", "afraid", "unable", "to", "find", "answer"),
        *("isn't", "available", "in", "documents", "nothing", "silent", "on", "this", "refunds"),
    ]
)


@given(st.lists(_PHRASE_WORDS, min_size=1, max_size=9), st.sampled_from(["", ".", ",", "!"]))
def test_the_quick_check_never_hides_an_abstention(words: list[str], end: str) -> None:
    from pytest_faithful.text.abstentions import _compiled, _may_abstain

    sentence = " ".join(words) + end
    if _compiled(()).search(sentence):
        assert _may_abstain(sentence, ())


POLICY = "Refunds are issued within 30 days. Shipping to Canada costs $15 per order."


@pytest.mark.parametrize(
    ("answer", "score"),
    [
        # Headings that name what the answer states frame it: no padding, no failure.
        ("## Refunds\n- Refunds are issued within 30 days\n- Refunds take 90 days", 0.5),
        ("**Refunds:**\nRefunds are issued within 30 days.", 1.0),
        ("## Refunds\nRefunds are issued within 30 days.\n\nHope this helps!", 1.0),
        ("The refund policy, in brief:\n- Refunds are issued within 30 days.", 1.0),
        # A heading that names something new is judged like any sentence.
        ("## Shipping to Mars\nRefunds are issued within 30 days.", 0.5),
    ],
)
def test_headings_that_restate_the_answer_are_not_judged(answer: str, score: float) -> None:
    result = verify(answer, POLICY, judge="lexical")
    assert result.score == score
    assert all(
        not cv.claim.text.startswith(("##", "**")) or "Mars" in cv.claim.text
        for cv in result.claim_verdicts
    )


LEAVE = (
    "Full-time employees receive 25 days of paid annual leave per year. Up to 5 unused days may "
    "be carried over. Requests must be submitted through the HR portal."
)
LONG_ANSWER = (
    "The leave policy, in brief:\n\n- Full-time employees receive 25 days of paid annual leave "
    "per year.\n- Up to 5 unused days may be carried over.\n\nRequests must be submitted through "
    "the HR portal. If you're unsure, it's always best to check with your manager.\n\nLet me "
    "know if you'd like details on parental leave as well. Feel free to ask if anything is "
    "unclear."
)


@pytest.mark.parametrize(
    ("answer", "passes"),
    [
        (LONG_ANSWER, True),
        (LONG_ANSWER.replace("25 days", "35 days"), False),
        (LONG_ANSWER.replace("HR portal", "payroll portal"), False),
        (LONG_ANSWER.replace("unclear.", "unclear: leave is unlimited."), False),
    ],
)
def test_a_long_answers_framing_and_closing_words_are_not_judged(answer: str, passes: bool) -> None:
    result = verify(answer, LEAVE, judge="lexical", threshold=1.0)
    assert result.passed is passes


def test_a_source_named_by_its_kind_is_silent_only_with_a_verb_of_saying() -> None:
    """ "The brochure doesn't say ..." is not judged; "The policy doesn't cover ..." is, both
    ways: held to a passage that says the policy covers it, it is caught."""
    passage = "The policy covers flood damage up to 5,000. Cancellations are refunded in full."
    silent = verify(
        "The policy covers flood damage. The brochure doesn't say whether pets are covered.",
        [passage],
        judge=LexicalJudge(),
    )
    assert [v.claim.text for v in silent.claim_verdicts] == ["The policy covers flood damage."]
    stated = verify("The policy doesn't cover flood damage.", [passage], judge=LexicalJudge())
    assert stated.claim_verdicts
    assert stated.passed is False
