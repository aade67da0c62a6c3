"""The one precedence rule, as a table: call > marker > CLI > ini > default."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_faithful.plugin.declared import CheckSettings, names_no_rules
from pytest_faithful.plugin.options import asking_options
from pytest_faithful.plugin.settings import LayerSettings, resolve, validate_marker

CALL = {"threshold": 0.1, "judge": "call-judge"}
MARKER = {"threshold": 0.2, "scoring": "lenient", "judge": "marker-judge"}
CLI = {"threshold": 0.3, "allow_contradictions": True, "judge": None}
INI = {"threshold": 0.4, "scoring": "strict", "judge": "ini-judge", "allow_contradictions": False}


@pytest.mark.parametrize(
    ("layers", "expected"),
    [
        ((), CheckSettings()),
        ((INI,), CheckSettings("ini-judge", 0.4, "strict", False)),
        ((CLI, INI), CheckSettings("ini-judge", 0.3, "strict", True)),
        ((MARKER, CLI, INI), CheckSettings("marker-judge", 0.2, "lenient", True)),
        ((CALL, MARKER, CLI, INI), CheckSettings("call-judge", 0.1, "lenient", True)),
        ((CALL, {}, {}, {}), CheckSettings("call-judge", 0.1)),
        (({"threshold": None}, MARKER), CheckSettings("marker-judge", 0.2, "lenient")),
        (({"threshold": 0.0}, MARKER), CheckSettings("marker-judge", 0.0, "lenient")),
        (({"allow_contradictions": False}, CLI), CheckSettings(None, 0.3, "strict", False)),
    ],
)
def test_resolve_first_layer_that_sets_a_key_wins(
    layers: tuple[dict[str, Any], ...], expected: CheckSettings
) -> None:
    assert resolve(*layers) == expected


def test_defaults() -> None:
    assert resolve() == CheckSettings(
        judge=None, threshold=0.8, scoring="strict", allow_contradictions=False
    )


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"threshold": -0.1}, "threshold"),
        ({"threshold": "high"}, "threshold"),
        ({"scoring": "harsh"}, "scoring"),
        ({"allow_contradictions": "yes"}, "allow_contradictions"),
        ({"record_mode": "none"}, "record_mode: Extra inputs are not permitted"),
        ({"judge": 3}, "judge: Value error, a judge spec string .* got int; pass a judge object"),
        ({"judge": object()}, "judge: Value error, a judge spec string .* got object; pass a"),
        ({"judge": ""}, "judge: Value error, empty judge spec"),
        ({"judge": "  "}, "judge: Value error, empty judge spec"),
        # No rules named would mean the default policy over the command line's and ini's.
        ({"rules": ""}, "rules: Value error, '' names no rules"),
        ({"rules": " , "}, "rules: Value error, ' , ' names no rules"),
        ({"rules": []}, r"rules: Value error, \(\) names no rules"),
        ({"rules": ["", " "]}, r"rules: Value error, \('', ' '\) names no rules"),
    ],
)
def test_a_marker_is_refused_naming_the_argument(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message) as info:
        validate_marker(LayerSettings, "faithfulness", kwargs, "test_x.py::test_y")
    assert "invalid @pytest.mark.faithfulness on test_x.py::test_y: " in str(info.value)


@pytest.mark.parametrize(
    ("args", "kept"),
    [
        ([], []),
        (
            ["tests/test_a.py::t", "-x", "-n", "4", "--faith-judge=openai:m", "-q"],
            ["--faith-judge=openai:m"],
        ),
        (["--faith-judge", "local:m.gguf", "tests"], ["--faith-judge", "local:m.gguf"]),
        (
            ["--faith-single-call", "--faith-batch-size", "2", "--faith-max-tokens=9"],
            ["--faith-single-call", "--faith-batch-size", "2", "--faith-max-tokens=9"],
        ),
        (
            ["--faith-threshold=.5", "--faith-repeat", "3"],
            ["--faith-threshold=.5", "--faith-repeat", "3"],
        ),
        (["--faith-relevancy-threshold", "0.5"], ["--faith-relevancy-threshold", "0.5"]),
        (["--faith-local-context=512"], ["--faith-local-context=512"]),
        (["-c", "ci.ini", "-ofaith_judge=x", "-p", "judges", "-pno:randomly"],
         ["-c", "ci.ini", "-ofaith_judge=x", "-p", "judges", "-pno:randomly"]),
        (["--config-file=ci.ini", "--rootdir", "..", "--noconftest"],
         ["--config-file=ci.ini", "--rootdir", "..", "--noconftest"]),
        (
            ["--faith-record-mode=none", "--faith-recordings", "r", "--faith-prune-recordings",
             "--faith-estimate", "--faith-max-cost=1", "--faith-report", "--faith-baseline=b",
             "--faith-update-baseline", "--faith-cache-dir", "c", "--co", "--pyargs", "-v"],
            [],
        ),
        (["--faith-judge"], ["--faith-judge"]),
        (["--", "--faith-judge=x"], []),
    ],
)  # fmt: skip
def test_a_record_command_repeats_the_options_that_decide_the_judge_calls(
    args: list[str], kept: list[str]
) -> None:
    assert asking_options(args) == tuple(kept)


@given(st.text(alphabet=st.sampled_from([" ", ",", "\t", "\n", "\u3000", "a", "-"])))
def test_a_rules_text_names_no_rules_exactly_when_the_rules_read_no_names(text: str) -> None:
    # The rules split a text at commas and whitespace, and strip each name of a sequence
    # (rules.registry); the plugin refuses the values that leave no name.
    assert names_no_rules(text) == (not [n for n in re.split(r"[\s,]+", text.strip()) if n])
    assert names_no_rules([text, " "]) == (not text.strip())
