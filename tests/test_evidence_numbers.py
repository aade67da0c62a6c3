"""Evidence that gives another value for a claim's number supports nothing.

A judge may call "Returns are accepted within 60 days." SUPPORTED and show the real sentence
"Returns are accepted within 30 days.", or a span of two sentences whose other one mentions 60
days about something else. The specifics rule passes the claim (60 days is in the passage) and
the span bears on it; what the span says about the claim's subject is another value.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evidence_judges import quoting
from pytest_faithful import Label, verify
from pytest_faithful.rules.number_clash import OTHER_VALUE_NOTE
from pytest_faithful.text.evidence import locate
from pytest_faithful.text.kinds import number_kinds
from pytest_faithful.text.number_clash import NumberClash, number_clash

RETURNS = "Returns are accepted within 30 days. Gift cards last 60 days."

STRICT = "strict"
"""These tests hold a rule of the strict policy; the standard one leaves it out for
model judges (benchmarks/RESULTS.md, "Verdict rules, both ways")."""


@pytest.mark.parametrize(
    ("claim", "evidence", "stated", "shown"),
    [
        ("Returns are accepted within 60 days.", RETURNS, "60", ("30",)),
        (
            "The museum opened in 1998.",
            "The museum opened in 1985. It was renovated in 1998.",
            "1998",
            ("1985",),
        ),
        (
            "The battery lasts 12 hours.",
            "The battery lasts 8 hours. Charging takes 12 hours.",
            "12",
            ("8",),
        ),
        (
            "The team has 15 engineers.",
            "The team has 12 engineers. It shipped 15 releases.",
            "15",
            ("12",),
        ),
        (
            "The plan costs $20 per month.",
            "The plan costs $10 per month. Add-ons cost $20.",
            "20",
            ("10",),
        ),
        ("The summit is on 3 March.", "The summit is held on 4 March.", "3", ("4",)),
        ("The store opens at 10am.", "The store opens at 9am.", "10:00", ("9:00",)),
        # The same digits at another scale.
        ("Revenue was $30 billion.", "Revenue was $30 million.", "30", ("30 million",)),
        ("The city has 30 residents.", "The city has 30 million residents.", "30", ("30 million",)),
        # The same digits in another unit of the same measure.
        ("The event lasts 3 weeks.", "The event lasts 3 days in total.", "3", ("3 day",)),
        ("The lake covers 60 sq km.", "The lake covers 60 square miles.", "60", ("60 mile",)),
        ("The file is 5 GB.", "The file is 5 megabytes.", "5", ("5 megabyte",)),
    ],
    ids=[
        "days",
        "year",
        "hours",
        "count",
        "money",
        "date",
        "time",
        "scale",
        "scaled",
        "unit",
        "unit-abbreviated",
        "unit-spelled",
    ],
)
def test_another_value_of_the_same_kind_clashes(
    claim: str, evidence: str, stated: str, shown: tuple[str, ...]
) -> None:
    assert number_clash(claim, evidence) == NumberClash(stated, shown)


@pytest.mark.parametrize(
    ("claim", "evidence"),
    [
        # The claim's number, said where the claim's words are.
        (
            "The museum was renovated in 1998.",
            "The museum opened in 1985. It was renovated in 1998.",
        ),
        # A claim joined from two sentences, one number from each.
        ("The plan costs $10 and includes 30 users.", "The plan costs $10. It includes 30 users."),
        # A value the claim also states is no other value; a name said once does not make
        # the sentence with the other figure the one about the claim's.
        (
            "Capital One reported earnings per share of $6.86 in the quarter and earned "
            "$3.1 billion.",
            "Earnings per share in the quarter were $6.86. In the third quarter, Capital One "
            "earned $3.1 billion or $6.78 per diluted common share.",
        ),
        # Numbers of other kinds are values of other things.
        ("You can email us 24/7.", "Email support is open around the clock. Phones open at 9am."),
        ("Delivery takes 3 days.", "Orders over $50 ship free in 3 days."),
        ("In 2019, sales rose 5%.", "Sales rose 5% in 2019 after a 2018 dip."),
        # A year range said two ways.
        ("It happens in the 2018-19 academic year.", "It happens in the 2018-2019 academic year."),
        # A scale written two ways; a lone "m" is metres unless it follows a currency.
        ("Revenue was $30bn last year.", "Revenue was $30 billion last year."),
        ("Revenue was $5m.", "Revenue was $5 million."),
        ("The lake is 5 m deep.", "The lake is 5 m deep and 2 km wide."),
        # A count with no unit says what it counts nowhere.
        ("3 of them passed.", "Only 2 failed."),
        # One unit written two ways, or with a word between; units of other measures.
        (
            "It weighs 5 kg and ships in 2 days.",
            "It weighs 5 kilograms and ships in 2 business days.",
        ),
        ("It has a 12-month warranty.", "The warranty lasts 12 months."),
        ("The trip is 100 km.", "The coach drives at 100 km/h for the whole trip."),
        ("The course lasts 10 weeks.", "The 10-week course has 3 hours of lectures a week."),
    ],
    ids=[
        "stated",
        "joined",
        "claim-values",
        "other-kinds",
        "other-unit",
        "year-and-percent",
        "year-range",
        "scale-spelled",
        "scale-abbreviated",
        "metres",
        "plain",
        "unit-spelled",
        "unit-hyphened",
        "other-measure",
        "units-of-each",
    ],
)
def test_no_clash(claim: str, evidence: str) -> None:
    assert number_clash(claim, evidence) is None


_ROLE = "He will replace Ms Price, who stepped down in March after six years in the role."


@pytest.mark.parametrize(
    ("claim", "evidence", "clash"),
    [
        # An age ("67-year-old", "67 years old", "aged 67") is no value of a span of years.
        (
            "The 67-year-old will replace Ms Price in March.",
            f"Mr Hale, 67, was named. {_ROLE}",
            None,
        ),
        ("Hale, 67 years old, will replace Ms Price.", f"Mr Hale, 67, was named. {_ROLE}", None),
        (
            "A man aged 34 was jailed for eight years.",
            "A 34-year-old man was jailed for eight years.",
            None,
        ),
        ("A 34-year-old was jailed.", "The man, who is 34, was jailed for eight years.", None),
        ("The six-month-old puppy was found.", "The puppy, lost for 2 months, was found.", None),
        # Another age is another value; so is another span of years beside an age.
        (
            "A 43-year-old man was jailed.",
            "A 34-year-old man was jailed for eight years.",
            ("43", ("34",)),
        ),
        (
            "A man aged 43 was jailed.",
            "A 34-year-old man was jailed for eight years.",
            ("43", ("34",)),
        ),
        (
            "The 34-year-old was jailed for 6 years.",
            "The 34-year-old was jailed for 8 years.",
            ("6", ("8",)),
        ),
    ],
)
def test_an_age_is_a_value_of_age_only(
    claim: str, evidence: str, clash: tuple[str, tuple[str, ...]] | None
) -> None:
    assert number_clash(claim, evidence) == (None if clash is None else NumberClash(*clash))


_PIECES = [
    "a",
    "b",
    " ",
    "0",
    "1",
    "9",
    "$",
    "%",
    ".",
    ",",
    "-",
    ":",
    "/",
    "\n",
    "am",
    " days",
    " weeks",
    " km/h",
    "m",
    " million",
]
_TEXT = st.lists(st.sampled_from([*_PIECES, " March", " 2019", " the museum"]), max_size=30).map(
    "".join
)


@given(_TEXT, _TEXT)
def test_number_clash_reads_any_text(claim: str, evidence: str) -> None:
    clash = number_clash(claim, evidence)
    if clash is not None:
        assert clash.shown  # a clash always names the value the evidence gives instead
        assert clash.stated not in clash.shown


@given(_TEXT)
def test_a_text_never_clashes_with_itself(text: str) -> None:
    assert number_clash(text, text) is None


def test_a_quote_with_another_value_is_no_evidence() -> None:
    result = verify(
        "Returns are accepted within 60 days.",
        [RETURNS],
        rules=STRICT,
        judge=quoting("Returns are accepted within 30 days."),
    )
    (verdict,) = result.claim_verdicts
    assert verdict.judge_label is Label.SUPPORTED
    assert verdict.label is Label.NOT_ENOUGH_INFO
    assert "the evidence gives 30 where the claim states 60" in verdict.reason
    assert not result.passed


@pytest.mark.parametrize(
    ("passage", "claim", "stated"),
    [
        (
            RETURNS,
            "Returns are accepted within 60 days.",
            "Returns are accepted within 30 days.",
        ),
        (
            "The festival lasts 3 days in total. Tickets cost $40.",
            "The festival lasts 3 weeks in total.",
            "The festival lasts 3 days.",
        ),
    ],
    ids=["number-from-the-neighbour", "another-unit"],
)
def test_no_span_with_another_value_is_located(passage: str, claim: str, stated: str) -> None:
    assert locate([passage], claim) is None
    result = verify(claim, [passage], rules=STRICT, judge=quoting(""))
    assert [v.label for v in result.claim_verdicts] == [Label.NOT_ENOUGH_INFO]
    assert locate([passage], stated) is not None


def test_a_quote_with_another_value_is_replaced_by_the_span_that_states_the_claim() -> None:
    """A judge that quotes the sentence before the one it read: the span that states the
    claim's number is shown, and the claim stands."""
    passage = "The museum opened in 1985 on the river. The museum was renovated in 1998."
    result = verify(
        "The museum was renovated in 1998.",
        [passage],
        rules=STRICT,
        judge=quoting("The museum opened in 1985 on the river."),
    )
    (verdict,) = result.claim_verdicts
    assert verdict.label is Label.SUPPORTED
    assert verdict.evidence == "The museum was renovated in 1998."
    assert verdict.alignment is not None
    assert verdict.alignment.method == "located"
    assert verdict.reason.startswith(OTHER_VALUE_NOTE)


def test_a_quote_of_the_wrong_figure_gives_way_to_the_sentence_that_states_the_claims() -> None:
    """Small models quote a sentence about the claim's subject that gives another of its
    figures. When a passage states the claim's value about it as much, the claim stands,
    shown with that sentence (on fresh dev data, demoting such claims lost faithful answers)."""
    passage = (
        "Moderna reported fourth-quarter revenue of $5.1bn, down from $6.6bn a year earlier. "
        "For the full year of 2023, Moderna expects vaccine sales contracted for delivery of $5bn."
    )
    result = verify(
        "Moderna expects vaccine sales of $5bn in 2023.",
        [passage],
        rules=STRICT,
        judge=quoting("Moderna reported fourth-quarter revenue of $5.1bn, down from $6.6bn"),
    )
    (verdict,) = result.claim_verdicts
    assert verdict.label is Label.SUPPORTED
    assert verdict.reason.startswith(OTHER_VALUE_NOTE)
    assert verdict.evidence.startswith("For the full year of 2023")


# One price list as a table in each form a retriever hands over: a row is a record of its own.
PLAN_ROWS = (("Starter", "$9/month"), ("Pro", "$20/month"), ("Business", "$45/month"))
TABLES = {
    "markdown": "| # | Plan | Price |\n|---|---|---|\n"
    + "\n".join(f"| {i} | {n} | {p} |" for i, (n, p) in enumerate(PLAN_ROWS, 1)),
    "pipes": "# | Plan | Price\n"
    + "\n".join(f"{i} | {n} | {p}" for i, (n, p) in enumerate(PLAN_ROWS, 1)),
    "tabs": "#\tPlan\tPrice\n"
    + "\n".join(f"{i}\t{n}\t{p}" for i, (n, p) in enumerate(PLAN_ROWS, 1)),
    "csv": "id,plan,price\n" + "\n".join(f"{i},{n},{p}" for i, (n, p) in enumerate(PLAN_ROWS, 1)),
    "html": "<table><tr><th>Plan</th><th>Price</th></tr>\n"
    + "\n".join(f"<tr><td>{n}</td><td>{p}</td></tr>" for n, p in PLAN_ROWS)
    + "</table>",
}


def _row(table: str, name: str) -> str:
    return next(line for line in table.split("\n") if name in line)


@pytest.mark.parametrize("form", TABLES)
def test_a_value_from_another_row_of_a_table_is_no_value_of_the_claims(form: str) -> None:
    """ "The Pro plan costs $45 per month." quoting the Pro row: the Business row states $45,
    but of the Business plan. Neither a span across the two rows is located for it, nor does
    the Business row stand in for the quoted one."""
    table = TABLES[form]
    lie = "The Pro plan costs $45 per month."
    assert locate([table], lie) is None
    result = verify(lie, [table], rules=STRICT, judge=quoting(_row(table, "Pro")))
    (verdict,) = result.claim_verdicts
    assert verdict.label is Label.NOT_ENOUGH_INFO
    assert verdict.rule == "number-clash"
    # A judge that quoted the wrong row for a true claim still has it shown with the right one.
    honest = verify(
        "The Business plan costs $45 per month.",
        [table],
        rules=STRICT,
        judge=quoting(_row(table, "Pro")),
    )
    assert honest.passed
    assert honest.claim_verdicts[0].evidence == _row(table, "Business").strip()


# A medal table in each form: the rows' numbers count medals only under the header.
MEDAL_ROWS = (("Norway", "37", "12"), ("Germany", "27", "4"), ("Canada", "26", "9"))
MEDAL_TABLES = {
    "markdown": "| Country | Medals | Rank |\n|---|---|---|\n"
    + "\n".join(f"| {' | '.join(row)} |" for row in MEDAL_ROWS),
    "pipes": "Country | Medals | Rank\n" + "\n".join(" | ".join(row) for row in MEDAL_ROWS),
    "tabs": "Country\tMedals\tRank\n" + "\n".join("\t".join(row) for row in MEDAL_ROWS),
    "csv": "country,medals,rank\n" + "\n".join(",".join(row) for row in MEDAL_ROWS),
    "html": "<table><tr><th>Country</th><th>Medals</th><th>Rank</th></tr>\n"
    + "\n".join(f"<tr><td>{'</td><td>'.join(row)}</td></tr>" for row in MEDAL_ROWS)
    + "</table>",
}


@pytest.mark.parametrize("form", MEDAL_TABLES)
@pytest.mark.parametrize(
    ("claim", "passes"),
    [
        ("Canada won 26 medals.", True),
        ("Canada won 27 medals.", False),  # Germany's count: another row's value
        ("Canada won 12 medals.", False),  # Norway's rank: another column, another row
    ],
)
def test_a_rows_value_is_read_with_its_columns_name(form: str, claim: str, passes: bool) -> None:
    """ "Canada | 26" gives no unit for 26: under "Medals" it counts medals, and another count
    of medals is another value for the claim's."""
    table = MEDAL_TABLES[form]
    result = verify(claim, [table], rules=STRICT, judge=quoting(_row(table, "Canada")))
    assert result.passed is passes
    if not passes:
        assert result.claim_verdicts[0].rule == "number-clash"


TIMETABLE = "Train | Departs | Arrives\nIC 208 | 08:15 | 10:40\nRE 12 | 08:45 | 11:30"


@pytest.mark.parametrize(
    ("claim", "passes"),
    [
        ("The RE 12 departs at 08:45.", True),
        ("The RE 12 arrives at 11:30.", True),
        ("The RE 12 departs at 08:15.", False),  # the IC 208's time: a record named by number
        ("The RE 12 arrives at 10:40.", False),
    ],
)
def test_a_row_quoted_for_another_rows_value_is_no_evidence(claim: str, passes: bool) -> None:
    row = "RE 12 | 08:45 | 11:30"
    result = verify(claim, [TIMETABLE], rules=STRICT, judge=quoting(row))
    assert result.passed is passes


LISTING = "A three-bedroom semi-detached house with two bathrooms, a garden and a garage."


# A number the evidence writes as a count of another thing ("three-bedroom") is not the claim's
# count of bathrooms; a value the answer writes as a label's ("**Bathrooms:** 3", as a list or a
# card in an answer writes one) counts what the label names. Numbers in words are read as digits.
@pytest.mark.parametrize(
    ("faithful", "changed"),
    [
        ("The house has 2 bathrooms.", "The house has 3 bathrooms."),
        ("The house has three bedrooms.", "The house has 4 bedrooms."),
        ("**Bathrooms:** 2", "**Bathrooms:** 3"),
        ("- Bedrooms: 3", "- Bedrooms: 2"),
        ("Bathrooms: two", "Bathrooms: 3"),
    ],
)
def test_a_count_of_another_thing_is_no_value_of_the_claims(faithful: str, changed: str) -> None:
    judge = quoting(LISTING)
    assert verify(faithful, [LISTING], judge=judge, rules="strict").passed, faithful
    result = verify(changed, [LISTING], judge=judge, rules="strict")
    assert not result.passed, changed
    assert result.claim_verdicts[0].rule == "number-clash"


MATCH = (
    "Rovers moved up to fourth in League One with a 2-0 win over Town on Saturday. "
    "Town stay 11th, five points behind the play-off places."
)


# A score is told as a score and a place as a place: the "5" of "five points" is no side of the
# claim's "5-0", the "4" of "fourth" none of its "4-0", and the "2" of "2-0" no place ("up to
# 2nd" is a place, not a bound that "fourth" meets). Each changed form takes its number from
# another place in the passage, so only the number rule catches it.
@pytest.mark.parametrize(
    ("faithful", "changed"),
    [
        ("Rovers beat Town 2-0 on Saturday.", "Rovers beat Town 5-0 on Saturday."),
        ("Town lost 2-0 to Rovers.", "Town lost 4-0 to Rovers."),
        ("Rovers are now fourth in League One.", "Rovers are now fifth in League One."),
        ("The 2-0 win took Rovers up to 4th.", "The 2-0 win took Rovers up to 2nd."),
    ],
)
def test_a_score_or_a_place_is_no_value_of_another_form(faithful: str, changed: str) -> None:
    judge = quoting(MATCH.split(". ")[0] + ".")
    assert verify(faithful, [MATCH], judge=judge, rules=STRICT).passed, faithful
    result = verify(changed, [MATCH], judge=judge, rules=STRICT)
    assert not result.passed, changed
    assert result.claim_verdicts[0].rule == "number-clash"


@given(st.integers(0, 199), st.integers(0, 199))
def test_a_score_counts_down_and_a_range_counts_up(one: int, other: int) -> None:
    high, low = max(one, other), min(one, other)
    kinds = number_kinds(f"They won {high}-{low} at home.")
    assert kinds[str(high)] == kinds[str(low)] == {"score"}
    if low < high:  # "3-5 days" is a range of days, not a score
        ranges = number_kinds(f"Delivery takes {low}-{high} days.")
        assert ranges[str(low)] == ranges[str(high)] == {"unit:day"}


def test_a_result_s_score_bears_on_a_claim_of_that_result() -> None:
    report = "Anchor Inn led 5-2 after the doubles but Green Lane won both triples to draw 6-6."
    judge = quoting(report)
    assert verify("It ended 6-6.", [report], judge=judge).passed
    assert not verify("It ended 7-5.", [report], judge=judge).passed
    assert not verify("It ended 3-3.", [report], judge=judge).passed
    assert not verify("It ended 2-2.", [report], judge=judge).passed  # its figures, not its score
    # A range of days is no score: "3-5" in both says nothing of a claim of no other word.
    days = "Orders ship in 3-5 days from the warehouse in Leeds."
    assert not verify("It takes 3-5.", [days], judge=quoting(days)).passed
