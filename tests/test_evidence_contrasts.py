"""Evidence that says the opposite of a word of its claim supports nothing.

"Prices decreased in March." is a real sentence about "Prices increased in March.": it bears on
the claim and holds no negation. A judge that calls the claim SUPPORTED with it, quoted or
located, has shown evidence against the claim.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_judges import assert_both_ways, quoting
from pytest_faithful import Label, verify
from pytest_faithful.rules.opposites import OPPOSITE_WORD_NOTE
from pytest_faithful.text.contrasts import Contrast, contrast
from pytest_faithful.text.evidence import echoed_changes, locate
from pytest_faithful.text.number_clash import number_clash

STRICT = "strict"
"""These tests hold a rule of the strict policy; the standard one leaves it out for
model judges (benchmarks/RESULTS.md, "Verdict rules, both ways")."""


@pytest.mark.parametrize(
    ("claim", "evidence", "said", "shown"),
    [
        ("Prices increased in March.", "Prices decreased in March.", "increased", "decreased"),
        ("Sales rose last year.", "Sales fell last year.", "rose", "fell"),
        (
            "Pets are allowed in the cabin.",
            "Pets are prohibited in the cabin.",
            "allowed",
            "prohibited",
        ),
        ("Payment is due before delivery.", "Payment is due after delivery.", "before", "after"),
        (
            "The minimum order is ten units.",
            "The maximum order is ten units.",
            "minimum",
            "maximum",
        ),
        (
            "The first episode aired on Monday.",
            "The last episode aired on Monday.",
            "first",
            "last",
        ),
        ("The museum is open on weekends.", "The museum is closed on weekends.", "open", "closed"),
        ("All items can be returned.", "Some items can be returned.", "All", "Some"),
        ("The company hired 200 workers.", "The company fired 200 workers.", "hired", "fired"),
        # A negating prefix, either way round.
        ("The drug is safe for children.", "The drug is unsafe for children.", "safe", "unsafe"),
        ("The move was illegal.", "The move was legal.", "illegal", "legal"),
        # "at most" and "at least" are bounds, said in the texts' own words.
        ("Take at most two tablets.", "Take at least two tablets.", "at most", "at least"),
        # A prize won against one only shortlisted or nominated for, either way round, with
        # the name the clause is about between commas.
        (
            "Their debut album Glass Orchard won the Mercury Prize.",
            "Their debut album, Glass Orchard (2006), was shortlisted for the Mercury Prize.",
            "won",
            "shortlisted",
        ),
        (
            "Ms Ortiz was nominated for the Pulitzer Prize in 2003.",
            "The reporter, Ana Ortiz, won the Pulitzer Prize in 2003.",
            "nominated",
            "won",
        ),
        (
            "Zoe and Nick are going to the concert tonight.",
            "Zoe and Nick are going to the concert tomorrow.",
            "tonight",
            "tomorrow",
        ),
        ("The package arrived yesterday.", "The package arrived today.", "yesterday", "today"),
    ],
    ids=[
        "up-down",
        "irregular",
        "permission",
        "time",
        "amount",
        "order",
        "open",
        "quantifier",
        "outcome",
        "prefix",
        "prefix-claim",
        "bound",
        "prize-appositive",
        "prize-nominated",
        "day-tonight",
        "day-yesterday",
    ],
)
def test_opposites(claim: str, evidence: str, said: str, shown: str) -> None:
    assert contrast(claim, evidence) == Contrast(said, shown)


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        # The evidence says both: which holds for the claim is the judge's call.
        (
            "The museum is open on weekends.",
            "The museum is open on weekends but closed on holidays.",
        ),
        ("Sales rose in March.", "Sales fell in February but rose in March."),
        # The claim says both sides.
        (
            "The company is raising its dividend and reducing its debt.",
            "The company will expand its dividend and its debt programme.",
        ),
        # Another sentence about something else.
        ("Prices increased in March.", "The pool closed early. Prices increased in March."),
        ("Prices increased in March.", "Rainfall decreased sharply."),
        # A word that only looks prefixed.
        ("The unit shipped in March.", "The it shipped in March."),
        # The "most" of "at most" is a bound, no quantifier against "each".
        (
            "You may carry at most two spare batteries.",
            "Each passenger may carry no more than two spare batteries.",
        ),
        # Nominated and won: the evidence says both.
        ("The film won the Jury Prize.", "The film, nominated three times, won the Jury Prize."),
        # A name between commas before a clause of its own stays out of the clause before.
        ("Sales fell in Paris.", "Sales fell in Paris, France, but rose in Lyon."),
        # Both days said: the evidence tells which is which.
        ("The talk is tomorrow.", "The rehearsal is today and the talk is tomorrow."),
    ],
    ids=[
        "evidence-both",
        "evidence-both-clauses",
        "claim-both",
        "other-sentence",
        "not-about",
        "not-a-prefix",
        "bound-not-quantifier",
        "nominated-and-won",
        "appositive-before-a-clause",
        "both-days",
    ],
)
def test_no_contrast(claim: str, evidence: str) -> None:
    assert contrast(claim, evidence) is None


_WORDS = st.lists(
    st.sampled_from(
        ["prices", "increased", "decreased", "unsafe", "safe", "in", "March", ".", "and"]
    ),
    max_size=14,
).map(" ".join)


@given(_WORDS, _WORDS)
def test_a_contrast_names_a_word_of_each_side(claim: str, evidence: str) -> None:
    found = contrast(claim, evidence)
    if found is not None:
        assert found.said in claim
        assert found.shown in evidence
    assert contrast(claim, claim) is None


def test_a_quote_that_says_the_opposite_is_no_evidence() -> None:
    result = verify(
        "Prices increased in March.",
        ["Prices decreased in March after the sale."],
        rules=STRICT,
        judge=quoting("Prices decreased in March after the sale."),
    )
    (verdict,) = result.claim_verdicts
    assert verdict.judge_label is Label.SUPPORTED
    assert verdict.label is Label.NOT_ENOUGH_INFO
    assert "the evidence says 'decreased' where the claim says 'increased'" in verdict.reason


def test_no_span_is_located_that_says_the_opposite() -> None:
    passages = ["Refunds are prohibited after 30 days."]
    assert locate(passages, "Refunds are allowed after 30 days.") is None
    result = verify("Refunds are allowed after 30 days.", passages, rules=STRICT, judge=quoting(""))
    assert [v.label for v in result.claim_verdicts] == [Label.NOT_ENOUGH_INFO]


def test_a_quote_that_says_the_opposite_gives_way_to_the_span_that_does_not() -> None:
    passage = "Prices decreased in April. Prices increased in March."
    result = verify(
        "Prices increased in March.",
        [passage],
        rules=STRICT,
        judge=quoting("Prices decreased in April."),
    )
    (verdict,) = result.claim_verdicts
    assert verdict.label is Label.SUPPORTED
    assert verdict.evidence == "Prices increased in March."
    assert verdict.reason.startswith(OPPOSITE_WORD_NOTE)


def test_the_lexical_judge_is_held_to_the_opposites() -> None:
    """Its windows match nine words of ten, so the swap is all that is wrong: coverage alone
    passes the claim."""
    said = "were higher this quarter than in the same quarter of last year, the company said."
    result = verify(
        f"Sales in the northern region {said}",
        [f"Sales in the northern region {said.replace('higher', 'lower')}"],
        rules=STRICT,
        judge="lexical",
    )
    (verdict,) = result.claim_verdicts
    assert verdict.label is Label.NOT_ENOUGH_INFO
    assert "the evidence says 'lower' where the claim says 'higher'" in verdict.reason


@given(st.text(max_size=200), st.text(max_size=200))
def test_any_text_is_read_without_error(claim: str, evidence: str) -> None:
    """Judges and users write anything: the rules read it, and a contrast names real words."""
    found = contrast(claim, evidence)
    if found is not None:
        assert found.said
        assert found.shown
    clash = number_clash(claim, evidence)
    assert clash is None or clash.stated not in clash.shown
    changes = echoed_changes(claim, claim, evidence)
    assert changes is None or all(isinstance(word, str) and word for word in changes)


# A claim that negates its own word says what the opposite says: "isn't required" for
# "optional". Each: the passage, the faithful answer, the answer with the negation dropped.
_NEGATED_OPPOSITES = [
    (
        "Mobile phones are forbidden during lessons.",
        "Mobile phones are not allowed during lessons.",
        "Mobile phones are allowed during lessons.",
    ),
    (
        "Side effects such as nausea are common in older patients.",
        "Nausea is not uncommon in older patients.",
        "Nausea is uncommon in older patients.",
    ),
    (
        "The pool is closed on Mondays.",
        "The pool is not open on Mondays.",
        "The pool is open on Mondays.",
    ),
    (
        "Homework is optional for students in year 7.",
        "Homework is not required for year 7 students.",
        "Homework is required for year 7 students.",
    ),
    (
        "Remote work is optional for staff in the London office.",
        "Remote work isn't required for London office staff.",
        "Remote work is required for London office staff.",
    ),
]


@pytest.mark.parametrize(
    ("passage", "faithful", "changed"),
    _NEGATED_OPPOSITES,
    ids=["not-allowed", "not-uncommon", "not-open", "not-required", "isnt-required"],
)
def test_a_negated_opposite_says_what_the_evidence_says(
    passage: str, faithful: str, changed: str
) -> None:
    assert_both_ways(faithful, changed, [passage], rules=STRICT)


@pytest.mark.parametrize(
    ("passage", "lie", "faithful"),
    [
        (
            "Windows support was dropped in version 3.0.",
            "Windows support was added in version 3.0.",
            "Windows support was removed in version 3.0.",
        ),
        (
            "Children's books are exempt from late fees.",
            "Children's books are subject to late fees.",
            "Children's books are exempt from any late fees.",
        ),
        (
            "The road was widened in 1975.",
            "The road was narrowed in 1975.",
            "In 1975 the road was widened.",
        ),
    ],
    ids=["dropped", "exempt", "widened"],
)
def test_no_span_is_located_that_says_the_opposite_word(
    passage: str, lie: str, faithful: str
) -> None:
    assert locate([passage], lie) is None
    assert locate([passage], faithful) is not None


# Quantifier, frequency and exclusivity words, and opposites said in other words: the passage,
# a faithful restatement (a careful model's synonyms), and the word swapped.
_QUANTIFIERS = [
    (
        "Each device comes with a two-year warranty.",
        "Every device comes with a two-year warranty.",
        "Some devices come with a two-year warranty.",
    ),
    (
        "Most patients feel better within a week.",
        "The majority of patients feel better within a week.",
        "All patients feel better within a week.",
    ),
    (
        "Refunds are always issued to the original payment method.",
        "Refunds are issued to the original payment method without exception.",
        "Refunds are sometimes issued to the original payment method.",
    ),
    (
        "Flights from the island are sometimes delayed in winter.",
        "Flights from the island are occasionally delayed in winter.",
        "Flights from the island are always delayed in winter.",
    ),
    (
        "Claims are typically processed within ten working days.",
        "Claims are usually processed within ten working days.",
        "Claims are rarely processed within ten working days.",
    ),
    (
        "The welcome discount applies only to the first order.",
        "The welcome discount applies solely to the first order.",
        "The welcome discount applies to each order.",
    ),
    (
        "Only use the supplied charger to charge the device.",
        "Use only the supplied charger to charge the device.",
        "Any charger can be used to charge the device.",
    ),
    (
        "Both doses are needed for full protection.",
        "Full protection needs both doses.",
        "Full protection needs either dose.",
    ),
    (
        "Both a photo ID and the admission letter must be shown at the door.",
        "Candidates must show both a photo ID and the admission letter at the door.",
        "Candidates must show either a photo ID or the admission letter at the door.",
    ),
    (
        "Towels are provided free of charge.",
        "Towels are provided at no charge.",
        "Towels are provided for a fee.",
    ),
    (
        "Parking in the town centre is free on Sundays.",
        "Parking in the town centre costs nothing on Sundays.",
        "Parking in the town centre costs extra on Sundays.",
    ),
    (
        "Serious side effects are rare.",
        "Serious side effects are uncommon.",
        "Serious side effects are not uncommon.",
    ),
    (
        "Mobile phones are not allowed in classrooms.",
        "Mobile phones are not permitted in classrooms.",
        "Mobile phones are permitted in classrooms.",
    ),
    (
        "Sale items cannot be returned.",
        "Items on sale cannot be returned.",
        "Sale items are returnable.",
    ),
]


@pytest.mark.parametrize(
    ("passage", "faithful", "changed"),
    _QUANTIFIERS,
    ids=[
        "each-some",
        "most-all",
        "always-sometimes",
        "sometimes-always",
        "usually-rarely",
        "only-each",
        "only-any",
        "both-either",
        "both-and",
        "free-fee",
        "costs-nothing",
        "not-uncommon",
        "not-permitted",
        "returnable",
    ],
)
def test_a_quantifier_or_frequency_word_swapped_is_caught(
    passage: str, faithful: str, changed: str
) -> None:
    assert_both_ways(faithful, changed, [passage], rules=STRICT)


_FREQUENCY = {
    "always": ("always", "invariably"),
    "usually": ("usually", "typically", "generally", "normally", "often", "frequently"),
    "sometimes": ("sometimes", "occasionally"),
    "rarely": ("rarely", "seldom"),
    "never": ("never",),
}


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from([(c, w) for c, ws in _FREQUENCY.items() for w in ws]),
    st.sampled_from([(c, w) for c, ws in _FREQUENCY.items() for w in ws]),
    st.sampled_from(["Trains from Leeds", "The night buses", "Deliveries to the island"]),
)
def test_a_frequency_word_is_read_against_every_other_class(
    said: tuple[str, str], shown: tuple[str, str], subject: str
) -> None:
    """Words of one class restate each other; "always" and "never" clash with every other
    class, and "usually" with "rarely" ("sometimes" is left to the judge against "usually"
    and "rarely"), except a claim's "usually" for the evidence's "always": a hedge of it."""
    found = contrast(f"{subject} are {said[1]} late in winter.", f"{subject} are {shown[1]} late.")
    classes = {said[0], shown[0]}
    expected = len(classes) == 2 and (
        bool(classes & {"always", "never"}) or classes == {"usually", "rarely"}
    )
    expected = expected and (said[0], shown[0]) != ("usually", "always")
    assert (found is not None) == expected, (said, shown, found)


# A word of a name ("the Irish Open", "the Rising Stars Cup", "the Lower Thames Fund") says
# nothing the claim's opposite word is against; the same word outside a name still is.
@pytest.mark.parametrize(
    ("claim", "named", "plain"),
    [
        (
            "Berg shot a closing 66 to win.",
            "Berg shot a final-round 66 to win the Irish Open.",
            "Berg shot an opening 66 to win.",
        ),
        (
            "Attendance fell to 4,000 this year.",
            "Attendance at the Rising Stars Cup was 4,000 this year, down from 5,200.",
            "Attendance rose to 4,000 this year.",
        ),
        (
            "The fund's grant rose to £5,000.",
            "The grant from the Lower Thames Fund went to £5,000 this year, up from £3,000.",
            "The grant from the fund was lowered to £5,000 this year.",
        ),
    ],
)
def test_a_word_of_a_name_is_no_opposite(claim: str, named: str, plain: str) -> None:
    assert contrast(claim, named) is None
    assert contrast(claim, plain) is not None
    assert verify(claim, [named], judge=quoting(named), rules=STRICT).passed
    assert not verify(claim, [plain], judge=quoting(plain), rules=STRICT).passed


# An opinion reversed: what a review summary says of a thing, swapped for its opposite.
_APPRAISALS = [
    (
        "The fridge is noisy at night.",
        "The fridge is loud at night.",
        "The fridge is quiet at night.",
    ),
    ("The tent was easy to pitch.", "The tent was simple to pitch.", "The tent was hard to pitch."),
    ("Lunch there is cheap.", "Lunch there is inexpensive.", "Lunch there is expensive."),
    (
        "The sound quality is excellent.",
        "The sound quality is great.",
        "The sound quality is poor.",
    ),
    (
        "Critics praised the soundtrack.",
        "Critics praised its soundtrack.",
        "Critics complained about the soundtrack.",
    ),
    ("The frame feels flimsy.", "The frame feels fragile.", "The frame feels sturdy."),
    (
        "The display is bright outdoors.",
        "The display is bright outdoors.",
        "The display is dim outdoors.",
    ),
    (
        "Refunds are processed quickly.",
        "Refunds are processed quickly.",
        "Refunds are processed slowly.",
    ),
    ("The manual is clear.", "The manual is clear.", "The manual is confusing."),
    ("The pockets are small.", "The pockets are small.", "The pockets are large."),
]


@pytest.mark.parametrize(("passage", "faithful", "changed"), _APPRAISALS)
def test_an_opinion_reversed_is_caught(passage: str, faithful: str, changed: str) -> None:
    assert_both_ways(faithful, changed, [passage], rules=STRICT)


# A side of a thing swapped for the other: the front and the rear of it.
@pytest.mark.parametrize(
    ("passage", "faithful", "changed"),
    [
        (
            "The front brake of the bike is broken.",
            "The bike's front brake is broken.",
            "The bike's rear brake is broken.",
        ),
        (
            "Passengers must board through the rear door.",
            "Passengers board through the rear door.",
            "Passengers board through the front door.",
        ),
    ],
)
def test_a_side_swapped_for_the_other_is_caught(passage: str, faithful: str, changed: str) -> None:
    assert_both_ways(faithful, changed, [passage])


# Age and medal ranks swapped: "the oldest winner" for "the youngest", "won gold" for "silver".
@pytest.mark.parametrize(
    ("passage", "faithful", "changed"),
    [
        (
            "Marsh, who is 71, is the oldest winner in the prize's history.",
            "At 71, Marsh is the prize's oldest ever winner.",
            "At 71, Marsh is the prize's youngest ever winner.",
        ),
        (
            "She won the silver medal in the marathon at the 2016 Asian Games.",
            "She won silver in the marathon at the 2016 Asian Games.",
            "She won gold in the marathon at the 2016 Asian Games.",
        ),
        (
            "He took bronze in the 400 metres at the 2019 championships.",
            "He won bronze in the 400 metres at the 2019 championships.",
            "He won silver in the 400 metres at the 2019 championships.",
        ),
    ],
)
def test_a_rank_swapped_for_its_opposite_is_caught(
    passage: str, faithful: str, changed: str
) -> None:
    assert_both_ways(faithful, changed, [passage])


def test_an_age_comparison_told_from_the_other_side_is_no_contrast() -> None:
    assert contrast("Maria is younger than Tom.", "Tom is older than Maria.") is None
    assert contrast("Tom is younger than Maria.", "Tom is older than Maria.") is not None


# "since" before a time is a preposition: "the highest since 1992" is one clause, so its year
# is no clause of its own that the claim's fact would be read in instead.
@pytest.mark.parametrize("since", ["1992", "March", "the 1990s", "early 2010"])
def test_a_record_since_a_time_reversed_is_caught(since: str) -> None:
    passage = f"Early results indicate that turnout was around 68%, the highest since {since}."
    assert_both_ways(
        f"Early results suggest turnout was around 68%, the highest since {since}.",
        f"Early results suggest turnout was around 68%, the lowest since {since}.",
        [passage],
    )


def test_since_before_a_clause_still_opens_one() -> None:
    # "since demand grew" is a reason, a clause of its own: its "grew" is no word of the
    # claim's fact.
    assert contrast("Prices rose.", "Prices fell since demand grew.") is not None


TERM_DATES = (
    "Summer term 2026\n- Term starts: Monday 13 April\n- Bank holiday (school closed): Monday 4 "
    "May\n- Half term: Monday 25 May \u2013 Friday 29 May"
)


@pytest.mark.parametrize("day", ["Monday 4 May", "4 May", "Monday 4 June"])
def test_a_labels_date_is_when_its_fact_holds_not_a_fact_of_its_own(day: str) -> None:
    # "Monday 4 May" after the colon says when the school is closed: the opposite in the label
    # is about the claim's day, whichever month (stop 67: "May" is a term beside a day).
    passage = TERM_DATES.replace("Monday 4 May", day)
    quote = f"- Bank holiday (school closed): {day}"
    lie = f"{day} 2026 is a bank holiday but the school is open."
    result = verify(lie, [passage], judge=quoting(quote))
    assert [v.rule for v in result.claim_verdicts] == ["opposites"]
    assert verify(
        f"{day} 2026 is a bank holiday and the school is closed.", [passage], judge=quoting(quote)
    ).passed
