"""``judge-reason``: a SUPPORTED verdict whose own reason opens by denying the claim.

Models label one way and reason another: ``{"label": "SUPPORTED", "reason": "The passage does
not mention this."}``, ``"Not supported by the context."``, ``"There is no evidence for this in
the passages."``, ``"The passage contradicts the claim."``. The label is the judge's slip, the
reason its reading: such a verdict is a judge failure, and a judge failure never passes. A
reason is read as a denial only when it opens with one about the claim as a whole: what it says
the passages do not mention (``"does not mention the weekend hours"``), a later clause (``"...;
it does not say when"``) or a passage it names by number (``"not supported by passage 1, but
passage 2 states it"``) leave the verdict alone.

In every policy, for model judges (a heuristic's reasons are its own report of what it
found); skip it by name where a judge of your own writes reasons another way.
"""

from __future__ import annotations

import re
from typing import ClassVar, Final

from pytest_faithful.rules.base import Case, RuleJudges, Ruling
from pytest_faithful.text.patterns import regex

_SOURCE: Final = (
    r"(?:(?:the|this|that|these|those|any|all)\s+)?(?:(?:provided|given|cited|retrieved)\s+)?"
    r"(?:passages?|contexts?|texts?|sources?|documents?|excerpts?|snippets?|evidence)"
)
_THE_CLAIM: Final = (
    r"(?:(?:this|that|the|such\s+an?)\s+(?:claim|statement|information|fact|assertion|detail)"
    r"|this|that|it|so)"
)
_NOT: Final = (
    r"(?:do(?:es)?\s*not|do(?:es)?n[\u2019']t|did\s*not|didn[\u2019']t|never|cannot|can[\u2019']t|can\s+not"
    r"|fails?\s+to|(?:is|are)\s+unable\s+to)"
)
_SAY: Final = (
    r"(?:support|state|mention|say|confirm|verify|contain|include|address|establish|"
    r"back(?:\s+up)?|corroborate|indicate|specify|discuss|provide\s+evidence\s+for)"
)
_SAYS: Final = r"(?:supports|states|mentions|says|confirms|verifies|contains|includes|backs)"
# Where the passages are named after a denial: "in the passages", "by any of the contexts";
# never one by number ("by passage 1"): another may say it.
_WHERE: Final = rf"(?:\s+(?:in|by|from|within)\s+(?:any\s+(?:of\s+)?)?{_SOURCE}(?!\s*\[?\d))?"
# The denial is the clause's whole point: nothing of its own follows before a clause ends.
_END: Final = r"\s*(?:$|[.;:!,\u2014\u2013(]|-\s|\b(?:but|and|however|therefore|thus|instead)\b)"
_DENIALS: Final = (
    # "The passage does not mention this." / "The contexts do not support the claim."
    rf"{_SOURCE}(?:\s*\[?\d+\]?)?\s+{_NOT}\s+{_SAY}(?:\s+{_THE_CLAIM})?{_WHERE}{_END}",
    # "No passage supports the claim." / "None of the passages mention it."
    rf"(?:no|none\s+of\s+the)\s+(?:passages?|contexts?|sources?|documents?|texts?)\s+"
    rf"(?:{_SAYS}|{_SAY})(?:\s+{_THE_CLAIM})?{_END}",
    # "Not supported by the passage." / "The claim is not stated in the context."
    rf"(?:(?:{_THE_CLAIM})\s+)?(?:(?:is|are|was|were|appears|seems)\s+)?(?:(?:to\s+be\s+)?"
    r"(?:not|never)\s+|un)(?:supported|stated|mentioned|confirmed|verified|found|present|backed"
    rf"(?:\s+up)?|corroborated|addressed|substantiated|given|included){_WHERE}{_END}",
    # "No evidence." / "No support in the passages for this."
    rf"(?:there\s+is\s+|there[\u2019']s\s+)?no\s+(?:direct\s+|explicit\s+|clear\s+)?(?:evidence|support|"
    rf"mention|information|indication)(?:\s+(?:for|of|about|on)\s+{_THE_CLAIM})?{_WHERE}"
    rf"(?:\s+(?:for|of|about|on)\s+{_THE_CLAIM})?{_END}",
    # "NOT_ENOUGH_INFO: ..." / "Insufficient information." / "Contradicted by the passage."
    r"(?:not[\s_]enough[\s_]info(?:rmation)?|insufficient\s+(?:evidence|information)|"
    rf"contradicted|refuted|false|incorrect){_WHERE}{_END}",
    # "The passage contradicts the claim."
    rf"{_SOURCE}(?:\s*\[?\d+\]?)?\s+(?:contradicts|refutes|disputes|conflicts\s+with|"
    rf"says\s+otherwise|states\s+otherwise|says\s+the\s+opposite)(?:\s+{_THE_CLAIM})?{_END}",
)
_DENIAL: Final = regex(r"(?:" + "|".join(_DENIALS) + r")", re.IGNORECASE)
# What a reason may open with before it says anything: bracketed notes, a label it repeats,
# "Reason:", a quotation mark.
_OPENING: Final = regex(
    r"^(?:\s*\[[^\]]*\]|\s*(?:reason|explanation|verdict|label)\s*:|\s*supported\s*[:.\u2014\u2013-]"
    r"|\s*[\"'\u201c\u2018*_`]+)*\s*",
    re.IGNORECASE,
)


def denies(reason: str) -> bool:
    """Whether a judge's ``reason`` opens by denying the claim it gave SUPPORTED."""
    text = _OPENING.sub("", reason, count=1)
    return _DENIAL.match(text) is not None


class JudgeReason:
    name: ClassVar[str] = "judge-reason"
    judges: ClassVar[RuleJudges] = "model"
    required: ClassVar[bool] = False
    reads_wording: ClassVar[bool] = False
    summary: ClassVar[str] = "the judge's own reason does not deny the claim"

    def apply(self, case: Case, ruling: Ruling) -> Ruling:
        if not denies(case.verdict.reason):
            return ruling
        return ruling.demoted(
            self.name, "the judge's own reason says the passages do not support the claim"
        )
