"""The rules room: what a choice of rules names, for which judges, and what a bad one gets."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest

from evidence_judges import WITH_NAMES
from pytest_faithful import verify
from pytest_faithful.models import Claim, ExtractedClaims
from pytest_faithful.rules import (
    CLAIM_RULES,
    DEFAULT_POLICY,
    POLICIES,
    REQUIRED,
    RULE_NAMES,
    SENTENCE_RULES,
    choose,
)
from pytest_faithful.rules.left_out import LeftOutSpecifics
from pytest_faithful.testing import FunctionJudge
from pytest_faithful.text.segment import Sentence


def names(heuristic: bool, *args: object, **kwargs: object) -> list[str]:
    chosen = choose(*args, **kwargs)  # type: ignore[arg-type]
    return [r.name for r in (*chosen.claim_rules(heuristic), *chosen.sentence_rules(heuristic))]


def test_every_rule_has_a_stable_unique_name_and_says_what_it_demotes() -> None:
    rules = (*CLAIM_RULES, *SENTENCE_RULES)
    assert len(set(RULE_NAMES)) == len(rules)
    assert RULE_NAMES == (
        "judge-reason",
        "quote-in-passage",
        "bears-on",
        "judge-quote",
        "echo",
        "number-clash",
        "opposites",
        "negation",
        "modal-force",
        "unstated-specifics",
        "unstated-names",
        "changed-names",
        "changed-numbers",
        "swapped-roles",
        "compared-values",
        "claim-arithmetic",
        "answerer",
        "speaker",
        "left-out-specifics",
    )
    assert all(r.summary and r.judges in ("all", "model") for r in rules)
    assert REQUIRED == ("quote-in-passage", "bears-on")


def test_the_policies_nest_and_every_one_holds_the_trust_rules() -> None:
    evidence, standard, strict = (set(POLICIES[p]) for p in ("evidence", "standard", "strict"))
    assert evidence == {*REQUIRED, "judge-reason"} < standard < strict
    assert "judge-quote" not in strict
    assert DEFAULT_POLICY == "standard"


@pytest.mark.parametrize(
    ("args", "kwargs", "model", "heuristic"),
    [
        pytest.param(
            (),
            {},
            ["judge-reason", "quote-in-passage", "bears-on", "opposites", "negation",
             "modal-force", "unstated-specifics", "changed-names", "changed-numbers",
             "swapped-roles", "compared-values", "claim-arithmetic", "answerer", "speaker",
             "left-out-specifics"],
            # The lexical judge keeps unstated-names: its own accuracy reads them.
            ["quote-in-passage", "bears-on", "opposites", "modal-force", "unstated-specifics",
             "unstated-names", "changed-names", "changed-numbers", "swapped-roles",
             "compared-values", "claim-arithmetic", "answerer", "speaker",
             "left-out-specifics"],
            id="default",
        ),
        pytest.param(
            ("evidence",), {}, ["judge-reason", "quote-in-passage", "bears-on"],
            ["quote-in-passage", "bears-on"],  # judge-reason holds model judges only
            id="evidence",
        ),
        pytest.param(
            ("evidence, negation",),
            {},
            ["judge-reason", "quote-in-passage", "bears-on", "negation"],
            ["quote-in-passage", "bears-on"],  # negation holds model judges only
            id="policy-and-rule",
        ),
        pytest.param(
            (["strict", "judge-quote"],),
            {"skip": "answerer echo"},
            ["judge-reason", "quote-in-passage", "bears-on", "judge-quote", "number-clash",
             "opposites", "negation", "modal-force", "unstated-specifics", "unstated-names",
             "changed-names", "changed-numbers", "swapped-roles", "compared-values",
             "claim-arithmetic", "speaker", "left-out-specifics"],
            ["quote-in-passage", "bears-on", "judge-quote", "opposites", "modal-force",
             "unstated-specifics", "unstated-names", "changed-names", "changed-numbers",
             "swapped-roles", "compared-values", "claim-arithmetic", "speaker",
             "left-out-specifics"],
            id="strict-plus-minus",
        ),
    ],
)  # fmt: skip
def test_a_choice_is_a_union_of_policies_and_rules_less_the_skipped(
    args: tuple[object, ...], kwargs: dict[str, object], model: list[str], heuristic: list[str]
) -> None:
    assert names(False, *args, **kwargs) == model
    assert names(True, *args, **kwargs) == heuristic


def test_the_label_says_what_was_chosen() -> None:
    assert choose().label == "standard"
    assert choose("strict", ["negation"]).label == "strict without negation"
    assert choose("strict,judge-quote").label == "strict judge-quote"
    assert choose().locating
    assert not choose("standard,judge-quote").locating


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"rules": "strickt"}, ValueError, "rules: unknown rule 'strickt'; policies evidence"),
        ({"skip": ["negatoin"]}, ValueError, "skip_rules: unknown rule 'negatoin'; rules "),
        ({"skip": "bears-on"}, ValueError, "skip_rules: rule 'bears-on' cannot be skipped"),
        ({"rules": 3}, TypeError, "rules must be a str or a sequence of str, got int"),
        ({"skip": [None]}, TypeError, "skip_rules[0] must be a str (a rule name), got NoneType"),
        ({"rules": ["strict", 3]}, TypeError, "rules[1] must be a str (a rule name), got int"),
    ],
)
def test_a_bad_choice_names_its_argument_and_the_names_it_could_have_been(
    kwargs: dict[str, object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match="^" + re.escape(message)) as raised:
        choose(**kwargs)  # type: ignore[arg-type]
    if "unknown" in message:
        assert all(name in str(raised.value) for name in RULE_NAMES)


def supported(quote: str) -> FunctionJudge:
    return FunctionJudge(
        lambda claims, _: [
            {"claim_index": i, "label": "SUPPORTED", "reason": "ok", "evidence": quote,
             "passage_index": 0}
            for i, _ in enumerate(claims)
        ]
    )  # fmt: skip


def test_verify_runs_the_chosen_rules_and_the_demotion_names_its_rule() -> None:
    passage = ["We do not ship to Canada."]
    judge = supported("We do not ship to Canada.")
    evidence = verify("We ship to Canada.", passage, judge=judge, rules="evidence")
    assert evidence.passed  # the negation rule is not in the evidence policy
    assert evidence.rules == "evidence"
    standard = verify("We ship to Canada.", passage, judge=judge)
    (verdict,) = standard.claim_verdicts
    assert (verdict.label.value, verdict.rule, standard.rules) == (
        "NOT_ENOUGH_INFO",
        "negation",
        "standard",
    )
    skipped = verify("We ship to Canada.", passage, judge=judge, skip_rules=["negation"])
    assert skipped.passed
    assert skipped.rules == "standard without negation"
    with pytest.raises(ValueError, match="skip_rules: unknown rule 'negations'"):
        verify("We ship.", passage, judge=judge, skip_rules="negations")


PASSAGE = ["Refunds are issued within 14 days by the support team in London."]


# Names under strict: the default holds no name merely unstated (``changed-names`` below).
@pytest.mark.parametrize(
    ("answer", "rule", "stated", "rules"),
    [
        ("Refunds are issued within 30 days by the support team.", "unstated-specifics", "30",
         "standard"),
        ("Refunds are issued by the support team in Moscow.", "unstated-names", "Moscow", "strict"),
    ],
)  # fmt: skip
def test_numbers_and_names_no_passage_states_are_two_rules_each_skipped_alone(
    answer: str, rule: str, stated: str, rules: str
) -> None:
    judge = supported(PASSAGE[0])
    (verdict,) = verify(answer, PASSAGE, judge=judge, rules=rules).claim_verdicts
    assert (verdict.label.value, verdict.rule) == ("NOT_ENOUGH_INFO", rule)
    assert f"the claim states {stated} and no passage mentions it" in verdict.reason
    other = "unstated-names" if rule == "unstated-specifics" else "unstated-specifics"
    assert not verify(answer, PASSAGE, judge=judge, rules=rules, skip_rules=[other]).passed
    # "Moscow" stands where the evidence says "London", 30 where it says 14: the changed name
    # and the changed number are rules of their own.
    skipped = [rule, "changed-names", "changed-numbers"]
    assert verify(answer, PASSAGE, judge=judge, rules=rules, skip_rules=skipped).passed


@pytest.mark.parametrize(
    ("answer", "passed"),
    [
        ("Refunds are issued by the support team in Moscow.", False),
        ("Refunds are issued by the support team in London, England.", True),
    ],
)
def test_the_default_holds_a_changed_name_and_lets_an_added_one_pass(
    answer: str, passed: bool
) -> None:
    judge = supported(PASSAGE[0])
    result = verify(answer, PASSAGE, judge=judge)
    assert result.passed is passed
    if not passed:
        (verdict,) = result.claim_verdicts
        assert verdict.rule == "changed-names"
        assert "the claim names Moscow where the evidence names London" in verdict.reason
        assert verify(answer, PASSAGE, judge=judge, skip_rules=["changed-names"]).passed


class ClaimsLeavingOut(FunctionJudge):
    """A judge whose one claim drops ``specific`` from the sentence, then finds it SUPPORTED."""

    def __init__(self, specific: str) -> None:
        super().__init__(supported(PASSAGE[0])._verify)
        self._specific = specific

    def extract_claims(
        self, sentences: Sequence[Sentence], question: str | None
    ) -> ExtractedClaims:
        return ExtractedClaims(
            claims=tuple(
                Claim(text=s.text.replace(self._specific, ""), sentence=s.text, start=s.start,
                      end=s.end)
                for s in sentences
            )
        )  # fmt: skip


@pytest.mark.parametrize(
    ("answer", "specific", "skipped", "held"),
    [
        ("Refunds are issued within 30 days by the support team.", "within 30 days", (), True),
        ("Refunds are issued by the support team in Moscow.", " in Moscow", (), True),
        (
            "Refunds are issued by the support team in Moscow.",
            " in Moscow",
            ("unstated-names",),
            False,
        ),
        (
            "Refunds are issued within 30 days by the support team.",
            "within 30 days",
            ("unstated-names",),
            True,
        ),
        (
            "Refunds are issued within 30 days by the support team.",
            "within 30 days",
            ("unstated-specifics",),
            False,
        ),
    ],
)
def test_what_claims_leave_out_is_held_to_the_kinds_the_chosen_rules_check(
    answer: str, specific: str, skipped: tuple[str, ...], held: bool
) -> None:
    judge = ClaimsLeavingOut(specific)
    result = verify(answer, PASSAGE, judge=judge, rules=WITH_NAMES, skip_rules=skipped)
    left_out = [v for v in result.claim_verdicts if v.rule == "left-out-specifics"]
    assert bool(left_out) is held
    assert result.passed is not held


def test_left_out_chosen_without_either_claim_rule_holds_every_kind() -> None:
    (rule,) = choose("evidence,left-out-specifics").sentence_rules(heuristic=False)
    assert isinstance(rule, LeftOutSpecifics)
    assert rule.kinds == frozenset({"number", "name", "quotation", "identifier"})
    (rule,) = choose(WITH_NAMES, skip="unstated-specifics").sentence_rules(heuristic=False)
    assert isinstance(rule, LeftOutSpecifics)
    assert rule.kinds == frozenset({"name"})
