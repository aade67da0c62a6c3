"""The gap between two clock durations, said in units, both ways: the right gap passes, a wrong
one is caught, and a time of day is no duration."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_judges import quoting
from pytest_faithful import verify
from pytest_faithful.text.clock_durations import between_clock_durations, clock_durations


@pytest.mark.parametrize(
    ("passage", "honest", "lie"),
    [
        (
            "Jepchirchir won in 2:18:57. The previous course record of 2:19:43 had stood since "
            "2019.",
            "Jepchirchir won in 2:18:57, breaking the course record of 2:19:43 by 46 seconds.",
            "Jepchirchir won in 2:18:57, breaking the course record of 2:19:43 by 56 seconds.",
        ),
        (
            "Kipchoge finished in 2:01:09; Lemma finished in 2:04:35.",
            "Kipchoge finished in 2:01:09, 3 minutes 26 seconds ahead of Lemma's 2:04:35.",
            "Kipchoge finished in 2:01:09, 4 minutes 26 seconds ahead of Lemma's 2:04:35.",
        ),
        (
            "Her best lap was 1:42.5; his was 1:43.3.",
            "Her best lap, 1:42.5, was 0.8 seconds faster than his 1:43.3.",
            "Her best lap, 1:42.5, was 1.8 seconds faster than his 1:43.3.",
        ),
    ],
)
def test_the_gap_between_two_clock_durations(passage: str, honest: str, lie: str) -> None:
    assert verify(honest, [passage], judge=quoting(passage)).passed
    result = verify(lie, [passage], judge=quoting(passage))
    assert [v.rule for v in result.claim_verdicts] == ["unstated-specifics"]


def test_a_duration_no_passage_writes_is_no_operand() -> None:
    claim = "She won in 2:18:57, beating the record of 2:19:43 by 46 seconds."
    assert between_clock_durations("46", claim, ("She won in 2:18:57.",)) is False
    assert between_clock_durations("46", claim, ("She won in 2:18:57 (record: 2:19:43).",))


def test_a_time_of_day_is_no_duration() -> None:
    assert clock_durations("The train leaves at 8:45 and arrives at 11:30.") == []
    assert clock_durations("It ran 2:18:57, then 1:42.5 and 10:00:00.5.") == [
        ("2:18:57", Decimal(8337)),
        ("1:42.5", Decimal("102.5")),
        ("10:00:00.5", Decimal("36000.5")),
    ]


@given(
    st.integers(0, 5),
    st.integers(0, 59),
    st.integers(0, 59),
    st.integers(1, 300),
)
@settings(max_examples=200, deadline=None)
def test_any_gap_in_seconds(hours: int, minutes: int, seconds: int, gap: int) -> None:
    first = hours * 3600 + minutes * 60 + seconds
    second = first + gap
    written = [f"{t // 3600}:{t // 60 % 60:02d}:{t % 60:02d}" for t in (first, second)]
    passages = (f"The times were {written[0]} and {written[1]}.",)
    claim = f"{written[0]} beat {written[1]} by {gap} seconds."
    wrong = f"{written[0]} beat {written[1]} by {gap + 1} seconds."
    assert between_clock_durations(str(gap), claim, passages)
    assert not between_clock_durations(str(gap + 1), wrong, passages)


@given(st.text(alphabet="0123456789:. ab", max_size=80))
@settings(max_examples=300, deadline=None)
def test_any_text_reads_without_error(text: str) -> None:
    for written, seconds in clock_durations(text):
        assert written in text
        assert seconds >= 0


_RACE = (
    "Priya Nair won in 33:08, a new course record. The previous record was 34:05. "
    "Owen Marsh: chip time 33:51, gun time 34:02. Kick-off is at 18:45; the bus leaves at 16:00."
)


@pytest.mark.parametrize(
    ("answer", "passes"),
    [
        # The other reading is in the answer's sentence before the claim.
        ("Nair won in 33:08. That's 57 seconds faster than the previous record of 34:05.", True),
        ("Nair won in 33:08. That's 47 seconds faster than the previous record of 34:05.", False),
        ("Marsh's chip time was 33:51. His gun time was 34:02, 11 seconds slower.", True),
        ("Marsh's chip time was 33:51. His gun time was 34:02, 11 seconds faster.", False),
        ("The bus leaves at 16:00. That's 2 hours 45 minutes before the 18:45 kick-off.", True),
        ("The bus leaves at 16:00. That's 2 hours 35 minutes before the 18:45 kick-off.", False),
    ],
)
def test_a_gap_to_a_reading_of_the_sentence_before(answer: str, passes: bool) -> None:
    assert verify(answer, [_RACE], judge=quoting(_RACE)).passed is passes


_FLIGHTS = (
    "Icelandair: departs 09:15, arrives 11:50. Direct. "
    "SAS: departs 06:30, arrives 14:20, with a 1 h 55 min connection in Copenhagen."
)


@pytest.mark.parametrize(
    ("answer", "passes"),
    [
        ("Icelandair lands at 11:50. That's 2 h 30 min ahead of the SAS connection (14:20).", True),
        ("Icelandair lands at 11:50. That's 2 h 30 min behind the SAS connection (14:20).", False),
        (
            "Icelandair lands at 11:50. That's 2 h 20 min ahead of the SAS connection (14:20).",
            False,
        ),
    ],
)
def test_a_gap_ahead_of_a_reading_the_quote_gives_another_duration_beside(
    answer: str, passes: bool
) -> None:
    # The quote's "1 h 55 min" is no figure the claim's worked-out gap stands in place of.
    assert verify(answer, [_FLIGHTS], judge=quoting(_FLIGHTS)).passed is passes


RECORD = (
    "At the County Championships, Priya Nair lowered the girls' 200 m individual medley record "
    "to 2:24.61, taking 1.9 seconds off the mark Ella Graves set in 2017."
)


@pytest.mark.parametrize(
    ("claim", "passes"),
    [
        ("The old record was 2:26.51, set by Ella Graves in 2017.", True),  # 2:24.61 + 1.9 s
        ("The old record was 2:26.41, set by Ella Graves in 2017.", False),
        ("The old record was 2:22.71, set by Ella Graves in 2017.", False),  # "off": above it
    ],
)
def test_a_passages_reading_moved_by_the_measure_it_says_with_it(claim: str, passes: bool) -> None:
    assert verify(claim, [RECORD], judge=quoting(RECORD)).passed is passes
