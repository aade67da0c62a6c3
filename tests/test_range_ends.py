"""A range is one value, and a passage's own threshold is the figure a bound must keep.

"Most people recover within 3 to 7 days" states no 10 days (the sum of its ends) and no 4 days
(their difference), though a change ("rose from 1,200 to 1,500") states its 300. And "a level
below 200 mg/dL is desirable" is not met by "below 220 mg/dL" because the passage writes some
other number of mg/dL nearby: where a passage bounds the same thing the same way (or a range's
end does) at another figure, the claim's bound is a changed threshold; where it gives a value
only, a bound is a hedge on it ("over 1,000 people" for "1,500 people") as before.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_judges import assert_both_ways
from pytest_faithful.text.arithmetic import derived

# (passage, honest restatement, the same with a figure changed)
FAMILY = {
    "a range's ends are not summed": (
        "Most people recover within 3 to 7 days, although a cough may last for weeks.",
        "Most people get better in 3-7 days, though the cough can last for weeks.",
        "Most people get better in 7 to 10 days, though the cough can last for weeks.",
    ),
    "nor differenced": (
        "Take 200 to 400 mg every 4 to 6 hours as needed.",
        "The usual dose is 200-400 mg every four to six hours as needed.",
        "The usual dose is 200-400 mg every 2 to 4 hours as needed.",
    ),
    "a threshold the passage gives": (
        "For adults, a total cholesterol level below 200 mg/dL is considered desirable. "
        "Levels from 200 to 239 mg/dL are borderline high.",
        "A desirable total cholesterol level for adults is under 200 mg/dL.",
        "A desirable total cholesterol level for adults is under 220 mg/dL.",
    ),
    "a maximum the passage gives": (
        "The dose is started at 500 mg a day and may be increased gradually to a maximum of "
        "2,000 mg a day.",
        "The dose may be raised slowly, up to 2,000 mg a day.",
        "The dose may be raised slowly, up to 3,000 mg a day.",
    ),
    "a range's end": (
        "Levels from 200 to 239 mg/dL are borderline high for adults.",
        "Borderline high levels for adults range from 200 to 239 mg/dL.",
        "Borderline high levels for adults are below 230 mg/dL.",
    ),
    "a hedge on a value, no threshold": (
        "The hospital employs 1,500 nurses across its three sites.",
        "The hospital employs over 1,000 nurses across its three sites.",
        "The hospital employs over 2,000 nurses across its three sites.",
    ),
}


@pytest.mark.parametrize("rules", ["standard", "strict"])
@pytest.mark.parametrize("form", FAMILY)
def test_a_restated_range_or_threshold_passes_and_a_changed_one_is_caught(
    form: str, rules: str
) -> None:
    passage, honest, changed = FAMILY[form]
    assert_both_ways(honest, changed, [passage], rules)


ends = st.integers(min_value=1, max_value=400)


@settings(max_examples=40)
@given(ends, ends, st.sampled_from(["{} to {}", "{}-{}", "between {} and {}", "{}\u2013{}"]))
def test_no_sum_or_difference_of_a_range_s_ends_is_worked_out(
    low: int, span: int, form: str
) -> None:
    high = low + span
    passages = (f"Symptoms usually last {form.format(low, high)} days after exposure.",)
    for worked in {low + high, span} - {low, high}:
        claim = f"Symptoms usually last {worked} days after exposure."
        assert not derived(str(worked), claim, passages)
    change = (f"The clinic's daily visits rose from {low} to {high} patients last year.",)
    claim = f"The clinic's daily visits rose by {span} patients last year."
    assert derived(str(span), claim, change) or span in {low, high}
