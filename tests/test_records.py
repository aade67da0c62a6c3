"""A record's keys (JSON, YAML, ``key: value`` sheets) read as the words they are made of: a
quote of the key bears on the claim that says it in words, and a key set to a no is told from
a claim that states it, both ways."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evidence_judges import quoting
from pytest_faithful import verify
from pytest_faithful.text.records import camel_case_words, yes_or_no_keys

VENUE = json.dumps(
    {
        "name": "Casa Verde",
        "OutdoorSeating": False,
        "GoodForKids": True,
        "EVCharging": True,
        "RestaurantsReservations": "True",
        "wifi_available": "no",
    },
    indent=1,
)

# (quoted key line, what a faithful answer says of it, the same said the other way)
KEYS = [
    (
        '"OutdoorSeating": false',
        "Casa Verde has no outdoor seating.",
        "Casa Verde has outdoor seating.",
    ),
    ('"GoodForKids": true', "Casa Verde is good for kids.", "Casa Verde is not good for kids."),
    ('"EVCharging": true', "Casa Verde has EV charging.", "Casa Verde has no EV charging."),
    (
        '"RestaurantsReservations": "True"',
        "Casa Verde takes reservations.",
        "Casa Verde does not take reservations.",
    ),
    (
        '"wifi_available": "no"',
        "Wifi is not available at Casa Verde.",
        "Wifi is available at Casa Verde.",
    ),
]


@pytest.mark.parametrize(("quote", "faithful", "other_way"), KEYS)
def test_a_keys_line_supports_what_it_says_and_strict_tells_the_other_way(
    quote: str, faithful: str, other_way: str
) -> None:
    judge = quoting(quote)
    for rules in ("standard", "strict"):
        assert verify(faithful, [VENUE], judge=judge, rules=rules).passed, (rules, faithful)
    result = verify(other_way, [VENUE], judge=judge, rules="strict")
    assert not result.passed, other_way
    assert result.claim_verdicts[0].rule == "negation"


def test_words_run_together_outside_a_key_are_not_split() -> None:
    # Web pages run their menus' words together ("MagazineForbes"): that states no magazine.
    assert camel_case_words("BillionairesForbes MagazineForbes Lists") == []
    assert camel_case_words('"MagazineForbes": 1') == ["magazine", "forbes", "magazineforbes"]
    assert camel_case_words("iPhone: 15, eBay: yes") == []


def test_a_no_in_prose_is_not_a_key() -> None:
    assert yes_or_no_keys("Note: none of them ship abroad.") == []
    assert [(k.parts, k.yes) for k in yes_or_no_keys("Refundable: No\nPets: yes")] == [
        (("refundable",), False),
        (("pets",), True),
    ]


_PART = st.sampled_from(["outdoor", "seating", "pets", "allowed", "free", "parking", "wifi"])
# Yelp's Python literals also as the strings of a JSON record: "WiFi": "u'no'".
_YES = st.sampled_from(["true", "True", "yes", "'True'", "u'yes'", '"yes"', "\"u'yes'\""])
_NO = st.sampled_from(["false", "False", "no", "None", "'False'", "u'no'", '"none"', "\"u'none'\""])


@given(
    parts=st.lists(_PART, min_size=1, max_size=3),
    camel=st.booleans(),
    yes=st.booleans(),
    value=st.data(),
    shape=st.sampled_from(['"{k}": {v},', "{k}: {v}\n", "{k}={v};", "'{k}': {v}}}"]),
    prose=st.text(max_size=30),
)
def test_every_yes_or_no_key_is_read_with_its_words(
    parts: list[str], camel: bool, yes: bool, value: st.DataObject, shape: str, prose: str
) -> None:
    key = parts[0] + "".join(p.title() for p in parts[1:]) if camel else "_".join(parts)
    written = value.draw(_YES if yes else _NO)
    text = prose + "\n" + shape.format(k=key, v=written)
    found = [k for k in yes_or_no_keys(text) if k.key == key]
    assert len(found) == 1, text
    assert found[0].yes is yes
    assert found[0].parts == tuple(parts)
    assert text[found[0].start : found[0].end].startswith((key, f'"{key}', f"'{key}"))


CARD_SHEET = (
    "Summary box\n"
    "Purchase rate: 24.9% variable\n"
    "Annual fee: none.\n"
    "- Late payment fee: £12\n"
    "- Exit fees: None\n"
    "Set-up fee: £0\n"
    "Entry/exit charge: None\n"
    "Air conditioning: none (ceiling fan provided)\n"
    "Mrs Okafor: No."
)


@pytest.mark.parametrize(
    ("quote", "faithful", "other_way"),
    [
        ("Annual fee: none.", "There's no annual fee.", "The card has an annual fee."),
        ("- Exit fees: None", "You pay no exit fees.", "Exit fees apply if you leave."),
        ("Annual fee: none.", "The sheet lists the annual fee as none.", "There's an annual fee."),
        (
            "Annual fee: none.",
            'The sheet lists the annual fee as "none".',
            "There's an annual fee.",
        ),
        # a charge set to nothing (stop 67)
        ("Set-up fee: £0", "There's no set-up fee (it's £0).", "There is a set-up fee."),
        ("Set-up fee: £0", "The set-up fee is £0.", "You pay a set-up fee."),
        # a label of words joined by a slash, and a remark in brackets after the none (stop 68)
        ("Entry/exit charge: None", "There's no entry or exit charge.", "There is an exit charge."),
        (
            "Air conditioning: none (ceiling fan provided)",
            "There's no air conditioning; a ceiling fan is provided instead.",
            "The room has air conditioning.",
        ),
    ],
)
def test_a_label_set_to_none_negates_its_words_both_ways(
    quote: str, faithful: str, other_way: str
) -> None:
    judge = quoting(quote)
    assert verify(faithful, [CARD_SHEET], judge=judge).passed, faithful
    result = verify(other_way, [CARD_SHEET], judge=judge)
    assert not result.passed, other_way
    assert result.claim_verdicts[0].rule == "negation"


def test_a_label_of_words_is_read_only_when_none_ends_its_line() -> None:
    labels = [(k.parts, k.yes) for k in yes_or_no_keys(CARD_SHEET)]
    # "Exit fees" is one label, not the key "fees" inside it; a speaker's "No." is no label.
    labels_read = [(("annual", "fee"), False), (("exit", "fees"), False)]
    slashed, remarked = (("entry/exit", "charge"), False), (("air", "conditioning"), False)
    assert labels == [*labels_read, (("set-up", "fee"), False), slashed, remarked]
    assert yes_or_no_keys("Waiting periods: none for preventive care") == []
    # A remark with a figure says what the thing costs: no label set to none.
    assert yes_or_no_keys("Deposit: none (£50 if you pay late)") == []
    # A price of nothing says the thing is free, not that there is none of it.
    assert yes_or_no_keys("Monthly price: £0") == []
    assert yes_or_no_keys("Set-up fee: £0.50") == []
    assert yes_or_no_keys("Note: none of them ship abroad.") == []


@given(
    words=st.lists(
        st.sampled_from(["annual", "exit", "late", "fee", "fees", "charge"]), min_size=2, max_size=4
    ),
    value=st.sampled_from(["none", "None", "NONE", "nil", "Nil"]),
    bullet=st.sampled_from(["", "- ", "* ", "  "]),
    stop=st.sampled_from(["", ".", " "]),
    prose=st.text(max_size=30),
)
def test_every_label_set_to_none_is_read_with_its_words(
    words: list[str], value: str, bullet: str, stop: str, prose: str
) -> None:
    label = " ".join(words).capitalize()
    text = f"{prose}\n{bullet}{label}: {value}{stop}\nMore text."
    found = [k for k in yes_or_no_keys(text) if k.key == label]
    assert len(found) == 1, text
    assert found[0].parts == tuple(words)
    assert found[0].yes is False
