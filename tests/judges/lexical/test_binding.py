"""The lexical judge binds what it finds: numbers, names and negations where the passage says
them of the claim's subject, and no piece the passage never words.

The probe table holds faithful claims (paraphrases among them: the gate must not start failing
them) and unfaithful ones, each with the verdict it must get; benchmarks/RESULTS.md (issue 35)
has the table with the verdicts before binding (92bb993) and after.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_faithful import Label, verify
from pytest_faithful.judges.lexical.claims import analyse_claim, value_kinds
from pytest_faithful.judges.lexical.passages import units_of
from pytest_faithful.judges.lexical.segments import LABEL, segments_of
from pytest_faithful.text.readings import normalised as _normalised
from pytest_faithful.text.terms import _TOKEN

PRICES = (
    "Our Pro plan costs $20 per user per month. "
    "The Team plan costs $45 per user per month and adds SSO."
)
PRICES_IT = (
    "Our Pro plan costs $20 per user per month. The Team plan costs $45 per user per month. "
    "It adds SSO and audit logs."
)
TEAM = "The Team plan costs $45 per user per month and includes SSO."
PRICING_FOR = (
    "Pricing: $20 per user per month for the Pro plan and $45 per user per month for Team."
)
OFFER = "We offer two plans: Pro at $20 per user per month, and Team at $45 per user per month."
PLAN_LINES = "Pro plan: $20 per user per month. Team plan: $45 per user per month."
WHILE = "The Pro plan costs $20 per month, while the Team plan costs $45 per month."
AND = "The Pro plan costs $20 a month and the Team plan costs $45 a month."
TABLE = (
    "Plans and pricing\nFree: $0 per month\nPro: $20 per month\nTeam: $45 per month\n"
    "Enterprise: custom pricing"
)
ALL_PLANS = (
    "The Pro plan includes SSO. The Team plan includes audit logs. All plans include email support."
)
MUSEUM = "The museum opens at 9am on weekdays and at 11am on Sundays."
HOURS = "Shop opening hours\nMonday to Friday: 9am to 5pm\nSaturday: 10am to 2pm\nSunday: closed"
LIBRARY = "The library opens at 9am. The museum opens at 10am."
TRAINS = (
    "The 8:15 train to Leeds leaves from platform 4. The 9:40 train to York leaves from platform 2."
)
TRAINS_ONE = (
    "Both trains leave this morning: the 8:15 to Leeds from platform 4 and the 9:40 to York "
    "from platform 2."
)
SHIPPING = "Standard shipping takes 5-7 business days. Express shipping takes 2 business days."
SHIPPING_ORDERS = (
    "Standard shipping costs $4.95 and is free on orders over $50. Express shipping costs "
    "$14.95 and delivers within 2 business days."
)
RETURNS = (
    "Returns are accepted within 30 days of delivery. Refunds go to the original payment method."
)
SUPPORT = (
    "The Basic plan does not include phone support. "
    "The Premium plan includes phone support and a dedicated account manager."
)
SUPPORT_ONE = "The Premium plan includes phone support, but the Basic plan does not."
SUPPORT_WHILE = (
    "The Basic plan does not include phone support, while the Premium plan includes SSO and "
    "phone support."
)
KITS = (
    "What's included:\n- Starter kit: charger, cable and case\n"
    "- Deluxe kit: charger, cable, case, headphones and a stand"
)
KITS_PROSE = (
    "The Starter kit includes a charger and a case. The Deluxe kit adds headphones and a stand."
)
FIRM = "Smith joined the firm in 1990. Jones joined in 1995."
RESULTS = "Revenue rose 5% in 2021. Profit rose 3%."
EIFFEL = "The Eiffel Tower was completed in 1889. It is 330 metres tall and stands in Paris."
SALES = (
    "In 2021, sales rose by 12 percent to 4,000 units, the company said. Profits fell 3 percent."
)

SUPPORTED, CONTRADICTED, NOT_SUPPORTED = "supported", "contradicted", "not"

# (claim, passage, verdict): "not" is NOT_ENOUGH_INFO or CONTRADICTED.
PROBES = [
    # Plans and prices, in sentences.
    ("The Team plan costs $45 per user per month.", PRICES, SUPPORTED),
    ("The Pro plan costs $20 per user per month.", PRICES, SUPPORTED),
    ("Team costs $45 a month for each user.", PRICES, SUPPORTED),
    ("For $20 per user per month you get the Pro plan.", PRICES, SUPPORTED),
    ("The Team plan, which costs $45 per user per month, adds SSO.", PRICES, SUPPORTED),
    ("Pro costs $20 and Team costs $45 per user per month.", PRICES, SUPPORTED),
    ("The Team plan adds SSO.", PRICES, SUPPORTED),
    ("The Team plan costs $20 per user per month.", PRICES, CONTRADICTED),
    ("The Pro plan costs $45 per user per month.", PRICES, CONTRADICTED),
    ("The Pro plan adds SSO.", PRICES, NOT_SUPPORTED),
    ("The Team plan adds SSO and audit logs.", PRICES_IT, SUPPORTED),
    ("The Pro plan adds SSO.", PRICES_IT, NOT_SUPPORTED),
    # The values first, the plans after them; plans named with "at" or as labels.
    ("The Team plan costs $45 per user per month.", PRICING_FOR, SUPPORTED),
    ("The Team plan costs $20 per user per month.", PRICING_FOR, NOT_SUPPORTED),
    ("The Team plan costs $45 per user per month.", OFFER, SUPPORTED),
    ("The Pro plan costs $20 per user per month.", OFFER, SUPPORTED),
    ("The Team plan costs $20 per user per month.", OFFER, NOT_SUPPORTED),
    ("The Team plan costs $45 per user per month.", PLAN_LINES, SUPPORTED),
    ("The Team plan costs $20 per user per month.", PLAN_LINES, NOT_SUPPORTED),
    # Two plans in one sentence.
    ("The Team plan costs $45 per month.", WHILE, SUPPORTED),
    ("The Team plan costs $20 per month.", WHILE, CONTRADICTED),
    ("The Pro plan costs $20 per month.", AND, SUPPORTED),
    ("The Team plan costs $20 a month.", AND, CONTRADICTED),
    # A table written as "Plan: price" lines.
    ("The Team plan costs $45 per month.", TABLE, SUPPORTED),
    ("Pro is $20 a month.", TABLE, SUPPORTED),
    ("The Team plan costs $20 per month.", TABLE, NOT_SUPPORTED),
    ("The Pro plan costs $45 per month.", TABLE, NOT_SUPPORTED),
    ("The Enterprise plan costs $45 per month.", TABLE, NOT_SUPPORTED),
    ("The Pro plan includes email support.", ALL_PLANS, SUPPORTED),
    ("The Pro plan includes audit logs.", ALL_PLANS, NOT_SUPPORTED),
    # Schedules.
    ("The museum opens at 11am on Sundays.", MUSEUM, SUPPORTED),
    ("On weekdays the museum opens at 9am.", MUSEUM, SUPPORTED),
    ("The museum opens later on Sundays, at 11am.", MUSEUM, SUPPORTED),
    ("The museum opens at 9am on Sundays.", MUSEUM, CONTRADICTED),
    ("The museum opens at 11am on weekdays.", MUSEUM, CONTRADICTED),
    ("On Saturdays the shop is open from 10am to 2pm.", HOURS, SUPPORTED),
    ("From Monday to Friday the shop opens at 9am.", HOURS, SUPPORTED),
    ("The shop is closed on Sundays.", HOURS, SUPPORTED),
    ("On Saturdays the shop is open from 9am to 5pm.", HOURS, NOT_SUPPORTED),
    ("The shop is open from 10am to 2pm on Fridays.", HOURS, NOT_SUPPORTED),
    ("The museum opens at 10am.", LIBRARY, SUPPORTED),
    ("The museum opens at 9am.", LIBRARY, CONTRADICTED),
    ("The 9:40 train to York leaves from platform 2.", TRAINS, SUPPORTED),
    ("The train to York leaves from platform 4.", TRAINS, CONTRADICTED),
    ("The 8:15 train to York leaves from platform 2.", TRAINS, NOT_SUPPORTED),
    ("The 9:40 train to York leaves from platform 2.", TRAINS_ONE, SUPPORTED),
    ("The 8:15 train to Leeds leaves from platform 2.", TRAINS_ONE, NOT_SUPPORTED),
    ("Express shipping takes 2 business days.", SHIPPING, SUPPORTED),
    ("Shipping takes 5-7 business days with Standard and 2 with Express.", SHIPPING, SUPPORTED),
    ("Express shipping takes 5-7 business days.", SHIPPING, CONTRADICTED),
    # An opening condition speaks of the reader, not of the claim's subject: never bound.
    (
        "If you order today, express shipping costs $14.95 and delivers within 2 business days.",
        SHIPPING_ORDERS,
        SUPPORTED,
    ),
    ("Express shipping is free on orders over $50.", SHIPPING_ORDERS, NOT_SUPPORTED),
    # Added clauses, and paraphrases that add nothing.
    ("The Team plan costs $45 per user per month, billed annually.", PRICES, NOT_SUPPORTED),
    ("The Team plan costs $45 per user per month, billed annually.", TEAM, NOT_SUPPORTED),
    ("The Team plan costs $45 a month and includes SSO.", TEAM, SUPPORTED),
    ("Returns are accepted within 30 days of delivery, no questions asked.", RETURNS, "not"),
    ("Returns are accepted within 30 days of delivery, including sale items.", RETURNS, "not"),
    ("You can return an item within 30 days of delivery.", RETURNS, SUPPORTED),
    ("Refunds are paid to the original payment method.", RETURNS, SUPPORTED),
    ("Items can be returned up to 30 days after delivery.", RETURNS, SUPPORTED),
    # Negations, and words of another subject's sentence.
    ("The Basic plan does not include phone support.", SUPPORT, SUPPORTED),
    ("Phone support is not included in the Basic plan.", SUPPORT, SUPPORTED),
    ("The Premium plan includes phone support.", SUPPORT, SUPPORTED),
    ("The Premium plan does not include phone support.", SUPPORT, CONTRADICTED),
    ("The Basic plan includes phone support.", SUPPORT, CONTRADICTED),
    ("The Basic plan includes a dedicated account manager.", SUPPORT, NOT_SUPPORTED),
    ("The Premium plan includes phone support.", SUPPORT_ONE, SUPPORTED),
    ("The Basic plan includes phone support.", SUPPORT_ONE, NOT_SUPPORTED),
    ("The Basic plan does not include phone support.", SUPPORT_WHILE, SUPPORTED),
    ("The Premium plan includes phone support.", SUPPORT_WHILE, SUPPORTED),
    ("The Premium plan does not include phone support.", SUPPORT_WHILE, CONTRADICTED),
    ("The Basic plan includes phone support.", SUPPORT_WHILE, CONTRADICTED),
    # List items.
    ("The Deluxe kit includes headphones.", KITS, SUPPORTED),
    ("The Starter kit comes with a charger and a case.", KITS, SUPPORTED),
    ("Both kits include a charger, a cable and a case.", KITS, SUPPORTED),
    ("The Starter kit includes headphones.", KITS, NOT_SUPPORTED),
    ("The Starter kit includes a stand.", KITS, NOT_SUPPORTED),
    ("The Deluxe kit adds headphones and a stand.", KITS_PROSE, SUPPORTED),
    ("The Starter kit includes headphones.", KITS_PROSE, NOT_SUPPORTED),
    # People and figures.
    ("Smith joined the firm in 1990.", FIRM, SUPPORTED),
    ("Jones joined the firm in 1990.", FIRM, NOT_SUPPORTED),
    ("Profit rose 3%.", RESULTS, SUPPORTED),
    ("Profit rose 5% in 2021.", RESULTS, CONTRADICTED),
    ("The Eiffel Tower, completed in 1889, stands 330 metres tall in Paris.", EIFFEL, SUPPORTED),
    ("Sales rose 12% to 4,000 units in 2021.", SALES, SUPPORTED),
    ("The company said sales rose 3 percent in 2021.", SALES, NOT_SUPPORTED),
]


@pytest.mark.parametrize(("claim", "passage", "verdict"), PROBES)
def test_probe(claim: str, passage: str, verdict: str) -> None:
    (cv,) = verify(claim, passage, judge="lexical", threshold=1.0).claim_verdicts
    if verdict == SUPPORTED:
        assert cv.label is Label.SUPPORTED, cv.reason
    elif verdict == CONTRADICTED:
        assert cv.label is Label.CONTRADICTED, cv.reason
    else:
        assert cv.label is not Label.SUPPORTED, cv.reason


def test_the_probes_hold_both_kinds() -> None:
    verdicts = [verdict for _, _, verdict in PROBES]
    assert verdicts.count(SUPPORTED) >= 30
    assert len(verdicts) - verdicts.count(SUPPORTED) >= 30


def reason(claim: str, passage: str) -> str:
    (cv,) = verify(claim, passage, judge="lexical").claim_verdicts
    return cv.reason


def test_the_reason_names_the_rival_and_the_value_given_instead() -> None:
    why = reason("The Team plan costs $20 per user per month.", PRICES)
    assert "20 said only of Pro, not of the claim's subject" in why
    assert "the passage says 45" in why
    why = reason("The museum opens at 9am on Sundays.", MUSEUM)
    assert "number 9am is given for something else" in why
    assert "11:00" in why


def test_the_reason_names_the_added_piece() -> None:
    why = reason("The Team plan costs $45 per user per month, billed annually.", PRICES)
    assert "the claim adds annually, billed, which the passage never says" in why


def test_an_added_piece_the_document_has_elsewhere_is_no_addition() -> None:
    # "original payment method" is in the passage, though not in the window about returns.
    passage = RETURNS + " " + "Shipping is free on orders over $50. " * 3
    claim = "Returns are accepted within 30 days of delivery, to the original payment method."
    assert "adds" not in reason(claim, passage)


# --- Segments ----------------------------------------------------------------------------------


def pieces(passage: str) -> list[str]:
    return [
        passage[s.start : s.end]
        for i, unit in enumerate(units_of([passage]))
        for s in segments_of(i, unit, passage)
    ]


@pytest.mark.parametrize(
    ("passage", "expected"),
    [
        (WHILE, ["The Pro plan costs $20 per month", "while the Team plan costs $45 per month"]),
        (AND, ["The Pro plan costs $20 a month", "and the Team plan costs $45 a month"]),
        (
            PRICING_FOR,
            [
                "Pricing: $20 per user per month for the Pro plan",
                "and $45 per user per month for Team",
            ],
        ),
        (
            OFFER,
            [
                "We offer two plans: Pro at $20 per user per month",
                "and Team at $45 per user per month",
            ],
        ),
        ("Smith and Jones founded it.", ["Smith and Jones founded it"]),
        (MUSEUM, ["The museum opens at 9am on weekdays", "and at 11am on Sundays"]),
        ("Mix flour, sugar and eggs, then bake.", ["Mix flour, sugar and eggs, then bake"]),
        ("It rained; the match went on.", ["It rained", "the match went on"]),
        (
            "Prices\nPro: $20 per month\nTeam: $45 per month",
            ["Prices", "Pro: $20 per month", "Team: $45 per month"],
        ),
        ("Wrapped text goes\non over lines.", ["Wrapped text goes\non over lines"]),
    ],
)
def test_sentences_are_cut_into_clauses_and_labelled_lines(
    passage: str, expected: list[str]
) -> None:
    assert pieces(passage) == expected


def test_names_and_their_slots() -> None:
    units = units_of([TABLE])
    segments = [s for i, u in enumerate(units) for s in segments_of(i, u, TABLE)]
    labels = [name for s in segments for name in s.names if name.slot == LABEL]
    assert [name.shown for name in labels] == ["Free", "Pro", "Team", "Enterprise"]
    (unit,) = units_of([MUSEUM])
    _, second = segments_of(0, unit, MUSEUM)
    assert {"museum", "open"} <= second.about, "the elliptical clause holds the opening"
    (unit,) = units_of([TRAINS.split(". ")[1]])
    (segment,) = segments_of(0, unit, TRAINS.split(". ")[1])
    assert [(n.shown, n.slot) for n in segment.names] == [("York", "leav")]
    slots = [
        (n.shown, n.slot)
        for u in units_of([OFFER])
        for s in segments_of(0, u, OFFER)
        for n in s.names
    ]
    assert slots == [("Pro", ">at"), ("Team", ">at")]
    (unit,) = units_of([PRICING_FOR])
    slots = [(n.shown, n.slot) for s in segments_of(0, unit, PRICING_FOR) for n in s.names]
    assert ("Pro", "plan") in slots
    assert ("Team", "<for") in slots


SEGMENT_TEXT = st.lists(
    st.sampled_from(
        [*"abAB 9$:;,.-|\n", "and ", "the ", "at ", "Pro ", "plan ", "while ", "It ", " \u2014 "]
    ),
    max_size=40,
).map("".join)


@settings(max_examples=300, deadline=None)
@given(SEGMENT_TEXT)
def test_segments_partition_each_sentence_in_order(text: str) -> None:
    for i, unit in enumerate(units_of([text])):
        segments = segments_of(i, unit, text)
        assert segments
        tokens = list(_TOKEN.finditer(_normalised(text[unit.start : unit.end])))
        ends = [unit.start + m.end() for m in tokens]
        position = unit.start
        for segment in segments:
            assert unit.start <= position <= segment.start <= segment.end <= unit.end
            position = segment.end
        assert not ends or segments[-1].end == ends[-1]


@settings(max_examples=200, deadline=None)
@given(SEGMENT_TEXT, SEGMENT_TEXT)
def test_any_claim_and_passage_get_one_verdict_with_a_verbatim_quote(
    claim: str, passage: str
) -> None:
    result = verify(claim, passage, judge="lexical")
    for cv in result.claim_verdicts:
        if cv.passage_index is not None:
            assert cv.evidence in passage


# --- Numbers -----------------------------------------------------------------------------------


def test_a_number_after_a_noun_counts_that_noun() -> None:
    assert "after:platform" in value_kinds("It leaves from platform 4.")["4"]
    assert value_kinds("It leaves in 4 days.")["4"] == frozenset({"unit:day"})


def test_a_number_hyphened_to_a_word_is_a_name_not_a_value() -> None:
    kinds = value_kinds("SARS-CoV-2 vaccine sales fell; COVID-19 cases rose 19 percent.")
    assert "2" not in kinds
    assert "percent" in kinds["19"], "the number said alone is still a value"


def test_claim_kinds_read_numbers_after_nouns() -> None:
    assert "after:platform" in analyse_claim("The train leaves from platform 4.").kinds["4"]
