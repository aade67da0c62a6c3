"""Bounds told the same way in other words (text/bounds.py, read by ``unstated-specifics``).

"Free up to 48 hours before the performance" ends a window 48 hours before it, which is "at
least 48 hours before"; "book up to 48 hours ahead" opens one, which is "at most". "Unable to
vaccinate children under 18" turns its bound over as "can't" does, and a prohibition the
claim holds elsewhere in its sentence ("prohibited on all trails, and also within 10 metres")
is read as a negation is. A bound told the other way is still caught.
"""

from __future__ import annotations

import pytest

from evidence_judges import quoting
from pytest_faithful import verify
from pytest_faithful.text.bounds import LOWER, UPPER, bound_senses, says_no

EXCHANGES = "Exchanges are free up to 48 hours before the performance."
BOOKING = "Classes are included, but you have to book them in the app, up to 48 hours ahead."
PHARMACY = "We are unable to vaccinate children under 18 in the pharmacy."
SMOKING = "Smoking is prohibited on all trails and within 10 metres of any parking area."


@pytest.mark.parametrize(
    ("passage", "answer", "passes"),
    [
        (EXCHANGES, "You can exchange them free as long as it's at least 48 hours before.", True),
        (EXCHANGES, "Exchanges are free until 48 hours before the performance.", True),
        (EXCHANGES, "Exchanges are free up to 48 hours before the performance.", True),
        # "ahead" opens a booking window: "at least 48 hours ahead" is the other way.
        (BOOKING, "You have to book them in the app, up to 48 hours ahead.", True),
        (BOOKING, "You have to book them in the app at least 48 hours ahead.", False),
        (PHARMACY, "The pharmacy can't vaccinate anyone under 18.", True),
        (PHARMACY, "The pharmacy can't vaccinate anyone over 18.", False),
        (
            SMOKING,
            "Smoking is prohibited on trails, and also within 10 metres of parking.",
            True,
        ),
        (
            SMOKING,
            "Smoking is prohibited on trails, and also beyond 10 metres of parking.",
            False,
        ),
    ],
)
def test_a_bound_told_alike_passes_and_the_other_way_is_caught(
    passage: str, answer: str, passes: bool
) -> None:
    result = verify(answer, [passage], judge=quoting(passage))
    assert result.passed is passes, [v.reason for v in result.claim_verdicts]


def test_up_to_before_reads_both_ways_and_ahead_one() -> None:
    assert bound_senses(EXCHANGES)["48"] == {LOWER, UPPER}
    assert bound_senses(BOOKING)["48"] == {UPPER}
    assert bound_senses("Cancel up to 3 days prior to arrival.")["3"] == {UPPER}


def test_a_prohibition_or_unable_says_no() -> None:
    assert says_no(PHARMACY)
    assert says_no("Drones are banned.")
    assert says_no("You can't park here.")
    assert not says_no("Smoking is allowed within 10 metres.")
