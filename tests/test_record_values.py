"""A business record retold in words: a value counts what its key names ("stars": 4.5 is a
rating, not a count of the next key's reviews), Yelp's hours ("11:0-22:0") are times of day,
a negation does not govern the next predicate of a list of features ("has no TVs, and is good
for groups"), and "TVs" names what "TV" does. Each both ways: the faithful overview passes
under strict, the one with its figure or its yes changed is caught."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evidence_judges import WITH_NAMES, quoting
from pytest_faithful import verify
from pytest_faithful.text.kinds import number_kinds

SHOP = json.dumps(
    {
        "name": "Casa Lupita",
        "postal_code": "85705",
        "stars": 4.5,
        "review_count": 312,
        "hours": {"Monday": "11:0-22:0", "Saturday": "7:0-19:30"},
        "attributes": {"HasTV": "False", "RestaurantsGoodForGroups": "True", "WiFi": "u'no'"},
        "review_info": [{"review_stars": 4.0, "review_text": "Great tacos."}],
    }
)

# (faithful overview, the same with one figure or feature changed)
PAIRS = [
    ("Casa Lupita is rated 4.5 stars from 312 reviews.", "Casa Lupita is rated 3.5 stars."),
    ("Casa Lupita has 312 reviews and 4.5 stars.", "Casa Lupita has 321 reviews and 4.5 stars."),
    ("On Mondays it is open from 11 am to 10 pm.", "On Mondays it is open from 11 am to 11 pm."),
    ("On Saturdays it opens at 7 am and closes at 7:30 pm.", "On Saturdays it opens at 8 am."),
    (
        "Casa Lupita has no TVs, and is good for groups.",
        "Casa Lupita has TVs, and is good for groups.",
    ),
    (
        "It has no Wi-Fi, groups are welcome, and it is rated 4.5 stars.",
        "It has Wi-Fi, groups are welcome, and it is rated 4.5 stars.",
    ),
]


@pytest.mark.parametrize(("faithful", "changed"), PAIRS)
def test_an_overview_of_a_record_passes_and_its_changed_figure_is_caught(
    faithful: str, changed: str
) -> None:
    judge = quoting(SHOP)
    for rules in ("standard", "strict"):
        result = verify(faithful, [SHOP], judge=judge, rules=rules)
        assert result.passed, (rules, [v.reason for v in result.claim_verdicts])
    assert not verify(changed, [SHOP], judge=judge, rules="strict").passed, changed


def test_an_initialisms_plural_is_stated_by_it_and_an_unstated_one_is_not() -> None:
    passage = "Each room has a TV, a desk and two ATM cards."
    judge = quoting(passage)
    assert verify("The rooms have TVs and ATMs.", [passage], judge=judge, rules=WITH_NAMES).passed
    result = verify("The rooms have TVs and DVDs.", [passage], judge=judge, rules=WITH_NAMES)
    assert not result.passed
    assert "DVDs" in result.claim_verdicts[0].reason  # named as the claim writes it


_KEY = st.sampled_from(["stars", "review_count", "price", "rooms", "floor_area", "seats"])


@given(
    fields=st.lists(
        st.tuples(_KEY, st.integers(0, 99999), st.booleans()),
        min_size=2,
        max_size=5,
        unique_by=lambda f: f[0],
    ),
    indent=st.sampled_from([None, 1]),
)
def test_a_records_value_counts_what_its_key_names_never_the_next_key(
    fields: list[tuple[str, int, bool]], indent: int | None
) -> None:
    record = {key: str(value) if quoted else value for key, value, quoted in fields}
    kinds = number_kinds(json.dumps(record, indent=indent))
    for key, value, _ in fields:
        last = key.split("_")[-1]
        found = kinds[str(value)]
        assert not any(k.startswith("unit:") for k in found), (record, found)
        # The value is read as its own key's, unless another field holds the same number.
        if sum(v == value for _, v, _ in fields) == 1:
            assert any(k.startswith("field:") and last.startswith(k[6:]) for k in found) or (
                "year" in found
            ), (record, found)
