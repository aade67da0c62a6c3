"""load_cases: golden files in JSON Lines, CSV and YAML read into frozen, validated cases."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pytest_faithful import Case, CaseFileError, load_cases

# -- round trips (hypothesis): what a team writes with json / csv comes back exactly ----------

# Any text a cell can hold, line breaks, quotes and commas included; no lone surrogates (no
# encoding writes them) and no NUL (the csv module refuses it).
TEXT = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=40
)
IDS = st.from_regex(r"[A-Za-z0-9][A-Za-z0-9_.:/ -]{0,18}[A-Za-z0-9]", fullmatch=True)


@st.composite
def cases(draw: st.DrawFn, *, text_cells: bool = False) -> list[Case]:
    # Ids a reader can tell apart (not by case or spaces alone: load_cases refuses those).
    ids = draw(st.lists(IDS, max_size=6, unique_by=lambda i: " ".join(i.casefold().split())))
    found = []
    # CSV: an empty cell means "not given", so a text field is None or non-empty there.
    text = TEXT.filter(bool) if text_cells else TEXT
    for case_id in ids:
        found.append(
            Case(
                id=case_id,
                question=draw(st.none() | text),
                contexts=tuple(draw(st.lists(TEXT, max_size=4))),
                answer=draw(st.none() | text),
                reference=draw(st.none() | text),
                metadata=draw(
                    st.dictionaries(st.sampled_from(["tier", "source", "n"]), text, max_size=2)
                ),
            )
        )
    return found


def _as_row(case: Case) -> dict[str, Any]:
    return {
        "id": case.id,
        "question": case.question,
        "contexts": list(case.contexts),
        "answer": case.answer,
        "reference": case.reference,
        **case.metadata,
    }


def _jsonl(rows: list[Case]) -> str:
    return "".join(json.dumps(_as_row(c), ensure_ascii=False) + "\n" for c in rows)


def _csv(rows: list[Case]) -> str:
    out = io.StringIO(newline="")
    writer = csv.writer(out)
    writer.writerow(["id", "question", "contexts", "answer", "reference", "tier", "source", "n"])
    for c in rows:
        writer.writerow(
            [
                c.id,
                c.question or "",
                json.dumps(list(c.contexts), ensure_ascii=False),
                c.answer or "",
                c.reference or "",
                *(c.metadata.get(k, "") for k in ("tier", "source", "n")),
            ]
        )
    return out.getvalue()


FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(rows=cases())
def test_jsonl_round_trips(tmp_path_factory: pytest.TempPathFactory, rows: list[Case]) -> None:
    path = tmp_path_factory.mktemp("g") / "golden.jsonl"
    path.write_text(_jsonl(rows), encoding="utf-8")
    assert list(load_cases(path)) == rows


def _one_break(text: str) -> str:
    return re.sub(r"\r\n?", "\n", text)


def _breaks_as_read(case: Case) -> Case:
    r"""A case as CSV reads it back: a line break in a cell is "\n", whatever the file has
    (the passages are a JSON list in ``_csv``, whose strings escape theirs)."""
    return Case(
        id=case.id,
        question=None if case.question is None else _one_break(case.question),
        contexts=case.contexts,
        answer=None if case.answer is None else _one_break(case.answer),
        reference=None if case.reference is None else _one_break(case.reference),
        metadata={k: _one_break(v) for k, v in case.metadata.items()},
    )


@FAST
@given(rows=cases(text_cells=True), ending=st.sampled_from(["\r\n", "\n", "\r"]))
def test_csv_round_trips_whatever_the_files_line_endings(
    tmp_path_factory: pytest.TempPathFactory, rows: list[Case], ending: str
) -> None:
    r"""What csv writes comes back, whichever line breaks the file has: git's core.autocrlf
    (or an editor) rewrites every one of a checkout, those in quoted cells too, and a
    multi-line answer or passage read "\r\n" on Windows and "\n" on Linux, so the judge's
    requests differed and the recordings made on one did not replay on the other."""
    # Metadata cells are text and an empty one is "not given": compare what CSV can hold.
    rows = [
        Case(**{**c.__dict__, "metadata": {k: v for k, v in c.metadata.items() if v}}) for c in rows
    ]
    path = tmp_path_factory.mktemp("g") / "golden.csv"
    path.write_bytes(_one_break(_csv(rows)).replace("\n", ending).encode("utf-8"))
    assert list(load_cases(path)) == [_breaks_as_read(c) for c in rows]


@FAST
@given(rows=cases(text_cells=True), data=st.data())
def test_ids_follow_their_rows_whatever_the_order(
    tmp_path_factory: pytest.TempPathFactory, rows: list[Case], data: st.DataObject
) -> None:
    """A row added or moved changes no other case's id (ids come from the file, not the
    position): the same id always names the same case."""
    shuffled = data.draw(st.permutations(rows))
    folder = tmp_path_factory.mktemp("g")
    (folder / "a.csv").write_text(_csv(rows), encoding="utf-8", newline="")
    (folder / "b.csv").write_text(_csv(list(shuffled)), encoding="utf-8", newline="")
    first = {c.id: c for c in load_cases(folder / "a.csv")}
    second = {c.id: c for c in load_cases(folder / "b.csv")}
    assert first == second


@FAST
@given(junk=st.text(max_size=60), line=st.integers(0, 3))
def test_jsonl_junk_is_an_error_naming_its_line(
    tmp_path_factory: pytest.TempPathFactory, junk: str, line: int
) -> None:
    """Whatever a line holds, it is a case, skipped (blank or comment), or a CaseFileError
    naming that line: never another exception."""
    junk = junk.replace("\r", " ").replace("\n", " ")  # one line (other breaks stay)
    good = [json.dumps({"id": f"case-{i}"}) for i in range(3)]
    lines = [*good[:line], junk, *good[line:]]
    path = tmp_path_factory.mktemp("g") / "golden.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8", errors="surrogatepass")
    error: CaseFileError | None = None
    try:
        found = load_cases(path)
    except CaseFileError as exc:
        error = exc
    if error is not None:
        assert error.line == line + 1
        assert str(error).startswith(f"{path}:{line + 1}: ")
    else:
        assert [c.id for c in found][:line] == [f"case-{i}" for i in range(line)]


@FAST
@given(junk=st.text(max_size=80))
def test_csv_junk_never_escapes_as_another_exception(
    tmp_path_factory: pytest.TempPathFactory, junk: str
) -> None:
    path = tmp_path_factory.mktemp("g") / "golden.csv"
    path.write_text("id,question,contexts\n" + junk, encoding="utf-8", errors="surrogatepass")
    error: CaseFileError | None = None
    try:
        load_cases(path)
    except CaseFileError as exc:
        error = exc
    if error is not None:
        assert error.line is not None
        assert error.line >= 2


# -- what each format accepts -----------------------------------------------------------------


def test_jsonl_skips_blank_lines_and_comments_and_reads_a_bom(tmp_path: Path) -> None:
    path = tmp_path / "golden.jsonl"
    path.write_bytes(
        "\ufeff# the refund questions\n\n"
        '{"id": "refund", "question": "How long?", "contexts": ["30 days."]}\n'
        '   // kept for later\n{"id": 7, "contexts": "one passage", "tier": "gold"}\n'.encode()
    )
    refund, seven = load_cases(path)
    assert refund == Case(id="refund", question="How long?", contexts=("30 days.",))
    assert seven.id == "7"  # a numeric id reads as its text
    assert seven.contexts == ("one passage",)
    assert dict(seven.metadata) == {"tier": "gold"}


def test_csv_context_columns_numbered_or_repeated(tmp_path: Path) -> None:
    numbered = tmp_path / "numbered.csv"
    numbered.write_text(
        "id,context_2,question,context_1,context_10\n"
        'a,second,"Q, with a comma",first,tenth\n'
        "b,,Q2,only,\n",
        encoding="utf-8",
    )
    a, b = load_cases(numbered)
    assert a.contexts == ("first", "second", "tenth")
    assert a.question == "Q, with a comma"
    assert b.contexts == ("only",)
    repeated = tmp_path / "repeated.csv"
    repeated.write_text('id,context,context\nx,"one\nspanning lines",two\n', encoding="utf-8")
    (x,) = load_cases(repeated)
    assert x.contexts == ("one\nspanning lines", "two")
    # A trailing separator (a hand-edited row, a tool that ends rows with one): no field.
    trailing = tmp_path / "trailing.tsv"
    trailing.write_text("id\tquestion\na\tQ\t\t \nb\tQ2\n", encoding="utf-8")
    assert [(c.id, c.question, dict(c.metadata)) for c in load_cases(trailing)] == [
        ("a", "Q", {}),
        ("b", "Q2", {}),
    ]


def test_csv_contexts_cell_is_json_or_one_passage(tmp_path: Path) -> None:
    path = tmp_path / "golden.csv"
    path.write_text(
        'id,contexts,metadata\na,"[""p1"", ""p2""]","{""k"": 1}"\nb,just one passage,\n',
        encoding="utf-8",
    )
    a, b = load_cases(path)
    assert a.contexts == ("p1", "p2")
    assert dict(a.metadata) == {"k": 1}
    assert b.contexts == ("just one passage",)
    assert b.question is None  # an empty or absent cell is a field not given


def test_tsv_and_format_override(tmp_path: Path) -> None:
    path = tmp_path / "golden.txt"
    path.write_text("id\tquestion\nq1\tWhere?\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"cannot tell the format.*format="):
        load_cases(path)
    (case,) = load_cases(path, format="tsv")
    assert (case.id, case.question) == ("q1", "Where?")


def test_yaml_list_or_cases_mapping(tmp_path: Path) -> None:
    pytest.importorskip("yaml")
    path = tmp_path / "golden.yaml"
    path.write_text(
        "# golden set\ncases:\n  - id: refund\n    question: How long?\n"
        "    contexts:\n      - Returns within 30 days.\n    tier: gold\n",
        encoding="utf-8",
    )
    (case,) = load_cases(path)
    assert case.contexts == ("Returns within 30 days.",)
    assert dict(case.metadata) == {"tier": "gold"}
    plain = tmp_path / "plain.yml"
    plain.write_text("- id: a\n- id: b\n  answer: yes it is\n", encoding="utf-8")
    assert [c.id for c in load_cases(plain)] == ["a", "b"]


# Unquoted, YAML 1.1 reads these as numbers (octal, hexadecimal, sexagesimal, with
# underscores), booleans or dates.
YAML_TYPED = st.one_of(
    st.from_regex(r"[+-]?(0|[1-9])[0-9_]{0,5}(:[0-5][0-9]){0,2}", fullmatch=True),
    st.from_regex(
        r"0[0-7]{1,4}|0x[0-9a-fA-F]{1,4}|[0-9]{1,3}\.[0-9]{0,3}(e[+-]?[0-9])?", fullmatch=True
    ),
    st.sampled_from(["yes", "No", "on", "OFF", "True", "y", "n", ".inf", "-.Inf", ".nan"]),
    st.dates().map(str),
)


@settings(max_examples=25, deadline=None)
@given(text=YAML_TYPED)
def test_yaml_text_fields_are_the_text_written_quoted_or_not(
    tmp_path_factory: pytest.TempPathFactory, text: str
) -> None:
    """An unquoted id, answer or passage is the text the file shows: 010 stays '010' (not
    '8'), No stays 'No' (not refused as a boolean); the same case as the text quoted."""
    yaml = pytest.importorskip("yaml")
    path = tmp_path_factory.getbasetemp() / "as-written.yaml"
    path.write_text(
        "".join(
            f"- id: {case_id}\n  answer: {shown}\n  reference: {shown}\n"
            f"  contexts:\n    - {shown}\n    - {shown}\n  metadata: {{n: {shown}}}\n"
            for case_id, shown in ((text, text), ("quoted", json.dumps(text)))
        ),
        encoding="utf-8",
    )
    plain, quoted = load_cases(path)
    assert (plain.id, plain.answer, plain.reference) == (text, text, text)
    assert plain.contexts == quoted.contexts == (text, text)
    # metadata keeps YAML's types: what a team may compare as numbers or dates.
    assert type(plain.metadata["n"]) is type(yaml.safe_load(text))


def test_yaml_refuses_python_tags(tmp_path: Path) -> None:
    pytest.importorskip("yaml")
    path = tmp_path / "golden.yaml"
    path.write_text("- id: a\n  question: !!python/object/apply:os.system [echo hi]\n")
    with pytest.raises(CaseFileError, match=r"golden\.yaml:1: not valid YAML"):
        load_cases(path)


def test_an_empty_file_has_no_cases(tmp_path: Path) -> None:
    for name in ("a.jsonl", "a.csv"):
        (tmp_path / name).write_text("", encoding="utf-8")
        assert load_cases(tmp_path / name) == ()


# -- errors name file:line and the field ------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "content", "expected"),
    [
        (
            "d.jsonl",
            '{"id": "a"}\n\n{"id": "a"}\n',
            r"d\.jsonl:3: field 'id': 'a' is used again \(first at line 1\)",
        ),
        (
            "d.csv",
            "id\n# c\nx\ny\nx\n",
            r"d\.csv:5: field 'id': 'x' is used again \(first at line 3\)",
        ),
        ("m.jsonl", '{"question": "Q"}\n', r"m\.jsonl:1: field 'id': missing"),
        ("m.csv", "id,question\n,Q\n", r"m\.csv:2: field 'id': missing"),
        ("h.csv", "question,answer\nQ,A\n", r"h\.csv:1: header: no 'id' column"),
        (
            "t.jsonl",
            '{"id": "a", "questoin": "Q"}\n',
            r"t\.jsonl:1: field 'questoin'.*did you mean 'question'",
        ),
        (
            "c.jsonl",
            '{"id": "a", "contexts": [1]}\n',
            r"c\.jsonl:1: field 'contexts': item 0 is a number",
        ),
        (
            "q.jsonl",
            '{"id": "a", "question": ["Q"]}\n',
            r"q\.jsonl:1: field 'question': expected a string, got a list",
        ),
        ("j.jsonl", '{"id": "a"}\n{"id": \n', r"j\.jsonl:2: not a JSON object"),
        ("l.jsonl", '["a"]\n', r"l\.jsonl:1: expected a JSON object per line, got list"),
        ("s.jsonl", '{"id": " a"}\n', r"s\.jsonl:1: field 'id': ' a' has spaces at its ends"),
        (
            "n.csv",
            'id,contexts\na,"[""p1"", 2"\n',
            r"n\.csv:2: field 'contexts': a cell that starts with '\['",
        ),
        ("w.csv", "id,question\na,Q,extra\n", r"w\.csv:2: 3 cells, but the header names 2 columns"),
        ("b.csv", "id,contexts,context_1\na,b,c\n", r"b\.csv:1: header: give the passages either"),
        (
            "u.csv",
            "id,question,question\na,b,c\n",
            r"u\.csv:1: header: column 'question' appears twice",
        ),
        (
            "k.jsonl",
            '{"id": "a", "tier": 1, "metadata": {"tier": 2}}\n',
            r"k\.jsonl:1: field 'metadata': 'tier' is also given",
        ),
    ],
)
def test_errors_name_the_file_line_and_field(
    tmp_path: Path, name: str, content: str, expected: str
) -> None:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    with pytest.raises(CaseFileError, match=expected):
        load_cases(path)


DEEP = "[" * 5_000 + "]" * 5_000  # past the parsers' recursion limit (about 1,000)
# What every format can be handed that its parser takes silently or lets out as another
# exception: nesting deeper than the parser's recursion, a field given twice (the parsers keep
# the last), a lone surrogate from a "\\udXXX" escape (no encoding writes it: it would fail
# the test id, the reports and the recordings), a field name that is not a string.
HAZARDS = [
    (
        "deep.jsonl",
        f'{{"id": "a", "metadata": {{"x": {DEEP}}}}}\n',
        r"deep\.jsonl:1: .*nested too deeply",
    ),
    (
        "deep.csv",
        f'id,contexts\na,"[""a"", {DEEP}]"\n',
        r"deep\.csv:2: field 'contexts': .*nested too deeply",
    ),
    (
        "deepm.csv",
        f'id,metadata\na,"{{""x"": {DEEP}}}"\n',
        r"deepm\.csv:2: field 'metadata': .*nested too deeply",
    ),
    (
        "deep.yaml",
        f"- id: a\n  metadata: {DEEP}\n",
        r"deep\.yaml: not valid YAML: nested too deeply",
    ),
    (
        "twice.jsonl",
        '{"id": "a", "question": "Q1", "question": "Q2"}\n',
        r"twice\.jsonl:1: key 'question' is given twice",
    ),
    (
        "twicem.jsonl",
        '{"id": "a", "metadata": {"k": 1, "k": 2}}\n',
        r"twicem\.jsonl:1: key 'k' is given twice",
    ),
    (
        "twice.yaml",
        "- id: a\n  question: Q1\n  question: Q2\n",
        r"twice\.yaml:3: field 'question' is given twice in one case \(first at line 2\)",
    ),
    ("twiceid.yaml", "- id: a\n  id: b\n", r"twiceid\.yaml:2: field 'id' is given twice"),
    (
        "twicecases.yaml",
        "cases:\n- id: a\ncases:\n- id: b\n",
        r"twicecases\.yaml:3: key 'cases' is given twice in one mapping \(first at line 1\)",
    ),
    (
        "key.yaml",
        "- id: a\n  1: one\n",
        r"key\.yaml:1: field 1: a field name must be a string, got a number",
    ),
    (
        "nullkey.yaml",
        "- id: a\n  ~: none\n",
        r"nullkey\.yaml:1: field None: a field name must be a string, got null",
    ),
    *(
        (
            f"s{field}.jsonl",
            f'{{"id": "a", "{field}": "ok \\ud800"}}\n',
            rf"s{field}\.jsonl:1: field '{field}': a lone surrogate \('\\ud800'\) at position 3",
        )
        for field in ("question", "answer", "reference")
    ),
    ("sid.jsonl", '{"id": "a\\udfff"}\n', r"sid\.jsonl:1: field 'id': a lone surrogate"),
    (
        "sctx.jsonl",
        '{"id": "a", "contexts": ["fine", "\\udc80"]}\n',
        r"sctx\.jsonl:1: field 'contexts': item 1: a lone surrogate",
    ),
    (
        "sctx.csv",
        'id,contexts\na,"[""\\udc80""]"\n',
        r"sctx\.csv:2: field 'contexts': item 0: a lone surrogate",
    ),
    (
        "ctl.yaml",
        "- id: a\n  question: Q \x1f\n",
        r"ctl\.yaml:2: not valid YAML: unacceptable character",
    ),
    (
        "s.yaml",
        '- id: a\n  question: "\\ud800"\n',
        r"s\.yaml:1: field 'question': a lone surrogate",
    ),
]


@pytest.mark.parametrize(("name", "content", "expected"), HAZARDS, ids=[h[0] for h in HAZARDS])
def test_what_a_parser_would_take_silently_or_crash_on_is_an_error_naming_it(
    tmp_path: Path, name: str, content: str, expected: str
) -> None:
    if name.endswith(".yaml"):
        pytest.importorskip("yaml")
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    with pytest.raises(CaseFileError, match=expected):
        load_cases(path)


@pytest.mark.parametrize("name", ["long.csv", "long.tsv"])
def test_a_cell_longer_than_the_csv_modules_limit_reads_whole(tmp_path: Path, name: str) -> None:
    limit = csv.field_size_limit()
    passage = "Refunds take five days. " * (limit // 10)  # over twice the limit
    sep = "," if name.endswith(".csv") else "\t"
    (tmp_path / name).write_text(f"id{sep}context\na{sep}{passage}\n", encoding="utf-8")
    assert load_cases(tmp_path / name)[0].contexts == (passage,)
    assert csv.field_size_limit() == limit  # the process's own setting is put back


@FAST
@given(junk=st.text(max_size=80))
def test_yaml_junk_never_escapes_as_another_exception(
    tmp_path_factory: pytest.TempPathFactory, junk: str
) -> None:
    pytest.importorskip("yaml")
    path = tmp_path_factory.mktemp("g") / "golden.yaml"
    path.write_text("- id: a\n" + junk, encoding="utf-8", errors="surrogatepass")
    error: CaseFileError | None = None
    try:
        load_cases(path)
    except CaseFileError as exc:
        error = exc
    assert error is None or str(error).startswith(str(path))


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_with_its_byte_order_mark_is_read_as_excel_writes_it(
    tmp_path: Path, encoding: str
) -> None:
    path = tmp_path / "golden.tsv"
    bom = {"utf-16": b"", "utf-16-le": b"\xff\xfe", "utf-16-be": b"\xfe\xff"}[encoding]
    path.write_bytes(bom + "id\tquestion\ncaf\u00e9\tHow long?\n".encode(encoding))
    assert [(c.id, c.question) for c in load_cases(path)] == [("caf\u00e9", "How long?")]


def test_undecodable_bytes_name_their_line(tmp_path: Path) -> None:
    path = tmp_path / "golden.jsonl"
    path.write_bytes(b'{"id": "a"}\n{"id": "\xff"}\n')
    with pytest.raises(CaseFileError, match=r"golden\.jsonl:2: not utf-8-sig text.*encoding="):
        load_cases(path)
    (tmp_path / "latin.jsonl").write_bytes('{"id": "caf\u00e9"}\n'.encode("latin-1"))
    assert load_cases(tmp_path / "latin.jsonl", encoding="latin-1")[0].id == "caf\u00e9"


def test_bad_arguments_name_the_argument(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match="path must be a str or a path"):
        load_cases(3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="format must be one of jsonl, csv, tsv, yaml"):
        load_cases(tmp_path / "a.jsonl", format="xml")
    with pytest.raises(FileNotFoundError, match="relative to the current directory"):
        load_cases(tmp_path / "missing.jsonl")


def test_cases_are_frozen() -> None:
    case = Case(id="a", contexts=["p"], metadata={"k": "v"})
    assert case.contexts == ("p",)
    with pytest.raises(AttributeError):
        case.id = "b"  # type: ignore[misc]
    with pytest.raises(TypeError):
        case.metadata["k"] = "w"  # type: ignore[index]
    with pytest.raises(ValueError, match="id is empty"):
        Case(id="")
    with pytest.raises(TypeError, match="contexts must be a sequence of str"):
        Case(id="a", contexts="one passage")  # type: ignore[arg-type]


# -- in pytest: parametrize names each test after its case ------------------------------------


def test_parametrize_ids_come_from_the_id_column(pytester: pytest.Pytester) -> None:
    pytester.makefile(
        ".jsonl",
        golden='{"id": "refund-window", "question": "How long?"}\n{"id": "ship-ca"}\n',
    )
    pytester.makepyfile(
        """
        from pathlib import Path
        import pytest
        from pytest_faithful import load_cases

        CASES = load_cases(Path(__file__).parent / "golden.jsonl")

        @pytest.mark.parametrize("case", CASES)
        def test_case(case):
            assert case.id in ("refund-window", "ship-ca")

        @pytest.mark.parametrize("case", [pytest.param(c, id=f"x-{c.id}") for c in CASES])
        def test_param(case):
            pass

        @pytest.mark.parametrize("n", [1, 2])
        def test_other_values_keep_pytest_ids(n):
            pass
        """
    )
    result = pytester.runpytest("--collect-only", "-q")
    result.stdout.fnmatch_lines(
        [
            "*test_case[[]refund-window[]]",
            "*test_case[[]ship-ca[]]",
            "*test_param[[]x-refund-window[]]",
            "*test_other_values_keep_pytest_ids[[]1[]]",
        ]
    )
