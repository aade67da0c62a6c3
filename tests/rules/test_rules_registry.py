"""The rules room: what a choice of rules names, for which judges, and what a bad one gets."""

from __future__ import annotations

import pytest

from pytest_faithful import verify
from pytest_faithful.rules import (
    CLAIM_RULES,
    DEFAULT_POLICY,
    POLICIES,
    REQUIRED,
    RULE_NAMES,
    SENTENCE_RULES,
    choose,
)
from pytest_faithful.testing import FunctionJudge


def names(heuristic: bool, *args: object, **kwargs: object) -> list[str]:
    chosen = choose(*args, **kwargs)  # type: ignore[arg-type]
    return [r.name for r in (*chosen.claim_rules(heuristic), *chosen.sentence_rules(heuristic))]


def test_every_rule_has_a_stable_unique_name_and_says_what_it_demotes() -> None:
    rules = (*CLAIM_RULES, *SENTENCE_RULES)
    assert len(set(RULE_NAMES)) == len(rules)
    assert RULE_NAMES == (
        "quote-in-passage",
        "bears-on",
        "judge-quote",
        "echo",
        "number-clash",
        "opposites",
        "negation",
        "unstated-specifics",
        "answerer",
        "left-out-specifics",
    )
    assert all(r.summary and r.judges in ("all", "model") for r in rules)
    assert REQUIRED == ("quote-in-passage", "bears-on")


def test_the_policies_nest_and_every_one_holds_the_trust_rules() -> None:
    evidence, standard, strict = (set(POLICIES[p]) for p in ("evidence", "standard", "strict"))
    assert evidence == set(REQUIRED) < standard < strict
    assert "judge-quote" not in strict
    assert DEFAULT_POLICY == "standard"


@pytest.mark.parametrize(
    ("args", "kwargs", "model", "heuristic"),
    [
        pytest.param(
            (),
            {},
            ["quote-in-passage", "bears-on", "unstated-specifics", "answerer",
             "left-out-specifics"],
            ["quote-in-passage", "bears-on", "opposites", "unstated-specifics", "answerer",
             "left-out-specifics"],
            id="default",
        ),
        pytest.param(
            ("evidence",), {}, ["quote-in-passage", "bears-on"], ["quote-in-passage", "bears-on"],
            id="evidence",
        ),
        pytest.param(
            ("evidence, negation",),
            {},
            ["quote-in-passage", "bears-on", "negation"],
            ["quote-in-passage", "bears-on"],  # negation holds model judges only
            id="policy-and-rule",
        ),
        pytest.param(
            (["strict", "judge-quote"],),
            {"skip": "answerer echo"},
            ["quote-in-passage", "bears-on", "judge-quote", "number-clash", "opposites",
             "negation", "unstated-specifics", "left-out-specifics"],
            ["quote-in-passage", "bears-on", "judge-quote", "opposites", "unstated-specifics",
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
        ({"skip": [None]}, TypeError, "skip_rules must be a str or a sequence of str"),
    ],
)
def test_a_bad_choice_names_its_argument_and_the_names_it_could_have_been(
    kwargs: dict[str, object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match="^" + message.replace("(", r"\(")) as raised:
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
    standard = verify("We ship to Canada.", passage, judge=judge)
    assert standard.passed  # the negation rule is not in the standard policy
    assert standard.rules == "standard"
    strict = verify("We ship to Canada.", passage, judge=judge, rules="strict")
    (verdict,) = strict.claim_verdicts
    assert (verdict.label.value, verdict.rule, strict.rules) == (
        "NOT_ENOUGH_INFO",
        "negation",
        "strict",
    )
    skipped = verify(
        "We ship to Canada.", passage, judge=judge, rules="strict", skip_rules=["negation"]
    )
    assert skipped.passed
    assert skipped.rules == "strict without negation"
    with pytest.raises(ValueError, match="skip_rules: unknown rule 'negations'"):
        verify("We ship.", passage, judge=judge, skip_rules="negations")
