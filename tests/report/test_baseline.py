"""Baseline file format and comparison, without pytest plumbing."""

from __future__ import annotations

import json
import math
import os
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from pytest_faithful import Label, verify
from pytest_faithful.report.baseline import (
    BaselineSummary,
    ClaimChange,
    compare,
    regression_message,
)
from pytest_faithful.report.baseline_file import (
    Baseline,
    BaselineEntry,
    BaselineError,
    check_key,
    dump_baseline,
    load_baseline,
    merged,
    stale_keys,
    write_baseline,
)
from pytest_faithful.testing import FunctionJudge

CONTEXT = ["Refunds take 30 days. Returns are free of charge within the EU."]
ANSWER = "Refunds take 30 days. Returns are free within the EU."


def result_with(*labels: str) -> Any:
    def verdicts(claims: Any, passages: Any) -> list[dict[str, Any]]:
        return [
            {
                "claim_index": i,
                "label": label,
                "evidence": ["Refunds take 30 days", "Returns are free of charge within"][i],
                "passage_index": 0,
            }
            for i, label in enumerate(labels)
        ]

    return verify(
        ANSWER, CONTEXT, judge=FunctionJudge(verdicts), threshold=0.0, allow_contradictions=True
    )


def test_keys_default_to_node_id_and_index_and_explicit_key_wins() -> None:
    assert check_key("t.py::test_a[x-1]", 0, None) == "t.py::test_a[x-1]#0"
    assert check_key("t.py::test_a", 2, None) == "t.py::test_a#2"
    assert check_key("t.py::test_a", 2, "refunds") == "refunds"


def test_round_trip_and_diff_friendly_shape(tmp_path: Path) -> None:
    baseline = Baseline(
        entries={
            "b#0": BaselineEntry.from_result(result_with("SUPPORTED", "SUPPORTED")),
            "a#0": BaselineEntry.from_result(result_with("SUPPORTED", "CONTRADICTED")),
        }
    )
    path = tmp_path / "sub" / "baseline.json"
    write_baseline(path, baseline)
    assert load_baseline(path) == baseline
    text = path.read_text()
    lines = text.splitlines()
    assert lines[:3] == ["{", '  "version": 1,', '  "checks": {']
    assert lines[3].startswith('    "a#0": {"claims": [')
    assert lines[4].startswith('    "b#0": ')
    assert json.loads(text)["checks"]["a#0"]["score"] == 0.5
    assert dump_baseline(load_baseline(path)) == text, "stable: rewriting changes nothing"


def test_missing_file_is_an_empty_baseline(tmp_path: Path) -> None:
    assert load_baseline(tmp_path / "nope.json") == Baseline()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not a valid baseline file"),
        ('{"version": 0, "checks": {}}', "version 0"),
        ('{"version": 1, "checks": {"k": {"score": 2}}}', "not a valid baseline file"),
        ("[]", "version None"),
        ('{"version": true, "checks": {}}', "version True"),
        # A hand edit that loses the checks must not read as an empty baseline: nothing would
        # regress.
        ('{"version": 1, "check": {}}', "exactly the keys 'version' and 'checks', not 'check'"),
        ('{"version": 1}', "exactly the keys 'version' and 'checks'"),
        ('{"version": 1, "checks": {"k": {}, "k": {}}}', "the key[(]s[)] 'k' appear more than"),
        ('{"version": 1, "checks": ' + "[" * 50_000 + "]" * 50_000 + "}", "nested too deeply"),
    ],
)
def test_bad_files_name_the_file_and_the_fix(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "baseline.json"
    path.write_text(content)
    with pytest.raises(BaselineError, match=message) as info:
        load_baseline(path)
    assert str(path) in str(info.value)
    assert "--faith-update-baseline" in str(info.value)


# Node ids of test files or folders whose names are not UTF-8 hold the lone surrogates that
# Python decodes their bytes to (\udc80-\udcff), wherever they fall in the text.
# (Joined from a list: st.text leaves surrogates out, whatever its alphabet.)
_NAMES = st.lists(
    st.one_of(
        st.characters(exclude_categories=("Cs",)),
        st.sampled_from([chr(code) for code in range(0xDC80, 0xDD00)]),
    )
).map("".join)


@given(test=_NAMES, claim=_NAMES)
def test_any_node_id_and_claim_is_written_and_read_back_as_it_was(test: str, claim: str) -> None:
    entry = BaselineEntry(
        score=0.5, judge="j", claims=({"text": claim, "label": "SUPPORTED"},), test=test
    )
    baseline = Baseline(entries={f"{test}#0": entry})
    text = dump_baseline(baseline)
    text.encode("utf-8")  # what write_baseline does; it raised UnicodeEncodeError: INTERNALERROR
    # An entry without settings (a metric's, a pass rate's) leaves them out of its line.
    unset = {"scoring", "rules"}
    assert json.loads(text)["checks"] == {f"{test}#0": entry.model_dump(mode="json", exclude=unset)}
    assert Baseline.model_validate({"entries": json.loads(text)["checks"]}) == baseline
    assert dump_baseline(Baseline.model_validate({"entries": json.loads(text)["checks"]})) == text


def test_a_baseline_of_a_test_folder_not_named_in_utf8_is_written_and_read(
    tmp_path: Path,
) -> None:
    test = os.fsdecode(b"tests/caf\xe9/test_x.py::test_a")  # a Latin-1 folder name
    baseline = Baseline(entries={f"{test}#0": BaselineEntry(score=1, judge="j", claims=())})
    write_baseline(tmp_path / "b.json", baseline)
    assert load_baseline(tmp_path / "b.json") == baseline


@pytest.mark.parametrize("version", [2, 99])
def test_a_baseline_a_newer_version_wrote_says_to_upgrade_not_to_rewrite_it(
    tmp_path: Path, version: int
) -> None:
    path = tmp_path / "baseline.json"
    path.write_text(f'{{"version": {version}, "checks": {{}}}}')
    with pytest.raises(BaselineError) as info:
        load_baseline(path)
    assert str(info.value) == (
        f"faithfulness baseline {path} has version {version}, written by a newer pytest-faithful;"
        " this one reads version 1. Upgrade pytest-faithful."
    )


def test_a_byte_order_mark_an_editor_left_is_no_damage(tmp_path: Path) -> None:
    path = tmp_path / "baseline.json"
    write_baseline(path, Baseline(entries={"t::a": BaselineEntry(score=0.5, judge="j", claims=())}))
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert load_baseline(path).entries["t::a"].score == 0.5


def test_a_file_that_is_not_utf8_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "baseline.json"
    path.write_bytes(b'{"version": 1, "checks": {"\xff": {}}}')
    with pytest.raises(BaselineError, match="cannot read the faithfulness baseline") as info:
        load_baseline(path)
    assert str(path) in str(info.value)


def test_compare_regressed_improved_unchanged_new() -> None:
    both = BaselineEntry.from_result(result_with("SUPPORTED", "SUPPORTED"))
    worse = result_with("SUPPORTED", "CONTRADICTED")
    regressed = compare("k", worse, both, tolerance=0.0)
    assert regressed.status == "regressed"
    assert regressed.delta == -0.5
    assert regressed.changes == (
        ClaimChange(
            text="Returns are free within the EU.", before=Label.SUPPORTED, after=Label.CONTRADICTED
        ),
    )
    assert str(regressed.changes[0]) == (
        "claim 'Returns are free within the EU.' SUPPORTED -> CONTRADICTED"
    )
    assert compare("k", worse, both, tolerance=0.5).status == "unchanged"
    assert compare("k", worse, both, tolerance=0.49).status == "regressed"
    half = BaselineEntry.from_result(worse)
    assert compare("k", result_with("SUPPORTED", "SUPPORTED"), half, 0.0).status == "improved"
    assert compare("k", worse, half, 0.0).status == "unchanged"
    new = compare("k", worse, None, 0.0)
    assert (new.status, new.baseline_score, new.delta) == ("new", None, None)


def test_regression_message_names_baseline_score_and_changed_claims() -> None:
    both = BaselineEntry.from_result(result_with("SUPPORTED", "SUPPORTED"))
    comparison = compare("refunds", result_with("SUPPORTED", "CONTRADICTED"), both, 0.1)
    message = regression_message(comparison, 0.1)
    assert message.splitlines() == [
        "faithfulness regressed: score 0.50 < baseline 1.00 (drop 0.50 > tolerance 0.10) "
        "for baseline key 'refunds'",
        "  claim 'Returns are free within the EU.' SUPPORTED -> CONTRADICTED",
    ]


_RATIOS = st.tuples(st.integers(0, 40), st.integers(1, 40)).map(lambda t: min(t[0] / t[1], 1.0))
_SHOWN = re.compile(r"score (\S+) vs baseline (\S+) \(([-+]\S+), (\w+)\)")
_REGRESSED = re.compile(r"score (\S+) < baseline (\S+) \(drop (\S+) > tolerance (\S+)\)")


# None: the tolerance just under the drop, to the hundredth, where two decimals say nothing.
_TOLERANCES = st.one_of(st.none(), st.integers(0, 50).map(lambda t: t / 100))


@given(score=_RATIOS, stored=_RATIOS, tolerance=_TOLERANCES)
@example(score=18 / 19, stored=1.0, tolerance=0.05)  # was "drop 0.05 > tolerance 0.05"
@example(score=13 / 20, stored=24 / 37, tolerance=0.0)  # was "0.65 vs baseline 0.65, improved"
@example(score=23 / 26, stored=31 / 35, tolerance=None)  # was "0.88 vs baseline 0.89 (-0.00, ...)"
@example(score=24 / 37, stored=13 / 20, tolerance=0.0)
def test_the_figures_shown_say_what_the_comparison_decided(
    score: float, stored: float, tolerance: float | None
) -> None:
    if tolerance is None:
        tolerance = max(0.0, math.floor((stored - score) * 100) / 100)
    result = result_with("SUPPORTED", "SUPPORTED").model_copy(update={"score": score})
    entry = BaselineEntry(score=stored, judge="j", claims=())
    comparison = compare("k", result, entry, tolerance)
    shown = _SHOWN.match(comparison.describe())
    assert shown is not None
    now, before, delta, status = shown.groups()
    assert (now, before) == comparison.shown_scores()
    assert status == comparison.status
    if status == "improved":
        assert float(now) > float(before)
        assert float(delta) > 0
    if status == "regressed":
        assert float(now) < float(before)
        assert float(delta) < 0
        figures = _REGRESSED.search(regression_message(comparison, tolerance))
        assert figures is not None
        now, before, drop, limit = map(float, figures.groups())
        assert now < before
        assert drop > limit == pytest.approx(tolerance)
        assert drop == pytest.approx(stored - score, abs=0.006)


def test_an_entry_another_judge_scored_is_compared_and_says_which() -> None:
    worse = result_with("SUPPORTED", "CONTRADICTED")
    entry = BaselineEntry.from_result(result_with("SUPPORTED", "SUPPORTED"))
    same = compare("refunds", worse, entry, 0.0)
    assert same.baseline_judge is None
    assert "another judge" not in same.describe() + regression_message(same, 0.0)
    theirs = entry.model_copy(update={"judge": "anthropic:claude-haiku-4-5/p4"})
    other = compare("refunds", worse, theirs, 0.0)
    assert (other.status, other.baseline_judge) == ("regressed", theirs.judge)
    assert other.describe().startswith(
        "score 0.50 vs baseline 1.00 (-0.50, regressed); the baseline was scored by another "
        "judge (anthropic:claude-haiku-4-5/p4); claim "
    )
    assert regression_message(other, 0.0).splitlines()[1] == (
        "  the baseline was scored by another judge (anthropic:claude-haiku-4-5/p4): the drop "
        "may be the judges', not the answer's (pin the judge, or rewrite the baseline with "
        "--faith-update-baseline)"
    )
    assert compare("refunds", worse, theirs, 1.0).baseline_judge == theirs.judge


def test_merge_keeps_unrun_entries_unless_replacing_and_stale_keys() -> None:
    entry = BaselineEntry.from_result(result_with("SUPPORTED", "SUPPORTED"))
    other = BaselineEntry.from_result(result_with("SUPPORTED", "NOT_ENOUGH_INFO"))
    stored = Baseline(entries={"a#0": entry, "gone#0": entry})
    assert merged(stored, {"a#0": other}, replace=False).entries == {"a#0": other, "gone#0": entry}
    assert merged(stored, {"a#0": other}, replace=True).entries == {"a#0": other}
    assert stale_keys(stored, ["a#0", "new#0"]) == ["gone#0"]


@pytest.mark.parametrize(
    ("stored", "ran", "settings"),
    [
        ({"scoring": "strict"}, {"scoring": "lenient"}, "scoring strict -> lenient"),
        ({"rules": "standard"}, {"rules": "evidence"}, "rules standard -> evidence"),
        (
            {"scoring": "lenient", "rules": "strict"},
            {"scoring": "strict", "rules": "standard without negation"},
            "scoring lenient -> strict; rules strict -> standard without negation",
        ),
        # An entry that does not store them (written before entries did) is not compared.
        ({"scoring": None, "rules": None}, {"scoring": "lenient", "rules": "evidence"}, None),
        ({}, {}, None),
    ],
)
def test_an_entry_scored_with_other_settings_is_compared_and_says_which(
    stored: dict[str, Any], ran: dict[str, Any], settings: str | None
) -> None:
    """The scoring policy and the verdict rules change the score of the same verdicts: a
    comparison across them is not one measure's, whichever way the score moved."""
    entry = BaselineEntry.from_result(result_with("SUPPORTED", "SUPPORTED"))
    assert (entry.scoring, entry.rules) == ("strict", "standard")
    worse = result_with("SUPPORTED", "CONTRADICTED").model_copy(update=ran)
    comparison = compare("refunds", worse, entry.model_copy(update=stored), 0.0, "t.py::t")
    assert (comparison.status, comparison.baseline_settings) == ("regressed", settings)
    assert comparison.test == "t.py::t"
    message = regression_message(comparison, 0.0)
    noted = f"the baseline was scored with other settings ({settings})"
    assert (noted in comparison.describe(), noted in message) == (bool(settings),) * 2
    summary = BaselineSummary(
        path="b.json", tolerance=0.0, comparisons=(comparison,), stale=(), written=None
    )
    assert summary.mismatch_notes() == (
        [f"1 check compared with entries scored with other settings ({settings})"]
        if settings
        else []
    )
    assert summary.failing() == (comparison,)
    assert summary.model_copy(update={"updating": True}).failing() == ()


@pytest.mark.parametrize("marker", ["<<<<<<< HEAD", "|||||||", "=======", ">>>>>>> pr-branch"])
@pytest.mark.parametrize("at", [3, 4, 5])
def test_a_merge_conflict_names_the_file_and_its_line(tmp_path: Path, marker: str, at: int) -> None:
    path = tmp_path / "baseline.json"
    entry = result_with("SUPPORTED", "SUPPORTED")
    write_baseline(
        path,
        Baseline(entries={f"t.py::test_{n}#0": BaselineEntry.from_result(entry) for n in range(3)}),
    )
    lines = path.read_text().splitlines()
    lines.insert(at - 1, marker)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(BaselineError) as caught:
        load_baseline(path)
    assert str(caught.value).startswith(
        f"faithfulness baseline {path} has an unresolved merge conflict at line {at} ({marker!r}): "
    )
    assert "--faith-update-baseline" in str(caught.value)
