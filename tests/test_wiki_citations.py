"""A Wikipedia sentence checked against the page it cites: the forms such a sentence gives a
fact the page states in another, both ways.

A page says "the Paris-based fashion house", "appointed MBE", "made his debut two years later";
the sentence citing it says "the Parisian fashion house", "appointed Member of the Order of the
British Empire (MBE)", "made his debut in 2004". Each is the page's fact in another form and
passes; the same sentence with the fact changed is still caught.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_judges import WITH_NAMES, assert_both_ways
from pytest_faithful.text.elapsed import relative_years
from pytest_faithful.text.name_words import glossed
from pytest_faithful.text.names import name_forms, states_name

HONOURS = (
    "Sir Alan Reeve KBE FRS is an engineer. He was knighted in 2012 and made a Fellow of the "
    "Royal Academy of Engineering (FREng) in 1996.",
    "The rower was made an MBE in 2009 and an OBE in 2013.",
)

# (faithful, changed): an honour or degree written out before the page's initialism in
# brackets, and the same sentence naming another grade, whose initialism the page does not write.
GLOSSES = [
    (
        "Reeve was appointed Knight Commander of the Order of the British Empire (KBE).",
        "Reeve was appointed Knight Grand Cross of the Order of the British Empire (GBE).",
    ),
    (
        "She was appointed Member of the Order of the British Empire (MBE) in 2009.",
        "She was appointed Commander of the Order of the British Empire (CBE) in 2009.",
    ),
    (
        "She was made an Officer of the Order of the British Empire (OBE) in 2013.",
        "She was made a Companion of the Order of the British Empire (OBE) in 2013.",
    ),
    (
        "Reeve was elected a Fellow of the Royal Society (FRS).",
        "Reeve was elected a Fellow of the Royal Society of Edinburgh (FRSE).",
    ),
]


@pytest.mark.parametrize(("faithful", "changed"), GLOSSES)
def test_an_honour_written_out_before_its_initialism_is_stated(faithful: str, changed: str) -> None:
    assert_both_ways(faithful, changed, HONOURS, WITH_NAMES)


def test_a_gloss_states_only_the_words_its_initialism_covers() -> None:
    passages = ("He was made a CBE in 2001.",)
    claim = "He was made Commander of the Order of the British Empire (CBE)."
    assert glossed("Commander", claim, passages)
    assert not glossed("Knight", "He was made Knight Commander of the British Empire (CBE).", ())
    # "Order of the British Empire (CBE)": no word of it opens with the initialism's "C".
    assert not glossed("Order", "He joined the Order of the British Empire (CBE).", passages)


# (page, faithful, changed): a place the page writes as a compound's first part ("Paris-based"),
# which the sentence gives as its demonym; the changed one names another place.
COMPOUNDS = [
    (
        "The Paris-based fashion house Maison Lune has named a new director.",
        "The Parisian fashion house Maison Lune has named a new director.",
        "The Milanese fashion house Maison Lune has named a new director.",
    ),
    (
        "Mohr, a Texas-born engineer, designed the valve.",
        "Mohr, an engineer from Texas, designed the valve.",
        "Mohr, an engineer from Ohio, designed the valve.",
    ),
    (
        "The Gdańsk-built ferry entered service in 2004.",
        "The ferry, built in Gdansk, entered service in 2004.",
        "The ferry, built in Szczecin, entered service in 2004.",
    ),
]


@pytest.mark.parametrize(("page", "faithful", "changed"), COMPOUNDS)
def test_a_place_written_as_a_compounds_first_part_is_stated(
    page: str, faithful: str, changed: str
) -> None:
    assert_both_ways(faithful, changed, (page,), WITH_NAMES)


@given(st.sampled_from(("based", "born", "built", "led", "owned")))
def test_a_compounds_name_is_its_capitalised_parts(tail: str) -> None:
    forms = name_forms(f"The Anglo-French-{tail} firm and the Coca-Cola-{tail} one.")
    assert {"anglo-french", "coca-cola"} <= forms.words
    assert states_name("Coca-Cola", "Coca-Cola", forms)
    assert not states_name("Anglo", "Anglo", forms)


PAGE = (
    "Published 4 October 2018. Volkov won the Moreau Competition in 2002 and made his debut "
    "in Vienna two years later. Three years ago he moved to Berlin."
)
# (faithful, changed): a year the page gives relative to another it states.
RELATIVE = [
    ("Volkov made his Vienna debut in 2004.", "Volkov made his Vienna debut in 2005."),
    ("Volkov moved to Berlin in 2015.", "Volkov moved to Berlin in 2016."),
]


@pytest.mark.parametrize(("faithful", "changed"), RELATIVE)
def test_a_year_said_relative_to_another_is_stated(faithful: str, changed: str) -> None:
    assert_both_ways(faithful, changed, (PAGE,))


@settings(max_examples=25)
@given(year=st.integers(1850, 2030), n=st.integers(2, 12))
def test_n_years_later_counts_from_the_year_before_it(year: int, n: int) -> None:
    text = f"The mill opened in {year} and was sold {n} years later."
    assert year + n in relative_years(text, text)
    assert year + n + 1 not in relative_years(text, text)
    after = f"It was sold {n} years later. The mill opened in {year}."
    assert year + n not in relative_years(after, after)  # counts from no year after it
