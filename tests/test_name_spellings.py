"""Names, times and labels in the spellings answers give them, both ways.

An answer written in English spells "Zürich" as "Zurich" and "Müller" as "Mueller", writes out
the passage's "221 Baker St." and "Mon.-Fri.", says "60 degrees Celsius" for "60 °C" and "8.30am"
for "8:30 a.m.", and opens with "TL;DR:" or "Short answer: yes.". Each is the passage's fact in
another form, and passes; the same answer with the fact changed is still caught.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from evidence_judges import WITH_NAMES, assert_both_ways, quoting_the_best_passage
from pytest_faithful import Label, verify
from pytest_faithful.models import Claim, Verdict
from pytest_faithful.testing import FunctionJudge
from pytest_faithful.text.name_words import letters_of, opening_name, reads_as_english
from pytest_faithful.text.names import _OPENERS, name_forms, states_name
from pytest_faithful.text.readings import normalised
from pytest_faithful.text.terms import content_terms
from pytest_faithful.text.words import STOPWORDS

PASSAGES = [
    "Our head office is at 221 Baker St., London, and is open Mon.-Fri. from 8:30 a.m. to 6 p.m.",
    "The Sao Paulo branch opened on 3 March 2021. José Müller, the branch manager, reports to "
    "Zürich.",
    "Acme Corporation makes the boiler. The boiler heats water to 60 °C and its tank holds 150 "
    "litres.",
    "Version 2.4.1 of the SDK drops support for Python 3.8.",
    "Customer support is open from 9 am to 5 pm, Monday to Friday.",
    "The warehouse employs 25 people and ships 1,150 parcels a day; this is its 21st year.",
    "To connect, create an HttpClient with a timeout of 30 seconds.",
]


JUDGE = quoting_the_best_passage()

# (the faithful answer, the same answer with one fact changed)
SPELLINGS = {
    "a street written out": (
        "The head office is at 221 Baker Street, London.",
        "The head office is at 221 Baker Road, London.",
    ),
    "a company written short": (
        "Acme Corp. makes the boiler.",
        "Acme Ltd. makes the boiler.",
    ),
    "weekdays written out": (
        "The office is open Monday to Friday.",
        "The office is open Monday to Saturday.",
    ),
    "a name without its accents": (
        "Jose Muller manages the branch, which reports to Zurich.",
        "Jose Miller manages the branch, which reports to Zurich.",
    ),
    "an umlaut written as German spells it plain": (
        "The branch manager is José Mueller.",
        "The branch manager is José Moeller.",
    ),
    "a name with accents the passage writes plain": (
        "The São Paulo branch opened in March 2021.",
        "The São Paulo branch opened in March 2022.",
    ),
    "a temperature's scale written out": (
        "The boiler heats water to 60 degrees Celsius.",
        "The boiler heats water to 60 degrees Fahrenheit.",
    ),
    "a time written with a full stop": (
        "The office opens at 8.30am.",
        "The office opens at 9.30am.",
    ),
    "weekdays written short": (
        "Support hours:\n```\nMon-Fri 9am-5pm\n```",
        "Support hours:\n```\nMon-Fri 9am-7pm\n```",
    ),
    "numbers in words": (
        "The warehouse employs twenty-five people and ships one thousand one hundred and fifty "
        "parcels a day; this is its twenty-first year.",
        "The warehouse employs twenty-six people and ships one thousand one hundred and fifty "
        "parcels a day; this is its twenty-first year.",
    ),
    "an initialism in a name in camel case": (
        "The HTTP client times out after 30 seconds.",
        "The HTTPS client times out after 30 seconds.",
    ),
    "a unit joined to its number": (
        "Create the client with a 30-second timeout.",
        "Create the client with a 40-second timeout.",
    ),
    "a label of letters": (
        "TL;DR: the tank holds 150 litres.",
        "TL;DR: the tank holds 180 litres.",
    ),
}


@pytest.mark.parametrize("form", SPELLINGS)
def test_a_faithful_answer_passes_in_another_spelling(form: str) -> None:
    result = verify(SPELLINGS[form][0], PASSAGES, judge=JUDGE)
    assert result.passed, [v.reason for v in result.claim_verdicts]


@pytest.mark.parametrize("form", SPELLINGS)
@pytest.mark.parametrize("rules", [WITH_NAMES, "strict"])
def test_the_same_spelling_with_a_changed_fact_is_caught(form: str, rules: str | None) -> None:
    result = verify(SPELLINGS[form][1], PASSAGES, judge=JUDGE, rules=rules)
    assert not result.passed
    assert any(v.label is not Label.SUPPORTED and v.rule for v in result.claim_verdicts)


def _forms(text: str) -> object:
    return name_forms(text)


@pytest.mark.parametrize(
    ("word", "passage", "stated"),
    [
        ("Street", "221 Baker St., London", True),
        ("Saint", "St. Louis, Missouri", True),
        ("Road", "221 Baker St., London", False),
        ("Corp", "Acme Corporation", True),
        ("CO", "Acme Company of Denver", False),  # a state's code, not "Co." for "Company"
        ("Company", "Denver, CO", False),
        ("Friday", "open Mon.-Fri.", True),
        ("January", "due Jan 5", True),
        ("January", "Jan Kowalski joined", False),  # a bare "Jan" is a name as often
        ("Sunday", "The Sun reported it", False),
        ("Celsius", "at 60 \u00b0C", True),
        ("Celsius", "grade C steel", False),
        ("Muller", "Jos\u00e9 M\u00fcller", True),
        ("Mueller", "Jos\u00e9 M\u00fcller", True),
        ("M\u00fcller", "Jose Mueller", True),
        ("Miller", "Jos\u00e9 M\u00fcller", False),
        ("HTTP", "an HttpClient", True),
        ("Client", "an HttpClient", False),  # a camel case part names only an initialism
        ("Donald", "a McDonald's burger", False),
        ("WA's", "Western Australia", True),
        ("NSW's", "Western Australia", False),
        ("BoE", "the Bank of England", True),
        ("BoJ", "the Bank of England", False),
        ("Wifi", "It has Wi-Fi 6.", True),
        ("Wi-Fi", "It has WiFi 6.", True),
        ("Lifi", "It has Wi-Fi 6.", False),
        ("German", "Germany asked", True),
        ("Norman", "Germany asked", False),
        ("Holland", "the Netherlands", True),
        ("Flanders", "the Netherlands", False),
        ("II", "the Nimbus Pro 2 router", True),
        ("III", "the Nimbus Pro 2 router", False),
        ("II", "version 2 of it", False),
        ("Friday", "open on weekdays", True),
        ("Saturday", "open on weekdays", False),
        ("Sunday", "open at weekends", True),
    ],
)
def test_a_name_in_another_spelling(word: str, passage: str, stated: bool) -> None:
    assert states_name(word, word, name_forms(passage)) is stated


# Latin letters with accents: each one's plain letter, none a letter of its own.
_ACCENTED = st.characters(min_codepoint=0xC0, max_codepoint=0x17F).filter(
    lambda c: c.isalpha() and normalised(c) != c
)


@given(st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyz"), min_size=2, max_size=8), _ACCENTED)
def test_a_word_with_an_accent_reads_as_the_word_without_it(stem: str, accented: str) -> None:
    word = stem + accented + stem
    plain = stem + normalised(accented) + stem
    assert normalised(word) == plain  # one letter for one: every offset is kept
    assert len(normalised(word)) == len(word)
    assert content_terms(word) == content_terms(plain)
    name, plain_name = stem.capitalize() + word[len(stem) :], stem.capitalize() + plain[len(stem) :]
    assert states_name(plain_name, plain_name, name_forms(f"Met {name} today."))


def test_short_answer_label_reads_as_a_bare_answer() -> None:
    """ "Short answer: yes." answers the question as "Yes." does: its evidence bears on the
    question, not on the label's words."""
    question = "Does version 2.4.1 drop Python 3.8?"
    answer = "Short answer: yes. Version 2.4.1 of the SDK drops support for Python 3.8."

    def quoting(claims: Sequence[Claim], passages: Sequence[str]) -> Iterator[Verdict]:
        for i, _ in enumerate(claims):
            yield Verdict(
                claim_index=i,
                label=Label.SUPPORTED,
                reason="the passage says so",
                evidence="Version 2.4.1 of the SDK drops support for Python 3.8.",
                passage_index=3,
            )

    judge = FunctionJudge(quoting, id="answering")
    assert verify(answer, PASSAGES, judge=judge, question=question).passed
    changed = answer.replace("3.8", "3.9", 1).replace("drops support for Python 3.8", "drops 3.9")
    assert not verify(changed, PASSAGES, judge=judge, question=question).passed


@pytest.mark.parametrize(("short", "full"), [("Mon-Fri", "Monday-Friday"), ("Tues.", "Tuesday")])
def test_a_weekday_written_short_has_the_weekday_s_terms(short: str, full: str) -> None:
    assert content_terms(short) == content_terms(full)


@pytest.mark.parametrize("word", ["sat", "sun", "wed"])
def test_a_short_weekday_that_is_a_word_of_its_own_stays_that_word(word: str) -> None:
    assert not content_terms(word) & content_terms("Saturday Sunday Wednesday")


_ONES = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
_ONES += "fifteen sixteen seventeen eighteen nineteen"
_TENS = "- - twenty thirty forty fifty sixty seventy eighty ninety"


def _in_words(n: int) -> str:
    """``n`` (below a million) as English writes it: "one thousand one hundred and fifty"."""
    if n < 20:
        return _ONES.split()[n]
    if n < 100:
        tens, units = divmod(n, 10)
        return _TENS.split()[tens] + (f"-{_ONES.split()[units]}" if units else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        return f"{_ONES.split()[hundreds]} hundred" + (f" and {_in_words(rest)}" if rest else "")
    thousands, rest = divmod(n, 1000)
    return f"{_in_words(thousands)} thousand" + (f" {_in_words(rest)}" if rest else "")


@given(st.integers(min_value=21, max_value=999_999).filter(lambda n: n % 10 or n >= 100))
def test_a_number_in_words_reads_as_its_digits(n: int) -> None:
    words = _in_words(n)
    assert content_terms(f"{words} parcels") == content_terms(f"{n} parcels"), words
    assert len(normalised(words)) == len(words)


@pytest.mark.parametrize(
    ("words", "number"),
    [("a dozen", "12"), ("two dozen", "24"), ("half a dozen", "6"), ("twenty-third", "23rd")],
)
def test_a_count_in_words_reads_as_its_number(words: str, number: str) -> None:
    assert content_terms(f"{words} eggs") == content_terms(f"{number} eggs")


def test_dozens_is_no_count() -> None:
    assert not any(t[0].isdigit() for t in content_terms("dozens of eggs"))


# A name in the form a careful answer writes it, with the passage: (passage, faithful answer, the
# same answer with another name in that form).
NAME_FORMS = {
    "an initialism with a possessive": (
        "Mining output in Western Australia rose by 4% in 2023, driven by iron ore.",
        "Iron ore drove most of WA's 4% rise in mining output in 2023.",
        "Iron ore drove most of NSW's 4% rise in mining output in 2023.",
    ),
    "an initialism with its function words in lower case": (
        "The Bank of England raised rates to 5.25% in August.",
        "In August the BoE raised rates to 5.25%.",
        "In August the BoJ raised rates to 5.25%.",
    ),
    "a name without its hyphen": (
        "The router supports Wi-Fi 6.",
        "The router supports Wifi 6.",
        "The router supports Lifi 6.",
    ),
    "a demonym of a place ending in y": (
        "Germany asked for an exemption for cars running on e-fuels.",
        "The German government asked for an exemption for cars running on e-fuels.",
        "The Italian government asked for an exemption for cars running on e-fuels.",
    ),
    "a planet's adjective": (
        "No liquid water was found beneath the Martian south pole.",
        "No liquid water was found beneath the south pole of Mars.",
        "No liquid water was found beneath the south pole of Venus.",
    ),
    "a country's everyday name": (
        "Employees in the Netherlands receive 25 days of annual leave.",
        "Employees in Holland get 25 days of annual leave.",
        "Employees in Flanders get 25 days of annual leave.",
    ),
    "an initialism's words written out": (
        "Leave requests go to the HR Business Partner.",
        "Leave requests go to the Human Resources Business Partner.",
        "Leave requests go to the Finance Operations Business Partner.",
    ),
    "weekdays for the passage's word": (
        "Prescriptions can be ordered on weekdays between 8 am and 6 pm.",
        "Prescriptions can be ordered Mon-Fri between 8am and 6pm.",
        "Prescriptions can be ordered Mon-Sat between 8am and 6pm.",
    ),
    "a version in Roman numerals": (
        "The Nimbus Pro 2 router supports Wi-Fi 6 and Ethernet.",
        "The Nimbus Pro II supports Wi-Fi 6 and Ethernet.",
        "The Nimbus Pro III supports Wi-Fi 6 and Ethernet.",
    ),
    "a short sentence full of names": (
        "The University of Edinburgh runs an MSc in Data Science yearly.",
        "The Edinburgh MSc in Data Science runs yearly.",
        "The Glasgow MSc in Data Science runs yearly.",
    ),
    "an English sentence without its commonest words": (
        "Passengers pass French passport control in London before boarding.",
        "Passengers pass through France's passport control in London before boarding.",
        "Passengers pass through Belgium's passport control in London before boarding.",
    ),
    "an initialism that spells a word": (
        "The World Health Organization recommends 150 minutes of exercise a week.",
        "According to the WHO, adults need 150 minutes of exercise a week.",
        "According to the US, adults need 150 minutes of exercise a week.",
    ),
    "a demonym opening the sentence": (
        "Korean travellers need a visa for stays in the Netherlands longer than 90 days.",
        "Korean travellers need a visa to stay in the Netherlands longer than 90 days.",
        "Japanese travellers need a visa to stay in the Netherlands longer than 90 days.",
    ),
    "a place of the tables opening the sentence": (
        "In Scotland, prescriptions are free for every patient.",
        "Scotland gives every patient free prescriptions.",
        "Wales gives every patient free prescriptions.",
    ),
    "an initialism with full stops": (
        "Inflation in the United States was 6.8% in July.",
        "Inflation in the U.S. was 6.8% in July.",
        "Inflation in the U.K. was 6.8% in July.",
    ),
    "an initialism with full stops for the passage's": (
        "Visitors from the E.U. can stay in the U.K. for up to six months.",
        "EU visitors can stay in the UK for up to six months.",
        "EU visitors can stay in the US for up to six months.",
    ),
    "a version in digits for the passage's Roman numerals": (
        "The Nimbus Pro II router supports Wi-Fi 6 and Ethernet.",
        "The Nimbus Pro 2 supports Wi-Fi 6 and Ethernet.",
        "The Nimbus Pro 3 supports Wi-Fi 6 and Ethernet.",
    ),
    "a Roman numeral a stem would shorten": (
        "Square released Final Fantasy VII in 1997 and Final Fantasy X in 2001.",
        "Final Fantasy VII was released in 1997.",
        "Final Fantasy VIII was released in 1997.",
    ),
    "a short sentence with none of the commonest function words": (
        "Carmaker Ferrari reported record sales in Italy in 2023.",
        "Carmaker Ferrari reported record sales in Italy in 2023.",
        "Carmaker Ferrari reported record sales in Spain in 2023.",
    ),
    "a source cited by its passage's number": (
        "Dr. Jane Smith founded Aurora Appliances in 1998.",
        "Dr. Jane Smith founded Aurora Appliances in 1998 [Source: Passage 2].",
        "Dr. Jane Smith founded Acme Appliances in 1998 [Source: Passage 2].",
    ),
    "an initialism of a name whose words 'and' joins": (
        "Doyle received the Irish Film and Television Award for Best Actor in 2010.",
        "Doyle received the IFTA Award for Best Actor in 2010.",
        "Doyle received the BAFTA Award for Best Actor in 2010.",
    ),
    "an initialism of a name's leading words": (
        "In 2009 she won the Royal Society of Chemistry's Corday-Morgan Prize.",
        "In 2009 she won the RSC's Corday-Morgan Prize.",
        "In 2009 she won the RSA's Corday-Morgan Prize.",
    ),
    "an initialism of a name a sentence opens to with a preposition": (
        "In the United Kingdom, the tax year starts on 6 April.",
        "The tax year in the UK starts on 6 April.",
        "The tax year in the US starts on 6 April.",
    ),
    "a short chat reply whose only function word is contracted": (
        "Set in rural Oregon, the film follows three siblings who sell their farm.",
        "It's set in rural Oregon.",
        "It's set in rural Nevada.",
    ),
    "a department for the minister who heads it": (
        "The Secretary of Energy shall fund not fewer than 3 demonstration projects.",
        "The bill requires the Department of Energy to fund at least three demonstration projects.",
        "The bill requires the Department of the Interior to fund at least three projects.",
    ),
    "a department's initialism for the minister who heads it": (
        "The Secretary of Homeland Security shall issue a final rule.",
        "The bill requires DHS to issue a final rule.",
        "The bill requires DOJ to issue a final rule.",
    ),
    "the initialism of the body after a title's of": (
        "The Administrator of the Federal Emergency Management Agency shall develop a single "
        "application for disaster assistance.",
        "The bill directs FEMA to develop a single application for disaster assistance.",
        "The bill directs FAA to develop a single application for disaster assistance.",
    ),
    "a short sentence that only says and another name": (
        "Acme said U.S. sales grew 12% in Q3.",
        "Acme said US sales grew 12% in Q3.",
        "Acme said UK sales grew 12% in Q3.",
    ),
}


@pytest.mark.parametrize("form", NAME_FORMS)
@pytest.mark.parametrize("rules", [WITH_NAMES, "strict"])
def test_a_name_in_the_form_an_answer_writes_it(form: str, rules: str | None) -> None:
    passage, faithful, changed = NAME_FORMS[form]
    assert_both_ways(faithful, changed, [passage], rules)


# A function word that opens a name is no word of it ("Within Aaaa Aaaa" has no W in its
# initialism), nor is a stopword.
_NAME_WORD = (
    st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyz"), min_size=4, max_size=8)
    .filter(lambda w: w not in STOPWORDS and w not in _OPENERS)
    .map(str.capitalize)
)


@settings(max_examples=30, deadline=None)
@given(st.lists(_NAME_WORD, min_size=2, max_size=3, unique=True), _NAME_WORD)
def test_the_words_of_an_initialism_the_passage_writes_are_stated(
    words: list[str], other: str
) -> None:
    letters = "".join(w[0] for w in words)
    forms = name_forms(f"Requests go to the {letters} Business Partner.")
    phrase = " ".join(words) + " Business Partner"
    assert all(states_name(w, phrase, forms) for w in words)
    changed = [other, *words[1:]]
    if other[0] != words[0][0] and other.casefold() not in {"requests", "business", "partner"}:
        assert not states_name(other, " ".join(changed) + " Business Partner", forms)


# Opening words that are no name by themselves, which an honest answer writes where its passage
# does not: a direction, a title or a club's short name before a capitalised word, a plural.
@pytest.mark.parametrize(
    ("passage", "answer"),
    [
        (
            "Western Australian athletes made up a third of the team.",
            "West Australian athletes made up a third of the team.",
        ),
        (
            "The health minister, Ms. Lopez, said waiting lists fell in March.",
            "Ms Lopez, the health minister, said waiting lists fell in March.",
        ),
        ("Manchester United beat Liverpool 2-1 on Sunday.", "Man United beat Liverpool 2-1."),
        ("Doctors must renew their licence every year.", "Physicians renew their licence yearly."),
    ],
)
def test_an_opening_word_that_is_no_name_by_itself_passes(passage: str, answer: str) -> None:
    assert verify(answer, [passage], judge=JUDGE).passed


_CAPITAL = st.sampled_from("ABCDEFGHJKLMNOPQRSTUVWYZ")


@settings(max_examples=30, deadline=None)
@given(st.lists(_CAPITAL, min_size=2, max_size=4), st.sampled_from(["", ".", ". "]), _CAPITAL)
def test_an_initialism_with_full_stops_is_its_letters(
    letters: list[str], stop: str, other: str
) -> None:
    dotted = "".join(f"{c}." for c in letters)
    written = stop.join(letters) + stop.strip()
    forms = name_forms(f"Sales in the {written} grew.")
    assert letters_of(dotted) == "".join(letters).casefold()
    assert states_name(dotted, dotted, forms)
    changed = "".join(f"{c}." for c in [other, *letters[1:]])
    if other != letters[0]:
        assert not states_name(changed, changed, forms)


_JOIN = st.sampled_from([" ", " of ", " and ", " & ", " of the "])


@settings(max_examples=30, deadline=None)
@given(st.lists(_NAME_WORD, min_size=3, max_size=5), st.lists(_JOIN, min_size=4, max_size=4))
def test_the_initialism_of_a_name_s_leading_words_is_stated(
    words: list[str], joins: list[str]
) -> None:
    name = words[0] + "".join(j + w for j, w in zip(joins, words[1:], strict=False))
    forms = name_forms(f"She won the {name} in 2009.")
    letters = "".join(w[0] for w in words)
    for n in range(2, len(letters) + 1):
        assert states_name(letters[:n], letters[:n], forms)
    # Letters that start with none of the name's words are no initialism of it.
    other = next(c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if c not in letters)
    assert not states_name(other + letters[1:], other + letters[1:], forms)


_MARKER = st.sampled_from(["it", "that", "he", "she", "who", "where"])
_ENDING = st.sampled_from(["n't", "'re", "'ve", "'ll"])
_VERB = st.sampled_from(["do", "they", "we", "could", "would", "you"])


@settings(max_examples=30, deadline=None)
@given(_MARKER, _VERB, _ENDING, st.sampled_from(["'", "\u2019"]), _NAME_WORD)
def test_an_english_contraction_says_a_sentence_is_english(
    marker: str, verb: str, ending: str, apostrophe: str, place: str
) -> None:
    # "It's set in Oregon." and "They're in Oslo." write their only function words contracted;
    # German's "geht's" has no English marker before its apostrophe.
    contracted = f"{marker.capitalize()}'s set in rural {place}.".replace("'", apostrophe)
    assert reads_as_english(contracted)
    assert reads_as_english(f"{verb.capitalize()}{ending} in {place}.".replace("'", apostrophe))
    # A drawn word that is itself an English marker ("When") makes any sentence English.
    assume(not reads_as_english(place))
    assert not reads_as_english(f"Wie geht{apostrophe}s {place}?")


@pytest.mark.parametrize(
    ("word", "is_name"),
    [("CEO", True), ("NASA", True), ("CET1", True), ("US", False), ("AI", False), ("The", False)],
)
def test_an_opening_initialism_of_three_capitals_or_more_is_a_name(
    word: str, is_name: bool
) -> None:
    # Its case is its own, not the sentence's; two capitals opening a sentence are not read so.
    assert opening_name(word, " said the figures") is is_name


@pytest.mark.parametrize(
    ("passage", "other_form", "another_name"),
    [
        ("It charts a part of Britain's cultural history.", "UK", "France"),
        ("It charts a part of China's cultural history.", "Chinese", "Japanese"),
        ("It charts a part of Texas' cultural history.", "TX", "OK"),
        ("It charts a part of America\u2019s cultural history.", "USA", "Canada"),
    ],
)
def test_a_possessive_name_states_its_other_forms(
    passage: str, other_form: str, another_name: str
) -> None:
    """ "Britain's" names Britain, so "the UK" is stated by it as by "Britain"; another name
    is not."""
    forms = name_forms(passage)
    assert states_name(other_form, other_form, forms)
    assert not states_name(another_name, another_name, forms)
