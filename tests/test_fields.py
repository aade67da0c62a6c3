"""The option declarations: one bound per kind, read the same from text and from Python."""

from __future__ import annotations

import math
import re

import pytest

from pytest_faithful.fields import SECONDS, UNIT, Choice, Number, Whole, check_fields
from pytest_faithful.plugin.declared import CheckSettings
from pytest_faithful.plugin.options import declared_options
from pytest_faithful.plugin.settings import CHECK_SETTINGS, LayerSettings


@pytest.mark.parametrize(
    ("kind", "text", "message"),
    [
        (Whole(1), "0", "'0' is less than 1"),
        (Whole(1), "two", "'two' is not a whole number (expected 1 or more)"),
        (Whole(1, 10), "11", "'11' is more than 10"),
        (Whole(1, 10), "ten", "'ten' is not a whole number (expected 1 to 10)"),
        (UNIT, "2", "'2' is not in [0, 1]"),
        (UNIT, "nan", "'nan' is not in [0, 1]"),
        (UNIT, "high", "'high' is not a number (expected 0 to 1)"),
        (SECONDS, "0", "'0' is not > 0"),
        (SECONDS, "-1", "'-1' is not > 0"),
        (SECONDS, "inf", "'inf' is not a finite number of seconds (expected > 0)"),
        (SECONDS, "-inf", "'-inf' is not a finite number of seconds (expected > 0)"),
        (SECONDS, "nan", "'nan' is not a finite number of seconds (expected > 0)"),
        (SECONDS, "soon", "'soon' is not a number of seconds"),
        (Choice(("a", "b")), "c", "'c' is not one of a, b"),
        (Number(0, noun="amount in US dollars"), "lots", "'lots' is not an amount in US dollars"),
        (Number(0, 9, noun="integer-ish"), "x", "'x' is not an integer-ish (expected 0 to 9)"),
    ],
)
def test_a_bad_text_is_refused_in_the_words_pytest_shows(
    kind: Whole | Number | Choice, text: str, message: str
) -> None:
    with pytest.raises(ValueError, match="^" + re.escape(message)):
        kind.parse(text)


@pytest.mark.parametrize(
    ("kind", "good", "bad"),
    [
        (Whole(-1), [-1, 0, 7], [-2, True, 1.0, "1"]),
        (Whole(1, 10), [1, 10], [0, 11, 10**100, False]),
        (UNIT, [0, 0.5, 1.0], [-0.01, 1.01, math.nan, True, "0.5"]),
        (SECONDS, [0.1, 60], [0, -1, math.nan, math.inf, False]),
    ],
)
def test_parse_and_check_share_one_bound(
    kind: Whole | Number, good: list[object], bad: list[object]
) -> None:
    for value in good:
        kind.check("x", value)
        assert kind.parse(str(value)) == value
    for value in bad:
        with pytest.raises(ValueError, match=r"^x must be"):
            kind.check("x", value)


def test_every_option_is_declared_once_with_its_ini_twin() -> None:
    declared = [option for _, option in declared_options()]
    flags = [option.flag for option in declared]
    assert len(flags) == len(set(flags))
    for option in declared:
        assert option.flag.startswith("--faith-")
        assert option.dest == option.flag[2:].replace("-", "_")
    # One-run actions, not settings a project keeps: no ini key.
    assert [o.flag for o in declared if not o.ini] == [
        "--faith-update-baseline",
        "--faith-prune-recordings",
        "--faith-estimate",
    ]


def test_the_marker_takes_exactly_the_per_check_options() -> None:
    assert set(LayerSettings.model_fields) == set(CHECK_SETTINGS)
    assert CheckSettings().threshold == 0.8


def test_check_fields_names_the_field() -> None:
    from pytest_faithful.plugin.declared import BaselineOptions

    with pytest.raises(ValueError, match=r"^tolerance must be a number in \[0, 1\], got 2"):
        BaselineOptions(tolerance=2)
    check_fields(BaselineOptions())
