"""Years an answer works out from the passages' years (text/elapsed.py): a span, an age or a
century the passages' years give is stated; one shifted off them is not."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_faithful.text.elapsed import elapsed
from pytest_faithful.text.specifics import unstated

LIFE = (
    "Ada Brook was born on 3 March 1950 in Leeds. She joined the Harlow Trust in 1978.",
    "Brook chaired the Harlow Trust from 1990 to 1998. The trust moved to York in 2004.",
    "The Harlow Trust was founded in 1852 and closed in 2011.",
)

# (claim, its number, honest?) - each honest form beside the same form shifted.
FORMS = [
    ("Brook chaired the Harlow Trust for eight years.", "8", True),
    ("Brook chaired the Harlow Trust for six years.", "6", False),
    ("The trust moved to York in 2004, six years after Brook stepped down.", "6", True),
    ("The trust moved to York in 2004, four years after Brook stepped down.", "4", False),
    ("She joined the Harlow Trust in 1978 and became its chair twelve years later.", "12", True),
    ("She joined the Harlow Trust in 1978 and became its chair ten years later.", "10", False),
    ("She joined the Harlow Trust in 1978, aged 28.", "28", True),
    ("She joined the Harlow Trust in 1978, aged 31.", "31", False),
    ("The Harlow Trust was founded in the mid-19th century.", "19", True),
    ("The Harlow Trust was founded in the early 19th century.", "19", False),
    ("The trust was founded in 1852 and closed in 2011, nearly 12 decades later.", "12", False),
    ("The trust was founded in 1852 and closed in 2011, about 16 decades later.", "16", True),
    # An age at death beside the year of it: "died in 2011 at around 61".
    ("Brook died in 2011 at around 61.", "61", True),
    ("Brook died in 2011 at around 64.", "64", False),
    # An age hedged before "when": "was about 28 when".
    ("She was about 28 when she joined the Harlow Trust in 1978.", "28", True),
    ("She was about 25 when she joined the Harlow Trust in 1978.", "25", False),
]


@pytest.mark.parametrize(("claim", "term", "honest"), FORMS)
def test_worked_out_years_are_stated_and_shifted_ones_are_not(
    claim: str, term: str, honest: bool
) -> None:
    assert elapsed(term, claim, LIFE) is honest
    assert (term in unstated(claim, claim, LIFE, frozenset({"number"}))) is not honest


@given(start=st.integers(1800, 1990), gap=st.integers(2, 30), off=st.integers(1, 5))
def test_a_span_is_the_difference_of_its_own_two_years(start: int, gap: int, off: int) -> None:
    passages = (f"The mill opened in {start} and was sold in {start + gap}.",)
    assert elapsed(str(gap), f"The mill was sold {gap} years after it opened.", passages)
    wrong = gap + off
    assert not elapsed(str(wrong), f"The mill was sold {wrong} years after it opened.", passages)


# Two passages, one about each thing (a multi-document answer): the year of "It opened in
# 1966" is the thing's its sentence before names; an age's event is not its birth sentence.
TWO = (
    "The Ponte Almada is a suspension bridge over the Tagus estuary. It opened in 1966.",
    "The Ponte do Freixo crosses the Douro in Porto. The bridge opened in 1995.",
    "Ilse Marenholt (born 4 June 1941 in Lübeck) is a German film director.",
    "Harbour of Glass is a 1987 drama film directed by Ilse Marenholt.",
    "The mill moved to Saltaire Road in 1889. Edward Harwick died in 1894.",
)
ACROSS = [
    ("The Ponte Almada opened 29 years before the Ponte do Freixo.", "29", True),
    ("The Ponte Almada opened 19 years before the Ponte do Freixo.", "19", False),
    ("The Ponte do Freixo is nearly three decades newer than the Tagus bridge.", "3", True),
    ("The Ponte do Freixo is nearly five decades newer than the Tagus bridge.", "5", False),
    ("Its director was 46 when the film came out.", "46", True),
    ("Its director was 52 when the film came out.", "52", False),
    ("The film came out when its director was about 46.", "46", True),
    ("The film came out when its director was about 40.", "40", False),
    # A sentence that places its own event lends the next none of its words.
    ("The mill moved to Saltaire Road in 1889, five years after Edward Harwick died.", "5", False),
]


@pytest.mark.parametrize(("claim", "term", "honest"), ACROSS)
def test_years_of_one_passage_per_thing_are_read_with_the_thing_named(
    claim: str, term: str, honest: bool
) -> None:
    assert elapsed(term, claim, TWO) is honest


# A passage names a century's part in words, and each of two centuries it joins.
CENTURIES = (
    "The mill dates from the middle of the 15th century.",
    "Its style arose in the late 19th and early 20th centuries.",
    "The chapel was built at the end of the 12th century.",
)
PARTS = [
    ("The mill dates from the mid-1400s.", "1400s", True),
    ("The mill dates from the late 1400s.", "1400s", False),
    ("its style arose in the late 1800s and early 1900s .", "1800s", True),
    ("Its style arose in the early 1800s.", "1800s", False),
    ("Its style arose in the late 1900s.", "1900s", False),
    ("The chapel was built in the late 1100s.", "1100s", True),
    ("The chapel was built in the early 1100s.", "1100s", False),
]


@pytest.mark.parametrize(("claim", "term", "honest"), PARTS)
def test_a_century_part_in_words_and_joined_centuries_are_named(
    claim: str, term: str, honest: bool
) -> None:
    assert elapsed(term, claim, CENTURIES) is honest


_IN_WORDS = {"beginning": "early", "start": "early", "middle": "mid", "end": "late"}


@given(
    n=st.integers(11, 19),
    said=st.sampled_from(sorted(_IN_WORDS)),
    part=st.sampled_from(["early", "mid", "late"]),
    joined=st.booleans(),
)
def test_a_part_said_in_words_holds_the_claim_to_that_part(
    n: int, said: str, part: str, joined: bool
) -> None:
    """ "the end of the 12th century" is its late part; "the late 19th and early 20th
    centuries" names the late 19th; a claim's other part of it is not stated."""
    if joined:
        passage = f"It dates from the {_IN_WORDS[said]} {n}th and early {n + 1}th centuries."
    else:
        passage = f"It dates from the {said} of the {n}th century."
    hundreds = f"{n - 1}00s"
    claim = f"It dates from the {part} {hundreds}."
    assert elapsed(hundreds, claim, [passage]) is (_IN_WORDS[said] == part)


@pytest.mark.parametrize(
    ("claim", "term", "honest"),
    [
        ("She lived from 1921 to 1994, so she died at about 72 or 73.", "72", True),
        ("She lived from 1921 to 1994, so she died at about 72 or 73.", "73", True),
        ("She lived from 1921 to 1994, so she died at about 75 or 76.", "75", False),
        ("She lived to 73, dying in 1994.", "73", True),
        ("She lived to 76, dying in 1994.", "76", False),
    ],
)
def test_an_age_at_death_is_read_either_side_of_a_birthday(
    claim: str, term: str, honest: bool
) -> None:
    passages = ("The painter Ines Vaal (1921\u20131994) was born in Ghent.",)
    assert elapsed(term, claim, passages) is honest
    assert (term in unstated(claim, claim, passages, frozenset({"number"}))) is not honest


@pytest.mark.parametrize(
    ("born", "honest"), [("1986", True), ("1985", True), ("1988", False), ("1983", False)]
)
def test_a_year_of_birth_worked_out_from_an_age_the_claim_gives(born: str, honest: bool) -> None:
    passages = ("Tomas Lind was 27 when he won the Vasaloppet in 2013.",)
    claim = f"Lind was born in about {born}: he was 27 when he won the Vasaloppet in 2013."
    assert elapsed(born, claim, passages) is honest
    assert (born in unstated(claim, claim, passages, frozenset({"number"}))) is not honest


def test_an_age_either_side_of_a_birthday_in_years_old() -> None:
    passages = ("The painter Ines Vaal (1921\u20131994) was born in Ghent.",)
    claim = "She died in 1994, about 72 or 73 years old."
    assert elapsed("72", claim, passages)
    assert elapsed("73", claim, passages)
    shifted = "She died in 1994, about 70 or 71 years old."
    assert not elapsed("70", shifted, passages)


def test_the_year_of_an_age_from_a_birth_beside_what_the_claim_does_at_it() -> None:
    passages = (
        "Ynes Mexia was born in Washington, D.C., in 1870. She began collecting plants at the "
        "age of 55 after taking courses at the University of California.",
    )
    claim = "She began collecting plants at age 55, around {}, after university courses."
    assert elapsed("1925", claim.format(1925), passages)
    assert elapsed("1926", claim.format(1926), passages)  # the birthday not yet come
    assert not elapsed("1935", claim.format(1935), passages)
    # Another's birth (a lifespan), or one no sentence beside the claim's event gives, is not it.
    others = (
        "Frank Bartleman (1871-1935) reported on the revival. He was born in 1871 in Carversville.",
        "Seymour was 34 and a student of Charles Parham in Topeka, Kansas.",
    )
    seymour = "In 1905 Seymour, 34 years old, was a student of Charles Parham in Topeka."
    assert not elapsed("1905", seymour, others)


@pytest.mark.parametrize(
    ("claim", "term", "honest"),
    [
        ("She was 67 or 68 when she died in 1939.", "67", True),
        ("She was 67 or 68 when she died in 1939.", "68", True),
        ("She was 65 or 66 when she died in 1939.", "65", False),
        ("She was elected to the council in 1962, aged 30 or 31.", "31", True),
        ("She was elected to the council in 1962, aged 32 or 33.", "33", False),
        ("She came to Port Ellis in 1938, at 6 or 7 (the month is not given).", "6", True),
        ("She came to Port Ellis in 1938, at 8 or 9 (the month is not given).", "9", False),
        (
            "Born in 1871, she died in 1939, so she was 67 or 68 \u2014 no dates are given.",
            "67",
            True,
        ),
        (
            "Born in 1871, she died in 1939, so she was 65 or 66 \u2014 no dates are given.",
            "66",
            False,
        ),
    ],
)
def test_two_ages_a_birthday_apart_in_each_form(claim: str, term: str, honest: bool) -> None:
    passages = (
        "Margaret Hale (1871-1939) was born in Port Ellis.",
        "Hale was born in 1931. She came to Port Ellis in 1938 and was elected to the council "
        "in 1962.",
    )
    if "1939" not in claim:
        passages = passages[1:]
    assert elapsed(term, claim, passages) is honest


@pytest.mark.parametrize(
    ("claim", "term", "honest"),
    [
        (
            "It was patented in 1926 and made for 41 years, which puts the end at 1967.",
            "1967",
            True,
        ),
        (
            "It was patented in 1926 and made for 41 years, which puts the end at 1977.",
            "1977",
            False,
        ),
        # The span moved with the year lands on no span a passage writes.
        (
            "It was patented in 1926 and made for 42 years, which puts the end at 1968.",
            "1968",
            False,
        ),
        ("Goods traffic ended in 1962, four years before passengers in 1966.", "1962", True),
        ("Goods traffic ended in 1961, five years before passengers in 1966.", "1961", False),
    ],
)
def test_a_year_is_another_moved_by_a_span_a_passage_writes(
    claim: str, term: str, honest: bool
) -> None:
    passages = (
        "1926: the Sentinel lock is patented. It stays in production for 41 years.",
        "Passenger trains stopped in 1966; goods traffic had ended four years before.",
    )
    assert elapsed(term, claim, passages) is honest
