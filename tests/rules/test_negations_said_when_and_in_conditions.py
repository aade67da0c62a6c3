"""Negations the rule misread, both ways (stop 64, from blind probes' honest failures):

* a "yet" or "then" between a negation and its verb says when: "none has yet been approved"
  negates the approving as "none has been approved yet" does;
* "the only exception is when you leave" restricts no statement to a condition, as "only
  liable if" does;
* a contrast after the claim's own "only" ("only at Kingsmead Hospital, not at Abbey Road
  Clinic") is what the evidence's "only" implies;
* a negation said only in the claim's condition ("if it isn't repaired") states nothing.

Each lie beside its faithful twin still fails on the negation rule.
"""

from __future__ import annotations

import pytest

from evidence_judges import quoting
from pytest_faithful import verify
from pytest_faithful.text.polarity import negation_clash
from pytest_faithful.text.restrictions import contrast_implied

TRIALS = "Clinical trials of drugs that target GBR1 are under way, but none has yet been approved."
TRIPOS = (
    "Although she passed the Mathematical Tripos in 1884 with first-class marks, women were not "
    "then awarded Cambridge degrees."
)
LEAVE = "- Unused leave beyond 5 days is not paid out, except on leaving the company."
CLINICS = (
    "We run clinics at Northfield Health Centre, Abbey Road Clinic and Kingsmead Hospital. "
    "Evening appointments (until 19:30) are available only at Kingsmead Hospital."
)
SURVEY = (
    "The leaking front gutter should be repaired promptly, as ongoing saturation of the "
    "brickwork is likely to lead to internal damp."
)
PRINTING = "Printing is not allowed for Restricted documents."


@pytest.mark.parametrize(
    ("claim", "evidence", "faithful"),
    [
        ("Drugs that target GBR1 are in clinical trials, but none has been approved yet.",
         TRIALS, True),
        ("A drug that targets GBR1 has been approved.", TRIALS, False),
        ("Women were not awarded Cambridge degrees at that time.", TRIPOS, True),
        ("Women were awarded Cambridge degrees at that time.", TRIPOS, False),
        ("Unused leave beyond the 5 days isn't paid out; the only exception the policy mentions "
         "is when you leave the company.", LEAVE, True),
        ("Unused leave beyond 5 days is paid out.", LEAVE, False),
        ("Evening appointments (until 19:30) are only offered at Kingsmead Hospital, not at "
         "Abbey Road Clinic or Northfield Health Centre.", CLINICS, True),
        ("The leaking front gutter is likely to lead to internal damp if it isn't repaired "
         "promptly.", SURVEY, True),
        ("The leaking front gutter is not likely to lead to internal damp.", SURVEY, False),
        # A negation said outside the condition a lie adds is still read.
        ("Printing isn't allowed for Restricted documents unless the DPO approves it.", PRINTING,
         False),
        ("Printing isn't allowed for Restricted documents.", PRINTING, True),
    ],
)  # fmt: skip
def test_negations_both_ways(claim: str, evidence: str, faithful: bool) -> None:
    result = verify(claim, [evidence], judge=quoting(evidence))
    assert result.passed is faithful
    if not faithful:
        assert "negation" in [v.rule for v in result.claim_verdicts]


@pytest.mark.parametrize(
    ("claim", "evidence", "clash"),
    [
        # before stop 64 each of these was read the other way: the "then" or "yet" ended the
        # evidence's negation before its verb
        ("Women were not awarded Cambridge degrees at that time.", TRIPOS, False),
        ("Women were awarded Cambridge degrees at that time.", TRIPOS, True),
        ("None has been approved yet.", TRIALS, False),
        ("A GBR1 drug has been approved.", TRIALS, True),
        ("It is not yet profitable.", "It is not yet profitable.", False),
        ("It is profitable.", "It is not yet profitable.", True),
    ],
)
def test_yet_and_then_say_when(claim: str, evidence: str, clash: bool) -> None:
    assert negation_clash(claim, evidence) is clash


@pytest.mark.parametrize(
    ("claim", "evidence", "implied"),
    [
        ("only offered at Kingsmead Hospital, not at Abbey Road Clinic", CLINICS, True),
        # a name the evidence's "only" clause also names is no alternative it excludes
        ("only offered at Kingsmead Hospital, not at Abbey Road Clinic",
         "Evening appointments are available only at Kingsmead Hospital and Abbey Road Clinic.",
         False),
        # what is negated is no name: "only" implies nothing of weekends
        ("only offered at Kingsmead Hospital, not at weekends", CLINICS, False),
        ("only offered at Abbey Road Clinic, not at Kingsmead Hospital", CLINICS, False),
    ],
)  # fmt: skip
def test_a_contrast_only_implies(claim: str, evidence: str, implied: bool) -> None:
    assert contrast_implied(claim, evidence) is implied
