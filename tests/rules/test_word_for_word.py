"""A claim its evidence states word for word: the rules that only compare wordings are passed
over (they would find nothing), the rules that read where the words stand still run, and no
verdict changes for it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pytest_faithful.check.verdicts as verdicts_module
from evidence_judges import quoting
from pytest_faithful import verify
from pytest_faithful.rules import CLAIM_RULES
from pytest_faithful.text.wording import stated_word_for_word


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        ("Refunds take 5 days.", "Refunds take 5 days"),
        ("Refunds take 5 days.", "Sadly, refunds take 5 days, unless you paid in cash."),
        ("The fee is $25 a month.", "Plans: (the fee is $25 a month)"),
        ("The museum opens at 9.", "The museum\nopens   at 9."),
        ("He said no.", '"He said no."'),
    ],
)
def test_a_clause_written_whole_is_word_for_word(claim: str, evidence: str) -> None:
    assert stated_word_for_word(claim, evidence)


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        ("It costs 1", "It costs 1.5 million"),  # a number cut short at its decimal point
        ("The price is 1", "The price is 1,500 euros"),
        ("It costs 1.5", "It costs 1.5 million"),  # a clause cut short
        ("Returns are accepted within 30", "Returns are accepted within 30 days."),
        ("refundable tickets cost 5", "non-refundable tickets cost 5."),  # a word cut off
        ("The fee is paid by the customer", "The fee is paid by the customer's bank."),
        ("Refunds take 5 days", "Refunds take 6 days"),
        ("Refunds take five days", "Refunds take 5 days"),  # said otherwise: every rule reads it
        (".", "."),
        ("", "anything"),
    ],
)
def test_a_cut_or_changed_clause_is_not(claim: str, evidence: str) -> None:
    assert not stated_word_for_word(claim, evidence)


WORDS = st.text(alphabet="abcdefgh", min_size=1, max_size=6)
CLAUSES = st.lists(WORDS, min_size=1, max_size=6).map(" ".join)


@given(st.text(max_size=80), st.text(max_size=200))
@settings(max_examples=300, deadline=None)
def test_any_text_reads_without_error(claim: str, evidence: str) -> None:
    assert isinstance(stated_word_for_word(claim, evidence), bool)


@given(CLAUSES, st.sampled_from([" ", "\n", "  \t"]))
@settings(max_examples=200, deadline=None)
def test_a_clause_states_itself_in_any_spacing(clause: str, space: str) -> None:
    assert stated_word_for_word(clause + ".", clause.replace(" ", space))


@given(CLAUSES, st.sampled_from(["zq", "9", "Zq"]))
@settings(max_examples=200, deadline=None)
def test_a_clause_with_a_word_after_it_is_cut_short(clause: str, more: str) -> None:
    # The clause's letters are a to h: it occurs in the evidence only at its start.
    assert not stated_word_for_word(clause, f"{clause} {more}")
    assert not stated_word_for_word(clause, f"{clause}.{more}")


# Sentences that give each wording rule something to read: other values, opposite words,
# siblings, roles, bounds, a row, a dialogue's turns, names, codes, labels, conditions.
POOL = (
    "Returns are accepted within 30 days, or 60 days for members.",
    "The fee is $25 a month for Plan A and $40 a month for Plan B.",
    "Prices rise in summer, and fall in winter.",
    "Acme acquired Bolt in 2019, three years after Bolt sued Acme.",
    "The museum is not open on Mondays, but it is open on Tuesdays.",
    "Raj: I'll clear the cache at 11.",
    "Anna: The build broke at 10.",
    "It is not true that the CEO resigned.",
    "Kestrel X2 weighs 895 grams, while the Kestrel X3 weighs 1,020 grams.",
    "Dr. Smith, not Dr. Jones, led the trial of 120 patients.",
    "The tablet costs 1.5 million yen in Japan.",
    "Team | Wins\nLions | 12\nTigers | 9",
    "The law took effect in March 2020; it was repealed in May 2022.",
    "Children under 12 travel free, and adults pay €8.",
    "The drug may cause drowsiness, and patients must not drive.",
    "Maria said the launch would slip to June.",
    "Section 3 covers taxes on imports.",
    "The company's revenue grew 25% to $5.1 billion, while costs fell 3%.",
    "If the card is lost, call 555-0100 within 24 hours.",
    "Unlike its rival, the Falcon does not support USB-C charging.",
    "Sales were higher in Q2 than in Q1.",
    "He won by 8 points, 112-104.",
    "Everyone except Tom voted for the plan.",
    "Applicants must be at least 16 and no older than 65.",
)


def _clauses(sentence: str) -> list[str]:
    return [sentence, *(part.strip() for part in sentence.replace(";", ",").split(",")[:2])]


@given(
    st.sampled_from(POOL).flatmap(
        lambda s: st.tuples(st.just(s), st.sampled_from(_clauses(s)), st.booleans())
    ),
    st.lists(st.sampled_from(POOL), min_size=1, max_size=3),
)
@settings(max_examples=60, deadline=None)
def test_passing_over_the_wording_rules_changes_no_verdict(
    picked: tuple[str, str, bool], others: list[str]
) -> None:
    sentence, claim, quote_whole = picked
    contexts = [" ".join([*others, sentence])]
    judge = quoting(sentence if quote_whole else claim)
    fast = verify(claim, contexts, judge=judge, rules="strict")
    original = verdicts_module.stated_word_for_word
    verdicts_module.stated_word_for_word = lambda claim, evidence: False
    try:
        every_rule = verify(claim, contexts, judge=judge, rules="strict")
    finally:
        verdicts_module.stated_word_for_word = original
    assert [(v.label, v.rule, v.reason, v.evidence) for v in fast.claim_verdicts] == [
        (v.label, v.rule, v.reason, v.evidence) for v in every_rule.claim_verdicts
    ]


@pytest.mark.parametrize(
    ("answer", "passage", "quote", "rule"),
    [
        # The rules that read where the words stand run on a claim stated word for word.
        (
            "The CEO resigned.",
            "It is not true that the CEO resigned.",
            "the CEO resigned",
            "negation",
        ),
        (
            "Raj will clear the cache at 11.",
            "Anna: I will clear the cache at 11.\nRaj: The build broke.",
            "I will clear the cache at 11",
            "speaker",
        ),
        # And every rule on a claim its evidence does not state word for word.
        (
            "Returns are accepted within 45 days.",
            "Returns are accepted within 30 days. Exchanges within 45 days.",
            "Returns are accepted within 30 days",
            "changed-numbers",
        ),
        (
            "The Kestrel X2 weighs 895 grams.",
            "The Kestrel X2 weighs 700 grams. The Kestrel X3 weighs 895 grams.",
            "The Kestrel X3 weighs 895 grams",
            "unstated-specifics",
        ),
    ],
)
def test_what_the_words_say_is_still_read(answer: str, passage: str, quote: str, rule: str) -> None:
    result = verify(answer, [passage], judge=quoting(quote))
    assert not result.passed
    assert [v.rule for v in result.claim_verdicts] == [rule]


def test_every_rule_says_whether_it_only_compares_wordings() -> None:
    wording = {r.name for r in CLAIM_RULES if r.reads_wording}
    # The trust rules and the rules that read a span's surroundings always run.
    assert not wording & {"quote-in-passage", "bears-on", "negation", "speaker", "answerer"}
    assert {"unstated-specifics", "changed-names", "changed-numbers", "number-clash"} <= wording


def test_the_wording_rules_are_passed_over_only_word_for_word(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    read: list[str] = []
    wording = [r for r in CLAIM_RULES if r.reads_wording]
    for rule in wording:
        original = type(rule).apply

        def recorded(self: object, case: object, ruling: object, _original: object = original):
            read.append(type(self).__name__)
            return _original(self, case, ruling)  # type: ignore[operator]

        monkeypatch.setattr(type(rule), "apply", recorded)
    passage = "Returns are accepted within 30 days of delivery."
    verify("Returns are accepted within 30 days of delivery.", [passage], judge=quoting(passage))
    assert read == []
    verify("Returns are taken back within 30 days.", [passage], judge=quoting(passage))
    assert read  # a reworded claim is read by the wording rules of the default policy
