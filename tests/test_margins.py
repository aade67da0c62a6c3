"""A margin an answer states against a figure only the passage gives, both ways: the right
margin, the right way round, passes; a changed margin, a changed figure or the wrong way round
("higher" for a cut) is caught."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evidence_judges import assert_both_ways
from pytest_faithful.text.margins import stated_margin

NOISE = (
    "Noise peaked at 74 decibels on Harbour Road on Friday, compared with 66 decibels on Mill Lane."
)
RATE = "The Riksbank lowered its policy rate to 2.75% from 3%, its third cut this year."
CLUB = "This season the club fielded fourteen teams; last season it had eleven."


@pytest.mark.parametrize(
    ("passage", "honest", "lie"),
    [
        (
            NOISE,
            "Harbour Road peaked at 74 decibels on Friday, 8 more than Mill Lane.",
            "Harbour Road peaked at 74 decibels on Friday, 6 more than Mill Lane.",
        ),
        (
            NOISE,
            "Harbour Road peaked at 74 decibels on Friday, 8 more than Mill Lane.",
            "Harbour Road peaked at 74 decibels on Friday, 8 fewer than Mill Lane.",
        ),
        (
            RATE,
            "The Riksbank's policy rate is now 2.75%, a quarter point lower than before.",
            "The Riksbank's policy rate is now 2.75%, a quarter point higher than before.",
        ),
        (
            CLUB,
            "The club fielded fourteen teams this season, three more than last season.",
            "The club fielded fourteen teams this season, four more than last season.",
        ),
        (  # a result's margin from the score a passage gives
            "Ashford Town beat Medway 31-24 on Sunday. Medway led 17-10 at the break.",
            "Ashford Town won by 7 points on Sunday.",
            "Ashford Town won by 9 points on Sunday.",
        ),
        (  # ... in words too
            "Harwood beat Selby 4-1 in the cup final.",
            "Harwood won the cup final by three goals.",
            "Harwood won the cup final by two goals.",
        ),
        (  # a gap in seconds between two race times, to the precision it is written ...
            "Men's 400m final: 1. Okafor 44.91; 2. Lindqvist 45.30. Women's 1500m final: "
            "1. Haddad 4:01.36; 2. Moreno 4:02.52; 3. Ivers 4:03.10.",
            "Moreno was second in 4:02.52, about 1.2 seconds behind Haddad.",
            "Moreno was second in 4:02.52, about 1.6 seconds behind Haddad.",
        ),
        (  # minutes and seconds, beside a gap in seconds
            "Parkrun results: Jo Kerr 21:05, a personal best; last month she ran 21:50.",
            "Jo Kerr ran 21:05, 45 seconds faster than last month.",
            "Jo Kerr ran 21:05, 35 seconds faster than last month.",
        ),
        (  # a gap said before the two race times it is between
            "Sam Ortiz set a new course record of 49:51, beating the previous record of 50:17.",
            "By 26 seconds: he rode 49:51, against the previous record of 50:17.",
            "By 36 seconds: he rode 49:51, against the previous record of 50:17.",
        ),
        (  # a gap between two times the claim writes, from the one set against the other
            "Fastest crew overall: Norwich City RC, 12:48. Last year's winning time was 13:10.",
            "It was faster: 12:48 against last year's 13:10, 22 seconds quicker.",
            "It was faster: 12:48 against last year's 13:10, 22 seconds slower.",
        ),
        (  # ... from the one before the gap, the other after it
            "M21 Elite: 1. Erik Lund 58:14; 2. Jonas Berg 59:02; 3. Pietro Sala 61:40.",
            "Erik Lund won in 58:14, 48 seconds ahead of Jonas Berg (59:02).",
            "Erik Lund won in 58:14, 48 seconds behind Jonas Berg (59:02).",
        ),
        (  # ... or from the nearer, the subject of its clause
            "Results: 2. Australia 6:33.85; 3. Great Britain 6:35.02; 4. Canada 6:36.40.",
            "Australia was second in 6:33.85, and Great Britain third in 6:35.02, about 1.2 "
            "seconds behind.",
            "Australia was second in 6:33.85, and Great Britain third in 6:35.02, about 1.2 "
            "seconds ahead.",
        ),
        (  # ... and the way its word says
            "Women's 1500m final: 1. Haddad 4:01.36; 2. Moreno 4:02.52; 3. Ivers 4:03.10.",
            "Moreno was second in 4:02.52, about 1.2 seconds behind Haddad.",
            "Moreno was second in 4:02.52, about 1.2 seconds ahead of Haddad.",
        ),
    ],
)
def test_a_margin_both_ways(passage: str, honest: str, lie: str) -> None:
    assert_both_ways(honest, lie, [passage])


def test_a_margin_is_against_the_thing_it_names() -> None:
    results = (
        "Results: Ada Moss (Green) 1,410 votes; Ben Hale (Labour) 1,302; Cy Dunn (Reform) 977."
    )
    claim = "Ada Moss won with 1,410 votes, 108 ahead of {}."
    assert stated_margin("108", claim.format("Ben Hale"), [results])
    assert not stated_margin("108", claim.format("Cy Dunn"), [results])


def test_what_is_no_margin() -> None:
    # A year is no figure to measure from; a margin needs its other figure in one sentence.
    assert not stated_margin("3", "Founded in 2021, 3 more than before.", ["In 2021 and 2018."])
    split = ["Riverside had 74 decibels.", "Mill Lane had 66 decibels."]
    assert not stated_margin("8", "Riverside had 74 decibels, 8 more than Mill Lane.", split)


@given(
    st.integers(min_value=10, max_value=900),
    st.integers(min_value=1, max_value=9),
    st.sampled_from(["more", "fewer"]),
)
def test_a_margin_is_read_only_the_way_it_is(base: int, gap: int, way: str) -> None:
    passage = f"Site A counted {base + gap} birds, against {base} birds at Site B."
    claim = f"Site A counted {base + gap} birds, {gap} {way} than Site B."
    assert stated_margin(str(gap), claim, [passage]) is (way == "more")


def test_a_gap_between_two_times_the_claim_writes_needs_no_passage_to_give_both() -> None:
    passages = [
        "Yare's eight finished in 14:05.",
        "The women's course record of 14:19 was set in 2019.",
    ]
    claim = "Yare's 14:05 beat the women's course record of 14:19 by {} seconds."
    assert stated_margin("14", claim.format(14), passages)
    assert not stated_margin("16", claim.format(16), passages)
    assert_both_ways(claim.format(14), claim.format(16), passages)
