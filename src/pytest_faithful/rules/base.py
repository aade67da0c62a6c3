"""What a verdict rule reads and what it may do: the protocol every rule keeps.

A judge's SUPPORTED verdict passes through the chosen rules in order (:mod:`.registry`). Each
rule reads one :class:`Case` (the claim, what the judge said, the passages) and the
:class:`Ruling` so far, and returns it kept, with another span shown (and a note that says
so), or demoted to NOT_ENOUGH_INFO with a reason that names the rule. Rules only ever weaken a
verdict: no rule turns a doubt into SUPPORTED.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence, Set
from typing import ClassVar, Literal, Protocol

from pytest_faithful.models import Claim, ClaimVerdict, Label, Verdict
from pytest_faithful.text.align import Aligned
from pytest_faithful.text.segment import Sentence

RuleJudges = Literal["all", "model"]
"""Which judges a rule holds: every judge, or model judges only (not a heuristic judge, which
reads the same thing itself, clause by clause)."""


@dataclasses.dataclass(frozen=True)
class Case:
    """One claim as every rule reads it."""

    claim: Claim
    subject: str
    """What the evidence must bear on: the claim, or for a claim with no content word of its
    own (a bare "Yes.") the claim with the question it answers."""
    verdict: Verdict
    """What the judge said, as it said it."""
    passages: Sequence[str]
    heuristic: bool
    locating: bool = True
    """Whether a span the verifier locates may stand in for a quote the judge did not give
    (off when the ``judge-quote`` rule is chosen)."""
    question: str | None = None
    """The question (or the dialogue turn) the answer replies to, when the check was given one."""
    before: str = ""
    """The answer's sentence before the claim's, where the claim's working may begin ("8
    tablets of 500 mg in 24 hours. That's a maximum of 4,000 mg a day.")."""
    explained: bool = False
    """Whether the answer goes on after the claim with a claim about what was asked: a bare
    "No." whose reasons follow, each a claim of its own."""

    @functools.cached_property
    def working(self) -> str:
        """The answer's sentence before the claim and the claim, one text: where a figure of the
        claim may be worked out. One string per case, so that every figure the rules ask about
        hashes and reads the same text once, not a copy per figure (quadratic in a long claim)."""
        return f"{self.before} {self.claim.text}"

    @property
    def whole_claim(self) -> bool:
        """Whether the evidence is read for the claim itself (not a bare yes and its question)."""
        return self.subject == self.claim.text

    @property
    def reply_explained(self) -> bool:
        """Whether the claim is a bare reply ("No.", "Not automatically.") that the answer goes
        on to explain in claims of its own, each held to the rules. The reply states nothing a
        quote could prove but the question's yes or no, and the passage sentence that answers
        the question seldom shares enough of its words: on stops 62 and 63's blind probes
        (5,120 faithful answers) 56 failed so alone, and no lie whose faithful twin passes was
        caught by it. A figure ("£15.") is a specific of its own; a reply alone, or followed
        only by remarks on something else, is still held."""
        return (
            not self.whole_claim
            and self.explained
            and not any(c.isdigit() for c in self.claim.text)
        )


@dataclasses.dataclass(frozen=True)
class Ruling:
    """A verdict as the rules have left it so far."""

    label: Label
    reason: str
    span: Aligned | None
    """The evidence shown: a span of a passage, or None."""
    found: bool
    """Whether ``span`` is evidence for the claim: in a passage and bearing on it."""
    quoted: str
    """What the judge quoted (or the quote read from its reason)."""
    located: bool = False
    """Whether ``span`` was located for want of a usable quote of the judge's."""
    rule: str | None = None
    """The rule that demoted the verdict, if one did."""

    def demoted(self, rule: str, why: str, *, found: bool | None = None) -> Ruling:
        """This ruling demoted to NOT_ENOUGH_INFO by ``rule``, because ``why``; ``found``
        when the rule also says its span is no evidence (the span stays shown, for the
        reader to see what the judge relied on)."""
        return dataclasses.replace(
            self,
            label=Label.NOT_ENOUGH_INFO,
            reason=f"{why} (judge said SUPPORTED: {self.reason})",
            found=self.found if found is None else found,
            rule=rule,
        )

    def with_found(self) -> Ruling:
        """This ruling with its span read as evidence for the claim."""
        return dataclasses.replace(self, found=True)

    def as_located(self) -> Ruling:
        """This ruling with its span marked as located for want of the judge's quote."""
        return dataclasses.replace(self, located=True)

    def shown(self, span: Aligned, note: str, *, quoted: str | None = None) -> Ruling:
        """This ruling with ``span`` as its evidence, and ``note`` opening its reason."""
        return dataclasses.replace(
            self,
            span=span,
            found=True,
            reason=f"{note} {self.reason}".strip(),
            quoted=self.quoted if quoted is None else quoted,
        )


class Rule(Protocol):
    """One verdict rule: a name a user can type, the judges it holds, and one decision."""

    name: ClassVar[str]
    """Stable and public: reasons, reports, ``skip_rules`` and ``--faith-skip-rule`` use it."""
    judges: ClassVar[RuleJudges]
    required: ClassVar[bool]
    """A trust rule: in every policy, and never skipped."""
    reads_wording: ClassVar[bool]
    """Whether the rule only compares the claim's words with its evidence's and the passages'
    (a name, a number, an opposite word, who did what to whom): it finds nothing in a claim
    its evidence states word for word (:func:`~pytest_faithful.text.wording.
    stated_word_for_word`), and does not run on one. A rule that reads where the evidence
    stands (a negation before it, who said it, the question it answers) says False."""
    summary: ClassVar[str]
    """What the rule demotes, in one line (listed by a usage error and the README)."""

    def apply(self, case: Case, ruling: Ruling) -> Ruling:
        """``ruling`` kept, shown with another span, or demoted; called on SUPPORTED only."""
        ...


class SentenceRule(Protocol):
    """A rule on what a sentence's claims, together, leave unjudged: it adds a verdict for the
    sentence itself instead of changing one."""

    name: ClassVar[str]
    judges: ClassVar[RuleJudges]
    required: ClassVar[bool]
    summary: ClassVar[str]

    def following(self, chosen: Set[str]) -> SentenceRule:
        """This rule as it runs beside the ``chosen`` rules (names)."""
        ...

    def verdicts(
        self,
        sentences: Sequence[Sentence],
        judged: Sequence[Claim],
        stated: Sequence[Claim],
        whole: Sequence[Claim],
        passages: Sequence[str],
    ) -> tuple[ClaimVerdict, ...]:
        """Verdicts for sentences whose claims (``stated``: every claim the judge tied to a
        sentence, copies included) leave something out. ``judged``: the claims already
        judged; ``whole``: the sentences verified whole, which carry all they state."""
        ...
