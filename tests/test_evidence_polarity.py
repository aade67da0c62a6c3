"""Evidence that says the opposite of its claim, or asks a question, supports nothing.

A judge (a small model, a confused or lazy one) may call a claim SUPPORTED and show a real
passage sentence about the same words that negates it, or a FAQ's question line. The span is
in the passage and bears on the claim, so the older rules let it stand.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_judges import assert_both_ways, quoting
from pytest_faithful import Label, verify
from pytest_faithful.text import polarity
from pytest_faithful.text.align import denials_plain, denying_frame_before, restriction_after
from pytest_faithful.text.conditions import without_conditions
from pytest_faithful.text.evidence import locate
from pytest_faithful.text.polarity import negation_clash
from pytest_faithful.text.tables import under_lead_in
from pytest_faithful.text.terms import text_bag

FAQ = "Q: Do you ship to Canada?\nA: No, we do not ship outside the US. We do not ship to Cuba."
POLICY = "We do not ship to Canada. Refunds are accepted within 30 days."

STRICT = "strict"
"""These tests hold a rule of the strict policy; the standard one leaves it out for
model judges (benchmarks/RESULTS.md, "Verdict rules, both ways")."""


@pytest.mark.parametrize(
    ("answer", "passage", "evidence", "question"),
    [
        ("We ship to Canada.", POLICY, "We do not ship to Canada.", None),
        (
            "Refunds are not accepted within 30 days.",
            POLICY,
            "Refunds are accepted within 30 days.",
            None,
        ),
        # A bare yes is held to the question it answers.
        ("Yes.", POLICY, "We do not ship to Canada.", "Do you ship to Canada?"),
        # A FAQ's question asserts nothing.
        ("We ship to Canada.", FAQ, "Do you ship to Canada?", None),
        # A quote that starts just after the negation governing it.
        ("We ship to Canada.", POLICY, "ship to Canada", None),
        ("Anyone can return opened games.", "Nobody can return opened games.", "can return", None),
    ],
    ids=[
        "negated-span",
        "negated-claim",
        "bare-yes",
        "faq-question",
        "negation-left-out",
        "negative-subject-left-out",
    ],
)
def test_evidence_against_its_claim_is_no_evidence(
    answer: str, passage: str, evidence: str, question: str | None
) -> None:
    result = verify(answer, passage, question=question, rules=STRICT, judge=quoting(evidence))
    (verdict,) = result.claim_verdicts
    assert verdict.judge_label is Label.SUPPORTED
    assert verdict.label is Label.NOT_ENOUGH_INFO
    assert not result.passed


@pytest.mark.parametrize(
    ("answer", "passage", "evidence", "question"),
    [
        ("We do not ship to Cuba.", FAQ, "We do not ship to Cuba.", None),
        (
            "Refunds are accepted within 30 days.",
            POLICY,
            "Refunds are accepted within 30 days.",
            None,
        ),
        # A bare no negates the question as a whole: left to the judge.
        ("No.", POLICY, "We do not ship to Canada.", "Do you ship to Canada?"),
        # A negation three words back, or in the sentence before, is about something else.
        (
            "The cost comes from the voice recognition feature.",
            "We cut the cost by not using the voice recognition feature.",
            "voice recognition feature",
            None,
        ),
        ("We ship to Canada.", "We do not. We ship to Canada.", "We ship to Canada.", None),
    ],
    ids=["both-negated", "both-stated", "bare-no", "negation-further-back", "sentence-before"],
)
def test_evidence_that_agrees_still_supports(
    answer: str, passage: str, evidence: str, question: str | None
) -> None:
    result = verify(answer, passage, question=question, rules=STRICT, judge=quoting(evidence))
    assert [v.label for v in result.claim_verdicts] == [Label.SUPPORTED]
    assert result.passed


_CUT = [
    ("We ship to Canada.", POLICY, "ship to Canada"),
    (
        "Anyone can return opened games.",
        "Nobody can return opened games.",
        "can return opened games",
    ),
    (
        "Refunds are accepted within 30 days.",
        "Refunds are never accepted within 30 days.",
        "accepted within 30 days",
    ),
]


@pytest.mark.parametrize("policy", ["evidence", "standard", "strict"])
@pytest.mark.parametrize(("answer", "passage", "evidence"), _CUT)
def test_a_quote_that_cuts_off_its_negation_is_no_evidence_in_any_policy(
    answer: str, passage: str, evidence: str, policy: str
) -> None:
    """The quote hides what its passage says (a trust rule, as an ellipsis standing for the
    negation is): no policy lets it support the claim the negation contradicts."""
    result = verify(answer, passage, rules=policy, judge=quoting(evidence))
    (verdict,) = result.claim_verdicts
    assert (verdict.judge_label, verdict.label, verdict.rule) == (
        Label.SUPPORTED,
        Label.NOT_ENOUGH_INFO,
        "bears-on",
    )
    assert not verdict.evidence_found
    assert not result.passed


@pytest.mark.parametrize("policy", ["evidence", "standard", "strict"])
@pytest.mark.parametrize(
    ("answer", "passage", "evidence"),
    [
        # The claim states the negation the quote starts after.
        ("We do not ship to Canada.", POLICY, "ship to Canada"),
        ("Nobody can return opened games.", "Nobody can return opened games.", "can return opened"),
        # A negation three words back is about something else.
        (
            "The cost comes from the voice recognition feature.",
            "We cut the cost by not using the voice recognition feature.",
            "voice recognition feature",
        ),
    ],
)
def test_a_quote_after_a_negation_the_claim_states_still_supports(
    answer: str, passage: str, evidence: str, policy: str
) -> None:
    result = verify(answer, passage, rules=policy, judge=quoting(evidence))
    assert [v.label for v in result.claim_verdicts] == [Label.SUPPORTED]


# A negation that states a bound or an exclusion ("no later than", "doesn't open until",
# "nothing other than") or "at no charge" for "free of charge": the faithful answer, and the
# same answer negating what the passage states, still caught.
_BOUNDS = [
    (
        "Claims must be filed within 30 days of the incident.",
        "Claims must be filed no later than 30 days after the incident.",
        "Claims must not be filed within 30 days of the incident.",
    ),
    (
        "The library opens at 10 am.",
        "The library doesn't open until 10 am.",
        "The library doesn't open at 10 am.",
    ),
    (
        "Cookies are used only for analytics.",
        "Cookies are used for nothing other than analytics.",
        "Cookies are not used for analytics.",
    ),
    (
        "Use only the supplied charger.",
        "Do not use any charger other than the supplied one.",
        "Do not use the supplied charger.",
    ),
    (
        "Towels are provided at no charge.",
        "Towels are provided free of charge.",
        "Towels are provided for a charge.",
    ),
]


@pytest.mark.parametrize(
    ("passage", "faithful", "changed"),
    _BOUNDS,
    ids=["no-later-than", "not-until", "nothing-other-than", "not-other-than", "free-of-charge"],
)
def test_a_negation_that_states_a_bound_is_no_clash(
    passage: str, faithful: str, changed: str
) -> None:
    assert_both_ways(faithful, changed, [passage], rules=STRICT)


# "Do not let X do Y" negates X's doing Y, as "X must not do Y" does: no clash either way
# round, and a claim that drops the negation is still caught.
_LET = [
    (
        "Do not let the clamps touch each other while the cables are connected.",
        "Make sure the clamps don't touch each other while the cables are connected.",
        "Make sure the clamps touch each other while the cables are connected.",
    ),
    (
        "The clamps must never touch each other while the cables are connected.",
        "Don't let the clamps touch each other while the cables are connected.",
        "Let the clamps touch each other while the cables are connected.",
    ),
    (
        "Never let the dog eat chocolate or grapes.",
        "The dog should not eat chocolate or grapes.",
        "The dog can eat chocolate or grapes.",
    ),
    (
        "Do not let the batter rest for longer than an hour before baking.",
        "The batter shouldn't rest for longer than an hour before baking.",
        "Let the batter rest for longer than an hour before baking.",
    ),
]


@pytest.mark.parametrize(("passage", "faithful", "changed"), _LET)
def test_a_negated_let_negates_what_its_object_does(
    passage: str, faithful: str, changed: str
) -> None:
    assert negation_clash(faithful, passage) is False
    assert negation_clash(passage, faithful) is False
    assert_both_ways(faithful, changed, [passage], rules=STRICT)


_WORDS = st.lists(
    st.sampled_from(["claims", "filed", "not", "no", "30", "days", "open", "until", "other", "."]),
    max_size=8,
).map(" ".join)
_BOUND_WORDS = st.sampled_from(
    ["no later than", "not more than", "no fewer than", "doesn't open until", "nothing other than"]
)


@settings(max_examples=60)
@given(_WORDS, _BOUND_WORDS, _WORDS)
def test_a_bound_reads_as_the_same_text_without_its_negation(
    before: str, bound: str, after: str
) -> None:
    with_negation = f"{before} {bound} {after}"
    plain = " ".join(w for w in with_negation.split() if w not in {"no", "not", "nothing"})
    plain = plain.replace("doesn't ", "")
    assert negation_clash(with_negation, with_negation) is False
    # The bound's own negation is no clash with the text that leaves it out.
    if not {"no", "not", "nothing"} & set(f"{before} {after}".split()):
        assert negation_clash(with_negation, plain) is False


# A quote that stops just before the restriction of its sentence, for a claim that says its
# words hold in every case. (passage, quote, the claim that speaks of every case, one that
# does not)
_RESTRICTED = [
    (
        "The pool is open from 6 am to 10 pm every day except on Sundays.",
        "The pool is open from 6 am to 10 pm every day",
        "The pool is open from 6 am to 10 pm every day.",
        "The pool is open from 6 am to 10 pm.",
    ),
    (
        "Free shipping is available only for members of the Aurora Club.",
        "Free shipping is available",
        "Free shipping is available to all customers.",
        "Free shipping is available.",
    ),
    (
        "Towels are provided only for members.",
        "Towels are provided",
        "Towels are provided for everyone.",
        "Towels are provided.",
    ),
    (
        "Bicycles are allowed on the IC 7 only outside peak hours.",
        "Bicycles are allowed on the IC 7",
        "Bicycles are allowed on the IC 7 at any time.",
        "Bicycles are allowed on the IC 7.",
    ),
    (
        "Returns are accepted within 30 days of delivery, except on clearance items.",
        "Returns are accepted within 30 days of delivery",
        "Returns are accepted within 30 days of delivery for all items.",
        "Returns are accepted within 30 days of delivery.",
    ),
    (
        "The lounge may be used by guests unless it is booked for an event.",
        "The lounge may be used by guests",
        "The lounge may always be used by guests.",
        "The lounge may be used by guests.",
    ),
]


@pytest.mark.parametrize("policy", ["evidence", "standard", "strict"])
@pytest.mark.parametrize(("passage", "quote", "claim", "plain"), _RESTRICTED)
def test_a_quote_that_cuts_off_its_restriction_is_no_evidence_for_every_case(
    passage: str, quote: str, claim: str, plain: str, policy: str
) -> None:
    """Both ways: the quote cut before "except"/"only"/"unless" is no evidence that its words
    hold in every case, in any policy (nor is the whole sentence, located for it, which states
    the restriction); the same quote still supports the claim that says nothing of all cases,
    and the whole sentence the claim that states the restriction."""
    result = verify(claim, passage, rules=policy, judge=quoting(quote))
    (verdict,) = result.claim_verdicts
    assert (verdict.judge_label, verdict.label, verdict.rule) == (
        Label.SUPPORTED,
        Label.NOT_ENOUGH_INFO,
        "bears-on",
    )
    assert not result.passed
    assert verify(plain, passage, rules=policy, judge=quoting(quote)).passed, plain
    assert verify(passage, passage, rules=policy, judge=quoting(passage)).passed


@pytest.mark.parametrize("policy", ["evidence", "standard", "strict"])
@pytest.mark.parametrize(
    ("passage", "quote", "claim"),
    [
        (
            "Towels are provided only for members.",
            "Towels are provided",
            "Towels are provided for all members.",
        ),
        (
            "The gym is open every day except on Sundays.",
            "The gym is open every day",
            "The gym is open every day except on Sundays.",
        ),
        (
            "Loans are granted to every student only in July.",
            "Loans are granted to every student",
            "Loans are granted to every student in July.",
        ),
        # "only" limits the rest of the sentence, not the "every" the quote itself says.
        (
            "The store is open every day only from 9 am to 5 pm.",
            "The store is open every day",
            "The store is open every day.",
        ),
    ],
)
def test_a_quote_cut_before_a_restriction_the_claim_names_still_supports(
    passage: str, quote: str, claim: str, policy: str
) -> None:
    """A claim of every case that names what the restriction limits it to speaks of that; an
    "all" or "every" the quote itself says is taken back only by an exception."""
    assert verify(claim, passage, rules=policy, judge=quoting(quote)).passed, claim


_QUALIFIERS = ["except", "excluding", "unless", "only", "but not", "other than", "apart from"]


@settings(max_examples=15, deadline=None)
@given(
    st.sampled_from(_QUALIFIERS),
    st.sampled_from([", ", " ", " - ", " \u2014 ", " ("]),
    st.sampled_from(["every", "all", "any", "always", "each"]),
)
def test_restriction_after_reads_every_qualifier_and_separator(
    qualifier: str, separator: str, universal: str
) -> None:
    """The restriction is read whatever separates it from the quote, in any case; a word that
    only starts like one ("onlyness", "exceptional") or comes later in the sentence is none."""
    passage = f"Loans are granted to {universal} student{separator}{qualifier} in July."
    end = passage.index("student") + len("student")
    assert restriction_after(passage, end) == (qualifier, "in July")
    assert restriction_after(passage.upper(), end) == (qualifier, "IN JULY")
    assert restriction_after(passage, end - len(" student")) is None  # "student" follows
    word = qualifier.split()[0]
    assert restriction_after(passage.replace(word, word + "al", 1), end) is None
    # A quote of whole sentences ends where the next one, whatever it opens with, begins.
    two = f"Loans are granted to {universal} student. {qualifier.capitalize()} one per year."
    assert restriction_after(two, two.index(".") + 1) is None
    assert restriction_after(two, two.index(".")) is None
    assert restriction_after(two.replace(".", ",", 1), two.index(".") + 1)


@pytest.mark.parametrize("policy", ["evidence", "standard", "strict"])
def test_a_quote_of_a_whole_sentence_cuts_off_no_restriction_of_the_next(policy: str) -> None:
    passage = (
        "Grip socks cost $3 per pair and can be reused on every later visit. Only one jumper is "
        "permitted per trampoline square."
    )
    quote = "Grip socks cost $3 per pair and can be reused on every later visit."
    claim = "Grip socks can be reused on every later visit."
    assert verify(claim, passage, rules=policy, judge=quoting(quote)).passed
    # Cut inside its sentence, the quote still leaves out what limits it.
    cut = passage.replace("visit. Only", "visit, except in the Air Zone. Only")
    assert not verify(claim, cut, rules=policy, judge=quoting(quote[:-1])).passed


@pytest.mark.parametrize(
    ("passages", "lie", "faithful"),
    [
        # The "not" of a neighbouring sentence about something else is no negation of the claim.
        (
            "Paracetamol is safe for most pregnant women. It does not reduce inflammation.",
            "Paracetamol is not safe for most pregnant women.",
            "Paracetamol does not reduce inflammation.",
        ),
        (
            "The museum opens at 9 am on weekdays. Photography is not allowed in the east wing.",
            "The museum does not open at 9 am on weekdays.",
            "Photography is not allowed in the east wing of the museum.",
        ),
        (
            "Bob never eats meat. Alice plays the violin in the city orchestra.",
            "Alice does not play the violin in the city orchestra.",
            "Alice plays the violin, and Bob never eats meat.",
        ),
    ],
)
def test_no_span_is_located_that_borrows_its_negation(
    passages: str, lie: str, faithful: str
) -> None:
    """A span of two sentences agrees with a claim that negates only when the negation is in a
    sentence that speaks of the claim; the claim the negated sentence states is located."""
    assert locate([passages], lie) is None
    assert locate([passages], faithful) is not None


_SIDE_EFFECTS = "Side effects of ibuprofen:\n- nausea\n- heartburn\n- dizziness in rare cases"


@pytest.mark.parametrize("policy", ["evidence", "standard", "strict"])
@pytest.mark.parametrize(
    ("passage", "quote", "faithful", "lie"),
    [
        (_SIDE_EFFECTS, "- heartburn", "Ibuprofen can cause heartburn.", None),
        (_SIDE_EFFECTS, "nausea", "Nausea is a side effect of ibuprofen.", None),
        (
            "Included with every Pro plan:\n* backups\n* audit logs\n\nBasic has none.",
            "* audit logs",
            "The Pro plan includes audit logs.",
            None,
        ),
        (
            "To reset the router:\n1. unplug it\n2. wait ten seconds\n3. plug it back in",
            "2. wait ten seconds",
            "To reset the router, wait ten seconds.",
            None,
        ),
        # The lead-in speaks of another record, or there is none: the item alone proves nothing.
        (_SIDE_EFFECTS, "- heartburn", None, "Paracetamol can cause heartburn."),
        (
            "Ibuprofen is common.\n- nausea\n- heartburn",
            "- heartburn",
            None,
            "Ibuprofen can cause heartburn.",
        ),
        (_SIDE_EFFECTS, "- nausea", None, "Ibuprofen can cause heartburn."),
    ],
)
def test_a_list_item_is_read_with_its_lead_in(
    passage: str, quote: str, faithful: str | None, lie: str | None, policy: str
) -> None:
    """Both ways: a list item quoted alone bears on the claim under its lead-in line ("Side
    effects of ibuprofen:"), as a table row under its header; not when the lead-in shares no
    word with the claim, when the list has no lead-in, or when the item does not."""
    if faithful is not None:
        assert verify(faithful, passage, rules=policy, judge=quoting(quote)).passed, faithful
    if lie is not None:
        (verdict,) = verify(lie, passage, rules=policy, judge=quoting(quote)).claim_verdicts
        assert (verdict.label, verdict.rule) == (Label.NOT_ENOUGH_INFO, "bears-on"), lie


_ITEM_WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=8)


@settings(max_examples=25, deadline=None)
@given(
    st.lists(_ITEM_WORD, min_size=1, max_size=4),
    st.sampled_from(["- ", "* ", "+ ", "\u2022 ", "1. ", "2) ", "  - "]),
    st.data(),
)
def test_under_lead_in_reads_the_item_and_the_colon_line_above_its_list(
    items: list[str], marker: str, data: st.DataObject
) -> None:
    """Any item of a list under a lead-in ending in a colon is read with that lead-in; a lead-in
    without a colon, a span running into the next line, and an item with no marker are not."""
    k = data.draw(st.integers(0, len(items) - 1))
    body = "\n".join(marker + item for item in items)
    passage = f"Intro line.\nSide effects of the drug:\n{body}\nLast line."
    line = marker + items[k]
    start = passage.index(f"\n{line}\n") + 1 + len(marker)
    end = start + len(items[k])
    assert under_lead_in(passage, start, end) == ("Side effects of the drug:", line)
    plain = passage.replace("drug:", "drug")
    assert under_lead_in(plain, start, end) is None
    assert under_lead_in(passage, start, end + 2) is None
    unmarked = f"Side effects of the drug:\n{items[k]}"
    assert under_lead_in(unmarked, len(unmarked) - len(items[k]), len(unmarked)) is None


@pytest.mark.parametrize(
    ("negated", "stated", "also_negated"),
    [
        ("Tickets cannot be refunded.", "Tickets are refundable.", "Tickets are not refundable."),
        (
            "The pass cannot be transferred.",
            "The pass is transferable.",
            "The pass is not transferable.",
        ),
        (
            "Sale items are not returnable.",
            "Sale items can be returned.",
            "Sale items cannot be returned.",
        ),
        (
            "Dogs are not permitted on the beach.",
            "Dogs are allowed on the beach.",
            "Dogs are not allowed on the beach.",
        ),
        (
            "Dogs are not allowed on the beach.",
            "Dogs are permitted on the beach.",
            "Dogs aren't permitted on the beach.",
        ),
    ],
    ids=["refundable", "transferable", "returnable", "permitted", "allowed"],
)
def test_a_negation_reads_the_words_that_say_its_head(
    negated: str, stated: str, also_negated: str
) -> None:
    """ "cannot be returned" negates "returnable", "not allowed" negates "permitted"; the same
    negation in other words is no clash."""
    assert negation_clash(stated, negated)
    assert negation_clash(negated, stated)
    assert not negation_clash(also_negated, negated)


# A negation joined into a compound ("a no-fee account") is the same expression written apart
# ("the account has no fee"): no clash, either way round; a claim without it still clashes.
_COMPOUNDS = st.tuples(
    st.sampled_from(["fee", "money", "risk", "contract", "cost"]),
    st.lists(st.sampled_from(["down", "upfront", "setup", "fee"]), max_size=2),
).map(lambda t: [t[0], *t[1]])


@settings(max_examples=40)
@given(_COMPOUNDS)
def test_a_negation_compound_is_the_same_written_apart(words: list[str]) -> None:
    joined, apart = "-".join(words), " ".join(words)
    compound = f"They offer no-{joined} financing."
    spaced = f"They offer financing with no {apart}."
    assert negation_clash(compound, spaced) is False
    assert negation_clash(spaced, compound) is False
    # The words stated without the negation still clash with the spaced negation.
    assert negation_clash(f"They offer financing with {apart}.", spaced) is True


def test_a_negation_compound_passes_where_its_words_apart_are_quoted() -> None:
    passage = "Tom: We do offer financing with no money down, and a 25-year warranty."
    assert_both_ways(
        "Tom mentioned no-money-down financing and a 25-year warranty.",
        "Tom mentioned financing that needs money down and a 25-year warranty.",
        [passage],
        rules=STRICT,
    )


# Frames that deny the whole clause after them, and frames that take it as true.
_DENYING_FRAMES = [
    "It is not true that",
    "It's not the case that",
    "It is a myth that",
    "It is false that",
    "Nobody should assume that",
    "No one can expect that",
    "Don\u2019t believe that",
    "Never assume that",
]
_KEEPING_FRAMES = ["It is true that", "It is not surprising that", "Everyone knows that"]


@pytest.mark.parametrize("frame", _DENYING_FRAMES + _KEEPING_FRAMES)
def test_a_quote_after_a_frame_that_denies_its_clause_is_no_evidence(frame: str) -> None:
    """ "It is not true that the warranty covers water damage." quoted from "the warranty" on
    supports no "The warranty covers water damage." (the negation is further back than the two
    words a cut-off "not" is looked for in); a frame that takes the clause as true supports it,
    and a claim that itself negates is read as before."""
    passage = f"{frame} the warranty covers water damage. It covers screen cracks."
    judge = quoting("the warranty covers water damage")
    result = verify("The warranty covers water damage.", passage, rules=STRICT, judge=judge)
    (verdict,) = result.claim_verdicts
    denied = frame in _DENYING_FRAMES
    assert (verdict.label, verdict.rule) == (
        (Label.NOT_ENOUGH_INFO, "negation") if denied else (Label.SUPPORTED, None)
    )


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(_DENYING_FRAMES + _KEEPING_FRAMES),
    st.sampled_from(["", "Sadly, ", "Note: "]),
    st.lists(
        st.sampled_from(["refunds", "are", "instant", "the", "plan", "works", "abroad"]),
        min_size=1,
        max_size=5,
    ),
    st.booleans(),
)
def test_a_denying_frame_is_found_whatever_comes_before_and_after_it(
    frame: str, lead: str, words: list[str], upper: bool
) -> None:
    text = f"{lead}{frame.upper() if upper else frame} "
    clause = " ".join(words)
    start = denying_frame_before(text + clause, len(text))
    assert (start is not None) == (frame in _DENYING_FRAMES)
    if start is not None:
        assert start == len(lead)
        assert denials_plain(text + clause).endswith(f"it is not true that {clause}")


# A negation's exception is the claim's condition in other words: "non-refundable, except as
# required by law" makes the requirement "aren't refundable unless the law requires it" makes.
# A claim that drops the condition, or says the thing is done, still clashes.
_EXCEPTED = [
    (
        "Fees are billed annually in advance and are non-refundable, except as required by law.",
        "Fees aren't refundable unless the law requires it.",
        "Fees are refundable.",
    ),
    (
        "Refunds are not given except for faulty items.",
        "Refunds are not given unless the item is faulty.",
        "Refunds are given.",
    ),
    (
        "Guests may not bring pets, except registered assistance dogs.",
        "Guests can't bring pets unless they are registered assistance dogs.",
        "Guests may bring pets.",
    ),
]


@pytest.mark.parametrize(("evidence", "conditioned", "flat"), _EXCEPTED)
def test_an_exception_is_the_claims_condition_in_other_words(
    evidence: str, conditioned: str, flat: str
) -> None:
    assert not negation_clash(conditioned, evidence)
    assert negation_clash(flat, evidence)


@pytest.mark.parametrize(
    ("claim", "evidence", "clash"),
    [
        # What a condition says is supposed, not stated: two conditions do not clash ...
        (
            "You can make up to 15 driving faults and still pass, as long as none of them is "
            "serious or dangerous.",
            "You will fail if you make more than 15 driving faults or any serious or dangerous "
            "fault.",
            False,
        ),
        # ... but what the main clause says against the other's condition or statement does.
        (
            "You will not fail if you make a serious fault.",
            "You will fail if you make any serious fault.",
            True,
        ),
        ("If you cancel, you do not get a refund.", "If you cancel, you get a full refund.", True),
        # "even if" concedes: its clause is where the negation before it reaches.
        (
            "It isn't, even if the broth you use is certified gluten-free.",
            "The soup is gluten-free if the broth you use is certified gluten-free.",
            True,
        ),
        # "not A, only B": the negation ends at the "only".
        (
            "The trial did not test the drug in children, only in 480 adults with asthma.",
            "The trial enrolled 480 adults with asthma.",
            False,
        ),
        (
            "The trial did not test the drug in children, only in 480 adults with asthma.",
            "The trial tested the drug in children.",
            True,
        ),
        # "rather than" against "instead of": both say what is not the case.
        (
            "Trams will come every 20 minutes rather than every 8.",
            "Trams will run every 20 minutes instead of every 8 minutes.",
            False,
        ),
        # "rather than" picks one of the evidence's alternatives; against a text that says
        # "rather than" too, or states one thing only, it negates.
        (
            "They chose to use their account PIN rather than their date of birth.",
            "Agent: Your date of birth or your account PIN.",
            False,
        ),
        (
            "It means £17,800 rather than £15,700 to anyone married, or never married.",
            "It means £17,800 rather than £15,700 to anyone married, or never married.",
            False,
        ),
        ("The landlord pays the tax rather than the tenants.", "The tenants pay the tax.", True),
        # The claim negates what tells the evidence's negated object apart: one denial.
        (
            "Antibiotics work against bacterial infections, not viral ones like the flu.",
            "They do not work against viral infections such as the common cold or flu.",
            False,
        ),
        (
            "Antibiotics work against viral infections like the flu.",
            "They do not work against viral infections such as the common cold or flu.",
            True,
        ),
        # ... not where its own negation is of the object itself, said of another thing.
        (
            "The day hike needs no permit, but the top-down route requires a permit.",
            "The bottom-up day hike does not require a permit.",
            True,
        ),
        # An aside between commas after a negation is stated, not negated; a prohibition by
        # "bars ... from" is a negation; "avoid" reads as "not" against a text that negates.
        (
            "The contract only bars you from soliciting clients for twelve months after leaving.",
            "The employee shall not, for twelve months after leaving, solicit any client.",
            False,
        ),
        (
            "The employee may solicit any client for twelve months after leaving.",
            "The employee shall not, for twelve months after leaving, solicit any client.",
            True,
        ),
        # "bars" alone, with no other negation about, still passes the rule's pre-test.
        ("The contract bars soliciting former clients.", "The employee may solicit clients.", True),
        (
            "It isn't, even if the broth you use is certified gluten-free.",
            "The risotto is gluten-free as long as you use a certified gluten-free broth.",
            True,
        ),
        ("Omar wants to avoid seafood places.", "Omar: no seafood places for me", False),
        ("Omar wants seafood places.", "Omar: no seafood places for me", True),
        # A stopped action is one not done, where the other text negates.
        (
            "The default policy just stops saving new values at the limit.",
            "With the default policy, new values aren't saved when the limit is reached.",
            False,
        ),
        ("The app stopped syncing photos.", "The app does not sync photos.", False),
        ("The last bus stops running at midnight.", "The last bus runs at midnight.", False),
        (
            "Trams will not come every 20 minutes.",
            "Trams will run every 20 minutes instead of every 8 minutes.",
            True,
        ),
    ],
)
def test_conditions_contrasts_and_instead(claim: str, evidence: str, clash: bool) -> None:
    assert negation_clash(claim, evidence) is clash


_CLAUSE_WORDS = st.lists(
    st.sampled_from(["if", "as", "long", "provided", "that", "you", "not", "pay", ",", "only"]),
    max_size=12,
).map(" ".join)


@given(_CLAUSE_WORDS, _CLAUSE_WORDS)
@settings(max_examples=200, deadline=None)
def test_conditions_only_take_clashes_away(claim: str, evidence: str) -> None:
    blanked = without_conditions(claim)
    # Offsets kept, and nothing but blanks written: every other character is the claim's.
    assert len(blanked) == len(claim)
    assert all(b in (c, " ") for b, c in zip(blanked, claim, strict=True))
    # Reading conditions as supposed only ever takes a clash away.
    if negation_clash(claim, evidence):
        assert polarity._clash(claim, evidence)


def test_a_turns_opening_no_inside_a_span_answers_its_question() -> None:
    passage = (
        "Customer: Do I need to return the old modem? Agent: No, you don't need to return it; "
        "you can recycle it at any electronics drop-off."
    )
    judge = quoting(passage)
    honest = "The agent said the old modem doesn't need to be returned and can be recycled."
    assert verify(honest, [passage], judge=judge).passed
    lie = "The agent said the old modem needs to be returned."
    result = verify(lie, [passage], judge=judge)
    assert [v.rule for v in result.claim_verdicts] == ["negation"]


def test_not_until_and_without_before_say_when_it_happened() -> None:
    # "didn't drop a set until the final" and "without dropping a set before the final" both
    # say a set was dropped in the final; neither negates dropping one.
    passage = "Lena Ortiz reached the final without dropping a set before losing 6-4, 6-3 to Kim."
    honest = "Lena Ortiz didn't drop a set until the final, which she lost to Kim."
    assert not negation_clash(honest, passage)
    assert verify(honest, [passage], judge=quoting(passage)).passed
    # The negation still counts where no "before" follows it.
    assert negation_clash(
        "Lena Ortiz dropped a set in the first round.", "Lena Ortiz won without dropping a set."
    )


def test_only_if_says_what_not_except_where_says() -> None:
    rule = "The club is not responsible for lost items except where they were handed in."
    honest = "The club is only responsible for lost items if they were handed in."
    assert not negation_clash(honest, rule)
    assert verify(honest, [rule], judge=quoting(rule)).passed
    # Without its "only", the condition dropped, the claim is what the rule denies.
    assert negation_clash("The club is responsible for lost items.", rule)


def test_what_was_to_happen_is_not_said_to_have_happened() -> None:
    chat = "Dev: the van was supposed to collect the pallets at 9 but nobody has turned up."
    honest = "Dev said the van hadn't collected the pallets by 9."
    assert not negation_clash(honest, chat)
    # Said to have happened, the act still clashes with its negation.
    assert negation_clash(honest, "Dev: the van collected the pallets at 9.")


def test_a_negation_said_of_a_subject_the_evidence_never_names() -> None:
    evidence = "Kestrel Rovers will meet Alder Town in the cup final in May."
    # Said of another team, the negation is no clash with the evidence ...
    assert not negation_clash("This year Holmfield won't be in the cup final.", evidence)
    # A capitalised first word may be no name: "Strong teams won't ..." is still read.
    assert negation_clash("Strong teams won't be in the cup final.", evidence)
    # ... but said of a team the evidence names, or with no subject of its own, it is.
    assert negation_clash("Kestrel Rovers won't be in the cup final.", evidence)
    # A subject that is no name may be the evidence's in other words.
    assert negation_clash(
        "The contract bars soliciting former clients.", "You may solicit clients."
    )
    assert negation_clash("There will be no cup final in May.", evidence)


def test_a_speaker_the_evidence_labels_is_a_subject_it_names() -> None:
    line = "Hannah: Yes, but nothing with lilies, she's allergic."
    assert negation_clash("Hannah said Mum isn't allergic to lilies.", line)


NOTICE = (
    "Your electricity supplier isn't involved in this work, so please contact us, not them, on "
    "0800 31 63 105 with any questions, quoting reference PPC-55817."
)
TENANCY = (
    "7.3 The Tenant may hang pictures using small hooks but shall not paint, wallpaper or drill "
    "into tiled surfaces without written consent."
)


@pytest.mark.parametrize(
    ("passage", "claim", "passes"),
    [
        # "not them," negates the pronoun alone, not the number after it (stop 67)
        (NOTICE, "Contact Northgrid on 0800 31 63 105, quoting reference PPC-55817.", True),
        (NOTICE, "Your supplier is involved in this work.", False),
        # a negated list of actions under one condition makes one requirement (stop 67)
        (TENANCY, "Painting, wallpapering or drilling into tiles needs written consent.", True),
        (TENANCY, "The tenant may paint without consent.", False),
    ],
)
def test_a_negation_of_a_pronoun_or_a_list_reads_as_written(
    passage: str, claim: str, passes: bool
) -> None:
    result = verify(claim, [passage], judge=quoting(passage))
    assert result.passed is passes, result.claim_verdicts


def test_a_negated_pronoun_set_off_by_commas_governs_nothing_after_it() -> None:
    scopes = text_bag("Call us, not them, on 0800 31 63 105.").scopes
    assert scopes == ()
    # A pronoun that a negated verb takes is no such aside.
    assert [s.head for s in text_bag("We do not refund it, or any part of it.").scopes] == [
        "refund"
    ]
