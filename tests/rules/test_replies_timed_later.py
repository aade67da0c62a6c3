"""How much later one timed event came than another, worked out from the two times the answer
writes, both ways (stop 64, from blind probes' honest failures): "Lena wrote at 09:12 and
Marco replied at 16:40, 7 hours 28 minutes later" ("later" of events told in order, no "than"
comparing two readings), and on the next date the answer gives, "collected on 11 Nov at
16:05 ... at the depot on 12 Nov at 18:40, so 26 hours and 35 minutes"."""

from __future__ import annotations

import pytest

from evidence_judges import passes
from pytest_faithful.text.clock_durations import between_clock_durations

THREAD = (
    "From: Lena Ortiz\nSent: Tuesday 4 February, 09:12\nHi Marco, could you confirm the room "
    "booking? Thanks, Lena\n\nFrom: Marco Bianchi\nSent: Tuesday 4 February, 16:40\nHi Lena, "
    "confirmed for Friday. Marco"
)
TRACKING = (
    "| Date | Time | Event | Location |\n|---|---|---|---|\n| 11 Nov | 16:05 | Collected | "
    "Bristol |\n| 12 Nov | 18:40 | Arrived at depot | Leeds |"
)


@pytest.mark.parametrize(
    ("answer", "faithful"),
    [
        ("Lena wrote at 09:12 and Marco replied at 16:40 the same day, 7 hours and 28 minutes "
         "later.", True),
        ("Lena wrote at 09:12 and Marco replied at 16:40 the same day, 7 hours and 38 minutes "
         "later.", False),
        ("Lena wrote at 09:12 and Marco replied at 16:40 the same day, 6 hours and 28 minutes "
         "later.", False),
    ],
)  # fmt: skip
def test_a_reply_so_much_later_both_ways(answer: str, faithful: bool) -> None:
    assert passes(answer, [THREAD]) is faithful


@pytest.mark.parametrize(
    ("claim", "stated"),
    [
        ("Collected on 11 Nov at 16:05, at the depot on 12 Nov at 18:40, so 26 hours 35 minutes.",
         True),
        ("Collected on 11 Nov at 16:05, at the depot on 13 Nov at 18:40, so 26 hours 35 minutes.",
         False),
    ],
)  # fmt: skip
def test_a_span_to_a_later_date(claim: str, stated: bool) -> None:
    assert between_clock_durations("26", claim, (TRACKING,)) is stated


def test_a_comparison_of_two_readings_keeps_its_way() -> None:
    """ "than" sets the first reading against the second: 15:42 is the faster, not 17:10."""
    times = ("Heat 1: 15:42. Heat 2: 17:10.",)
    assert between_clock_durations("28", "15:42 was 1 minute 28 seconds faster than 17:10", times)
    assert not between_clock_durations(
        "28", "15:42 was 1 minute 28 seconds slower than 17:10", times
    )
