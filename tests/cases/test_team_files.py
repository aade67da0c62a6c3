"""load_cases on the files teams have: Excel's CSV, ids that look alike, encodings, aliases."""

from __future__ import annotations

import csv
import io
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_faithful import CaseFileError, load_cases

# Excel's CSV: ';' where the decimal separator is a comma, headings in capitals, spaces round
# names, quoted cells with doubled quotes and line breaks, CRLF, blank and empty trailing rows.
EXCEL = [
    ("id;question;answer\r\na;Q;A\r\n", [("a", "Q", "A", ())]),
    (
        '\ufeffID;Question;Answer\r\na;"1,5 ""km""\r\nor so";A\r\n;;\r\n\r\n',
        [("a", '1,5 "km"\nor so', "A", ())],
    ),
    (" Id , Question , Context 1 , Context 2\na,Q,p1,p2\n", [("a", "Q", None, ("p1", "p2"))]),
    ("# note\nID,Contexts\na,one passage\n", [("a", None, None, ("one passage",))]),
    ('id;contexts\na;"[""p1"", ""p2""]"\n', [("a", None, None, ("p1", "p2"))]),
]


@pytest.mark.parametrize(("text", "expected"), EXCEL)
def test_excel_csv_reads_as_written(tmp_path: Path, text: str, expected: list[tuple]) -> None:
    path = tmp_path / "golden.csv"
    path.write_bytes(text.encode("utf-8"))
    got = [(c.id, c.question, c.answer, c.contexts) for c in load_cases(path)]
    assert got == expected


# A contexts cell is a JSON list only when it opens like one ('[' then '"' or ']'); any other
# text is one passage, numbered citations and bracketed tags included.
PASSAGE = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"))


@settings(max_examples=60, deadline=None)
@given(
    passage=PASSAGE.filter(
        lambda p: p.strip() != "" and not p.lstrip().startswith(('["', "[]", "[ "))
    )
)
def test_a_contexts_cell_that_is_no_json_list_is_one_passage(
    tmp_path_factory: pytest.TempPathFactory, passage: str
) -> None:
    out = io.StringIO(newline="")
    csv.writer(out).writerows([["id", "contexts"], ["a", "[1] " + passage], ["b", passage]])
    path = tmp_path_factory.mktemp("g") / "golden.csv"
    path.write_text(out.getvalue(), encoding="utf-8", newline="")
    got = [c.contexts for c in load_cases(path)]
    assert got == [
        ("[1] " + passage.replace("\r\n", "\n").replace("\r", "\n"),),
        (passage.replace("\r\n", "\n").replace("\r", "\n"),),
    ]


@pytest.mark.parametrize(
    ("first", "second"),
    [("Refund-Window", "refund-window"), ("ship  ca", "ship ca"), ("caf\u00e9", "cafe\u0301")],
)
@pytest.mark.parametrize("name", ["golden.jsonl", "golden.csv"])
def test_ids_told_apart_only_by_case_spaces_or_accents_are_refused(
    tmp_path: Path, name: str, first: str, second: str
) -> None:
    path = tmp_path / name
    if name.endswith(".csv"):
        path.write_text(f"id\n{first}\n{second}\n", encoding="utf-8")
    else:
        path.write_text(f'{{"id": "{first}"}}\n{{"id": "{second}"}}\n', encoding="utf-8")
    with pytest.raises(CaseFileError, match=rf"{name}:3?2?: field 'id': .* differs from .* only"):
        load_cases(path)


@pytest.mark.parametrize("name", ["golden.csv", "golden.jsonl", "golden.yaml"])
def test_utf16_without_its_byte_order_mark_names_the_encoding_to_pass(
    tmp_path: Path, name: str
) -> None:
    text = {"csv": "id\na\n", "jsonl": '{"id": "a"}\n', "yaml": "- id: a\n"}[name.split(".")[1]]
    path = tmp_path / name
    path.write_bytes(text.encode("utf-16-le"))
    with pytest.raises(CaseFileError, match=rf"{name}:1: a NUL character.*encoding='utf-16-le'"):
        load_cases(path)
    assert load_cases(path, encoding="utf-16-le")[0].id == "a"
    path.write_bytes("id\ncaf\u00e9\n".encode("cp1252"))
    with pytest.raises(CaseFileError, match=r":2: not utf-8-sig text \(byte 6, 0xe9\).*cp1252"):
        load_cases(path, format="csv")


def test_a_yaml_alias_bomb_is_refused_at_once_and_shared_aliases_read(tmp_path: Path) -> None:
    pytest.importorskip("yaml")
    lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [
        f"{b}: &{b} [{', '.join([f'*{a}'] * 9)}]"
        for a, b in zip("abcdefgh", "bcdefghi", strict=True)
    ]
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join([*lines, "cases:", "- id: x", "  notes: *i", ""]), encoding="utf-8")
    start = time.perf_counter()
    with pytest.raises(CaseFileError, match=r"bomb\.yaml:11: its aliases make this case hold"):
        load_cases(path)
    assert time.perf_counter() - start < 1
    shared = tmp_path / "shared.yaml"
    shared.write_text(
        "- id: a\n  contexts: &kb [p1, p2]\n- id: b\n  contexts: *kb\n", encoding="utf-8"
    )
    assert [c.contexts for c in load_cases(shared)] == [("p1", "p2"), ("p1", "p2")]


def test_a_directory_is_refused_naming_it(tmp_path: Path) -> None:
    (tmp_path / "golden.jsonl").mkdir()
    for path in (tmp_path, tmp_path / "golden.jsonl", str(tmp_path)):
        with pytest.raises(IsADirectoryError, match=r"path: .* is a directory; pass the golden"):
            load_cases(path)


def test_ids_pytest_would_split_select_by_node_id(pytester: pytest.Pytester) -> None:
    ids = ["x::y", "a[1]", "dir/file name", "caf\u00e9", "n" * 200]
    pytester.makefile(".jsonl", golden="".join(f'{{"id": "{i}"}}\n' for i in ids))
    pytester.makepyfile(
        test_g="""
        from pathlib import Path
        import pytest
        from pytest_faithful import load_cases

        @pytest.mark.parametrize("case", load_cases(Path(__file__).parent / "golden.jsonl"))
        def test_case(case):
            pass
        """
    )
    result = pytester.runpytest(*(f"test_g.py::test_case[{i}]" for i in ids), "-p", "no:randomly")
    result.assert_outcomes(passed=len(ids))
