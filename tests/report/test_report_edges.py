"""Report edge cases: unwritable and invalid report paths, ini-relative paths, records written
before the report fields existed, judge ids, and the escaping and text helpers of each format."""

from __future__ import annotations

import gc
import itertools
import json
import time
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_faithful import Label
from pytest_faithful.errors import shorten
from pytest_faithful.models import Claim, ClaimVerdict, FaithfulnessResult, Usage
from pytest_faithful.report import github, html, json_report, markdown
from pytest_faithful.report.model import Defaults, FaithReport, JudgeInfo, build_report
from pytest_faithful.report.records import CheckRecord
from report_suite import SUITE_OUTCOMES, make_report_suite


@pytest.fixture
def suite(pytester: pytest.Pytester) -> pytest.Pytester:
    return make_report_suite(pytester)


def _validate(document: dict[str, Any]) -> None:
    jsonschema.Draft202012Validator(json_report.schema()).validate(document)


def test_unwritable_report_is_a_clear_error_not_an_internal_error(
    suite: pytest.Pytester,
) -> None:
    # The path is fine at start-up; a test puts a file where its folder should be.
    suite.makepyfile(
        test_block="from pathlib import Path\n\n"
        "def test_block():\n    Path('blocker').write_text('x')\n"
    )
    result = suite.runpytest("--faith-report=blocker/faith.json", "-k", "test_pass or block")
    result.assert_outcomes(passed=4)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stdout.fnmatch_lines(["faithful: ERROR: could not write report *blocker*faith.json: *"])
    assert "INTERNALERROR" not in result.stdout.str() + result.stderr.str()
    # Known at start-up: a usage error naming the option, before any test runs.
    result = suite.runpytest("--faith-report=blocker/faith.json", "-k", "test_pass")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "--faith-report 'blocker/faith.json': a folder in it is a file" in result.stderr.str()


def test_directory_or_unknown_extension_is_a_usage_error(suite: pytest.Pytester) -> None:
    (suite.path / "reports.json").mkdir()
    result = suite.runpytest("--faith-report=reports.json")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "--faith-report 'reports.json': is a directory" in result.stderr.str()
    suite.makeini("[pytest]\nfaith_judge = rules\nfaith_report = terminal out.txt\n")
    result = suite.runpytest()
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "ini option faith_report 'out.txt': not a report target" in result.stderr.str()
    # The command line's hint (a test path read as the flag's value) is no help here.
    assert "optional value" not in result.stderr.str()


def test_ini_report_paths_are_relative_to_the_ini_file(suite: pytest.Pytester) -> None:
    suite.makeini("[pytest]\nfaith_judge = rules\nfaith_report = out/faith.json out/faith.md\n")
    sub = suite.mkdir("elsewhere")
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(sub)
        suite.runpytest(str(suite.path)).assert_outcomes(**SUITE_OUTCOMES)
    assert (suite.path / "out" / "faith.json").is_file()
    assert (suite.path / "out" / "faith.md").is_file()
    assert not (sub / "out").exists()


@pytest.mark.parametrize("idle", ["--collect-only", "--setup-plan"])
def test_a_run_that_runs_no_test_keeps_the_last_report(suite: pytest.Pytester, idle: str) -> None:
    suite.runpytest("--faith-report=faith.json", "-k", "test_pass")
    written = (suite.path / "faith.json").read_bytes()
    assert json.loads(written)["checks"]
    result = suite.runpytest("--faith-report=faith.json", "-k", "test_pass", idle)
    assert (suite.path / "faith.json").read_bytes() == written
    result.stdout.fnmatch_lines([f"faithful: no report written: {idle} runs no check"])


def test_json_report_from_records_without_the_new_fields_is_valid() -> None:
    # Records written before path/line/answer/contexts existed still make a valid report.
    result = FaithfulnessResult(
        score=1.0,
        passed=True,
        threshold=0.8,
        scoring="strict",
        allow_contradictions=False,
        judge_id="lexical/v2",
        heuristic=True,
        claim_verdicts=(),
        vacuous=True,
        usage=Usage(),
        duration_s=0.0,
        explanation="passed: no claims",
    )
    old = CheckRecord.model_validate_json(
        json.dumps({"nodeid": "t.py::t", "index": 0, "judge_id": "lexical/v2"})
    )
    with_result = CheckRecord(nodeid="t.py::u", index=0, judge_id="lexical/v2", result=result)
    report = build_report(
        [with_result, old],
        generator="pytest-faithful test",
        default_judge="lexical/v2",
        record_mode="none",
        defaults=Defaults(threshold=0.8, scoring="strict", allow_contradictions=False),
    )
    document = json.loads(json_report.render(report))
    _validate(document)
    assert document["run"]["judges"] == [
        {
            "heuristic": True,
            "id": "lexical/v2",
            "kind": "lexical",
            "prompt_version": None,
            "version": "v2",
        }
    ]
    document["checks"][0]["surprise"] = 1
    with pytest.raises(jsonschema.ValidationError, match="surprise"):
        _validate(document)


@pytest.mark.parametrize(
    ("judge_id", "heuristic", "kind", "version", "prompt"),
    [
        ("lexical/v2", True, "lexical", "v2", None),
        ("openai:gpt-4o-mini/p1", False, "openai", "p1", "p1"),
        ("openai:meta-llama/Llama-3.1-8B/p2", False, "openai", "p2", "p2"),
        ("function", False, "function", None, None),
        ("anthropic:claude/p1", None, "anthropic", "p1", "p1"),
    ],
)
def test_judge_info_from_id(
    judge_id: str, heuristic: bool | None, kind: str, version: str | None, prompt: str | None
) -> None:
    info = JudgeInfo.from_id(judge_id, heuristic)
    assert (info.kind, info.version, info.prompt_version) == (kind, version, prompt)


def test_segments_split_at_every_edge() -> None:
    spans = [(0, 5, "a"), (3, 8, "b")]
    assert html.segments(10, spans) == [
        (0, 3, ["a"]),
        (3, 5, ["a", "b"]),
        (5, 8, ["b"]),
        (8, 10, []),
    ]
    assert html.segments(0, []) == []


@given(
    st.integers(min_value=0, max_value=12),
    st.lists(st.tuples(st.integers(-3, 15), st.integers(-3, 15)), max_size=6),
)
def test_segments_list_the_spans_covering_each_piece_in_order(
    length: int, edges: list[tuple[int, int]]
) -> None:
    spans = [(start, end, n) for n, (start, end) in enumerate(edges)]
    pieces = html.segments(length, spans)
    # The pieces tile [0, length), cut at every span edge (clipped to the text)...
    cuts = {0, length} | {max(0, min(x, length)) for edge in edges for x in edge}
    assert [(a, b) for a, b, _ in pieces] == list(itertools.pairwise(sorted(cuts)))
    for a, b, covering in pieces:
        # ...and each lists, in the order given, exactly the spans over the whole of it.
        assert covering == [n for start, end, n in spans if start <= a and b <= end]


def _cited_report(n: int) -> FaithReport:
    """An answer of ``n`` sentences, each SUPPORTED by a passage of its own that it quotes."""
    sentences = [f"Item {i} is here." for i in range(n)]
    answer = " ".join(sentences)
    verdicts, start = [], 0
    for i, sentence in enumerate(sentences):
        claim = Claim(text=sentence, sentence=sentence, start=start, end=start + len(sentence))
        start = claim.end + 1
        verdicts.append(
            ClaimVerdict(
                claim=claim,
                label=Label.SUPPORTED,
                reason="",
                evidence=sentence,
                passage_index=i,
                evidence_found=True,
                judge_label=Label.SUPPORTED,
            )
        )
    result = FaithfulnessResult(
        score=1.0,
        passed=True,
        threshold=0.8,
        scoring="strict",
        allow_contradictions=False,
        judge_id="function",
        heuristic=False,
        claim_verdicts=tuple(verdicts),
        vacuous=False,
        usage=Usage(),
        duration_s=0.0,
        explanation="passed",
    )
    record = CheckRecord(
        nodeid="t.py::t",
        index=0,
        result=result,
        judge_id="function",
        answer=answer,
        contexts=tuple(sentences),
    )
    return build_report(
        [record],
        generator="pytest-faithful test",
        default_judge="function",
        record_mode="once",
        defaults=Defaults(threshold=0.8, scoring="strict", allow_contradictions=False),
    )


def test_the_html_page_of_many_claims_and_passages_is_made_in_linear_time() -> None:
    # Each piece of the answer tested every claim's span, and each passage every verdict:
    # quadratic (4,000 claims and passages took 1.5 s). Linear: 16 times; quadratic: 256.
    small, large = _cited_report(200), _cited_report(3200)
    times = []
    gc.collect()
    gc.disable()  # a collection of what earlier tests left is no growth of the page's own
    try:
        for report in (small, small, large):
            started = time.process_time()
            page = html.render(report)
            times.append(time.process_time() - started)
    finally:
        gc.enable()
    times[:2] = [min(times[:2])]
    assert page.count('<mark class="supported"') == 3200
    assert times[1] < 48 * times[0] + 0.02, times


@pytest.mark.parametrize(
    ("passage", "quote", "found"),
    [
        ("Returns within 30 days.", "within 30 days", "within 30 days"),
        ("Returns within\n30  days.", "within 30 days", "within\n30  days"),
        ("It\u2019s free.", "it's FREE", "It\u2019s free"),
        ("Nothing here.", "elsewhere", None),
        ("Anything.", "  ", None),
    ],
)
def test_find_quote(passage: str, quote: str, found: str | None) -> None:
    where = html.find_quote(passage, quote)
    assert (None if where is None else passage[where[0] : where[1]]) == found


def test_user_text_cannot_break_the_table() -> None:
    assert markdown.md("a | b\n*c* <img>") == "a \\| b \\*c\\* &lt;img&gt;"
    assert markdown.code("t.py::test[a|`b`]") == "`t.py::test[a\\|'b']`"


def test_workflow_command_escaping() -> None:
    assert github._data("100% done\r\nnext") == "100%25 done%0D%0Anext"
    assert github._prop("a:b,c") == "a%3Ab%2Cc"
    assert github.repo_path("t/test_x.py", Path("/w/repo/sub"), Path("/w/repo")) == (
        "sub/t/test_x.py"
    )
    assert github.repo_path("test_x.py", Path("/elsewhere"), Path("/w/repo")) == "test_x.py"


@given(
    st.lists(st.sampled_from([*"abc ,;:\n\t", "24/7", "FedEx", "x" * 30])).map("".join),
    st.integers(min_value=4, max_value=60),
)
def test_shorten_cuts_after_a_whole_word(text: str, width: int) -> None:
    flat = " ".join(text.split())
    short = shorten(text, width)
    assert len(short) <= width
    if len(flat) <= width:
        assert short == flat
        return
    assert short.endswith("...")
    kept = short.removesuffix("...")
    assert flat.startswith(kept)
    room = width - 3
    if " " in flat[room // 2 : room] or flat[room : room + 1] == " ":
        # A space to cut at: the cut ends a word (what follows it in the text is a space).
        assert flat[len(kept) : len(kept) + 1] in (" ", ",", ";", ":")


def test_a_long_reason_is_cut_at_a_word_not_inside_one() -> None:
    reason = "9/11 content words found (missing: FedEx, Priority); number 24/7 not found"
    assert (
        shorten(reason, 70) == "9/11 content words found (missing: FedEx, Priority); number 24/7..."
    )
    assert shorten("x" * 50, 20) == "x" * 17 + "...", "one long word is cut inside it"
