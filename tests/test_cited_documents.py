"""An answer that cites the document it was given by the document's title ("According to the
Employee Handbook, ...") is read as citing it, like "(Source: Employee Handbook)": the title's
capitalised words are not names the passages must state. The facts after the frame are still
held to the passages, and a frame that names an authority, a law or a version stays a claim.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_judges import WITH_NAMES, assert_both_ways, quoting_the_best_passage
from pytest_faithful import verify
from pytest_faithful.text.readings import without_cited_documents

PASSAGES = (
    "Employees accrue 1.5 days of paid leave per month. Unused leave of up to 10 days carries "
    "over to the next year.",
    "The Halo T3 thermostat works with most 24 V heating and cooling systems, including heat "
    "pumps. It needs a C-wire for power.",
)

# (faithful answer, the same answer with one fact changed)
FORMS = {
    "according to the title,": (
        "According to the Employee Handbook, employees accrue 1.5 days of leave per month.",
        "According to the Employee Handbook, employees accrue 2.5 days of leave per month.",
    ),
    "per the title,": (
        "Per the Leave Policy, up to 10 unused days carry over.",
        "Per the Leave Policy, up to 15 unused days carry over.",
    ),
    "the title says": (
        "The Halo FAQ says the T3 needs a C-wire and works with 24 V systems.",
        "The Halo FAQ says the T3 needs a C-wire and works with 12 V systems.",
    ),
    "as stated in the title,": (
        "As stated in the HR Handbook, up to 10 unused days carry over to the next year.",
        "As stated in the HR Handbook, up to 20 unused days carry over to the next year.",
    ),
    "a label line": (
        "According to the Code of Conduct:\n\n- Employees accrue 1.5 days of leave a month.",
        "According to the Code of Conduct:\n\n- Employees accrue 4 days of leave a month.",
    ),
}


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("rules", [WITH_NAMES, "strict"])
def test_a_cited_document_is_no_claim_and_the_fact_after_it_is_still_held(
    form: str, rules: str | None
) -> None:
    faithful, changed = FORMS[form]
    assert_both_ways(faithful, changed, PASSAGES, rules)


@pytest.mark.parametrize(
    "answer",
    [
        "According to the Labor Department, up to 10 unused days carry over.",  # an authority
        "Under the Kyoto Protocol, up to 10 unused days carry over.",  # a law, not a handbook
        "According to the 2024 Benefits Guide, up to 10 unused days carry over.",  # a version
        "According to Acme's HR team, up to 10 unused days carry over.",
    ],
)
def test_a_frame_naming_an_authority_a_law_or_a_version_is_still_held(answer: str) -> None:
    result = verify(answer, list(PASSAGES), judge=quoting_the_best_passage(), rules=WITH_NAMES)
    assert not result.passed
    assert {c.rule for c in result.claim_verdicts if c.rule} == {"unstated-names"} or any(
        c.rule == "unstated-specifics" for c in result.claim_verdicts
    )


@pytest.mark.parametrize(
    "text",
    [
        "According to the travel policy, these are the expense rules.",  # no title: kept
        "The documents say nothing about it.",
        "Employees must read the handbook.",
    ],
)
def test_a_text_that_cites_no_titled_document_is_unchanged(text: str) -> None:
    assert without_cited_documents(text) == text


_TITLE = st.lists(st.sampled_from(["Employee", "HR", "Quick", "Start", "of", "Acme"]), max_size=4)


@settings(max_examples=40)
@given(
    st.sampled_from(["According to", "Per", "Based on", "As stated in"]),
    _TITLE,
    st.sampled_from(["Handbook", "Guide", "FAQ", "Policy", "Manual"]),
    st.text(alphabet="abc ,.", max_size=20),
)
def test_the_frame_is_blanked_and_every_offset_kept(
    opening: str, title: list[str], kind: str, rest: str
) -> None:
    frame = " ".join([opening, "the", *title, kind])
    text = f"{frame}, {rest}"
    read = without_cited_documents(text)
    assert len(read) == len(text)
    assert read[: len(frame)].strip() == ""
    assert read[len(frame) :] == text[len(frame) :]
