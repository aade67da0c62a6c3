"""The verdict rules in the order they run, the policies that name sets of them, and the one
place a choice of rules is read and checked.

A choice is a policy name, a rule name, or several of either (a sequence, or one string
separated by commas or spaces): their union. ``skip`` then takes single rules out. The trust
rules (``required``) are in every choice and cannot be skipped. A rule applies to the judges
it names (:data:`~pytest_faithful.rules.base.RuleJudges`): a heuristic judge is held only to
the rules for every judge.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final

from pytest_faithful.rules.answerer import Answerer
from pytest_faithful.rules.base import Rule, SentenceRule
from pytest_faithful.rules.bears_on import BearsOn
from pytest_faithful.rules.changed_names import ChangedNames
from pytest_faithful.rules.changed_numbers import ChangedNumbers
from pytest_faithful.rules.claim_arithmetic import ClaimArithmetic
from pytest_faithful.rules.compared_values import ComparedValues
from pytest_faithful.rules.echo import Echo
from pytest_faithful.rules.judge_quote import JudgeQuote
from pytest_faithful.rules.judge_reason import JudgeReason
from pytest_faithful.rules.left_out import LeftOutSpecifics
from pytest_faithful.rules.modal_force import ModalForce
from pytest_faithful.rules.negation import Negation
from pytest_faithful.rules.number_clash import NumberClash
from pytest_faithful.rules.opposites import Opposites
from pytest_faithful.rules.quote_in_passage import QuoteInPassage
from pytest_faithful.rules.speaker import Speaker
from pytest_faithful.rules.swapped_roles import SwappedRoles
from pytest_faithful.rules.unstated_names import UnstatedNames
from pytest_faithful.rules.unstated_specifics import UnstatedSpecifics
from pytest_faithful.text.patterns import regex
from pytest_faithful.vocab import DEFAULT_RULES

CLAIM_RULES: Final[tuple[Rule, ...]] = (
    JudgeReason(),
    QuoteInPassage(),
    BearsOn(),
    JudgeQuote(),
    Echo(),
    NumberClash(),
    Opposites(),
    Negation(),
    ModalForce(),
    UnstatedSpecifics(),
    UnstatedNames(),
    ChangedNames(),
    ChangedNumbers(),
    SwappedRoles(),
    ComparedValues(),
    ClaimArithmetic(),
    Answerer(),
    Speaker(),
)
"""The rules on each SUPPORTED verdict, in the order they run."""

SENTENCE_RULES: Final[tuple[SentenceRule, ...]] = (LeftOutSpecifics(),)
"""The rules on what a sentence's claims leave out, after every claim is ruled."""

_ALL: Final[dict[str, Rule | SentenceRule]] = {rule.name: rule for rule in CLAIM_RULES}
_ALL.update((rule.name, rule) for rule in SENTENCE_RULES)
RULE_NAMES: Final[tuple[str, ...]] = tuple(_ALL)
"""Every rule's name, in the order the rules run."""
REQUIRED: Final[tuple[str, ...]] = tuple(name for name, r in _ALL.items() if r.required)

_STRICT: Final = tuple(name for name in RULE_NAMES if name != "judge-quote")
_EVIDENCE: Final = ("judge-reason", *REQUIRED)
_STANDARD: Final = (
    *_EVIDENCE,
    "opposites",
    "negation",
    "unstated-specifics",
    "changed-names",
    "changed-numbers",
    "swapped-roles",
    "compared-values",
    "claim-arithmetic",
    "answerer",
    "speaker",
    "modal-force",
    "left-out-specifics",
)
POLICIES: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {
        "evidence": _EVIDENCE,
        "standard": _STANDARD,
        "strict": _STRICT,
    }
)
"""Named sets of rules. ``evidence``: the trust rules (the quote is in a passage and bears on
its claim) and ``judge-reason`` (the judge's own reason does not deny its SUPPORTED).
``strict``: every rule but ``judge-quote``, for small open models.
``standard``, the default: the trust rules, the opposites, the negations, the specifics, the
changed names (a name where the evidence names another, not every unstated name) and
figures (a figure the passages give for something else where the evidence gives another), the
swapped roles (two parties of the evidence the other way round: no faithful faith-dev answer
fails it), the compared values, the claim's own arithmetic, the answerer, the speaker and the
modal force: the set with the most catches that fails no more than 3% of faithful answers for
a judge that is right (issue 34's bound;
benchmarks/rules.py on faith-dev, benchmarks/RESULTS.md "Stop 49"). Every name no passage
states is ``strict``'s: a strong judge's honest answers add names from world knowledge
("Prince Harry, Duke of Sussex")."""

HEURISTIC_EXTRA: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {"standard": ("unstated-names",)}
)
"""Rules a policy adds for a heuristic judge, whose own accuracy needs them: the lexical judge
reads words, not meaning, and keeps the names ``standard`` leaves to ``strict`` (faith-dev,
benchmarks/accuracy.py: 0.740 with them, 0.739 without)."""

DEFAULT_POLICY: Final = DEFAULT_RULES

_SEPARATOR = regex(r"[\s,]+")


@dataclasses.dataclass(frozen=True)
class RuleSet:
    """The rules one check runs: a choice made once, read for each judge."""

    names: frozenset[str]
    label: str
    """How the choice is shown in a report: the policy (``standard``), or the rules."""
    heuristic_names: frozenset[str] = frozenset()
    """The rules for a heuristic judge (:data:`HEURISTIC_EXTRA` added); ``names`` if empty."""

    def claim_rules(self, heuristic: bool) -> tuple[Rule, ...]:
        return tuple(r for r in CLAIM_RULES if self._holds(r.name, r.judges, heuristic))

    def sentence_rules(self, heuristic: bool) -> tuple[SentenceRule, ...]:
        chosen = (self.heuristic_names or self.names) if heuristic else self.names
        return tuple(
            r.following(chosen) for r in SENTENCE_RULES if self._holds(r.name, r.judges, heuristic)
        )

    @property
    def locating(self) -> bool:
        """Whether a located span may stand in for a quote (no ``judge-quote`` rule)."""
        return "judge-quote" not in self.names

    def _holds(self, name: str, judges: str, heuristic: bool) -> bool:
        if heuristic:
            return name in (self.heuristic_names or self.names) and judges == "all"
        return name in self.names


def _names(value: str | Sequence[str], argument: str) -> list[str]:
    if isinstance(value, str):
        return [n for n in _SEPARATOR.split(value.strip()) if n]
    if not isinstance(value, Sequence):
        raise TypeError(
            f"{argument} must be a str or a sequence of str, got {type(value).__name__}"
        )
    for i, name in enumerate(value):
        if not isinstance(name, str):
            raise TypeError(
                f"{argument}[{i}] must be a str (a rule name), got {type(name).__name__}"
            )
    return [n.strip() for n in value if n.strip()]


def _unknown(name: str, argument: str, policies: bool) -> ValueError:
    known = f"policies {', '.join(POLICIES)}; rules " if policies else "rules "
    return ValueError(f"{argument}: unknown rule {name!r}; {known}{', '.join(RULE_NAMES)}")


def choose(
    rules: str | Sequence[str] | None = None,
    skip: str | Sequence[str] = (),
    *,
    argument: str = "rules",
    skip_argument: str = "skip_rules",
) -> RuleSet:
    """The rules a check runs: ``rules`` (policies and rule names; the default policy when
    None or empty) less ``skip``. ValueError/TypeError naming the argument for an unknown
    name or a trust rule skipped."""
    chosen = _names(DEFAULT_POLICY if rules is None else rules, argument) or [DEFAULT_POLICY]
    names: set[str] = set(REQUIRED)
    heuristic: set[str] = set()
    for name in chosen:
        if name in POLICIES:
            names.update(POLICIES[name])
            heuristic.update(HEURISTIC_EXTRA.get(name, ()))
        elif name in _ALL:
            names.add(name)
        else:
            raise _unknown(name, argument, policies=True)
    skipped = _names(skip, skip_argument)
    for name in skipped:
        if name not in _ALL:
            raise _unknown(name, skip_argument, policies=False)
        if name in REQUIRED:
            raise ValueError(
                f"{skip_argument}: rule {name!r} cannot be skipped: it is what makes a quote "
                f"evidence, a trust rule of every check (the trust rules: {', '.join(REQUIRED)})"
            )
    names.difference_update(skipped)
    heuristic = (heuristic | names) - set(skipped)
    label = " ".join(chosen)
    if skipped:
        label += " without " + " ".join(skipped)
    return RuleSet(frozenset(names), label, frozenset(heuristic))
