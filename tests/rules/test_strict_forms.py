"""What the ``strict`` set reads beyond the default, both ways: a faithful answer a right judge
passes is not failed for a bound written with its own negation, a chat line's timestamp or a
clipped name, and a figure moved from another thing of the passage is still caught."""

from __future__ import annotations

from collections.abc import Sequence

from evidence_judges import quoting_the_best_passage
from pytest_faithful import verify
from pytest_faithful.text.number_clash import number_clash, turned_by_negation_only


def both_ways(honest: str, lie: str, passages: Sequence[str], question: str | None = None) -> None:
    judge = quoting_the_best_passage()
    kept = verify(honest, list(passages), question=question, judge=judge, rules="strict")
    assert kept.passed, [v.reason for v in kept.claim_verdicts]
    caught = verify(lie, list(passages), question=question, judge=judge, rules="strict")
    assert not caught.passed, lie


def test_a_bound_turned_over_by_a_negation_both_texts_hold() -> None:
    passage = "Dogs of less than 10 kg in a carrier may not be left alone in the cabin."
    claim = "At 6 kg the dog is under 10 kg, so it may not be left alone in the cabin."
    assert turned_by_negation_only(claim, passage)
    # Without the claim's own negation the bound is the other way round.
    assert not turned_by_negation_only("It is under 10 kg, so it may be left alone.", passage)
    asked = "Can my 6 kg dog be left alone in its carrier in the cabin?"
    lie = "At 6 kg the dog is over 10 kg, so it may not be left alone."
    both_ways(claim, lie, [passage], asked)


def test_a_timestamp_is_no_value_of_its_line() -> None:
    chat = "[17:30] Dana: Let's move the book club from Mondays to Wednesdays, same time, 7pm."
    assert number_clash("The book club moves to Wednesdays, still at 7pm.", chat) is None
    both_ways(
        "The book club moves from Mondays to Wednesdays, still at 7pm.",
        "The book club moves from Mondays to Wednesdays, still at 8pm.",
        [chat],
    )


def test_a_clipped_name_is_the_name_a_passage_writes() -> None:
    passage = "Rolo is a 4-year-old Dachshund who loves long walks and is good with children."
    both_ways(
        "Rolo is a 4-year-old Dachs who loves long walks.",
        "Rolo is a 4-year-old Beagle who loves long walks.",
        [passage],
    )


def test_a_figure_of_another_thing_is_still_another_value() -> None:
    # The claim's "3" is stated, of Rolo; the quote about Mabel gives 6. Shown with Rolo's
    # sentence (which states the 3 but says less of the claim), the lie would pass.
    passages = [
        "Rolo is a 3-year-old terrier mix who is house-trained and good with children.",
        "Mabel, a 6-year-old tabby cat, is shy and would do best in a quiet home without dogs.",
    ]
    both_ways(
        "Mabel is a shy 6-year-old tabby cat who would do best in a quiet home with no dogs.",
        "Mabel is a shy 3-year-old tabby cat who would do best in a quiet home with no dogs.",
        passages,
        "Tell me about Mabel.",
    )
