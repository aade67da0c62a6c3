"""The verifier's semantics (DESIGN.md "Verdicts and scoring"), each edge case on its own."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_faithful import FaithfulnessResult, JudgeError, Label, verify
from pytest_faithful.check import claims as check_claims
from pytest_faithful.models import Claim, ExtractedClaims, Verdict, Verdicts
from pytest_faithful.rules import bears_on as bears_on_rule
from pytest_faithful.rules import left_out as left_out_rule
from pytest_faithful.rules import quote_in_passage
from pytest_faithful.testing import FunctionJudge
from pytest_faithful.text.segment import Sentence
from pytest_faithful.text.terms import content_terms

PASSAGES = [
    "Returns are accepted within 30 days of delivery.",
    "Standard shipping to Canada costs $15 and takes 5 to 8 business days.",
]
TWO_CLAIMS = "Returns are accepted within 30 days. Shipping to Canada costs $15."


def verdict(i: int, label: str, evidence: str = "", passage: int | None = None) -> dict[str, Any]:
    return {
        "claim_index": i,
        "label": label,
        "reason": f"reason {i}",
        "evidence": evidence,
        "passage_index": passage,
    }


def judge_of(*verdicts: dict[str, Any]) -> FunctionJudge:
    return FunctionJudge(lambda claims, passages: list(verdicts))


SUPPORT_BOTH = judge_of(
    verdict(0, "SUPPORTED", "accepted within 30 days", 0),
    verdict(1, "SUPPORTED", "Canada costs $15", 1),
)


def test_all_supported_passes_with_full_score() -> None:
    result = verify(TWO_CLAIMS, PASSAGES, judge=SUPPORT_BOTH)
    assert result.score == 1.0
    assert result.passed
    assert not result.vacuous
    assert [cv.label for cv in result.claim_verdicts] == [Label.SUPPORTED, Label.SUPPORTED]
    assert all(cv.evidence_found for cv in result.claim_verdicts)
    assert result.claim_verdicts[1].claim.start == TWO_CLAIMS.index("Shipping")
    assert result.usage.judge_calls == 1


@pytest.mark.parametrize("answer", ["", "   \n\t "])
def test_no_claims_is_vacuous_full_score_and_asks_no_judge(answer: str) -> None:
    judge = judge_of()
    result = verify(answer, PASSAGES, judge=judge)
    assert (result.score, result.passed, result.vacuous) == (1.0, True, True)
    assert result.claim_verdicts == ()
    assert judge.calls == 0
    assert "vacuous" in result.explanation


def test_judge_that_finds_no_claims_is_vacuous() -> None:
    class NoClaims(FunctionJudge):
        def extract_claims(self, sentences: Any, question: str | None) -> Any:
            from pytest_faithful.models import ExtractedClaims

            return ExtractedClaims(claims=())

    judge = NoClaims(lambda claims, passages: [])
    result = verify("I don't know.", PASSAGES, judge=judge)
    assert (result.vacuous, result.passed, result.score) == (True, True, 1.0)
    assert judge.calls == 0


@pytest.mark.parametrize("contexts", [[], "", ["", "  \n"]])
def test_no_passages_makes_every_claim_not_enough_info_without_a_judge_call(
    contexts: Sequence[str],
) -> None:
    judge = judge_of(verdict(0, "SUPPORTED"), verdict(1, "SUPPORTED"))
    result = verify(TWO_CLAIMS, contexts, judge=judge)
    assert judge.calls == 0
    assert [cv.label for cv in result.claim_verdicts] == [Label.NOT_ENOUGH_INFO] * 2
    assert result.score == 0.0
    assert not result.passed
    assert result.claim_verdicts[0].reason == "no context passages were given"


def test_contradiction_fails_even_above_threshold() -> None:
    judge = judge_of(
        verdict(0, "SUPPORTED", "accepted within 30 days", 0),
        verdict(1, "CONTRADICTED", "costs $15", 1),
    )
    result = verify(TWO_CLAIMS, PASSAGES, judge=judge, threshold=0.5)
    assert result.score == 0.5 >= result.threshold
    assert not result.passed
    assert "contradictions are not allowed" in result.explanation


def test_contradiction_passes_on_score_when_allowed() -> None:
    judge = judge_of(
        verdict(0, "SUPPORTED", "accepted within 30 days", 0),
        verdict(1, "CONTRADICTED", "costs $15", 1),
    )
    result = verify(TWO_CLAIMS, PASSAGES, judge=judge, threshold=0.5, allow_contradictions=True)
    assert result.passed


def test_lenient_scoring_counts_not_enough_info_as_fine() -> None:
    judge = judge_of(
        verdict(0, "SUPPORTED", "accepted within 30 days", 0), verdict(1, "NOT_ENOUGH_INFO")
    )
    strict = verify(TWO_CLAIMS, PASSAGES, judge=judge, scoring="strict")
    lenient = verify(TWO_CLAIMS, PASSAGES, judge=judge, scoring="lenient")
    assert (strict.score, strict.passed) == (0.5, False)
    assert (lenient.score, lenient.passed) == (1.0, True)


def test_threshold_boundary_is_inclusive() -> None:
    judge = judge_of(
        verdict(0, "SUPPORTED", "accepted within 30 days", 0), verdict(1, "NOT_ENOUGH_INFO")
    )
    assert verify(TWO_CLAIMS, PASSAGES, judge=judge, threshold=0.5).passed
    assert not verify(TWO_CLAIMS, PASSAGES, judge=judge, threshold=0.51).passed


def test_verdicts_may_come_in_any_order() -> None:
    judge = judge_of(
        verdict(1, "NOT_ENOUGH_INFO"), verdict(0, "SUPPORTED", "accepted within 30 days", 0)
    )
    result = verify(TWO_CLAIMS, PASSAGES, judge=judge)
    assert [cv.label for cv in result.claim_verdicts] == [Label.SUPPORTED, Label.NOT_ENOUGH_INFO]
    assert result.claim_verdicts[0].claim.text.startswith("Returns")


@pytest.mark.parametrize(
    ("verdicts", "message"),
    [
        pytest.param(
            [verdict(0, "SUPPORTED", "30 days", 0)], "no verdict for claim(s) 1", id="missing"
        ),
        pytest.param([], "no verdict for claim(s) 0, 1", id="empty-output"),
        pytest.param(
            [verdict(0, "SUPPORTED"), verdict(1, "SUPPORTED"), verdict(2, "SUPPORTED")],
            "a verdict for claim 2, but there are only 2 claims",
            id="extra",
        ),
        pytest.param(
            [verdict(0, "SUPPORTED"), verdict(0, "CONTRADICTED"), verdict(1, "SUPPORTED")],
            "two verdicts for claim 0",
            id="duplicated",
        ),
        pytest.param(
            [verdict(0, "SUPPORTED"), verdict(1, "PARTIALLY_SUPPORTED")],
            "invalid output",
            id="unknown-label",
        ),
    ],
)
def test_unusable_verdicts_raise_judge_error(verdicts: list[dict[str, Any]], message: str) -> None:
    with pytest.raises(JudgeError, match=message.replace("(", r"\(").replace(")", r"\)")) as info:
        verify(TWO_CLAIMS, PASSAGES, judge=judge_of(*verdicts))
    assert info.value.judge_id == "function"


def test_judge_refusal_raised_by_the_judge_propagates_as_judge_error() -> None:
    def refuse(claims: Sequence[Claim], passages: Sequence[str]) -> list[dict[str, Any]]:
        raise JudgeError("judge refused: I can't help with that")

    with pytest.raises(JudgeError, match="refused"):
        verify(TWO_CLAIMS, PASSAGES, judge=FunctionJudge(refuse))


def test_claims_with_wrong_offsets_raise_judge_error() -> None:
    class Misplaced(FunctionJudge):
        def extract_claims(self, sentences: Any, question: str | None) -> Any:
            from pytest_faithful.models import ExtractedClaims

            return ExtractedClaims(claims=(Claim(text="x", sentence="Hello", start=3, end=8),))

    with pytest.raises(JudgeError, match="do not hold its sentence"):
        verify(TWO_CLAIMS, PASSAGES, judge=Misplaced(lambda c, p: []))


@pytest.mark.parametrize(
    ("evidence", "passage", "why"),
    [
        pytest.param("accepted within 60 days", 0, "not in contexts[0]", id="quote-not-in-passage"),
        pytest.param("Canada costs $15", 0, "proves nothing", id="quote-in-another-passage"),
        pytest.param("accepted within 90 days", 5, "only 2 passages", id="passage-out-of-range"),
        pytest.param("accepted within 90 days", None, "cites no passage", id="no-passage"),
        pytest.param("", 0, "no evidence quote", id="empty-quote"),
    ],
)
def test_supported_without_verifiable_evidence_is_demoted(
    evidence: str, passage: int | None, why: str
) -> None:
    judge = judge_of(
        verdict(0, "SUPPORTED", evidence, passage), verdict(1, "SUPPORTED", "Canada costs $15", 1)
    )
    result = verify(TWO_CLAIMS, PASSAGES, judge=judge, threshold=0.5, rules=QUOTED)
    demoted = result.claim_verdicts[0]
    assert demoted.label is Label.NOT_ENOUGH_INFO
    assert demoted.judge_label is Label.SUPPORTED
    assert not demoted.evidence_found
    assert why in demoted.reason
    assert result.score == 0.5


QUOTED = "standard,judge-quote"
"""The rules with ``judge-quote``: an unquoted SUPPORTED is demoted, no span is located for it."""


@pytest.mark.parametrize("quote", ["", ".", "passage 1", "the", "accepted within 60 days"])
def test_an_unquoted_supported_shows_the_span_that_covers_the_claim(quote: str) -> None:
    judge = judge_of(verdict(0, "SUPPORTED", quote, 0))
    result = verify("Returns are accepted within 30 days.", PASSAGES, judge=judge)
    cv = result.claim_verdicts[0]
    assert (cv.label, cv.evidence_found, cv.passage_index) == (Label.SUPPORTED, True, 0)
    assert cv.evidence == PASSAGES[0]
    assert cv.alignment is not None
    assert (cv.alignment.method, cv.alignment.quoted) == ("located", quote)
    assert cv.reason.startswith(quote_in_passage.LOCATED_NOTE)


@pytest.mark.parametrize(
    "claim",
    [
        "Returns are accepted within 60 days.",  # another number
        "Returns are not accepted within 30 days.",  # a negation
        "Exchanges are possible at the Berlin store.",  # nothing covers it
    ],
)
def test_no_span_is_located_for_a_claim_the_passages_do_not_cover(claim: str) -> None:
    judge = judge_of(verdict(0, "SUPPORTED", "", 0))
    cv = verify(claim, PASSAGES, judge=judge).claim_verdicts[0]
    assert (cv.label, cv.judge_label, cv.alignment) == (
        Label.NOT_ENOUGH_INFO,
        Label.SUPPORTED,
        None,
    )


def reasoned(label: str, reason: str, evidence: str = "", passage: int | None = 0) -> FunctionJudge:
    return judge_of({**verdict(0, label, evidence, passage), "reason": reason})


@pytest.mark.parametrize("evidence", ["", "passage 2", "Passage 2 says so."])
def test_a_quote_the_judge_wrote_into_its_reason_is_its_evidence(evidence: str) -> None:
    quote = "Standard shipping to Canada costs $15"
    judge = reasoned("SUPPORTED", f"Passage 2 states: '{quote}.' So it holds.", evidence, None)
    cv = verify("Shipping to Canada costs $15.", PASSAGES, judge=judge).claim_verdicts[0]
    assert (cv.label, cv.evidence_found, cv.passage_index) == (Label.SUPPORTED, True, 1)
    assert cv.evidence == quote
    assert cv.alignment is not None
    assert (cv.alignment.method, cv.alignment.quoted) == ("normalized", f"{quote}.")
    assert cv.reason.startswith(quote_in_passage.REASON_QUOTE_NOTE)


@pytest.mark.parametrize(
    "evidence",
    [
        "Passage 2: 'Standard shipping to Canada costs $15'",
        'It says "shipping to Canada costs $15" there',
    ],
)
def test_a_quote_wrapped_in_the_evidence_field_is_read_from_it(evidence: str) -> None:
    judge = reasoned("SUPPORTED", "It holds.", evidence, None)
    cv = verify("Shipping to Canada costs $15.", PASSAGES, judge=judge).claim_verdicts[0]
    assert (cv.label, cv.evidence_found, cv.passage_index) == (Label.SUPPORTED, True, 1)
    assert cv.evidence.casefold() in PASSAGES[1].casefold()
    assert cv.alignment is not None
    assert cv.alignment.quoted == evidence  # the evidence as the judge gave it
    assert cv.reason == "It holds."


def test_a_quote_in_the_reason_comes_before_a_located_span() -> None:
    judge = reasoned("SUPPORTED", "It says 'shipping to canada costs $15' there.")
    cv = verify("Shipping to Canada costs $15.", PASSAGES, judge=judge).claim_verdicts[0]
    assert cv.alignment is not None
    assert cv.alignment.method == "normalized"
    assert cv.reason.startswith(quote_in_passage.REASON_QUOTE_NOTE)


def test_the_longest_quote_of_a_reason_full_of_quoted_words_is_tried_first() -> None:
    # Only the longest few are aligned (each try scans every passage); the one that proves
    # something is longer than any quoted word, wherever it stands.
    quote = "Standard shipping to Canada costs $15"
    reason = " ".join(f"'word{i}'" for i in range(5000)) + f" '{quote}'"
    judge = reasoned("SUPPORTED", reason)
    cv = verify("Shipping to Canada costs $15.", PASSAGES, judge=judge).claim_verdicts[0]
    assert cv.alignment is not None
    assert cv.alignment.quoted == quote


@pytest.mark.parametrize(
    "reason",
    [
        "It says 'shipping to Canada costs $25'.",  # not in any passage: another number
        "It says 'Returns are accepted within 30 days'.",  # in a passage, about something else
        "It says 'Canada' and 'the'.",  # too short to prove anything
    ],
)
def test_a_reason_quote_that_proves_nothing_is_not_evidence(reason: str) -> None:
    judge = reasoned("SUPPORTED", reason)
    cv = verify("Shipping to Canada costs $15.", PASSAGES, judge=judge, rules=QUOTED)
    cv = cv.claim_verdicts[0]
    assert (cv.label, cv.judge_label, cv.evidence_found) == (
        Label.NOT_ENOUGH_INFO,
        Label.SUPPORTED,
        False,
    )


@pytest.mark.parametrize(
    ("claim", "missing", "rules"),
    [
        # Names are held by ``unstated-names``, which the default leaves to ``strict``.
        ("Shipping to Canada from Berlin costs $15.", "Berlin", "standard unstated-names"),
        ("Shipping to Canada costs $15 and takes 3 days.", "3", None),
        (
            'Shipping to Canada costs $15, "the lowest price we have ever offered".',
            '"the lowest price we have ever offered"',
            None,
        ),
    ],
)
def test_a_supported_claim_stating_what_no_passage_states_is_not_enough_info(
    claim: str, missing: str, rules: str | None
) -> None:
    judge = judge_of(verdict(0, "SUPPORTED", "Standard shipping to Canada costs $15", 1))
    cv = verify(claim, PASSAGES, judge=judge, rules=rules).claim_verdicts[0]
    assert (cv.label, cv.judge_label) == (Label.NOT_ENOUGH_INFO, Label.SUPPORTED)
    assert cv.reason.startswith(f"the claim states {missing} and no passage mentions it")
    # The quote was found; the evidence stays on show.
    assert (cv.evidence_found, cv.evidence) == (True, "Standard shipping to Canada costs $15")


def test_a_supported_claim_in_which_the_answer_speaks_of_itself_is_not_enough_info() -> None:
    # The passage verifies the topic, not the answerer's taste; a transcript in the first
    # person may say it, and there the judge's verdict stands.
    answer = "I love that shipping to Canada costs $15."
    quote = "Standard shipping to Canada costs $15"
    cv = verify(answer, PASSAGES, judge=judge_of(verdict(0, "SUPPORTED", quote, 1)))
    (only,) = cv.claim_verdicts
    assert (only.label, only.judge_label) == (Label.NOT_ENOUGH_INFO, Label.SUPPORTED)
    assert only.reason.startswith(
        "the claim speaks of the answerer ('I') and no passage speaks in the first person"
    )
    transcript = ["Agent: I love that standard shipping to Canada costs $15."]
    judge = judge_of(
        verdict(0, "SUPPORTED", "I love that standard shipping to Canada costs $15", 0)
    )
    assert verify(answer, transcript, judge=judge).claim_verdicts[0].label is Label.SUPPORTED


def test_only_a_supported_verdict_is_held_to_the_passages_names_and_numbers() -> None:
    judge = judge_of(verdict(0, "CONTRADICTED", "Returns are accepted within 30 days", 0))
    cv = verify("Returns in Berlin are accepted within 60 days.", PASSAGES, judge=judge)
    assert cv.claim_verdicts[0].label is Label.CONTRADICTED


def test_evidence_match_tolerates_case_whitespace_and_typographic_quotes() -> None:
    passages = ["The warranty is \u201cvalid for   two\nyears\u201d from purchase."]
    judge = judge_of(verdict(0, "SUPPORTED", '"Valid for two years"', 0))
    result = verify("The warranty lasts two years.", passages, judge=judge)
    assert result.claim_verdicts[0].evidence_found
    assert result.passed


def test_contradicted_claim_keeps_its_label_when_the_quote_is_not_found() -> None:
    judge = judge_of(verdict(0, "CONTRADICTED", "made-up quote", 0))
    result = verify("Returns are accepted within 60 days.", PASSAGES, judge=judge)
    cv = result.claim_verdicts[0]
    assert cv.label is Label.CONTRADICTED
    assert not cv.evidence_found


@pytest.mark.parametrize(
    ("kwargs", "error", "names"),
    [
        ({"answer": 42}, TypeError, "answer"),
        ({"answer": None}, TypeError, "answer"),
        ({"contexts": 3}, TypeError, "contexts"),
        ({"contexts": b"bytes"}, TypeError, "contexts"),
        ({"contexts": ["ok", 7]}, TypeError, r"contexts\[1\]"),
        ({"contexts": {"a": 1}}, TypeError, "contexts"),
        ({"question": 5}, TypeError, "question"),
        ({"threshold": 1.5}, ValueError, "threshold"),
        ({"threshold": "0.8"}, TypeError, "threshold"),
        ({"threshold": True}, TypeError, "threshold"),
        ({"scoring": "harsh"}, ValueError, "scoring"),
        ({"allow_contradictions": "yes"}, TypeError, "allow_contradictions"),
    ],
)
def test_bad_input_names_the_argument(
    kwargs: dict[str, Any], error: type[Exception], names: str
) -> None:
    call: dict[str, Any] = {"answer": TWO_CLAIMS, "contexts": PASSAGES, "judge": SUPPORT_BOTH}
    call.update(kwargs)
    answer, contexts = call.pop("answer"), call.pop("contexts")
    with pytest.raises(error, match=names):
        verify(answer, contexts, **call)


def test_a_single_string_context_is_one_passage() -> None:
    judge = judge_of(verdict(0, "SUPPORTED", "accepted within 30 days", 0))
    result = verify("Returns are accepted within 30 days.", PASSAGES[0], judge=judge)
    assert result.passed


def test_result_round_trips_through_json_exactly() -> None:
    result = verify(TWO_CLAIMS, PASSAGES, judge=SUPPORT_BOTH, question="Returns?")
    assert FaithfulnessResult.model_validate_json(result.model_dump_json()) == result


def test_result_is_frozen() -> None:
    result = verify(TWO_CLAIMS, PASSAGES, judge=SUPPORT_BOTH)
    with pytest.raises(ValueError, match="frozen"):
        result.score = 0.0  # type: ignore[misc]


_LABELS = st.sampled_from(["SUPPORTED", "CONTRADICTED", "NOT_ENOUGH_INFO"])


@settings(max_examples=150, deadline=None)
@given(
    labels=st.lists(_LABELS, min_size=1, max_size=6),
    threshold=st.floats(0.0, 1.0),
    scoring=st.sampled_from(["strict", "lenient"]),
    allow=st.booleans(),
)
def test_score_is_always_in_unit_interval_and_gate_is_consistent(
    labels: list[str], threshold: float, scoring: Any, allow: bool
) -> None:
    answer = " ".join(f"Claim number {i} is here." for i in range(len(labels)))
    passage = "Claim number is here."
    judge = judge_of(*(verdict(i, lab, "is here", 0) for i, lab in enumerate(labels)))
    result = verify(
        answer,
        [passage],
        judge=judge,
        threshold=threshold,
        scoring=scoring,
        allow_contradictions=allow,
    )
    assert 0.0 <= result.score <= 1.0
    contradicted = "CONTRADICTED" in labels
    assert result.passed == (result.score >= threshold and (allow or not contradicted))


# -- trust at the edges: coverage, duplicates, evidence that proves something, one error type --


class SkipsSentences(FunctionJudge):
    """Extracts claims only from the sentences whose numbers it is given (1-based)."""

    def __init__(self, keep: set[int], verify: Any) -> None:
        super().__init__(verify)
        self.keep = keep

    def extract_claims(self, sentences: Any, question: str | None) -> Any:
        from pytest_faithful.models import ExtractedClaims

        return ExtractedClaims(
            claims=tuple(
                Claim(text=s.text, sentence=s.text, start=s.start, end=s.end)
                for n, s in enumerate(sentences, 1)
                if n in self.keep
            )
        )


def test_a_sentence_the_judge_skips_is_verified_whole() -> None:
    answer = "Returns are accepted within 30 days. We also refund the original shipping."
    seen: list[str] = []

    def verdicts(claims: Sequence[Claim], passages: Sequence[str]) -> list[dict[str, Any]]:
        seen.extend(c.text for c in claims)
        return [
            verdict(0, "SUPPORTED", "accepted within 30 days", 0),
            verdict(1, "NOT_ENOUGH_INFO"),
        ]

    result = verify(answer, PASSAGES, judge=SkipsSentences({1}, verdicts))
    assert seen == ["Returns are accepted within 30 days.", "We also refund the original shipping."]
    assert result.score == 0.5
    assert not result.passed
    assert "verified whole" in result.claim_verdicts[1].reason


def test_a_judge_that_skips_every_sentence_is_not_vacuous() -> None:
    judge = SkipsSentences(
        set(),
        lambda claims, passages: [
            verdict(0, "SUPPORTED", "accepted within 30 days", 0),
            verdict(1, "SUPPORTED", "Canada costs $15", 1),
        ],
    )
    result = verify(TWO_CLAIMS, PASSAGES, judge=judge)
    assert not result.vacuous
    assert len(result.claim_verdicts) == 2
    assert result.passed


def test_sentences_without_content_words_need_no_claim() -> None:
    judge = SkipsSentences(
        {2}, lambda claims, passages: [verdict(0, "SUPPORTED", "accepted within 30 days", 0)]
    )
    result = verify("Sure! Returns are accepted within 30 days.", PASSAGES, judge=judge)
    assert [cv.claim.text for cv in result.claim_verdicts] == [
        "Returns are accepted within 30 days."
    ]


class Repeats(FunctionJudge):
    """Extracts every sentence ``times`` times (the same claim again and again)."""

    def __init__(self, times: int, verify: Any) -> None:
        super().__init__(verify)
        self.times = times

    def extract_claims(self, sentences: Any, question: str | None) -> Any:
        from pytest_faithful.models import ExtractedClaims

        claims = []
        for s in sentences:
            for copy in range(self.times):
                text = s.text if copy % 2 == 0 else f"  {s.text.upper().rstrip('.')} "
                claims.append(Claim(text=text.strip(), sentence=s.text, start=s.start, end=s.end))
        return ExtractedClaims(claims=tuple(claims))


def test_identical_claims_count_once() -> None:
    answer = "Returns are accepted within 30 days. We also refund the original shipping."

    def by_text(claims: Sequence[Claim], passages: Sequence[str]) -> list[dict[str, Any]]:
        return [
            verdict(i, "SUPPORTED", "accepted within 30 days", 0)
            if "30" in c.text
            else verdict(i, "NOT_ENOUGH_INFO")
            for i, c in enumerate(claims)
        ]

    once = verify(answer, PASSAGES, judge=FunctionJudge(by_text))
    five_times = verify(answer, PASSAGES, judge=Repeats(5, by_text))
    assert once.score == five_times.score == 0.5
    assert len(five_times.claim_verdicts) == 2


@pytest.mark.parametrize("quote", [".", "e", "the", "30", "passage 1", "days", " "])
def test_a_trivial_quote_never_verifies_a_claim(quote: str) -> None:
    passages = ["Returns are accepted within 30 days. See passage 1 e.g. the terms."]
    judge = judge_of(verdict(0, "SUPPORTED", quote, 0))
    result = verify("Returns are accepted within 30 days.", passages, judge=judge, rules=QUOTED)
    cv = result.claim_verdicts[0]
    assert (cv.label, cv.judge_label, cv.evidence_found) == (
        Label.NOT_ENOUGH_INFO,
        Label.SUPPORTED,
        False,
    )
    assert not result.passed


def test_a_quote_found_but_unrelated_to_the_claim_proves_nothing() -> None:
    judge = judge_of(verdict(0, "SUPPORTED", "Standard shipping to Canada", 1))
    result = verify("Returns are accepted within 30 days.", PASSAGES, judge=judge, rules=QUOTED)
    assert result.claim_verdicts[0].label is Label.NOT_ENOUGH_INFO
    assert "proves nothing" in result.claim_verdicts[0].reason


YEAMAN = [
    "Leon Yeaman, 55, was killed by a single punch from shift worker Phillip Pama. "
    "Mr Yeaman was in his yard on Muller Road making a lot of noise at 9pm on Thursday."
]


def test_a_quote_about_the_claims_subject_but_not_its_fact_gives_way_to_the_span_that_is() -> None:
    # Small models quote the same sentence for every claim about one person.
    answer = "Mr Yeaman was in his yard on Muller Road making a lot of noise at 9pm."
    quote = "Leon Yeaman, 55, was killed by a single punch from shift worker Phillip Pama."
    result = verify(answer, YEAMAN, judge=judge_of(verdict(0, "SUPPORTED", quote, 0)))
    cv = result.claim_verdicts[0]
    assert (cv.label, cv.judge_label, cv.evidence_found) == (
        Label.SUPPORTED,
        Label.SUPPORTED,
        True,
    )
    assert cv.evidence.startswith("Mr Yeaman was in his yard")
    assert cv.alignment is not None
    assert (cv.alignment.method, cv.alignment.quoted) == ("located", quote)
    assert cv.reason.startswith(bears_on_rule.WEAK_QUOTE_NOTE)


def test_a_weak_quote_stays_when_no_span_covers_the_claim() -> None:
    # Demoting such verdicts lost faithful paraphrases (benchmarks/RESULTS.md); the quote is
    # still evidence, since it bears on the claim.
    answer = "Mr Yeaman shouted at his neighbours from the garden of his house."
    quote = "Leon Yeaman, 55, was killed by a single punch from shift worker Phillip Pama."
    cv = verify(answer, YEAMAN, judge=judge_of(verdict(0, "SUPPORTED", quote, 0))).claim_verdicts[0]
    assert (cv.label, cv.evidence) == (Label.SUPPORTED, quote)
    assert cv.alignment is not None
    assert cv.alignment.method != "located"
    assert not cv.reason.startswith(bears_on_rule.WEAK_QUOTE_NOTE)


class Explodes(FunctionJudge):
    def __init__(self, error: BaseException | None = None, returns: Any = None) -> None:
        super().__init__(lambda claims, passages: [])
        self.error, self.returns = error, returns

    def extract_claims(self, sentences: Any, question: str | None) -> Any:
        if self.error is not None:
            raise self.error
        return self.returns


@pytest.mark.parametrize(
    ("judge", "message"),
    [
        pytest.param(Explodes(RuntimeError("boom")), "extract_claims: RuntimeError: boom", id="rt"),
        pytest.param(Explodes(RecursionError("deep")), "RecursionError", id="recursion"),
        pytest.param(Explodes(KeyError("k")), "KeyError", id="keyerror"),
        pytest.param(Explodes(TypeError("bug")), "TypeError: bug", id="typeerror"),
        pytest.param(Explodes(returns=["not", "claims"]), "returned a list", id="wrong-type"),
        pytest.param(Explodes(returns=None), "returned a NoneType", id="none"),
    ],
)
def test_anything_going_wrong_in_a_judge_is_a_judge_error(judge: Any, message: str) -> None:
    with pytest.raises(JudgeError, match=message) as info:
        verify(TWO_CLAIMS, PASSAGES, judge=judge)
    assert info.value.judge_id == "function"


@pytest.mark.parametrize(
    ("kwargs", "names"),
    [
        ({"answer": "Fine \ud800 text."}, "answer .*position 5"),
        ({"contexts": ["ok", "bad \udfff"]}, r"contexts\[1\] .*position 4"),
        ({"contexts": "\ud83d"}, "contexts .*position 0"),
        ({"question": "why\udc80"}, "question .*position 3"),
    ],
)
def test_text_that_cannot_be_encoded_is_a_value_error_naming_where(
    kwargs: dict[str, Any], names: str
) -> None:
    call: dict[str, Any] = {"answer": TWO_CLAIMS, "contexts": PASSAGES}
    call.update(kwargs)
    answer, contexts = call.pop("answer"), call.pop("contexts")
    for judge in (SUPPORT_BOTH, "lexical"):
        with pytest.raises(ValueError, match=names):
            verify(answer, contexts, judge=judge, **call)


@pytest.mark.parametrize(
    ("kwargs", "error", "names"),
    [
        ({"judge": 123}, TypeError, "judge must be"),
        ({"judge": object()}, TypeError, "judge must be .* without id"),
        ({"judge": ""}, ValueError, "judge is an empty spec"),
        ({"judge": "   "}, ValueError, "judge is an empty spec"),
        ({"llm": {}}, TypeError, "llm must be a LLMOptions"),
        ({"local": {"threads": 2}}, TypeError, "local must be a LocalOptions"),
        ({"cache_dir": None}, TypeError, "cache_dir must be"),
        ({"cache_dir": ""}, ValueError, "cache_dir is empty"),
        ({"record_mode": "sometimes"}, ValueError, "record_mode"),
        ({"record_mode": None}, TypeError, "record_mode"),
        ({"cache_dir": "A_FILE"}, ValueError, "cache_dir .* is a file, not a directory"),
        ({"recordings_dir": "A_FILE"}, ValueError, "recordings_dir .* is a file, not a dir"),
    ],
)
def test_bad_run_arguments_name_the_argument(
    kwargs: dict[str, Any], error: type[Exception], names: str, tmp_path: Path
) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    kwargs = {k: a_file if v == "A_FILE" else v for k, v in kwargs.items()}
    with pytest.raises(error, match=names):
        verify(TWO_CLAIMS, PASSAGES, **kwargs)


class SaysNothing(FunctionJudge):
    """Ties the claim "0" to every sentence: it covers them by offsets, not by content."""

    def extract_claims(self, sentences: Any, question: str | None) -> Any:
        from pytest_faithful.models import ExtractedClaims

        return ExtractedClaims(
            claims=tuple(
                Claim(text="0", sentence=s.text, start=s.start, end=s.end) for s in sentences
            )
        )


def test_a_claim_that_says_nothing_about_its_sentence_does_not_cover_it() -> None:
    # Found by hypothesis: "Returns. Returns." with the claim "0" for both sentences.
    def verdicts(claims: Sequence[Claim], passages: Sequence[str]) -> list[dict[str, Any]]:
        return [verdict(i, "SUPPORTED", "accepted within 30 days", 0) for i in range(len(claims))]

    result = verify("Returns. Returns.", PASSAGES, judge=SaysNothing(verdicts))
    # "0" is not something the answer says, so it is left out; the sentence is judged whole.
    assert [cv.claim.text for cv in result.claim_verdicts] == ["Returns."]
    assert "verified whole" in result.claim_verdicts[0].reason


class QuestionClaimJudge(FunctionJudge):
    """Ties the claim "Standard shipping to Canada costs $15." (the question, spelled out) to
    the answer's first sentence, and supports every claim with a quote of that price."""

    def __init__(self) -> None:
        super().__init__(
            lambda claims, passages: [
                verdict(i, "SUPPORTED", "Canada costs $15", 1) for i in range(len(claims))
            ]
        )

    def extract_claims(self, sentences: Any, question: str | None) -> Any:
        from pytest_faithful.models import ExtractedClaims

        s = sentences[0]
        return ExtractedClaims(
            claims=(Claim(text=SPELLED_OUT, sentence=s.text, start=s.start, end=s.end),)
        )


SPELLED_OUT = "Standard shipping to Canada costs $15."
ASKED = "Does shipping to Canada cost $15?"


def test_a_claim_spelled_out_from_the_question_covers_its_sentence() -> None:
    result = verify("Absolutely, it does.", PASSAGES, judge=QuestionClaimJudge(), question=ASKED)
    assert len(result.claim_verdicts) == 1
    assert result.passed


@pytest.mark.parametrize(
    "answer", ["Absolutely, it does.", "Yes, it costs that much.", "Of course it does, yes."]
)
def test_a_yes_or_no_answer_is_covered_by_the_claim_it_spells_out(answer: str) -> None:
    result = verify(answer, PASSAGES, judge=QuestionClaimJudge(), question=ASKED)
    assert [cv.claim.text for cv in result.claim_verdicts] == [SPELLED_OUT]


def test_a_claim_copied_from_the_question_is_left_out_and_its_sentence_judged_whole() -> None:
    # Seen on the cost benchmark: the claim "seriously" (the question) tied to the answer
    # "he was a stockbroker ...": the answer never says it, so it cannot fail the answer.
    result = verify(
        "Returns are accepted within 60 days.",
        PASSAGES,
        judge=QuestionClaimJudge(),
        question=ASKED,
    )
    texts = [cv.claim.text for cv in result.claim_verdicts]
    assert texts == ["Returns are accepted within 60 days."]
    assert "verified whole" in result.claim_verdicts[0].reason


class YesJudge(FunctionJudge):
    """Extracts the claim ``yes`` from the first sentence and the second sentence as it is, and
    supports the second with a quote of the return window (and ``yes`` with ``yes_quote``)."""

    def __init__(self, yes_quote: str = "", yes_passage: int = 0, yes: str = "yes") -> None:
        super().__init__(
            lambda claims, passages: [
                verdict(i, "SUPPORTED", yes_quote, yes_passage)
                if c.text == yes
                else verdict(i, "SUPPORTED", "within 30 days", 0)
                for i, c in enumerate(claims)
            ]
        )
        self.yes = yes

    def extract_claims(self, sentences: Any, question: str | None) -> Any:
        from pytest_faithful.models import ExtractedClaims

        first, second = sentences
        return ExtractedClaims(
            claims=(
                Claim(text=self.yes, sentence=first.text, start=first.start, end=first.end),
                Claim(text=second.text, sentence=second.text, start=second.start, end=second.end),
            )
        )


YEAH = "Yeah. Returns are accepted within 30 days."


# Claims that only say yes: a content word such as "right" says nothing more here.
_YESES = pytest.mark.parametrize("yes", ["yes", "Yes, right.", "Exactly!", "Of course."])


@_YESES
@pytest.mark.parametrize(
    "question",
    [None, "i guess returns are easy there.", "Returns, then.", "yes, right. returns are easy."],
)
def test_a_yes_that_answers_no_question_is_left_out(question: str | None, yes: str) -> None:
    # "yeah." agreeing with a remark asserts nothing the passages could support.
    result = verify(YEAH, PASSAGES, judge=YesJudge(yes=yes), question=question)
    assert [cv.claim.text for cv in result.claim_verdicts] == [YEAH.split(". ")[1]]
    assert result.passed


def test_a_yes_to_a_question_stays_a_claim_that_fails_unless_spelled_out() -> None:
    # "Yes." to "Is shipping free?" says shipping is free: with no claim that spells it out,
    # it cannot be verified, so the check fails rather than passing on the second sentence.
    result = verify(YEAH, PASSAGES, judge=YesJudge(), question="Is shipping to Canada free?")
    assert [cv.label for cv in result.claim_verdicts] == [Label.NOT_ENOUGH_INFO, Label.SUPPORTED]
    assert not result.passed


@_YESES
def test_a_yes_is_supported_by_a_quote_that_bears_on_the_question_it_answers(yes: str) -> None:
    judge = YesJudge("Standard shipping to Canada costs $15", 1, yes)
    result = verify(YEAH, PASSAGES, judge=judge, question="Does shipping to Canada cost $15?")
    first = result.claim_verdicts[0]
    assert (first.claim.text, first.label, first.evidence_found) == (yes, Label.SUPPORTED, True)
    assert result.passed


@pytest.mark.parametrize("quote", ["Returns are accepted within 30 days", "Canada"])
def test_a_yes_quote_that_says_nothing_about_the_question_is_not_evidence(quote: str) -> None:
    judge = YesJudge(quote, 0)
    result = verify(YEAH, PASSAGES, judge=judge, question="Does shipping to Canada cost $15?")
    assert result.claim_verdicts[0].label is Label.NOT_ENOUGH_INFO


def test_the_failure_line_says_how_the_evidence_was_found() -> None:
    from pytest_faithful.report.failure import claim_line, evidence_note

    fuzzy = verify(
        "Returns are accepted within 30 days.",
        PASSAGES,
        judge=judge_of(verdict(0, "SUPPORTED", "Returns accepted within 30 days of delivery", 0)),
    ).claim_verdicts[0]
    assert fuzzy.evidence == PASSAGES[0].rstrip(".")
    assert evidence_note(fuzzy).startswith(" (aligned, quality 0.9")
    located = verify(
        "Returns are accepted within 30 days.",
        PASSAGES,
        judge=judge_of(verdict(0, "SUPPORTED", "passage 1", 0)),
    ).claim_verdicts[0]
    assert "located" in claim_line(located)


def _closest(claim: str, passages: Sequence[str]) -> int:
    shared = [len(content_terms(claim) & content_terms(p)) for p in passages]
    return shared.index(max(shared))


_MODES = pytest.mark.parametrize("single_call", [False, True], ids=["two-step", "single-call"])


class YesAndNothingElseJudge(FunctionJudge):
    """Extracts only "yes" from a sentence that says more ("Yes, returns are ..."), so that the
    verifier verifies the sentence whole; "yes" alone gets NOT_ENOUGH_INFO, the sentence
    ``whole_label`` with a quote of the return window. With ``single_call``, in one step."""

    def __init__(self, whole_label: str, single_call: bool) -> None:
        super().__init__(
            lambda claims, passages: [
                verdict(i, "NOT_ENOUGH_INFO")
                if c.text == "yes"
                else verdict(i, whole_label, "Returns are accepted within 30 days", 0)
                for i, c in enumerate(claims)
            ]
        )
        self.single_call = single_call

    def extract_claims(self, sentences: Any, question: str | None) -> Any:
        from pytest_faithful.models import ExtractedClaims

        (only,) = sentences
        return ExtractedClaims(
            claims=(Claim(text="yes", sentence=only.text, start=only.start, end=only.end),)
        )

    def extract_and_verify(self, sentences: Any, passages: Any, question: str | None) -> Any:
        from pytest_faithful.models import Verdicts

        extracted = self.extract_claims(sentences, question)
        return extracted, Verdicts(verdicts=(verdict(0, "NOT_ENOUGH_INFO"),))


@_MODES
@pytest.mark.parametrize(
    ("answer", "whole_label", "passed"),
    [
        ("Yes, returns are accepted within 30 days.", "SUPPORTED", True),
        ("Yes, returns are accepted within 60 days.", "CONTRADICTED", False),
    ],
)
def test_a_yes_is_judged_once_with_the_sentence_that_is_verified_whole(
    single_call: bool, answer: str, whole_label: str, passed: bool
) -> None:
    # The sentence's own verdict judges its "yes" together with what it goes on to say; a
    # second verdict on "yes" alone, which has no words to quote, would fail every such answer.
    judge = YesAndNothingElseJudge(whole_label, single_call)
    result = verify(answer, PASSAGES, judge=judge, question="Are returns accepted?")
    assert [cv.claim.text for cv in result.claim_verdicts] == [answer]
    assert [cv.label.value for cv in result.claim_verdicts] == [whole_label]
    assert "verified whole" in result.claim_verdicts[0].reason
    assert result.passed is passed


class ClaimsAsWritten(FunctionJudge):
    """Extracts ``claims[n]`` from sentence n (0-based) and gives each claim the label
    ``labels`` names for its text (SUPPORTED if none), quoting the passage that shares the most
    words with it. With ``single_call``, in one step."""

    def __init__(
        self,
        claims: dict[int, list[str]],
        single_call: bool,
        labels: dict[str, str] | None = None,
    ) -> None:
        named = labels or {}
        super().__init__(
            lambda claims, passages: [
                verdict(i, named.get(c.text, "SUPPORTED"), passages[p].rstrip("."), p)
                for i, c in enumerate(claims)
                for p in [_closest(c.text, passages)]
            ]
        )
        self.claims = claims
        self.single_call = single_call

    def extract_claims(self, sentences: Any, question: str | None) -> Any:
        from pytest_faithful.models import ExtractedClaims

        return ExtractedClaims(
            claims=tuple(
                Claim(text=text, sentence=s.text, start=s.start, end=s.end)
                for n, s in enumerate(sentences)
                for text in self.claims.get(n, [])
            )
        )

    def extract_and_verify(self, sentences: Any, passages: Any, question: str | None) -> Any:
        from pytest_faithful.models import Verdict, Verdicts

        extracted = self.extract_claims(sentences, question)
        verdicts = self._verify(extracted.claims, passages)
        return extracted, Verdicts(verdicts=tuple(map(Verdict.model_validate, verdicts)))


@_MODES
@pytest.mark.parametrize(
    ("answer", "claim", "missing", "rules"),
    [
        pytest.param(
            "Returns are accepted within 45 days.",
            "Returns are accepted.",
            "45",
            None,
            id="dropped",
        ),
        pytest.param(
            "Returns are accepted within 45 days.",
            "Returns are accepted within 30 days.",
            "45",
            None,
            id="rewritten to the passage's number",
        ),
        pytest.param(
            "Returns are accepted within 30 days at the Berlin store.",
            "Returns are accepted within 30 days.",
            "Berlin",
            "standard unstated-names",  # names are strict's, or chosen
            id="a name dropped",
        ),
    ],
)
def test_a_number_or_name_the_claims_leave_out_and_no_passage_states_fails_the_sentence(
    single_call: bool, answer: str, claim: str, missing: str, rules: str | None
) -> None:
    # The judge's claim is supported, but the sentence says more than the claim carries, and
    # what it leaves out is what no passage states: the sentence is NOT_ENOUGH_INFO itself,
    # as a claim carrying it would be, and no request is spent on it.
    judge = ClaimsAsWritten({0: [claim]}, single_call)
    result = verify(answer, PASSAGES, judge=judge, rules=rules)
    assert [(cv.claim.text, cv.label.value) for cv in result.claim_verdicts] == [
        (claim, "SUPPORTED"),
        (answer, "NOT_ENOUGH_INFO"),
    ]
    left = result.claim_verdicts[1]
    assert left.reason == (
        f"{left_out_rule.LEFT_OUT_NOTE} the sentence states {missing} and no passage mentions it"
    )
    assert (left.evidence, left.evidence_found, left.judge_label) == (
        "",
        False,
        Label.NOT_ENOUGH_INFO,
    )
    # Scored by sentences: the one sentence counts only if every claim of it is supported.
    assert (result.score, result.passed) == (0.0, False)
    assert judge.calls == (0 if single_call else 1)  # one verify step in two-step, nothing more


@_MODES
@pytest.mark.parametrize(
    ("answer", "claims"),
    [
        pytest.param(
            "Returns are accepted within 30 days, and shipping to Canada costs $15.",
            {0: ["Returns are accepted within 30 days."]},
            id="what is left out is what a passage states",
        ),
        pytest.param(
            # $20 is in no passage: the claims that carry it are NOT_ENOUGH_INFO themselves, and
            # the second sentence's copy, counted once, still carries it for that sentence.
            "Shipping to Canada costs $20. As said, shipping to Canada costs $20 in Berlin too.",
            {
                0: ["Shipping to Canada costs $20."],
                1: ["Shipping to Canada costs $20.", "Berlin has it too."],
            },
            id="a copy of another sentence's claim carries what it says",
        ),
    ],
)
def test_nothing_is_added_for_what_the_claims_carry_or_a_passage_states(
    single_call: bool, answer: str, claims: dict[int, list[str]]
) -> None:
    result = verify(answer, PASSAGES, judge=ClaimsAsWritten(claims, single_call))
    assert not any(left_out_rule.LEFT_OUT_NOTE in cv.reason for cv in result.claim_verdicts)


@_MODES
@pytest.mark.parametrize(
    ("answer", "claims"),
    [
        pytest.param(
            "Standard shipping to Canada does not cost $15.",
            ["Standard shipping to Canada costs $15."],
            id="negation dropped",
        ),
        pytest.param(
            "Shipping to Canada costs $15, but it never takes 5 to 8 business days.",
            ["Shipping to Canada costs $15."],
            id="negated clause dropped",
        ),
        pytest.param(
            "No-one pays $15 for shipping to Canada.",
            ["Shipping to Canada costs $15."],
            id="no-one is no answering no",
        ),
    ],
)
def test_a_sentence_whose_claims_leave_out_its_negation_is_verified_whole(
    single_call: bool, answer: str, claims: list[str]
) -> None:
    # The claim is what the passage says; the sentence says the opposite, or more. Only the
    # sentence's own verdict judges what it states.
    judge = ClaimsAsWritten({0: claims}, single_call, labels={answer: "CONTRADICTED"})
    result = verify(answer, PASSAGES, judge=judge)
    assert [(cv.claim.text, cv.label.value) for cv in result.claim_verdicts] == [
        (claims[0], "SUPPORTED"),
        (answer, "CONTRADICTED"),
    ]
    assert result.claim_verdicts[1].reason.startswith(check_claims.NEGATION_LEFT_OUT_NOTE)
    assert not result.passed
    # Two-step verifies the sentence in its one verify request; single-call spends a verify step.
    assert judge.calls == 1


@_MODES
@pytest.mark.parametrize(
    ("answer", "claim"),
    [
        pytest.param("We ship to Mexico.", "We do not ship to Mexico.", id="negation added"),
        pytest.param(
            "We do ship to Mexico.", "The store does not ship to Mexico.", id="emphatic do"
        ),
        pytest.param(
            "Returns are refused within 30 days.",
            "Returns are accepted within 30 days.",
            id="an opposite word",
        ),
    ],
)
def test_a_claim_that_says_the_opposite_of_its_sentence_does_not_cover_it(
    single_call: bool, answer: str, claim: str
) -> None:
    # The judge rewrote the sentence to what a passage says and verified that, truthfully. The
    # claim carries at least the sentence's negations (it adds one, or swaps a word), so only
    # reading it against its sentence shows that the sentence was never judged.
    judge = ClaimsAsWritten({0: [claim]}, single_call, labels={answer: "NOT_ENOUGH_INFO"})
    result = verify(answer, [*PASSAGES, "We do not ship to Mexico."], judge=judge)
    assert [(cv.claim.text, cv.label.value) for cv in result.claim_verdicts] == [
        (claim, "SUPPORTED"),
        (answer, "NOT_ENOUGH_INFO"),
    ]
    assert result.claim_verdicts[1].reason.startswith(check_claims.REVERSED_NOTE)
    assert not result.passed


@_MODES
@pytest.mark.parametrize(
    ("answer", "claims"),
    [
        pytest.param(
            "Returns are unavailable after 30 days.",
            ["Returns are not available after 30 days."],
            id="a negating prefix said with not",
        ),
        pytest.param(
            "We do not ship to Mexico or Brazil.",
            ["We do not ship to Mexico.", "We do not ship to Brazil."],
            id="one negation, two claims",
        ),
        pytest.param(
            "No, shipping to Canada is not free.",
            ["Standard shipping to Canada is not free."],
            id="an opening no",
        ),
        pytest.param(
            "I'm not sure, but shipping to Canada costs $15.",
            ["Standard shipping to Canada costs $15."],
            id="the negation of an abstention",
        ),
        pytest.param(
            "No refund is paid for shipping to Canada.",
            ["Shipping to Canada is not refunded.", "Shipping to Canada costs $15."],
            id="carried in other words",
        ),
    ],
)
def test_claims_that_carry_the_sentences_negations_cover_it(
    single_call: bool, answer: str, claims: list[str]
) -> None:
    judge = ClaimsAsWritten({0: claims}, single_call)
    result = verify(answer, PASSAGES, judge=judge)
    assert [cv.claim.text for cv in result.claim_verdicts] == claims
    assert judge.calls == (0 if single_call else 1)


# --- Claims cannot dilute a sentence (issue 35, item 5) ---------------------------------------


class Flooding:
    """A judge that ties ``extra`` SUPPORTED near-copies to sentence ``flooded`` besides one
    claim per sentence, and says NOT_ENOUGH_INFO for every claim of sentence ``unsupported``."""

    def __init__(self, flooded: int, extra: int, unsupported: int) -> None:
        self.flooded, self.extra, self.unsupported = flooded, extra, unsupported
        self.id, self.heuristic = "flooding", False
        self._sentences: list[Sentence] = []

    def extract_claims(
        self, sentences: Sequence[Sentence], question: str | None
    ) -> ExtractedClaims:
        self._sentences = list(sentences)
        claims = [Claim(text=s.text, sentence=s.text, start=s.start, end=s.end) for s in sentences]
        s = sentences[self.flooded]
        claims += [
            Claim(text=f"{s.text} (point {k}).", sentence=s.text, start=s.start, end=s.end)
            for k in range(self.extra)
        ]
        return ExtractedClaims(claims=tuple(claims))

    def verify(
        self, claims: Sequence[Claim], passages: Sequence[str], question: str | None
    ) -> Verdicts:
        bad = self._sentences[self.unsupported]
        return Verdicts(
            verdicts=tuple(
                Verdict(
                    claim_index=i,
                    label="NOT_ENOUGH_INFO" if c.start == bad.start else "SUPPORTED",
                    reason="judged",
                    evidence=c.sentence if c.start != bad.start else "",
                    passage_index=0,
                )
                for i, c in enumerate(claims)
            )
        )


FLOOD_ANSWER = [
    "Returns are accepted within 30 days.",
    "Shipping to Canada costs $15.",
    "Refunds take five days.",
]
FLOOD_PASSAGES = ["Returns are accepted within 30 days. Shipping to Canada costs $15."]


@given(
    flooded=st.integers(0, 2),
    unsupported=st.integers(0, 2),
    extra=st.integers(0, 200),
)
@settings(max_examples=40, deadline=None)
def test_claims_a_judge_adds_to_one_sentence_never_raise_the_score(
    flooded: int, unsupported: int, extra: int
) -> None:
    answer = " ".join(FLOOD_ANSWER)
    plain = verify(answer, FLOOD_PASSAGES, judge=Flooding(flooded, 0, unsupported))
    flooded_result = verify(answer, FLOOD_PASSAGES, judge=Flooding(flooded, extra, unsupported))
    assert flooded_result.score <= plain.score
    assert flooded_result.score <= 2 / 3  # one sentence of three is unsupported, whatever else
    assert not flooded_result.passed
