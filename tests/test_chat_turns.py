"""Knowledge-grounded chat turns (Wizard of Wikipedia, CMU-DoG): a casual reply that weaves a
fact or two from a Wikipedia lead or a film's plot, cast and reviews into conversation. Each
reading here is checked both ways: the faithful turn passes, and the same turn with one fact
changed is still caught.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_judges import WITH_NAMES, assert_both_ways
from pytest_faithful.text.elapsed import elapsed
from pytest_faithful.text.kinds import number_kinds
from pytest_faithful.text.name_words import caseless_names, unlisted_word
from pytest_faithful.text.specifics import unstated

_GAPS = [", ", "; ", ". ", "! ", "? "]


@pytest.mark.parametrize("gap", _GAPS)
@pytest.mark.parametrize("word", ["though", "although", "however", "visitors", "Port"])
def test_a_number_takes_no_unit_across_a_clause_break(gap: str, word: str) -> None:
    """ "in 1896, though ..." is a year, not a count of "though"s; the word right after the
    number, with nothing between, is still its unit."""
    assert number_kinds(f"It opened in 1896{gap}{word} came.")["1896"] == {"year"}
    assert number_kinds(f"It sold 300{gap}{word} came.")["300"] == {"plain"}
    assert number_kinds(f"It sold 300 {word.lower()} in all.")["300"] != {"plain"}


@settings(max_examples=30, deadline=None)
@given(
    st.integers(min_value=2, max_value=9999),
    st.sampled_from(_GAPS),
    st.from_regex(r"[a-z]{3,9}", fullmatch=True),
)
def test_no_number_counts_the_word_after_a_clause_break(n: int, gap: str, word: str) -> None:
    kinds = number_kinds(f"They counted {n}{gap}{word} was next.")
    assert not any(k.startswith("unit:") for k in kinds[str(n)])


@pytest.mark.parametrize("verb", ["turned", "opened", "marked", "changed"])
def test_a_year_before_a_verb_is_a_year(verb: str) -> None:
    """ "in 1868 turned the town into a port": a year, whatever verb follows it; a count before
    a word stays a count of it."""
    assert number_kinds(f"The railway in 1868 {verb} the town.")["1868"] == {"year"}
    assert number_kinds("The hospital has 1500 nurses.")["1500"] == {"unit:nurs"}


_MARATHON = [
    "The marathon was one of the original Olympic events in 1896, though the distance did not "
    "become standardized until 1921."
]
_RAILWAY = [
    "The arrival of the railway in 1868 turned the town into a timber port.",
    "Its population was 4,000 in 1860 and 19,000 in 1900.",
]


@pytest.mark.parametrize("rules", [WITH_NAMES, "strict"])
@pytest.mark.parametrize(
    ("faithful", "changed", "passages"),
    [
        ("Oh yeah, it's been an Olympic event since 1896.",
         "Oh yeah, it's been an Olympic event since 1900.", _MARATHON),
        ("It was in the first modern Olympics in 1896, I think.",
         "It was in the first modern Olympics in 1904, I think.", _MARATHON),
    ],
)  # fmt: skip
def test_a_year_beside_a_clause_break_is_read_as_a_year(
    faithful: str, changed: str, passages: list[str], rules: str
) -> None:
    assert_both_ways(faithful, changed, passages, rules)


def test_another_year_for_a_year_before_a_verb_is_a_clash() -> None:
    """The passages state 1860 too, so only ``number-clash`` (strict) reads the changed year:
    the quoted sentence's 1868 is the railway's year, not a count of "turned"s."""
    faithful = "The railway came in 1868 and made the town a timber port."
    assert_both_ways(faithful, faithful.replace("1868", "1860"), _RAILWAY, "strict")


_GOLDENS = ["The breed was developed in Scotland in the mid-19th century by Lord Tweedmouth."]
_UKULELE = ["The ukulele originated in Hawaii in the 1800s as an adaptation of the machete."]


@pytest.mark.parametrize("rules", [WITH_NAMES, "strict"])
@pytest.mark.parametrize(
    ("faithful", "changed", "passages"),
    [
        ("I believe they were developed in Scotland in the mid-1800s!",
         "I believe they were developed in Scotland in the mid-1700s!", _GOLDENS),
        ("Goldens come from Scotland, from the 1800s.",
         "Goldens come from Scotland, from the 1900s.", _GOLDENS),
        ("Goldens were developed in the mid-1800s by Lord Tweedmouth.",
         "Goldens were developed in the early 1800s by Lord Tweedmouth.", _GOLDENS),
        ("Oh, the ukulele came from Hawaii in the 19th century.",
         "Oh, the ukulele came from Hawaii in the 18th century.", _UKULELE),
        ("The ukulele originated in Hawaii in the 1800s, right?",
         "The ukulele originated in Hawaii in the 1700s, right?", _UKULELE),
    ],
)  # fmt: skip
def test_a_century_is_stated_in_its_years_and_by_its_number(
    faithful: str, changed: str, passages: list[str], rules: str
) -> None:
    """ "the mid-1800s" for "the mid-19th century" and back; another century, or a part of it
    the passages do not give, is still caught."""
    assert_both_ways(faithful, changed, passages, rules)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=11, max_value=19), st.integers(min_value=1000, max_value=1999))
def test_a_century_in_its_years_is_stated_by_a_year_in_it(century: int, year: int) -> None:
    hundreds = f"{century - 1}00s"
    within = (century - 1) * 100 <= year < century * 100
    assert elapsed(hundreds, f"It was built in the {hundreds}.", [f"It was built in {year}."]) == (
        within
    )


_PENGUINS = ["Penguins live almost exclusively in the Southern Hemisphere, many in Chile."]


@pytest.mark.parametrize(
    "turn",
    [
        "Penguins live only in {}.",
        "Penguins live mostly in {}.",
        "Penguins really live in {}!",
        "You find penguins in {}.",
        "Some penguins live in {}.",
        "Penguins live just in {}, right?",
    ],
)
def test_a_short_chat_turn_is_read_for_names(turn: str) -> None:
    """A turn with no article or auxiliary reads as English by its pronoun or adverb, so a name
    no passage gives is caught; a German sentence's capitalised nouns are still no names."""
    assert_both_ways(turn.format("Chile"), turn.format("Antarctica"), _PENGUINS, WITH_NAMES)
    german = "Pinguine leben nur in der Antarktis."
    assert unstated(german, german, _PENGUINS, frozenset({"name"})) == []


# Wizard of Wikipedia ships its knowledge and turns in lower case, TopicalChat and CMU-DoG their
# turns: no capital marks a name there, but a place, month or weekday of the tables is one.
_BAND = [
    "the band formed in liverpool in 1960 . they first toured germany in august 1962 , and "
    "played in new york in 1964 . their singer grew up in ohio ."
]
_BAND_CASED = ["The band formed in Liverpool in 1960 and first toured Germany in 1962."]


@pytest.mark.parametrize("rules", [WITH_NAMES, "strict"])
@pytest.mark.parametrize(
    ("faithful", "changed", "passages"),
    [
        ("they began in liverpool , right ?", "they began in manchester , right ?", _BAND),
        ("their first tour was in germany .", "their first tour was in sweden .", _BAND),
        ("they toured germany in august 1962 .", "they toured germany in october 1962 .", _BAND),
        ("they played new york in 1964 .", "they played los angeles in 1964 .", _BAND),
        ("i think the singer is from ohio .", "i think the singer is from texas .", _BAND),
        ("their first tour was a german one .", "their first tour was a french one .", _BAND),
        ("they formed in liverpool in 1960 .", "they formed in glasgow in 1960 .", _BAND_CASED),
    ],
)  # fmt: skip
def test_a_lowercase_turn_names_places_and_months_all_the_same(
    faithful: str, changed: str, passages: list[str], rules: str
) -> None:
    """ "manchester" for the passage's "liverpool" is a changed name though nothing is
    capitalised; the passage's own place, in either case, is stated."""
    assert_both_ways(faithful, changed, passages, rules)


def test_a_lowercase_word_english_also_writes_is_no_name() -> None:
    assert caseless_names("you may march with us to paris in june .") == ("paris", "june")
    assert caseless_names("You may march with us to paris in June.") == ()


_PLACES = ["liverpool", "germany", "new york", "ohio", "october", "sri lanka", "france"]


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(_PLACES),
    st.lists(st.from_regex(r"[a-z]{4,8}", fullmatch=True), min_size=1, max_size=4),
)
def test_a_place_in_a_lowercase_text_is_read_as_a_name(place: str, words: list[str]) -> None:
    filler = " ".join(words)
    assert place in caseless_names(f"{filler} in {place} , {filler} .")
    assert caseless_names(f"{filler.title()} in {place.title()}.") == ()


# Summaries written in lower case (XSum, CNN/DM as FRANK ships them) name people, clubs and
# towns no table lists: a word no English word list holds is one, stated where a passage
# writes it in any case.
_DRIVER = [
    "The German driver took his third win of the season from pole position. His team-mate "
    "finished fourth, and the team's boss praised the organisation of the race."
]
_HOTEL = ["the hotel in angus was destroyed by fire . police in arbroath said nobody was hurt ."]


@pytest.mark.parametrize("rules", [WITH_NAMES, "strict"])
@pytest.mark.parametrize(
    ("faithful", "changed", "passages"),
    [
        ("a german driver won his third race from pole .",
         "sebastian vettel won his third race from pole .", _DRIVER),
        ("the driver's team-mate was fourth , his boss praised the organisation .",
         "the driver's team-mate tindall was fourth .", _DRIVER),
        ("police in arbroath say nobody was hurt in the fire .",
         "police in montrose say nobody was hurt in the fire .", _HOTEL),
        ("an angus hotel was destroyed by fire , arbroath police said .",
         "an angus hotel owned by marr was destroyed by fire .", _HOTEL),
    ],
)  # fmt: skip
def test_a_lowercase_name_no_word_list_holds_is_read_as_one(
    faithful: str, changed: str, passages: list[str], rules: str
) -> None:
    """ "vettel", "montrose" are names in a text without capitals; the passage's own, in either
    case, and English words in British spelling or hyphened ("organisation", "team-mate") are
    stated or no names."""
    assert_both_ways(faithful, changed, passages, rules)


@settings(max_examples=30, deadline=None)
@given(
    st.lists(
        st.sampled_from(["report", "said", "organisation", "team-mates", "colours"]),
        min_size=1,
        max_size=6,
    ),
    st.sampled_from(["vettel", "marr", "montrose", "tindall"]),
)
def test_a_word_no_list_holds_is_a_name_only_in_a_caseless_text(
    words: list[str], name: str
) -> None:
    text = " ".join(words)
    assert name in caseless_names(f"{text} {name} {text} .", unlisted=True)
    assert caseless_names(f"{text} {name} .", unlisted=False) == ()
    assert caseless_names(f"{text.title()} {name.title()} .", unlisted=True) == ()
    assert caseless_names(f"{text} .", unlisted=True) == ()


def test_the_word_list_is_any_list() -> None:
    """The reading takes any list; an empty one (the package missing) reads no word as a name."""
    assert unlisted_word("vettel", frozenset({"won"}))
    assert not unlisted_word("vettel", frozenset({"vettel"}))
    assert not unlisted_word("vettel", frozenset())
    assert not unlisted_word("colours", frozenset({"color"}))
    assert not unlisted_word("snp", frozenset({"won"}))  # short: an initialism's or chat's
