"""A bound that points the other way on the same number is another value.

"You must be 16 or younger" states the passage's 16, but as an upper bound where "Applicants
must be at least 16 years old." gives a lower one: ``number-clash`` (strict) holds a claim's
bound to the evidence's (text/bounds.py). Every way a careful paraphrase writes the same bound
passes.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_judges import quoting
from pytest_faithful import Label, verify
from pytest_faithful.text.bounds import LOWER, UPPER, bound_senses, without_bounds
from pytest_faithful.text.number_clash import flipped_bound, number_clash
from pytest_faithful.text.specifics import unstated
from pytest_faithful.text.terms import content_terms

# (passage sentence, honest paraphrases of its bound, the bound the other way)
FAMILY = [
    (
        "Applicants must be at least 16 years old to open a Teen Saver account.",
        [
            "You must be 16 or older to open a Teen Saver account.",
            "A Teen Saver account has a minimum age of 16.",
            "Applicants must be no younger than 16 years old.",
        ],
        [
            "You must be 16 or younger to open a Teen Saver account.",
            "A Teen Saver account has a maximum age of 16.",
            "Applicants must be under 16 years old.",
        ],
    ),
    (
        "Each club may register up to 16 players for the tournament.",
        [
            "A club can register at most 16 players for the tournament.",
            "Clubs may register no more than 16 players for the tournament.",
            "Clubs may register 16 or fewer players for the tournament.",
        ],
        [
            "A club must register at least 16 players for the tournament.",
            "Clubs may register 16 or more players for the tournament.",
        ],
    ),
    (
        "Unused items can be returned within 14 days of delivery.",
        [
            "Unused items can be returned no later than 14 days after delivery.",
            "Unused items can be returned in the first 14 days after delivery.",
        ],
        [
            "Unused items can be returned after 14 days of delivery.",
            "Unused items can be returned at least 14 days after delivery.",
        ],
    ),
    (
        "Claims must be submitted by 5 pm on Friday.",
        [
            "Claims must be submitted before 5 pm on Friday.",
            "Claims are due no later than 5 pm on Friday.",
        ],
        [
            "Claims must be submitted after 5 pm on Friday.",
            "Claims are due no earlier than 5 pm on Friday.",
        ],
    ),
    (
        "Transfers of more than $10,000 are subject to a $25 fee.",
        [
            "A $25 fee applies to transfers above $10,000.",
            "Transfers exceeding $10,000 carry a $25 fee.",
        ],
        [
            "A $25 fee applies to transfers under $10,000.",
            "Transfers of less than $10,000 carry a $25 fee.",
        ],
    ),
    (
        "Checked bags over 23 kg incur a fee of $75.",
        ["Checked bags heavier than 23 kg incur a fee of $75."],
        [
            "Checked bags lighter than 23 kg incur a fee of $75.",
            "Checked bags below 23 kg incur a fee of $75.",
        ],
    ),
    (
        # A negated bound bounds what is allowed the other way.
        "Do not take more than 4 tablets in 24 hours.",
        ["Take at most 4 tablets in 24 hours.", "Take up to 4 tablets in 24 hours."],
        ["Take at least 4 tablets in 24 hours."],
    ),
    (
        # "without" negates its object, not the bound.
        "Take 200 to 400 mg, not exceeding 1,200 mg per day without medical supervision.",
        ["The maximum daily dose without medical supervision is 1,200 mg."],
        ["The minimum daily dose without medical supervision is 1,200 mg."],
    ),
    (
        "Vehicles on the campus road must not exceed 20 mph.",
        ["Vehicles on the campus road may go no faster than 20 mph."],
        ["Vehicles on the campus road must go faster than 20 mph."],
    ),
    # The same number and unit bounded both ways, by two sentences: the one about the claim's
    # subject decides ("weigh ... at least 23 kg" is not stated by "bags over 23 kg").
    (
        "Checked bags must weigh no more than 23 kg. Bags over 23 kg incur a fee of $75.",
        ["A checked bag can weigh up to 23 kg."],
        ["A checked bag must weigh at least 23 kg."],
    ),
    # A word that forbids is a negation: "over 160 Wh are forbidden" is "up to 160 Wh allowed".
    (
        "Power banks over 160 Wh are forbidden on board.",
        [
            "Power banks above 160 Wh are not allowed on board.",
            "Power banks of up to 160 Wh are allowed on board.",
        ],
        [
            "Power banks of up to 160 Wh are forbidden on board.",
            "Power banks over 160 Wh are allowed on board.",
        ],
    ),
    (
        "Carrying more than 10 litres of fuel in a private car is illegal.",
        ["You may not carry more than 10 litres of fuel in a private car."],
        ["You may not carry less than 10 litres of fuel in a private car."],
    ),
    # A negation anywhere in the bound's clause turns it over, in the passive too.
    (
        "Children under 12 should not take this medicine.",
        ["This medicine should not be taken by children under 12."],
        ["This medicine should not be taken by children over 12."],
    ),
    # A negation in the next sentence turns no bound over, after "p.m." too.
    (
        "Returns are accepted within 14 days of delivery. Gift cards cannot be exchanged.",
        ["Returns are accepted up to 14 days after delivery."],
        ["Returns are accepted after 14 days from delivery."],
    ),
    (
        "The shop is open until 5 p.m. It does not open on Sundays.",
        ["The shop is open no later than 5 p.m."],
        ["The shop is open after 5 p.m."],
    ),
    # A negation in another clause ("because ...") turns no bound over.
    (
        "Liz: I can't, I'm working until 6.",
        ["Liz can't come because she is working until 6."],
        ["Liz can't come because she is working after 6."],
    ),
    # A moment's bound on a period counted back from an event bounds the period the other way.
    (
        "Tenants must give notice no later than 30 days before moving out.",
        ["Tenants must give at least 30 days' notice before moving out."],
        ["Tenants must give at most 30 days' notice before moving out."],
    ),
    (
        "Bookings can be cancelled no earlier than 14 days before departure.",
        ["Bookings can be cancelled at most 14 days before departure."],
        ["Bookings can be cancelled at least 14 days before departure."],
    ),
]
HONEST = [(p, h) for p, honest, _ in FAMILY for h in honest]
FLIPPED = [(p, lie) for p, _, lies in FAMILY for lie in lies]


@pytest.mark.parametrize(("passage", "claim"), HONEST)
def test_the_same_bound_written_another_way_is_no_other_value(passage: str, claim: str) -> None:
    assert number_clash(claim, passage) is None


@pytest.mark.parametrize(("passage", "claim"), FLIPPED)
def test_a_bound_the_other_way_is_another_value(passage: str, claim: str) -> None:
    clash = number_clash(claim, passage)
    assert clash is not None
    assert "bound of" in clash.stated
    assert clash.shown[0].startswith(("a lower bound", "an upper bound"))


def test_number_clash_demotes_a_flipped_bound_under_strict() -> None:
    passage = FAMILY[0][0]
    judge = quoting(passage)
    assert verify(FAMILY[0][1][0], [passage], judge=judge, rules="strict").passed
    result = verify(FAMILY[0][2][0], [passage], judge=judge, rules="strict")
    (verdict,) = result.claim_verdicts
    assert verdict.label is Label.NOT_ENOUGH_INFO
    assert verdict.rule == "number-clash"
    assert (
        "the evidence gives a lower bound of 16 where the claim states an upper" in verdict.reason
    )


@pytest.mark.parametrize(("passage", "claim"), [*HONEST[::3], *FLIPPED[::3]])
def test_standard_demotes_a_bound_the_passages_give_only_the_other_way(
    passage: str, claim: str
) -> None:
    # A judge that is right never writes a flipped bound: under the default policy too
    # (``unstated-specifics``), read against every passage, whatever the judge quoted. The
    # ``opposites`` rule runs first and catches the bound whose verb is flipped ("forbidden"
    # for "allowed") by that word.
    result = verify(claim, [passage], judge=quoting(passage), rules="standard")
    flipped = (passage, claim) in FLIPPED
    assert result.passed is not flipped
    if flipped:
        (verdict,) = result.claim_verdicts
        assert verdict.rule in ("unstated-specifics", "opposites")
        assert ("bound of" if verdict.rule == "unstated-specifics" else "where the claim says") in (
            verdict.reason
        )


_LOWER_FORMS = [
    "at least {}",
    "no fewer than {}",
    "more than {}",
    "over {}",
    "above {}",
    "{} or more",
    "a minimum of {}",
    "{} and over",
    "no less than {}",
]
_UPPER_FORMS = [
    "up to {}",
    "at most {}",
    "no more than {}",
    "under {}",
    "less than {}",
    "below {}",
    "{} or fewer",
    "{} or less",
    "a maximum of {}",
    "fewer than {}",
]
_SENSES = st.sampled_from([(LOWER, f) for f in _LOWER_FORMS] + [(UPPER, f) for f in _UPPER_FORMS])
_AMOUNTS = st.tuples(st.integers(1, 9999), st.sampled_from(["", " kg", " days", " GB", " players"]))


@settings(max_examples=40, deadline=None)
@given(_AMOUNTS, _SENSES, _SENSES, st.booleans())
def test_bounds_are_read_and_compared_by_their_sense(
    amount: tuple[int, str], claimed: tuple[str, str], shown: tuple[str, str], negated: bool
) -> None:
    n, unit = amount
    frame = "Members of the rowing club {}may bring {} to the regatta."
    claim = frame.format("", claimed[1].format(f"{n}{unit}"))
    evidence = frame.format("not " if negated else "", shown[1].format(f"{n}{unit}"))
    assert bound_senses(claim) == {str(n): frozenset({claimed[0]})}
    shown_sense = shown[0] if not negated else ({LOWER, UPPER} - {shown[0]}).pop()
    assert bound_senses(evidence) == {str(n): frozenset({shown_sense})}
    clash = number_clash(claim, evidence)
    assert (clash is None) == (claimed[0] == shown_sense)
    # Blanked, a bound's words go and its number stays.
    for text in (claim, evidence):
        blanked = without_bounds(text)
        assert not bound_senses(blanked)
        assert str(n) in content_terms(blanked)


# (passage, a bound said the same way with other words, the same bound flipped)
SAID_ALIKE = [
    (
        "Do not take more than 2 tablets at a time.",
        "Take at most 2 tablets at a time.",
        "Take at least 2 tablets at a time.",
    ),
    (
        "Tenants must give at least 30 days' notice before moving out.",
        "Tenants must give 30 or more days' notice before moving out.",
        "Tenants must give 30 or fewer days' notice before moving out.",
    ),
    (
        "The speed limit on the campus road is 20 mph.",
        "Drivers may go no faster than 20 mph on the campus road.",
        None,
    ),
]


@pytest.mark.parametrize(("passage", "honest", "flipped"), SAID_ALIKE)
def test_a_bound_said_alike_is_no_negation_nor_opposite(
    passage: str, honest: str, flipped: str | None
) -> None:
    # strict: "not ... more than" is "at most", "or more" is "at least"; "no faster than"
    # negates nothing the passage states.
    judge = quoting(passage)
    assert verify(honest, [passage], judge=judge, rules="strict").passed
    if flipped is not None:
        (verdict,) = verify(flipped, [passage], judge=judge, rules="strict").claim_verdicts
        assert verdict.label is Label.NOT_ENOUGH_INFO


# A bound the evidence's value of the same thing meets is no other value; one it misses is.
MET = [
    ("A 2022 study of 382,535 adults found a lower risk.", "A study of more than 380,000 adults"),
    ("The firm employs 1,512 people in Leeds.", "The firm employs over 1,500 people in Leeds."),
    ("The bridge is 1,988 metres long.", "The bridge is under 2,000 metres long."),
]
MISSED = [
    ("A 2022 study of 382,535 adults found a lower risk.", "A study of more than 390,000 adults"),
    ("The firm employs 1,512 people in Leeds.", "The firm employs under 1,500 people in Leeds."),
    ("The bridge is 1,988 metres long.", "The bridge is over 2,000 metres long."),
]


@pytest.mark.parametrize(("evidence", "claim"), MET)
def test_a_bound_the_evidence_value_meets_is_no_other_value(evidence: str, claim: str) -> None:
    assert number_clash(claim, evidence) is None


@pytest.mark.parametrize(("evidence", "claim"), MISSED)
def test_a_bound_the_evidence_value_misses_is_another_value(evidence: str, claim: str) -> None:
    assert number_clash(claim, evidence) is not None


# One number bounding two things opposite ways in the passage ("up to 4 times", "at least 4
# hours"): the claim's bound is held to the passage's bound on the same thing (the word after
# its number), whichever sentence says more of the claim's words.
_TWO_THINGS = (
    "The usual dose of paracetamol for adults is one or two 500 mg tablets up to {n} times in "
    "24 hours. Always leave at least {n} hours between doses."
)
_DOSES = "Adults can take one or two 500 mg paracetamol tablets {bound} a day"


@pytest.mark.parametrize("rules", ["standard", "strict"])
@pytest.mark.parametrize("n", [2, 3, 4, 6])
def test_a_number_bounding_two_things_is_held_to_the_bound_on_the_claim_s_thing(
    n: int, rules: str
) -> None:
    passage = _TWO_THINGS.format(n=n)
    judge = quoting(passage)  # both sentences, as a judge quoting the two most alike does
    times = ["", "one", "two", "three", "four", "five", "six"][n]
    faithful = _DOSES.format(bound=f"up to {times} times") + (
        f", leaving at least {n} hours between doses."
    )
    flipped = _DOSES.format(bound=f"at least {n} times") + "."
    assert verify(faithful, [passage], judge=judge, rules=rules).passed, faithful
    assert not verify(flipped, [passage], judge=judge, rules=rules).passed, flipped


# A limit written as a noun ("a limit of $75", "capped at $75") is a bound of its own, no value
# a claim's bound holds: "up to $100 a day" widens it. A value ("costs $75 a day") still meets
# a bound above it.
@settings(max_examples=25, deadline=None)
@given(
    limit=st.integers(min_value=5, max_value=900),
    wider=st.integers(min_value=1, max_value=500),
    form=st.sampled_from(["up to a limit of", "a maximum of", "capped at", "limited to"]),
)
def test_a_bound_wider_than_a_stated_limit_is_unstated(limit: int, wider: int, form: str) -> None:
    claim = f"Meals are reimbursed up to ${limit + wider} per day."
    limited = [f"Meals are reimbursed {form} ${limit} per day, excluding tips."]
    assert unstated(claim, claim, limited, frozenset({"number"})) == [str(limit + wider)]
    valued = [f"Meals are reimbursed at ${limit} per day, excluding tips."]
    assert unstated(claim, claim, valued, frozenset({"number"})) == []


# "just over 42 km" says near 42 km, as "about" does, and "just under 5%" near and below 5%:
# neither is a bound any value past the figure meets ("just over 24 km" is no 42.195 km).
@pytest.mark.parametrize("rules", ["standard", "strict"])
@pytest.mark.parametrize(
    ("passage", "faithful", "changed"),
    [
        (
            "The marathon is 42.195 kilometres long.",
            "A marathon is just over 42 kilometres long.",
            "A marathon is just over 24 kilometres long.",
        ),
        (
            "Unemployment fell from 5.1% to 4.9% in March.",
            "Unemployment fell slightly in March, to just under 5%.",
            "Unemployment fell slightly in March, to just under 3%.",
        ),
        (
            "The survey reached 1,030 households.",
            "The survey reached slightly more than 1,000 households.",
            "The survey reached slightly more than 100 households.",
        ),
    ],
)
def test_a_figure_just_past_the_passage_s_value_is_near_it(
    passage: str, faithful: str, changed: str, rules: str
) -> None:
    assert verify(faithful, [passage], judge=quoting(passage), rules=rules).passed
    assert not verify(changed, [passage], judge=quoting(passage), rules=rules).passed


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=20, max_value=5000), st.sampled_from(["just over", "just under"]))
def test_just_over_or_under_a_figure_is_held_near_it(value: int, hedge: str) -> None:
    passage = f"The park has {value} trees."
    far = value * 3
    claim = f"The park has {hedge} {far} trees."
    assert unstated(claim, claim, [passage]) == [str(far)]


# A bound written the passage's way, where only a negation after the passage's turns it over:
# the claim holding a negation elsewhere says the same ("No permit is needed ... because it's
# under 60 cm"); without one, it is the bound the other way ("You need a permit for a deck under
# 60 cm").
DECKS = (
    "You need a building permit to construct a deck that is more than 60 cm above ground. "
    "Decks lower than 60 cm do not require a permit but must still meet setback rules."
)


@pytest.mark.parametrize(
    ("claim", "flipped"),
    [
        ("No permit is needed for a 40 cm deck because it's under 60 cm.", False),
        ("A deck doesn't need a permit when it is under 60 cm high.", False),
        ("You need a permit for a deck under 60 cm.", True),
        ("Decks over 60 cm do not require a permit.", True),
    ],
)
def test_a_bound_as_written_with_its_negation_elsewhere(claim: str, flipped: bool) -> None:
    assert (flipped_bound(claim, [DECKS, "Decks of 40 cm are common."]) is not None) is flipped


# A negation that is not the bound's: a "no" after a preposition negates its own noun ("at no
# charge"), "Not if ..." answers no to what its condition excepts, and an "unless" clause
# states the bound the negation before it excepts. Each beside the bound the other way, which
# is still read as one.
@pytest.mark.parametrize(
    ("passage", "claim", "sense"),
    [
        (
            "Economy passengers may check one bag weighing up to 23 kg free of charge.",
            "You can check one bag of up to 23 kg at no charge.",
            UPPER,
        ),
        (
            "Economy passengers may check one bag weighing up to 23 kg free of charge.",
            "You can check one bag of at least 23 kg at no charge.",
            LOWER,
        ),
        (
            "Applicants must achieve at least 6.5 overall, with no component below 6.0.",
            "You need at least 6.5 overall with no component under 6.0.",
            LOWER,
        ),
        (
            "Your pharmacist can supply it without a prescription to women aged 16 and over.",
            "Not if you're 16 or over: a pharmacist can supply it without a prescription.",
            LOWER,
        ),
        (
            "Your pharmacist can supply it without a prescription to women aged 16 and over.",
            "Not if you're under 16: a pharmacist can supply it without a prescription.",
            UPPER,
        ),
        (
            "Part-time students are not eligible for a maintenance loan unless their course "
            "intensity is at least 25% of a full-time course.",
            "Only if your course intensity is at least 25% of a full-time course.",
            LOWER,
        ),
        (
            "Part-time students are not eligible for a maintenance loan unless their course "
            "intensity is at least 25% of a full-time course.",
            "Only if your course intensity is at most 25% of a full-time course.",
            UPPER,
        ),
    ],
)
def test_a_negation_of_something_else_turns_no_bound_over(
    passage: str, claim: str, sense: str
) -> None:
    number = next(t for t in bound_senses(claim) if t != "6")  # 6.0 is the other bound
    assert bound_senses(claim)[number] == {sense}
    agrees = bound_senses(passage)[number] == {sense}
    assert (number_clash(claim, passage) is None) is agrees


def test_fail_to_turns_a_bound_over_as_a_negation_does() -> None:
    passage = "Raj Patel argues that most active managers fail to beat the market over 15 years."
    judge = quoting(passage)
    claim = "Raj Patel argued that most active managers don't beat the market over 15 years."
    assert verify(claim, [passage], judge=judge).passed


@pytest.mark.parametrize(
    ("passage", "honest", "lie"),
    [
        (
            "Patients must not drive within 24 hours of the sedation.",
            "You shouldn't drive for at least 24 hours after the sedation.",
            "You shouldn't drive for at least 12 hours after the sedation.",
        ),
        (
            "Freshly laid concrete must not be walked on within 48 hours of pouring.",
            "Don't walk on fresh concrete for at least 48 hours after it is poured.",
            "Don't walk on fresh concrete for more than 48 hours after it is poured.",
        ),
    ],
)
def test_how_long_not_to_is_a_lower_bound_on_the_wait(passage: str, honest: str, lie: str) -> None:
    # "not ... for at least N hours" says how long to refrain: no bound turned over by the
    # negation, where "not ... for more than N" still bounds the act from above.
    assert bound_senses(honest) == bound_senses(passage)
    assert bound_senses(lie) != bound_senses(passage)
    judge = quoting(passage)
    assert verify(honest, [passage], judge=judge).passed
    assert not verify(lie, [passage], judge=judge, rules="strict").passed
