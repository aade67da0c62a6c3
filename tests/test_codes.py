"""Short codes and numeric dates, both ways.

A grade, a rating, a seat, a model number or a label's number is read whole: a passage's code
passes in any standard form an answer gives it ("Tier II" for "Tier 2", "BA 117" for "BA117",
"USB Type-C" for "USB-C", "O negative" for "O-"), and one changed letter, sign or digit is
caught, where the number and name readings, which read a code by its parts, let it pass. A
date with a year in numbers is stated by the same day in any form, and caught a day off.
"""

from __future__ import annotations

import datetime

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from evidence_judges import assert_both_ways, quoting, quoting_the_best_passage
from pytest_faithful import Label, verify
from pytest_faithful.text.codes import read_dates, unstated_codes

PASSAGES = [
    "The flat has an EPC rating C and is in council tax Band D. Viewings are on 12-May-2025.",
    "Your flight BA117 leaves from gate B12 on 2025-06-03. Your seat is 14C. The phone charges "
    "over USB-C and is rated IP68. The Acme RX-200 router has model code RX200-EU.",
    "Maria was promoted to pay grade B+ and is on Level 3; her visa is Tier 2. S&P rates the "
    "bank AA-. The donor's blood type is O-. Harbour Point is a Class F building with parking "
    "in Zone C. Tom scored an A* in Maths. The follow-up visit is on 11/05/2025.",
]
JUDGE = quoting_the_best_passage()

# form: (an honest answer, the same answer with its code changed, what the reason names)
CODES = {
    "a rating letter": (
        "The flat has an EPC rating of C.",
        "The flat has an EPC rating of B.",
        "B",
    ),
    "a band letter": (
        "The flat is in council tax Band D.",
        "The flat is in council tax Band E.",
        "E",
    ),
    "a grade with a sign": ("Maria is on pay grade B+.", "Maria is on pay grade B.", "B"),
    "a credit rating": ("S&P rates the bank AA-.", "S&P rates the bank AA+.", "AA+"),
    "a starred grade": ("Tom scored an A* in Maths.", "Tom scored an A in Maths.", "A"),
    "a blood type in words": (
        "The donor's blood type is O negative.",
        "The donor's blood type is O positive.",
        "O+",
    ),
    "a seat": ("Your seat is 14C.", "Your seat is 14D.", "14D"),
    "a flight number spaced": ("Your flight is BA 117.", "Your flight is BA118.", "118"),
    "a model code": ("Its model code is RX200-EU.", "Its model code is RX200-US.", "RX200-US"),
    "a model hyphen dropped": (
        "The router is the Acme RX200.",
        "The router is the Acme RX300.",
        "300",
    ),
    "a connector in another form": (
        "The phone charges over USB Type-C.",
        "The phone charges over USB-A.",
        "USB-A",
    ),
    "a label's Roman number": (
        "Maria holds a Tier II visa.",
        "Maria holds a Tier 3 visa.",
        "Tier 3",
    ),
    "a label's Roman number for its digits": (
        "Maria is on Level III of the programme.",
        "Maria is on Level II of the programme.",
        "Level II",
    ),
    "a label's number": ("Maria is on Level 3.", "Maria is on Level 2.", "Level 2"),
    "a class letter": (
        "Harbour Point is a Class F building.",
        "Harbour Point is a Class C building.",
        "Class C",
    ),
    "a numeric date as ISO": (
        "Viewings are on 2025-05-12.",
        "Viewings are on 2025-05-13.",
        "13",
    ),
    "an ISO date in words": (
        "The flight leaves on 3 June 2025.",
        "The flight leaves on 2025-06-12.",
        "2025-06-12",
    ),
    "a numeric date": (
        "The follow-up visit is on 11/05/2025.",
        "The follow-up visit is on 05/11/2025.",
        "05/11/2025",
    ),
}


@pytest.mark.parametrize("form", sorted(CODES))
def test_a_code_the_passages_state_passes_and_a_changed_one_is_caught(form: str) -> None:
    honest, changed, named = CODES[form]
    result = verify(honest, PASSAGES, judge=JUDGE)
    assert result.passed, result.explanation
    result = verify(changed, PASSAGES, judge=JUDGE)
    assert not result.passed
    [demoted] = [v for v in result.claim_verdicts if v.label is not Label.SUPPORTED]
    assert named in demoted.reason


@pytest.mark.parametrize(
    "answer",
    [
        "A 2021 study found the effect.",  # the article
        "Q: How long? A: Returns take 30 days.",  # labels
        "Waterproof: N/A.",
        "Returns are accepted within 30 days [KB-1042].",  # a cited source
        "Store it below 25°C (77°F).",
        "The company raised $5M from 10 investors.",  # an amount with its scale
        "Revenue rose in Q3 and FY2024.",
        # capitals joined by "&" are one name, no grade: "A&E", "R&D", "Q&A", "M&S"
        "Waiting times in A&E rose.",
        "The R&D budget and the Q&A session were cut at M&S.",
        "Revenue rose in Q1-Q3 and in FY2022-FY2024.",  # ranges of periods
    ],
)
def test_what_is_no_code_is_not_held_to_the_passages(answer: str) -> None:
    assert unstated_codes(answer, answer, PASSAGES) == []


_FISCAL = (
    "There is authorized to be appropriated $50,000,000 for each of fiscal years 2020 through 2024."
)


# A range of periods written short is the periods' numbers, not a code: stated by the passage's
# years in words, and caught with a year changed.
@pytest.mark.parametrize(
    ("faithful", "changed"),
    [
        ("FY2020-FY2024", "FY2020-FY2029"),
        ("FY2020-2024", "FY2020-2027"),
        ("FY20-FY24", "FY21-FY24"),
    ],
)
@pytest.mark.parametrize("rules", [None, "strict"])
def test_a_range_of_fiscal_years_is_its_years(
    faithful: str, changed: str, rules: str | None
) -> None:
    answer = "The bill authorizes $50 million a year for {}."
    assert_both_ways(answer.format(faithful), answer.format(changed), [_FISCAL], rules)


_PREFIX = st.text("ABCDEFGHJKLMNPRSTUVWXYZ", min_size=1, max_size=3)
_DIGITS = st.integers(min_value=10, max_value=9999).map(str)


@settings(max_examples=30)
@given(_PREFIX, _DIGITS, st.sampled_from(["", " ", "-"]), st.data())
def test_a_code_is_stated_in_any_spacing_and_not_with_a_character_changed(
    prefix: str, digits: str, gap: str, data: st.DataObject
) -> None:
    # "FY10" is a fiscal year, read as its words: its number is the numbers' reading to report.
    assume(prefix != "FY")
    passage = [f"Your booking is {prefix}{gap}{digits} for two."]
    claim = f"The booking is {prefix}{digits}."
    assert unstated_codes(claim, claim, passage) == []
    at = data.draw(st.integers(min_value=0, max_value=len(prefix) - 1))
    other = data.draw(st.sampled_from([c for c in "ABCDEFGHJKLMNPRSTUVWXYZ" if c != prefix[at]]))
    changed = prefix[:at] + other + prefix[at + 1 :]
    assume(changed != "FY")  # "GY10" changed to "FY10": a fiscal year, read as its words
    # the changed letters are stated apart, so that only the whole code tells them apart
    passage.append(f"Section {changed} applies.")
    claim = f"The booking is {changed}{digits}."
    assert unstated_codes(claim, claim, passage) == [f"{changed}{digits}"]


# A code joined to a word that says what is done with it is the code: stated by a passage that
# writes the code apart, and caught with a character changed.
@pytest.mark.parametrize(
    ("passage", "honest", "changed"),
    [
        ("Copy it to a USB drive formatted as FAT32.", "a FAT32-formatted drive", "FAT16"),
        ("The parts are certified to ISO9001.", "ISO9001-certified parts", "ISO9002"),
        ("The video is encoded as H264.", "an H264-encoded video", "H265"),
        ("The port is USB3 and nothing else.", "a USB3-only port", "USB2"),
        ("Both models have a B12 chip.", "a B12-powered chip", "B14"),
    ],
)
@pytest.mark.parametrize("rules", [None, "strict"])
def test_a_code_joined_to_a_word_is_the_code(
    passage: str, honest: str, changed: str, rules: str | None
) -> None:
    answer = "The guide says to use {}."
    code = next(word for word in honest.split() if "-" in word).split("-")[0]
    lie = honest.replace(code, changed)
    assert_both_ways(answer.format(honest), answer.format(lie), [passage], rules)


_FORMS = ("{d:%Y-%m-%d}", "{d.day} {d:%B %Y}", "{d:%B} {d.day}, {d.year}", "{d.day}-{d:%b-%Y}")


@settings(max_examples=30)
@given(
    st.dates(min_value=datetime.date(1990, 1, 1), max_value=datetime.date(2040, 12, 31)),
    st.sampled_from(_FORMS),
    st.sampled_from((*_FORMS, "{d:%d/%m/%Y}", "{d:%d.%m.%Y}")),
    st.sampled_from([-1, 1, 7]),
)
def test_a_date_is_stated_in_any_form_and_not_a_day_off(
    day: datetime.date, written: str, claimed: str, shift: int
) -> None:
    passage = [f"The visit is on {written.format(d=day)}."]
    claim = f"The visit is on {claimed.format(d=day)}."
    stated, missing = read_dates(claim, passage)
    assert missing == []
    assert stated
    other = day + datetime.timedelta(days=shift)
    claim = f"The visit is on {claimed.format(d=other)}."
    stated, missing = read_dates(claim, passage)
    if (other.month, other.day) != (day.day, day.month):  # a numeric date read the other way
        assert missing == [claim[16:-1]]


# A number a passage writes only as the number of a part (a statute's section, paragraph or
# item) states no amount: "within three years" for "paragraph (3)(C)" and "Not later than 2
# years" is caught, and the part's own number ("Section 3") and the amount still pass.
_STATUTE = (
    "SEC. {part}. REPORT. (a) In General.--Not later than {years} years after the date of "
    "enactment, the Comptroller General shall report on the loans under paragraph ({item})(C)."
)


@settings(max_examples=20, deadline=None)
@given(st.integers(min_value=2, max_value=9), st.integers(min_value=2, max_value=9), st.data())
def test_a_part_s_number_states_no_amount(part: int, years: int, data: st.DataObject) -> None:
    item = data.draw(st.integers(min_value=2, max_value=9).filter(lambda n: n not in (part, years)))
    passage = [_STATUTE.format(part=part, years=years, item=item)]
    for faithful in (
        f"The Comptroller General must report within {years} years.",
        f"Section {part} requires a report on the loans under paragraph ({item})(C).",
    ):
        assert verify(faithful, passage, judge=JUDGE).passed, faithful
    if part != years:
        for label in (part, item):
            changed = f"The Comptroller General must report within {label} years."
            result = verify(changed, passage, judge=JUDGE)
            assert not result.passed, changed
            [verdict] = result.claim_verdicts
            assert "only as the number of a part" in verdict.reason


def test_an_age_group_is_its_number_not_a_code() -> None:
    passage = "Young people under 18 need a referral from their GP or school."
    judge = quoting(passage)
    assert verify("Under-18s need a referral from their GP.", [passage], judge=judge).passed
    result = verify("Under-16s need a referral from their GP.", [passage], judge=judge)
    assert [v.rule for v in result.claim_verdicts] == ["unstated-specifics"]


def test_a_model_code_in_the_plural_is_the_code_a_passage_states() -> None:
    passages = ["The darkroom has two Durst M605 enlargers for 35mm and medium format."]
    judge = quoting_the_best_passage()
    said = "The darkroom has two Durst M605s, for 35mm and medium format."
    assert verify(said, passages, judge=judge).passed
    assert not verify(said.replace("M605s", "M606s"), passages, judge=judge).passed
    assert not verify(said.replace("M605s", "M60s"), passages, judge=judge).passed
