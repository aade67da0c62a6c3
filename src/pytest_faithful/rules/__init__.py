"""The verdict rules: what a judge's SUPPORTED must also satisfy before it counts.

One protocol (:mod:`.base`), one file per rule, one ordered registry with named policies
(:mod:`.registry`). The check (:mod:`pytest_faithful.check`) runs the chosen rules on each
verdict in one loop; a demotion names its rule in the verdict (``ClaimVerdict.rule``), and a
team chooses the rules per check like any other setting (``rules=``, ``skip_rules=``).
"""

from pytest_faithful.rules.base import Case, Rule, Ruling, SentenceRule
from pytest_faithful.rules.registry import (
    CLAIM_RULES,
    DEFAULT_POLICY,
    POLICIES,
    REQUIRED,
    RULE_NAMES,
    SENTENCE_RULES,
    RuleSet,
    choose,
)

__all__ = [
    "CLAIM_RULES",
    "DEFAULT_POLICY",
    "POLICIES",
    "REQUIRED",
    "RULE_NAMES",
    "SENTENCE_RULES",
    "Case",
    "Rule",
    "RuleSet",
    "Ruling",
    "SentenceRule",
    "choose",
]
